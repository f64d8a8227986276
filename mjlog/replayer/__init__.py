"""Replay a game under its rule set: every event checked, every score re-derived.

>>> import mjlog
>>> log = mjlog.read_log(b'<mjloggm ver="2.3"><GO type="169" lobby="0"/><UN n0="A" n1="B" n2="C" n3="D"/></mjloggm>')
>>> [f.kind.value for f in replay(log).findings]
['truncated']
"""

from mjlog.replayer.game import audit, replay
from mjlog.replayer.results import DerivedDraw, DerivedWin, Replay, RoundResult

__all__ = ["DerivedDraw", "DerivedWin", "Replay", "RoundResult", "audit", "replay"]
