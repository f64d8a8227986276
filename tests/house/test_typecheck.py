"""The core and the lower stages type-check: mypy, run with the ``[tool.mypy]`` section of
pyproject.toml (which names the files it checks), reports no error."""

from __future__ import annotations

import pytest

from tests.support.paths import ROOT

mypy_api = pytest.importorskip("mypy.api", reason="mypy is in the dev extra")


def test_mypy_finds_no_error(monkeypatch):
    monkeypatch.chdir(ROOT)  # the config's files are relative to the repository root
    report, errors, status = mypy_api.run(["--config-file", str(ROOT / "pyproject.toml")])
    assert status == 0, f"mypy exited with {status}:\n{report}{errors}"
