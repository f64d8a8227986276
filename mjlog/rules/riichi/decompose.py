"""Hand decomposition: four sets and a pair, seven pairs, thirteen orphans.

Hands are 34-count arrays (``counts[kind]``). A *set code* is an int: ``k`` is a
triplet of kind ``k`` and ``RUN + k`` a run starting at kind ``k``. A regular
decomposition is ``(pair_kind, set_codes)`` with the set codes sorted.

Each suit is decomposed on its own through a cached table keyed by its nine
counts, so a hand costs a few dictionary look-ups once the table is warm. The
scorer reads :data:`SUIT_SHAPES` / :data:`HONOR_SHAPES`: the same readings with
the facts it needs (run and triplet masks, fu, outside, identical runs) precomputed.

>>> from mjlog.tiles import counts34, parse_mpsz
>>> c = counts34(parse_mpsz("111222333m789p55s"))
>>> [(p, [describe_set(s) for s in sets]) for p, sets in decompose(c)]
[(22, ['111m', '222m', '333m', '789p']), (22, ['123m', '123m', '123m', '789p'])]
>>> is_seven_pairs(counts34(parse_mpsz("1122m3344p5566s77z")))
True
>>> is_thirteen_orphans(counts34(parse_mpsz("19m19p19s12345677z")))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from mjlog.tiles import YAOCHUU_KINDS, kind_name

RUN = 34
Decomposition = tuple[int, tuple[int, ...]]


def describe_set(code: int) -> str:
    """mpsz text of a set code, e.g. ``'555z'`` or ``'123m'``."""
    if code >= RUN:
        k = code - RUN
        return "".join(kind_name(k + i)[0] for i in range(3)) + kind_name(k)[1]
    name = kind_name(code)
    return name[0] * 3 + name[1]


def _search(c: list[int], i: int, pair: int, sets: list[int], out: list[tuple[int, tuple[int, ...]]]) -> None:
    while i < 9 and c[i] == 0:
        i += 1
    if i == 9:
        out.append((pair, tuple(sets)))
        return
    if c[i] >= 3:
        c[i] -= 3
        sets.append(i)
        _search(c, i, pair, sets, out)
        sets.pop()
        c[i] += 3
    if i <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        sets.append(9 + i)
        _search(c, i, pair, sets, out)
        sets.pop()
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1
    if pair < 0 and c[i] >= 2:
        c[i] -= 2
        _search(c, i, i, sets, out)
        c[i] += 2


@cache
def suit_decompositions(counts9: tuple[int, ...]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Every way to split one suit's nine counts into sets and at most one pair.

    Local codes: pair index 0-8 (or -1), triplet ``i``, run ``9 + i``. Duplicates removed.
    """
    total = sum(counts9)
    if total % 3 == 1:
        return ()
    out: list[tuple[int, tuple[int, ...]]] = []
    _search(list(counts9), 0, -1, [], out)
    return tuple(sorted(set(out)))


