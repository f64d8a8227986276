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

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import permutations, product
from typing import NamedTuple

from mjlog.frozen import builder

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
    """Concealed tiles read as sets and a pair: ``sets`` as ``(CHOW, middle)`` or ``(PUNG, tile)``
    in canonical order, the same sets apart as ``chows`` (middle codes) and ``pungs`` (tile codes), ascending."""

    sets: tuple[tuple[int, int], ...]
    chows: tuple[int, ...]
    pungs: tuple[int, ...]
    pair: int


_new_division = builder(Division)       # one for every reading of every hand: a third of the constructor's cost


class GroupReading(NamedTuple):
    """One reading of one suit's (or the honours') tiles: its sets, chows, pungs and pair (0: none)."""

    sets: tuple[tuple[int, int], ...]
    chows: tuple[int, ...]
    pungs: tuple[int, ...]
    pair: int


def divisions(counts: list[int], n_sets: int) -> list[Division]:
    """Every reading of ``counts`` as ``n_sets`` sets and a pair, in canonical order.

    Sets are taken in ascending order of their first tile, a pung before a chow on the same
    tile; the order decides between readings of equal value. Each suit and the honours are read
    on their own (and remembered); the readings of the groups are then combined.
    """
    if sum(counts) != 3 * n_sets + 2:
        return []
    options: list[tuple[GroupReading, ...]] = []
    paired = 0
    for base in (10, 20, 30, 40):
        key = tuple(counts[base + 1:base + 10])
        if any(key):
            group = _suit_readings(key, base)
            if not group:
                return []
            options.append(group)
            paired += group[0].pair > 0          # a group's readings all hold a pair or none does
    if paired != 1:
        return []
    # each group's sets come in canonical order and the groups in code order, so the joined sets
    # are in canonical order too; only several readings need sorting
    found = []
    for combo in product(*options):
        sets, chows, pungs, pair = combo[0]
        for r in combo[1:]:
            sets += r.sets
            chows += r.chows
            pungs += r.pungs
            pair += r.pair
        found.append(_new_division(sets, chows, pungs, pair))
    if len(found) > 1:
        found.sort(key=lambda d: [_eigen(x) for x in d.sets])
    return found


@cache
def _suit_readings(key: tuple[int, ...], base: int) -> tuple[GroupReading, ...]:
    """The readings of one group's counts (a suit's ranks 1-9 from ``base`` + 1; the honours: base 40, codes
    41-47) as sets in canonical order, with at most one pair. The three suits share one search: a suit's
    readings are :func:`_rank_readings` moved to its codes (a third of the searches on a cold start)."""
    if base == 40:
        return _readings_at(key, 40)
    return tuple(GroupReading(tuple([(k, c + base) for k, c in r.sets]), tuple([c + base for c in r.chows]),
                              tuple([c + base for c in r.pungs]), r.pair + base if r.pair else 0)
                 for r in _rank_readings(key))


@cache
def _rank_readings(key: tuple[int, ...]) -> tuple[GroupReading, ...]:
    """The readings of a suit's counts with tiles as ranks 1-9."""
    return _readings_at(key, 0)


def _readings_at(key: tuple[int, ...], base: int) -> tuple[GroupReading, ...]:
    total = sum(key)
    if total % 3 == 1:
        return ()
    work = [0] * (base + 11)
    for r, n in enumerate(key):
        work[base + 1 + r] = n
    if total % 3 == 0:
        pairs = [0]
    else:                               # the pair's rank p has 2p = the ranks' sum (mod 3), as in suit_shape
        first = 2 * sum([r * n for r, n in enumerate(key)]) % 3
        pairs = [base + 1 + r for r in range(first, len(key), 3) if key[r] >= 2]
    out = []
    for pair in pairs:
        work[pair] -= 2 if pair else 0
        for found in _sets_of(work, base):
            sets = tuple(sorted(found, key=_eigen))
            out.append(GroupReading(sets, tuple(c for k, c in sets if k == CHOW),
                                    tuple(c for k, c in sets if k != CHOW), pair))
        work[pair] += 2 if pair else 0
    return tuple(out)


def _eigen(s: tuple[int, int]) -> int:
    """A set's place in the canonical order: by first tile, a pung before a chow."""
    kind, code = s
    return 2 * code if kind == PUNG else 2 * code - 1


def _sets_of(work: list[int], start: int) -> list[list[tuple[int, int]]]:
    """Every way to split ``work`` (one suit's tiles, from ``start`` on) into sets, the lowest tile first."""
    c = start
    end = start - start % 10 + 10                      # the suit's last rank is 9: no need to look further
    while c < end and not work[c]:
        c += 1
    if c == end:
        return [[]]
    out: list[list[tuple[int, int]]] = []
    if work[c] >= 3:
        work[c] -= 3
        out.extend([(PUNG, c)] + rest for rest in _sets_of(work, c))
        work[c] += 3
    if c < 40 and c % 10 <= 7 and work[c + 1] and work[c + 2]:
        work[c] -= 1
        work[c + 1] -= 1
        work[c + 2] -= 1
        out.extend([(CHOW, c + 1)] + rest for rest in _sets_of(work, c))
        work[c] += 1
        work[c + 1] += 1
        work[c + 2] += 1
    return out


SETS_ONLY, WITH_PAIR = 1, 2


