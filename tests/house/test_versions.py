"""The DuckDB and Polars that mjlog is tested on are the ones pyproject.toml asks for, and a store is the
DuckDB 2 file the README and docs/schema.md say it is (so a DuckDB 1.x command-line tool cannot open it)."""

from __future__ import annotations

import tomllib
from importlib.metadata import version
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from mjlog.store import Store

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def _requirement(name: str) -> Requirement:
    deps = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]["dependencies"]
    [req] = [Requirement(d) for d in deps if Requirement(d).name == name]
    return req


@pytest.mark.parametrize("name", ["duckdb", "polars"])
def test_the_installed_duckdb_and_polars_are_in_the_ranges_pyproject_asks_for(name):
    req = _requirement(name)
    assert req.specifier.contains(version(name)), f"{name} {version(name)} is outside {req.specifier}"
    assert any(s.operator == "<" for s in req.specifier), f"{name}: the range says which major mjlog is tested on"


def test_a_store_is_written_in_duckdbs_v2_storage_format(tmp_path):
    with Store(tmp_path / "s.duckdb") as st:
        tags = st.sql("SELECT tags FROM duckdb_databases() WHERE database_name = 's'").item()
    assert tags["storage_version"].startswith("v2.")
