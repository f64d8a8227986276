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

__all__ = ["shanten", "regular_shanten", "seven_pairs_shanten", "thirteen_orphans_shanten", "improving_kinds",
           "discard_shanten"]

# A group's options: tuples (sets, partials, pair) with pair 0/1, no option dominated by another.
Options = tuple[tuple[int, int, int], ...]

_SUIT_CACHE: dict[tuple[int, ...], Options] = {}
_HONOR_CACHE: dict[tuple[int, ...], Options] = {}
_HAND_CACHE: dict[tuple[tuple[int, ...], int], int] = {}
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
    return _combined_value(_suit_id(c[0:9]), _suit_id(c[9:18]), _suit_id(c[18:27]), _honor_id(c[27:34]), melds)


# Each distinct Options tuple gets a small int id, so the combination cache is keyed by five ints
# (hashing nested tuples on every lookup was most of the bots' time).
_OPTION_ID: dict[Options, int] = {}
_OPTIONS: list[Options] = []
_SUIT_ID: dict[tuple[int, ...], int] = {}
_HONOR_ID: dict[tuple[int, ...], int] = {}
_SHIFTED_ID: dict[tuple[tuple[int, ...], bool, int], tuple[int, ...]] = {}
_COMBINED_ID: dict[tuple[int, int, int, int, int], int] = {}


def _intern(opts: Options) -> int:
    oid = _OPTION_ID.get(opts)
    if oid is None:
        oid = _OPTION_ID[opts] = len(_OPTIONS)
        _OPTIONS.append(opts)
    return oid


def _suit_id(key: tuple[int, ...]) -> int:
    oid = _SUIT_ID.get(key)
    if oid is None:
        oid = _SUIT_ID[key] = _intern(_suit_options(key))
    return oid


def _honor_id(key: tuple[int, ...]) -> int:
    oid = _HONOR_ID.get(key)
    if oid is None:
        oid = _HONOR_ID[key] = _intern(_honor_options(key))
    return oid


def _plus_ids(group: tuple[int, ...], honor: bool) -> tuple[int, ...]:
    """The option id of ``group`` with one more tile of each kind (-1 where it holds four)."""
    return _shifted_ids(group, honor, 1)


def _minus_ids(group: tuple[int, ...], honor: bool) -> tuple[int, ...]:
    """The option id of ``group`` with one tile fewer of each kind (-1 where it holds none)."""
    return _shifted_ids(group, honor, -1)


def _shifted_ids(group: tuple[int, ...], honor: bool, step: int) -> tuple[int, ...]:
    """The option id of ``group`` with each kind's count moved by ``step`` (-1 where that leaves 0..4)."""
    key = (group, honor, step)
    ids = _SHIFTED_ID.get(key)
    if ids is None:
        of = _honor_id if honor else _suit_id
        out = []
        for i, x in enumerate(group):
            if not 0 <= x + step <= 4:
                out.append(-1)
            else:
                cell = list(group)
                cell[i] += step
                out.append(of(tuple(cell)))
        ids = _SHIFTED_ID[key] = tuple(out)
    return ids


def _combined_value(i0: int, i1: int, i2: int, i3: int, melds: int) -> int:
    key = (i0, i1, i2, i3, melds)
    value = _COMBINED_ID.get(key)
    if value is None:
        value = _COMBINED_ID[key] = _combine(_OPTIONS[i0], _OPTIONS[i1], _OPTIONS[i2], _OPTIONS[i3], melds)
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


def discard_shanten(counts: Sequence[int], melds: int = 0) -> dict[int, int]:
    """For each kind held in a 3k+2-tile hand, the hand's :func:`shanten` after discarding one of it
    (the same values, from the four groups' options: only the discarded kind's group changes)."""
    c = tuple(counts)
    groups = (c[0:9], c[9:18], c[18:27], c[27:34])
    i0, i1, i2, i3 = _suit_id(groups[0]), _suit_id(groups[1]), _suit_id(groups[2]), _honor_id(groups[3])
    i01, i23 = _merged(i0, i1), _merged(i2, i3)
    rests = (_merged(i1, i23), _merged(i0, i23), _merged(i01, i3), _merged(i01, i2))
    closed = melds == 0
    if closed:
        pairs = sum(1 for x in c if x >= 2)
        kinds = sum(1 for x in c if x)
        yao = sum(1 for k in _YAOCHUU if c[k])
        yao_pairs = sum(1 for k in _YAOCHUU if c[k] >= 2)
    out: dict[int, int] = {}
    for g in range(4):
        minus = _minus_ids(groups[g], g == 3)
        rest = rests[g]
        for i, mid in enumerate(minus):
            if mid < 0:
                continue
            key = (mid, rest, melds)
            value = _PAIR_VALUE.get(key)
            if value is None:
                value = _PAIR_VALUE[key] = _pair_value(mid, rest, melds)
            if closed:
                k = 9 * g + i
                x = c[k]
                seven = 6 - (pairs - (x == 2)) + max(0, 7 - (kinds - (x == 1)))
                if k in _YAOCHUU_SET:
                    orphans = 13 - (yao - (x == 1)) - (yao_pairs - (x == 2) > 0)
                else:
                    orphans = 13 - yao - (yao_pairs > 0)
                value = min(value, seven, orphans)
            out[9 * g + i] = value
    return out


