"""Which yaku a hand interpretation has: one small predicate per Tenhou yaku id.

A :class:`Shape` is one reading of a winning hand (one decomposition with one
choice of the set the winning tile completed) plus the hand-wide features and
the win's situation. :data:`PREDICATES` maps each yaku id to its rule;
yakuhai (ids 10-20) are listed per set by :func:`yakuhai`.
"""

from __future__ import annotations

from collections.abc import Callable

from mjlog.rules.riichi.context import WinContext
from mjlog.rules.ruleset import RuleSet

# waits
RYANMEN, KANCHAN, PENCHAN, TANKI, SHANPON, NO_WAIT = range(6)
WAIT_NAMES = ("ryanmen", "kanchan", "penchan", "tanki", "shanpon", "none")

REGULAR, SEVEN_PAIRS, KOKUSHI = range(3)

_YAOCHUU = tuple(k >= 27 or k % 9 in (0, 8) for k in range(34))
_TERMINAL = tuple(k < 27 and k % 9 in (0, 8) for k in range(34))
_GREEN = frozenset({19, 20, 21, 23, 25, 32})          # 2s 3s 4s 6s 8s Hatsu
_DRAGONS = (31, 32, 33)


def _mask(kinds) -> int:
    return sum(1 << k for k in kinds)


_SUIT_MASKS = tuple(_mask(range(9 * i, 9 * i + 9)) for i in range(3))
_HONOR_MASK = _mask(range(27, 34))
_YAOCHUU_MASK = _mask(k for k in range(34) if _YAOCHUU[k])
_TERMINAL_MASK = _mask(k for k in range(34) if _TERMINAL[k])
_GREEN_MASK = _mask(_GREEN)
_WINDS = (27, 28, 29, 30)


class Features:
    """Hand-wide facts that do not depend on the decomposition (all tiles, calls included)."""

    __slots__ = ("counts", "suits", "honors", "all_simple", "all_yaochuu", "all_terminal", "all_green",
                 "terminals")

    def __init__(self, counts: list[int], bits: int | None = None) -> None:
        self.counts = counts
        if bits is None:
            bits = 0
            for k, n in enumerate(counts):
                if n:
                    bits |= 1 << k
        self.suits = {i for i in range(3) if bits & _SUIT_MASKS[i]}
        self.honors = bool(bits & _HONOR_MASK)
        self.all_simple = not bits & _YAOCHUU_MASK
        self.all_yaochuu = not bits & ~_YAOCHUU_MASK
        self.terminals = bool(bits & _TERMINAL_MASK)
        self.all_terminal = self.all_yaochuu and not self.honors
        self.all_green = not bits & ~_GREEN_MASK


class Shape:
    """One interpretation of a winning hand, with its situation and rules."""

    __slots__ = ("form", "pair", "runs", "triplets", "concealed", "kans", "open", "closed", "wait",
                 "win_kind", "f", "ctx", "rules", "yakuhai_pair")

    def __init__(self, form: int, pair: int, runs: list[int], triplets: list[tuple[int, bool, bool]],
                 wait: int, win_kind: int, open_: bool, closed: bool, features: Features,
                 ctx: WinContext, rules: RuleSet) -> None:
        self.form = form
        self.pair = pair
        self.runs = runs                      # run start kinds, sorted
        self.triplets = triplets              # (kind, concealed, kan), Tenhou's set order
        self.concealed = sum(1 for t in triplets if t[1])
        self.kans = sum(1 for t in triplets if t[2])
        self.wait = wait
        self.win_kind = win_kind
        self.open = open_                     # any open call
        self.closed = closed                  # no call at all (not even a closed kan)
        self.f = features
        self.ctx = ctx
        self.rules = rules


def _valued(s: Shape, k: int) -> bool:
    return k >= 31 or k == s.ctx.seat_wind_kind or k == s.ctx.round_wind_kind


def _has_run(s: Shape, k: int) -> bool:
    return k in s.runs


def _trip_kinds(s: Shape) -> set[int]:
    return {t[0] for t in s.triplets}


