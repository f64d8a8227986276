"""The ``mjlog`` command: one subcommand per job, each with its own ``--help``.

Exit codes, the same in every command (the table in docs/commands.md): 0 done and the data clean,
1 the data has problems (error findings, unreadable logs, logs not fetched), 2 bad usage or input
the command cannot work on (no such path, no logs at all, a malformed file given alone), 130 interrupted.
"""

from __future__ import annotations

import argparse
import atexit
import importlib
import itertools
import os
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from mjlog import __version__
from mjlog.text import json_printable, printable, printable_lines, printable_warnings

from mjlog.cli.common import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, missing_path, read_log_or_report, write_text_or_report
from mjlog.cli.common import add_knob_option, add_rule_options, no_logs, rule_choice_or_report
from mjlog.cli.common import fail as _fail, fail_os
from mjlog.cli.commands import COMMANDS, add_command, add_summary


def _cmd_show(args: argparse.Namespace) -> int:
    from mjlog.ir.plain import dumps
    from mjlog.view.text import format_game

    log = read_log_or_report(args.log)
    if log is None:
        return EXIT_USAGE
    if args.json:
        print(json_printable(dumps(log)))
    else:
        print(printable_lines(format_game(log, japanese=not args.no_japanese)))
    return EXIT_OK


def _cmd_audit(args: argparse.Namespace) -> int:
    import json

    from mjlog.batch.audit import FileAudit, audit_sources

    if missing_path(args.paths):
        return EXIT_USAGE
    if args.jobs < 1:
        return _fail("--jobs must be at least 1")
    choice = rule_choice_or_report(args.rules, args.knob)
    if choice is None:
        return EXIT_USAGE
    if choice and not args.json:
        print(printable(f"replayed under rules the logs do not state: {choice.describe()}"))

    def emit(fa: FileAudit) -> None:
        if fa.error is not None:
            if args.json:
                print(json_printable(json.dumps({"source": fa.source, "kind": "unreadable", "severity": "error",
                                                 "message": fa.error}, ensure_ascii=False)))
            else:
                print(printable(f"{fa.source}: error: unreadable: {fa.error}"))
        if fa.same_as is not None:
            if args.json:
                print(json_printable(json.dumps({"source": fa.source, "kind": "duplicate", "same_as": fa.same_as},
                                                ensure_ascii=False)))
            else:
                print(printable(f"{fa.source}: duplicate: the same game as {fa.same_as}"))
        for f in fa.findings:
            print(json_printable(json.dumps(f.to_dict(), ensure_ascii=False)) if args.json else printable(f.line()))

    progress = sys.stderr.isatty() and not args.no_progress
    try:
        report = audit_sources(args.paths, jobs=args.jobs, on_result=emit, progress=progress, engine=args.engine,
                               scheduler=args.scheduler, keep=False, choice=choice or None, names=False, quiet=True)
    except RuntimeError as exc:  # the dask extra is not installed
        print(f"mjlog: {exc}", file=sys.stderr)
        return EXIT_USAGE
    if not report.games and not report.unreadable:
        return no_logs("audit", args.paths, report.skipped)
    if args.json:
        summary = report.to_dict()
        if choice:
            summary["replayed_under"] = {**choice.to_dict(), "stated_by_the_logs": False}
        print(json.dumps(summary))
    else:
        print(report.summary() + (f"; replayed under {printable(choice.describe())}, which the logs do not state"
                                  if choice else ""))
    return EXIT_FINDINGS if report.failed(strict=args.strict) else EXIT_OK


def _cmd_convert(args: argparse.Namespace) -> int:
    from mjlog.formats.writers import writer

    log = read_log_or_report(args.log)
    if log is None:
        return EXIT_USAGE
    target = writer(args.to)
    if log.family != target.family:
        print(f"mjlog: {printable(args.log)}: a {log.family} log cannot be written as {args.to} "
              f"(a {target.family} format)", file=sys.stderr)
        return EXIT_USAGE
    if target.needs_values:
        from mjlog.replayer.derived_values import with_derived_win_values

        log = with_derived_win_values(log)
    text = target.write(log)
    if args.output in (None, "-"):
        print(text)
        return EXIT_OK
    return EXIT_OK if write_text_or_report(args.output, text + "\n") else EXIT_USAGE


