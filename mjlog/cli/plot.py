"""The ``mjlog plot`` subcommand (the chart itself: :mod:`mjlog.view.plot`)."""

from __future__ import annotations

import argparse

from mjlog.cli.common import EXIT_OK, EXIT_USAGE, read_log_or_report
from mjlog.cli.common import fail as _fail, fail_os
from mjlog.cli.commands import add_command


def add_plot_command(sub) -> None:
    """Register ``mjlog plot`` on the subparsers ``sub``."""
    p = add_command(
        sub, "plot",
        description=(
            "Draw the score of each seat hand by hand as recorded in the log: a line per seat, a filled "
            "star at a tsumo, a filled triangle at a ron, an open triangle on the seat that dealt in, "
            "and a dotted line at each draw; the figure's top line names the game (family, rule set, room, lobby "
            "type, date, real or synthetic). The format follows the file name: .png or .svg. Player names "
            "are drawn when the font can (a CJK font, e.g. Debian's fonts-noto-cjk, for Japanese names), "
            "else the seat alone. On a malformed file prints one line and exits 2."
        ),
    )
    p.add_argument("log", metavar="LOG", help="the log file (Tenhou XML or tenhou.net/6 JSON, gzip or not)")
    p.add_argument("-o", "--output", required=True, metavar="FILE.png|FILE.svg", help="the image to write")
    p.set_defaults(func=run_plot)


def run_plot(args: argparse.Namespace) -> int:
    from mjlog.view.plot import plot_game

    fmt = args.output.rsplit(".", 1)[-1].lower() if "." in args.output else ""
    if fmt not in ("png", "svg"):
        return _fail(f"{args.output}: the file name must end in .png or .svg")
    log = read_log_or_report(args.log)
    if log is None:
        return EXIT_USAGE
    if not log.rounds:
        return _fail(f"{args.log}: the log has no hands to draw")
    try:
        plot_game(log).savefig(args.output, format=fmt)
    except OSError as exc:
        return fail_os(f"cannot write {args.output}", exc)
    print(f"wrote {args.output}")
    return EXIT_OK
