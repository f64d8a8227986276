"""Simulated MCR matches: deterministic, synthetic, seeded, audited clean by the replay; and every fault
injected into one (a fan value, a flower count, a payment, a claim that broke priority, a win under
8 fan, a draw from the wrong end, a dealt tile) is caught."""

from __future__ import annotations

import dataclasses

import pytest

from mjlog.batch.simulate import simulated_bytes

from mjlog import replay
from mjlog.cli import main
from mjlog.findings import FindingKind as K
from mjlog.formats.mcr.xml import write_xml
from mjlog.ir import Call, CallKind, Draw, FlowerSetAside, Win
from mjlog.formats.reader import read_log
from mjlog.rules.mcr.record import LostClaim
from mjlog.rules.mcr.ruleset import MCR, MCR_DUPLICATE
from mjlog.rules.mcr.simulate.game import simulate_log
from mjlog.rules.mcr.wall import mcr_walls
from tests.support.viewcases import riichi_words

SEEDS = (1, 2, 3)


@pytest.fixture(scope="module")
def logs():
    return {seed: simulate_log(MCR, seed) for seed in SEEDS}


def _audit(log):
    """Write ``log`` in the dialect, read it back and replay it: the findings."""
    return list(replay(read_log(write_xml(log), "sim.xml")).findings)


def test_mcr_simulated_matches_audit_clean(logs):
    for seed, log in logs.items():
        assert len(log.rounds) == 16
        assert _audit(log) == [], seed


def test_mcr_duplicate_simulation_audits_clean():
    assert _audit(simulate_log(MCR_DUPLICATE, 4)) == []


def test_mcr_simulation_is_deterministic_and_synthetic():
    data = simulated_bytes(MCR, 7)
    assert data == simulated_bytes(MCR, 7) != simulated_bytes(MCR, 8)
    log = read_log(data)
    assert log.header.synthetic and b'title="mjlog-synthetic"' in data
    assert log.seed.kind == "mt19937ar-sha512-n288-base64"


def test_mcr_simulated_deal_and_draws_follow_the_seed(logs):
    log = logs[1]
    walls = mcr_walls(log.seed)
    for rnd in log.rounds:
        wall = next(walls)
        assert rnd.hands == wall.starting_hands(rnd.dealer) and rnd.dice == wall.dice
        front, back, owed = 0, 0, 0
        for e in rnd.events:
            if isinstance(e, FlowerSetAside) or (isinstance(e, Call) and e.kind.is_kan):
                owed += 1
            elif isinstance(e, Draw):
                if owed:
                    assert e.tile == wall.replacement(back)
                    back, owed = back + 1, owed - 1
                else:
                    assert e.tile == wall.live_draw(front)
                    front += 1


def test_mcr_bots_win_only_with_8_fan(logs):
    wins = [e for log in logs.values() for r in log.rounds for e in r.events if isinstance(e, Win)]
    assert len(wins) >= 20
    for w in wins:
        no_flowers = sum(f.value * f.count for f in w.payload.fans if f.number != 81)
        assert no_flowers >= 8


def test_mjlog_simulate_rules_mcr_audits_clean(tmp_path, capsys):
    out = tmp_path / "sim"
    assert main(["simulate", "--games", "2", "--rules", "mcr", "--seed", "1", "-o", str(out), "--no-progress"]) == 0
    assert sorted(p.name for p in out.iterdir()) == ["sim-mcr-1-0.xml", "sim-mcr-1-1.xml"]
    capsys.readouterr()
    assert main(["audit", "--no-progress", str(out)]) == 0
    assert "audited 2 games: 2 clean" in capsys.readouterr().out


# ---- fault injection ------------------------------------------------------------------------------


def _replace_round(log, k, **changes):
    rounds = list(log.rounds)
    rounds[k] = dataclasses.replace(rounds[k], **changes)
    return dataclasses.replace(log, rounds=tuple(rounds))


def _replace_event(log, k, i, event):
    events = list(log.rounds[k].events)
    events[i] = event
    return _replace_round(log, k, events=tuple(events))


def _win_at(log, pred=lambda w: True):
    for k, rnd in enumerate(log.rounds):
        for i, e in enumerate(rnd.events):
            if isinstance(e, Win) and pred(e):
                return k, i, e
    raise AssertionError("no such win")


def fan_value(log):
    k, i, w = _win_at(log)
    first = w.payload.fans[0]
    fans = (dataclasses.replace(first, value=first.value + 1), *w.payload.fans[1:])
    return _replace_event(log, k, i, dataclasses.replace(w, payload=dataclasses.replace(w.payload, fans=fans))), K.YAKU


