"""The Datong family: Datong mahjong (大同麻將) behind the family interface.

Rule sets and knobs (``mjlog rules show datong``), the one-hand scorer (``mjlog score --rules
datong``), the wall of each hand from the log's seed, the first dealer by one die, and the
replay and audit of each hand (:mod:`~mjlog.rules.datong.table`, :mod:`~mjlog.rules.datong.outcome`).
Datong has no placement points. The bots' games (``mjlog simulate --rules datong``) are written in
the Datong XML dialect.

>>> from mjlog.rules import family
>>> fam = family("datong")
>>> fam.value_unit, sorted(fam.presets), fam.simulator.writer
('multiplier', ['datong'], 'datong-xml')
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from mjlog.findings import FindingKind
from mjlog.ir import GameLog, Round, Ryuukyoku, Win
from mjlog.rules.common.situations import hand_rows
from mjlog.ir import Seed
from mjlog.rules.datong.by_hand import score_request
from mjlog.rules.datong.flow import first_dealer
from mjlog.rules.datong.hands import HandType
from mjlog.rules.datong.outcome import HandJudge, next_hand
from mjlog.rules.datong.record import DatongHeader, DatongWin
from mjlog.rules.datong.ruleset import KNOB_DOCS, PRESETS, PUNG_KONG, DatongRules, calls_in_words
from mjlog.rules.datong.table import DatongTable
from mjlog.rules.datong.wall import DatongWall, datong_walls
from mjlog.rules.seeded_family import SeededFamily, check_deal
from mjlog.rules.family import (
    FamilyText, GameCheck, GameRules, HandReplay, HandScorer, Simulator, StoreFacts, WinItem, lazy,
    register,
)
from mjlog.rules.results import DerivedWin, RoundResult

K = FindingKind


class DatongText(FamilyText):
    """Datong in words (the source's terms with an English gloss): a preset's base and readings, a win's
    hand types and multiplier."""

    def describe_rules(self, log: GameLog) -> str:
        rules: DatongRules = log.rules
        return f"{rules.name} (base {rules.base}, {calls_in_words(rules)})"

    def describe_preset(self, rules: DatongRules) -> str:
        return f"{rules.players} players, base B={rules.base}, {calls_in_words(rules)}, multipliers {rules.stacking}"

    def describe_outcome(self, log: GameLog, outcome, japanese: bool = True) -> str:
        if isinstance(outcome, Win):
            how = "self-draw" if outcome.tsumo else f"on seat {outcome.from_who}'s discard"
            text = f"seat {outcome.who} wins {how}"
            rec = outcome.payload
            if isinstance(rec, DatongWin):
                types = ", ".join(t.name if japanese else t.english for t in rec.types)
                text += f": x{rec.multiplier} ({types})"
            return text + f"; deltas {','.join(map(str, outcome.deltas))}"
        if isinstance(outcome, Ryuukyoku):
            return f"drawn hand (黃庄); deltas {','.join(map(str, outcome.deltas))}"
        return str(outcome)


class DatongStoreFacts(StoreFacts):
    """A win's hand types as its items (as recorded and as derived) and its multiplier as its value:
    the product of the types' multipliers (or the largest, under ``stacking='highest'``), not their sum;
    the seats that claimed its discard in the ``claimants`` column."""

    def recorded_win_items(self, win: Win) -> tuple[WinItem, ...]:
        rec = win.payload
        if not isinstance(rec, DatongWin):
            return ()
        ids = {t.name_zh: t.id for t in HandType}
        return tuple(WinItem(ids.get(t.name, -1), t.name, t.english, t.value) for t in rec.types)

    def recorded_value(self, win: Win, items) -> int | None:
        rec = win.payload
        return rec.multiplier if isinstance(rec, DatongWin) else None

    def win_items(self, win: DerivedWin) -> tuple[WinItem, ...]:
        v = win.value
        return tuple(WinItem(s.type.id, s.name, s.english, s.multiplier) for s in v.types) if v is not None else ()

    def win_value(self, win: DerivedWin) -> int:
        return win.value.multiplier if win.value is not None else 0

    def win_columns(self, log: GameLog, win: Win, derived: DerivedWin | None) -> dict[str, object]:
        """``claimants``: the seats the win records as claiming its discard (head-bump: the others
        lost it by turn order), the winner alone on a self-draw."""
        rec = win.payload
        return {"claimants": list(rec.claimants)} if isinstance(rec, DatongWin) else {}

    def round_rows(self, log: GameLog, rnd: Round, result: RoundResult | None = None) -> dict[str, list[dict[str, object]]]:
        """The hand's ``win_situations`` and ``calls`` (:mod:`mjlog.rules.common.situations`); no
        ``draw_tenpai``: the family's rules define no tenpai at a drawn hand."""
        return hand_rows(rnd)


class DatongFamily(SeededFamily):
    """Datong mahjong as the project reads its source (docs/datong.md)."""

    name: ClassVar[str] = "datong"
    english: ClassVar[str] = f"Datong mahjong (大同麻將, Shanxi): {PUNG_KONG}, payments in base units"
    tile_count: ClassVar[int] = 136
    value_unit: ClassVar[str] = "multiplier"
    presets = PRESETS
    store: ClassVar[StoreFacts] = DatongStoreFacts()
    text: ClassVar[FamilyText] = DatongText()
    scorer: ClassVar[HandScorer | None] = HandScorer(score_request)
    simulator: ClassVar[Simulator | None] = Simulator(lazy("mjlog.rules.datong.simulate.game", "play_game"),
                                                      writer="datong-xml")

    def knob_docs(self):
        return KNOB_DOCS

    def game_rules(self, game: GameCheck) -> GameRules:
        header = game.log.header
        if isinstance(header, DatongHeader):
            self.refuse_stated_knobs(game, header.knobs, header.synthetic)
            want = first_dealer(header.thrower, header.die)
            if game.log.first_dealer != want:
                game.find(K.FLOW, f"the first dealer (seat {header.thrower} threw {header.die}, counted in turn "
                          "order from the thrower)", game.log.first_dealer, want)
        return GameRules(game.log.rules, placement_stated=False)  # Datong has no placement points

    def seeded_walls(self, seed: Seed) -> Iterator[DatongWall]:
        return datong_walls(seed)

    def proves_first(self, game: GameCheck, rnd: Round, wall: DatongWall | None) -> str | None:
        """The header proves it: a Datong log records a whole game from its first hand."""
        return "a Datong log's header starts the game" if isinstance(game.log.header, DatongHeader) else None

    def replay_hand(self, game: GameCheck, rnd: Round, rules: DatongRules, wall: DatongWall | None) -> HandReplay:
        table = DatongTable(rnd, rules, wall, game.log.source, game.findings)
        check_deal(table, rnd, rules, game.log.first_dealer, wall)
        judge = HandJudge(rnd, rules)
        table.play(rnd.events, judge)
        result = judge.result(table)
        if not result.complete:
            return HandReplay(result, None)
        alt = tuple(table.derived_scores) if table.derived_scores != table.scores else None
        return HandReplay(result, next_hand(rules, rnd, judge.wins[0].who if judge.wins else None), alt)


DATONG = register(DatongFamily())
