"""tenhou.net/6 JSON, one round: the backtracking search that orders its takes and discards.

:mod:`mjlog.formats.tenhou.json_read` parses and validates a round, asks :class:`OrderSearch`
for an order of play that fits it (the rule is described there, "Event order"), then
assigns tile ids along that order. Hands here are counts per JSON tile code, so a
branch point copies a few short lists.

Parsed takes, per seat: an ``int`` code is a draw; a call is ``(kind, called code,
own codes, relative seat)``. Parsed discards: an ``int`` code is a discard (``60``
tsumogiri, ``0`` the placeholder after an open kan); otherwise ``("riichi", code)``,
``("ankan", codes)``, ``("kakan", added code)`` or ``("kita", 44)``.
"""

from __future__ import annotations

from mjlog.formats.tenhou.json import JsonProblem
from mjlog.ir import CallKind
from mjlog.rules.riichi.record import DrawKind
from mjlog.tiles import json_code_kind

_SIZE = 54  # counts are indexed by JSON code (11-47, red fives 51-53)


def _kind(code: int) -> int:
    try:
        return json_code_kind(code)
    except ValueError:
        return -1


_KIND = tuple(_kind(c) for c in range(_SIZE))  # kind by code, red fives as their kind
_JUST_INT = frozenset((int,))
_OTHERS = {n: tuple(tuple((s + d) % n for d in range(1, n)) for s in range(n)) for n in (3, 4)}  # later seats
_TAKE, _OUT = 0, 1  # where _go starts: a seat's take, or its discard after a call
_DRAW, _CALL, _MINKAN = 0, 1, 2  # what an out follows


