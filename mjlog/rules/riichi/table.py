"""One hand replayed: an omniscient table state and one method per event kind.

Every check is an invariant in domain words; a broken one becomes a
:class:`~mjlog.findings.Finding` and the replay goes on from what the log
records. Wins and draws are settled in :mod:`mjlog.rules.riichi.outcome`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

from mjlog.accel import deal_matches as _deal_matches, run_quiet as _run_quiet
from mjlog.findings import Finding, FindingKind
from mjlog.ir import (
    Call,
    CallKind,
    Discard,
    Disconnect,
    Draw,
    Event,
    Reconnect,
    Round,
    Ryuukyoku,
    Win,
)
from mjlog.rules.riichi.events import KITA
from mjlog.rules.riichi.events import NewDora, RiichiAccepted, RiichiDeclared
from mjlog.rules.base_table import BaseTable, AFTER_DISCARD, DISCARD, DRAW, REPLACEMENT, empty_lists
from mjlog.rules.riichi.hands import is_tenpai, swap_call_banned_kinds, waits
from mjlog.rules.results import HandStopped
from mjlog.rules.riichi.ruleset import RuleSet
from mjlog.tiles import N_TILES, SANMA_TILES, tile_name
from mjlog.rules.common.wall import Wall

K = FindingKind
DEAD_WALL = 14
_THIRTEEN = frozenset({13})   # the lengths of a start's hands, each of thirteen tiles


class WallExhausted(HandStopped):
    """A hand draws more tiles than its wall holds: reported once, and its replay stops there."""


class RiichiTable(BaseTable):
    """The riichi table during one hand: besides what every table holds, calls, riichi, dora,
    the live wall's count, sticks and honba."""

    # Slotted: these are more fields than a shared-key instance dict holds (30), so each lookup was a
    # dict probe (the whole-CLI audit of the 722 Phoenix files, no .pyc: 9,356 M instructions, 9,203 M slotted).
    __slots__ = ("sticks", "honba", "dealer", "melds", "kita", "called_away", "passed", "last_own_discard",
                 "last_draw", "riichi_declared", "riichi_discard_pending", "riichi_at", "riichi_accepted",
                 "double_riichi", "ippatsu", "ippatsu_before_robbable", "deposits", "uninterrupted",
                 "discards_made", "live_draws", "replacements", "need_replacement", "last_was_replacement",
                 "last_discard", "last_kakan", "last_kita", "replacement_for_kita", "banned", "dora",
                 "pending_dora", "kans", "calls_open", "seen", "limit_fu_unrecorded", "nagashi_tenpai_unrecorded",
                 "win_value_unrecorded", "live_base", "live_tiles")

    def __init__(self, rnd: Round, rules: RuleSet, scores: tuple[int, ...], wall: Wall | None,
                 source: str | None, findings: list[Finding]) -> None:
        BaseTable.__init__(self, rnd, rules, wall, source, findings, scores)
        n = self.n
        self.sticks = rnd.sticks
        self.honba = rnd.honba
        self.dealer = rnd.dealer
        self.melds: list[list[Call]] = empty_lists(n)
        self.kita: list[list[Call]] = empty_lists(n)
        self.called_away = [0] * n
        self.passed: list[tuple[int, int, int]] = []   # (event index, seat, kind) of tiles others could win on
        self.last_own_discard = [-1] * n               # event index of each seat's last discard
        self.last_draw: list[int | None] = [None] * n
        self.riichi_declared: int | None = None        # seat between REACH step 1 and its discard
        self.riichi_discard_pending: int | None = None  # seat whose riichi tile waits for step 2
        self.riichi_at = [-1] * n                      # event index of the riichi discard (-1: none)
        self.riichi_accepted = [False] * n
        self.double_riichi = [False] * n
        self.ippatsu = [False] * n
        self.ippatsu_before_robbable = [False] * n
        self.deposits = [0] * n
        self.uninterrupted = True                      # no call yet this hand
        self.discards_made = [0] * n
        self.live_draws = 0
        self.replacements = 0
        self.need_replacement: int | None = None      # seat owed a replacement draw
        self.last_was_replacement = False
        self.last_discard: tuple[int, int] | None = None   # (seat, tile) open to calls and ron
        self.last_kakan: tuple[int, int] | None = None     # (seat, added tile): chankan window
        self.last_kita: tuple[int, int] | None = None      # (seat, tile): ron on kita window
        self.replacement_for_kita = False                  # the last replacement was a kita's (not a kan's)
        self.banned: frozenset[int] = frozenset()
        self.dora: list[int] = [cast(int, rnd.dora_indicator)]  # a riichi hand always has its indicator
        self.pending_dora: list[bool] = []            # per unrevealed kan dora: still exempt for its replacement draw
        self.kans: list[int] = []                     # seats that made each kan
        self.calls_open = [0] * n
        self.seen: set[int] = set()
        self.limit_fu_unrecorded = False        # set from GameLog.unrecorded
        self.nagashi_tenpai_unrecorded = False
        self.win_value_unrecorded = False       # mjai: a win records only its score changes
        self.live_base = (N_TILES if n == 4 else len(SANMA_TILES)) - 13 * n - DEAD_WALL
        self.live_tiles: tuple[int, ...] = wall.live_draws if wall is not None else ()
        self._check_start()

    def tile_label(self, tile: int) -> str:
        return _tile(tile)

    # -- start ------------------------------------------------------------------------------

    def _check_start(self) -> None:
        r = self.r
        seen = set().union(*r.hands)
        if len(seen) == 13 * self.n and len(r.hands) == self.n and set(map(len, r.hands)) == _THIRTEEN:
            self.seen = seen  # thirteen tiles each, no id twice: nothing to report hand by hand
        else:
            self._check_start_hands()
        if self.wall is None:
            return
        self._check_start_wall()

    def _check_start_hands(self) -> None:
        for seat, hand in enumerate(self.r.hands):
            if len(hand) != 13:
                self.find(K.ILLEGAL_ACTION, f"seat {seat} starts with {len(hand)} tiles, not 13", len(hand), 13)
            if self.seen.isdisjoint(hand) and len(set(hand)) == len(hand):
                self.seen.update(hand)
            else:  # an id twice in this hand, or one an earlier seat holds: each reported
                for t in hand:
                    self._see(t, f"in seat {seat}'s starting hand")

    def _check_start_wall(self) -> None:
        r, w = self.r, self.wall
        assert w is not None
        if tuple(r.dice) != w.dice:
            self.find(K.WALL, "dice differ from the seed's", r.dice, w.dice)
        if r.dora_indicator != w.dora_indicator(0):
            self.find(K.WALL, "first dora indicator differs from the seed's wall",
                      tile_name(cast(int, r.dora_indicator)), tile_name(w.dora_indicator(0)))
        if _deal_matches is not None and _deal_matches(w.yama, r.dealer, r.hands):
            return  # (None when it cannot tell: the loop below decides)
        for seat, (got, want) in enumerate(zip(r.hands, w.starting_hands(r.dealer))):
            # self.hands holds each start hand as a set (no event has run yet); the wall's ids are distinct
            if len(got) != len(want) or self.hands[seat] != set(want):
                self.find(K.WALL, f"seat {seat}'s starting hand differs from the seed's wall",
                          ",".join(map(str, sorted(got))), ",".join(map(str, sorted(want))))

    def _see(self, tile: int, where: str) -> None:
        if tile in self.seen:
            self.find(K.ILLEGAL_ACTION, f"tile id {tile} ({tile_name(tile)}) appears twice, again {where}")
        self.seen.add(tile)

    # -- events -----------------------------------------------------------------------------

    def live_limit(self) -> int:
        """How many live draws this hand allows, given the replacement draws so far."""
        return self.live_base - self.replacements

    def _draw(self, ev: Draw) -> None:
        seat, tile = ev.seat, ev.tile
        if self.pending_dora:
            self._dora_due(on_draw=True)
        replacement = self.need_replacement is not None
        expected: int | None
        if replacement:
            if seat != self.need_replacement:
                self.find(K.ILLEGAL_ACTION, f"seat {seat} draws, but seat {self.need_replacement} is owed a replacement tile")
            wall = self.wall
            expected = wall.replacement(self.replacements) if wall and self.replacements < wall.max_replacements else None
            self.replacements += 1
            self.need_replacement = None
        else:
            if seat != self.actor or (self.phase != AFTER_DISCARD and self.phase != DRAW):
                if self.phase != DRAW and self.phase != AFTER_DISCARD:
                    self.find(K.ILLEGAL_ACTION, f"seat {seat} draws while seat {self.actor} has to discard")
                else:
                    self.find(K.ILLEGAL_ACTION, f"seat {seat} draws out of turn (seat {self.actor} is next)", seat, self.actor)
            i = self.live_draws
            if i >= self.live_base - self.replacements:
                self.find(K.ILLEGAL_ACTION, "a draw after the live wall is empty; the replay stops here")
                raise WallExhausted  # no hand goes on past its wall: the work per hand stays bounded
            expected = self.live_tiles[i] if i < len(self.live_tiles) else None
            self.live_draws = i + 1
            if self.riichi_discard_pending is not None:
                self._close_riichi_window()
        if expected is not None and expected != tile:
            what = "replacement tile" if replacement else f"live draw {self.live_draws}"
            self.find(K.WALL, f"seat {seat}'s {what} differs from the seed's wall", _tile(tile), _tile(expected))
        seen = self.seen
        if tile in seen:
            self._see(tile, f"drawn by seat {seat}")
        seen.add(tile)
        self.hands[seat].add(tile)
        self.last_draw[seat] = tile
        self.last_was_replacement = replacement
        self.actor = seat
        self.phase = DISCARD
        self.last_discard = self.last_kakan = self.last_kita = None
        if self.banned:
            self.banned = frozenset()

    def _discard(self, ev: Discard) -> None:
        seat, tile = ev.seat, ev.tile
        if self.pending_dora:
            self._dora_due(on_draw=False)
        if self.phase != DISCARD or seat != self.actor:
            if seat != self.actor:
                self.find(K.ILLEGAL_ACTION, f"seat {seat} discards out of turn", seat, self.actor)
            else:
                self.find(K.ILLEGAL_ACTION, f"seat {seat} discards before drawing or calling")
        hand = self.hands[seat]
        if tile in hand:
            hand.discard(tile)
        else:
            self.find(K.ILLEGAL_ACTION, f"discard of {tile_name(tile)} that seat {seat} does not hold")
        kind = tile >> 2
        if self.banned and kind in self.banned and seat == self.actor:
            self.find(K.ILLEGAL_ACTION, f"seat {seat} swap-calls: discards {tile_name(tile)} right after calling it")
        declaring = self.riichi_declared == seat
        if self.riichi_accepted[seat]:
            if not declaring and tile != self.last_draw[seat]:
                self.find(K.ILLEGAL_ACTION, f"seat {seat} in riichi discards {tile_name(tile)}, not the tile it drew")
            if self.ippatsu[seat] and not declaring:
                self.ippatsu[seat] = False
        if declaring:
            self._riichi_discard(seat)
        self.river[seat].append(tile)
        self.discards_made[seat] += 1
        i = self.event_index or 0
        self.last_own_discard[seat] = i
        self.passed.append((i, seat, kind))
        self.last_draw[seat] = None
        self.last_discard = (seat, tile)
        self.last_kakan = self.last_kita = None
        if self.banned:
            self.banned = frozenset()
        self.actor = (seat + 1) % self.n
        self.phase = AFTER_DISCARD

    def _riichi_discard(self, seat: int) -> None:
        self.riichi_declared = None
        if not self.tenpai(seat):  # copies in the seat's own closed kans do not kill a wait (rule 25)
            self.find(K.ILLEGAL_ACTION, f"seat {seat} declares riichi without being tenpai")
        self.riichi_at[seat] = self.event_index or 0
        self.riichi_discard_pending = seat
        if self.uninterrupted and self.discards_made[seat] == 0:
            self.double_riichi[seat] = True

    def _close_riichi_window(self) -> None:
        """The riichi tile passed without a ron: the riichi stands (step 2 must have come)."""
        seat = self.riichi_discard_pending
        if seat is not None:
            self.riichi_discard_pending = None
            if not self.riichi_accepted[seat]:
                self.find(K.ILLEGAL_ACTION, f"seat {seat}'s riichi tile passed but no deposit was taken")
                self._accept(seat)

    def _riichi_declared(self, ev: RiichiDeclared) -> None:
        seat = ev.seat
        if self.phase != DISCARD or seat != self.actor:
            self.find(K.ILLEGAL_ACTION, f"seat {seat} declares riichi out of turn")
        if self.riichi_accepted[seat]:
            self.find(K.ILLEGAL_ACTION, f"seat {seat} declares riichi twice")
        if any(m.kind is not CallKind.ANKAN for m in self.melds[seat]):
            self.find(K.ILLEGAL_ACTION, f"seat {seat} declares riichi with an open hand")
        if self.scores[seat] < self.rules.riichi_deposit:
            self.find(K.ILLEGAL_ACTION, f"seat {seat} declares riichi with {self.scores[seat]} points",
                      self.scores[seat], f">= {self.rules.riichi_deposit}")
        if self.live_limit() - self.live_draws < self.n:
            self.find(K.ILLEGAL_ACTION, f"seat {seat} declares riichi with fewer than {self.n} tiles left in the wall")
        self.riichi_declared = seat

    def _riichi_accepted(self, ev: RiichiAccepted) -> None:
        seat = ev.seat
        if self.riichi_discard_pending != seat:
            self.find(K.ILLEGAL_ACTION, f"seat {seat}'s riichi deposit without a riichi discard before it")
            if self.riichi_accepted[seat]:
                return
        self.riichi_discard_pending = None
        self._accept(seat)
        if ev.scores is not None and tuple(ev.scores) != tuple(self.scores):
            self.find(K.PAYMENT, f"scores after seat {seat}'s riichi deposit", _fmt(ev.scores), _fmt(self.scores))
            self.scores = list(ev.scores)
            self.derived_scores = list(ev.scores)

    def _accept(self, seat: int) -> None:
        self.riichi_accepted[seat] = True
        self.ippatsu[seat] = True
        self.scores[seat] -= self.rules.riichi_deposit
        self.derived_scores[seat] -= self.rules.riichi_deposit
        self.deposits[seat] += self.rules.riichi_deposit
        self.sticks += 1

    def _new_dora(self, ev: NewDora) -> None:
        if not self.pending_dora:
            self.find(K.ILLEGAL_ACTION, f"a new dora indicator {tile_name(ev.tile)} with no kan waiting for one")
        else:
            self.pending_dora.pop(0)
        k = len(self.dora)
        if self.wall is not None and k < 5:
            want = self.wall.dora_indicator(k)
            if want != ev.tile:
                self.find(K.WALL, f"kan dora indicator {k} differs from the seed's wall", tile_name(ev.tile), tile_name(want))
        self.dora.append(ev.tile)

    def _dora_due(self, on_draw: bool) -> None:
        """A kan's dora must be shown before the next draw (after its own replacement) or discard."""
        if not self.pending_dora:
            return
        if on_draw and self.pending_dora[-1]:
            self.pending_dora[-1] = False   # a minkan's own replacement draw comes before its dora
            if len(self.pending_dora) == 1:
                return
        missing = sum(1 for exempt in self.pending_dora if not exempt)
        if missing:
            self.find(K.ILLEGAL_ACTION, f"{missing} kan dora indicator(s) not revealed when due")
            self.pending_dora = [e for e in self.pending_dora if e]
            if self.wall is not None:
                for _ in range(missing):
                    if len(self.dora) < 5:
                        self.dora.append(self.wall.dora_indicator(len(self.dora)))

    def _call(self, ev: Call) -> None:
        if ev.kind in (CallKind.CHI, CallKind.PON, CallKind.DAIMINKAN):
            self._call_discard(ev)
        else:
            self._call_self(ev)

    def _call_discard(self, ev: Call) -> None:
        seat = ev.seat
        self._close_riichi_window()
        if self.last_discard is None or self.phase != AFTER_DISCARD:
            self.find(K.ILLEGAL_ACTION, f"seat {seat} calls {ev.kind.value} with no discard to call")
        else:
            frm, tile = self.last_discard
            if ev.called != tile or ev.from_seat != frm:
                self.find(K.ILLEGAL_ACTION, f"seat {seat} calls {ev.kind.value} on a tile that is not the last discard",
                          f"{tile_name(ev.called or 0)} from seat {ev.from_seat}", f"{tile_name(tile)} from seat {frm}")
            if frm == seat:
                self.find(K.ILLEGAL_ACTION, f"seat {seat} calls its own discard")
        if ev.kind is CallKind.CHI:
            if self.n == 3:
                self.find(K.ILLEGAL_ACTION, "chi in three-player mahjong")
            elif ev.from_seat != (seat - 1) % self.n:
                self.find(K.ILLEGAL_ACTION, f"seat {seat} calls chi from seat {ev.from_seat}, not from the left")
        if self.riichi_accepted[seat]:
            self.find(K.ILLEGAL_ACTION, f"seat {seat} calls {ev.kind.value} while in riichi")
        if self.live_draws >= self.live_limit():
            self.find(K.ILLEGAL_ACTION, f"seat {seat} calls the last discard of the hand")
        if self.last_discard is not None:
            self.called_away[self.last_discard[0]] += 1
        own = [t for t in ev.tiles if t != ev.called]
        self.take(seat, own, ev.kind.value)
        self.melds[seat].append(ev)
        self.calls_open[seat] += 1
        self._interrupt()
        self.last_discard = None
        self.actor = seat
        if ev.kind is CallKind.DAIMINKAN:
            self._kan(seat, exempt=True)
        else:
            self.phase = DISCARD
            self.banned = swap_call_banned_kinds(ev)
            self.last_draw[seat] = None

    def _call_self(self, ev: Call) -> None:
        seat = ev.seat
        if self.phase != DISCARD or seat != self.actor:
            self.find(K.ILLEGAL_ACTION, f"seat {seat} declares {ev.kind.value} out of turn")
        if ev.kind is KITA:
            if self.n != 3:
                self.find(K.ILLEGAL_ACTION, "kita in four-player mahjong")
            elif not self.rules.nukidora:
                self.find(K.ILLEGAL_ACTION, f"seat {seat} sets a North aside (kita) under north={self.rules.north} "
                          "(only north=nukidora sets North aside)")
            elif self._right_after_pon(seat) and not self.rules.kita_after_pon:
                self.find(K.ILLEGAL_ACTION, f"seat {seat} sets a North aside (kita) right after a pon, "
                          "before its discard (the rules allow it only after a draw)")
            self.take(seat, ev.tiles, "kita")
            self.kita[seat].append(ev)
            self.ippatsu_before_robbable = list(self.ippatsu)  # a ron on the kita tile keeps ippatsu
            self._interrupt()  # on Tenhou a kita ends ippatsu and the uninterrupted first go-around
            self.last_kita = (seat, ev.tiles[0])
            self.passed.append((self.event_index or 0, seat, ev.tiles[0] >> 2))
            self.need_replacement = seat
            self.replacement_for_kita = True
            self.phase = REPLACEMENT
            return
        if ev.kind is CallKind.ANKAN:
            before = waits(self.counts(seat, without=ev.tiles[0] if self.riichi_accepted[seat] else None))
            self.take(seat, ev.tiles, "a closed kan")
            if self.riichi_accepted[seat]:
                if self.last_draw[seat] not in ev.tiles:
                    self.find(K.ILLEGAL_ACTION, f"seat {seat} in riichi makes a closed kan without the tile it drew")
                if waits(self.counts(seat)) != before:
                    self.find(K.ILLEGAL_ACTION, f"seat {seat} in riichi makes a closed kan that changes its waits")
            self.melds[seat].append(ev)
            self._interrupt()
            self._kan(seat, exempt=False)
            return
        # kakan: a pon of the kind becomes a kan
        pon = next((m for m in self.melds[seat] if m.kind is CallKind.PON and m.tiles[0] >> 2 == ev.tiles[0] >> 2), None)
        if pon is None:
            self.find(K.ILLEGAL_ACTION, f"seat {seat} adds to a kan without a pon of {tile_name(ev.tiles[0])}")
        else:
            self.melds[seat][self.melds[seat].index(pon)] = ev
        if self.riichi_accepted[seat]:
            self.find(K.ILLEGAL_ACTION, f"seat {seat} makes an added kan while in riichi")
        self.take(seat, [ev.added] if ev.added is not None else [], "an added kan")
        self.last_kakan = (seat, ev.added if ev.added is not None else ev.tiles[-1])
        self.passed.append((self.event_index or 0, seat, ev.tiles[0] >> 2))
        self.ippatsu_before_robbable = list(self.ippatsu)  # robbing the kan (chankan) keeps ippatsu
        self._interrupt()
        self._kan(seat, exempt=True)

    def _right_after_pon(self, seat: int) -> bool:
        """The seat's last move was a pon: it is to discard and has drawn nothing since (a call clears its last draw)."""
        melds = self.melds[seat]
        return (self.phase == DISCARD and seat == self.actor and self.last_draw[seat] is None
                and bool(melds) and melds[-1].kind is CallKind.PON)

    def _kan(self, seat: int, exempt: bool) -> None:
        # an earlier minkan's dora, still pending, comes right after this kan
        if self.pending_dora:
            self.pending_dora = [False] * len(self.pending_dora)
        if len(self.kans) >= 4:  # four by one player do not abort, but no one may make a fifth (rule 16)
            self.find(K.ILLEGAL_ACTION, f"seat {seat} makes a fifth kan (no kan is allowed once four are made)")
        self.kans.append(seat)
        if len(self.kans) <= 4:
            self.pending_dora.append(exempt)
        self.need_replacement = seat
        self.replacement_for_kita = False
        self.phase = REPLACEMENT

    def _interrupt(self) -> None:
        self.uninterrupted = False
        self.ippatsu[:] = [False] * self.n

    # -- views ------------------------------------------------------------------------------

    def counts(self, seat: int, without: int | None = None) -> list[int]:
        c = [0] * 34
        for t in self.hands[seat]:
            c[t >> 2] += 1
        if without is not None:
            c[without >> 2] -= 1
        return c

    def tenpai(self, seat: int) -> bool:
        """Tenpai as Tenhou counts it at a draw (rule 22): only copies in the concealed hand kill a wait."""
        return is_tenpai(self.counts(seat))


