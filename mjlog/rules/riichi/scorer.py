"""Scoring a winning hand: every interpretation, the one worth most, dora, points.

:func:`score` is the pure core the replay calls with IR :class:`~mjlog.ir.Call`
objects; :func:`mjlog.rules.riichi.score_hand` is the friendly front door.

How a hand is scored: the concealed counts are split per suit through tables of
precomputed suit readings (:data:`~mjlog.rules.riichi.decompose.SUIT_SHAPES`);
every reading (decomposition and wait) is summed up as fact bits
(:mod:`~mjlog.rules.riichi.yaku`) plus its fu total; the yaku of a fact mask
come from the memoised rule table. Only the best reading gets its fu breakdown
and yaku list built, and the result is constructed once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product

from mjlog.errors import InvalidHandError
from mjlog.frozen import builder
from mjlog.ir import Call, CallKind
from mjlog.rules.riichi.events import KITA
from mjlog.rules.riichi import local_yaku as _local
from mjlog.rules.riichi import yaku as Y
from mjlog.rules.riichi.context import WinContext
from mjlog.rules.riichi.decompose import (
    HONOR_SHAPES, SUIT_SHAPES, clear_tables, honor_shape, is_thirteen_orphans, suit_shapes,
)
from mjlog.rules.riichi.fu import WAIT_FU, YAOCHUU, fu_items, pair_fu, set_fu
from mjlog.rules.riichi.memo import RulesMemo
from mjlog.rules.riichi.points import basic_points, limit_of
from mjlog.rules.riichi.yaku import (
    KANCHAN, KOKUSHI_FORM, NO_WAIT, PENCHAN, REGULAR_FORM, RYANMEN, SEVEN_PAIRS_FORM, SHANPON, TANKI,
    yakuhai,
)
from mjlog.rules.riichi.value import NO_PAYMENT, HandValue, clear_payments, hand_value, payment_for
from mjlog.rules.riichi.variants import SEVEN_PAIRS_1HAN_FU, counted_indicators, renhou_limit_value
from mjlog.rules.riichi.yaku_table import AKA, ALL_YAKU, DORA, URA
from mjlog.rules.riichi.ruleset import RuleSet
from mjlog.tiles import NORTH, RED_FIVES, SANMA_ABSENT_KINDS, dora_kind

_DEFAULT_RULES = RuleSet()
_DEFAULT_CONTEXT = WinContext()

__all__ = ["HandValue", "clear_caches", "has_yaku", "score"]

_WAIT_NAMES = {RYANMEN: "ryanmen", KANCHAN: "kanchan", PENCHAN: "penchan", TANKI: "tanki",
               SHANPON: "shanpon", NO_WAIT: ""}


def _run_wait(k: int, w: int) -> int:
    """The wait of run ``k``..``k+2`` completed by kind ``w``."""
    if w == k + 1:
        return KANCHAN
    if (w == k + 2 and k % 9 == 0) or (w == k and k % 9 == 6):
        return PENCHAN
    return RYANMEN


#: For each winning kind, the (run start, wait) of every run that can hold it, by start.
_RUNS_WITH = tuple(tuple((k, _run_wait(k, w)) for k in range(w - 2, w + 1) if 0 <= k < 27 and k % 9 <= 6
                         and k // 9 == w // 9) for w in range(34))
_WAIT_FACT = tuple(Y.RYANMEN_WAIT if w == RYANMEN else Y.TANKI_WAIT if w == TANKI else 0 for w in range(6))


def _validate(concealed: Sequence[int], melds: Sequence[Call], win_tile: int, rules: RuleSet) -> set[int]:
    """Raise InvalidHandError unless the tiles can be a hand; return the set of all ids.

    The scorer checks the same conditions quickly and calls this only to word the error.
    """
    all_ids = list(concealed)
    n_sets = 0
    for m in melds:
        all_ids.extend(m.tiles)
        kinds = [t >> 2 for t in m.tiles]
        k = m.kind
        if k is KITA:
            if kinds != [NORTH]:
                raise InvalidHandError(f"kita tiles {m.tiles} are not one North")
            continue
        n_sets += 1
        if k is CallKind.CHI:
            if rules.players == 3:
                raise InvalidHandError("chi is not allowed in sanma")
            s = sorted(kinds)
            if len(s) != 3 or s[0] >= 27 or s[1] != s[0] + 1 or s[2] != s[0] + 2 or s[0] // 9 != s[2] // 9:
                raise InvalidHandError(f"chi tiles {m.tiles} are not a run")
        else:
            size = 3 if k is CallKind.PON else 4
            if len(kinds) != size or kinds.count(kinds[0]) != size:
                raise InvalidHandError(f"{k.value} tiles {m.tiles} are not {size} of a kind")
    if min(all_ids) < 0 or max(all_ids) >= 136:
        raise InvalidHandError(f"a tile id is not in 0..135: {sorted(all_ids)}")
    if rules.players == 3:
        absent = [t for t in all_ids if t >> 2 in SANMA_ABSENT_KINDS]
        if absent:
            raise InvalidHandError(f"tile id {absent[0]} (2m-8m) is not in the sanma wall")
    unique = set(all_ids)
    if len(unique) != len(all_ids):
        raise InvalidHandError("a tile id appears twice in the hand and calls")
    if win_tile not in concealed:
        raise InvalidHandError(f"winning tile {win_tile} is not among the concealed tiles")
    if len(concealed) != 14 - 3 * n_sets:
        raise InvalidHandError(f"{len(concealed)} concealed tiles with {n_sets} calls; expected {14 - 3 * n_sets}")
    return unique


#: The dora kind each indicator kind shows, for 3 and 4 players.
_NEXT = {p: tuple(dora_kind(k, p) for k in range(34)) for p in (3, 4)}


def clear_caches() -> None:
    """Empty every table and memo the scorer fills as it goes (for honest benchmarks)."""
    clear_tables()
    Y.clear_memo()
    clear_payments()


_KITA, _CHI, _PON, _ANKAN = KITA, CallKind.CHI, CallKind.PON, CallKind.ANKAN
_S0, _S1, _S2 = SUIT_SHAPES
_MEMO = Y.MEMO
_SET_FU = {(c, y, k): set_fu(c, y, k) for c in (False, True) for y in (False, True) for k in (False, True)}
#: Masks over the manzu bits of a kind mask (bit k: kind k; each suit 9 bits further): every kind of a
#: suit, the kinds a run can start from (1-7), and the first kind of each of the three suits.
_SUIT_KINDS = (1 << 9) - 1
_RUN_STARTS = (1 << 7) - 1
_SUIT_FIRSTS = 1 | 1 << 9 | 1 << 18
_SHANPON_OPEN_FU = tuple(4 if y else 2 for y in YAOCHUU)   # fu a concealed triplet loses when ron opens it


@dataclass(frozen=True, slots=True)
class _Calls:
    """What a hand's calls (kita included) add to its concealed tiles."""

    n_sets: int             # chi, pon and kans
    n_ankan: int
    n_kans: int
    n_runs: int             # chi
    fu: int                 # the fu of the called sets
    bits: int               # tile-kind bits of the called sets (for the tile facts)
    run_mask: int           # bit k: a chi starting at kind k
    trip_mask: int          # bit k: a called pon or kan of kind k
    open: bool              # any call but a closed kan
    outside: bool           # every called set holds a terminal or an honor
    bad: bool               # a call whose tiles are not the set it says
    trips: list[tuple[int, bool, bool]]   # (kind, concealed, kan) of each pon and kan, last call first
    runs: list[int]         # the first kind of each chi
    all_counts: list[int]   # tile counts of the concealed tiles and the calls
    kita: int               # North tiles set aside, with the situation's own


