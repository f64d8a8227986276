"""Every knob of every preset of every family names the rule it comes from, on the knob's definition
(:mod:`mjlog.rules.sources`), and ``mjlog rules show PRESET --sources`` prints it."""

from __future__ import annotations

import json
import re

import pytest

from mjlog.cli import main
from mjlog.rules import iter_presets
from mjlog.rules.family import knob_values
from mjlog.rules.sources import RuleSource, choice, quoted, rule, source_of
from tests.support.paths import ROOT, SEEDS

HOW = ("declare it with its source: `name: type = knob(default, rule(\"T-n\"))`, or quoted(seed, its words), "
       "or choice(why) (mjlog/rules/sources.py)")


def _sources() -> list[tuple[str, str, RuleSource | None]]:
    return [(preset, name, source_of(rules, name)) for _, preset, rules in iter_presets()
            for name, _ in knob_values(rules)]


def test_every_knob_of_every_preset_of_every_family_names_its_source():
    families = {fam.name for fam, _, _ in iter_presets()}
    assert {"riichi", "beijing", "mcr", "datong"} <= families
    missing = [f"{preset}.{name}" for preset, name, source in _sources() if source is None]
    assert missing == [], f"knobs without a source: {missing}; {HOW}"


def test_each_rule_a_knob_cites_is_a_row_of_the_conformance_matrix():
    rows = set(re.findall(r"^\| ((?:T3?|S3|B|M)-[\d.]+) \|", (ROOT / "docs" / "rules-conformance.md").read_text(
        encoding="utf-8"), re.M))
    cited = {source.rule_id for _, _, source in _sources() if source is not None and source.rule_id is not None}
    assert cited and cited - rows == set()


def test_each_quoted_source_is_the_rules_documents_own_words():
    if not SEEDS.is_dir():
        pytest.skip(f"no rules documents at {SEEDS}")
    texts = {path.name[:3]: path.read_text(encoding="utf-8") for path in SEEDS.glob("[0-9][0-9][0-9]_*.txt")}
    quotes = {(s.seed, s.words) for _, _, s in _sources() if s is not None and s.seed and s.rule_id is None}
    assert quotes
    assert [q for q in quotes if q[1] not in texts.get(q[0] or "", "")] == []


def test_a_source_is_a_rule_the_documents_own_words_or_mjlogs_choice():
    assert rule("B-1.8") == RuleSource("001", "B-1.8") and rule("M-9.1").text == "seed 004, rule M-9.1"
    assert quoted("002", "連庄一次多10分").text == "seed 002: 「連庄一次多10分」"
    assert choice("the preset's name").text == "mjlog's choice: the preset's name"
    with pytest.raises(ValueError, match="prefix"):
        rule("X-1")


def test_rules_show_sources_prints_the_rule_each_knob_comes_from(capsys):
    assert main(["rules", "show", "tenhou-3p-south", "--sources"]) == 0
    rows = {line.split()[0]: line for line in capsys.readouterr().out.splitlines()[1:]}
    assert rows["kita_after_pon"].split(None, 2)[1:] == ["False", "seed 002, rule T3-8"]
    assert rows["local_paarenchan"].endswith("seed 002: 「八連庄:自己連續做莊至少8次」")
    assert rows["name"].endswith("mjlog's choice: the preset's name")
    assert main(["rules", "show", "beijing", "--json"]) == 0
    knobs = {k["name"]: k for k in json.loads(capsys.readouterr().out)["knobs"]}
    assert knobs["zhuo_wu_kui"]["source"] == "seed 001: 「只和嵌單“五萬”一張牌」"
    assert knobs["rotation"]["source"] == "seed 001, rule B-1.5"
