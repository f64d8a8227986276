"""Datong's flow: the first dealer by one die, who deals next, and when a hand is drawn.

The source: the thrower's die is counted counter-clockwise from the thrower; the dealer keeps
the deal on a dealer win or a draw (黃庄: 6½ stacks, 13 tiles, left undrawn), otherwise the next
seat deals. ``renchan`` counts the deals the dealer has kept in a row (0 on a new dealer's first).

>>> from mjlog.rules.datong.ruleset import PRESETS
>>> first_dealer(thrower=2, die=3)
0
>>> next_deal(PRESETS["datong"], dealer=1, renchan=2, winner=3)
(2, 0)
>>> next_deal(PRESETS["datong"], dealer=1, renchan=2, winner=None)
(1, 3)
>>> is_drawn(PRESETS["datong"], tiles_left=13)
True
"""

from __future__ import annotations

from mjlog.rules.datong.ruleset import DatongRules


def first_dealer(thrower: int, die: int, players: int = 4) -> int:
    """The first dealer: ``die`` (1-6) counted in turn order from the thrower, the thrower being one."""
    if not 1 <= die <= 6:
        raise ValueError(f"a die shows 1 to 6, not {die}")
    return (thrower + die - 1) % players


def next_deal(rules: DatongRules, dealer: int, renchan: int, winner: int | None) -> tuple[int, int]:
    """The next hand's dealer and renchan count after a win by ``winner`` (None: a draw)."""
    if winner is None or winner == dealer:
        return dealer, renchan + 1
    return rules.next_seat(dealer), 0


def is_drawn(rules: DatongRules, tiles_left: int) -> bool:
    """Whether the hand ends in a draw: no win before only the reserve (6½ stacks) is left."""
    return tiles_left <= rules.reserve_tiles
