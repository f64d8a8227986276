"""The MCR fan calculator: every reading of a winning hand scored, the highest kept, flowers added.

:func:`score` takes a :class:`~mjlog.rules.mcr.hand.McrHand` and how it was won and returns
the fan lines and the total. The special hands (seven pairs, thirteen orphans, 全不靠 and
七星不靠, 组合龙 with its remaining set and pair, nine gates) are tried first; the regular reading
(four sets and a pair) is tried when none applies, and also beside seven pairs. Flowers are
added after the search and do not count toward the 8-fan minimum.

>>> from mjlog.rules.mcr.hand import parse_hand, WinSituation
>>> r = score(parse_hand("123m456m789m123s5s 5s"), WinSituation(self_drawn=True))
>>> [(line.name, line.count) for line in r.lines], r.total
([('清龙', 1), ('不求人', 1), ('平和', 1), ('喜相逢', 1), ('缺一门', 1), ('单钓将', 1)], 25)
>>> r = score(parse_hand("[444z] 77789m 11888p 7m"))
>>> r.fan_total, r.false_win
(6, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from mjlog.frozen import builder
from mjlog.rules.mcr import fans as F, shapes
from mjlog.rules.mcr.combos import PungFacts, chow_fan_items, pung_facts
from mjlog.rules.mcr.fans import Fan
from mjlog.rules.mcr.hand import McrHand, McrHandError, WinSituation, validate
from mjlog.rules.mcr.ruleset import MCR, McrRules
from mjlog.rules.mcr.shapes import (
    CHOW, DRAGONS, EAST, KNITTED, KONG, ORPHANS, PUNG, WINDS, Division, code_of_kind,
    divisions, is_seven_pairs, is_shifted_pairs, knitted_of, nine_gates_rank, only_wait, waits,
)
from mjlog.rules.mcr.tile_fans import tile_fans, tile_fans_of


@dataclass(frozen=True, slots=True)
class FanLine:
    """One fan of a result: its number, names, value and how many times it counts."""

    number: int
    name: str
    english: str
    value: int
    count: int

    @property
    def points(self) -> int:
        return self.value * self.count


@dataclass(frozen=True, slots=True)
class FanResult:
    """The fans of a win. ``total`` includes the flowers; ``fan_total`` does not (the minimum is on it)."""

    lines: tuple[FanLine, ...]
    total: int
    fan_total: int
    flowers: int
    minimum: int

    @property
    def false_win(self) -> bool:
        """Below the minimum without the flowers: a false win (錯和)."""
        return self.fan_total < self.minimum


_new_result = builder(FanResult)        # a third of the constructor's cost


class NotAWinError(McrHandError):
    """The tiles do not form a winning hand."""


@dataclass(slots=True)
class _Hand:
    """What every reading of one hand shares."""

    fixed: list[tuple[int, int, bool]]     # (CHOW/PUNG/KONG, code (chow: middle), melded)
    counts: list[int]                      # concealed tiles with the winning tile
    total: list[int]                       # every tile, melds included
    win: int
    sit: WinSituation
    last_copy: bool
    kong_flag: bool
    present: set[int]                      # the codes of the concealed tiles
    fixed_chows: tuple[int, ...]           # the melds' chows (middle codes) and pungs or kongs (codes)
    fixed_pungs: tuple[int, ...]
    melded: int                            # the melds other than concealed kongs
    melded_kongs: int
    concealed_kongs: int
    hogs: int                              # 四归一 of a regular reading: kinds held four times, not as a kong
    unique_wait: bool | None = None        # whether the hand waited on one kind only (asked lazily)


def score(hand: McrHand, situation: WinSituation | None = None, rules: McrRules = MCR) -> FanResult:
    """The fans and total of ``hand`` won as ``situation`` says, under ``rules``.

    Raises :class:`McrHandError` for an impossible hand and :class:`NotAWinError` when the tiles
    do not form a winning hand.
    """
    validate(hand)
    h = _prepare(hand, situation or WinSituation())
    best = _best(h, rules)
    if best is None:
        raise NotAWinError("the tiles do not form a winning hand")
    counts, fan_total = best
    flowers = len(hand.flowers)
    if flowers:
        counts[Fan.FLOWER_TILES] = flowers
    lines = _LINES
    return _new_result(tuple([lines[n][k] for n, k in sorted(counts.items())]), fan_total + flowers, fan_total,
                       flowers, rules.min_fan)


_CODE_OF_ID = tuple(code_of_kind(t >> 2) for t in range(136))
_ORPHAN_SET = frozenset(ORPHANS)


def clear_memos() -> None:
    """Empty every memo the calculator fills (a benchmark's cold start; results never change)."""
    for memo in (chow_fan_items, pung_facts, tile_fans_of, shapes._suit_readings, shapes._rank_readings,
                 shapes._suit_adds, shapes.suit_shape):
        memo.cache_clear()


def _lines_table() -> list[tuple[FanLine, ...]]:
    """The (shared, frozen) line of every fan and count: ``table[number][count]``. No count passes 8:
    there are eight flowers, and a fan of sets or tiles counts at most four."""
    return [tuple(FanLine(n, F.FANS[n].name, F.FANS[n].english, F.FANS[n].value, k) for k in range(9))
            if n in F.FANS else () for n in range(max(F.FANS) + 1)]


_LINES = _lines_table()


def _prepare(hand: McrHand, sit: WinSituation) -> _Hand:
    fixed = []
    code = _CODE_OF_ID
    win = code[hand.win_tile]
    concealed = list(map(code.__getitem__, hand.concealed))
    concealed.append(win)
    counts = [0] * 48
    for c in concealed:
        counts[c] += 1
    present = set(concealed)
    total = counts.copy()
    chows: tuple[int, ...] = ()
    pungs: tuple[int, ...] = ()
    melded_kongs = concealed_kongs = 0
    for m in hand.melds:
        if m.kind == "chow":
            middle = code[min(m.tiles)] + 1          # ids ascend with the rank within a suit
            fixed.append((CHOW, middle, True))
            chows += (middle,)
            total[middle - 1] += 1
            total[middle] += 1
            total[middle + 1] += 1
            continue
        c = code[m.tiles[0]]
        fixed.append((PUNG if m.kind == "pung" else KONG, c, not m.concealed))
        pungs += (c,)
        total[c] += len(m.tiles)
        if m.kind == "kong":
            if m.concealed:
                concealed_kongs += 1
            else:
                melded_kongs += 1
    # no kind can count more than four: validate() saw distinct ids, four to a kind
    fixed_of_win = total[win] - counts[win]
    # what the hand itself shows of the situation: the last copy cannot be in the hand twice,
    # and is certain when the other three are in one's melds; a kong flag needs a kong to be
    # about (the replacement tile) or a fourth copy that no one else holds (the robbed tile)
    last_copy = (sit.last_copy and counts[win] == 1) or fixed_of_win == 3
    if sit.self_drawn:
        kong_flag = sit.after_kong and any(k == KONG for k, _, _ in fixed)
    else:
        kong_flag = sit.robbed_kong and fixed_of_win == 0 and counts[win] == 1
    return _Hand(fixed, counts, total, win, sit, last_copy, kong_flag, present, chows, pungs,
                 len(fixed) - concealed_kongs, melded_kongs, concealed_kongs,
                 _hogs(total, melded_kongs + concealed_kongs))


def _best(h: _Hand, rules: McrRules) -> tuple[dict[int, int], int] | None:
    """The highest-scoring reading's fan counts (flowers apart) and their value, or None when nothing wins."""
    special: dict[int, int] | None = None
    if not h.fixed:
        special = _special(h) or _knitted(h, rules) or _nine_gates(h)
    elif len(h.fixed) == 1:
        special = _knitted(h, rules)
    best_value = _value(special) if special else 0
    if special is not None and Fan.SEVEN_PAIRS not in special:
        return special, best_value
    best = special
    seven = special is not None
    divs = divisions(h.counts, 4 - len(h.fixed))
    if not divs:
        return (best, best_value) if best else None
    common = _common(h)
    for d in divs:
        counts = _regular(h, d, common)
        value = _value(counts)
        # equal totals: a reading with 一色三同顺 or 三同刻 is kept (identical sets read as such),
        # and any regular reading over seven pairs
        if value > best_value or (value == best_value
                                  and (seven or Fan.PURE_TRIPLE_CHOW in counts or Fan.TRIPLE_PUNG in counts)):
            best, best_value = counts, value
    # set: divs is not empty and every regular reading is worth at least 无番和's 8 fan
    return cast("dict[int, int]", best), best_value


_VALUES = [F.FANS[n].value if n in F.FANS else 0 for n in range(max(F.FANS) + 1)]


def _value(counts: dict[int, int]) -> int:
    values = _VALUES
    return sum([values[n] * k for n, k in counts.items()])


def _without_win(h: _Hand) -> list[int]:
    c = list(h.counts)
    c[h.win] -= 1
    return c


def _is_unique_wait(h: _Hand, d: Division) -> bool:
    """Whether the hand before the winning tile waited on one kind only (worked out once, when a
    reading with a wait fan to give first asks, about half the hands: the search costs several
    times a reading's other fans).

    A reading that completes a chow at one end with the other end open (23 waiting on 1 and 4)
    shows a second wait at once, which spares the search for 3 in 10 of the hands that ask
    (measured on the benchmark's hands)."""
    if h.unique_wait is None:
        win = h.win
        rank = win % 10
        if (rank <= 6 and win + 1 in d.chows) or (rank >= 4 and win - 1 in d.chows):
            h.unique_wait = False
        else:
            h.unique_wait = only_wait(_without_win(h), win, not h.fixed)
    return h.unique_wait


# -- fans of the whole hand -------------------------------------------------------------------------


def _flags(h: _Hand) -> dict[int, int]:
    """The situational fans: 和绝张, 妙手回春 / 海底捞月, 杠上开花 / 抢杠和, 自摸."""
    out: dict[int, int] = {}
    sit = h.sit
    if h.last_copy:
        out[Fan.LAST_TILE] = 1
    if sit.self_drawn:
        out[Fan.SELF_DRAWN] = 1
        if sit.wall_last:
            out[Fan.LAST_TILE_DRAW] = 1
        if h.kong_flag:
            out[Fan.OUT_WITH_REPLACEMENT_TILE] = 1
    else:
        if sit.wall_last:
            out[Fan.LAST_TILE_CLAIM] = 1
        if h.kong_flag:
            out[Fan.ROBBING_THE_KONG] = 1
    return out


def _hogs(total: list[int], kongs: int) -> int:
    """四归一: kinds of which the hand holds all four, not as a kong."""
    return total.count(4) - kongs


def _finish(counts: dict[int, int]) -> dict[int, int]:
    """``counts`` without the fans the counted ones leave out (no count is ever 0)."""
    F.apply_exclusions(counts)
    return counts


# -- special hands ----------------------------------------------------------------------------------


def _special(h: _Hand) -> dict[int, int] | None:
    """Seven pairs (连七对), 全不靠 / 七星不靠, thirteen orphans."""
    counts = h.counts
    present = h.present
    if 8 <= len(present) <= 12:
        return None
    if is_seven_pairs(counts):
        if is_shifted_pairs(counts):
            out: dict[int, int] = {Fan.SEVEN_SHIFTED_PAIRS: 1}
            if min(present) % 10 != 1 and max(present) % 10 != 9:
                out[Fan.ALL_SIMPLES] = 1
            out.update(_flags(h))
            return _finish(out)
        out = {Fan.SEVEN_PAIRS: 1}
        out.update(tile_fans(present))
        hogs = _hogs(counts, 0)
        if hogs:
            out[Fan.TILE_HOG] = hogs
        out.update(_flags(h))
        return _finish(out)
    if len(present) == 14:
        suited = [c for c in present if c < 40]
        if 7 <= len(suited) <= 9 and any(set(suited) <= set(seq) for seq in KNITTED):
            if len(suited) == 7:
                out = {Fan.GREATER_HONORS_AND_KNITTED_TILES: 1}
            else:
                out = {Fan.LESSER_HONORS_AND_KNITTED_TILES: 1}
            if len(suited) == 9:
                out[Fan.KNITTED_STRAIGHT] = 1
            out.update(_flags(h))
            return _finish(out)
    if len(present) == 13 and present == _ORPHAN_SET:
        out = {Fan.THIRTEEN_ORPHANS: 1}
        out.update(_flags(h))
        return _finish(out)
    return None


def _nine_gates(h: _Hand) -> dict[int, int] | None:
    """九莲宝灯, with the fans both reference calculators add by the winning tile's rank."""
    if len(h.present) != 9:
        return None
    rank = nine_gates_rank(h.counts, h.win)
    if rank is None:
        return None
    out: dict[int, int] = {Fan.NINE_GATES: 1}
    for n in _NINE_GATES_EXTRA[rank]:
        out[n] = 1
    out.update(_flags(h))
    return _finish(out)


#: 1/9: 清龙 and 四归一; 2/8: 双暗刻, 连六, one 幺九刻; 5: 双暗刻, one 幺九刻; 3/4/6/7: 连六.
_NINE_GATES_EXTRA = {
    1: (Fan.PURE_STRAIGHT, Fan.TILE_HOG), 9: (Fan.PURE_STRAIGHT, Fan.TILE_HOG),
    2: (Fan.TWO_CONCEALED_PUNGS, Fan.SHORT_STRAIGHT, Fan.PUNG_OF_TERMINALS_OR_HONORS),
    8: (Fan.TWO_CONCEALED_PUNGS, Fan.SHORT_STRAIGHT, Fan.PUNG_OF_TERMINALS_OR_HONORS),
    5: (Fan.TWO_CONCEALED_PUNGS, Fan.PUNG_OF_TERMINALS_OR_HONORS),
    3: (Fan.SHORT_STRAIGHT,), 4: (Fan.SHORT_STRAIGHT,), 6: (Fan.SHORT_STRAIGHT,), 7: (Fan.SHORT_STRAIGHT,),
}


def _knitted(h: _Hand, rules: McrRules) -> dict[int, int] | None:
    """组合龙 with one set and a pair (the set may be the one meld)."""
    if len(h.present) < 9:
        return None
    seq = knitted_of(h.present)
    if seq is None:
        return None
    rest = list(h.counts)
    for c in seq:
        rest[c] -= 1
    divs = divisions(rest, 1 - len(h.fixed))
    if len(divs) != 1:
        return None
    d = divs[0]
    kind, code, melded = h.fixed[0] if h.fixed else (d.sets[0][0], d.sets[0][1], False)
    pair = d.pair
    out: dict[int, int] = {Fan.KNITTED_STRAIGHT: 1}
    if kind == CHOW:
        if pair < 40:
            out[Fan.ALL_CHOWS] = 1
        if h.total[pair] == 4:
            out[Fan.TILE_HOG] = 1
    elif code > 40:
        if code in WINDS:
            if _winds(out, [code], h.sit, deducted=False):
                out[Fan.PUNG_OF_TERMINALS_OR_HONORS] = 1
            if pair in DRAGONS:
                out[Fan.ALL_TYPES] = 1
        else:
            out[Fan.DRAGON_PUNG] = 1
            if pair in WINDS:
                out[Fan.ALL_TYPES] = 1
    else:
        if code % 10 in (1, 9):
            out[Fan.PUNG_OF_TERMINALS_OR_HONORS] = 1
        if pair < 40:
            out[Fan.NO_HONORS] = 1
        if kind != KONG and h.total[code] == 4:
            out[Fan.TILE_HOG] = 1
    out.update(_flags(h))
    if melded:
        if kind == KONG:
            out[Fan.MELDED_KONG] = 1
    else:
        if kind == KONG:
            out[Fan.CONCEALED_KONG] = 1
        if h.sit.self_drawn:
            out[Fan.FULLY_CONCEALED_HAND] = 1
            out.pop(Fan.SELF_DRAWN, None)
        else:
            out[Fan.CONCEALED_HAND] = 1
    wait = _knitted_wait(h, seq, rest, d, rules)
    if wait:
        out[wait] = 1
    return _finish(out)


def _knitted_wait(h: _Hand, seq: tuple[int, ...], rest: list[int], d: Division, rules: McrRules) -> int:
    """The wait fan of a 组合龙 hand under the rule edition (0: none)."""
    in_body = h.win in seq
    if in_body and rules.edition == "book-2006":
        return 0                       # the winning tile completes the knitted straight: no wait fan
    if h.fixed:
        if not in_body or h.counts[h.win] == 3:
            return Fan.SINGLE_WAIT
        return 0
    if not rest[h.win]:
        return 0
    rest = list(rest)
    rest[h.win] -= 1
    if len(waits(rest, 1, False)) != 1:
        return 0
    return _wait_form(d.chows, d.pair, h.win)


def _wait_form(chows: tuple[int, ...], pair: int, win: int) -> int:
    """边张, 坎张 or 单钓将 of a unique wait, from where the winning tile sits in the concealed chows
    (middles)."""
    return _wait_fan(win - 1 in chows or win + 1 in chows, win in chows, pair == win)


def _wait_fan(edge: bool, closed: bool, single: bool) -> int:
    """边张 when the winning tile ends a concealed chow, else 坎张 when it is one's middle, else 单钓将
    when it pairs (0: none)."""
    return Fan.EDGE_WAIT if edge else Fan.CLOSED_WAIT if closed else Fan.SINGLE_WAIT if single else 0


# -- the regular hand ---------------------------------------------------------------------------------


def _common(h: _Hand) -> dict[int, int]:
    """Fans every regular reading shares: the situation, the tiles held, concealment."""
    out = _flags(h)
    codes = list(h.present)
    for kind, c, _ in h.fixed:
        if kind == CHOW:
            codes += (c - 1, c, c + 1)
        else:
            codes.append(c)
    out.update(tile_fans(codes))
    melded = h.melded
    if melded == 0:
        if h.sit.self_drawn:
            out[Fan.FULLY_CONCEALED_HAND] = 1           # 不求人
        else:
            out[Fan.CONCEALED_HAND] = 1                 # 门前清
    elif melded == 4 and not h.sit.self_drawn:
        out[Fan.MELDED_HAND] = 1                        # 全求人
    return out


def _regular(h: _Hand, d: Division, common: dict[int, int]) -> dict[int, int]:
    """The fans of one reading as four sets and a pair."""
    out = dict(common)
    win = h.win
    concealed_chows = d.chows
    chows = tuple(sorted(h.fixed_chows + concealed_chows)) if h.fixed_chows else concealed_chows
    pungs = tuple(sorted(h.fixed_pungs + d.pungs)) if h.fixed_pungs else d.pungs
    concealed_pungs = len(d.pungs)
    # the winning tile ends / is the middle of a concealed chow
    edge = win - 1 in concealed_chows or win + 1 in concealed_chows
    closed = win in concealed_chows
    if not h.sit.self_drawn and not (edge or closed) and win in d.pungs:
        concealed_pungs -= 1                            # the discard completed that pung
    pair = d.pair
    facts = None
    if pungs:
        facts = pung_facts(pungs)
        if concealed_pungs >= 2 or h.melded_kongs or h.concealed_kongs:
            _kong_fans(out, concealed_pungs, h.melded_kongs, h.concealed_kongs)
        if len(pungs) == 4:
            out[Fan.ALL_PUNGS] = 1                      # 碰碰和
        if facts.dragons:
            out[Fan.DRAGON_PUNG] = facts.dragons        # 箭刻
        out.update(facts.fans)                          # no other fan here is a pung combination's
    n_chows = len(chows)
    if n_chows >= 2 and not (n_chows == 4 and pair < 40 and pair % 10 == 5 and _terminal_chows(chows, pair, out)):
        out.update(chow_fan_items(chows))               # nor a chow combination's
    if n_chows == 4:
        if pair < 40:
            out[Fan.ALL_CHOWS] = 1                      # 平和
    elif Fan.TWO_DRAGON_PUNGS in out and pair in DRAGONS:
        del out[Fan.TWO_DRAGON_PUNGS]
        out[Fan.LITTLE_THREE_DRAGONS] = 1               # 小三元
    elif Fan.BIG_THREE_WINDS in out and pair in WINDS:
        del out[Fan.BIG_THREE_WINDS]
        out[Fan.LITTLE_FOUR_WINDS] = 1                  # 小四喜
    _set_traits(out, chows, pungs, pair)
    if Fan.QUADRUPLE_CHOW not in out:
        if h.hogs:
            out[Fan.TILE_HOG] = h.hogs
    # as _wait_fan
    wait = Fan.EDGE_WAIT if edge else Fan.CLOSED_WAIT if closed else Fan.SINGLE_WAIT if pair == win else 0
    if wait and Fan.MELDED_HAND not in out and Fan.FOUR_KONGS not in out and _is_unique_wait(h, d):
        out[wait] = 1
    if facts:
        _terminal_pungs(out, facts, h.sit)
    F.apply_exclusions(out)
    return out or {Fan.CHICKEN_HAND: 1}                 # 无番和


_KONG_SERIES = {4: Fan.FOUR_KONGS, 3: Fan.THREE_KONGS}  # 四杠, 三杠
#: two kongs, by how many are concealed: 双明杠, 明暗杠, 双暗杠
_TWO_KONGS = (Fan.TWO_MELDED_KONGS, Fan.CONCEALED_KONG_AND_MELDED_KONG, Fan.TWO_CONCEALED_KONGS)
_HIDDEN_SERIES = {2: Fan.TWO_CONCEALED_PUNGS, 3: Fan.THREE_CONCEALED_PUNGS, 4: Fan.FOUR_CONCEALED_PUNGS}


def _kong_fans(out: dict[int, int], concealed_pungs: int, melded: int, concealed: int) -> None:
    """One fan of the kong series and one of the concealed-pung series."""
    kongs = melded + concealed
    series = _KONG_SERIES.get(kongs)
    if kongs == 2:
        series = _TWO_KONGS[concealed]
    elif kongs == 1:
        series = Fan.MELDED_KONG if melded else Fan.CONCEALED_KONG  # 明杠, 暗杠
    if series:
        out[series] = 1
    hidden = concealed_pungs + concealed
    if hidden >= 2 and not (series == Fan.TWO_CONCEALED_KONGS and hidden == 2):  # 双暗杠 includes 双暗刻
        out[_HIDDEN_SERIES[hidden]] = 1


def _terminal_chows(chows: Sequence[int], pair: int, out: dict[int, int]) -> bool:
    """一色双龙会 / 三色双龙会: 123 and 789 twice with a pair of fives (then no other chow fan)."""
    suit = pair // 10
    if any(c % 10 not in (2, 8) for c in chows):
        return False
    lows = sorted(c // 10 for c in chows if c % 10 == 2)
    highs = sorted(c // 10 for c in chows if c % 10 == 8)
    if lows == highs == [suit, suit]:
        out[Fan.PURE_TERMINAL_CHOWS] = 1
        return True
    others = sorted({1, 2, 3} - {suit})
    if lows == highs == others:
        out[Fan.THREE_SUITED_TERMINAL_CHOWS] = 1
        return True
    return False


_OUTSIDE_CHOWS = frozenset(c for c in range(12, 39) if c % 10 in (2, 8))
_FIVE_CHOWS = frozenset(c for c in range(12, 39) if c % 10 in (4, 5, 6))
_FIVES = frozenset((15, 25, 35))
_EVENS = frozenset(c for c in range(11, 40) if c % 10 and c % 2 == 0)


def _set_traits(out: dict[int, int], chows: Sequence[int], pungs: Sequence[int], pair: int) -> None:
    """全带幺, 全带五, 全双刻: what every set and the pair hold (the pair alone tells which to try)."""
    if pair > 40 or pair % 10 in (1, 9):
        if _OUTSIDE_CHOWS.issuperset(chows) and _ORPHAN_SET.issuperset(pungs):
            out[Fan.OUTSIDE_HAND] = 1
    elif pair % 10 == 5:
        if _FIVE_CHOWS.issuperset(chows) and _FIVES.issuperset(pungs):
            out[Fan.ALL_FIVES] = 1
    elif pair % 2 == 0 and not chows and _EVENS.issuperset(pungs):
        out[Fan.ALL_EVEN_PUNGS] = 1


def _terminal_pungs(out: dict[int, int], facts: PungFacts, sit: WinSituation) -> None:
    """幺九刻, 圈风刻 and 门风刻 (a wind pung counts one of them, never both kinds)."""
    terminals = facts.terminals
    if facts.winds and Fan.BIG_FOUR_WINDS not in out:
        deducted = Fan.BIG_THREE_WINDS in out or Fan.LITTLE_FOUR_WINDS in out
        terminals += _winds(out, facts.winds, sit, deducted=deducted)
    if terminals:
        out[Fan.PUNG_OF_TERMINALS_OR_HONORS] = terminals


def _winds(out: dict[int, int], winds: Sequence[int], sit: WinSituation, deducted: bool) -> int:
    """Mark 圈风刻 and 门风刻; return how many wind pungs are left as plain 幺九刻."""
    plain = 0
    for c in winds:
        special = False
        if c == EAST + sit.round_wind:
            out[Fan.PREVALENT_WIND] = 1
            special = True
        if c == EAST + sit.seat_wind:
            out[Fan.SEAT_WIND] = 1
            special = True
        if not special and not deducted:
            plain += 1
    if deducted:
        return 0
    return plain
