"""How a dataset build scales: CPU per game by stage, the serial share, and the speedup it predicts.

Input: the corpus's XML games repeated under distinct ids (each copy's bytes differ by a trailing
comment, its name carries no log id) plus the simulated sample games. Measured here:

- the CPU seconds per game of each stage in one process: read, replay, rows, Parquet write,
  and the DuckDB bulk load of the built dataset;
- a build with 1 worker and with 2 (``mjlog.dataset.build``): wall time, CPU per game summed
  over the workers (from the batch manifests) and over the parent, and the serial step;
- the serial share (the parent's CPU: planning, the final manifest) of the whole work, and the
  speedup Amdahl's law gives from it at 2, 4, 8, 16 and 64 cores;
- the peak memory of a worker, on the input and on 4x the input (flat is the goal).

    python benchmarks/scale.py [--copies N] [--corpus DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mjlog.dataset import build  # noqa: E402


def make_inputs(corpus: Path, copies: int, out: Path) -> int:
    """``copies`` of each corpus XML game under distinct bytes and names, plus the sample games."""
    out.mkdir(parents=True, exist_ok=True)
    sources = sorted((corpus / "xml").glob("*")) + sorted((ROOT / "data" / "sample").glob("*.xml"))
    n = 0
    for k in range(copies):
        for i, src in enumerate(sources):
            data = src.read_bytes()
            if data[:2] == b"\x1f\x8b":
                import gzip

                data = gzip.decompress(data)
            (out / f"c{k}-{i}.xml").write_bytes(data + f"\n<!-- copy {k} -->\n".encode())
            n += 1
    return n


def stage_seconds(files: list[Path]) -> dict[str, float]:
    """CPU seconds per game of read, replay, rows and Parquet write, in this process."""
    import pyarrow.parquet as pq

    from mjlog.ingest_rows import _Rows, game_id_for
    from mjlog.reader import read_log
    from mjlog.replayer import replay

    t = {"read": 0.0, "replay": 0.0, "rows": 0.0, "parquet": 0.0}
    rows = _Rows()
    games = 0
    for f in files:
        data = f.read_bytes()
        c0 = time.process_time()
        log = read_log(data, str(f))
        c1 = time.process_time()
        rep = replay(log)
        c2 = time.process_time()
        rows.add(log, rep, game_id_for(log.log_id, str(games)), str(f), str(games))
        c3 = time.process_time()
        t["read"] += c1 - c0
        t["replay"] += c2 - c1
        t["rows"] += c3 - c2
        games += 1
    c3 = time.process_time()
    tables = rows.tables()
    t["rows"] += time.process_time() - c3
    with tempfile.TemporaryDirectory() as d:
        c4 = time.process_time()
        for name, table in tables.items():
            pq.write_table(table, Path(d) / f"{name}.parquet")
        t["parquet"] += time.process_time() - c4
    return {k: v / games for k, v in t.items()}


def timed_build(inputs: Path, out: Path, jobs: int) -> dict:
    """A build in a child process: wall time, the parent's CPU, the workers' CPU, peak memory."""
    code = (
        "import json, resource, sys, time; sys.path.insert(0, sys.argv[4]); from mjlog.dataset import build, finish; "
        "t = time.perf_counter(); c = time.process_time(); "
        "s = build([sys.argv[1]], sys.argv[2], jobs=int(sys.argv[3]), batch_files=256); "
        "w = time.perf_counter() - t; parent = time.process_time() - c; "
        "f0 = time.process_time(); finish(sys.argv[2]); fin = time.process_time() - f0; "
        "print(json.dumps({'wall': w, 'parent_cpu': parent, 'finish_cpu': fin, 'games': s.games, "
        "'self_rss_mb': resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, "
        "'child_rss_mb': resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024}))"
    )
    run = subprocess.run([sys.executable, "-c", code, str(inputs), str(out), str(jobs), str(ROOT)],
                         capture_output=True, text=True, check=True)
    r = json.loads(run.stdout.strip().splitlines()[-1])
    manifests = [json.loads(p.read_text()) for p in (out / "_batches").glob("*.json")]
    r["worker_cpu"] = sum(m["cpu_seconds"] for m in manifests)
    # with one job the parent builds the batches itself: its CPU already holds the workers'
    r["total_cpu"] = r["parent_cpu"] if jobs == 1 else r["parent_cpu"] + r["worker_cpu"]
    r["serial_cpu"] = r["parent_cpu"] - (r["worker_cpu"] if jobs == 1 else 0.0)
    r["worker_rss_mb"] = r["self_rss_mb"] if jobs == 1 else r["child_rss_mb"]
    return r


def load_seconds(dataset: Path) -> tuple[float, int]:
    from mjlog.store import Store

    with Store(":memory:") as st:
        t = time.perf_counter()
        s = st.load_dataset(dataset)
        return time.perf_counter() - t, s.games_added


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--copies", type=int, default=2, help="copies of each corpus game (default 2)")
    ap.add_argument("--corpus", default=os.environ.get("MJLOG_CORPUS", str(ROOT.parent / "shared" / "corpus" / "tenhou")))
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        n = make_inputs(Path(args.corpus), args.copies, tmp / "in")
        files = sorted((tmp / "in").glob("*.xml"))
        print(f"input: {n} files ({args.copies} copies of the corpus XML games plus the sample games)")
        stages = stage_seconds(files[: min(len(files), 600)])
        runs = {j: timed_build(tmp / "in", tmp / f"ds{j}", j) for j in (1, 2)}
        load_s, loaded = load_seconds(tmp / "ds1")
        big = make_inputs(Path(args.corpus), args.copies * 4, tmp / "in4")
        run4 = timed_build(tmp / "in4", tmp / "ds4", 1)
    stages["duckdb load"] = load_s / loaded
    print("CPU ms per game by stage (one process): " + ", ".join(f"{k} {v * 1000:.2f}" for k, v in stages.items()))
    for j, r in runs.items():
        per = r["total_cpu"] / r["games"]
        print(f"build, {j} worker{'s' if j > 1 else ''}: {r['games']} games in {r['wall']:.1f} s "
              f"({r['games'] / r['wall']:.0f} games/s), CPU {per * 1000:.2f} ms/game, serial step "
              f"{r['serial_cpu']:.2f} s ({r['serial_cpu'] / r['total_cpu']:.2%} of the CPU), "
              f"peak memory per worker {r['worker_rss_mb']:.0f} MB")
    one, two = runs[1], runs[2]
    extra = (two["total_cpu"] / two["games"]) / (one["total_cpu"] / one["games"]) - 1
    print(f"CPU per game with 2 workers against 1: {extra:+.1%} (goal: at most +10%)")
    print(f"speedup measured with 2 workers: {one['wall'] / two['wall']:.2f}x on {os.cpu_count()} cores")
    serial = two["serial_cpu"] / two["total_cpu"]
    predicted = ", ".join(f"{c}: {1 / (serial + (1 - serial) / c):.1f}x" for c in (2, 4, 8, 16, 64))
    print(f"serial share {serial:.2%} (goal under 2%); Amdahl's speedup from it: {predicted}")
    build_per_game = one["total_cpu"] / one["games"]
    print(f"DuckDB bulk load: {stages['duckdb load'] * 1000:.3f} ms/game, {build_per_game / stages['duckdb load']:.0f}x "
          f"faster per game than one worker builds (goal at least 10x)")
    print(f"peak memory of a worker: {one['worker_rss_mb']:.0f} MB on {one['games']} games, "
          f"{run4['worker_rss_mb']:.0f} MB on {run4['games']} games")


if __name__ == "__main__":
    main()
