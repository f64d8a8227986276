"""Shared fixtures: where the corpus is, and the rule that corpus tests skip or fail without it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.paths import CORPUS, REQUIRE_CORPUS, TENHOU_XML


_corpus_ran: list[str] = []


def pytest_collection_modifyitems(config, items):
    if TENHOU_XML.is_dir():
        return
    reason = f"corpus not found at {CORPUS} (set MJLOG_CORPUS to its path)"
    if REQUIRE_CORPUS:
        raise pytest.UsageError(f"MJLOG_REQUIRE_CORPUS=1 but the {reason}")
    for item in items:
        if "corpus" in item.keywords:
            item.add_marker(pytest.mark.skip(reason=reason))


def pytest_runtest_logreport(report):
    if report.when == "call" and report.passed and "corpus" in report.keywords:
        _corpus_ran.append(report.nodeid)


def pytest_sessionfinish(session, exitstatus):
    """With MJLOG_REQUIRE_CORPUS=1 a run in which no corpus test passed is a failure."""
    if REQUIRE_CORPUS and not _corpus_ran and exitstatus == 0:
        print("\nMJLOG_REQUIRE_CORPUS=1 but no corpus test ran and passed", flush=True)
        session.exitstatus = 1


@pytest.fixture(scope="session")
def corpus_xml_files() -> list[Path]:
    files = sorted(TENHOU_XML.iterdir())
    assert files, f"no files in {TENHOU_XML}"
    return files


@pytest.fixture(scope="session")
def manifest() -> dict[str, dict[str, str]]:
    rows = (CORPUS / "tenhou" / "MANIFEST.tsv").read_text(encoding="utf-8").splitlines()
    head = rows[0].split("\t")
    out = {}
    for row in rows[1:]:
        rec = dict(zip(head, row.split("\t")))
        out[rec["local_file"]] = rec
    return out
