"""Where each knob of a rule set comes from: a rule of a rules document, the document's own words, or mjlog's choice;
and what every family's rule set does with its knobs alike: a copy with some changed (:func:`with_knobs`), a
knob's value among its allowed ones (:func:`check_choices`).

A knob's source sits on its definition: the dataclass field of the family's rule set is declared with
:func:`knob`, ``red_fives: bool = knob(True, rule("T-6"))``, and ``mjlog rules show PRESET --sources``
prints it (:func:`source_of`). A rule id is a row of ``docs/rules-conformance.md`` (its prefix names
the rules document, :data:`SEEDS`); where the document has no numbered rule, :func:`quoted` keeps its
own words; where it says nothing, :data:`MJLOG_CHOICE` says so, with the reason.

>>> rule("T3-8").text
'seed 002, rule T3-8'
>>> quoted("001", "只和嵌單五萬一張牌").text
'seed 001: 「只和嵌單五萬一張牌」'
>>> choice("a knob of the what-ifs").text
"mjlog's choice: a knob of the what-ifs"
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, TypeVar

_T = TypeVar("_T")

#: The rules document (``../shared/seeds/NNN_*.txt``) of each id prefix of ``docs/rules-conformance.md``.
SEEDS: dict[str, str] = {"T": "002", "T3": "002", "S3": "000", "B": "001", "M": "004"}

#: The key of a field's metadata that holds its :class:`RuleSource`.
SOURCE_KEY = "mjlog.source"


@dataclass(frozen=True, slots=True)
class RuleSource:
    """Where a knob comes from: a seed and a rule id of the conformance matrix, or a seed and its words, or neither
    (mjlog's choice, with why in ``words``)."""

    seed: str | None
    rule_id: str | None = None
    words: str = ""

    @property
    def text(self) -> str:
        """The source as ``mjlog rules show --sources`` prints it."""
        if self.seed is None:
            return f"mjlog's choice: {self.words}" if self.words else "mjlog's choice"
        if self.rule_id is not None:
            return f"seed {self.seed}, rule {self.rule_id}"
        return f"seed {self.seed}: 「{self.words}」"


def rule(rule_id: str) -> RuleSource:
    """The numbered rule ``rule_id`` of ``docs/rules-conformance.md`` (``T-6``, ``T3-8``, ``S3-9``, ``B-1.8``, ``M-12``)."""
    prefix = rule_id.split("-", 1)[0]
    if prefix not in SEEDS:
        raise ValueError(f"rule id {rule_id!r}: its prefix is none of {', '.join(SEEDS)}")
    return RuleSource(SEEDS[prefix], rule_id)


def quoted(seed: str, words: str) -> RuleSource:
    """A line of rules document ``seed`` with no numbered rule, in its own words (as the seed spells them)."""
    return RuleSource(seed, None, words)


def choice(why: str) -> RuleSource:
    """No rules document states it: mjlog chose, for the reason ``why``."""
    return RuleSource(None, None, why)


#: A knob that only names or sizes a rule set (its name, a what-if's switch): no rule to cite.
MJLOG_CHOICE = choice("")


def knob(default: _T, source: RuleSource) -> _T:
    """A rule set's field with its default and where it comes from (a dataclass field; :func:`source_of` reads it)."""
    return dataclasses.field(default=default, metadata={SOURCE_KEY: source})


def source_of(rules: Any, name: str) -> RuleSource | None:
    """Where knob ``name`` of rule set ``rules`` comes from; None when its field was declared without one."""
    for f in dataclasses.fields(rules):
        if f.name == name:
            return f.metadata.get(SOURCE_KEY)
    raise KeyError(f"{type(rules).__name__} has no knob {name!r}")


def with_knobs(rules: _T, changes: dict[str, Any]) -> _T:
    """A copy of ``rules`` (a rule set dataclass) with ``changes``; its ``name`` gains ``+custom`` unless given.

    >>> from mjlog.rules.mcr.ruleset import PRESETS
    >>> with_knobs(PRESETS["mcr"], {"min_fan": 1}).name
    'mcr+custom'
    """
    current: Any = rules      # any family's rule set: a dataclass with a name
    if "name" not in changes and not current.name.endswith("+custom"):
        changes["name"] = current.name + "+custom"
    return dataclasses.replace(current, **changes)


def check_choices(rules: Any, allowed: tuple[tuple[str, tuple[str, ...]], ...]) -> None:
    """ValueError for the first knob of ``allowed`` (its name and its two values) whose value is neither."""
    for name, values in allowed:
        value = getattr(rules, name)
        if value not in values:
            raise ValueError(f"{name} must be {values[0]!r} or {values[1]!r}, not {value!r}")
