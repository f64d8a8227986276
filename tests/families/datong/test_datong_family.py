"""The Datong family in the registry, ``mjlog score --rules datong`` and ``mjlog rules show datong`` as commands."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys

import pytest

from mjlog.errors import InvalidHandError
from mjlog.rules import family
from mjlog.rules.datong.by_hand import score_request
from mjlog.rules.datong.ruleset import KNOB_DOCS, PRESETS
from mjlog.rules.family import ScoreRequest
from mjlog.rules.transfers import net

DATONG = PRESETS["datong"]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mjlog.cli", *args], capture_output=True, text=True)


def test_datong_is_registered_with_its_preset_knobs_and_scorer():
    fam = family("datong")
    assert fam.presets["datong"] is DATONG and fam.scorer is not None
    assert fam.simulator is not None and fam.simulator.writer == "datong-xml"
    assert set(fam.knob_docs()) == {f.name for f in dataclasses.fields(DATONG)}


def test_every_knob_doc_quotes_the_source_or_names_the_preset():
    for name, doc in KNOB_DOCS.items():
        assert "「" in doc or name in ("name", "start_points"), name


def test_score_request_adds_the_winners_kans_and_renchan():
    req = ScoreRequest(hand="11m99p9p", rules=DATONG, calls=("pon:555z", "kan:2222s", "ankan:7777p"),
                       tsumo=True, seat_wind=1, dealer_seat=0, renchan=1)
    scored = score_request(req)
    assert [i.name for i in scored.items] == ["堆和", "碰碰胡"] and scored.total == 2
    by_reason = {r: net([t for t in scored.payments if t.reason == r], 4) for r in ("hand", "dealer", "renchan", "kan")}
    assert by_reason == {"hand": (-40, 120, -40, -40), "dealer": (-10, 10, 0, 0), "renchan": (-10, 10, 0, 0),
                         "kan": (-30, 90, -30, -30)}


def test_score_request_refuses_a_plain_discard_win_under_discard_needs_type():
    req = ScoreRequest(hand="123m456p789s23m55z4m", rules=DATONG.replace(discard_needs_type=True))
    with pytest.raises(InvalidHandError, match="屁和"):
        score_request(req)
    assert score_request(dataclasses.replace(req, tsumo=True)).total == 1


def test_score_request_refuses_rules_datong_does_not_have():
    with pytest.raises(InvalidHandError, match="not Datong rules"):
        score_request(ScoreRequest(hand="123m456p789s23m55z4m", rules=DATONG, wild="5m"))


def test_mjlog_score_rules_datong_prints_types_and_payments():
    done = run("score", "19m19p19s1234567z1m", "--rules", "datong", "--tsumo", "--dealer", "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["family"] == "datong" and [i["name"] for i in out["items"]] == ["十三幺"] and out["total"] == 6
    assert out["deltas"] == {"E": 390, "S": -130, "W": -130, "N": -130}


def test_mjlog_score_rules_datong_with_renchan_base_and_discarder():
    done = run("score", "123m456p789s24m55z3m", "--rules", "datong", "--seat-wind", "S", "--from", "W",
               "--renchan", "2", "--base", "5")
    assert done.returncode == 0, done.stderr
    assert "坎和" in done.stdout and "deltas  E -20 S +35 W -10 N -5" in done.stdout


def test_mjlog_score_rules_datong_refuses_a_chi_with_exit_2():
    done = run("score", "456p789s23m55z4m", "--rules", "datong", "--calls", "chi:123m")
    assert done.returncode == 2 and "no chow 吃" in done.stderr
    assert run("score", "456p789s23m55z4m", "--rules", "datong", "--calls", "chi:123m",
               "--knob", "chi=True").returncode == 0


def test_mjlog_rules_show_datong_lists_every_knob():
    done = run("rules", "show", "datong")
    assert done.returncode == 0, done.stderr
    for name in KNOB_DOCS:
        assert f"  {name} " in done.stdout


def test_mjlog_rules_show_and_list_name_datongs_calls_in_its_own_words():
    """The family line, the preset line and every knob's reading say 碰, 杠 and 吃 with an English gloss,
    never riichi's pon, kan or chi (a knob's own name, the first word of its line, is an identifier)."""
    from tests.support.viewcases import riichi_words

    shown = run("rules", "show", "datong")
    listed = run("rules", "list")
    assert shown.returncode == listed.returncode == 0, shown.stderr + listed.stderr
    lines = shown.stdout.splitlines()
    assert "pung 碰 and kong 杠" in lines[0] and "no chow (吃)" in shown.stdout
    readings = [lines[0]] + [line.split(None, 1)[1] for line in lines[1:]]
    assert riichi_words(" ".join(readings)) == []
    datong = [line for line in listed.stdout.splitlines() if "datong" in line]
    assert datong and "  datong  4 players, base B=10, pung 碰 and kong 杠 only" in datong[1]
    assert riichi_words(" ".join(datong)) == []
