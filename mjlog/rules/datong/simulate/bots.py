"""The Datong bots' decisions: which tile to let go, when to call, when to kan, when to take a win.

The bots see their own hand, the rivers and the calls, apart from the table's count of unseen
tiles. Every random choice comes from the game's bot RNG, so a game is a pure function of its seed.

* A plan, chosen at a seat's first discard of the hand from its tiles: the thirteen orphans
  (十三幺, x6) when the hand is a few tiles from them, all pongs (碰碰胡) with four or more pairs
  and triplets, a flush (清一色) with seven or more tiles of one suit; otherwise the fastest hand.
  A planned hand discards toward its plan first and pons every pair it can toward all pongs.
* Discard: the tile leaving the hand fewest tiles from ready over every winning form (four sets
  and a pair, seven pairs, the thirteen orphans: :func:`~mjlog.rules.common.shanten.discard_shanten`);
  among equals the one keeping the most unseen improving tiles, then isolated honours and
  terminals first. A hand holding eight or more tiles of one suit lets the others go first
  (清一色) when that costs at most a step.
* Calls: a *calling* seat (half of them each hand) pons whenever the pon brings its hand closer,
  the others now and then; a hand chasing seven pairs or the orphans never calls. Under the ``chi``
  knob the next seat chis the same way. An open kan of three held tiles now and then.
* Kans: a closed kan of four tiles and an added kan of a pon's fourth tile, often, when they leave
  the hand no slower (each is paid when made: line 3 of the payments).
* Wins: a bot takes a win nearly always (a hand with a plan often lets a plain win go early in
  the hand), and now and then declines one (the source lets a player
  decline: 「玩家也可以選擇不胡牌」), so that declined wins and head-bumps (截胡) both occur.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from enum import Enum
from typing import Protocol

from mjlog.ir import Call
from mjlog.rules.common.keep import efficient_discard, keep_value
from mjlog.rules.common.shanten import (discard_shanten, regular_shanten, shanten,
                                        thirteen_orphans_shanten)

CALLER_SHARE = 0.5        # seats that call whenever a call helps, per hand
CASUAL_CALL = 0.2         # the others' chance to call when it helps and they are far from ready
DECLINE_WIN = 0.04        # chance to let a win go
DECLINE_PLAIN = 0.7       # a planned hand's chance to let a plain win go early in the hand
KAN_CHANCE = 0.8
OPEN_KAN_CHANCE = 0.6
PLAN_FLUSH_AT = 7         # tiles of one suit at the first discard that make a flush the plan
PLAN_ORPHANS_AT = 5       # the orphans' shanten at the first discard that makes them the plan
PLAN_PONGS_AT = 4         # pairs and triplets at the first discard that make all pongs the plan
_CHI_SHAPES = ((-2, -1), (-1, 1), (1, 2))


class TableView(Protocol):
    """What a bot sees of the table (:class:`~mjlog.rules.datong.simulate.hand.DatongHandPlay`)."""

    counts: list[list[int]]          # each seat's concealed kinds
    melds: list[list[Call]]          # each seat's calls
    limit: int                       # the tiles a hand may draw before it is drawn

    @property
    def drawn(self) -> int: ...

    def unseen(self, seat: int, kind: int) -> int: ...

    def pons(self, seat: int) -> int: ...


class DatongBot:
    """The policy shared by every seat; ``rng`` drives the random choices."""

    __slots__ = ("rng", "callers", "plans")

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.callers: tuple[bool, ...] = ()
        self.plans: dict[int, Plan] = {}

    def new_hand(self, players: int) -> None:
        """Decide which seats play a calling game this hand; plans are chosen at the first discard."""
        self.callers = tuple(self.rng.random() < CALLER_SHARE for _ in range(players))
        self.plans = {}

    def plan(self, h: TableView, seat: int) -> Plan:
        """The seat's plan for the hand, chosen the first time it is asked."""
        if seat not in self.plans:
            self.plans[seat] = choose_plan(h.counts[seat], len(h.melds[seat]))
        return self.plans[seat]

    def takes_win(self, h: TableView, seat: int, multiplier: int) -> bool:
        """Whether to take a win worth ``multiplier`` now (else it is declined): a planned hand often
        lets a plain win go in the first half of the hand, any hand now and then."""
        if multiplier == 1 and self.plans.get(seat, Plan.FAST) is not Plan.FAST and h.drawn < h.limit // 2 \
                and self.rng.random() < DECLINE_PLAIN:
            return False
        return self.rng.random() >= DECLINE_WIN

    # -- discards -------------------------------------------------------------------------------

    def choose_discard(self, h: TableView, seat: int) -> int:
        """The kind to discard from a hand of 3k+2 concealed tiles."""
        counts, melds = h.counts[seat][:], len(h.melds[seat])
        after = discard_shanten(counts, melds)
        planned = _toward_plan(self.plan(h, seat), counts, h.pons(seat), after)
        if planned:
            return min(planned, key=lambda k: (planned[k], after[k], keep_value(counts, k), self.rng.random()))
        return efficient_discard(counts, after, melds, self.rng, lambda kind: h.unseen(seat, kind))

    # -- calls ------------------------------------------------------------------------------------

    def _call_helps(self, h: TableView, seat: int, removed: Sequence[int]) -> bool:
        """Whether taking a tile with ``removed`` from the hand makes a set that brings it closer."""
        counts, melds = h.counts[seat][:], len(h.melds[seat])
        now = shanten(counts, melds)
        if melds == 0 and regular_shanten(counts, 0) > now:
            return False                  # chasing seven pairs or the orphans: stay closed
        for k in removed:
            counts[k] -= 1
        after = min(discard_shanten(counts, melds + 1).values(), default=9)
        if after >= now:
            return False
        return self.callers[seat] or (now >= 2 and self.rng.random() < CASUAL_CALL)

    def wants_pon(self, h: TableView, seat: int, kind: int) -> bool:
        """Pon ``kind`` from a discard (every pair toward all pongs; never toward the orphans)."""
        if h.counts[seat][kind] < 2:
            return False
        plan = self.plan(h, seat)
        if plan is not Plan.FAST:
            return plan is Plan.PONGS or (plan is Plan.FLUSH and _suit(kind) == _main_suit(h.counts[seat]))
        return self._call_helps(h, seat, (kind, kind))

    def wants_open_kan(self, h: TableView, seat: int, kind: int) -> bool:
        """Kan ``kind`` on a discard (three held): a calling seat, now and then, when no slower."""
        if h.counts[seat][kind] != 3 or not self.callers[seat] or self.plan(h, seat) is Plan.ORPHANS:
            return False
        return self._kan_keeps(h, seat, kind, 3) and self.rng.random() < OPEN_KAN_CHANCE

    def wants_chi(self, h: TableView, seat: int, kind: int) -> tuple[int, int] | None:
        """The two kinds to chi ``kind`` with, or None."""
        if kind >= 27 or self.plan(h, seat) is not Plan.FAST:
            return None
        counts = h.counts[seat]
        lo = kind - kind % 9
        for a, b in _CHI_SHAPES:
            ka, kb = kind + a, kind + b
            if lo <= ka and kb < lo + 9 and counts[ka] and counts[kb] and self._call_helps(h, seat, (ka, kb)):
                return ka, kb
        return None

    # -- kans -------------------------------------------------------------------------------------

    def _kan_keeps(self, h: TableView, seat: int, kind: int, held: int) -> bool:
        """Whether setting ``held`` copies of ``kind`` aside as a kan leaves the hand no slower."""
        counts, melds = h.counts[seat][:], len(h.melds[seat])
        if melds == 0 and regular_shanten(counts, 0) > shanten(counts, 0):
            return False                  # seven pairs or the orphans need the tiles in hand
        if held == 4:
            now = min(v for k, v in discard_shanten(counts, melds).items() if k != kind)
        else:
            now = shanten(counts, melds)
        counts[kind] -= held
        return shanten(counts, melds + 1) <= now

    def wants_closed_kan(self, h: TableView, seat: int) -> int | None:
        """A kind held four times to kan, or None."""
        counts = h.counts[seat]
        for kind in range(34):
            if counts[kind] == 4 and self._kan_keeps(h, seat, kind, 4) and self.rng.random() < KAN_CHANCE:
                return kind
        return None

    def wants_added_kan(self, kinds: Sequence[int]) -> int | None:
        """One of ``kinds`` (pons whose fourth tile is in hand) to add to its pon, or None."""
        for kind in kinds:
            if self.rng.random() < KAN_CHANCE:
                return kind
        return None


