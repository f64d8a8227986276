"""docs/rules-conformance.md names tests that exist: each ``path::test`` it lists is a test function of that file;
every row has a test, and a rule mjlog does not apply says why in its row."""

from __future__ import annotations

import re

from tests.support.doc_tests import NODE_ID, missing_tests, named_tests
from tests.support.paths import ROOT

DOC = ROOT / "docs" / "rules-conformance.md"
RULE_ID = re.compile(r"^\| ((?:T3?|S3|B|M)-[\d.]+) \|", re.M)
#: "not implemented: " and a reason of at least five words, within the row's cell.
NOT_IMPLEMENTED = re.compile(r"not implemented(?::\s*(?P<why>[^|]*))?", re.I)


def unexplained(row: str) -> list[str]:
    """The "not implemented" of ``row`` that give no reason (fewer than five words after a colon)."""
    return [m.group(0) for m in NOT_IMPLEMENTED.finditer(row) if len((m.group("why") or "").split()) < 5]


def test_every_test_the_conformance_matrix_lists_exists():
    assert named_tests(DOC.read_text(encoding="utf-8"))
    assert missing_tests(DOC) == []


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
