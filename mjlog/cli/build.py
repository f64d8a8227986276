"""The ``mjlog build`` command: logs to a Parquet dataset, on many cores or a Dask cluster."""

from __future__ import annotations

import argparse
import os
import sys

from mjlog.cli.common import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, holds_no_files, missing_path, no_logs
from mjlog.errors import MjlogError
from mjlog.text import printable
from mjlog.cli.commands import add_command

def is_dataset(path: str | os.PathLike) -> bool:
    """Whether ``path`` is a directory that ``mjlog build`` wrote (it holds ``_dataset.json``)."""
    from mjlog.store.manifest import MANIFEST

    return os.path.isfile(os.path.join(path, MANIFEST))


def _cmd_build(args: argparse.Namespace) -> int:
    from mjlog.store.dataset import build

    if missing_path(args.paths):
        return EXIT_USAGE
    if args.jobs < 1 or args.batch_files < 1:
        print("mjlog: --jobs and --batch-files must be at least 1", file=sys.stderr)
        return EXIT_USAGE
    if args.scheduler and args.engine != "dask":
        print("mjlog: --scheduler goes with --engine dask", file=sys.stderr)
        return EXIT_USAGE
    if holds_no_files(args.paths):
        return no_logs("build", args.paths)
    bar = None
    if sys.stderr.isatty() and not args.no_progress:
        from tqdm import tqdm

        bar = tqdm(unit="batch", file=sys.stderr, leave=False, desc="build")
    try:
        summary = build(args.paths, args.out, jobs=args.jobs, engine=args.engine, scheduler=args.scheduler,
                        batch_files=args.batch_files, progress=(lambda r: bar.update(1)) if bar else None)
    except (RuntimeError, OSError, MjlogError) as exc:  # MjlogError: a batch manifest not of mjlog's shape
        print(f"mjlog: {printable(str(exc))}", file=sys.stderr)
        return EXIT_USAGE
    finally:
        if bar is not None:
            bar.close()
    if summary.inputs == summary.not_logs:
        return no_logs("build", args.paths, summary.not_logs)
    print(summary.line())
    return EXIT_FINDINGS if summary.unreadable else EXIT_OK


def add_build_command(sub) -> None:
    """Register ``mjlog build``."""
    build = add_command(
        sub, "build",
        description=(
            "Read and replay every log under PATHS and write the store's tables as a Hive-partitioned "
            "Parquet dataset under DIR: DIR/TABLE/family=F/rule_set=R/game_date=D/part-*.parquet, the "
            "layout of 'mjlog export'. The inputs are split into batches of --batch-files files; each "
            "batch is built by one worker into its own files (written under a temporary name, then "
            "renamed) and finished by its manifest (DIR/_batches/KEY.json). A re-run skips every input "
            "a finished batch holds, so a killed build resumes where it stopped and a second run on the "
            "same inputs changes nothing; an input whose size or time changed is built again. The last, "
            "serial step writes DIR/_dataset.json: the finished batches and the games that two inputs "
            "hold (kept once). Query the dataset with 'mjlog query --dataset DIR', load it into a "
            "DuckDB file with 'mjlog ingest DIR --db FILE'. A file that cannot be read is recorded in "
            "'unreadable' and the rest goes on. Exit status: 0, 1 when some file was unreadable, 2 "
            "usage error (a missing path, a named pipe or device given as a file)."
        ),
    )
    build.add_argument("paths", nargs="+", metavar="PATH", help="log files or directories (walked recursively)")
    build.add_argument("--out", required=True, metavar="DIR", help="the dataset directory (created when missing)")
    build.add_argument("--jobs", "-j", type=int, default=1, metavar="N",
                       help="worker processes (default 1); with --engine dask and no --scheduler, the "
                            "LocalCluster's workers")
    build.add_argument("--engine", choices=("local", "dask"), default="local",
                       help="local: this machine's process pool (default); dask: a Dask cluster "
                            "(pip install 'mjlog[dask]')")
    build.add_argument("--scheduler", metavar="ADDRESS",
                       help="a Dask scheduler's address (tcp://HOST:8786); without it a LocalCluster is started")
    build.add_argument("--batch-files", type=int, default=256, metavar="N",  # = mjlog.store.dataset.DEFAULT_BATCH_FILES
                       help="files per batch: a worker's task and what a killed build redoes (default %(default)s)")
    build.add_argument("--no-progress", action="store_true", help="no progress bar even on a terminal")
    build.set_defaults(func=_cmd_build)
