"""A riichi win's own recorded values (fu, limit, yaku, dora, pao) and a riichi draw's kind are the
family's payloads on the generic ``Win`` and ``Ryuukyoku`` (mjlog/rules/riichi/record.py), whichever
reader built them."""

from __future__ import annotations

import dataclasses

import pytest

from mjlog import accel
from mjlog.errors import MalformedLogError
from mjlog.formats.mjai.write import dumps_mjai
from mjlog.formats.tenhou.json_write import dumps_tenhou6
from mjlog.ir import Ryuukyoku, Win
from mjlog.ir.check import check_replayable
from mjlog.formats.reader import read_log
from mjlog.rules.riichi.record import (
    NOTHING_RECORDED, DrawKind, RiichiDraw, RiichiWin, draw_kind, recorded, recorded_fu, riichi_draw, riichi_win,
)
from tests.support.replaybuild import game, pinfu_tsumo_hand

RIICHI_FIELDS = {"fu", "limit", "yaku", "yakuman", "dora_indicators", "ura_indicators", "pao_who"}


def _wins(log) -> list[Win]:
    return [e for r in log.rounds for e in r.events if type(e) is Win]


def test_the_generic_win_holds_no_riichi_values():
    assert RIICHI_FIELDS.isdisjoint(f.name for f in dataclasses.fields(Win))
    assert RIICHI_FIELDS == {f.name for f in dataclasses.fields(RiichiWin)}


def test_every_riichi_reader_puts_the_values_on_a_riichi_payload(monkeypatch):
    xml = game(pinfu_tsumo_hand((-700, 1500, -400, -400)))
    log = read_log(xml)
    want = RiichiWin(fu=20, yaku=((0, 1), (7, 1)), dora_indicators=(117,))
    assert [w.payload for w in _wins(log)] == [want]
    for data in (dumps_tenhou6(log), dumps_mjai(log)):  # tile kinds only: the copy of the indicator may differ
        got = _wins(read_log(data.encode()))[0].payload
        assert type(got) is RiichiWin and (got.fu, got.yaku, got.dora_indicators[0] // 4) == (20, want.yaku, 117 // 4)
    monkeypatch.setattr("mjlog.formats.tenhou.xml_outcomes._read_win", None)  # the pure-Python twin of the C reader
    assert [w.payload for w in _wins(read_log(xml))] == [want]


@pytest.mark.skipif(accel.read_win is None, reason="the compiled module is not built")
def test_the_compiled_element_reader_builds_the_same_win_as_the_python_one(monkeypatch):
    xml = game(pinfu_tsumo_hand((-700, 1500, -400, -400)))
    compiled = _wins(read_log(xml))
    monkeypatch.setattr("mjlog.formats.tenhou.xml_outcomes._read_win", None)
    assert compiled == _wins(read_log(xml))


def test_a_win_built_without_a_payload_records_nothing():
    w = Win(0, 1, (4, 5, 6), 6, points=1000)
    assert recorded(w) is NOTHING_RECORDED and recorded(w).han == 0
    w = riichi_win(0, 0, (4,), 4, yakuman=(39, 49), limit=5)
    assert recorded(w).han == 26 and recorded(w).has_value


def test_the_fu_of_a_limit_hand_is_unknown_where_the_format_leaves_it_out():
    log = read_log(game(pinfu_tsumo_hand((-700, 1500, -400, -400))))
    w = _wins(log)[0]
    mangan = dataclasses.replace(w, payload=dataclasses.replace(w.payload, fu=0, limit=1))
    assert recorded_fu(log, mangan) == 0
    assert recorded_fu(dataclasses.replace(log, unrecorded=frozenset({"limit_fu"})), mangan) is None
    assert recorded_fu(dataclasses.replace(log, unrecorded=frozenset({"limit_fu"})), w) == 20


def test_a_payload_seat_or_tile_outside_the_table_is_malformed():
    log = read_log(game(pinfu_tsumo_hand((-700, 1500, -400, -400))))
    rnd = log.rounds[0]
    bad_events = tuple(dataclasses.replace(e, payload=dataclasses.replace(e.payload, pao_who=7)) if type(e) is Win
                       else e for e in rnd.events)
    hand_built = dataclasses.replace(log, rounds=(dataclasses.replace(rnd, events=bad_events),))
    with pytest.raises(MalformedLogError, match="Win.pao_who 7 is not a seat"):
        check_replayable(hand_built, 136)
    bad_events = tuple(dataclasses.replace(e, payload=dataclasses.replace(e.payload, ura_indicators=(500,)))
                       if type(e) is Win else e for e in rnd.events)
    hand_built = dataclasses.replace(log, rounds=(dataclasses.replace(rnd, events=bad_events),))
    with pytest.raises(MalformedLogError, match="Win.ura_indicators holds a value that is not a tile id"):
        check_replayable(hand_built, 136)


def test_the_generic_draw_has_no_kind_and_a_riichi_draw_carries_it():
    assert "kind" not in {f.name for f in dataclasses.fields(Ryuukyoku)}
    assert draw_kind(Ryuukyoku()) is DrawKind.EXHAUSTIVE   # no payload: the exhaustive draw
    d = riichi_draw(DrawKind.FOUR_WINDS, honba=2)
    assert d.payload == RiichiDraw(DrawKind.FOUR_WINDS) and draw_kind(d).abortive and d.honba == 2


@pytest.mark.parametrize("kind", [None, "yao9", "nm"])
def test_every_riichi_reader_puts_the_draw_kind_on_a_riichi_payload(kind, monkeypatch):
    typ = f' type="{kind}"' if kind else ""
    xml = game(pinfu_tsumo_hand((-700, 1500, -400, -400)))
    head, _, _ = xml.partition(b"<AGARI")  # the hand ends in a draw of that kind instead
    tail = xml[xml.index(b"/>", xml.index(b"<AGARI")) + 2:]
    draw = f'<RYUUKYOKU{typ} ba="0,0" sc="250,0,250,0,250,0,250,0" />'.encode()
    log = read_log(head + draw + tail)
    want = DrawKind(kind) if kind else DrawKind.EXHAUSTIVE
    assert draw_kind(log.rounds[0].events[-1]) is want
    monkeypatch.setattr("mjlog.formats.tenhou.xml_outcomes._read_draw", None)  # the pure-Python twin of the C reader
    assert read_log(head + draw + tail).rounds[0].events[-1].payload == RiichiDraw(want)
