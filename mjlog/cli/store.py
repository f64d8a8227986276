"""The ``ingest``, ``query`` and ``export`` subcommands, and the one way every command opens a store."""

from __future__ import annotations

import argparse
import sys

from mjlog.cli.common import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, holds_no_files, missing_path, no_logs
from mjlog.cli.common import fail as _fail, fail_os
from mjlog.cli.build import is_dataset
from mjlog.errors import MjlogError
from mjlog.text import printable_lines
from mjlog.cli.commands import add_command


def open_store(path: str, read_only: bool = False):
    """The store at ``path``, or None after a one-line error (another process holds it, not a database)."""
    from mjlog.store import Store, StoreBusyError

    try:
        return Store(path, read_only=read_only)
    except FileNotFoundError:
        _fail(f"no such database: {path}")
    except StoreBusyError as exc:
        _fail(str(exc))
    except Exception as exc:  # noqa: BLE001 - a file that is not a DuckDB database, a newer schema
        _fail(f"cannot open {path}: {exc}")
    return None


def _cmd_ingest(args: argparse.Namespace) -> int:
    if missing_path(args.paths):
        return EXIT_USAGE
    if args.jobs < 1 or args.batch < 1:
        return _fail("--jobs and --batch must be at least 1")
    progress = sys.stderr.isatty() and not args.no_progress
    datasets = [p for p in args.paths if is_dataset(p)]
    logs = [p for p in args.paths if p not in datasets]
    if not datasets and holds_no_files(logs):
        return no_logs("ingest", args.paths)
    unreadable = 0
    store = open_store(args.db)
    if store is None:
        return EXIT_USAGE
    with store:
        for d in datasets:
            try:
                summary = store.load_dataset(d)  # a built dataset: a bulk load of its Parquet
            except MjlogError as exc:  # DatasetError: a manifest not of mjlog's shape
                return _fail(str(exc))
            print(f"{d}: {summary.line()}")
            unreadable += summary.unreadable
        if logs:
            summary = store.ingest(logs, jobs=args.jobs, progress=progress, batch=args.batch)
            if not datasets and summary.files == summary.not_logs:
                return no_logs("ingest", args.paths, summary.not_logs)
            print(summary.line())
            unreadable += summary.unreadable
    return EXIT_FINDINGS if unreadable else EXIT_OK


def add_source_arguments(parser: argparse.ArgumentParser, dataset_help: str) -> None:
    """``--db FILE`` or ``--dataset DIR``, one of them required: what :func:`open_source` opens."""
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--db", metavar="FILE", help="the DuckDB file written by 'mjlog ingest'")
    where.add_argument("--dataset", metavar="DIR", help=dataset_help + (
        "; a dataset may come from elsewhere, so its SQL opens no file but the dataset's own "
        "(DuckDB's external access off) unless --allow-file-access"))
    parser.add_argument("--allow-file-access", action="store_true",
                        help="with --dataset: leave DuckDB's external access on, so the SQL may read and "
                             "write files, attach databases and load extensions with your rights")


def open_source(args: argparse.Namespace):
    """The store named by ``--db`` (read-only) or the built dataset named by ``--dataset``, with DuckDB's
    file access off when ``args.safe`` (``mjlog query --safe``) and on a dataset unless
    ``args.allow_file_access``."""
    safe = getattr(args, "safe", False)
    if getattr(args, "dataset", None):
        safe = safe or not getattr(args, "allow_file_access", False)
        from mjlog.store import Store

        try:
            return Store.open_dataset(args.dataset, safe=safe)
        except ValueError as exc:  # DatasetError: no manifest, or one not of mjlog's shape
            _fail(str(exc))
            return None
    store = open_store(args.db, read_only=True)
    if store is not None and safe:
        store.restrict_file_access()
    return store


def _cmd_query(args: argparse.Namespace) -> int:
    import polars as pl

    store = open_source(args)
    if store is None:
        return EXIT_USAGE
    with store:
        try:
            frame = store.sql(args.sql)
        except Exception as exc:  # noqa: BLE001 - DuckDB's parser/binder/catalog errors
            print(f"mjlog: query failed: {printable_lines(str(exc))}", file=sys.stderr)
            return EXIT_USAGE
    try:
        if args.csv:
            frame.write_csv(args.csv)
        if args.parquet:
            frame.write_parquet(args.parquet)
    except OSError as exc:
        return fail_os("cannot write", exc)
    if not (args.csv or args.parquet) or args.print:
        with pl.Config(tbl_rows=args.max_rows, tbl_cols=-1, fmt_str_lengths=60, tbl_width_chars=200):
            print(printable_lines(str(frame)))  # names in the rows may hold terminal escapes
    return EXIT_OK


