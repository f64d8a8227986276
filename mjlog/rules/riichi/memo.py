"""Memo tables per rule set, found by identity before equality.

A :class:`~mjlog.rules.riichi.ruleset.RuleSet` is a frozen dataclass of about fifty knobs:
hashing it for every lookup cost more than the lookups it keyed (9 ms, about 1 %, of an
audit of the 722 Phoenix games).
:class:`RulesMemo` keeps one table per rule set (equal rule sets share it, as before), finds
the rule sets it has seen by their ``id`` and remembers the last one asked for, which a
replay asks for again and again.

>>> import dataclasses
>>> from mjlog.rules.riichi.ruleset import PRESETS
>>> memo = RulesMemo(max_entries=2)
>>> rs = PRESETS["tenhou-4p-south"]
>>> memo.get(rs, "a") is None
True
>>> memo.put(rs, "a", 1)
1
>>> memo.get(dataclasses.replace(rs), "a"), memo.get(PRESETS["tenhou-3p-south"], "a")
(1, None)
>>> len(memo)
1
"""

from __future__ import annotations

from typing import Any, TypeVar

from mjlog.rules.riichi.ruleset import RuleSet

_Value = TypeVar("_Value")

#: Rule sets kept at most; past that every table is forgotten (a what-if asks for a few dozen).
MAX_RULE_SETS = 256


class RulesMemo:
    """Values memoised by (rule set, key); each rule set's table forgets all past ``max_entries``."""

    __slots__ = ("max_entries", "_tables", "_by_id", "_last", "_last_table")

    def __init__(self, max_entries: int) -> None:
        self.max_entries = max_entries
        self._tables: dict[RuleSet, dict[Any, Any]] = {}
        # by id, with the rule set itself (kept alive, so no other object takes its id meanwhile)
        self._by_id: dict[int, tuple[RuleSet, dict[Any, Any]]] = {}
        self._last: RuleSet | None = None
        self._last_table: dict[Any, Any] = {}

    def _table(self, rules: RuleSet) -> dict[Any, Any]:
        if rules is self._last:
            return self._last_table
        got = self._by_id.get(id(rules))
        table: dict[Any, Any] | None
        if got is not None and got[0] is rules:
            table = got[1]
        else:
            table = self._tables.get(rules)   # an equal rule set's, or a new one
            if table is None:
                if len(self._tables) >= MAX_RULE_SETS:
                    self._tables.clear()
                    self._by_id.clear()
                table = self._tables[rules] = {}
            if len(self._by_id) >= MAX_RULE_SETS:
                self._by_id.clear()
            self._by_id[id(rules)] = (rules, table)
        self._last, self._last_table = rules, table
        return table

    def get(self, rules: RuleSet, key: Any) -> Any:
        """The value memoised for ``key`` under ``rules``, None when there is none."""
        # the last rule set's table without a call: a replay asks for one rule set again and again
        table = self._last_table if rules is self._last else self._table(rules)
        return table.get(key)

    def put(self, rules: RuleSet, key: Any, value: Any) -> Any:
        """Memoise ``value`` for ``key`` under ``rules``; return it."""
        table = self._table(rules)
        if len(table) >= self.max_entries:
            table.clear()
        table[key] = value
        return value

    def clear(self) -> None:
        """Forget every value."""
        self._tables.clear()
        self._by_id.clear()
        self._last, self._last_table = None, {}

    def __len__(self) -> int:
        return sum(len(t) for t in self._tables.values())


class Interner:
    """One instance of each equal immutable value among those a memo keeps (calling it with a value
    gives an equal one seen before, or the value itself), so a memo's entries share what they repeat;
    it forgets all past ``max_entries``.

    >>> shared = Interner(max_entries=4)
    >>> a = (1, 2)
    >>> shared(a) is a and shared((1, 2)) is a
    True
    """

    __slots__ = ("max_entries", "_seen")

    def __init__(self, max_entries: int) -> None:
        self.max_entries = max_entries
        self._seen: dict[Any, Any] = {}

    def __call__(self, value: _Value) -> _Value:
        got = self._seen.get(value)
        if got is None:
            if len(self._seen) >= self.max_entries:
                self._seen.clear()
            got = self._seen[value] = value
        return got  # an equal value of the same type, seen before

    def clear(self) -> None:
        """Forget every value."""
        self._seen.clear()

    def __len__(self) -> int:
        return len(self._seen)