_build_calls = builder(_Calls)


def _calls(melds: Sequence[Call], counts: list[int], players: int, kita: int) -> _Calls:
    """The calls summed up; ``counts`` are the concealed tiles' (not changed)."""
    if not melds:
        return _build_calls(0, 0, 0, 0, 0, 0, 0, 0, False, True, False, [], [], counts, kita)
    n_sets = n_ankan = n_kans = n_runs = fu = bits = run_mask = trip_mask = 0
    bad = open_ = False
    outside = True
    trips: list[tuple[int, bool, bool]] = []
    runs: list[int] = []
    all_counts = counts[:]
    for m in melds:
        kind = m.kind
        tiles = m.tiles
        if kind is _KITA:
            if len(tiles) != 1 or tiles[0] >> 2 != NORTH:
                bad = True
            kita += 1
            continue
        n_sets += 1
        if kind is _CHI:
            if players == 3 or len(tiles) != 3:
                bad = True
                continue
            a, b, c = sorted(tiles)
            base = a >> 2
            if base >= 27 or b >> 2 != base + 1 or c >> 2 != base + 2 or base // 9 != (c >> 2) // 9:
                bad = True
                continue
            open_ = True
            n_runs += 1
            runs.append(base)
            run_mask |= 1 << base
            bits |= 7 << base
            all_counts[base] += 1
            all_counts[base + 1] += 1
            all_counts[base + 2] += 1
            if base % 9 != 0 and base % 9 != 6:
                outside = False
        else:
            base = tiles[0] >> 2
            n = len(tiles)
            if n != (3 if kind is _PON else 4):
                bad = True
                continue
            for t in tiles:
                if t >> 2 != base:
                    bad = True
            if bad:
                continue
            kan = n == 4
            conc = kind is _ANKAN
            if conc:
                n_ankan += 1
            else:
                open_ = True
            if kan:
                n_kans += 1
            yao = YAOCHUU[base]
            if not yao:
                outside = False
            trips.append((base, conc, kan))
            fu += _SET_FU[conc, yao, kan]
            bits |= 1 << base
            trip_mask |= 1 << base
            all_counts[base] += n
    trips.reverse()
    return _build_calls(n_sets, n_ankan, n_kans, n_runs, fu, bits, run_mask, trip_mask, open_, outside, bad,
                        trips, runs, all_counts, kita)


