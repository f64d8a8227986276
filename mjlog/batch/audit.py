"""Auditing many logs: read and replay each file, in one process or a pool, never dying on one file.

Each game is counted once: files that record one game (by log id, seed or hands; see
:mod:`mjlog.formats.identity`) are grouped as their results stream in, the most complete of them is
the game's primary source, and the others are listed as its duplicates, with a finding when they
disagree on anything recorded (:mod:`mjlog.batch.report`). Files whose content is no log at all
(a ``readme.txt`` in a log folder) are skipped and counted.

>>> from mjlog.batch.audit import audit_sources
>>> report = audit_sources([b"not a log", b"<mjloggm"])
>>> report.summary()
'audited 0 games: 0 clean, 0 with findings; 1 unreadable log; 0 errors, 0 warnings; 1 file skipped (not a log)'
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace

from mjlog.batch.report import AuditReport, StreamingAudit
from mjlog.batch.results import UNNAMED_HAND, FileAudit, FileGame, QuietGame
from mjlog.formats import reader
from mjlog.formats.identity import GameIdentity
from mjlog.formats.reader import log_file_paths
from mjlog.ir import GameLog
from mjlog.replayer.guard import CheckedGame, Step, check_games, identify
from mjlog.rules.knobs import RuleChoice
from mjlog.text import path_label
from mjlog.parallel.engine import TaskPool, task_pool


def audit_file(source, choice: RuleChoice | None = None) -> list[FileAudit]:
    """Audit one path or bytes: one result per game of the file (a Botzone export holds many); a read
    error (or a replay that fails) becomes the result's ``error``, content that is no log at all its
    ``skipped``. A game read from a path comes with its quick identity and its origin (see
    :mod:`mjlog.batch.report`), one from bytes with its full identity. ``choice`` replays each game
    under rules it does not state (``--rules``/``--knob``)."""
    is_path = isinstance(source, (str, os.PathLike))
    label = path_label(source) if is_path else "<bytes>"
    path = os.fspath(source) if is_path else None
    return [_file_audit(game, label, path)
            for game in check_games(source, label if is_path else None, quick=is_path, choice=choice)]


class IdentifyAgain:
    """The full identity of a game a quick identity came with: its file read again (the last file
    read kept, so the games of one file are read once), None when it cannot be identified."""

    def __init__(self) -> None:
        self._path: str | None = None
        self._logs: list[GameLog | None] = []

    def __call__(self, origin: FileGame) -> GameIdentity | None:
        if origin.path != self._path:
            try:
                logs = reader.games_or_errors(origin.path, path_label(origin.path))
            except (OSError, ValueError):   # gone or changed since: no identity, as for a value that has none
                logs = []
            self._path = origin.path
            self._logs = [log if isinstance(log, GameLog) else None for log in logs]
        log = self._logs[origin.index] if origin.index < len(self._logs) else None
        return None if log is None else identify(log)


def identify_games(origins: Sequence[FileGame]) -> list[GameIdentity | None]:
    """The full identity of each game (:class:`IdentifyAgain`), each file read once: on a pool, a
    worker's task."""
    again = IdentifyAgain()
    order = sorted(range(len(origins)), key=lambda i: (origins[i].path, origins[i].index))
    found = {i: again(origins[i]) for i in order}
    return [found[i] for i in range(len(origins))]


def _identify_on(pool: TaskPool) -> Callable[[Sequence[FileGame]], list[GameIdentity | None]]:
    """:func:`identify_games` here, or on the pool's workers (the parent then reads no log)."""
    if not pool.parallel:
        return identify_games
    return lambda origins: pool.call(identify_games, list(origins))


#: Paths a worker audits in one task, at least and at most (:func:`_chunk_for`): enough that what a
#: task costs the parent (its results' transfer, the pool's threads woken: about 0.35 ms) is small
#: against its games (a cap of 512, not 128: 10,000 games on 2 workers in 20 tasks, not 79).
MIN_CHUNK, MAX_CHUNK = 16, 512


#: Sources audited in one process whose results are counted together: the index is asked about a
#: batch in one statement (one a file: 80 us a file of the 722 Phoenix files' audit), and what a
#: file reports waits for at most this many files' audits (about 50 ms).
SERIAL_BATCH = 32


