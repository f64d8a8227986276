"""``mjlog experiment``: the arms and their paired differences on the terminal, within its width, the
tables as files, and one line with exit 2 for a knob the preset cannot vary."""

from __future__ import annotations

import json

import pytest

from mjlog.cli import main
from mjlog.text import display_width


@pytest.mark.parametrize("columns", [60, 100])
def test_experiment_prints_the_arms_readings_and_paired_differences_within_the_width(tmp_path, monkeypatch, capsys,
                                                                                      columns):
    monkeypatch.setenv("COLUMNS", str(columns))
    assert main(["experiment", "--rules", "tenhou-3p-south", "--vary", "tsumo_scheme=tsumo-loss,marudori2",
                 "--games", "3", "--seed", "1", "--no-progress", "--json", str(tmp_path / "j")]) == 0
    out = capsys.readouterr().out
    assert "arm tsumo-loss (baseline)" in out and "marudori2_reading=formula" in out
    assert "== placement points: differences from tsumo-loss" in out and "width_ratio" in out
    assert not [line for line in out.splitlines() if display_width(line) > columns]
    diffs = json.loads((tmp_path / "j" / "differences.json").read_text())
    assert {r["arm"] for r in diffs} == {"marudori2"}
    assert {(r["figure"], r["role"]) for r in diffs} >= {("placement points", "first dealer"), ("bust rate", "game"),
                                                          ("hands", "game"), ("tsumo share", "income")}
    arms = json.loads((tmp_path / "j" / "arms.json").read_text())
    assert [a["arm"] for a in arms] == ["tsumo-loss", "marudori2"] and arms[0]["baseline"]
    assert "== the first dealer's placement points: seeds" in out
    limits = json.loads((tmp_path / "j" / "pairing.json").read_text())
    assert [r["arm"] for r in limits] == ["marudori2"]
    assert set(limits[0]) == {"arm", "games_apart", "apart_share", "width_ratio", "width_ratio_limit"}


def test_experiment_varies_a_rotation_knob_with_a_fixed_knob_on_csv(tmp_path, capsys):
    assert main(["experiment", "--rules", "tenhou-4p-east", "--knob", "renchan_on_dealer_tenpai=False",
                 "--vary", "renchan_on_any_draw", "--games", "2", "--no-progress", "--csv", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "tenhou-4p-east with renchan_on_dealer_tenpai=False" in out and "baseline: False" in out
    assert (tmp_path / "levels.csv").read_text().startswith("arm,figure,role,value,lo,hi,games")


@pytest.mark.parametrize(("args", "words"), [
    (["--rules", "tenhou-4p-south", "--vary", "tsumo_scheme", "--games", "3"], "three-player knob"),
    (["--rules", "tenhou-4p-south", "--vary", "kiriage", "--games", "3"], "close: kiriage_mangan"),
    (["--rules", "tenhou-4p-south", "--vary", "extension", "--games", "1"], "--games must be at least 2"),
])
def test_experiment_says_what_is_wrong_in_one_line(capsys, args, words):
    assert main(["experiment", *args]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and words in err[0], err


def test_experiment_shows_its_progress_in_games_of_every_arm_on_a_terminal(monkeypatch, capsys):
    import sys

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert main(["experiment", "--rules", "tenhou-4p-east", "--vary", "extension", "--games", "3"]) == 0
    err = capsys.readouterr().err
    assert "experiment" in err and "6/6" in err, err
