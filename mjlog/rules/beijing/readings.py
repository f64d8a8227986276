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


# -- concrete hands ------------------------------------------------------------------------------------


@lru_cache(maxsize=65536)
def _set_splits(counts: tuple[int, ...], need_pair: bool) -> tuple[tuple[tuple[bool, int], ...], ...]:
    """Every split of ``counts`` into sets (and one pair when ``need_pair``): tuples of (is_run, kind).

    The pair is written as ``(False, -1 - kind)`` so that it sorts apart from the sets.
    """
    i = next((k for k, c in enumerate(counts) if c), -1)
    if i < 0:
        return ((),) if not need_pair else ()
    out: list[tuple[tuple[bool, int], ...]] = []
    c = list(counts)
    if need_pair and c[i] >= 2:
        c[i] -= 2
        out.extend(((False, -1 - i),) + rest for rest in _set_splits(tuple(c), False))
        c[i] += 2
    if c[i] >= 3:
        c[i] -= 3
        out.extend(((False, i),) + rest for rest in _set_splits(tuple(c), need_pair))
        c[i] += 3
    if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        for k in (i, i + 1, i + 2):
            c[k] -= 1
        out.extend(((True, i),) + rest for rest in _set_splits(tuple(c), need_pair))
    return tuple(out)


def _standard(counts: tuple[int, ...], melds: Sequence[Meld], tiles: tuple[int, ...], win: int) -> Iterator[Shape]:
    for split in _set_splits(counts, True):
        sets = [(run, k) for run, k in split if k >= 0] + [(m.run, m.kind) for m in melds]
        runs = {k for run, k in sets if run}
        straight = any({s, s + 3, s + 6} <= runs for s in (0, 9, 18))
        closed_five = win == FIVE_MAN and (True, FIVE_MAN - 1) in split
        yield Shape("standard", tiles, win, all_pungs=not runs, straight=straight, closed_five=closed_five)


def _pairs(counts: tuple[int, ...], tiles: tuple[int, ...], win: int) -> Iterator[Shape]:
    if sum(counts) == 14 and all(c in (0, 2, 4) for c in counts):
        yield Shape("pairs", tiles, win, luxury=4 in counts)


def concrete_shapes(counts: tuple[int, ...], melds: Sequence[Meld], win: int) -> Iterator[Shape]:
    """The readings of a hand without wild tiles: ``counts`` are the concealed kinds, win included."""
    tiles = tuple(sorted([k for k, c in enumerate(counts) for _ in range(c)]
                         + [m.kind + (i if m.run else 0) for m in melds for i in range(m.tiles)]))
    yield from _standard(counts, melds, tiles, win)
    if not melds:
        yield from _pairs(counts, tiles, win)


# -- wild tiles ----------------------------------------------------------------------------------------


def shapes(concealed: Sequence[int], melds: Sequence[Meld], win: int, wild: int | None = None) -> Iterator[Shape]:
    """Every reading of the concealed kinds ``concealed`` (the winning tile ``win`` among them).

    With a wild kind, each wild tile in the concealed hand stands for any kind (itself included),
    never making a fifth copy of a kind; when the winning tile is itself wild, what it stands for
    is the winning kind of the reading.
    """
    counts = [0] * 34
    for k in concealed:
        counts[k] += 1
    jokers = counts[wild] if wild is not None else 0
    if jokers == 0:
        yield from concrete_shapes(tuple(counts), melds, win)
        return
    counts[wild] = 0  # type: ignore[index]
    in_melds = [0] * 34
    for m in melds:
        for i in range(m.tiles):
            in_melds[m.kind + (i if m.run else 0)] += 1
    win_is_wild = win == wild
    for subs in combinations_with_replacement(range(34), jokers):
        filled = list(counts)
        for k in subs:
            filled[k] += 1
        if any(filled[k] + in_melds[k] > 4 for k in set(subs)):
            continue
        for w in (set(subs) if win_is_wild else (win,)):
            yield from concrete_shapes(tuple(filled), melds, w)
