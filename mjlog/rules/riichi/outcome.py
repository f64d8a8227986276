"""A hand's outcome re-derived: each win scored and paid, each draw judged and paid.

The recorded values (yaku, fu, points, deltas, tenpai) are compared with what
the rules give from the replayed table; the log's values are then taken for
what follows, so one disagreement does not cascade.
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import islice
from operator import add, itemgetter

from mjlog.errors import InvalidHandError
from mjlog.findings import FindingKind
from mjlog.frozen import builder
from mjlog.ir import Ryuukyoku, Win
from mjlog.rules.riichi.record import DRAW_NAMES, DrawKind, RiichiWin, draw_kind, recorded
from mjlog.rules.riichi.hands import is_nagashi, waits, yaochuu_kinds
from mjlog.rules.base_table import AFTER_DISCARD, DISCARD
from mjlog.rules.results import DerivedDraw, DerivedWin
from mjlog.rules.riichi.table import RiichiTable
from mjlog.rules.riichi import WinContext, score
from mjlog.rules.riichi.variants import minimum_han, short_of_minimum, yaku_han
from mjlog.rules.riichi.settlement import (
    YAKUMAN_BASIC, nagashi_transfers, noten_transfers, pao_seat, win_settlement,
)
from mjlog.rules.transfers import Transfer, net
from mjlog.tiles import WIND_KINDS, tile_name

K = FindingKind


def _fmt(values) -> str:
    return ",".join(str(v) for v in values)


def _yaku_text(yaku) -> str:
    return ",".join(f"{i}:{h}" for i, h in yaku) or "-"


def settle_win(st: RiichiTable, w: Win, first: bool) -> DerivedWin | None:
    """Check and settle one recorded win; None when it cannot be scored at all."""
    who, frm = w.who, w.from_who
    tsumo = who == frm
    rules = st.rules
    r = recorded(w)
    concealed, chankan, kita_ron = _winning_tile(st, w, tsumo)
    if concealed != set(w.hand):
        st.find(K.ILLEGAL_ACTION, f"seat {who}'s winning hand differs from the tiles it holds",
                _fmt(sorted(w.hand)), _fmt(sorted(concealed)))
    melds = tuple(st.melds[who]) + tuple(st.kita[who])
    same_melds = w.melds == melds or sorted(w.melds, key=_meld_key) == sorted(melds, key=_meld_key)
    if not same_melds:
        st.find(K.ILLEGAL_ACTION, f"seat {who}'s win lists calls that differ from its calls in play")
    # --- furiten and situation
    if not tsumo:
        _check_furiten(st, w, chankan or kita_ron)
    if not r.dora_indicators and st.dora:
        st.find(K.WALL, "the win records no dora indicators", None, _fmt(st.dora))
    elif tuple(r.dora_indicators) != tuple(st.dora):
        st.find(K.WALL, "the win's dora indicators differ from those revealed",
                _fmt(r.dora_indicators), _fmt(st.dora))
    riichi = st.riichi_accepted[who]
    ura = _ura(st, w, r, riichi)
    haitei = tsumo and not st.last_was_replacement and st.live_draws >= st.live_limit()
    houtei = not tsumo and not chankan and not kita_ron and st.live_draws >= st.live_limit()
    first_turn = st.uninterrupted and st.discards_made[who] == 0 and tsumo and not st.last_was_replacement
    # WinContext's fields: seat_wind, round_wind, tsumo, riichi, double_riichi, ippatsu, haitei, houtei,
    # rinshan, chankan, tenhou, chiihou, renhou, dora_indicators, ura_indicators, kita, honba, sticks,
    # open_riichi, dealer_streak, after_kita
    ctx = _build_context(
        (who - st.dealer) % st.n,
        st.r.kyoku // 4,
        tsumo,
        riichi and not st.double_riichi[who],
        st.double_riichi[who],
        (st.ippatsu_before_robbable[who] if chankan or kita_ron else st.ippatsu[who]) and riichi,
        haitei,
        houtei,
        tsumo and st.last_was_replacement,
        chankan,
        first_turn and who == st.dealer,
        first_turn and who != st.dealer,
        _before_first_draw(st, who, tsumo),  # a yaku only under the renhou knob
        tuple(st.dora),
        ura,
        0,  # kita: the replay passes North tiles set aside as KITA calls
        st.honba if first else 0,
        st.sticks if first else 0,
        False,
        0,
        kita_ron or (tsumo and st.last_was_replacement and st.replacement_for_kita),
    )
    # Tenhou lists a win's calls in the order of its AGARI m; keep that order for yaku order.
    ordered = tuple(w.melds) if same_melds else melds
    try:
        value = score(sorted(concealed), ordered, w.win_tile, ctx, rules)
    except InvalidHandError as exc:
        st.find(K.ILLEGAL_ACTION, f"seat {who} wins with a hand that is not complete ({exc})")
        _adopt_recorded(st, w, first)
        return None
    if value.no_yaku:
        st.find(K.ILLEGAL_ACTION, f"seat {who} wins without a yaku")
    elif short_of_minimum(value, st.honba, rules):
        st.find(K.ILLEGAL_ACTION, f"seat {who} wins with {yaku_han(value)} han without dora at {st.honba} honba: "
                                  f"the rules ask for {minimum_han(st.honba, rules)} (二翻縛)")
    if not (st.win_value_unrecorded and not (r.yaku or r.yakuman)):
        _compare_value(st, w, r, value)
    pao = pao_seat(st.melds[who], who, value.yakuman, rules)
    if pao != r.pao_who:
        st.find(K.PAYMENT, f"pao (liability) for seat {who}'s win", r.pao_who, pao)
    paid = win_settlement(value.basic, who, frm, st.dealer, rules, ctx.honba, ctx.sticks, pao,
                          None if rules.pao_covers_stacked_yakuman else YAKUMAN_BASIC)
    deltas = paid.deltas
    if tuple(w.deltas) != deltas:
        st.find(K.PAYMENT, f"score changes of seat {who}'s win", _fmt(w.deltas), _fmt(deltas))
    if (w.honba, w.sticks) != (st.honba, st.sticks if first else 0):
        st.find(K.FLOW, "honba and sticks at the win", f"{w.honba},{w.sticks}",
                f"{st.honba},{st.sticks if first else 0}")
    if tuple(w.scores_before) != tuple(st.scores):
        st.find(K.PAYMENT, "scores before the win", _fmt(w.scores_before), _fmt(st.scores))
    st.derived_scores = list(map(add, st.derived_scores, deltas))
    _adopt_recorded(st, w, first)
    calls = st.melds[who]
    open_hand = bool(calls) and any(m.kind.is_open for m in calls)
    return _build_derived_win(who, frm, value, deltas, pao, riichi, who == st.dealer, open_hand, tsumo,
                              paid.transfers, ctx)


def _winning_tile(st: RiichiTable, w: Win, tsumo: bool) -> tuple[set[int], bool, bool]:
    """Where the winning tile comes from, checked: (the winner's concealed tiles with it, robbed from a
    kan, robbed from a kita)."""
    who, frm = w.who, w.from_who
    chankan = kita_ron = False
    if tsumo:
        if st.phase != DISCARD or st.actor != who or st.last_draw[who] is None:
            st.find(K.ILLEGAL_ACTION, f"seat {who} wins by tsumo without having just drawn")
        elif w.win_tile != st.last_draw[who]:
            st.find(K.ILLEGAL_ACTION, f"seat {who}'s tsumo tile is not the tile it drew",
                    tile_name(w.win_tile), tile_name(st.last_draw[who]))  # type: ignore[arg-type]  # set (the if above)
        return set(st.hands[who]), False, False
    source = st.last_discard
    if st.last_kakan is not None and st.last_kakan[0] == frm:
        source, chankan = st.last_kakan, True
    elif st.last_kita is not None and st.last_kita[0] == frm:
        source, kita_ron = st.last_kita, True
    if source is None or source[0] != frm:
        st.find(K.ILLEGAL_ACTION, f"seat {who} wins by ron from seat {frm}, who has no tile to win on")
    elif source[1] != w.win_tile:
        st.find(K.ILLEGAL_ACTION, f"seat {who}'s ron tile is not seat {frm}'s tile",
                tile_name(w.win_tile), tile_name(source[1]))
    return set(st.hands[who]) | {w.win_tile}, chankan, kita_ron


_build_context = builder(WinContext)
_build_derived_win = builder(DerivedWin)


def _before_first_draw(st: RiichiTable, who: int, tsumo: bool) -> bool:
    """A non-dealer's ron before its first draw, with no call (kita and kans included) yet."""
    return not tsumo and who != st.dealer and st.uninterrupted and st.discards_made[who] == 0


