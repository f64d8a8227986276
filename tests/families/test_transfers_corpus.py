"""Over the whole corpus, every derived score change is its transfers summed."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.support.paths import TENHOU_XML
from mjlog.formats.reader import read_log
from mjlog.replayer import replay
from mjlog.rules.riichi.settlement import DEPOSIT, NAGASHI
from mjlog.rules.transfers import REASONS, net

pytestmark = pytest.mark.corpus


def _files():
    json_dir = TENHOU_XML.parent / "json"
    return sorted(TENHOU_XML.iterdir()) + (sorted(json_dir.iterdir()) if json_dir.is_dir() else [])


def test_every_derived_delta_is_its_transfers_summed_over_the_corpus():
    reasons: Counter = Counter()
    rounds_checked = 0
    for path in _files():
        result = replay(read_log(path))
        judged = {f.round_index for f in result.findings}
        for r in result.rounds:
            n = len(r.start_scores)
            for w in r.wins:
                assert net(w.transfers, n) == w.deltas, (path.name, r.name, w.transfers)
            if r.draw is not None:
                assert net(r.draw.transfers, n) == r.draw.deltas, (path.name, r.name, r.draw.transfers)
            assert net(r.deposit_transfers, n) == tuple(-d for d in r.deposits), (path.name, r.name)
            assert all(t.amount > 0 and t.payer != t.payee for t in r.transfers), (path.name, r.name)
            reasons.update(t.reason for t in r.transfers)
            if r.complete and r.index not in judged:
                # the round's score change is every payment of it: deposits and the outcome's transfers
                assert net(r.transfers, n) == r.deltas, (path.name, r.name, r.transfers)
                rounds_checked += 1
    assert rounds_checked > 10_000
    assert set(reasons) <= set(REASONS) | {DEPOSIT, NAGASHI}  # the shared reasons and riichi's own
    assert {"hand", "honba", "sticks", "riichi", "noten", "nagashi", "pao"} <= set(reasons), reasons