def improving_kinds(counts: Sequence[int], melds: int = 0, current: int | None = None) -> list[int]:
    """Kinds whose draw lowers the shanten of a 3k+1-tile hand (its acceptance).

    Only the drawn kind's group changes: each group's improving draws are memoised on the group's
    pattern, the combined options of the other three groups, ``melds`` and the current shanten.
    Seven pairs and thirteen orphans (closed hands) are counted from the hand's pair and kind counts.
    """
    c = tuple(counts)
    now = shanten(c, melds) if current is None else current
    groups = (c[0:9], c[9:18], c[18:27], c[27:34])
    i0, i1, i2, i3 = _suit_id(groups[0]), _suit_id(groups[1]), _suit_id(groups[2]), _honor_id(groups[3])
    i01, i23 = _merged(i0, i1), _merged(i2, i3)
    rests = (_merged(i1, i23), _merged(i0, i23), _merged(i01, i3), _merged(i01, i2))
    found: set[int] = set()
    for g in range(4):
        key = (groups[g], rests[g], melds, now)
        hits = _GROUP_IMPROVERS.get(key)
        if hits is None:
            hits = _group_improvers(*key)
            if len(_GROUP_IMPROVERS) > 500_000:
                _GROUP_IMPROVERS.clear()
            _GROUP_IMPROVERS[key] = hits
        base = 9 * g
        found.update(base + i for i in hits)
    if melds == 0:
        found.update(_special_improvers(c, now))
    return sorted(found)


def _special_improvers(c: tuple[int, ...], now: int) -> list[int]:
    """Kinds whose draw lowers a closed hand's seven-pairs or thirteen-orphans shanten below ``now``."""
    out: list[int] = []
    pairs = kinds = 0
    for x in c:
        if x:
            kinds += 1
            if x >= 2:
                pairs += 1
    if 5 - pairs + max(0, 7 - kinds) < now:   # a second copy of a single makes a pair
        out.extend(k for k in range(34) if c[k] == 1)
        if kinds < 7:                         # and a new kind counts when fewer than seven are held
            out.extend(k for k in range(34) if c[k] == 0)
    yao = yao_pair = 0
    for k in _YAOCHUU:
        if c[k]:
            yao += 1
            if c[k] >= 2:
                yao_pair = 1
    if 12 - yao - yao_pair < now:             # a missing terminal or honour, or a pair of one held
        out.extend(k for k in _YAOCHUU if c[k] == 0 or (c[k] == 1 and not yao_pair))
    return out


_MERGED: dict[tuple[int, int], int] = {}
_GROUP_IMPROVERS: dict[tuple[tuple[int, ...], int, int, int], tuple[int, ...]] = {}


def _merged(a: int, b: int) -> int:
    """The option id of two groups taken together (sets, partials and pairs added; one pair at most)."""
    key = (a, b)
    mid = _MERGED.get(key)
    if mid is None:
        found = {(m1 + m2, t1 + t2, p1 + p2) for m1, t1, p1 in _OPTIONS[a] for m2, t2, p2 in _OPTIONS[b]
                 if p1 + p2 <= 1}
        mid = _MERGED[key] = _intern(_prune(found))
    return mid


def _group_improvers(group: tuple[int, ...], rest: int, melds: int, now: int) -> tuple[int, ...]:
    """Indices of ``group`` whose extra tile brings the regular shanten below ``now``, the other groups'
    options being ``rest``."""
    out = []
    for i, pid in enumerate(_plus_ids(group, len(group) == 7)):
        if pid >= 0:
            key = (pid, rest, melds)
            value = _PAIR_VALUE.get(key)
            if value is None:
                value = _PAIR_VALUE[key] = _pair_value(pid, rest, melds)
            if value < now:
                out.append(i)
    return tuple(out)


_PAIR_VALUE: dict[tuple[int, int, int], int] = {}


def _pair_value(a: int, b: int, melds: int) -> int:
    """The regular shanten of two option sets taken together, with ``melds`` sets already made."""
    best = 8
    for m1, t1, p1 in _OPTIONS[a]:
        for m2, t2, p2 in _OPTIONS[b]:
            p = p1 + p2
            if p > 1:
                continue
            m = m1 + m2 + melds
            value = 8 - 2 * m - min(t1 + t2, 4 - m) - p
            if value < best:
                best = value
    return best
