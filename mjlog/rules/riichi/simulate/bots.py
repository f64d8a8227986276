"""Simple, plausible bot decisions: efficiency discards, riichi, yakuhai pon, folding, kans.

The bots see only what a player may see (their own hand, rivers, calls, dora
indicators, riichi declarations), apart from the table's tile counts used to
count live acceptance. Every random choice comes from the game's bot RNG, so a
game is a pure function of its seed.

* Discard: the tile leaving the fewest tiles from a win (shanten); among those,
  the one keeping the most unseen tiles that improve the hand; then isolated
  guest honours and terminals go first.
* Riichi when closed and tenpai after the discard, with at least one deposit
  of points and enough tiles left in the wall; a hand that already has a yaku
  on every wait stays silent (dama) when it is worth 5,200 or more, and a
  third of the time when it is cheaper.
* Pon a value honour (dragons, seat wind, round wind) when it does not make
  the hand slower.
* Fold against a riichi when far from tenpai (always at 2+ shanten, four times
  in five at 1-shanten): discard tiles that are safe by genbutsu.
* A closed kan half the time when it keeps the hand (in riichi: waits unchanged).
* Nine terminals: abort unless thirteen orphans is near.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from mjlog.rules.riichi.hands import waits
from mjlog.rules.common.keep import suited_keep_value
from mjlog.rules.common.shanten import discard_shanten, improving_kinds, shanten, thirteen_orphans_shanten
from mjlog.tiles import RED_FIVES

if TYPE_CHECKING:
    from mjlog.rules.riichi.simulate.hand import HandPlay

FOLD_AT_ONE_SHANTEN = 0.8
ANKAN_CHANCE = 0.5
DAMA_POINTS = 5200        # stay silent (no riichi) when the hand already has a yaku worth this
DAMA_CHANCE = 0.35        # and now and then with a cheaper hand that has a yaku
NINE_TERMINALS_ABORT = 0.9
_YAOCHUU_SET = frozenset(k for k in range(34) if k >= 27 or k % 9 in (0, 8))


class Bot:
    """The decision policy shared by every seat; ``rng`` drives the random choices."""

    __slots__ = ("rng",)

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    # -- discards ---------------------------------------------------------------------------

    def choose_discard(self, h: HandPlay, seat: int, drawn: int | None,
                       banned: frozenset[int]) -> tuple[int, bool]:
        """(tile to discard, declare riichi) for a seat holding 3k+2 tiles."""
        if h.riichi[seat]:
            assert drawn is not None
            return drawn, False
        counts = h.counts[seat]
        melds = h.n_sets(seat)
        after = discard_shanten(counts, melds)
        by_kind = {k: v for k, v in after.items() if k not in banned}
        best = min(by_kind.values())
        kinds = list(by_kind)
        threats = h.threats(seat)
        if threats and best > 0 and (best >= 2 or self.rng.random() < FOLD_AT_ONE_SHANTEN):
            safe = [k for k in kinds if all(k in h.safe[t] for t in threats)]
            if safe:
                kind = min(safe, key=lambda k: (by_kind[k], self._keep_value(h, seat, k)))
                return h.pick_copy(seat, kind, drawn), False
        candidates = [k for k in kinds if by_kind[k] == best]
        if len(candidates) > 1 or best == 0:
            scored = []
            for k in candidates:
                counts[k] -= 1
                acc = sum(h.unseen(seat, j) for j in improving_kinds(counts, melds, best))
                counts[k] += 1
                scored.append((acc, -self._keep_value(h, seat, k), self.rng.random(), k))
            kind = max(scored)[3]
        else:
            kind = candidates[0]
        tile = h.pick_copy(seat, kind, drawn)
        return tile, best == 0 and self._riichi_ok(h, seat, kind)

    def _keep_value(self, h: HandPlay, seat: int, kind: int) -> int:
        """How much the bot wants to keep a kind (low values are discarded first)."""
        c = h.counts[seat]
        if kind in _YAOCHUU_SET and h.needs_tanyao(seat):
            return -5
        if kind >= 27:
            value = 0 if c[kind] == 1 else 4
            if kind in h.yakuhai(seat):
                value += 2
            return value
        value = suited_keep_value(c, kind)
        if any(t in RED_FIVES for t in h.hand[seat] if t >> 2 == kind) and h.rules.red_fives:
            value += 1
        return value

    def _riichi_ok(self, h: HandPlay, seat: int, kind: int) -> bool:
        if not h.closed(seat) or h.scores[seat] < h.rules.riichi_deposit:
            return False
        if h.live_left() < h.rules.players:
            return False
        counts = h.counts[seat]
        counts[kind] -= 1
        ok = bool(waits(counts))  # copies in its own closed kans do not kill a wait
        counts[kind] += 1
        if not ok:
            return False
        dama = h.dama_points(seat, h.pick_copy(seat, kind, None))
        if dama is not None and (dama >= DAMA_POINTS or self.rng.random() < DAMA_CHANCE):
            return False
        return True

    # -- calls ------------------------------------------------------------------------------

    def wants_pon(self, h: HandPlay, seat: int, tile: int) -> bool:
        """Pon a value honour when the hand is not slower afterwards."""
        kind = tile >> 2
        counts = h.counts[seat]
        if h.riichi[seat] or counts[kind] != 2 or kind not in h.yakuhai(seat):
            return False
        melds = h.n_sets(seat)
        now = shanten(counts, melds)
        counts[kind] -= 2
        after = 8
        for k in range(34):
            if counts[k] and k != kind:
                counts[k] -= 1
                after = min(after, shanten(counts, melds + 1))
                counts[k] += 1
        counts[kind] += 2
        return after <= now

    def wants_chi(self, h: HandPlay, seat: int, tile: int) -> tuple[int, int] | None:
        """Two tiles to chi ``tile`` with, or None: only toward open tanyao or behind a value set."""
        kind = tile >> 2
        if h.n != 4 or h.riichi[seat] or kind >= 27:
            return None
        counts = h.counts[seat]
        backed = h.has_value_set(seat)
        if not backed:
            if not h.rules.open_tanyao or kind % 9 in (0, 8) or not h.simples_only_melds(seat):
                return None
            if sum(counts[k] for k in _YAOCHUU) > 1:
                return None
        melds = h.n_sets(seat)
        now = shanten(counts, melds)
        best: tuple[int, int, int] | None = None
        for a, b in _CHI_SHAPES:
            ka, kb = kind + a, kind + b
            if not (kind - kind % 9 <= ka and kb < kind - kind % 9 + 9) or not counts[ka] or not counts[kb]:
                continue
            if not backed and (ka % 9 in (0, 8) or kb % 9 in (0, 8)):
                continue
            banned = _chi_banned(kind, ka, kb)
            counts[ka] -= 1
            counts[kb] -= 1
            after = min((shanten(_minus(counts, k), melds + 1) for k in range(34) if counts[k] and k not in banned),
                        default=9)
            counts[ka] += 1
            counts[kb] += 1
            if after < now and (best is None or after < best[0]):
                best = (after, ka, kb)
        if best is None:
            return None
        return h.pick_copy(seat, best[1], None), h.pick_copy(seat, best[2], None)

    def wants_ankan(self, h: HandPlay, seat: int, drawn: int) -> int | None:
        """A kind to make a closed kan of, or None."""
        counts = h.counts[seat]
        melds = h.n_sets(seat)
        for kind in range(34):
            if counts[kind] != 4:
                continue
            if h.riichi[seat]:
                if drawn >> 2 != kind:
                    continue
                counts[kind] -= 1
                before = waits(counts)
                counts[kind] -= 3
                after = waits(counts)
                counts[kind] += 4
                if not before or before != after:
                    continue
            else:
                now = min(shanten(_minus(counts, k), melds) for k in range(34) if counts[k])
                counts[kind] -= 4
                later = min((shanten(_minus(counts, k), melds + 1) for k in range(34) if counts[k]), default=8)
                counts[kind] += 4
                if later > now:
                    continue
            if self.rng.random() < ANKAN_CHANCE:
                return kind
        return None

    def wants_nine_terminals(self, counts: list[int]) -> bool:
        """Abort with nine terminals unless thirteen orphans is within two tiles."""
        if thirteen_orphans_shanten(counts) <= 2:
            return False
        return self.rng.random() < NINE_TERMINALS_ABORT


_CHI_SHAPES = ((-2, -1), (-1, 1), (1, 2))
_YAOCHUU = tuple(k for k in range(34) if k >= 27 or k % 9 in (0, 8))


def _chi_banned(called: int, a: int, b: int) -> frozenset[int]:
    """Kinds Tenhou forbids discarding right after this chi (the called kind and the run's far end)."""
    low, high = min(called, a, b), max(called, a, b)
    banned = {called}
    if called == low and high % 9 < 8:
        banned.add(high + 1)
    elif called == high and low % 9 > 0:
        banned.add(low - 1)
    return frozenset(banned)


def _minus(counts: list[int], kind: int) -> list[int]:
    c = counts[:]
    c[kind] -= 1
    return c
