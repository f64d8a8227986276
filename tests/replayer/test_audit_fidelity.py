"""Audit fidelity: the rules come from the header and the presets, quantities the wall fixes are
reported when a log leaves them out, and lobbies or ends a log does not state are said to be so.

The tampered logs start from simulated games (a genuine seed and wall), made to look played by
people: no ``mjlog-synthetic`` title, lobby 0, and a file name in Tenhou's id form.
"""

from __future__ import annotations

import json
import re

import pytest

from mjlog.findings import FindingKind as K
from mjlog.findings import Severity
from mjlog.formats.tenhou.json import dumps_tenhou6
from mjlog.formats.reader import read_log
from mjlog.replayer import replay
from mjlog.rules.riichi.flow import placement_points
from mjlog.rules.riichi.ruleset import PRESETS
from mjlog.rules.riichi.simulate import simulate_game

SOUTH = PRESETS["tenhou-4p-south"]
ROUNDED_ERA_NAME = "2019061512gm-00a9-0000-1234abcd.xml"
UNROUNDED_ERA_NAME = "2023061512gm-00a9-0000-1234abcd.xml"


def _as_played(data: bytes, lobby: int = 0) -> str:
    """A simulated game's XML without the marks of a simulated game."""
    text = data.decode()
    return text.replace(' title="mjlog-synthetic"', "").replace('lobby="9999"', f'lobby="{lobby}"')


def _audit(text: str, name: str = ROUNDED_ERA_NAME):
    return replay(read_log(text.encode(), name=name))


def _kinds(rep) -> list[K]:
    return [f.kind for f in rep.findings]


def _riichi_game() -> str:
    """A played-looking game with at least one riichi win (its AGARI carries doraHaiUra)."""
    for seed in range(40):
        text = _as_played(simulate_game(SOUTH, seed))
        if "doraHaiUra" in text:
            return text
    raise AssertionError("no simulated game with a riichi win")


# ---- the rules come from the header and the presets only ------------------------------------


def test_knobs_in_a_log_not_marked_synthetic_are_a_finding_and_not_applied():
    """A tampered log: placement points changed (uma 30/10) and a matching GO knobs added."""
    text = _as_played(simulate_game(SOUTH.replace(uma=(30, 10, -10, -30)), 1))
    assert 'knobs="uma=' in text
    rep = _audit(text)
    knob = [f for f in rep.findings if f.kind is K.UNSUPPORTED_RULE]
    assert len(knob) == 1 and "knobs" in knob[0].message and knob[0].severity is Severity.ERROR
    assert any(f.kind is K.FINAL_SCORE and "placement" in f.message for f in rep.findings)


def test_knobs_still_apply_in_synthetic_logs():
    rep = replay(read_log(simulate_game(SOUTH.replace(uma=(30, 10, -10, -30)), 1)))
    assert rep.clean and not rep.findings


# ---- the rounding era comes from the game's date ----------------------------------------------


def _with_unrounded_points(text: str) -> str:
    """``text`` with its owari's placement points recomputed without rounding (one decimal)."""
    m = re.search(r'owari="([^"]*)"', text)
    vals = m.group(1).split(",")
    scores = tuple(int(v) * 100 for v in vals[0::2])
    points = placement_points(scores, SOUTH.replace(placement_rounding="none"), 0)
    assert any(p != int(p) for p in points), "pick a game whose unrounded points have decimals"
    owari = ",".join(f"{s // 100},{p:.1f}" for s, p in zip(scores, points))
    return text.replace(m.group(0), f'owari="{owari}"')


def test_unrounded_points_in_a_game_of_the_rounded_era_are_a_finding():
    tampered = _with_unrounded_points(_as_played(simulate_game(SOUTH, 1)))
    rep = _audit(tampered, ROUNDED_ERA_NAME)
    assert [f.kind for f in rep.findings] == [K.FINAL_SCORE]
    assert "placement" in rep.findings[0].message


def test_unrounded_points_in_a_game_of_the_unrounded_era_are_clean():
    rep = _audit(_with_unrounded_points(_as_played(simulate_game(SOUTH, 1))), UNROUNDED_ERA_NAME)
    assert not rep.findings


def test_rounded_points_dated_in_the_unrounded_era_are_derived_without_rounding():
    """Era by date works both ways: a rounded owari in a 2023 game is a mismatch."""
    rep = _audit(_as_played(simulate_game(SOUTH, 1)), UNROUNDED_ERA_NAME)
    assert [f.kind for f in rep.findings] == [K.FINAL_SCORE]


