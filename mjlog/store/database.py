"""The DuckDB store: ingest logs as Arrow batches, query them as Polars frames, export Parquet.

This is the only module that imports duckdb. Reading and replaying happen in
:mod:`mjlog.store.rows` (in worker processes with ``jobs`` > 1); this module is the
single writer. Every batch of whole games is written in one transaction, keyed by
the stable game id, so ingesting a file twice changes nothing and a killed ingest
leaves no half game. The schema is ``schema.sql``; the data dictionary ``docs/schema.md``.

>>> from mjlog.batch.simulate import simulated_bytes
>>> from mjlog.rules import find_preset
>>> game = simulated_bytes(find_preset("tenhou-4p-east"), 1)   # a bot game's Tenhou XML
>>> import tempfile, pathlib
>>> d = pathlib.Path(tempfile.mkdtemp()); (d / "g.xml").write_bytes(game) and None
>>> with Store(":memory:") as st:
...     print(st.ingest([d]).line().split(" in ")[0])
...     print(st.sql("SELECT kind, count(*) AS n FROM events GROUP BY kind ORDER BY kind").rows())
ingested 1 files: 1 new games, 0 already stored, 0 unreadable, 0 findings
[('call', 7), ('discard', 247), ('draw', 244), ('riichi_accepted', 4), ('riichi_declared', 4), ('win', 5)]
"""

from __future__ import annotations

import os
import queue
import re
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

import duckdb
import pyarrow as pa

from mjlog.errors import MjlogError
from mjlog.store.manifest import DATASET_TABLES
from mjlog.store.arrow_schema import GAME_TABLES
from mjlog.text import path_label

if TYPE_CHECKING:   # polars is loaded by the first query, not by an ingest or a build (0.12 s CPU)
    import polars as pl

    from mjlog.store.rows import Chunk
# Reading, replaying and building rows (mjlog.store.rows, the readers, the identity, the pool) are
# imported by the methods that ingest: a query or a statistic opens the store without them (0.13 s CPU).

SCHEMA_VERSION = "8"
#: Tables that hold rows of stored games (exported partitioned by rule set and game date).
PARTITIONED = GAME_TABLES + ("sources",)
#: Tables exported as one file each.
UNPARTITIONED = ("unreadable", "yaku")

#: Test hook: called inside each write transaction after the rows are inserted, before COMMIT,
#: with the number of transactions committed so far (tests kill or raise here).
_BEFORE_COMMIT: Callable[[int], None] | None = None


#: Games per transaction (and per task in one process). 128 measured 215-243 games/s in one process on
#: the corpus against 177-181 for 32 (fewer commits and insert statements); 256 halves the
#: writer's work again (0.96 -> 0.55 ms per game, with COMMIT 0.67 -> 0.30 s per 1,024 games):
#: the gain appears between 180 and 220 games (about 170,000 and 205,000 event rows per
#: transaction), as with DuckDB writing large appends to the file directly rather than
#: through its write-ahead log first (docs/performance.md). Medians of 4 alternated runs:
#: one process 204 -> 217, --jobs 2 312 -> 348 games/s; peak memory unchanged (about 255 MB).
DEFAULT_BATCH = 256
#: Games per process-pool task when ``jobs`` > 1. Small tasks keep every worker busy to the end
#: (with 256-game tasks the corpus's 5 tasks left one of 2 workers idle for the last one), while
#: the writer still commits ``batch`` games per transaction, merging consecutive tasks' tables.
TASK_GAMES = 32


@dataclass(frozen=True, slots=True)
class IngestSummary:
    """What one ingest did: files seen, games added, files skipped as known or alternate, unreadable files,
    findings, seconds, and files skipped because they hold no log at all (a ``readme.txt``)."""

    files: int
    games_added: int
    already_stored: int
    unreadable: int
    findings: int
    seconds: float
    not_logs: int = 0

    @property
    def games_per_second(self) -> float:
        return self.games_added / self.seconds if self.seconds > 0 else 0.0

    def line(self) -> str:
        """``ingested F files: G new games, K already stored, U unreadable[, X skipped (not a log)], N findings
        in S s (R games/s)``."""
        skipped = f", {self.not_logs} skipped (not a log)" if self.not_logs else ""
        return (f"ingested {self.files} files: {self.games_added} new games, {self.already_stored} already stored, "
                f"{self.unreadable} unreadable{skipped}, {self.findings} findings in {self.seconds:.1f} s "
                f"({self.games_per_second:.0f} games/s)")


