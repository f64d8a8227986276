"""A dataset build that scales: logs in, the store's tables out as a Hive-partitioned Parquet dataset.

The inputs are split into batches; each batch is read, replayed and written by one worker (a
process of a local pool, or a Dask worker on any machine), on its own, into its own files:

    OUT/TABLE/family=F/rule_set=R/game_date=D/part-KEY-N.parquet   (the game tables)
    OUT/sources/part-KEY-0.parquet, OUT/unreadable/part-KEY-0.parquet
    OUT/_batches/KEY.json                                         (the batch's manifest)

A file is written under a temporary name and renamed into place; a batch's manifest is
written last, so a batch is finished exactly when its manifest exists. The only serial step is
:func:`finish`: it reads the small manifests, lists the games that more than one batch holds
(the first batch in input order keeps each) and writes ``OUT/_dataset.json``. Readers
(:meth:`mjlog.store.Store.attach_dataset`) read the files of the batches it lists, so the parts
of a killed batch are never seen; a re-run skips every input a finished batch holds.

>>> plan_batches(["b.xml", "a.xml", "c.xml"], 2, set())
[Batch(key='...', files=('a.xml', 'b.xml')), Batch(key='...', files=('c.xml',))]
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import uuid
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pyarrow as pa

from mjlog.formats.identity import fingerprint_disagreement
from mjlog.store.rows import Chunk, build_chunk
from mjlog.store.arrow_schema import GAME_TABLES
from mjlog.store.manifest import (DATASET_TABLES, DATASET_VERSION, MANIFEST, PARTITION_KEYS, DatasetError,
                                  check_batch_manifest, check_dataset_manifest)
from mjlog.text import path_label
from mjlog.parallel.engine import Engine, run_tasks
from mjlog.parallel.workers import fix_mmap_threshold, peak_rss_kb, release_free_memory

#: Files per batch: one task of a worker, and the unit a killed build redoes.
DEFAULT_BATCH_FILES = 256
#: What the workers a build starts set before their first batch: Arrow's allocations from the C library's
#: ``malloc``, not mimalloc, Arrow's default, which kept 80-180 MB resident between batches for at most
#: 33 MB in use, more as batches went by (docs/performance.md, issue 38, 2026-12-06). The Parquet
#: writer takes its pool when pyarrow loads, so only a process that has not loaded it yet can choose.
WORKER_ENVIRON = {"ARROW_DEFAULT_MEMORY_POOL": "system"}
BATCHES = "_batches"
TMP = "_tmp"


@dataclass(frozen=True)
class Batch:
    """Input files built together; ``key`` names its output files and its manifest."""

    key: str
    files: tuple[str, ...]

    def __repr__(self) -> str:  # the key is a hash: keep doctests and logs short
        return f"Batch(key='...', files={self.files!r})"


@dataclass(frozen=True)
class BatchResult:
    """What a finished batch wrote (its manifest, as data)."""

    key: str
    files: tuple[dict, ...]       # per outcome (a game, or a file): source, file, size, mtime_ns, status, game_id
    games: tuple[str, ...]        # game ids it holds, in input order
    parts: tuple[str, ...]        # the Parquet files it wrote, relative to the dataset root
    cpu_seconds: float = 0.0
    peak_rss_kb: int | None = None  # the building process's peak resident size up to the batch's end (VmHWM)


@dataclass(frozen=True)
class BuildSummary:
    """A build's outcome: inputs, batches run now and before, games, duplicates across batches."""

    inputs: int
    batches_built: int
    batches_skipped: int
    games: int
    duplicates: int
    unreadable: int
    not_logs: int = 0   # inputs skipped: no log at all (a readme.txt)

    def line(self) -> str:
        return (f"built {self.batches_built} batches ({self.batches_skipped} already built) from "
                f"{self.inputs} files: {self.games} games, {self.duplicates} duplicates across batches, "
                f"{self.unreadable} unreadable" + (f", {self.not_logs} skipped (not a log)" if self.not_logs else ""))


def input_stamp(path: str) -> dict:
    """What identifies an input's version: its size and modification time."""
    st = os.stat(path)
    return {"file": path, "size": st.st_size, "mtime_ns": st.st_mtime_ns}


def _input_file(record: dict) -> str:
    """The input file of a batch manifest's record (a build before ``file`` was recorded: its source)."""
    return record.get("file", record["source"])


def _key(files: Sequence[str]) -> str:
    h = hashlib.sha256("\0".join(files).encode("utf-8", "surrogateescape"))
    return h.hexdigest()[:16]


def plan_batches(files: Iterable[str], size: int, finished: set[str]) -> list[Batch]:
    """The unfinished ``files`` (sorted) in batches of ``size``, each keyed by its file list."""
    todo = sorted(f for f in set(files) if f not in finished)
    return [Batch(_key(todo[i:i + size]), tuple(todo[i:i + size])) for i in range(0, len(todo), size)]