def check_extra_ron(st: RiichiTable, w: Win, nth: int) -> None:
    """The ``nth`` win on one tile (``nth`` > 1): allowed only as the rules' double ron.

    With ``triple_ron_abort`` a third winner means the hand should have been aborted; without
    ``double_ron`` only the first seat in turn from the discarder wins (head-bump).
    """
    rules = st.rules
    if nth == 3 and rules.triple_ron_abort:
        st.find(K.ILLEGAL_ACTION, f"seat {w.who} is a third winner on one tile: the rules abort the hand (triple ron)",
                "3 wins", "triple-ron abort")
    elif not rules.double_ron:
        st.find(K.ILLEGAL_ACTION, f"seat {w.who} wins on a tile another seat already won on: the rules give "
                "it to the first seat in turn only (head-bump, no double ron)", f"{nth} wins", "1 win")


def _adopt_recorded(st: RiichiTable, w: Win, first: bool) -> None:
    """Go on from the log's scores after a win, so one disagreement does not cascade."""
    if tuple(w.scores_before) != tuple(st.scores):
        st.derived_scores = list(w.scores_before)
    st.scores = list(map(add, w.scores_before, w.deltas))
    if first:
        st.sticks = 0


def _meld_key(c) -> tuple:
    # the kind itself, not its .value: call kinds are str enums, ordered as their values, and an
    # enum's .value is a Python-level property (13,597 calls in an ingest of the corpus)
    return (c.kind, tuple(sorted(c.tiles)), c.called or -1, c.from_seat or -1)


