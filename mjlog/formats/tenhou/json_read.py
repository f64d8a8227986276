"""tenhou.net/6 JSON, one round: order its events, assign tile ids, build the IR (reference §11).

:mod:`mjlog.formats.tenhou.json` reads the game around the rounds (both flavours and
JSON-lines files, merged into one game); this module turns each 17-element round.

**Event order.** JSON keeps per seat a list of tiles taken and a list of tiles
given out, and says neither when a call happened nor which discard it took.
The reader replays the round with every seat's hand and tries, at each discard
some seat's next call could take, both "call now" and "pass", backtracking on a
dead end (a draw by a seat whose next take is a call, a discard or call of a
tile the seat does not hold, an end that contradicts the result). Call-now is
tried first; states that failed once are remembered, so the search is
polynomial (:mod:`mjlog.formats.tenhou.json_order` holds it). Riichi step 2
(:class:`RiichiAccepted`) follows the riichi discard unless that discard was
ronned; its scores come from the start scores minus the deposits. New dora
indicators are placed as Tenhou's XML places them (§4.5): right after an
ankan, after the next call or before the next discard of the seat that made an
open or added kan.

**Tile ids.** JSON names kinds only; ids are assigned per round in order of
first appearance: the starting hands (seat order, as listed), the dora
indicators, the ura indicators, then each drawn tile in play order. A red five
(51/52/53) is copy 0 of its kind; other tiles take the lowest free copy (black
fives use copies 1-3 when red fives are on). A discard takes the lowest id of
its code in hand, not the drawn tile unless the JSON says ``60``. So a tile
keeps one id through hands, draws, discards, calls, dora and the win.

**Placeholders.** ``GameLog.seed`` is None and ``Round.dice`` is ``(0, 0)``
(JSON has neither). ``RiichiWin.fu`` is 0 for limit hands (JSON writes only the
limit name). A riichi winner gets ``(53, 0)`` (ura, no han) appended to
``yaku`` when JSON lists no ura, as the XML records it. ``Ryuukyoku.hands``
shows the tenpai seats of an exhaustive draw, the declarer of nine terminals,
every seat at four riichi and the three would-be winners of a triple ron.
``connection`` entries become :class:`~mjlog.ir.Disconnect`/:class:`~mjlog.ir.Reconnect`
events placed after ``step`` draw, discard and call events of their round
(``log: -1`` means round 0, step 0) [I: one official sample fits this reading].

Errors are :class:`~mjlog.errors.MalformedLogError` with ``where`` such as
``round 3 (East 3), seat 1 take 5``: the round is the 0-based position in
``log`` and take/discard positions are 0-based indices into those arrays.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import cast
from functools import cache

from mjlog.errors import MalformedLogError
from mjlog.formats.tenhou.json import Json, JsonProblem, is_int, parse_result
from mjlog.formats.tenhou.json_order import OrderSearch
from mjlog.frozen import builder
from mjlog.ir import Call, CallKind, Discard, Draw, Event, Round, Ryuukyoku, Win
from mjlog.rules.riichi.events import KITA
from mjlog.rules.riichi.events import NewDora, RiichiAccepted, RiichiDeclared
from mjlog.rules.riichi.record import DrawKind, riichi_draw, riichi_win
from mjlog.tiles import SANMA_ABSENT_KINDS, WIND_NAMES, json_code_kind

_MAX_LIST = 80          # longest take or discard list accepted (a real one is under 40)
_CALL_POS = {"p": {0: 3, 2: 2, 4: 1}, "k": {0: 3, 2: 2, 4: 1}, "m": {0: 3, 2: 2, 6: 1}}


def _copies(red: bool) -> tuple[tuple[int, ...], ...]:
    """Tile ids by JSON code, in the order they are given out: red five copy 0, black fives 1-3 with red."""
    out: list[tuple[int, ...]] = []
    for code in range(54):
        try:
            kind = json_code_kind(code)
        except ValueError:
            out.append(())
            continue
        if code > 50:
            out.append((kind * 4,))
        elif red and kind in (4, 13, 22):
            out.append((kind * 4 + 1, kind * 4 + 2, kind * 4 + 3))
        else:
            out.append(tuple(kind * 4 + c for c in range(4)))
    return tuple(out)


_COPIES = {red: _copies(red) for red in (False, True)}
_ZERO_60 = frozenset((0, 60))  # discards that are no tile code: the open-kan placeholder, tsumogiri
_JUST_INT = frozenset((int,))
# Parsed call strings by (text, players, red fives): only valid ones are kept, a finite set.
_TAKE_CALLS: dict[tuple[str, int, bool], tuple] = {}
_OUT_CALLS: dict[tuple[str, int, bool], tuple] = {}


# ---- one round ----------------------------------------------------------------------------


def _split_codes(digits: str, where: str) -> list[int]:
    if len(digits) % 2 or (digits and not digits.isdigit()):
        raise JsonProblem(f"call string digits {digits!r} are not 2-digit tile codes", where)
    return [int(digits[i : i + 2]) for i in range(0, len(digits), 2)]


def _check_code(v: Json, where: str, n: int, red: bool) -> int:
    if not is_int(v):
        raise JsonProblem(f"{v!r} is not a tile code", where)
    try:
        kind = json_code_kind(v)
    except ValueError:
        raise JsonProblem(f"{v} is not a tile code (11-19, 21-29, 31-39, 41-47, 51-53)", where) from None
    if v > 50 and not red:
        raise JsonProblem(f"red five {v} in a game without red fives", where)
    if n == 3 and kind in SANMA_ABSENT_KINDS:
        raise JsonProblem(f"tile {v} (2m-8m) does not exist in three-player mahjong", where)
    return v


def _limit(c: int, red: bool) -> int:
    """How many copies of a tile code the wall holds."""
    return 1 if c > 50 else (3 if red and c % 10 == 5 and c < 40 else 4)


_LIMITS = {red: tuple(_limit(c, red) for c in range(54)) for red in (False, True)}  # by red fives, code


@cache
def _valid_codes(n: int, red: bool) -> frozenset[int]:
    """The codes :func:`_check_code` accepts in such a game (JSON codes are below 100)."""
    ok = set()
    for v in range(100):
        try:
            ok.add(_check_code(v, "", n, red))
        except JsonProblem:
            pass
    return frozenset(ok)


class RoundReader:
    """Validates one 17-element round, orders its events, assigns tile ids, builds the Round."""

    def __init__(self, index: int, raw: Json, n: int, red: bool, conns: list[tuple[int, Event]]) -> None:
        self.index, self.raw, self.n, self.red, self.conns = index, raw, n, red, conns
        self.label = f"round {index}"
        self.ok = _valid_codes(n, red)  # the tile codes a take or discard may be
        self.ok_out = self.ok | _ZERO_60

    def bad(self, reason: str, where: str | None = None) -> MalformedLogError:
        return MalformedLogError(reason, None, f"{self.label}, {where}" if where else self.label)

    def read(self) -> Round:
        try:
            return self._read()
        except JsonProblem as exc:
            raise self.bad(exc.reason, exc.where) from None

    # -- parsing ---------------------------------------------------------------------------

    def code(self, v: Json, where: str) -> int:
        if type(v) is int and v in self.ok:  # the common case: _check_code would pass it
            return v
        return _check_code(v, where, self.n, self.red)

    def codes(self, v: Json, where: str) -> list[int]:
        if not isinstance(v, list):
            raise JsonProblem(f"{where} is not a list", where)
        if _JUST_INT.issuperset(map(type, v)) and self.ok.issuperset(v):  # types first: v may hold lists
            return v[:]
        return [self.code(x, f"{where} {i}") for i, x in enumerate(v)]

    def call_string(self, text: str, where: str, letters: str) -> tuple:
        """Parse a call string: (letter, codes, character position of the letter)."""
        found = [(i, ch) for i, ch in enumerate(text) if not ch.isdigit()]
        if len(found) != 1 or found[0][1] not in letters or found[0][0] % 2:
            raise JsonProblem(f"unknown call string {text[:20]!r}", where)
        pos, letter = found[0]
        before, after = _split_codes(text[:pos], where), _split_codes(text[pos + 1 :], where)
        if letter == "r":
            if before or len(after) != 1:
                raise JsonProblem(f"unknown riichi string {text[:20]!r}", where)
            return letter, [after[0] if after[0] == 60 else self.code(after[0], where)], pos
        codes = [self.code(c, where) for c in before + after]
        kinds = [json_code_kind(c) for c in codes]  # red fives as their kind
        if letter == "f":
            if codes != [44] or pos != 0:
                raise JsonProblem(f"unknown kita string {text[:20]!r} (expected f44)", where)
        elif letter == "c":
            k = sorted(kinds)
            if pos != 0 or len(codes) != 3 or k[0] >= 27 or k != [k[0], k[0] + 1, k[0] + 2] or k[0] % 9 > 6:
                raise JsonProblem(f"chi string {text[:20]!r} is not c + three tiles of a run", where)
            if self.n == 3:
                raise JsonProblem("chi in a three-player game", where)
        else:
            want = {"p": 3, "m": 4, "k": 4, "a": 4}[letter]
            if len(codes) != want or len(set(kinds)) != 1:
                raise JsonProblem(f"call string {text[:20]!r} is not {want} tiles of one kind", where)
            if letter in _CALL_POS and pos not in _CALL_POS[letter]:
                raise JsonProblem(f"call string {text[:20]!r} has its letter at no seat's position", where)
        return letter, codes, pos

    def parse_take(self, v: Json, where: str) -> int | tuple:
        """A draw's code, or a call (kind, called code, own codes, relative seat)."""
        if isinstance(v, str):
            key = (v, self.n, bool(self.red))
            got = _TAKE_CALLS.get(key)
            if got is None:
                letter, codes, pos = self.call_string(v, where, "cpm")
                rel = 3 if letter == "c" else _CALL_POS[letter][pos]
                kind = {"c": CallKind.CHI, "p": CallKind.PON, "m": CallKind.DAIMINKAN}[letter]
                u = pos // 2
                called, own = codes[u], codes[:u] + codes[u + 1 :]
                got = _TAKE_CALLS[key] = (kind, called, tuple(own), rel)
            return got
        return self.code(v, where)

    def parse_out(self, v: Json, where: str) -> int | tuple:
        """A discard's code (60 tsumogiri, 0 the placeholder), or a tuple (see tenhou_json_order)."""
        if isinstance(v, str):
            key = (v, self.n, bool(self.red))
            got = _OUT_CALLS.get(key)
            if got is None:
                letter, codes, pos = self.call_string(v, where, "rakf")
                if letter == "r":
                    got = ("riichi", codes[0])
                elif letter == "a":
                    got = ("ankan", tuple(codes))
                elif letter == "f":
                    got = ("kita", 44)
                else:
                    got = ("kakan", codes[pos // 2])
                _OUT_CALLS[key] = got
            return got
        if v == 60:
            return 60
        if v == 0 and is_int(v):
            return 0
        return self.code(v, where)

    def parse_list(self, v: list, s: int, name: str, parse, ok: frozenset[int]) -> list:
        """Parses a take or discard list; the integers in ``ok``, which ``parse`` returns as they are, skip it."""
        if _JUST_INT.issuperset(map(type, v)) and ok.issuperset(v):  # types first: v may hold lists
            return v[:]
        return [x if type(x) is int and x in ok else parse(x, f"seat {s} {name} {i}") for i, x in enumerate(v)]

    def _read(self) -> Round:
        raw, n = self.raw, self.n
        if not isinstance(raw, list) or len(raw) != 17:
            size = len(raw) if isinstance(raw, list) else "none"
            raise JsonProblem(f"a round is not a 17-element array (has {size})")
        head = raw[0]
        if not isinstance(head, list) or len(head) != 3 or not all(is_int(x) and x >= 0 for x in head):
            raise JsonProblem("the round header is not [round, honba, sticks]", "header")
        kyoku, honba, sticks = head
        if kyoku >= 16 or (n == 3 and kyoku % 4 == 3):
            raise JsonProblem(f"round number {kyoku} is out of range", "header")
        self.label = f"round {self.index} ({WIND_NAMES[kyoku // 4 % 4]} {kyoku % 4 + 1})"
        scores = raw[1]
        if not isinstance(scores, list) or len(scores) not in (n, 4) or not all(is_int(x) for x in scores):
            raise JsonProblem("start scores are not 4 integers", "scores")
        if n == 3 and len(scores) == 4 and scores[3]:
            raise JsonProblem("a start score for the empty fourth seat", "scores")
        dora = self.codes(raw[2], "dora")
        ura = self.codes(raw[3], "ura")
        if not dora:
            raise JsonProblem("no dora indicator", "dora")
        hands, takes, outs = [], [], []
        for s in range(4):
            h, t, o = raw[4 + 3 * s], raw[5 + 3 * s], raw[6 + 3 * s]
            if s >= n:
                if h or t or o:
                    raise JsonProblem(f"seat {s} plays in a three-player game", f"seat {s}")
                continue
            hands.append(self.codes(h, f"seat {s} hand"))
            if len(hands[-1]) != 13:
                raise JsonProblem(f"the starting hand has {len(hands[-1])} tiles, expected 13", f"seat {s} hand")
            for name, lst in (("take", t), ("discard", o)):
                if not isinstance(lst, list) or len(lst) > _MAX_LIST:
                    raise JsonProblem(f"the {name} list is not a list of at most {_MAX_LIST} entries",
                                      f"seat {s} {name}s")
            takes.append(self.parse_list(t, s, "take", self.parse_take, self.ok))
            outs.append(self.parse_list(o, s, "discard", self.parse_out, self.ok_out))
        self._check_copies(hands, takes, dora, ura)
        result = parse_result(raw[16], n)
        dealer = kyoku % 4
        path = OrderSearch(n, dealer, hands, takes, outs, result).run()
        return _Builder(self, kyoku, honba, sticks, tuple(scores[:n]), dora, ura, hands, path, result).build()

    def _check_copies(self, hands, takes, dora, ura) -> None:
        draws = [t for ts in takes for t in ts if type(t) is int]
        seen: Counter = Counter(dora + ura + [c for h in hands for c in h] + draws)
        limits = _LIMITS[bool(self.red)]
        if all(k <= limits[c] for c, k in seen.items()):
            return
        seen.clear()  # too many copies somewhere: find the first tile over the limit, in the order below
        items = [(c, f"seat {s} hand") for s, h in enumerate(hands) for c in h]
        items += [(c, f"dora {i}") for i, c in enumerate(dora)] + [(c, f"ura {i}") for i, c in enumerate(ura)]
        items += [(t, f"seat {s} take {i}")
                  for s, ts in enumerate(takes) for i, t in enumerate(ts) if type(t) is int]
        for c, where in items:
            seen[c] += 1
            limit = limits[c]
            if seen[c] > limit:
                what = "red five" if c > 50 else f"tile {c}"
                raise JsonProblem(f"more copies of {what} than the wall holds ({seen[c]} > {limit})", where)


# ---- building the round: tile ids and events ---------------------------------------------


_build_draw = builder(Draw)
_build_discard = builder(Discard)


class _Builder:
    """Turns an ordered path into IR events with tile ids (see the module docstring for the rule)."""

    def __init__(self, rr: RoundReader, kyoku: int, honba: int, sticks: int, scores: tuple[int, ...],
                 dora: list[int], ura: list[int], hands: list[list[int]], found: tuple, result: tuple) -> None:
        self.rr, self.kyoku, self.honba, self.sticks, self.scores = rr, kyoku, honba, sticks, scores
        self.dora_codes, self.ura_codes, self.hand_codes = dora, ura, hands
        self.path, self.end = found
        self.result = result
        self.copies = _COPIES[bool(rr.red)]  # ids of each code, lowest first
        self.used = [0] * 54  # ids of each code given out so far

    def alloc(self, code: int) -> int:
        """The id of a new tile of this code (the copy counts were checked before the replay)."""
        i = self.used[code]
        self.used[code] = i + 1
        return self.copies[code][i]

    def take(self, hand: set[int], code: int, avoid: int | None = None) -> int:
        """Remove and return the lowest id of ``code`` in ``hand``, ``avoid`` only as a last resort."""
        for t in self.copies[code]:
            if t in hand and t != avoid:
                hand.remove(t)
                return t
        hand.remove(avoid)  # type: ignore[arg-type]  # avoid: the only copy left (the counts were checked)
        return avoid  # type: ignore[return-value]  # as above

    def build(self) -> Round:
        """The hand's IR round from its ordered play: every step's event, the kan dora as they are
        revealed, riichi accepted, then the result.

        One loop over the play whose locals (hands, calls, pending dora, the last tile) are the
        hand's state, read and written by every kind of step: kept whole rather than split into
        steps that would pass that state back and forth.
        """
        n = self.rr.n
        alloc, take = self.alloc, self.take
        start_hands = tuple(tuple(alloc(c) for c in h) for h in self.hand_codes)
        hands = [set(h) for h in start_hands]  # ids are unique in a round
        dora = [alloc(c) for c in self.dora_codes]
        ura = [alloc(c) for c in self.ura_codes]
        res = self.result
        ron_end = (res[0] == "win" and self.end[0] != "take") or (res[0] == "draw" and res[1] is DrawKind.TRIPLE_RON)
        events: list[Event] = []
        append = events.append
        running = list(self.scores)
        accepted = 0
        last_draw: list[int | None] = [None] * n
        melds: list[list[Call]] = [[] for _ in range(n)]
        pons: dict[tuple[int, int], Call] = {}
        pending = 0
        shown: list[int] = []
        last_tile = None
        riichi_seats = set()
        revealed = 1  # dora indicators shown so far

        def reveal(count: int) -> None:
            nonlocal revealed
            for _ in range(count):
                if revealed >= len(dora):
                    raise self.rr.bad(f"the play reveals more kan dora than the {len(dora) - 1} listed", "dora")
                append(NewDora(dora[revealed]))
                revealed += 1

        last = len(self.path) - 1
        for k, step in enumerate(self.path):
            tag, s = step[0], step[1]
            if tag == "D":
                tile = alloc(step[2])
                hands[s].add(tile)
                last_draw[s] = tile
                append(_build_draw(s, tile))
                continue
            hand = hands[s]
            if tag == "O":
                _, _, code, t60, riichi = step
                drawn = last_draw[s]
                if t60:
                    tile = drawn
                    hand.remove(tile)
                else:
                    tile = take(hand, code, drawn)
                if pending:
                    reveal(pending)
                    pending = 0
                if riichi:
                    append(RiichiDeclared(s))
                    riichi_seats.add(s)
                append(_build_discard(s, tile, tile == drawn))
                last_draw[s] = None
                last_tile = tile
                if riichi and not (ron_end and k == last):
                    accepted += 1
                    running[s] -= 1000
                    append(RiichiAccepted(s, tuple(running)))
            elif tag == "C":
                kind, _, own, rel = step[2]
                own_ids = [take(hand, c) for c in own]
                called = cast(int, last_tile)  # set: a call takes the discard just made (the search's order)
                if kind is CallKind.DAIMINKAN:
                    tiles = (called,) + tuple(sorted(own_ids))
                    pending += 1
                else:
                    tiles = tuple(sorted(own_ids + [called]))
                call = Call(s, kind, tiles, called, (s + rel) % 4)
                if kind is CallKind.PON:
                    pons[(s, tiles[0] >> 2)] = call
                melds[s].append(call)
                append(call)
                last_draw[s] = None
            elif tag != "Z":  # "A", "K", "F" (nothing to do for "Z")
                if tag == "A":
                    ids = sorted(take(hand, c) for c in step[2])
                    call = Call(s, CallKind.ANKAN, tuple(ids))
                    melds[s].append(call)
                elif tag == "K":
                    added = take(hand, step[2])
                    pon = pons.pop((s, added >> 2))
                    call = Call(s, CallKind.KAKAN, pon.tiles + (added,), pon.called, pon.from_seat, added)
                    melds[s][melds[s].index(pon)] = call
                    last_tile = added
                else:
                    last_tile = take(hand, 44)
                    call = Call(s, KITA, (last_tile,))
                    melds[s].append(call)
                append(call)
                if ron_end and k == last:
                    continue  # robbed (chankan): the kan and any pending dora are never completed
                reveal(pending)
                pending = 0
                if tag == "A":
                    reveal(1)
                    last_tile = call.tiles[0]
                elif tag == "K":
                    pending = 1
                last_draw[s] = None
        if revealed != len(dora):
            raise self.rr.bad(f"the dora list has {len(dora) - 1} kan dora but the play reveals {revealed - 1}", "dora")
        start = tuple(running)
        shown_ura = False
        if res[0] == "win":
            before = start
            for j, (deltas, who, frm, pao, fu, points, limit, yaku, yakuman) in enumerate(res[1]):
                if who == frm:
                    win_tile, hand = last_draw[who], sorted(hands[who])
                else:
                    win_tile, hand = last_tile, sorted([*hands[who], last_tile])
                shown_ura = shown_ura or bool(ura and who in riichi_seats)
                append(riichi_win(
                    who=who, from_who=frm, hand=tuple(hand), win_tile=win_tile,
                    melds=tuple(reversed(melds[who])), fu=fu, points=points, limit=limit, yaku=yaku,
                    yakuman=yakuman, dora_indicators=tuple(dora),
                    ura_indicators=tuple(ura) if who in riichi_seats else (),
                    honba=self.honba, sticks=self.sticks + accepted if j == 0 else 0,
                    scores_before=before, deltas=deltas, pao_who=None if pao == who else pao,
                ))
                before = tuple(b + d for b, d in zip(before, deltas))
        else:
            _, kind, name, deltas = res
            if kind is DrawKind.EXHAUSTIVE:
                shown = list(range(n)) if name == "全員聴牌" else [s for s in range(n) if deltas[s] > 0]
            elif kind is DrawKind.NINE_TERMINALS:
                shown = [self.end[1]]
            elif kind is DrawKind.FOUR_RIICHI:
                shown = list(range(n))
            elif kind is DrawKind.TRIPLE_RON:
                shown = [s for s in range(n) if s != self.end[1]]
            append(riichi_draw(
                kind=kind, honba=self.honba, sticks=self.sticks + accepted, scores_before=start, deltas=deltas,
                hands=tuple(tuple(sorted(hands[s])) if s in shown else None for s in range(n)),
            ))
        kept = ura and not shown_ura
        return Round(
            index=self.rr.index, kyoku=self.kyoku, honba=self.honba, sticks=self.sticks, dealer=self.kyoku % 4,
            scores=self.scores, dice=(0, 0), dora_indicator=dora[0], hands=start_hands,
            events=tuple(_place_connections(events, self.rr.conns)),
            extra=(("ura", json.dumps(self.ura_codes)),) if kept else (),
        )


def _place_connections(events: list[Event], conns: list[tuple[int, Event]]) -> list[Event]:
    """Insert disconnects/reconnects after ``step`` draw, discard and call events of the round."""
    if not conns:
        return events
    todo = sorted(conns, key=lambda c: c[0])
    out: list[Event] = []
    played = 0
    for e in events:
        play = isinstance(e, (Draw, Discard, Call))
        if play or isinstance(e, (Win, Ryuukyoku)):
            while todo and todo[0][0] <= played:
                out.append(todo.pop(0)[1])
        out.append(e)
        played += play
    out.extend(c[1] for c in todo)
    return out
