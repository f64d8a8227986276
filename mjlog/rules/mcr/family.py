"""The Chinese Official (MCR) family: rule sets, the fan calculator, the referee and what the sinks show.

Readers: PMN and the Botzone text export (``mjlog/formats/mcr/pmn.py``, ``mcr_botzone.py``);
the referee and replay: :mod:`mjlog.rules.mcr.table`, :mod:`mjlog.rules.mcr.outcome`,
:mod:`mjlog.rules.mcr.replay`.

>>> from mjlog.rules import family
>>> fam = family("mcr")
>>> fam.value_unit, fam.tile_count, sorted(fam.presets)
('fan', 144, ['mcr', 'mcr-duplicate'])
>>> fam.placement_points(fam.presets["mcr"], (40, -8, 40, -72), 0)
(3.0, 1.0, 3.0, 0.0)
"""

from __future__ import annotations

from enum import Enum
from typing import ClassVar

from mjlog.ir import Call, CallKind, GameLog, Round, Win
from mjlog.rules.results import DerivedWin, RoundResult
from mjlog.rules.family import (
    Family, FamilyText, GameCheck, GameRules, HandReplay, HandScorer, Simulator, StoreFacts, WinItem, lazy, register,
)
from mjlog.rules.common.situations import hand_rows
from mjlog.rules.mcr.by_hand import score_request
from mjlog.rules.mcr.calculator import FanResult
from mjlog.rules.mcr.describe import describe_outcome
from mjlog.rules.mcr.fans import FANS
from mjlog.rules.mcr.record import McrHandRecord, McrHeader, McrWinRecord
from mjlog.rules.mcr.replay import replay_hand
from mjlog.rules.mcr.ruleset import KNOB_DOCS, PRESETS, McrRules
from mjlog.tiles import CHUN, EAST, HAKU, HATSU


class McrText(FamilyText):
    """MCR in words: the rule set's edition and payments, a win's fans, a draw."""

    def describe_rules(self, log: GameLog) -> str:
        rules: McrRules = log.rules
        return f"{rules.name} (edition {rules.edition}, {rules.payments} payments)"

    def describe_preset(self, rules: McrRules) -> str:
        return (f"{rules.players} players, {rules.hands} hands, {'renchan' if rules.renchan else 'no renchan'}, "
                f"{rules.min_fan}-fan minimum, {rules.payments} payments, edition {rules.edition}")

    def describe_outcome(self, log: GameLog, outcome, japanese: bool = True) -> str:
        return describe_outcome(log, outcome, japanese)


class McrStoreFacts(StoreFacts):
    """What the store keeps of an MCR game: one item per fan counted, the fans with flowers as value."""

    def recorded_win_items(self, win: Win) -> tuple[WinItem, ...]:
        """The fan lines the record states, one item per fan counted (number 0 and no value where lost)."""
        rec = win.payload
        if not isinstance(rec, McrWinRecord):
            return ()
        out = []
        for f in rec.fans:
            known = FANS.get(f.number) if f.number is not None else None
            name = f.name or (known.name if known else "?")
            value = f.value if f.value is not None else (known.value if known else 0)
            out += [WinItem(f.number or 0, name, known.english if known else "", value)] * f.count
        return tuple(out)

    def win_items(self, win: DerivedWin) -> tuple[WinItem, ...]:
        """One item per fan counted (a fan counted twice gives two), flowers included."""
        result: FanResult = win.value
        return tuple(WinItem(line.number, line.name, line.english, line.value)
                     for line in result.lines for _ in range(line.count))

    def win_value(self, win: DerivedWin) -> int:
        """The win's fans with the flowers (what the payments use)."""
        result: FanResult = win.value
        return result.total

    def round_rows(self, log: GameLog, rnd: Round, result: RoundResult | None = None) -> dict[str, list[dict[str, object]]]:
        """The hand's ``win_situations`` and ``calls`` (:mod:`mjlog.rules.common.situations`, a first call's
        reason by :func:`first_call_reason`); no ``draw_tenpai``: the family's rules define no tenpai at a
        drawn hand."""
        return hand_rows(rnd, first_call_reason)


class CallReason(str, Enum):
    """An MCR first call's reason, where the call alone makes it clear."""

    #: a pung or melded kong of a dragon (箭刻), the prevalent wind (圈风刻) or the caller's seat wind
    #: (门风刻): 2 fan by itself, as riichi's yakuhai pon is a yaku by itself
    DRAGON_WIND_PUNG = "dragon_wind_pung"


def first_call_reason(rnd: Round, call: Call, kind: int) -> str | None:
    """The reason of a first call of ``kind`` in ``rnd``: :attr:`CallReason.DRAGON_WIND_PUNG` or None. Seat
    winds follow the dealer (East); the prevalent wind is the hand's record's (none without a record)."""
    if call.kind is not CallKind.PON and call.kind is not CallKind.DAIMINKAN:
        return None
    rec = rnd.payload
    winds = {EAST + (call.seat - rnd.dealer) % len(rnd.hands)}
    if isinstance(rec, McrHandRecord):
        winds.add(EAST + rec.prevalent_wind % 4)
    return CallReason.DRAGON_WIND_PUNG.value if kind in (HAKU, HATSU, CHUN) or kind in winds else None


class McrFamily(Family):
    """Chinese Official mahjong (国标麻将): 81 fans, an 8-fan minimum, 16-hand matches."""

    name: ClassVar[str] = "mcr"
    english: ClassVar[str] = "Chinese Official rules (MCR, 国标麻将)"
    tile_count: ClassVar[int] = 144
    value_unit: ClassVar[str] = "fan"
    presets = PRESETS
    store: ClassVar[StoreFacts] = McrStoreFacts()
    text: ClassVar[FamilyText] = McrText()
    scorer: ClassVar[HandScorer | None] = HandScorer(score_request)  # FalseWinError under the minimum
    simulator: ClassVar[Simulator | None] = Simulator(lazy("mjlog.rules.mcr.simulate.game", "simulate_log"),
                                                      writer="mcr-xml")

    def knob_docs(self):
        return KNOB_DOCS

    def game_rules(self, game: GameCheck) -> GameRules:
        """The log's rule set, one hand long where the record says the match is (a PMN board, a Botzone match)."""
        rules: McrRules = game.log.rules
        header = game.log.header
        if isinstance(header, McrHeader):
            if header.hands is not None and header.hands != rules.hands:
                rules = rules.replace(hands=header.hands, name=rules.name)
            return GameRules(rules, placement_stated=header.table_points)
        return GameRules(rules, placement_stated=False)

    def walls(self, game: GameCheck, rules: McrRules):
        """Each hand's 144-tile wall from the log's seed (:mod:`mjlog.rules.mcr.wall`), or None."""
        from mjlog.rules.mcr.wall import game_walls

        return game_walls(game)

    def final_scores(self, rules: McrRules, scores: tuple[int, ...], sticks: int, first_dealer: int):
        return tuple(scores)            # no pot: a match's score is the sum of its hands

    def placement_points(self, rules: McrRules, final: tuple[int, ...], first_dealer: int):
        """Competition table points 4 / 2 / 1 / 0 by final score; tied seats share their places' points."""
        points = (4.0, 2.0, 1.0, 0.0)
        out = []
        for s in final:
            above = sum(1 for x in final if x > s)
            tied = sum(1 for x in final if x == s)
            out.append(sum(points[above:above + tied]) / tied)
        return tuple(out)

    def replay_hand(self, game: GameCheck, rnd, rules: McrRules, wall) -> HandReplay:
        return replay_hand(game, rnd, rules, wall)



MCR_FAMILY = register(McrFamily())
