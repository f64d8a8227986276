"""Rule choices of the command line: ``--rules PRESET`` and ``--knob NAME=VALUE``, checked in one place.

Every command that plays, replays or re-scores under rules of the user's choosing (``simulate``,
``audit``, ``whatif``, ``schemes``, ``score``) reads those options through :func:`rule_choice`. It
checks each knob against the preset's rule set (with no preset, against every preset that has the
knob) and says in one line what is wrong: an unknown knob with the close names, a value with the
values the knob takes. The result, a :class:`RuleChoice`, changes any rule set with the same
:func:`~mjlog.rules.family.apply_knobs` that reads a synthetic log's stated knobs.

>>> choice = rule_choice("tenhou-3p-south", ["tsumo_scheme=split-half"])
>>> choice.apply(choice.base(None)).tsumo_scheme
'split-half'
>>> choice.describe()
'tenhou-3p-south with tsumo_scheme=split-half'
>>> rule_choice("tenhou-4p-south", ["kiriage=True"])
Traceback (most recent call last):
...
mjlog.rules.knobs.KnobError: unknown knob 'kiriage' of tenhou-4p-south; close: kiriage_mangan
>>> rule_choice("tenhou-4p-south", ["kiriage_mangan=yes"])
Traceback (most recent call last):
...
mjlog.rules.knobs.KnobError: knob kiriage_mangan='yes' of tenhou-4p-south: allowed values: True, False
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mjlog.errors import MjlogError
from mjlog.rules.family import (FIXED_KNOBS, UnknownRulesError, apply_knobs, find_preset, iter_presets, knob_alias,
                                knob_value)

_BOOLS = {"true": "True", "false": "False"}


class KnobError(MjlogError, ValueError):
    """A ``--rules`` or ``--knob`` option that names no preset or knob, or a value the knob does not take."""


@dataclass(frozen=True, slots=True)
class RuleChoice:
    """The rules a command was asked to use: a preset in place of each log's own (None: each log's
    own) and knobs changed on top, as ``(name, value text)`` in the order given."""

    preset: str | None = None
    knobs: tuple[tuple[str, str], ...] = ()

    def __bool__(self) -> bool:
        return self.preset is not None or bool(self.knobs)

    @property
    def knob_text(self) -> str:
        """The knobs as ``name=value;…`` (what :func:`~mjlog.rules.family.apply_knobs` reads)."""
        return ";".join(f"{name}={value}" for name, value in self.knobs)

    def describe(self) -> str:
        """The choice in words: ``PRESET with a=1, b=2``; ``each log's own rules with a=1``."""
        where = self.preset or "each log's own rules"
        changed = ", ".join(f"{name}={value}" for name, value in self.knobs)
        return f"{where} with {changed}" if changed else where

    def to_dict(self) -> dict[str, Any]:
        """``{preset, knobs: {name: value}}`` for JSON output (preset None: each log's own)."""
        return {"preset": self.preset, "knobs": dict(self.knobs)}

    def base(self, rules: Any) -> Any:
        """The rule set the knobs change: the chosen preset's, else ``rules`` (a log's own)."""
        return find_preset(self.preset) if self.preset is not None else rules

    def apply(self, rules: Any) -> Any:
        """``rules`` with the chosen knobs changed; ``ValueError`` when its family's rule set has no such
        knob or cannot take the values (a three-player knob on a four-player game)."""
        return apply_knobs(rules, self.knob_text) if self.knobs else rules


