"""Auditing many logs: read and replay each file, in one process or a pool, never dying on one file.

Each game is counted once: files that record one game (by log id, seed or hands; see
:mod:`mjlog.formats.identity`) are grouped as their results stream in, the most complete of them is
the game's primary source, and the others are listed as its duplicates, with a finding when they
disagree on anything recorded (:mod:`mjlog.batch.report`). Files whose content is no log at all
(a ``readme.txt`` in a log folder) are skipped and counted.

>>> from mjlog.batch.audit import audit_sources
>>> report = audit_sources([b"not a log", b"<mjloggm"])
>>> report.summary()
'audited 1 game: 0 clean, 0 with findings, 1 unreadable; 0 errors, 0 warnings; 1 file skipped (not a log)'
"""

from __future__ import annotations

import os
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence

from mjlog.batch.report import AuditReport, FileAudit, StreamingAudit
from mjlog.formats.reader import iter_log_files
from mjlog.replayer.guard import CheckedGame, Step, check_games
from mjlog.text import path_label
from mjlog.parallel.workers import worker_pool


def audit_file(source) -> list[FileAudit]:
    """Audit one path or bytes: one result per game of the file (a Botzone export holds many); a read
    error (or a replay that fails) becomes the result's ``error``, content that is no log at all its
    ``skipped``."""
    is_path = isinstance(source, (str, os.PathLike))
    label = path_label(source) if is_path else "<bytes>"
    return [_file_audit(game, label) for game in check_games(source, label if is_path else None)]


#: How an audit's error names the step where mjlog itself failed.
_DOING = {Step.READING: "reading", Step.REPLAY: "replaying"}


def _file_audit(game: CheckedGame, label: str) -> FileAudit:
    """The audit result of one checked game of the file ``label``."""
    many = game.count > 1
    if not many:
        name = label
    elif game.log is None:
        name = f"{label}#{game.index + 1}"
    else:
        name = game.log.source or label
    if game.replay is not None:
        return FileAudit(name, game.replay.findings, identity=game.identity)
    failure = game.failure
    assert failure is not None  # the audit skips no game: one not replayed failed
    if game.whole_file and failure.not_a_log:
        return FileAudit(name, skipped=str(failure.error))
    if failure.internal:
        return FileAudit(name, error=f"{name}: internal error while {_DOING[failure.step]} "
                                     f"({type(failure.error).__name__}: {failure.error})")
    return FileAudit(name, error=str(failure.error))


def _audit_chunk(paths: Sequence[str]) -> list[FileAudit]:
    return [fa for p in paths for fa in audit_file(p)]


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
            yield from audit_file(s)
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
                  progress: bool = False, engine: str = "local", scheduler: str | None = None,
                  keep: bool = True) -> AuditReport:
    """Audit paths (directories walked) or bytes, one game once; ``on_result`` sees each result as it
    comes, in input order (returning True stops the calls): a file of a game already counted as a
    duplicate, and an earlier primary source a more complete file displaces right after that file
    (see :mod:`mjlog.batch.report`). ``keep=False`` keeps no file's result, only the counts, so memory
    stays flat however many files there are; ``keep=True`` also lists them all in ``report.files``.
    ``engine="dask"`` audits on a Dask cluster (see :func:`iter_audits`)."""
    expanded: list = []
    for s in sources:
        if isinstance(s, (str, os.PathLike)) and os.path.isdir(s):
            expanded.extend(iter_log_files([s]))
        else:
            expanded.append(s)
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=len(expanded), unit="file", file=sys.stderr, leave=False)
    calling = on_result is not None
    try:
        with StreamingAudit(keep) as counted:
            for fa in iter_audits(expanded, jobs, engine=engine, scheduler=scheduler):
                for out in counted.add(fa):
                    if calling and on_result(out):  # type: ignore[misc]
                        calling = False
                if bar is not None:
                    bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    return counted.report