def _tile(t: int) -> str:
    """A tile with its id, so copies of one kind can be told apart: ``4z (id 123)``."""
    return f"{tile_name(t)} (id {t})"


def _fmt(values) -> str:
    return ",".join(str(v) for v in values)


def _ignore(state: RiichiTable, ev: Event) -> None:
    return None


_HANDLERS: dict[type, Callable[[RiichiTable, Any], None]] = {  # each takes its own class's events
    Draw: RiichiTable._draw,
    Discard: RiichiTable._discard,
    Call: RiichiTable._call,
    RiichiDeclared: RiichiTable._riichi_declared,
    RiichiAccepted: RiichiTable._riichi_accepted,
    NewDora: RiichiTable._new_dora,
    Disconnect: _ignore,
    Reconnect: _ignore,
}
RiichiTable.handlers = _HANDLERS  # BaseTable.play by these methods alone (riichi's play() adds the fast path)


@dataclass(frozen=True, slots=True)
class QuietEvents:
    """The event classes and call kinds ``run_quiet`` takes, by name."""

    draw: type = Draw
    discard: type = Discard
    call: type = Call
    chi: CallKind = CallKind.CHI
    pon: CallKind = CallKind.PON
    riichi_declared: type = RiichiDeclared
    riichi_accepted: type = RiichiAccepted


