"""The MCR referee: every event of one hand judged against the Chinese Official rules.

:class:`McrTable` follows the hands, melds, flowers, rivers and the wall of one hand and
reports each illegal move as a finding at its event: draws out of turn or from an exhausted
wall, a tile seen twice, flowers kept in the hand, replacements not drawn, discards of tiles not
held or from a wrong hand size, claims of a tile that is not the last discard, chows from a seat
other than the left neighbour, sets that are no sets, kongs without their tiles, and claims that
broke priority (win > pung = kong > chow, then turn order from the discarder) where the record
states the claims that lost. What a win was won on (the situation: self-drawn, the wall's last
tile, a kong's replacement, a robbed kong, the last copy) is derived here from the play and
never read from the log; :mod:`mjlog.rules.mcr.outcome` scores and pays it.

With a wall (``wall.tiles``: the 144 ids in wall order, the deal and live draws from the front,
replacements from the back) every draw is also checked against it; a seeded wall
(:class:`~mjlog.rules.mcr.wall.McrWall`) also checks the dice and each seat's dealt tiles.
"""

from __future__ import annotations

from dataclasses import dataclass

from mjlog.findings import FindingKind
from mjlog.ir import AnyCallKind, Call, CallKind, Discard, Draw, FlowerSetAside, Win
from mjlog.rules.base_table import BaseTable, AFTER_DISCARD, DISCARD, DRAW
from mjlog.rules.mcr.calculator import score
from mjlog.rules.mcr.hand import McrHand, McrHandError, Meld, MeldKind, WinSituation
from mjlog.rules.mcr.record import LostClaim, McrHandRecord, flower_of
from mjlog.rules.mcr.ruleset import CALL_WORDS

K = FindingKind
_RANK = {"win": 3, "pung": 2, "kong": 2, "chow": 1}
_SUITS = "mps"
_HONOURS = ("E", "S", "W", "N", "白", "發", "中")


def tile_text(tile: int) -> str:
    """A tile as findings name it: ``5p``, ``E``, ``中``, ``春`` (flowers 136-143)."""
    flower = flower_of(tile)
    if flower is not None:
        return flower.character
    kind = tile // 4
    if kind >= 27:
        return _HONOURS[kind - 27]
    return f"{kind % 9 + 1}{_SUITS[kind // 9]}"


@dataclass(frozen=True, slots=True)
class WinTile:
    """How the tile a seat may win on came: ``how`` is 'draw', 'discard' or 'kong' (an added kong)."""

    seat: int                 # who drew it, discarded it or added it
    tile: int
    how: str
    replacement: bool = False  # a draw that replaced a kong
    wall_last: bool = False    # the wall's last tile (drawn), or the discard after it


