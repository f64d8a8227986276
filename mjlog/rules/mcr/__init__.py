"""The Chinese Official rules (MCR, 国标麻将): rule sets, hands and the fan calculator.

The Python API (``mjlog score`` and the MCR referee use it):

- :func:`parse_hand` reads ``"[123m](5555p)456s1z1z 1z 12f"``-style text into a :class:`McrHand`;
- :func:`score` returns a :class:`FanResult` (fan lines, total with flowers, the false-win flag);
- :data:`PRESETS` (``mcr``, ``mcr-duplicate``) and :data:`KNOB_DOCS` describe the rule sets;
- :func:`win_deltas` and :func:`false_win_deltas` give one hand's payments under a rule set.

>>> r = score(parse_hand("[111z][222z][333z] 567m 4z 4z"), WinSituation(round_wind=1))
>>> [(line.number, line.name, line.count) for line in r.lines], r.total
([(9, '小四喜', 1), (49, '混一色', 1), (60, '圈风刻', 1), (61, '门风刻', 1), (79, '单钓将', 1)], 75)
"""

from mjlog.rules.mcr.calculator import FanLine, FanResult, NotAWinError, score
from mjlog.rules.mcr.fans import FANS, FanDef
from mjlog.rules.mcr.hand import McrHand, McrHandError, Meld, WinSituation, parse_hand
from mjlog.rules.mcr.settlement import false_win_deltas, win_deltas
from mjlog.rules.mcr.ruleset import KNOB_DOCS, MCR, MCR_DUPLICATE, PRESETS, McrRules

__all__ = ["FANS", "KNOB_DOCS", "MCR", "MCR_DUPLICATE", "PRESETS", "FanDef", "FanLine", "FanResult", "McrHand",
           "McrHandError", "McrRules", "Meld", "NotAWinError", "WinSituation", "false_win_deltas", "parse_hand", "score",
           "win_deltas"]
