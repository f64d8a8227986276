"""The Chinese Official (MCR) family: rule sets, the fan calculator and what the sinks show of a win.

Readers (PMN, Botzone), the referee, the replay and the simulator are not built yet:
:meth:`McrFamily.replay_hand`, :meth:`McrFamily.describe_outcome` and
:meth:`McrFamily.placement_points` raise :class:`NotImplementedError` until they are.

>>> from mjlog.rules import family
>>> fam = family("mcr")
>>> fam.value_unit, fam.tile_count, sorted(fam.presets)
('fan', 144, ['mcr', 'mcr-duplicate'])
"""

from __future__ import annotations

from typing import ClassVar

from mjlog.ir import GameLog
from mjlog.replayer.results import DerivedWin
from mjlog.rules.family import Family, GameCheck, HandReplay, ScoredHand, ScoreRequest, WinItem, register
from mjlog.rules.mcr.by_hand import score_request
from mjlog.rules.mcr.calculator import FanResult
from mjlog.rules.mcr.ruleset import KNOB_DOCS, PRESETS, McrRules

_NOT_YET = "MCR {what} is not built yet (issue 20: readers, referee and simulator come next)"


class McrFamily(Family):
    """Chinese Official mahjong (国标麻将): 81 fans, an 8-fan minimum, 16-hand matches."""

    name: ClassVar[str] = "mcr"
    english: ClassVar[str] = "Chinese Official rules (MCR, 国标麻将)"
    tile_count: ClassVar[int] = 144
    value_unit: ClassVar[str] = "fan"
    presets = PRESETS

    def knob_docs(self):
        return KNOB_DOCS

    def describe_rules(self, log: GameLog) -> str:
        rules: McrRules = log.rules
        return f"{rules.name} (edition {rules.edition}, {rules.payments} payments)"

    def describe_preset(self, rules: McrRules) -> str:
        return (f"{rules.players} players, {rules.hands} hands, {'renchan' if rules.renchan else 'no renchan'}, "
                f"{rules.min_fan}-fan minimum, {rules.payments} payments, edition {rules.edition}")

    def final_scores(self, rules: McrRules, scores: tuple[int, ...], sticks: int, first_dealer: int):
        return tuple(scores)            # no pot: a match's score is the sum of its hands

    def placement_points(self, rules: McrRules, final: tuple[int, ...], first_dealer: int):
        raise NotImplementedError(_NOT_YET.format(what="table points"))

    def score_hand(self, request: ScoreRequest) -> ScoredHand:
        """Fan lines with the flowers, total and payments; :class:`FalseWinError` under the minimum."""
        return score_request(request)

    def replay_hand(self, game: GameCheck, rnd, rules: McrRules, wall) -> HandReplay:
        raise NotImplementedError(_NOT_YET.format(what="replay"))

    def describe_outcome(self, log: GameLog, outcome, japanese: bool = True) -> str:
        raise NotImplementedError(_NOT_YET.format(what="outcome text"))

    def win_items(self, win: DerivedWin) -> tuple[WinItem, ...]:
        """One item per fan counted (a fan counted twice gives two), flowers included."""
        result: FanResult = win.value  # type: ignore[assignment]
        return tuple(WinItem(line.number, line.name, line.english, line.value)
                     for line in result.lines for _ in range(line.count))

    def win_value(self, win: DerivedWin) -> int:
        """The win's fans with the flowers (what the payments use)."""
        result: FanResult = win.value  # type: ignore[assignment]
        return result.total


MCR_FAMILY = register(McrFamily())