@cache
def suit_shape(counts: tuple[int, ...], pair_done: bool = False) -> int:
    """For the counts of one suit (ranks 1-9): bit 1 when they split into sets only, bit 2 when
    into sets and one pair (``pair_done``: only whether sets alone are possible)."""
    left = sum(counts) % 3               # sets alone leave 0, sets and a pair 2
    if left == 1 or (left and pair_done):
        return 0
    if not left:
        return SETS_ONLY if _sets_only(counts) else 0
    # a set's ranks sum to a multiple of 3, so the pair's rank p has 2p = the ranks' sum (mod 3)
    first = 2 * sum([r * n for r, n in enumerate(counts)]) % 3
    for p in range(first, 9, 3):
        if counts[p] >= 2:
            rest = list(counts)
            rest[p] -= 2
            if _sets_only(rest):
                return WITH_PAIR
    return 0


def _sets_only(counts: Sequence[int]) -> bool:
    """Whether one suit's counts split into sets alone. From the lowest rank up, the chows begun at a
    rank are what the chows running through it leave, modulo 3 (three chows are three pungs), so one
    pass decides (on 20,000 random suits a cold look-up took half the branching search's time or less)."""
    one = two = 0                        # chows begun one and two ranks below, still needing this rank
    for n in counts:
        n -= one + two
        if n < 0:
            return False
        two, one = one, n % 3
    return not one and not two


def _honor_shape(counts: Sequence[int]) -> int:
    pairs = counts.count(2)
    if pairs > 1 or counts.count(0) + pairs + counts.count(3) != len(counts):
        return 0
    return WITH_PAIR if pairs else SETS_ONLY


@cache
def _suit_adds(counts: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """``(rank index, shape)`` for every tile of the suit whose addition leaves a usable shape."""
    out = []
    for r in range(9):
        if counts[r] or (r > 0 and counts[r - 1]) or (r > 1 and counts[r - 2]) or (r < 8 and counts[r + 1]) \
                or (r < 7 and counts[r + 2]):
            trial = list(counts)
            trial[r] += 1
            shape = suit_shape(tuple(trial))
            if shape:
                out.append((r, shape))
    return tuple(out)


def _group_adds(key: tuple[int, ...], base: int) -> tuple[tuple[int, int], ...]:
    """``(index, shape)`` for every tile of a group (a suit's ranks from ``base`` + 1, or the honours: base
    40) whose addition leaves a usable shape."""
    if base < 40:
        return _suit_adds(key)
    out = []
    for r in range(7):
        if key[r]:
            trial = list(key)
            trial[r] += 1
            out.append((r, _honor_shape(trial)))
    return tuple(out)


def waits(counts13: list[int], n_sets: int, seven_pairs: bool) -> set[int]:
    """The tiles that complete ``counts13`` as sets and a pair (and as seven pairs when allowed)."""
    groups = [tuple(counts13[base + 1:base + 10]) for base in (10, 20, 30, 40)]
    states = [suit_shape(g) for g in groups[:3]] + [_honor_shape(groups[3])]
    out = set()
    for g, all_sets, pair_elsewhere in _wait_groups(states):
        for r, shape in _group_adds(groups[g], 10 * (g + 1)):
            if (shape & WITH_PAIR and all_sets) or (shape & SETS_ONLY and pair_elsewhere):
                out.add(10 * (g + 1) + r + 1)
    if seven_pairs and counts13.count(1) + counts13.count(3) == 1 and sum(counts13) == 13:
        out.add(next(c for c, n in enumerate(counts13) if n % 2))
    return out


def only_wait(counts13: list[int], win: int, seven_pairs: bool) -> bool:
    """Whether ``win``, which completes ``counts13`` as sets and a pair, is the only tile that does (or that
    completes seven pairs when ``seven_pairs``: a hand without melds), as :func:`waits` would tell.

    Another wait can only be in the winning tile's group or, when that group is sets alone in the
    winning hand, in the group that holds the pair: every other group is sets alone already (a third of
    the full search's cost, measured on random hands)."""
    if seven_pairs and counts13[win] % 2 == 0 and counts13.count(1) + counts13.count(3) == 1:
        return False                                # seven pairs waiting on another tile
    base = 40 if win > 40 else win - win % 10
    key = tuple(counts13[base + 1:base + 10])
    own = win - base - 1
    adds = _group_adds(key, base)
    if sum(key) % 3 == 1:                           # with the winning tile, this group holds the pair
        return not any(shape & WITH_PAIR for r, shape in adds if r != own)
    if any(shape & SETS_ONLY for r, shape in adds if r != own):
        return False
    if not (suit_shape(key) if base < 40 else _honor_shape(key)) & WITH_PAIR:
        return True
    for other in (10, 20, 30, 40):                  # the pair's group, completed by a set instead
        if other != base:
            other_key = tuple(counts13[other + 1:other + 10])
            if sum(other_key) % 3 == 2:
                return not any(shape & SETS_ONLY for _, shape in _group_adds(other_key, other))
    return True


def _wait_groups(states: list[int]) -> list[tuple[int, bool, bool]]:
    """The groups (three suits, honours) a winning tile may fall in, given each group's shape:
    ``(group, all_sets, pair_elsewhere)``: the other groups are all sets alone, or hold the pair
    in one group and sets alone in the rest."""
    bad = [g for g in range(4) if not states[g] & SETS_ONLY]   # groups that cannot be sets alone
    paired = [g for g in range(4) if states[g] & WITH_PAIR]
    if not bad:
        return [(g, True, any(i != g for i in paired)) for g in range(4)]
    if len(bad) == 1:
        b = bad[0]
        out = [(b, True, any(i != b for i in paired))]
        if b in paired:
            out.extend((g, False, True) for g in range(4) if g != b)
        return out
    if len(bad) == 2:
        a, b = bad
        return [(g, False, True) for g, other in ((a, b), (b, a)) if other in paired]
    return []


def is_seven_pairs(counts: list[int]) -> bool:
    """Fourteen tiles as seven pairs (four of a kind counts as two)."""
    return counts.count(1) + counts.count(3) == 0 and sum(counts) == 14    # counts are 0-4


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
