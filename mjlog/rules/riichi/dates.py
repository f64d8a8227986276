"""The day a Tenhou game was played, from what its log carries: the log id, or a JSON title.

This is the riichi family's :meth:`~mjlog.rules.family.Family.game_date`: the store's
``games.game_date`` and ``game_hour`` and the era of the placement points' rounding both read it.

A log id (``2020010100gm-00a9-0000-03aa14b0``) begins with the hour the game was played
(reference §2, Tenhou's server time, JST); the reader takes it from the log, the JSON ``ref`` or
the file name. The editor flavour of tenhou.net/6 JSON may write the date in its ``title`` instead
(a day without an hour).

>>> game_date("2020010113gm-00a9-0000-03aa14b0")
GameDate(day=datetime.date(2020, 1, 1), hour=13)
>>> game_date(None, '["第二期 天鳳名人戦","2016/05/03 第１節"]')
GameDate(day=datetime.date(2016, 5, 3), hour=None)
>>> game_date("not-an-id") is None
True
"""

from __future__ import annotations

import datetime
import re
from typing import TYPE_CHECKING

from mjlog.rules.family import GameDate

if TYPE_CHECKING:
    from mjlog.ir import GameLog

LOG_ID_DATE = re.compile(r"(?<!\d)(\d{4})(\d{2})(\d{2})(\d{2})gm-")
TITLE_DATE = re.compile(r"(?<!\d)(\d{4})\s*[/.\-年]\s*(\d{1,2})\s*[/.\-月]\s*(\d{1,2})(?!\d)")


def _date(y: str, m: str, d: str) -> datetime.date | None:
    try:
        day = datetime.date(int(y), int(m), int(d))
    except ValueError:
        return None
    return day if day.year >= 2006 else None  # Tenhou opened in 2006: an earlier "date" is not one


def game_date(log_id: str | None, title: str | None = None) -> GameDate | None:
    """The day and hour in ``log_id`` (Tenhou's id form), else the first date written in ``title``
    (no hour), else None."""
    if log_id:
        for m in LOG_ID_DATE.finditer(log_id):
            year, month, day, hour = m.groups()
            played = _date(year, month, day)
            if played is not None:
                return GameDate(played, int(hour))
    if title:
        for m in TITLE_DATE.finditer(title):
            played = _date(*m.groups())
            if played is not None:
                return GameDate(played)
    return None


def log_date(log: GameLog) -> GameDate | None:
    """The day a riichi game was played, by its log id or its JSON title (:func:`game_date`)."""
    return game_date(log.log_id, dict(log.header_extra).get("title"))
