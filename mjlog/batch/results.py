"""What an audit says of each file: its result, where its game was read, and the quiet form a
worker sends of a result with nothing to report (:mod:`mjlog.batch.report` counts them)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from mjlog.findings import Finding, Severity
from mjlog.frozen import builder
from mjlog.formats.identity import GameIdentity


@dataclass(frozen=True, slots=True)
class FileGame:
    """Where a game was read: game ``index`` (from 0) of the file at ``path``."""

    path: str
    index: int = 0

    def __reduce__(self) -> tuple[Callable[..., FileGame], tuple]:
        return (_file_game, (self.path, self.index))


@dataclass(frozen=True, slots=True)
class FileAudit:
    """One file's audit: its findings, or the error that made it unreadable, or why it was skipped.

    ``same_as`` names the primary source of the game when this file records a game already counted;
    ``origin`` says where to read the game again when its identity is a quick one.
    """

    source: str
    findings: tuple[Finding, ...] = ()
    error: str | None = None
    skipped: str | None = None
    identity: GameIdentity | None = None
    same_as: str | None = None
    origin: FileGame | None = None

    @property
    def faults(self) -> tuple[Finding, ...]:
        """The findings that are errors or warnings (notes find no fault)."""
        return tuple(f for f in self.findings if f.severity is not Severity.NOTE)

    @property
    def clean(self) -> bool:
        return self.error is None and self.skipped is None and not self.faults

    def count(self, severity: Severity) -> int:
        return sum(1 for f in self.findings if f.severity is severity)

    def __reduce__(self) -> tuple[Callable[..., FileAudit], tuple]:
        # pickled by its fields (the workers send one a game): a third of the default's cost to load
        return (_file_audit, (self.source, self.findings, self.error, self.skipped, self.identity, self.same_as,
                              self.origin))

    def tally(self) -> tuple[int, int, int]:
        """Its errors, warnings and notes."""
        if not self.findings:
            return (0, 0, 0)
        return (self.count(Severity.ERROR), self.count(Severity.WARNING), self.count(Severity.NOTE))


_BUILD_FILE_GAME = builder(FileGame)
_BUILD_FILE_AUDIT = builder(FileAudit)

#: A hand of a quick identity without its name (``audit_sources(..., names=False)``): one object, so
#: a task's results pickle it once.
UNNAMED_HAND = ((0, 0), "", "")


class QuietGame(NamedTuple):
    """A file's result with nothing to report: a game of its own read from a path, no finding, no error,
    with a quick identity. What a worker sends for one when the caller wants no such result back
    (``audit_sources(..., quiet=True)``): what the index needs, and what makes its result again
    (:meth:`loud`) should it meet another game. It loads in about a third of a result's
    instructions, the largest part of an audit parent's work a game (docs/performance.md)."""

    source: str
    keys: tuple[str, ...]
    deal: str | None
    final: tuple[tuple[int, ...], tuple[float, ...]] | None
    hands: int            # the identity's hands (their names and digests left out)
    rank: str             # its completeness as the index's text: final, hands, seed
    path: str | None      # the file it was read from, None when that is the source
    index: int            # its place in that file

    @classmethod
    def of(cls, fa: FileAudit) -> QuietGame | None:
        """``fa`` as a quiet game, or None when it has something to report or no quick identity."""
        ident, origin = fa.identity, fa.origin
        if (fa.findings or fa.error is not None or fa.skipped is not None or fa.same_as is not None
                or ident is None or ident.digested or origin is None):
            return None
        return cls(fa.source, ident.keys, ident.deal, ident.final, len(ident.rounds), rank_text(completeness(ident)),
                   None if origin.path == fa.source else origin.path, origin.index)

    @property
    def origin(self) -> FileGame:
        return FileGame(self.source if self.path is None else self.path, self.index)

    def loud(self) -> FileAudit:
        """The result it stands for, its quick identity without players or hands' names."""
        ident = GameIdentity(self.keys, (), (UNNAMED_HAND,) * self.hands, self.final, self.deal, digested=False)
        return FileAudit(self.source, identity=ident, origin=self.origin)


def _file_game(*values: object) -> FileGame:
    """A :class:`FileGame` from its fields, positionally (what pickle calls to load one)."""
    return _BUILD_FILE_GAME(*values)


def _file_audit(*values: object) -> FileAudit:
    """A :class:`FileAudit` from its fields, positionally (what pickle calls to load one)."""
    return _BUILD_FILE_AUDIT(*values)


def completeness(ident: GameIdentity) -> tuple[int, int, int]:
    """Which file of a game records the most: a final result, then more whole hands, then a seed (a
    wall); the same for a game's quick identity as for its full one."""
    return (int(ident.final is not None), len(ident.rounds), int(any(k.startswith("seed ") for k in ident.keys)))


def rank_text(rank: tuple[int, int, int]) -> str:
    """A :func:`completeness` as the duplicate index stores it."""
    return f"{rank[0]},{rank[1]},{rank[2]}"
