"""The seeded-wall families' referees' table (Beijing, Datong): a pon, chi or open kan claimed from the
last discard, a closed kan and an added kan made in turn, each judged and applied; an outcome's scores
as recorded against those derived; the hand's result.

A family's table extends :class:`ClaimsTable` with what differs: whether and how it allows chi
(:meth:`~ClaimsTable.check_chi`), what a kan owes (:meth:`~ClaimsTable.kan_made`: its replacement
draw, and for Datong its payment) and the words its findings name the calls with (its family's
:class:`~mjlog.rules.common.call_words.CallWords`).
"""

from __future__ import annotations

from typing import ClassVar

from mjlog.findings import FindingKind
from mjlog.ir import Call, CallKind, Discard
from mjlog.rules.base_table import AFTER_DISCARD, DISCARD, DRAW, REPLACEMENT, BaseTable
from mjlog.rules.common.call_words import CallWords
from mjlog.rules.results import DerivedDraw, DerivedWin, RoundResult

K = FindingKind


class ClaimsTable(BaseTable):
    """A table whose calls are claimed from the last discard (chi, pon, open kan) or made in turn (closed
    and added kans), each kept in ``melds``."""

    #: the family as a finding names it ('Beijing mahjong')
    game_name: ClassVar[str] = "this game"
    #: the family's words for its calls in findings (its ``CALL_WORDS``)
    call_words: ClassVar[CallWords] = CallWords()
    claimable: Discard | None
    melds: list[list[Call]]

    def _call(self, ev: Call) -> None:
        kind = ev.kind
        if kind in (CallKind.CHI, CallKind.PON, CallKind.DAIMINKAN):
            self._claim(ev)
        elif kind is CallKind.ANKAN:
            self._own_turn(ev)
            self._same_kind(ev, 4)
            self.take(ev.seat, ev.tiles, self.call_words.taken(kind))
            self.melds[ev.seat].append(ev)
            self.kan_made(ev)
        elif kind is CallKind.KAKAN:
            self._added_kan(ev)
        else:
            self.find(K.ILLEGAL_ACTION, f"seat {ev.seat} makes a {self.call_words.name(kind)}, which {self.game_name} "
                      "does not have")

    def _own_turn(self, ev: Call) -> None:
        if ev.seat != self.actor:
            self.find(K.ILLEGAL_ACTION, f"seat {ev.seat} makes a {self.call_words.name(ev.kind)} out of its turn",
                      ev.seat, self.actor)
        elif self.phase != DISCARD:   # its turn, before its draw or after its discard: the seat is not the fault
            self.find(K.ILLEGAL_ACTION, f"seat {ev.seat} makes a {self.call_words.name(ev.kind)} out of its turn, "
                      f"while the hand waits for {_WAITS_FOR[self.phase]}")

    def _same_kind(self, ev: Call, size: int) -> bool:
        if len(ev.tiles) != size or len({t >> 2 for t in ev.tiles}) != 1:
            self.find(K.ILLEGAL_ACTION, f"seat {ev.seat}'s {self.call_words.name(ev.kind)} is not {size} tiles of one kind",
                      self.names(ev.tiles))
            return False
        return True

    def _claim(self, ev: Call) -> None:
        d = self.claimable
        if d is None or ev.called != d.tile or ev.from_seat != d.seat or ev.seat == d.seat:
            self.find(K.ILLEGAL_ACTION, f"seat {ev.seat}'s {self.call_words.name(ev.kind)} does not take the last discard",
                      None if ev.called is None else self.tile_label(ev.called),
                      None if d is None else self.tile_label(d.tile))
        if ev.kind is CallKind.CHI:
            self.check_chi(ev)
        else:
            self._same_kind(ev, 3 if ev.kind is CallKind.PON else 4)
        if d is not None and ev.called == d.tile and self.river[d.seat] and self.river[d.seat][-1] == d.tile:
            self.river[d.seat].pop()
        self.take(ev.seat, [t for t in ev.tiles if t != ev.called], self.call_words.taken(ev.kind))
        self.melds[ev.seat].append(ev)
        self.claimable = None
        self.actor, self.phase = ev.seat, DISCARD
        if ev.kind is CallKind.DAIMINKAN:
            self.kan_made(ev)

    def check_chi(self, ev: Call) -> None:
        """A chi: from the seat before the caller only, a run of one suit."""
        words = self.call_words
        if ev.from_seat != (ev.seat - 1) % self.n:
            self.find(K.ILLEGAL_ACTION, f"seat {ev.seat} {words.chis} from seat {ev.from_seat}: "
                      f"{words.name(CallKind.CHI)} is only from the seat before", ev.from_seat, (ev.seat - 1) % self.n)
        kinds = sorted(t >> 2 for t in ev.tiles)
        if len(kinds) != 3 or kinds[0] >= 27 or kinds[0] % 9 > 6 or kinds != [kinds[0] + i for i in range(3)]:
            self.find(K.ILLEGAL_ACTION, f"seat {ev.seat}'s {words.name(CallKind.CHI)} is not a run of one suit",
                      self.names(ev.tiles))

    def _added_kan(self, ev: Call) -> None:
        self._own_turn(ev)
        melds = self.melds[ev.seat]
        pon = next((m for m in melds if m.kind is CallKind.PON and ev.added is not None
                    and m.tiles[0] >> 2 == ev.added >> 2), None)
        if pon is None:
            self.find(K.ILLEGAL_ACTION, f"seat {ev.seat} adds a tile to a {self.call_words.name(CallKind.PON)} it does not have")
        else:
            melds[melds.index(pon)] = ev
        if ev.added is not None:
            self.take(ev.seat, (ev.added,), self.call_words.taken(CallKind.KAKAN))
        self.kan_made(ev)

    def kan_made(self, ev: Call) -> None:
        """What a kan, once applied, leaves the hand owing (its replacement draw, a payment)."""
        raise NotImplementedError

    def names(self, tiles) -> str:
        """Tiles as findings name them."""
        return " ".join(self.tile_label(t) for t in tiles)

    # -- outcomes ------------------------------------------------------------------------------------------

    def settle(self, before, deltas, derived, what: str) -> None:
        """An outcome's recorded scores before it and changes (``deltas``) against the table's and the
        rules' (``derived``, None where the rules give none); both followed."""
        if before and tuple(before) != tuple(self.scores):
            self.find(K.PAYMENT, f"scores before the {what}", _fmt(before), _fmt(self.scores))
        if derived is not None and tuple(deltas) != tuple(derived):
            self.find(K.PAYMENT, f"score changes of the {what}", _fmt(deltas), _fmt(derived))
        if len(deltas) == self.n:
            self.scores = [s + x for s, x in zip(self.scores, deltas)]
        if derived is not None:
            self.derived_scores = [s + x for s, x in zip(self.derived_scores, derived)]

    def hand_result(self, wins: list[DerivedWin], draw: DerivedDraw | None) -> RoundResult:
        """The hand's result: its start, end scores, outcome and open calls per seat."""
        rnd = self.r
        return RoundResult(rnd.index, rnd.name, rnd.kyoku, rnd.honba, rnd.sticks, rnd.dealer, tuple(rnd.scores),
                           tuple(self.scores), (), tuple(wins), draw,
                           calls=tuple(sum(1 for m in ms if m.kind is not CallKind.ANKAN) for ms in self.melds),
                           complete=bool(wins or draw))


#: What a hand waits for in each phase but the actor's discard, in a finding's words.
_WAITS_FOR = {DRAW: "its draw", AFTER_DISCARD: "claims on the last discard", REPLACEMENT: "a replacement draw"}


def _fmt(values) -> str:
    return ",".join(str(v) for v in values)