def test_a_game_of_no_known_date_takes_its_rounding_from_the_values_with_a_note():
    rep = _audit(_as_played(simulate_game(SOUTH, 1)), "game.xml")
    assert [(f.kind, f.severity) for f in rep.findings] == [(K.UNRECORDED, Severity.NOTE)]
    assert "rounding" in rep.findings[0].message and rep.clean


def test_a_json_title_dates_the_game():
    log = read_log(_as_played(simulate_game(SOUTH, 1)).encode(), name="game.xml")
    obj = json.loads(dumps_tenhou6(log))
    obj["title"] = ["some cup", "2016/05/03"]
    rep = replay(read_log(json.dumps(obj).encode(), name="game.json"))
    assert not rep.findings


def test_the_store_keeps_the_date_that_picks_the_rounding_era():
    """One date per game: the store's game_date and game_hour are the family's, which dates the era."""
    from mjlog.store.rows import build_chunk_from_bytes

    xml = _as_played(simulate_game(SOUTH, 1)).encode()
    obj = json.loads(dumps_tenhou6(read_log(xml, name="game.xml")))
    obj["title"] = ["some cup", "2016/05/03"]
    chunk = build_chunk_from_bytes([(ROUNDED_ERA_NAME, xml), ("game.json", json.dumps(obj).encode())])
    games = chunk.tables["games"].select(["game_date", "game_hour"]).to_pylist()
    assert [(str(g["game_date"]), g["game_hour"]) for g in games] == [("2019-06-15", 12), ("2016-05-03", None)]


# ---- quantities the wall determines -----------------------------------------------------------


def test_a_riichi_win_without_its_ura_indicators_is_a_finding():
    text = _riichi_game()
    assert not _audit(text).findings
    tampered = re.sub(r' doraHaiUra="[^"]*"', "", text, count=1)
    rep = _audit(tampered)
    ura = [f for f in rep.findings if f.kind is K.WALL]
    assert len(ura) == 1 and "ura" in ura[0].message and ura[0].derived


def test_a_win_without_its_dora_indicators_is_a_finding():
    text = _as_played(simulate_game(SOUTH, 1))
    tampered = re.sub(r' doraHai="[^"]*"', "", text, count=1)
    assert [f.kind for f in _audit(tampered).findings] == [K.WALL]


# ---- lobbies whose rules a log does not state -------------------------------------------------


def test_a_tournament_lobby_is_one_unsupported_rule_not_a_fragment():
    """L10011 with 30,000 start points: a complete game under rules the log does not state."""
    text = _as_played(simulate_game(SOUTH.replace(start_points=30000), 2), lobby=10011)
    text = re.sub(r' knobs="[^"]*"', "", text)
    rep = _audit(text)
    assert [(f.kind, f.severity) for f in rep.findings] == [(K.UNSUPPORTED_RULE, Severity.WARNING)]
    msg = rep.findings[0].message
    assert "L10011" in msg and "30,000 start points" in msg and "placement points" in msg


def test_a_private_room_with_the_standard_start_audits_under_the_standard_rules():
    rep = _audit(_as_played(simulate_game(SOUTH, 1), lobby=7994))
    assert not rep.findings


# ---- a JSON game with every hand but no final result ------------------------------------------


def test_a_json_game_with_every_hand_but_no_result_is_not_called_cut_short():
    log = read_log(_as_played(simulate_game(SOUTH, 1)).encode(), name=ROUNDED_ERA_NAME)
    obj = json.loads(dumps_tenhou6(log))
    del obj["sc"]
    rep = replay(read_log(json.dumps(obj).encode(), name="x.json"))
    assert [(f.kind, f.severity) for f in rep.findings] == [(K.UNRECORDED, Severity.WARNING)]
    assert "no final result" in rep.findings[0].message


def test_a_json_game_cut_short_is_still_truncated():
    log = read_log(_as_played(simulate_game(SOUTH, 1)).encode(), name=ROUNDED_ERA_NAME)
    obj = json.loads(dumps_tenhou6(log))
    del obj["sc"]
    obj["log"] = obj["log"][:-1]
    rep = replay(read_log(json.dumps(obj).encode(), name="x.json"))
    assert [f.kind for f in rep.findings] == [K.TRUNCATED]
    assert "stops before the game's end" in rep.findings[0].message


# ---- converting a special-lobby game to tenhou.net/6 JSON keeps its lobby -------------------------


def test_a_special_lobby_game_converted_to_json_keeps_its_lobby():
    """GO type 0x8A9 (a special lobby bit) and 30,000 start points: the JSON audits as the XML does."""
    text = _as_played(simulate_game(SOUTH.replace(start_points=30000), 2))
    text = re.sub(r' knobs="[^"]*"', "", text).replace('type="169"', 'type="2217"')
    xml_log = read_log(text.encode(), name=ROUNDED_ERA_NAME)
    xml_rep = replay(xml_log)
    assert [f.kind for f in xml_rep.findings] == [K.UNSUPPORTED_RULE]
    json_log = read_log(dumps_tenhou6(xml_log).encode(), name="converted.json")
    assert json_log.header.type == 2217
    assert [f.line().split(": ", 1)[1] for f in replay(json_log).findings] == \
           [f.line().split(": ", 1)[1] for f in xml_rep.findings]


