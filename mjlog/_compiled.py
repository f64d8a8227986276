"""Which mjlog modules are also built as compiled (Cython) modules, and the import hook that
takes a compiled module only when it was built from the source beside it.

At install time, where Cython and a C compiler exist, ``setup.py`` compiles each module of
:data:`MODULES` from its unchanged Python source into an extension module beside it, with
the SHA-256 of that source stored in it (``__mjlog_source_sha256__``). Python's import
system prefers an extension to a ``.py`` file; :class:`CompiledFinder`, installed by
``mjlog/__init__.py`` before any of these modules is imported, makes that choice safe:

- with ``MJLOG_PURE_PYTHON=1`` in the environment the ``.py`` file is always imported;
- a compiled module whose stored hash differs from its source's (the source was edited
  after the build) or that fails to import is replaced by its source, with a warning, so an
  out-of-date build never runs code that is no longer in the tree.

:data:`STATE` tells, per module imported so far, which of the two is in use and why.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
import warnings
from types import ModuleType

#: Modules compiled at install time (read by setup.py, which must not import mjlog); plain
#: modules only, not packages (an ``__init__`` would be built beside its folder).
MODULES = (
    "mjlog.formats.tenhou_xml",
    "mjlog.reader",
    "mjlog.source",
    "mjlog.wall",
    "mjlog.replayer.game",
    "mjlog.replayer.table",
    "mjlog.replayer.outcome",
    "mjlog.replayer.hands",
    "mjlog.rules.flow",
    "mjlog.rules.settlement",
    "mjlog.rules.riichi.scorer",
    "mjlog.rules.riichi.points",
    "mjlog.rules.riichi.fu",
    "mjlog.rules.riichi.yaku",
    "mjlog.ingest_rows",
)

#: The attribute a compiled module carries: the SHA-256 (hex) of the source it was built from.
HASH_ATTRIBUTE = "__mjlog_source_sha256__"

PURE = os.environ.get("MJLOG_PURE_PYTHON") == "1"

#: module name -> "compiled", or "source: <why>" for each of :data:`MODULES` imported so far.
STATE: dict[str, str] = {}


def source_sha256(path: str) -> str:
    """The SHA-256 (hex) of a source file's bytes, as setup.py records it."""
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def _source_spec(name: str, source: str) -> importlib.machinery.ModuleSpec:
    spec = importlib.util.spec_from_file_location(name, source)
    assert spec is not None
    return spec


class _CheckedLoader(importlib.abc.Loader):
    """Runs the compiled module, then keeps it only when it was built from ``source``."""

    def __init__(self, compiled: importlib.abc.Loader, source: str) -> None:
        self.compiled = compiled
        self.source = source

    def create_module(self, spec):
        return self.compiled.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        name = module.__name__
        try:
            self.compiled.exec_module(module)
            built_from = getattr(module, HASH_ATTRIBUTE, None)
            why = None if built_from == source_sha256(self.source) else "built from another version of the source"
        except Exception as exc:  # an out-of-date build can fail on names its source no longer has
            why = f"the compiled module failed to import ({type(exc).__name__}: {exc})"
        if why is None:
            STATE[name] = "compiled"
            return
        warnings.warn(f"{name}: {why}; using {self.source} (reinstall mjlog to rebuild)", RuntimeWarning,
                      stacklevel=2)
        _use_source(name, self.source, why)


def _use_source(name: str, source: str, why: str) -> None:
    """Import ``name`` from its source, in place of whatever sys.modules holds for it."""
    spec = _source_spec(name, source)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # the import system returns what sys.modules holds once loading ends
    STATE[name] = f"source: {why}"
    try:
        spec.loader.exec_module(module)  # type: ignore[union-attr]
    except BaseException:
        sys.modules.pop(name, None)
        raise


class CompiledFinder(importlib.abc.MetaPathFinder):
    """Finds the modules of :data:`MODULES`: compiled when built from the current source, else the source."""

    def find_spec(self, fullname, path, target=None):
        if fullname not in _NAMES:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or spec.origin is None:
            return spec
        origin = spec.origin
        if not isinstance(spec.loader, importlib.machinery.ExtensionFileLoader):
            STATE[fullname] = "source: not built"
            return spec
        source = os.path.join(os.path.dirname(origin), fullname.rpartition(".")[2] + ".py")
        if not os.path.isfile(source):
            STATE[fullname] = "compiled"  # installed without its source: nothing to check it against
            return spec
        if PURE:
            STATE[fullname] = "source: turned off by MJLOG_PURE_PYTHON=1"
            return _source_spec(fullname, source)
        spec.loader = _CheckedLoader(spec.loader, source)
        return spec


_NAMES = frozenset(MODULES)


def install() -> None:
    """Put :class:`CompiledFinder` first on ``sys.meta_path`` (once)."""
    if not any(isinstance(f, CompiledFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, CompiledFinder())


def built() -> list[str]:
    """The modules of :data:`MODULES` that have a compiled module beside their source (imported or not)."""
    root = os.path.dirname(os.path.abspath(__file__))
    out = []
    for name in MODULES:
        stem = os.path.join(root, *name.split(".")[1:])
        if any(os.path.isfile(stem + suffix) for suffix in importlib.machinery.EXTENSION_SUFFIXES):
            out.append(name)
    return out


def compiled_modules() -> list[str]:
    """The modules of :data:`MODULES` imported so far that run compiled."""
    return [m for m in MODULES if STATE.get(m) == "compiled"]
