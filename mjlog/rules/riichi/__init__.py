"""Riichi hand scoring under Tenhou's rules (4 and 3 players).

:func:`score_hand` scores a hand written in mpsz notation; :func:`score` is the
pure core for tile ids and IR calls. Both return a :class:`HandValue`.

>>> v = score_hand("234m456p678s22z345p", tsumo=True, riichi=True)
>>> v.han, v.fu, v.points, v.yaku_names
(3, 20, 3900, ('Riichi', 'Menzen tsumo', 'Pinfu', 'Ura dora'))
"""

import mjlog.rules.riichi.ir_ranges  # noqa: F401 - registers riichi's IR range checks
from mjlog.rules.riichi.by_hand import score_hand
from mjlog.rules.riichi.context import WinContext
from mjlog.rules.riichi.points import Payment, basic_points, limit_of, payments
from mjlog.rules.riichi.scorer import HandValue, score
from mjlog.rules.riichi.yaku_table import YAKU, YakuDef, yaku_name

__all__ = ["HandValue", "Payment", "WinContext", "YAKU", "YakuDef", "basic_points", "limit_of",
           "payments", "score", "score_hand", "yaku_name"]
