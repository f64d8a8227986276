"""What the store keeps of a riichi game beyond the generic columns (``docs/schema.md``): the
riichi family's :class:`~mjlog.rules.family.StoreFacts` (:class:`RiichiStoreFacts`): a win's yaku
as items and its han, the games' rule and lobby columns, the day a game was played, the recorded
placement, the riichi declarations of a hand and their situations (``riichi_declarations``), the
situations of its wins, of its seats at a draw and of its calls (``win_situations``, ``draw_tenpai``,
``calls``), the
draws' kinds and the ``yaku`` reference table; a win's own columns are in
:mod:`mjlog.rules.riichi.win_columns`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from mjlog.ir import Event, GameLog, Round, Ryuukyoku, Win
from mjlog.rules.family import GameDate, HandDeclarations, StoreFacts, WinItem
from mjlog.rules.results import DerivedWin, RoundResult
from mjlog.rules.riichi.record import draw_kind, recorded
from mjlog.rules.riichi.scorer import HandValue
from mjlog.rules.riichi.win_columns import value_unrecorded, win_columns
from mjlog.rules.riichi.yaku_table import ALL_YAKU
from mjlog.rules.riichi.dates import log_date
from mjlog.rules.riichi.events import RiichiAccepted, RiichiDeclared
from mjlog.rules.riichi.flow import seat_order_rank
from mjlog.rules.riichi.lobby import Lobby
from mjlog.rules.riichi.memo import Interner
from mjlog.rules.riichi.ruleset import RuleSet
from mjlog.rules.riichi.hand_situations import hand_rows


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
            standing[cast(RiichiAccepted, e).seat] = i  # its class, by t
    return HandDeclarations(declared, standing)


def yaku_table() -> dict[str, list]:
    """The store's ``yaku`` table: every yaku's id, names, han closed and open, and whether it is a yakuman."""
    from mjlog.rules.riichi.yaku_table import YAKU

    return {"yaku_id": [y.id for y in YAKU], "name_en": [y.name_en for y in YAKU],
            "name_ja": [y.name_ja for y in YAKU], "han_closed": [y.han_closed for y in YAKU],
            "han_open": [y.han_open for y in YAKU], "yakuman": [y.yakuman for y in YAKU]}


class RiichiStoreFacts(StoreFacts):
    """What the store keeps of a riichi game: yaku as items, han as value, Tenhou's columns."""

    def win_items(self, win: DerivedWin) -> tuple[WinItem, ...]:
        return yaku_items(win.value)

    def recorded_win_items(self, win: Win) -> tuple[WinItem, ...]:
        r = recorded(win)
        return _items(tuple(r.yaku) if r.yaku else tuple((y, 13) for y in r.yakuman))

    def win_value(self, win: DerivedWin) -> int:
        return win.value.han

    def recorded_points(self, log: GameLog, win: Win) -> int | None:
        return None if value_unrecorded(log, win) else win.points

    def draw_kind(self, draw: Ryuukyoku) -> tuple[str, bool]:
        kind = draw_kind(draw)
        return (kind.value, kind.abortive)

    def win_columns(self, log: GameLog, win: Win, derived: DerivedWin | None) -> dict[str, object]:
        return win_columns(log, win, derived)

    def game_columns(self, log: GameLog) -> dict[str, object]:
        return game_columns(log)

    def game_date(self, log: GameLog) -> GameDate | None:
        return log_date(log)

    def placement(self, log: GameLog) -> tuple[int, ...] | None:
        return placement(log)

    def declarations(self, events: Sequence[tuple[int, Event]]) -> HandDeclarations:
        return declarations(events)

    def round_rows(self, log: GameLog, rnd: Round,
                   result: RoundResult | None = None) -> dict[str, list[dict[str, object]]]:
        rules = cast(RuleSet, log.rules)
        return hand_rows(rnd, rules, result)

    def store_tables(self) -> dict[str, dict[str, list]]:
        return {"yaku": yaku_table()}


#: Yaku ids of dora, ura dora and red fives: an entry of these with 0 han is no item (Tenhou lists
#: ura dora with 0 han on every riichi win).
DORA_IDS = (52, 53, 54)


#: Win items by their (yaku id, han) pairs: wins repeat a few thousand distinct lists. An entry's
#: pairs and items are shared instances (_PAIRS, _ITEM), about 200 bytes an entry instead of 700.
_ITEMS: dict[tuple[tuple[int, int], ...], tuple[WinItem, ...]] = {}
_ITEMS_MAX = 1 << 14
_PAIRS = Interner(1 << 12)  # one instance of each (yaku id, han) pair
_ITEM: dict[tuple[int, int], WinItem] = {}  # the win item of each (yaku id, han) pair


def _items(pairs: tuple[tuple[int, int], ...]) -> tuple[WinItem, ...]:
    """(yaku id, han) pairs as win items, in their order, without 0-han dora entries."""
    got = _ITEMS.get(pairs)
    if got is None:
        if len(_ITEMS) >= _ITEMS_MAX:
            _ITEMS.clear()
            _PAIRS.clear()
            _ITEM.clear()
        pairs = tuple(_PAIRS(p) for p in pairs)
        got = tuple(_item(y, h) for y, h in pairs if h or y not in DORA_IDS)
        _ITEMS[pairs] = got
    return got


def _item(yaku_id: int, han: int) -> WinItem:
    """The one win item of a yaku with ``han``."""
    got = _ITEM.get((yaku_id, han))
    if got is None:
        y = ALL_YAKU[yaku_id]
        got = _ITEM[(yaku_id, han)] = WinItem(yaku_id, y.name_ja, y.name_en, han)
    return got


def yaku_items(v: HandValue) -> tuple[WinItem, ...]:
    """A hand value's yaku as scoring elements (each yakuman as 13 han)."""
    return _items(v.yaku if not v.yakuman_count else tuple((y, 13) for y in v.yakuman))
