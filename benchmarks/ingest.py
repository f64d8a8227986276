"""Ingest of the whole corpus (XML and JSON) into a fresh DuckDB file: one process vs ``--jobs 2``.

Each measurement runs in its own child process with a new database, so peak memory (max RSS
of the writer process) is measured per run; the single-process run is repeated on the first
half of the files to show that memory does not grow with the number of files.
Targets: at least 300 games/s in one process, at least 1.7x that with 2 jobs, peak memory flat.

Each run also reports its CPU time (the writer process's and its workers') and the cores it
kept busy (CPU time / wall time). The speedup is the product of two ratios: cores busy
(jobs2 / single) and CPU time (single / jobs2). One process already keeps more than one core
busy, because its writer thread's DuckDB work runs beside the build; on 2 cores that caps
the first ratio at 2 / (single's cores busy). Runs go in turn (single, --jobs 2, single, ...)
so that the VM's changes of speed weigh on both sides.
Last line:
``ingest: N games, single A games/s, jobs2 B games/s, speedup S, peak memory M MB (half H MB)``
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import corpus_files, peak_rss_mb


def files(half: bool) -> list[str]:
    paths = [str(p) for p in corpus_files("xml") + corpus_files("json")]
    return paths[: len(paths) // 2] if half else paths


def child(jobs: int, half: bool, batch: int) -> None:
    """Run one ingest into a new database and print its numbers as JSON."""
    from mjlog.store import Store

    with tempfile.TemporaryDirectory() as tmp, Store(os.path.join(tmp, "bench.duckdb")) as st:
        before = cpu_seconds()
        s = st.ingest(files(half), jobs=jobs, batch=batch)
        cpu = cpu_seconds() - before
    print(json.dumps({"games": s.games_added, "seconds": s.seconds, "rate": s.games_per_second, "cpu": cpu,
                      "peak_mb": peak_rss_mb(), "unreadable": s.unreadable}))


def cpu_seconds() -> float:
    """User and system CPU time of this process and its finished children."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def run(jobs: int, half: bool, batch: int) -> dict:
    cmd = [sys.executable, __file__, "--child", "--jobs", str(jobs), "--batch", str(batch)] + (["--half"] if half else [])
    out = subprocess.run(cmd, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=2, help="runs of each measurement; the fastest counts (default 2)")
    ap.add_argument("--batch", type=int, default=256, help="games per transaction (default 256, as mjlog ingest)")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--jobs", type=int, default=1, help=argparse.SUPPRESS)
    ap.add_argument("--half", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.jobs, args.half, args.batch)
        return
    singles, jobs2s = [], []
    for _ in range(args.repeat):  # in turn, so that a change in the VM's speed weighs on both
        singles.append(run(1, False, args.batch))
        jobs2s.append(run(2, False, args.batch))
    single = max(singles, key=lambda r: r["rate"])
    jobs2 = max(jobs2s, key=lambda r: r["rate"])
    half = run(1, True, args.batch)
    speedup = jobs2["rate"] / single["rate"]
    busy1, busy2 = single["cpu"] / single["seconds"], jobs2["cpu"] / jobs2["seconds"]
    cores = os.cpu_count() or 1
    print(f"single process: {single['games']} games in {single['seconds']:.2f} s, CPU {single['cpu']:.2f} s "
          f"({busy1:.2f} cores busy), peak {single['peak_mb']:.0f} MB")
    print(f"--jobs 2:       {jobs2['games']} games in {jobs2['seconds']:.2f} s, CPU {jobs2['cpu']:.2f} s "
          f"({busy2:.2f} cores busy), writer peak {jobs2['peak_mb']:.0f} MB")
    print(f"half corpus:    {half['games']} games in {half['seconds']:.2f} s, peak {half['peak_mb']:.0f} MB")
    verdicts = [
        f"single {'meets' if single['rate'] >= 300 else 'MISSES'} 300 games/s",
        f"speedup {'meets' if speedup >= 1.7 else 'MISSES'} 1.7x",
        f"memory {'flat' if single['peak_mb'] <= 1.25 * half['peak_mb'] else 'GROWS'}",
    ]
    print(f"speedup {speedup:.2f} = cores busy {busy2 / busy1:.2f} (at most {cores / busy1:.2f} on {cores} cores) "
          f"x CPU time {single['cpu'] / jobs2['cpu']:.2f}")
    pairs = ", ".join(f"{j['rate'] / s['rate']:.2f}" for s, j in zip(singles, jobs2s))
    print(f"speedup of each pair of runs in turn: {pairs}")
    print("; ".join(verdicts))
    print(f"ingest: {single['games']} games, single {single['rate']:.0f} games/s, jobs2 {jobs2['rate']:.0f} games/s, "
          f"speedup {speedup:.2f}, peak memory {single['peak_mb']:.0f} MB (half {half['peak_mb']:.0f} MB)")


if __name__ == "__main__":
    main()
