"""Generated games: deterministic, readable, and internally consistent by independent checks.

The checks re-derive from the IR alone (not from the simulator's state): every
AGARI re-scores to its recorded ten and yaku, payments and stick flow add up,
each round's start scores follow from the previous round, every tile drawn or
revealed is the seed's wall, and owari is the flow module's final result.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from mjlog.ir import Call, CallKind, Discard, Draw, GameLog, Ryuukyoku, Win
from mjlog.rules.riichi.events import KITA
from mjlog.rules.riichi.events import NewDora, RiichiAccepted, RiichiDeclared
from mjlog.formats.reader import read_log
from mjlog.rules.riichi.hands import waits
from mjlog.rules.riichi.flow import HandEnd, final_scores, next_hand, placement_points
from mjlog.rules.riichi.context import WinContext, situation_from_recorded_yaku
from mjlog.rules.riichi.scorer import score
from mjlog.rules.riichi.ruleset import PRESETS
from mjlog.rules.riichi.simulate import SYNTHETIC_LOBBY, simulate_game
from mjlog.batch.simulate import game_seeds, is_synthetic, simulate
from mjlog.rules.common.shanten import improving_kinds, shanten
from mjlog.tiles import counts34, parse_mpsz
from mjlog.rules.common.wall import walls_for_game

MIX = (["tenhou-4p-south"] * 18 + ["tenhou-4p-east"] * 10 + ["tenhou-3p-south"] * 12
       + ["tenhou-3p-east"] * 10)


@pytest.fixture(scope="module")
def games() -> list[tuple[str, int, bytes, GameLog]]:
    out = []
    for name, seed in zip(MIX, game_seeds(len(MIX), 20240601)):
        data = simulate_game(PRESETS[name], seed)
        out.append((name, seed, data, read_log(data)))
    return out


# ---- shanten -----------------------------------------------------------------------------------


@pytest.mark.parametrize("hand,melds,expected", [
    ("123m456p789s1122z", 0, 0),
    ("123m456p789s11222z", 0, -1),
    ("19m19p19s1234567z", 0, 0),
    ("19m19p19s12345677z", 0, -1),
    ("11223344556677z", 0, -1),
    ("1357m2468p1357s1z", 0, 4),
    ("147m258p369s1234z", 0, 6),
    ("11z222z", 3, -1),
    ("1m", 4, 0),
])
def test_shanten_known_hands(hand, melds, expected):
    assert shanten(counts34(parse_mpsz(hand)), melds) == expected


def test_improving_kinds():
    assert improving_kinds(counts34(parse_mpsz("123m456p789s1122z"))) == [27, 28]
    assert improving_kinds(counts34(parse_mpsz("23m55p")), 3) == [0, 3]


def _random_hands(seed: int, tiles: int, n: int = 3000):
    """``n`` random hands of ``tiles`` - 3 x melds tiles, with 0 to 3 melds (closed hands the most)."""
    import random

    rng = random.Random(seed)
    wall = [k for k in range(34) for _ in range(4)]
    for _ in range(n):
        melds = rng.choice((0, 0, 0, 1, 2, 3))
        counts = [0] * 34
        for k in rng.sample(wall, tiles - 3 * melds):
            counts[k] += 1
        yield counts, melds


def test_improving_kinds_match_the_definition_on_random_hands():
    """The memoised acceptance equals drawing each kind and asking shanten, closed and open."""
    for counts, melds in _random_hands(2026, 13):
        now = shanten(counts, melds)
        expected = []
        for k in range(34):
            if counts[k] < 4:
                counts[k] += 1
                if shanten(counts, melds) < now:
                    expected.append(k)
                counts[k] -= 1
        assert improving_kinds(counts, melds) == expected, (counts, melds)


def test_discard_shanten_matches_the_definition_on_random_hands():
    """The shanten after each discard, from the groups' options, equals discarding and asking shanten."""
    from mjlog.rules.common.shanten import discard_shanten

    for counts, melds in _random_hands(2027, 14):
        expected = {}
        for k in range(34):
            if counts[k]:
                counts[k] -= 1
                expected[k] = shanten(counts, melds)
                counts[k] += 1
        assert discard_shanten(counts, melds) == expected, (counts, melds)


# ---- determinism and reading ---------------------------------------------------------------


@pytest.mark.parametrize("name", ["tenhou-4p-south", "tenhou-3p-east"])
def test_same_seed_same_bytes(name):
    assert simulate_game(PRESETS[name], 77) == simulate_game(PRESETS[name], 77)
    assert simulate_game(PRESETS[name], 77) != simulate_game(PRESETS[name], 78)


