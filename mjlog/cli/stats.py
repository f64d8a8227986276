"""``mjlog stats``: the stat sheet of a store, or one player's sheet beside the population's."""

from __future__ import annotations

import argparse

from mjlog.cli.common import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, write_tables_or_report
from mjlog.cli.common import fail as _fail
from mjlog.cli.store import add_source_arguments, open_source
from mjlog.text import printable_lines
from mjlog.cli.commands import add_command

def _player_names(args: argparse.Namespace) -> list[str] | None:
    """The names of ``--player`` and ``--player-file``, or None after a one-line error."""
    from mjlog.stats.player import read_player_file

    names = list(args.player or [])
    if args.player_file:
        try:
            with open(args.player_file, "rb") as fh:
                data = fh.read(1 << 20)
            names += read_player_file(data.decode("utf-8"))
        except (OSError, UnicodeDecodeError) as exc:
            _fail(f"cannot read player file {args.player_file}: {exc}")
            return None
        if not names:
            _fail(f"{args.player_file}: no names in the player file")
            return None
    return names


def _load(args: argparse.Namespace, players: bool = False):
    """The selected frames of the store and the families' own tables (Beijing, Datong, MCR), or None after a
    one-line error; for ``players``, the frames and those families' situation rows of the same games."""
    from mjlog.stats import load_frames
    from mjlog.stats.beijing import beijing_section_tables
    from mjlog.stats.datong import datong_section_tables
    from mjlog.stats.family_situations import selected_situation_frames
    from mjlog.stats.mcr import mcr_tables

    store = open_source(args)
    if store is None:
        return None
    synthetic = "only" if args.only_synthetic else "include" if args.include_synthetic else "exclude"
    with store:
        try:
            frames = load_frames(store, synthetic=synthetic, include_truncated=args.include_truncated,
                                 rule_set=args.rule_set, room=args.room,
                                 special_lobbies=args.include_special_lobbies)
            if players:
                return frames, selected_situation_frames(store, frames)
            sections = args.section or None
            beijing = [] if sections is not None and "beijing" not in sections else \
                beijing_section_tables(store, synthetic, args.include_truncated, args.rule_set)
            datong = [] if sections is not None and "datong" not in sections else \
                datong_section_tables(store, synthetic, args.include_truncated, args.rule_set)
            mcr = [] if args.room else mcr_tables(store, synthetic, args.include_truncated, args.rule_set, sections)
            return frames, beijing + datong + mcr
        except Exception as exc:  # noqa: BLE001 - not a store written by 'mjlog ingest'
            _fail(f"cannot read statistics from {args.db or args.dataset}: {exc}")
            return None


def _print_players(frames, families: list, names: list[str], args: argparse.Namespace, width: int) -> int:
    from mjlog.stats.player import format_player_sheet, player_sheet, player_tables

    status = EXIT_OK
    tables = []
    for i, name in enumerate(names):
        sheet = player_sheet(frames, name, families)
        if i:
            print()
        print(printable_lines(format_player_sheet(sheet, frames, max_rows=args.max_rows, sections=args.section,
                                                  width=width)))
        if sheet.summary.height == 0:
            status = EXIT_FINDINGS
        else:
            tables += player_tables(sheet, args.section)
    return write_tables_or_report(tables, args) or status


def _dealer_tables(frames) -> list:
    """The dealer section's two tables: win and renchan rates, and how games end."""
    from mjlog.stats.dealer import dealer_stats, game_endings, round_outcomes
    from mjlog.stats.sheet import SECTION_FAMILIES, section_label
    from mjlog.stats.text_tables import Table

    dealt = frames.of_families(SECTION_FAMILIES["dealer"])
    outcomes = round_outcomes(dealt.rounds, dealt.wins, dealt.draws)
    return [Table("dealer", section_label("dealer", "Dealer: win and renchan rates (renchan / rounds with a next "
                                                    "round)"), dealer_stats(outcomes)),
            Table("game_endings", section_label("dealer", "How games end (last round): bust, win-stop, "
                                                          "tenpai-stop, deal passed"), game_endings(outcomes))]


