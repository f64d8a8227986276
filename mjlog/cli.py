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
