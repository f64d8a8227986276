"""Corpus: every complete Tenhou XML game converts XML -> mjai -> IR with the same events, deltas and
final scores (compared on what mjai records: tiles by name), four players and three; the plain
(Mortal) form without mjlog's richer fields too; and the audit of the mjai game finds nothing the
audit of the XML game does not (in lobbies whose rules mjai can state, sampled for time)."""

from __future__ import annotations

from collections import Counter

import pytest

from mjlog.errors import MalformedLogError
from mjlog.findings import Severity
from mjlog.formats.mjai.write import dumps_mjai
from mjlog.formats.reader import read_log
from mjlog.replayer import replay
from tests.support.paths import TENHOU_XML
from tests.support.mjai_build import plain
from tests.support.mjai_compare import game_key

pytestmark = pytest.mark.corpus

#: Every how-many-th game is also audited both ways (the audits take most of the time).
AUDIT_STRIDE = 4


def _complete_games():
    for path in sorted(TENHOU_XML.glob("*")) if TENHOU_XML.is_dir() else []:
        try:
            log = read_log(path)
        except MalformedLogError:
            continue
        if log.final is not None and log.rounds and all(r.outcomes for r in log.rounds):
            yield path, log


def _rules_stated_by_mjai(log) -> bool:
    """A game in a lobby whose rules are its preset's (mjai has no special lobby, csrule or 2009 era)."""
    lobby = log.header
    return not (lobby.special_bits or lobby.csrule or lobby.tournament or log.rounds[0].shuffle is not None)


def _faults(log) -> set:
    return {(f.kind, f.round_index, f.message) for f in replay(log).findings if f.severity is not Severity.NOTE}


def test_every_complete_game_round_trips_through_mjai():
    seen: Counter = Counter()
    for i, (path, log) in enumerate(_complete_games()):
        text = dumps_mjai(log)
        rich = read_log(text.encode(), f"{path.name}.mjson")
        assert game_key(rich) == game_key(log), path.name
        bare = read_log(plain(text).encode(), f"{path.name}.plain.mjson")
        assert game_key(bare, rich=False) == game_key(log, rich=False), path.name
        seen[f"{log.n_players}p"] += 1
        if i % AUDIT_STRIDE == 0 and _rules_stated_by_mjai(log):
            assert _faults(bare) <= _faults(log), path.name
            seen["audited"] += 1
    assert seen["4p"] >= 700 and seen["3p"] >= 250 and seen["audited"] >= 200, seen
