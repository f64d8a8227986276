"""Build hook for mjlog's optional compiled code; the metadata is in pyproject.toml.

Two kinds of compiled code, both optional (where no C compiler is found, mjlog installs and
runs on its pure-Python code, which gives the same results, only slower):

- ``mjlog._speedups``: helpers written in C (``mjlog/csrc``);
- the modules listed in ``mjlog/_compiled.py``, compiled by Cython from their unchanged
  Python source. Each is compiled from a copy of the source with one line added at the
  end, ``__mjlog_source_sha256__ = "<hash of the source>"``, so that at import time mjlog
  can tell a module built from the current source from an out-of-date one (and use the
  source instead). A ``.pxd`` file beside a module declares its extension types (classes
  whose attributes become struct fields); it changes speed, not behaviour, so the hash is
  of the ``.py`` alone. Setting ``MJLOG_NO_CYTHON=1`` when installing skips them.
"""

from __future__ import annotations

import ast
import hashlib
import os
from pathlib import Path

from setuptools import Extension, setup

ROOT = Path(__file__).resolve().parent
SOURCES = ["module.c", "scan.c", "wall_waits.c", "mt.c", "quiet.c", "rows.c"]
COPIES = Path("build") / "cython-src"  # the sources as compiled (setuptools wants relative paths)


def compiled_module_names() -> list[str]:
    """MODULES of mjlog/_compiled.py, read without importing mjlog."""
    tree = ast.parse((ROOT / "mjlog" / "_compiled.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "MODULES" for t in node.targets):
            return list(ast.literal_eval(node.value))
    raise RuntimeError("mjlog/_compiled.py has no MODULES")


def source_of(name: str) -> Path:
    rel = Path(*name.split("."))
    if (ROOT / rel).is_dir():  # setuptools would put a package's extension beside its folder, unused
        raise RuntimeError(f"{name} is a package; mjlog/_compiled.py lists plain modules only")
    return rel.with_suffix(".py")


def cython_extensions() -> list[Extension]:
    if os.environ.get("MJLOG_NO_CYTHON") == "1":
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        print("mjlog: Cython is not installed; the Python modules stay uncompiled")
        return []
    extensions = []
    for name in compiled_module_names():
        src = source_of(name)
        data = (ROOT / src).read_bytes()
        copy = ROOT / COPIES / src
        copy.parent.mkdir(parents=True, exist_ok=True)
        text = data + f'\n{"__mjlog_source_sha256__"} = "{hashlib.sha256(data).hexdigest()}"\n'.encode()
        if not copy.exists() or copy.read_bytes() != text:  # unchanged copies keep their time: no rebuild
            copy.write_bytes(text)
        decl, decl_copy = ROOT / src.with_suffix(".pxd"), copy.with_suffix(".pxd")
        if decl.exists():  # Cython declarations (extension types); they change speed, not behaviour
            if not decl_copy.exists() or decl_copy.read_bytes() != decl.read_bytes():
                decl_copy.write_bytes(decl.read_bytes())
        elif decl_copy.exists():
            decl_copy.unlink()
        extensions.append(Extension(name, [str(src)], optional=True))
    here = os.getcwd()
    os.chdir(ROOT / COPIES)  # Cython names a module's file in tracebacks as it is given: mjlog/...
    try:
        extensions = cythonize(
            extensions,
            language_level=3,
            quiet=True,
            # The modules are plain Python: annotations are documentation, never C types, so
            # the compiled code accepts exactly the values the source does.
            compiler_directives={"annotation_typing": False},
        )
    finally:
        os.chdir(here)
    for ext in extensions:
        ext.sources = [str(COPIES / s) for s in ext.sources]
        ext.optional = True  # cythonize's extensions do not keep it: without a compiler, skip them
    return extensions


setup(
    ext_modules=[
        Extension(
            "mjlog._speedups",
            [f"mjlog/csrc/{name}" for name in SOURCES],
            depends=["mjlog/csrc/speedups.h"],
            optional=True,
        ),
        *cython_extensions(),
    ],
    options={"build_ext": {"parallel": os.cpu_count() or 1}},
)
