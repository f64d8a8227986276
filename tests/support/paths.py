"""Where the tests find the repository, the shared corpus and the sample data."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORPUS = Path(os.environ.get("MJLOG_CORPUS", ROOT.parent / "shared" / "corpus")).resolve()
TENHOU_XML = CORPUS / "tenhou" / "xml"
TENHOU_JSON = CORPUS / "tenhou" / "json"
SAMPLE = ROOT / "data" / "sample"
REQUIRE_CORPUS = os.environ.get("MJLOG_REQUIRE_CORPUS") == "1"
#: The rules documents the rules come from (``mjlog.rules.sources`` cites them by seed id).
SEEDS = Path(os.environ.get("MJLOG_SEEDS", ROOT.parent / "shared" / "seeds")).resolve()