def _schema_statements() -> list[str]:
    text = resources.files("mjlog.store").joinpath("schema.sql").read_text(encoding="utf-8")
    lines = [ln for ln in text.splitlines() if not ln.lstrip().startswith("--")]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]


class StoreVersionError(MjlogError, RuntimeError):
    """A store written by another version of mjlog's schema (its tables differ from this one's)."""

    def __init__(self, path: str, found: str) -> None:
        self.path, self.found = path, found
        super().__init__(f"{path}: schema version {found}, this mjlog writes {SCHEMA_VERSION}; "
                         "ingest the logs into a new database")


class StoreBusyError(MjlogError, RuntimeError):
    """Another process holds the database file (DuckDB allows one writer process at a time)."""

    def __init__(self, path: str, pid: int | None = None) -> None:
        self.path, self.pid = path, pid
        by = f" (process {pid})" if pid is not None else ""
        super().__init__(f"{path}: another process{by} holds the database; wait for it to finish")


class Store:
    """One DuckDB file of ingested games; ``Store(":memory:")`` for a throwaway one.

    ``read_only`` opens an existing file without creating or changing anything.
    """

    def __init__(self, path: str | os.PathLike = ":memory:", read_only: bool = False) -> None:
        self.path = os.fspath(path)
        if read_only and not os.path.exists(self.path):
            raise FileNotFoundError(f"no such database: {self.path}")
        try:
            self.con = duckdb.connect(self.path, read_only=read_only)
        except duckdb.IOException as exc:
            if "lock" in str(exc).lower():
                holder = re.search(r"\(PID (\d+)\)", str(exc))
                raise StoreBusyError(self.path, int(holder.group(1)) if holder else None) from None
            raise
        if not read_only:
            self._create_schema()

    # ---- lifecycle ---------------------------------------------------------------------------

    def close(self) -> None:
        """Close the connection (idempotent)."""
        if self.con is not None:
            self.con.close()
            self.con = None  # type: ignore[assignment]  # closed: None only after close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _create_schema(self) -> None:
        con = self.con
        have = {r[0] for r in con.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'main'").fetchall()}
        if "meta" in have:
            rows = con.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchall()
            row = rows[0] if rows else None
            if row and row[0] == SCHEMA_VERSION:
                return
            if row:
                raise StoreVersionError(str(self.path), row[0])
        con.execute("BEGIN TRANSACTION")
        try:
            for stmt in _schema_statements():
                con.execute(stmt)
            self._fill_reference_tables()
            con.execute("INSERT OR REPLACE INTO meta VALUES ('schema_version', ?)", [SCHEMA_VERSION])
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise

    def _fill_reference_tables(self) -> None:
        """The families' reference tables (riichi's ``yaku``: :meth:`Family.store_tables`)."""
        from mjlog.rules.family import reference_families

        for fam in reference_families().values():
            for table, columns in fam.store.store_tables().items():
                self.con.register("_reference_in", pa.table(dict(columns)))
                try:
                    self.con.execute(f"INSERT OR REPLACE INTO {_ident(table)} BY NAME SELECT * FROM _reference_in")
                finally:
                    self.con.unregister("_reference_in")

    # ---- queries -----------------------------------------------------------------------------

    def sql(self, query: str, params: Sequence | None = None) -> pl.DataFrame:
        """Run one SQL query and return its result as a Polars frame."""
        rel = self.con.sql(query, params=params) if params is not None else self.con.sql(query)
        if rel is None:
            import polars as pl

            return pl.DataFrame()
        return rel.pl()

    def wins_with_yaku(self) -> pl.DataFrame:
        """One row per win (a double ron is two) with the game's rule set and date and the recorded yaku
        as lists (``yaku_ids``, ``yaku_han``, ``yaku_names``); ura listed with 0 han is not a yaku."""
        return self.sql("SELECT * FROM wins_with_yaku ORDER BY game_id, round_index, win_index")

    def seat_results(self) -> pl.DataFrame:
        """One row per seat per game: player, final score, placement, placement points, and counts of
        wins, deal-ins (a double ron is one), riichi declared and accepted, and calls (chi, pon, open kan)."""
        return self.sql("SELECT * FROM seat_results ORDER BY game_id, seat")

    def table_names(self) -> list[str]:
        """The store's base tables."""
        return [r[0] for r in self.con.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'main' "
            "AND table_type = 'BASE TABLE' ORDER BY table_name").fetchall()]

    # ---- ingest ------------------------------------------------------------------------------

    def ingest(self, paths: Iterable[str | os.PathLike], jobs: int = 1, progress: bool = False,
               batch: int = DEFAULT_BATCH) -> IngestSummary:
        """Read, replay and store every log under ``paths`` (directories walked).

        ``batch`` whole games go into one transaction (``batch=1``: one transaction per game);
        ``jobs`` > 1 reads and replays in a process pool while this process writes.
        An unreadable file is recorded in ``unreadable`` and the batch goes on.
        """
        from mjlog.formats.reader import iter_log_files
        from mjlog.store.rows import game_source

        if jobs < 1 or batch < 1:
            raise ValueError("jobs and batch must be at least 1")
        files = [os.path.abspath(p) for p in iter_log_files(paths)]
        size = batch if jobs == 1 else min(batch, TASK_GAMES)
        tasks = [files[i : i + size] for i in range(0, len(files), size)]
        start = time.perf_counter()
        bar = None
        if progress:
            from tqdm import tqdm

            bar = tqdm(total=len(files), unit="game", file=sys.stderr, leave=False, desc="ingest")
        totals = [0, 0, 0, 0, 0]

        def write(chunk: Chunk) -> None:
            for i, v in enumerate(self._write(chunk)):
                totals[i] += v
            if bar is not None:
                bar.update(len(chunk.files))
                bar.set_postfix(findings=totals[3], unreadable=totals[2], refresh=False)

        lookup = self.con.cursor()  # a second connection: the writer thread owns self.con meanwhile

        def known(paths: list[str]) -> dict[str, str]:
            labels = {path_label(p) for p in paths}     # a file of several games stores them as LABEL#1, #2...
            first = {game_source(label, 0, 2): label for label in labels}
            rows = lookup.execute("SELECT source, content_sha256 FROM sources WHERE source = ANY(?)",
                                  [[*labels, *first]]).fetchall()
            return {first.get(source, source): sha for source, sha in rows}

        # DuckDB's own threads share the cores with the processes (or thread) that build rows:
        # leave those their cores (measured with --jobs 2 on 2 cores: 305-355 vs 241-305 games/s).
        threads = self.con.execute("SELECT current_setting('threads')").fetchone()[0]
        self.con.execute(f"SET threads = {max(1, (os.cpu_count() or 1) - jobs)}")
        try:
            _pipeline(_batches(_chunks(tasks, jobs, known), batch), write)
        finally:
            self.con.execute(f"SET threads = {int(threads)}")
            lookup.close()
            if bar is not None:
                bar.close()
        added, known, bad, findings, not_logs = totals
        return IngestSummary(len(files), added, known, bad, findings, time.perf_counter() - start, not_logs)

    def _write(self, chunk: Chunk) -> tuple[int, int, int, int, int]:
        """Store one chunk in one transaction; returns (games added, known, unreadable, findings added,
        files skipped as no log)."""
        con = self.con
        ids = chunk.game_ids + [f.game_id for f in chunk.files if f.status == "alternate"]
        primary = dict(con.execute(
            "SELECT game_id, source FROM games WHERE game_id = ANY(?)", [ids]).fetchall()) if ids else {}
        new = [f for f in chunk.files if f.status == "game" and f.game_id not in primary]
        for f in new:
            primary[f.game_id] = f.source
        src = [f for f in chunk.files if f.status in ("game", "alternate")]
        bad = [f for f in chunk.files if f.status == "unreadable"]
        not_logs = sum(f.status == "skipped" for f in chunk.files)
        con.execute("BEGIN TRANSACTION")
        try:
            if new:
                keep = None if len(new) == len(chunk.game_ids) else [f.game_id for f in new]
                for name in GAME_TABLES:
                    self._insert(name, chunk.tables[name], keep)
            if src:
                self._insert("sources", pa.table({
                    "source": [f.source for f in src], "game_id": [f.game_id for f in src],
                    "role": ["primary" if primary[f.game_id] == f.source else "alternate" for f in src],
                    "source_format": [f.source_format for f in src], "log_id": [f.log_id for f in src],
                    "content_sha256": [f.content_sha256 for f in src],
                    "fingerprint": pa.array([f.fingerprint for f in src], pa.string()),
                    "disagreement": pa.array(self._disagreements(src, primary), pa.string())}), None, replace=True)
            con.execute("DELETE FROM unreadable WHERE source = ANY(?)", [[f.source for f in chunk.files]])
            if bad:
                self._insert("unreadable", pa.table({
                    "source": [f.source for f in bad], "error": [f.error for f in bad],
                    "error_type": [f.error_type for f in bad],
                    "content_sha256": pa.array([f.content_sha256 for f in bad], pa.string())}), None)
            if _BEFORE_COMMIT is not None:
                _BEFORE_COMMIT(self._commits)
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise
        self._commits += 1
        return (len(new), len(chunk.files) - len(new) - len(bad) - not_logs, len(bad), sum(f.n_findings for f in new),
                not_logs)

    _commits = 0

    def _disagreements(self, src: list, primary: dict[str, str]) -> list[str | None]:
        """For each source of a chunk, what it disagrees on with its game's primary source (None
        for the primary itself, or when they agree); primaries stored earlier are read back."""
        from mjlog.formats.identity import fingerprint_disagreement

        fps = {f.source: f.fingerprint for f in src}
        missing = sorted({primary[f.game_id] for f in src} - fps.keys())
        if missing:
            fps.update(self.con.execute("SELECT source, fingerprint FROM sources WHERE source = ANY(?)",
                                        [missing]).fetchall())
        return [None if primary[f.game_id] == f.source else
                fingerprint_disagreement(primary[f.game_id], fps.get(primary[f.game_id]), f.fingerprint)
                for f in src]

    def _insert(self, name: str, table: pa.Table, keep: list[str] | None, replace: bool = False) -> None:
        """Insert an Arrow table (columns matched by name); ``keep``: only these game ids."""
        if table.num_rows == 0:
            return
        view = f"_in_{name}"
        verb = "INSERT OR REPLACE" if replace else "INSERT"
        self.con.register(view, table)
        try:
            if keep is None:
                self.con.execute(f"{verb} INTO {_ident(name)} BY NAME SELECT * FROM {_ident(view)}")
            else:
                self.con.execute(f"{verb} INTO {_ident(name)} BY NAME SELECT * FROM {_ident(view)} "
                                 "WHERE game_id = ANY(?)", [keep])
        finally:
            self.con.unregister(view)

    def replace_table(self, name: str, table: pa.Table) -> None:
        """Create or replace an analysis table (e.g. ``scheme_results``) from an Arrow table."""
        if not name.isidentifier() or name in GAME_TABLES or name in ("sources", "unreadable", "yaku", "meta"):
            raise ValueError(f"{name!r} cannot be replaced: it is not an analysis table name")
        view = f"_in_{name}"
        self.con.register(view, table)
        try:
            self.con.execute(f"CREATE OR REPLACE TABLE {_ident(name)} AS SELECT * FROM {_ident(view)}")
        finally:
            self.con.unregister(view)

    # ---- datasets (mjlog build) -------------------------------------------------------------

    def restrict_file_access(self, readable: Iterable[str | os.PathLike] = ()) -> None:
        """Turn DuckDB's external access off on this connection for good: SQL run on it afterwards
        reads or writes no file (``read_csv``, ``COPY ... TO``, ``ATTACH``), loads no extension and
        cannot turn it back on; only the files ``readable`` stay open to it (a dataset's parts)."""
        paths = [os.fspath(p) for p in readable]
        if paths:
            self.con.execute("SET allowed_paths = ?", [paths])
        self.con.execute("SET enable_external_access = false")
        self.con.execute("SET lock_configuration = true")

    @classmethod
    def open_dataset(cls, path: str | os.PathLike, safe: bool = False) -> Store:
        """An in-memory store whose tables are views of a built dataset's Parquet, read in place
        (the same queries, views and statistics as on a database file). The manifest is checked
        first (:func:`mjlog.store.dataset.read_manifest`). ``safe``: see :meth:`restrict_file_access`;
        the dataset's parts are the only files its SQL may open."""
        from mjlog.store.dataset import read_manifest

        manifest = read_manifest(path)
        selects = _dataset_selects(path, manifest)
        store = cls(":memory:")
        for table in DATASET_TABLES:
            if table in selects:
                store.con.execute(f"DROP TABLE {_ident(table)}")
                store.con.execute(f"CREATE VIEW {_ident(table)} AS {selects[table]}")
        if safe:
            root = Path(path).resolve()
            store.restrict_file_access(root / p for table in DATASET_TABLES for p in manifest["tables"].get(table, ()))
        return store

    def load_dataset(self, path: str | os.PathLike) -> IngestSummary:
        """Bulk-load a built dataset: its games not stored yet, every table in one transaction,
        by DuckDB from the Parquet files (no Python per row); sources and unreadable replaced."""
        from mjlog.store.dataset import read_manifest

        start = time.perf_counter()
        manifest = read_manifest(path)
        selects = _dataset_selects(path, manifest)
        con = self.con
        before = con.execute("SELECT count(*) FROM games").fetchall()[0][0]
        con.execute("BEGIN TRANSACTION")
        try:
            con.execute("CREATE OR REPLACE TEMP TABLE _new_games AS SELECT game_id FROM ("
                        f"{selects['games']}) WHERE game_id NOT IN (SELECT game_id FROM games)")
            n_new = con.execute("SELECT count(*) FROM _new_games").fetchall()[0][0]
            only_new = "" if n_new == manifest["games"] else " WHERE game_id IN (SELECT game_id FROM _new_games)"
            for table in GAME_TABLES:
                if table in selects:
                    cols = ", ".join(_ident(c) for c in self._columns(table))
                    con.execute(f"INSERT INTO {_ident(table)} BY NAME SELECT {cols} FROM ({selects[table]}){only_new}")
            for table, verb in (("sources", "INSERT OR REPLACE"), ("unreadable", "INSERT OR REPLACE")):
                if table in selects:
                    cols = ", ".join(_ident(c) for c in self._columns(table))
                    con.execute(f"{verb} INTO {_ident(table)} BY NAME SELECT {cols} FROM ({selects[table]})")
            findings = con.execute("SELECT coalesce(sum(n_findings), 0) FROM games "
                                   "WHERE game_id IN (SELECT game_id FROM _new_games)").fetchall()[0][0]
            con.execute("DROP TABLE _new_games")
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise
        added = con.execute("SELECT count(*) FROM games").fetchall()[0][0] - before
        inputs, bad, not_logs = manifest["inputs"], manifest["unreadable"], manifest.get("skipped", 0)
        return IngestSummary(inputs, added, inputs - bad - not_logs - added, bad, int(findings),
                             time.perf_counter() - start, not_logs)

    def _columns(self, table: str) -> list[str]:
        return [r[0] for r in self.con.execute(
            "SELECT column_name FROM information_schema.columns WHERE table_schema = 'main' AND table_name = ? "
            "ORDER BY ordinal_position", [table]).fetchall()]

    # ---- export ------------------------------------------------------------------------------

    def export(self, out: str | os.PathLike) -> list[Path]:
        """Write every table as Parquet under ``out``: game tables hive-partitioned by ``family``, ``rule_set``
        and ``game_date`` (``out/TABLE/family=.../rule_set=.../game_date=.../*.parquet``, the layout of
        :mod:`mjlog.store.dataset`), the rest as ``out/TABLE.parquet``.
        Existing files of these tables are replaced. Returns the paths written (directories and files)."""
        root = Path(out)
        root.mkdir(parents=True, exist_ok=True)
        written = []
        for name in PARTITIONED:
            target = root / name
            query = ("SELECT * FROM games" if name == "games" else
                     f"SELECT t.*, g.family, g.rule_set, g.game_date FROM {_ident(name)} t JOIN games g USING (game_id)")
            if self.con.execute(f"SELECT count(*) FROM ({query})").fetchall()[0][0] == 0:
                continue
            self.con.execute(f"COPY ({query}) TO '{_quote(target)}' "
                             "(FORMAT parquet, PARTITION_BY (family, rule_set, game_date), OVERWRITE true)")
            written.append(target)
        for name in UNPARTITIONED:
            target = root / f"{name}.parquet"
            self.con.execute(f"COPY (SELECT * FROM {_ident(name)}) TO '{_quote(target)}' (FORMAT parquet)")
            written.append(target)
        return written


