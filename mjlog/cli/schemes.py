"""The ``schemes`` subcommand: three-player (sanma) payment schemes, their table and their comparison."""

from __future__ import annotations

import argparse
import sys

from mjlog.cli.common import EXIT_OK, EXIT_USAGE, add_rule_options, rule_choice_or_report
from mjlog.cli.common import fail as _fail
from mjlog.cli.store import open_store
from mjlog.text import printable
from mjlog.cli.commands import add_command


def _cmd_schemes_table(args: argparse.Namespace) -> int:
    from mjlog.rules.riichi.points import LIMIT_BASIC_BY_NAME, basic_points, limit_of
    from mjlog.rules.riichi.sanma_schemes import scheme_table

    choice = _choice(args)
    if choice is None:
        return EXIT_USAGE
    if args.limit:
        basic, what = LIMIT_BASIC_BY_NAME[args.limit], args.limit
    elif args.han is not None and args.fu is not None:
        if args.han < 1 or args.fu < 20 or (args.fu % 10 and args.fu != 25):
            print("mjlog: --han must be at least 1 and --fu 20, 25, 30, ... 110", file=sys.stderr)
            return EXIT_USAGE
        limit = limit_of(args.han, args.fu)
        basic = basic_points(args.han, args.fu, limit)
        what = f"{args.han} han {args.fu} fu"
    else:
        print("mjlog: give --limit, or both --han and --fu", file=sys.stderr)
        return EXIT_USAGE
    print(f"Three-player payments for {what} (basic points {basic}); honba and sticks not included.")
    print("Columns: dealer ron / dealer tsumo total (each payer) / non-dealer ron / "
          "non-dealer tsumo total (non-dealer payer / dealer payer)")
    print("\n".join(scheme_table(basic, _readings(choice))))
    print(_readings_line(choice))
    return EXIT_OK


def _choice(args: argparse.Namespace):
    """The ``--rules``/``--knob`` choice, a three-player riichi one; None after printing why not."""
    choice = rule_choice_or_report(args.rules, args.knob, family="riichi")
    if choice is not None and choice.preset is not None and choice.base(None).players != 3:
        _fail(f"{choice.preset} is not a three-player preset; the payment schemes are three-player rules")
        return None
    return choice


def _readings(choice) -> dict[str, str]:
    """The reading (formula or words) each scheme of two readings is taken in under ``choice``."""
    from mjlog.rules.riichi.ruleset import PRESETS
    from mjlog.rules.riichi.sanma_schemes import READING_OF

    rules = choice.apply(choice.base(PRESETS["tenhou-3p-south"]))
    return {scheme: getattr(rules, knob) for scheme, (knob, _, _) in READING_OF.items()}


def _readings_line(choice) -> str:
    """One line naming the reading of each scheme that has two (the knobs that choose them)."""
    from mjlog.rules.riichi.sanma_schemes import scheme_label

    return "Readings: " + "; ".join(scheme_label(s, r) for s, r in _readings(choice).items()) + \
        " (knobs marudori2_reading, dealer_triple_reading, double_take_reading; docs/sanma-readings.md)."


def _flip_choice(args: argparse.Namespace):
    """The handling of flipped games that ``--flips`` and ``--seed`` ask for."""
    from mjlog.rules.riichi.sanma_repay import FlipHandling
    from mjlog.stats.schemes import FlipChoice

    return FlipChoice(FlipHandling(args.flips), seed=args.seed)


