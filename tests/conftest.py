"""Shared fixtures: where the corpus is, and the rule that corpus tests skip or fail without it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CORPUS = Path(os.environ.get("MJLOG_CORPUS", ROOT.parent / "shared" / "corpus")).resolve()
TENHOU_XML = CORPUS / "tenhou" / "xml"
TENHOU_JSON = CORPUS / "tenhou" / "json"
SAMPLE = ROOT / "data" / "sample"
REQUIRE_CORPUS = os.environ.get("MJLOG_REQUIRE_CORPUS") == "1"


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


def call_near_a_pipe(fn, fifo, timeout: float = 20.0):
    """``fn()``'s result (or the exception it raised), failing the test instead of hanging it should
    ``fn`` block opening the named pipe ``fifo``: a writer is then opened to let it go."""
    import threading

    out: dict = {}

    def run() -> None:
        try:
            out["value"] = fn()
        except BaseException as exc:  # noqa: BLE001 - handed to the caller
            out["error"] = exc

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(timeout)
    if t.is_alive():
        try:
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))  # a writer that closes at once: EOF
        except OSError:
            pass
        t.join(timeout)
        pytest.fail(f"blocked on the named pipe {fifo}")
    if "error" in out:
        raise out["error"]
    return out.get("value")
