"""mjai written by mjlog is read by riichienv (a test-only dependency): every hand, with the hand's
wind, number, honba, sticks and start scores, its draws and discards, and its score changes."""

from __future__ import annotations

import pytest

from mjlog.ir import Discard, Draw
from mjlog.rules.riichi.events import RiichiAccepted
from tests.support.mjai_build import simulated

riichienv = pytest.importorskip("riichienv")


@pytest.mark.parametrize("preset,seed", [("tenhou-4p-south", 0), ("tenhou-4p-south", 1), ("tenhou-4p-east", 2),
                                         ("tenhou-3p-south", 0), ("tenhou-3p-east", 1)])
def test_riichienv_reads_mjai_written_by_mjlog(tmp_path, preset, seed):
    log, text = simulated(preset, seed)
    path = tmp_path / "game.mjson"
    path.write_text(text, encoding="utf-8")
    kyokus = list(riichienv.MjaiReplay.from_jsonl(str(path)).take_kyokus())
    assert len(kyokus) == len(log.rounds)
    for kyoku, rnd in zip(kyokus, log.rounds):
        g = kyoku.grp_features()
        assert (g["chang"], g["ju"], g["ben"], g["liqibang"]) == (rnd.wind, rnd.kyoku % 4, rnd.honba, rnd.sticks)
        assert list(g["scores"]) == list(rnd.scores)
        events = kyoku.events()
        names = [e["name"] for e in events]
        assert names.count("DealTile") == sum(isinstance(e, Draw) for e in rnd.events)
        assert names.count("DiscardTile") == sum(isinstance(e, Discard) for e in rnd.events)
        deltas = [0] * log.n_players
        for outcome in rnd.outcomes:
            deltas = [a + b for a, b in zip(deltas, outcome.deltas)]
        winners = sorted(h["seat"] for e in events if e["name"] == "Hule" for h in e["data"]["hules"])
        assert winners == sorted(w.who for w in rnd.outcomes if hasattr(w, "who"))
        for e in rnd.events:
            if isinstance(e, RiichiAccepted):
                deltas[e.seat] -= 1000
        assert list(g["delta_scores"]) == deltas


def _riichienv_game(mode: str, seed: int) -> bytes:
    """A game riichienv plays between its random agents, as the mjai log it writes."""
    import json
    import random

    env = riichienv.RiichiEnv(game_mode=mode, seed=seed)
    obs = env.reset()
    rng = random.Random(seed)
    for _ in range(20000):
        if env.done():
            break
        obs = env.step({p: rng.choice(o.legal_actions()) for p, o in obs.items()})
    return "".join(json.dumps(e) + "\n" for e in env.mjai_log).encode()


@pytest.mark.parametrize("mode,players", [("4p-red-half", 4), ("3p-red-half", 3)])
def test_mjai_written_by_riichienv_reads_and_audits_clean(mode, players):
    from mjlog.findings import Severity
    from mjlog.formats.reader import read_log
    from mjlog.replayer import replay

    log = read_log(_riichienv_game(mode, 2), f"riichienv-{mode}.mjson")  # its keys sorted, its draw names
    assert log.source_format == "mjai" and log.n_players == players and len(log.rounds) >= 4
    assert [f for f in replay(log).findings if f.severity is not Severity.NOTE] == []