class McrTable(BaseTable):
    """One MCR hand's state, and a method per event kind."""

    def __init__(self, rnd, rules, wall, source, findings, scores=None) -> None:
        super().__init__(rnd, rules, wall, source, findings, scores)
        rec = rnd.payload if isinstance(rnd.payload, McrHandRecord) else McrHandRecord()
        self.record = rec
        n = self.n
        self.melds: list[list[Call]] = [[] for _ in range(n)]
        self.flowers: list[list[int]] = [list(rec.deal_flowers[s]) if s < len(rec.deal_flowers) else []
                                         for s in range(n)]
        dealt = sum(len(h) for h in rnd.hands) + sum(len(f) for f in self.flowers)
        if rec.wall_shape == "per-seat":
            self.left = [rec.wall_tiles - len(h) for h in rnd.hands]
        else:
            self.left = [rec.wall_tiles - dealt]
        self.seen: set[int] = {t for h in rnd.hands for t in h} | {t for f in self.flowers for t in f}
        self.replacing: list[int] = []             # seats owed a replacement draw (kong or flower), in order
        self.after_kong: set[int] = set()          # seats whose next replacement replaces a kong
        self.offer: WinTile | None = None          # the tile a win may be on now
        self.front = dealt
        self.back = len(wall.tiles) - 1 if wall is not None else 0
        self.lost: dict[int, list[LostClaim]] = {}
        for c in rec.lost_claims:
            self.lost.setdefault(c.at, []).append(c)
        self.discarded_once = False
        if wall is not None and hasattr(wall, "starting_hands"):
            self._check_deal()

    def tile_label(self, tile: int) -> str:
        return tile_text(tile) if 0 <= tile < 144 else f"tile id {tile}"

    # -- the wall ---------------------------------------------------------------------------------

    def _wall_of(self, seat: int) -> int:
        return seat if self.record.wall_shape == "per-seat" else 0

    def exhausted_for(self, seat: int) -> bool:
        """Whether ``seat`` has no tile left to draw (its own wall, or the shared one)."""
        return self.left[self._wall_of(seat)] <= 0

    def _take_from_wall(self, ev: Draw, replacement: bool) -> None:
        w = self._wall_of(ev.seat)
        if self.left[w] <= 0:
            self.find(K.ILLEGAL_ACTION, f"seat {ev.seat} draws from an exhausted wall")
        self.left[w] -= 1
        if self.wall is None:
            return
        tiles = self.wall.tiles
        if self.front > self.back:
            return
        expected = tiles[self.back] if replacement else tiles[self.front]
        if replacement:
            self.back -= 1
        else:
            self.front += 1
        if ev.tile != expected:
            end = "back (a replacement)" if replacement else "front"
            self.find(K.WALL, f"seat {ev.seat} draws a tile that is not the wall's next from the {end}",
                      self.tile_label(ev.tile), self.tile_label(expected))

    def _check_deal(self) -> None:
        """A seeded wall (:class:`~mjlog.rules.mcr.wall.McrWall`): the dice and each seat's dealt tiles are its."""
        r, w = self.r, self.wall
        if tuple(r.dice) != w.dice:
            self.find(K.WALL, "dice differ from the seed's", ",".join(map(str, r.dice)), ",".join(map(str, w.dice)))
        for seat, (got, want) in enumerate(zip(r.hands, w.starting_hands(r.dealer))):
            if sorted(got) != sorted(want):
                self.find(K.WALL, f"seat {seat}'s dealt tiles differ from the seed's wall",
                          " ".join(self.tile_label(t) for t in sorted(got)),
                          " ".join(self.tile_label(t) for t in sorted(want)))

    # -- events -----------------------------------------------------------------------------------

    def _draw(self, ev: Draw) -> None:
        seat = ev.seat
        replacement = bool(self.replacing) and self.replacing[0] == seat
        if replacement:
            self.replacing.pop(0)
            kong = seat in self.after_kong
            self.after_kong.discard(seat)
        else:
            kong = False
            if self.replacing:
                self.find(K.ILLEGAL_ACTION, f"seat {seat} draws while seat {self.replacing[0]} is owed a replacement")
            if seat != self.actor or self.phase not in (DRAW, AFTER_DISCARD):
                self.find(K.ILLEGAL_ACTION, f"seat {seat} draws out of turn", seat, self.actor)
            self.actor, self.phase = seat, DISCARD
        self._take_from_wall(ev, replacement)
        if ev.tile in self.seen:
            self.find(K.WALL, f"seat {seat} draws {self.tile_label(ev.tile)}, a tile already in play")
        self.seen.add(ev.tile)
        self.hands[seat].add(ev.tile)
        self.offer = WinTile(seat, ev.tile, "draw", kong, self.exhausted_for(seat))

    def _flower(self, ev: FlowerSetAside) -> None:
        if not 136 <= ev.tile < 144:
            self.find(K.ILLEGAL_ACTION, f"seat {ev.seat} sets aside {self.tile_label(ev.tile)}, which is no flower")
        self.take(ev.seat, (ev.tile,), "a flower set aside")
        self.flowers[ev.seat].append(ev.tile)
        self.replacing.append(ev.seat)
        self.offer = None

    def _discard(self, ev: Discard) -> None:
        seat = ev.seat
        if seat != self.actor or self.phase != DISCARD:
            self.find(K.ILLEGAL_ACTION, f"seat {seat} discards out of turn", seat, self.actor)
        if seat in self.replacing:
            self.find(K.ILLEGAL_ACTION, f"seat {seat} discards before drawing its replacement tile")
        held = len(self.hands[seat]) + 3 * len(self.melds[seat])
        if held != 14:
            self.find(K.ILLEGAL_ACTION, f"seat {seat} discards from {held} tiles (sets counted as three), not 14")
        if any(t >= 136 for t in self.hands[seat]):
            self.find(K.ILLEGAL_ACTION, f"seat {seat} keeps a flower in the hand instead of setting it aside")
        self.take(seat, (ev.tile,), "a discard")
        self.river[seat].append(ev.tile)
        self.actor, self.phase = (seat + 1) % self.n, AFTER_DISCARD
        self.offer = WinTile(seat, ev.tile, "discard", wall_last=self.exhausted_for(self.actor))
        self.discarded_once = True

    def _call(self, ev: Call) -> None:
        kinds = sorted(t // 4 for t in ev.tiles)
        shape_ok_of: dict[AnyCallKind, bool] = {
            CallKind.CHI: len(kinds) == 3 and kinds[2] < 27 and kinds[0] // 9 == kinds[2] // 9
            and kinds == [kinds[0], kinds[0] + 1, kinds[0] + 2],
            CallKind.PON: len(kinds) == 3 and len(set(kinds)) == 1,
        }
        shape_ok = shape_ok_of.get(ev.kind, len(kinds) == 4 and len(set(kinds)) == 1)
        if not shape_ok or not isinstance(ev.kind, CallKind):  # another family's kind (riichi's kita)
            self.find(K.ILLEGAL_ACTION, f"seat {ev.seat}'s {CALL_WORDS.name(ev.kind)} is not a set",
                      " ".join(self.tile_label(t) for t in ev.tiles))
        if ev.kind in (CallKind.CHI, CallKind.PON, CallKind.DAIMINKAN):
            self._priority(ev.seat, {CallKind.CHI: "chow", CallKind.PON: "pung"}.get(ev.kind, "kong"))
            self._claim(ev)
        elif ev.kind is CallKind.ANKAN:
            self._own_kong(ev)
            self.take(ev.seat, ev.tiles, CALL_WORDS.taken(CallKind.ANKAN))
            self.melds[ev.seat].append(ev)
        elif ev.kind is CallKind.KAKAN:
            self._own_kong(ev)
            self._added_kong(ev)

    def _claim(self, ev: Call) -> None:
        offer, seat = self.offer, ev.seat
        if self.phase != AFTER_DISCARD or offer is None or offer.how != "discard" or ev.called != offer.tile:
            self.find(K.ILLEGAL_ACTION,
                      f"seat {seat} claims {self.tile_label(ev.called or 0)}, which is not the last discard")
        elif ev.from_seat != offer.seat or seat == offer.seat:
            self.find(K.ILLEGAL_ACTION, f"seat {seat} claims from seat {ev.from_seat}, but seat {offer.seat} discarded")
        elif ev.kind is CallKind.CHI and seat != (offer.seat + 1) % self.n:
            self.find(K.ILLEGAL_ACTION, f"seat {seat} {CALL_WORDS.chis} a discard of seat {offer.seat}, not its left neighbour's")
        if offer is not None and offer.how == "discard" and self.river[offer.seat][-1:] == [offer.tile]:
            self.river[offer.seat].pop()
        self.take(seat, [t for t in ev.tiles if t != ev.called], CALL_WORDS.taken(ev.kind))
        self.melds[seat].append(ev)
        self.actor, self.phase, self.offer = seat, DISCARD, None
        if ev.kind is CallKind.DAIMINKAN:
            self.replacing.append(seat)
            self.after_kong.add(seat)

    def _own_kong(self, ev: Call) -> None:
        if ev.seat != self.actor or self.phase != DISCARD or ev.seat in self.replacing:
            self.find(K.ILLEGAL_ACTION, f"seat {ev.seat} declares a {CALL_WORDS.kan} out of turn", ev.seat, self.actor)
        self.replacing.append(ev.seat)
        self.after_kong.add(ev.seat)
        self.offer = None

    def _added_kong(self, ev: Call) -> None:
        seat, added = ev.seat, ev.added if ev.added is not None else ev.tiles[-1]
        melds = self.melds[seat]
        i = next((i for i, m in enumerate(melds) if m.kind is CallKind.PON and m.tiles[0] // 4 == added // 4), None)
        if i is None:
            self.find(K.ILLEGAL_ACTION, f"seat {seat} adds {self.tile_label(added)} to a {CALL_WORDS.name(CallKind.PON)} "
                      "it has not melded")
        else:
            melds.pop(i)
        self.take(seat, (added,), CALL_WORDS.taken(CallKind.KAKAN))
        melds.append(ev)
        self.offer = WinTile(seat, added, "kong")

    def _priority(self, seat: int, action: str) -> None:
        """The claims the record says lost to this one must rank below it (win > pung = kong > chow)."""
        for lost in self.lost.get(self.event_index or 0, ()):
            if lost.seat == seat:
                self.find(K.ILLEGAL_ACTION, f"seat {seat}'s claim is recorded as both taken and lost")
            elif _RANK[lost.action] > _RANK[action]:
                self.find(K.ILLEGAL_ACTION, f"seat {seat}'s {action} took the tile over seat {lost.seat}'s "
                          f"{lost.action}, which has priority", action, lost.action)
            elif lost.action == action == "win" and self.offer is not None and self._nearer(lost.seat, seat):
                self.find(K.ILLEGAL_ACTION, f"seat {seat} won the tile over seat {lost.seat}, who is nearer in "
                          "turn from the discarder", seat, lost.seat)
            elif lost.action == "chow" and self.offer is not None and lost.seat != (self.offer.seat + 1) % self.n:
                self.find(K.ILLEGAL_ACTION, f"seat {lost.seat}'s lost chow is not from its left neighbour")
            if self.offer is not None and not self._could_claim(lost, self.offer.tile):
                self.find(K.ILLEGAL_ACTION, f"seat {lost.seat}'s lost {lost.action} of {tile_text(lost.tile * 4)} "
                          "could not be made with its hand")

    def _could_claim(self, lost: LostClaim, tile: int) -> bool:
        """Whether ``lost.seat`` could make its claim on ``tile`` with the tiles it holds."""
        kind, held = tile // 4, [t // 4 for t in self.hands[lost.seat]]
        if lost.action in ("pung", "kong"):
            return lost.tile == kind and held.count(kind) >= (2 if lost.action == "pung" else 3)
        if lost.action == "chow":
            run = [lost.tile - 1, lost.tile, lost.tile + 1]
            if kind not in run or lost.tile >= 27 or lost.tile % 9 in (0, 8):
                return False
            run.remove(kind)
            return all(k in held for k in run)
        if lost.tile != kind:
            return False
        hand = McrHand(tuple(sorted(self.hands[lost.seat])), tuple(self.meld_of(c) for c in self.melds[lost.seat]),
                       tile, tuple(self.flowers[lost.seat]))
        try:
            score(hand, WinSituation(seat_wind=(lost.seat - self.r.dealer) % self.n), self.rules)
        except McrHandError:      # not a winning hand (or no hand at all)
            return False
        return True

    def _nearer(self, a: int, b: int) -> bool:
        """Whether seat ``a`` comes before seat ``b`` in turn from the seat that offered the tile."""
        src = self.offer.seat if self.offer is not None else 0
        return (a - src) % self.n < (b - src) % self.n

    handlers = {Draw: _draw, Discard: _discard, Call: _call, FlowerSetAside: _flower}

    # -- what a win needs -------------------------------------------------------------------------

    def win_offer(self, w: Win) -> WinTile | None:
        """The tile ``w`` is won on, as the play offers it; a finding and None when it offers none."""
        offer = self.offer
        if offer is None:
            self.find(K.ILLEGAL_ACTION, f"seat {w.who} wins with no tile to win on")
            return None
        if offer.how == "draw":
            ok = w.who == w.from_who == offer.seat and offer.seat not in self.replacing
        else:
            ok = w.from_who == offer.seat != w.who
        if not ok or w.win_tile != offer.tile:
            self.find(K.ILLEGAL_ACTION, f"seat {w.who}'s win on {self.tile_label(w.win_tile)} from seat {w.from_who} "
                      f"is not on the tile the play offers ({self.tile_label(offer.tile)} of seat {offer.seat})")
            return None
        self._priority(w.who, "win")
        return offer

    def shown(self, kind: int, but: int) -> int:
        """Copies of ``kind`` shown on the table (rivers, claimed sets; not concealed kongs), tile ``but`` apart."""
        count = sum(1 for river in self.river for t in river if t // 4 == kind and t != but)
        for melds in self.melds:
            for m in melds:
                if m.kind is not CallKind.ANKAN:
                    count += sum(1 for t in m.tiles if t // 4 == kind and t != but)
        return count

    def meld_of(self, call: Call) -> Meld:
        kind: MeldKind = "chow" if call.kind is CallKind.CHI else "pung" if call.kind is CallKind.PON else "kong"
        concealed, added = call.kind is CallKind.ANKAN, call.kind is CallKind.KAKAN
        return Meld(kind, tuple(call.tiles), concealed, added)
