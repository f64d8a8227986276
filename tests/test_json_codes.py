"""tenhou.net/6 JSON tile codes, looked up from a table for every tile id and computed outside it."""

from __future__ import annotations

from mjlog.tiles import N_TILES, RED_FIVES, json_code_kind, to_json_code


def test_json_code_of_every_tile_id_names_its_kind_and_red_fives_only_under_red_rules():
    for t in range(N_TILES):
        red, plain = to_json_code(t, True), to_json_code(t, False)
        assert json_code_kind(plain) == t >> 2 and plain < 50
        assert red == (51 + t // 36 if t in RED_FIVES else plain)
    assert [to_json_code(t) for t in (0, 16, 17, 52, 88, 108, 135)] == [11, 51, 15, 52, 53, 41, 47]


def test_json_code_outside_the_table_is_the_formula_not_an_index_error():
    for t in (-1, 136, 143):
        k = t >> 2
        assert to_json_code(t, True) == to_json_code(t, False) == (k // 9 + 1) * 10 + k % 9 + 1
