"""A winning MCR hand as data: tile ids, melds, flowers and the situation of the win.

Tile ids cover the 144 tiles: 0-135 as in riichi (``kind = id // 4``: 0-8 1m-9m, 9-17 1p-9p,
18-26 1s-9s, 27-30 East South West North, 31-33 白 发 中) and 136-143 the eight flowers
(春夏秋冬梅兰竹菊). :func:`parse_hand` reads mpsz-like text.

>>> h = parse_hand("[123m][5555p] 456s 1z1z 7z7z 1z 12f")
>>> len(h.concealed), len(h.melds), h.win_tile // 4, h.flowers
(7, 2, 27, (136, 137))
>>> h.melds[1].kind, h.melds[1].concealed
('kong', False)
>>> parse_hand("(5555p)123m456s789s1z 1z").melds[0].concealed
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from mjlog.errors import MjlogError
from mjlog.tiles import parse_mpsz

MeldKind = Literal["chow", "pung", "kong"]
FLOWER_IDS = range(136, 144)
N_IDS = 144
WINDS = "ESWN"


class McrHandError(MjlogError):
    """A hand that cannot be scored: bad tiles, impossible melds, wrong count, not a win."""


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared set: a chow, a pung or a kong (``concealed``: a concealed kong; ``added``: promoted from a pung)."""

    kind: MeldKind
    tiles: tuple[int, ...]
    concealed: bool = False
    added: bool = False


@dataclass(frozen=True, slots=True)
class WinSituation:
    """How the hand was won. Winds are 0-3 (East, South, West, North).

    ``wall_last``: the last tile of the wall (妙手回春 self-drawn, 海底捞月 on a discard);
    ``robbed_kong``: won on a tile added to a kong (抢杠和); ``after_kong``: won on a kong's
    replacement tile (杠上开花); ``last_copy``: the winning tile is the last of its kind not yet
    shown (和绝张).
    """

    self_drawn: bool = False
    wall_last: bool = False
    robbed_kong: bool = False
    after_kong: bool = False
    last_copy: bool = False
    seat_wind: int = 0
    round_wind: int = 0

    def __post_init__(self) -> None:
        if not (0 <= self.seat_wind <= 3 and 0 <= self.round_wind <= 3):
            raise McrHandError(f"winds are 0-3 (E S W N), not {self.seat_wind}/{self.round_wind}")
        if self.robbed_kong and self.self_drawn:
            raise McrHandError("a robbed kong is won on another player's tile, not self-drawn")
        if self.after_kong and not self.self_drawn:
            raise McrHandError("a kong's replacement tile is self-drawn")


@dataclass(frozen=True, slots=True)
class McrHand:
    """The concealed tiles (without the winning tile), the melds, the winning tile and the flowers."""

    concealed: tuple[int, ...]
    melds: tuple[Meld, ...]
    win_tile: int
    flowers: tuple[int, ...] = field(default=())

    def all_ids(self) -> list[int]:
        """Every tile id of the hand, flowers included."""
        out = [*self.concealed, self.win_tile, *self.flowers]
        for m in self.melds:
            out += m.tiles
        return out


def validate(hand: McrHand) -> None:
    """Raise :class:`McrHandError` unless the ids are distinct and valid and the melds real sets."""
    ids = hand.all_ids()
    if len(set(ids)) != len(ids):
        raise McrHandError("a tile id appears twice")
    if min(ids) < 0 or max(ids) >= N_IDS:
        bad = next(t for t in ids if not 0 <= t < N_IDS)
        raise McrHandError(f"tile id {bad} is outside 0-143")
    concealed, flowers, melds = hand.concealed, hand.flowers, hand.melds
    if flowers and min(flowers) < 136:
        raise McrHandError("flowers are ids 136-143")
    if hand.win_tile >= 136 or (concealed and max(concealed) >= 136):
        raise McrHandError("a flower cannot be in the hand")
    for m in melds:
        _check_meld(m)
    if len(melds) > 4 or len(concealed) + 1 + 3 * len(melds) != 14:
        raise McrHandError(f"{len(concealed)} concealed tiles with {len(melds)} melds do not make a hand")


def _check_meld(m: Meld) -> None:
    tiles = m.tiles
    n = len(tiles)
    top = max(tiles) if n else 0
    if top >= 136:
        raise McrHandError("a flower cannot be in a meld")
    low, high = (min(tiles) >> 2, top >> 2) if n else (0, -1)
    if m.kind == "chow":   # three kinds low..high two apart summing to 3 low + 3: low, low + 1, low + 2
        ok = (n == 3 and high == low + 2 and low < 27 and low // 9 == high // 9
              and (tiles[0] >> 2) + (tiles[1] >> 2) + (tiles[2] >> 2) == 3 * low + 3)
    elif m.kind == "pung" or m.kind == "kong":
        ok = n == (3 if m.kind == "pung" else 4) and low == high
    else:
        ok = False
    if not ok or (m.concealed and m.kind != "kong") or (m.added and (m.kind != "kong" or m.concealed)):
        raise McrHandError(f"not a {m.kind}: {sorted(t >> 2 for t in tiles)}")


_MELD = re.compile(r"\[([^\]]*)\](\+?)|\(([^)]*)\)")
_FLOWERS = re.compile(r"([1-8]+)f")


def parse_hand(text: str) -> McrHand:
    """A hand from mpsz-like text: ``[123m]`` a claimed chow, ``[555p]`` a claimed pung, ``[5555p]`` a melded
    kong, ``[5555p]+`` an added kong, ``(5555p)`` a concealed kong, the concealed tiles in mpsz (``1z-7z`` =
    E S W N 白 发 中) with the **last tile the winning tile**, and flowers as ``1-8`` before ``f``.
    """
    body = text
    flowers: list[int] = []
    for m in _FLOWERS.finditer(body):
        flowers.extend(135 + int(d) for d in m.group(1))
    body = _FLOWERS.sub(" ", body)
    melds: list[tuple[str, bool, bool]] = []
    for m in _MELD.finditer(body):
        melds.append((m.group(1) if m.group(3) is None else m.group(3), m.group(3) is not None, m.group(2) == "+"))
    body = _MELD.sub(" ", body)
    if any(ch in body for ch in "[]()"):
        raise McrHandError(f"unbalanced brackets in {text!r}")
    try:
        pieces = [parse_mpsz(s) for s, _, _ in melds] + [parse_mpsz(body)]
    except ValueError as exc:
        raise McrHandError(str(exc)) from None
    ids = _distinct_copies(pieces)
    out_melds = []
    for (_, concealed, added), tiles in zip(melds, ids[:-1]):
        kinds = {t >> 2 for t in tiles}
        kind: MeldKind = "chow" if len(kinds) == 3 else "kong" if len(tiles) == 4 else "pung"
        out_melds.append(Meld(kind, tiles, concealed, added))
    standing = ids[-1]
    if not standing:
        raise McrHandError(f"no concealed tiles in {text!r}")
    if len(set(flowers)) != len(flowers):
        raise McrHandError(f"a flower appears twice in {text!r}")
    hand = McrHand(standing[:-1], tuple(out_melds), standing[-1], tuple(flowers))
    validate(hand)
    return hand


def _distinct_copies(pieces: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """The same kinds with copies renumbered so that no id repeats across the pieces."""
    used: dict[int, int] = {}
    out = []
    for piece in pieces:
        ids = []
        for t in piece:
            k = t >> 2
            n = used.get(k, 0)
            if n >= 4:
                raise McrHandError(f"more than four copies of one tile (kind {k})")
            used[k] = n + 1
            ids.append(k * 4 + n)
        out.append(tuple(ids))
    return out
