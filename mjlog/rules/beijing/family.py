"""The Beijing family: Beijing mahjong (北京麻將) behind the family interface.

Rule sets, the scorer (``mjlog score``), settlement, the wall of each hand from the log's seed,
the replay and audit of a hand (:mod:`~mjlog.rules.beijing.table`, :mod:`~mjlog.rules.beijing.outcome`)
and the flow of a game. Beijing has no placement points: :meth:`BeijingFamily.game_rules` says
so (``placement_stated=False``), and the generic loop compares only the final scores.

>>> from mjlog.rules import family
>>> fam = family("beijing")
>>> fam.value_unit, sorted(fam.presets)
('fan', ['beijing', 'beijing-ccw'])
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from mjlog.findings import FindingKind
from mjlog.ir import GameLog, Round, Ryuukyoku, Win
from mjlog.rules.results import DerivedWin, RoundResult
from mjlog.rules.common.situations import hand_rows
from mjlog.ir import Seed
from mjlog.rules.beijing.by_hand import score_request
from mjlog.rules.beijing.outcome import HandJudge, next_hand
from mjlog.rules.beijing.record import BeijingDraw, BeijingHand, BeijingHeader, BeijingWin
from mjlog.rules.beijing.ruleset import KNOB_DOCS, PRESETS, BeijingRules
from mjlog.rules.beijing.table import BeijingTable
from mjlog.rules.beijing.wall import BeijingWall, beijing_walls
from mjlog.rules.seeded_family import SeededFamily, check_deal
from mjlog.rules.family import (
    FamilyText, GameCheck, GameRules, HandReplay, HandScorer, Simulator, StoreFacts, WinItem, lazy, register,
)

K = FindingKind


class BeijingText(FamilyText):
    """Beijing in words: the rule set with its base and rotation, a win's fan lines and 燒莊."""

    def describe_rules(self, log: GameLog) -> str:
        rules: BeijingRules = log.rules
        return f"{rules.name} (base {rules.base}, rotation {rules.rotation})"

    def describe_outcome(self, log: GameLog, outcome, japanese: bool = True) -> str:
        if isinstance(outcome, Win):
            how = "self-draw" if outcome.tsumo else f"on seat {outcome.from_who}'s discard"
            rec = outcome.payload
            text = f"seat {outcome.who} wins {how}"
            if isinstance(rec, BeijingWin):
                fans = ", ".join(f"{f.name if japanese else f.english} {f.value}" for f in rec.fans)
                text += f": {rec.total} fan ({fans})"
                if rec.burn_fan:
                    text += f", 燒莊 {rec.burn_fan}"
            return text + f"; deltas {','.join(map(str, outcome.deltas))}"
        if isinstance(outcome, Ryuukyoku):
            rec = outcome.payload
            burn = f", 燒莊 {rec.burn_fan}" if isinstance(rec, BeijingDraw) and rec.burn_fan else ""
            return f"exhaustive draw (荒牌){burn}; deltas {','.join(map(str, outcome.deltas))}"
        return str(outcome)


class BeijingStoreFacts(StoreFacts):
    """What the store keeps of a Beijing game: the fan lines as items, their total as value."""

    def recorded_win_items(self, win: Win) -> tuple[WinItem, ...]:
        rec = win.payload
        if not isinstance(rec, BeijingWin):
            return ()
        from mjlog.rules.beijing.fans import FANS

        ids = {(f.name, f.value): f.id for f in FANS}
        return tuple(WinItem(ids.get((f.name, f.value), -1), f.name, f.english, f.value) for f in rec.fans)

    def win_items(self, win: DerivedWin) -> tuple[WinItem, ...]:
        return win.value.fans if win.value is not None else ()  # None: a win the rules refuse

    def win_value(self, win: DerivedWin) -> int:
        return win.value.total if win.value is not None else 0

    def round_rows(self, log: GameLog, rnd: Round, result: RoundResult | None = None) -> dict[str, list[dict[str, object]]]:
        """The hand's ``win_situations`` and ``calls`` (:mod:`mjlog.rules.common.situations`); no
        ``draw_tenpai``: the family's rules define no tenpai at a drawn hand."""
        return hand_rows(rnd)


class BeijingFamily(SeededFamily):
    """Beijing mahjong as the project reads its source (docs/beijing.md)."""

    name: ClassVar[str] = "beijing"
    english: ClassVar[str] = "Beijing mahjong (北京麻將): wild tiles, 燒莊 and 互包"
    tile_count: ClassVar[int] = 136
    value_unit: ClassVar[str] = "fan"
    presets = PRESETS
    store: ClassVar[StoreFacts] = BeijingStoreFacts()
    text: ClassVar[FamilyText] = BeijingText()
    scorer: ClassVar[HandScorer | None] = HandScorer(score_request)
    simulator: ClassVar[Simulator | None] = Simulator(lazy("mjlog.rules.beijing.simulate.game", "play_game"),
                                                      writer="beijing-xml")

    def knob_docs(self):
        return KNOB_DOCS

    def game_rules(self, game: GameCheck) -> GameRules:
        header = game.log.header
        if isinstance(header, BeijingHeader):
            self.refuse_stated_knobs(game, header.knobs, header.synthetic)
        return GameRules(game.log.rules, placement_stated=False)  # Beijing has no placement points

    def seeded_walls(self, seed: Seed) -> Iterator[BeijingWall]:
        return beijing_walls(seed)

    def proves_first(self, game: GameCheck, rnd: Round, wall: BeijingWall | None) -> str | None:
        """The header proves it: a Beijing log records a whole game, its first hand dealt by the
        header's first dealer at 0 points each (docs/formats/beijing.md)."""
        return "a Beijing log's header starts the game" if isinstance(game.log.header, BeijingHeader) else None

    def replay_hand(self, game: GameCheck, rnd: Round, rules: BeijingRules, wall: BeijingWall | None) -> HandReplay:
        indicator = rnd.payload.wild_indicator if isinstance(rnd.payload, BeijingHand) else None
        table = BeijingTable(rnd, rules, wall, game.log.source, game.findings,
                             wall.wild_indicator if wall is not None else indicator)
        _check_deal(table, rnd, rules, wall, game.log.first_dealer, indicator)
        judge = HandJudge(rnd, rules)
        table.play(rnd.events, judge)
        result = judge.result(table)
        if not result.complete:
            return HandReplay(result, None)
        judge.close(table)
        alt = tuple(table.derived_scores) if table.derived_scores != table.scores else None
        return HandReplay(result, next_hand(rules, rnd, tuple(w.who for w in judge.wins)), alt)

def _check_deal(table: BeijingTable, rnd: Round, rules: BeijingRules, wall: BeijingWall | None,
                first_dealer: int, indicator: int | None) -> None:
    """The hand's dealer against the flow, and its deal and wild indicator against the seed's wall."""
    check_deal(table, rnd, rules, first_dealer, wall)
    if wall is not None and indicator is not None and indicator != wall.wild_indicator:
        table.find(K.WALL, "the wild indicator (惠坯) is not the wall's", table.tile_label(indicator),
                   table.tile_label(wall.wild_indicator))


BEIJING = register(BeijingFamily())
