"""The compiled scorer (``mjlog._speedups.score_fast``) gives exactly what the Python scorer gives.

It scores the hands it takes and answers None for the rest, which the Python scorer then
scores or refuses; whenever it answers, its HandValue must equal the Python one field for
field (yaku in order, fu breakdown, limit, payment). Without the extension these tests skip,
unless MJLOG_REQUIRE_SPEEDUPS=1 (as in CI).
"""

from __future__ import annotations

import dataclasses
import os
import random

import pytest

from mjlog.errors import InvalidHandError
from mjlog.ir import Call, CallKind
from mjlog.rules.riichi import scorer
from mjlog.rules.riichi.context import WinContext
from mjlog.rules.riichi.randhand import random_win
from mjlog.rules.riichi.ruleset import PRESETS

try:
    from mjlog import _speedups
except ImportError:  # pragma: no cover - depends on the build
    if os.environ.get("MJLOG_REQUIRE_SPEEDUPS") == "1":
        raise
    pytest.skip("mjlog._speedups is not built (no C compiler at install time)", allow_module_level=True)


def _python(concealed, melds, win_tile, ctx, rules):
    saved, scorer._score_fast = scorer._score_fast, None
    try:
        return scorer.score(concealed, melds, win_tile, ctx, rules)
    except InvalidHandError as exc:
        return f"InvalidHandError: {exc}"
    finally:
        scorer._score_fast = saved


def _compare(args) -> bool:
    """Assert the twins agree on ``args``; True when the compiled scorer took the hand."""
    got = _speedups.score_fast(*args)
    want = _python(*args)
    if got is None:
        return False
    assert not isinstance(want, str), (args, want)
    assert got == want, (args, got, want)
    assert got.fu_breakdown == want.fu_breakdown and got.payment == want.payment and got.wait == want.wait
    return True


def _scored_wins(paths) -> list[tuple]:
    """The arguments of every scorer call the replays of these logs make."""
    from mjlog.reader import read_log
    from mjlog.replayer import outcome, replay

    seen = []
    original = outcome.score

    def record(*args):
        seen.append(args)
        return original(*args)

    outcome.score = record
    try:
        for path in paths:
            replay(read_log(path))
    finally:
        outcome.score = original
    return seen


def test_compiled_scorer_agrees_on_random_hands():
    rng = random.Random(2024)
    taken = 0
    for _ in range(6000):
        w = random_win(rng)
        taken += _compare((w.concealed, w.melds, w.win_tile, w.context, w.rules))
    assert taken > 5900  # it takes nearly every complete hand


def test_compiled_scorer_agrees_under_other_rule_knobs():
    rng = random.Random(7)
    knobs = [dict(kiriage_mangan=True), dict(kazoe_yakuman=False), dict(red_fives=False), dict(open_tanyao=False),
             dict(double_yakuman_kokushi13=True, double_yakuman_suuankou_tanki=True,
                  double_yakuman_junsei_chuuren=True, double_yakuman_daisuushii=True)]
    taken = 0
    for i in range(3000):
        w = random_win(rng)
        rules = dataclasses.replace(w.rules, **knobs[i % len(knobs)])
        taken += _compare((w.concealed, w.melds, w.win_tile, w.context, rules))
    assert taken > 2900


def test_compiled_scorer_leaves_what_is_not_a_hand_to_python():
    rules, ctx = PRESETS["tenhou-4p-south"], WinContext()
    hand = (0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, 16, 17)  # 111m222m333m444m55m: a hand
    assert _compare((hand, (), 17, ctx, rules))
    for bad in [(hand[:-1], (), 16), (hand[:-1] + (16,), (), 16), (hand, (), 20), (hand[:-1] + (200,), (), 16),
                (hand[:-2] + (18, 24), (), 24)]:
        assert _speedups.score_fast(*bad, ctx, rules) is None
        assert isinstance(_python(*bad, ctx, rules), str)  # and Python refuses it, with the reason
    assert _speedups.score_fast((), (), 0, ctx, rules) is None
    pon = Call(0, CallKind.PON, (24, 25, 26), 26, 1)
    assert _speedups.score_fast(hand[:-3], (pon,), 17, ctx, rules) is None  # 11 concealed with one call
    sanma = dataclasses.replace(rules, players=3)
    assert _speedups.score_fast(hand, (), 17, ctx, sanma) is None  # 2m-4m are not in the sanma wall


