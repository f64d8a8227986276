"""The riichi family: Tenhou's rules for four and three players behind the family interface.

>>> from mjlog.rules import family
>>> fam = family("riichi")
>>> fam.value_unit, sorted(fam.presets)[:2]
('han', ['tenhou-3p-east', 'tenhou-3p-south'])
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterator
from typing import ClassVar, cast

from mjlog.errors import MalformedLogError
from mjlog.findings import FindingKind, Severity
from mjlog.rules.riichi.dates import log_date
from mjlog.rules.riichi.lobby import ruleset_for_lobby
from mjlog.frozen import builder
from mjlog.ir import GameLog, Round, Ryuukyoku, Win
from mjlog.rules.riichi import table as riichi_table
from mjlog.rules.riichi.aborts import check_skipped_aborts
from mjlog.rules.riichi.outcome import check_extra_ron, settle_draw, settle_win
from mjlog.rules.results import DerivedDraw, DerivedWin, RoundResult
from mjlog.rules.riichi.table import RiichiTable
from mjlog.rules.family import (
    Family, FamilyText, GameCheck, GameRules, HandReplay, HandScorer, Simulator, StoreFacts, lazy, lazy_part, register,
)
from mjlog.rules.riichi.flow import HandEnd, final_scores, next_hand, placement_points
from mjlog.rules.riichi.record import DrawKind, draw_kind
from mjlog.rules.riichi.ruleset import KNOB_DOCS, PRESETS, RuleSet, apply_knobs
from mjlog.rules.riichi.settlement import DEPOSIT
from mjlog.rules.transfers import Transfer
from mjlog.rules.common.wall import Wall, wall_for_shuffle, walls_for_game

K = FindingKind
#: Seed kinds whose walls mjlog derives for a whole game.
SEEDED = ("mt19937ar-sha512-n288-base64", "mt19937ar-sha512-n288")


class RiichiFamily(Family):
    """Riichi mahjong as Tenhou plays it (4 and 3 players)."""

    name: ClassVar[str] = "riichi"
    english: ClassVar[str] = "Japanese riichi mahjong (Tenhou's rules)"
    tile_count: ClassVar[int] = 136
    value_unit: ClassVar[str] = "han"
    presets = PRESETS
    store: ClassVar[StoreFacts] = lazy_part("mjlog.rules.riichi.store_facts", "RiichiStoreFacts")
    text: ClassVar[FamilyText] = lazy_part("mjlog.rules.riichi.describe", "RiichiText")
    scorer: ClassVar[HandScorer | None] = HandScorer(lazy("mjlog.rules.riichi.score_request", "score_request"))
    simulator: ClassVar[Simulator | None] = Simulator(lazy("mjlog.rules.riichi.simulate", "simulate_game"))

    def knob_docs(self):
        return KNOB_DOCS

    def game_rules(self, game: GameCheck) -> GameRules:
        return game_rules(game)

    def walls(self, game: GameCheck, rules: RuleSet) -> Callable[[Round], Wall | None] | None:
        seed = game.log.seed
        walls: Iterator[Wall] | None = None
        if seed is not None and seed.kind in SEEDED:
            try:
                walls = walls_for_game(seed, rules.players)
            except MalformedLogError as exc:
                game.find(K.WALL, f"the seed cannot be used ({exc.reason})")
        first = True

        def wall_for(rnd: Round) -> Wall | None:
            nonlocal walls, first
            if rnd.shuffle is not None and rnd.shuffle.kind == "mt19937ar":
                try:
                    return wall_for_shuffle(rnd.shuffle, rules.players)
                except MalformedLogError as exc:
                    game.find(K.WALL, f"the round's shuffle seed cannot be used ({exc.reason})", rnd=rnd)
                    return None
            if walls is None:
                return None
            wall = next(walls)
            if first and not deals(wall, rnd) and seed is not None:
                # a fragment: the seed's wall of a later hand may deal the log's first hand
                later = next((w for _, w in zip(range(FRAGMENT_SEARCH), walls) if deals(w, rnd)), None)
                if later is None:  # none does: the walls stay in the log's order
                    walls = walls_for_game(seed, rules.players)
                    next(walls)
                else:
                    wall = later
            first = False
            return wall

        return wall_for

    def proves_first(self, game: GameCheck, rnd: Round, wall: Wall | None) -> str | None:
        """The game's seed proves it: its first wall deals this hand's tiles and dora indicator."""
        if wall is None or rnd.shuffle is not None or game.log.seed is None or not deals(wall, rnd):
            return None  # no wall, a per-hand seed (which does not say which hand it is), or another deal
        seed_walls = walls_for_game(game.log.seed, wall.players)
        return "the seed's first wall deals it" if deals(next(seed_walls), rnd) else None

    def replay_hand(self, game: GameCheck, rnd: Round, rules: RuleSet, wall: Wall | None) -> HandReplay:
        return replay_hand(game, rnd, rules, wall)

    def final_scores(self, rules: RuleSet, scores: tuple[int, ...], sticks: int, first_dealer: int):
        return final_scores(scores, sticks, rules, first_dealer)

    def placement_points(self, rules: RuleSet, final: tuple[int, ...], first_dealer: int):
        return placement_points(final, rules, first_dealer)


#: How many of the seed's walls are searched for the one that deals a fragment's first hand.
FRAGMENT_SEARCH = 64


def deals(wall: Wall, rnd: Round) -> bool:
    """Whether ``wall`` deals ``rnd``'s starting hands (to any seats) and its first dora indicator."""
    if rnd.dora_indicator != wall.dora_indicator(0) or len(rnd.hands) != wall.players:
        return False
    return sorted(sorted(hand) for hand in rnd.hands) == sorted(sorted(hand) for hand in wall.starting_hands())


