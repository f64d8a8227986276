"""pytest's doctest collection skips the modules that run compiled: their doctests are run on
the compiled modules themselves by tests/test_compiled.py (pytest would refuse them, since
the imported module's file is not the .py it collects)."""

from __future__ import annotations

import importlib
from pathlib import Path

from mjlog import _compiled

_PACKAGE = Path(__file__).resolve().parent / "mjlog"


def pytest_ignore_collect(collection_path, config):
    path = Path(collection_path)
    if path.suffix != ".py" or _PACKAGE not in path.resolve().parents:
        return None
    name = ".".join(("mjlog", *path.resolve().relative_to(_PACKAGE).with_suffix("").parts))
    if name not in _compiled.MODULES:
        return None
    importlib.import_module(name)
    return True if _compiled.STATE.get(name) == "compiled" else None
