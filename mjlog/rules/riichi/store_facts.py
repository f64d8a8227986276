"""What the store keeps of a riichi game beyond the generic columns (``docs/schema.md``): the
games' rule and lobby columns, the recorded placement, the riichi declarations of a hand and the ``yaku``
reference table.

The riichi family's store hooks (:class:`~mjlog.rules.riichi.family.RiichiFamily`) read these;
a win's own columns are in :mod:`mjlog.rules.riichi.win_columns`.
"""

from __future__ import annotations

from collections.abc import Sequence

from mjlog.ir import Event, GameLog
from mjlog.rules.family import HandDeclarations
from mjlog.rules.riichi.events import RiichiAccepted, RiichiDeclared
from mjlog.rules.riichi.flow import seat_order_rank
from mjlog.rules.riichi.lobby import Lobby


def game_columns(log: GameLog) -> dict[str, object]:
    """The games table's riichi columns: the game's length, red fives and open tanyao, and the
    lobby columns of its Tenhou header (none without one: a mjai log's, say)."""
    rules = log.rules
    columns: dict[str, object] = {"length": rules.length, "red_fives": rules.red_fives,
                                  "open_tanyao": rules.open_tanyao}
    lobby = log.header
    if isinstance(lobby, Lobby):
        columns.update(lobby_type=lobby.type, lobby=lobby.lobby, lobby_display=lobby.display, room=lobby.room,
                       special_lobby=lobby.special, title=lobby.title)
    return columns


def placement(log: GameLog) -> tuple[int, ...] | None:
    """Each seat's place by the recorded final scores, ties to the seat nearer the first dealer;
    None for a log without a final result of every seat."""
    final = log.final
    if final is None or len(final.scores) != log.rules.players:
        return None
    return seat_order_rank(final.scores, log.first_dealer)


def declarations(events: Sequence[tuple[int, Event]]) -> HandDeclarations:
    """The riichi declared in a hand, and the seats whose riichi stood with the event that paid its deposit."""
    declared = 0
    standing: dict[int, int] = {}
    for i, e in events:
        t = type(e)
        if t is RiichiDeclared:
            declared += 1
        elif t is RiichiAccepted:
            standing[e.seat] = i
    return HandDeclarations(declared, standing)


def yaku_table() -> dict[str, list]:
    """The store's ``yaku`` table: every yaku's id, names, han closed and open, and whether it is a yakuman."""
    from mjlog.rules.riichi.yaku_table import YAKU

    return {"yaku_id": [y.id for y in YAKU], "name_en": [y.name_en for y in YAKU],
            "name_ja": [y.name_ja for y in YAKU], "han_closed": [y.han_closed for y in YAKU],
            "han_open": [y.han_open for y in YAKU], "yakuman": [y.yakuman for y in YAKU]}
