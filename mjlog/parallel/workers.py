"""Worker processes (``--jobs N``) that end with the process that started them.

A process pool's workers wait on a pipe their parent holds; if the parent is killed (SIGKILL,
SIGTERM, an out-of-memory kill), nothing tells them, and they would wait for ever. Each worker
therefore asks Linux to send it SIGTERM when its parent ends, and, on any system, watches its
parent's id and exits as soon as it changes.

A spawned worker is a fresh interpreter: where its parent shows warnings escaped
(:func:`mjlog.text.printable_warnings`, around every command), it is set up to show them so too.
"""

from __future__ import annotations

import ctypes
import functools
import multiprocessing
import os
import signal
import sys
import threading
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor

from mjlog.text import show_warnings_printable, warnings_printable

#: How often (seconds) a worker checks that its parent is alive.
PARENT_CHECK_SECONDS = 0.5
_PR_SET_PDEATHSIG = 1


def worker_pool(jobs: int, start_method: str | None = None,
                environ: Mapping[str, str] | None = None) -> ProcessPoolExecutor:
    """A process pool of ``jobs`` workers that end when this process ends.

    ``start_method`` is multiprocessing's (the platform's default when None): ``"spawn"`` starts each
    worker as a fresh interpreter, so it holds none of this process's memory (a forked worker's
    resident size carries what this process held when it forked, such as a list of every input).
    ``environ``: environment variables each worker sets as it starts, before its first task (so before
    a spawned worker imports what the task needs)."""
    ctx = multiprocessing.get_context(start_method) if start_method else None
    return ProcessPoolExecutor(max_workers=jobs, mp_context=ctx, initializer=_start_worker,
                               initargs=(os.getpid(), warnings_printable(), dict(environ or {})))


def _start_worker(parent: int, escape_warnings: bool, environ: dict[str, str]) -> None:
    """Run in each worker as it starts: set ``environ``, show warnings escaped where its parent does (a
    spawned worker does not inherit that), and end with ``parent``."""
    os.environ.update(environ)
    if escape_warnings:
        show_warnings_printable()
    _end_with_parent(parent)


def _end_with_parent(parent: int) -> None:
    """Run in each worker as it starts: exit when ``parent`` is gone."""
    libc = _libc() if sys.platform.startswith("linux") else None
    if libc is not None:
        try:
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
        except AttributeError:
            pass  # the watcher below still ends the worker
    if os.getppid() != parent:  # the parent ended before the request above took effect
        os._exit(1)
    threading.Thread(target=_watch, args=(parent,), name="mjlog-parent-watch", daemon=True).start()


def _watch(parent: int) -> None:
    event = threading.Event()
    while not event.wait(PARENT_CHECK_SECONDS):
        if os.getppid() != parent:
            os._exit(1)


def peak_rss_kb() -> int | None:
    """This process's peak resident size so far, in KiB (Linux's VmHWM); None where it is not known."""
    try:
        with open("/proc/self/status", encoding="ascii", errors="replace") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return None


#: glibc's malloc gives a block of at least this many bytes a mapping of its own, returned when freed. Left
#: to itself it raises the threshold to the largest such block freed (up to 32 MiB), so a build worker's
#: Arrow buffers came from the heap, which kept their space as the batches went by. Fixed at 1 MiB (with
#: :func:`release_free_memory` before each batch) a worker's peak on 10,000 games is 179 MB, not 196, for
#: about 34 more page faults a game (~0.6% of its CPU; docs/performance.md, issue 38, 2026-12-06, evening).
MMAP_THRESHOLD = 1 << 20
_M_MMAP_THRESHOLD = -3  # mallopt's parameter number (malloc.h)


@functools.cache
def _libc() -> ctypes.CDLL | None:
    """This process's C library, or None where it cannot be loaded."""
    try:
        return ctypes.CDLL(None, use_errno=True)
    except OSError:
        return None


def _glibc() -> ctypes.CDLL | None:
    """The C library when its malloc is glibc's (it has ``mallopt`` and ``malloc_trim``), else None."""
    libc = _libc()
    return libc if libc is not None and hasattr(libc, "mallopt") and hasattr(libc, "malloc_trim") else None


@functools.cache
def fix_mmap_threshold() -> bool:
    """Fix this process's malloc mmap threshold at :data:`MMAP_THRESHOLD` (once); whether it could."""
    libc = _glibc()
    return libc is not None and libc.mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD) == 1


def release_free_memory() -> bool:
    """Give the free pages of malloc's heap back to the system (a worker between two batches: the
    last batch's space is free, and the next batch's peak would stack on it); whether it could."""
    libc = _glibc()
    if libc is None:
        return False
    libc.malloc_trim(0)
    return True