def _cmd_export(args: argparse.Namespace) -> int:
    store = open_store(args.db, read_only=True)
    if store is None:
        return EXIT_USAGE
    with store:
        try:
            written = store.export(args.out)
        except OSError as exc:
            return fail_os(f"cannot write to {args.out}", exc)
    print(f"exported {len(written)} tables to {args.out}")
    return EXIT_OK


def add_store_commands(sub) -> None:
    """The ``ingest``, ``query`` and ``export`` subcommands (the DuckDB store)."""
    ingest = add_command(
        sub, "ingest",
        description=(
            "Read each log (any format mjlog reads: Tenhou XML or JSON, gzip or not, mjai, Beijing and "
            "MCR records), replay it and store the game in a "
            "DuckDB file: games, players, rounds, events, wins, win_items, payments, draws, findings "
            "(see docs/schema.md). A game is keyed by its Tenhou log id, else a hash of the file, so "
            "ingesting a file twice changes nothing; a second file of a stored game (the JSON of an "
            "XML game) is listed in 'sources' as an alternate. Whole games are written in "
            "transactions, so an interrupted ingest leaves no half game. Unreadable files are "
            "recorded in 'unreadable' and the rest goes on. Prints a summary line. Exit status: 0, "
            "1 when some file was unreadable, 2 usage error (a missing path, a named pipe or device "
            "given as a file, a database another process holds)."
        ),
    )
    ingest.add_argument("paths", nargs="+", metavar="PATH", help="log files or directories (walked recursively)")
    ingest.add_argument("--db", required=True, metavar="FILE", help="the DuckDB file (created when missing)")
    ingest.add_argument("--jobs", "-j", type=int, default=1, metavar="N",
                        help="worker processes that read and replay, 32 games per task (default 1); this process writes")
    ingest.add_argument("--batch", type=int, default=256, metavar="N",  # = mjlog.store.DEFAULT_BATCH (no duckdb import here)
                        help="games per transaction (default %(default)s; 1 = one transaction per game)")
    ingest.add_argument("--no-progress", action="store_true", help="no progress bar even on a terminal")
    ingest.set_defaults(func=_cmd_ingest)

    query = add_command(
        sub, "query",
        description=(
            "Run one SQL query (DuckDB dialect) on a store opened read-only and print the result as "
            "a Polars frame, or write it with --csv/--parquet. Tables and views are described in "
            "docs/schema.md; macros tile_kind(t), tile_mpsz(t), tiles_mpsz(list) name tiles. "
            "The SQL runs with your rights: DuckDB can read and write files (read_csv, COPY ... TO, "
            "ATTACH), so run only SQL you trust, or add --safe. On a --dataset (which may come from "
            "elsewhere) external access is off unless --allow-file-access. Exit status: 0, 2 on a missing "
            "database, a dataset whose manifest is not mjlog's, or a failing query."
        ),
    )
    add_source_arguments(query, "a dataset written by 'mjlog build', queried in place (the same tables and views)")
    query.add_argument("sql", metavar="SQL", help="the query, e.g. \"SELECT rule_set, count(*) FROM games GROUP BY 1\"")
    query.add_argument("--csv", metavar="FILE", help="write the result to FILE as CSV (instead of printing)")
    query.add_argument("--parquet", metavar="FILE", help="write the result to FILE as Parquet (instead of printing)")
    query.add_argument("--print", action="store_true", help="print the frame even when writing a file")
    query.add_argument("--max-rows", type=int, default=25, metavar="N", help="rows to print (default 25; -1 all)")
    query.add_argument("--safe", action="store_true",
                       help="turn DuckDB's external access off: the SQL reads and writes no file but the "
                            "store's own, attaches no database and loads no extension")
    query.set_defaults(func=_cmd_query)

    export = add_command(
        sub, "export",
        description=(
            "Write every table of a store as Parquet under DIR: the game tables hive-partitioned as "
            "DIR/TABLE/rule_set=R/game_date=D/*.parquet (games without a date under "
            "game_date=__HIVE_DEFAULT_PARTITION__), 'unreadable' and 'yaku' as DIR/TABLE.parquet. "
            "DuckDB (read_parquet('DIR/wins/**/*.parquet', hive_partitioning=true)), Polars "
            "(pl.read_parquet('DIR/wins/')) and Spark read them in place. Existing exports of the "
            "same tables are replaced."
        ),
    )
    export.add_argument("--db", required=True, metavar="FILE", help="the DuckDB file written by 'mjlog ingest'")
    export.add_argument("--out", required=True, metavar="DIR", help="the directory to write (created when missing)")
    export.set_defaults(func=_cmd_export)