# -- the rule set a game plays under ----------------------------------------------------------------


#: Placement points were rounded to the thousand in logs up to at least January 2020 and not at
#: all from June 2022 on (reference §8); for a game between the two, or of no known date, the
#: recorded values decide.
ROUNDED_UNTIL = datetime.date(2020, 1, 31)
UNROUNDED_FROM = datetime.date(2022, 6, 1)


def game_rules(game: GameCheck) -> GameRules:
    """The preset the header selected, with what the header says of special lobbies and eras.

    The rules come from the header and the presets only: GO ``knobs`` (a what-if rule set) count
    in games mjlog's simulator marked synthetic, and anywhere else are a finding.
    """
    log = game.log
    rules: RuleSet = log.rules
    lobby = log.header
    placement_stated = True
    knobs = dict(log.header_extra).get("GO.knobs")
    if lobby is not None and lobby.synthetic:
        if knobs:
            try:
                rules = apply_knobs(rules, knobs)
            except ValueError as exc:
                game.find(K.UNSUPPORTED_RULE, f"the log's rule knobs cannot be applied ({exc})",
                          severity=Severity.WARNING)
    else:
        if knobs:
            game.find(K.UNSUPPORTED_RULE, "the log restates the rules (GO knobs), which only mjlog's synthetic "
                      "games may; the knobs are ignored", recorded=knobs)
        unstated = _unstated_lobby(log, rules)
        if unstated:
            rules, placement_stated = _special_lobby(game, rules, unstated)
        if "placement_points" in log.unrecorded:
            placement_stated = False
        if placement_stated:
            rules = _rounding_era(game, rules)
    if log.rounds and log.rounds[0].shuffle is not None and log.rounds[0].shuffle.kind == "mt19937ar":
        # Tenhou's first era (per-hand seeds, 2008-2009): no tenpai-yame, and east games
        # paid uma 10/5 (reference §8; docs/rules-notes.md)
        rules = rules.replace(tenpai_yame=False)
        if rules.length == "east" and rules.players == 4:
            rules = rules.replace(uma=(10, 5, -5, -10))
    return GameRules(rules, placement_stated)


def _rounding_era(game: GameCheck, rules: RuleSet) -> RuleSet:
    """``rules`` with the placement rounding of the game's era, told by its date (a note when it is not)."""
    log = game.log
    if log.final is None or (log.header is not None
                             and log.rules.placement_rounding != ruleset_for_lobby(log.header).placement_rounding):
        return rules  # no placement points to check, or a rounding set in code (a GameLog built with its rules)
    played = log_date(log)
    day = played.day if played is not None else None
    if day is not None and day <= ROUNDED_UNTIL:
        return rules.replace(placement_rounding="round-half-away")
    if day is not None and day >= UNROUNDED_FROM:
        return rules.replace(placement_rounding="none")
    rounded = log.final.rounded
    when = (f"the game's date ({day}) falls between the rounded era (to {ROUNDED_UNTIL:%Y-%m}) and the "
            f"unrounded one (from {UNROUNDED_FROM:%Y-%m})" if day else "the log does not say when the game was played")
    game.find(K.UNRECORDED, f"{when}, so the placement points' rounding is taken from the recorded values "
              f"({'whole numbers: rounded' if rounded else 'decimals: not rounded'})", severity=Severity.NOTE)
    return rules if rounded else rules.replace(placement_rounding="none")


