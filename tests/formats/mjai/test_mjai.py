"""mjai read and write: round trips of simulated games (4 and 3 players, rich and plain), the
format's sniffing against tenhou.net/6 JSON, yaku names, inferred values, the audit's note and
``mjlog convert`` to and from mjai."""

from __future__ import annotations

import dataclasses
import json

import pytest

from mjlog.cli import main
from mjlog.findings import FindingKind, Severity
from mjlog.formats import format_of
from mjlog.replayer.derived_values import with_derived_win_values
from mjlog.formats.mjai.common import YAKU_NAMES, parse_tile, sniff, tile_name
from mjlog.formats.mjai.write import dumps_mjai
from mjlog.formats.tenhou.json import dumps_tenhou6
from mjlog.formats.tenhou.xml_write import dumps_xml
from mjlog.ir import Ryuukyoku, Win
from mjlog.rules.riichi.record import DrawKind
from mjlog.formats.reader import read_log
from mjlog.replayer import replay
from mjlog.rules.riichi.yaku_table import YAKU
from tests.support.mjai_build import lines, plain, simulated
from tests.support.mjai_compare import game_key

GAMES = [("tenhou-4p-south", s) for s in range(3)] + [("tenhou-3p-south", s) for s in range(3)] + [
    ("tenhou-4p-east", 5), ("tenhou-3p-east", 5)]


def _faults(log) -> list:
    return [f for f in replay(log).findings if f.severity is not Severity.NOTE]


@pytest.mark.parametrize("preset,seed", GAMES)
def test_mjai_round_trip_keeps_every_recorded_value(preset, seed):
    log, text = simulated(preset, seed)
    back = read_log(text.encode(), "game.mjson")
    assert back.source_format == "mjai"
    assert back.rules.name == log.rules.name and back.n_players == log.n_players
    assert game_key(back) == game_key(log)
    assert _faults(back) == []


@pytest.mark.parametrize("preset,seed", GAMES)
def test_plain_mjai_round_trip_infers_draws_tenpai_and_pao_and_audits_clean(preset, seed):
    log, text = simulated(preset, seed)
    back = read_log(plain(text).encode(), "game.mjson")
    assert {"win_value", "final_scores", "wall", "tile_ids"} <= back.unrecorded
    has_draw = any(isinstance(e, Ryuukyoku) for r in log.rounds for e in r.events)
    assert ("draw_kind" in back.unrecorded) == has_draw
    want, got = game_key(log, rich=False), game_key(back, rich=False)
    assert got[:-1] == want[:-1]
    assert back.final is not None and back.final.scores == log.final.scores  # computed from the hands
    assert _faults(back) == []


def test_three_player_mjai_has_three_seats_kita_and_no_chi():
    kinds = set()
    for seed in range(3):
        log, text = simulated("tenhou-3p-south", seed)
        events = lines(text)
        kinds |= {e["type"] for e in events}
        starts = [e for e in events if e["type"] == "start_kyoku"]
        assert all(len(e["scores"]) == 3 and len(e["tehais"]) == 3 for e in starts)
        assert all(len(e["deltas"]) == 3 for e in events if e["type"] in ("hora", "ryukyoku"))
    assert "kita" in kinds and "chi" not in kinds


def test_the_audit_notes_what_mjai_does_not_record_once():
    _, text = simulated("tenhou-4p-south", 0)
    notes = [f for f in replay(read_log(plain(text).encode(), "g.mjson")).findings
             if f.kind is FindingKind.UNRECORDED]
    assert len(notes) == 1 and notes[0].severity is Severity.NOTE
    for words in ("the wall", "the dice", "which copy", "yaku, han, fu", "final scores", "placement points"):
        assert words in notes[0].message


def test_a_changed_delta_in_mjai_is_a_payment_finding():
    _, text = simulated("tenhou-4p-south", 1)
    events = lines(text)
    hora = next(e for e in events if e["type"] == "hora")
    hora["deltas"][hora["actor"]] += 100
    hora["deltas"][(hora["actor"] + 1) % 4] -= 100
    bad = read_log(("\n".join(json.dumps(e) for e in events)).encode(), "g.mjson")
    assert any(f.kind is FindingKind.PAYMENT for f in _faults(bad))


def test_sniff_tells_mjai_from_tenhou_json_both_ways():
    log, text = simulated("tenhou-4p-south", 0)
    assert format_of(text.encode()).name == "mjai"
    six = dumps_tenhou6(log).encode()
    assert format_of(six).name == "tenhou-json"
    one_line_per_round = b"\n".join(json.dumps(dict(json.loads(six), log=[r])).encode()
                                    for r in json.loads(six)["log"][:2])
    assert format_of(one_line_per_round).name == "tenhou-json"
    assert not sniff(b'[{"type": "start_game"}]') and sniff(b'\xef\xbb\xbf {"type":"none"}')


def test_tile_names_cover_every_kind_and_red_five():
    assert [tile_name(k * 4 + 1) for k in range(34)][::9] == ["1m", "1p", "1s", "E"]
    assert [tile_name(k * 4 + 1) for k in range(27, 34)] == list("ESWNPFC")
    assert [tile_name(t) for t in (16, 52, 88)] == ["5mr", "5pr", "5sr"]
    assert all(parse_tile(tile_name(t)) == (t >> 2, t in (16, 52, 88)) for t in range(136))
    assert parse_tile("?") is None and parse_tile("0m") is None


