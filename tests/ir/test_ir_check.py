"""The IR boundary's ranges: each fits the store's columns, a value at a bound reads, one past it
is a malformed log naming the place."""

from __future__ import annotations

import pyarrow as pa
import pytest

from mjlog.errors import MalformedLogError
from mjlog.store.arrow_schema import SCHEMAS
from mjlog.ir.check import COUNTER_LIMIT, EVENT_LIMIT, PER_HAND_LIMIT, ROUND_LIMIT, SCORE_LIMIT, SMALL_RANGE
from mjlog.formats.reader import read_log
from tests.support.xmlbuild import simple_game4


def _max(typ: pa.DataType) -> int:
    if pa.types.is_list(typ):
        typ = typ.value_type
    return 2 ** (typ.bit_width - 1) - 1


@pytest.mark.parametrize("table, column, largest", [
    ("rounds", "honba", COUNTER_LIMIT), ("rounds", "sticks", COUNTER_LIMIT), ("wins", "fu", COUNTER_LIMIT),
    ("events", "event_index", EVENT_LIMIT), ("rounds", "n_events", EVENT_LIMIT), ("rounds", "round_index", ROUND_LIMIT),
    ("rounds", "n_wins", PER_HAND_LIMIT), ("rounds", "n_calls", PER_HAND_LIMIT), ("win_items", "item_order", PER_HAND_LIMIT),
    ("rounds", "n_riichi_declared", PER_HAND_LIMIT), ("payments", "result_index", PER_HAND_LIMIT),
    ("wins", "limit", SMALL_RANGE[1]), ("wins", "dora", SMALL_RANGE[1]), ("players", "rank", SMALL_RANGE[1]),
    ("wins", "han", PER_HAND_LIMIT * SMALL_RANGE[1]), ("wins", "points", SCORE_LIMIT),
    # a start score plus the largest hand's payments with the largest honba and sticks
    ("rounds", "end_scores", SCORE_LIMIT + 6 * 48000 * 3 + COUNTER_LIMIT * 300 + COUNTER_LIMIT * 1000),
    ("wins", "derived_deltas", SCORE_LIMIT + 6 * 48000 * 3 + COUNTER_LIMIT * 300 + COUNTER_LIMIT * 1000),
])
def test_every_range_fits_its_store_column(table, column, largest):
    assert largest <= _max(SCHEMAS[table].field(column).type)


@pytest.mark.parametrize("original, at_bound, past_bound, words", [
    (b'seed="0,0,0,', b'seed="0,32767,0,', b'seed="0,32768,0,', "the honba count of 32768 is outside 0..32767"),
    (b'seed="0,0,0,', b'seed="0,0,32767,', b'seed="0,0,32768,', "the riichi-stick count of 32768 is outside"),
    (b'ten="250,', b'ten="1000000,', b'ten="1000001,', "a start score of 100000100 is outside"),
    (b'sc="250,30,', b'sc="1000000,30,', b'sc="1000001,30,', "a score before the result of 100000100 is outside"),
    (b'dan="10,', b'dan="127,', b'dan="128,', "the player's rank of 128 is outside -128..127"),
])
def test_a_value_at_its_bound_reads_and_one_past_it_is_malformed(original, at_bound, past_bound, words):
    assert read_log(simple_game4().replace(original, at_bound))
    with pytest.raises(MalformedLogError) as info:
        read_log(simple_game4().replace(original, past_bound), "g.xml")
    assert words in info.value.reason and info.value.source == "g.xml" and info.value.where


def test_more_wins_in_a_hand_than_a_count_column_holds_is_malformed():
    data = simple_game4()
    ryuukyoku = data[data.index(b"<RYUUKYOKU"):data.index(b"</mjloggm>")]
    win = (b'<AGARI ba="0,0" hai="0,4,8,12,16,20,24,28,32,36,40,44,48,100" machi="100" ten="30,1000,0" '
           b'yaku="1,1" doraHai="135" who="0" fromWho="1" sc="250,10,250,-10,250,0,250,0"/>')
    with pytest.raises(MalformedLogError) as info:
        read_log(data.replace(ryuukyoku, win * (PER_HAND_LIMIT + 1)))
    assert f"{PER_HAND_LIMIT + 1} wins, more than {PER_HAND_LIMIT}" in info.value.reason


def test_a_value_of_the_wrong_type_is_malformed_not_an_internal_error():
    import dataclasses

    from mjlog.ir.check import check_log

    log = read_log(simple_game4())
    bad = dataclasses.replace(log, rounds=(dataclasses.replace(log.rounds[0], honba="3"),))
    with pytest.raises(MalformedLogError, match="wrong type"):
        check_log(bad)


