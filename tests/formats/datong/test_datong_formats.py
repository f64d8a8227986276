"""The Datong XML and JSON dialects: read and written equal, sniffed by content only, and malformed or
mutated files refused with MalformedLogError and the place, never a traceback."""

from __future__ import annotations

import json

import pytest

from mjlog.errors import MalformedLogError
from mjlog.formats import format_of
from mjlog.formats.datong.json import write_datong_json
from mjlog.formats.datong.xml import write_datong_xml
from mjlog.formats.reader import read_log
from mjlog.replayer import replay
from mjlog.rules.datong.record import LeaveTable
from tests.support.datong_games import leave_game, scripted_game, seeded_draw_game
from tests.support.dialect_checks import (assert_read_or_refused, assert_round_trip, assert_sniffed,
                                         assert_swaps_read_or_refused, assert_unknown_version_refused, mutated)
from tests.support.xmlbuild import simple_game4

WRITERS = {"xml": write_datong_xml, "json": write_datong_json}


@pytest.fixture(scope="module")
def game():
    return scripted_game()


@pytest.mark.parametrize("dialect", WRITERS)
def test_read_write_read_gives_the_same_game(game, dialect):
    assert_round_trip(game, WRITERS[dialect], "datong")


@pytest.mark.parametrize("dialect", WRITERS)
def test_a_seeded_game_read_from_its_file_audits_clean(dialect):
    log = seeded_draw_game()
    back = read_log(WRITERS[dialect](log))
    assert back.seed == log.seed and back.rounds == log.rounds and back.first_dealer == 0
    assert [f for f in replay(back).findings if f.severity.name == "ERROR"] == []


@pytest.mark.parametrize("dialect", WRITERS)
def test_the_format_is_sniffed_from_the_content(game, dialect):
    assert_sniffed(WRITERS[dialect](game), f"datong-{dialect}")


def test_no_other_format_is_taken_for_datong():
    assert format_of(simple_game4()).name == "tenhou-xml"
    assert format_of(b'<beijinglog ver="1"></beijinglog>').name == "beijing-xml"
    assert format_of(b'{"format": "mjlog-beijing", "log": []}').name == "beijing-json"


@pytest.mark.parametrize("data, where", [
    (b'<datonglog ver="1"><GAME rules="nope"/></datonglog>', "element 1 <GAME>"),
    (b'<datonglog ver="1"><GAME rules="datong" die="7"/></datonglog>', "element 1 <GAME>"),
    (b'<datonglog ver="1"><GAME rules="datong"/><UN/><HAND kyoku="0" honba="0" dealer="0" ten="0,0,0,0"/>'
     b'<T136/></datonglog>', "element 4 <T136>"),
    (b'<datonglog ver="1"><GAME rules="datong"/><UN/><HAND kyoku="0" honba="0" dealer="0" ten="0,0,0,0"/>'
     b'<N who="1" kind="flower" tiles="1,2,3"/></datonglog>', "element 4 <N>"),
    (b'<datonglog ver="1"><GAME rules="datong"/><UN/><HAND kyoku="0" honba="0" dealer="0" ten="0,0,0,0"/>'
     b'<RYUUKYOKU><PAY payer="9" payee="0" amount="10" reason="kan"/></RYUUKYOKU></datonglog>', "element 4 <RYUUKYOKU>"),
    (b'<datonglog ver="1"><T1/></datonglog>', "element 1 <T1>"),
    (b'<datonglog ver="1"><GAME rules="datong"/><UN/><HAND kyoku="0" honba="0" dealer="0" ten="0,0,0,0"/>'
     b'<LEAVE who="4"/></datonglog>', "element 4 <LEAVE>"),
])
def test_malformed_xml_names_the_element(data, where):
    with pytest.raises(MalformedLogError) as caught:
        read_log(data)
    assert caught.value.where == where


@pytest.mark.parametrize("change, where", [
    (lambda o: o.update(die=0), "the header"),
    (lambda o: o["log"][0].pop("hai"), "hand 0"),
    (lambda o: o["log"][0]["events"].insert(0, ["T", 0, 140]), "hand 0, event 0"),
    (lambda o: o["log"][0]["events"][-1][1].update(pay=[[0, 1, "ten", "hand"]]), "hand 0, event"),
    (lambda o: o["log"][1]["events"][-1][1].update(types=[["屁和", "plain win"]]), "hand 1, event"),
    (lambda o: o["log"][0]["events"].insert(0, ["強退"]), "hand 0, event 0"),
    (lambda o: o["log"][0]["events"].insert(0, ["強退", 5]), "hand 0, event 0"),
])
def test_malformed_json_names_the_place(game, change, where):
    obj = json.loads(write_datong_json(game))
    change(obj)
    with pytest.raises(MalformedLogError) as caught:
        read_log(json.dumps(obj, ensure_ascii=False).encode())
    assert caught.value.where.startswith(where)


def test_an_unknown_dialect_version_is_refused(game):
    assert_unknown_version_refused(write_datong_xml(game), write_datong_json(game))


@pytest.mark.parametrize("dialect", WRITERS)
def test_mutated_files_give_a_log_or_a_malformed_error_never_a_traceback(game, dialect):
    assert_read_or_refused(mutated(WRITERS[dialect](game), seed=23, count=300))


def test_json_with_any_value_swapped_for_another_type_gives_a_log_or_a_malformed_error(game):
    assert_swaps_read_or_refused(write_datong_json(game), seed=11, count=500)


@pytest.mark.parametrize("dialect", WRITERS)
def test_a_read_game_names_its_hands_with_the_dealers_renchan(game, dialect):
    names = [r.name for r in read_log(WRITERS[dialect](game)).rounds]
    assert names == ["East 1", "East 2", "East 2, 連庄 1", "East 2, 連庄 2"]


@pytest.mark.parametrize("dialect", WRITERS)
@pytest.mark.parametrize("leave_to", ["pot", "each"])
def test_a_leave_of_the_table_is_read_and_written_and_audits_clean(dialect, leave_to):
    """強退 is its own event in both dialects (XML ``<LEAVE who/>``, JSON ``["強退", seat]``); under 'each'
    the log is a synthetic one that states the knob."""
    log = leave_game(leave_to)
    back = read_log(WRITERS[dialect](log))
    assert back.rounds == log.rounds and back.rules.leave_to == leave_to
    assert [e.seat for r in back.rounds for e in r.events if type(e) is LeaveTable] == [2, 3]
    assert [f for f in replay(back).findings if f.severity.name == "ERROR"] == []
