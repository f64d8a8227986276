"""Auditing many logs: read and replay each file, in one process or a pool, never dying on one file.

>>> from mjlog.batch_audit import audit_sources
>>> report = audit_sources([b"not a log"])
>>> report.summary()
'audited 1 games: 0 clean, 0 with findings, 1 unreadable'
"""

from __future__ import annotations

import os
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from mjlog.errors import MalformedLogError
from mjlog.findings import Finding
from mjlog.reader import iter_log_files, read_log
from mjlog.replayer import replay
from mjlog.text import path_label
from mjlog.workers import worker_pool


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
    is_path = isinstance(source, (str, os.PathLike))
    label = path_label(source) if is_path else "<bytes>"
    try:
        log = read_log(source, label if is_path else None)
    except MalformedLogError as exc:
        return FileAudit(label, error=str(exc))
    except Exception as exc:  # read_log raises MalformedLogError only; this is the batch's guard
        return FileAudit(label, error=f"{label}: internal error while reading ({type(exc).__name__}: {exc})")
    try:
        return FileAudit(label, replay(log).findings)
    except Exception as exc:  # a replay bug must not end the batch; fuzz tests keep this unused
        return FileAudit(label, error=f"{label}: internal error while replaying ({type(exc).__name__}: {exc})")


def _audit_chunk(paths: Sequence[str]) -> list[FileAudit]:
    return [audit_one(p) for p in paths]


def iter_audits(sources: Sequence, jobs: int = 1, chunk: int = 16, engine: str = "local",
                scheduler: str | None = None) -> Iterator[FileAudit]:
    """Audit results in input order. ``jobs`` > 1 spreads chunks of paths over a process pool,
    ``engine="dask"`` over a Dask cluster (``scheduler``, else a LocalCluster of ``jobs`` workers);
    at most ``2 * jobs`` chunks are in flight, so memory stays flat however many files there are."""
    if engine == "dask":
        yield from _iter_dask(sources, jobs, chunk, scheduler)
        return
    if jobs <= 1 or len(sources) < 2 * chunk:
        for s in sources:
            yield audit_one(s)
        return
    chunks = (list(map(str, sources[i : i + chunk])) for i in range(0, len(sources), chunk))
    with worker_pool(jobs) as pool:
        yield from _in_order(lambda c: pool.submit(_audit_chunk, c), chunks, 2 * jobs)


def _in_order(submit: Callable, chunks: Iterator[list[str]], window: int) -> Iterator[FileAudit]:
    """Each chunk's results in input order, with at most ``window`` chunks submitted ahead."""
    pending: deque = deque()
    for c in chunks:
        pending.append(submit(c))
        if len(pending) >= window:
            yield from pending.popleft().result()
    while pending:
        yield from pending.popleft().result()


def _iter_dask(sources: Sequence, jobs: int, chunk: int, scheduler: str | None) -> Iterator[FileAudit]:
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise RuntimeError("--engine dask needs the dask extra: pip install 'mjlog[dask]'") from None
    cluster = None if scheduler else LocalCluster(n_workers=max(1, jobs), threads_per_worker=1, processes=True,
                                                  host="127.0.0.1", dashboard_address=None)
    client = Client(scheduler or cluster)
    try:
        chunks = (list(map(str, sources[i : i + chunk])) for i in range(0, len(sources), chunk))
        n_workers = max(1, len(client.scheduler_info().get("workers", {})) or jobs)
        yield from _in_order(lambda c: client.submit(_audit_chunk, c, pure=False), chunks, 2 * n_workers)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def audit_sources(sources: Iterable, jobs: int = 1, on_result: Callable[[FileAudit], bool | None] | None = None,
                  progress: bool = False, engine: str = "local", scheduler: str | None = None) -> AuditReport:
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
        for fa in iter_audits(expanded, jobs, engine=engine, scheduler=scheduler):
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
