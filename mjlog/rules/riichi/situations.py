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

from collections.abc import Callable, Sequence
from typing import Any

from mjlog.errors import InvalidHandError
from mjlog.ir import Call, CallKind, Round, Ryuukyoku, Win
from mjlog.rules.riichi.context import WinContext
from mjlog.rules.riichi.events import KITA, RiichiDeclared
from mjlog.rules.riichi.hands import waits
from mjlog.rules.riichi.ruleset import RuleSet
from mjlog.rules.riichi.scorer import score

#: The outcomes of a declaration, for the declarer.
OUTCOMES = ("won", "dealt_in", "drawn", "other")


class Sight:
    """The concealed hands (34 counts and tile ids), each seat's calls, and the tiles every seat sees
    (rivers, melds, dora indicators) as the hand goes on."""

    def __init__(self, rnd: Round) -> None:
        self.hands = [[0] * 34 for _ in rnd.hands]
        self.ids = [list(tiles) for tiles in rnd.hands]
        for seat, tiles in enumerate(rnd.hands):
            for t in tiles:
                self.hands[seat][t >> 2] += 1
        self.seen = [0] * 34
        if rnd.dora_indicator is not None:
            self.seen[rnd.dora_indicator >> 2] += 1
        self.melds = [0] * len(rnd.hands)
        self.calls: list[list[Call]] = [[] for _ in rnd.hands]

    def draw(self, seat: int, tile: int) -> None:
        """A tile enters the seat's hand."""
        self.hands[seat][tile >> 2] += 1
        self.ids[seat].append(tile)

    def discard(self, seat: int, tile: int) -> None:
        """A tile leaves the seat's hand for its river, where every seat sees it."""
        self.hands[seat][tile >> 2] -= 1
        try:
            self.ids[seat].remove(tile)
        except ValueError:   # a tile the deal did not give it (a broken log): its counts still move
            pass
        self.seen[tile >> 2] += 1

    def call(self, e: Call) -> None:
        """A meld's tiles leave the hand and are seen; a called tile was seen already, in the river."""
        hand = self.hands[e.seat]
        if e.kind is CallKind.KAKAN:
            shown: Sequence[int] = (e.added,) if e.added is not None else ()
            self.calls[e.seat] = [c for c in self.calls[e.seat]
                                  if not (c.kind is CallKind.PON and c.tiles[0] >> 2 == e.tiles[0] >> 2)]
        else:
            shown = [t for t in e.tiles if t != e.called]
        for t in shown:
            hand[t >> 2] -= 1
            self.seen[t >> 2] += 1
            if t in self.ids[e.seat]:
                self.ids[e.seat].remove(t)
        self.calls[e.seat].append(e)
        if e.kind is not KITA and e.kind is not CallKind.KAKAN:
            self.melds[e.seat] += 1

    def waits(self, seat: int) -> tuple[int, ...] | None:
        """The kinds that complete the seat's hand, Tenhou-style; None when it is not a 13-tile hand."""
        hand = self.hands[seat]
        if sum(hand) + 3 * self.melds[seat] != 13 or min(hand) < 0 or max(hand) > 4:
            return None
        return waits(hand)

    def wait(self, seat: int) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
        """The seat's waits and their live copies; None when its hand is not a 13-tile riichi hand."""
        kinds = self.waits(seat)
        if kinds is None:
            return None
        hand = self.hands[seat]
        return kinds, tuple(max(0, 4 - hand[k] - self.seen[k]) for k in kinds)

    def dama_able(self, seat: int, kinds: Sequence[int], ctx: WinContext, rules: RuleSet) -> bool | None:
        """Whether a ron on one of ``kinds`` scores a yaku without riichi, situational yaku and dora
        (None when no wait can be scored)."""
        held = set(self.ids[seat]).union(*(c.tiles for c in self.calls[seat]))
        scored = False
        for k in kinds:
            tile = next((t for t in range(4 * k + 3, 4 * k - 1, -1) if t not in held), None)
            if tile is None:
                continue
            try:
                value = score([*self.ids[seat], tile], self.calls[seat], tile, ctx, rules)
            except InvalidHandError:
                continue
            scored = True
            if not value.no_yaku:
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

    def riichi_tile(self, seat: int, turn: int, sight: Sight) -> None:
        """The seat's discard of ``turn`` has left its hand (``sight`` has it): a pending declaration's tile."""
        row = self.pending.pop(seat, None)
        if row is not None:
            _at_riichi_tile(row, sight, seat, turn, ron_context(self.rnd, seat, self.rules), self.rules)

    def rows(self, sight: Sight, wins: Sequence[Win], draws: Sequence[Ryuukyoku]) -> list[dict[str, Any]]:
        """Every declaration's row, with its outcome, once the hand's events are all seen (its wins and
        draws among them)."""
        for row in self.pending.values():    # the log stops before the riichi tile
            _at_riichi_tile(row, sight, row["seat"], None, ron_context(self.rnd, row["seat"], self.rules), self.rules)
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


def _at_riichi_tile(row: dict[str, Any], sight: Sight, seat: int, turn: int | None, ctx: WinContext,
                    rules: RuleSet) -> None:
    """The declaration's turn, wait and whether it was dama-able, as its riichi tile leaves the hand."""
    got = sight.wait(seat) if turn is not None else None
    kinds, live = got if got is not None else (None, None)
    row.update(turn=turn, wait_kinds=kinds, wait_live=live, live_total=sum(live) if live is not None else None,
               good_shape=len(kinds) >= 2 if kinds else None,
               dama_able=sight.dama_able(seat, kinds, ctx, rules) if kinds else None)


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
