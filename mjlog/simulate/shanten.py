"""Shanten: how many tiles a hand is from tenpai, over 34-count arrays.

``shanten(counts, melds)`` is the minimum over the regular form (four sets and a
pair), seven pairs and thirteen orphans; -1 means the hand is complete, 0 tenpai.
It works for 3k+1 and 3k+2 tiles (a 14-tile hand scores -1 when it is a win).
``melds`` is the number of sets already outside the hand (calls, closed kans);
seven pairs and thirteen orphans need ``melds == 0``.

Each suit is decomposed once per distinct 9-count pattern (memoised), keeping
only the (sets, partial sets) pairs no other decomposition beats, with and
without a pair; the four groups are then combined.

>>> from mjlog.tiles import counts34, parse_mpsz
>>> shanten(counts34(parse_mpsz("123m456p789s1122z")))
0
>>> shanten(counts34(parse_mpsz("123m456p789s11222z")))
-1
>>> shanten(counts34(parse_mpsz("19m19p19s1234567z")))
0
>>> shanten(counts34(parse_mpsz("1133557799m1p2p3p")))
1
>>> shanten(counts34(parse_mpsz("11z222z")), melds=3)
-1
"""

from __future__ import annotations

from collections.abc import Sequence

from mjlog.tiles import YAOCHUU_KINDS

__all__ = ["shanten", "regular_shanten", "seven_pairs_shanten", "thirteen_orphans_shanten", "improving_kinds"]

# A group's options: tuples (sets, partials, pair) with pair 0/1, no option dominated by another.
Options = tuple[tuple[int, int, int], ...]

_SUIT_CACHE: dict[tuple[int, ...], Options] = {}
_HONOR_CACHE: dict[tuple[int, ...], Options] = {}
_HAND_CACHE: dict[tuple[tuple[int, ...], int], int] = {}
_COMBINED: dict[tuple[Options, Options, Options, Options, int], int] = {}
_YAOCHUU = tuple(YAOCHUU_KINDS)
_YAOCHUU_SET = frozenset(YAOCHUU_KINDS)


def _prune(found: set[tuple[int, int, int]]) -> Options:
    """Drop options that another option beats or equals in sets, partials and pair."""
    items = sorted(found, reverse=True)
    out: list[tuple[int, int, int]] = []
    for m, t, p in items:
        if any(m2 >= m and t2 >= t and p2 >= p for m2, t2, p2 in out):
            continue
        out.append((m, t, p))
    return tuple(out)


def _strip(c: Sequence[int]) -> tuple[int, ...]:
    """A suit pattern without its leading and trailing empty kinds (runs never cross an end)."""
    lo, hi = 0, len(c)
    while lo < hi and not c[lo]:
        lo += 1
    while hi > lo and not c[hi - 1]:
        hi -= 1
    return tuple(c[lo:hi])


def _suit_options(key: tuple[int, ...]) -> Options:
    """Options of a suit pattern, memoised on the pattern and on its stripped form."""
    opts = _SUIT_CACHE.get(key)
    if opts is None:
        stripped = _strip(key)
        opts = _SUIT_CACHE.get(stripped)
        if opts is None:
            opts = _suit_compute(stripped)
            _SUIT_CACHE[stripped] = opts
        _SUIT_CACHE[key] = opts
    return opts


def _suit_compute(key: tuple[int, ...]) -> Options:
    if not key:
        return ((0, 0, 0),)
    c = list(key)
    n = len(c)
    found: set[tuple[int, int, int]] = set()

    def take(dm: int, dt: int, dp: int, *kinds: int) -> None:
        for k in kinds:
            c[k] -= 1
        for m, t, p in _suit_options(tuple(c)):
            if p + dp <= 1:
                found.add((m + dm, t + dt, p + dp))
        for k in kinds:
            c[k] += 1

    if c[0] >= 3:
        take(1, 0, 0, 0, 0, 0)                      # triplet
    if n >= 3 and c[1] and c[2]:
        take(1, 0, 0, 0, 1, 2)                      # run
    if c[0] >= 2:
        take(0, 0, 1, 0, 0)                         # pair as the head
        take(0, 1, 0, 0, 0)                         # pair as a partial set
    if n >= 2 and c[1]:
        take(0, 1, 0, 0, 1)                         # two in a row
    if n >= 3 and c[2]:
        take(0, 1, 0, 0, 2)                         # gap of one
    take(0, 0, 0, 0)                                # leave the tile unused
    return _prune(found)


