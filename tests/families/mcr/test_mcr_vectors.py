"""The 130 MCR fan vectors (../shared/corpus/mcr/mcr_vectors.json) scored by mjlog's calculator.

Under the default edition (the 2006 interpretation book) every vector's total and fan multiset
equal the expected ones. The vectors on which PyMahjongGB (the MIL convention) disagrees are the
edition cases: under ``edition="mil"`` they follow PyMahjongGB's fans instead.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from tests.support.paths import CORPUS, REQUIRE_CORPUS
from tests.support.mcr_notation import read_vector

from mjlog.rules.mcr import MCR, score

VECTORS = CORPUS / "mcr" / "mcr_vectors.json"
ALIASES = {"独听・边张": "边张", "独听・嵌张": "坎张", "独听・单钓": "单钓将"}

pytestmark = pytest.mark.corpus


@pytest.fixture(scope="module")
def vectors() -> list[dict]:
    if not VECTORS.is_file():
        if REQUIRE_CORPUS:
            pytest.fail(f"MJLOG_REQUIRE_CORPUS=1 but {VECTORS} is missing")
        pytest.skip(f"MCR vectors not found at {VECTORS} (set MJLOG_CORPUS)")
    return json.loads(VECTORS.read_text(encoding="utf-8"))["vectors"]


def _fans(lines) -> Counter:
    return Counter({ALIASES.get(f["fan"], f["fan"]): f["count"] for f in lines})


def test_mcr_vectors_total_and_fans_under_the_book_edition(vectors):
    assert len(vectors) == 130
    wrong = []
    for v in vectors:
        hand, sit = read_vector(v["hand"])
        r = score(hand, sit, MCR)
        got = Counter({line.name: line.count for line in r.lines})
        if r.total != v["expected_total"] or got != _fans(v["expected_fans"]):
            wrong.append((v["id"], v["hand"], r.total, v["expected_total"], dict(got)))
    assert not wrong


def test_mcr_vectors_edition_cases_follow_the_mil_edition_under_its_knob(vectors):
    cases = [v for v in vectors if not v["agree"]]
    assert [v["id"] for v in cases] == [81, 91]
    mil = MCR.replace(edition="mil")
    for v in cases:
        hand, sit = read_vector(v["hand"])
        book, other = score(hand, sit, MCR), score(hand, sit, mil)
        assert book.total == v["expected_total"]
        assert other.total == v["pymahjonggb_total"] != book.total
        assert Counter({line.name: line.count for line in other.lines}) == _fans(v["pymahjonggb_fans"])


def test_mcr_vectors_agreeing_with_pymahjonggb_do_not_change_with_the_edition(vectors):
    mil = MCR.replace(edition="mil")
    for v in vectors:
        if v["agree"]:
            hand, sit = read_vector(v["hand"])
            assert score(hand, sit, mil) == score(hand, sit, MCR), v["id"]
