"""Hand-built, seedless Tenhou XML logs for replay tests.

There is no SHUFFLE element, so the replay makes no wall check; tile
conservation (each id once per hand) still applies. Scores in the XML are
in hundreds, as Tenhou writes them; the helpers take points.

>>> t = Tiles()
>>> t.take("555m0m")   # black fives from copy 3 down; the red one only when written 0
[19, 18, 17, 16]
>>> t.take("5m")
Traceback (most recent call last):
...
ValueError: no black copy of kind 4 left
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from mjlog.ir import Call, CallKind
from mjlog.rules.riichi.call_codes import encode_call
from mjlog.rules.riichi.events import KITA

HEADER = (
    '<mjloggm ver="2.3"><GO type="{go}" lobby="0"/>'
    '<UN n0="%41" n1="%42" n2="%43" n3="%44" dan="10,10,10,10" '
    'rate="1500.00,1500.00,1500.00,1500.00" sx="M,M,M,M"/><TAIKYOKU oya="0"/>'
)
RED = frozenset({16, 52, 88})
DRAW, DISCARD = "TUVW", "DEFG"


class Tiles:
    """Hands out distinct tile ids of one hand (round) from mpsz text."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def take(self, text: str) -> list[int]:
        out: list[int] = []
        digits: list[str] = []
        for ch in text.replace(" ", ""):
            if ch.isdigit():
                digits.append(ch)
                continue
            suit = "mpsz".index(ch)
            for d in digits:
                n = int(d)
                kind = suit * 9 + (4 if n == 0 else n - 1)
                out.append(self._one(kind, red=n == 0))
            digits = []
        assert not digits, text
        return out

    def _one(self, kind: int, red: bool) -> int:
        if red:
            choices = [kind * 4]
        else:
            choices = [kind * 4 + c for c in (3, 2, 1, 0) if kind * 4 + c not in RED]
        for t in choices:
            if t not in self.used:
                self.used.add(t)
                return t
        raise ValueError(f"no {'red' if red else 'black'} copy of kind {kind} left")

    def rest(self, players: int = 4) -> list[int]:
        """The ids not handed out yet, ascending."""
        ids = range(136) if players == 4 else [0, 1, 2, 3, *range(32, 136)]
        return [t for t in ids if t not in self.used]

    def claim(self, tiles: Iterable[int]) -> list[int]:
        tiles = list(tiles)
        assert not self.used & set(tiles)
        self.used |= set(tiles)
        return tiles


def ids(tiles: Iterable[int]) -> str:
    return ",".join(str(t) for t in tiles)


