"""``mjlog score`` run as a process: Beijing's worked examples, refused hands, riichi through the same command."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


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


# -- MCR ---------------------------------------------------------------------------------------------


def test_mcr_score_prints_fan_lines_total_and_payments_of_a_self_draw():
    done = run("123m456m789m123s5s5s", "--rules", "mcr", "--tsumo")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[:7] == ["清龙  Pure Straight  16 fan", "不求人  Fully Concealed Hand  4 fan", "平和  All Chows  2 fan",
                         "喜相逢  Mixed Double Chow  1 fan", "缺一门  One Voided Suit  1 fan", "单钓将  Single Wait  1 fan",
                         "total  25 fan"]
    assert "S pays E 33 (hand)" in lines and lines[-1] == "deltas  E +99 S -33 W -33 N -33"


def test_mcr_score_json_total_includes_the_flowers_and_the_discarder_pays_8_plus_f():
    a = score_json("123m456m789m123s5s5s", "--rules", "mcr", "--flowers", "3", "--seat-wind", "W", "--from", "N")
    assert a["total"] == 23 + 3 and a["unit"] == "fan"
    assert [i["name"] for i in a["items"]].count("花牌") == 3
    assert a["deltas"] == {"E": -8, "S": -8, "W": 24 + 26, "N": -(8 + 26)}


def test_mcr_score_situational_flags_each_add_their_fan():
    hand = ("[123m][456p] 789s 55m 66z 6z")   # a dragon pung completed on the winning tile
    base = {i["name"] for i in score_json(hand, "--rules", "mcr", "--tsumo")["items"]}
    assert "妙手回春" in {i["name"] for i in score_json(hand, "--rules", "mcr", "--tsumo", "--wall-last")["items"]}
    assert "海底捞月" in {i["name"] for i in score_json(hand, "--rules", "mcr", "--wall-last")["items"]} - base
    kong = "[123m][4444p] 789s 55m 66z 6z"
    assert "杠上开花" in {i["name"] for i in score_json(kong, "--rules", "mcr", "--tsumo", "--after-kong")["items"]}
    closed = "[123m][456p] 789s 66z 46m 5m"
    assert "和绝张" in {i["name"] for i in score_json(closed, "--rules", "mcr", "--last-copy")["items"]}
    robbed = "[123m][456p][789s] 66z 46m 5m"
    assert "抢杠和" in {i["name"] for i in score_json(robbed, "--rules", "mcr", "--robbed-kong")["items"]}


def test_mcr_score_winds_count_seat_and_prevalent_wind_pungs():
    a = score_json("[222z] 123m456p789s55m", "--rules", "mcr", "--seat-wind", "S", "--round-wind", "S")
    assert {"圈风刻", "门风刻"} <= {i["name"] for i in a["items"]}


@pytest.mark.parametrize(("hand", "extra", "why"), [
    ("77789m11888p7m", ("--calls", "pon:444z"), "false win"),
    ("77789m11888p7m", ("--calls", "pon:444z", "--flowers", "8"), "false win"),   # flowers never lift it
    ("123m456m789m123s5s6s", (), "not form a winning hand"),
    ("123m456m789m123s5s5s", ("--flowers", "9"), "8 flowers"),
    ("123m456m789m123s5s5s", ("--calls", "bad:123m"), "kind:tiles"),
])
def test_mcr_score_false_or_impossible_win_is_one_line_on_stderr_and_exit_2(hand, extra, why):
    done = run(hand, "--rules", "mcr", *extra)
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and why in done.stderr


def test_mcr_duplicate_scores_like_mcr_for_a_single_winner():
    a = score_json("123m456m789m123s5s5s", "--rules", "mcr", "--seat-wind", "S")
    b = score_json("123m456m789m123s5s5s", "--rules", "mcr-duplicate", "--seat-wind", "S")
    assert a["deltas"] == b["deltas"] and a["total"] == b["total"]
