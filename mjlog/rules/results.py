"""What a replay derives: per round wins, draws, payments and scores; per game the end; findings."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mjlog.findings import Finding, FindingKind, Severity
from mjlog.ir import GameLog
from mjlog.rules.transfers import Transfer


#: a replay's HTML lists at most this many findings (a notebook cell stays small)
_LISTED = 100


class HandStopped(Exception):
    """Raised by a family's table when a hand cannot go on (its finding already made): the replay
    of the game stops there, with nothing derived after it."""


@dataclass(frozen=True, slots=True)
class DerivedWin:
    """A win as mjlog derives it: the hand's value, its payments (``transfers``) and the score
    changes they make (``deltas``, the transfers summed per seat)."""

    who: int
    from_who: int
    value: Any                          # the family's value of the hand (riichi: a HandValue)
    deltas: tuple[int, ...]
    pao_who: int | None = None
    riichi: bool = False
    dealer: bool = False
    open_hand: bool = False
    tsumo: bool = False
    transfers: tuple[Transfer, ...] = ()
    context: Any = None                 # the situation the family derived (riichi: a WinContext)


@dataclass(frozen=True, slots=True)
class DerivedDraw:
    """A round without a win: its kind, who was tenpai, nagashi seats, the payments (``transfers``)
    and the score changes they make (``deltas``)."""

    kind: str        # the family's kind of draw ('exhaustive'; riichi: a DrawKind)
    tenpai: tuple[bool, ...]
    nagashi: tuple[bool, ...]
    deltas: tuple[int, ...]
    transfers: tuple[Transfer, ...] = ()


@dataclass(frozen=True, slots=True)
class RoundResult:
    """One hand: start, riichi deposits, outcome, end scores (all derived)."""

    index: int
    name: str
    kyoku: int
    honba: int
    sticks: int
    dealer: int
    start_scores: tuple[int, ...]
    end_scores: tuple[int, ...]
    riichi: tuple[int, ...]                       # seats whose riichi was accepted
    wins: tuple[DerivedWin, ...] = ()
    draw: DerivedDraw | None = None
    deposits: tuple[int, ...] = ()                # riichi deposits paid, per seat
    calls: tuple[int, ...] = ()                   # open calls per seat (chi, pon, open kans)
    complete: bool = True                         # False when the log stops inside this round
    deposit_transfers: tuple[Transfer, ...] = ()  # each accepted riichi's deposit into the pot

    @property
    def transfers(self) -> tuple[Transfer, ...]:
        """Every payment of the hand: deposits, then each win's (in order) or the draw's."""
        out = self.deposit_transfers
        for w in self.wins:
            out += w.transfers
        if self.draw is not None:
            out += self.draw.transfers
        return out

    @property
    def deltas(self) -> tuple[int, ...]:
        """Score change over the hand, deposits included."""
        return tuple(e - s for s, e in zip(self.start_scores, self.end_scores))


@dataclass(frozen=True, slots=True)
class Replay:
    """A whole game re-derived: rounds, the final result, and every finding."""

    log: GameLog
    rounds: tuple[RoundResult, ...]
    final_scores: tuple[int, ...] | None
    placement_points: tuple[float, ...] | None
    findings: tuple[Finding, ...] = field(default=())

    @property
    def clean(self) -> bool:
        """No finding but notes (a note says how the audit read a silent log; it finds no fault)."""
        return all(f.severity is Severity.NOTE for f in self.findings)

    @property
    def truncated(self) -> bool:
        return any(f.kind is FindingKind.TRUNCATED for f in self.findings)

    def __repr__(self) -> str:
        """One line: the game, its hands replayed, the findings (by severity) and the final scores."""
        counts: dict[str, int] = {}
        for f in self.findings:
            counts[f.severity.value] = counts.get(f.severity.value, 0) + 1
        found = ", ".join(f"{n} {sev}{'s' if n != 1 else ''}" for sev, n in sorted(counts.items())) or "none"
        final = "none" if self.final_scores is None else " ".join(map(str, self.final_scores))
        return (f"<Replay {self.log.family} {getattr(self.log.rules, 'name', '')}: {len(self.rounds)} hands replayed; "
                f"{len(self.findings)} findings ({found}); final scores {final}>")

    def _repr_html_(self) -> str:
        """A notebook's view: the findings counted by severity and listed (at most 100), and the final
        scores of each player, every string escaped."""
        from mjlog.ir import seat_label
        from mjlog.ir.html import paragraph, table

        counts = {sev: sum(f.severity is sev for f in self.findings) for sev in Severity}
        found = ", ".join(f"{n} {sev.value}{'s' if n != 1 else ''}" for sev, n in counts.items() if n) or "no findings"
        head = (f"{self.log.family} · {getattr(self.log.rules, 'name', '')} · {self.log.log_id or self.log.source or ''} · "
                f"{len(self.rounds)} hands replayed · {found}")
        order = sorted(self.findings, key=lambda f: list(Severity).index(f.severity))
        listed = [(f.severity.value, f.where(), f.kind.value, f.message, f.recorded or "", f.derived or "")
                  for f in order[:_LISTED]]
        if len(order) > _LISTED:
            listed.append(("…", "", "", f"{len(order) - _LISTED} more findings", "", ""))
        parts = [paragraph(head)]
        if listed:
            parts.append(table(("severity", "where", "kind", "message", "recorded", "derived"), listed))
        if self.final_scores is None:
            parts.append(paragraph("no final scores"))
        else:
            points = self.placement_points or ()
            parts.append(table(("player", "final score", "placement points"),
                               [(seat_label(self.log, s), score, points[s] if s < len(points) else "")
                                for s, score in enumerate(self.final_scores)]))
        return "<div>" + "".join(parts) + "</div>"

    def timeline(self) -> list[tuple[str, tuple[int, ...]]]:
        """(round name, scores at its end) for each round, starting with the start scores."""
        if not self.rounds:
            return []
        out = [("start", self.rounds[0].start_scores)]
        out += [(r.name, r.end_scores) for r in self.rounds]
        return out