def score(concealed: Sequence[int], melds: Sequence[Call], win_tile: int,
          context: WinContext = _DEFAULT_CONTEXT, rules: RuleSet = _DEFAULT_RULES) -> HandValue:
    """The value of a win: concealed tile ids (with ``win_tile``), calls (kita included), situation.

    Picks the interpretation worth the most basic points; on a tie a real yakuman
    beats counted yakuman, then more han, then more fu. Raises
    :class:`~mjlog.errors.InvalidHandError` when the tiles are not a winning hand.
    """
    ctx = context
    readings, yh, calls, unique = _hand_readings(concealed, melds, win_tile, ctx, rules)
    dora, aka, ura = _bonus(calls, unique, ctx, rules)
    value = _value_of(_best(readings, yh, dora + aka + ura, calls.open, rules), yh, calls, win_tile >> 2, dora, aka,
                      ura, ctx, rules)
    if rules.north_kept_only_in_yakuman and calls.all_counts[NORTH] and not _NORTH_YAKUMAN & {i for i, _ in value.yaku}:
        raise InvalidHandError("a North in the hand wins only as 字一色, 四喜 or 國士無雙 under "
                               "north_kept_only_in_yakuman: a false win (錯和)")
    return renhou_limit_value(value, ctx, rules) if ctx.renhou else value


