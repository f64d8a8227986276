"""Who deals next in Beijing mahjong (連莊 and the rotation of the deal).

The dealer keeps the deal after a dealer win or an exhaustive draw, without limit; after a
non-dealer win the deal passes on in the rule set's rotation (the source: East, North, West,
South; ``beijing-ccw``: East, South, West, North).

>>> from mjlog.rules.beijing.ruleset import PRESETS
>>> next_dealer(PRESETS["beijing"], 0, winners=(2,)), next_dealer(PRESETS["beijing-ccw"], 0, winners=(2,))
(DealerChange(dealer=3, renchan=False), DealerChange(dealer=1, renchan=False))
>>> next_dealer(PRESETS["beijing"], 1, winners=())
DealerChange(dealer=1, renchan=True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mjlog.rules.beijing.ruleset import BeijingRules


@dataclass(frozen=True, slots=True)
class DealerChange:
    """The next hand's dealer, and whether the dealer stayed (連莊)."""

    dealer: int
    renchan: bool


def next_dealer(rules: BeijingRules, dealer: int, winners: Sequence[int]) -> DealerChange:
    """The dealer after a hand won by ``winners`` (none: an exhaustive draw)."""
    if not winners or dealer in winners:
        return DealerChange(dealer, True)
    return DealerChange(rules.next_seat(dealer), False)
