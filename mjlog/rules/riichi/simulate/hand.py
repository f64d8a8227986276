"""One hand played from its wall to its result, written as Tenhou's XML tags.

The table follows Tenhou's procedure (reference §4, §10): the deal, live draws,
replacement tiles and dora/ura indicators all come from the hand's
:class:`~mjlog.rules.common.wall.Wall`; REACH step 1 precedes the riichi discard and step 2
follows it once no one rons; an ankan's DORA comes right after its ``N``; double
ron gives two AGARI (honba and sticks to the winner nearest the discarder),
triple ron aborts (``ron3``). Furiten is kept conservatively: a seat whose
waits include a tile it let pass is furiten until its next discard (for the
rest of the hand in riichi), whether or not it had a yaku.

Simplifications (all legal play): bots call pon and chi and make only closed
kans (no open or added kans), at most three kans per hand (so no four-kan
abort), and no kan or kita once the live wall is empty.
"""

from __future__ import annotations

from dataclasses import dataclass

from mjlog.errors import InvalidHandError
from mjlog.rules.riichi.call_codes import encode_call
from mjlog.ir import Call, CallKind
from mjlog.rules.riichi.events import KITA
from mjlog.rules.riichi.hands import is_nagashi, swap_call_banned_kinds, waits, yaochuu_kinds
from mjlog.rules.riichi.context import WinContext
from mjlog.rules.riichi.scorer import HandValue, score
from mjlog.rules.riichi.ruleset import RuleSet
from mjlog.rules.riichi.settlement import nagashi_deltas, noten_deltas, pao_seat, win_deltas
from mjlog.rules.riichi.simulate import tags
from mjlog.rules.riichi.simulate.bots import Bot
from mjlog.rules.riichi.variants import short_of_minimum
from mjlog.rules.common.shanten import shanten
from mjlog.tiles import DRAGON_KINDS, EAST, NORTH, RED_FIVES, WIND_KINDS
from mjlog.rules.common.wall import Wall

MAX_KANS = 3
_DRAGONS = frozenset(DRAGON_KINDS)
_WINDS = frozenset(WIND_KINDS)


def _simple(kind: int) -> bool:
    return kind < 27 and kind % 9 not in (0, 8)


@dataclass(frozen=True, slots=True)
class WinIncome:
    """What one win brought its winner: the hand's payments and honba, riichi sticks not counted."""

    seat: int
    tsumo: bool
    points: int


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """What the game loop needs from a finished hand (and what an experiment counts of it)."""

    dealer_won: bool
    any_win: bool
    sticks: int                     # riichi sticks on the table after the hand
    scores: tuple[int, ...]
    wins: int = 0
    abortive: bool = False
    dealer_tenpai: bool = False
    riichi: tuple[int, ...] = ()    # seats that declared riichi
    win_points: tuple[int, ...] = ()
    exhaustive: bool = False
    dealer: int = 0
    incomes: tuple[WinIncome, ...] = ()     # one per win, in AGARI order


class _HandOver(Exception):
    """Raised inside the turn loop once the hand has its result."""

    def __init__(self, outcome: HandOutcome) -> None:
        self.outcome = outcome