def _cmd_simulate(args: argparse.Namespace) -> int:
    from mjlog.batch.simulate import simulate

    if args.games < 0 or args.jobs < 1:
        print("mjlog: --games must be 0 or more and --jobs at least 1", file=sys.stderr)
        return EXIT_USAGE
    choice = rule_choice_or_report(args.rules, args.knob)
    if choice is None:
        return EXIT_USAGE
    try:
        paths = simulate(args.games, choice.apply(choice.base(None)), args.seed, args.output, progress=not args.no_progress,
                         jobs=args.jobs)
    except OSError as exc:
        return fail_os(f"cannot write to {args.output}", exc)
    print(f"wrote {len(paths)} games to {args.output}")
    return EXIT_OK


def _cmd_rules_list(args: argparse.Namespace) -> int:
    from mjlog.rules.catalogue import list_lines

    print("\n".join(list_lines()))
    return EXIT_OK


def _cmd_rules_show(args: argparse.Namespace) -> int:
    import json

    from mjlog.rules import UnknownRulesError
    from mjlog.rules.catalogue import show_data, show_lines

    try:
        text = json.dumps(show_data(args.preset), ensure_ascii=False, indent=1) if args.json else \
            "\n".join(show_lines(args.preset, sources=args.sources))
    except UnknownRulesError as exc:
        print(f"mjlog: {exc}", file=sys.stderr)
        return EXIT_USAGE
    print(text)
    return EXIT_OK


def _add_rules_command(sub) -> None:
    rules = add_command(
        sub, "rules",
        description="The rule families mjlog knows (riichi, beijing, mcr, and any family registered since), their "
                    "rule-set presets, and the knobs of each preset with what they mean.",
    )
    rules_sub = rules.add_subparsers(dest="rules_command", metavar="SUBCOMMAND")
    rules_sub.required = True
    listing = rules_sub.add_parser(
        "list",
        help="every family and its presets, one line each",
        description="Print each rule family (name: description), then one line per preset of it "
                    "with a short description (seats, game length, start score, uma...).",
    )
    listing.set_defaults(func=_cmd_rules_list)
    show = rules_sub.add_parser(
        "show",
        help="every knob of a preset, its value and its meaning",
        description="Print a preset's family, then one line per knob: its name, its value (as a log's "
                    "GO knobs attribute writes it) and one line of what it means. An unknown preset "
                    "prints the known ones and exits 2.",
    )
    show.add_argument("preset", metavar="PRESET", help="a preset name, as 'mjlog rules list' prints them")
    show.add_argument("--json", action="store_true",
                      help="print {preset, family, family_description, knobs: [{name, value, meaning, source}]} "
                           "as JSON")
    show.add_argument("--sources", action="store_true",
                      help="print where each knob comes from (a rules document's rule or words, or mjlog's choice) "
                           "in place of its meaning")
    show.set_defaults(func=_cmd_rules_show)


def _add_show_command(sub) -> None:
    """The ``show`` subcommand."""
    show = add_command(
        sub, "show",
        description=(
            "Print a game log: the rule set and players, one line per round (start scores, "
            "who won from whom with the recorded han/fu/points and yaku, or the draw and who "
            "was tenpai), then final scores and placement points. Reads every format mjlog reads: "
            "Tenhou mjlog XML (plain or gzip), tenhou.net/6 JSON, mjai JSON lines, a Beijing log in "
            "either dialect, an MCR record (PMN, Botzone, mjlog's MCR dialect). On a malformed file "
            "prints one line and exits 2."
        ),
    )
    show.add_argument("log", metavar="LOG", help="a log file (.xml, .mjlog, gzip or not, or any format mjlog reads); "
                      "FILE#k: the k-th game (from 1) of a file of several, such as a Botzone export's matches")
    show.add_argument("--json", action="store_true", help="print the intermediate representation as JSON")
    show.add_argument("--no-japanese", action="store_true", help="English yaku and draw names only")
    show.set_defaults(func=_cmd_show)


