"""The situations of a hand, from its deal, its events and the replay, in one pass over its events
(:func:`hand_rows`: the store's ``riichi_declarations``, whose rows :mod:`mjlog.rules.riichi.situations`
describes, and ``win_situations``, ``draw_tenpai`` and ``calls``, ``docs/schema.md``; the rules in
``docs/statistics.md``).

- A **win**: the winner's turn (its discards before the win, plus one for a tsumo: the turn of its
  drawn tile), its style (``riichi``: it had declared riichi; ``open``: it had made a chi, pon or open
  kan; ``dama``: neither), and for a ron the seat that dealt in, that seat's turn (its discards, the
  deal-in tile included) and style, and the hand's value in points as the replay derives it.
- A seat at a draw that ends the wall (exhaustive or nagashi mangan): tenpai or not (its 13-tile hand
  has a wait, Tenhou-style: a kind it holds all four of is none) and its style.
- A **call**: its kind, the caller's turn (its discards before the call, plus one: the turn the call
  is made in), the called kind, whether it is the caller's first open call of the hand, and that
  first call's reason where it is clear: ``yakuhai_pon``, a pon of a dragon, the seat wind or the
  round wind. The North rule: in three-player games a North set aside (``kita``) is a call row
  that opens no hand and is never a first call; North is no seat wind of three players, so a North
  pon is no yakuhai pon.

>>> import mjlog
>>> from mjlog.rules import find_preset
>>> from mjlog.rules.riichi.simulate.game import play_game
>>> log = mjlog.read_log(play_game(find_preset("tenhou-4p-east"), 3).encode())
>>> rows = hand_rows(log.rounds[0], log.rules, None)
>>> sorted(rows)
['calls', 'draw_tenpai', 'riichi_declarations', 'win_situations']
>>> {k: rows["win_situations"][0][k] for k in ("seat", "turn", "style", "tsumo", "deal_in_seat")}
{'seat': 1, 'turn': 15, 'style': 'open', 'tsumo': False, 'deal_in_seat': 0}
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import Any

from mjlog.ir import Call, CallKind, Discard, Draw, Event, Round, Ryuukyoku, Win
from mjlog.ir.event_kinds import event_columns
from mjlog.rules.common.situations import Style
from mjlog.rules.results import RoundResult
from mjlog.rules.riichi.events import KITA, NewDora, RiichiDeclared
from mjlog.rules.riichi.record import draw_kind
from mjlog.rules.riichi.ruleset import RuleSet
from mjlog.rules.riichi.situations import Declarations, Sight, move_codes
from mjlog.tiles import CHUN, EAST, HAKU, HATSU

#: The dragons' kinds (white, green, red).
_DRAGONS = (HAKU, HATSU, CHUN)


class CallReason(str, Enum):
    """A first call's reason, where the call alone makes it clear."""

    YAKUHAI_PON = "yakuhai_pon"   # a pon of a dragon, the seat wind or the round wind


class _Seats:
    """Each seat's turn (its discards before an event), riichi and open calls so far."""

    def __init__(self, n: int, codes: bytes) -> None:
        self.codes = codes   # situations.move_codes: a seat's discard is 2 * seat + 1
        self.riichi = [False] * n
        self.opened = [False] * n

    def turn(self, seat: int, i: int) -> int:
        """The seat's discards before event ``i``."""
        return self.codes.count(2 * seat + 1, 0, i)

    def next_discard(self, seat: int, i: int) -> int:
        """The index of the seat's first discard after event ``i`` (-1: none)."""
        return self.codes.find(2 * seat + 1, i)

    def style(self, seat: int) -> Style:
        """The seat's style now."""
        return Style.RIICHI if self.riichi[seat] else Style.OPEN if self.opened[seat] else Style.DAMA


