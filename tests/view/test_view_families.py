"""Each family's page in its own words: Beijing's wild tiles, 燒莊 and 互包; MCR's flowers and prevalent
wind; fan names in both languages; no riichi word on a page that is not riichi."""

from __future__ import annotations

import re

import pytest

import mjlog
from mjlog.view import PRESENTERS, BeijingPresenter, DatongPresenter, McrPresenter, game_steps, presenter_for
from tests.support.viewcases import (
    BEIJING_BURN_SEED, BEIJING_MUTUAL_SEED, GAME4, knob_free, mcr_record, riichi_words, shown_text, simulated,
)

CJK = re.compile(r"[\u4e00-\u9fff]")


def steps_of(log):
    return game_steps(log, mjlog.replay(log), presenter_for(log))


def wins(data):
    return [s["outcome"] for s in data["steps"] if s.get("outcome", {}).get("type") == "win"]


def assert_fans_in_both_languages(data):
    items = [y for w in wins(data) for y in w["yaku"]]
    assert items
    for y in items:
        assert y["name"] and not CJK.search(y["name"]), y
        assert CJK.search(y["ja"]), y


def test_each_family_has_its_own_presenter():
    assert PRESENTERS["beijing"] is BeijingPresenter and PRESENTERS["mcr"] is McrPresenter
    assert PRESENTERS["datong"] is DatongPresenter


def test_a_beijing_page_marks_the_wild_tile_and_speaks_no_riichi():
    log = mjlog.read_log(simulated("beijing", BEIJING_BURN_SEED))
    data = steps_of(log)
    assert data["terms"]["indicators"] == "wild indicator (惠坯)"
    for rnd, shown in zip(log.rounds, data["rounds"]):
        first = data["steps"][shown["first"]]
        assert first["dora"] == [mjlog.tiles.kind_name(rnd.payload.wild_indicator >> 2)]
        assert len(shown["marked"]) == 1
        assert any(line["text"] == "wild tile (惠牌)" and line["tiles"] == shown["marked"] for line in shown["info"])
    assert_fans_in_both_languages(data)
    text = shown_text(data)
    assert any("燒莊" in t for t in text)
    assert riichi_words(" ".join(text)) == []


def test_a_beijing_page_shows_mutual_liability_where_it_applies():
    log = mjlog.read_log(simulated("beijing", BEIJING_MUTUAL_SEED))
    data = steps_of(log)
    pairs = [line["text"] for r in data["rounds"] for line in r["info"] if "互包" in line["text"]]
    assert len(pairs) == sum(len(r.payload.mutual) for r in log.rounds) >= 1
    assert riichi_words(" ".join(shown_text(data))) == []


@pytest.mark.corpus
def test_an_mcr_record_page_shows_the_prevalent_wind_and_fans_without_riichi_words():
    log = mjlog.read_log(mcr_record())
    data = steps_of(log)
    assert data["rounds"][0]["info"][0] == {"text": "prevalent wind (圈风): East 东", "tiles": ["1z"]}
    assert data["terms"]["indicators"] is None
    assert_fans_in_both_languages(data)
    assert riichi_words(" ".join(shown_text(data))) == []


def test_mcr_flowers_are_tiles_with_names_set_aside_beside_the_hand():
    log = mjlog.read_log(simulated("mcr", 1))
    data = steps_of(log)
    labels = [t for s in data["steps"] for h in s["hands"] + [s["drawn"]] + s["aside"] for t in h or () if t]
    assert not [t for t in labels if t.startswith("#")]
    aside = {t for s in data["steps"] for a in s["aside"] for t in a}
    assert aside and aside <= set(data["faces"]) and data["faces"]["1f"] == {"face": "春", "name": "spring 春"}
    assert any(s["caption"].endswith("sets aside the flower bamboo 竹") for s in data["steps"])
    assert riichi_words(" ".join(shown_text(data))) == []


def test_a_riichi_page_keeps_riichi_words():
    data = steps_of(mjlog.read_log(GAME4))
    assert data["terms"]["indicators"] == "dora indicators" and data["terms"]["declared"] == "riichi"
    assert any(s["caption"].endswith("wins by tsumo") for s in data["steps"])


def test_a_datong_page_names_its_hands_in_datong_words():
    from tests.support.datong_games import scripted_game

    data = steps_of(scripted_game())
    assert [r["name"] for r in data["rounds"]] == ["East 1", "East 2", "East 2, 連庄 1", "East 2, 連庄 2"]


