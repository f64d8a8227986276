"""How much a simple bot wants to keep a suited tile: the tile-efficiency score the riichi and
Beijing bots share (each adds its own family's terms)."""

from __future__ import annotations

from collections.abc import Sequence


def suited_keep_value(counts: Sequence[int], kind: int) -> int:
    """The keep score of suited ``kind`` (0..26) in a hand of ``counts`` (34 kinds): 3 for a middle
    tile, 1 for a terminal, 2 for each held neighbour within two in its suit, 2 for a pair or more.

    >>> counts = [0] * 34
    >>> counts[3] = counts[4] = 1; counts[5] = 2
    >>> suited_keep_value(counts, 5)
    9
    >>> suited_keep_value(counts, 8)
    1
    """
    value = 3 if kind % 9 not in (0, 8) else 1
    base = kind - kind % 9
    for j in range(max(base, kind - 2), min(base + 9, kind + 3)):
        if j != kind and counts[j]:
            value += 2
    if counts[kind] >= 2:
        value += 2
    return value