def _ura(st: RiichiTable, w: Win, r: RiichiWin, riichi: bool) -> tuple[int, ...]:
    if not riichi:
        if r.ura_indicators:
            st.find(K.ILLEGAL_ACTION, f"seat {w.who} shows ura dora without riichi")
        return ()
    if st.wall is not None:
        derived = st.wall.ura_indicators(len(st.dora))
        if not r.ura_indicators:
            st.find(K.WALL, f"seat {w.who}'s riichi win records no ura dora indicators", None, _fmt(derived))
        elif tuple(r.ura_indicators) != derived:
            st.find(K.WALL, "ura dora indicators differ from the seed's wall", _fmt(r.ura_indicators), _fmt(derived))
        return derived
    return tuple(r.ura_indicators)


_EVENT_INDEX = itemgetter(0)


def _check_furiten(st: RiichiTable, w: Win, robbed: bool) -> None:
    who = w.who
    counts = st.counts(who)
    wait_kinds = set(waits(counts))
    if not wait_kinds:
        return  # the hand is not tenpai; the scorer reports the incomplete hand
    own = {t >> 2 for t in st.river[who]}
    if own & wait_kinds:
        st.find(K.ILLEGAL_ACTION, f"seat {who} wins by ron while furiten (it discarded a winning tile)")
        return
    since = st.riichi_at[who] if st.riichi_accepted[who] else st.last_own_discard[who]
    # the tile being won on is the last passed one; only earlier tiles make furiten
    passed = st.passed
    current = passed[-1][0] if passed else (st.event_index or 0)
    # passed is in event order: the tiles after `since` are a tail of it
    for idx, seat, kind in islice(passed, bisect_right(passed, since, key=_EVENT_INDEX), None):
        if idx < current and seat != who and kind in wait_kinds:
            what = "riichi furiten" if st.riichi_accepted[who] else "temporary furiten"
            st.find(K.ILLEGAL_ACTION, f"seat {who} wins by ron in {what} (a winning tile passed)")
            return


def _compare_value(st: RiichiTable, w: Win, r: RiichiWin, v) -> None:
    who = w.who
    rec_yaku = tuple(r.yaku) if r.yaku else tuple((y, 13) for y in r.yakuman)
    der_yaku = v.yaku if not v.yakuman_count else tuple((y, 13) for y in v.yakuman)
    if not r.yaku:
        der_cmp = tuple(y for y, _ in der_yaku)
        if tuple(r.yakuman) != der_cmp:
            st.find(K.YAKU, f"seat {who}'s yakuman", _fmt(r.yakuman), _fmt(der_cmp))
            return
    elif rec_yaku != der_yaku:
        rec_ids = [y for y, _ in rec_yaku]
        der_ids = [y for y, _ in der_yaku]
        if rec_ids == der_ids:
            st.find(K.HAN, f"seat {who}'s han per yaku", _yaku_text(rec_yaku), _yaku_text(der_yaku))
        else:
            st.find(K.YAKU, f"seat {who}'s yaku", _yaku_text(rec_yaku), _yaku_text(der_yaku))
        return
    if r.fu != v.fu and not (r.limit and st.limit_fu_unrecorded):
        st.find(K.FU, f"seat {who}'s fu", r.fu, v.fu)
    elif w.points != v.points or r.limit != v.limit:
        st.find(K.POINTS, f"seat {who}'s points and limit", f"{w.points},{r.limit}", f"{v.points},{v.limit}")


