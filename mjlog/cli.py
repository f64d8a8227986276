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
from mjlog.text import json_printable, printable, printable_lines, xml_printable

from mjlog.cli_common import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, missing_path
from mjlog.cli_common import fail as _fail
from mjlog.cli_dataset import add_build_command, is_dataset


def _open_store(path: str, read_only: bool = False):
    """The store at ``path``, or None after a one-line error (another process holds it, not a database)."""
    from mjlog.store import Store, StoreBusyError

    try:
        return Store(path, read_only=read_only)
    except FileNotFoundError:
        _fail(f"no such database: {path}")
    except StoreBusyError as exc:
        _fail(str(exc))
    except Exception as exc:  # noqa: BLE001 - a file that is not a DuckDB database, a newer schema
        _fail(f"cannot open {path}: {exc}")
    return None


def _cmd_show(args: argparse.Namespace) -> int:
    from mjlog.ir_json import dumps
    from mjlog.report import format_game

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

    from mjlog.batch_audit import FileAudit, audit_sources

    if missing_path(args.paths):
        return EXIT_USAGE
    if args.jobs < 1:
        return _fail("--jobs must be at least 1")

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
                               scheduler=args.scheduler, keep=False)
    except RuntimeError as exc:  # the dask extra is not installed
        print(f"mjlog: {exc}", file=sys.stderr)
        return EXIT_USAGE
    if not report.games:
        print(f"mjlog: no logs to audit in {', '.join(args.paths)}"
              + (f" ({report.skipped} file{'s' if report.skipped != 1 else ''} skipped: not a log)"
                 if report.skipped else ""), file=sys.stderr)
        return EXIT_USAGE
    print(json.dumps(report.to_dict()) if args.json else report.summary())
    return EXIT_FINDINGS if report.failed(strict=args.strict) else EXIT_OK


def read_log_or_report(path: str):
    """The game ``path`` names (``FILE`` or ``FILE#k``, the k-th game of a file of several), or None
    after printing its one-line error (``mjlog: FILE: what at WHERE``). Of a file of several games it
    says on standard error which one it read and how many there are."""
    from mjlog.reader import read_chosen_game

    try:
        chosen = read_chosen_game(path)
    except MalformedLogError as exc:
        _fail(str(exc))
        return None
    if chosen.count > 1:
        file = printable(chosen.path)
        print(f"mjlog: {file} holds {chosen.count} games; this is #{chosen.number} (name {file}#k for the k-th)",
              file=sys.stderr)
    return chosen.log


def write_text_or_report(path: str, text: str) -> bool:
    """Write ``text`` to ``path``; False after printing why it could not be written."""
    try:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
    except OSError as exc:
        _fail(f"cannot write {path}: {exc.strerror or exc}")
        return False
    return True


def _convert_text(log, target: str) -> str:
    """``log`` written as ``target`` (tenhou6 riichi, beijing-* Beijing, mcr-* MCR)."""
    if target in ("tenhou6", "xml", "mjai"):
        from mjlog.formats.derived_values import with_derived_win_values
        from mjlog.formats.mjai_write import dumps_mjai
        from mjlog.formats.tenhou_json import dumps_tenhou6
        from mjlog.formats.tenhou_xml_write import dumps_xml

        if target == "mjai":
            return dumps_mjai(log).rstrip("\n")
        if target == "xml":
            return dumps_xml(with_derived_win_values(log))
        return json_printable(dumps_tenhou6(with_derived_win_values(log)))
    from mjlog.formats.beijing_json import write_beijing_json
    from mjlog.formats.beijing_xml import write_beijing_xml

    if target == "beijing-xml":
        return xml_printable(write_beijing_xml(log).decode("utf-8").rstrip("\n"))
    if target == "beijing-json":
        return json_printable(write_beijing_json(log).decode("utf-8").rstrip("\n"))
    from mjlog.formats.mcr_json import write_json
    from mjlog.formats.mcr_xml import write_xml

    return (write_xml(log) if target == "mcr-xml" else write_json(log)).decode("utf-8").rstrip("\n")


#: The family whose logs each output format of ``mjlog convert`` holds.
CONVERT_FAMILY = {"tenhou6": "riichi", "xml": "riichi", "mjai": "riichi", "beijing-xml": "beijing", "beijing-json": "beijing",
                  "mcr-xml": "mcr", "mcr-json": "mcr"}


