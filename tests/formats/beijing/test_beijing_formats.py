"""The Beijing XML and JSON dialects: read and written equal, sniffed by content only, and hostile or
malformed files refused with MalformedLogError and the place, never a traceback."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from mjlog.errors import MalformedLogError
from mjlog.formats import format_of
from mjlog.formats.beijing.json import write_beijing_json
from mjlog.formats.beijing.xml import write_beijing_xml
from mjlog.ir.check import check_log
from mjlog.formats.reader import read_log
from mjlog.replayer import replay
from tests.support.beijing_games import full_game, seeded_game
from tests.support.xmlbuild import simple_game4

WRITERS = {"xml": write_beijing_xml, "json": write_beijing_json}
ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def game():
    return full_game()


@pytest.mark.parametrize("dialect", WRITERS)
def test_read_write_read_gives_the_same_game(game, dialect):
    write = WRITERS[dialect]
    once = read_log(write(game))
    twice = read_log(write(once))
    assert once == twice and write(once) == write(game)
    assert once.rounds == game.rounds and once.final == game.final and once.players == game.players
    assert once.header == game.header and once.rules == game.rules and once.family == "beijing"
    assert check_log(once) is once


@pytest.mark.parametrize("dialect", WRITERS)
def test_a_seeded_game_keeps_its_seed_through_the_file(dialect):
    log = seeded_game(hands=1)
    back = read_log(WRITERS[dialect](log))
    assert back.seed == log.seed and back.rounds == log.rounds


@pytest.mark.parametrize("dialect", WRITERS)
def test_the_format_is_sniffed_from_the_content(game, dialect):
    data = WRITERS[dialect](game)
    assert format_of(data).name == f"beijing-{dialect}"
    assert format_of(b"\xef\xbb\xbf  \n" + data).name == f"beijing-{dialect}"


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


def _fuzz_cases(data: bytes, seed: int, count: int):
    rng = random.Random(seed)
    numbers = [m.start() for m in re.finditer(rb"\d+", data)]
    for _ in range(count):
        b = bytearray(data)
        what = rng.randrange(4)
        if what == 0:
            yield bytes(b[: rng.randrange(len(b))])
        elif what == 1:
            for _ in range(rng.randrange(1, 4)):
                b[rng.randrange(len(b))] = rng.randrange(256)
            yield bytes(b)
        elif what == 2:
            at = rng.choice(numbers)
            yield bytes(b[:at]) + str(rng.choice([-1, 136, 4, 99999, 10**15])).encode() + bytes(b[at:])
        else:
            i, j = sorted(rng.randrange(len(b)) for _ in range(2))
            yield bytes(b[:i]) + bytes(b[j:])


@pytest.mark.parametrize("dialect", WRITERS)
def test_mutated_files_give_a_log_or_a_malformed_error_never_a_traceback(game, dialect):
    data = WRITERS[dialect](game)
    read = failed = 0
    for case in _fuzz_cases(data, seed=19, count=400):
        try:
            log = read_log(case)
        except MalformedLogError as exc:
            assert exc.source and "internal error" not in exc.reason, exc
            failed += 1
            continue
        replay(log)  # whatever the values, the replay reports findings, never raises
        read += 1
    assert read and failed


def _nodes(obj, path=()):
    yield path
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _nodes(v, path + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _nodes(v, path + (i,))


def _replaced(obj, path, value):
    if not path:
        return value
    out = dict(obj) if isinstance(obj, dict) else list(obj)
    out[path[0]] = _replaced(obj[path[0]], path[1:], value)
    return out


def test_json_with_any_value_swapped_for_another_type_gives_a_log_or_a_malformed_error(game):
    obj = json.loads(write_beijing_json(game))
    paths = list(_nodes(obj))
    rng = random.Random(7)
    values = [None, "x", "\ud800", {}, [], -1, 136, 10**12, True, [[]], {"who": 0}]
    for _ in range(600):
        case = json.dumps(_replaced(obj, rng.choice(paths[1:]), rng.choice(values)))
        try:
            log = read_log(case.encode("utf-8", "surrogatepass"))
        except MalformedLogError as exc:
            assert "internal error" not in exc.reason, exc
            continue
        replay(log)


def test_an_unknown_dialect_version_is_refused(game):
    with pytest.raises(MalformedLogError, match="version"):
        read_log(write_beijing_xml(game).replace(b'ver="1"', b'ver="7"', 1))
    with pytest.raises(MalformedLogError, match="version"):
        read_log(write_beijing_json(game).replace(b'"ver":1', b'"ver":7', 1))
