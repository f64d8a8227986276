"""Auditing many logs: read and replay each file, in one process or a pool, never dying on one file.

>>> from mjlog.batch_audit import audit_sources
>>> report = audit_sources([b"not a log"])
>>> report.summary()
'audited 1 games: 0 clean, 0 with findings, 1 unreadable'
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from mjlog.errors import MalformedLogError
from mjlog.findings import Finding
from mjlog.reader import iter_log_files, read_log
from mjlog.replayer import replay


@dataclass(frozen=True, slots=True)
class FileAudit:
    """One file's audit: its findings, or the error that made it unreadable."""

    source: str
    findings: tuple[Finding, ...] = ()
    error: str | None = None

    @property
    def clean(self) -> bool:
        return self.error is None and not self.findings


@dataclass(slots=True)
class AuditReport:
    """Counts over a batch (games, clean, with findings, unreadable) and every file's result."""

    files: list[FileAudit] = field(default_factory=list)

    def add(self, fa: FileAudit) -> None:
        self.files.append(fa)

    @property
    def clean(self) -> int:
        return sum(1 for f in self.files if f.clean)

    @property
    def with_findings(self) -> int:
        return sum(1 for f in self.files if f.error is None and f.findings)

    @property
    def unreadable(self) -> int:
        return sum(1 for f in self.files if f.error is not None)

    def summary(self) -> str:
        return (f"audited {len(self.files)} games: {self.clean} clean, "
                f"{self.with_findings} with findings, {self.unreadable} unreadable")


def audit_one(source) -> FileAudit:
    """Audit one path or bytes; a read error (or a replay that fails) becomes the result's ``error``."""
    label = str(source) if isinstance(source, (str, os.PathLike)) else "<bytes>"
    try:
        log = read_log(source)
    except MalformedLogError as exc:
        return FileAudit(label, error=str(exc))
    try:
        return FileAudit(label, replay(log).findings)
    except Exception as exc:  # a replay bug must not end the batch; fuzz tests keep this unused
        return FileAudit(label, error=f"{label}: internal error while replaying ({type(exc).__name__}: {exc})")


def _audit_chunk(paths: Sequence[str]) -> list[FileAudit]:
    return [audit_one(p) for p in paths]


def iter_audits(sources: Sequence, jobs: int = 1, chunk: int = 16) -> Iterator[FileAudit]:
    """Audit results in input order; ``jobs`` > 1 spreads chunks of paths over a process pool."""
    if jobs <= 1 or len(sources) < 2 * chunk:
        for s in sources:
            yield audit_one(s)
        return
    chunks = [list(map(str, sources[i : i + chunk])) for i in range(0, len(sources), chunk)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for results in pool.map(_audit_chunk, chunks):
            yield from results


def audit_sources(sources: Iterable, jobs: int = 1, on_result: Callable[[FileAudit], bool | None] | None = None,
                  progress: bool = False) -> AuditReport:
    """Audit paths (directories walked) or bytes; ``on_result`` returning True stops the batch."""
    expanded: list = []
    for s in sources:
        if isinstance(s, (str, os.PathLike)) and os.path.isdir(s):
            expanded.extend(iter_log_files([s]))
        else:
            expanded.append(s)
    report = AuditReport()
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=len(expanded), unit="game", file=sys.stderr, leave=False)
    try:
        for fa in iter_audits(expanded, jobs):
            report.add(fa)
            if bar is not None:
                bar.update(1)
                bar.set_postfix(findings=sum(len(f.findings) for f in report.files), refresh=False)
            if on_result is not None and on_result(fa):
                break
    finally:
        if bar is not None:
            bar.close()
    return report