def _outside(s: Shape, terminal_only: bool) -> bool:
    """Every set and the pair hold a terminal (or honour), with at least one run."""
    if s.form != REGULAR or not s.runs:
        return False
    if terminal_only and s.f.honors:
        return False
    if not _YAOCHUU[s.pair]:
        return False
    if any(not _YAOCHUU[t[0]] for t in s.triplets):
        return False
    return all(r % 9 in (0, 6) for r in s.runs)


def _peikou(s: Shape) -> int:
    """Number of identical-run pairs in a closed hand (1 iipeikou, 2 ryanpeikou)."""
    if s.open or s.form != REGULAR or len(s.runs) < 2:
        return 0
    r = s.runs
    if len(r) == 4 and r[0] == r[1] and r[2] == r[3]:
        return 2
    return 1 if len(set(r)) < len(r) else 0


def _pinfu(s: Shape) -> bool:
    return (not s.open and s.form == REGULAR and len(s.runs) == 4 and s.wait == RYANMEN
            and not _valued(s, s.pair))


def _sanshoku(s: Shape) -> bool:
    return len(s.runs) >= 3 and any(k in s.runs and k + 9 in s.runs and k + 18 in s.runs for k in range(7))


def _ittsu(s: Shape) -> bool:
    return len(s.runs) >= 3 and any(b in s.runs and b + 3 in s.runs and b + 6 in s.runs for b in (0, 9, 18))


def _doukou(s: Shape) -> bool:
    t = _trip_kinds(s)
    return len(t) >= 3 and any(k in t and k + 9 in t and k + 18 in t for k in range(9))


def _dragon_trips(s: Shape) -> int:
    return sum(1 for t in s.triplets if t[0] >= 31)


def _wind_trips(s: Shape) -> int:
    return sum(1 for t in s.triplets if 27 <= t[0] <= 30)


def _chuuren(s: Shape) -> int:
    """0 no, 1 chuuren, 2 junsei (the nine-sided wait)."""
    if not s.closed or s.form != REGULAR or len(s.f.suits) != 1 or s.f.honors:
        return 0
    base = 9 * next(iter(s.f.suits))
    c = s.f.counts[base:base + 9]
    need = (3, 1, 1, 1, 1, 1, 1, 1, 3)
    if any(c[i] < need[i] for i in range(9)):
        return 0
    return 2 if c[s.win_kind - base] - need[s.win_kind - base] == 1 else 1


def _kokushi13(s: Shape) -> bool:
    return s.f.counts[s.win_kind] == 2


Predicate = Callable[[Shape], bool]

#: The rule of every yaku except yakuhai (10-20), dora (52-54) and renhou (36), by id.
PREDICATES: dict[int, Predicate] = {
    0: lambda s: s.ctx.tsumo and not s.open,
    1: lambda s: s.ctx.riichi and not s.ctx.double_riichi,
    2: lambda s: s.ctx.ippatsu,
    3: lambda s: s.ctx.chankan,
    4: lambda s: s.ctx.rinshan,
    5: lambda s: s.ctx.haitei,
    6: lambda s: s.ctx.houtei,
    7: _pinfu,
    8: lambda s: s.f.all_simple and (not s.open or s.rules.open_tanyao),
    9: lambda s: _peikou(s) == 1,
    21: lambda s: s.ctx.double_riichi,
    22: lambda s: s.form == SEVEN_PAIRS,
    23: lambda s: _outside(s, terminal_only=False) and s.f.honors,
    24: _ittsu,
    25: _sanshoku,
    26: _doukou,
    27: lambda s: s.kans == 3,
    28: lambda s: s.form == REGULAR and not s.runs,
    29: lambda s: s.concealed == 3,
    30: lambda s: s.form == REGULAR and s.pair >= 31 and _dragon_trips(s) == 2,
    31: lambda s: s.f.all_yaochuu and s.f.honors and s.f.terminals,
    32: lambda s: _peikou(s) == 2,
    33: lambda s: _outside(s, terminal_only=True),
    34: lambda s: len(s.f.suits) == 1 and s.f.honors,
    35: lambda s: len(s.f.suits) == 1 and not s.f.honors,
    37: lambda s: s.ctx.tenhou,
    38: lambda s: s.ctx.chiihou,
    39: lambda s: _dragon_trips(s) == 3,
    40: lambda s: s.concealed == 4 and s.wait != TANKI,
    41: lambda s: s.concealed == 4 and s.wait == TANKI,
    42: lambda s: not s.f.suits,
    43: lambda s: s.f.all_green,
    44: lambda s: s.f.all_terminal,
    45: lambda s: _chuuren(s) == 1,
    46: lambda s: _chuuren(s) == 2,
    47: lambda s: s.form == KOKUSHI and not _kokushi13(s),
    48: lambda s: s.form == KOKUSHI and _kokushi13(s),
    49: lambda s: _wind_trips(s) == 4,
    50: lambda s: _wind_trips(s) == 3 and 27 <= s.pair <= 30,
    51: lambda s: s.kans == 4,
}

