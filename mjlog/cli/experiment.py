"""The ``experiment`` subcommand: the same seeds played under each value of one or more knobs, compared in pairs."""

from __future__ import annotations

import argparse
import sys

from mjlog.cli.common import add_knob_option, write_tables_or_report
from mjlog.cli.common import fail as _fail
from mjlog.text import printable
from mjlog.cli.commands import add_command


def _cmd_experiment(args: argparse.Namespace) -> int:
    from mjlog.rules.knobs import KnobError
    from mjlog.stats.experiment import (FIGURE_PRECISION, arms_table, compare_arms, experiment_design,
                                        paired_variance_sources, pairing_limits, play_experiment)
    from mjlog.stats.text_tables import Table, format_tables, terminal_width, wrap

    if args.games < 2:
        return _fail("--games must be at least 2 (a paired interval needs two seeds)")
    if args.jobs < 1:
        return _fail("--jobs must be at least 1")
    try:
        design = experiment_design(args.rules, args.knob, args.vary)
    except KnobError as exc:
        return _fail(str(exc))
    total = args.games * len(design.arms)
    bar = _bar(total, not args.no_progress)
    games = play_experiment(design, args.games, args.seed, jobs=args.jobs,
                            advance=bar.update if bar is not None else None)
    if bar is not None:
        bar.close()
    levels, diffs = compare_arms(games, design)
    width = terminal_width()
    print(wrap(printable(
        f"{args.games} games per arm from seed {args.seed} under {design.base.describe()}, the bots' games of "
        f"'mjlog simulate --seed {args.seed}': every arm plays the same seeds (the same walls and bots), "
        f"varying {', '.join(design.varied)}; baseline: {design.baseline.label}."), width, hang=""))
    print(wrap("Differences from the baseline: lo/hi is the paired 95 % interval (clustered by seed), "
               "unpaired_lo/unpaired_hi the interval of the same difference had the arms been played on "
               "different seeds, width_ratio the unpaired width over the paired one. Roles are starting "
               "seats (the first dealer deals the first hand); shares are of the points won by wins "
               "(honba included, riichi sticks not).", width, hang=""))
    key = diffs.filter((diffs["figure"] == "placement points") & (diffs["role"] == "first dealer"))
    if key.height:
        ratios = [r for r in key["width_ratio"].to_list() if r is not None]
        if ratios:
            print(wrap(f"The first dealer's placement points: paired intervals {min(ratios):.2f} to "
                       f"{max(ratios):.2f} times narrower than unpaired ones.", width, hang=""))
    for i, arm in enumerate(design.arms):
        knobs = ", ".join(f"{n}={v}" for n, v in arm.values)
        what = "; ".join(x for x in (knobs, arm.reading) if x)
        print(wrap(printable(f"arm {arm.label}{' (baseline)' if i == 0 else ''}: {what}"), width))
    shown = [Table("differences", f"{figure}: differences from {design.baseline.label}",
                   diffs.filter(diffs["figure"] == figure).drop("figure", "baseline", "value"),
                   precision=FIGURE_PRECISION[figure])
             for figure in dict.fromkeys(diffs["figure"])]
    shown.append(Table("levels", "each arm's figures, 95 % intervals clustered by seed", levels, precision=3))
    limits = pairing_limits(paired_variance_sources(games, design), diffs)
    shown.append(Table("pairing", "the first dealer's placement points: seeds whose games end apart (at another "
                       "hand, or a bust in one arm only), their share of the paired variance, which no pairing "
                       "removes, and the width ratio were every other seed's difference zero", limits, precision=3))
    print(format_tables(shown, width, args.max_rows))
    tables = [Table("arms", "arms", arms_table(design)), Table("differences", "differences", diffs), *shown[-2:]]
    return write_tables_or_report(tables, args)


def _bar(total: int, wanted: bool):
    """A tqdm bar of ``total`` games on a terminal's standard error, else None."""
    if not wanted or not sys.stderr.isatty():
        return None
    try:
        from tqdm import tqdm
    except ImportError:  # pragma: no cover - tqdm is a dependency
        return None
    return tqdm(total=total, unit="game", desc="experiment")


def add_experiment_command(sub) -> None:
    """The ``experiment`` subcommand."""
    exp = add_command(
        sub, "experiment",
        description=(
            "A controlled experiment with the riichi bots: every arm (one value of each --vary knob; "
            "the first, the preset's value, is the baseline) plays the same game seeds, so the same walls "
            "and the same bots, and the differences from the baseline (final and placement points per "
            "starting seat, bust rate, game length in hands, the dealer's and tsumo's shares of win "
            "income) come with paired intervals clustered by seed beside the unpaired interval of the "
            "same difference, and the ratio of their widths; per arm, the share of the paired variance from "
            "seeds whose games end apart, which no pairing removes, and the ratio it leaves at most. For "
            "three players the tsumo scheme's reading and its knob are named. docs/commands.md says more."),
    )
    exp.add_argument("--rules", required=True, metavar="PRESET", help="the riichi preset every arm starts from")
    add_knob_option(exp)
    exp.add_argument("--vary", action="append", required=True, metavar="KNOB[=V1,V2,...]",
                     help="a knob whose values are the arms (repeatable: every combination); without values, "
                          "both values of a switch or every value the knob lists; a list knob (uma) separates "
                          "its values with '/'")
    exp.add_argument("--games", "-n", type=int, required=True, metavar="N", help="games per arm (the same seeds)")
    exp.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the game seeds (default 0)")
    exp.add_argument("--jobs", "-j", type=int, default=1, metavar="N", help="processes to play on (default 1)")
    exp.add_argument("--no-progress", action="store_true", help="no progress bar even on a terminal")
    exp.add_argument("--max-rows", type=int, default=-1, metavar="N", help="rows to print per table (default -1: all)")
    exp.add_argument("--csv", metavar="DIR", help="also write every table, full precision, as DIR/<table>.csv")
    exp.add_argument("--json", metavar="DIR",
                     help="also write every table, full precision, as DIR/<table>.json (a list of rows)")
    exp.set_defaults(func=_cmd_experiment)
