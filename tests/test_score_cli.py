"""``mjlog score`` run as a process: Beijing's worked examples, refused hands, riichi through the same command."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "mjlog.cli", "score", *args], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=60)


def score_json(*args: str) -> dict:
    done = run(*args, "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_score_worked_example_1_prints_fans_burn_and_payments():
    done = run("999p111s55z22z2z", "--calls", "pon:111m", "--rules", "beijing", "--tsumo", "--dealer",
               "--burn", "1", "--base", "2000")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[:4] == ["莊  Dealer  1 fan", "對對和  All pungs  2 fan",
                         "燒莊  Burning the dealer (side payment)  1 fan", "total  3 fan"]
    assert "S pays E 6000 (hand)" in lines and "E pays S 2000 (burn)" in lines
    assert lines[-1] == "deltas  E +12000 S -4000 W -4000 N -4000"


def test_score_worked_example_2_in_json_under_both_dealer_fan_readings():
    common = ("--rules", "beijing", "--seat-wind", "S", "--from", "E", "--mutual", "N", "--burn", "3", "--base", "500")
    a = score_json("123m456p789s11z34m5m", "--wild", "9s", *common)
    assert [(i["name"], i["english"], i["value"]) for i in a["items"]] == [("推倒和", "Plain win", 1), ("莊", "Dealer", 1)]
    assert a["total"] == 2 and a["side"] == [{"name": "燒莊", "english": "Burning the dealer (side payment)", "value": 4}]
    assert a["deltas"] == {"E": -6000, "S": 3000, "W": 2000, "N": 1000}
    assert {"payer": "N", "payee": "S", "amount": 1000, "reason": "mutual"} in a["payments"]
    b = score_json("123m456p789s11z34m5m", "--knob", "dealer_fan=b", *common)
    assert [i["name"] for i in b["items"]] == ["推倒和", "門清無惠"] and b["total"] == 2
    assert b["deltas"] == a["deltas"]


@pytest.mark.parametrize(("hand", "extra", "why"), [
    ("456p789s11z34m5m", ("--calls", "chi:123m"), "only by self-draw"),
    ("1s1s1s456p789s11z34m5m", ("--wild", "1s"), "3 wild tiles"),
    ("123m456p789s11z24m5m", (), "not a winning hand"),
    ("123m456p789s11z34m0m", (), "red fives"),
    ("123m456p789s11z34m5m", ("--knob", "dealer_fan=z"), "dealer_fan"),
])
def test_an_illegal_or_non_winning_hand_is_one_line_on_stderr_and_exit_2(hand, extra, why):
    done = run(hand, "--rules", "beijing", *extra)
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and why in done.stderr


def test_a_riichi_hand_scores_through_the_same_command():
    out = score_json("234m456p678s22z345p", "--rules", "tenhou-4p-south", "--tsumo", "--riichi", "--seat-wind", "W")
    assert [i["english"] for i in out["items"]][:3] == ["Riichi", "Menzen tsumo", "Pinfu"] and out["unit"] == "han"
    assert out["total"] == 3 and out["deltas"] == {"E": -1300, "S": -700, "W": 2700, "N": -700}
    done = run("123m456p11z23s4s", "--rules", "tenhou-4p-south", "--calls", "chi:789m")
    assert done.returncode == 2 and "without yaku" in done.stderr


def test_riichi_refuses_beijing_only_options():
    done = run("234m456p678s22z345p", "--rules", "tenhou-4p-south", "--wild", "1m")
    assert done.returncode == 2 and "--wild" in done.stderr


def test_score_help_explains_every_option():
    done = subprocess.run([sys.executable, "-m", "mjlog.cli", "score", "--help"], capture_output=True, text=True,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=60)
    for option in ("--calls", "--tsumo", "--seat-wind", "--round-wind", "--dealer", "--wild", "--last-tile",
                   "--after-kan", "--robbed-kan", "--first-turn", "--json", "--burn", "--mutual", "--knob"):
        assert option in done.stdout
