"""The readings of a Beijing hand: every way its tiles, wild tiles standing for any tile, make a win.

A *reading* is one concrete completion: each wild tile given a kind, the concealed tiles split
into sets and a pair (or seven pairs), with what the fans need to know of it (:class:`Shape`).
The scorer (:mod:`mjlog.rules.beijing.scorer`) keeps the reading worth the most fan.

Kinds are mjlog's 0..33 (1m..9m, 1p..9p, 1s..9s, E S W N, 白 發 中).

>>> wild_kind(8), wild_kind(30), wild_kind(33), wild_kind(31)
(0, 27, 32, 33)
>>> [s.form for s in shapes([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, 10, 10], (), 10)][:1]
['standard']
>>> any(s.straight for s in shapes([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, 10, 10], (), 10))
True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement

#: 5 characters: the tile of 捉五魁.
FIVE_MAN = 4


def wild_kind(indicator: int) -> int:
    """The wild tile's kind shown by the indicator's kind (惠坯 → 惠牌).

    Numbers: the next in the suit, 9 → 1; winds E → S → W → N → E; dragons as the source states
    them: 中 → 發 → 白 → 中 (the reverse of riichi's dora order).
    """
    if not 0 <= indicator < 34:
        raise ValueError(f"tile kind {indicator} is not in 0..33")
    if indicator < 27:
        suit, num = divmod(indicator, 9)
        return suit * 9 + (num + 1) % 9
    if indicator < 31:
        return 27 + (indicator - 27 + 1) % 4
    return {33: 32, 32: 31, 31: 33}[indicator]


@dataclass(frozen=True, slots=True)
class Meld:
    """A call as the fans see it: ``run`` (chi) or a set of one kind (pon, kan), from ``kind``.

    ``closed`` marks a closed kan (it keeps the hand 門清).
    """

    kind: int
    run: bool
    tiles: int = 3      # 3, or 4 for a kan
    closed: bool = False


@dataclass(frozen=True, slots=True)
class Shape:
    """One reading of a complete hand: its form and the facts of it the fans read.

    ``form`` is ``'standard'`` (four sets and a pair) or ``'pairs'`` (seven pairs);
    ``tiles`` the 14 (or more, with kans) kinds after every wild tile took its kind, sorted;
    ``win`` the kind the winning tile stands for.
    """

    form: str
    tiles: tuple[int, ...]
    win: int
    all_pungs: bool = False
    straight: bool = False
    closed_five: bool = False
    luxury: bool = False

    @property
    def one_suit(self) -> bool:
        """Every tile of one suit (characters, dots or bamboo), no honours."""
        return self.tiles[-1] < 27 and self.tiles[0] // 9 == self.tiles[-1] // 9


# -- splits into sets and a pair, wild tiles ("jokers") filling the gaps ---------------------------------

Split = tuple[tuple[bool, int], ...]       # (is_run, kind) per set; the pair as (False, -1 - kind)


def _gap_fills(counts: list[int], kinds: tuple[int, ...]) -> tuple[int, ...]:
    """The kinds of ``kinds`` the hand lacks (to be jokers), taking the rest from ``counts`` (changed in place)."""
    missing = []
    for k in kinds:
        if counts[k]:
            counts[k] -= 1
        else:
            missing.append(k)
    return tuple(missing)


def _groups_with(i: int, need_pair: bool) -> list[tuple[tuple[bool, int], tuple[int, ...]]]:
    """The groups that can hold kind ``i``: (its entry in a split, its kinds)."""
    groups: list[tuple[tuple[bool, int], tuple[int, ...]]] = [((False, -1 - i), (i, i))] if need_pair else []
    groups.append(((False, i), (i, i, i)))
    if i < 27:
        lo = i - i % 9
        groups += [((True, s), (s, s + 1, s + 2)) for s in (i - 2, i - 1, i) if lo <= s <= lo + 6]
    return groups


@lru_cache(maxsize=65536)
def _splits(counts: tuple[int, ...], jokers: int, need_pair: bool) -> tuple[tuple[Split, tuple[int, ...]], ...]:
    """Every split of ``counts`` and ``jokers`` wild tiles into sets (and one pair when ``need_pair``).

    Each answer is ``(split, joker kinds)``: what the wild tiles stand for. The lowest kind left is
    put in each group that can hold it, the group's other tiles taken from the hand where it has
    them and from the jokers where not (taking a joker where the hand has the tile gives no reading
    the other choice does not).
    """
    i = next((k for k, c in enumerate(counts) if c), -1)
    if i < 0:
        return _joker_groups(jokers, need_pair)
    out: list[tuple[Split, tuple[int, ...]]] = []
    for entry, kinds in _groups_with(i, need_pair):
        left = list(counts)
        fills = _gap_fills(left, kinds)
        if len(fills) > jokers:
            continue
        still_pair = need_pair and entry[1] >= 0
        for rest, more in _splits(tuple(left), jokers - len(fills), still_pair):
            out.append(((entry,) + rest, fills + more))
    return tuple(out)


def _joker_groups(jokers: int, need_pair: bool) -> tuple[tuple[Split, tuple[int, ...]], ...]:
    """Groups made of wild tiles alone: any pair, pung or run (no more than three jokers reach here)."""
    if jokers == 0:
        return (((), ()),) if not need_pair else ()
    if need_pair and jokers == 2:
        return tuple((((False, -1 - k),), (k, k)) for k in range(34))
    if not need_pair and jokers == 3:
        pungs = [(((False, k),), (k, k, k)) for k in range(34)]
        runs = [(((True, s),), (s, s + 1, s + 2)) for s in range(27) if s % 9 <= 6]
        return tuple(pungs + runs)
    return ()


def _seven_pairs(counts: tuple[int, ...], jokers: int) -> Iterator[tuple[int, ...]]:
    """The joker kinds of every seven-pairs reading: each odd count filled, spare jokers as pairs."""
    odd = tuple(k for k, c in enumerate(counts) if c % 2)
    spare = jokers - len(odd)
    if spare < 0 or spare % 2:
        return
    for extra in combinations_with_replacement(range(34), spare // 2):
        yield odd + tuple(k for k in extra for _ in range(2))


# -- readings -----------------------------------------------------------------------------------------


def _meld_kinds(melds: Sequence[Meld]) -> list[int]:
    return [m.kind + (i if m.run else 0) for m in melds for i in range(m.tiles)]


def shapes(concealed: Sequence[int], melds: Sequence[Meld], win: int, wild: int | None = None) -> Iterator[Shape]:
    """Every reading of the concealed kinds ``concealed`` (the winning tile ``win`` among them).

    With a wild kind, each wild tile in the concealed hand stands for any kind (itself included),
    never making a fifth copy of a kind; when the winning tile is itself wild, what it stands for
    is the winning kind of the reading.
    """
    counts = [0] * 34
    for k in concealed:
        counts[k] += 1
    jokers = 0
    if wild is not None:
        jokers, counts[wild] = counts[wild], 0
    base = tuple(counts)
    fixed = _meld_kinds(melds)
    win_is_wild = jokers > 0 and win == wild
    for split, fills in _splits(base, jokers, True):
        tiles = _tiles(base, fills, fixed)
        if tiles is None:
            continue
        sets = [(run, k) for run, k in split if k >= 0] + [(m.run, m.kind) for m in melds]
        runs = {k for run, k in sets if run}
        straight = any({s, s + 3, s + 6} <= runs for s in (0, 9, 18))
        for w in (set(fills) if win_is_wild else (win,)):
            closed_five = w == FIVE_MAN and (True, FIVE_MAN - 1) in split
            yield Shape("standard", tiles, w, all_pungs=not runs, straight=straight, closed_five=closed_five)
    if melds:
        return
    for fills in _seven_pairs(base, jokers):
        tiles = _tiles(base, fills, fixed)
        if tiles is not None:
            for w in (set(fills) if win_is_wild else (win,)):
                yield Shape("pairs", tiles, w, luxury=any(tiles.count(k) == 4 for k in set(tiles)))


def _tiles(base: tuple[int, ...], fills: tuple[int, ...], fixed: list[int]) -> tuple[int, ...] | None:
    """The reading's kinds, sorted; None when it would need a fifth copy of a kind."""
    tiles = sorted([k for k, c in enumerate(base) for _ in range(c)] + list(fills) + fixed)
    for k in set(fills):
        if tiles.count(k) > 4:
            return None
    return tuple(tiles)