def has_yaku(concealed: Sequence[int], melds: Sequence[Call], win_tile: int,
             context: WinContext = _DEFAULT_CONTEXT, rules: RuleSet = _DEFAULT_RULES) -> bool:
    """``not score(...).no_yaku``, raising as :func:`score` does: whether some reading of the win
    has a yaku, without its dora, fu, limit or payment (a third of a score's instructions)."""
    if context.renhou or rules.north_kept_only_in_yakuman:   # rules that judge the best reading's yaku
        return not score(concealed, melds, win_tile, context, rules).no_yaku
    readings, yh, calls, _ = _hand_readings(concealed, melds, win_tile, context, rules)
    open_, one_han_pairs = calls.open, rules.chiitoitsu_1han_50fu
    yh_han = sum([ALL_YAKU[i].han(open_) for i in yh]) if yh else 0
    for facts, _, form, *_ in readings:
        y = _MEMO.get(facts) or Y.yaku_of(facts)
        if y.yakuman:
            if any(_yakuman_value(i, rules) for i in y.yakuman):
                return True
        elif _han_before_dora(y.han, form, yh_han, one_han_pairs):
            return True
    return False


def _han_before_dora(yaku_han: int, form: int, yh_han: int, one_han_pairs: bool) -> int:
    """A reading's han before dora: its yaku's, with the yakuhai of its honor triplets for a regular
    hand, and one less for seven pairs scored as 1 han 50 fu."""
    if form == REGULAR_FORM:
        return yaku_han + yh_han
    return yaku_han - (1 if form == SEVEN_PAIRS_FORM and one_han_pairs else 0)


def _hand_readings(concealed: Sequence[int], melds: Sequence[Call], win_tile: int, ctx: WinContext,
                   rules: RuleSet) -> tuple[list[_Reading], list[int], _Calls, set[int]]:
    """Every reading of the win and the yakuhai of its honor triplets (:func:`_readings`), its calls
    and its tile ids as a set; raises InvalidHandError when the tiles are not a winning hand."""
    players = rules.players
    all_ids = concealed
    if melds:
        all_ids = list(concealed)
        for m in melds:
            all_ids += m.tiles
    if not all_ids or min(all_ids) < 0 or max(all_ids) > 135:
        _validate(concealed, melds, win_tile, rules)
    counts = [0] * 34
    for t in concealed:
        counts[t >> 2] += 1
    calls = _calls(melds, counts, players, ctx.kita)
    unique = set(all_ids)
    if (calls.bad or len(concealed) != 14 - 3 * calls.n_sets or len(unique) != len(all_ids)
            or win_tile not in concealed or (players == 3 and any(calls.all_counts[1:8]))):
        _validate(concealed, melds, win_tile, rules)
    if calls.kita and not rules.nukidora:
        raise InvalidHandError(f"{calls.kita} North set aside (kita) under north={rules.north}: "
                               "only north=nukidora sets a North aside")

    # the concealed tiles, suit by suit (slices of one tuple: four tuples, not four lists and four tuples)
    kinds = tuple(counts)
    k0 = kinds[0:9]
    e0 = _S0.get(k0) or suit_shapes(k0, 0)
    k1 = kinds[9:18]
    e1 = _S1.get(k1) or suit_shapes(k1, 9)
    k2 = kinds[18:27]
    e2 = _S2.get(k2) or suit_shapes(k2, 18)
    kh = kinds[27:34]
    eh = HONOR_SHAPES.get(kh) or honor_shape(kh)
    bits = e0[0] | e1[0] | e2[0] | eh[0] | calls.bits
    hf = _hand_facts(bits, calls, ctx, rules)
    readings, yh = _readings(counts, (e0, e1, e2, eh), bits, hf, calls, win_tile >> 2, ctx, rules)
    if not readings:
        raise InvalidHandError("the tiles do not form a winning hand")
    return readings, yh, calls, unique


