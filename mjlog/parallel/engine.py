"""Many tasks in parallel: here, in a pool of worker processes that end with this one, or on a Dask cluster.

The batch audit (``mjlog audit --jobs/--engine``), the store's ingest (``mjlog ingest --jobs``),
the Parquet dataset's build (``mjlog build --jobs/--engine``) and the simulator
(``mjlog simulate --jobs``) all run their tasks through :func:`run_tasks`: results in the tasks'
order (or as they finish), with a bounded window of tasks in flight, so memory stays flat however
many tasks there are. A run that needs, between those, one task done on the same workers and
waited for (the audit's second look at possible copies) opens a :class:`TaskPool` (:func:`task_pool`).

>>> list(run_tasks(pow, [(2, 3), (3, 2)]))
[8, 9]
"""

from __future__ import annotations

import enum
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from mjlog.text import show_warnings_printable, warnings_printable


class Engine(enum.Enum):
    """Where the tasks run: this machine's processes, or a Dask cluster."""

    LOCAL = "local"
    DASK = "dask"


#: Tasks in flight per worker when the caller names no window: one running, one waiting.
PER_WORKER = 2


@dataclass(frozen=True, slots=True)
class _Runner:
    """What the loops need of an executor: submit a call, the number of workers, wait for the
    first of some futures to finish, let a taken result go."""

    submit: Callable[..., Any]
    workers: int
    first_done: Callable[[set], tuple[set, set]]
    release: Callable[[Any], None]


class TaskPool:
    """Where one run's tasks go: many in a bounded window (:meth:`map`), or one waited for
    (:meth:`call`), on the same workers. Without workers (:attr:`parallel` False) each runs here."""

    def __init__(self, runner: _Runner | None = None) -> None:
        self._runner = runner

    @property
    def parallel(self) -> bool:
        """Whether the tasks run in other processes (a pool or a Dask cluster)."""
        return self._runner is not None

    def map(self, fn: Callable, tasks: Iterable[tuple], *, ordered: bool = True,
            window: int | None = None) -> Iterator:
        """``fn(*task)`` for each task, as :func:`run_tasks` describes."""
        runner = self._runner
        if runner is None:
            for task in tasks:
                yield fn(*task)
            return
        size = window if window is not None else PER_WORKER * runner.workers
        loop = _in_order if ordered else _as_finished
        yield from loop(runner, fn, iter(tasks), max(1, size))

    def call(self, fn: Callable, *args: Any) -> Any:
        """``fn(*args)`` on a worker (here without workers), waited for; it queues behind the tasks
        :meth:`map` has in flight."""
        if self._runner is None:
            return fn(*args)
        return _take(self._runner, self._runner.submit(fn, *args))


@contextmanager
def task_pool(jobs: int = 1, engine: str | Engine = Engine.LOCAL, scheduler: str | None = None,
              start_method: str | None = None, environ: Mapping[str, str] | None = None) -> Iterator[TaskPool]:
    """A :class:`TaskPool`: here when ``jobs`` <= 1 on the local engine, else a pool of ``jobs`` worker
    processes (``start_method``: multiprocessing's, see :func:`~mjlog.parallel.workers.worker_pool`) or
    the Dask cluster at ``scheduler`` (without one, a LocalCluster of ``jobs`` workers), closed on exit.
    ``environ``: environment variables the workers this starts set as they start (not those of a
    ``scheduler``'s cluster, nor this process's)."""
    kind = Engine(engine)
    if kind is Engine.LOCAL and jobs <= 1:
        yield TaskPool()
        return
    with (_pool(jobs, start_method, environ) if kind is Engine.LOCAL
          else _dask(jobs, scheduler, environ)) as runner:
        yield TaskPool(runner)


def run_tasks(fn: Callable, tasks: Iterable[tuple], *, jobs: int = 1, engine: str | Engine = Engine.LOCAL,
              scheduler: str | None = None, ordered: bool = True, window: int | None = None,
              start_method: str | None = None, environ: Mapping[str, str] | None = None) -> Iterator:
    """``fn(*task)`` for each task: here when ``jobs`` <= 1 on the local engine, else in a pool of
    ``jobs`` worker processes (``start_method``: multiprocessing's, see
    :func:`~mjlog.parallel.workers.worker_pool`) or on the Dask cluster at ``scheduler`` (without one,
    a LocalCluster of ``jobs`` workers); ``environ`` as :func:`task_pool`'s.

    Results come in the tasks' order (``ordered``), else as they finish. At most ``window`` tasks
    (default :data:`PER_WORKER` per worker) are submitted and not yet handed on, the one being handed
    on included, and ``tasks`` is read one task ahead of need: what a task's arguments cost is paid
    only when it is submitted.
    """
    with task_pool(jobs, engine, scheduler, start_method, environ) as pool:
        yield from pool.map(fn, tasks, ordered=ordered, window=window)


def _take(runner: _Runner, future) -> Any:
    result = future.result()
    runner.release(future)
    return result


def _in_order(runner: _Runner, fn: Callable, tasks: Iterator[tuple], window: int) -> Iterator:
    pending: deque = deque()
    for task in tasks:
        pending.append(runner.submit(fn, *task))
        if len(pending) >= window:
            yield _take(runner, pending.popleft())
    while pending:
        yield _take(runner, pending.popleft())


def _as_finished(runner: _Runner, fn: Callable, tasks: Iterator[tuple], window: int) -> Iterator:
    pending: set = set()
    for task in tasks:
        pending.add(runner.submit(fn, *task))
        if len(pending) >= window:
            break
    while pending:
        done, pending = runner.first_done(pending)
        for future in done:
            yield _take(runner, future)
            task = next(tasks, None)
            if task is not None:
                pending.add(runner.submit(fn, *task))


@contextmanager
def _pool(jobs: int, start_method: str | None, environ: Mapping[str, str] | None) -> Iterator[_Runner]:
    # imported here, not above: an audit in one process loads neither multiprocessing nor the executor
    from concurrent.futures import FIRST_COMPLETED, wait

    from mjlog.parallel.workers import worker_pool

    with worker_pool(jobs, start_method, environ) as pool:
        yield _Runner(pool.submit, jobs, lambda fs: tuple(wait(fs, return_when=FIRST_COMPLETED)),
                      lambda future: None)


@contextmanager
def _dask(jobs: int, scheduler: str | None, environ: Mapping[str, str] | None) -> Iterator[_Runner]:
    try:
        from dask.distributed import Client, LocalCluster
        from dask.distributed import wait as dask_wait
    except ImportError:
        raise RuntimeError("--engine dask needs the dask extra: pip install 'mjlog[dask]'") from None
    cluster = None if scheduler else LocalCluster(n_workers=max(1, jobs), threads_per_worker=1, processes=True,
                                                  host="127.0.0.1", dashboard_address=None, env=dict(environ or {}))
    client = Client(scheduler or cluster)
    try:
        if cluster is not None and warnings_printable():
            # its workers write to this terminal: warnings escaped there as here (a scheduler's own
            # workers write to their own logs, and are another's to set up)
            client.register_worker_callbacks(setup=show_warnings_printable)
        workers = max(1, len(client.scheduler_info().get("workers", {})) or jobs)
        yield _Runner(lambda fn, *args: client.submit(fn, *args, pure=False), workers,
                      lambda fs: tuple(dask_wait(fs, return_when="FIRST_COMPLETED")),
                      lambda future: future.release())
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
