"""Hand decomposition: four sets and a pair, seven pairs, thirteen orphans.

Hands are 34-count arrays (``counts[kind]``). A *set code* is an int: ``k`` is a
triplet of kind ``k`` and ``RUN + k`` a run starting at kind ``k``. A regular
decomposition is ``(pair_kind, set_codes)`` with the set codes sorted.

Each suit is decomposed on its own through a cached table keyed by its nine
counts, so a hand costs a few dictionary look-ups once the table is warm.

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
from functools import lru_cache

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


@lru_cache(maxsize=None)
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


@lru_cache(maxsize=None)
def _suit_global(counts9: tuple[int, ...], base: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    res = []
    for p, sets in suit_decompositions(counts9):
        g = tuple(base + s if s < 9 else RUN + base + s - 9 for s in sets)
        res.append((base + p if p >= 0 else -1, g))
    return tuple(res)


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
