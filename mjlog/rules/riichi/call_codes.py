"""Tenhou's 16-bit call code (``m`` of ``<N>`` and ``<AGARI>``): decode and encode.

Bits are tested in the order chi (0x4), pon (0x8), kakan (0x10), kita (0x20),
then kans (reference §4.3, §12). The discarder is ``(who + (m & 3)) % 4``,
also in sanma.

>>> c = decode_call(0, 53519)   # chi 4s-0s-6s calling the red 5s from seat 3
>>> c.kind.value, c.tiles, c.called, c.from_seat
('chi', (85, 88, 94), 88, 3)
>>> encode_call(c)
53519
"""

from __future__ import annotations

from mjlog.errors import MalformedLogError
from mjlog.ir import Call, CallKind
from mjlog.rules.riichi.events import KITA


def decode_call(who: int, m: int) -> Call:
    """Decode ``m`` for caller ``who``; raises ``MalformedLogError`` when it does not decode."""
    if not 0 <= m < 0x10000:
        raise MalformedLogError(f"call code m={m} is not a 16-bit value")
    fr = m & 3
    if m & 0x4:
        if fr != 3:
            raise MalformedLogError(f"chi code m={m} does not take from the left")
        t, called = divmod(m >> 10, 3)
        if t >= 21:
            raise MalformedLogError(f"chi code m={m} names no run")
        base = (t // 7) * 9 + t % 7
        tiles: tuple[int, ...] = (
            base * 4 + ((m >> 3) & 3),
            (base + 1) * 4 + ((m >> 5) & 3),
            (base + 2) * 4 + ((m >> 7) & 3),
        )
        return Call(who, CallKind.CHI, tiles, tiles[called], (who + 3) % 4)
    if m & 0x18:
        t, called = divmod(m >> 9, 3)
        if t >= 34:
            raise MalformedLogError(f"pon code m={m} names no tile kind")
        unused = (m >> 5) & 3
        tiles = tuple(t * 4 + i for i in range(4) if i != unused)
        if fr == 0:
            raise MalformedLogError(f"pon code m={m} takes from nobody")
        if m & 0x8:
            return Call(who, CallKind.PON, tiles, tiles[called], (who + fr) % 4)
        return Call(who, CallKind.KAKAN, tiles + (t * 4 + unused,), tiles[called], (who + fr) % 4, t * 4 + unused)
    if m & 0x20:
        tile = m >> 8
        if tile >> 2 != 30:
            raise MalformedLogError(f"kita code m={m} names tile {tile}, not a North")
        return Call(who, KITA, (tile,))
    hai0 = m >> 8
    if hai0 >= 136:
        raise MalformedLogError(f"kan code m={m} names tile {hai0}")
    kind = hai0 >> 2
    tiles = (hai0,) + tuple(kind * 4 + i for i in range(4) if kind * 4 + i != hai0)
    if fr == 0:
        return Call(who, CallKind.ANKAN, tiles)
    return Call(who, CallKind.DAIMINKAN, tiles, hai0, (who + fr) % 4)


def encode_call(call: Call) -> int:
    """Tenhou's ``m`` for a call; the inverse of :func:`decode_call`."""
    kind = call.kind
    if kind is KITA:
        return call.tiles[0] << 8 | 0x20
    if kind is CallKind.ANKAN or kind is CallKind.DAIMINKAN:
        fr = 0 if kind is CallKind.ANKAN else (call.from_seat - call.seat) % 4  # type: ignore[operator]  # set: a daiminkan takes a discard
        return call.tiles[0] << 8 | fr
    fr = (call.from_seat - call.seat) % 4  # type: ignore[operator]  # set: chi, pon and kakan take a tile
    if kind is CallKind.CHI:
        tiles = sorted(call.tiles)
        base = tiles[0] >> 2
        t = ((base // 9) * 7 + base % 9) * 3 + tiles.index(call.called)  # type: ignore[arg-type]  # set, as from_seat
        return t << 10 | 0x4 | (tiles[0] & 3) << 3 | (tiles[1] & 3) << 5 | (tiles[2] & 3) << 7 | fr
    three = sorted(call.tiles[:3])
    k = three[0] >> 2
    t = k * 3 + three.index(call.called)  # type: ignore[arg-type]  # set, as from_seat
    if kind is CallKind.PON:
        unused = ({0, 1, 2, 3} - {x & 3 for x in three}).pop()
        return t << 9 | 0x8 | unused << 5 | fr
    return t << 9 | 0x10 | (call.added & 3) << 5 | fr  # type: ignore[operator]  # a kakan's added tile
