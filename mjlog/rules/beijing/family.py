"""The Beijing family: Beijing mahjong (北京麻將) behind the family interface.

Rule sets, the scorer (``mjlog score``) and settlement are here; the log format, the replay of
a hand (:meth:`BeijingFamily.replay_hand`) and the flow of a game come with the format.

>>> from mjlog.rules import family
>>> fam = family("beijing")
>>> fam.value_unit, sorted(fam.presets)
('fan', ['beijing', 'beijing-ccw'])
"""

from __future__ import annotations

from typing import ClassVar

from mjlog.ir import GameLog
from mjlog.replayer.results import DerivedWin
from mjlog.rules.beijing.api import score_request
from mjlog.rules.beijing.ruleset import KNOB_DOCS, PRESETS, BeijingRules
from mjlog.rules.family import Family, ScoredHand, ScoreRequest, WinItem, register


class BeijingFamily(Family):
    """Beijing mahjong as the project reads its source (docs/beijing.md)."""

    name: ClassVar[str] = "beijing"
    english: ClassVar[str] = "Beijing mahjong (北京麻將): wild tiles, 燒莊 and 互包"
    tile_count: ClassVar[int] = 136
    value_unit: ClassVar[str] = "fan"
    presets = PRESETS

    def knob_docs(self):
        return KNOB_DOCS

    def describe_rules(self, log: GameLog) -> str:
        rules: BeijingRules = log.rules
        return f"{rules.name} (base {rules.base}, rotation {rules.rotation})"

    def final_scores(self, rules: BeijingRules, scores: tuple[int, ...], sticks: int, first_dealer: int):
        return tuple(scores)  # no pot: the scores after the last hand are final

    def score_hand(self, request: ScoreRequest) -> ScoredHand:
        return score_request(request)

    def win_items(self, win: DerivedWin) -> tuple[WinItem, ...]:
        return win.value.fans

    def win_value(self, win: DerivedWin) -> int:
        return win.value.total


BEIJING = register(BeijingFamily())
