"""Hand-built Datong games for tests: a small script of draws, discards, calls and wins becomes a GameLog.

Tiles are named in mpsz and given distinct ids as they are named (the seeded families'
:class:`~tests.support.seededbuild.Bank`); with a seed, the deal and every draw come from the seed's
wall instead. A win's recorded hand types and payments are worked out by the hand evaluator and the settlement unless
the test states them; the payments of the hand's kans are added to its outcome.

>>> g = GameBuilder()
>>> h = g.hand(["123456789m1234p", "", "", ""])
>>> [len(x) for x in h.dealt]
[13, 13, 13, 13]
"""

from __future__ import annotations

from mjlog.formats.seeded_dialect import winner_melds
from mjlog.ir import Call, CallKind, Discard, Draw, FinalResult, GameLog, Player, Round, Ryuukyoku, Seed, Win
from mjlog.rules.datong.hands import Meld, evaluate
from mjlog.rules.datong.outcome import next_hand
from mjlog.rules.datong.record import DatongDraw, DatongHand, DatongHeader, DatongWin, LeaveTable, TypeLine
from mjlog.rules.datong.ruleset import PRESETS, DatongRules
from mjlog.rules.datong.settlement import KanKind, kan_rows, leave_rows, settle_win
from mjlog.rules.datong.wall import DatongWall, datong_walls, drawable
from mjlog.rules.transfers import net
from mjlog.tiles import parse_mpsz
from tests.support.seededbuild import Bank, ScriptedPlay

_KANS = {CallKind.DAIMINKAN: KanKind.OPEN, CallKind.KAKAN: KanKind.ADDED, CallKind.ANKAN: KanKind.CLOSED}


class HandScript(ScriptedPlay):
    """One hand being written: the deal, then its events in order."""

    def __init__(self, game: GameBuilder, dealt: list[str], wall: DatongWall | None, keep: str = "") -> None:
        super().__init__(game, dealt, wall, {t >> 2 for t in parse_mpsz("".join(dealt) + keep)}, Bank())
        self.kans: list = []
        self.leavers: list[int] = []

    def call(self, seat: int, kind: str, tiles: str, replacement: str | None = None) -> Call:
        """A call of ``tiles`` (mpsz) by ``seat``; a kan draws its replacement (``replacement``, or filler)."""
        call = self._call(seat, kind, tiles)
        if call.kind.is_kan:
            self.kans.append((seat, _KANS[call.kind]))
            self.draw(seat, replacement, replacement=True)
        return call

    def leave(self, seat: int) -> LeaveTable:
        """``seat`` leaves the table (強退): paid with the hand's end, as the rules' ``leave_to`` says."""
        ev = LeaveTable(seat)
        self.events.append(ev)
        self.leavers.append(seat)
        return ev

    def _kan_rows(self) -> tuple:
        """The kans' and the leaves' payments: paid as they happened, recorded with the hand's end."""
        kans = tuple(r for seat, kind in self.kans for r in kan_rows(self.rules, seat, kind))
        return kans + tuple(r for seat in self.leavers for r in leave_rows(self.rules, seat))

    def win(self, who: int, from_seat: int | None = None, claims: tuple[int, ...] | None = None,
            multiplier: int | None = None) -> Win:
        """A win: self-draw on the last drawn tile, or on ``from_seat``'s last discard (``claims``: its claimants)."""
        tsumo = from_seat is None
        last = next(e for e in reversed(self.events) if type(e) in (Draw, Discard))
        tile = last.tile
        hand = list(self.hands[who]) + ([] if tsumo else [tile])
        events = tuple(e for e in self.events if type(e) is not Win)
        melds = tuple(_meld(m) for m in winner_melds(events, who))
        # as if chi were allowed, so that a test can write the win on a chi that the chi knob refuses
        v = evaluate([t >> 2 for t in hand if t != tile] + [tile >> 2], melds, tsumo, self.rules.replace(chi=True))
        mult = v.multiplier if multiplier is None else multiplier
        rows = settle_win(self.rules, who, from_seat, mult, self.dealer, self.honba) + self._kan_rows()
        record = DatongWin(tuple(TypeLine(s.name, s.english, s.multiplier) for s in v.types), mult,
                           claims if claims is not None else (who,), rows)
        w = Win(who, who if tsumo else from_seat, tuple(hand), tile, winner_melds(events, who),
                scores_before=tuple(self.g.scores), deltas=net(rows, 4), payload=record)
        self.events.append(w)
        self.g.scores = [s + d for s, d in zip(self.g.scores, w.deltas)]
        return w

    def exhaust(self) -> Ryuukyoku:
        """Everyone draws and discards the drawn tile until only the reserve is left, then the draw."""
        seat = self._next_seat()
        while self.live + self.replacements < drawable(self.rules.reserve_tiles):
            self.turn(seat)
            seat = (seat + 1) % 4
        rows = self._kan_rows()
        d = Ryuukyoku(scores_before=tuple(self.g.scores), deltas=net(rows, 4), payload=DatongDraw(rows))
        self.events.append(d)
        self.g.scores = [s + x for s, x in zip(self.g.scores, d.deltas)]
        return d

    def round(self, index: int) -> Round:
        dice = self.wall.dice if self.wall is not None else (0, 0)
        return Round(index, self.kyoku, self.honba, 0, self.dealer, self.start, dice, None,
                     tuple(tuple(h) for h in self.dealt), tuple(self.events), payload=DatongHand())


