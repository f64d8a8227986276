"""The Datong referee: one hand's draws, discards and calls applied and judged against the rules.

Play passes from a seat to the next (0 → 1 → 2 → 3). Calls are pon and the three kans; chi only
under the ``chi`` knob, and then only from the seat before. Every live draw must be the seed's
next live tile and every kan replacement the far end's next (:mod:`mjlog.rules.datong.wall`);
once only the 6½ stacks are left, a draw is a finding: the hand is drawn (黃庄). Datong has no
flowers, riichi or dora. Each kan is kept with its kind, and each seat that leaves the table (強退),
for their payments; play goes on at a seat that left.

Outcomes are judged by :mod:`mjlog.rules.datong.outcome`.
"""

from __future__ import annotations

from dataclasses import dataclass

from mjlog.findings import FindingKind
from mjlog.ir import Call, CallKind, Discard, Draw, FlowerSetAside, Round
from mjlog.rules.base_table import AFTER_DISCARD, DISCARD, DRAW
from mjlog.rules.claims_table import ClaimsTable
from mjlog.rules.datong.hands import Meld
from mjlog.rules.datong.record import LeaveTable
from mjlog.rules.datong.ruleset import CALL_WORDS, CHI_OFF, DatongRules, calls_in_words
from mjlog.rules.datong.settlement import KanKind
from mjlog.rules.datong.wall import DatongWall, drawable
from mjlog.tiles import tile_name

K = FindingKind
#: The kans of the IR as the payments (line 3) name them.
KAN_KINDS: dict[object, KanKind] = {
    CallKind.DAIMINKAN: KanKind.OPEN, CallKind.KAKAN: KanKind.ADDED, CallKind.ANKAN: KanKind.CLOSED}


@dataclass(frozen=True, slots=True)
class LastDraw:
    """The last tile drawn: by whom, which, and whether it was a kan replacement."""

    seat: int
    tile: int
    replacement: bool


@dataclass(frozen=True, slots=True)
class KanMade:
    """A kan as it is paid: who made it and which of the three it is."""

    seat: int
    kind: KanKind


class DatongTable(ClaimsTable):
    """Hands, calls, the wall's use and the turn of one Datong hand."""

    game_name = "Datong mahjong"
    call_words = CALL_WORDS

    def __init__(self, rnd: Round, rules: DatongRules, wall: DatongWall | None, source, findings) -> None:
        super().__init__(rnd, rules, wall, source, findings)
        self.melds: list[list[Call]] = [[] for _ in range(self.n)]
        self.kans: list[KanMade] = []
        self.leavers: list[int] = []             # a seat for each time one left the table
        self.limit = drawable(rules.reserve_tiles)
        self.live = 0                            # live draws made
        self.replacements = 0                    # kan replacements drawn
        self.owed: int | None = None             # the seat whose next draw is a kan replacement
        self.last_draw: LastDraw | None = None
        self.claimable: Discard | None = None    # the discard others may call or win on

    def tile_label(self, tile: int) -> str:
        return tile_name(tile, red_fives=False) if 0 <= tile < 136 else f"tile id {tile}"

    @property
    def drawn(self) -> int:
        """Tiles drawn after the deal: live draws and kan replacements."""
        return self.live + self.replacements

    # -- draws and discards ------------------------------------------------------------------------

    def _draw(self, ev: Draw) -> None:
        if ev.seat != self.actor or self.phase == DISCARD:
            self.find(K.ILLEGAL_ACTION, f"seat {ev.seat} draws out of turn", ev.seat, self.actor)
        if self.drawn >= self.limit:
            self.find(K.ILLEGAL_ACTION, f"seat {ev.seat} draws {self.tile_label(ev.tile)} when only "
                      f"{self.rules.reserve_tiles} tiles are left: the hand is drawn (黃庄)")
        replacement = self.owed is not None
        if replacement:
            if ev.seat != self.owed:
                self.find(K.ILLEGAL_ACTION, f"seat {ev.seat} draws the {self.call_words.kan} replacement of seat {self.owed}",
                          ev.seat, self.owed)
            self._check_wall(ev, self.wall.replacement(self.replacements) if self.wall else None,
                             f"{self.call_words.kan} replacement {self.replacements + 1}")
            self.replacements += 1
            self.owed = None
        else:
            self._check_wall(ev, self.wall.live_draw(self.live) if self.wall else None,
                             f"live draw {self.live + 1} of seat {ev.seat}")
            self.live += 1
        self.hands[ev.seat].add(ev.tile)
        self.last_draw = LastDraw(ev.seat, ev.tile, replacement)
        self.actor, self.phase = ev.seat, DISCARD
        self.claimable = None

    def _check_wall(self, ev: Draw, want: int | None, what: str) -> None:
        if want is not None and ev.tile != want:
            self.find(K.WALL, f"{what} is not the wall's", self.tile_label(ev.tile), self.tile_label(want))

    def _discard(self, ev: Discard) -> None:
        if ev.seat != self.actor or self.phase != DISCARD:
            self.find(K.ILLEGAL_ACTION, f"seat {ev.seat} discards out of turn", ev.seat, self.actor)
        self.take(ev.seat, (ev.tile,), "a discard")
        self.river[ev.seat].append(ev.tile)
        self.claimable = ev
        self.actor, self.phase = (ev.seat + 1) % self.n, AFTER_DISCARD

    # -- calls -------------------------------------------------------------------------------------

    def check_chi(self, ev: Call) -> None:
        """A chi only under the ``chi`` knob: then from the seat before, a run of one suit."""
        if not self.rules.chi:
            self.find(K.ILLEGAL_ACTION, f"seat {ev.seat} {self.call_words.chis}: Datong mahjong has "
                      f"{calls_in_words(self.rules)} ({CHI_OFF})")
            return
        super().check_chi(ev)

    def kan_made(self, ev: Call) -> None:
        """A kan is kept for its payment and owes its replacement draw."""
        self.kans.append(KanMade(ev.seat, KAN_KINDS[ev.kind]))
        self.owed = ev.seat
        self.actor, self.phase = ev.seat, DRAW

    # -- leaving the table -------------------------------------------------------------------------

    def _leave(self, ev: LeaveTable) -> None:
        if not 0 <= ev.seat < self.n:
            self.find(K.ILLEGAL_ACTION, f"seat {ev.seat} leaves a table of {self.n} seats")
            return
        self.leavers.append(ev.seat)

    # -- what Datong has not -----------------------------------------------------------------------------

    def _foreign(self, ev) -> None:
        self.find(K.ILLEGAL_ACTION, f"{type(ev).__name__}: Datong mahjong has no flowers, riichi or dora")

    foreign_event = _foreign  # riichi's declaration and kan dora
    handlers = {Draw: _draw, Discard: _discard, Call: ClaimsTable._call, LeaveTable: _leave, FlowerSetAside: _foreign}

    # -- for the judge -------------------------------------------------------------------------------

    def meld_shapes(self, seat: int) -> tuple[Meld, ...]:
        """The seat's calls as the hand types read them."""
        return tuple(meld_shape(m) for m in self.melds[seat])


def meld_shape(call: Call) -> Meld:
    """A call as the hand types read it: a run (a chi) or a set of one kind (a kan: four, closed or not)."""
    kinds = sorted(t >> 2 for t in call.tiles)
    if call.kind is CallKind.CHI:
        return Meld(kinds[0], run=True)
    return Meld(kinds[0], size=len(kinds), closed=call.kind is CallKind.ANKAN)
