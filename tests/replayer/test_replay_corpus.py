"""The corpus is the judge: every complete standard game replays clean."""

from __future__ import annotations

from collections import Counter

import pytest

from mjlog.findings import FindingKind
from mjlog.formats.reader import read_log
from mjlog.replayer import replay

pytestmark = pytest.mark.corpus

#: Special-lobby games whose rules the logs do not state; each has exactly one
#: "unsupported rule" finding, and these further known findings (docs/scoring-differences.md):
#: 0x200 lobbies pay kiriage mangan but record limit 0; the 0x400 "ratio" lobby pays 1500 per honba.
KNOWN_SPECIAL: dict[str, Counter] = {}


def test_every_corpus_xml_game_audits_as_the_rules_say(corpus_xml_files):
    clean = truncated = special = 0
    wins = rounds = 0
    for path in corpus_xml_files:
        log = read_log(path)
        result = replay(log)
        # notes (e.g. the rounding era of a game of no known date) find no fault
        kinds = Counter(f.kind.value for f in result.findings if f.severity.value != "note")
        rounds += len(result.rounds)
        wins += sum(len(r.wins) for r in result.rounds)
        if log.final is None:
            assert kinds == Counter({"truncated": 1}), (path.name, [f.line() for f in result.findings])
            truncated += 1
        elif log.header.special:
            assert kinds.pop("unsupported rule") == 1, path.name
            assert kinds == KNOWN_SPECIAL.get(path.name, Counter()), (path.name, [f.line() for f in result.findings])
            special += 1
        else:
            assert result.clean, (path.name, [f.line() for f in result.findings])
            clean += 1
    assert (clean, truncated, special) == (1089, 48, 5)
    assert rounds > 10_900 and wins > 9_200


def test_replay_derives_the_recorded_values_of_a_corpus_game(corpus_xml_files):
    path = next(p for p in corpus_xml_files if "2020010100gm-00a9-0000-0b366d75" in p.name)
    log = read_log(path)
    result = replay(log)
    assert result.clean
    # East 2: a double ron (seats 3 and 0 from seat 1), honba and sticks to seat 3 only
    r = result.rounds[1]
    assert [(w.who, w.from_who) for w in r.wins] == [(3, 1), (0, 1)]
    assert r.wins[0].value.points == 7700 and r.wins[1].value.points == 5200
    assert r.end_scores == (28200, 13800, 24000, 34000)
    assert result.final_scores == (29200, 3100, 25400, 42300)
    assert result.placement_points == (9.0, -47.0, -15.0, 53.0)
    assert result.timeline()[-1] == ("South 4, 3 honba, 1 stick", (29200, 3100, 25400, 42300))


def test_csrule_lobby_uses_the_stated_return_and_uma(corpus_xml_files):
    """csrule gives start 30,000, return 30,000 and uma for places 2-4 (5/-5/-15); ties split uma."""
    path = next(p for p in corpus_xml_files if p.name.endswith("newattr2023.xml"))
    log = read_log(path)
    result = replay(log)
    assert result.placement_points == log.final.points == (-10.7, 10.7, -10.7, 10.7)
    # the file name does not date the game, so its (unrounded) values choose the rounding, with a note
    assert [f.kind for f in result.findings] == [FindingKind.UNSUPPORTED_RULE, FindingKind.UNRECORDED]
    assert "csrule flag words" in result.findings[0].message


def test_a_0x400_special_lobby_pays_1500_a_honba(corpus_xml_files):
    """ratio1.xml (GO type 0x621) holds the corpus's one honba win of a 0x400 lobby: 8,000 + 1,500 from the discarder."""
    path = next(p for p in corpus_xml_files if p.name == "dnovikoff__tenhou__log~test_data~ratio1.xml")
    result = replay(read_log(path))
    assert [f.kind for f in result.findings if f.severity.name == "ERROR"] == []


def test_kiriage_mangan_in_a_0x200_lobby_is_recorded_with_limit_0(corpus_xml_files):
    """chip.xml (GO type 0x229): a dealer 4 han 30 fu tsumo is paid 12,000 and written ``ten="30,12000,0"``."""
    path = next(p for p in corpus_xml_files if p.name == "dnovikoff__tenhou__log~test_data~chip.xml")
    result = replay(read_log(path))
    assert [f.kind for f in result.findings if f.severity.name == "ERROR"] == []