def test_every_game_reads_and_is_marked_synthetic(games):
    for name, _, data, log in games:
        assert data.startswith(b'<mjloggm ver="2.3"><SHUFFLE seed="mt19937ar-sha512-n288-base64,')
        assert is_synthetic(log)
        assert log.header.lobby == SYNTHETIC_LOBBY
        assert log.rules.name == name
        assert not log.truncated
        assert log.seed is not None and len(log.seed.value) == 3328
        assert [p.name for p in log.players] == ["Bot A", "Bot B", "Bot C", "Bot D"][: log.n_players]


def test_go_type_bits(games):
    types = {name: log.header.type for name, _, _, log in games}
    assert types == {"tenhou-4p-south": 169, "tenhou-4p-east": 161, "tenhou-3p-south": 185, "tenhou-3p-east": 177}


def test_simulate_writes_named_files(tmp_path):
    paths = simulate(2, PRESETS["tenhou-3p-east"], 5, tmp_path, progress=False)
    assert [p.name for p in paths] == ["sim-tenhou-3p-east-5-0.xml", "sim-tenhou-3p-east-5-1.xml"]
    assert paths[0].read_bytes() == simulate_game(PRESETS["tenhou-3p-east"], game_seeds(2, 5)[0])


def test_knob_override_is_played_and_recorded():
    rules = PRESETS["tenhou-4p-east"].replace(renchan_on_dealer_tenpai=False)
    data = simulate_game(rules, 3)
    log = read_log(data)
    assert dict(log.header_extra)["GO.knobs"] == "renchan_on_dealer_tenpai=False"
    _check_game(log, rules)


# ---- internal consistency ------------------------------------------------------------------


def test_fifty_games_are_consistent(games):
    seen = Counter()
    for name, _, _, log in games:
        seen.update(_check_game(log, PRESETS[name]))
    # the sample exercises the interesting paths
    assert seen["ron"] and seen["tsumo"] and seen["riichi"] and seen["exhaustive"] and seen["kita"]
    assert seen["pon"] and seen["ura"]


def _check_game(log: GameLog, rules) -> Counter:
    n = rules.players
    seen: Counter = Counter()
    walls = walls_for_game(log.seed, n)
    scores = tuple([rules.start_points] * n)
    kyoku = honba = sticks = 0
    for rnd in log.rounds:
        wall = next(walls)
        assert (rnd.kyoku, rnd.honba, rnd.sticks) == (kyoku, honba, sticks), rnd.name
        assert rnd.scores == scores, rnd.name
        assert rnd.dealer == rnd.kyoku % 4
        assert rnd.dice == wall.dice and rnd.dora_indicator == wall.dora_indicator(0)
        assert rnd.hands == wall.starting_hands(rnd.dealer)
        scores, sticks_after, end = _check_round(rnd, wall, rules, scores, seen)
        nxt = next_hand(rnd.kyoku, rnd.honba, sticks_after, end, scores, rules)
        if nxt.game_over:
            assert rnd is log.rounds[-1]
            final = final_scores(scores, nxt.sticks, rules)
            assert log.final.scores == final
            assert log.final.points == placement_points(final, rules)
            assert sum(final) == rules.start_points * n
        kyoku, honba, sticks = nxt.kyoku, nxt.honba, nxt.sticks
    return seen


