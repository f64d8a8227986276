"""One mjai hand (``start_kyoku`` to ``end_kyoku``) turned into a :class:`~mjlog.ir.Round`.

**Tile ids.** mjai names tile kinds only. Ids are given out per hand in order of first
appearance: the starting hands (seat order, as listed), the dora indicator, then each drawn
tile, new dora indicator and ura indicator as the log names it. A red five is copy 0 of its
kind; other tiles take the lowest free copy (black fives copies 1-3 when red fives are on). A
discard or call takes the lowest id of its name in hand, not the drawn tile unless the log
says ``tsumogiri``. So a tile keeps one id through hands, draws, discards, calls and the win.

Values mjai does not state are derived from what it does: the winning hand from the tiles the
winner holds, the scores before a win and after a riichi deposit from the start scores and the
recorded deltas, the seat liable for a daisangen or daisuushii (pao) from the calls, the hands
shown at a draw from the tenpai of each hand, and (when ``reason`` is absent) the kind of draw
from the play (see :func:`draw_kind`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from mjlog.formats.bail import BailOut
from mjlog.ir import Call, CallKind, Discard, Draw, Event, Round
from mjlog.rules.riichi.events import KITA
from mjlog.rules.riichi.events import NewDora, RiichiAccepted
from mjlog.rules.riichi.record import DrawKind
from mjlog.rules.riichi.hands import is_tenpai
from mjlog.rules.riichi.ruleset import RuleSet
from mjlog.formats.mjai.common import KIND_NAMES
from mjlog.tiles import SANMA_ABSENT_KINDS, TERMINAL_KINDS, counts34

#: Total draws (live and replacement) of a hand that ends exhausted, by players.
DRAWS_TO_EXHAUST = {4: 70, 3: 55}
_YAOCHU = frozenset(TERMINAL_KINDS) | frozenset(range(27, 34))
_RED_FIVES = frozenset((16, 52, 88))  # copy 0 of 5m, 5p, 5s
#: Every Draw and Discard event, shared by the hands that have them (immutable, as the XML reader's):
#: ``_DRAWS[seat][tile]``, ``_DISCARDS[tsumogiri][seat][tile]``.
_DRAWS = tuple(tuple(Draw(s, t) for t in range(136)) for s in range(4))
_DISCARDS = tuple(tuple(tuple(Discard(s, t, g) for t in range(136)) for s in range(4)) for g in (False, True))


@cache
def tile_ids(red_fives: bool, players: int) -> tuple[tuple[int, ...] | None, ...]:
    """The ids a tile of each name may have, lowest first, at ``kind * 2 + red``; None for a name
    the game has no tile of (a red five without red fives, a 2m-8m in three-player mahjong)."""
    table: list[tuple[int, ...] | None] = []
    for kind in range(34):
        red_on = red_fives and kind in (4, 13, 22)
        absent = players == 3 and kind in SANMA_ABSENT_KINDS
        black = (1, 2, 3) if red_on else (0, 1, 2, 3)
        table.append(None if absent else tuple(kind * 4 + c for c in black))
        table.append((kind * 4,) if red_on and not absent else None)
    return tuple(table)


class HandProblem(BailOut):
    """A hand's events contradict each other (the reader adds the line)."""