def _hand_facts(bits: int, calls: _Calls, ctx: WinContext, rules: RuleSet) -> int:
    """The facts every reading of the hand shares: its tiles, the situation, open or not, kans."""
    hf = Y.tile_facts(bits) | Y.situation_facts(ctx)
    if not rules.ippatsu:
        hf &= ~Y.IPPATSU
    if ctx.after_kita:   # seed 000: rinshan and chankan on a kita, each as the rule set says
        hf = hf & ~Y.RINSHAN if not rules.kita_rinshan else hf
        hf = hf | Y.CHANKAN if rules.kita_chankan and not ctx.tsumo else hf
    if ctx.renhou and rules.renhou:
        hf |= Y.RENHOU
    if calls.open:
        hf |= Y.OPEN
        if rules.open_tanyao:
            hf |= Y.TANYAO_OK
    else:
        hf |= Y.TANYAO_OK
    if calls.n_kans >= 3:
        hf |= Y.THREE_KANS if calls.n_kans == 3 else Y.FOUR_KANS
    return hf


def _bonus(calls: _Calls, unique: set[int], ctx: WinContext, rules: RuleSet) -> tuple[int, int, int]:
    """(dora, red fives, ura dora) the hand holds."""
    players = rules.players
    nxt = _NEXT[3 if players == 3 else 4]
    all_counts, kita = calls.all_counts, calls.kita
    dora_ind, ura_ind = counted_indicators(ctx, rules)
    dora = sum([all_counts[nxt[ind >> 2]] for ind in dora_ind])
    if kita:
        dora += kita + kita * sum(1 for ind in dora_ind if dora_kind(ind >> 2, players) == NORTH)
    aka = len(RED_FIVES.intersection(unique)) if rules.red_fives else 0
    ura = 0
    if ctx.riichi or ctx.double_riichi:
        kc = all_counts
        if kita:
            kc = all_counts[:]
            kc[NORTH] += kita
        ura = sum([kc[nxt[ind >> 2]] for ind in ura_ind])
    return dora, aka, ura


#: A reading: (facts, fu, form, pair, closed triplet kinds, wait, ron-opened shanpon).
_Reading = tuple[int, int, int, int, tuple[int, ...], int, bool]


def _readings(counts: list[int], shapes: tuple, bits: int, hf: int, calls: _Calls, w: int, ctx: WinContext,
              rules: RuleSet) -> tuple[list[_Reading], list[int]]:
    """Every reading of the hand as it wins on kind ``w``, and the yakuhai of its honor triplets."""
    e0, e1, e2, eh = shapes
    readings: list[_Reading] = []
    yh: list[int] = []
    n_sets = calls.n_sets
    local = _local_knobs(rules)
    local_shape = _local.Shape("", counts=tuple(calls.all_counts), open=calls.open, ctx=ctx) if local else None
    if not n_sets and counts.count(0) == 21 and is_thirteen_orphans(counts):
        f = hf | Y.KOKUSHI | (Y.KOKUSHI_13 if counts[w] == 2 else 0)
        if local:
            f |= _local.facts_of(local, _local_reading(local_shape, "kokushi"))  # type: ignore[arg-type]  # set when local is
        readings.append((f, 0, KOKUSHI_FORM, -1, (), NO_WAIT, False))
    else:
        if not n_sets and counts.count(2) == 7:
            f = hf | Y.SEVEN_PAIRS | Y.TANKI_WAIT
            if local:
                f |= _local.facts_of(local, _local_reading(local_shape, "pairs"))  # type: ignore[arg-type]  # set when local is
            readings.append((f, 50 if rules.chiitoitsu_1han_50fu else 25, SEVEN_PAIRS_FORM, -1, (), TANKI, False))
        if eh[1] and e0[1] and e1[1] and e2[1]:
            yh = _regular_readings(readings, counts, shapes, bits, hf, calls, w, ctx, local, local_shape,
                                   rules.north_is_value)
    if not readings and local and not n_sets and _local.is_unconnected(counts):
        f = _local.facts_of(local, _local_reading(local_shape, "unconnected"))  # type: ignore[arg-type]  # set when local is
        if f:   # 十三不搭 is a hand only when its yaku holds
            readings.append((hf | f, 0, KOKUSHI_FORM, -1, (), NO_WAIT, False))
    return readings, yh


