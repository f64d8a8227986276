"""The compiled helpers' C sources (mjlog/csrc): what they may use of CPython."""

from __future__ import annotations

import re
from pathlib import Path

CSRC = Path(__file__).resolve().parents[2] / "mjlog" / "csrc"


def test_c_sources_call_no_private_cpython_function():
    """Underscore-prefixed CPython functions (_PySet_NextEntry, say) may change or vanish between
    versions (3.13 made that one internal); the module keeps to the public API."""
    private = re.compile(r"\b_Py[A-Za-z]\w*\s*\(")
    found = {f"{path.name}: {m.group(0)}" for path in sorted(CSRC.glob("*.[ch]"))
             for m in private.finditer(path.read_text())}
    assert not found
    assert sorted(p.name for p in CSRC.glob("*.c"))  # the sources are where the test looks