@dataclass
class HandState:
    """The play of one hand so far: who holds which tile ids, calls, rivers, scores and sticks."""

    index: int
    kyoku: int
    honba: int
    sticks: int
    dealer: int
    scores: tuple[int, ...]
    rules: RuleSet
    n: int
    hands: tuple[tuple[int, ...], ...] = ()
    dora: list[int] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    held: list[set[int]] = field(default_factory=list)
    melds: list[list[Call]] = field(default_factory=list)
    rivers: list[list[int]] = field(default_factory=list)
    called_away: set[int] = field(default_factory=set)
    last_draw: list[int | None] = field(default_factory=list)
    last_given: tuple[int, int] | None = None       # (seat, tile) a ron could take: discard, kakan or kita
    running: list[int] = field(default_factory=list)
    sticks_now: int = 0
    riichi: set[int] = field(default_factory=set)
    draws: int = 0
    ura: dict[str, list[int]] = field(default_factory=dict)
    outcome: bool = False
    _given: list[int] = field(default_factory=list, init=False, repr=False)  # how many ids given out, by name
    _ids: tuple[tuple[int, ...] | None, ...] = field(default=(), init=False, repr=False)  # tile_ids of the game
    _reds: frozenset[int] = field(default=frozenset(), init=False, repr=False)

    def __post_init__(self) -> None:
        self._ids = tile_ids(self.rules.red_fives, self.n)
        self._given = [0] * len(self._ids)
        self._reds = _RED_FIVES if self.rules.red_fives else frozenset()
        self.held = [set() for _ in range(self.n)]
        self.melds = [[] for _ in range(self.n)]
        self.rivers = [[] for _ in range(self.n)]
        self.last_draw = [None] * self.n
        self.running = list(self.scores)
        self.sticks_now = self.sticks

    # -- tile ids ------------------------------------------------------------------------------

    def alloc(self, kind: int, red: bool) -> int:
        """A fresh id for a tile of ``kind`` (red: copy 0 of a five)."""
        name = kind * 2 + red
        ids = self._ids[name]
        given = self._given[name]   # ids of a name go out lowest first, so those given are a prefix
        if ids is not None and given < len(ids):
            self._given[name] = given + 1
            return ids[given]
        if self.n == 3 and kind in SANMA_ABSENT_KINDS:
            raise HandProblem(f"{KIND_NAMES[kind]} does not exist in three-player mahjong")
        if red and self._ids[kind * 2 + 1] is None:
            raise HandProblem(f"red {KIND_NAMES[kind]} in a game without red fives")
        what = "red " if red else ""
        raise HandProblem(f"more {what}{KIND_NAMES[kind]} than the wall holds")

    def take(self, seat: int, kind: int, red: bool, avoid: int | None = None) -> int:
        """Remove from ``seat``'s hand its lowest id of that name (other than ``avoid`` if it can)."""
        held = self.held[seat]
        kept = None
        for tile in self._ids[kind * 2 + red] or ():
            if tile in held:
                if tile != avoid:
                    held.discard(tile)
                    return tile
                kept = tile
        if kept is None:
            raise HandProblem(f"seat {seat} does not hold {KIND_NAMES[kind]}{'r' if red else ''}")
        held.discard(kept)
        return kept

    def _is_red(self, tile: int) -> bool:
        return tile in self._reds

    # -- play ----------------------------------------------------------------------------------

    def deal(self, tehais: list[list[tuple[int, bool]]], dora: tuple[int, bool]) -> None:
        """The starting hands and the first dora indicator."""
        hands = []
        for s, tiles in enumerate(tehais):
            ids = [self.alloc(k, r) for k, r in tiles]
            self.held[s].update(ids)
            hands.append(tuple(sorted(ids)))
        self.hands = tuple(hands)
        self.dora.append(self.alloc(*dora))

    def draw(self, seat: int, kind: int, red: bool) -> None:
        tile = self.alloc(kind, red)
        self.held[seat].add(tile)
        self.last_draw[seat] = tile
        self.draws += 1
        self.events.append(_DRAWS[seat][tile])

    def discard(self, seat: int, kind: int, red: bool, tsumogiri: bool) -> None:
        drawn = self.last_draw[seat]
        if tsumogiri:
            if drawn is None or drawn >> 2 != kind or (drawn in self._reds) != red:
                raise HandProblem(f"seat {seat}'s tsumogiri discard is not the tile it drew")
            self.held[seat].discard(drawn)
            tile = drawn
        else:
            tile = self.take(seat, kind, red, avoid=drawn)
        self.events.append(_DISCARDS[tile == drawn][seat][tile])
        self.rivers[seat].append(tile)
        self.last_draw[seat] = None
        self.last_given = (seat, tile)

    def accept_riichi(self, seat: int, scores: tuple[int, ...] | None) -> None:
        self.running[seat] -= self.rules.riichi_deposit
        self.sticks_now += 1
        self.riichi.add(seat)
        self.events.append(RiichiAccepted(seat, scores if scores is not None else tuple(self.running)))
        if scores is not None:
            self.running = list(scores)

    def call(self, kind: CallKind, seat: int, target: int, pai: tuple[int, bool],
             consumed: list[tuple[int, bool]]) -> None:
        """A chi, pon or open kan of ``target``'s last discard."""
        given = self.last_given
        if given is None or given[0] != target or not self._named(given[1], pai):
            raise HandProblem(f"seat {seat} calls {KIND_NAMES[pai[0]]} from seat {target}, who did not just discard it")
        called = given[1]
        own = [self.take(seat, k, r) for k, r in consumed]
        tiles = (called, *sorted(own)) if kind is CallKind.DAIMINKAN else tuple(sorted(own + [called]))
        c = Call(seat, kind, tiles, called, target)
        self.melds[seat].append(c)
        self.called_away.add(called)
        self.last_given = None
        self.events.append(c)

    def _named(self, tile: int, pai: tuple[int, bool]) -> bool:
        return tile >> 2 == pai[0] and self._is_red(tile) == pai[1]

    def kakan(self, seat: int, pai: tuple[int, bool]) -> None:
        pon = next((m for m in self.melds[seat] if m.kind is CallKind.PON and m.tiles[0] >> 2 == pai[0]), None)
        if pon is None:
            raise HandProblem(f"seat {seat} adds {KIND_NAMES[pai[0]]} to a pon it does not have")
        added = self.take(seat, *pai)
        c = Call(seat, CallKind.KAKAN, pon.tiles + (added,), pon.called, pon.from_seat, added)
        self.melds[seat][self.melds[seat].index(pon)] = c
        self.last_given = (seat, added)
        self.events.append(c)

    def ankan(self, seat: int, consumed: list[tuple[int, bool]]) -> None:
        if len({k for k, _ in consumed}) != 1:
            raise HandProblem(f"seat {seat}'s closed kan is not four tiles of one kind")
        c = Call(seat, CallKind.ANKAN, tuple(sorted(self.take(seat, k, r) for k, r in consumed)))
        self.melds[seat].append(c)
        self.last_given = None
        self.events.append(c)

    def kita(self, seat: int) -> None:
        if self.n != 3:
            raise HandProblem("kita (setting North aside) in a four-player game")
        tile = self.take(seat, 30, False)
        c = Call(seat, KITA, (tile,))
        self.melds[seat].append(c)
        self.last_given = (seat, tile)
        self.events.append(c)

    def new_dora(self, kind: int, red: bool) -> None:
        tile = self.alloc(kind, red)
        self.dora.append(tile)
        self.events.append(NewDora(tile))

    def ura_ids(self, names: list[tuple[int, bool]]) -> list[int]:
        """Ids of the ura indicators; every win of one hand shows the same ones."""
        if not names:
            return []
        key = ",".join(f"{k}{r}" for k, r in names)
        if key not in self.ura:
            if self.ura:
                raise HandProblem("two wins of one hand show different ura dora indicators")
            self.ura[key] = [self.alloc(k, r) for k, r in names]
        return self.ura[key]

    def tenpai(self, seat: int) -> bool:
        return is_tenpai(counts34(self.held[seat]))  # only concealed copies kill a wait (Tenhou rule 22)

    def round(self) -> Round:
        return Round(index=self.index, kyoku=self.kyoku, honba=self.honba, sticks=self.sticks, dealer=self.dealer,
                     scores=self.scores, dice=(0, 0), dora_indicator=self.dora[0], hands=self.hands,
                     events=tuple(self.events))


