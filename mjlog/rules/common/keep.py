"""How much a simple bot wants to keep a tile: the tile-efficiency score the riichi, Beijing and Datong
bots share (each adds its own family's terms), and the efficient discard Beijing's and Datong's bots share
(a flush in sight, then the keep score, then the acceptance)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from mjlog.rules.common.shanten import improving_kinds

#: Tiles of one suit in hand from which a bot plays for a flush (its off-suit tiles go first).
FLUSH_AT = 8


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


def keep_value(counts: Sequence[int], kind: int) -> int:
    """How much a bot wants to keep ``kind`` (low values go first): an honour 0 alone and 4 paired or
    more, a suited tile its :func:`suited_keep_value`."""
    if kind >= 27:
        return 0 if counts[kind] == 1 else 4
    return suited_keep_value(counts, kind)


def off_suit(counts: Sequence[int], candidates: dict[int, int]) -> list[int]:
    """The candidates outside the suit the hand holds :data:`FLUSH_AT` or more tiles of (none without such a suit)."""
    for suit in range(3):
        if sum(counts[suit * 9:suit * 9 + 9]) >= FLUSH_AT:
            return [k for k in candidates if k // 9 != suit]
    return []


def efficient_discard(counts: list[int], after: dict[int, int], melds: int, rng: random.Random,
                      unseen: Callable[[int], int], leave_out: int | None = None) -> int:
    """The kind to discard of ``after`` (each candidate kind and the hand's shanten once it is discarded),
    the hand holding ``counts`` and ``melds`` sets laid down: of the fastest, an off-suit tile when a flush
    is in sight at one step's cost; far from ready the least kept; else the one that leaves the most
    ``unseen`` copies of the kinds that would improve the hand (``leave_out``: a kind not counted)."""
    best = min(after.values())
    off = off_suit(counts, after)
    if off and min(after[k] for k in off) <= best + 1:
        best = min(after[k] for k in off)       # a flush in sight: let an off-suit tile go
        after = {k: after[k] for k in off}
    candidates = [k for k, v in after.items() if v == best]
    if len(candidates) == 1:
        return candidates[0]
    if best > 1:
        return max(candidates, key=lambda k: (-keep_value(counts, k), rng.random()))
    scored = []
    for k in candidates:
        counts[k] -= 1
        acc = sum(unseen(j) for j in improving_kinds(counts, melds) if j != leave_out)
        counts[k] += 1
        scored.append((acc, -keep_value(counts, k), rng.random(), k))
    return max(scored)[3]