_QUIET_EVENTS = QuietEvents()

#: With the compiled helper built, runs of ordinary draws and discards, and the chi, pon and
#: riichi steps among them, go to ``mjlog._speedups.run_quiet``: the C twin of the event methods
#: where they find nothing to report (``tests/replayer/test_replay_fast_path.py`` compares the two). It
#: reads and writes the table's attributes by name. False: every event by its method.
COMPILED = _run_quiet is not None


def play(st: RiichiTable, events, on_outcome: Callable[[RiichiTable, int, Event], None]) -> None:
    """Apply ``events`` to ``st`` in order; outcome events (wins, draws) go to ``on_outcome``."""
    if not COMPILED:
        for i, ev in enumerate(events):
            _apply(st, i, ev, on_outcome)
        return
    # The type is quoted so that no Callable[...] alias is built per hand (with wall.py: 7 M of 636 M
    # instructions in an audit of 60 games).
    run, kinds = cast("Callable[..., int]", _run_quiet), _QUIET_EVENTS  # not None: COMPILED
    i, n_events = 0, len(events)
    while i < n_events:
        i = run(st, events, i, kinds)  # the quiet run from i (none when the table is not quiet)
        if i < n_events:
            _apply(st, i, events[i], on_outcome)
            i += 1


def _apply(st: RiichiTable, i: int, ev: Event, on_outcome: Callable[[RiichiTable, int, Event], None]) -> None:
    """One event by its method (or, for a win or draw, by ``on_outcome``)."""
    st.event_index = i
    t = type(ev)
    handler = _HANDLERS.get(t)
    if handler is not None:
        handler(st, ev)
    elif t is Win or t is Ryuukyoku:
        on_outcome(st, i, ev)
