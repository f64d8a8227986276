"""``mjlog stats`` and ``mjlog schemes compare`` print tables that fit the terminal and never split a
number: every number of their machine output (``--csv``) appears whole in the text."""

from __future__ import annotations

import json
import math

import polars as pl
import pytest

from mjlog.cli import main
from mjlog.stats.text_tables import format_number, format_table, terminal_width, wrap
from mjlog.text import display_width
from tests.support.paths import SAMPLE


@pytest.fixture(scope="module")
def sample_store(tmp_path_factory):
    """A store of the sample's riichi games (three- and four-player), and its folder."""
    folder = tmp_path_factory.mktemp("tables")
    assert main(["ingest", str(SAMPLE), "--db", str(folder / "s.duckdb"), "--no-progress"]) == 0
    return folder


def _run(folder, monkeypatch, capsys, columns: int, *args: str) -> str:
    monkeypatch.chdir(folder)
    monkeypatch.setenv("COLUMNS", str(columns))
    capsys.readouterr()
    assert main(list(args)) == 0
    return capsys.readouterr().out


def _numbers_whole(text: str, frame: pl.DataFrame, precision: int) -> list[str]:
    """The numbers of ``frame`` that do not appear as a whole word of ``text``."""
    words = set(text.split())
    missing = []
    for column in frame.columns:
        if not frame.schema[column].is_numeric():
            continue
        for value in frame[column].to_list():
            if value is None or (isinstance(value, float) and math.isnan(value)):
                continue
            shown = format_number(value, precision)
            if shown not in words:
                missing.append(f"{column}={shown}")
    return missing


@pytest.mark.parametrize("columns", [80, 120])
def test_stats_lines_fit_the_terminal_and_keep_every_number_whole(sample_store, monkeypatch, capsys, columns):
    out = _run(sample_store, monkeypatch, capsys, columns, "stats", "--db", "s.duckdb", "--include-synthetic",
               "--compare", "--compare-room", "all", "--max-rows", "-1", "--csv", f"csv{columns}")
    too_wide = [line for line in out.splitlines() if display_width(line) > columns]
    assert not too_wide, too_wide[:3]
    written = sorted((sample_store / f"csv{columns}").glob("*.csv"))
    assert {p.stem for p in written} >= {"placements", "rates", "wins", "yaku", "dealer", "phoenix_comparison"}
    for path in written:
        assert not _numbers_whole(out, pl.read_csv(path), 4), path.name


@pytest.mark.parametrize("columns", [80, 120])
def test_schemes_compare_lines_fit_the_terminal_and_keep_every_number_whole(sample_store, monkeypatch, capsys,
                                                                           columns):
    out = _run(sample_store, monkeypatch, capsys, columns, "schemes", "compare", "--db", "s.duckdb",
               "--csv", f"schemes{columns}.csv")
    too_wide = [line for line in out.splitlines() if display_width(line) > columns]
    assert not too_wide, too_wide[:3]
    summary = pl.read_csv(sample_store / f"schemes{columns}.csv")
    assert summary.height > 0
    assert not _numbers_whole(out, summary, 3)
    for name in summary["name"].unique().to_list():     # scheme names, CJK included, never cut
        assert name in out


def test_stats_json_writes_every_table_as_rows(sample_store, monkeypatch, capsys):
    _run(sample_store, monkeypatch, capsys, 100, "stats", "--db", "s.duckdb", "--include-synthetic",
         "--section", "rates", "--json", "js")
    rows = json.loads((sample_store / "js" / "rates.json").read_text(encoding="utf-8"))
    assert rows and {"rule_set", "rate", "value", "lo", "hi"} <= set(rows[0])


def test_a_table_too_wide_for_the_width_goes_long_and_then_one_block_per_row():
    frame = pl.DataFrame({"rule_set": ["tenhou-3p-south"], "count": [25277655], "value": [1.72412],
                          "lo": [1.2], "hi": [2.0], "a_long_statistic_name": [3.5], "method": ["cluster: game"]})
    for width in (40, 60, 80, 200):
        text = format_table(frame, width)
        assert all(display_width(line) <= width for line in text.splitlines()), (width, text)
        assert {"tenhou-3p-south", "25277655", "1.7241", "1.2000", "2.0000"} <= set(text.split())
        assert "cluster: game" in text


def test_wrap_breaks_between_words_only():
    text = "Readings: 丸取2 (北家折半), read as formula (北家折半: each payer adds half the absent North's share)"
    lines = wrap(text, 40).splitlines()
    assert all(display_width(line) <= 40 for line in lines)
    assert " ".join(line.strip() for line in lines) == text


def test_the_width_is_columns_else_a_fixed_one_when_piped(monkeypatch):
    monkeypatch.setenv("COLUMNS", "87")
    assert terminal_width() == 87
    monkeypatch.delenv("COLUMNS")
    monkeypatch.setattr("shutil.os.get_terminal_size", lambda *_: (_ for _ in ()).throw(OSError()))
    assert terminal_width() == 100


@pytest.fixture(scope="module")
def family_store(tmp_path_factory):
    """A store of simulated Beijing and Datong games (the same four bots sit in every one), and its folder."""
    from mjlog.batch.simulate import simulate
    from mjlog.rules.beijing.ruleset import PRESETS as BEIJING
    from mjlog.rules.datong.ruleset import PRESETS as DATONG

    folder = tmp_path_factory.mktemp("family_tables")
    files = [*simulate(2, BEIJING["beijing"], seed=1, out_dir=folder / "bj", progress=False),
             *simulate(2, DATONG["datong"], seed=1, out_dir=folder / "dt", progress=False)]
    assert main(["ingest", *map(str, files), "--db", str(folder / "f.duckdb"), "--no-progress"]) == 0
    return folder


@pytest.mark.parametrize("columns", [80, 120])
def test_a_players_family_parts_fit_the_terminal_and_keep_every_number_whole(family_store, monkeypatch, capsys,
                                                                             columns):
    out = _run(family_store, monkeypatch, capsys, columns, "stats", "--db", "f.duckdb", "--include-synthetic",
               "--player", "Bot A", "--max-rows", "-1", "--csv", f"player{columns}")
    too_wide = [line for line in out.splitlines() if display_width(line) > columns]
    assert not too_wide, too_wide[:3]
    written = sorted((family_store / f"player{columns}").glob("*.csv"))
    assert {f"{family}_situation_{part}" for family in ("beijing", "datong")
            for part in ("wins", "win_turns", "deal_ins", "calls")} <= {p.stem for p in written}
    for path in written:
        assert not _numbers_whole(out, pl.read_csv(path), 4), path.name