@cache
def _suit_global(counts9: tuple[int, ...], base: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    res = []
    for p, sets in suit_decompositions(counts9):
        g = tuple(base + s if s < 9 else RUN + base + s - 9 for s in sets)
        res.append((base + p if p >= 0 else -1, g))
    return tuple(res)


#: One suit's share of a four-sets-and-a-pair reading, as the scorer consumes it:
#: (pair kind or -1, triplet kinds, run start kinds (repeats kept), run-start bit mask,
#: triplet bit mask, every set and the pair hold a terminal, pairs of identical runs,
#: fu of the triplets when all are concealed). Kinds are global (0-26).
SuitShape = tuple[int, tuple[int, ...], tuple[int, ...], int, int, bool, int, int]
#: Per suit (m, p, s): nine counts -> (bit mask of the kinds present, its :data:`SuitShape` readings).
SUIT_SHAPES: tuple[dict[tuple[int, ...], tuple[int, tuple[SuitShape, ...]]], ...] = ({}, {}, {})
#: Honour counts (7) -> (kinds present mask, decomposable, pair kind or -1, triplet kinds, triplet mask).
HONOR_SHAPES: dict[tuple[int, ...], tuple[int, bool, int, tuple[int, ...], int]] = {}


def suit_shapes(counts9: tuple[int, ...], base: int) -> tuple[int, tuple[SuitShape, ...]]:
    """(present kinds mask, readings) of one suit's nine counts; ``base`` is 0, 9 or 18.

    The readings follow :func:`suit_decompositions`' order; a table fills up as hands come.
    """
    table = SUIT_SHAPES[base // 9]
    got = table.get(counts9)
    if got is None:
        got = table[counts9] = _build_suit_shapes(counts9, base)
    return got


def _build_suit_shapes(counts9: tuple[int, ...], base: int) -> tuple[int, tuple[SuitShape, ...]]:
    present = 0
    for i in range(9):
        if counts9[i]:
            present |= 1 << (base + i)
    out: list[SuitShape] = []
    for pair, sets in suit_decompositions(counts9):
        trips: list[int] = []
        runs: list[int] = []
        rmask = tmask = tfu = 0
        outside = pair < 0 or pair == 0 or pair == 8
        for c in sorted(sets):          # local codes: triplets 0-8, then runs 9-17
            if c < 9:
                trips.append(base + c)
                tmask |= 1 << (base + c)
                if c == 0 or c == 8:
                    tfu += 8
                else:
                    tfu += 4
                    outside = False
            else:
                runs.append(base + c - 9)
                rmask |= 1 << (base + c - 9)
                if c != 9 and c != 15:
                    outside = False
        peikou = sum(runs.count(r) // 2 for r in set(runs)) if len(runs) > 1 else 0
        out.append((base + pair if pair >= 0 else -1, tuple(trips), tuple(runs), rmask, tmask, outside,
                    peikou, tfu))
    return present, tuple(out)


def honor_shape(counts7: tuple[int, ...]) -> tuple[int, bool, int, tuple[int, ...], int]:
    """(present kinds mask, decomposable, pair kind or -1, triplet kinds, triplet mask) of the honours."""
    got = HONOR_SHAPES.get(counts7)
    if got is None:
        present = sum(1 << (27 + i) for i in range(7) if counts7[i])
        pair, trips, ok = -1, [], True
        for i, n in enumerate(counts7):
            if n == 3:
                trips.append(27 + i)
            elif n == 2 and pair < 0:
                pair = 27 + i
            elif n:
                ok = False
        got = HONOR_SHAPES[counts7] = (present, ok, pair if ok else -1, tuple(trips) if ok else (),
                                       sum(1 << t for t in trips) if ok else 0)
    return got


def clear_tables() -> None:
    """Empty the per-suit tables (they refill as hands come)."""
    for table in SUIT_SHAPES:
        table.clear()
    HONOR_SHAPES.clear()
    suit_decompositions.cache_clear()
    _suit_global.cache_clear()


def decompose(counts: Sequence[int]) -> tuple[Decomposition, ...]:
    """All four-sets-and-a-pair decompositions of the concealed counts (any number of sets)."""
    parts: list[tuple[tuple[int, tuple[int, ...]], ...]] = []
    for base in (0, 9, 18):
        c9 = tuple(counts[base:base + 9])
        if any(c9):
            d = _suit_global(c9, base)
            if not d:
                return ()
            parts.append(d)
    pair = -1
    honor_sets: list[int] = []
    for k in range(27, 34):
        n = counts[k]
        if n == 0:
            continue
        if n == 3:
            honor_sets.append(k)
        elif n == 2 and pair < 0:
            pair = k
        else:
            return ()
    results: list[Decomposition] = [(pair, tuple(honor_sets))]
    for options in parts:
        nxt: list[Decomposition] = []
        for p, sets in results:
            for q, s in options:
                if p >= 0 and q >= 0:
                    continue
                nxt.append((p if p >= 0 else q, sets + s))
        results = nxt
    return tuple((p, tuple(sorted(s))) for p, s in results if p >= 0)


def is_seven_pairs(counts: Sequence[int]) -> bool:
    """Seven distinct pairs (Tenhou does not accept four of a kind as two pairs)."""
    return sum(1 for n in counts if n == 2) == 7


def is_thirteen_orphans(counts: Sequence[int]) -> bool:
    """One of each terminal and honour, one of them twice."""
    return sum(counts) == 14 and all(counts[k] for k in YAOCHUU_KINDS) and sum(
        counts[k] for k in YAOCHUU_KINDS) == 14


def is_complete(counts: Sequence[int]) -> bool:
    """True when the concealed counts (14, 11, 8, 5 or 2 tiles) form a winning shape."""
    n = sum(counts)
    if n == 14 and (is_seven_pairs(counts) or is_thirteen_orphans(counts)):
        return True
    return n % 3 == 2 and bool(decompose(counts))
