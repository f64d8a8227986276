"""What every family's table holds during one hand, and the loop that applies a hand's events.

A family's referee is a subclass of :class:`BaseTable` with one method per event kind it
knows, listed in its ``handlers``; outcome events (:class:`~mjlog.ir.Win`,
:class:`~mjlog.ir.Ryuukyoku`) go to the ``on_outcome`` callback of :meth:`BaseTable.play`,
where the family scores and settles them.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any, ClassVar

from mjlog.findings import Finding, FindingKind
from mjlog.ir import Event, Round, Ryuukyoku, Win

K = FindingKind
OnOutcome = Callable[[Any, int, Event], None]


class Phase(StrEnum):
    """What a hand waits for next: a draw, the actor's discard, the others' calls on that discard, or
    (riichi) the replacement draw after a kan. The compiled riichi helper reads and writes the plain
    values, which compare equal to these members."""

    DRAW = "draw"
    DISCARD = "discard"
    AFTER_DISCARD = "after-discard"
    REPLACEMENT = "replacement"


# The members as module names, for the referees' per-event checks: on Python 3.11 ``Phase.DRAW`` goes
# through the enum class's __getattr__ (89 ns for two comparisons against 23 ns with these names).
DRAW, DISCARD, AFTER_DISCARD, REPLACEMENT = Phase.DRAW, Phase.DISCARD, Phase.AFTER_DISCARD, Phase.REPLACEMENT


class BaseTable:
    """Hands, rivers and scores of one hand, where its findings go, and the event loop."""

    # Slotted, so that a subclass that slots its own fields (RiichiTable) has no instance dict.
    __slots__ = ("r", "rules", "n", "wall", "source", "findings", "event_index", "scores", "derived_scores",
                 "hands", "river", "actor", "phase")

    #: Event type -> the method that applies it (subclasses fill this in).
    handlers: ClassVar[dict[type, Callable[[Any, Any], None]]] = {}

    def __init__(self, rnd: Round, rules: Any, wall: Any, source: str | None, findings: list[Finding],
                 scores: tuple[int, ...] | None = None) -> None:
        n = rules.players
        start = rnd.scores if scores is None else scores
        self.r = rnd
        self.rules = rules
        self.n = n
        self.wall = wall
        self.source = source
        self.findings = findings
        self.event_index: int | None = None
        self.scores = list(start)                  # as the log records them (followed after a finding)
        self.derived_scores = list(start)          # as the rules give them from the same start
        self.hands: list[set[int]] = list(map(set, rnd.hands))
        self.river: list[list[int]] = empty_lists(n)
        self.actor: int | None = rnd.dealer        # seat expected to act next
        self.phase: Phase = Phase.DRAW

    def find(self, kind: FindingKind, message: str, recorded: object = None, derived: object = None) -> None:
        """Record a finding at the current event of this hand."""
        self.findings.append(
            Finding(kind, message, recorded=None if recorded is None else str(recorded),
                    derived=None if derived is None else str(derived), round_index=self.r.index,
                    round_name=self.r.name, event_index=self.event_index, source=self.source)
        )

    def tile_label(self, tile: int) -> str:
        """A tile as findings name it (a family with tile names says more than the id)."""
        return f"tile id {tile}"

    def take(self, seat: int, tiles, what: str) -> None:
        """Remove ``tiles`` from ``seat``'s hand; each one it does not hold is a finding."""
        hand = self.hands[seat]
        for t in tiles:
            if t in hand:
                hand.discard(t)
            else:
                self.find(K.ILLEGAL_ACTION, f"seat {seat} uses {self.tile_label(t)} for {what} but does not hold it")

    def play(self, events, on_outcome: OnOutcome) -> None:
        """Apply ``events`` in order by their handlers; wins and draws go to ``on_outcome``."""
        handlers = self.handlers
        for i, ev in enumerate(events):
            self.event_index = i
            t = type(ev)
            handler = handlers.get(t)
            if handler is not None:
                handler(self, ev)
            elif t is Win or t is Ryuukyoku:
                on_outcome(self, i, ev)
            elif getattr(t, "family", None) is not None:
                self.foreign_event(ev)

    def foreign_event(self, ev: Event) -> None:
        """An event of another family (riichi's declaration in a Beijing hand); by default passed over."""


def empty_lists(n: int) -> list[list]:
    """``n`` new empty lists (written out for three and four seats: a comprehension costs a call)."""
    if n == 4:
        return [[], [], [], []]
    return [[], [], []] if n == 3 else [[] for _ in range(n)]
