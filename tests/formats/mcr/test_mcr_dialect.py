"""mjlog's MCR dialect (XML and JSON): written and read back unchanged, told apart from every other
format by content, and hostile input refused with the place named."""

from __future__ import annotations

import json
import re

import pytest

from mjlog.errors import MalformedLogError
from mjlog.formats import format_of
from mjlog.formats.mcr.json import read_json_bytes, write_json
from mjlog.formats.mcr.xml import read_xml_bytes, write_xml
from mjlog.formats.reader import read_log
from mjlog.rules.mcr.ruleset import MCR, MCR_DUPLICATE
from mjlog.rules.mcr.simulate.game import simulate_log
from tests.support.xmlbuild import simple_game4


@pytest.fixture(scope="module")
def log():
    return simulate_log(MCR, seed=11)


def _same(a, b):
    assert a.rounds == b.rounds and a.final == b.final and a.seed == b.seed and a.players == b.players
    assert a.rules == b.rules and a.header.synthetic == b.header.synthetic


def test_mcr_xml_round_trip(log):
    back = read_log(write_xml(log))
    assert back.source_format == "mcr-xml" and back.family == "mcr"
    _same(back, log)


def test_mcr_json_round_trip(log):
    back = read_log(write_json(log))
    assert back.source_format == "mcr-json"
    _same(back, log)


def test_mcr_dialect_keeps_flowers_kongs_lost_claims_and_knobs():
    custom = MCR_DUPLICATE.replace(edition="mil")
    found = set()
    for seed in range(1, 6):
        log = simulate_log(custom, seed)
        for write in (write_xml, write_json):
            back = read_log(write(log))
            _same(back, log)
        for rnd in log.rounds:
            found.update(type(e).__name__ + (e.kind.value if hasattr(e, "kind") and e.kind else "")
                         for e in rnd.events)
            if rnd.payload.lost_claims:
                found.add("lost")
    assert back.rules.edition == "mil" and back.rules.payments == "duplicate"
    assert {"FlowerSetAside", "Callpon", "Callchi", "lost"} <= found


def test_mcr_dialect_is_never_mistaken_for_tenhou_and_tenhou_never_for_it(log):
    assert format_of(write_xml(log)).name == "mcr-xml"
    assert format_of(write_json(log)).name == "mcr-json"
    assert format_of(simple_game4()).name == "tenhou-xml"
    assert format_of(b'{"title": ["", ""], "log": []}').name == "tenhou-json"
    beijing = write_xml(log).replace(b'family="mcr"', b'family="beijing"')
    assert format_of(beijing) is None or format_of(beijing).name != "mcr-xml"
    assert format_of(write_json(log).replace(b'"mjlog-mcr"', b'"mjlog-beijing"')).name != "mcr-json"


