"""MCR outcomes as ``mjlog show`` prints them: who won how, with the recorded fans, or the draw.

>>> from mjlog.ir import Win
>>> from mjlog.rules.mcr.record import McrWinRecord, RecordedFan
>>> w = Win(2, 1, (), 78, payload=McrWinRecord(fans=(RecordedFan(55, value=4), RecordedFan(59, value=2))))
>>> describe_outcome(None, w)
"seat 2 wins on seat 1's discard (2s): 全带幺 4, 箭刻 2; 6 fan"
"""

from __future__ import annotations

from mjlog.ir import Ryuukyoku, Win
from mjlog.rules.mcr.fans import FANS
from mjlog.rules.mcr.record import McrWinRecord
from mjlog.rules.mcr.table import tile_text

def _fan(number: int | None, name: str | None, value: int | None, count: int, japanese: bool) -> str:
    known = FANS.get(number) if number is not None else None
    label = (known.name if japanese else known.english) if known else (name or "?")
    value = value if value is not None else (known.value if known else None)
    text = label if value is None else f"{label} {value}"      # Botzone lost names and values: '???' alone
    return text + (f" x{count}" if count != 1 else "")


def describe_outcome(log, outcome, japanese: bool = True) -> str:
    """A win: winner, how, the winning tile, the recorded fans and total; a draw: its kind."""
    if isinstance(outcome, Ryuukyoku):
        return "exhaustive draw (荒牌)"  # the only draw of the Chinese Official rules
    if not isinstance(outcome, Win):
        return str(outcome)
    how = "self-drawn" if outcome.tsumo else f"on seat {outcome.from_who}'s discard"
    text = f"seat {outcome.who} wins {how} ({tile_text(outcome.win_tile) if 0 <= outcome.win_tile < 144 else '?'})"
    rec = outcome.payload
    if isinstance(rec, McrWinRecord):
        if rec.fans:
            text += ": " + ", ".join(_fan(f.number, f.name, f.value, f.count, japanese) for f in rec.fans)
        total = rec.stated_total
        if total is not None:
            text += f"; {total} fan"
    return text
