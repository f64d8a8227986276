"""Beijing mahjong (北京麻將): rule sets, the fan scorer and settlement (docs/beijing.md).

>>> v = score_hand("123m456p789s11z55m5m", tsumo=True)
>>> v.total, [f.name for f in v.fans]
(2, ['推倒和', '門清無惠'])
"""

from mjlog.rules.beijing.by_hand import score_hand
from mjlog.rules.beijing.fans import FAN, FANS, FanDef, burn_fan
from mjlog.rules.beijing.ruleset import KNOB_DOCS, PRESETS, BeijingRules
from mjlog.rules.beijing.scorer import BeijingValue, IllegalWinError, WinHow, score

__all__ = ["FAN", "FANS", "KNOB_DOCS", "PRESETS", "BeijingRules", "BeijingValue", "FanDef", "IllegalWinError",
           "WinHow", "burn_fan", "score", "score_hand"]
