"""How a dataset build scales: CPU per game by stage, the serial share, and the speedup it predicts.

Input: the corpus's XML games and simulated games (``--simulate N`` played here with ``--jobs 2``,
or ``--sim-dir`` of games made before), repeated under distinct log ids (a copy's file name carries
an id of its own, same date, so each copy is a game of its own): ``--copies`` times each, or as many
copies as ``--games N`` needs (the first N of copy 0 of every source, copy 1, ...). Measured:

- the CPU seconds per game of each stage in one process: read, replay, rows, Parquet write,
  and the DuckDB bulk load of the built dataset;
- a build with 1 worker and with 2 (``mjlog.store.dataset.build``): wall time, CPU per game summed
  over the workers (from the batch manifests) and over the parent, and the serial step; on the
  whole input, or with ``--cpu-games K`` on its first K games (the whole input is then built with
  2 workers only: one worker would take too long);
- the serial share (the parent's CPU: planning, the final manifest) of the whole work, and the
  speedup Amdahl's law gives from it at 2, 4, 8, 16 and 64 cores;
- a build on a Dask LocalCluster of 2 workers, and whether its dataset holds the same content
  as the local build with 2 workers (row counts and a hash of every row, table by table);
- ``mjlog audit --jobs 2`` (:func:`mjlog.batch.audit.audit_sources`) of the distinct source games
  (each once: copies share their hands, so the audit counts a copy as a duplicate of its source and
  its parent reads it again to compare the two; ``--simulate`` adds distinct games): the parent's
  CPU share and, from it, the efficiency predicted at 16 workers, as for the build; and the same on the first
  ``--quarter-games`` of them, with a worker's peak memory on both; the audit is given the folders
  the games are in, as ``mjlog audit DIR`` (``--audit-file-list``: every file's path);
- the peak memory (VmHWM) of a worker on the whole input and on its first quarter
  (``--quarter-games``; with ``--quarter-sample``, a random sample of that size, so that both builds
  hold the same mix of corpus and simulated games), with the same workers (flat is the goal): the largest peak the batch
  manifests record (each the VmHWM of the process that built it, read there; the rusage of
  the children would carry the planning process's size over a spawned worker's exec).

    python benchmarks/scale.py [--copies N | --games N [--quarter-games M [--quarter-sample]] [--cpu-games K]]
                               [--simulate N | --sim-dir DIR] [--corpus DIR] [--no-dask]
                               [--no-audit | --audit-only] [--audit-file-list]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


_ID = re.compile(r"(\d{10})gm-([0-9a-f]{4})-(\d{4,5})-[0-9a-f]{8}")


#: Copies of a source the id scheme holds: the copy number is two hex digits of the id's last field.
MAX_COPIES = 256


def copies_for(games: int, sources: int) -> int:
    """How many copies of ``sources`` games make ``games`` games (the last copy partly)."""
    if sources < 1:
        raise ValueError("no source games: check --corpus and --sim-dir")
    copies = -(-games // sources)
    if copies > MAX_COPIES:
        raise ValueError(f"{games} games need {copies} copies of {sources} sources; at most {MAX_COPIES}")
    return copies


def make_inputs(sources: list[Path], copies: int, out: Path, games: int | None = None) -> list[Path]:
    """``copies`` of each source game, each under a log id of its own in its file name (the date, room
    and lobby of the source's id when it has one), so every copy is a game of its own; with ``games``,
    only the first ``games`` of them (copy 0 of every source, then copy 1, ...). The files, in that order."""
    import gzip

    if copies > MAX_COPIES:
        raise ValueError(f"at most {MAX_COPIES} copies, not {copies}")
    out.mkdir(parents=True, exist_ok=True)
    total = copies * len(sources) if games is None else min(games, copies * len(sources))
    texts = []
    for src in sources[:total]:
        data = src.read_bytes()
        m = _ID.search(src.name)
        texts.append((gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data,
                      m.groups() if m else ("2019061512", "00a9", "0000")))
    made: list[Path] = []
    for k in range(copies):
        for i, (data, (date, room, lobby)) in enumerate(texts):
            if len(made) == total:
                return made
            path = out / f"{date}gm-{room}-{lobby}-{k:02x}{i:06x}.xml"
            path.write_bytes(data)
            made.append(path)
    return made


def link_inputs(files: list[Path], out: Path) -> Path:
    """A folder of hard links to ``files`` (a part of the input, without copying it)."""
    out.mkdir(parents=True, exist_ok=True)
    for f in files:
        os.link(f, out / f.name)
    return out


def source_games(corpus: Path, sim_dir: Path | None) -> list[Path]:
    """The corpus's XML games, then the simulated ones."""
    sim = sorted(sim_dir.glob("*.xml")) if sim_dir is not None else []
    return sorted((corpus / "xml").glob("*")) + sim


def simulate_games(n: int, out: Path) -> tuple[Path, float]:
    """``n`` bot games (half 4-player, half 3-player south) played with 2 processes; their folder and games/s."""
    from mjlog.rules.riichi.ruleset import PRESETS
    from mjlog.batch.simulate import simulate

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

    from mjlog.store.rows import _Rows, game_id_for
    from mjlog.formats.reader import read_log
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
    at the fork across the exec. A worker's is the largest VmHWM the batch manifests record."""
    code = (
        "import json, sys, time; sys.path.insert(0, sys.argv[4]); from mjlog.store.dataset import build, finish; "
        "from mjlog.parallel.workers import peak_rss_kb; "
        "t = time.perf_counter(); c = time.process_time(); "
        "s = build([sys.argv[1]], sys.argv[2], jobs=int(sys.argv[3]), engine=sys.argv[5], batch_files=256); "
        "w = time.perf_counter() - t; parent = time.process_time() - c; "
        "f0 = time.process_time(); finish(sys.argv[2]); fin = time.process_time() - f0; "
        "print(json.dumps({'wall': w, 'parent_cpu': parent, 'finish_cpu': fin, 'games': s.games, "
        "'self_rss_mb': peak_rss_kb() / 1024}))"
    )
    run = subprocess.run([sys.executable, "-c", code, str(inputs), str(out), str(jobs), str(ROOT), engine],
                         capture_output=True, text=True)
    if run.returncode != 0:
        raise RuntimeError(f"build of {inputs} ({engine}, {jobs} jobs) failed:\n{run.stderr[-4000:]}")
    r = json.loads(run.stdout.strip().splitlines()[-1])
    manifests = [json.loads(p.read_text()) for p in (out / "_batches").glob("*.json")]
    r["worker_cpu"] = sum(m["cpu_seconds"] for m in manifests)
    # with one local job (or one batch) the parent builds the batches itself: its CPU already holds the workers'
    alone = engine == "local" and (jobs == 1 or len(manifests) < 2)
    r["total_cpu"] = r["parent_cpu"] if alone else r["parent_cpu"] + r["worker_cpu"]
    r["serial_cpu"] = r["parent_cpu"] - (r["worker_cpu"] if alone else 0.0)
    r["worker_rss_mb"] = max(m["peak_rss_kb"] for m in manifests) / 1024
    r["alone"] = alone
    return r


def timed_audit(files: list[Path], listing: Path, jobs: int) -> dict:
    """An audit of ``files`` (files or folders; ``keep=False, names=False, quiet=True``, as ``mjlog audit``) in a
    child process, which reads their names from ``listing``: wall time, the parent's CPU (the index, the counts) and the workers'
    (its reaped children's), and the largest worker's peak memory (its ``ru_maxrss``: a forked worker's
    counts what it shares of the parent's at the fork)."""
    listing.write_text("\n".join(map(str, files)), encoding="utf-8")
    code = (
        "import json, resource, sys, time; sys.path.insert(0, sys.argv[3]); "
        "from mjlog.batch.audit import audit_sources; "
        "paths = open(sys.argv[1], encoding='utf-8').read().splitlines(); "
        "t = time.perf_counter(); c = time.process_time(); "
        "r = audit_sources(paths, jobs=int(sys.argv[2]), keep=False, names=False, quiet=True); "
        "w = time.perf_counter() - t; parent = time.process_time() - c; "
        "k = resource.getrusage(resource.RUSAGE_CHILDREN); "
        "print(json.dumps({'wall': w, 'parent_cpu': parent, 'worker_cpu': k.ru_utime + k.ru_stime, "
        "'games': r.games, 'duplicates': r.duplicates, 'worker_rss_mb': k.ru_maxrss / 1024}))"
    )
    run = subprocess.run([sys.executable, "-c", code, str(listing), str(jobs), str(ROOT)], capture_output=True, text=True)
    if run.returncode != 0:
        raise RuntimeError(f"audit of {len(files)} files ({jobs} jobs) failed:\n{run.stderr[-4000:]}")
    r = json.loads(run.stdout.strip().splitlines()[-1])
    r["total_cpu"] = r["parent_cpu"] + r["worker_cpu"]
    return r


def efficiency_at(share: float, workers: int = 16) -> float:
    """The efficiency Amdahl's law predicts at ``workers`` from a serial ``share`` of the CPU."""
    return 1 / (share + (1 - share) / workers) / workers


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
    parent = "" if r["alone"] else f", the parent's {r['self_rss_mb']:.0f} MB"
    return (f"build, {name}: {r['games']} games in {r['wall']:.1f} s ({r['games'] / r['wall']:.0f} games/s), "
            f"CPU {per * 1000:.2f} ms/game, serial step {r['serial_cpu']:.2f} s "
            f"({r['serial_cpu'] / r['total_cpu']:.2%} of the CPU: {efficiency_at(r['serial_cpu'] / r['total_cpu']):.0%} "
            f"efficiency predicted at 16 workers), peak memory per worker {r['worker_rss_mb']:.0f} MB"
            f"{parent}")


def audit_line(r: dict) -> str:
    """The audit's measurement as one line: its rate, the parent's share and the efficiency it predicts."""
    share = r["parent_cpu"] / r["total_cpu"]
    return (f"audit, 2 workers: {r['games']} games ({r['duplicates']} duplicate files) in {r['wall']:.1f} s "
            f"({r['games'] / r['wall']:.0f} games/s), CPU {r['total_cpu'] / r['games'] * 1000:.2f} ms/game, "
            f"the parent's {r['parent_cpu']:.2f} s ({r['parent_cpu'] / r['games'] * 1e6:.0f} us/game): {share:.2%} of "
            f"the CPU (goal under 1%), {efficiency_at(share):.0%} efficiency predicted at 16 workers, "
            f"peak memory per worker {r['worker_rss_mb']:.0f} MB")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line; ``--games`` and ``--copies`` exclude each other."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    size = ap.add_mutually_exclusive_group()
    size.add_argument("--copies", type=int, help="copies of each source game (default 2)")
    size.add_argument("--games", type=int, help="games in all: as many copies as that takes, the last one partly")
    ap.add_argument("--quarter-games", type=int,
                    help="games of the smaller build whose worker memory is compared (default a quarter)")
    ap.add_argument("--quarter-sample", action="store_true",
                    help="the smaller build takes a random sample of the input (seed 1), so both builds hold the same "
                         "mix of games (default: the input's first games, the corpus's before any simulated one)")
    ap.add_argument("--cpu-games", type=int,
                    help="compare 1 and 2 workers on this many games and build the whole input with 2 only "
                         "(default: the whole input, with both)")
    ap.add_argument("--simulate", type=int, default=0, help="bot games to play here and add (default 0)")
    ap.add_argument("--sim-dir", help="a folder of simulated games to add (instead of --simulate)")
    ap.add_argument("--no-dask", action="store_true", help="skip the Dask builds")
    ap.add_argument("--no-audit", action="store_true", help="skip the audit of the distinct source games")
    ap.add_argument("--audit-file-list", action="store_true",
                    help="give the audit every file's path, not the folders the games are in")
    ap.add_argument("--audit-only", action="store_true",
                    help="only the audits of the distinct source games (all, and the first --quarter-games of them)")
    ap.add_argument("--corpus", default=str(Path(os.environ.get("MJLOG_CORPUS", ROOT.parent / "shared" / "corpus")) / "tenhou"),
                    help="the corpus's Tenhou folder, whose xml/ holds the source games (default: $MJLOG_CORPUS/tenhou, "
                         "as the other benchmarks)")
    args = ap.parse_args(argv)
    for name in ("games", "quarter_games", "cpu_games", "copies"):
        if getattr(args, name) is not None and getattr(args, name) < 1:
            ap.error(f"--{name.replace('_', '-')} must be at least 1")
    return args


def _say(line: str) -> None:
    print(line, flush=True)


def quarter_files(files: list[Path], games: int | None, sample: bool) -> list[Path]:
    """The smaller build's input: ``games`` of ``files`` (default a quarter), the first ones or, with
    ``sample``, a random sample (seed 1) in input order."""
    k = min(games or max(1, len(files) // 4), len(files))
    if not sample:
        return files[:k]
    return [files[i] for i in sorted(random.Random(1).sample(range(len(files)), k))]


def run_builds(files: list[Path], tmp: Path, args: argparse.Namespace) -> dict:
    """Every timed build, printed as it ends: 1 and 2 workers (on --cpu-games of the input when
    given, the 2-worker build of the whole input beside), the quarter, Dask; and the content check."""
    n = len(files)
    cpu_n = min(args.cpu_games or n, n)
    quarter = link_inputs(quarter_files(files, args.quarter_games, args.quarter_sample), tmp / "in_quarter")
    whole = tmp / "in"
    out: dict = {"runs": {}, "same": None}

    def timed(name: str, inputs: Path, ds: str, jobs: int, engine: str = "local") -> dict:
        r = out["runs"][name] = timed_build(inputs, tmp / ds, jobs, engine)
        _say(_line(name, r))
        return r

    cpu_in = whole if cpu_n == n else link_inputs(files[:cpu_n], tmp / "in_cpu")
    out["one"] = timed("1 worker", cpu_in, "ds1", 1)
    out["two"] = timed("2 workers", cpu_in, "ds2", 2)
    out["load"] = load_seconds(tmp / "ds1")
    shutil.rmtree(tmp / "ds1")
    out["quarter"] = timed("2 workers, the quarter", quarter, "dsq", 2)
    shutil.rmtree(tmp / "dsq")
    out["whole"] = out["two"] if cpu_n == n else timed("2 workers, the whole input", whole, "dsw", 2)
    whole_ds = tmp / ("ds2" if cpu_n == n else "dsw")
    if not args.no_dask:
        out["dask_quarter"] = timed("dask, 2 workers, the quarter", quarter, "dsdq", 2, "dask")
        shutil.rmtree(tmp / "dsdq")
        out["dask"] = timed("dask, 2 workers, the whole input", whole, "dsd", 2, "dask")
        out["same"] = content_digest(whole_ds) == content_digest(tmp / "dsd")
        _say(f"dask and local builds of the whole input hold the same content: {out['same']}")
    return out


def report(stages: dict[str, float], res: dict) -> None:
    """The comparisons: 1 against 2 workers, the serial share, the DuckDB load, worker memory."""
    one, two = res["one"], res["two"]
    load_s, load_cpu, loaded = res["load"]
    stages["duckdb load"] = load_cpu / loaded
    _say("CPU ms per game by stage (one process): " + ", ".join(f"{k} {v * 1000:.2f}" for k, v in stages.items()))
    extra = (two["total_cpu"] / two["games"]) / (one["total_cpu"] / one["games"]) - 1
    _say(f"CPU per game with 2 workers against 1 ({one['games']} games): {extra:+.1%} (goal: at most +10%)")
    _say(f"speedup measured with 2 workers: {one['wall'] / two['wall']:.2f}x on {os.cpu_count()} cores")
    for r in [two] + ([res["whole"]] if res["whole"] is not two else []):
        serial = r["serial_cpu"] / r["total_cpu"]
        predicted = ", ".join(f"{c}: {1 / (serial + (1 - serial) / c):.1f}x" for c in (2, 4, 8, 16, 64))
        _say(f"serial share ({r['games']} games, 2 workers) {serial:.2%} (goal under 2%); "
             f"Amdahl's speedup from it: {predicted}")
    build_per_game = one["total_cpu"] / one["games"]
    _say(f"DuckDB bulk load: {stages['duckdb load'] * 1000:.3f} ms CPU/game ({load_s / loaded * 1000:.3f} ms wall), "
         f"{build_per_game / stages['duckdb load']:.1f}x less CPU per game than one worker's build "
         f"({build_per_game / (load_s / loaded):.1f}x by wall time; goal at least 10x)")
    pairs = [("local", res["quarter"], res["whole"])]
    if "dask" in res:
        pairs.append(("dask", res["dask_quarter"], res["dask"]))
    for engine, small, big in pairs:
        _say(f"peak memory (VmHWM) of a worker, {engine}, 2 workers: {small['worker_rss_mb']:.0f} MB on "
             f"{small['games']} games, {big['worker_rss_mb']:.0f} MB on {big['games']} games "
             f"({big['games'] / small['games']:.1f}x the games)")


def run_audits(sources: list[Path], folders: list[Path], tmp: Path, quarter: int | None, file_list: bool) -> None:
    """The audit of the distinct source games and of their first ``quarter`` (default a quarter), each
    printed, then a worker's peak memory on both (flat is the goal). The audit is given the
    ``folders`` the games are in (as ``mjlog audit DIR``), and a folder of links to the quarter; with
    ``file_list``, every file's path instead (the parent then tells each from a folder)."""
    part = sources[: min(quarter or max(1, len(sources) // 4), len(sources))]
    whole = timed_audit(sources if file_list else folders, tmp / "distinct.txt", 2)
    _say(audit_line(whole))
    small = timed_audit(part if file_list else [link_inputs(part, tmp / "part")], tmp / "part.txt", 2)
    _say(audit_line(small))
    _say(f"peak memory (ru_maxrss) of an audit worker, 2 workers: {small['worker_rss_mb']:.0f} MB on "
         f"{small['games']} games, {whole['worker_rss_mb']:.0f} MB on {whole['games']} games")


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        sim_dir = Path(args.sim_dir) if args.sim_dir else None
        if args.simulate:
            sim_dir, rate = simulate_games(args.simulate, tmp / "sim")
            _say(f"simulated {args.simulate} games with 2 processes at {rate:.1f} games/s")
        sources = source_games(Path(args.corpus), sim_dir)
        n_sim = len(sources) - len(source_games(Path(args.corpus), None))
        if not args.no_audit:
            _say(f"audit input: {len(sources)} distinct games: {len(sources) - n_sim} corpus XML games and "
                 f"{n_sim} simulated games")
            folders = [Path(args.corpus) / "xml"] + ([sim_dir] if sim_dir is not None else [])
            run_audits(sources, folders, tmp, args.quarter_games, args.audit_file_list)
        if args.audit_only:
            return
        copies = copies_for(args.games, len(sources)) if args.games else (args.copies or 2)
        files = make_inputs(sources, copies, tmp / "in", args.games)
        _say(f"input: {len(files)} files: {len(sources) - n_sim} corpus XML games and {n_sim} simulated games, "
             f"{copies} copies{' (the last partly)' if len(files) < copies * len(sources) else ''} "
             f"under distinct log ids")
        stages = stage_seconds(files[:: max(1, len(files) // 600)][:600])
        res = run_builds(files, tmp, args)
    report(stages, res)


if __name__ == "__main__":
    main()