def _cmd_stats(args: argparse.Namespace) -> int:
    from mjlog.stats import selection_note, stat_sheet
    from mjlog.stats.sheet import sheet_tables
    from mjlog.stats.text_tables import format_tables, terminal_width, wrap

    width = terminal_width()
    names = _player_names(args) if (args.player or args.player_file) else []
    if names is None:
        return EXIT_USAGE
    loaded = _load(args, players=bool(names))
    if loaded is None:
        return EXIT_USAGE
    frames, family_part = loaded  # the families' tables; with names, their situation rows
    print(printable_lines(wrap(f"{args.db or args.dataset}", width)))
    if names:
        return _print_players(frames, family_part, names, args, width)
    print(wrap(selection_note(frames), width))
    if frames.n_games == 0:
        hint = "" if args.include_synthetic or args.only_synthetic else \
            " (synthetic games are left out; --include-synthetic keeps them)"
        print(wrap(f"no games to summarise{hint}", width))
        return EXIT_OK
    sections = args.section or None
    tables = sheet_tables(stat_sheet(frames), sections) + family_part
    if sections is None or "dealer" in sections:
        tables += _dealer_tables(frames)
    print(format_tables(tables, width, args.max_rows))
    if args.compare:
        tables += _print_compare(frames, args.compare_room, width, args.max_rows)
    return write_tables_or_report(tables, args)


def _print_compare(frames, room: str, width: int, max_rows: int) -> list:
    """Prints the Phoenix comparison; its table, for ``--csv``/``--json`` (none when no game is compared)."""
    from mjlog.stats import selection_note
    from mjlog.stats.reference import phoenix_comparison, phoenix_frames
    from mjlog.stats.text_tables import Table, format_table, wrap

    where = "every room" if room == "all" else f"the {room} room"
    four = phoenix_frames(frames, None if room == "all" else room)
    title = (f"Beside the published Tenhou Phoenix 4p hanchan figures (tenhou-4p-south games of {where}; "
             "within = |diff| <= 1.96 SE, the binomial SE widened by our clustered design effect, "
             "see docs/statistics.md)")
    print(wrap(f"== {title}", width))
    print(wrap(selection_note(four), width))
    if four.n_games == 0:
        print(wrap(f"no tenhou-4p-south games of {where} selected", width))
        return []
    table = Table("phoenix_comparison", title, phoenix_comparison(four, "base", room=None).drop("label"))
    print(format_table(table.frame, width, max_rows, table.precision))
    return [table, _print_situation_compare(four, width, max_rows)]


def _print_situation_compare(four, width: int, max_rows: int):
    """Prints the situational figures beside their published sources, each with its counting convention
    and verdict; returns the table (every column, for ``--csv``/``--json``)."""
    from mjlog.stats.situation_reference import phoenix_situation_comparison
    from mjlog.stats.text_tables import Table, format_table, wrap

    title = ("Situations beside published figures (the source's counting convention; within = |diff| <= 1.96 SE "
             "+ the published value's rounding, SE widened by our clustered design effect; lo, hi: our 95 % "
             "interval clustered by game and player; docs/statistics.md)")
    table = Table("phoenix_situations", title, phoenix_situation_comparison(four, room=None))
    print()
    print(wrap(f"== {title}", width))
    for columns in (("published", "ours", "n", "lo", "hi", "within"), ("design_effect", "diff", "se", "z_score")):
        print(format_table(table.frame.select("metric", *columns), width, max_rows, table.precision))
    for r in table.frame.iter_rows(named=True):
        print(wrap(f"- {r['metric']} ({r['source']}): {r['convention']}. Verdict: {r['verdict']}", width))
    return table


