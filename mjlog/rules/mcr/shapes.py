"""Tile codes and hand shapes for the fan calculator: decompositions, waits, the special shapes.

Inside the calculator a tile is a *code*: ``suit * 10 + rank`` for the suited tiles (suits in
the order 万 1, 条 2, 饼 3) and 41-47 for East South West North 中 发 白. Shifts of one or two
ranks are then sums, and sets sort in the order the fan rules list them.

>>> code_of_kind(0), code_of_kind(9), code_of_kind(18), code_of_kind(27), code_of_kind(33)
(11, 31, 21, 41, 45)
>>> [d.sets for d in divisions(counts_of([11, 11, 11, 12, 12, 12, 13, 13, 13, 14, 14]), 3)]
[((1, 11), (1, 12), (1, 13)), ((0, 12), (0, 12), (0, 12)), ((0, 12), (0, 13), (0, 13))]
>>> sorted(waits(counts_of([11, 12, 13, 15, 16, 17, 22, 23, 24, 33, 33, 34, 35]), 4, False))
[33, 36]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations

CHOW, PUNG, KONG = 0, 1, 2
N_CODES = 48
EAST, SOUTH, WEST, NORTH, RED, GREEN, WHITE = range(41, 48)
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (RED, GREEN, WHITE)
TERMINALS = (11, 19, 21, 29, 31, 39)
ORPHANS = TERMINALS + WINDS + DRAGONS
GREEN_TILES = frozenset((22, 23, 24, 26, 28, GREEN))
REVERSIBLE = frozenset((31, 32, 33, 34, 35, 38, 39, 22, 24, 25, 26, 28, 29, WHITE))

_KIND_CODE = ([11 + r for r in range(9)] + [31 + r for r in range(9)] + [21 + r for r in range(9)]
              + [EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED])

#: The six knitted straights (组合龙): 147, 258, 369 spread over the three suits.
KNITTED = tuple(tuple(sorted(10 * (s + 1) + start + 3 * i for s, start in enumerate(p) for i in range(3)))
                for p in permutations((1, 2, 3)))


def code_of_kind(kind: int) -> int:
    """The code of a kind 0-33."""
    return _KIND_CODE[kind]


def is_suited(c: int) -> bool:
    return c < 40


def is_terminal_or_honor(c: int) -> bool:
    return c > 40 or c % 10 in (1, 9)


def counts_of(codes: Iterable[int]) -> list[int]:
    """A count per code."""
    out = [0] * N_CODES
    for c in codes:
        out[c] += 1
    return out


@dataclass(frozen=True, slots=True)
class Division:
    """Concealed tiles read as sets (``(CHOW, middle)`` or ``(PUNG, tile)``, in canonical order) and a pair."""

    sets: tuple[tuple[int, int], ...]
    pair: int


def divisions(counts: list[int], n_sets: int) -> list[Division]:
    """Every reading of ``counts`` as ``n_sets`` sets and a pair, in canonical order.

    Sets are taken in ascending order of their first tile, a pung before a chow on the same
    tile; the order decides between readings of equal value.
    """
    return list(_divisions(tuple(counts), n_sets))


@lru_cache(maxsize=1 << 16)
def _divisions(counts: tuple[int, ...], n_sets: int) -> tuple[Division, ...]:
    work = list(counts)
    out: list[Division] = []
    stack: list[tuple[int, int]] = []

    def rec(need: int, prev: int) -> None:
        if need == 0:
            present = [c for c in range(N_CODES) if work[c]]
            if len(present) == 1 and work[present[0]] == 2:
                out.append(Division(tuple(stack), present[0]))
            return
        for c in range(N_CODES):
            n = work[c]
            if not n:
                continue
            if n >= 3 and 2 * c > prev:
                work[c] -= 3
                stack.append((PUNG, c))
                rec(need - 1, 2 * c)
                stack.pop()
                work[c] += 3
            if c < 40 and c % 10 <= 7 and work[c + 1] and work[c + 2] and 2 * c + 1 >= prev:
                work[c] -= 1
                work[c + 1] -= 1
                work[c + 2] -= 1
                stack.append((CHOW, c + 1))
                rec(need - 1, 2 * c + 1)
                stack.pop()
                work[c] += 1
                work[c + 1] += 1
                work[c + 2] += 1

    rec(n_sets, -1)
    return tuple(out)


@lru_cache(maxsize=1 << 16)
def _complete(counts: tuple[int, ...], pair_done: bool) -> bool:
    """Whether ``counts`` splits into sets (and one pair unless ``pair_done``)."""
    c = next((i for i, n in enumerate(counts) if n), None)
    if c is None:
        return pair_done
    n = counts[c]
    work = list(counts)
    if n >= 3:
        work[c] -= 3
        if _complete(tuple(work), pair_done):
            return True
        work[c] += 3
    if not pair_done and n >= 2:
        work[c] -= 2
        if _complete(tuple(work), True):
            return True
        work[c] += 2
    if c < 40 and c % 10 <= 7 and counts[c + 1] and counts[c + 2]:
        work[c] -= 1
        work[c + 1] -= 1
        work[c + 2] -= 1
        return _complete(tuple(work), pair_done)
    return False


def waits(counts13: list[int], n_sets: int, seven_pairs: bool) -> set[int]:
    """The tiles that complete ``counts13`` as sets and a pair (and as seven pairs when allowed)."""
    candidates: set[int] = set()
    for c, n in enumerate(counts13):
        if n:
            if c < 40:
                r = c % 10
                candidates.update(x for x in range(c - 2, c + 3) if 1 <= x % 10 <= 9 and abs(x % 10 - r) <= 2)
            else:
                candidates.add(c)
    out = set()
    for c in candidates:
        counts13[c] += 1
        if _complete(tuple(counts13), False):
            out.add(c)
        elif seven_pairs and all(n % 2 == 0 for n in counts13):
            out.add(c)
        counts13[c] -= 1
    return out


def is_seven_pairs(counts: list[int]) -> bool:
    """Fourteen tiles as seven pairs (four of a kind counts as two)."""
    return sum(counts) == 14 and all(n % 2 == 0 for n in counts)


def is_shifted_pairs(counts: list[int]) -> bool:
    """Seven pairs of seven consecutive tiles of one suit (连七对)."""
    present = [c for c, n in enumerate(counts) if n]
    return (len(present) == 7 and present[0] < 40 and present[-1] - present[0] == 6
            and all(counts[c] == 2 for c in present))


def knitted_of(unique: set[int]) -> tuple[int, ...] | None:
    """The first knitted straight whose nine tiles are all in ``unique``."""
    for seq in KNITTED:
        if unique.issuperset(seq):
            return seq
    return None


def nine_gates_rank(counts: list[int], win: int) -> int | None:
    """The winning tile's rank when the hand is 1112345678999 of one suit plus that tile (九莲宝灯)."""
    if win > 40 or sum(counts) != 14:
        return None
    base = win - win % 10
    counts = list(counts)
    counts[win] -= 1
    if sum(counts[base + 1:base + 10]) != 13:
        return None
    pattern = (3, 1, 1, 1, 1, 1, 1, 1, 3)
    return win % 10 if tuple(counts[base + 1:base + 10]) == pattern else None
