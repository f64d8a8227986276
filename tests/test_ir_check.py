"""The IR boundary's ranges: each fits the store's columns, a value at a bound reads, one past it
is a malformed log naming the place."""

from __future__ import annotations

import pyarrow as pa
import pytest

from mjlog.errors import MalformedLogError
from mjlog.ingest_rows import SCHEMAS
from mjlog.ir_check import COUNTER_LIMIT, EVENT_LIMIT, PER_HAND_LIMIT, ROUND_LIMIT, SCORE_LIMIT, SMALL_RANGE
from mjlog.reader import read_log
from tests.xmlbuild import simple_game4


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

    from mjlog.ir_check import check_log

    log = read_log(simple_game4())
    bad = dataclasses.replace(log, rounds=(dataclasses.replace(log.rounds[0], honba="3"),))
    with pytest.raises(MalformedLogError, match="wrong type"):
        check_log(bad)
