"""Ingest of the whole corpus (XML and JSON) into a fresh DuckDB file: one process vs ``--jobs 2``.

Each measurement runs in its own child process with a new database, so peak memory (max RSS
of the writer process) is measured per run; the single-process run is repeated on the first
half of the files to show that memory does not grow with the number of files.
Targets: at least 300 games/s in one process, at least 1.7x that with 2 jobs, peak memory flat.
Last line:
``ingest: N games, single A games/s, jobs2 B games/s, speedup S, peak memory M MB (half H MB)``
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import corpus_files, peak_rss_mb  # noqa: E402


def files(half: bool) -> list[str]:
    paths = [str(p) for p in corpus_files("xml") + corpus_files("json")]
    return paths[: len(paths) // 2] if half else paths


def child(jobs: int, half: bool, batch: int) -> None:
    """Run one ingest into a new database and print its numbers as JSON."""
    from mjlog.store import Store

    with tempfile.TemporaryDirectory() as tmp, Store(os.path.join(tmp, "bench.duckdb")) as st:
        s = st.ingest(files(half), jobs=jobs, batch=batch)
    print(json.dumps({"games": s.games_added, "seconds": s.seconds, "rate": s.games_per_second,
                      "peak_mb": peak_rss_mb(), "unreadable": s.unreadable}))


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
    single = max((run(1, False, args.batch) for _ in range(args.repeat)), key=lambda r: r["rate"])
    jobs2 = max((run(2, False, args.batch) for _ in range(args.repeat)), key=lambda r: r["rate"])
    half = run(1, True, args.batch)
    speedup = jobs2["rate"] / single["rate"]
    print(f"single process: {single['games']} games in {single['seconds']:.2f} s, peak {single['peak_mb']:.0f} MB")
    print(f"--jobs 2:       {jobs2['games']} games in {jobs2['seconds']:.2f} s, writer peak {jobs2['peak_mb']:.0f} MB")
    print(f"half corpus:    {half['games']} games in {half['seconds']:.2f} s, peak {half['peak_mb']:.0f} MB")
    verdicts = [
        f"single {'meets' if single['rate'] >= 300 else 'MISSES'} 300 games/s",
        f"speedup {'meets' if speedup >= 1.7 else 'MISSES'} 1.7x",
        f"memory {'flat' if single['peak_mb'] <= 1.25 * half['peak_mb'] else 'GROWS'}",
    ]
    print("; ".join(verdicts))
    print(f"ingest: {single['games']} games, single {single['rate']:.0f} games/s, jobs2 {jobs2['rate']:.0f} games/s, "
          f"speedup {speedup:.2f}, peak memory {single['peak_mb']:.0f} MB (half {half['peak_mb']:.0f} MB)")


if __name__ == "__main__":
    main()
