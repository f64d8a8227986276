"""mjlog: read, replay, audit and analyse mahjong game logs: Tenhou riichi (4 and 3 players), Beijing
mahjong and the Chinese Official rules (MCR)."""

from mjlog.errors import InvalidHandError, LogTooLargeError, MalformedLogError, MjlogError

__version__ = "0.1.0"

from mjlog.ir import GameLog
from mjlog.formats.reader import ReadResult, read_log, read_logs
from mjlog.rules.riichi import HandValue, score_hand
from mjlog.replayer import Replay, audit, replay
from mjlog.findings import Finding, FindingKind

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