def _regular_readings(readings: list[_Reading], counts: list[int], shapes: tuple, bits: int, hf: int, calls: _Calls,
                      w: int, ctx: WinContext, local: tuple, local_shape, north_valued: bool) -> list[int]:
    """Add the four-sets-and-a-pair readings to ``readings``; return the yakuhai of the honor triplets
    (``north_valued``: North is a value tile for all, ``north=yakuhai``)."""
    e0, e1, e2, eh = shapes
    _, _, hpair, htrips, htmask = eh
    tsumo, open_ = ctx.tsumo, calls.open
    seat_k, round_k = 27 + ctx.seat_wind, 27 + ctx.round_wind
    yh: list[int] = []
    honor_trips = list(htrips)
    if calls.trip_mask & Y.HONOR_MASK:
        honor_trips += [t[0] for t in calls.trips if t[0] >= 27]
    hreg = hf | Y.REGULAR
    if honor_trips or hpair >= 0:
        hreg |= Y.honor_set_facts(hpair, honor_trips, seat_k, round_k, north_valued)
        if honor_trips:
            yh = yakuhai(honor_trips, seat_k, round_k, north_valued)
    if not calls.n_sets and hf & Y.ONE_SUIT and not hf & Y.HONORS:
        hreg |= Y.nine_gates_facts(counts, bits, w)
    pfu = pair_fu(hpair, seat_k, round_k, north_valued) if hpair >= 0 else 0   # a suit pair has no fu
    raw0 = 20 + calls.fu + pfu + (0 if open_ or tsumo else 10)
    n_mtrips, n_mruns, n_ankan = len(calls.trips), calls.n_runs, calls.n_ankan
    mrmask, mtmask = calls.run_mask, calls.trip_mask
    htfu = 8 * len(htrips)
    # one decomposition per choice of a reading in each suit, merged; exactly one pair
    parts = [sh for pres, sh in (e0, e1, e2) if pres]
    for combo in product(*parts):
        merged = _merge(combo, hpair, htmask, calls.outside, htfu)
        if merged is None:
            continue
        pair, trips, runs, rmask, tmask, outside, peik, tfu = merged
        if htrips:
            trips += htrips
        n_runs = len(runs) + n_mruns
        df = hreg
        if n_runs:
            rr = rmask | mrmask
            if n_runs >= 3:
                if rr & (rr >> 9) & (rr >> 18) & _RUN_STARTS:   # one run start in all three suits
                    df |= Y.SANSHOKU
                if rr & (rr >> 3) & (rr >> 6) & _SUIT_FIRSTS:   # runs from 1, 4 and 7 of one suit
                    df |= Y.ITTSU
                if n_runs == 4:
                    df |= Y.FOUR_RUNS
            if outside and YAOCHUU[pair]:
                df |= Y.OUTSIDE
            if peik and not open_:
                df |= Y.ONE_PEIKOU if peik == 1 else Y.TWO_PEIKOU
        else:
            df |= Y.NO_RUNS
        tt = tmask | mtmask
        if tt & (tt >> 9) & (tt >> 18) & _SUIT_KINDS:   # one number triplet in all three suits
            df |= Y.DOUKOU
        if local:
            df |= _local.facts_of(local, _local_reading(
                local_shape, "regular", pair, runs + tuple(calls.runs), trips + tuple(t[0] for t in calls.trips)))
        # the readings of this decomposition: tanki, shanpon, then each run holding the winning tile
        raw = raw0 + tfu
        extra = len(trips) + n_mtrips or pfu
        conc = len(trips) + n_ankan
        if pair == w:
            readings.append(_regular(df, raw, conc, extra, TANKI, pair, trips, False, open_, tsumo))
        if tmask >> w & 1:
            opened = not tsumo
            readings.append(_regular(df, raw - _SHANPON_OPEN_FU[w] if opened else raw, conc - 1 if opened else conc,
                                     extra, SHANPON, pair, trips, opened, open_, tsumo))
        for k, wait in _RUNS_WITH[w]:
            if rmask >> k & 1:
                readings.append(_regular(df, raw, conc, extra, wait, pair, trips, False, open_, tsumo))
    return yh


