"""The situation of each riichi declaration of a hand, from its deal and events (the store's
``riichi_declarations``, ``docs/schema.md``; its rules in ``docs/statistics.md``).

A declaration's row: its seat and event, its turn (the declarer's discards, the riichi tile
included), how many other seats were already in riichi (none: first, else chasing), its wait
at the riichi tile (the kinds that complete the 13-tile hand, Tenhou-style, and each kind's live
copies: 4 less those the declarer sees in its hand, in every river, in every meld and among the
dora indicators), its shape (good: two or more kinds wait; bad: one), whether it was dama-able (a
ron on one of its waits scores a yaku without riichi, situational yaku or dora), and the hand's outcome for
the declarer: ``won``, ``dealt_in`` (its discard was won on), ``drawn`` (the hand ended in a draw)
or ``other`` (another seat won from a third, or the log stops), with the declarer's recorded
score change at that outcome.

>>> import mjlog
>>> from mjlog.rules import find_preset
>>> from mjlog.rules.riichi.simulate.game import play_game
>>> log = mjlog.read_log(play_game(find_preset("tenhou-4p-east"), 3).encode())
>>> from mjlog.rules.riichi.hand_situations import hand_rows
>>> rows = [r for rnd in log.rounds for r in hand_rows(rnd, log.rules, None)["riichi_declarations"]]
>>> {k: rows[0][k] for k in ("seat", "turn", "chasing", "wait_kinds", "good_shape", "outcome")}
{'seat': 2, 'turn': 12, 'chasing': False, 'wait_kinds': (20,), 'good_shape': False, 'outcome': 'other'}
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import compress
from typing import Any

from mjlog.errors import InvalidHandError
from mjlog.ir import Call, CallKind, Round, Ryuukyoku, Win
from mjlog.rules.riichi.context import WinContext
from mjlog.rules.riichi.events import KITA, RiichiDeclared
from mjlog.rules.riichi.hands import waits
from mjlog.rules.riichi.ruleset import RuleSet
from mjlog.rules.riichi.scorer import has_yaku

#: The outcomes of a declaration, for the declarer.
OUTCOMES = ("won", "dealt_in", "drawn", "other")


class _Hand:
    """One seat's concealed hand (34 counts and its tile ids), its calls and how many sets they
    made (kita none, a kan added to a pon none), at one event of a hand."""

    __slots__ = ("counts", "ids", "calls", "melds")

    def __init__(self, deal: Sequence[int]) -> None:
        self.counts = [0] * 34
        for t in deal:
            self.counts[t >> 2] += 1
        self.ids = list(deal)
        self.calls: list[Call] = []
        self.melds = 0

    def moves(self, kinds: Iterable[int], tiles: Iterable[int]) -> None:
        """Draws (kind 0) and discards (kind 1) of these tiles, in order. A discarded tile the deal did
        not give the seat (a broken log) leaves its ids as they are; its counts still move."""
        counts, ids = self.counts, self.ids
        for kind, t in zip(kinds, tiles):
            if kind == 0:
                counts[t >> 2] += 1
                ids.append(t)
            else:
                counts[t >> 2] -= 1
                try:
                    ids.remove(t)
                except ValueError:
                    pass

    def call(self, e: Call) -> None:
        """A meld's tiles leave the hand (the called tile was never in it); a kan added to a pon replaces it."""
        if e.kind is CallKind.KAKAN:
            self.calls = [c for c in self.calls if not (c.kind is CallKind.PON and c.tiles[0] >> 2 == e.tiles[0] >> 2)]
        for t in shown_tiles(e):
            self.counts[t >> 2] -= 1
            if t in self.ids:
                self.ids.remove(t)
        self.calls.append(e)
        if e.kind is not KITA and e.kind is not CallKind.KAKAN:
            self.melds += 1


def shown_tiles(e: Call) -> Sequence[int]:
    """The tiles a call takes from the caller's hand and shows: a called tile was seen already, in the river."""
    if e.kind is CallKind.KAKAN:
        return (e.added,) if e.added is not None else ()
    return [t for t in e.tiles if t != e.called]


