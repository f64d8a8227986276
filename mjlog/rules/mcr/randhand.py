"""Random winning MCR hands for differential tests and benchmarks: every shape, meld and flag.

Regular hands (chows, pungs and kongs of every kind, claimed or concealed, often from one or
two suits and in shifted or repeated runs so that the combination fans appear), seven pairs
and seven shifted pairs, thirteen orphans, 全不靠 and 七星不靠, 组合龙 with a set and a pair,
nine gates; with flowers, both winds and every situational flag. The flags are drawn freely:
the calculator keeps only what the hand allows (a robbed kong needs the winning tile's only copy).

>>> import random
>>> w = random_win(random.Random(1))
>>> len(w.hand.concealed) + 1 + 3 * len(w.hand.melds)
14
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from mjlog.rules.mcr.hand import McrHand, Meld, MeldKind, WinSituation

ORPHAN_KINDS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
#: The knitted straights as kinds: 147, 258, 369 of the three suits in every assignment.
KNITTED_KINDS = tuple(tuple(sorted(s * 9 + start + 3 * i for s, start in enumerate(p) for i in range(3)))
                      for p in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)))


@dataclass(frozen=True, slots=True)
class RandomWin:
    """A generated hand, how it was won, and which shape the generator aimed at."""

    hand: McrHand
    situation: WinSituation
    shape: str


class _Pool:
    """Tile ids handed out kind by kind, four copies each."""

    def __init__(self) -> None:
        self.used = [0] * 34

    def can(self, kinds: list[int]) -> bool:
        need: dict[int, int] = {}
        for k in kinds:
            need[k] = need.get(k, 0) + 1
        return all(self.used[k] + n <= 4 for k, n in need.items())

    def take(self, kinds: list[int]) -> tuple[int, ...]:
        out = []
        for k in kinds:
            out.append(k * 4 + self.used[k])
            self.used[k] += 1
        return tuple(out)


def random_win(rng: random.Random) -> RandomWin:
    """One random winning hand."""
    shape = rng.choices(("regular", "seven", "orphans", "knitted-honors", "knitted", "gates"),
                        weights=(80, 8, 2, 3, 5, 2))[0]
    while True:
        made = _MAKERS[shape](rng)
        if made is not None:
            break
    concealed, melds = made
    win_index = _win_index(rng, concealed)
    win = concealed[win_index]
    rest = concealed[:win_index] + concealed[win_index + 1:]
    flowers = tuple(sorted(rng.sample(range(136, 144), rng.choice((0, 0, 0, 0, 0, 1, 1, 2, 3, 8)))))
    self_drawn = rng.random() < 0.5
    kong = rng.random() < 0.15
    sit = WinSituation(
        self_drawn=self_drawn, wall_last=rng.random() < 0.1, robbed_kong=kong and not self_drawn,
        after_kong=kong and self_drawn, last_copy=rng.random() < 0.15,
        seat_wind=rng.randrange(4), round_wind=rng.randrange(4),
    )
    return RandomWin(McrHand(tuple(rest), tuple(melds), win, flowers), sit, shape)


def _win_index(rng: random.Random, concealed: list[int]) -> int:
    return rng.randrange(len(concealed))


def _palette(rng: random.Random) -> tuple[list[int], bool]:
    """The suits (0 m, 1 p, 2 s) a hand draws from, and whether honours may appear."""
    r = rng.random()
    suits = [rng.randrange(3)] if r < 0.3 else rng.sample(range(3), 2) if r < 0.55 else [0, 1, 2]
    return suits, rng.random() < 0.5


@dataclass(frozen=True, slots=True)
class _Theme:
    """What a regular hand leans to: which honours, how often, and which sets and pairs are allowed."""

    honors: tuple[int, ...] = tuple(range(27, 34))
    honor_share: float = 0.2
    set_ok: Callable[[list[int]], bool] = lambda kinds: True
    pair_ok: Callable[[int], bool] = lambda kind: True
    rotate_suits: bool = False


def _rank(k: int) -> int:
    return k % 9 + 1 if k < 27 else 0


_THEMES = {
    "plain": _Theme(),
    "winds": _Theme(honors=(27, 28, 29, 30), honor_share=0.7),
    "dragons": _Theme(honors=(31, 32, 33), honor_share=0.6),
    "orphans": _Theme(honor_share=0.4, set_ok=lambda ks: all(k in ORPHAN_KINDS for k in ks),
                      pair_ok=lambda k: k in ORPHAN_KINDS),
    "terminals": _Theme(honor_share=0.0, set_ok=lambda ks: all(_rank(k) in (1, 9) for k in ks),
                        pair_ok=lambda k: _rank(k) in (1, 9)),
    "green": _Theme(honors=(32,), honor_share=0.2, set_ok=lambda ks: all(k in _GREEN for k in ks),
                    pair_ok=lambda k: k in _GREEN),
    "even": _Theme(honor_share=0.0, set_ok=lambda ks: all(_rank(k) % 2 == 0 for k in ks),
                   pair_ok=lambda k: _rank(k) % 2 == 0),
    "fives": _Theme(honor_share=0.0, set_ok=lambda ks: 5 in {_rank(k) for k in ks}, pair_ok=lambda k: _rank(k) == 5),
    "upper": _Theme(honor_share=0.0, set_ok=lambda ks: all(_rank(k) >= 6 for k in ks), pair_ok=lambda k: _rank(k) >= 6),
    "lower": _Theme(honor_share=0.0, set_ok=lambda ks: all(1 <= _rank(k) <= 4 for k in ks),
                    pair_ok=lambda k: 1 <= _rank(k) <= 4),
    "middle": _Theme(honor_share=0.0, set_ok=lambda ks: all(4 <= _rank(k) <= 6 for k in ks),
                     pair_ok=lambda k: 4 <= _rank(k) <= 6),
    "outside-chows": _Theme(honor_share=0.0, set_ok=lambda ks: {_rank(k) for k in ks} & {1, 9} != set(),
                            pair_ok=lambda k: _rank(k) == 5),
    "three-suits": _Theme(honor_share=0.0, rotate_suits=True),
}
_GREEN: tuple[int, ...] = (19, 20, 21, 23, 25, 32)
_THEME_WEIGHTS = {"plain": 40, "winds": 6, "dragons": 6, "orphans": 5, "terminals": 3, "green": 4, "even": 3,
                  "fives": 3, "upper": 3, "lower": 3, "middle": 3, "outside-chows": 4, "three-suits": 8}


def _regular(rng: random.Random) -> tuple[list[int], list[Meld]] | None:
    pool = _Pool()
    theme = _THEMES[rng.choices(list(_THEME_WEIGHTS), weights=list(_THEME_WEIGHTS.values()))[0]]
    suits, honors = _palette(rng)
    if theme.rotate_suits:
        suits = rng.sample(range(3), 3)
    honors = honors or theme.honor_share > 0.3
    openness = rng.choice((0.0, 0.0, 0.3, 0.6, 1.0))
    pattern = theme.rotate_suits or rng.random() < 0.35
    base, step = rng.randrange(1, 6), rng.choice((0, 1, 2, 3))
    if theme.rotate_suits:
        step = rng.choice((0, 0, 1, 3))
    concealed: list[int] = []
    melds: list[Meld] = []
    for i in range(4):
        for _ in range(60):
            what: MeldKind = rng.choices(("chow", "pung", "kong"), weights=(50, 35, 15))[0]
            if honors and rng.random() < theme.honor_share:
                kind = rng.choice(theme.honors)
                if what == "chow":
                    what = "pung"
            else:
                suit = suits[i % len(suits)] if theme.rotate_suits else rng.choice(suits)
                top = 7 if what == "chow" else 9
                rank = min(top, max(1, base + step * i)) if pattern and rng.random() < 0.8 else rng.randint(1, top)
                kind = suit * 9 + rank - 1
            kinds = [kind, kind + 1, kind + 2] if what == "chow" else [kind] * (4 if what == "kong" else 3)
            if theme.set_ok(kinds) and pool.can(kinds):
                break
        else:
            return None
        tiles = pool.take(kinds)
        if what == "kong":
            style = rng.randrange(3)
            melds.append(Meld("kong", tiles, concealed=style == 0, added=style == 2))
        elif rng.random() < openness:
            melds.append(Meld(what, tiles))
        else:
            concealed.extend(tiles)
    pair = _pick_pair(rng, pool, suits, honors, theme)
    if pair is None:
        return None
    concealed.extend(pool.take([pair, pair]))
    return concealed, melds


def _pick_pair(rng: random.Random, pool: _Pool, suits: list[int], honors: bool,
               theme: _Theme = _THEMES["plain"]) -> int | None:
    for _ in range(60):
        kind = rng.choice(theme.honors) if honors and rng.random() < 0.3 else rng.choice(suits) * 9 + rng.randrange(9)
        if theme.pair_ok(kind) and pool.can([kind, kind]):
            return kind
    return None


def _seven(rng: random.Random) -> tuple[list[int], list[Meld]] | None:
    pool = _Pool()
    kinds: list[int] | None
    if rng.random() < 0.15:
        start = rng.randrange(3) * 9 + rng.randrange(3)
        kinds = [start + i for i in range(7)]
    else:
        suits, honors = _palette(rng)
        candidates = [s * 9 + r for s in suits for r in range(9)] + (list(range(27, 34)) if honors else [])
        kinds = rng.sample(candidates, 7) if len(candidates) >= 7 else None
        if kinds is None:
            return None
        if rng.random() < 0.15:
            kinds[-1] = kinds[0]
    return list(pool.take([k for k in kinds for _ in range(2)])), []


def _orphans(rng: random.Random) -> tuple[list[int], list[Meld]] | None:
    pool = _Pool()
    return list(pool.take(list(ORPHAN_KINDS) + [rng.choice(ORPHAN_KINDS)])), []


def _knitted_honors(rng: random.Random) -> tuple[list[int], list[Meld]] | None:
    pool = _Pool()
    seq = rng.choice(KNITTED_KINDS)
    n = rng.choice((7, 8, 9))
    kinds = rng.sample(seq, n) + rng.sample(range(27, 34), 14 - n)
    return list(pool.take(kinds)), []


def _knitted(rng: random.Random) -> tuple[list[int], list[Meld]] | None:
    pool = _Pool()
    seq = list(rng.choice(KNITTED_KINDS))
    concealed = list(pool.take(seq))
    melds: list[Meld] = []
    suits, honors = _palette(rng)
    what: MeldKind = rng.choice(("chow", "pung", "kong"))
    for _ in range(30):
        kind = (27 + rng.randrange(7) if honors and rng.random() < 0.4
                else rng.randrange(3) * 9 + rng.randrange(7 if what == "chow" else 9))
        if kind >= 27 and what == "chow":
            continue
        kinds = [kind, kind + 1, kind + 2] if what == "chow" else [kind] * (4 if what == "kong" else 3)
        if pool.can(kinds):
            break
    else:
        return None
    tiles = pool.take(kinds)
    if what == "kong" or rng.random() < 0.4:
        style = rng.randrange(3) if what == "kong" else 1
        melds.append(Meld(what, tiles, concealed=style == 0, added=style == 2))
    else:
        concealed.extend(tiles)
    pair = _pick_pair(rng, pool, [0, 1, 2], honors)
    if pair is None:
        return None
    concealed.extend(pool.take([pair, pair]))
    return concealed, melds


def _gates(rng: random.Random) -> tuple[list[int], list[Meld]] | None:
    pool = _Pool()
    suit = rng.randrange(3) * 9
    kinds = [suit] * 3 + [suit + r for r in range(1, 8)] + [suit + 8] * 3 + [suit + rng.randrange(9)]
    return list(pool.take(kinds)), []


_MAKERS = {"regular": _regular, "seven": _seven, "orphans": _orphans, "knitted-honors": _knitted_honors,
           "knitted": _knitted, "gates": _gates}
