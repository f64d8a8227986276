"""The README tells the truth: its quick-start commands run on the sample data, and every
``mjlog.xxx`` name it (or docs/python.md, where it points for more) mentions imports."""

from __future__ import annotations

import importlib
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.paths import ROOT, SAMPLE

README = ROOT / "README.md"
PYTHON_DOC = ROOT / "docs" / "python.md"
#: The README's stand-ins for a reader's own files, and what the tests put in their place.
YOUR_GAME = "your-logs/game.xml"
YOUR_LOGS = "your-logs"
SAMPLE_GAME = SAMPLE / "sim-tenhou-4p-south-2024-0.xml"
NOTEBOOKS = "scripts/run_notebooks.py"


def fenced_blocks(text: str, info: str) -> list[str]:
    """The bodies of the fenced code blocks whose info string is ``info``."""
    return re.findall(rf"^```{info}\n(.*?)^```", text, flags=re.M | re.S)


def quick_start_commands() -> list[str]:
    """Every command line of the README's ``sh`` blocks (the ones a reader types after install)."""
    lines = []
    for block in fenced_blocks(README.read_text(encoding="utf-8"), "sh"):
        lines += [line.strip() for line in block.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    return lines


def as_argv(command: str) -> list[str]:
    """One README command as the argv the tests run: the sample data for the reader's logs,
    this interpreter for ``python`` and ``mjlog``, the repository's scripts by absolute path."""
    command = command.replace(YOUR_GAME, str(SAMPLE_GAME)).replace(YOUR_LOGS, str(SAMPLE))
    argv = shlex.split(command)
    if argv[0] == "mjlog":
        return [sys.executable, "-m", "mjlog", *argv[1:]]
    if argv[0] == "python":
        return [sys.executable, *(str(ROOT / a) if a.startswith("scripts/") else a for a in argv[1:])]
    raise AssertionError(f"README quick start: a command that is neither mjlog nor python: {command}")


def run_in(tmp: Path, command: str) -> subprocess.CompletedProcess:
    done = subprocess.run(as_argv(command), cwd=tmp, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"{command}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
    return done


def test_readme_quick_start_has_the_five_commands_for_your_own_logs():
    commands = quick_start_commands()
    for word in ("mjlog audit", "mjlog ingest", "mjlog stats", NOTEBOOKS, "mjlog view"):
        assert any(word in c for c in commands), word
    assert any(YOUR_LOGS in c for c in commands)


def test_readme_quick_start_commands_run_on_the_sample(tmp_path):
    for command in quick_start_commands():
        if NOTEBOOKS not in command:
            run_in(tmp_path, command)
    assert (tmp_path / "my.duckdb").exists()
    assert (tmp_path / "game.html").read_text(encoding="utf-8").lstrip().lower().startswith("<!doctype html")
    assert any((tmp_path / "my-dataset").iterdir())


@pytest.mark.slow
def test_readme_notebooks_command_runs_on_the_sample(tmp_path):
    commands = quick_start_commands()
    for command in commands:
        if "mjlog ingest" in command or NOTEBOOKS in command:
            run_in(tmp_path, command)
    assert len(list((tmp_path / "my-reports").glob("*.html"))) == len(list((ROOT / "notebooks").glob("*.ipynb")))


def mentioned_names(text: str) -> set[str]:
    """Every dotted ``mjlog.x.y`` name in ``text``, and every ``from mjlog.x import a, b``."""
    names = set(re.findall(r"(?<![\w/.-])mjlog(?:\.[A-Za-z_]\w*)+", text))
    for module, imported in re.findall(r"^\s*from (mjlog[\w.]*) import ([\w, ]+)", text, flags=re.M):
        names |= {f"{module}.{name.strip()}" for name in imported.split(",") if name.strip()}
    return names


def resolve(name: str) -> object:
    """The object a dotted name names: the longest importable module, then attributes."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attr in parts[cut:]:
            obj = getattr(obj, attr)
        return obj
    raise ModuleNotFoundError(name)


@pytest.mark.parametrize("doc", [README, PYTHON_DOC], ids=lambda p: p.name)
def test_every_mjlog_name_the_docs_mention_imports(doc):
    names = mentioned_names(doc.read_text(encoding="utf-8"))
    assert names, doc
    missing = []
    for name in sorted(names):
        try:
            resolve(name)
        except (ImportError, AttributeError) as exc:
            missing.append(f"{name}: {exc}")
    assert not missing, missing


def test_mentioned_names_catches_a_name_that_does_not_import():
    names = mentioned_names("`mjlog.stats.phoenix_comparison` and\nfrom mjlog.stats import dealer_stats\n")
    wrong = {"mjlog.stats.phoenix_comparison", "mjlog.stats.dealer_stats"}
    assert wrong <= names
    for name in wrong:
        with pytest.raises(AttributeError):
            resolve(name)


def test_readme_python_example_runs_on_a_sample_game():
    (code,) = fenced_blocks(README.read_text(encoding="utf-8"), "python")
    code = code.replace('"game.xml"', repr(str(SAMPLE_GAME)))
    exec(compile(code, str(README), "exec"), {})
