"""Start-up CPU of the ``mjlog`` command: ``mjlog --version``, ``mjlog --help`` and ``mjlog audit`` of one log, against
bare Python, each in a fresh process; the CPU (user + system) of each run, medians of runs taken in
turn. Bytecode is written first (``compileall``), as an install does.

Target: under 0.15 s of CPU for each of them.
Last line: ``startup: bare python B s, mjlog --version V s, mjlog --help H s, mjlog audit (1 file) A s CPU (medians of N)``
"""

from __future__ import annotations

import argparse
import compileall
import os
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import ROOT, corpus_files

#: The goal of issue 38, in seconds of CPU.
TARGET_S = 0.15


def cpu_seconds(argv: list[str]) -> float:
    """User + system CPU of one run of ``argv``, its output discarded."""
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(proc.pid, 0)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=15, help="runs of each command, in turn (default 15)")
    args = ap.parse_args()
    compileall.compile_dir(ROOT / "mjlog", quiet=1)
    mjlog = shutil.which("mjlog", path=str(Path(sys.executable).parent)) or "mjlog"
    log = str(corpus_files("xml")[0])
    commands = {"bare python": [sys.executable, "-c", "pass"], "mjlog --version": [mjlog, "--version"],
                "mjlog --help": [mjlog, "--help"],
                "mjlog audit (1 file)": [mjlog, "audit", "--no-progress", log]}
    runs: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(args.runs):
        for name, argv in commands.items():
            runs[name].append(cpu_seconds(argv))
    medians = {name: statistics.median(r) for name, r in runs.items()}
    for name, m in medians.items():
        verdict = "" if name == "bare python" else f" ({'meets' if m < TARGET_S else 'MISSES'} the {TARGET_S} s target)"
        print(f"{name}: median {m:.3f} s CPU, fastest {min(runs[name]):.3f} s{verdict}")
    print(f"startup: bare python {medians['bare python']:.3f} s, mjlog --version {medians['mjlog --version']:.3f} s, "
          f"mjlog --help {medians['mjlog --help']:.3f} s, "
          f"mjlog audit (1 file) {medians['mjlog audit (1 file)']:.3f} s CPU (medians of {args.runs})")


if __name__ == "__main__":
    main()