def _honor_options(key: tuple[int, ...]) -> Options:
    opts = _HONOR_CACHE.get(key)
    if opts is None:
        m = sum(1 for x in key if x >= 3)
        pairs = sum(1 for x in key if x == 2)
        found = {(m, pairs, 0)}
        if pairs:
            found.add((m, pairs - 1, 1))
        opts = _prune(found)
        _HONOR_CACHE[key] = opts
    return opts


def regular_shanten(counts: Sequence[int], melds: int = 0) -> int:
    """Shanten toward four sets and a pair, with ``melds`` sets already made."""
    c = tuple(counts)
    key = (_suit_options(c[0:9]), _suit_options(c[9:18]), _suit_options(c[18:27]),
           _honor_options(c[27:34]), melds)
    value = _COMBINED.get(key)
    if value is None:
        value = _combine(*key)
        _COMBINED[key] = value
    return value


def _combine(g0: Options, g1: Options, g2: Options, g3: Options, melds: int) -> int:
    best = 8
    for m0, t0, p0 in g0:
        for m1, t1, p1 in g1:
            p01 = p0 + p1
            if p01 > 1:
                continue
            for m2, t2, p2 in g2:
                p012 = p01 + p2
                if p012 > 1:
                    continue
                for m3, t3, p3 in g3:
                    p = p012 + p3
                    if p > 1:
                        continue
                    m = m0 + m1 + m2 + m3 + melds
                    t = t0 + t1 + t2 + t3
                    if m + t > 4:
                        t = 4 - m
                    value = 8 - 2 * m - t - p
                    if value < best:
                        best = value
    return best


def seven_pairs_shanten(counts: Sequence[int]) -> int:
    """Shanten toward seven distinct pairs."""
    pairs = kinds = 0
    for x in counts:
        if x:
            kinds += 1
            if x >= 2:
                pairs += 1
    return 6 - pairs + max(0, 7 - kinds)


def thirteen_orphans_shanten(counts: Sequence[int]) -> int:
    """Shanten toward thirteen orphans."""
    kinds = 0
    pair = 0
    for k in _YAOCHUU:
        x = counts[k]
        if x:
            kinds += 1
            if x >= 2:
                pair = 1
    return 13 - kinds - pair


def shanten(counts: Sequence[int], melds: int = 0) -> int:
    """The fewest tiles from tenpai over every winning form (-1: complete)."""
    key = (tuple(counts), melds)
    cached = _HAND_CACHE.get(key)
    if cached is not None:
        return cached
    best = regular_shanten(key[0], melds)
    if melds == 0 and best > -1:
        best = min(best, seven_pairs_shanten(key[0]), thirteen_orphans_shanten(key[0]))
    if len(_HAND_CACHE) > 500_000:
        _HAND_CACHE.clear()
    _HAND_CACHE[key] = best
    return best


def improving_kinds(counts: Sequence[int], melds: int = 0, current: int | None = None) -> list[int]:
    """Kinds whose draw lowers the shanten of a 3k+1-tile hand (its acceptance).

    Only the drawn kind's group changes, so each kind costs one group lookup and
    one combination lookup.
    """
    c = tuple(counts)
    now = shanten(c, melds) if current is None else current
    groups = [c[0:9], c[9:18], c[18:27], c[27:34]]
    opts = [_suit_options(groups[0]), _suit_options(groups[1]), _suit_options(groups[2]),
            _honor_options(groups[3])]
    closed = melds == 0
    if closed:
        pairs = sum(1 for x in c if x >= 2)
        kinds = sum(1 for x in c if x)
        yao = sum(1 for k in _YAOCHUU if c[k])
        yao_pair = any(c[k] >= 2 for k in _YAOCHUU)
    out = []
    for k in range(34):
        x = c[k]
        if x >= 4:
            continue
        g, i = (k // 9, k % 9) if k < 27 else (3, k - 27)
        if closed:
            p2 = pairs + (x == 1)
            if 6 - p2 + max(0, 7 - kinds - (x == 0)) < now:
                out.append(k)
                continue
            if k in _YAOCHUU_SET and 13 - yao - (x == 0) - (yao_pair or x == 1) < now:
                out.append(k)
                continue
        elif g < 3 and not _touches(groups[g], i):
            continue
        cell = list(groups[g])
        cell[i] += 1
        o = opts[:]
        o[g] = _suit_options(tuple(cell)) if g < 3 else _honor_options(tuple(cell))
        key = (o[0], o[1], o[2], o[3], melds)
        value = _COMBINED.get(key)
        if value is None:
            value = _combine(*key)
            _COMBINED[key] = value
        if value < now:
            out.append(k)
    return out


def _touches(group: tuple[int, ...], i: int) -> bool:
    """Whether a suit tile at index ``i`` is within two of a held tile of its suit."""
    return any(group[j] for j in range(max(0, i - 2), min(9, i + 3)))
