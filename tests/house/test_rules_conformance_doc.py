"""docs/rules-conformance.md names tests that exist: each ``path::test`` it lists is a test function of that file;
every row has a test, and a rule mjlog does not apply says why in its row."""

from __future__ import annotations

import ast
import re

from tests.support.paths import ROOT

DOC = ROOT / "docs" / "rules-conformance.md"
NODE_ID = re.compile(r"`(tests/[\w/]+\.py)::(\w+)`")
RULE_ID = re.compile(r"^\| ((?:T3?|S3|B|M)-[\d.]+) \|", re.M)
#: "not implemented: " and a reason of at least five words, within the row's cell.
NOT_IMPLEMENTED = re.compile(r"not implemented(?::\s*(?P<why>[^|]*))?", re.I)


def unexplained(row: str) -> list[str]:
    """The "not implemented" of ``row`` that give no reason (fewer than five words after a colon)."""
    return [m.group(0) for m in NOT_IMPLEMENTED.finditer(row) if len((m.group("why") or "").split()) < 5]


def test_every_test_the_conformance_matrix_lists_exists():
    text = DOC.read_text(encoding="utf-8")
    listed = NODE_ID.findall(text)
    assert listed
    missing = []
    for path, name in listed:
        file = ROOT / path
        defined = set()
        if file.is_file():
            tree = ast.parse(file.read_text(encoding="utf-8"))
            defined = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
        if name not in defined:
            missing.append(f"{path}::{name}")
    assert missing == []


def test_each_rule_of_the_conformance_matrix_has_one_row_and_a_test():
    text = DOC.read_text(encoding="utf-8")
    ids = RULE_ID.findall(text)
    assert ids and len(ids) == len(set(ids)), ids
    for row in (line for line in text.splitlines() if RULE_ID.match(line)):
        assert NODE_ID.search(row), row


def test_a_rule_not_implemented_says_why_in_its_row():
    assert unexplained("| M-1 | a rule | not implemented | none | t |") == ["not implemented"]
    assert unexplained("| M-1 | a rule | Not implemented: later. | none | t |") != []
    assert unexplained("| M-1 | a rule | not implemented: no record mjlog reads holds it. | none | t |") == []
    text = DOC.read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if RULE_ID.match(line)]
    assert [row.split(" | ")[0] for row in rows if unexplained(row)] == []