def _check_round(rnd, wall, rules, scores, seen):
    n = rules.players
    hands = [Counter(h) for h in rnd.hands]
    melds: list[list[Call]] = [[] for _ in range(n)]
    rivers: list[set[int]] = [set() for _ in range(n)]
    live = repl = 0
    dora = [rnd.dora_indicator]
    accepted = [0] * n
    declared: set[int] = set()
    owe_replacement = None
    last_draw = [None] * n
    current = list(scores)
    outcomes = []
    for ev in rnd.events:
        if isinstance(ev, Draw):
            if owe_replacement is not None:
                assert ev.seat == owe_replacement and ev.tile == wall.replacement(repl)
                repl += 1
                owe_replacement = None
            else:
                assert live < wall.live_draw_count(repl)
                assert ev.tile == wall.live_draw(live), f"{rnd.name}: live draw {live}"
                live += 1
            hands[ev.seat][ev.tile] += 1
            last_draw[ev.seat] = ev.tile
        elif isinstance(ev, Discard):
            assert hands[ev.seat][ev.tile] == 1
            if accepted[ev.seat]:
                assert ev.tile == last_draw[ev.seat], "riichi discards the drawn tile"
            hands[ev.seat][ev.tile] -= 1
            rivers[ev.seat].add(ev.tile >> 2)
            last_draw[ev.seat] = None
        elif isinstance(ev, Call):
            seen[ev.kind.value] += 1
            own = [t for t in ev.tiles if t != ev.called]
            for t in own:
                assert hands[ev.seat][t] == 1
                hands[ev.seat][t] -= 1
            melds[ev.seat].append(ev)
            if ev.kind in (CallKind.ANKAN, KITA):
                owe_replacement = ev.seat
        elif isinstance(ev, NewDora):
            assert ev.tile == wall.dora_indicator(len(dora))
            dora.append(ev.tile)
        elif isinstance(ev, RiichiDeclared):
            declared.add(ev.seat)
            seen["riichi"] += 1
        elif isinstance(ev, RiichiAccepted):
            accepted[ev.seat] = 1
            current[ev.seat] -= rules.riichi_deposit
            assert ev.scores == tuple(current)
        elif isinstance(ev, Win):
            outcomes.append(ev)
            _check_win(rnd, ev, wall, rules, dora, melds, rivers, declared, hands, current, seen)
            current = [a + b for a, b in zip(current, ev.deltas)]
        elif isinstance(ev, Ryuukyoku):
            outcomes.append(ev)
            assert ev.scores_before == tuple(current)
            assert (ev.honba, ev.sticks) == (rnd.honba, rnd.sticks + sum(accepted))
            assert sum(ev.deltas) == 0
            if ev.payload.kind.value in ("exhaustive", "nm"):
                seen["exhaustive"] += 1
                assert live == wall.live_draw_count(repl)
                tenpai = [bool(waits(_counts(hands[s]))) for s in range(n)]  # Tenhou rule 22
                assert [h is not None for h in ev.hands] == tenpai
            current = [a + b for a, b in zip(current, ev.deltas)]
    assert outcomes, f"{rnd.name} has no result"
    wins = [o for o in outcomes if isinstance(o, Win)]
    expected = [s + d - rules.riichi_deposit * a for s, d, a in
                zip(scores, [sum(o.deltas[i] for o in outcomes) for i in range(n)], accepted)]
    assert tuple(current) == tuple(expected)
    draw = outcomes[0] if not wins else None
    end = HandEnd(
        dealer_won=any(w.who == rnd.dealer for w in wins), any_win=bool(wins),
        abortive=draw is not None and draw.payload.kind.abortive,
        dealer_tenpai=draw is not None and draw.hands[rnd.dealer] is not None,
    )
    sticks_after = 0 if wins else rnd.sticks + sum(accepted)
    return tuple(current), sticks_after, end


def _check_win(rnd, win, wall, rules, dora, melds, rivers, declared, hands, current, seen):
    n = rules.players
    who = win.who
    first = win is next(e for e in rnd.events if isinstance(e, Win))
    assert win.scores_before == tuple(current)
    assert win.honba == rnd.honba
    in_riichi = who in declared
    seen["tsumo" if win.tsumo else "ron"] += 1
    assert tuple(win.payload.dora_indicators) == tuple(dora)
    if in_riichi:
        assert tuple(win.payload.ura_indicators) == wall.ura_indicators(len(dora))
        seen["ura"] += any(y == 53 and h for y, h in win.payload.yaku)
    else:
        assert win.payload.ura_indicators == ()
    # the hand shown is what the winner holds (plus the ron tile), and its calls in reverse order
    held = Counter(hands[who])
    if not win.tsumo:
        held[win.win_tile] += 1
    assert sorted(win.hand) == sorted(held.elements())
    assert list(win.melds) == list(reversed(melds[who]))
    # not furiten on a ron: no wait of the hand is in the winner's own river
    if not win.tsumo:
        before = _counts(Counter(win.hand))
        before[win.win_tile >> 2] -= 1
        assert not set(waits(before)) & rivers[who]
    # re-score the hand from the recorded situation
    situation = situation_from_recorded_yaku({y for y, _ in win.payload.yaku} | set(win.payload.yakuman))
    if in_riichi:
        situation["riichi"] = True
    ctx = WinContext(seat_wind=(who - rnd.dealer) % n, round_wind=rnd.kyoku // 4, tsumo=win.tsumo,
                     dora_indicators=win.payload.dora_indicators, ura_indicators=win.payload.ura_indicators,
                     honba=win.honba, sticks=win.sticks, **situation)
    value = score(win.hand, win.melds, win.win_tile, ctx, rules)
    assert not value.no_yaku
    assert (win.payload.fu, win.points, win.payload.limit) == (value.fu, value.points, value.limit)
    if value.yakuman:
        assert win.payload.yakuman == value.yakuman and win.payload.yaku == ()
    else:
        assert win.payload.yaku == value.yaku
    # payments: the sticks go to the first winner only, and the deltas add up to them
    if first:
        accepted = sum(1 for e in rnd.events[: rnd.events.index(win)] if isinstance(e, RiichiAccepted))
        assert win.sticks == rnd.sticks + accepted
    else:
        assert win.sticks == 0
    assert sum(win.deltas) == win.sticks * rules.riichi_deposit
    if win.payload.pao_who is None:
        honba_paid = win.honba if first else 0
        ctx_pay = score(win.hand, win.melds, win.win_tile,
                        dataclasses.replace(ctx, honba=honba_paid), rules).payment
        if win.tsumo:
            for s in range(n):
                if s != who:
                    assert -win.deltas[s] == (ctx_pay.dealer if s == rnd.dealer else ctx_pay.non_dealer)
        else:
            assert -win.deltas[win.from_who] == ctx_pay.ron
            assert all(win.deltas[s] == 0 for s in range(n) if s not in (who, win.from_who))
        assert win.deltas[who] == ctx_pay.total - ctx_pay.sticks + win.sticks * rules.riichi_deposit
    else:
        seen["pao"] += 1


