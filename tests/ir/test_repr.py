"""A game and a replay in a REPL: a short repr a person can read, not the whole IR."""

from __future__ import annotations

import pytest

import mjlog
from tests.support.paths import TENHOU_XML
from tests.support.viewcases import GAME4, simulated


def test_a_game_repr_names_family_rules_players_hands_and_end():
    log = mjlog.read_log(GAME4)
    text = repr(log)
    assert text == ("<GameLog riichi tenhou-4p-south sim-tenhou-4p-south-2024-0.xml: 12 hands; "
                    "players Bot A, Bot B, Bot C, Bot D; final 31600 43100 20600 4700>")


def test_a_replay_repr_counts_findings_and_gives_final_scores():
    log = mjlog.read_log(simulated("beijing", 5))
    assert repr(mjlog.replay(log)).startswith("<Replay beijing beijing: 5 hands replayed; 0 findings (none); final scores ")


@pytest.mark.corpus
def test_every_corpus_game_repr_is_short():
    paths = sorted(TENHOU_XML.iterdir())
    assert paths
    for path in paths:
        assert len(repr(mjlog.read_log(path))) < 500, path
