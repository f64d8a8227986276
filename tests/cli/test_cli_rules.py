"""``mjlog rules list`` and ``mjlog rules show``: the registry's families, presets and knobs."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from mjlog.cli import main
from mjlog.rules import families, iter_presets
from mjlog.rules.family import knob_values
from tests.support import toy_family


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mjlog.cli", *args], capture_output=True, text=True)


def test_rules_list_prints_each_family_then_one_line_per_preset():
    res = run("rules", "list")
    assert res.returncode == 0 and res.stderr == ""
    lines = res.stdout.splitlines()
    heads = [ln for ln in lines if not ln.startswith(" ")]
    assert heads == [f"{name}: {fam.english}" for name, fam in sorted(families().items())]
    assert "riichi: Japanese riichi mahjong (Tenhou's rules)" in heads
    presets = [p for _, p, _ in iter_presets()]
    rows = [ln for ln in lines if ln.startswith(" ")]
    assert [ln.split()[0] for ln in rows] == presets
    by_name = {ln.split()[0]: ln for ln in rows}
    assert "3 players" in by_name["tenhou-3p-east"] and "east round only" in by_name["tenhou-3p-east"]
    assert "kita" in by_name["tenhou-3p-east"] and "kita" not in by_name["tenhou-4p-south"]
    assert "25,000 start" in by_name["tenhou-4p-south"] and "uma +20/+10/-10/-20" in by_name["tenhou-4p-south"]


def test_rules_show_prints_every_knob_with_its_value_and_meaning():
    res = run("rules", "show", "tenhou-3p-south")
    assert res.returncode == 0
    head, *rows = res.stdout.splitlines()
    assert head.startswith("tenhou-3p-south (riichi: ")
    fam, _, rules = next(x for x in iter_presets() if x[1] == "tenhou-3p-south")
    assert [r.split()[0] for r in rows] == [name for name, _ in knob_values(rules)]
    row = {r.split()[0]: r for r in rows}
    assert row["start_points"].split()[1] == "35000"
    assert row["uma"].split(None, 1)[1].startswith("(20, 0, -20)")
    assert row["north"].split()[1] == "nukidora" and fam.knob_docs()["north"] in row["north"]


def test_rules_show_json_gives_name_value_and_meaning_of_every_knob():
    res = run("rules", "show", "tenhou-4p-east", "--json")
    assert res.returncode == 0
    data = json.loads(res.stdout)
    assert (data["preset"], data["family"]) == ("tenhou-4p-east", "riichi")
    knobs = {k["name"]: k for k in data["knobs"]}
    assert knobs["length"]["value"] == "east" and knobs["uma"]["value"] == [20, 10, -10, -20]
    assert knobs["north"]["value"] == "guest" and knobs["renhou"]["meaning"].startswith("a non-dealer's ron")
    assert "fast" not in knobs and "chip_points" not in knobs


def test_rules_show_of_an_unknown_preset_lists_the_known_ones_and_exits_2():
    res = run("rules", "show", "tenhou-5p-west")
    assert res.returncode == 2 and res.stdout == ""
    (line,) = res.stderr.splitlines()
    assert line.startswith("mjlog: unknown rule-set preset 'tenhou-5p-west'; known: ")
    assert all(p in line for _, p, _ in iter_presets())


@pytest.mark.parametrize("args", [("rules",), ("rules", "list"), ("rules", "show")])
def test_rules_commands_have_help(args):
    res = run(*args, "--help")
    assert res.returncode == 0 and "usage: mjlog rules" in res.stdout and len(res.stdout.splitlines()) > 4


def test_a_family_registered_later_is_listed_and_shown(capsys):
    toy_family.install()   # registered from the tests only; mjlog does not know it
    try:
        assert main(["rules", "list"]) == 0
        out = capsys.readouterr().out.splitlines()
        head = "toy: a toy family: every win scores 1 point"
        assert head in out
        assert out[out.index(head) + 1].split() == ["toy-4", "4", "players,", "10", "points", "each", "at", "the",
                                                    "start"]
        assert main(["rules", "show", "toy-4", "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["family"] == "toy" and [(k["name"], k["value"]) for k in data["knobs"]] == [
            ("name", "toy-4"), ("players", 4), ("start_points", 10), ("hands", 2)]
        assert data["knobs"][3]["meaning"] == "hands in a game"
    finally:
        toy_family.uninstall()
    assert main(["rules", "show", "toy-4"]) == 2