def yakuhai(s: Shape) -> list[int]:
    """Yakuhai ids per set in Tenhou's order (round wind before seat wind on one set)."""
    out: list[int] = []
    rw, sw = s.ctx.round_wind_kind, s.ctx.seat_wind_kind
    for k, _, _ in s.triplets:
        if k >= 31:
            out.append(18 + k - 31)
        elif k >= 27:
            if k == rw:
                out.append(14 + k - 27)
            if k == sw:
                out.append(10 + k - 27)
    return out


#: Yaku decided by the whole hand and the situation alone: evaluated once per hand.
HAND_LEVEL: frozenset[int] = frozenset({0, 1, 2, 3, 4, 5, 6, 8, 21, 31, 34, 35, 37, 38, 42, 43, 44})
_SHAPE_REGULAR = tuple((i, p) for i, p in PREDICATES.items() if i < 37 and i not in HAND_LEVEL)
_SHAPE_YAKUMAN = tuple((i, p) for i, p in PREDICATES.items() if i >= 37 and i not in HAND_LEVEL)
_HAND_REGULAR = tuple((i, p) for i, p in PREDICATES.items() if i < 37 and i in HAND_LEVEL)
_HAND_YAKUMAN = tuple((i, p) for i, p in PREDICATES.items() if i >= 37 and i in HAND_LEVEL)


def hand_level(s: Shape) -> tuple[list[int], list[int]]:
    """(regular ids, yakuman ids) that hold for every interpretation of the hand of ``s``."""
    return [i for i, p in _HAND_REGULAR if p(s)], [i for i, p in _HAND_YAKUMAN if p(s)]


def _could_be_yakuman(s: Shape) -> bool:
    """Cheap necessary condition for the shape-level yakuman."""
    if s.form != REGULAR:
        return s.form == KOKUSHI
    return s.concealed == 4 or s.kans == 4 or (s.closed and len(s.f.suits) == 1 and not s.f.honors) or (
        len(s.triplets) >= 3 and sum(1 for t in s.triplets if t[0] >= 27) >= 3)


def yakuman_of(s: Shape, hand_ids: list[int] = []) -> list[int]:  # noqa: B006 (never mutated)
    """The yakuman ids the interpretation has, in id order (``hand_ids`` from :func:`hand_level`)."""
    if not _could_be_yakuman(s):
        return hand_ids
    return sorted(hand_ids + [i for i, p in _SHAPE_YAKUMAN if p(s)])


def regular_yaku_of(s: Shape, hand_ids: list[int] | None = None) -> list[int]:
    """The non-yakuman yaku ids (yakuhai in per-set order at the end)."""
    if hand_ids is None:
        hand_ids = hand_level(s)[0]
    out = hand_ids + [i for i, p in _SHAPE_REGULAR if p(s)]
    if s.triplets and s.form == REGULAR:
        out.extend(yakuhai(s))
    return out
