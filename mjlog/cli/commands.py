"""The commands of ``mjlog``: each one's line in ``mjlog --help`` and where its parser is added.

A command's module is imported only when its parser is built, so that one command does not load
what another uses (polars, DuckDB, HTTP); ``mjlog --help`` builds none of them, only the list.

>>> COMMANDS["audit"].summary
'replay logs and report every place where a log and the rules disagree'
"""

from __future__ import annotations

import argparse
from typing import NamedTuple


class Command(NamedTuple):
    """One ``mjlog`` command."""

    #: ``module:function`` that adds the command's parser to the subparsers (a module of the
    #: package's own functions is ``mjlog.cli``); one function may add several commands
    adder: str
    #: its line in ``mjlog --help``
    summary: str


#: Every command, in the order ``mjlog --help`` lists them.
COMMANDS: dict[str, Command] = {
    "show": Command("mjlog.cli:_add_show_command", "print a log: header, one line per round, final result"),
    "schemes": Command("mjlog.cli.schemes:add_schemes_command",
                       "three-player payment schemes: the table of payments, and comparisons"),
    "convert": Command("mjlog.cli:_add_convert_command",
                       "convert a log to another format (tenhou.net/6 JSON, Tenhou XML, mjai; the Beijing and MCR "
                       "dialects)"),
    "audit": Command("mjlog.cli:_add_audit_command",
                     "replay logs and report every place where a log and the rules disagree"),
    "simulate": Command("mjlog.cli:_add_simulate_command",
                        "generate self-play games between simple bots (riichi as Tenhou XML; Beijing, MCR and Datong "
                        "in their dialects)"),
    "experiment": Command("mjlog.cli.experiment:add_experiment_command",
                          "play the same seeds under each value of some knobs and compare in pairs"),
    "ingest": Command("mjlog.cli.store:add_store_commands", "read, replay and store logs in a DuckDB file"),
    "query": Command("mjlog.cli.store:add_store_commands", "run SQL on a store and print the result"),
    "export": Command("mjlog.cli.store:add_store_commands",
                      "export a store as Parquet partitioned by rule set and game date"),
    "build": Command("mjlog.cli.build:add_build_command",
                     "read, replay and write logs as a Parquet dataset, on many cores or a Dask cluster"),
    "stats": Command("mjlog.cli.stats:add_stats_command",
                     "print the stat sheet of a store, or one player's sheet beside the population's"),
    "rules": Command("mjlog.cli:_add_rules_command", "the rule families and their presets, and each preset's knobs"),
    "fetch": Command("mjlog.cli.fetch:add_fetch_command", "download Tenhou logs by id, id list or archive index"),
    "view": Command("mjlog.cli.view:add_view_command", "write one game as a self-contained HTML page to step through"),
    "score": Command("mjlog.cli.score:add_score_command",
                     "score one hand under any family's rules: fan or yaku lines, total, payments"),
    "whatif": Command("mjlog.cli.whatif:add_whatif_command",
                      "re-score a store's recorded winning hands with local yaku switched on"),
    "plot": Command("mjlog.cli.plot:add_plot_command",
                    "draw a game's scores hand by hand, with wins, deal-ins and draws marked (PNG or SVG)"),
}


def add_command(sub, name: str, **options) -> argparse.ArgumentParser:
    """The parser of command ``name`` added to the subparsers ``sub``, its summary as its help;
    ``options`` as :meth:`argparse.ArgumentParser` takes them (``description``...)."""
    return sub.add_parser(name, help=COMMANDS[name].summary, **options)


def add_summary(sub, name: str) -> argparse.ArgumentParser:
    """A stand-in for command ``name`` in ``sub``, for arguments that name no command (``--help``, none,
    a word that is no command): its summary, and no options of its own; it takes the words after it,
    so that a usage error names what was wrong before them. It is never run: the top-level options
    (``--help``, ``--version``) end the run, and anything else before a command is a usage error."""
    stand_in = sub.add_parser(name, help=COMMANDS[name].summary, add_help=False)
    stand_in.add_argument("rest", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    return stand_in