def rule_choice(preset: str | None, knobs: Sequence[str] = (), family: str | None = None) -> RuleChoice:
    """The choice of ``--rules preset`` (None: each log's own) and the ``--knob`` texts (``NAME=VALUE``,
    or several joined by ``;``), each knob checked against the preset's rule set, else against every
    preset (of ``family``, when given) that has it. :class:`KnobError` says in one line what is wrong."""
    if preset is None and not any(part.strip() for text in knobs for part in text.split(";")):
        return RuleChoice()   # each log's own rules: no family is loaded to check a choice
    if preset is not None:
        try:
            targets = [find_preset(preset)]
        except UnknownRulesError as exc:
            raise KnobError(str(exc)) from None
        if family is not None and not any(r is targets[0] for f, _, r in iter_presets() if f.name == family):
            raise KnobError(f"{preset} is not a {family} preset")
    else:
        targets = [r for f, _, r in iter_presets() if family is None or f.name == family]
    where = preset or (f"any {family} preset" if family else "any preset")
    pairs = [_pair(part) for text in knobs for part in text.split(";") if part.strip()]
    chosen = tuple(_checked(name, raw, targets, where) for name, raw in pairs)
    if preset is not None and chosen:
        try:
            apply_knobs(targets[0], ";".join(f"{n}={v}" for n, v in chosen))
        except ValueError as exc:
            raise KnobError(f"knobs of {preset}: {_problem(exc)}") from None
    return RuleChoice(preset, chosen)


def _pair(part: str) -> tuple[str, str]:
    name, sep, raw = part.partition("=")
    if not sep or not name.strip():
        raise KnobError(f"--knob wants NAME=VALUE, not {part.strip()!r}")
    return name.strip(), raw.strip()


def _close_matches(name: str, names: list[str]) -> list[str]:
    """Up to four of ``names`` that look like ``name`` (difflib, imported only to say "did you mean")."""
    import difflib

    return difflib.get_close_matches(name, names, n=4, cutoff=0.6)


def _checked(name: str, raw: str, targets: list[Any], where: str) -> tuple[str, str]:
    """``(name, value text)`` once the knob is known to ``targets`` and the value fits it (an older knob's
    name and value as the knob and value they say now)."""
    name, raw = next((got for got in (knob_alias(r, name, raw) for r in targets) if got[0] != name), (name, raw))
    having = [r for r in targets if name in {f.name for f in dataclasses.fields(r)}]
    if not having or name in FIXED_KNOBS:
        names = sorted({f.name for r in targets for f in dataclasses.fields(r)} - set(FIXED_KNOBS))
        close = [n for n in names if name.lower() in n] or _close_matches(name, names)
        hint = f"close: {', '.join(close[:4])}" if close else "'mjlog rules show PRESET' lists them"
        if name in FIXED_KNOBS:
            raise KnobError(f"{name} is the preset's, not a knob to change ({where})")
        raise KnobError(f"unknown knob {name!r} of {where}; {hint}")
    rules = having[0]
    current = getattr(rules, name)
    if isinstance(current, bool):
        raw = _BOOLS.get(raw.lower(), raw)
    try:
        value = knob_value(current, raw)
    except ValueError:
        raise KnobError(f"knob {name}={raw!r} of {where}: allowed values: {_allowed(rules, name)}") from None
    choices = _choices(rules).get(name)
    if choices is not None and value not in choices:
        raise KnobError(f"knob {name}={raw!r} of {where}: allowed values: {', '.join(choices)}")
    problems = [_problem_of(r, name, value) for r in having]
    if all(problems):
        raise KnobError(f"knob {name}={raw!r} of {where}: {problems[0]}")
    return name, raw


def _problem_of(rules: Any, name: str, value: object) -> str | None:
    """Why ``rules`` with the knob changed cannot be replayed (its ``knob_problem()``), or None."""
    check = getattr(rules.replace(**{name: value}), "knob_problem", None)
    return check() if check is not None else None


def _choices(rules: Any) -> dict[str, tuple[str, ...]]:
    """The values each text knob of ``rules`` takes, where its rule set lists them."""
    listed = getattr(rules, "knob_choices", None)
    return dict(listed()) if listed is not None else {}


def _allowed(rules: Any, name: str) -> str:
    """The values a knob takes, in words."""
    current = getattr(rules, name)
    if isinstance(current, bool):
        return "True, False"
    if isinstance(current, int):
        return "a whole number"
    if isinstance(current, tuple):
        return f"whole numbers separated by commas, as {','.join(map(str, current))}"
    return ", ".join(_choices(rules).get(name, ())) or "a word"


def _problem(exc: ValueError) -> str:
    """A rule set's problem without :func:`apply_knobs`' quoting of the whole knob text."""
    text = str(exc)
    return text.split(": ", 1)[1] if text.startswith("rule knobs ") and ": " in text else text