def _cmd_convert(args: argparse.Namespace) -> int:
    log = read_log_or_report(args.log)
    if log is None:
        return EXIT_USAGE
    if log.family != CONVERT_FAMILY[args.to]:
        print(f"mjlog: {printable(args.log)}: a {log.family} log cannot be written as {args.to} "
              f"(a {CONVERT_FAMILY[args.to]} format)", file=sys.stderr)
        return EXIT_USAGE
    text = _convert_text(log, args.to)
    if args.output in (None, "-"):
        print(text)
        return EXIT_OK
    return EXIT_OK if write_text_or_report(args.output, text + "\n") else EXIT_USAGE


def _cmd_simulate(args: argparse.Namespace) -> int:
    from mjlog.rules.family import find_preset
    from mjlog.simulate import simulate

    if args.games < 0 or args.jobs < 1:
        print("mjlog: --games must be 0 or more and --jobs at least 1", file=sys.stderr)
        return EXIT_USAGE
    try:
        paths = simulate(args.games, find_preset(args.rules), args.seed, args.output, progress=not args.no_progress,
                         jobs=args.jobs)
    except OSError as exc:
        print(f"mjlog: cannot write to {args.output}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_USAGE
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
            "\n".join(show_lines(args.preset))
    except UnknownRulesError as exc:
        print(f"mjlog: {exc}", file=sys.stderr)
        return EXIT_USAGE
    print(text)
    return EXIT_OK


def _add_rules_command(sub) -> None:
    rules = sub.add_parser(
        "rules",
        help="the rule families and their presets, and each preset's knobs",
        description="The rule families mjlog knows (riichi, and any family registered since), their "
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
                      help="print {preset, family, family_description, knobs: [{name, value, meaning}]} as JSON")
    show.set_defaults(func=_cmd_rules_show)


def _cmd_schemes_table(args: argparse.Namespace) -> int:
    from mjlog.rules.riichi.points import LIMIT_BASIC_BY_NAME, basic_points, limit_of
    from mjlog.rules.riichi.sanma_schemes import scheme_table

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
    print("\n".join(scheme_table(basic)))
    return EXIT_OK


def _cmd_ingest(args: argparse.Namespace) -> int:
    if missing_path(args.paths):
        return EXIT_USAGE
    if args.jobs < 1 or args.batch < 1:
        return _fail("--jobs and --batch must be at least 1")
    progress = sys.stderr.isatty() and not args.no_progress
    datasets = [p for p in args.paths if is_dataset(p)]
    logs = [p for p in args.paths if p not in datasets]
    unreadable = 0
    store = _open_store(args.db)
    if store is None:
        return EXIT_USAGE
    with store:
        for d in datasets:
            summary = store.load_dataset(d)  # a built dataset: a bulk load of its Parquet
            print(f"{d}: {summary.line()}")
            unreadable += summary.unreadable
        if logs:
            summary = store.ingest(logs, jobs=args.jobs, progress=progress, batch=args.batch)
            print(summary.line())
            unreadable += summary.unreadable
    return EXIT_FINDINGS if unreadable else EXIT_OK


def _open_store_read_only(path: str):
    return _open_store(path, read_only=True)


def _open_source(args: argparse.Namespace):
    """The store named by ``--db`` (read-only) or the built dataset named by ``--dataset``."""
    if getattr(args, "dataset", None):
        from mjlog.store import Store

        try:
            return Store.open_dataset(args.dataset)
        except ValueError as exc:
            print(f"mjlog: {exc}", file=sys.stderr)
            return None
    return _open_store_read_only(args.db)


def _cmd_query(args: argparse.Namespace) -> int:
    import polars as pl

    store = _open_source(args)
    if store is None:
        return EXIT_USAGE
    with store:
        try:
            frame = store.sql(args.sql)
        except Exception as exc:  # noqa: BLE001 - DuckDB's parser/binder/catalog errors
            print(f"mjlog: query failed: {exc}", file=sys.stderr)
            return EXIT_USAGE
    try:
        if args.csv:
            frame.write_csv(args.csv)
        if args.parquet:
            frame.write_parquet(args.parquet)
    except OSError as exc:
        print(f"mjlog: cannot write: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_USAGE
    if not (args.csv or args.parquet) or args.print:
        with pl.Config(tbl_rows=args.max_rows, tbl_cols=-1, fmt_str_lengths=60, tbl_width_chars=200):
            print(printable_lines(str(frame)))  # names in the rows may hold terminal escapes
    return EXIT_OK


def _cmd_export(args: argparse.Namespace) -> int:
    store = _open_store_read_only(args.db)
    if store is None:
        return EXIT_USAGE
    with store:
        try:
            written = store.export(args.out)
        except OSError as exc:
            print(f"mjlog: cannot write to {args.out}: {exc.strerror or exc}", file=sys.stderr)
            return EXIT_USAGE
    print(f"exported {len(written)} tables to {args.out}")
    return EXIT_OK


def _add_store_commands(sub) -> None:
    """The ``ingest``, ``query`` and ``export`` subcommands (the DuckDB store)."""
    ingest = sub.add_parser(
        "ingest",
        help="read, replay and store logs in a DuckDB file",
        description=(
            "Read each log (Tenhou XML or JSON, gzip or not), replay it and store the game in a "
            "DuckDB file: games, players, rounds, events, wins, win_items, payments, draws, findings "
            "(see docs/schema.md). A game is keyed by its Tenhou log id, else a hash of the file, so "
            "ingesting a file twice changes nothing; a second file of a stored game (the JSON of an "
            "XML game) is listed in 'sources' as an alternate. Whole games are written in "
            "transactions, so an interrupted ingest leaves no half game. Unreadable files are "
            "recorded in 'unreadable' and the rest goes on. Prints a summary line. Exit status: 0, "
            "1 when some file was unreadable, 2 usage error (a missing path, a named pipe or device "
            "given as a file, a database another process holds)."
        ),
    )
    ingest.add_argument("paths", nargs="+", metavar="PATH", help="log files or directories (walked recursively)")
    ingest.add_argument("--db", required=True, metavar="FILE", help="the DuckDB file (created when missing)")
    ingest.add_argument("--jobs", "-j", type=int, default=1, metavar="N",
                        help="worker processes that read and replay, 32 games per task (default 1); this process writes")
    ingest.add_argument("--batch", type=int, default=256, metavar="N",  # = mjlog.store.DEFAULT_BATCH (no duckdb import here)
                        help="games per transaction (default %(default)s; 1 = one transaction per game)")
    ingest.add_argument("--no-progress", action="store_true", help="no progress bar even on a terminal")
    ingest.set_defaults(func=_cmd_ingest)

    query = sub.add_parser(
        "query",
        help="run SQL on a store and print the result",
        description=(
            "Run one SQL query (DuckDB dialect) on a store opened read-only and print the result as "
            "a Polars frame, or write it with --csv/--parquet. Tables and views are described in "
            "docs/schema.md; macros tile_kind(t), tile_mpsz(t), tiles_mpsz(list) name tiles. "
            "Exit status: 0, 2 on a missing database or a failing query."
        ),
    )
    where = query.add_mutually_exclusive_group(required=True)
    where.add_argument("--db", metavar="FILE", help="the DuckDB file written by 'mjlog ingest'")
    where.add_argument("--dataset", metavar="DIR",
                       help="a dataset written by 'mjlog build', queried in place (the same tables and views)")
    query.add_argument("sql", metavar="SQL", help="the query, e.g. \"SELECT rule_set, count(*) FROM games GROUP BY 1\"")
    query.add_argument("--csv", metavar="FILE", help="write the result to FILE as CSV (instead of printing)")
    query.add_argument("--parquet", metavar="FILE", help="write the result to FILE as Parquet (instead of printing)")
    query.add_argument("--print", action="store_true", help="print the frame even when writing a file")
    query.add_argument("--max-rows", type=int, default=25, metavar="N", help="rows to print (default 25; -1 all)")
    query.set_defaults(func=_cmd_query)

    export = sub.add_parser(
        "export",
        help="export a store as Parquet partitioned by rule set and game date",
        description=(
            "Write every table of a store as Parquet under DIR: the game tables hive-partitioned as "
            "DIR/TABLE/rule_set=R/game_date=D/*.parquet (games without a date under "
            "game_date=__HIVE_DEFAULT_PARTITION__), 'unreadable' and 'yaku' as DIR/TABLE.parquet. "
            "DuckDB (read_parquet('DIR/wins/**/*.parquet', hive_partitioning=true)), Polars "
            "(pl.read_parquet('DIR/wins/')) and Spark read them in place. Existing exports of the "
            "same tables are replaced."
        ),
    )
    export.add_argument("--db", required=True, metavar="FILE", help="the DuckDB file written by 'mjlog ingest'")
    export.add_argument("--out", required=True, metavar="DIR", help="the directory to write (created when missing)")
    export.set_defaults(func=_cmd_export)


def _cmd_schemes_compare(args: argparse.Namespace) -> int:
    import os

    import polars as pl

    from mjlog.schemes_compare import compare_store, sensitivity

    if not os.path.exists(args.db):
        return _fail(f"no such database: {args.db}")
    store = _open_store(args.db)
    if store is None:
        return EXIT_USAGE
    skipped: list[str] = []
    with store:
        summary, _ = compare_store(store, skipped=skipped)
    for line in skipped:
        print(printable(f"skipped: {line}"), file=sys.stderr)
    if summary.is_empty():
        print("no complete three-player games in the database")
        return EXIT_OK
    groups = dict(summary.filter(pl.col("scheme") == summary["scheme"][0]).select("group", "games").iter_rows())
    print("Every stored sanma game re-paid under each scheme. The hands are kept as played: a scheme")
    print("changes payments, not play. Every scheme is compared on the same games. A game whose end")
    print("would move under some scheme (a bust that appears or disappears, an all-last stop that flips)")
    print("is 'flipped': it is kept as played, shown as its own group, and the sensitivity table says how")
    print(f"much the figures depend on it. Games: {groups.get('stable', 0)} stable, {groups.get('flipped', 0)} "
          f"flipped under at least one scheme, {groups.get('all', 0)} in all.")
    print("Per-seat results are in the table scheme_results.")
    with pl.Config(tbl_rows=-1, tbl_cols=-1, tbl_width_chars=220, tbl_hide_dataframe_shape=True,
                   float_precision=3):
        for group, title in (("stable", "games that end where they did under every scheme"),
                             ("flipped", "games that would end elsewhere under at least one scheme, kept as played"),
                             ("all", "all games, the flipped ones kept as played")):
            print(f"== {group}: {title}")
            print(summary.filter(pl.col("group") == group).drop("group"))
        print("== sensitivity: the change figures on the stable games, on all, and on the flipped ones alone")
        print(sensitivity(summary))
    if args.csv:
        summary.write_csv(args.csv)
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mjlog",
        description=("Read, replay, audit and analyse mahjong game logs (Tenhou riichi, 4 and 3 players); "
                     "score hands under riichi, Beijing and Chinese Official rules."),
        epilog="Run 'mjlog COMMAND --help' for a command's options.",
    )
    from mjlog import accel

    helpers = "on" if accel.ACTIVE else f"off, {accel.REASON}"
    parser.add_argument("--version", action="version", version=f"mjlog {__version__} (compiled helpers: {helpers})")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    show = sub.add_parser(
        "show",
        help="print a log: header, one line per round, final result",
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

    schemes = sub.add_parser(
        "schemes",
        help="three-player payment schemes: the table of payments, and comparisons",
        description="Three-player (sanma) tsumo payment schemes from the rules documents.",
    )
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
    table.set_defaults(func=_cmd_schemes_table)
    compare = schemes_sub.add_parser(
        "compare",
        help="re-pay every stored sanma game under each scheme and compare",
        description=(
            "Re-pay every three-player win of the games in the database under each of the eight "
            "schemes, keeping the play. Per scheme: points moved by tsumo, mean tsumo value for "
            "dealer and non-dealer, how often the winner and each seat's placement change, "
            "placement-point changes and final-score variance. Every scheme is compared on the same "
            "games: those that end where they did under every scheme, those whose end would flip under "
            "some scheme (kept as played, as their own group), and all; a sensitivity table shows how "
            "the figures move with the flipped games. The per-seat results are stored in the table "
            "scheme_results. A game that cannot "
            "be re-paid is left out with a 'skipped:' line on standard error."
        ),
    )
    compare.add_argument("--db", required=True, metavar="FILE", help="a database made by 'mjlog ingest'")
    compare.add_argument("--csv", metavar="FILE", help="also write the summary as CSV")
    compare.set_defaults(func=_cmd_schemes_compare)

    convert = sub.add_parser(
        "convert",
        help="convert a log to another format (tenhou.net/6 JSON, Tenhou XML, mjai; the Beijing and MCR dialects)",
        description=(
            "Read a log (Tenhou mjlog XML, plain or gzip, tenhou.net/6 JSON, mjai JSON lines; a Beijing log "
            "in either dialect; an MCR record: PMN, Botzone, mjlog's MCR dialect) and write it in another "
            "format, as UTF-8 text. 'tenhou6' is Tenhou's official JSON export (the mjlog2json flavour the "
            "tenhou.net/6 viewer reads); 'xml' is Tenhou's mjlog XML (no SHUFFLE seed when the source has "
            "none, as mjai and JSON have none); 'mjai' is the JSON-lines event stream of Mortal's libriichi, "
            "with the archives' richer hora (yakus, fu, fan, hora_points). A win whose value the source does "
            "not record (mjai's plain hora) is written to tenhou6 and xml with the value mjlog's replay "
            "derives; docs/formats/mjai.md lists what a round trip keeps and loses. 'beijing-xml' and "
            "'beijing-json' are the Beijing dialects (docs/formats/beijing.md); 'mcr-xml' and 'mcr-json' "
            "mjlog's MCR dialect (docs/formats/mcr.md). A log of another rule family than the format's, or "
            "a malformed file, prints one line and exits 2."
        ),
    )
    convert.add_argument("log", metavar="LOG", help="the log file to convert (.xml, .mjlog, .json, mjai, gzip or not)")
    convert.add_argument(
        "--to", required=True, choices=list(CONVERT_FAMILY),
        help="the output format: tenhou6 = tenhou.net/6 JSON, xml = Tenhou mjlog XML, mjai = mjai JSON lines "
             "(riichi); beijing-xml, beijing-json (Beijing); mcr-xml, mcr-json (MCR)"
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
            "game end and placement points; MCR records (PMN, every match of a Botzone export): legal "
            "draws, flowers, claims and their priority, kongs, every win re-scored (the 8-fan minimum) "
            "and paid. Prints one line per finding (file, round, event index, "
            "severity, kind, recorded vs derived), then 'audited N games: C clean, F with findings, E "
            "unreadable; X errors, W warnings'. A game lists at most 100 findings (the rest counted in "
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
    audit.set_defaults(func=_cmd_audit)

    from mjlog.rules.family import Family, iter_presets

    playable = sorted(name for fam, name, _ in iter_presets() if type(fam).simulate_game is not Family.simulate_game)
    simulate = sub.add_parser(
        "simulate",
        help="generate self-play games between simple bots as Tenhou mjlog XML (MCR: mjlog's MCR dialect)",
        description=(
            "Play games between simple bots (efficiency discards, riichi, yakuhai pon, folding "
            "against riichi) under a rule-set preset and write each as Tenhou mjlog XML named "
            "sim-<preset>-<seed>-<i>.xml. Walls come from genuine Tenhou seeds, so the logs "
            "replay and audit like real ones. Games are marked synthetic (GO title "
            "'mjlog-synthetic', lobby 9999). With a Beijing preset (beijing, beijing-ccw) the bots "
            "play Beijing mahjong (wild tiles, seven pairs, calls, 燒莊 and 互包) and each game is "
            "written in the Beijing XML dialect, marked synthetic in its GAME element. The MCR presets "
            "(mcr, mcr-duplicate) play 16-hand Chinese Official matches between bots that chase 8 fan, "
            "written in mjlog's MCR dialect XML with a seeded 144-tile wall (GO synthetic='1'). The same "
            "seed always gives the same files."
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
    simulate.set_defaults(func=_cmd_simulate)
    _add_store_commands(sub)
    add_build_command(sub)
    from mjlog.stats_cli import add_stats_command

    add_stats_command(sub)
    _add_rules_command(sub)
    from mjlog.fetch_cli import add_fetch_command

    add_fetch_command(sub)
    from mjlog.view.command import add_view_command

    add_view_command(sub)
    from mjlog.score_cli import add_score_command

    add_score_command(sub)
    from mjlog.whatif_cli import add_whatif_command

    add_whatif_command(sub)
    from mjlog.plot import add_plot_command

    add_plot_command(sub)
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