@pytest.mark.parametrize("leave_to, paid", [
    ("pot", ["loses 80 to no one"]),
    ("each", ["pays 80 to seat 0", "pays 80 to seat 1", "pays 80 to seat 3"]),
])
def test_a_datong_page_names_leaving_the_table_qiangtui_and_its_cost(leave_to, paid):
    """強退 is a step in Datong's words with what it costs under ``leave_to`` (never the event's class name),
    and the outcome of its hand lists each payment for it."""
    from tests.support.datong_games import leave_game

    data = steps_of(leave_game(leave_to))
    captions = [s["caption"] for s in data["steps"]]
    assert not [c for c in captions if "LeaveTable" in c]
    cost = "loses 80 (8B) to no one" if leave_to == "pot" else "pays 80 (8B) to each other seat"
    left = [s for s in data["steps"] if "強退" in s["caption"]]
    assert [s["caption"] for s in left] == [f"seat {seat} leaves the table (強退): {cost}, at the hand's end"
                                            .replace("seat, at", "seat at") for seat in (2, 3)]
    assert [s["actor"] for s in left] == [2, 3]
    first_outcome = next(s["outcome"] for s in data["steps"] if "outcome" in s)
    assert first_outcome["notes"] == [f"強退 (leaving the table): seat 2 {p}" for p in paid]
    assert data["terms"]["indicators"] is None and data["terms"]["self_drawn"] == "by self-draw (自摸)"
    assert riichi_words(" ".join(shown_text(data))) == []


@pytest.mark.parametrize("knobs", [{}, {"chi": True}, {"kan_meaning": "concealed"}])
def test_a_datong_page_speaks_no_riichi_word_rules_line_and_hand_types_included(knobs):
    """The whole page of a bot game: its rules line names the calls 碰, 杠 (and 吃 where the knob allows
    it), and its hand types' English glosses (坎和 under either reading) never say kan."""
    from mjlog.batch.simulate import simulated_bytes
    from mjlog.rules import find_preset

    rules = find_preset("datong").replace(**knobs)
    data = steps_of(mjlog.read_log(simulated_bytes(rules, 1)))
    assert "pung 碰 and kong 杠" in data["description"]
    assert ("chow 吃" in data["description"]) == bool(knobs.get("chi"))
    assert wins(data)
    assert riichi_words(" ".join(shown_text(data))) == []


def test_a_faulty_datong_logs_page_names_calls_in_its_findings_in_datong_words():
    """Each finding of the page (a chow where chi is off, a kong's payment changed, a chow from the wrong
    seat) says 吃, 碰, 杠 with their glosses, as the rest of the page does, never riichi's chi, pon or kan."""
    from tests.support.datong_games import faulty_games

    for fault, log in faulty_games().items():
        data = steps_of(log)
        findings = [f for s in data["steps"] for f in s["findings"]]
        assert data["findings"] and findings, fault
        assert riichi_words(knob_free(" ".join(shown_text(data)))) == [], fault


def test_a_beijing_page_names_the_dealers_repeats_lianzhuang():
    log = mjlog.read_log(simulated("beijing", BEIJING_BURN_SEED))
    names = [r["name"] for r in steps_of(log)["rounds"]]
    assert names == [r.name for r in log.rounds]
    repeated = [n for r, n in zip(log.rounds, names) if r.honba]
    assert repeated and all(", 連莊 " in n for n in repeated)


def test_a_chinese_familys_page_names_its_calls_with_the_words_of_its_findings():
    """One home: each presenter shows the calls as its family's ``CALL_WORDS`` names them (Datong's added
    kong is the source's 補杠, Beijing writes 槓)."""
    from mjlog.rules.beijing.ruleset import CALL_WORDS as BEIJING
    from mjlog.rules.datong.ruleset import CALL_WORDS as DATONG
    from mjlog.rules.mcr.ruleset import CALL_WORDS as MCR
    from mjlog.view.beijing import BEIJING_TERMS
    from mjlog.view.datong import DATONG_TERMS
    from mjlog.view.mcr import MCR_TERMS

    for terms, words in ((BEIJING_TERMS, BEIJING), (DATONG_TERMS, DATONG), (MCR_TERMS, MCR)):
        assert {k: terms.call(k) for k in words.names} == dict(words.names)
    assert DATONG_TERMS.call("kakan") == "added kong 補杠" and BEIJING_TERMS.call("ankan") == "concealed kong 暗槓"