def _dataset_selects(path: str | os.PathLike, manifest: dict) -> dict[str, str]:
    """For each table a built dataset has files of: the SELECT that reads them, leaving out the rows of
    games another batch keeps (``_dataset.json``'s duplicates; their sources become alternates).
    ``manifest`` is a checked one: its parts and rows reach SQL only as quoted text."""
    root = Path(path).resolve()
    dups = manifest["duplicates"]
    dup_table = _values_table(dups, "game_id, batch")
    batch_of = "regexp_extract(t.filename, 'part-([0-9a-f]+)-[0-9]+\\.parquet$', 1)"
    out = {}
    for table in DATASET_TABLES:
        parts = manifest["tables"].get(table)
        if not parts:
            continue
        files = "[" + ", ".join(f"'{_quote(root / p)}'" for p in parts) + "]"
        hive = "true" if table in GAME_TABLES else "false"
        types = ", hive_types = {'game_date': DATE}" if table in GAME_TABLES else ""
        names = ", filename = true" if dups else ""  # the batch of a row is only needed to drop duplicates
        source = f"read_parquet({files}, hive_partitioning = {hive}{names}{types}, union_by_name = true) t"
        if not dups or table == "unreadable":
            out[table] = f"SELECT t.*{' EXCLUDE (filename)' if dups else ''} FROM {source}"
        elif table == "sources":
            # a game another batch keeps: its sources are alternates, compared with that batch's primary
            said = _values_table(manifest.get("disagreements", []), "source, disagreement")
            out[table] = (f"SELECT t.* EXCLUDE (filename, role, disagreement), CASE WHEN d.game_id IS NULL "
                          f"THEN t.role ELSE 'alternate' END AS role, CASE WHEN o.source IS NULL THEN "
                          f"t.disagreement ELSE o.disagreement END AS disagreement FROM {source} LEFT JOIN "
                          f"{dup_table} d ON t.game_id = d.game_id AND {batch_of} = d.batch "
                          f"LEFT JOIN {said} o ON t.source = o.source")
        else:
            out[table] = (f"SELECT t.* EXCLUDE (filename) FROM {source} ANTI JOIN {dup_table} d "
                          f"ON t.game_id = d.game_id AND {batch_of} = d.batch")
    return out