def hundreds(points: Sequence[int], slots: int = 4) -> list[int]:
    vals = [p // 100 for p in points]
    return vals + [0] * (slots - len(vals))


def init(hands: Sequence[Sequence[int]], dora: int, kyoku: int = 0, honba: int = 0, sticks: int = 0,
         scores: Sequence[int] = (25000,) * 4, dice: tuple[int, int] = (0, 0)) -> str:
    hai = "".join(f' hai{s}="{ids(hands[s]) if s < len(hands) else ""}"' for s in range(4))
    return (f'<INIT seed="{kyoku},{honba},{sticks},{dice[0]},{dice[1]},{dora}" '
            f'ten="{ids(hundreds(scores))}" oya="{kyoku % 4}"{hai}/>')


def draw(seat: int, tile: int) -> str:
    return f"<{DRAW[seat]}{tile}/>"


def discard(seat: int, tile: int) -> str:
    return f"<{DISCARD[seat]}{tile}/>"


def turn(seat: int, tile: int, out: int | None = None) -> str:
    """A draw and a discard (tsumogiri unless ``out`` is given)."""
    return draw(seat, tile) + discard(seat, tile if out is None else out)


def call_code(seat: int, kind: str, tiles: Sequence[int], called: int | None = None, from_seat: int | None = None,
              added: int | None = None) -> int:
    """Tenhou's ``m`` of a call: ``kind`` is a call kind's value ("chi", "pon", "ankan", ...)."""
    call_kind = KITA if kind == KITA.value else CallKind(kind)
    return encode_call(Call(seat, call_kind, tuple(tiles), called, from_seat, added))


def call(seat: int, kind: str, tiles: Sequence[int], called: int | None = None, from_seat: int | None = None,
         added: int | None = None) -> str:
    """A call (``<N>``), as :func:`call_code` takes it."""
    return f'<N who="{seat}" m="{call_code(seat, kind, tiles, called, from_seat, added)}"/>'


def sc(before: Sequence[int], deltas: Sequence[int]) -> str:
    b, d = hundreds(before), hundreds(deltas)
    return ids(x for pair in zip(b, d) for x in pair)


def agari(who: int, from_who: int, hand: Sequence[int], machi: int, fu: int, points: int, limit: int,
          yaku: Sequence[int] | None, dora: Sequence[int], before: Sequence[int], deltas: Sequence[int],
          ba: tuple[int, int] = (0, 0), ura: Sequence[int] | None = None, m: Sequence[int] = (),
          owari: str | None = None, yakuman: Sequence[int] = (), pao: int | None = None) -> str:
    text = f'<AGARI ba="{ba[0]},{ba[1]}" hai="{ids(hand)}"'
    if m:
        text += f' m="{ids(m)}"'
    text += f' machi="{machi}" ten="{fu},{points},{limit}"'
    if yaku is not None:
        text += f' yaku="{ids(yaku)}"'
    if yakuman:
        text += f' yakuman="{ids(yakuman)}"'
    text += f' doraHai="{ids(dora)}"'
    if ura is not None:
        text += f' doraHaiUra="{ids(ura)}"'
    text += f' who="{who}" fromWho="{from_who}"'
    if pao is not None:
        text += f' paoWho="{pao}"'
    text += f' sc="{sc(before, deltas)}"'
    if owari is not None:
        text += f' owari="{owari}"'
    return text + " />"


def ryuukyoku(before: Sequence[int], deltas: Sequence[int], shown: dict[int, Sequence[int]] | None = None,
              ba: tuple[int, int] = (0, 0), kind: str | None = None, owari: str | None = None) -> str:
    text = f'<RYUUKYOKU ba="{ba[0]},{ba[1]}" sc="{sc(before, deltas)}"'
    if kind is not None:
        text += f' type="{kind}"'
    for seat, tiles in sorted((shown or {}).items()):
        text += f' hai{seat}="{ids(tiles)}"'
    if owari is not None:
        text += f' owari="{owari}"'
    return text + " />"


def game(body: str, go: int = 169) -> bytes:
    """A log: header (no SHUFFLE) + the rounds in ``body``."""
    return (HEADER.format(go=go) + body + "</mjloggm>").encode()


def deal(tiles: Tiles, hands: Sequence[str]) -> list[list[int]]:
    """Starting hands from mpsz text, one per seat."""
    out = [tiles.take(h) for h in hands]
    assert all(len(h) == 13 for h in out), [len(h) for h in out]
    return out


def live_wall(tiles: Tiles, count: int = 70, seed: int = 0, players: int = 4) -> tuple[list[int], int, list[int]]:
    """(live draws, dora indicator, the other dead-wall tiles) from the ids not dealt.

    The undealt ids are shuffled with ``seed``; the first ``count`` are the
    live draws, the next one the dora indicator, the rest stay in the dead wall.
    """
    rest = tiles.rest(players)
    random.Random(seed).shuffle(rest)
    live, dora, dead = rest[:count], rest[count], rest[count + 1:]
    tiles.claim(rest)
    return live, dora, dead


def tsumogiri_turns(live: Sequence[int], first: int = 0, players: int = 4) -> str:
    """Each live tile drawn and thrown straight back, seats in turn from ``first``."""
    return "".join(turn((first + i) % players, t) for i, t in enumerate(live))


def pinfu_tsumo_hand(deltas: Sequence[int], scores: Sequence[int] = (25000,) * 4) -> str:
    """One hand (INIT to AGARI): seat 1 wins pinfu tsumo, 20 fu 2 han, on its second turn; the
    rules pay it 700 from the dealer and 400 from each other seat, the log records ``deltas``."""
    t = Tiles()
    hands = deal(t, ("147m258p369s1357z", "123m456m789p34s88s", "258m369p147s2467z", "369m147p258s1234z"))
    dora = t.take("3z")[0]                       # West indicates North: no dora in the winner's hand
    first = t.take("9m1s5z7z")
    ninth, win = t.take("9s")[0], t.take("2s")[0]
    body = "".join(turn(s, x) for s, x in enumerate(first)) + turn(0, ninth) + draw(1, win)
    body += agari(1, 1, sorted(hands[1] + [win]), win, 20, 1500, 0, [0, 1, 7, 1], [dora], scores, deltas)
    return init(hands, dora, scores=scores) + body