def _merge(combo: tuple, pair: int, tmask: int, outside: bool, tfu: int) -> tuple | None:
    """One suit reading per suit merged with the honors' (``pair``, ``tmask``, ``tfu``) and the calls'
    ``outside``: (pair, triplet kinds, run starts, run mask, triplet mask, outside, peikou count, fu);
    None unless the hand has exactly one pair."""
    trips: tuple[int, ...] = ()
    runs: tuple[int, ...] = ()
    rmask = peik = 0
    for p, t, r, rm, tm, o, pk, f in combo:
        if p >= 0:
            if pair >= 0:
                return None
            pair = p
        if t:
            trips += t
        if r:
            runs += r
        rmask |= rm
        tmask |= tm
        outside = outside and o
        peik += pk
        tfu += f
    if pair < 0:
        return None
    return pair, trips, runs, rmask, tmask, outside, peik, tfu


#: The reading worth most: (the reading, its yaku, han, yakuman count, limit, basic points).
_Best = tuple[_Reading, Y.YakuOfFacts, int, int, int, int]


def _best(readings: list[_Reading], yh: list[int], bonus: int, open_: bool, rules: RuleSet) -> _Best:
    """The reading worth the most basic points (ties: real yakuman, then han, then fu)."""
    kiriage = rules.kiriage_mangan
    kazoe = rules.kazoe_yakuman
    one_han_pairs = rules.chiitoitsu_1han_50fu
    yh_han = sum([ALL_YAKU[i].han(open_) for i in yh]) if yh else 0
    best = None
    best_key: tuple[int, int, int, int] = (-1, 0, 0, 0)
    for reading in readings:
        facts, fu, form = reading[0], reading[1], reading[2]
        y = _MEMO.get(facts) or Y.yaku_of(facts)
        lim = 0
        if y.yakuman:
            count = sum(_yakuman_value(i, rules) for i in y.yakuman)
            han = 13 * count
            key = (8000 * count, 1, han, fu)
        else:
            count = 0
            han = _han_before_dora(y.han, form, yh_han, one_han_pairs)
            if han:
                han += bonus
                lim = limit_of(han, fu, kazoe=kazoe)
                key = (basic_points(han, fu, lim, kiriage=kiriage), 0, han, fu)
            else:
                key = (0, 0, 0, fu)
        if key > best_key:
            best_key = key
            best = (reading, y, han, count, lim, key[0])
    assert best is not None
    return best


