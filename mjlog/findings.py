"""Findings: each place where a log and mjlog's re-derivation disagree, as data.

>>> f = Finding(FindingKind.POINTS, "points 7700", recorded="7700", derived="8000", round_index=2,
...             round_name="East 3", event_index=41, source="g.xml")
>>> f.line()
'g.xml: East 3, event 41: error: points mismatch: points 7700 (recorded 7700, derived 8000)'
"""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass
from enum import Enum


class FindingKind(str, Enum):
    """What kind of disagreement a finding reports."""

    MALFORMED = "malformed"                    # the log cannot be read or is self-contradictory
    NAMES = "player names differ"              # two files of one game that differ only in the players' names (a note)
    TRUNCATED = "truncated"                    # the log stops before the game's end
    UNSUPPORTED_RULE = "unsupported rule"      # a rule the log uses that mjlog does not model
    UNRECORDED = "unrecorded"                  # the log leaves out something the audit needs (a note)
    ILLEGAL_ACTION = "illegal action"          # a move the rules do not allow
    WALL = "wall mismatch"                     # a tile, die or indicator differs from the seed's wall
    YAKU = "yaku mismatch"                     # the scoring items: yaku, a Chinese family's fan lines or hand types
    HAN = "han mismatch"                       # their values: han, fan, Datong's multipliers (ids kept for every family)
    FU = "fu mismatch"
    POINTS = "points mismatch"                 # hand value or limit
    PAYMENT = "payment mismatch"               # score deltas of a win or a draw, deposits
    DRAW = "draw mismatch"                     # tenpai, nagashi, the kind of a draw
    FLOW = "flow mismatch"                     # round order, honba, sticks, start scores, game end
    FINAL_SCORE = "final-score mismatch"       # final scores or placement points
    OMITTED = "findings omitted"               # more findings in a game than a report lists


class Severity(str, Enum):
    ERROR = "error"      # the log breaks a rule or disagrees with the derivation
    WARNING = "warning"  # the log cannot be fully checked (truncated, unsupported rule)
    NOTE = "note"        # how the audit read the log where the log is silent; the game is still clean


@dataclass(frozen=True, slots=True)
class Finding:
    """One disagreement: where it is, what the log says, what mjlog derives."""

    kind: FindingKind
    message: str
    _: KW_ONLY                  # the rest by name, so that a field added later shifts none
    recorded: str | None = None
    derived: str | None = None
    round_index: int | None = None
    round_name: str | None = None
    event_index: int | None = None
    source: str | None = None
    severity: Severity = Severity.ERROR

    def where(self) -> str:
        parts = []
        if self.round_name is not None:
            parts.append(self.round_name)
        if self.event_index is not None:
            parts.append(f"event {self.event_index}")
        return ", ".join(parts) or "game"

    def line(self) -> str:
        """One line for a report: ``file: round, event N: severity: kind: message (recorded R, derived D)``."""
        text = f"{self.source or '<log>'}: {self.where()}: {self.severity.value}: {self.kind.value}: {self.message}"
        if self.recorded is not None or self.derived is not None:
            text += f" (recorded {self.recorded}, derived {self.derived})"
        return text

    def to_dict(self) -> dict:
        return {
            "source": self.source,
            "round_index": self.round_index,
            "round": self.round_name,
            "event_index": self.event_index,
            "kind": self.kind.value,
            "severity": self.severity.value,
            "message": self.message,
            "recorded": self.recorded,
            "derived": self.derived,
        }
