"""The ``mjlog fetch`` subcommand: its options and the run that gathers ids and fetches them."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from mjlog.errors import MalformedLogError
from mjlog.fetch.client import (
    ARCHIVE_PATH, DEFAULT_BASE_URL, RECENT_FILE_PATH, RECENT_LIST_PATH, FetchError, Politeness, PoliteClient,
    fetch_archive, fetch_index_file, fetch_logs, index_cache,
)
from mjlog.fetch.index import (
    KINDS, ROOMS, LogFilter, LogRef, ids_in_text, recent_files, refs_in_index_file, refs_in_list_file,
)
from mjlog.text import printable

from mjlog.cli.common import EXIT_FINDINGS as EXIT_FAILED  # a log that could not be fetched
from mjlog.cli.common import EXIT_OK, EXIT_USAGE, fail, fail_os
from mjlog.cli.commands import add_command

DESCRIPTION = (
    "Download Tenhou logs into OUT as <id>.xml.gz: by id (or viewer URL) on the command line, from "
    "an id-list file (--list), from archive index files on disk (--archive: a year's scrawYYYY.zip or "
    "one of its per-day scc*.html.gz files), from a year's archive on the server (--year), or from "
    "the recent index files (--recent); --room, --type and --limit choose among them. A re-run skips "
    "every log already in OUT, and a download is written under a hidden temporary name and renamed "
    "when complete, so an interrupted run is resumed by running it again. "
    "Politeness: one connection at a time, kept alive; --delay seconds between requests; a 429, a "
    "5xx, a timeout or a cut body is retried --retries times, waiting --backoff seconds and doubling "
    "each time, or as long as the server's Retry-After asks (up to --max-wait); a 429 that outlasts "
    "the retries stops the run; so does a host name that does not resolve. Limits: a log's body at most "
    "16 MiB (an index file 64 MiB, a year's archive 256 MiB), written to disk as it arrives, gzip "
    "decoded under the same limit; each request at most --max-time seconds in all. Only regular "
    "files are read as --list and --archive. Each failure prints one line, the server's text in it "
    "escaped. Exit status: 0 every log fetched or "
    "on disk, 1 some failed, 2 usage error or unreadable index."
)


def add_fetch_command(sub) -> None:
    """Register ``mjlog fetch`` on the subparsers ``sub``."""
    p = add_command(sub, "fetch", description=DESCRIPTION)
    p.add_argument("ids", nargs="*", metavar="ID", help="log ids, e.g. 2019020120gm-0009-10011-215330df, or viewer URLs")
    src = p.add_argument_group("where the ids come from")
    src.add_argument("--list", action="append", default=[], metavar="FILE",
                     help="a file of log ids or URLs, any text around them (repeatable)")
    src.add_argument("--archive", action="append", default=[], metavar="FILE",
                     help="an archive index on disk: a year's scrawYYYY.zip or an index file, gzip or not (repeatable)")
    src.add_argument("--year", action="append", default=[], type=int, metavar="YEAR",
                     help=f"download the year's archive {ARCHIVE_PATH.format(year='YEAR')} (kept in OUT/index/)")
    src.add_argument("--recent", action="store_true",
                     help=f"read the recent index files listed at {RECENT_LIST_PATH} (kept in OUT/index/)")
    src.add_argument("--index-prefix", default="scc", metavar="P",
                     help="read only the index files whose names start with P (default %(default)s, the games' lists)")
    sel = p.add_argument_group("which logs")
    sel.add_argument("--room", action="append", choices=ROOMS, help="only this room (repeatable; default all)")
    sel.add_argument("--type", action="append", choices=KINDS, dest="kinds",
                     help="only this players-and-length (repeatable; default all)")
    sel.add_argument("--limit", type=int, metavar="N", help="fetch at most N logs")
    pol = p.add_argument_group("politeness")
    d = Politeness()
    pol.add_argument("--delay", type=float, default=d.delay, metavar="S",
                     help="seconds between the end of one request and the start of the next (default %(default)s)")
    pol.add_argument("--retries", type=int, default=d.retries, metavar="N",
                     help="retries after a 429, a 5xx, a timeout or a cut body (default %(default)s)")
    pol.add_argument("--backoff", type=float, default=d.backoff, metavar="S",
                     help="the first retry's wait in seconds, doubled for each further retry, unless the "
                          "server sends Retry-After (default %(default)s)")
    pol.add_argument("--max-wait", type=float, default=d.max_wait, metavar="S",
                     help="the longest single wait; a longer Retry-After ends the retries (default %(default)s)")
    pol.add_argument("--timeout", type=float, default=d.timeout, metavar="S",
                     help="seconds a connection or a read may stall (default %(default)s)")
    pol.add_argument("--max-time", type=float, default=d.max_time, metavar="S",
                     help="seconds one request may take in all, its body included; a longer one fails "
                          "without a retry (default %(default)s)")
    p.add_argument("-o", "--out", default="tenhou-logs", metavar="DIR",
                   help="the directory to write into (default %(default)s; created when missing)")
    p.add_argument("--base-url", default=DEFAULT_BASE_URL, metavar="URL",
                   help="the server (default %(default)s); logs are at URL/0/log/?ID")
    p.add_argument("--no-progress", action="store_true", help="no progress bar even on a terminal")
    p.set_defaults(func=run_fetch)


def _refs_from_sources(args: argparse.Namespace, client: PoliteClient) -> list[LogRef]:
    """Every id the sources name, in order (the filter picks among them later)."""
    refs = ids_in_text("\n".join(args.ids))
    for name in args.list:
        refs += refs_in_list_file(name)
    for name in args.archive:
        refs += refs_in_index_file(name, name, args.index_prefix)
    for year in args.year:
        path = ARCHIVE_PATH.format(year=year)
        cache = fetch_archive(client, path, index_cache(args.out, f"scraw{year}.zip"))
        refs += refs_in_index_file(cache, client.url(path), args.index_prefix)
    if args.recent:
        listing = client.get(RECENT_LIST_PATH, spool_dir=_spool(args.out)).decode("utf-8", errors="replace")
        for name in recent_files(listing, args.index_prefix):
            path = RECENT_FILE_PATH.format(name=name)
            cache = fetch_index_file(client, path, index_cache(args.out, name))
            refs += refs_in_index_file(cache, client.url(path), args.index_prefix)
    return refs


def _spool(out: str) -> Path:
    """Where a body is spooled while it downloads: OUT (a disk, unlike a /tmp that may be in memory)."""
    Path(out).mkdir(parents=True, exist_ok=True)
    return Path(out)


def _politeness(args: argparse.Namespace) -> Politeness | None:
    if min(args.delay, args.backoff, args.max_wait) < 0 or args.retries < 0 or min(args.timeout, args.max_time) <= 0:
        return None
    return Politeness(delay=args.delay, retries=args.retries, backoff=args.backoff,
                      max_wait=args.max_wait, timeout=args.timeout, max_time=args.max_time)


def run_fetch(args: argparse.Namespace) -> int:
    politeness = _politeness(args)
    if politeness is None:
        print("mjlog: --delay, --backoff, --max-wait and --retries must be 0 or more, --timeout and "
              "--max-time above 0",
              file=sys.stderr)
        return EXIT_USAGE
    if not (args.ids or args.list or args.archive or args.year or args.recent):
        print("mjlog: give log ids, --list, --archive, --year or --recent", file=sys.stderr)
        return EXIT_USAGE
    try:
        client = PoliteClient(args.base_url, politeness)
    except ValueError as exc:
        print(f"mjlog: {exc}", file=sys.stderr)
        return EXIT_USAGE
    with client:
        try:
            refs = _refs_from_sources(args, client)
        except (FetchError, MalformedLogError) as exc:
            print(printable(f"mjlog: cannot read the index: {exc}"), file=sys.stderr)
            return EXIT_USAGE
        except OSError as exc:
            return fail_os(f"cannot read {exc.filename}", exc)
        chosen = LogFilter(frozenset(args.room or ()), frozenset(args.kinds or ()), args.limit).select(refs)
        if not chosen:   # nothing to work on: a usage error, as in every command that reads many logs
            return fail(f"no logs to fetch ({len(refs)} ids found" + (", none chosen by --room/--type)" if refs else ")"))

        def report(log_id: str, message: str) -> None:
            print(f"mjlog: {log_id}: {message}", file=sys.stderr)

        progress = sys.stderr.isatty() and not args.no_progress
        try:
            summary = fetch_logs(client, chosen, args.out, progress=progress, on_error=report)
        except OSError as exc:
            return fail_os(f"cannot write to {args.out}", exc)
    print(summary.line())
    return EXIT_FAILED if summary.failed else EXIT_OK