def _unstated_lobby(log: GameLog, rules: RuleSet) -> list[str]:
    """What marks the game's lobby as one whose rules the log does not state (empty for Tenhou's own)."""
    lobby = log.header
    if lobby is None:
        return []
    marks = []
    if lobby.special_bits:
        marks.append(f"GO type 0x{lobby.type:X}")
    if lobby.csrule:
        marks.append("csrule")
    if lobby.tournament:
        marks.append(f"lobby L{lobby.lobby}")
    # a private room (L1..L9999) that starts the first hand off the preset's points plays rules of its own;
    # in the public lobby (L0) such a start is the header's rules broken (or a fragment), not another rule set
    first = log.rounds[0] if log.rounds else None
    if (lobby.lobby and first is not None and (first.kyoku, first.honba, first.sticks) == (0, 0, 0)
            and len(set(first.scores)) == 1 and first.scores[0] != rules.start_points):
        marks.append(f"{first.scores[0]:,} start points")
    return marks


def _special_lobby(game: GameCheck, rules: RuleSet, marks: list[str]) -> tuple[RuleSet, bool]:
    """A special lobby's rules as far as its header (GO type, csrule) states them, with one finding."""
    log = game.log
    lobby = log.header
    assert lobby is not None
    placement_stated = False
    parts = (lobby.csrule or "").split(",")
    start = _csrule_int(parts, 4)
    if start is None and log.rounds and log.rounds[0].scores:
        start = log.rounds[0].scores[0]
    if start:
        rules = rules.replace(start_points=start)
    if lobby.special_bits & 0x200:
        # Tenhou's 0x200 lobbies pay 4 han 30 fu as mangan (kiriage); see docs/scoring-differences.md
        rules = rules.replace(kiriage_mangan=True)
    if lobby.special_bits & 0x400:
        # the one honba win of a 0x400 lobby in the corpus pays 1,500 a honba; see docs/scoring-differences.md
        rules = rules.replace(honba_ron=1500, honba_tsumo_each=500)
    target = _csrule_int(parts, 5)
    uma = [_csrule_int(parts, i) for i in (21, 22, 23)]
    what = [f"special lobby ({', '.join(marks)}), whose rules the log does not state in full"]
    if target is not None and None not in uma and rules.players == 4:
        # csrule states the return and the uma of places 2-4 (docs/rules-notes.md)
        rules = rules.replace(target_points=target, uma=(-sum(uma),) + tuple(uma),  # type: ignore[arg-type]  # no None in uma (checked above)
                              tied_placements_share_uma=True)
        placement_stated = True
        what.append(f"the csrule flag words {parts[0]},{parts[1]} are not decoded")
    else:
        what.append("its placement points (uma/oka) are not known, so they are not checked")
    if any(k == "sc" for r in log.rounds for o in r.outcomes for k, _ in o.extra):
        what.append("chip payments are not modelled")
    game.find(K.UNSUPPORTED_RULE, "; ".join(what), severity=Severity.WARNING)
    return rules, placement_stated


def _csrule_int(parts: list[str], i: int) -> int | None:
    """Field ``i`` of a csrule as an int, or None when it is absent or not a number."""
    if i < len(parts):
        text = parts[i].strip()
        if text.lstrip("-").isdigit():
            return int(text)
    return None


# -- one hand -----------------------------------------------------------------------------------------


