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


def test_the_code_table_holds_to_json_code_of_every_tile_id():
    from mjlog.tiles import json_codes

    for red in (False, True):
        assert json_codes(red) == tuple(to_json_code(t, red) for t in range(N_TILES))


def test_json_tile_lists_put_a_red_five_after_the_black_fives_of_its_kind():
    from mjlog.formats.tenhou.json_write import _codes

    # 5m red (16), 5m (17), 4m (12), 6m (20), 5p red (52), 5p (53), 1z (108), a flower-range id outside the table
    assert _codes((16, 17, 12, 20, 52, 53, 108), True) == [14, 15, 51, 16, 25, 52, 41]
    assert _codes((16, 17, 12), False) == [14, 15, 15]
    assert _codes((140, 0), True) == [11, 49]   # id 140 (kind 35) is outside the table: the formula's code


def test_an_event_of_a_subclass_is_written_as_its_base_event():
    import dataclasses

    from mjlog.formats.tenhou.json_write import round_json
    from mjlog.ir import Draw
    from mjlog.formats.reader import read_log
    from tests.support.xmlbuild import simple_game4

    @dataclasses.dataclass(frozen=True, slots=True)
    class MyDraw(Draw):
        pass

    rnd = read_log(simple_game4()).rounds[0]
    mine = dataclasses.replace(rnd, events=tuple(MyDraw(e.seat, e.tile) if type(e) is Draw else e
                                                 for e in rnd.events))
    assert round_json(mine, 4, True) == round_json(rnd, 4, True)


def test_a_hand_s_fingerprint_digest_stays_what_stores_already_hold():
    """Stores keep each file's fingerprint; a speed change to the hand's view or its digest must not move it
    (the value is the one the code before the table lookups and the shared encoder gave)."""
    from mjlog.formats.identity import identity_of
    from mjlog.formats.reader import read_log
    from tests.support.xmlbuild import simple_game4

    assert identity_of(read_log(simple_game4())).rounds == (((0, 0), "East 1", "32d72869e243a14a5c73242a"),)
