"""How a dataset build scales: CPU per game by stage, the serial share, and the speedup it predicts.

Input: the corpus's XML games and simulated games (``--simulate N`` played here with ``--jobs 2``,
or ``--sim-dir`` of games made before), each repeated ``--copies`` times under distinct log ids (a
copy's file name carries an id of its own, same date, so each copy is a game of its own). Measured:

- the CPU seconds per game of each stage in one process: read, replay, rows, Parquet write,
  and the DuckDB bulk load of the built dataset;
- a build with 1 worker and with 2 (``mjlog.dataset.build``): wall time, CPU per game summed
  over the workers (from the batch manifests) and over the parent, and the serial step;
- the serial share (the parent's CPU: planning, the final manifest) of the whole work, and the
  speedup Amdahl's law gives from it at 2, 4, 8, 16 and 64 cores;
- a build on a Dask LocalCluster of 2 workers, and whether its dataset holds the same content
  as the local build with 2 workers (row counts and a hash of every row, table by table);
- the peak memory of a worker, on the input and on 4x the input (flat is the goal).

    python benchmarks/scale.py [--copies N] [--simulate N | --sim-dir DIR] [--corpus DIR] [--no-dask]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mjlog.dataset import build  # noqa: E402


_ID = re.compile(r"(\d{10})gm-([0-9a-f]{4})-(\d{4,5})-[0-9a-f]{8}")


def make_inputs(sources: list[Path], copies: int, out: Path) -> int:
    """``copies`` of each source game, each under a log id of its own in its file name (the date, room
    and lobby of the source's id when it has one), so every copy is a game of its own."""
    import gzip

    out.mkdir(parents=True, exist_ok=True)
    n = 0
    for i, src in enumerate(sources):
        data = src.read_bytes()
        if data[:2] == b"\x1f\x8b":
            data = gzip.decompress(data)
        m = _ID.search(src.name)
        date, room, lobby = m.groups() if m else ("2019061512", "00a9", "0000")
        for k in range(copies):
            (out / f"{date}gm-{room}-{lobby}-{k:02x}{i:06x}.xml").write_bytes(data)
            n += 1
    return n


def source_games(corpus: Path, sim_dir: Path | None) -> list[Path]:
    """The corpus's XML games, then the simulated ones."""
    sim = sorted(sim_dir.glob("*.xml")) if sim_dir is not None else []
    return sorted((corpus / "xml").glob("*")) + sim


def simulate_games(n: int, out: Path) -> tuple[Path, float]:
    """``n`` bot games (half 4-player, half 3-player south) played with 2 processes; their folder and games/s."""
    from mjlog.rules.riichi.ruleset import PRESETS
    from mjlog.simulate import simulate

    t = time.perf_counter()
    simulate(n - n // 2, PRESETS["tenhou-4p-south"], 11, out, progress=False, jobs=2)
    simulate(n // 2, PRESETS["tenhou-3p-south"], 12, out, progress=False, jobs=2)
    return out, n / (time.perf_counter() - t)


def content_digest(dataset: Path) -> dict[str, tuple[int, int]]:
    """Per table of a built dataset: its row count and the sum of its rows' hashes."""
    from mjlog.store import Store

    with Store.open_dataset(dataset) as st:
        names = [r[0] for r in st.con.execute("SELECT table_name FROM information_schema.tables "
                                              "WHERE table_type = 'VIEW' AND table_schema = 'main'").fetchall()]
        return {t: tuple(st.con.execute(f"SELECT count(*), coalesce(sum(hash(t)), 0) FROM {t} t").fetchone())
                for t in sorted(names) if not t.startswith("v_")}


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


def timed_build(inputs: Path, out: Path, jobs: int, engine: str = "local") -> dict:
    """A build in a child process: wall time, the parent's CPU, the workers' CPU, peak memory.

    The child's own peak is its VmHWM (Linux): ``ru_maxrss`` would carry over this process's size
    at the fork across the exec. The workers' is ``ru_maxrss`` of the child's children."""
    code = (
        "import json, resource, sys, time; sys.path.insert(0, sys.argv[4]); from mjlog.dataset import build, finish; "
        "t = time.perf_counter(); c = time.process_time(); "
        "s = build([sys.argv[1]], sys.argv[2], jobs=int(sys.argv[3]), engine=sys.argv[5], batch_files=256); "
        "w = time.perf_counter() - t; parent = time.process_time() - c; "
        "f0 = time.process_time(); finish(sys.argv[2]); fin = time.process_time() - f0; "
        "print(json.dumps({'wall': w, 'parent_cpu': parent, 'finish_cpu': fin, 'games': s.games, "
        "'self_rss_mb': [int(l.split()[1]) for l in open('/proc/self/status') if l.startswith('VmHWM')][0] / 1024, "
        "'child_rss_mb': resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024}))"
    )
    run = subprocess.run([sys.executable, "-c", code, str(inputs), str(out), str(jobs), str(ROOT), engine],
                         capture_output=True, text=True, check=True)
    r = json.loads(run.stdout.strip().splitlines()[-1])
    manifests = [json.loads(p.read_text()) for p in (out / "_batches").glob("*.json")]
    r["worker_cpu"] = sum(m["cpu_seconds"] for m in manifests)
    # with one local job the parent builds the batches itself: its CPU already holds the workers'
    alone = jobs == 1 and engine == "local"
    r["total_cpu"] = r["parent_cpu"] if alone else r["parent_cpu"] + r["worker_cpu"]
    r["serial_cpu"] = r["parent_cpu"] - (r["worker_cpu"] if alone else 0.0)
    r["worker_rss_mb"] = r["self_rss_mb"] if alone else r["child_rss_mb"]
    return r


def load_seconds(dataset: Path) -> tuple[float, float, int]:
    """A DuckDB bulk load of a built dataset: its wall seconds, its CPU seconds (DuckDB's threads
    included) and the games loaded."""
    from mjlog.store import Store

    with Store(":memory:") as st:
        t, c = time.perf_counter(), time.process_time()
        s = st.load_dataset(dataset)
        return time.perf_counter() - t, time.process_time() - c, s.games_added


def _line(name: str, r: dict) -> str:
    per = r["total_cpu"] / r["games"]
    return (f"build, {name}: {r['games']} games in {r['wall']:.1f} s ({r['games'] / r['wall']:.0f} games/s), "
            f"CPU {per * 1000:.2f} ms/game, serial step {r['serial_cpu']:.2f} s "
            f"({r['serial_cpu'] / r['total_cpu']:.2%} of the CPU), peak memory per worker {r['worker_rss_mb']:.0f} MB")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--copies", type=int, default=2, help="copies of each source game (default 2)")
    ap.add_argument("--simulate", type=int, default=0, help="bot games to play here and add (default 0)")
    ap.add_argument("--sim-dir", help="a folder of simulated games to add (instead of --simulate)")
    ap.add_argument("--no-dask", action="store_true", help="skip the Dask build")
    ap.add_argument("--corpus", default=os.environ.get("MJLOG_CORPUS", str(ROOT.parent / "shared" / "corpus" / "tenhou")))
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        sim_dir = Path(args.sim_dir) if args.sim_dir else None
        if args.simulate:
            sim_dir, rate = simulate_games(args.simulate, tmp / "sim")
            print(f"simulated {args.simulate} games with 2 processes at {rate:.1f} games/s")
        sources = source_games(Path(args.corpus), sim_dir)
        n = make_inputs(sources, args.copies, tmp / "in")
        files = sorted((tmp / "in").glob("*.xml"))
        print(f"input: {n} files ({args.copies} copies of {len(sources)} games: corpus XML and simulated)")
        stages = stage_seconds(files[:: max(1, len(files) // 600)][:600])
        make_inputs(sources[: len(sources) // 4], args.copies, tmp / "in_small")   # a quarter of the input
        run_small = timed_build(tmp / "in_small", tmp / "ds_small", 1)
        runs = {"1 worker": timed_build(tmp / "in", tmp / "ds1", 1), "2 workers": timed_build(tmp / "in", tmp / "ds2", 2)}
        same = None
        if not args.no_dask:
            runs["dask, 2 workers"] = timed_build(tmp / "in", tmp / "dsd", 2, "dask")
            same = content_digest(tmp / "ds2") == content_digest(tmp / "dsd")
        load_s, load_cpu, loaded = load_seconds(tmp / "ds1")
        shutil.rmtree(tmp / "ds1")
        shutil.rmtree(tmp / "dsd", ignore_errors=True)
    stages["duckdb load"] = load_cpu / loaded
    print("CPU ms per game by stage (one process): " + ", ".join(f"{k} {v * 1000:.2f}" for k, v in stages.items()))
    for name, r in runs.items():
        print(_line(name, r))
    if same is not None:
        print(f"dask and local builds hold the same content: {same}")
    one, two = runs["1 worker"], runs["2 workers"]
    extra = (two["total_cpu"] / two["games"]) / (one["total_cpu"] / one["games"]) - 1
    print(f"CPU per game with 2 workers against 1: {extra:+.1%} (goal: at most +10%)")
    print(f"speedup measured with 2 workers: {one['wall'] / two['wall']:.2f}x on {os.cpu_count()} cores")
    serial = two["serial_cpu"] / two["total_cpu"]
    predicted = ", ".join(f"{c}: {1 / (serial + (1 - serial) / c):.1f}x" for c in (2, 4, 8, 16, 64))
    print(f"serial share {serial:.2%} (goal under 2%); Amdahl's speedup from it: {predicted}")
    build_per_game = one["total_cpu"] / one["games"]
    print(f"DuckDB bulk load: {stages['duckdb load'] * 1000:.3f} ms CPU/game ({load_s / loaded * 1000:.3f} ms wall), "
          f"{build_per_game / stages['duckdb load']:.1f}x less CPU per game than one worker's build "
          f"({build_per_game / (load_s / loaded):.1f}x by wall time; goal at least 10x)")
    print(f"peak memory of a worker: {run_small['worker_rss_mb']:.0f} MB on {run_small['games']} games, "
          f"{one['worker_rss_mb']:.0f} MB on {one['games']} games (4x)")


if __name__ == "__main__":
    main()