def test_the_check_names_no_family_and_no_format():
    import ast
    from pathlib import Path

    import mjlog.ir.check

    tree = ast.parse(Path(mjlog.ir.check.__file__).read_text())
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    # mjlog.accel: the compiled helpers (a core module, neither a family nor a format)
    assert {m for m in imported if m and m.startswith("mjlog")} == {"mjlog.accel", "mjlog.errors", "mjlog.ir"}


def _with_events(log, events):
    import dataclasses

    return dataclasses.replace(log, rounds=(dataclasses.replace(log.rounds[0], events=tuple(events)),))


def test_a_registered_payload_checks_its_own_fields_and_is_placed():
    import dataclasses

    from mjlog.ir import Win
    from mjlog.ir.check import OutOfRange, PayloadCheck, check_log, register_payload, unregister

    @dataclasses.dataclass(frozen=True)
    class ToyRecord:
        stars: int

    def stars_fit(r: ToyRecord) -> None:
        if not 0 <= r.stars <= 9:
            raise OutOfRange(f"{r.stars} stars are more than 9")

    log = read_log(simple_game4())
    events = list(log.rounds[0].events)
    register_payload(ToyRecord, PayloadCheck(values=stars_fit))
    try:
        assert check_log(_with_events(log, events[:-1] + [Win(0, 1, (0,), 0, payload=ToyRecord(9))]))
        with pytest.raises(MalformedLogError) as info:
            check_log(_with_events(log, events[:-1] + [Win(0, 1, (0,), 0, payload=ToyRecord(10))]))
        assert info.value.reason == "10 stars are more than 9"
        assert info.value.where == f"round 0 (East 1), event {len(events) - 1}"
    finally:
        unregister(ToyRecord)
    assert check_log(_with_events(log, events[:-1] + [Win(0, 1, (0,), 0, payload=ToyRecord(10))]))


def test_a_family_event_registered_as_counted_is_counted_per_hand():
    from mjlog.ir.check import check_log
    from mjlog.rules.riichi.events import RiichiDeclared

    log = read_log(simple_game4())
    events = list(log.rounds[0].events)
    assert check_log(_with_events(log, [RiichiDeclared(0)] * PER_HAND_LIMIT + events))
    with pytest.raises(MalformedLogError) as info:
        check_log(_with_events(log, [RiichiDeclared(0)] * (PER_HAND_LIMIT + 1) + events))
    assert f"{PER_HAND_LIMIT + 1} riichi declarations, more than {PER_HAND_LIMIT}" in info.value.reason


def test_counted_events_of_several_classes_past_the_limit_together_still_read():
    from mjlog.ir import Call, CallKind
    from mjlog.ir.check import check_log
    from mjlog.rules.riichi.events import RiichiDeclared

    log = read_log(simple_game4())
    events = list(log.rounds[0].events)
    calls = [Call(0, CallKind.PON, (0, 1, 2), 0, 1)] * PER_HAND_LIMIT
    # more than PER_HAND_LIMIT counted events in all, none of the classes past it: the hand reads
    assert check_log(_with_events(log, [RiichiDeclared(0)] * PER_HAND_LIMIT + calls + events))
    with pytest.raises(MalformedLogError) as info:
        check_log(_with_events(log, [RiichiDeclared(0)] * 3 + calls + calls[:1] + events))
    assert "calls, more than" in info.value.reason


def test_a_result_inside_a_hand_built_hand_is_checked_too():
    from mjlog.ir import Ryuukyoku
    from mjlog.ir.check import check_replayable

    log = read_log(simple_game4())
    events = list(log.rounds[0].events)
    built = _with_events(log, [events[0], Ryuukyoku(honba=COUNTER_LIMIT + 1)] + events[1:])
    with pytest.raises(MalformedLogError) as info:
        check_replayable(built, 136)
    assert "the honba count of 32768 is outside" in info.value.reason and info.value.where.endswith("event 1")


def test_a_non_ascii_player_name_reads_and_a_lone_surrogate_in_one_is_malformed():
    import dataclasses

    from mjlog.ir.check import check_log

    log = read_log(simple_game4())
    assert log.players[1].name == "あ" and check_log(log)
    players = (log.players[0], dataclasses.replace(log.players[1], name="あ\udcff")) + log.players[2:]
    with pytest.raises(MalformedLogError) as info:
        check_log(dataclasses.replace(log, players=players))
    assert "lone surrogate" in info.value.reason and info.value.where == "the header, seat 1"


def test_a_tenhou_lobby_number_past_an_integer_column_is_malformed_by_the_lobby_s_own_check():
    assert read_log(simple_game4().replace(b'lobby="0"', b'lobby="2147483647"'))
    with pytest.raises(MalformedLogError) as info:
        read_log(simple_game4().replace(b'lobby="0"', b'lobby="2147483648"'))
    assert "the lobby number of 2147483648 is outside" in info.value.reason and info.value.where == "the header"