def settle_draw(st: RiichiTable, d: Ryuukyoku) -> DerivedDraw:
    """Check and settle a recorded draw: its kind is legal, tenpai and payments agree."""
    n = st.n
    rules = st.rules
    st._close_riichi_window()
    tenpai = tuple(map(st.tenpai, range(n)))
    nagashi = tuple(map(is_nagashi, st.river, st.called_away))   # one river and one count a seat
    kind = draw_kind(d)
    transfers: tuple[Transfer, ...] = ()
    if kind in (DrawKind.EXHAUSTIVE, DrawKind.NAGASHI_MANGAN):
        if st.live_draws != st.live_limit() or st.phase != AFTER_DISCARD:
            st.find(K.DRAW, "live draws at the exhaustive draw",
                    f"{st.live_draws} live draws", f"{st.live_limit()}")
        shown = tuple(h is not None for h in d.hands)
        if kind is DrawKind.NAGASHI_MANGAN and st.nagashi_tenpai_unrecorded:
            shown = tenpai
        if shown != tenpai:
            st.find(K.DRAW, "tenpai at the exhaustive draw", _fmt(int(x) for x in shown), _fmt(int(x) for x in tenpai))
        for s, h in enumerate(d.hands):
            if h is not None and set(h) != st.hands[s]:
                st.find(K.DRAW, f"seat {s}'s shown hand differs from the tiles it holds")
        want_nm = rules.nagashi_mangan and any(nagashi)
        if want_nm != (kind is DrawKind.NAGASHI_MANGAN):
            st.find(K.DRAW, "nagashi mangan", kind.value, "nm" if want_nm else "exhaustive")
        transfers = nagashi_transfers(nagashi, st.dealer, rules) if want_nm else noten_transfers(tenpai, rules)
    else:
        _check_abort(st, d)
    deltas = net(transfers, n)
    if tuple(d.deltas) != deltas:
        st.find(K.PAYMENT, f"score changes of the {kind.value} draw", _fmt(d.deltas), _fmt(deltas))
    if (d.honba, d.sticks) != (st.honba, st.sticks):
        st.find(K.FLOW, "honba and sticks at the draw", f"{d.honba},{d.sticks}", f"{st.honba},{st.sticks}")
    if tuple(d.scores_before) != tuple(st.scores):
        st.find(K.PAYMENT, "scores before the draw", _fmt(d.scores_before), _fmt(st.scores))
        st.derived_scores = list(d.scores_before)
    st.derived_scores = list(map(add, st.derived_scores, deltas))
    st.scores = list(map(add, d.scores_before, d.deltas))
    return DerivedDraw(kind, tenpai, nagashi, deltas, transfers)


#: The abortive draws the ``abortive_draws`` knob switches (a triple ron has its own knob).
_ABORTIVE_KNOB = (DrawKind.NINE_TERMINALS, DrawKind.FOUR_WINDS, DrawKind.FOUR_RIICHI, DrawKind.FOUR_KANS)


def _check_abort(st: RiichiTable, d: Ryuukyoku) -> None:
    kind = draw_kind(d)
    n = st.n
    rules = st.rules
    if kind in _ABORTIVE_KNOB and not rules.abortive_draws:
        st.find(K.ILLEGAL_ACTION, f"a {DRAW_NAMES[kind][0]} abort under rules without abortive draws", kind.value)
    elif kind is DrawKind.TRIPLE_RON and not rules.triple_ron_abort:
        st.find(K.ILLEGAL_ACTION, "a triple-ron abort under rules where three rons are three wins", kind.value)
    if kind is DrawKind.NINE_TERMINALS:
        seat = st.actor
        ok = (st.phase == DISCARD and seat is not None and st.uninterrupted
              and st.discards_made[seat] == 0 and yaochuu_kinds(st.counts(seat)) >= 9)
        if not ok:
            st.find(K.ILLEGAL_ACTION, "nine-terminals abort without nine terminal kinds on a first uninterrupted draw")
    elif kind is DrawKind.FOUR_WINDS:
        firsts = [st.river[s][0] >> 2 if st.river[s] else -1 for s in range(n)]
        ok = (n == 4 and st.uninterrupted and all(x == 1 for x in st.discards_made)
              and len(set(firsts)) == 1 and firsts[0] in WIND_KINDS)
        if not ok:
            st.find(K.ILLEGAL_ACTION, "four-winds abort without the same wind as every first discard")
    elif kind is DrawKind.FOUR_RIICHI:
        if n != 4 or sum(st.riichi_accepted) != 4:
            st.find(K.ILLEGAL_ACTION, "four-riichi abort without four riichi", sum(st.riichi_accepted), 4)
    elif kind is DrawKind.FOUR_KANS:
        if len(st.kans) != 4 or len(set(st.kans)) < 2:
            st.find(K.ILLEGAL_ACTION, "four-kans abort without four kans by two or more players", len(st.kans), 4)
    elif kind is DrawKind.TRIPLE_RON:
        if st.last_discard is None and st.last_kakan is None:
            st.find(K.ILLEGAL_ACTION, "triple-ron abort with no tile to win on")
        else:
            frm, tile = st.last_discard or st.last_kakan  # type: ignore[misc]  # one is set (the if above)
            winners = 0
            for s in range(n):
                if s == frm:
                    continue
                c = st.counts(s)
                if (tile >> 2) in waits(c):
                    winners += 1
            if winners < 3:
                st.find(K.ILLEGAL_ACTION, "triple-ron abort without three seats waiting on the tile", winners, 3)
