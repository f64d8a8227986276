"""A game and a replay in a REPL: a short repr a person can read, not the whole IR."""

from __future__ import annotations

import pytest

import mjlog
from tests.support.paths import TENHOU_XML
from tests.support.viewcases import GAME4, simulated


def test_a_game_repr_names_family_rules_players_hands_and_end():
    log = mjlog.read_log(GAME4)
    text = repr(log)
    assert text == ("<GameLog riichi tenhou-4p-south sim-tenhou-4p-south-2024-0.xml: 14 hands; "
                    "players Bot A, Bot B, Bot C, Bot D; final 25200 8200 11800 54800>")


def test_a_replay_repr_counts_findings_and_gives_final_scores():
    log = mjlog.read_log(simulated("beijing", 5))
    assert repr(mjlog.replay(log)).startswith("<Replay beijing beijing: 5 hands replayed; 0 findings (none); final scores ")


@pytest.mark.corpus
def test_every_corpus_game_repr_is_short():
    paths = sorted(TENHOU_XML.iterdir())
    assert paths
    for path in paths:
        assert len(repr(mjlog.read_log(path))) < 500, path


def test_a_game_html_is_a_table_of_its_hands_with_every_name_escaped():
    from dataclasses import replace

    log = mjlog.read_log(GAME4)
    players = tuple(replace(p, name="<script>alert(1)</script>&") for p in log.players)
    html = replace(log, players=players)._repr_html_()
    assert "<script" not in html and "&lt;script&gt;" in html and "&amp;" in html
    assert html.count("<tr>") == 1 + len(log.rounds)  # the head and one row per hand
    assert "riichi" in html and "wins" in html and "East 1" in html


def test_a_replay_html_lists_findings_by_severity_and_final_scores():
    from dataclasses import replace

    from mjlog.findings import Finding, FindingKind, Severity

    log = mjlog.read_log(simulated("beijing", 5))
    result = mjlog.replay(log)
    html = result._repr_html_()
    assert "beijing" in html and "final score" in html and "no findings" in html
    bad = replace(result, findings=(
        Finding(FindingKind.UNRECORDED, "<script>x</script>", severity=Severity.NOTE),
        Finding(FindingKind.POINTS, "points <8000>", recorded="<a>", derived="8000")))
    html = bad._repr_html_()
    assert "<script" not in html and "<a>" not in html and "&lt;8000&gt;" in html
    assert "1 error, 1 note" in html
    assert html.index("points mismatch") < html.index("unrecorded")  # errors listed before notes


@pytest.mark.corpus
def test_every_corpus_game_html_is_compact():
    paths = sorted(TENHOU_XML.iterdir())
    assert paths
    for path in paths:
        assert len(mjlog.read_log(path)._repr_html_()) < 50_000, path
