"""The Beijing bots' decisions: which tile to let go, when to call, when to kan, when to burn the dealer.

The bots see only what a player may see (their own hand, the rivers, the calls, the wild
indicator), apart from the table's count of unseen tiles. Every random choice comes from the
game's bot RNG, so a game is a pure function of its seed.

* Discard: never a wild tile; the tile leaving the hand fewest tiles from ready
  (:func:`~mjlog.rules.beijing.wildshanten.wild_shanten`, seven pairs included, so a hand rich in
  pairs chases seven pairs); among equals the one keeping the most unseen improving tiles, then
  isolated honours and terminals first (acceptance is counted only a step or less from ready).
* 燒莊: while every seat since the dealer's discard of this go-around has let the same tile go,
  a bot holding that tile lets it go too when that costs its hand nothing, and early in the hand
  often when it costs one step, now and then two (the dealer pays the side payment, whoever wins).
* Calls: a *calling* seat (half of them each hand) pons and chis whenever the call brings
  its hand closer; the others only now and then, when far from ready. A call gives up winning
  on a discard, so a hand chasing seven pairs or holding three wild tiles never calls. Chi only
  from the seat before. Wild tiles are never called (in a call they lose their wildness).
* Hands with a shape: a hand holding eight tiles of one suit lets the other tiles go first (清一色)
  when that costs at most a step; a hand holding four pairs or pungs does not chi (對對和).
* Kans: a closed kan of four tiles, an added kan of a pon's fourth tile and now and then an
  open kan, when they leave the hand no slower.
* Wins: every legal win is taken (the scorer says what is legal).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from mjlog.rules.beijing.wildshanten import pairs_shanten, wild_shanten
from mjlog.rules.common.keep import efficient_discard
from mjlog.rules.common.shanten import regular_shanten

if TYPE_CHECKING:
    from mjlog.rules.beijing.simulate.hand import BeijingHandPlay

CALLER_SHARE = 0.5         # seats that call whenever a call helps, per hand
CASUAL_CALL = 0.2          # the others' chance to call when far from ready
BURN_AT_COST = 0.9         # chance to follow a 燒莊 go-around at the cost of one step (half that for two)
KAN_CHANCE = 0.7
OPEN_KAN_CHANCE = 0.5
_CHI_SHAPES = ((-2, -1), (-1, 1), (1, 2))


class BeijingBot:
    """The policy shared by every seat; ``rng`` drives the random choices."""

    __slots__ = ("rng", "callers")

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.callers: tuple[bool, ...] = ()

    def new_hand(self, players: int) -> None:
        """Decide which seats play a calling game this hand."""
        self.callers = tuple(self.rng.random() < CALLER_SHARE for _ in range(players))

    # -- discards -------------------------------------------------------------------------------

    def choose_discard(self, h: BeijingHandPlay, seat: int) -> int:
        """The kind to discard from a hand of 3k+2 tiles (never the wild tile)."""
        counts, jokers, melds = h.real_counts(seat), h.wilds_in_hand(seat), len(h.melds[seat])
        after: dict[int, int] = {}
        for k in range(34):
            if counts[k] and k != h.wild:
                counts[k] -= 1
                after[k] = wild_shanten(counts, jokers, melds)
                counts[k] += 1
        best = min(after.values())
        target = h.burn_target(seat)
        if target is not None and target in after:
            cost = after[target] - best
            if cost == 0 or (cost <= 2 and h.discards_made[seat] < 3 and self.rng.random() < BURN_AT_COST / cost):
                return target
        # the real tiles' acceptance: a wild tile lowers every form's count alike
        return efficient_discard(counts, after, melds, self.rng, lambda kind: h.unseen(seat, kind), leave_out=h.wild)

    # -- calls ------------------------------------------------------------------------------------

    def _may_call(self, h: BeijingHandPlay, seat: int, kind: int) -> bool:
        if kind == h.wild or h.wilds_in_hand(seat) >= 3:
            return False
        counts, jokers, melds = h.real_counts(seat), h.wilds_in_hand(seat), len(h.melds[seat])
        if melds == 0 and pairs_shanten(counts, jokers) < regular_shanten(counts, 0) - jokers:
            return False  # chasing seven pairs: stay closed
        return True

    def _call_helps(self, h: BeijingHandPlay, seat: int, removed: Sequence[int]) -> bool:
        """Whether taking a tile with ``removed`` from the hand makes a set that brings it closer."""
        counts, jokers, melds = h.real_counts(seat), h.wilds_in_hand(seat), len(h.melds[seat])
        now = wild_shanten(counts, jokers, melds)
        for k in removed:
            counts[k] -= 1
        after = min((_minus_one(counts, jokers, melds + 1, k) for k in range(34) if counts[k]), default=9)
        for k in removed:
            counts[k] += 1
        if after >= now:
            return False
        return self.callers[seat] or (now >= 2 and self.rng.random() < CASUAL_CALL)

    def wants_pon(self, h: BeijingHandPlay, seat: int, kind: int) -> bool:
        """Pon ``kind`` from a discard."""
        if h.real_counts(seat)[kind] < 2 or not self._may_call(h, seat, kind):
            return False
        return self._call_helps(h, seat, (kind, kind))

    def wants_open_kan(self, h: BeijingHandPlay, seat: int, kind: int) -> bool:
        """Kan ``kind`` on a discard (three held): a calling seat, now and then, when no slower."""
        if h.real_counts(seat)[kind] != 3 or not self.callers[seat] or not self._may_call(h, seat, kind):
            return False
        return self._kan_keeps(h, seat, kind, 3) and self.rng.random() < OPEN_KAN_CHANCE

    def wants_chi(self, h: BeijingHandPlay, seat: int, kind: int) -> tuple[int, int] | None:
        """The two kinds to chi ``kind`` with, or None (never toward all pungs: four pairs or pungs held)."""
        if kind >= 27 or not self._may_call(h, seat, kind):
            return None
        counts = h.real_counts(seat)
        if sum(1 for c in counts if c >= 2) + sum(1 for m in h.melds[seat] if m.kind.value != "chi") >= 4:
            return None
        lo = kind - kind % 9
        for a, b in _CHI_SHAPES:
            ka, kb = kind + a, kind + b
            if lo <= ka and kb < lo + 9 and counts[ka] and counts[kb] and h.wild not in (ka, kb):
                if self._call_helps(h, seat, (ka, kb)):
                    return ka, kb
        return None

    # -- kans -------------------------------------------------------------------------------------

    def _kan_keeps(self, h: BeijingHandPlay, seat: int, kind: int, held: int) -> bool:
        """Whether setting ``held`` copies of ``kind`` aside as a kan leaves the hand no slower."""
        counts, jokers, melds = h.real_counts(seat), h.wilds_in_hand(seat), len(h.melds[seat])
        if held == 4:
            now = min(_minus_one(counts, jokers, melds, k) for k in range(34) if counts[k] and k != kind)
        else:
            now = wild_shanten(counts, jokers, melds)
        counts[kind] -= held
        after = wild_shanten(counts, jokers, melds + 1) if held == 3 else \
            min((_minus_one(counts, jokers, melds + 1, k) for k in range(34) if counts[k]), default=8)
        counts[kind] += held
        return after <= now

    def wants_closed_kan(self, h: BeijingHandPlay, seat: int) -> int | None:
        """A kind held four times (not the wild tile) to kan, or None."""
        counts = h.real_counts(seat)
        for kind in range(34):
            if counts[kind] == 4 and self._kan_keeps(h, seat, kind, 4) and self.rng.random() < KAN_CHANCE:
                return kind
        return None

    def wants_added_kan(self, h: BeijingHandPlay, seat: int, kinds: Sequence[int]) -> int | None:
        """One of ``kinds`` (pons whose fourth tile is in hand) to add to its pon, or None."""
        for kind in kinds:
            if self.rng.random() < KAN_CHANCE:
                return kind
        return None


def _minus_one(counts: list[int], jokers: int, melds: int, kind: int) -> int:
    counts[kind] -= 1
    value = wild_shanten(counts, jokers, melds)
    counts[kind] += 1
    return value