class Plan(Enum):
    """What a seat plays for in a hand."""

    FAST = "fast"          # the fastest complete hand
    ORPHANS = "orphans"    # 十三幺
    PONGS = "pongs"        # 碰碰胡
    FLUSH = "flush"        # 清一色


def choose_plan(counts: Sequence[int], melds: int) -> Plan:
    """The plan for a hand of ``counts`` at its first discard."""
    if melds == 0 and thirteen_orphans_shanten(counts) <= PLAN_ORPHANS_AT:
        return Plan.ORPHANS
    if sum(1 for c in counts if c >= 2) >= PLAN_PONGS_AT:
        return Plan.PONGS
    if max(sum(counts[s * 9:s * 9 + 9]) for s in range(3)) >= PLAN_FLUSH_AT:
        return Plan.FLUSH
    return Plan.FAST


def pongs_shanten(counts: Sequence[int], pons: int) -> int:
    """Tiles from ready toward all pongs (four sets of one kind and a pair), ``pons`` sets already laid down."""
    sets = pons + sum(1 for c in counts if c >= 3)
    pairs = sum(1 for c in counts if c == 2)
    return 8 - 2 * min(sets, 4) - min(pairs, 5 - min(sets, 4))


def _toward_plan(plan: Plan, counts: list[int], pons: int, after: dict[int, int]) -> dict[int, int]:
    """Each discard's distance from the plan's hand (empty: no plan, or the plan is given up)."""
    out: dict[int, int] = {}
    if plan is Plan.FLUSH:
        suit = _main_suit(counts)
        return {k: (0 if _suit(k) != suit else 1) for k in after}
    for k in after:
        counts[k] -= 1
        out[k] = thirteen_orphans_shanten(counts) if plan is Plan.ORPHANS else pongs_shanten(counts, pons)
        counts[k] += 1
    if plan is Plan.FAST or min(out.values()) > min(after.values()) + 3:
        return {}
    return out


def _suit(kind: int) -> int:
    return min(kind // 9, 3)


def _main_suit(counts: Sequence[int]) -> int:
    return max(range(3), key=lambda s: sum(counts[s * 9:s * 9 + 9]))
