"""The table as the viewer follows it through a hand: hands, discards, calls, indicators, tiles set aside, scores."""

from __future__ import annotations

from dataclasses import dataclass, field

from mjlog.ir import GameLog, Round


def player_name(log: GameLog, seat: int) -> str:
    """``'Alice'``, or ``'seat 2'`` for a seat without a name."""
    if 0 <= seat < len(log.players) and log.players[seat].name:
        return log.players[seat].name
    return f"seat {seat}"


@dataclass
class Discard:
    """A discard as shown: the tile, and whether it was drawn and thrown, turned for riichi, or called."""

    tile: int
    tsumogiri: bool = False
    turned: bool = False
    called: bool = False
    ron: bool = False         # a win was made on it


@dataclass
class TableState:
    """What the table shows at one step of a hand (tile ids; the presenter names them)."""

    log: GameLog
    hands: list[list[int]]
    scores: list[int]
    dora: list[int]
    sticks: int
    drawn: list[int | None] = field(default_factory=list)
    discards: list[list[Discard]] = field(default_factory=list)
    melds: list[list[dict]] = field(default_factory=list)
    riichi: list[bool] = field(default_factory=list)
    aside: list[list[int]] = field(default_factory=list)   # tiles a seat set aside (MCR's flowers)
    turn_next_discard: set[int] = field(default_factory=set)

    @classmethod
    def deal(cls, log: GameLog, rnd: Round) -> TableState:
        n = len(rnd.hands)
        dora = [] if rnd.dora_indicator is None else [rnd.dora_indicator]
        return cls(log, [sorted(h) for h in rnd.hands], list(rnd.scores), dora, rnd.sticks,
                   [None] * n, [[] for _ in range(n)], [[] for _ in range(n)], [False] * n,
                   [[] for _ in range(n)])

    def who(self, seat: int) -> str:
        """How a step's caption names a player: ``'seat 2'``. The page holds each name once (its
        ``players``), so a long name does not grow every caption."""
        return f"seat {seat}"

    def take(self, seat: int, tiles) -> None:
        """Remove tiles from a hand (those it does not hold are left alone: the audit reports them)."""
        hand = self.hands[seat]
        for t in tiles:
            if t in hand:
                hand.remove(t)
            if self.drawn[seat] == t:
                self.drawn[seat] = None

    def settle_drawn(self, seat: int) -> None:
        """The drawn tile joins the sorted hand."""
        if self.drawn[seat] is not None:
            self.hands[seat].append(self.drawn[seat])
            self.hands[seat].sort()
            self.drawn[seat] = None