def _counts(c: Counter) -> list[int]:
    out = [0] * 34
    for t, k in c.items():
        out[t >> 2] += k
    return out


# ---- CLI and shipped samples ---------------------------------------------------------------


def test_cli_simulate(tmp_path, capsys):
    from mjlog.cli import main

    assert main(["simulate", "--games", "2", "--rules", "tenhou-3p-east", "--seed", "9", "-o", str(tmp_path),
                 "--no-progress"]) == 0
    assert "wrote 2 games" in capsys.readouterr().out
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == ["sim-tenhou-3p-east-9-0.xml", "sim-tenhou-3p-east-9-1.xml"]
    assert (tmp_path / files[0]).read_bytes() == simulate_game(PRESETS["tenhou-3p-east"], game_seeds(2, 9)[0])


def test_shipped_samples_are_synthetic_games():
    from pathlib import Path

    folder = Path(__file__).resolve().parents[3] / "data" / "sample"
    paths = sorted(folder.glob("sim-*.xml"))
    assert len(paths) == 40
    assert sum(p.stat().st_size for p in paths) < 1_000_000
    for p in paths:
        log = read_log(p)
        assert is_synthetic(log) and not log.truncated


def test_what_if_knobs_in_the_header_are_applied_by_the_audit():
    """A game played under changed rotation rules states its knobs, and audits clean under them."""
    from mjlog.formats.reader import read_log
    from mjlog.replayer import replay
    from mjlog.rules.riichi.ruleset import PRESETS

    for knobs in ({"renchan_on_dealer_tenpai": False}, {"renchan_on_any_draw": True}):
        rules = PRESETS["tenhou-4p-south"].replace(**knobs)
        for seed in range(3):
            log = read_log(simulate_game(rules, seed))
            assert dict(log.header_extra)["GO.knobs"]
            assert replay(log).clean


def test_sanma_games_play_out_under_another_payment_scheme_and_audit_clean():
    from mjlog.formats.reader import read_log
    from mjlog.replayer import replay
    from mjlog.rules.riichi.ruleset import PRESETS

    for scheme in ("marudori", "double-take"):
        rules = PRESETS["tenhou-3p-south"].replace(tsumo_scheme=scheme)
        log = read_log(simulate_game(rules, 1))
        assert dict(log.header_extra)["GO.knobs"] == f"tsumo_scheme={scheme}"
        assert replay(log).clean


def test_exhaustive_draw_tenpai_counts_each_chi_tile_by_its_own_kind():
    """Regression: the bots' tenpai check at a draw counted a chi's three tiles as its first kind,
    so a tanki on 2m next to a 234m chi looked like a fifth 2m and the hand was called noten
    (found by auditing 1,000 generated games: seed 2026, game 372)."""
    from mjlog.formats.reader import read_log
    from mjlog.replayer import replay
    from mjlog.rules.riichi.ruleset import PRESETS
    from mjlog.batch.simulate import game_seeds

    seed = game_seeds(500, 2026)[372]
    assert replay(read_log(simulate_game(PRESETS["tenhou-4p-south"], seed))).clean