def test_yaku_names_follow_tenhou_ids_and_mark_the_yakuman():
    assert len(YAKU_NAMES) == len(YAKU)
    assert [YAKU_NAMES[i] for i in (0, 1, 7, 22, 39, 47, 52, 53, 54)] == [
        "menzenchin_tsumoho", "reach", "pinfu", "chitoitsu", "daisangen", "kokushimuso", "dora", "uradora",
        "akadora"]


def _start(tehais, **kw) -> list[dict]:
    head = {"type": "start_kyoku", "bakaze": "E", "dora_marker": "1p", "kyoku": 1, "honba": 0, "kyotaku": 0,
            "oya": 0, "scores": [25000] * 4, "tehais": tehais}
    head.update(kw)
    return [{"type": "start_game", "names": ["a", "b", "c", "d"]}, head]


def _read(events: list[dict]):
    return read_log("".join(json.dumps(e) + "\n" for e in events).encode(), "t.mjson")


_OTHER = [["1s", "1s", "2s", "2s", "3s", "3s", "4s", "4s", "6s", "6s", "7s", "7s", "8s"],
          ["2p", "2p", "3p", "3p", "4p", "4p", "6p", "6p", "7p", "7p", "8p", "8p", "9s"],
          ["2m", "2m", "3m", "3m", "4m", "4m", "6m", "6m", "7m", "7m", "8m", "8m", "9s"]]


def test_a_ryukyoku_without_reason_after_a_draw_is_nine_terminals_showing_the_drawer():
    tehai = ["1m", "9m", "1p", "9p", "1s", "9s", "E", "S", "W", "N", "P", "F", "2m"]
    events = _start([tehai] + _OTHER) + [{"type": "tsumo", "actor": 0, "pai": "C"},
                                         {"type": "ryukyoku", "deltas": [0, 0, 0, 0]}, {"type": "end_kyoku"}]
    draw = _read(events).rounds[0].events[-1]
    assert isinstance(draw, Ryuukyoku) and draw.payload.kind is DrawKind.NINE_TERMINALS
    assert draw.shown == (0,)


def test_suanko_tanki_and_the_double_forms_are_told_from_the_hand():
    tehai = ["1m", "1m", "1m", "9p", "9p", "9p", "5s", "5s", "5s", "E", "E", "E", "C"]
    events = _start([tehai] + _OTHER) + [
        {"type": "tsumo", "actor": 0, "pai": "C"},
        {"type": "hora", "actor": 0, "target": 0, "deltas": [48000, -16000, -16000, -16000], "ura_markers": [],
         "yakus": [["suanko", 26]], "fu": 50, "fan": 26, "hora_points": 48000},
        {"type": "end_kyoku"}]
    win = _read(events).rounds[0].events[-1]
    assert isinstance(win, Win) and win.payload.yakuman == (41,) and win.payload.limit == 5 and win.points == 48000


def test_convert_to_mjai_and_back_to_xml_and_tenhou6(tmp_path, capsys):
    log, text = simulated("tenhou-4p-south", 2)
    src = tmp_path / "game.xml"
    src.write_text(dumps_xml(log))
    out = tmp_path / "game.mjson"
    assert main(["convert", str(src), "--to", "mjai", "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == text
    (tmp_path / "plain.mjson").write_text(plain(text), encoding="utf-8")
    assert main(["convert", str(tmp_path / "plain.mjson"), "--to", "xml", "-o", str(tmp_path / "back.xml")]) == 0
    xml = (tmp_path / "back.xml").read_text(encoding="utf-8")
    assert "<SHUFFLE" not in xml
    again = read_log(tmp_path / "back.xml")
    assert game_key(again) == game_key(log)  # the win values the plain mjai lacks are the replay's, as recorded
    assert _faults(again) == []
    assert main(["convert", str(tmp_path / "plain.mjson"), "--to", "tenhou6"]) == 0
    six = read_log(capsys.readouterr().out.encode(), "back.json")
    assert game_key(six, rich=False) == game_key(log, rich=False)


def test_win_values_are_filled_from_the_replay_only_where_unrecorded():
    log, text = simulated("tenhou-3p-south", 1)
    rich = read_log(text.encode(), "g.mjson")
    assert with_derived_win_values(rich) is rich
    filled = with_derived_win_values(read_log(plain(text).encode(), "g.mjson"))
    assert "win_value" not in filled.unrecorded
    assert game_key(filled) == game_key(rich)[:-1] + [game_key(filled)[-1]]


def test_xml_written_by_mjlog_reads_back_as_the_same_game():
    log, _ = simulated("tenhou-4p-east", 5)
    back = read_log(dumps_xml(log).encode(), "g.xml")
    assert back.rounds == log.rounds and back.final == log.final and back.seed == log.seed


def test_a_rule_set_off_its_preset_travels_as_mjlog_knobs():
    from mjlog.rules.family import apply_knobs
    from mjlog.rules.riichi.ruleset import PRESETS
    from mjlog.rules.riichi.simulate import simulate_game

    rules = apply_knobs(PRESETS["tenhou-4p-south"], "open_tanyao=False;uma=(30, 10, -10, -30)")
    # a log whose own rule set is off its preset (the XML reader keeps GO knobs apart, for the audit)
    log = dataclasses.replace(read_log(simulate_game(rules, 4), "knobs.xml"), rules=rules)
    text = dumps_mjai(log)
    assert "mjlog_knobs" in lines(text)[0]
    back = read_log(text.encode(), "knobs.mjson")
    assert dataclasses.replace(back.rules, name=rules.name) == rules
    assert back.rules.open_tanyao is False and back.rules.uma == (30, 10, -10, -30)
