"""mjlog: read, replay, audit and analyse mahjong game logs: Tenhou riichi (4 and 3 players), Beijing
mahjong and the Chinese Official rules (MCR).

The names below are loaded at their first use (``mjlog.read_log``, ``from mjlog import replay``), so
that ``import mjlog.cli`` or ``mjlog --version`` does not import the readers and the rules.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from mjlog.errors import InvalidHandError, LogTooLargeError, MalformedLogError, MjlogError

__version__ = "0.1.0"

if TYPE_CHECKING:
    from mjlog.findings import Finding, FindingKind
    from mjlog.formats.reader import ReadResult, read_log, read_logs
    from mjlog.ir import GameLog
    from mjlog.replayer import Replay, audit, replay
    from mjlog.rules.riichi import HandValue, score_hand

#: Each public name loaded at first use, and the module that holds it.
_LAZY = {
    "GameLog": "mjlog.ir",
    "ReadResult": "mjlog.formats.reader",
    "read_log": "mjlog.formats.reader",
    "read_logs": "mjlog.formats.reader",
    "HandValue": "mjlog.rules.riichi",
    "score_hand": "mjlog.rules.riichi",
    "Replay": "mjlog.replayer",
    "audit": "mjlog.replayer",
    "replay": "mjlog.replayer",
    "Finding": "mjlog.findings",
    "FindingKind": "mjlog.findings",
}


def __getattr__(name: str):
    """A public name of :data:`_LAZY`, imported from its module at first use."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'mjlog' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


__all__ = [
    "InvalidHandError",
    "LogTooLargeError",
    "MalformedLogError",
    "MjlogError",
    "__version__",
    "GameLog",
    "ReadResult",
    "read_log",
    "read_logs",
    "Finding",
    "FindingKind",
    "HandValue",
    "Replay",
    "audit",
    "replay",
    "score_hand",
]