def flower_count(log):
    k, i, w = _win_at(log, lambda w: any(f.number == 81 for f in w.payload.fans))
    fans = tuple(dataclasses.replace(f, count=f.count + 1) if f.number == 81 else f for f in w.payload.fans)
    record = dataclasses.replace(w.payload, fans=fans, total=w.payload.total + 1, flowers=w.payload.flowers + 1)
    return _replace_event(log, k, i, dataclasses.replace(w, payload=record)), K.YAKU


def payment(log):
    k, i, w = _win_at(log, lambda w: not w.tsumo)
    deltas = list(w.deltas)
    deltas[w.who] += 1
    deltas[w.from_who] -= 1
    log = _replace_event(log, k, i, dataclasses.replace(w, deltas=tuple(deltas)))
    rnd = log.rounds[k]
    return _replace_round(log, k, payload=dataclasses.replace(rnd.payload, result=tuple(deltas))), K.PAYMENT


def broken_priority(log):
    for k, rnd in enumerate(log.rounds):
        for i, e in enumerate(rnd.events):
            if isinstance(e, Call) and e.kind in (CallKind.PON, CallKind.CHI):
                bystander = next(s for s in range(4) if s not in (e.seat, e.from_seat))
                lost = (*rnd.payload.lost_claims, LostClaim(i, bystander, "win", e.called // 4))
                return _replace_round(log, k, payload=dataclasses.replace(rnd.payload, lost_claims=lost)), \
                    K.ILLEGAL_ACTION
    raise AssertionError("no claimed set")


def win_under_8(log):
    cheap = simulate_log(MCR.replace(min_fan=1), log.final.scores[0] % 97 + 1)   # bots that win with any fan
    return dataclasses.replace(cheap, rules=MCR), K.ILLEGAL_ACTION                 # ... audited under the 8-fan minimum


def wrong_end(log):
    walls = mcr_walls(log.seed)
    wall = next(walls)
    rnd = log.rounds[0]
    back = sum(1 for e in rnd.events if isinstance(e, FlowerSetAside) or (isinstance(e, Call) and e.kind.is_kan))
    for i, e in enumerate(rnd.events):
        if isinstance(e, Draw) and e.tile == wall.live_draw(0):
            return _replace_event(log, 0, i, Draw(e.seat, wall.replacement(back))), K.WALL
    raise AssertionError("no first live draw")


def dealt_tile(log):
    rnd = log.rounds[1]
    hands = list(rnd.hands)
    hands[0], hands[1] = (rnd.hands[1][0], *hands[0][1:]), (rnd.hands[0][0], *hands[1][1:])
    return _replace_round(log, 1, hands=tuple(hands)), K.WALL


FAULTS = [fan_value, flower_count, payment, broken_priority, win_under_8, wrong_end, dealt_tile]


@pytest.mark.parametrize("fault", FAULTS, ids=[f.__name__ for f in FAULTS])
@pytest.mark.parametrize("seed", SEEDS)
def test_mcr_fault_injected_into_a_simulated_match_is_caught(logs, fault, seed):
    bad, kind = fault(logs[seed])
    findings = _audit(bad)
    assert any(f.kind is kind for f in findings), [f.line() for f in findings]
    if fault is win_under_8:
        assert any("under the 8-fan minimum" in f.message for f in findings)
    if fault is wrong_end:
        assert any("not the wall's next from the front" in f.message for f in findings)


def test_mcrs_findings_name_its_calls_in_its_own_words(logs):
    """A pung whose tiles are no set: 碰 with its gloss (the family's ``CALL_WORDS``), never riichi's pon."""
    log = logs[SEEDS[0]]
    k, i, call = next((k, i, e) for k, r in enumerate(log.rounds) for i, e in enumerate(r.events)
                      if isinstance(e, Call) and e.kind is CallKind.PON)
    other = next(t for t in range(136) if t >> 2 != call.tiles[0] >> 2 and t not in call.tiles)
    broken = dataclasses.replace(call, tiles=(*[t for t in call.tiles if t != call.called][:1], other, call.called))
    lines = [f.line() for f in replay(_replace_event(log, k, i, broken)).findings if f.kind is K.ILLEGAL_ACTION]
    assert any(f"seat {call.seat}'s pung 碰 is not a set" in x for x in lines), lines
    assert riichi_words(" ".join(lines)) == [], lines