def draw_kind(h: HandState) -> DrawKind:
    """The kind of a draw whose ``ryukyoku`` gives no ``reason``, told from the play.

    Four accepted riichi just now: four riichi; the last event a draw: nine terminals; four
    first discards of one wind and nothing else: four winds; the wall run out: exhaustive (nagashi
    mangan when a seat's river qualifies and the rules pay it); four kans by more than one seat:
    four kans; otherwise (a discard with wall left): triple ron.
    """
    last = h.events[-1] if h.events else None
    if isinstance(last, RiichiAccepted) and len(h.riichi) == 4:
        return DrawKind.FOUR_RIICHI
    if isinstance(last, Draw):
        return DrawKind.NINE_TERMINALS
    discards = [e for e in h.events if isinstance(e, Discard)]
    plays = [e for e in h.events if isinstance(e, (Discard, Call))]
    if (h.n == 4 and len(discards) == 4 and len(plays) == 4
            and len({d.tile >> 2 for d in discards}) == 1 and discards[0].tile >> 2 in range(27, 31)):
        return DrawKind.FOUR_WINDS
    if h.draws >= DRAWS_TO_EXHAUST[h.n]:
        nagashi = any(r and all(t >> 2 in _YAOCHU and t not in h.called_away for t in r) for r in h.rivers)
        return DrawKind.NAGASHI_MANGAN if nagashi and h.rules.nagashi_mangan else DrawKind.EXHAUSTIVE
    kans = [e for e in h.events if isinstance(e, Call) and e.kind.is_kan]
    if len(kans) >= 4 and len({k.seat for k in kans}) > 1:
        return DrawKind.FOUR_KANS
    return DrawKind.TRIPLE_RON


def shown_seats(h: HandState, kind: DrawKind) -> list[int]:
    """The seats whose hands a draw of ``kind`` shows, as Tenhou records it."""
    if kind in (DrawKind.EXHAUSTIVE, DrawKind.NAGASHI_MANGAN):
        return [s for s in range(h.n) if h.tenpai(s)]
    if kind is DrawKind.NINE_TERMINALS:
        last = h.events[-1] if h.events else None
        return [last.seat] if isinstance(last, Draw) else []
    if kind is DrawKind.FOUR_RIICHI:
        return list(range(h.n))
    if kind is DrawKind.TRIPLE_RON and h.last_given is not None:
        return [s for s in range(h.n) if s != h.last_given[0]]
    return []