def test_compiled_scorer_agrees_on_the_sample_games_wins():
    from tests.conftest import SAMPLE

    seen = _scored_wins(sorted(SAMPLE.glob("*.xml")))
    assert len(seen) > 200
    assert all(_compare(args) for args in seen)


@pytest.mark.corpus
@pytest.mark.slow
def test_compiled_scorer_agrees_on_every_corpus_win(corpus_xml_files):
    from tests.conftest import TENHOU_JSON

    seen = _scored_wins([*corpus_xml_files, *sorted(TENHOU_JSON.iterdir())])
    assert len(seen) > 9000
    taken = sum(_compare(args) for args in seen)
    scored = sum(not isinstance(_python(*args), str) for args in seen)
    assert taken == scored > 9000  # every hand Python scores is one the compiled scorer takes


def test_compiled_scorer_agrees_on_damaged_hands():
    """Random hands with a tile, a call, the indicators, kita or the winds changed: whatever the
    compiled scorer takes it scores as Python does, and it never takes what Python refuses."""
    rng = random.Random(99)
    kinds = list(CallKind)
    taken = refused = 0
    for _ in range(4000):
        w = random_win(rng)
        conc, melds, win_tile, ctx = list(w.concealed), list(w.melds), w.win_tile, w.context
        op = rng.randrange(8)
        if op == 0:
            conc[rng.randrange(len(conc))] = rng.randrange(-3, 140)
        elif op == 1:
            conc.pop(rng.randrange(len(conc)))
        elif op == 2 and melds:
            i = rng.randrange(len(melds))
            melds[i] = dataclasses.replace(melds[i], kind=rng.choice(kinds))
        elif op == 3 and melds:
            i = rng.randrange(len(melds))
            tiles = list(melds[i].tiles)
            tiles[rng.randrange(len(tiles))] = rng.randrange(-1, 137)
            melds[i] = dataclasses.replace(melds[i], tiles=tuple(tiles))
        elif op == 4:
            ctx = dataclasses.replace(ctx, dora_indicators=tuple(rng.randrange(136) for _ in range(rng.randint(0, 20))))
        elif op == 5:
            ctx = dataclasses.replace(ctx, kita=rng.randint(0, 6), riichi=True,
                                      ura_indicators=tuple(rng.randrange(136) for _ in range(rng.randint(0, 6))))
        elif op == 6:
            win_tile = rng.randrange(-2, 140)
        else:
            ctx = dataclasses.replace(ctx, seat_wind=rng.randint(0, 3), round_wind=rng.randint(0, 3),
                                      tsumo=not ctx.tsumo)
        args = (tuple(conc), tuple(melds), win_tile, ctx, w.rules)
        try:
            want = _python(*args)
        except (ValueError, IndexError):  # what Python's own checks let through on nonsense
            want = "error"
        got = _speedups.score_fast(*args)
        if got is None:
            refused += 1
        else:
            taken += 1
            assert got == want, args
    assert taken > 500 and refused > 500


def test_a_set_up_that_does_not_fit_leaves_scoring_to_python():
    import subprocess
    import sys

    w = random_win(random.Random(1))
    args = (w.concealed, w.melds, w.win_tile, w.context, w.rules)
    try:
        with pytest.raises(KeyError):
            _speedups.score_setup({})
        assert _speedups.score_fast(*args) is None  # not set up: it takes nothing
        assert scorer.score(*args) == _python(*args)
    finally:
        scorer._setup_compiled()
    assert _speedups.score_fast(*args) == _python(*args)
    # a set-up that raises when the scorer is imported (a module built from other sources) is not used
    code = ("import importlib\n"
            "import mjlog.accel as a\n"
            "from mjlog.rules.riichi import scorer\n"
            "def refuse(config): raise KeyError('suit_tables')\n"
            "a.score_setup = refuse\n"
            "importlib.reload(scorer)\n"
            "print(scorer._score_fast is None, scorer.score((0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, 16, 17), (), 17).han)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["True", "13"]  # scored in Python: suuankou tanki