def _chunk_for(files: int, jobs: int) -> int:
    """The paths per task for ``files`` on ``jobs`` workers: each worker gets about eight tasks (so the
    last ones end close together), within :data:`MIN_CHUNK` and :data:`MAX_CHUNK`."""
    return max(MIN_CHUNK, min(MAX_CHUNK, files // (8 * max(1, jobs))))

#: How an audit's error names the step where mjlog itself failed.
_DOING = {Step.READING: "reading", Step.REPLAY: "replaying"}


def _file_audit(game: CheckedGame, label: str, path: str | None) -> FileAudit:
    """The audit result of one checked game of the file ``label`` (at ``path``, None for bytes), with
    where to read its game again when its identity is a quick one."""
    many = game.count > 1
    if not many:
        name = label
    elif game.log is None:
        name = f"{label}#{game.index + 1}"
    else:
        name = game.log.source or label
    if game.replay is not None:
        ident = game.identity
        quick = ident is not None and not ident.digested
        return FileAudit(name, game.replay.findings, identity=ident,
                         origin=FileGame(path, game.index) if quick and path is not None else None)
    failure = game.failure
    assert failure is not None  # the audit skips no game: one not replayed failed
    if game.whole_file and failure.not_a_log:
        return FileAudit(name, skipped=str(failure.error))
    if failure.internal:
        return FileAudit(name, error=f"{name}: internal error while {_DOING[failure.step]} "
                                     f"({type(failure.error).__name__}: {failure.error})")
    return FileAudit(name, error=str(failure.error))


def _nameless(fa: FileAudit) -> FileAudit:
    """``fa`` with its quick identity's players and hands' names left out (as many hands, each
    :data:`~mjlog.batch.results.UNNAMED_HAND`): what the batch's counts need of it (its keys, deal and
    completeness), in about a third fewer bytes from a worker. A full identity (no quick one) is kept whole."""
    ident = fa.identity
    if ident is None or ident.digested:
        return fa
    return replace(fa, identity=replace(ident, players=(), rounds=(UNNAMED_HAND,) * len(ident.rounds)))


def _sent(fa: FileAudit, names: bool, quiet: bool) -> FileAudit | QuietGame:
    """What a worker sends of ``fa``: as it is, without names (:func:`_nameless`), or as a
    :class:`~mjlog.batch.results.QuietGame` when ``quiet`` and it has nothing to report."""
    if quiet:
        q = QuietGame.of(fa)
        if q is not None:
            return q
    return fa if names else _nameless(fa)


#: How many new container objects the cyclic garbage collector lets an audit make between two of its
#: youngest generation's collections (Python's default: 700).
AUDIT_GC_THRESHOLD = 10_000


@contextmanager
def _collector_at_rest() -> Iterator[None]:
    """The cyclic garbage collector, for the length of an audit, leaves alone the objects that were there
    before it (the modules') and runs less often (:data:`AUDIT_GC_THRESHOLD`): a game's objects go with
    their reference counts, so its collections walked live objects and found little (the whole-CLI audit
    of the 722 Phoenix files: 8,254 M instructions, 8,204 M; the collector's own 187 M, 131 M). The
    collector is as it was afterwards."""
    threshold = gc.get_threshold()
    freezing = gc.get_freeze_count() == 0   # a caller's own frozen objects stay frozen
    if freezing:
        gc.freeze()
    gc.set_threshold(max(threshold[0], AUDIT_GC_THRESHOLD), *threshold[1:])
    try:
        yield
    finally:
        gc.set_threshold(*threshold)
        if freezing:
            gc.unfreeze()


def _audit_chunk(paths: Sequence[str], choice: RuleChoice | None = None, names: bool = True,
                 quiet: bool = False) -> list[FileAudit | QuietGame]:
    with _collector_at_rest():
        return [_sent(fa, names, quiet) for p in paths for fa in audit_file(p, choice)]


def _audited_batches(sources: Sequence, pool: TaskPool, chunk: int, choice: RuleChoice | None,
                     names: bool = True, quiet: bool = False) -> Iterator[list[FileAudit | QuietGame]]:
    """The audit results of ``sources`` in input order, a batch at a time: each source's here, or
    each chunk's of ``chunk`` paths on the pool's workers, each result as :func:`_sent` makes it."""
    if not pool.parallel:
        batch: list[FileAudit | QuietGame] = []
        for n, s in enumerate(sources, 1):
            batch += [_sent(fa, names, quiet) for fa in audit_file(s, choice)]
            if n % SERIAL_BATCH == 0:
                yield batch
                batch = []
        if batch:
            yield batch
        return
    chunks = ((list(map(str, sources[i : i + chunk])), choice, names, quiet) for i in range(0, len(sources), chunk))
    yield from pool.map(_audit_chunk, chunks)


def _parallel(sources: Sequence, jobs: int, engine: str) -> bool:
    return engine == "dask" or (jobs > 1 and len(sources) >= 2 * MIN_CHUNK)


def iter_audits(sources: Sequence, jobs: int = 1, chunk: int | None = None, engine: str = "local",
                scheduler: str | None = None, choice: RuleChoice | None = None) -> Iterator[FileAudit]:
    """Audit results in input order. ``jobs`` > 1 spreads chunks of paths (``chunk`` each, by default
    :func:`_chunk_for`'s) over a process pool, ``engine="dask"`` over a Dask cluster (``scheduler``,
    else a LocalCluster of ``jobs`` workers); at most ``2 * jobs`` chunks are in flight, so memory
    stays flat however many files there are (:func:`mjlog.parallel.engine.run_tasks`)."""
    with task_pool(jobs if _parallel(sources, jobs, engine) else 1, engine, scheduler) as pool:
        for audits in _audited_batches(sources, pool, chunk or _chunk_for(len(sources), jobs), choice):
            yield from audits


def audit_sources(sources: Iterable, jobs: int = 1, on_result: Callable[[FileAudit], bool | None] | None = None,
                  progress: bool = False, engine: str = "local", scheduler: str | None = None,
                  keep: bool = True, choice: RuleChoice | None = None, names: bool = True,
                  quiet: bool = False) -> AuditReport:
    """Audit paths (directories walked) or bytes, one game once; ``on_result`` sees each result as it
    comes, in input order (returning True stops the calls): a file of a game already counted as a
    duplicate, and an earlier primary source a more complete file displaces right after that file
    (see :mod:`mjlog.batch.report`). ``keep=False`` keeps no file's result, only the counts, so memory
    stays flat however many files there are; ``keep=True`` also lists them all in ``report.files``.
    ``engine="dask"`` audits on a Dask cluster (see :func:`iter_audits`); ``choice`` replays every game
    under rules it does not state (``--rules``/``--knob``). ``names=False`` leaves out of each quick
    identity (of a result ``on_result`` sees or the report keeps) its players and hands' names, which the
    counts do not need: the workers send less; the counts and verdicts are the same. ``quiet=True``
    (with ``keep=False``) leaves out of what ``on_result`` sees the results that have nothing to
    report (a game counted for the first time, with no finding), which the workers then send as a
    :class:`~mjlog.batch.results.QuietGame`: the same counts and verdicts for less of the parent's work."""
    if quiet and keep:
        raise ValueError("a quiet audit keeps no file's result: pass keep=False")
    expanded: list = []
    for s in sources:
        if isinstance(s, (str, os.PathLike)) and os.path.isdir(s):
            expanded.extend(log_file_paths([s]))
        else:
            expanded.append(s)
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=len(expanded), unit="file", file=sys.stderr, leave=False)
    calling = on_result is not None
    try:
        with _collector_at_rest(), task_pool(jobs if _parallel(expanded, jobs, engine) else 1, engine, scheduler) as pool:
            with StreamingAudit(keep, _identify_on(pool)) as counted:
                for audits in _audited_batches(expanded, pool, _chunk_for(len(expanded), jobs), choice,
                                               names, quiet):
                    for reported in counted.add_all(audits):
                        for out in reported:
                            if calling and on_result(out):  # type: ignore[misc]  # calling: on_result is set
                                calling = False
                        if bar is not None:
                            bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    return counted.report
