"""Start-up: a command imports only what it uses, and its parser, built alone, is the same as in the whole."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from mjlog.cli import COMMANDS, build_parser
from tests.support.xmlbuild import simple_game4

#: Modules that cost start-up time and that none of the commands below uses (the store's, the
#: statistics', the charts', the fetcher's).
HEAVY = ("polars", "duckdb", "pyarrow", "matplotlib", "http.client", "email")

_LOADED = """
import json, sys
from mjlog.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print(json.dumps(sorted(m for m in {heavy} if m in sys.modules)), file=sys.stderr)
"""


def heavy_modules_after(*args: str, heavy: tuple[str, ...] = HEAVY) -> list[str]:
    """The modules of ``heavy`` loaded once ``mjlog ARGS`` has run, in a fresh interpreter."""
    done = subprocess.run([sys.executable, "-c", _LOADED.format(heavy=heavy), *args], capture_output=True,
                          text=True, timeout=120)
    return json.loads(done.stderr.strip().splitlines()[-1])


@pytest.mark.parametrize("command", [
    ["--version"],
    ["audit", "--no-progress", "{log}"],
    ["audit", "--json", "--no-progress", "{log}"],
    ["show", "{log}"],
    ["convert", "--to", "tenhou6", "{log}"],
    ["convert", "--to", "mjai", "{log}"],
    ["score", "123m456p789s11z222z", "--rules", "tenhou-4p-south", "--tsumo"],
    ["audit", "--help"],
    ["--help"],
    [],
    ["no-such-command"],
])
def test_a_command_loads_no_heavy_module_it_does_not_use(tmp_path, command):
    log = tmp_path / "g.xml"
    log.write_bytes(simple_game4())
    assert heavy_modules_after(*(a.format(log=log) for a in command)) == []


#: Modules the audit of one Tenhou log has no use for: lxml (the compiled scanner reads the file), SQLite
#: (the duplicates' index is opened only when a game is looked up, and one file's game never is).
NOT_FOR_ONE_LOG = ("lxml", "lxml.etree", "sqlite3")


def test_the_audit_of_one_log_loads_neither_lxml_nor_sqlite(tmp_path):
    from mjlog import accel

    log = tmp_path / "g.xml"
    log.write_bytes(simple_game4())
    assert heavy_modules_after("--version", heavy=NOT_FOR_ONE_LOG) == []
    expected = [] if accel.ACTIVE else ["lxml", "lxml.etree"]   # without the scanner lxml parses the log
    assert heavy_modules_after("audit", "--no-progress", str(log), heavy=NOT_FOR_ONE_LOG) == expected
    # two files are looked up in the index, and a malformed one is parsed by lxml to say where it is wrong
    (tmp_path / "h.xml").write_bytes(simple_game4()[:200])
    assert heavy_modules_after("audit", "--no-progress", str(tmp_path), heavy=NOT_FOR_ONE_LOG) == \
        sorted(NOT_FOR_ONE_LOG)


#: Modules of the riichi family an audit has no use for: the store's facts (a lazy part of the family),
#: and difflib (only a misspelt knob's "did you mean").
NOT_FOR_AN_AUDIT = ("mjlog.rules.riichi.store_facts", "difflib")


def test_an_audit_loads_neither_the_store_facts_nor_difflib(tmp_path):
    log = tmp_path / "g.xml"
    log.write_bytes(simple_game4())
    assert heavy_modules_after("audit", "--no-progress", str(log), heavy=NOT_FOR_AN_AUDIT) == []
    assert heavy_modules_after("audit", "--no-progress", "--knob", "kirage_mangan=True", str(log),
                               heavy=NOT_FOR_AN_AUDIT) == ["difflib"]


#: The rule families a riichi log's audit has no use for.
OTHER_FAMILIES = ("mjlog.rules.mcr.family", "mjlog.rules.beijing.family", "mjlog.rules.datong.family")


def test_an_audit_without_rules_or_knobs_loads_no_other_family(tmp_path):
    log = tmp_path / "g.xml"
    log.write_bytes(simple_game4())
    assert heavy_modules_after("audit", "--no-progress", str(log), heavy=OTHER_FAMILIES) == []
    # a knob is checked against every preset that has it, so there they all load
    assert heavy_modules_after("audit", "--no-progress", "--knob", "kiriage_mangan=True", str(log),
                               heavy=OTHER_FAMILIES) == sorted(OTHER_FAMILIES)


def test_ingest_and_build_load_no_polars(tmp_path):
    log = tmp_path / "g.xml"
    log.write_bytes(simple_game4())
    assert "polars" not in heavy_modules_after("ingest", "--no-progress", "--db", str(tmp_path / "s.duckdb"), str(log))
    assert "polars" not in heavy_modules_after("build", "--no-progress", "--out", str(tmp_path / "ds"), str(log))


def test_ingest_loads_no_arrow_compute_dataset_or_parquet(tmp_path):
    log = tmp_path / "g.xml"
    log.write_bytes(simple_game4())
    arrow_parts = ("pyarrow.compute", "pyarrow.dataset", "pyarrow.parquet")
    assert heavy_modules_after("ingest", "--no-progress", "--db", str(tmp_path / "s.duckdb"), str(log),
                               heavy=arrow_parts) == []


#: What reads, replays and builds rows for a store: a query of a store has no use for it.
INGEST_ONLY = ("mjlog.store.rows", "mjlog.store.dataset", "mjlog.replayer", "mjlog.formats.reader")


def test_a_query_of_a_store_loads_nothing_that_ingests(tmp_path):
    log = tmp_path / "g.xml"
    log.write_bytes(simple_game4())
    db = str(tmp_path / "s.duckdb")
    assert heavy_modules_after("ingest", "--no-progress", "--db", db, str(log), heavy=INGEST_ONLY) == \
        sorted(INGEST_ONLY[:1] + INGEST_ONLY[2:])   # an ingest reads files, not a dataset
    assert heavy_modules_after("query", "--db", db, "SELECT count(*) FROM games", heavy=INGEST_ONLY) == []


def test_the_stats_command_still_loads_what_it_uses():
    assert "polars" in heavy_modules_after("stats", "--help")


def _subparser(parser, name: str):
    sub = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    return sub.choices[name]


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_command_parser_built_alone_has_the_whole_help(name):
    whole = _subparser(build_parser(), name).format_help()
    assert _subparser(build_parser([name, "--help"]), name).format_help() == whole


def test_the_top_level_help_is_that_of_the_whole_parser():
    """``mjlog --help`` builds each command's summary alone: the same text as every parser built."""
    assert build_parser(["--help"]).format_help() == build_parser().format_help()


def test_the_top_level_help_loads_no_command_module():
    modules = tuple(where.split(":")[0] for where in {c.adder for c in COMMANDS.values()} if where.split(":")[0] != "mjlog.cli")
    assert heavy_modules_after("--help", heavy=modules) == []


@pytest.mark.parametrize("argv", [["--help"], ["--vers"], [], ["no-such-command"], ["--foo", "audit", "x"],
                                  ["-h", "audit"], ["--", "audit", "x"]])
def test_arguments_that_name_no_command_end_in_help_version_or_a_usage_error(argv, capsys):
    """Such arguments get each command's stand-in (its summary alone), never to be run: the top-level
    options are --help and --version, which end the run, and anything else is a usage error."""
    from mjlog.cli import main

    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code in (0, 2)
    assert {a.dest for a in build_parser(argv)._actions if a.option_strings} == {"help", "version"}


def test_the_top_level_help_lists_every_command():
    for argv in ([], ["--help"], ["-h", "audit"], ["no-such-command"]):
        sub = next(a for a in build_parser(argv)._actions if a.__class__.__name__ == "_SubParsersAction")
        assert sorted(sub.choices) == sorted(COMMANDS), argv