def _values_table(rows: list[list], columns: str) -> str:
    """A SQL table of string (or NULL) rows, empty when there are none."""
    width = columns.count(",") + 1
    lit = ", ".join("(" + ", ".join("NULL" if v is None else f"'{_quote_str(v)}'" for v in r) + ")" for r in rows)
    empty = "(" + ", ".join(["NULL::VARCHAR"] * width) + ")"
    first = columns.split(",")[0].strip()
    return f"(SELECT * FROM (VALUES {lit or empty}) AS v({columns}) WHERE {first} IS NOT NULL)"


def _ident(name: str) -> str:
    """``name`` (one of mjlog's own tables or columns) as a quoted SQL identifier."""
    return '"' + name.replace('"', '""') + '"'


def _quote_str(text: str) -> str:
    return text.replace("'", "''")


def _quote(path: Path) -> str:
    return str(path).replace("'", "''")


_SWITCH_INTERVAL = 0.001  # seconds


def _pipeline(chunks: Iterator[Chunk], write: Callable[[Chunk], None]) -> None:
    """``write`` every chunk in order on a writer thread while the next chunks are built.

    DuckDB releases the GIL while it inserts and commits, so even one process overlaps its
    reading/replaying with the database work. At most two chunks wait; the first error
    (in building or writing) stops both sides and is raised here.
    """
    q: queue.Queue = queue.Queue(maxsize=2)
    failure: list[BaseException] = []

    def run() -> None:
        while True:
            item = q.get()
            if item is None:
                return
            if failure:
                continue  # drain after a failure
            try:
                write(item)
            except BaseException as exc:  # noqa: BLE001 - re-raised in the caller's thread
                failure.append(exc)

    t = threading.Thread(target=run, name="mjlog-store-writer", daemon=True)
    # DuckDB takes the GIL back many times while it scans the Arrow tables; at the default 5 ms
    # switch interval each take waits on the building thread (measured: 123 vs 158 games/s).
    interval = sys.getswitchinterval()
    sys.setswitchinterval(min(interval, _SWITCH_INTERVAL))
    t.start()
    try:
        for chunk in chunks:
            if failure:
                break
            q.put(chunk)
    finally:
        q.put(None)
        t.join()
        sys.setswitchinterval(interval)
    if failure:
        raise failure[0]


