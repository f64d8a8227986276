"""``has_yaku`` (the dama check's short path) against the full scorer: the same answer as
``not score(...).no_yaku``, and the same refusal, on seeded random wins in their own situation and
as a plain ron (winds only: no riichi, no situational yaku, the situation the dama check asks about).
The corpus's 8,120 dama checks agree as well (``benchmarks/store_tables.py``: the stored tables, the
dama column among them, are the same before and after the short path)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from mjlog.errors import InvalidHandError
from mjlog.rules.riichi.context import WinContext
from mjlog.rules.riichi.randhand import random_win
from mjlog.rules.riichi.scorer import has_yaku, score


def _outcome(fn, *args):
    try:
        return fn(*args)
    except InvalidHandError as exc:
        return ("refused", str(exc))


@pytest.mark.parametrize("seed", range(4))
def test_has_yaku_is_the_full_scores_answer(seed: int) -> None:
    rng = random.Random(seed)
    answers = {True: 0, False: 0}
    for _ in range(1500):
        w = random_win(rng)
        plain = WinContext(seat_wind=w.context.seat_wind, round_wind=w.context.round_wind)
        for ctx in (w.context, plain):
            full = _outcome(score, w.concealed, w.melds, w.win_tile, ctx, w.rules)
            want = full if isinstance(full, tuple) else not full.no_yaku
            got = _outcome(has_yaku, w.concealed, w.melds, w.win_tile, ctx, w.rules)
            assert got == want, (w, ctx)
            if isinstance(got, bool):
                answers[got] += 1
    assert min(answers.values()) > 100, answers   # both answers are tried, many times


def test_has_yaku_refuses_what_score_refuses() -> None:
    rng = random.Random(9)
    for _ in range(300):
        w = random_win(rng)
        short = w.concealed[1:] if w.concealed[0] != w.win_tile else w.concealed[:-1]
        assert _outcome(has_yaku, short, w.melds, w.win_tile, w.context, w.rules) == \
            _outcome(score, short, w.melds, w.win_tile, w.context, w.rules)
        ron = replace(w.context, tsumo=False)
        assert _outcome(has_yaku, w.concealed, w.melds, w.win_tile, ron, w.rules) == \
            (lambda v: v if isinstance(v, tuple) else not v.no_yaku)(
                _outcome(score, w.concealed, w.melds, w.win_tile, ron, w.rules))
