"""One command run in a fresh process, with its wall time and peak memory measured.

The command is started by a small launcher (Python without ``site``) whose only child it is, so the
launcher's ``RUSAGE_CHILDREN`` peak is that command's own: a child forked straight from the test
process would count the test process's memory as its own (Linux keeps the peak across ``exec``).
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

#: The launcher: runs ``argv[2:]`` with a limit of ``argv[1]`` seconds, then prints its figures as the
#: last line of its standard error.
_LAUNCHER = """
import json, resource, subprocess, sys, time
start = time.perf_counter()
try:
    code = subprocess.run(sys.argv[2:], timeout=float(sys.argv[1])).returncode
except subprocess.TimeoutExpired:
    code = None
wall = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
sys.stderr.write("\\n" + json.dumps({"exit_code": code, "wall_s": wall, "peak_rss_mb": peak}) + "\\n")
"""


@dataclass(frozen=True)
class MeasuredRun:
    """What one command did: its exit code (``None`` if it ran past its limit and was killed), its wall
    time, its peak resident memory (MiB, its own children included) and its output."""

    exit_code: int | None
    wall_s: float
    peak_rss_mb: float
    stdout: str
    stderr: str


def mjlog_argv(*args: str) -> list[str]:
    """The command line that runs ``mjlog ARGS`` with this interpreter."""
    return [sys.executable, "-m", "mjlog", *args]


def measured_run(argv: list[str], limit_s: float, cwd: Path | None = None) -> MeasuredRun:
    """``argv`` run to its end or killed at ``limit_s`` seconds, measured."""
    done = subprocess.run([sys.executable, "-S", "-c", _LAUNCHER, str(limit_s), *argv], cwd=cwd,
                          capture_output=True, timeout=limit_s + 30)
    stderr = done.stderr.decode("utf-8", "replace")
    rest, _, figures = stderr.rstrip("\n").rpartition("\n")
    measured = json.loads(figures)
    return MeasuredRun(measured["exit_code"], measured["wall_s"], measured["peak_rss_mb"],
                       done.stdout.decode("utf-8", "replace"), rest)