@pytest.mark.parametrize("edit, message", [
    (lambda x: re.sub(rb'<D\d+', b'<D150', x, count=1), "outside 0..143"),
    (lambda x: re.sub(rb'(<(?:AGARI|RYUUKYOKU)[^>]*/>)', rb'\1<D5/>', x, count=1), "after the hand's outcome"),
    (lambda x: x.replace(b'<FLOWER', b'<FLOWERX', 1), "unknown element"),
    (lambda x: re.sub(rb'rules="mcr"', b'rules="tenhou-4p-south"', x), "not an MCR rule set"),
    (lambda x: re.sub(rb'synthetic="1"', b'knobs="min_fan=4"', x), "only a synthetic game"),
    (lambda x: re.sub(rb'hai0="[^"]*"', b'hai0="1,2,3"', x, count=1), "not 13"),
    (lambda x: re.sub(rb'oya="0"', b'oya="7"', x, count=1), "outside 0..3"),
    (lambda x: re.sub(rb'<N who="(\d)" type="\w+"', rb'<N who="\1" type="triple"', x, count=1), "not one of"),
    (lambda x: re.sub(rb'fan="[^"]*"', b'fan="1,2"', x, count=1), "not number,value,count"),
    (lambda x: re.sub(rb'fan="[^"]*"', b'fan="1,x,1"', x, count=1), "not an integer"),
    (lambda x: re.sub(rb'delta="[^"]*"', b'delta="1,x,3,4"', x, count=1), "not an integer"),
    (lambda x: x[:len(x) // 2], "not well-formed XML"),
])
def test_mcr_xml_hostile_input_names_the_place(log, edit, message):
    data = edit(write_xml(log))
    with pytest.raises(MalformedLogError) as info:
        read_xml_bytes(data, "bad.xml")
    assert message in str(info.value) and info.value.where and info.value.source == "bad.xml"


@pytest.mark.parametrize("edit, message", [
    (lambda d: d.update(log="x"), "list of hands"),
    (lambda d: d["log"][0].__setitem__(3, 12), "a row must be"),
    (lambda d: d["log"][0].__setitem__(0, ["INIT", {"hand": 0}]), "text values"),
    (lambda d: d.update(name=[1, 2]), "at most four texts"),
    (lambda d: d["log"][1].insert(1, ["OWARI", {"sc": "0,0,0,0"}]), "no outcome"),
])
def test_mcr_json_hostile_input_names_the_place(log, edit, message):
    doc = json.loads(write_json(log))
    edit(doc)
    data = json.dumps({"format": doc.pop("format"), **doc}).encode()
    with pytest.raises(MalformedLogError) as info:
        read_json_bytes(data, "bad.json")
    assert message in str(info.value) and info.value.where


def test_mcr_json_that_is_not_json_is_malformed():
    with pytest.raises(MalformedLogError, match="not valid JSON"):
        read_log(b'{"format": "mjlog-mcr", "log": [')


def test_mjlog_convert_writes_mcr_games_in_the_dialect_and_refuses_tenhou6(log, tmp_path, capsys):
    from mjlog.cli import main

    src = tmp_path / "m.xml"
    src.write_bytes(write_xml(log))
    for to in ("mcr-json", "mcr-xml"):
        out = tmp_path / f"out.{to}"
        assert main(["convert", str(src), "--to", to, "-o", str(out)]) == 0
        _same(read_log(out.read_bytes()), log)
    capsys.readouterr()
    assert main(["convert", str(src), "--to", "tenhou6"]) == 2
    assert "cannot be written as tenhou6" in capsys.readouterr().err
    riichi = tmp_path / "r.xml"
    riichi.write_bytes(simple_game4())
    assert main(["convert", str(riichi), "--to", "mcr-xml"]) == 2


@pytest.mark.corpus
def test_real_mcr_records_written_in_the_dialect_keep_what_the_audit_checks():
    from mjlog import replay
    from mjlog.formats.reader import read_games
    from tests.support.paths import CORPUS

    records = read_games(CORPUS / "mcr" / "botzone" / "sample.txt")
    records += [read_log(p) for p in sorted((CORPUS / "mcr" / "pmn").glob("*.pmn"))]
    assert len(records) == 19
    for rec in records:
        for write in (write_xml, write_json):
            back = read_log(write(rec))
            assert back.rules == rec.rules and back.final == rec.final and back.header.hands == rec.header.hands
            for a, b in zip(back.rounds, rec.rounds):
                assert a.hands == b.hands and a.payload.wall_shape == b.payload.wall_shape
                assert a.payload.result == b.payload.result and a.payload.lost_claims == b.payload.lost_claims
                assert [type(e) for e in a.events] == [type(e) for e in b.events]
                assert [e.payload for e in a.events if hasattr(e, "payload")] == \
                    [e.payload for e in b.events if hasattr(e, "payload")]
            assert list(replay(back).findings) == []


def _first_win_counting(text: str, fans: int) -> str:
    """``text`` with its first win's first fan line counted so that the win counts ``fans`` fans in all."""
    match = re.search(r'fan="([^"]*)"', text)
    lines = [part.split(",") for part in match[1].split(";")]
    rest = sum(int(count) for _, _, count in lines[1:])
    lines[0][2] = str(fans - rest)
    return text[:match.start(1)] + ";".join(",".join(line) for line in lines) + text[match.end(1):]


def test_a_win_counting_more_fans_than_the_store_holds_is_refused_at_reading(log, tmp_path):
    """Each counted fan is one of the store's items of the win (its order a TINYINT): a win counting
    128 or more is one line at reading, never a failure of the row builder."""
    from mjlog.ir.check import PER_HAND_LIMIT
    from mjlog.store import Store

    text = write_xml(log).decode()
    with pytest.raises(MalformedLogError, match=f"the win counts 128 fans, more than {PER_HAND_LIMIT}"):
        read_xml_bytes(_first_win_counting(text, PER_HAND_LIMIT + 1).encode(), "many.xml")
    at_limit = tmp_path / "limit.xml"
    at_limit.write_text(_first_win_counting(text, PER_HAND_LIMIT), encoding="utf-8")
    with Store(":memory:") as st:
        st.ingest([at_limit])
        assert st.sql("SELECT count(*) AS n FROM unreadable")["n"][0] == 0
        items = st.sql("SELECT max(n) AS n FROM (SELECT count(*) AS n FROM win_items WHERE NOT derived "
                       "GROUP BY round_index, win_index)")["n"][0]
    assert items == PER_HAND_LIMIT