class OrderSearch:
    """Finds an order of the seats' takes and discards that a real game could have played.

    The result is a path of steps: ``("D", seat, code)`` draw, ``("O", seat, code,
    tsumogiri60, riichi)`` discard, ``("C", seat, parsed take)`` chi/pon/open kan,
    ``("Z", seat)`` the 0 after an open kan, ``("A"|"K"|"F", seat, codes or code)``
    closed kan, added kan, kita; and how the play ended. Each step uses up one take
    or discard, so the path's length is the progress made.
    """

    def __init__(self, n: int, dealer: int, hands, takes, outs, result: tuple) -> None:
        self.n, self.dealer, self.takes, self.outs, self.result = n, dealer, takes, outs, result
        self.hands = []
        for h in hands:
            counts = [0] * _SIZE
            for c in h:
                counts[c] += 1
            self.hands.append(counts)
        self.pons = [[0] * 34 for _ in range(n)]  # pons held, by kind
        self.ti, self.di = [0] * n, [0] * n
        self.total = sum(map(len, takes)) + sum(map(len, outs))
        # is_call[s][i]: is take i of seat s a call (False past the end); armed: seats whose next take is one
        self.is_call = [[False] * (len(ts) + 1) if _JUST_INT.issuperset(map(type, ts))
                        else [type(t) is not int for t in ts] + [False] for ts in takes]
        self.armed = sum(c[0] for c in self.is_call)
        self.others = _OTHERS[n]
        self.path: list[tuple] = []
        self.failed: set[tuple] = set()
        self.best: tuple[int, str, str] = (-1, "no order of play fits the round", "")
        self.end: tuple[str, int] | None = None

    def run(self) -> tuple[list[tuple], tuple[str, int]]:
        if not self._go(_TAKE, self.dealer, _DRAW):
            raise JsonProblem(self.best[1], self.best[2] or None)
        assert self.end is not None
        return self.path, self.end

    def _dead(self, reason: str, where: str, used: int = 0) -> bool:
        """A dead end; ``used`` is 1 when the failing discard was already counted as played."""
        progress = len(self.path) + used
        if progress > self.best[0]:
            self.best = (progress, reason, where)
        return False

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
        return (self.ti[:], self.di[:], [h[:] for h in self.hands], [p[:] for p in self.pons], len(self.path),
                self.armed)

    def _restore(self, snap: tuple) -> None:
        """Puts a snapshot back in place (the lists stay the same objects; the snapshot stays usable)."""
        ti, di, hands, pons, size, self.armed = snap
        self.ti[:], self.di[:] = ti, di
        for live, saved in zip(self.hands, hands):
            live[:] = saved
        for live, saved in zip(self.pons, pons):
            live[:] = saved
        del self.path[size:]

    def _go(self, phase: int, seat: int, after: int) -> bool:
        """Plays forward from a seat's take (``_TAKE``) or its discard after a call (``_OUT``).

        Recurses only where a call could be made or passed; ``after`` tells what the coming
        discard follows (a draw, a chi or pon, an open kan). One loop, whose locals are the search's
        position, rather than a method per step: the search backtracks from any of them.
        """
        takes, outs, total, others, is_call = self.takes, self.outs, self.total, self.others, self.is_call
        hands, ti, di, path = self.hands, self.ti, self.di, self.path
        drawn = 0
        while True:
            if phase == _TAKE:
                i = ti[seat]
                tk = takes[seat]
                if i >= len(tk):
                    return self._dead(f"seat {seat} is due to draw but has no take left", f"seat {seat} take {i}")
                drawn = tk[i]
                if type(drawn) is not int:
                    return self._dead(f"seat {seat} is due to draw but its take {i} is a call "
                                      f"that no earlier discard fits", f"seat {seat} take {i}")
                hands[seat][drawn] += 1
                ti[seat] = i + 1
                if is_call[seat][i + 1]:
                    self.armed += 1
                path.append(("D", seat, drawn))
                after = _DRAW
            phase = _TAKE  # from here on: the discard, the reactions, the next seat's take
            j = di[seat]
            od = outs[seat]
            if j >= len(od):
                if after == _DRAW and len(path) == total:
                    return self._finish(("take", seat))
                return self._dead(f"seat {seat} is due to discard but has no discard left", f"seat {seat} discard {j}")
            o = od[j]
            if (after == _MINKAN) != (o == 0):
                return self._dead("an open kan must be followed by the 0 placeholder, and only it",
                                  f"seat {seat} discard {j}")
            di[seat] = j + 1
            hand = hands[seat]
            if type(o) is int:
                if not o:
                    path.append(("Z", seat))
                    continue
                code, riichi = o, False
            elif o[0] == "riichi":
                code, riichi = o[1], True
            else:
                if not self._kan(o, seat, after, j):
                    return False
                if len(path) == total:
                    return self._finish(("kan", seat))
                continue
            t60 = code == 60
            if t60:
                if after != _DRAW:
                    return self._dead("tsumogiri (60) right after a call", f"seat {seat} discard {j}", 1)
                code = drawn
            if not hand[code]:
                return self._dead(f"seat {seat} discards {code}, which it does not hold", f"seat {seat} discard {j}", 1)
            hand[code] -= 1
            path.append(("O", seat, code, t60, riichi))
            if len(path) == total:
                return self._finish(("discard", seat))
            nxt = others[seat][0]
            if not self.armed:
                seat = nxt
                continue
            options = []
            for c in others[seat]:
                i = ti[c]
                if is_call[c][i]:
                    t = takes[c][i]
                    if t[1] == code and (c + t[3]) % 4 == seat:
                        h = hands[c]
                        if all(h[x] >= t[2].count(x) for x in t[2]):
                            options.append(c)
            if not options:
                seat = nxt
                continue
            key = (seat, code, tuple(ti), tuple(di))
            if key in self.failed:
                return False
            snap = self._snap()
            for c in options:
                kind = self._call(c)
                if self._go(_OUT, c, _MINKAN if kind is CallKind.DAIMINKAN else _CALL):
                    return True
                self._restore(snap)
            if self._go(_TAKE, nxt, _DRAW):
                return True
            self._restore(snap)
            self.failed.add(key)
            return False

    def _kan(self, o: tuple, seat: int, after: int, j: int) -> bool:
        """Plays a closed kan, added kan or kita (discard ``j``, already counted as played)."""
        what, hand = o[0], self.hands[seat]
        if after != _DRAW:
            return self._dead(f"a {what} right after a chi or pon", f"seat {seat} discard {j}", 1)
        if what == "ankan":
            codes = o[1]
            if any(hand[c] < codes.count(c) for c in codes):
                return self._dead(f"seat {seat} makes a closed kan of tiles it does not hold",
                                  f"seat {seat} discard {j}", 1)
            for c in codes:
                hand[c] -= 1
            self.path.append(("A", seat, codes))
        elif what == "kakan":
            added = o[1]
            kind = _KIND[added]
            if not self.pons[seat][kind] or not hand[added]:
                return self._dead(f"seat {seat} adds {added} to a pon it does not have", f"seat {seat} discard {j}", 1)
            hand[added] -= 1
            self.pons[seat][kind] -= 1
            self.path.append(("K", seat, added))
        else:
            if not hand[44]:
                return self._dead(f"seat {seat} sets aside a North it does not hold", f"seat {seat} discard {j}", 1)
            hand[44] -= 1
            self.path.append(("F", seat, 44))
        return True

    def _call(self, c: int) -> CallKind:
        i = self.ti[c]
        t = self.takes[c][i]
        hand = self.hands[c]
        for x in t[2]:
            hand[x] -= 1
        self.ti[c] = i + 1
        self.armed += self.is_call[c][i + 1] - 1
        if t[0] is CallKind.PON:
            self.pons[c][_KIND[t[1]]] += 1
        self.path.append(("C", c, t))
        return t[0]
