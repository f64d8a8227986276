"""The situation tables of the families without riichi (Datong, Beijing, MCR): ``win_situations`` and
``calls`` on hands built so that every situation is known (a concealed self-draw at turn 3, a deal-in
into an open hand, a call of each kind), no ``draw_tenpai`` (their rules define no tenpai at a draw),
and on the corpus's MCR records and simulated Beijing games against the wins they must agree with."""

from __future__ import annotations

import pytest

from mjlog.batch.simulate import simulate
from mjlog.formats.datong.xml import write_datong_xml
from mjlog.rules import family
from mjlog.rules.beijing.ruleset import PRESETS as BEIJING
from mjlog.rules.datong.ruleset import PRESETS
from mjlog.store.rows import build_chunk, build_chunk_from_bytes
from tests.support.datong_games import chi_hand
from tests.support.datongbuild import GameBuilder
from tests.support.paths import CORPUS


def _concealed_self_draw_at_turn_3_then_every_kan() -> bytes:
    """Hand 0: East (the dealer) throws 1z and 2z, then self-draws 5m into 111 234 456 789 99m,
    concealed, on its third turn. Hand 1 (East keeps the deal): South makes an open kan of East's 5p
    on its first turn, West pons North's 7z and adds the fourth 7z, East makes a closed kan of 9s; East
    then self-draws 9m into 123 456 789m 11z, concealed beside its closed kan, on its third turn."""
    g = GameBuilder()
    h = g.hand(["1112344678999m", "", "", ""], keep="1z2z5m")
    h.turn(0, "1z", "1z")
    for seat in (1, 2, 3):
        h.turn(seat)
    h.turn(0, "2z", "2z")
    for seat in (1, 2, 3):
        h.turn(seat)
    h.draw(0, "5m")
    h.win(0)
    h = g.hand(["5p9999s123m456m78m", "555p", "77z", "7z"], keep="7z1z2z3z9m")
    h.turn(0, "1z", "5p")
    h.call(1, "daiminkan", "5555p", replacement="3z")
    h.discard(1, "3z")
    h.turn(2)
    h.turn(3, None, "7z")
    h.call(2, "pon", "777z")
    h.discard(2)
    h.turn(3)
    h.draw(0, "2z")
    h.call(0, "ankan", "9999s", replacement="1z")
    h.discard(0, "2z")
    h.turn(1)
    h.draw(2, "7z")
    h.call(2, "kakan", "7z", replacement="3z")
    h.discard(2, "3z")
    h.turn(3)
    h.draw(0, "9m")
    h.win(0)
    return write_datong_xml(g.log(False))


def _table(chunk, name):
    return sorted(({k: v for k, v in r.items() if k != "game_id"} for r in chunk.tables[name].to_pylist()),
                  key=lambda r: (r["round_index"], r["event_index"], r["seat"]))


def test_a_concealed_self_draw_at_turn_3_is_stored_with_its_turn_and_style():
    chunk = build_chunk_from_bytes([("a.xml", _concealed_self_draw_at_turn_3_then_every_kan())])
    wins = _table(chunk, "win_situations")
    assert wins[0] == {"round_index": 0, "event_index": wins[0]["event_index"], "seat": 0, "turn": 3,
                       "style": "concealed", "tsumo": True, "deal_in_seat": None, "deal_in_turn": None,
                       "deal_in_style": None, "points": None}
    assert _table(chunk, "draw_tenpai") == []


def test_a_call_of_each_kan_kind_and_a_pon_are_stored_with_turn_seat_and_first_call():
    chunk = build_chunk_from_bytes([("a.xml", _concealed_self_draw_at_turn_3_then_every_kan())])
    calls = [(c["seat"], c["kind"], c["turn"], c["tile_kind"], c["from_seat"], c["first_call"], c["riichi"],
              c["first_call_reason"]) for c in _table(chunk, "calls")]
    assert calls == [(1, "daiminkan", 1, 13, 0, True, None, None), (2, "pon", 2, 33, 3, True, None, None),
                     (0, "ankan", 2, 26, None, False, None, None), (2, "kakan", 3, 33, None, False, None, None)]
    # a closed kan keeps the winner concealed
    (_, second) = _table(chunk, "win_situations")
    assert (second["seat"], second["style"], second["tsumo"], second["turn"]) == (0, "concealed", True, 3)


def _deal_in_into_an_open_hand() -> bytes:
    """South pons East's 7z, throws its odd tile and wins on West's 4m: West, concealed, deals in on its
    first discard into South's open hand."""
    g = GameBuilder()
    h = g.hand(["7z", "77z123m456p789s4m", "", ""], keep="1z4m7z")
    h.turn(0, "1z", "7z")
    h.call(1, "pon", "777z")
    h.discard(1)
    h.turn(2, "4m", "4m")
    h.win(1, from_seat=2)
    return write_datong_xml(g.log(False))


