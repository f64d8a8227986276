"""The fast scorer's internals keep their promises: one rule per yaku, consistent fu,
results independent of what the tables and memos saw before, and real HandValues."""

from __future__ import annotations

import dataclasses
import pickle
import random

import pytest

from mjlog.errors import InvalidHandError
from mjlog.ir import Call, CallKind
from mjlog.rules.riichi.events import KITA
from mjlog.rules.riichi import HandValue, score, score_hand
from mjlog.rules.riichi.fu import fu_of
from mjlog.rules.riichi.randhand import random_win
from mjlog.rules.riichi.scorer import clear_caches
from mjlog.rules.riichi.yaku import FACTS, RULES, yaku_of
from mjlog.rules.riichi.yaku_table import LOCAL_YAKU
from mjlog.rules.riichi.yaku_table import YAKU

N_HANDS = 3000


def _hands(seed: int, n: int = N_HANDS):
    rng = random.Random(seed)
    return [random_win(rng) for _ in range(n)]


def _score(w) -> HandValue:
    return score(w.concealed, w.melds, w.win_tile, w.context, w.rules)


def test_every_yaku_but_yakuhai_and_dora_has_one_rule():
    expected = set(range(52)) - set(range(10, 21))
    local = {y.id for y in LOCAL_YAKU}
    assert set(RULES) == expected | local
    assert all(rule.need for rule in RULES.values())
    assert all(YAKU[i].yakuman == (i >= 37) for i in expected)


def test_facts_are_distinct_bits():
    bits = list(FACTS.values())
    assert len(set(bits)) == len(bits) and all(b & (b - 1) == 0 for b in bits)


def test_yaku_of_orders_and_counts_han():
    f = FACTS["TSUMO"] | FACTS["RIICHI"] | FACTS["REGULAR"] | FACTS["FOUR_RUNS"] | FACTS["RYANMEN_WAIT"]
    y = yaku_of(f)
    assert y.before == ((1, 1), (0, 1), (7, 1)) and y.after == () and y.han == 3 and not y.yakuman
    assert yaku_of(FACTS["KOKUSHI"] | FACTS["KOKUSHI_13"] | FACTS["TENHOU"]).yakuman == (37, 48)


def test_fu_total_matches_its_breakdown():
    for w in _hands(11):
        v = _score(w)
        assert v.fu == fu_of(v.fu_breakdown), (w, v)


def test_results_do_not_depend_on_what_the_tables_saw_before():
    hands = _hands(12)
    clear_caches()
    first = [_score(w) for w in hands]
    order = list(range(len(hands)))
    random.Random(5).shuffle(order)
    clear_caches()
    again = {i: _score(hands[i]) for i in order}
    assert all(first[i] == again[i] for i in range(len(hands)))
    # same tiles under another situation (the memos must not carry the first one over)
    for w, other in zip(hands, hands[1:]):
        try:
            v = score(w.concealed, w.melds, w.win_tile, other.context, w.rules)
        except InvalidHandError:
            continue
        clear_caches()
        assert v == score(w.concealed, w.melds, w.win_tile, other.context, w.rules)


def test_results_are_real_hand_values():
    v = score_hand("234m456p678s22z345p", tsumo=True, riichi=True)
    assert type(v) is HandValue
    built = HandValue(**{f.name: getattr(v, f.name) for f in dataclasses.fields(HandValue)})
    assert v == built and hash(v) == hash(built) and repr(v) == repr(built)
    assert pickle.loads(pickle.dumps(v)) == v
    assert dataclasses.replace(v, han=9).han == 9 and dataclasses.asdict(v)["fu"] == v.fu
    with pytest.raises(dataclasses.FrozenInstanceError):
        v.han = 1  # type: ignore[misc]


@pytest.mark.parametrize("melds, message", [
    ((Call(0, CallKind.PON, (136, 137, 138)),), "not in 0..135"),
    ((Call(0, CallKind.PON, (100, 104, 108)),), "are not 3 of a kind"),
    ((Call(0, CallKind.PON, (-4, -3, -2)),), "not in 0..135"),
    ((Call(0, CallKind.CHI, (0, 4, 12)),), "are not a run"),
    ((Call(0, KITA, (0,)),), "are not one North"),
])
def test_bad_calls_are_invalid_hands(melds, message):
    with pytest.raises(InvalidHandError, match=message):
        score((36, 40, 44, 48, 52, 56, 60, 64, 68, 72, 73), melds, 72)