def finished_inputs(out: Path) -> set[str]:
    """The inputs that finished batches hold (read one manifest at a time: only their names are kept)."""
    done: set[str] = set()
    for m in _manifests(out):
        done.update(_input_file(f) for f in m["files"])
    return done


def _manifests(out: Path) -> Iterator[dict]:
    d = out / BATCHES
    if d.is_dir():
        for p in sorted(d.glob("*.json")):
            try:
                manifest = json.loads(p.read_text(encoding="utf-8"))
            except (OSError, ValueError) as exc:
                raise DatasetError(p, f"not a batch manifest mjlog wrote ({exc})") from None
            yield check_batch_manifest(manifest, p)


def _partition_columns(chunk: Chunk) -> dict[str, pa.Table]:
    """Every game table with the game's family, rule set and date added (the partition keys)."""
    import pyarrow.compute as pc   # here: an ingest, which imports this module, needs none of it (0.03 s)

    games = chunk.tables["games"]
    out: dict[str, pa.Table] = {}
    for name in GAME_TABLES:
        t = chunk.tables[name]
        if name != "games":
            ids = pc.cast(t.column("game_id"), pa.string()) if t.num_rows else pa.array([], pa.string())
            idx = pc.index_in(ids, value_set=games.column("game_id"))
            for k in PARTITION_KEYS:
                t = t.append_column(k, pc.take(games.column(k), idx))
            t = t.set_column(t.schema.get_field_index("game_id"), "game_id", ids)
        out[name] = t
    return out


def _write_atomic(table: pa.Table, root: Path, rel_dir: str, key: str, partitioned: bool) -> list[str]:
    """Write ``table`` under ``root/rel_dir`` as files named for ``key``: in a private temporary
    directory first, each file then renamed into place. Returns the final relative paths."""
    if table.num_rows == 0:
        return []
    import pyarrow.dataset as pads   # here: an ingest, which imports this module, writes no Parquet (0.02 s)
    import pyarrow.parquet as pq

    tmp = root / TMP / f"{key}-{uuid.uuid4().hex[:8]}" / rel_dir
    tmp.mkdir(parents=True)
    try:
        if partitioned:
            pads.write_dataset(table, tmp, format="parquet", partitioning=list(PARTITION_KEYS),
                               partitioning_flavor="hive", basename_template=f"part-{key}-{{i}}.parquet",
                               existing_data_behavior="overwrite_or_ignore")
        else:
            pq.write_table(table, tmp / f"part-{key}-0.parquet")
        written = []
        for path in sorted(tmp.rglob("*.parquet")):
            rel = Path(rel_dir) / path.relative_to(tmp)
            (root / rel).parent.mkdir(parents=True, exist_ok=True)
            os.replace(path, root / rel)
            written.append(rel.as_posix())
        return written
    finally:
        shutil.rmtree(tmp.parents[len(Path(rel_dir).parts) - 1], ignore_errors=True)


def build_batch(batch: Batch, out: str) -> BatchResult:
    """Read, replay and write one batch (the worker's task; safe to run again after a kill)."""
    fix_mmap_threshold()
    release_free_memory()   # what the last batch freed, so that this one's peak does not stack on it
    t0 = os.times()
    root = Path(out)
    stamps = {path_label(f): input_stamp(f) if os.path.exists(f) else {"file": f, "size": None, "mtime_ns": None}
              for f in batch.files}  # by the name the chunk gives each file (see path_label)
    chunk = build_chunk(list(batch.files))
    parts: list[str] = []
    for name, table in _partition_columns(chunk).items():
        parts += _write_atomic(table, root, name, batch.key, partitioned=True)
    src = [f for f in chunk.files if f.status in ("game", "alternate")]
    primary = {f.game_id: f for f in src if f.status == "game"}
    parts += _write_atomic(pa.table({
        "source": pa.array([f.source for f in src], pa.string()),
        "game_id": pa.array([f.game_id for f in src], pa.string()),
        "role": pa.array(["primary" if f.status == "game" else "alternate" for f in src], pa.string()),
        "source_format": pa.array([f.source_format for f in src], pa.string()),
        "log_id": pa.array([f.log_id for f in src], pa.string()),
        "content_sha256": pa.array([f.content_sha256 for f in src], pa.string()),
        "fingerprint": pa.array([f.fingerprint for f in src], pa.string()),
        "disagreement": pa.array([None if f.status == "game" else fingerprint_disagreement(
            primary[f.game_id].source, primary[f.game_id].fingerprint, f.fingerprint) for f in src], pa.string())}),
        root, "sources", batch.key, False)
    bad = [f for f in chunk.files if f.status == "unreadable"]
    parts += _write_atomic(pa.table({
        "source": pa.array([f.source for f in bad], pa.string()),
        "error": pa.array([f.error for f in bad], pa.string()),
        "error_type": pa.array([f.error_type for f in bad], pa.string()),
        "content_sha256": pa.array([f.content_sha256 for f in bad], pa.string())}), root, "unreadable", batch.key, False)
    # one record per outcome: a file of several games (a Botzone export) gives one per game, FILE#k
    files = tuple({**stamps[f.input_file], "source": f.source, "status": f.status, "game_id": f.game_id}
                  for f in chunk.files)
    t1 = os.times()
    result = BatchResult(batch.key, files, tuple(chunk.game_ids), tuple(parts),
                         round(t1.user + t1.system - t0.user - t0.system, 3), peak_rss_kb())
    _write_manifest(root, result)
    return result


