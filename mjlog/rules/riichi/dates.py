"""The day a Tenhou game was played, from what its log carries: the log id, or a JSON title.

A log id (``2020010100gm-00a9-0000-03aa14b0``) begins with the hour the game was played
(reference §2); the reader takes it from the log, the JSON ``ref`` or the file name. The
editor flavour of tenhou.net/6 JSON may write the date in its ``title`` instead.

>>> game_date("2020010100gm-00a9-0000-03aa14b0")
datetime.date(2020, 1, 1)
>>> game_date(None, '["第二期 天鳳名人戦","2016/05/03 第１節"]')
datetime.date(2016, 5, 3)
>>> game_date("not-an-id") is None
True
"""

from __future__ import annotations

import datetime
import re

LOG_ID_DATE = re.compile(r"(?<!\d)(\d{4})(\d{2})(\d{2})\d{2}gm-")
TITLE_DATE = re.compile(r"(?<!\d)(\d{4})\s*[/.\-年]\s*(\d{1,2})\s*[/.\-月]\s*(\d{1,2})(?!\d)")


def _date(y: str, m: str, d: str) -> datetime.date | None:
    try:
        day = datetime.date(int(y), int(m), int(d))
    except ValueError:
        return None
    return day if day.year >= 2006 else None  # Tenhou opened in 2006: an earlier "date" is not one


def game_date(log_id: str | None, title: str | None = None) -> datetime.date | None:
    """The day in ``log_id`` (Tenhou's id form), else the first date written in ``title``, else None."""
    for text, pattern in ((log_id, LOG_ID_DATE), (title, TITLE_DATE)):
        if text:
            for m in pattern.finditer(text):
                day = _date(*m.groups())
                if day is not None:
                    return day
    return None