def replay_hand(game: GameCheck, rnd: Round, rules: RuleSet, wall: Wall | None) -> HandReplay:
    """Every event of ``rnd`` on a riichi table, each outcome settled, and the hand that follows."""
    log = game.log
    if rnd.index == 0:
        _check_first_dealer(game, rnd, rules)
    st = RiichiTable(rnd, rules, tuple(rnd.scores), wall, log.source, game.findings)
    st.limit_fu_unrecorded = "limit_fu" in log.unrecorded
    st.nagashi_tenpai_unrecorded = "nagashi_tenpai" in log.unrecorded
    st.win_value_unrecorded = "win_value" in log.unrecorded
    wins: list[DerivedWin] = []
    draw: DerivedDraw | None = None
    outcome_seen = False
    recorded_wins: list[Win] = []
    recorded_draw: Ryuukyoku | None = None

    def on_outcome(state: RiichiTable, i: int, ev) -> None:
        nonlocal draw, outcome_seen, recorded_draw
        outcome_seen = True
        if type(ev) is Win:
            recorded_wins.append(ev)
            if len(recorded_wins) > 1:
                check_extra_ron(state, ev, len(recorded_wins))
            w = settle_win(state, ev, first=len(recorded_wins) == 1)
            if w is not None:
                wins.append(w)
        else:
            recorded_draw = ev
            draw = settle_draw(state, ev)

    riichi_table.play(st, rnd.events, on_outcome)  # looked up at each hand (the fast-path tests swap it)
    check_skipped_aborts(st, rnd.events)
    end_scores = tuple(st.scores)
    # (the comprehensions run only in a hand with a riichi: most have none)
    riichi = tuple([s for s, accepted in enumerate(st.riichi_accepted) if accepted]) if any(st.riichi_accepted) else ()
    deposits = tuple(st.deposits)
    result = _build_result(
        rnd.index, rnd.name, rnd.kyoku, rnd.honba, rnd.sticks, rnd.dealer, tuple(rnd.scores), end_scores, riichi,
        tuple(wins), draw, deposits, tuple(st.calls_open), outcome_seen,
        tuple([_build_transfer(s, None, a, DEPOSIT) for s, a in enumerate(deposits) if a]) if any(deposits) else (),
    )
    if not outcome_seen:
        return HandReplay(result, None)
    if len(recorded_wins) > 1:
        _check_double_ron_order(game, rnd, recorded_wins, rules.players)
    end = _build_hand_end(  # dealer_won, any_win, abortive, dealer_tenpai
        any(w.who == rnd.dealer for w in recorded_wins),
        bool(recorded_wins),
        draw is not None and cast(DrawKind, draw.kind).abortive,  # riichi's draws are of a DrawKind
        draw is not None and (
            draw.tenpai[rnd.dealer] if st.nagashi_tenpai_unrecorded and draw.kind is DrawKind.NAGASHI_MANGAN
            else _recorded_dealer_tenpai(rnd, recorded_draw)),
    )
    nxt = next_hand(rnd.kyoku, rnd.honba, st.sticks, end, end_scores, rules, log.first_dealer)
    return HandReplay(result, nxt, tuple(st.derived_scores))


_build_result = builder(RoundResult)
_build_hand_end = builder(HandEnd)
_build_transfer = builder(Transfer)


def _check_first_dealer(game: GameCheck, rnd: Round, rules: RuleSet) -> None:
    """The game's first dealer (Tenhou's TAIKYOKU ``oya``) is East 1's dealer, as the log's first hand implies it."""
    east_1 = (rnd.dealer - rnd.kyoku % 4) % rules.players  # the dealer moves one seat a hand, East 1 to the last wind
    if game.log.first_dealer != east_1:
        game.find(K.FLOW, "the game's first dealer (TAIKYOKU oya) and East 1's dealer as the first hand implies it",
                  game.log.first_dealer, east_1, rnd=rnd)


def _check_double_ron_order(game: GameCheck, rnd: Round, wins: list[Win], n: int) -> None:
    frm = wins[0].from_who
    order = sorted((w.who for w in wins), key=lambda s: (s - frm) % n)
    if [w.who for w in wins] != order:
        game.find(K.PAYMENT, "double ron winners out of turn order from the discarder",
                  ",".join(str(w.who) for w in wins), ",".join(map(str, order)), rnd=rnd)


def _recorded_dealer_tenpai(rnd: Round, d: Ryuukyoku | None) -> bool:
    """Whether the log shows the dealer's hand at its draw ``d`` (how Tenhou marks tenpai)."""
    if d is None:
        return False
    return draw_kind(d) in (DrawKind.EXHAUSTIVE, DrawKind.NAGASHI_MANGAN) and d.hands[rnd.dealer] is not None


RIICHI = register(RiichiFamily())
