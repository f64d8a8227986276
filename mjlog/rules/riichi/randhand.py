"""Random complete hands with a consistent situation, for differential tests and benchmarks.

>>> import random
>>> w = random_win(random.Random(7))
>>> len(w.concealed) + 3 * sum(1 for m in w.melds if m.kind.value != "kita") == 14
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from mjlog.ir import Call, CallKind
from mjlog.rules.riichi.events import KITA
from mjlog.rules.riichi.context import WinContext
from mjlog.rules.riichi.ruleset import PRESETS, RuleSet
from mjlog.tiles import NORTH, SANMA_ABSENT_KINDS, YAOCHUU_KINDS


@dataclass(frozen=True, slots=True)
class RandomWin:
    """A generated winning hand: concealed ids (with the winning tile), calls, situation, rules."""

    concealed: tuple[int, ...]
    melds: tuple[Call, ...]
    win_tile: int
    context: WinContext
    rules: RuleSet


_THEMES = ("any", "any", "any", "any", "one-suit", "honors", "terminals", "simple", "green", "winds",
           "dragons", "triplets")
_GREEN = (19, 20, 21, 23, 25, 32)


class _Pool:
    def __init__(self, rng: random.Random, players: int) -> None:
        self.rng = rng
        self.free = {k: [k * 4 + c for c in range(4)] for k in range(34)
                     if not (players == 3 and k in SANMA_ABSENT_KINDS)}

    def left(self, k: int) -> int:
        return len(self.free.get(k, ()))

    def take(self, k: int) -> int:
        ids = self.free[k]
        return ids.pop(self.rng.randrange(len(ids)))


def _kinds_for(theme: str, rng: random.Random, players: int) -> list[int]:
    allowed = [k for k in range(34) if not (players == 3 and k in SANMA_ABSENT_KINDS)]
    suit = rng.choice((0, 1, 2) if players == 4 else (1, 2))
    table = {
        "one-suit": [k for k in allowed if k // 9 == suit or (k >= 27 and rng.random() < 0.5)],
        "honors": [k for k in allowed if k >= 27 or (k in YAOCHUU_KINDS and rng.random() < 0.3)],
        "terminals": [k for k in allowed if k in YAOCHUU_KINDS or k % 9 in (1, 2, 6, 7)],
        "simple": [k for k in allowed if k not in YAOCHUU_KINDS],
        "green": [k for k in allowed if k in _GREEN or k in (18, 22, 24)],
        "winds": [k for k in allowed if 27 <= k <= 30 or rng.random() < 0.3],
        "dragons": [k for k in allowed if k >= 31 or rng.random() < 0.3],
    }
    return table.get(theme, allowed)


def _regular(rng: random.Random, pool: _Pool, players: int, theme: str):
    """Four sets as (kind, start kind, tile ids), the tiles taken from the pool."""
    kinds = _kinds_for(theme, rng, players)
    sets: list[tuple[str, int, list[int]]] = []
    tries = 0
    while len(sets) < 4 and tries < 200:
        tries += 1
        k = rng.choice(kinds)
        run_ok = players == 4 and k < 27 and k % 9 <= 6 and all(k + i in kinds for i in range(3))
        if run_ok and theme != "triplets" and rng.random() < 0.6:
            if all(pool.left(k + i) >= 1 for i in range(3)):
                sets.append(("run", k, [pool.take(k + i) for i in range(3)]))
                continue
        if pool.left(k) >= 3:
            sets.append(("trip", k, [pool.take(k) for _ in range(3)]))
    if len(sets) < 4:
        return None
    return sets


def random_win(rng: random.Random, players: int | None = None) -> RandomWin:
    """One random complete hand with a random, consistent situation."""
    while True:
        w = _try(rng, players)
        if w is not None:
            return w


def _try(rng: random.Random, players: int | None) -> RandomWin | None:
    if players is None:
        players = 3 if rng.random() < 0.3 else 4
    rules = PRESETS["tenhou-3p-south" if players == 3 else "tenhou-4p-south"]
    if rng.random() < 0.1:
        rules = rules.replace(red_fives=False)
    if rng.random() < 0.15:
        rules = rules.replace(open_tanyao=False)
    pool = _Pool(rng, players)
    form = rng.random()
    melds: list[Call] = []
    concealed: list[int] = []
    if form < 0.04:          # thirteen orphans
        extra = rng.choice(YAOCHUU_KINDS)
        concealed = [pool.take(k) for k in YAOCHUU_KINDS] + [pool.take(extra)]
    elif form < 0.12:        # seven pairs
        theme = rng.choice(_THEMES)
        kinds = _kinds_for(theme, rng, players)
        if len(set(kinds)) < 7:
            return None
        for k in rng.sample(sorted(set(kinds)), 7):
            concealed += [pool.take(k), pool.take(k)]
    elif form < 0.14 and players == 4:   # nine gates
        base = 9 * rng.randrange(3)
        shape = [3, 1, 1, 1, 1, 1, 1, 1, 3]
        shape[rng.randrange(9)] += 1
        for i, n in enumerate(shape):
            concealed += [pool.take(base + i) for _ in range(n)]
    else:
        theme = rng.choice(_THEMES)
        sets = _regular(rng, pool, players, theme)
        if sets is None:
            return None
        pair_kinds = [k for k in _kinds_for(theme, rng, players) if pool.left(k) >= 2]
        if not pair_kinds:
            return None
        pair = rng.choice(pair_kinds)
        n_open = rng.choices((0, 1, 2, 3, 4), (40, 25, 15, 10, 10))[0]
        for i, (kind, k, tiles) in enumerate(sets):
            as_meld = i < n_open
            if kind == "run":
                if as_meld:
                    melds.append(Call(0, CallKind.CHI, tuple(sorted(tiles)), called=tiles[0], from_seat=3))
                else:
                    concealed += tiles
                continue
            kan = pool.left(k) >= 1 and rng.random() < 0.15
            if kan:
                tiles.append(pool.take(k))
                ck = rng.choice((CallKind.ANKAN, CallKind.DAIMINKAN, CallKind.KAKAN)) if as_meld else CallKind.ANKAN
                melds.append(Call(0, ck, tuple(tiles), called=None if ck is CallKind.ANKAN else tiles[0]))
            elif as_meld:
                melds.append(Call(0, CallKind.PON, tuple(sorted(tiles)), called=tiles[0], from_seat=2))
            else:
                concealed += tiles
        concealed += [pool.take(pair), pool.take(pair)]
    rng.shuffle(concealed)
    win = concealed[-1]
    kita = 0
    if players == 3 and rng.random() < 0.4:
        kita = min(pool.left(NORTH), rng.choice((1, 1, 2, 3, 4)))
        for _ in range(kita):
            melds.append(Call(0, KITA, (pool.take(NORTH),)))
    rng.shuffle(melds)
    return RandomWin(tuple(concealed), tuple(melds), win, _situation(rng, pool, melds, players), rules)


def _situation(rng: random.Random, pool: _Pool, melds: list[Call], players: int) -> WinContext:
    opened = any(m.kind.is_open for m in melds)
    kans = sum(1 for m in melds if m.kind.is_kan)
    any_call = any(m.kind is not KITA for m in melds)
    seat = rng.randrange(players)
    tsumo = rng.random() < 0.5
    riichi = not opened and rng.random() < 0.45
    double = riichi and rng.random() < 0.08
    rinshan = tsumo and (kans > 0 or any(m.kind is KITA for m in melds)) and rng.random() < 0.3
    ippatsu = riichi and not rinshan and rng.random() < 0.2
    haitei = tsumo and not rinshan and rng.random() < 0.06
    houtei = not tsumo and rng.random() < 0.06
    chankan = not tsumo and not houtei and rng.random() < 0.04
    first = tsumo and not any_call and not riichi and rng.random() < 0.03
    n_dora = 1 + kans
    left = [t for ids in pool.free.values() for t in ids]
    picks = rng.sample(left, 2 * n_dora)
    return WinContext(
        seat_wind=seat, round_wind=rng.choice((0, 0, 0, 1, 1, 1, 2, 3)), tsumo=tsumo, riichi=riichi and not double,
        double_riichi=double, ippatsu=ippatsu, haitei=haitei, houtei=houtei, rinshan=rinshan,
        chankan=chankan, tenhou=first and seat == 0, chiihou=first and seat != 0,
        dora_indicators=tuple(picks[:n_dora]), ura_indicators=tuple(picks[n_dora:]) if riichi else (),
    )