#: Each event's code in :func:`move_codes`: a draw ``2 * seat``, a discard ``2 * seat + 1``, any other event 255.
_CODE = {(seat, kind): 2 * seat + kind for seat in range(4) for kind in (0, 1)} | {(None, None): 255}
#: ``bytes.translate`` tables: 1 at a seat's draws and discards, else 0; 1 at every discard, else 0.
_OWN = tuple(bytes(1 if code >> 1 == seat and code != 255 else 0 for code in range(256)) for seat in range(4))
_DISCARDS = bytes(1 if code & 1 and code != 255 else 0 for code in range(256))


def move_codes(columns: dict[str, list]) -> bytes:
    """Each event's draw or discard and its seat, one byte an event (``2 * seat + kind``; 255: neither),
    from the event columns (:func:`mjlog.ir.event_kinds.event_columns`): a seat's turn, its next
    discard and its moves are then searches of bytes, not steps of Python."""
    return bytes(map(_CODE.__getitem__, zip(columns["seat"], columns["kind"])))


class Sight:
    """Each seat's concealed hand (34 counts and tile ids) and calls, and the tiles every seat sees
    (rivers, melds, dora indicators), after any event of a hand: each worked out from the hand's deal,
    event columns (:func:`mjlog.ir.event_kinds.event_columns`) and :func:`move_codes` when asked (a hand
    asks at its riichi tiles and at a draw that ends the wall), the calls and new dora indicators told
    first."""

    def __init__(self, rnd: Round, columns: dict[str, list], codes: bytes) -> None:
        self.deal = rnd.hands
        self.dora_indicator = rnd.dora_indicator
        self.kinds, self.tiles, self.codes = columns["kind"], columns["tile"], codes
        self.calls: list[list[tuple[int, Call]]] = [[] for _ in rnd.hands]   # per seat: (event index, call)
        self.doras: list[tuple[int, int]] = []   # (event index, indicator) of each new dora
        self._last: tuple[int, int, _Hand] | None = None

    def call(self, i: int, e: Call) -> None:
        """Event ``i`` is a call."""
        self.calls[e.seat].append((i, e))

    def new_dora(self, i: int, tile: int) -> None:
        """Event ``i`` shows a new dora indicator."""
        self.doras.append((i, tile))

    def hand(self, seat: int, j: int) -> _Hand:
        """The seat's hand after events ``0..j``."""
        if self._last is not None and self._last[:2] == (seat, j):
            return self._last[2]
        hand = _Hand(self.deal[seat])
        own = self.codes[: j + 1].translate(_OWN[seat])
        kinds, tiles = self.kinds, self.tiles
        start = 0
        for ci, c in self.calls[seat]:
            if ci > j:
                break
            mine = own[start:ci]
            hand.moves(compress(kinds[start:ci], mine), compress(tiles[start:ci], mine))
            hand.call(c)
            start = ci + 1
        mine = own[start:]
        hand.moves(compress(kinds[start : j + 1], mine), compress(tiles[start : j + 1], mine))
        self._last = (seat, j, hand)
        return hand

    def seen(self, j: int) -> list[int]:
        """The copies of each kind every seat sees after events ``0..j``: rivers, melds, dora indicators."""
        seen = [0] * 34
        if self.dora_indicator is not None:
            seen[self.dora_indicator >> 2] += 1
        shown = [t for i, t in self.doras if i <= j]
        shown += compress(self.tiles[: j + 1], self.codes[: j + 1].translate(_DISCARDS))
        for calls in self.calls:
            for ci, c in calls:
                if ci <= j:
                    shown += shown_tiles(c)
        for t in shown:
            seen[t >> 2] += 1
        return seen

    def waits(self, seat: int, j: int) -> tuple[int, ...] | None:
        """The kinds that complete the seat's hand after events ``0..j``, Tenhou-style; None when it is
        not a 13-tile hand."""
        h = self.hand(seat, j)
        counts = h.counts
        if sum(counts) + 3 * h.melds != 13 or min(counts) < 0 or max(counts) > 4:
            return None
        return waits(counts)

    def wait(self, seat: int, j: int) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
        """The seat's waits and their live copies after events ``0..j``; None when its hand is not a
        13-tile riichi hand."""
        kinds = self.waits(seat, j)
        if kinds is None:
            return None
        hand, seen = self.hand(seat, j).counts, self.seen(j)
        return kinds, tuple(max(0, 4 - hand[k] - seen[k]) for k in kinds)

    def dama_able(self, seat: int, j: int, kinds: Sequence[int], ctx: WinContext, rules: RuleSet) -> bool | None:
        """Whether a ron on one of ``kinds`` after events ``0..j`` scores a yaku without riichi,
        situational yaku and dora (None when no wait can be scored)."""
        h = self.hand(seat, j)
        held = set(h.ids).union(*(c.tiles for c in h.calls))
        scored = False
        for k in kinds:
            tile = next((t for t in range(4 * k + 3, 4 * k - 1, -1) if t not in held), None)
            if tile is None:
                continue
            try:
                yaku = has_yaku([*h.ids, tile], h.calls, tile, ctx, rules)
            except InvalidHandError:
                continue
            scored = True
            if yaku:
                return True
        return False if scored else None


