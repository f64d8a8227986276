"""benchmarks/audit.py's whole-CLI pair names each file to jansou-validate as a glob that matches it alone."""

from __future__ import annotations

import glob
import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _bench():
    spec = importlib.util.spec_from_file_location("audit_bench", ROOT / "benchmarks" / "audit.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_a_file_named_with_glob_characters_is_matched_alone(tmp_path):
    bench = _bench()
    odd = tmp_path / "a[1]*?.xml"
    odd.write_text("x")
    (tmp_path / "a1zz.xml").write_text("x")    # what "a[1]*?.xml" matches as a glob
    (tmp_path / "a[1]xy.xml").write_text("x")
    assert glob.glob(bench.glob_of(odd)) == [str(odd)]
