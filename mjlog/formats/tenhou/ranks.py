"""Tenhou's rank (dan) names, by the index ``UN dan`` writes (reference §3.3).

>>> rank_name(0), rank_name(9), rank_name(10), rank_name(20)
('新人', '1級', '初段', '天鳳位')
>>> rank_english(16)
'7 dan'
"""

from __future__ import annotations

_KANJI_DIGITS = "初二三四五六七八九十"

RANK_NAMES: tuple[str, ...] = (
    ("新人",)
    + tuple(f"{k}級" for k in range(9, 0, -1))
    + tuple(f"{d}段" for d in _KANJI_DIGITS)
    + ("天鳳位",)
)
RANK_ENGLISH: tuple[str, ...] = (
    ("novice",) + tuple(f"{k} kyu" for k in range(9, 0, -1)) + tuple(f"{d} dan" for d in range(1, 11)) + ("tenhoui",)
)


def rank_name(index: int | None) -> str:
    """Japanese rank name of a dan index, or ``'?'`` when unknown."""
    if index is None or not 0 <= index < len(RANK_NAMES):
        return "?"
    return RANK_NAMES[index]


def rank_english(index: int | None) -> str:
    """English rank name of a dan index, or ``'?'`` when unknown."""
    if index is None or not 0 <= index < len(RANK_ENGLISH):
        return "?"
    return RANK_ENGLISH[index]
