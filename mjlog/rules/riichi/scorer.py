"""Scoring a winning hand: every interpretation, the one worth most, dora, points.

:func:`score` is the pure core the replay calls with IR :class:`~mjlog.ir.Call`
objects; :func:`mjlog.rules.riichi.score_hand` is the friendly front door.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mjlog.errors import InvalidHandError
from mjlog.ir import Call, CallKind
from mjlog.rules.riichi.context import WinContext
from mjlog.rules.riichi.decompose import RUN, decompose, is_thirteen_orphans
from mjlog.rules.riichi.fu import FuItem, fu_items, round_fu
from mjlog.rules.riichi.points import Payment, basic_points, limit_of, payments
from mjlog.rules.riichi.yaku import (
    KANCHAN, KOKUSHI, NO_WAIT, PENCHAN, REGULAR, RYANMEN, SEVEN_PAIRS, SHANPON, TANKI,
    Features, Shape, hand_level, regular_yaku_of, yakuman_of,
)
from mjlog.rules.riichi.yaku_table import AKA, DORA, URA, YAKU, order_key
from mjlog.rules.ruleset import RuleSet
from mjlog.tiles import NORTH, RED_FIVES, SANMA_ABSENT_KINDS, dora_kind

_DEFAULT_RULES = RuleSet()
_DEFAULT_CONTEXT = WinContext()


@dataclass(frozen=True, slots=True)
class HandValue:
    """The value of a winning hand as Tenhou scores it.

    ``yaku`` are (id, han) pairs in Tenhou's display order; for a yakuman hand
    they are the yakuman ids with 13 han each (26 for a double under a double
    knob). ``han`` 0 with ``yaku`` empty means the hand is complete but has no
    yaku (``no_yaku``). ``limit`` is Tenhou's code 0-5, ``basic`` the basic
    points, ``points`` the hand's value without honba or sticks (AGARI ``ten``),
    ``payment`` who pays what with the context's honba and sticks.
    """

    yaku: tuple[tuple[int, int], ...]
    han: int
    fu: int
    fu_breakdown: tuple[FuItem, ...]
    limit: int
    basic: int
    points: int
    payment: Payment
    yakuman_count: int = 0
    wait: str = ""
    dora: int = 0
    aka: int = 0
    ura: int = 0

    @property
    def no_yaku(self) -> bool:
        """A complete hand with no yaku (dora alone do not make a win)."""
        return self.han == 0

    @property
    def is_yakuman(self) -> bool:
        """A real yakuman (not counted yakuman)."""
        return self.yakuman_count > 0

    @property
    def yakuman(self) -> tuple[int, ...]:
        """The yakuman ids (Tenhou's AGARI ``yakuman`` attribute), empty otherwise."""
        return tuple(i for i, _ in self.yaku) if self.yakuman_count else ()

    @property
    def yaku_names(self) -> tuple[str, ...]:
        """English names of the yaku, in order."""
        return tuple(YAKU[i].name_en for i, _ in self.yaku)


_WAIT_NAMES = {RYANMEN: "ryanmen", KANCHAN: "kanchan", PENCHAN: "penchan", TANKI: "tanki",
               SHANPON: "shanpon", NO_WAIT: ""}


def _waits(pair: int, sets: tuple[int, ...], w: int) -> list[tuple[int, int]]:
    """(wait, index of the completed set or -1 for the pair) for every reading of the win."""
    out: list[tuple[int, int]] = []
    if pair == w:
        out.append((TANKI, -1))
    seen: set[int] = set()
    for i, code in enumerate(sets):
        if code in seen:
            continue
        if code == w:
            out.append((SHANPON, i))
        elif code >= RUN:
            k = code - RUN
            if k <= w <= k + 2:
                if w == k + 1:
                    wait = KANCHAN
                elif (w == k + 2 and k % 9 == 0) or (w == k and k % 9 == 6):
                    wait = PENCHAN
                else:
                    wait = RYANMEN
                out.append((wait, i))
        else:
            continue
        seen.add(code)
    return out


def _validate(concealed: Sequence[int], melds: Sequence[Call], win_tile: int, rules: RuleSet) -> set[int]:
    """Raise InvalidHandError unless the tiles can be a hand; return the set of all ids."""
    all_ids = list(concealed)
    n_sets = 0
    for m in melds:
        all_ids.extend(m.tiles)
        kinds = [t >> 2 for t in m.tiles]
        k = m.kind
        if k is CallKind.KITA:
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


_NEXT = {p: tuple(dora_kind(k, p) for k in range(34)) for p in (3, 4)}


def _count_dora(tile_kinds: Sequence[int], indicators: Sequence[int], players: int) -> int:
    nxt = _NEXT[3 if players == 3 else 4]
    return sum([tile_kinds[nxt[ind >> 2]] for ind in indicators])


def score(concealed: Sequence[int], melds: Sequence[Call], win_tile: int,
          context: WinContext = _DEFAULT_CONTEXT, rules: RuleSet = _DEFAULT_RULES) -> HandValue:
    """The value of a win: concealed tile ids (with ``win_tile``), calls (kita included), situation.

    Picks the interpretation worth the most basic points; on a tie a real yakuman
    beats counted yakuman, then more han, then more fu. Raises
    :class:`~mjlog.errors.InvalidHandError` when the tiles are not a winning hand.
    """
    unique = _validate(concealed, melds, win_tile, rules)
    ctx = context
    w = win_tile >> 2
    closed_counts = [0] * 34
    bits = 0
    for t in concealed:
        closed_counts[t >> 2] += 1
        bits |= 1 << (t >> 2)
    all_counts = closed_counts[:]
    meld_trips: list[tuple[int, bool, bool]] = []
    meld_runs: list[int] = []
    kita = ctx.kita
    open_ = False
    for m in melds:
        k = m.kind
        if k is CallKind.KITA:
            kita += 1
            continue
        if k is CallKind.CHI:
            base = min(m.tiles) >> 2
            meld_runs.append(base)
            for i in range(3):
                all_counts[base + i] += 1
            bits |= 7 << base
        else:
            base = m.tiles[0] >> 2
            all_counts[base] += len(m.tiles)
            bits |= 1 << base
            meld_trips.append((base, k is CallKind.ANKAN, k.is_kan))
        if k is not CallKind.ANKAN:
            open_ = True
    meld_trips.reverse()
    closed = not any(m.kind is not CallKind.KITA for m in melds)
    features = Features(all_counts, bits)

    shapes: list[Shape] = []
    if closed and closed_counts.count(0) == 21 and is_thirteen_orphans(closed_counts):
        shapes.append(Shape(KOKUSHI, -1, [], [], NO_WAIT, w, False, True, features, ctx, rules))
    else:
        if closed and closed_counts.count(2) == 7:
            shapes.append(Shape(SEVEN_PAIRS, -1, [], [], TANKI, w, False, True, features, ctx, rules))
        for pair, sets in decompose(closed_counts):
            for wait, idx in _waits(pair, sets, w):
                runs = sorted([c - RUN for c in sets if c >= RUN] + meld_runs)
                trips = [(c, not (i == idx and not ctx.tsumo), False) for i, c in enumerate(sets) if c < RUN]
                shapes.append(Shape(REGULAR, pair, runs, trips + meld_trips, wait, w, open_, closed,
                                    features, ctx, rules))
    if not shapes:
        raise InvalidHandError("the tiles do not form a winning hand")

    players = rules.players
    dora = _count_dora(all_counts, ctx.dora_indicators, players)
    if kita:
        dora += kita + kita * sum(1 for ind in ctx.dora_indicators if dora_kind(ind >> 2, players) == NORTH)
    aka = 0
    if rules.red_fives:
        aka = len(RED_FIVES.intersection(unique))
    ura = 0
    if ctx.in_riichi:
        kc = all_counts
        if kita:
            kc = all_counts[:]
            kc[NORTH] += kita
        ura = _count_dora(kc, ctx.ura_indicators, players)
    bonus = dora + aka + ura

    hand_regular, hand_yakuman = hand_level(shapes[0])
    best: tuple | None = None
    for s in shapes:
        items = fu_items(s)
        fu = round_fu(sum(v for _, v in items))
        ym = yakuman_of(s, hand_yakuman)
        if ym:
            count = sum(_yakuman_value(i, rules) for i in ym)
            yaku = [(i, 13 * _yakuman_value(i, rules)) for i in ym]
            han = 13 * count
            key = (8000 * count, 1, han, fu)
        else:
            count = 0
            yaku = [(i, YAKU[i].han(s.open)) for i in regular_yaku_of(s, hand_regular)]
            han = sum(h for _, h in yaku)
            if han:
                han += bonus
                lim = limit_of(han, fu, kiriage=rules.kiriage_mangan, kazoe=rules.kazoe_yakuman)
                key = (basic_points(han, fu, lim), 0, han, fu)
            else:
                key = (0, 0, 0, fu)
        if best is None or key > best[0]:
            best = (key, s, yaku, han, fu, items, count)
    assert best is not None
    _, s, yaku, han, fu, items, count = best

    if han and not count:
        if len(yaku) > 1:
            yaku.sort(key=_display_key)
        if dora:
            yaku.append((DORA, dora))
        if aka:
            yaku.append((AKA, aka))
        if ctx.in_riichi:
            yaku.append((URA, ura))
    else:
        dora = aka = ura = 0
    lim = limit_of(han, fu, count, kiriage=rules.kiriage_mangan, kazoe=rules.kazoe_yakuman) if han else 0
    basic = basic_points(han, fu, lim, count) if han else 0
    pay = payments(basic, ctx.dealer, ctx.tsumo, rules, ctx.honba, ctx.sticks) if han else Payment()
    return HandValue(yaku=tuple(yaku) if han else (), han=han, fu=fu, fu_breakdown=items, limit=lim,
                     basic=basic, points=pay.points, payment=pay, yakuman_count=count,
                     wait=_WAIT_NAMES[s.wait] if s.form == REGULAR else "", dora=dora, aka=aka, ura=ura)


def _display_key(y: tuple[int, int]) -> int:
    return _YAKUHAI_POS if 10 <= y[0] <= 20 else order_key(y[0])


_YAKUHAI_POS = order_key(10)

_DOUBLE_KNOBS = {48: "double_yakuman_kokushi13", 41: "double_yakuman_suuankou_tanki",
                 46: "double_yakuman_junsei_chuuren", 49: "double_yakuman_daisuushii"}


def _yakuman_value(yaku_id: int, rules: RuleSet) -> int:
    """How many yakuman an id counts under the rules (Tenhou: always one)."""
    knob = _DOUBLE_KNOBS.get(yaku_id)
    return 2 if knob is not None and getattr(rules, knob) else 1
