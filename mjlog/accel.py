"""The optional compiled helpers (``mjlog._speedups``), or None for each when they are not in use.

The C module is built at install time where a C compiler exists; each helper has a pure-Python
twin that gives the same answers (``tests/house/test_speedups.py`` compares them). Setting the
environment variable ``MJLOG_PURE_PYTHON=1`` before mjlog is imported turns them off, to check
a result or a bug report on the pure-Python code.

>>> from mjlog import accel
>>> accel.ACTIVE in (True, False)
True
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from typing import Any

#: Every helper the C module must have; a module built from older sources lacks some.
NAMES = ("scan_xml", "parse_ints", "parse_tiles", "shuffle_wall", "mt_seed", "mt_bytes",
         "waits", "is_tenpai", "run_quiet", "event_columns", "read_fast", "read_win", "read_init",
         "read_draw", "deal_matches", "sha512_blocks")

#: The helpers' calling conventions this code expects: the module's INTERFACE (speedups.h).
INTERFACE = 2

#: Why the helpers are not in use, or None when they are.
REASON: str | None = None
_module: Any = None
if os.environ.get("MJLOG_PURE_PYTHON") == "1":
    REASON = "turned off by MJLOG_PURE_PYTHON=1"
else:
    try:
        _module = importlib.import_module("mjlog._speedups")
    except ImportError:  # installed without a C compiler
        REASON = "not built (no C compiler when mjlog was installed)"
    else:
        _missing = [name for name in NAMES if not hasattr(_module, name)]
        if _missing:  # all or none: the helpers and their Python callers change together
            REASON = f"built from older sources (no {_missing[0]}); reinstall mjlog to rebuild it"
            _module = None
        elif getattr(_module, "INTERFACE", None) != INTERFACE:  # same names, called another way
            REASON = (f"built from older sources (interface {getattr(_module, 'INTERFACE', 1)}, not {INTERFACE}); "
                      "reinstall mjlog to rebuild it")
            _module = None

ACTIVE: bool = _module is not None


def _get(name: str) -> Callable[..., Any] | None:
    if name not in NAMES:  # NAMES is what the staleness check above looks for
        raise LookupError(f"compiled helper {name!r} is not listed in mjlog.accel.NAMES")
    return getattr(_module, name) if _module is not None else None


scan_xml = _get("scan_xml")
parse_ints = _get("parse_ints")
parse_tiles = _get("parse_tiles")
shuffle_wall = _get("shuffle_wall")
mt_seed = _get("mt_seed")
mt_bytes = _get("mt_bytes")
waits = _get("waits")
is_tenpai = _get("is_tenpai")
run_quiet = _get("run_quiet")
event_columns = _get("event_columns")
read_fast = _get("read_fast")
read_win = _get("read_win")
read_init = _get("read_init")
read_draw = _get("read_draw")
deal_matches = _get("deal_matches")
sha512_blocks = _get("sha512_blocks")