class HandPlay:
    """The table during one hand; :meth:`play` appends its tags to ``out``."""

    def __init__(self, rules: RuleSet, wall: Wall, kyoku: int, honba: int, sticks: int,
                 scores: tuple[int, ...], bot: Bot, out: list[str], policy: RuleSet | None = None) -> None:
        n = rules.players
        self.rules = rules
        self.policy = rules if policy is None else policy   # the rules the bots value a hand under
        self.n = n
        self.wall = wall
        self.kyoku = kyoku
        self.dealer = kyoku % 4
        self.round_wind = kyoku // 4
        self.honba = honba
        self.sticks = sticks
        self.scores = list(scores)
        self.bot = bot
        self.out = out
        deal = wall.starting_hands(self.dealer)
        self.deal = deal
        self.hand: list[list[int]] = [list(h) for h in deal]
        self.counts: list[list[int]] = []
        for h in self.hand:
            c = [0] * 34
            for t in h:
                c[t >> 2] += 1
            self.counts.append(c)
        self.melds: list[list[Call]] = [[] for _ in range(n)]     # pon and ankan
        self.calls: list[list[Call]] = [[] for _ in range(n)]     # every N in order, kita included
        self.kita: list[list[Call]] = [[] for _ in range(n)]
        self.river: list[list[int]] = [[] for _ in range(n)]
        self.discarded: list[set[int]] = [set() for _ in range(n)]
        self.called_away = [0] * n
        self.riichi = [False] * n          # riichi discard made (step 1 done)
        self.declared: list[int] = []
        self.double_riichi = [False] * n
        self.ippatsu = [False] * n
        self.riichi_furiten = [False] * n
        self.temp_furiten = [False] * n
        self.safe: list[set[int]] = [set() for _ in range(n)]  # genbutsu against each seat's riichi
        self.clean = True                  # no call or kan yet (first go-around rules)
        self.discards_made = [0] * n
        self.first_discards: list[int] = []
        self.live = 0
        self.repl = 0
        self.dora_count = 1
        self.kans = 0
        self.seen = [0] * 34
        self.seen[wall.dora_indicator(0) >> 2] += 1
        self._waits: list[tuple[int, ...] | None] = [None] * n
        self.wins = 0
        self.win_points: list[int] = []
        self.incomes: list[WinIncome] = []

    # -- views for the bots -----------------------------------------------------------------

    def n_sets(self, seat: int) -> int:
        return len(self.melds[seat])

    def closed(self, seat: int) -> bool:
        return all(m.kind is CallKind.ANKAN for m in self.melds[seat])

    def has_value_set(self, seat: int) -> bool:
        """A value-honour pon, or a value-honour triplet in hand: the hand has a yaku when done."""
        value = self.yakuhai(seat)
        return (any(m.tiles[0] >> 2 in value for m in self.melds[seat] if m.kind is not CallKind.CHI)
                or any(self.counts[seat][k] >= 3 for k in value))

    def simples_only_melds(self, seat: int) -> bool:
        return all(_simple(t >> 2) for m in self.melds[seat] for t in m.tiles)

    def needs_tanyao(self, seat: int) -> bool:
        """An open hand whose only yaku can be tanyao."""
        return not self.closed(seat) and not self.has_value_set(seat)

    def dama_points(self, seat: int, tile: int) -> int | None:
        """The smallest ron value over the waits after discarding ``tile`` without riichi, or None
        when some wait has no yaku."""
        self._remove(seat, tile)
        try:
            kinds = waits(self.counts[seat])
            least = None
            for kind in kinds:
                win = next((kind * 4 + c for c in range(4) if kind * 4 + c not in self.hand[seat]), None)
                if win is None:
                    continue
                self._add(seat, win)
                try:
                    value = self._value(seat, win, tsumo=False, rules=self.policy)
                finally:
                    self._remove(seat, win)
                if value is None:
                    return None
                least = value.points if least is None else min(least, value.points)
            return least
        finally:
            self._add(seat, tile)

    def unseen(self, seat: int, kind: int) -> int:
        return max(0, 4 - self.seen[kind] - self.counts[seat][kind])

    def live_left(self) -> int:
        return self.wall.live_draw_count(self.repl) - self.live

    def threats(self, seat: int) -> list[int]:
        return [s for s in self.declared if s != seat]

    def seat_wind(self, seat: int) -> int:
        return (seat - self.dealer) % self.n

    def yakuhai(self, seat: int) -> frozenset[int]:
        """The honour kinds whose set is a yaku for ``seat``: the dragons, the round and seat winds, and
        North under ``north=yakuhai``."""
        value = _DRAGONS | {EAST + self.round_wind, EAST + self.seat_wind(seat)}
        return value | {NORTH} if self.rules.north_is_value else value

    def pick_copy(self, seat: int, kind: int, drawn: int | None) -> int:
        """The copy of ``kind`` to discard: the drawn tile, else a non-red copy."""
        if drawn is not None and drawn >> 2 == kind and not (self.rules.red_fives and drawn in RED_FIVES):
            return drawn
        copies = [t for t in self.hand[seat] if t >> 2 == kind]
        plain = [t for t in copies if not (self.rules.red_fives and t in RED_FIVES)]
        return max(plain) if plain else copies[0]

    # -- tile bookkeeping -------------------------------------------------------------------

    def _add(self, seat: int, tile: int) -> None:
        self.hand[seat].append(tile)
        self.counts[seat][tile >> 2] += 1
        self._waits[seat] = None

    def _remove(self, seat: int, tile: int) -> None:
        self.hand[seat].remove(tile)
        self.counts[seat][tile >> 2] -= 1
        self._waits[seat] = None

    def waits_of(self, seat: int) -> tuple[int, ...]:
        """Kinds completing the seat's 3k+1 hand (shape only, for ron and furiten)."""
        w = self._waits[seat]
        if w is None:
            c = self.counts[seat]
            w = waits(c) if shanten(c, self.n_sets(seat)) == 0 else ()
            self._waits[seat] = w
        return w

    def _emit(self, tag: str) -> None:
        self.out.append(tag)

    # -- the hand ---------------------------------------------------------------------------

    def play(self) -> HandOutcome:
        self._emit(tags.init_tag(self.kyoku, self.honba, self.sticks, self.wall.dice,
                                 self.wall.dora_indicator(0), self.scores, self.dealer, self.deal))
        try:
            self._loop()
        except _HandOver as done:
            return done.outcome
        raise AssertionError("the hand loop ended without a result")

    def _loop(self) -> None:
        seat = self.dealer
        while True:
            if self.live_left() <= 0:
                self._exhaustive()
            tile = self.wall.live_draw(self.live)
            self.live += 1
            self._draw(seat, tile)
            drawn = self._self_actions(seat, tile, replacement=False)
            discard, riichi = self.bot.choose_discard(self, seat, drawn, frozenset())
            seat = self._discard_round(seat, discard, riichi)

    def _draw(self, seat: int, tile: int) -> None:
        self._emit(f"<{tags.DRAW_TAGS[seat]}{tile}/>")
        self._add(seat, tile)

    def _self_actions(self, seat: int, drawn: int, replacement: bool) -> int:
        """Tsumo, nine terminals, kita and closed kans after a draw; returns the last drawn tile."""
        first = not replacement and self.clean and self.discards_made[seat] == 0
        after_kita = False
        while True:
            if shanten(self.counts[seat], self.n_sets(seat)) == -1:
                value = self._value(seat, drawn, tsumo=True, rinshan=replacement,
                                    haitei=not replacement and self.live_left() == 0, first=first,
                                    after_kita=after_kita)
                if value is not None:
                    self._wins([(seat, seat, drawn, value)])
            if first and self.rules.abortive_draws and yaochuu_kinds(self.counts[seat]) >= 9:
                if self.bot.wants_nine_terminals(self.counts[seat]):
                    self._abort("yao9", {seat: list(self.hand[seat])})
            first = False
            if self.live_left() <= 0:
                return drawn
            can_kita = self.n == 3 and self.rules.nukidora and self.repl < self.wall.max_replacements
            if can_kita and self.counts[seat][NORTH]:
                north = drawn if drawn >> 2 == NORTH else next(t for t in self.hand[seat] if t >> 2 == NORTH)
                if not self.riichi[seat] or north == drawn:
                    drawn = self._kita(seat, north)
                    replacement = after_kita = True
                    continue
            if self.kans < MAX_KANS and self.repl < self.wall.max_replacements:
                kind = self.bot.wants_ankan(self, seat, drawn)
                if kind is not None and not self._kokushi_waiting(seat, kind):
                    drawn = self._ankan(seat, kind)
                    replacement, after_kita = True, False
                    continue
            return drawn

    def _kokushi_waiting(self, seat: int, kind: int) -> bool:
        """Whether another seat could rob this closed kan with thirteen orphans."""
        return any(s != seat and self.n_sets(s) == 0 and kind in self.waits_of(s)
                   and sum(1 for k in range(34) if self.counts[s][k]) >= 12 for s in range(self.n))

    def _replacement(self, seat: int) -> int:
        tile = self.wall.replacement(self.repl)
        self.repl += 1
        self._draw(seat, tile)
        return tile

    def _kita(self, seat: int, north: int) -> int:
        self._remove(seat, north)
        call = Call(seat, KITA, (north,))
        self.kita[seat].append(call)
        self.calls[seat].append(call)
        self.seen[NORTH] += 1
        self._emit(tags.call_tag(seat, encode_call(call)))
        self._ron_check(seat, north, kita=True)
        self._interrupt()   # on Tenhou a kita ends ippatsu and the first go-around (a ron on it keeps ippatsu)
        return self._replacement(seat)

    def _ankan(self, seat: int, kind: int) -> int:
        tiles = [t for t in self.hand[seat] if t >> 2 == kind]
        for t in tiles:
            self._remove(seat, t)
        call = Call(seat, CallKind.ANKAN, tuple(sorted(tiles)))
        self.melds[seat].append(call)
        self.calls[seat].append(call)
        self.seen[kind] += 4
        self.kans += 1
        self._interrupt()
        self._emit(tags.call_tag(seat, encode_call(call)))
        indicator = self.wall.dora_indicator(self.dora_count)
        self.dora_count += 1
        self.seen[indicator >> 2] += 1
        self._emit(tags.dora_tag(indicator))
        return self._replacement(seat)

    def _interrupt(self) -> None:
        self.clean = False
        self.ippatsu = [False] * self.n

    def _discard_round(self, seat: int, tile: int, riichi: bool) -> int:
        """A discard and what follows it; returns the next seat to draw."""
        while True:
            if riichi:
                self._emit(tags.reach1_tag(seat))
                self.declared.append(seat)
            self._discard(seat, tile, riichi)
            self._ron_check(seat, tile, kita=False)
            if riichi:
                self._accept_riichi(seat)
            self._kaze4_check(seat, tile)
            called = self._call_check(seat, tile)
            if called is None:
                return (seat + 1) % self.n
            seat, banned = called
            tile, riichi = self.bot.choose_discard(self, seat, None, banned)

    def _discard(self, seat: int, tile: int, riichi: bool) -> None:
        self._remove(seat, tile)
        self._emit(f"<{tags.DISCARD_TAGS[seat]}{tile}/>")
        kind = tile >> 2
        if riichi:
            self.riichi[seat] = True
            self.double_riichi[seat] = self.clean and self.discards_made[seat] == 0
        elif self.ippatsu[seat]:
            self.ippatsu[seat] = False
        self.river[seat].append(tile)
        self.discarded[seat].add(kind)
        self.temp_furiten[seat] = False
        self.discards_made[seat] += 1
        if self.clean and len(self.first_discards) < self.n:
            self.first_discards.append(kind)
        self.seen[kind] += 1
        for s in self.declared:
            self.safe[s].add(kind)

    def _accept_riichi(self, seat: int) -> None:
        self.scores[seat] -= self.rules.riichi_deposit
        self.sticks += 1
        self.ippatsu[seat] = True
        self.safe[seat].update(self.discarded[seat])
        self._emit(tags.reach2_tag(seat, self.scores))
        if self.n == 4 and self.rules.abortive_draws and all(self.riichi):
            self._abort("reach4", {s: list(self.hand[s]) for s in range(self.n)})

    def _kaze4_check(self, seat: int, tile: int) -> None:
        if (self.n == 4 and self.rules.abortive_draws and self.clean and len(self.first_discards) == 4
                and self.discards_made[seat] == 1 and all(self.discards_made)
                and self.first_discards[0] in _WINDS and len(set(self.first_discards)) == 1):
            self._abort("kaze4", {})

    # -- ron and pon ------------------------------------------------------------------------

    def _ron_check(self, discarder: int, tile: int, kita: bool) -> None:
        kind = tile >> 2
        houtei = not kita and self.live_left() == 0
        winners = []
        for i in range(1, self.n):
            s = (discarder + i) % self.n
            if kind not in self.waits_of(s):
                continue
            furiten = (self.temp_furiten[s] or self.riichi_furiten[s]
                       or any(k in self.discarded[s] for k in self.waits_of(s)))
            value = None
            if not furiten:
                self._add(s, tile)
                try:
                    value = self._value(s, tile, tsumo=False, houtei=houtei, after_kita=kita,
                                        renhou=self.clean and self.discards_made[s] == 0 and s != self.dealer)
                finally:
                    self._remove(s, tile)
            if value is None:
                self.temp_furiten[s] = True
                if self.riichi[s]:
                    self.riichi_furiten[s] = True
            else:
                winners.append((s, discarder, tile, value))
        if not winners:
            return
        if len(winners) == 3 and self.rules.triple_ron_abort:
            self._abort("ron3", {w[0]: list(self.hand[w[0]]) for w in winners})
        if not self.rules.double_ron:
            winners = winners[:1]
        for s, _, t, _ in winners:
            self._add(s, t)
        self._wins(winners)

    def _call_check(self, discarder: int, tile: int) -> tuple[int, frozenset[int]] | None:
        """A pon (any seat) or a chi (next seat) on the discard: (caller, banned kinds)."""
        if self.live_left() <= 0:
            return None
        for i in range(1, self.n):
            s = (discarder + i) % self.n
            if self.bot.wants_pon(self, s, tile):
                self._pon(s, discarder, tile)
                return s, frozenset({tile >> 2})
        s = (discarder + 1) % self.n
        own = self.bot.wants_chi(self, s, tile)
        if own is not None:
            call = Call(s, CallKind.CHI, tuple(sorted((*own, tile))), tile, discarder)
            self._open_call(call, list(own))
            return s, swap_call_banned_kinds(call)
        return None

    def _pon(self, seat: int, discarder: int, tile: int) -> None:
        kind = tile >> 2
        own = [t for t in self.hand[seat] if t >> 2 == kind][:2]
        call = Call(seat, CallKind.PON, tuple(sorted(own + [tile])), tile, discarder)
        self._open_call(call, own)

    def _open_call(self, call: Call, own: list[int]) -> None:
        seat = call.seat
        for t in own:
            self._remove(seat, t)
            self.seen[t >> 2] += 1
        self.melds[seat].append(call)
        self.calls[seat].append(call)
        self.called_away[call.from_seat] += 1  # type: ignore[index]  # set: an open call takes a discard
        self._interrupt()
        self._emit(tags.call_tag(seat, encode_call(call)))

    # -- results ----------------------------------------------------------------------------

    def _value(self, seat: int, win_tile: int, tsumo: bool, rinshan: bool = False, haitei: bool = False,
               houtei: bool = False, first: bool = False, renhou: bool = False,
               rules: RuleSet | None = None, after_kita: bool = False) -> HandValue | None:
        """The value of a win by ``seat`` holding ``win_tile`` under ``rules`` (default: the hand's), or
        None when it has no yaku or fewer han without dora than the hand's honba ask for (二翻縛)."""
        judged = self.rules if rules is None else rules
        in_riichi = self.riichi[seat]
        ctx = WinContext(
            seat_wind=self.seat_wind(seat), round_wind=self.round_wind, tsumo=tsumo,
            riichi=in_riichi, double_riichi=self.double_riichi[seat], ippatsu=self.ippatsu[seat],
            haitei=haitei, houtei=houtei, rinshan=rinshan,
            tenhou=first and tsumo and seat == self.dealer, chiihou=first and tsumo and seat != self.dealer,
            renhou=renhou,
            dora_indicators=self.wall.dora_indicators(self.dora_count),
            ura_indicators=self.wall.ura_indicators(self.dora_count) if in_riichi else (),
            after_kita=after_kita,
        )
        try:
            # calls in the order AGARI m lists them (newest first), which sets Tenhou's yaku order
            value = score(tuple(self.hand[seat]), tuple(reversed(self.calls[seat])),
                          win_tile, ctx, judged)
        except InvalidHandError:
            return None
        return None if value.no_yaku or short_of_minimum(value, self.honba, judged) else value

    def _wins(self, winners: list) -> None:
        """AGARI for each winner in turn order from the discarder; ends the hand."""
        dora = self.wall.dora_indicators(self.dora_count)
        for i, (seat, frm, tile, value) in enumerate(winners):
            honba = self.honba if i == 0 else 0
            sticks = self.sticks if i == 0 else 0
            pao = self._pao_for(seat, value)
            pao_basic = None
            if pao is not None and not self.rules.pao_covers_stacked_yakuman:
                pao_basic = 8000 * sum(1 for y in value.yakuman if y in (39, 49))
            deltas = win_deltas(value.basic, seat, frm, self.dealer, self.rules, honba, sticks, pao, pao_basic)
            before = tuple(self.scores)
            self.scores = [a + b for a, b in zip(self.scores, deltas)]
            self._emit(tags.agari_tag(
                honba=self.honba, sticks=sticks, hand=self.hand[seat],
                melds=[encode_call(c) for c in reversed(self.calls[seat])], machi=tile,
                fu=value.fu, points=value.points, limit=value.limit, yaku=value.yaku, yakuman=value.yakuman,
                dora=dora, ura=self.wall.ura_indicators(self.dora_count) if self.riichi[seat] else None,
                who=seat, from_who=frm, pao=pao, before=before, deltas=deltas,
            ))
            self.win_points.append(value.points)
            self.incomes.append(WinIncome(seat, seat == frm, deltas[seat] - sticks * self.rules.riichi_deposit))
        self.sticks = 0
        seats = [w[0] for w in winners]
        raise _HandOver(self._outcome(dealer_won=self.dealer in seats, any_win=True, wins=len(seats)))

    def _pao_for(self, seat: int, value: HandValue) -> int | None:
        """The seat liable for a big-dragons or big-winds yakuman, when pao applies."""
        return pao_seat(self.melds[seat], seat, value.yakuman, self.rules)

    def _outcome(self, **kw: object) -> HandOutcome:
        return HandOutcome(sticks=self.sticks, scores=tuple(self.scores), riichi=tuple(self.declared),
                           win_points=tuple(self.win_points), dealer=self.dealer, incomes=tuple(self.incomes),
                           **kw)  # type: ignore[arg-type]  # the other fields by name

    def _abort(self, kind: str, shown: dict[int, list[int]]) -> None:
        zero = (0,) * self.n
        self._emit(tags.ryuukyoku_tag(kind=kind, honba=self.honba, sticks=self.sticks,
                                      before=self.scores, deltas=zero, shown=shown))
        raise _HandOver(self._outcome(dealer_won=False, any_win=False, abortive=True, dealer_tenpai=False))

    def _exhaustive(self) -> None:
        n = self.n
        tenpai = [bool(waits(self.counts[s])) for s in range(n)]  # only concealed copies kill a wait
        nagashi = [self.rules.nagashi_mangan and is_nagashi(self.river[s], self.called_away[s]) for s in range(n)]
        if any(nagashi):
            kind: str | None = "nm"
            deltas = nagashi_deltas(nagashi, self.dealer, self.rules)
        else:
            kind = None
            deltas = noten_deltas(tenpai, self.rules)
        before = tuple(self.scores)
        self.scores = [a + b for a, b in zip(self.scores, deltas)]
        shown = {s: list(self.hand[s]) for s in range(n) if tenpai[s]}
        self._emit(tags.ryuukyoku_tag(kind=kind, honba=self.honba, sticks=self.sticks,
                                      before=before, deltas=deltas, shown=shown))
        raise _HandOver(self._outcome(dealer_won=False, any_win=False, abortive=False,
                                      dealer_tenpai=tenpai[self.dealer], exhaustive=True))
