"""The memos keyed on a rule set find it by identity, and equal rule sets still share answers."""

from __future__ import annotations

import dataclasses

from mjlog.rules.riichi import settlement
from mjlog.rules.riichi.context import WinContext
from mjlog.rules.riichi.memo import MAX_RULE_SETS, RulesMemo
from mjlog.rules.riichi.ruleset import PRESETS, RuleSet
from mjlog.rules.riichi.value import clear_payments, payment_for


class _CountingRuleSet(RuleSet):
    """A rule set that counts how often it is hashed."""

    __slots__ = ()
    hashes = 0

    def __hash__(self) -> int:
        type(self).hashes += 1
        return RuleSet.__hash__(self)


def _counting(name: str) -> _CountingRuleSet:
    base = PRESETS[name]
    return _CountingRuleSet(**{f.name: getattr(base, f.name) for f in dataclasses.fields(RuleSet)})


def test_payment_and_settlement_memos_hash_a_rule_set_once_while_it_is_the_last_asked_for():
    rules = _counting("tenhou-4p-south")
    clear_payments()
    settlement._MEMO.clear()
    settlement._NOTEN.clear()
    _CountingRuleSet.hashes = 0
    for honba in range(50):
        payment_for(2000, WinContext(seat_wind=1, honba=honba % 5), rules)
        settlement.win_settlement(2000, 1, 3, 0, rules, honba % 5, 0)
        settlement.noten_transfers([True, False, False, honba % 2 == 0], rules)
    assert _CountingRuleSet.hashes <= 6   # per memo: its table looked up and added, once (was 150)


def test_equal_rule_sets_share_memoised_answers_and_different_ones_do_not():
    memo = RulesMemo(max_entries=8)
    south = PRESETS["tenhou-4p-south"]
    memo.put(south, "k", "south")
    assert memo.get(dataclasses.replace(south), "k") == "south"
    assert memo.get(south.replace(honba_ron=100), "k") is None
    assert memo.get(south, "k") == "south"


def test_rules_memo_forgets_a_table_past_its_entries_and_every_table_past_its_rule_sets():
    memo = RulesMemo(max_entries=3)
    south = PRESETS["tenhou-4p-south"]
    for k in range(4):
        memo.put(south, k, k)
    assert len(memo) == 1 and memo.get(south, 3) == 3 and memo.get(south, 0) is None
    for start in range(MAX_RULE_SETS + 1):
        memo.put(south.replace(start_points=start), "k", start)
    assert len(memo) <= MAX_RULE_SETS


def test_replace_with_the_same_changes_gives_the_same_rule_set_object():
    south = PRESETS["tenhou-4p-south"]
    a = south.replace(placement_rounding="none")
    b = south.replace(placement_rounding="none")
    assert a is b and a.name == "tenhou-4p-south+custom" and a.placement_rounding == "none"
    assert south.replace(placement_rounding="none", name="x") is not a
    assert south.replace(uma=[1, 2, 3, 4]).uma == [1, 2, 3, 4]   # unhashable values are not memoised
