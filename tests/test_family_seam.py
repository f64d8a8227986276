"""The rule-family seam: a toy family registered from the tests is read, replayed and shown.

Nothing in mjlog knows the toy family (tests/toy_family.py): if one of these fails, some part
of mjlog still assumes riichi where it should ask the game's family.
"""

from __future__ import annotations

import pytest

import mjlog
from mjlog.cli import main
from mjlog.errors import UnsupportedFormatError
from mjlog.rules import families, family
from tests import toy_family


@pytest.fixture
def toy():
    toy_family.install()
    yield toy_family
    toy_family.uninstall()


def test_a_toy_log_is_read_as_its_family(toy):
    log = mjlog.read_log(toy.toy_log(), "game.toy")
    assert (log.family, log.source_format, log.rules.name) == ("toy", "toy-text", "toy-4")
    assert [len(r.events) for r in log.rounds] == [3, 2]


def test_a_toy_log_is_not_read_once_its_format_is_gone(toy):
    toy.uninstall()
    with pytest.raises(UnsupportedFormatError):
        mjlog.read_log(toy_family.toy_log())


def test_a_toy_game_replays_clean_under_its_own_rules(toy):
    rep = mjlog.replay(mjlog.read_log(toy.toy_log()))
    assert rep.findings == ()
    assert [r.end_scores for r in rep.rounds] == [(9, 11, 10, 10), (8, 14, 9, 9)]
    assert rep.final_scores == (8, 14, 9, 9) and rep.placement_points == (0.0, 3.0, 2.0, 1.0)


def test_a_wrong_toy_payment_is_a_payment_finding(toy):
    rep = mjlog.replay(mjlog.read_log(toy.toy_log(ron_deltas="-2,2,0,0")))
    kinds = [(f.kind.value, f.round_index, f.event_index) for f in rep.findings]
    assert kinds[0] == ("payment mismatch", 0, 2)


def test_the_toy_family_is_listed_beside_riichi(toy):
    assert {"riichi", "toy"} <= set(families())
    assert family("toy").presets["toy-4"].players == 4


def test_show_prints_a_toy_game_through_its_family(toy, tmp_path, capsys):
    path = tmp_path / "game.toy"
    path.write_bytes(toy.toy_log())
    assert main(["show", str(path)]) == 0
    out = capsys.readouterr().out
    assert "a toy family" not in out  # the rule line is the rule set's name
    assert "rule set toy-4" in out and "seat 1 ron from seat 0: 1 point" in out and "seat 1 tsumo: 1 point" in out


def test_audit_of_toy_games_counts_the_clean_and_the_wrong(toy, tmp_path, capsys):
    (tmp_path / "a.txt").write_bytes(toy.toy_log())
    (tmp_path / "b.txt").write_bytes(toy.toy_log(ron_deltas="-2,2,0,0"))
    assert main(["audit", "--no-progress", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "b.txt: East 1, event 2: error: payment mismatch" in out