def _write_manifest(root: Path, r: BatchResult) -> None:
    d = root / BATCHES
    d.mkdir(parents=True, exist_ok=True)
    tmp = d / f".{r.key}.json.tmp"
    tmp.write_text(json.dumps({"key": r.key, "files": list(r.files), "games": list(r.games),
                               "parts": list(r.parts), "cpu_seconds": r.cpu_seconds,
                               "peak_rss_kb": r.peak_rss_kb}, sort_keys=True),
                   encoding="utf-8")
    os.replace(tmp, d / f"{r.key}.json")


@dataclass
class _Census:
    """What :func:`finish` keeps of the batch manifests, read one at a time: per game, not per input."""

    owner: dict[str, tuple[str, str]] = field(default_factory=dict)  # game id -> (first source, batch key)
    holders: dict[str, set[str]] = field(default_factory=dict)       # game ids of several batches -> their keys
    parts: dict[str, tuple[str, ...]] = field(default_factory=dict)  # batch key -> the parts it wrote
    unreadable: int = 0
    not_logs: int = 0
    inputs: int = 0

    def add(self, m: dict) -> None:
        """Count one batch manifest in."""
        key = m["key"]
        self.parts[key] = tuple(m["parts"])
        self.inputs += len(m["files"])
        for f in m["files"]:
            if f["status"] == "unreadable":
                self.unreadable += 1
            elif f["status"] == "skipped":
                self.not_logs += 1
            elif f["status"] == "game":
                gid, cand = f["game_id"], (f["source"], key)
                held = self.owner.get(gid)
                if held is not None:
                    self.holders.setdefault(gid, {held[1]}).add(key)
                if held is None or cand < held:
                    self.owner[gid] = cand

    def duplicates(self) -> list[list[str]]:
        """[game id, batch key] for every batch that holds a game another batch keeps, sorted."""
        return sorted([gid, key] for gid, keys in self.holders.items() for key in keys if key != self.owner[gid][1])


def finish(out: str | os.PathLike) -> dict:
    """The serial step: list the finished batches and the games held twice; drop orphan parts.

    A game that several batches hold is kept by the batch of its first source in sorted order;
    the others are listed in ``duplicates`` (readers leave their rows out). Part files of no
    finished batch (a killed run's) are removed. Returns the manifest written. The manifests are
    read one at a time; what stays is a game id and its first source per game."""
    root = Path(out)
    census = _Census()
    for m in _manifests(root):
        census.add(m)
    duplicates = census.duplicates()
    known_parts = {p for parts in census.parts.values() for p in parts}
    for table in DATASET_TABLES:
        for path in (root / table).rglob("*.parquet") if (root / table).is_dir() else ():
            if path.relative_to(root).as_posix() not in known_parts:
                path.unlink()
    shutil.rmtree(root / TMP, ignore_errors=True)
    manifest = {
        "version": DATASET_VERSION,
        "partition_keys": list(PARTITION_KEYS),
        "tables": {t: sorted(p for p in known_parts if p.split("/", 1)[0] == t)
                   for t in DATASET_TABLES},
        "batches": sorted(census.parts),
        "games": len(census.owner),
        "duplicates": duplicates,
        "unreadable": census.unreadable,
        "skipped": census.not_logs,
        "inputs": census.inputs,
    }
    manifest["disagreements"] = _cross_batch_disagreements(root, census, duplicates)
    tmp = root / f".{MANIFEST}.tmp"
    tmp.write_text(json.dumps(manifest, sort_keys=True, indent=1), encoding="utf-8")
    os.replace(tmp, root / MANIFEST)
    return manifest


