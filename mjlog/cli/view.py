"""The ``mjlog view`` subcommand."""

from __future__ import annotations

import argparse

from mjlog.cli.common import EXIT_OK, EXIT_USAGE, read_log_or_report, write_text_or_report
from mjlog.cli.commands import add_command


def add_view_command(sub) -> None:
    """Register ``mjlog view`` on the subparsers ``sub``."""
    p = add_command(
        sub, "view",
        description=(
            "Replay a game and write it as one HTML file (CSS and JavaScript inline, nothing loaded "
            "from the network): each hand from the deal, every draw, discard (the riichi tile turned, "
            "called tiles faded) and call, the dora indicators, the score line, and the outcome with "
            "its yaku, value and payments as mjlog derives them; every finding of the audit is shown "
            "at its event and listed at the side. Keys: Right/Space next step, Left previous, "
            "Down/Up next/previous hand, Home/End. On a malformed file prints one line and exits 2."
        ),
    )
    p.add_argument("log", metavar="LOG", help="the log file (Tenhou XML or tenhou.net/6 JSON, gzip or not; "
                   "an MCR record: PMN, or a Botzone export; FILE#k: the k-th game, from 1, of a file of several)")
    p.add_argument("-o", "--output", required=True, metavar="FILE", help="the HTML file to write")
    p.set_defaults(func=run_view)


def run_view(args: argparse.Namespace) -> int:
    from mjlog.view import view_html

    log = read_log_or_report(args.log)
    if log is None or not write_text_or_report(args.output, view_html(log)):
        return EXIT_USAGE
    print(f"wrote {args.output}")
    return EXIT_OK
