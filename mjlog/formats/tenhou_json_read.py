"""tenhou.net/6 JSON, one round: order its events, assign tile ids, build the IR (reference §11).

:mod:`mjlog.formats.tenhou_json` reads the game around the rounds (both flavours and
JSON-lines files, merged into one game); this module turns each 17-element round.

**Event order.** JSON keeps per seat a list of tiles taken and a list of tiles
given out, and says neither when a call happened nor which discard it took.
The reader replays the round with every seat's hand and tries, at each discard
some seat's next call could take, both "call now" and "pass", backtracking on a
dead end (a draw by a seat whose next take is a call, a discard or call of a
tile the seat does not hold, an end that contradicts the result). Call-now is
tried first; states that failed once are remembered, so the search is
polynomial. Riichi step 2 (:class:`RiichiAccepted`) follows the riichi discard
unless that discard was ronned; its scores come from the start scores minus
the deposits. New dora indicators are placed as Tenhou's XML places them
(§4.5): right after an ankan, after the next call or before the next discard
of the seat that made an open or added kan.

**Tile ids.** JSON names kinds only; ids are assigned per round in order of
first appearance: the starting hands (seat order, as listed), the dora
indicators, the ura indicators, then each drawn tile in play order. A red five
(51/52/53) is copy 0 of its kind; other tiles take the lowest free copy (black
fives use copies 1-3 when red fives are on). A discard takes the lowest id of
its code in hand, not the drawn tile unless the JSON says ``60``. So a tile
keeps one id through hands, draws, discards, calls, dora and the win.

**Placeholders.** ``GameLog.seed`` is None and ``Round.dice`` is ``(0, 0)``
(JSON has neither). ``Win.fu`` is 0 for limit hands (JSON writes only the
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

from mjlog.errors import MalformedLogError
from mjlog.formats.tenhou_json import Json, JsonProblem, is_int, parse_result
from mjlog.ir import (
    Call, CallKind, Discard, Draw, DrawKind, Event, NewDora, RiichiAccepted, RiichiDeclared, Round, Ryuukyoku, Win,
)
from mjlog.tiles import SANMA_ABSENT_KINDS, WIND_NAMES, json_code_kind

_MAX_LIST = 80          # longest take or discard list accepted (a real one is under 40)
_CALL_POS = {"p": {0: 3, 2: 2, 4: 1}, "k": {0: 3, 2: 2, 4: 1}, "m": {0: 3, 2: 2, 6: 1}}


# ---- one round ----------------------------------------------------------------------------


def _split_codes(digits: str, where: str) -> list[int]:
    if len(digits) % 2 or (digits and not digits.isdigit()):
        raise JsonProblem(f"call string digits {digits!r} are not 2-digit tile codes", where)
    return [int(digits[i : i + 2]) for i in range(0, len(digits), 2)]


def _kind5(code: int) -> int:
    """Kind of a code, red fives as their kind."""
    return json_code_kind(code)


class RoundReader:
    """Validates one 17-element round, orders its events, assigns tile ids, builds the Round."""

    def __init__(self, index: int, raw: Json, n: int, red: bool, conns: list[tuple[int, Event]]) -> None:
        self.index, self.raw, self.n, self.red, self.conns = index, raw, n, red, conns
        self.label = f"round {index}"

    def bad(self, reason: str, where: str | None = None) -> MalformedLogError:
        return MalformedLogError(reason, None, f"{self.label}, {where}" if where else self.label)

    def read(self) -> Round:
        try:
            return self._read()
        except JsonProblem as exc:
            raise self.bad(exc.reason, exc.where) from None

    # -- parsing ---------------------------------------------------------------------------

    def code(self, v: Json, where: str) -> int:
        if not is_int(v):
            raise JsonProblem(f"{v!r} is not a tile code", where)
        try:
            kind = json_code_kind(v)
        except ValueError:
            raise JsonProblem(f"{v} is not a tile code (11-19, 21-29, 31-39, 41-47, 51-53)", where) from None
        if v > 50 and not self.red:
            raise JsonProblem(f"red five {v} in a game without red fives", where)
        if self.n == 3 and kind in SANMA_ABSENT_KINDS:
            raise JsonProblem(f"tile {v} (2m-8m) does not exist in three-player mahjong", where)
        return v

    def codes(self, v: Json, where: str) -> list[int]:
        if not isinstance(v, list):
            raise JsonProblem(f"{where} is not a list", where)
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
        kinds = [_kind5(c) for c in codes]
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

    def parse_take(self, v: Json, where: str) -> tuple:
        if isinstance(v, str):
            letter, codes, pos = self.call_string(v, where, "cpm")
            rel = 3 if letter == "c" else _CALL_POS[letter][pos]
            kind = {"c": CallKind.CHI, "p": CallKind.PON, "m": CallKind.DAIMINKAN}[letter]
            u = pos // 2
            called, own = codes[u], codes[:u] + codes[u + 1 :]
            return ("call", kind, called, tuple(own), rel)
        return ("draw", self.code(v, where))

    def parse_out(self, v: Json, where: str) -> tuple:
        if isinstance(v, str):
            letter, codes, pos = self.call_string(v, where, "rakf")
            if letter == "r":
                return ("discard", codes[0], True)
            if letter == "a":
                return ("ankan", tuple(codes))
            if letter == "f":
                return ("kita", 44)
            added, called = codes[pos // 2], codes[pos // 2 + 1]
            return ("kakan", added, called, _CALL_POS["k"][pos])
        if v == 60:
            return ("discard", 60, False)
        if v == 0 and is_int(v):
            return ("zero",)
        return ("discard", self.code(v, where), False)

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
            takes.append([self.parse_take(x, f"seat {s} take {i}") for i, x in enumerate(t)])
            outs.append([self.parse_out(x, f"seat {s} discard {i}") for i, x in enumerate(o)])
        self._check_copies(hands, takes, dora, ura)
        result = parse_result(raw[16], n)
        dealer = kyoku % 4
        path = _Search(n, dealer, hands, takes, outs, result).run()
        return _Builder(self, kyoku, honba, sticks, tuple(scores[:n]), dora, ura, hands, path, result).build()

    def _check_copies(self, hands, takes, dora, ura) -> None:
        seen: Counter = Counter()
        items = [(c, f"seat {s} hand") for s, h in enumerate(hands) for c in h]
        items += [(c, f"dora {i}") for i, c in enumerate(dora)] + [(c, f"ura {i}") for i, c in enumerate(ura)]
        items += [(t[1], f"seat {s} take {i}")
                  for s, ts in enumerate(takes) for i, t in enumerate(ts) if t[0] == "draw"]
        for c, where in items:
            seen[c] += 1
            limit = 1 if c > 50 else (3 if self.red and c % 10 == 5 and c < 40 else 4)
            if seen[c] > limit:
                what = "red five" if c > 50 else f"tile {c}"
                raise JsonProblem(f"more copies of {what} than the wall holds ({seen[c]} > {limit})", where)




# ---- ordering: the backtracking replay ------------------------------------------------------


class _Search:
    """Finds an order of the seats' takes and discards that a real game could have played.

    The result is a path of steps: ``("D", seat, code, take)`` draw, ``("O", seat,
    code, tsumogiri60, riichi, discard)`` discard, ``("C", seat, parsed take, take)``
    chi/pon/open kan, ``("Z", seat)`` the 0 after an open kan, ``("A"|"K"|"F", seat,
    codes or code, discard)`` closed kan, added kan, kita; and how the play ended.
    """

    def __init__(self, n: int, dealer: int, hands, takes, outs, result: tuple) -> None:
        self.n, self.dealer, self.takes, self.outs, self.result = n, dealer, takes, outs, result
        self.hands = [Counter(h) for h in hands]
        self.pons = [Counter() for _ in range(n)]
        self.ti, self.di = [0] * n, [0] * n
        self.path: list[tuple] = []
        self.failed: set[tuple] = set()
        self.best: tuple[int, str, str] = (-1, "no order of play fits the round", "")
        self.end: tuple[str, int] | None = None

    def run(self) -> tuple[list[tuple], tuple[str, int]]:
        if not self._go("take", self.dealer, None):
            raise JsonProblem(self.best[1], self.best[2] or None)
        assert self.end is not None
        return self.path, self.end

    def _dead(self, reason: str, where: str) -> bool:
        progress = sum(self.ti) + sum(self.di)
        if progress > self.best[0]:
            self.best = (progress, reason, where)
        return False

    def _done(self) -> bool:
        return all(self.ti[s] == len(self.takes[s]) and self.di[s] == len(self.outs[s]) for s in range(self.n))

    def _finish(self, end: tuple[str, int]) -> bool:
        how, seat = end
        res = self.result
        if res[0] == "win":
            if how == "take":
                ok = all(w[1] == w[2] == seat for w in res[1]) and len(res[1]) == 1
            else:
                ok = all(w[2] == seat and w[1] != seat for w in res[1])
        else:
            ok = (how == "take") == (res[1] is DrawKind.NINE_TERMINALS) and how != "kan"
        if not ok:
            return self._dead(f"the result ({res[0] if res[0] == 'win' else res[2]}) contradicts the play, "
                              f"which ends with seat {seat}'s {'draw' if how == 'take' else how}", "result")
        self.end = end
        return True

    def _snap(self) -> tuple:
        return (self.ti[:], self.di[:], [Counter(h) for h in self.hands], [Counter(p) for p in self.pons],
                len(self.path))

    def _restore(self, snap: tuple) -> None:
        self.ti, self.di, self.hands, self.pons, size = snap
        del self.path[size:]

    def _go(self, phase: str, seat: int, arg: tuple | None) -> bool:
        """Plays forward from a state; recurses only where a call could be made or passed."""
        takes, outs, n = self.takes, self.outs, self.n
        while True:
            if phase == "take":
                i = self.ti[seat]
                if i >= len(takes[seat]):
                    return self._dead(f"seat {seat} is due to draw but has no take left", f"seat {seat} take {i}")
                t = takes[seat][i]
                if t[0] != "draw":
                    return self._dead(f"seat {seat} is due to draw but its take {i} is a call "
                                      f"that no earlier discard fits", f"seat {seat} take {i}")
                self.hands[seat][t[1]] += 1
                self.ti[seat] += 1
                self.path.append(("D", seat, t[1], i))
                phase, arg = "out", ("draw", t[1])
            elif phase == "out":
                after, drawn = arg  # type: ignore[misc]
                j = self.di[seat]
                where = f"seat {seat} discard {j}"
                if j >= len(outs[seat]):
                    if after == "draw" and self._done():
                        return self._finish(("take", seat))
                    return self._dead(f"seat {seat} is due to discard but has no discard left", where)
                o = outs[seat][j]
                if (after == "minkan") != (o[0] == "zero"):
                    return self._dead("an open kan must be followed by the 0 placeholder, and only it", where)
                self.di[seat] += 1
                hand = self.hands[seat]
                if o[0] == "zero":
                    self.path.append(("Z", seat))
                    phase = "take"
                    continue
                if o[0] == "discard":
                    code, riichi = o[1], o[2]
                    if code == 60:
                        if after != "draw":
                            return self._dead("tsumogiri (60) right after a call", where)
                        code = drawn
                    if not hand[code]:
                        return self._dead(f"seat {seat} discards {code}, which it does not hold", where)
                    hand[code] -= 1
                    self.path.append(("O", seat, code, o[1] == 60, riichi, j))
                    phase, arg = "react", (code,)
                    continue
                if after != "draw":
                    return self._dead(f"a {o[0]} right after a chi or pon", where)
                if o[0] == "ankan":
                    need = Counter(o[1])
                    if any(hand[c] < k for c, k in need.items()):
                        return self._dead(f"seat {seat} makes a closed kan of tiles it does not hold", where)
                    hand.subtract(need)
                    self.path.append(("A", seat, o[1], j))
                elif o[0] == "kakan":
                    kind = json_code_kind(o[1])
                    if not self.pons[seat][kind] or not hand[o[1]]:
                        return self._dead(f"seat {seat} adds {o[1]} to a pon it does not have", where)
                    hand[o[1]] -= 1
                    self.pons[seat][kind] -= 1
                    self.path.append(("K", seat, o[1], j))
                else:
                    if not hand[44]:
                        return self._dead(f"seat {seat} sets aside a North it does not hold", where)
                    hand[44] -= 1
                    self.path.append(("F", seat, 44, j))
                phase, arg = "react", None
            else:  # react: after a discard (arg = (code,)) or a kan/kita (arg None)
                if self._done():
                    return self._finish(("discard" if arg else "kan", seat))
                if arg is None:
                    phase = "take"
                    continue
                code = arg[0]
                options = []
                for d in range(1, n):
                    c = (seat + d) % n
                    i = self.ti[c]
                    if i < len(takes[c]) and takes[c][i][0] == "call":
                        _, _, called, own, rel = takes[c][i]
                        need = Counter(own)
                        held = all(self.hands[c][x] >= k for x, k in need.items())
                        if called == code and (c + rel) % 4 == seat and held:
                            options.append(c)
                nxt = (seat + 1) % n
                if not options:
                    seat, phase = nxt, "take"
                    continue
                key = (seat, code, tuple(self.ti), tuple(self.di))
                if key in self.failed:
                    return False
                for c in options:
                    snap = self._snap()
                    kind = self._call(c)
                    if self._go("out", c, ("minkan" if kind is CallKind.DAIMINKAN else "call", None)):
                        return True
                    self._restore(snap)
                snap = self._snap()
                if self._go("take", nxt, None):
                    return True
                self._restore(snap)
                self.failed.add(key)
                return False

    def _call(self, c: int) -> CallKind:
        i = self.ti[c]
        t = self.takes[c][i]
        self.hands[c].subtract(Counter(t[3]))
        self.ti[c] += 1
        if t[1] is CallKind.PON:
            self.pons[c][json_code_kind(t[2])] += 1
        self.path.append(("C", c, t, i))
        return t[1]


# ---- building the round: tile ids and events ---------------------------------------------


class _Builder:
    """Turns an ordered path into IR events with tile ids (see the module docstring for the rule)."""

    def __init__(self, rr: RoundReader, kyoku: int, honba: int, sticks: int, scores: tuple[int, ...],
                 dora: list[int], ura: list[int], hands: list[list[int]], found: tuple, result: tuple) -> None:
        self.rr, self.kyoku, self.honba, self.sticks, self.scores = rr, kyoku, honba, sticks, scores
        self.dora_codes, self.ura_codes, self.hand_codes = dora, ura, hands
        self.path, self.end = found
        self.result = result
        self.red = rr.red
        self.free: dict[int, list[int]] = {}

    def alloc(self, code: int) -> int:
        lst = self.free.get(code)
        if lst is None:
            kind = json_code_kind(code)
            if code > 50:
                lst = [kind * 4]
            elif self.red and kind in (4, 13, 22):
                lst = [kind * 4 + 1, kind * 4 + 2, kind * 4 + 3]
            else:
                lst = [kind * 4 + c for c in range(4)]
            self.free[code] = lst
        return lst.pop(0)  # the copy count was checked before the replay

    def code_of(self, tile: int) -> int:
        kind = tile >> 2
        if self.red and tile in (16, 52, 88):
            return 51 + tile // 36
        return (kind // 9 + 1) * 10 + kind % 9 + 1

    def take(self, hand: list[int], code: int, avoid: int | None = None) -> int:
        """Remove and return the lowest id of ``code`` in ``hand``, ``avoid`` only as a last resort."""
        best = None
        for t in hand:
            if t != avoid and self.code_of(t) == code and (best is None or t < best):
                best = t
        if best is None:
            best = avoid
        hand.remove(best)  # type: ignore[arg-type]
        return best  # type: ignore[return-value]

    def build(self) -> Round:
        n = self.rr.n
        hands = [[self.alloc(c) for c in h] for h in self.hand_codes]
        start_hands = tuple(tuple(h) for h in hands)
        dora = [self.alloc(c) for c in self.dora_codes]
        ura = [self.alloc(c) for c in self.ura_codes]
        res = self.result
        ron_end = (res[0] == "win" and self.end[0] != "take") or (res[0] == "draw" and res[1] is DrawKind.TRIPLE_RON)
        events: list[Event] = []
        running = list(self.scores)
        accepted = 0
        last_draw: list[int | None] = [None] * n
        melds: list[list[Call]] = [[] for _ in range(n)]
        pons: dict[tuple[int, int], Call] = {}
        pending = 0
        shown: list[int] = []
        last_tile = None
        riichi_seats = set()

        def reveal(count: int) -> None:
            for _ in range(count):
                k = sum(isinstance(e, NewDora) for e in events) + 1
                if k >= len(dora):
                    raise self.rr.bad(f"the play reveals more kan dora than the {len(dora) - 1} listed", "dora")
                events.append(NewDora(dora[k]))

        for k, step in enumerate(self.path):
            tag, s = step[0], step[1]
            hand = hands[s]
            if tag == "D":
                tile = self.alloc(step[2])
                hand.append(tile)
                last_draw[s] = tile
                events.append(Draw(s, tile))
            elif tag == "O":
                _, _, code, t60, riichi, _ = step
                if t60:
                    tile = last_draw[s]
                    hand.remove(tile)
                else:
                    tile = self.take(hand, code, last_draw[s])
                reveal(pending)
                pending = 0
                if riichi:
                    events.append(RiichiDeclared(s))
                    riichi_seats.add(s)
                events.append(Discard(s, tile, tile == last_draw[s]))
                last_draw[s] = None
                last_tile = tile
                if riichi and not (ron_end and k == len(self.path) - 1):
                    accepted += 1
                    running[s] -= 1000
                    events.append(RiichiAccepted(s, tuple(running)))
            elif tag == "C":
                _, kind, _, own, rel = step[2]
                own_ids = [self.take(hand, c) for c in own]
                called = last_tile
                if kind is CallKind.DAIMINKAN:
                    tiles = (called,) + tuple(sorted(own_ids))
                    pending += 1
                else:
                    tiles = tuple(sorted(own_ids + [called]))  # type: ignore[list-item]
                call = Call(s, kind, tiles, called, (s + rel) % 4)
                if kind is CallKind.PON:
                    pons[(s, tiles[0] >> 2)] = call
                melds[s].append(call)
                events.append(call)
                last_draw[s] = None
            elif tag in "AKF":
                if tag == "A":
                    ids = sorted(self.take(hand, c) for c in step[2])
                    call = Call(s, CallKind.ANKAN, tuple(ids))
                    melds[s].append(call)
                elif tag == "K":
                    added = self.take(hand, step[2])
                    pon = pons.pop((s, added >> 2))
                    call = Call(s, CallKind.KAKAN, pon.tiles + (added,), pon.called, pon.from_seat, added)
                    melds[s][melds[s].index(pon)] = call
                    last_tile = added
                else:
                    last_tile = self.take(hand, 44)
                    call = Call(s, CallKind.KITA, (last_tile,))
                    melds[s].append(call)
                events.append(call)
                if ron_end and k == len(self.path) - 1:
                    continue  # robbed (chankan): the kan and any pending dora are never completed
                reveal(pending)
                pending = 0
                if tag == "A":
                    reveal(1)
                    last_tile = call.tiles[0]
                elif tag == "K":
                    pending = 1
                last_draw[s] = None
        revealed = sum(isinstance(e, NewDora) for e in events) + 1
        if revealed != len(dora):
            raise self.rr.bad(f"the dora list has {len(dora) - 1} kan dora but the play reveals {revealed - 1}", "dora")
        start = tuple(running)
        if res[0] == "win":
            before = start
            for j, (deltas, who, frm, pao, fu, points, limit, yaku, yakuman) in enumerate(res[1]):
                if who == frm:
                    win_tile, hand = last_draw[who], sorted(hands[who])
                else:
                    win_tile, hand = last_tile, sorted(hands[who] + [last_tile])
                events.append(Win(
                    who=who, from_who=frm, hand=tuple(hand), win_tile=win_tile,  # type: ignore[arg-type]
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
            events.append(Ryuukyoku(
                kind=kind, honba=self.honba, sticks=self.sticks + accepted, scores_before=start, deltas=deltas,
                hands=tuple(tuple(sorted(hands[s])) if s in shown else None for s in range(n)),
            ))
        kept = ura and not any(isinstance(e, Win) and e.ura_indicators for e in events)
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