def _add_convert_command(sub) -> None:
    """The ``convert`` subcommand."""
    from mjlog.formats.writers import writers

    convert = add_command(
        sub, "convert",
        description=(
            "Read a log (Tenhou mjlog XML, plain or gzip, tenhou.net/6 JSON, mjai JSON lines; a Beijing log "
            "in either dialect; an MCR record: PMN, Botzone, mjlog's MCR dialect) and write it in another "
            "format, as UTF-8 text. 'tenhou6' is Tenhou's official JSON export (the mjlog2json flavour the "
            "tenhou.net/6 viewer reads); 'xml' is Tenhou's mjlog XML (no SHUFFLE seed when the source has "
            "none, as mjai and JSON have none); 'mjai' is the JSON-lines event stream of Mortal's libriichi, "
            "with the archives' richer hora (yakus, fu, fan, hora_points). A win whose value the source does "
            "not record (mjai's plain hora) is written to tenhou6 and xml with the value mjlog's replay "
            "derives; docs/formats/mjai.md lists what a round trip keeps and loses. 'beijing-xml' and "
            "'beijing-json' are the Beijing dialects (docs/formats/beijing.md); 'datong-xml' and 'datong-json' "
            "the Datong dialects (docs/datong.md); 'mcr-xml' and 'mcr-json' "
            "mjlog's MCR dialect (docs/formats/mcr.md). A log of another rule family than the format's, or "
            "a malformed file, prints one line and exits 2."
        ),
    )
    convert.add_argument("log", metavar="LOG", help="the log file to convert (.xml, .mjlog, .json, mjai, gzip or not)")
    convert.add_argument(
        "--to", required=True, choices=[w.name for w in writers()],
        help="the output format: " + ", ".join(f"{w.name} = {w.title} ({w.family})" for w in writers())
    )
    convert.add_argument(
        "-o", "--output", metavar="FILE", help="write to FILE instead of standard output ('-' is standard output)"
    )
    convert.set_defaults(func=_cmd_convert)


def _add_audit_command(sub) -> None:
    """The ``audit`` subcommand."""
    audit = add_command(
        sub, "audit",
        description=(
            "Replay each game under its rule set (Tenhou 4p/3p): the wall from the seed, legal "
            "play, furiten, every win's yaku/han/fu/points and payments, draws, honba and sticks, "
            "game end and placement points; MCR records (PMN, every match of a Botzone export): legal "
            "draws, flowers, claims and their priority, kongs, every win re-scored (the 8-fan minimum) "
            "and paid; Beijing logs (either dialect): the wall from the seed, the wild tile, legal play, "
            "every win's fan lines, 燒莊 and 互包 payments. Prints one line per finding (file, round, event index, "
            "severity, kind, recorded vs derived), then 'audited N games: C clean, F with findings; "
            "U unreadable logs; X errors, W warnings' (the unreadable, when any, are not counted as games). "
            "A game lists at most 100 findings (the rest counted in "
            "one line). Each game is counted once: other files of the same game "
            "(by log id, seed or hands) are listed as duplicates, with an error where they disagree. "
            "Files that are not logs are skipped and counted. Exit status: 0 no errors (warnings and "
            "notes alone exit 0), 1 any error or unreadable file (with --strict also any warning), "
            "2 usage error, including no logs to audit and a named pipe or device given as a file."
        ),
    )
    audit.add_argument("paths", nargs="+", metavar="PATH", help="log files or directories (walked recursively)")
    audit.add_argument("--jobs", "-j", type=int, default=1, help="worker processes (default 1)")
    audit.add_argument("--engine", choices=("local", "dask"), default="local",
                       help="local: this machine's process pool (default); dask: a Dask cluster, findings still "
                            "in input order (pip install 'mjlog[dask]')")
    audit.add_argument("--scheduler", metavar="ADDRESS",
                       help="with --engine dask: a scheduler's address; without it a LocalCluster of --jobs workers")
    audit.add_argument("--json", action="store_true", help="one JSON object per finding, then a summary object")
    audit.add_argument("--strict", action="store_true", help="warnings (truncated logs, unsupported rules) fail too: exit 1")
    audit.add_argument("--no-progress", action="store_true", help="no progress bar even on a terminal")
    add_rule_options(audit, "replay every log under this preset (of its family and seat count) instead of the "
                            "one its header selects; the output says the logs were replayed under rules they "
                            "do not state")
    audit.set_defaults(func=_cmd_audit)