def test_a_deal_in_into_an_open_hand_is_stored_with_both_styles():
    chunk = build_chunk_from_bytes([("pon.xml", _deal_in_into_an_open_hand())])
    (win,) = _table(chunk, "win_situations")
    assert win == {"round_index": 0, "event_index": 6, "seat": 1, "turn": 1, "style": "open", "tsumo": False,
                   "deal_in_seat": 2, "deal_in_turn": 1, "deal_in_style": "concealed", "points": None}
    (pon,) = _table(chunk, "calls")
    assert (pon["kind"], pon["seat"], pon["turn"], pon["tile_kind"], pon["from_seat"], pon["first_call"]) == \
        ("pon", 1, 1, 33, 0, True)


def test_a_chi_is_a_first_call_row_that_opens_the_winner():
    """Datong's chi knob on (its dialects record only the preset, so the rows come from the family's hook)."""
    log = chi_hand(True)
    rows = family("datong").store.round_rows(log, log.rounds[0])
    (chi,) = rows["calls"]
    assert (chi["kind"], chi["seat"], chi["turn"], chi["tile_kind"], chi["from_seat"], chi["first_call"]) == \
        ("chi", 1, 1, 3, 0, True)
    (win,) = rows["win_situations"]
    assert (win["style"], win["deal_in_seat"], win["deal_in_style"]) == ("open", 2, "concealed")
    assert "draw_tenpai" not in rows


def _agree_with_wins(chunk) -> list[dict]:
    """The situations of the chunk's wins, each checked against its ``wins`` row (seat, self-draw, the
    deal-in's seat, concealed or open)."""
    wins = {(w["game_id"], w["round_index"], w["event_index"]): w for w in chunk.tables["wins"].to_pylist()}
    rows = chunk.tables["win_situations"].to_pylist()
    assert len(rows) == len(wins) > 0
    for s in rows:
        w = wins[s["game_id"], s["round_index"], s["event_index"]]
        assert (s["seat"], s["tsumo"], s["deal_in_seat"]) == (w["seat"], w["tsumo"], w["deal_in_seat"])
        assert s["style"] == ("open" if w["open_hand"] else "concealed") and s["turn"] >= 0, (s, w)
    assert chunk.tables["draw_tenpai"].num_rows == 0
    return rows


def test_simulated_beijing_and_datong_games_fill_the_tables(tmp_path):
    files = [*simulate(2, BEIJING["beijing"], seed=1, out_dir=tmp_path / "bj", progress=False),
             *simulate(2, PRESETS["datong"], seed=1, out_dir=tmp_path / "dt", progress=False)]
    chunk = build_chunk([str(p) for p in files])
    rows = _agree_with_wins(chunk)
    assert {r["style"] for r in rows} == {"open", "concealed"}
    calls = chunk.tables["calls"].to_pylist()
    assert {"pon"} <= {c["kind"] for c in calls} and all(c["riichi"] is None for c in calls)


@pytest.mark.corpus
def test_the_corpus_mcr_records_fill_the_situation_tables():
    paths = sorted(str(p) for d in ("pmn", "botzone") for p in (CORPUS / "mcr" / d).iterdir() if p.is_file())
    chunk = build_chunk(paths)
    rows = _agree_with_wins(chunk)
    assert {r["style"] for r in rows} == {"open", "concealed"}
    assert any(not r["tsumo"] for r in rows) and any(r["tsumo"] for r in rows)
    calls = chunk.tables["calls"].to_pylist()
    assert {"chi", "pon"} <= {c["kind"] for c in calls}
    opening = [c for c in calls if c["kind"] in ("chi", "pon", "daiminkan")]
    assert len(opening) == sum(r["n_calls"] for r in chunk.tables["rounds"].to_pylist())


@pytest.mark.parametrize("old", ["6", "7"])
def test_a_store_of_an_older_schema_is_refused_naming_both_versions(tmp_path, old):
    """A version-6 store holds no Beijing, MCR or Datong situation rows (and its ``calls.riichi`` refuses
    NULL); a version-7 one NULL for every MCR first call's reason, which this mjlog derives: this mjlog
    asks for a new file rather than mixing the two."""
    import duckdb

    from mjlog.store import Store, StoreVersionError
    from mjlog.store.database import SCHEMA_VERSION

    db = tmp_path / f"v{old}.duckdb"
    with Store(str(db)):
        pass
    con = duckdb.connect(str(db))
    con.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", [old])
    con.close()
    assert SCHEMA_VERSION == "8"
    with pytest.raises(StoreVersionError, match=f"schema version {old}, this mjlog writes 8"):
        Store(str(db))
