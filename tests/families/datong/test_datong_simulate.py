"""Datong self-play: the bots' games as written by ``mjlog simulate``, audited clean by the family's referee,
reproducible by seed, and showing every payment line of the source."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from collections import Counter

import pytest

import mjlog
from mjlog.batch.simulate import simulate, simulated_bytes
from mjlog.formats.reader import read_log
from mjlog.ir import Call, CallKind, Draw, Win
from mjlog.rules.datong.flow import first_dealer
from mjlog.rules.datong.record import DatongWin
from mjlog.rules.datong.ruleset import PRESETS
from mjlog.rules.datong.simulate.bots import Plan, choose_plan, pongs_shanten
from mjlog.rules.datong.simulate.game import play_game
from mjlog.rules.datong.wall import datong_walls
from mjlog.rules.family import stated_knobs
from mjlog.tiles import counts34, parse_mpsz

DATONG = PRESETS["datong"]
#: Games of the fast checks: seed 1's first eight already show every payment line, call kind, head-bump
#: and first dealer (its first closed kan is in game 7); the slow check audits more.
GAMES = 8
SLOW_GAMES = 40


def simulated_logs(n: int, out_dir) -> list:
    """``mjlog simulate --games n --rules datong --seed 1`` read back from the Datong XML."""
    return [read_log(p) for p in simulate(n, DATONG, seed=1, out_dir=out_dir, progress=False)]


@pytest.fixture(scope="module")
def logs(tmp_path_factory):
    return simulated_logs(GAMES, tmp_path_factory.mktemp("datong"))


def _wins(logs):
    return [e for log in logs for r in log.rounds for e in r.events if type(e) is Win]


def test_simulated_datong_games_audit_clean(logs):
    for log in logs:
        findings = mjlog.audit(log).findings
        assert not findings, (log.source, findings[:3])


@pytest.mark.slow
def test_forty_simulated_datong_games_audit_clean(tmp_path):
    for log in simulated_logs(SLOW_GAMES, tmp_path):
        findings = mjlog.audit(log).findings
        assert not findings, (log.source, findings[:3])


def test_datong_game_is_a_pure_function_of_its_seed():
    assert simulated_bytes(DATONG, 7) == simulated_bytes(DATONG, 7)
    assert play_game(DATONG, 7) != play_game(DATONG, 8)


def test_simulated_datong_game_is_synthetic_with_a_genuine_seed_and_a_thrown_die(logs):
    for log in logs:
        h = log.header
        assert h.synthetic and h.title == "mjlog-synthetic" and h.knobs == "" and log.rules == DATONG
        assert log.seed.kind == "mt19937ar-sha512-n288-base64"
        assert log.first_dealer == first_dealer(h.thrower, h.die) == log.rounds[0].dealer
    assert len({log.first_dealer for log in logs}) == 4


def test_simulated_datong_deals_and_live_draws_follow_the_seed(logs):
    for log in logs[:5]:
        for rnd, wall in zip(log.rounds, datong_walls(log.seed)):
            assert rnd.hands == wall.starting_hands(rnd.dealer)
            first = next(e for e in rnd.events if type(e) is Draw)
            assert first.seat == rnd.dealer and first.tile == wall.live_draw(0)


def test_simulated_datong_games_show_every_payment_line(logs):
    """Discard and self-draw wins, each kan, the dealer's bonus, renchan, doubled hands, head-bumps, draws."""
    wins = _wins(logs)
    recs = [w.payload for w in wins]
    assert all(isinstance(r, DatongWin) for r in recs)
    reasons = Counter(p.reason for r in recs for p in r.payments)
    assert {"hand", "dealer", "renchan", "kan"} <= set(reasons)
    assert any(w.tsumo for w in wins) and any(not w.tsumo for w in wins)
    kans = Counter(e.kind for log in logs for r in log.rounds for e in r.events if type(e) is Call)
    assert kans[CallKind.DAIMINKAN] and kans[CallKind.KAKAN] and kans[CallKind.ANKAN] and kans[CallKind.PON]
    assert CallKind.CHI not in kans
    assert any(r.multiplier >= 2 for r in recs)
    assert {"碰碰胡", "清一色", "七對"} & {t.name for r in recs for t in r.types}
    assert any(len(r.claimants) > 1 for r in recs)           # head-bump: several claimed, the first won
    assert any(rnd.events[-1].__class__.__name__ == "Ryuukyoku" for log in logs for rnd in log.rounds)
    assert any(rnd.honba > 0 for log in logs for rnd in log.rounds)


def test_simulated_datong_under_chi_and_needing_a_type_audits_clean(tmp_path):
    rules = DATONG.replace(chi=True, discard_needs_type=True, stacking="highest")
    paths = simulate(8, rules, seed=3, out_dir=tmp_path, progress=False)
    logs = [read_log(p) for p in paths]
    assert logs[0].header.knobs == stated_knobs(rules, DATONG) != ""
    for log in logs:
        assert log.rules == rules and not mjlog.audit(log).findings
    calls = Counter(e.kind for log in logs for r in log.rounds for e in r.events if type(e) is Call)
    assert calls[CallKind.CHI]
    plain_on_discard = [w for w in _wins(logs) if not w.tsumo and [t.name for t in w.payload.types] == ["屁和"]]
    assert not plain_on_discard


def test_mjlog_simulate_rules_datong_writes_games_that_audit_clean(tmp_path):
    done = subprocess.run([sys.executable, "-m", "mjlog.cli", "simulate", "--games", "2", "--rules", "datong",
                           "--seed", "1", "-o", str(tmp_path), "--no-progress"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["sim-datong-1-0.xml", "sim-datong-1-1.xml"]
    audited = subprocess.run([sys.executable, "-m", "mjlog.cli", "audit", "--no-progress", str(tmp_path)],
                             capture_output=True, text=True)
    assert audited.returncode == 0 and "2 clean" in audited.stdout, audited.stdout + audited.stderr


def test_datong_bot_plans_follow_the_hand_at_its_first_discard():
    assert choose_plan(counts34(parse_mpsz("19m19p19s1234z5588m")), 0) is Plan.ORPHANS
    assert choose_plan(counts34(parse_mpsz("1122m3344p55s1z789s")), 0) is Plan.PONGS
    assert choose_plan(counts34(parse_mpsz("1234679m13p5s12z")), 0) is Plan.FLUSH
    assert choose_plan(counts34(parse_mpsz("123m456p789s1357z")), 0) is Plan.FAST


def test_pongs_shanten_counts_sets_and_pairs():
    assert pongs_shanten(counts34(parse_mpsz("111m222p333s44z")), 1) == -1   # four sets (one laid down) and a pair: complete
    assert pongs_shanten(counts34(parse_mpsz("11m22p33s44z5z")), 0) == 8 - 4


def test_stated_knobs_leave_the_base_and_name_out():
    rules = dataclasses.replace(DATONG.replace(chi=True), base=20)
    assert stated_knobs(rules, DATONG) == "chi=True"