def hand_rows(rnd: Round, rules: RuleSet, result: RoundResult | None) -> dict[str, list[dict[str, Any]]]:
    """The hand's rows of ``riichi_declarations`` (:class:`~mjlog.rules.riichi.situations.Declarations`),
    ``win_situations``, ``draw_tenpai`` and ``calls`` (columns by name; the store adds the game and the
    round), from its events other than draws and discards and each declaration's riichi tile (the
    draws and discards are read from the event columns: a per-event Python step cost 5.4 M instructions
    a game of the 722 Phoenix files, docs/performance.md); ``result`` is the replay's hand (None: no
    derived values)."""
    events = rnd.events
    columns = event_columns(events, Draw, Discard)
    codes = move_codes(columns)
    seats, sight, riichi = _Seats(len(rnd.hands), codes), Sight(rnd, columns, codes), Declarations(rnd, rules)
    points = _points(events, columns["others"], seats, sight)
    derived = {w.who: w for w in result.wins} if result is not None else {}
    wins: list[dict[str, Any]] = []
    draws: list[dict[str, Any]] = []
    calls: list[dict[str, Any]] = []
    ended: list[Win] = []
    drawn: list[Ryuukyoku] = []
    pending = riichi.pending
    for i in points:
        e = events[i]
        if isinstance(e, Discard):   # a riichi tile
            if e.seat in pending:
                riichi.riichi_tile(e.seat, seats.turn(e.seat, i + 1), i, sight)
        elif isinstance(e, Call):
            calls.append(_call_row(rnd, rules, seats, i, e))
        elif isinstance(e, RiichiDeclared):
            seats.riichi[e.seat] = True
            riichi.declared(i, e)
        elif isinstance(e, Win):
            ended.append(e)
            dw = derived.get(e.who)
            wins.append(_win_row(seats, i, e, dw.value.points if dw is not None else None))
        elif isinstance(e, Ryuukyoku):
            drawn.append(e)
            if not draw_kind(e).abortive:
                draws.extend(_tenpai_row(seats, sight, i, seat) for seat in range(len(rnd.hands)))
    return {"riichi_declarations": riichi.rows(sight, ended, drawn), "win_situations": wins, "draw_tenpai": draws, "calls": calls}


def _points(events: Sequence[Event], others: list[int], seats: _Seats, sight: Sight) -> list[int]:
    """The events a hand's rows look at, in order: its events other than draws and discards, and the
    discard after each riichi declaration (its riichi tile); tells ``sight`` the calls and new dora."""
    tiles = []
    for i in others:
        e = events[i]
        if isinstance(e, Call):
            sight.call(i, e)
        elif isinstance(e, NewDora):
            sight.new_dora(i, e.tile)
        elif isinstance(e, RiichiDeclared):
            j = seats.next_discard(e.seat, i)
            if j >= 0:
                tiles.append(j)
    return sorted({*others, *tiles}) if tiles else others


def _win_row(seats: _Seats, i: int, w: Win, points: int | None) -> dict[str, Any]:
    """A win's row."""
    ron = not w.tsumo
    return dict(event_index=i, seat=w.who, turn=seats.turn(w.who, i) + (0 if ron else 1),
                style=seats.style(w.who).value, tsumo=w.tsumo, deal_in_seat=w.from_who if ron else None,
                deal_in_turn=seats.turn(w.from_who, i) if ron else None,
                deal_in_style=seats.style(w.from_who).value if ron else None, points=points)


def _tenpai_row(seats: _Seats, sight: Sight, i: int, seat: int) -> dict[str, Any]:
    """A seat's row at a draw that ends the wall."""
    kinds = sight.waits(seat, i)
    return dict(event_index=i, seat=seat, tenpai=bool(kinds), style=seats.style(seat).value,
                wait_kinds=kinds or None)


def _call_row(rnd: Round, rules: RuleSet, seats: _Seats, i: int, e: Call) -> dict[str, Any]:
    """A call's row; marks the caller open when the call opens its hand."""
    tile = e.called if e.called is not None else e.added if e.added is not None else e.tiles[0]
    first = e.kind.is_open and e.kind is not CallKind.KAKAN and not seats.opened[e.seat]
    reason = None
    if first and e.kind is CallKind.PON and tile >> 2 in yakuhai_kinds(rnd, rules, e.seat):
        reason = CallReason.YAKUHAI_PON.value
    row = dict(event_index=i, seat=e.seat, kind=e.kind.value, turn=seats.turn(e.seat, i) + 1, tile_kind=tile >> 2,
               from_seat=e.from_seat if e.kind is not KITA else None, first_call=first, first_call_reason=reason,
               riichi=seats.riichi[e.seat])
    if e.kind.is_open:
        seats.opened[e.seat] = True
    return row


def yakuhai_kinds(rnd: Round, rules: RuleSet, seat: int) -> frozenset[int]:
    """The kinds whose pon is a yakuhai for the seat in this hand: the dragons, its seat wind and the
    round wind (three players have no North seat)."""
    return frozenset((*_DRAGONS, EAST + (seat - rnd.dealer) % rules.players, EAST + rnd.wind))