def _batches(chunks: Iterable[Chunk], batch: int) -> Iterator[Chunk]:
    """Consecutive chunks merged into chunks of at least ``batch`` files (the last one may have fewer)."""
    group: list[Chunk] = []
    n = 0
    for chunk in chunks:
        group.append(chunk)
        n += len(chunk.files)
        if n >= batch:
            yield merge_chunks(group)
            group, n = [], 0
    if group:
        yield merge_chunks(group)


def merge_chunks(chunks: Sequence[Chunk]) -> Chunk:
    """One chunk holding the files and rows of ``chunks`` in order.

    A game that more than one of them holds (its XML and JSON, say) stays a game in the first
    and becomes an ``'alternate'`` source in the others, whose rows of it are dropped: as if
    the files had been built as one chunk.
    """
    from mjlog.store.rows import Chunk

    if len(chunks) == 1:
        return chunks[0]
    seen: set[str] = set()
    files: list = []
    parts: dict[str, list[pa.Table]] = {name: [] for name in chunks[0].tables}
    for chunk in chunks:
        again: set[str] = set()
        for f in chunk.files:
            if f.status == "game":
                if f.game_id in seen:
                    again.add(f.game_id)
                    f = replace(f, status="alternate", n_findings=0)
                else:
                    seen.add(f.game_id)
            files.append(f)
        for name, table in chunk.tables.items():
            if again and table.num_rows:
                import pyarrow.compute as pc   # here: most ingests never need it (0.03 s at start-up)

                table = table.filter(pc.invert(pc.is_in(table.column("game_id"), value_set=pa.array(sorted(again)))))
            parts[name].append(table)
    return Chunk(tuple(files), {name: pa.concat_tables(tables) for name, tables in parts.items()})


def _chunks(chunks: list[list[str]], jobs: int, known: Callable[[list[str]], dict[str, str]]) -> Iterator[Chunk]:
    """Chunks built in input order: here, or in a pool with at most ``2 * jobs`` chunks in flight
    besides the one being written (so memory stays flat however many files there are). ``known``
    gives the stored sources' hashes, asked as each chunk is submitted."""
    from mjlog.parallel.engine import run_tasks
    from mjlog.store.rows import build_chunk

    tasks = ((c, known(c)) for c in chunks)
    return run_tasks(build_chunk, tasks, jobs=jobs if len(chunks) >= 2 else 1, window=2 * jobs + 1)