def _cmd_schemes_compare(args: argparse.Namespace) -> int:
    import os

    import polars as pl

    from mjlog.stats.schemes import BASELINE, compare_store, sensitivity
    from mjlog.stats.text_tables import Table, format_tables, terminal_width, wrap

    choice = _choice(args)
    if choice is None:
        return EXIT_USAGE
    if not os.path.exists(args.db):
        return _fail(f"no such database: {args.db}")
    store = open_store(args.db)
    if store is None:
        return EXIT_USAGE
    skipped: list[str] = []
    flips = _flip_choice(args)
    with store:
        summary, per_seat = compare_store(store, skipped=skipped, choice=choice or None, flips=flips)
    for line in skipped:
        print(printable(f"skipped: {line}"), file=sys.stderr)
    if summary.is_empty():
        print("no complete three-player games in the database")
        return EXIT_OK
    every = summary.filter(pl.col("group") == "all")
    flipped = per_seat.filter(pl.col("flipped"))["game_id"].n_unique()
    width = terminal_width()
    print(wrap(f"Every stored sanma game re-paid under each scheme and compared with {BASELINE} (Tenhou's) game by "
               "game. A scheme changes payments, not play: the hands are the recorded ones. A game whose end would "
               "move under a scheme (a bust that appears or disappears, an all-last stop that flips) is flipped "
               f"under that scheme and stable under the others. Flips: {flips.describe()} (--flips). "
               f"Games: {every['games'][0]} compared under every scheme, {flipped} flipped under at least one; "
               "flipped per scheme: " + ", ".join(f"{s} {n}" for s, n in every.select("scheme", "flipped_games")
                                                  .iter_rows()) + ".", width, hang=""))
    if choice:
        print(wrap(printable(f"Re-paid under {choice.describe()}, rules the games were not played under."), width))
    print(wrap(_readings_line(choice), width))
    print(wrap("Intervals: 95 %, clustered by game (Wilson's over the games for the per-game rates). "
               "Per-seat results are in the table scheme_results.", width))
    shown = summary.drop("reading", "flips")
    tables = [Table(group, f"{group}: {title}", shown.filter(pl.col("group") == group).drop("group"), precision=3)
              for group, title in (("all", f"every game, each scheme against {BASELINE}, flips "
                                           f"{'stopped' if args.flips == 'stop' else 'played out'}"),
                                   ("stable", "the games whose end does not move under the scheme (its own set)"))]
    tables.append(Table("sensitivity", "sensitivity: the change figures on all games and on each scheme's stable "
                                       "games", sensitivity(summary), precision=3))
    print(format_tables(tables, width))
    if args.csv:
        summary.write_csv(args.csv)
    return EXIT_OK


def add_schemes_command(sub) -> None:
    """The ``schemes`` subcommand: ``schemes table`` and ``schemes compare``."""
    schemes = add_command(sub, "schemes", description="Three-player (sanma) tsumo payment schemes from the rules documents.")
    schemes_sub = schemes.add_subparsers(dest="schemes_command", metavar="SUBCOMMAND")
    schemes_sub.required = True
    table = schemes_sub.add_parser(
        "table",
        help="the payments of one hand under every scheme",
        description=(
            "Print the payments of one hand under all eight schemes, in the layout of the "
            "rules documents' table: dealer ron / dealer tsumo total (each payer) / non-dealer "
            "ron / non-dealer tsumo total (non-dealer payer / dealer payer)."
        ),
    )
    table.add_argument("--han", type=int, help="han of the hand (with --fu)")
    table.add_argument("--fu", type=int, help="fu of the hand (with --han)")
    table.add_argument("--limit", choices=["mangan", "haneman", "baiman", "sanbaiman", "yakuman"],
                       help="a limit hand instead of han and fu")
    add_rule_options(table, "a three-player riichi preset whose knobs choose the readings (default: tenhou-3p-south)")
    table.set_defaults(func=_cmd_schemes_table)
    compare = schemes_sub.add_parser(
        "compare",
        help="re-pay every stored sanma game under each scheme and compare",
        description=(
            "Re-pay every three-player win of the games in the database under each of the eight "
            "schemes, keeping the play, and compare each scheme with tsumo-loss (Tenhou's) game by game. "
            "A game whose end would move under a scheme (a bust that appears or disappears, an all-last "
            "stop that flips) is flipped under it: --flips stop ends it at its flip point; --flips "
            "play-out ends it where the scheme ends it, or, when the scheme would have it go on, plays it "
            "out from the recorded state with hands drawn from the stored games' hands (seeded by --seed). "
            "Per scheme, on every game and on its stable games: games flipped, winner and placement "
            "changes, the first dealer's placement-point change, busts, game length and mean tsumo values, "
            "with 95 % intervals clustered by game; a sensitivity table compares the two. The per-seat "
            "results are stored in the table scheme_results. A game that cannot "
            "be re-paid is left out with a 'skipped:' line on standard error."
        ),
    )
    compare.add_argument("--db", required=True, metavar="FILE", help="a database made by 'mjlog ingest'")
    compare.add_argument("--csv", metavar="FILE", help="also write the summary as CSV")
    compare.add_argument("--flips", choices=["stop", "play-out"], default="stop",
                         help="a game flipped under a scheme: stopped at its flip point (default), or played out "
                              "to its end by hands drawn from the stored games")
    compare.add_argument("--seed", type=int, default=1, help="the seed of --flips play-out's draws (default 1)")
    add_rule_options(compare, "re-pay every game under this three-player riichi preset instead of its own")
    compare.set_defaults(func=_cmd_schemes_compare)
