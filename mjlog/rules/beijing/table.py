"""The Beijing referee: one hand's draws, discards and calls applied and judged against the rules.

Play passes from a seat to the next (0 → 1 → 2 → 3); chi is taken from the seat before the
caller only. Every live draw must be the seed's next live tile; a kan's replacement the
reserve's next tile (:mod:`mjlog.rules.beijing.wall`); the reserve is never drawn otherwise, so
a draw once the 69 live draws are made is a finding. Beijing has no flowers, riichi or dora.
Four wild tiles win at once: a seat that discards while holding them breaks the rule.

Outcomes (wins and the exhaustive draw) are judged by :mod:`mjlog.rules.beijing.outcome`.
"""

from __future__ import annotations

from mjlog.findings import FindingKind
from mjlog.ir import Call, CallKind, Discard, Draw, FlowerSetAside, Round
from mjlog.rules.base_table import AFTER_DISCARD, DISCARD, DRAW
from mjlog.rules.claims_table import ClaimsTable
from mjlog.rules.beijing.readings import Meld, wild_kind
from mjlog.rules.beijing.ruleset import CALL_WORDS, BeijingRules
from mjlog.rules.beijing.wall import LIVE_DRAWS, RESERVE, BeijingWall
from mjlog.tiles import tile_name

K = FindingKind
LIVE, REPLACEMENT, RESERVE_DRAW = "live", "replacement", "reserve"


class BeijingTable(ClaimsTable):
    """Hands, calls, the wall's use and the turn of one Beijing hand."""

    game_name = "Beijing mahjong"
    call_words = CALL_WORDS

    def __init__(self, rnd: Round, rules: BeijingRules, wall: BeijingWall | None, source, findings,
                 wild_indicator: int | None) -> None:
        super().__init__(rnd, rules, wall, source, findings)
        self.melds: list[list[Call]] = [[] for _ in range(self.n)]
        self.wild: int | None = wild_kind(wild_indicator >> 2) if wild_indicator is not None else None
        self.live = 0                            # live draws made
        self.replacements = 0                    # kan replacements drawn
        self.owed: int | None = None             # the seat whose next draw is a kan replacement
        self.last_draw: tuple[int, int, str] | None = None   # (seat, tile, LIVE | REPLACEMENT | RESERVE_DRAW)
        self.claimable: Discard | None = None    # the discard others may call or win on
        self.robbable: Call | None = None        # an added kan others may rob
        self.final_discard = False               # the claimable discard follows the last live draw
        self.discarded = [False] * self.n

    def tile_label(self, tile: int) -> str:
        return tile_name(tile, red_fives=False) if 0 <= tile < 136 else f"tile id {tile}"

    # -- draws and discards ------------------------------------------------------------------------

    def _draw(self, ev: Draw) -> None:
        if ev.seat != self.actor or self.phase == DISCARD:
            self.find(K.ILLEGAL_ACTION, f"seat {ev.seat} draws out of turn", ev.seat, self.actor)
        if self.owed is not None:
            self._replacement(ev)
        else:
            self._live(ev)
        self.hands[ev.seat].add(ev.tile)
        self.actor, self.phase = ev.seat, DISCARD
        self.claimable = self.robbable = None
        self.final_discard = False

    def _live(self, ev: Draw) -> None:
        if self.live >= LIVE_DRAWS:
            self.find(K.ILLEGAL_ACTION, f"seat {ev.seat} draws {self.tile_label(ev.tile)} from the reserve: the "
                      f"live wall is used up, so the hand is an exhaustive draw (荒牌)")
            self.last_draw = (ev.seat, ev.tile, RESERVE_DRAW)
            return
        wall = self.wall
        if wall is not None:
            want = wall.live_draw(self.live)
            if ev.tile != want:
                where = " (a tile of the reserve)" if ev.tile in wall.reserve else ""
                self.find(K.WALL, f"live draw {self.live + 1} of seat {ev.seat} is not the wall's{where}",
                          self.tile_label(ev.tile), self.tile_label(want))
        self.live += 1
        self.last_draw = (ev.seat, ev.tile, LIVE)

    def _replacement(self, ev: Draw) -> None:
        if ev.seat != self.owed:
            self.find(K.ILLEGAL_ACTION, f"seat {ev.seat} draws the {self.call_words.kan} replacement of seat {self.owed}",
                      ev.seat, self.owed)
        if self.replacements >= RESERVE:
            self.find(K.ILLEGAL_ACTION, f"a {self.call_words.kan} replacement is drawn from an empty reserve")
        elif self.wall is not None:
            want = self.wall.replacement(self.replacements)
            if ev.tile != want:
                self.find(K.WALL, f"{self.call_words.kan} replacement {self.replacements + 1} is not the reserve's",
                          self.tile_label(ev.tile), self.tile_label(want))
        self.replacements += 1
        self.owed = None
        self.last_draw = (ev.seat, ev.tile, REPLACEMENT)

    def _discard(self, ev: Discard) -> None:
        if ev.seat != self.actor or self.phase != DISCARD:
            self.find(K.ILLEGAL_ACTION, f"seat {ev.seat} discards out of turn", ev.seat, self.actor)
        if self.wild is not None and self.wild_count(ev.seat) >= 4:
            self.find(K.ILLEGAL_ACTION, f"seat {ev.seat} holds four wild tiles and discards: 四惠牌 wins at once")
        self.take(ev.seat, (ev.tile,), "a discard")
        self.river[ev.seat].append(ev.tile)
        self.discarded[ev.seat] = True
        last = self.last_draw
        self.final_discard = (self.live >= LIVE_DRAWS and last is not None and last[0] == ev.seat
                              and last[2] == LIVE)
        self.claimable, self.robbable = ev, None
        self.actor, self.phase = (ev.seat + 1) % self.n, AFTER_DISCARD

    def wild_count(self, seat: int) -> int:
        """Wild tiles among ``seat``'s concealed tiles."""
        wild = self.wild
        return sum(1 for t in self.hands[seat] if t >> 2 == wild)

    # -- calls -------------------------------------------------------------------------------------

    def kan_made(self, ev: Call) -> None:
        """A kan owes its replacement draw; an added kan may be robbed until then."""
        if ev.kind is CallKind.KAKAN:
            self.robbable = ev
        self._owe(ev.seat)

    def _owe(self, seat: int) -> None:
        self.owed = seat
        self.actor, self.phase = seat, DRAW

    # -- what Beijing has not --------------------------------------------------------------------------

    def _foreign(self, ev) -> None:
        self.find(K.ILLEGAL_ACTION, f"{type(ev).__name__}: Beijing mahjong has no flowers, riichi or dora")

    foreign_event = _foreign  # riichi's declaration and kan dora
    handlers = {Draw: _draw, Discard: _discard, Call: ClaimsTable._call, FlowerSetAside: _foreign}

    # -- for the judge -------------------------------------------------------------------------------

    def meld_shapes(self, seat: int) -> tuple[Meld, ...]:
        """The seat's calls as the scorer reads them."""
        out = []
        for m in self.melds[seat]:
            kinds = sorted(t >> 2 for t in m.tiles)
            if m.kind is CallKind.CHI:
                out.append(Meld(kinds[0], True))
            else:
                out.append(Meld(kinds[0], False, len(kinds), closed=m.kind is CallKind.ANKAN))
        return tuple(out)
