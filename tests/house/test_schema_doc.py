"""docs/schema.md's lists of values (finding kinds and severities, source formats, families) match the code."""

from __future__ import annotations

import re

import pytest

from mjlog.findings import FindingKind, Severity
from mjlog.formats import formats
from mjlog.rules.family import families
from tests.support.paths import ROOT

DOC = ROOT / "docs" / "schema.md"


def listed(table: str, column: str) -> list[str]:
    """The values a row of ``table`` lists for ``column``: every `value` after its ``one of:``."""
    text = DOC.read_text(encoding="utf-8")
    section = text.split(f"### `{table}`", 1)[1].split("\n### ", 1)[0]
    row = next(line for line in section.splitlines() if line.startswith(f"| {column} |"))
    assert "one of:" in row, f"docs/schema.md: {table}.{column} lists no values ('one of:')"
    return re.findall(r"`([^`]+)`", row.split("one of:", 1)[1])


@pytest.mark.parametrize(("table", "column", "values"), [
    ("findings", "severity", lambda: [s.value for s in Severity]),
    ("findings", "kind", lambda: [k.value for k in FindingKind]),
    ("games", "source_format", lambda: [f.name for f in formats()]),
    ("games", "family", lambda: list(families())),
], ids=["severities", "finding-kinds", "source-formats", "families"])
def test_each_value_list_of_the_schema_doc_is_the_codes(table, column, values):
    doc = listed(table, column)
    assert len(doc) == len(set(doc)), doc
    assert set(doc) == set(values()), f"docs/schema.md {table}.{column}"
