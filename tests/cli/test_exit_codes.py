"""The same exit code for the same situation in every command (the table in docs/commands.md):
0 done and clean, 1 the data has problems (findings that are errors, unreadable logs), 2 bad usage
or input the command cannot work on (no such path, no logs at all, a malformed file given alone)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from mjlog.cli import main
from mjlog.cli.common import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE

SAMPLE = Path(__file__).resolve().parents[2] / "data" / "sample"
GOOD = next(SAMPLE.glob("*4p*.xml"))

#: The commands that read many logs: each one's arguments for an input path, given the output's place.
BATCH = {
    "audit": lambda inp, out: ["audit", "--no-progress", str(inp)],
    "ingest": lambda inp, out: ["ingest", "--no-progress", "--db", str(out / "s.duckdb"), str(inp)],
    "build": lambda inp, out: ["build", "--no-progress", "--out", str(out / "dataset"), str(inp)],
}

#: The commands that read one log.
SINGLE = {
    "show": lambda log, out: ["show", str(log)],
    "convert": lambda log, out: ["convert", str(log), "--to", "mjai"],
    "view": lambda log, out: ["view", str(log), "-o", str(out / "page.html")],
    "plot": lambda log, out: ["plot", str(log), "-o", str(out / "chart.svg")],
}

#: The commands that read a store.
STORE_READERS = {
    "stats": ["stats"],
    "query": ["query", "SELECT 1"],
    "export": ["export", "--out", "exported"],
    "whatif": ["whatif", "--local-yaku", "sanrenkou"],
    "schemes compare": ["schemes", "compare"],
}


def _folder(tmp_path: Path, situation: str) -> Path:
    """A folder of logs in one of the situations the batch commands meet."""
    d = tmp_path / "in"
    d.mkdir()
    if situation in ("clean", "unreadable"):
        shutil.copy(GOOD, d / GOOD.name)
    if situation == "unreadable":
        (d / "broken.xml").write_bytes(b"<mjloggm")
    if situation == "only_not_logs":
        (d / "readme.txt").write_text("my logs\n")
        (d / "vectors.json").write_text('{"description": "test data", "vectors": []}')
    return d


@pytest.mark.parametrize("command", sorted(BATCH))
@pytest.mark.parametrize(("situation", "code"), [
    ("clean", EXIT_OK),
    ("unreadable", EXIT_FINDINGS),
    ("empty", EXIT_USAGE),
    ("only_not_logs", EXIT_USAGE),
    ("no_such_path", EXIT_USAGE),
])
def test_a_batch_command_exits_the_same_as_the_others_in_each_situation(tmp_path, capsys, command, situation, code):
    inp = tmp_path / "missing" if situation == "no_such_path" else _folder(tmp_path, situation)
    assert main(BATCH[command](inp, tmp_path)) == code
    err = capsys.readouterr().err
    if situation in ("empty", "only_not_logs"):
        assert f"no logs to {command} in " in err
    if situation == "only_not_logs":
        assert "(2 files skipped: not a log)" in err


@pytest.mark.parametrize("command", sorted(BATCH))
def test_no_logs_to_ingest_or_build_leaves_no_store_behind(tmp_path, command):
    assert main(BATCH[command](_folder(tmp_path, "empty"), tmp_path)) == EXIT_USAGE
    assert not (tmp_path / "s.duckdb").exists() and not (tmp_path / "dataset").exists()


def test_no_logs_to_fetch_is_a_usage_error_as_no_logs_to_audit(tmp_path, capsys):
    (tmp_path / "ids.txt").write_text("# no ids yet\n")
    assert main(["fetch", "--no-progress", "--list", str(tmp_path / "ids.txt"), "-o", str(tmp_path / "out")]) == EXIT_USAGE
    assert "no logs to fetch (0 ids found)" in capsys.readouterr().err


@pytest.mark.parametrize("command", sorted(SINGLE))
@pytest.mark.parametrize(("situation", "code"), [("clean", EXIT_OK), ("malformed", EXIT_USAGE),
                                                  ("no_such_path", EXIT_USAGE)])
def test_a_single_log_command_exits_the_same_as_the_others_in_each_situation(tmp_path, capsys, command, situation,
                                                                           code):
    log = {"clean": GOOD, "malformed": tmp_path / "broken.xml", "no_such_path": tmp_path / "missing.xml"}[situation]
    if situation == "malformed":
        log.write_bytes(b"<mjloggm")
    assert main(SINGLE[command](log, tmp_path)) == code
    if code == EXIT_USAGE:
        assert capsys.readouterr().err.startswith("mjlog: ")


@pytest.mark.parametrize("command", sorted(STORE_READERS))
def test_a_store_command_on_no_such_database_is_a_usage_error(tmp_path, capsys, command):
    *words, = STORE_READERS[command]
    assert main([*words, "--db", str(tmp_path / "missing.duckdb")]) == EXIT_USAGE
    assert "no such database" in capsys.readouterr().err


@pytest.mark.parametrize("command", [*sorted(BATCH), *sorted(SINGLE), "stats", "fetch", "score"])
def test_an_unknown_option_is_a_usage_error_in_every_command(command):
    with pytest.raises(SystemExit) as info:
        main([*command.split(), "--no-such-option"])
    assert info.value.code == EXIT_USAGE