def _cross_batch_disagreements(root: Path, census: _Census, duplicates: list[list[str]]) -> list[list]:
    """[source, disagreement or None] for every source of a game a batch holds but another keeps: what
    it disagrees on with the keeping batch's primary source (its own batch compared it with its own)."""
    if not duplicates:
        return []
    owner = census.owner
    gids = sorted({gid for gid, _ in duplicates})
    keys = {key for _, key in duplicates} | {owner[g][1] for g in gids}
    parts = [root / p for key in sorted(keys) for p in census.parts[key] if p.startswith("sources/")]
    import pyarrow.parquet as pq

    table = pq.ParquetDataset(parts, filters=[("game_id", "in", gids)]).read(columns=["source", "game_id", "fingerprint"])
    fps = dict(zip(table.column("source").to_pylist(), table.column("fingerprint").to_pylist()))
    out = []
    for source, gid in zip(table.column("source").to_pylist(), table.column("game_id").to_pylist()):
        first = owner[gid][0]
        if source != first:
            out.append([source, fingerprint_disagreement(first, fps.get(first), fps[source])])
    return sorted(out, key=lambda r: r[0])


def read_manifest(out: str | os.PathLike) -> dict:
    """The ``_dataset.json`` of a built dataset, checked (:func:`mjlog.store.manifest.check_dataset_manifest`);
    a :class:`DatasetError` (a ``ValueError``) when there is none, or of another version or shape."""
    path = Path(out) / MANIFEST
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise DatasetError(out, f"not a dataset mjlog built (no readable {MANIFEST}: {exc})") from None
    return check_dataset_manifest(manifest, path)


Runner = Callable[[list[Batch], str], Iterator[BatchResult]]


def run_local(batches: list[Batch], out: str, jobs: int = 1) -> Iterator[BatchResult]:
    """Batches built here (``jobs`` = 1) or in a process pool, results as they finish; a result is
    let go once handed on (memory does not grow with the number of batches).

    The pool's workers are spawned, not forked: a forked worker's resident memory carries this
    process's as it was at the fork (the list of every input, the plan), about 14 MB more per
    100,000 inputs, so its peak grew with the input."""
    return run_tasks(build_batch, ((b, out) for b in batches), jobs=jobs if len(batches) >= 2 else 1,
                     ordered=False, start_method="spawn", environ=WORKER_ENVIRON)


def run_dask(batches: list[Batch], out: str, scheduler: str | None = None, workers: int = 2) -> Iterator[BatchResult]:
    """Batches built on a Dask cluster: the one at ``scheduler``, else a LocalCluster of ``workers`` processes.

    Each result is released on the cluster once taken, so the workers' memory does not grow with the
    number of batches."""
    return run_tasks(build_batch, ((b, out) for b in batches), jobs=workers, engine=Engine.DASK,
                     scheduler=scheduler, ordered=False, environ=WORKER_ENVIRON)


def build(paths: Iterable[str | os.PathLike], out: str | os.PathLike, *, jobs: int = 1, engine: str = "local",
          scheduler: str | None = None, batch_files: int = DEFAULT_BATCH_FILES,
          progress: Callable[[BatchResult], None] | None = None) -> BuildSummary:
    """Build (or resume building) the dataset at ``out`` from the logs under ``paths``.

    With ``jobs`` > 1 the workers are spawned (see :func:`run_local`): a script that calls this
    runs its build under ``if __name__ == "__main__":``, as multiprocessing asks of spawned workers."""
    from mjlog.formats.reader import iter_log_files

    root = Path(out)
    root.mkdir(parents=True, exist_ok=True)
    files = [os.path.abspath(p) for p in iter_log_files(paths)]
    _drop_stale_batches(root)
    finished = finished_inputs(root)
    batches = plan_batches(files, batch_files, finished)
    if engine == "dask":
        results = run_dask(batches, str(root), scheduler, max(1, jobs))
    elif engine == "local":
        results = run_local(batches, str(root), jobs)
    else:
        raise ValueError(f"unknown engine {engine!r}: local or dask")
    for r in results:
        if progress is not None:
            progress(r)
    manifest = finish(root)
    skipped = len(manifest["batches"]) - len(batches)
    return BuildSummary(len(files), len(batches), max(0, skipped), manifest["games"], len(manifest["duplicates"]),
                        manifest["unreadable"], manifest["skipped"])


def _drop_stale_batches(root: Path) -> None:
    """Forget finished batches any of whose inputs changed or vanished: they are built again."""
    d = root / BATCHES
    for m in _manifests(root):  # one at a time: a manifest is removed after it has been read
        if not all(_unchanged(f) for f in m["files"]):
            (d / f"{m['key']}.json").unlink()


def _unchanged(stamp: dict) -> bool:
    try:
        now = input_stamp(_input_file(stamp))
    except OSError:
        return False
    return (now["size"], now["mtime_ns"]) == (stamp["size"], stamp["mtime_ns"])