def _add_simulate_command(sub) -> None:
    """The ``simulate`` subcommand."""
    from mjlog.rules.family import iter_presets

    playable = sorted(name for fam, name, _ in iter_presets() if fam.simulator is not None)
    simulate = add_command(
        sub, "simulate",
        description=(
            "Play games between simple bots (efficiency discards, riichi, yakuhai pon, folding "
            "against riichi) under a rule-set preset and write each as Tenhou mjlog XML named "
            "sim-<preset>-<seed>-<i>.xml. Walls come from genuine Tenhou seeds, so the logs "
            "replay and audit like real ones. Games are marked synthetic (GO title "
            "'mjlog-synthetic', lobby 9999). With a Beijing preset (beijing, beijing-ccw) the bots "
            "play Beijing mahjong (wild tiles, seven pairs, calls, 燒莊 and 互包) and each game is "
            "written in the Beijing XML dialect, marked synthetic in its GAME element. The MCR presets "
            "(mcr, mcr-duplicate) play 16-hand Chinese Official matches between bots that chase 8 fan, "
            "written in mjlog's MCR dialect XML with a seeded 144-tile wall (GO synthetic='1'). With the datong "
            "preset the bots play Datong mahjong (pung 碰 and kong 杠, declined wins, head-bumps 截胡) written in the Datong "
            "XML dialect (docs/datong.md). The same seed always gives the same files."
        ),
    )
    simulate.add_argument("--games", "-n", type=int, required=True, metavar="N", help="number of games to play")
    simulate.add_argument(
        "--rules", required=True, choices=playable, metavar="PRESET",
        help=f"rule-set preset: {', '.join(playable)}",
    )
    simulate.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the whole run (default 0)")
    simulate.add_argument(
        "-o", "--output", default=".", metavar="DIR", help="directory to write the games to (default: current)"
    )
    simulate.add_argument("--jobs", "-j", type=int, default=1, metavar="N",
                          help="processes that play games (default 1); the files are the same bytes either way")
    simulate.add_argument("--no-progress", action="store_true", help="no progress bar even on a terminal")
    add_knob_option(simulate)
    simulate.set_defaults(func=_cmd_simulate)


def _adder(where: str) -> Callable:
    module, name = where.split(":")
    return getattr(importlib.import_module(module), name)


def _commands_needed(argv: Sequence[str]) -> list[str] | None:
    """The commands whose whole parsers ``argv`` can reach: none when it starts with ``--version``
    (which answers before a command is read), the command it names (its first word that is not an
    option: the top-level options take no value); None when it names none, as ``--help``, no word or
    a word that is no command: then each command's summary is all the parser needs."""
    options = list(itertools.takewhile(lambda a: a.startswith("-"), argv))
    if options[:1] == ["--version"]:
        return []
    named = argv[len(options)] if len(options) < len(argv) else None
    if named in COMMANDS and not options:
        return [named]
    return None


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The ``mjlog`` parser. Given the arguments it will parse, it holds only the parsers they can reach
    (that of the command they name, whole, its ``--help`` the same; for ``--help`` or no command, each
    command's summary, :func:`~mjlog.cli.commands.add_summary`); without them, every command's."""
    parser = argparse.ArgumentParser(
        prog="mjlog",
        description=("Read, replay, audit and analyse mahjong game logs of three rule families: Tenhou "
                     "riichi (4 and 3 players), Beijing mahjong and Chinese Official (MCR); score hands "
                     "under each."),
        epilog="Run 'mjlog COMMAND --help' for a command's options.",
    )
    from mjlog import accel

    helpers = "on" if accel.ACTIVE else f"off, {accel.REASON}"
    parser.add_argument("--version", action="version", version=f"mjlog {__version__} (compiled helpers: {helpers})")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    names = list(COMMANDS) if argv is None else _commands_needed(argv)
    if names is None:
        for name in COMMANDS:
            add_summary(sub, name)
    else:
        for where in dict.fromkeys(COMMANDS[name].adder for name in names):
            _adder(where)(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    args = build_parser(argv).parse_args(argv)
    try:
        with printable_warnings():
            return args.func(args)
    except BrokenPipeError:  # e.g. `mjlog show x | head`
        return EXIT_OK
    except KeyboardInterrupt:
        print("mjlog: interrupted", file=sys.stderr)
        return 130


def run() -> NoReturn:
    """The ``mjlog`` script and ``python -m mjlog``: :func:`main` on the command line, then the end of
    the process with its exit status (:func:`end_process`)."""
    try:
        status = main()
    except SystemExit as stop:   # --help, --version and usage errors: argparse exits
        if stop.code is not None and not isinstance(stop.code, int):
            raise
        status = stop.code or 0
    end_process(status)


def end_process(status: int) -> NoReturn:
    """End the process with ``status`` as Python's own exit does, less its teardown, which frees every
    object one by one (39 M of the 670 M instructions of a one-file audit): threads that are not daemons
    are waited for (Python's exit then does it all), exit handlers run (temporary files, process pools),
    then the standard streams are flushed; one that cannot be (a reader that closed its pipe) is left."""
    threading = sys.modules.get("threading")   # never imported: no thread was started with it
    if threading is not None and any(t.is_alive() and not t.daemon and t is not threading.main_thread()
                                     for t in threading.enumerate()):
        sys.exit(status)
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):   # a closed pipe or stream: what it held cannot be written anywhere
            pass
    os._exit(status)

