"""The situations of a hand in a family without riichi (Beijing, MCR, Datong): the store's
``win_situations`` and ``calls`` rows (``docs/schema.md``; the rules in ``docs/statistics.md``),
from one pass over the hand's events, and the styles every family's rows name.

- A **win**: the winner's turn (its discards before the win, plus one for a self-draw: the turn of
  its drawn tile), its style (``open``: it had made a chi, pon or open kan; ``concealed``: none,
  closed kans allowed, as MCR's 門前清 counts a hand), and for a win on a discard (or a robbed kan)
  the seat that dealt in, that seat's turn (its discards, the deal-in tile included) and style. The
  win's value is the store's ``wins.derived_value`` (in ``wins.value_unit``): the row does not repeat it.
- A **call**: its kind, the caller's turn (its discards before the call, plus one), the kind called,
  added or shown, the seat called from, whether it is the caller's first open call of the hand, and
  that first call's reason where the family's rules make it clear from the call alone (the family's
  ``first_call_reason``: MCR's pung of a dragon or a scoring wind; Beijing and Datong score no set of
  one kind by itself, so theirs is always NULL).

None of these families pays or records tenpai at an exhaustive draw (MCR's and Datong's drawn hand
pays nothing; Beijing's 荒牌 keeps the deal whoever waits), so they give no ``draw_tenpai`` rows.

>>> from mjlog.ir import Call, CallKind, Discard, Draw, Round, Win
>>> rnd = Round(index=0, kyoku=0, honba=0, sticks=0, dealer=0, scores=(0,) * 4, dice=(1, 1),
...     dora_indicator=None, hands=((),) * 4, events=(
...     Discard(seat=0, tile=8), Call(seat=1, kind=CallKind.PON, tiles=(8, 9, 10), called=8, from_seat=0),
...     Discard(seat=1, tile=40), Draw(seat=2, tile=44), Discard(seat=2, tile=41),
...     Win(who=1, from_who=2, hand=(), win_tile=41)))
>>> rows = hand_rows(rnd)
>>> {k: rows["win_situations"][0][k] for k in ("seat", "turn", "style", "deal_in_seat", "deal_in_style")}
{'seat': 1, 'turn': 1, 'style': 'open', 'deal_in_seat': 2, 'deal_in_style': 'concealed'}
>>> {k: rows["calls"][0][k] for k in ("kind", "turn", "tile_kind", "from_seat", "first_call")}
{'kind': 'pon', 'turn': 1, 'tile_kind': 2, 'from_seat': 0, 'first_call': True}
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Any

from mjlog.ir import Call, CallKind, Discard, Round, Win


class Style(str, Enum):
    """How a seat plays its hand at a moment of the hand (riichi: riichi, open, dama; the families
    without riichi: open, concealed)."""

    RIICHI = "riichi"        # it has declared riichi
    OPEN = "open"            # it has made a chi, pon or open kan (and no riichi)
    DAMA = "dama"            # riichi: closed, without riichi
    CONCEALED = "concealed"  # a family without riichi: no chi, pon or open kan (closed kans allowed)


#: A family's reason for a first call (the hand, the call, the kind it calls), or None where none is clear.
FirstCallReason = Callable[[Round, Call, int], "str | None"]


def hand_rows(rnd: Round, first_call_reason: FirstCallReason | None = None) -> dict[str, list[dict[str, Any]]]:
    """The hand's rows of ``win_situations`` and ``calls`` (columns by name; the store adds the game and
    the round) for a family without riichi; ``first_call_reason`` gives a first call's reason (None: NULL)."""
    n = len(rnd.hands)
    discards, opened = [0] * n, [False] * n
    wins: list[dict[str, Any]] = []
    calls: list[dict[str, Any]] = []

    def style(seat: int) -> str:
        return (Style.OPEN if opened[seat] else Style.CONCEALED).value

    for i, e in enumerate(rnd.events):
        if isinstance(e, Discard):
            discards[e.seat] += 1
        elif isinstance(e, Call):
            first = e.kind.is_open and e.kind is not CallKind.KAKAN and not opened[e.seat]
            row = _call_row(i, e, discards[e.seat] + 1, first)
            if first and first_call_reason is not None:
                row["first_call_reason"] = first_call_reason(rnd, e, row["tile_kind"])
            calls.append(row)
            opened[e.seat] = opened[e.seat] or e.kind.is_open
        elif isinstance(e, Win):
            ron = not e.tsumo
            wins.append(dict(event_index=i, seat=e.who, turn=discards[e.who] + (0 if ron else 1), style=style(e.who),
                             tsumo=e.tsumo, deal_in_seat=e.from_who if ron else None,
                             deal_in_turn=discards[e.from_who] if ron else None,
                             deal_in_style=style(e.from_who) if ron else None, points=None))
    return {"win_situations": wins, "calls": calls}


def _call_row(i: int, e: Call, turn: int, first: bool) -> dict[str, Any]:
    """A call's row (no riichi: ``riichi`` is NULL; ``first_call_reason`` NULL until the family gives one)."""
    tile = e.called if e.called is not None else e.added if e.added is not None else e.tiles[0]
    return dict(event_index=i, seat=e.seat, kind=e.kind.value, turn=turn, tile_kind=tile >> 2,
                from_seat=e.from_seat if e.kind is not CallKind.ANKAN else None, first_call=first,
                first_call_reason=None, riichi=None)