class Declarations:
    """The hand's riichi declarations as its events go by (one row each, columns by name; the store adds
    the game and the round): :meth:`declared` at a declaration, :meth:`riichi_tile` at the discard that
    follows it, :meth:`rows` at the hand's end. Fed by :func:`mjlog.rules.riichi.hand_situations.hand_rows`."""

    def __init__(self, rnd: Round, rules: RuleSet) -> None:
        self.rnd, self.rules = rnd, rules
        self.pending: dict[int, dict[str, Any]] = {}   # seat -> its row, until its riichi tile
        self.found: list[dict[str, Any]] = []

    def declared(self, i: int, e: RiichiDeclared) -> None:
        """A declaration at event ``i``; it is first when no other seat has declared yet."""
        row = {"seat": e.seat, "event_index": i, "riichi_before": len(self.found), "chasing": bool(self.found)}
        self.found.append(row)
        self.pending[e.seat] = row

    def riichi_tile(self, seat: int, turn: int, j: int, sight: Sight) -> None:
        """The seat's discard of ``turn``, event ``j``, has left its hand: a pending declaration's tile."""
        row = self.pending.pop(seat, None)
        if row is not None:
            _at_riichi_tile(row, sight, seat, turn, j, ron_context(self.rnd, seat, self.rules), self.rules)

    def rows(self, sight: Sight, wins: Sequence[Win], draws: Sequence[Ryuukyoku]) -> list[dict[str, Any]]:
        """Every declaration's row, with its outcome, once the hand's events are all seen (its wins and
        draws among them)."""
        for row in self.pending.values():    # the log stops before the riichi tile
            _at_riichi_tile(row, sight, row["seat"], None, -1, ron_context(self.rnd, row["seat"], self.rules), self.rules)
        self.pending.clear()
        if not self.found:
            return self.found
        outcome = _outcomes(wins, draws)
        for row in self.found:
            row["outcome"], row["score_delta"] = outcome(row["seat"])
        return self.found


def ron_context(rnd: Round, seat: int, rules: RuleSet) -> WinContext:
    """The seat's plain ron in this hand: its seat and round winds, no riichi, no situational yaku, no dora."""
    return WinContext(seat_wind=(seat - rnd.dealer) % rules.players, round_wind=rnd.wind)


def _at_riichi_tile(row: dict[str, Any], sight: Sight, seat: int, turn: int | None, j: int, ctx: WinContext,
                    rules: RuleSet) -> None:
    """The declaration's turn, wait and whether it was dama-able, as its riichi tile (event ``j``)
    leaves the hand (``turn`` None: the log stops first)."""
    got = sight.wait(seat, j) if turn is not None else None
    kinds, live = got if got is not None else (None, None)
    row.update(turn=turn, wait_kinds=kinds, wait_live=live, live_total=sum(live) if live is not None else None,
               good_shape=len(kinds) >= 2 if kinds else None,
               dama_able=sight.dama_able(seat, j, kinds, ctx, rules) if kinds else None)


def _outcomes(wins: Sequence[Win], draws: Sequence[Ryuukyoku]) -> Callable[[int], tuple[str, int | None]]:
    """For a seat, the outcome of a hand of these wins and draws, and its recorded score change (None
    when the log stops first)."""

    def of(seat: int) -> tuple[str, int | None]:
        if not wins and not draws:
            return "other", None
        results: list[Win | Ryuukyoku] = [*wins, *draws]
        delta = sum(r.deltas[seat] for r in results if seat < len(r.deltas))
        if any(w.who == seat for w in wins):
            return "won", delta
        if any(not w.tsumo and w.from_who == seat for w in wins):
            return "dealt_in", delta
        return ("drawn" if draws else "other"), delta

    return of
