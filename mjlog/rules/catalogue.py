"""The registry as text and data: every family with its presets, and one preset's knobs.

``mjlog rules list`` and ``mjlog rules show`` print these; they read only the registry
(:mod:`mjlog.rules.family`), so a family registered later is listed like riichi.

>>> [line for line in list_lines() if not line.startswith(" ")][-1]
"riichi: Japanese riichi mahjong (Tenhou's rules)"
>>> [k for k in preset_knobs("tenhou-3p-east") if k.name == "north"][0].text
'nukidora'
>>> [k for k in preset_knobs("tenhou-3p-east") if k.name == "north"][0].source
'seed 000, rule S3-5'
"""

from __future__ import annotations

from dataclasses import dataclass

from mjlog.rules.family import families, family_of_preset, find_preset, knob_values
from mjlog.rules.sources import source_of


@dataclass(frozen=True, slots=True)
class Knob:
    """One knob of a preset: its name, its value, the value as a log's ``GO knobs`` writes it, its meaning, and
    the rule it comes from (:mod:`mjlog.rules.sources`; "(no source)" for a field declared without one)."""

    name: str
    value: object
    text: str
    meaning: str
    source: str


def list_lines() -> list[str]:
    """One line per family (name and description), then one indented line per preset."""
    lines: list[str] = []
    for name, fam in sorted(families().items()):
        lines.append(f"{name}: {fam.english}")
        width = max((len(p) for p in fam.presets), default=0)
        for preset, rules in fam.presets.items():
            lines.append(f"  {preset:<{width}}  {fam.text.describe_preset(rules)}")
    return lines


def preset_knobs(preset: str) -> list[Knob]:
    """Every knob of ``preset`` in declaration order; :class:`UnknownRulesError` lists the known presets."""
    rules = find_preset(preset)
    docs = family_of_preset(preset).knob_docs()
    return [Knob(name, value, str(value), docs.get(name, "(no description)"), _source_text(rules, name))
            for name, value in knob_values(rules)]


def _source_text(rules: object, name: str) -> str:
    source = source_of(rules, name)
    return "(no source)" if source is None else source.text


def show_lines(preset: str, sources: bool = False) -> list[str]:
    """The preset's family, then one line per knob: name, value, meaning; with ``sources``, name, value and the
    rule the knob comes from."""
    knobs = preset_knobs(preset)
    fam = family_of_preset(preset)
    nw = max(len(k.name) for k in knobs)
    vw = max(len(k.text) for k in knobs)
    return [f"{preset} ({fam.name}: {fam.english})"] + [
        f"  {k.name:<{nw}}  {k.text:<{vw}}  {k.source if sources else k.meaning}" for k in knobs]


def show_data(preset: str) -> dict:
    """The preset as JSON-ready data: its family and each knob's name, value, meaning and source."""
    fam = family_of_preset(preset)
    return {"preset": preset, "family": fam.name, "family_description": fam.english,
            "knobs": [{"name": k.name, "value": list(k.value) if isinstance(k.value, tuple) else k.value,
                       "meaning": k.meaning, "source": k.source} for k in preset_knobs(preset)]}