def _value_of(best: _Best, yh: list[int], calls: _Calls, w: int, dora: int, aka: int, ura: int, ctx: WinContext,
           rules: RuleSet) -> HandValue:
    """The hand's value from its best reading: fu items, yaku list, limit, basic points, payment."""
    (facts, fu, form, pair, trips, wait, opened), y, han, count, lim, basic = best
    open_ = calls.open
    triplets: list[tuple[int, bool, bool]] = []
    if form == REGULAR_FORM:
        triplets = [(k, not (opened and k == w), False) for k in trips]
        triplets += calls.trips
    items = fu_items(form, triplets, pair, wait, open_, ctx.tsumo, 27 + ctx.seat_wind, 27 + ctx.round_wind,
                     rules.north_is_value)
    if han and not count:
        yaku = list(y.before)
        if yh and form == REGULAR_FORM:
            yaku += [(i, ALL_YAKU[i].han(open_)) for i in yh]
        yaku += y.after
        if form == SEVEN_PAIRS_FORM and rules.chiitoitsu_1han_50fu:
            yaku = [(i, 1 if i == 22 else h) for i, h in yaku]
            items = (SEVEN_PAIRS_1HAN_FU,)
        if dora:
            yaku.append((DORA, dora))
        if aka:
            yaku.append((AKA, aka))
        if (ctx.riichi or ctx.double_riichi) and rules.ura_dora:
            yaku.append((URA, ura))
        yaku_t = tuple(yaku)
    else:
        dora = aka = ura = 0
        yaku_t = tuple((i, 13 * _yakuman_value(i, rules)) for i in y.yakuman) if count else ()
    if han:
        if count:
            lim = limit_of(han, fu, count, kazoe=rules.kazoe_yakuman)
            basic = basic_points(han, fu, lim, count, kiriage=rules.kiriage_mangan)
        # else: the best reading's basic points, from its key (2 % of the scorer, not computed twice)
        pay = payment_for(basic, ctx, rules)
    else:
        lim = basic = 0
        pay = NO_PAYMENT
    return hand_value(yaku_t, han, fu, items, lim, basic, pay.points, pay, count,
                      _WAIT_NAMES[wait] if form == REGULAR_FORM else "", dora, aka, ura)


def _regular(facts: int, raw: int, conc: int, extra: int, wait: int, pair: int, trips: tuple[int, ...],
             opened: bool, open_: bool, tsumo: bool) -> tuple[int, int, int, int, tuple[int, ...], int, bool]:
    """One four-sets-and-a-pair reading: its facts and fu total from the decomposition's."""
    wf = WAIT_FU[wait]
    raw += wf
    if tsumo:
        if extra or wf or open_:
            raw += 2
    elif open_ and not (extra or wf):
        raw += 2
    facts |= _WAIT_FACT[wait]
    if conc >= 3:
        facts |= Y.THREE_CONCEALED if conc == 3 else Y.FOUR_CONCEALED
    return facts, -(-raw // 10) * 10, REGULAR_FORM, pair, trips, wait, opened


#: The yakuman a hand holding a North may win as under ``north_kept_only_in_yakuman`` (seed 000: 字一色, 四喜,
#: 國士無雙): tsuuiisou, kokushi (and its 13-sided wait), big and little four winds.
_NORTH_YAKUMAN = frozenset({42, 47, 48, 49, 50})

_DOUBLE_KNOBS = {48: "double_yakuman_kokushi13", 41: "double_yakuman_suuankou_tanki",
                 46: "double_yakuman_junsei_chuuren", 49: "double_yakuman_daisuushii",
                 37: "double_yakuman_tenhou", 51: "double_yakuman_suukantsu"}


def _yakuman_value(yaku_id: int, rules: RuleSet) -> int:
    """How many yakuman an id counts under the rules (Tenhou: always one; 大七星 two)."""
    local = _local.BY_ID.get(yaku_id)
    if local is not None:
        return local.yakuman
    knob = _DOUBLE_KNOBS.get(yaku_id)
    return 2 if knob is not None and getattr(rules, knob) else 1


#: The local yaku switched on in a rule set (one entry per rule set).
_LOCAL_ON = RulesMemo(max_entries=1)


def _local_knobs(rules: RuleSet) -> tuple[_local.LocalYaku, ...]:
    """The local yaku the rules switch on (empty for every Tenhou preset); memoised per rule set."""
    got = _LOCAL_ON.get(rules, None)
    if got is None:
        got = _LOCAL_ON.put(rules, None, _local.active(rules))
    return got


def _local_reading(base: _local.Shape, form: str, pair: int = -1, runs: tuple[int, ...] = (),
                   trips: tuple[int, ...] = ()) -> _local.Shape:
    """The hand-wide shape with one reading's form and sets."""
    return _local.Shape(form, pair, tuple(sorted(runs)), tuple(sorted(trips)), base.counts, base.open, base.ctx)
