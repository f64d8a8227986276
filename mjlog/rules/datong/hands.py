"""Datong hand types: which of the source's hands a complete hand is, and its multiplier.

A complete hand is four sets and a pair (sets: triplets, kans, and runs held in the hand; runs
are claimed only under the ``chi`` knob), seven pairs, or the thirteen orphans. Its types are
the source's hands as ``docs/datong.md`` reads them; the multiplier is the product (or, under
``stacking='highest'``, the largest) of the types that multiply the hand payment.

Kinds are 0-33 (0-8 characters, 9-17 dots, 18-26 bamboo, 27-33 honours); the winning tile is
the last of the concealed kinds.

>>> from mjlog.rules.datong.ruleset import PRESETS
>>> from mjlog.tiles import parse_mpsz
>>> def kinds(text): return [t >> 2 for t in parse_mpsz(text)]
>>> v = evaluate(kinds("111m234p55s777z99s9s"), (), tsumo=True, rules=PRESETS["datong"])
>>> [t.name for t in v.types], v.multiplier
(['堆和'], 1)
>>> v = evaluate(kinds("12345678m99m111m9m"), (), tsumo=False, rules=PRESETS["datong"])
>>> [t.name for t in v.types], v.multiplier
(['清一色套龍'], 2)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import Enum

from mjlog.errors import InvalidHandError
from mjlog.rules.datong.ruleset import CHI_OFF, CHOW, DatongRules
from mjlog.tiles import YAOCHUU_KINDS


class HandType(Enum):
    """The source's hands, each with its number (the store's item id), names and base multiplier."""

    PLAIN = (1, "屁和", "plain win", 1)
    KAN = (2, "坎和", "middle-tile win", 1)
    DUI = (3, "堆和", "pile win", 1)
    KAN_DUI = (4, "坎堆和", "middle-tile and pile win", 1)
    FLUSH = (5, "清一色", "full flush", 2)
    DRAGON = (6, "一條龍", "pure straight (dragon)", 1)
    FLUSH_DRAGON = (7, "清一色套龍", "full flush with the dragon", 2)
    ALL_PONGS = (8, "碰碰胡", "all pongs", 2)
    SEVEN_PAIRS = (9, "七對", "seven pairs", 2)
    ORPHANS = (10, "十三幺", "thirteen orphans", 6)

    @property
    def id(self) -> int:
        return self.value[0]

    @property
    def name_zh(self) -> str:
        return self.value[1]

    @property
    def english(self) -> str:
        """The English gloss under the default readings (坎 as the middle tile, knob ``kan_meaning='wait'``)."""
        return self.value[2]

    def english_in(self, rules: DatongRules) -> str:
        """The English gloss under ``rules``: 坎 is the concealed triplet under ``kan_meaning='concealed'``."""
        if rules.kan_meaning == "concealed" and self in (HandType.KAN, HandType.KAN_DUI):
            return self.english.replace("middle-tile", "concealed-triplet")
        return self.english

    def multiplier(self, rules: DatongRules) -> int:
        """What this type multiplies the hand payment by under ``rules`` (1: a label only)."""
        if self is HandType.DRAGON:
            return rules.dragon_multiplier
        if self is HandType.FLUSH_DRAGON:
            return _combine((2, rules.dragon_multiplier), rules)
        return int(self.value[3])


@dataclass(frozen=True, slots=True)
class Meld:
    """A set outside the concealed tiles: a run (``run``, from ``kind``) or ``size`` of one kind."""

    kind: int
    run: bool = False
    size: int = 3
    closed: bool = False

    @property
    def is_kan(self) -> bool:
        return self.size == 4


@dataclass(frozen=True, slots=True)
class Group:
    """One set or the pair of a reading of the concealed tiles: ``shape`` is run, triplet or pair."""

    kind: int
    shape: str


@dataclass(frozen=True, slots=True)
class Shown:
    """One hand type as a win shows it: the type, its names and its multiplier under the rules."""

    type: HandType
    name: str
    english: str
    multiplier: int


@dataclass(frozen=True, slots=True)
class DatongValue:
    """A complete hand's types (in the source's order), their combined multiplier and its form."""

    types: tuple[Shown, ...]
    multiplier: int
    form: str            # 'regular', 'seven-pairs' or 'orphans'


_SUITED = 27
_YAOCHUU = frozenset(YAOCHUU_KINDS)


def _combine(factors: Sequence[int], rules: DatongRules) -> int:
    """The multipliers of several types as one: their product, or the largest."""
    if rules.stacking == "highest":
        return max(factors, default=1)
    out = 1
    for f in factors:
        out *= f
    return out


def readings(counts: Sequence[int]) -> list[tuple[Group, ...]]:
    """Every distinct way to read ``counts`` (34 kinds) as sets and one pair, each in kind order.

    >>> from mjlog.tiles import counts34, parse_mpsz
    >>> for r in readings(counts34(parse_mpsz("11122233344m"))):
    ...     print(" ".join(f"{g.kind}{g.shape[0]}" for g in r))
    0p 0r 1r 1r
    0r 0r 0r 3p
    0t 1t 2t 3p
    """
    found = {tuple(sorted(r, key=lambda g: (g.kind, g.shape))) for r in _readings(list(counts), True)}
    return sorted(found, key=lambda r: [(g.kind, g.shape) for g in r])


def _readings(counts: list[int], need_pair: bool) -> Iterator[tuple[Group, ...]]:
    """The readings of ``counts`` (changed and restored as it goes), with repeats."""
    first = next((k for k, c in enumerate(counts) if c), None)
    if first is None:
        if not need_pair:
            yield ()
        return
    if need_pair and counts[first] >= 2:
        counts[first] -= 2
        for rest in _readings(counts, False):
            yield (Group(first, "pair"),) + rest
        counts[first] += 2
    if counts[first] >= 3:
        counts[first] -= 3
        for rest in _readings(counts, need_pair):
            yield (Group(first, "triplet"),) + rest
        counts[first] += 3
    if first < _SUITED and first % 9 <= 6 and counts[first + 1] and counts[first + 2]:
        for k in (first, first + 1, first + 2):
            counts[k] -= 1
        for rest in _readings(counts, need_pair):
            yield (Group(first, "run"),) + rest
        for k in (first, first + 1, first + 2):
            counts[k] += 1


def _suits(kinds: Sequence[int], melds: Sequence[Meld]) -> set[int]:
    """The suits (0-2, 3 honours) of every tile of the hand."""
    return {min(k // 9, 3) for k in list(kinds) + [m.kind for m in melds]}


def _kan_dui(reading: tuple[Group, ...], melds: Sequence[Meld], win: int, tsumo: bool,
             rules: DatongRules) -> tuple[bool, bool]:
    """Whether this reading is a 坎 and a 堆 win (``docs/datong.md``)."""
    dui = any(g.shape == "triplet" and g.kind == win for g in reading)
    if rules.kan_meaning == "wait":
        kan = any(g.shape == "run" and g.kind + 1 == win for g in reading)
    else:
        kan = any(m.closed for m in melds) or any(
            g.shape == "triplet" and (g.kind != win or tsumo) for g in reading)
    return kan, dui


def _regular(concealed: list[int], melds: Sequence[Meld], tsumo: bool, rules: DatongRules) -> list[list[HandType]]:
    """The types of each reading of a four-sets-and-a-pair hand."""
    counts = [0] * 34
    for k in concealed:
        counts[k] += 1
    win, flush = concealed[-1], len(_suits(concealed, melds)) == 1 and concealed[-1] < _SUITED
    found = []
    for reading in readings(counts):
        types: list[HandType] = []
        kan, dui = _kan_dui(reading, melds, win, tsumo, rules)
        if kan or dui:
            types.append(HandType.KAN_DUI if kan and dui else HandType.KAN if kan else HandType.DUI)
        runs = {g.kind for g in reading if g.shape == "run"} | {m.kind for m in melds if m.run}
        dragon = any({s, s + 3, s + 6} <= runs for s in (0, 9, 18))
        if flush and dragon:
            types.append(HandType.FLUSH_DRAGON)
        elif flush:
            types.append(HandType.FLUSH)
        elif dragon:
            types.append(HandType.DRAGON)
        if not runs:
            types.append(HandType.ALL_PONGS)
        found.append(types)
    return found


def _special(concealed: list[int], rules: DatongRules) -> list[list[HandType]]:
    """The types of a hand read as seven pairs or the thirteen orphans (no melds)."""
    counts = [0] * 34
    for k in concealed:
        counts[k] += 1
    out: list[list[HandType]] = []
    if len(concealed) == 14 and all(c % 2 == 0 for c in counts):
        if rules.seven_pairs_quad or all(c in (0, 2) for c in counts):
            flush = len(_suits(concealed, ())) == 1 and concealed[-1] < _SUITED
            out.append([HandType.SEVEN_PAIRS] + ([HandType.FLUSH] if flush else []))
    if len(concealed) == 14 and set(concealed) == _YAOCHUU:
        out.append([HandType.ORPHANS])
    return out


def evaluate(concealed: Sequence[int], melds: Sequence[Meld], tsumo: bool, rules: DatongRules) -> DatongValue:
    """The hand types and multiplier of a complete hand (``concealed`` kinds, winning tile last).

    The reading with the largest multiplier is kept; InvalidHandError when the hand is not complete,
    has the wrong number of tiles, or holds a claimed run while ``chi`` is off.
    """
    concealed = list(concealed)
    if any(m.run for m in melds) and not rules.chi:
        raise InvalidHandError(f"Datong has no {CHOW} ({CHI_OFF}): a claimed run cannot be in the hand")
    if len(concealed) + 3 * len(melds) != 14 or not concealed:
        raise InvalidHandError(f"a complete hand has 14 tiles, kongs counted as 3: {len(concealed)} concealed "
                               f"and {len(melds)} melds")
    everything = concealed + [m.kind for m in melds for _ in range(m.size)]
    if any(everything.count(k) > 4 for k in set(everything)):
        raise InvalidHandError("more than four tiles of one kind")
    options = [(t, "regular") for t in _regular(concealed, melds, tsumo, rules)]
    if not melds:
        options += [(t, "orphans" if t == [HandType.ORPHANS] else "seven-pairs") for t in _special(concealed, rules)]
    if not options:
        raise InvalidHandError("the hand is not complete (four sets and a pair, seven pairs or thirteen orphans)")

    def worth(option: tuple[list[HandType], str]) -> tuple[int, int]:
        return (_combine([t.multiplier(rules) for t in option[0]], rules), len(option[0]))

    types, form = max(options, key=worth)
    if not types:
        types = [HandType.PLAIN]
    shown = tuple(Shown(t, t.name_zh, t.english_in(rules), t.multiplier(rules)) for t in sorted(types, key=lambda t: t.id))
    return DatongValue(shown, _combine([s.multiplier for s in shown], rules), form)
