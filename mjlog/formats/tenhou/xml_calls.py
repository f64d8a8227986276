"""Tenhou's call codes (``m`` of ``<N>`` and ``<AGARI>``) read by table for the XML reader: the
checked :class:`~mjlog.ir.Call` of a valid code, built without the reference decoder's work.

A code's bits name a field each (``mjlog.rules.riichi.call_codes``): the tables below map those
fields to tiles once, at import (a few hundred entries), where
:func:`~mjlog.rules.riichi.call_codes.decode_call` and the reader's checks compute them call by
call. :func:`table_call` answers only a code that is valid at the table; anything else is None,
and the reader's reference path then decodes it and raises its error. ``tests`` compare the two
for every code, seat and table size.

>>> c = table_call(4, 0, 53519)   # chi 4s-0s-6s calling the red 5s from seat 3
>>> c.kind.value, c.tiles, c.called, c.from_seat
('chi', (85, 88, 94), 88, 3)
>>> table_call(3, 0, 53519) is None   # no chi at a three-player table
True
"""

from __future__ import annotations

from mjlog.frozen import builder
from mjlog.ir import Call, CallKind
from mjlog.rules.riichi.events import KITA
from mjlog.tiles import SANMA_ABSENT_KINDS

__all__ = ["table_call"]

_build_call = builder(Call)  # Call's fields: seat, kind, tiles, called, from_seat, added
_CHI, _PON, _KAKAN, _ANKAN, _DAIMINKAN = (CallKind.CHI, CallKind.PON, CallKind.KAKAN, CallKind.ANKAN,
                                          CallKind.DAIMINKAN)


def _chi_runs() -> list[tuple[int, int] | None]:
    """By ``m >> 10``: (4 x the run's lowest kind, which of its three tiles is called), or None
    for a value that names no run."""
    out: list[tuple[int, int] | None] = []
    for t in range(64):
        run, called = divmod(t, 3)
        out.append(((run // 7 * 9 + run % 7) * 4, called) if run < 21 else None)
    return out


#: By ``m >> 10`` of a chi: see :func:`_chi_runs`.
_CHI_RUNS = _chi_runs()
# Each table below is by tile id, four ids (one kind) at a time: the four copies k..k+3 and, for
# copy k+i, the other three in id order (written out: building them by loops cost 1.3 ms at import).
#: By the copy a pon leaves out (a kakan adds): the pon's three tiles.
_PON_TILES = tuple(t for k in range(0, 136, 4)
                   for t in ((k + 1, k + 2, k + 3), (k, k + 2, k + 3), (k, k + 1, k + 3), (k, k + 1, k + 2)))
#: By the copy a kakan adds: the pon's three tiles, then it.
_KAKAN_TILES = tuple(t for k in range(0, 136, 4)
                     for t in ((k + 1, k + 2, k + 3, k), (k, k + 2, k + 3, k + 1), (k, k + 1, k + 3, k + 2),
                               (k, k + 1, k + 2, k + 3)))
#: By the tile a kan's code names: it, then the other three copies.
_KAN_TILES = tuple(t for k in range(0, 136, 4)
                   for t in ((k, k + 1, k + 2, k + 3), (k + 1, k, k + 2, k + 3), (k + 2, k, k + 1, k + 3),
                             (k + 3, k, k + 1, k + 2)))
#: Whether a tile id's kind is in a three-player wall, by tile id.
_IN_SANMA = tuple((t >> 2) not in SANMA_ABSENT_KINDS for t in range(136))


def table_call(n: int, who: int, m: int) -> Call | None:
    """The call seat ``who`` makes, coded ``m``, at a table of ``n`` (3 or 4) players, when the code
    is valid there; else None (the reference decoder says why). ``who`` must be a seat of the table."""
    if not 0 <= m < 0x10000:
        return None
    fr = m & 3
    if m & 0x4:
        run = _CHI_RUNS[m >> 10]
        if run is None or fr != 3 or n != 4:
            return None
        base, called = run
        tiles: tuple[int, ...] = (base + (m >> 3 & 3), base + 4 + (m >> 5 & 3), base + 8 + (m >> 7 & 3))
        return _build_call(who, _CHI, tiles, tiles[called], (who + 3) % 4, None)
    if m & 0x18:
        kind, called = divmod(m >> 9, 3)
        giver = (who + fr) % 4
        if kind >= 34 or fr == 0 or (n == 3 and (giver == 3 or not _IN_SANMA[kind * 4])):  # sanma: no seat 3
            return None
        other = kind * 4 + (m >> 5 & 3)
        if m & 0x8:
            tiles = _PON_TILES[other]
            return _build_call(who, _PON, tiles, tiles[called], giver, None)
        tiles = _KAKAN_TILES[other]
        return _build_call(who, _KAKAN, tiles, tiles[called], giver, other)
    tile = m >> 8
    if m & 0x20:
        return _build_call(who, KITA, (tile,), None, None, None) if tile >> 2 == 30 and n == 3 else None
    giver = (who + fr) % 4
    if tile >= 136 or not (n == 4 or (_IN_SANMA[tile] and (fr == 0 or giver != 3))):
        return None
    if fr == 0:
        return _build_call(who, _ANKAN, _KAN_TILES[tile], None, None, None)
    return _build_call(who, _DAIMINKAN, _KAN_TILES[tile], tile, giver, None)
