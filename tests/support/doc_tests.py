"""The tests a document names as ``tests/PATH.py::test_name``, and those of them that do not exist: one check
for every document that says which test holds a promise (``docs/rules-conformance.md``, ``docs/security.md``)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tests.support.paths import ROOT

#: A test named in a document: its file, from the repository's root, and its function.
NODE_ID = re.compile(r"`(tests/[\w/]+\.py)::(\w+)`")


def named_tests(text: str) -> list[tuple[str, str]]:
    """Each ``(path, function)`` that ``text`` names, in order."""
    return NODE_ID.findall(text)


def missing_tests(doc: Path) -> list[str]:
    """The tests ``doc`` names that are no test function of the file it names (an empty list when all are)."""
    defined: dict[str, set[str]] = {}
    missing = []
    for path, name in named_tests(doc.read_text(encoding="utf-8")):
        if path not in defined:
            file = ROOT / path
            tree = ast.parse(file.read_text(encoding="utf-8")) if file.is_file() else ast.Module(body=[], type_ignores=[])
            defined[path] = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
        if name not in defined[path]:
            missing.append(f"{path}::{name}")
    return missing