def test_a_csrule_survives_the_conversion():
    text = _as_played(simulate_game(SOUTH, 1)).replace('type="169"', 'type="425" csrule="0FE0BF0B,0000001F,,,25000"')
    log = read_log(text.encode(), name=ROUNDED_ERA_NAME)
    back = read_log(dumps_tenhou6(log).encode(), name="converted.json")
    assert back.header.csrule == log.header.csrule and back.header.type == log.header.type == 425


# ---- a file cut off mid-way keeps its complete hands ------------------------------------------------


def _cut_in_hand(data: bytes, marker: bytes, hand: int) -> bytes:
    """``data`` cut a few bytes into hand ``hand`` (0-based), found by its ``marker``."""
    at = -1
    for _ in range(hand + 1):
        at = data.index(marker, at + 1)
    return data[: at + 40]


@pytest.mark.parametrize("fmt", ["xml", "json"])
def test_a_cut_off_file_keeps_its_complete_hands_with_one_truncated_finding(fmt):
    text = _as_played(simulate_game(SOUTH, 1)).encode()
    if fmt == "json":
        text = dumps_tenhou6(read_log(text, name=ROUNDED_ERA_NAME)).encode()
        cut = _cut_in_hand(text, b"],[[", 3)  # a hand's [kyoku, honba, sticks] opens with ",[["
    else:
        cut = _cut_in_hand(text, b"<INIT ", 4)
    full = replay(read_log(text, name=ROUNDED_ERA_NAME))
    rep = replay(read_log(cut, name=ROUNDED_ERA_NAME))
    assert [(f.kind, f.severity) for f in rep.findings] == [(K.TRUNCATED, Severity.WARNING)]
    assert "cut off" in rep.findings[0].message
    kept = [r for r in rep.rounds if r.wins or r.draw]
    assert len(kept) >= 3 and [r.end_scores for r in kept] == [r.end_scores for r in full.rounds[: len(kept)]]


CORPUS_GAME = "2020010100gm-00a9-0000-0b366d75"


@pytest.mark.corpus
@pytest.mark.parametrize("keep", [0.5, 0.8])
def test_a_gzip_file_cut_off_keeps_its_complete_hands_with_one_truncated_finding(corpus_xml_files, tmp_path, keep):
    """A real corpus game gzipped and cut part-way (a download that stopped) is read up to the cut."""
    import gzip

    from mjlog.batch.audit import audit_sources

    path = next(p for p in corpus_xml_files if CORPUS_GAME in p.name)
    packed = gzip.compress(path.read_bytes())
    cut = tmp_path / f"{CORPUS_GAME}.xml.gz"
    cut.write_bytes(packed[: int(len(packed) * keep)])
    full = replay(read_log(path))
    rep = replay(read_log(cut))
    assert [(f.kind, f.severity) for f in rep.findings] == [(K.TRUNCATED, Severity.WARNING)]
    assert "cut off" in rep.findings[0].message and "gzip" in rep.findings[0].message
    kept = [r for r in rep.rounds if r.wins or r.draw]
    assert kept and [r.end_scores for r in kept] == [r.end_scores for r in full.rounds[: len(kept)]]
    report = audit_sources([str(cut)])
    assert (report.unreadable, report.with_findings, report.warnings, report.errors) == (0, 1, 1, 0)


def test_a_gzip_file_cut_in_its_trailer_is_whole_but_said_to_be_cut():
    """Every byte of the log is there but the gzip stream ends early: all hands audited, one warning."""
    import gzip

    data = _as_played(simulate_game(SOUTH, 1)).encode()
    rep = replay(read_log(gzip.compress(data)[:-4], name=ROUNDED_ERA_NAME))
    assert [(f.kind, f.severity) for f in rep.findings] == [(K.TRUNCATED, Severity.WARNING)]
    assert len(rep.rounds) == len(read_log(data, name=ROUNDED_ERA_NAME).rounds)


def test_a_file_wrong_in_the_middle_is_still_unreadable():
    from mjlog.errors import MalformedLogError

    text = _as_played(simulate_game(SOUTH, 1))
    broken = text.replace("<INIT ", "<INIT <", 1)
    with pytest.raises(MalformedLogError):
        read_log(broken.encode(), name=ROUNDED_ERA_NAME)
