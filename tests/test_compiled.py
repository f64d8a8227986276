"""The modules compiled by Cython at install time (mjlog/_compiled.py): built from the current
sources, their doctests passing, and an out-of-date or broken build replaced by the source.

Without a build these tests skip, unless MJLOG_REQUIRE_SPEEDUPS=1 (as in CI), which makes a
missing build a failure.
"""

from __future__ import annotations

import doctest
import importlib
import os
import subprocess
import sys
import types
import warnings
from pathlib import Path

import pytest

from mjlog import _compiled

REQUIRED = os.environ.get("MJLOG_REQUIRE_SPEEDUPS") == "1"


def _source(name: str) -> Path:
    return Path(importlib.import_module("mjlog").__file__).parent.joinpath(*name.split(".")[1:]).with_suffix(".py")


@pytest.mark.parametrize("name", _compiled.MODULES)
def test_module_runs_compiled_from_its_current_source(name):
    module = importlib.import_module(name)
    state = _compiled.STATE.get(name)
    if state != "compiled":
        if REQUIRED and not _compiled.PURE:
            pytest.fail(f"{name} is not compiled ({state}) but MJLOG_REQUIRE_SPEEDUPS=1")
        pytest.skip(f"{name}: {state}")
    assert not module.__file__.endswith(".py")
    assert getattr(module, _compiled.HASH_ATTRIBUTE) == _compiled.source_sha256(str(_source(name)))
    assert name in _compiled.built()


@pytest.mark.parametrize("name", [m for m in _compiled.MODULES if ">>>" in _source(m).read_text(encoding="utf-8")])
def test_compiled_module_doctests_pass(name):
    """pytest collects these doctests from the .py files only when the module runs as source."""
    module = importlib.import_module(name)
    if _compiled.STATE.get(name) != "compiled":
        pytest.skip(f"{name} runs as source: pytest's doctest collection runs its examples")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    examples = sum(line.lstrip().startswith(">>>") for line in _source(name).read_text(encoding="utf-8").splitlines())
    assert result.failed == 0
    assert result.attempted >= examples  # none of the source's examples was lost in compiling


class _FakeCompiled:
    """Stands in for an extension module's loader: 'runs' a module that records its source hash."""

    def __init__(self, sha: str | None, fail: bool = False) -> None:
        self.sha, self.fail = sha, fail

    def create_module(self, spec):
        return types.ModuleType(spec.name)

    def exec_module(self, module):
        if self.fail:
            raise ImportError("cannot import name 'gone' from 'mjlog.x'")
        module.origin = "compiled"
        setattr(module, _compiled.HASH_ATTRIBUTE, self.sha)


def _load(tmp_path, name, fake):
    source = tmp_path / "mod.py"
    source.write_text("origin = 'source'\n", encoding="utf-8")
    loader = _compiled._CheckedLoader(fake(str(source)), str(source))
    spec = importlib.util.spec_from_loader(name, loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            loader.exec_module(module)
        return sys.modules[name], caught
    finally:
        sys.modules.pop(name, None)
        _compiled.STATE.pop(name, None)


def test_compiled_module_built_from_the_current_source_is_kept(tmp_path):
    name = "mjlog_test_compiled_current"
    module, caught = _load(tmp_path, name, lambda src: _FakeCompiled(_compiled.source_sha256(src)))
    assert module.origin == "compiled"
    assert not caught


def test_out_of_date_compiled_module_is_replaced_by_its_source(tmp_path):
    name = "mjlog_test_compiled_stale"
    module, caught = _load(tmp_path, name, lambda src: _FakeCompiled("0" * 64))
    assert module.origin == "source"
    assert module.__file__ == str(tmp_path / "mod.py")
    assert [w.category for w in caught] == [RuntimeWarning]
    assert "built from another version of the source" in str(caught[0].message)


def test_compiled_module_that_fails_to_import_is_replaced_by_its_source(tmp_path):
    name = "mjlog_test_compiled_broken"
    module, caught = _load(tmp_path, name, lambda src: _FakeCompiled(None, fail=True))
    assert module.origin == "source"
    assert "failed to import (ImportError: cannot import name 'gone'" in str(caught[0].message)


def test_pure_python_switch_imports_the_sources():
    code = ("import mjlog.replayer.table as t, mjlog._compiled as c; "
            "print(t.__file__.endswith('.py'), c.STATE['mjlog.replayer.table'])")
    env = dict(os.environ, MJLOG_PURE_PYTHON="1")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    if not _compiled.built():
        assert out.split()[0] == "True"
    else:
        assert out.strip() == "True source: turned off by MJLOG_PURE_PYTHON=1"


def _declared_classes() -> list[tuple[str, str, set[str], Path]]:
    """(module, class, attributes declared, .pxd path) for every ``cdef class`` of a compiled module's .pxd."""
    import re

    out = []
    for name in _compiled.MODULES:
        pxd = _source(name).with_suffix(".pxd")
        if not pxd.exists():
            continue
        text = pxd.read_text(encoding="utf-8")
        for cls, body in re.findall(r"^cdef class (\w+):\n((?:    .*\n?)+)", text, re.M):
            attrs = set()
            for line in body.splitlines():
                m = re.match(r"\s+cdef public object (.+)", line)
                assert m, f"{pxd}: {line.strip()!r} is not 'cdef public object ...' (attributes stay Python objects)"
                attrs.update(a.strip() for a in m.group(1).split(","))
            out.append((name, cls, attrs, pxd))
    return out


def test_pxd_files_declare_classes():
    assert {(m, c) for m, c, _, _ in _declared_classes()} >= {
        ("mjlog.replayer.table", "RoundState"), ("mjlog.formats.tenhou_xml", "_Reader")}


@pytest.mark.parametrize("name,cls,declared,pxd", _declared_classes(), ids=lambda v: str(v) if isinstance(v, str) else "")
def test_pxd_declares_every_attribute_its_class_sets(name, cls, declared, pxd):
    """An attribute missing from the .pxd would raise AttributeError in the compiled build only."""
    import ast

    tree = ast.parse(_source(name).read_text(encoding="utf-8"))
    node = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls)
    assigned = set()
    for sub in ast.walk(node):
        targets = []
        if isinstance(sub, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets = sub.targets if isinstance(sub, ast.Assign) else [sub.target]
        for t in targets:
            for el in ast.walk(t):
                if isinstance(el, ast.Attribute) and isinstance(el.value, ast.Name) and el.value.id == "self":
                    assigned.add(el.attr)
    assert assigned, f"no attribute assignments found in {cls}"
    assert assigned <= declared, f"{pxd.name} does not declare {sorted(assigned - declared)}"
    module = importlib.import_module(name)
    if _compiled.STATE.get(name) == "compiled":
        assert getattr(module, cls).__dictoffset__ == 0  # an extension type without a __dict__
