"""The Beijing XML and JSON dialects: read and written equal, sniffed by content only, and hostile or
malformed files refused with MalformedLogError and the place, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mjlog.errors import MalformedLogError
from mjlog.formats import format_of
from mjlog.formats.beijing.json import write_beijing_json
from mjlog.formats.beijing.xml import write_beijing_xml
from mjlog.formats.reader import read_log
from mjlog.replayer import replay
from tests.support.beijing_games import full_game, seeded_game
from tests.support.dialect_checks import (assert_read_or_refused, assert_round_trip, assert_sniffed,
                                         assert_swaps_read_or_refused, assert_unknown_version_refused, mutated)
from tests.support.xmlbuild import simple_game4

WRITERS = {"xml": write_beijing_xml, "json": write_beijing_json}
ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def game():
    return full_game()


@pytest.mark.parametrize("dialect", WRITERS)
def test_read_write_read_gives_the_same_game(game, dialect):
    assert_round_trip(game, WRITERS[dialect], "beijing")


@pytest.mark.parametrize("dialect", WRITERS)
def test_a_seeded_game_keeps_its_seed_through_the_file(dialect):
    log = seeded_game(hands=1)
    back = read_log(WRITERS[dialect](log))
    assert back.seed == log.seed and back.rounds == log.rounds


@pytest.mark.parametrize("dialect", WRITERS)
def test_the_format_is_sniffed_from_the_content(game, dialect):
    assert_sniffed(WRITERS[dialect](game), f"beijing-{dialect}")


def test_a_tenhou_log_is_never_read_as_beijing():
    assert format_of(simple_game4()).name == "tenhou-xml"
    assert read_log(simple_game4()).family == "riichi"
    assert format_of(b'{"title": ["", ""], "name": ["a", "b", "c", "d"], "log": []}').name == "tenhou-json"
    # a Tenhou log that names the Beijing root in a player's name or a comment is still Tenhou's
    assert format_of(simple_game4().replace(b'n2="C"', b'n2="&lt;beijinglog"')).name == "tenhou-xml"
    assert format_of(b'<mjloggm ver="2.3"><!-- <beijinglog> --></mjloggm>').name == "tenhou-xml"
    assert format_of(b'{"log": [], "format": "mjlog-beijing"}').name == "tenhou-json"


def test_an_mcr_dialect_file_is_not_taken_for_beijing():
    for data in (b'<mjloggm ver="2.3" family="mcr"><GO type="1"/></mjloggm>',
                 b'{"format": "mjlog-mcr", "ver": 1, "log": []}', b'{"format": "mjlog-beijing2"}'):
        assert not format_of(data).name.startswith("beijing")


def test_a_beijing_file_is_never_read_as_tenhou(game):
    for data in (write_beijing_xml(game), write_beijing_json(game)):
        assert read_log(data).family == "beijing"
    utf16 = write_beijing_xml(game).decode().encode("utf-16")
    assert read_log(utf16).family == "beijing"


def test_the_knobs_of_a_synthetic_log_are_applied_and_others_are_not(game):
    data = write_beijing_xml(game).replace(b'title="tests"', b'synthetic="1" knobs="dealer_fan=b"')
    assert read_log(data).rules.dealer_fan == "b" and read_log(data).header.synthetic
    plain = write_beijing_xml(game).replace(b'title="tests"', b'knobs="dealer_fan=b"')
    assert read_log(plain).rules.dealer_fan == "a"
    assert [f.kind.value for f in replay(read_log(plain)).findings] == ["unsupported rule"]


# -- malformed and hostile ---------------------------------------------------------------------------------

BAD_XML = [
    (b'<beijinglog ver="1"><GAME rules="riichi" base="500"/></beijinglog>', "element 1 <GAME>"),
    (b'<beijinglog ver="1"><GAME rules="beijing" base="-5"/></beijinglog>', "element 1 <GAME>"),
    (b'<beijinglog ver="1"><GAME rules="beijing"/><UN n0="a"/><T5/></beijinglog>', "element 3 <T5>"),
    (b'<beijinglog ver="1"><GAME rules="beijing"/><UN/><HAND kyoku="0" honba="0" dealer="9" ten="0,0,0,0" '
     b'wild="1"/></beijinglog>', "element 3 <HAND>"),
    (b'<beijinglog ver="1"><GAME rules="beijing"/><UN/><HAND kyoku="0" honba="0" dealer="0" ten="0,0,0,0" '
     b'wild="1"/><T136/></beijinglog>', "element 4 <T136>"),
    (b'<beijinglog ver="1"><GAME rules="beijing"/><UN/><HAND kyoku="0" honba="0" dealer="0" ten="0,0,0,0" '
     b'wild="1"/><N who="1" kind="kita" tiles="1,2,3"/></beijinglog>', "element 4 <N>"),
    (b'<beijinglog ver="1"><GAME rules="beijing"/><UN/><HAND kyoku="0" honba="0" dealer="0" ten="0,0,0,0" '
     b'wild="1"/><HUBAO seats="1,2"/></beijinglog>', "element 4 <HUBAO>"),
    (b'<beijinglog ver="1"><GAME rules="beijing"/><UN/><BOGUS/></beijinglog>', "element 3 <BOGUS>"),
    (b'<beijinglog ver="1"><UN/></beijinglog>', "end of file"),
    (b'<beijinglog ver="1"><GAME rules="beijing"/><UN/><HAND kyoku="0" honba="0" dealer="0" ten="0,0,0,0" '
     b'wild="1"/><RYUUKYOKU/><T5/></beijinglog>', "element 5 <T5>"),
    (b'<beijinglog ver="1"><GAME rules="beijing" base="99999999999999999999"/></beijinglog>', "element 1 <GAME>"),
    (b'<beijinglog ver="1"><GAME rules="beijing" base="--500"/></beijinglog>', "element 1 <GAME>"),
    (b'<beijinglog ver="1"><GAME rules="beijing"/><UN/><HAND kyoku="16" honba="0" dealer="0" ten="0,0,0,0" '
     b'wild="1"/></beijinglog>', "element 3 <HAND>"),
]


@pytest.mark.parametrize("data, where", BAD_XML)
def test_malformed_xml_names_the_element(data, where):
    with pytest.raises(MalformedLogError) as info:
        read_log(data)
    assert info.value.where == where


BAD_JSON = [
    ({"rule": {"disp": "nope"}}, "the header"),
    ({"name": ["a", "b"]}, "the header"),
    ({"log": [[[0, 0, 0], [0, 0, 0, 0], [0, 0], 200, 0, [[], [], [], []], [], None]]}, "hand 0"),
    ({"log": [[[0, 0, 0], [0, 0, 0, 0], [0, 0], 1, 0, [[], [], [], []], [["T", 9, 1]], None]]}, "hand 0, event 0"),
    ({"log": [[[0, 0, 0], [0, 0, 0, 0], [0, 0], 1, 0, [[], [], [], []], [["D", 0, 1.5]], None]]}, None),
    ({"log": [[[0, 0, 0], [0, 0, 0, 0], [0, 0], 1, 0, [[], [], [], []], [["和了", {"who": 0}]], None]]},
     "hand 0, event 0"),
    ({"log": "nope"}, "the header"),
    ({"sc": [1, 2, 3]}, "the final result"),
]


@pytest.mark.parametrize("change, where", BAD_JSON)
def test_malformed_json_names_the_place(change, where):
    obj = {"format": "mjlog-beijing", "ver": 1, "name": ["a", "b", "c", "d"], "rule": {"disp": "beijing"}, "log": []}
    obj.update(change)
    with pytest.raises(MalformedLogError) as info:
        read_log(json.dumps(obj).encode())
    if where is not None:
        assert info.value.where == where


def test_deep_json_and_long_numbers_are_refused():
    deep = b'{"format": "mjlog-beijing", "log": ' + b"[" * 100000 + b"]" * 100000 + b"}"
    pytest.raises(MalformedLogError, read_log, deep)
    long = b'{"format": "mjlog-beijing", "ver": ' + b"9" * 5000 + b"}"
    pytest.raises(MalformedLogError, read_log, long)


def test_a_dtd_in_a_beijing_log_is_refused():
    data = b'<!DOCTYPE beijinglog [<!ENTITY a "b">]><beijinglog ver="1"><GAME rules="beijing"/></beijinglog>'
    pytest.raises(MalformedLogError, read_log, data)


@pytest.mark.parametrize("dialect", WRITERS)
def test_mutated_files_give_a_log_or_a_malformed_error_never_a_traceback(game, dialect):
    assert_read_or_refused(mutated(WRITERS[dialect](game), seed=19, count=400))


def test_json_with_any_value_swapped_for_another_type_gives_a_log_or_a_malformed_error(game):
    assert_swaps_read_or_refused(write_beijing_json(game), seed=7, count=600)


def test_an_unknown_dialect_version_is_refused(game):
    assert_unknown_version_refused(write_beijing_xml(game), write_beijing_json(game))