def _meld(c: Call) -> Meld:
    kinds = sorted(t >> 2 for t in c.tiles)
    if c.kind is CallKind.CHI:
        return Meld(kinds[0], run=True)
    return Meld(kinds[0], size=len(kinds), closed=c.kind is CallKind.ANKAN)


class GameBuilder:
    """A game: hands in order; the dealer, kyoku and honba (renchan) follow the rules' flow."""

    def __init__(self, rules: DatongRules = PRESETS["datong"], seed: Seed | None = None,
                 names=("東家", "Bob", "C<&\"'>", "D"), thrower: int = 0, die: int = 1) -> None:
        self.rules = rules
        self.seed = seed
        self.names = names
        self.thrower, self.die = thrower, die
        self.scores = [0] * 4
        self.kyoku = self.honba = 0
        self.dealer = (thrower + die - 1) % 4
        self.first = self.dealer
        self.hands: list[HandScript] = []
        self.walls = datong_walls(seed) if seed is not None else None

    def hand(self, dealt=None, keep: str = "") -> HandScript:
        """The next hand: ``dealt`` mpsz per seat (padded with filler), or a function of the dealer giving them;
        ``keep`` kinds (mpsz) filler never takes, for the script's draws."""
        if self.hands:
            self._advance(self.hands[-1])
        if callable(dealt):
            dealt = dealt(self.dealer)
        wall = next(self.walls) if self.walls is not None else None
        h = HandScript(self, dealt or ["", "", "", ""], wall, keep)
        self.hands.append(h)
        return h

    def _advance(self, last: HandScript) -> None:
        winner = next((e.who for e in last.events if type(e) is Win), None)
        nxt = next_hand(self.rules, last.round(0), winner)
        if not nxt.renchan:
            self.dealer = self.rules.next_seat(self.dealer)
        self.kyoku, self.honba = nxt.kyoku, nxt.honba

    def log(self, final: bool = True) -> GameLog:
        rounds = tuple(h.round(i) for i, h in enumerate(self.hands))
        header = DatongHeader(self.rules.name, self.rules.base, False, "tests", "", self.thrower, self.die)
        end = FinalResult(tuple(self.scores), (0.0,) * 4, True) if final else None
        return GameLog("datong-xml", "datong", self.rules, tuple(Player(i, n) for i, n in enumerate(self.names)),
                       rounds, header, None, None, self.seed, self.first, end, "1")
