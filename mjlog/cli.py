"""The ``mjlog`` command: one subcommand per job, each with its own ``--help``.

Exit codes: 0 success, 1 the job found problems (findings, unreadable files),
2 usage errors and unreadable input for single-file commands.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from mjlog import __version__
from mjlog.errors import MalformedLogError

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2


def _cmd_show(args: argparse.Namespace) -> int:
    from mjlog.ir_json import dumps
    from mjlog.reader import read_log
    from mjlog.report import format_game

    try:
        log = read_log(args.log)
    except MalformedLogError as exc:
        print(f"mjlog: {exc}", file=sys.stderr)
        return EXIT_USAGE
    if args.json:
        print(dumps(log))
    else:
        print(format_game(log, japanese=not args.no_japanese))
    return EXIT_OK


def _cmd_audit(args: argparse.Namespace) -> int:
    import json
    import os

    from mjlog.audit import FileAudit, audit_sources

    missing = [p for p in args.paths if not os.path.exists(p)]
    if missing:
        print(f"mjlog: no such file or directory: {missing[0]}", file=sys.stderr)
        return EXIT_USAGE
    if args.jobs < 1:
        print("mjlog: --jobs must be at least 1", file=sys.stderr)
        return EXIT_USAGE

    def emit(fa: FileAudit) -> bool:
        if fa.error is not None:
            if args.json:
                print(json.dumps({"source": fa.source, "kind": "unreadable", "message": fa.error}, ensure_ascii=False))
            else:
                print(f"{fa.source}: unreadable: {fa.error}")
        for f in fa.findings:
            print(json.dumps(f.to_dict(), ensure_ascii=False) if args.json else f.line())
        return bool(args.strict and not fa.clean)

    progress = sys.stderr.isatty() and not args.no_progress
    report = audit_sources(args.paths, jobs=args.jobs, on_result=emit, progress=progress)
    if args.json:
        print(json.dumps({"summary": report.summary(), "games": len(report.files), "clean": report.clean,
                          "with_findings": report.with_findings, "unreadable": report.unreadable}))
    else:
        print(report.summary())
    return EXIT_OK if report.clean == len(report.files) else EXIT_FINDINGS


def _cmd_convert(args: argparse.Namespace) -> int:
    from mjlog.formats.tenhou_json import dumps_tenhou6
    from mjlog.reader import read_log

    try:
        log = read_log(args.log)
    except MalformedLogError as exc:
        print(f"mjlog: {exc}", file=sys.stderr)
        return EXIT_USAGE
    text = dumps_tenhou6(log)
    if args.output in (None, "-"):
        print(text)
        return EXIT_OK
    try:
        with open(args.output, "w", encoding="utf-8") as fh:
            fh.write(text + "\n")
    except OSError as exc:
        print(f"mjlog: cannot write {args.output}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_USAGE
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mjlog",
        description="Read, replay, audit and analyse Tenhou mahjong game logs (4 and 3 players).",
        epilog="Run 'mjlog COMMAND --help' for a command's options.",
    )
    parser.add_argument("--version", action="version", version=f"mjlog {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    show = sub.add_parser(
        "show",
        help="print a log: header, one line per round, final result",
        description=(
            "Print a game log: the rule set and players, one line per round (start scores, "
            "who won from whom with the recorded han/fu/points and yaku, or the draw and who "
            "was tenpai), then final scores and placement points. Reads Tenhou mjlog XML "
            "(plain or gzip). On a malformed file prints one line and exits 2."
        ),
    )
    show.add_argument("log", metavar="LOG", help="a log file (.xml, .mjlog, gzip or not)")
    show.add_argument("--json", action="store_true", help="print the intermediate representation as JSON")
    show.add_argument("--no-japanese", action="store_true", help="English yaku and draw names only")
    show.set_defaults(func=_cmd_show)

    convert = sub.add_parser(
        "convert",
        help="convert a log to another format (tenhou.net/6 JSON)",
        description=(
            "Read a log (Tenhou mjlog XML, plain or gzip, or tenhou.net/6 JSON) and write it in "
            "another format. 'tenhou6' is Tenhou's official JSON export (the mjlog2json flavour "
            "the tenhou.net/6 viewer reads), as UTF-8 text. On a malformed file prints one line "
            "and exits 2."
        ),
    )
    convert.add_argument("log", metavar="LOG", help="the log file to convert (.xml, .mjlog, .json, gzip or not)")
    convert.add_argument(
        "--to", required=True, choices=["tenhou6"], help="the output format: tenhou6 = tenhou.net/6 JSON"
    )
    convert.add_argument(
        "-o", "--output", metavar="FILE", help="write to FILE instead of standard output ('-' is standard output)"
    )
    convert.set_defaults(func=_cmd_convert)

    audit = sub.add_parser(
        "audit",
        help="replay logs and report every place where a log and the rules disagree",
        description=(
            "Replay each game under its rule set (Tenhou 4p/3p): the wall from the seed, legal "
            "play, furiten, every win's yaku/han/fu/points and payments, draws, honba and sticks, "
            "game end and placement points. Prints one line per finding (file, round, event index, "
            "kind, recorded vs derived), then 'audited N games: C clean, F with findings, E "
            "unreadable'. Exit status: 0 all clean, 1 any finding or unreadable file, 2 usage error."
        ),
    )
    audit.add_argument("paths", nargs="+", metavar="PATH", help="log files or directories (walked recursively)")
    audit.add_argument("--jobs", "-j", type=int, default=1, help="worker processes (default 1)")
    audit.add_argument("--json", action="store_true", help="one JSON object per finding, then a summary object")
    audit.add_argument("--strict", action="store_true", help="stop at the first file with a finding")
    audit.add_argument("--no-progress", action="store_true", help="no progress bar even on a terminal")
    audit.set_defaults(func=_cmd_audit)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except BrokenPipeError:  # e.g. `mjlog show x | head`
        return EXIT_OK
    except KeyboardInterrupt:
        print("mjlog: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
