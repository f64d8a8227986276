"""The linter's rules (``[tool.ruff]`` in pyproject.toml), checked on the whole repository."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.support.paths import ROOT

pytest.importorskip("ruff", reason="ruff is in the dev extra")


def test_ruff_finds_nothing():
    run = subprocess.run([sys.executable, "-m", "ruff", "check", "."], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