def add_stats_command(sub) -> None:
    """The ``stats`` subcommand: the stat sheet of a store, or players' sheets."""
    from mjlog.stats.family_situations import FAMILIES, player_situation_keys
    from mjlog.stats.hand_situations import SITUATIONS
    from mjlog.stats.mcr import SITUATIONS_SECTION, McrSheet
    from mjlog.stats.player import PlayerSheet
    from mjlog.stats.sheet import StatSheet

    names = [f for f in StatSheet.__slots__] + ["dealer", "beijing", "datong"] + [f for f in McrSheet.__slots__] + \
        [SITUATIONS_SECTION]
    player_names = [f for f in PlayerSheet.__slots__ if f not in ("name", "timeline", "situations")] + \
        list(SITUATIONS) + list(FAMILIES) + player_situation_keys()
    stats = add_command(
        sub, "stats",
        description=(
            "Print the standard stat sheet of the games in a store, split by rule set: placements and "
            "bust rate per player-game; win, deal-in, riichi and call rates per player-round; draws per "
            "round by kind; wins by dealer and hand type; yaku per win; han and fu distributions; riichi win "
            "and deal-in-after-riichi rates by first or chasing riichi, wait shape and turn, and with or without a "
            "yaku; wins by the winner's style (riichi, open, dama), deal-ins by whom they fed, tenpai at the draw "
            "by style, calls by kind and turn and first calls by reason; dealer "
            "win and renchan rates and how games end; for Beijing games the Beijing sheet (fans, wild tiles, 燒莊 and "
            "its cost to the dealer, 互包 and who pays); for Datong games the Datong sheet (hand types, multipliers, "
            "the cost of the dealer's repeats 連庄, the kongs' 杠 share of income, head-bumps 截胡); for Chinese "
            "Official (MCR) games, fan "
            "frequencies, fans per win, the share of wins at exactly 8 fan, the self-draw rate and points per match, "
            "real records apart from simulated ones; for each of these three, wins by concealed or open hand and "
            "turn, deal-ins by whom they fed and calls by kind. Counts come first, rates last, and every rate has "
            "a 95 % interval clustered by game (and by player where players repeat). The sheet first "
            "names its population (family, rule sets, rooms, lobby types, dates, real or synthetic) and "
            "what it left out and why. Conventions: a double ron is two wins and one deal-in; a riichi is "
            "a declaration (counted even when the declaration tile is ronned); a call is a chi, pon or "
            "open kan; ura with 0 han is no ura (docs/statistics.md). Synthetic games (mjlog simulate), "
            "truncated logs and special lobbies are left out unless asked. With --player or "
            "--player-file: one sheet per player instead, the player's rates, placements, average "
            "placement points, rates as dealer and non-dealer and by round wind (East, South rounds) "
            "and the situations of the player's wins, deal-ins and calls (riichi's; and Beijing's, MCR's and "
            "Datong's, each of its own games; --section beijing, mcr or datong chooses its part) beside the "
            "population's. "
            "Exit status: 0; 1 when a named player sits in none of the selected games; 2 on a missing "
            "database or player file."
        ),
    )
    add_source_arguments(stats, "a dataset written by 'mjlog build', read in place")
    stats.add_argument("--rule-set", metavar="PRESET",
                       help="only games of this rule set, e.g. tenhou-4p-south (default: all, split by rule set)")
    stats.add_argument("--room", choices=["ippan", "joukyuu", "tokujou", "houou"],
                       help="only games of this Tenhou room (default: all rooms)")
    synth = stats.add_mutually_exclusive_group()
    synth.add_argument("--include-synthetic", action="store_true",
                       help="keep games generated by 'mjlog simulate' (left out by default)")
    synth.add_argument("--only-synthetic", action="store_true", help="only games generated by 'mjlog simulate'")
    stats.add_argument("--include-truncated", action="store_true",
                       help="keep the complete rounds of truncated logs (left out by default)")
    stats.add_argument("--include-special-lobbies", action="store_true",
                       help="keep games of special (custom-rule) lobbies (left out by default)")
    stats.add_argument("--player", action="append", metavar="NAME",
                       help="print this player's sheet beside the population's (repeatable)")
    stats.add_argument("--player-file", metavar="FILE",
                       help="players' names, one a line (UTF-8; blank lines and lines starting with # skipped)")
    stats.add_argument("--section", action="append", choices=list(dict.fromkeys(names + player_names)), metavar="NAME",
                       help=f"print only this section (repeatable): {', '.join(names)}; with --player: "
                            f"{', '.join(player_names)}")
    stats.add_argument("--compare", action="store_true",
                       help="also print the tenhou-4p-south rates beside the published Phoenix figures")
    stats.add_argument("--compare-room", default="houou", choices=["houou", "tokujou", "joukyuu", "ippan", "all"],
                       help="the room compared with the Phoenix figures (default houou, the Phoenix room)")
    stats.add_argument("--max-rows", type=int, default=20, metavar="N",
                       help="rows to print per table (default 20; -1 all)")
    stats.add_argument("--csv", metavar="DIR",
                       help="also write every table printed, all rows at full precision, as DIR/<table>.csv")
    stats.add_argument("--json", metavar="DIR",
                       help="also write every table printed, all rows at full precision, as DIR/<table>.json "
                            "(a list of rows)")
    stats.set_defaults(func=_cmd_stats)
