"""Replay a game under its rule set: every event checked, every score re-derived.

>>> import mjlog
>>> log = mjlog.read_log(b'<mjloggm ver="2.3"><GO type="169" lobby="0"/><UN n0="A" n1="B" n2="C" n3="D"/></mjloggm>')
>>> [f.kind.value for f in replay(log).findings]
['truncated']
"""

from __future__ import annotations

import os
from collections.abc import Iterator

from mjlog.errors import AuditFailed, MalformedLogError
from mjlog.findings import Finding, FindingKind, Severity
from mjlog.frozen import builder
from mjlog.ir import DrawKind, GameLog, Round, Ryuukyoku, Win
from mjlog.replayer.outcome import settle_draw, settle_win
from mjlog.replayer.results import DerivedDraw, DerivedWin, Replay, RoundResult
from mjlog.replayer.table import RoundState, play
from mjlog.rules.flow import HandEnd, final_scores, next_hand, placement_points
from mjlog.rules.ruleset import RuleSet, apply_knobs
from mjlog.wall import Wall, wall_for_shuffle, walls_for_game

__all__ = ["DerivedDraw", "DerivedWin", "Replay", "RoundResult", "audit", "replay"]

K = FindingKind
SEEDED = ("mt19937ar-sha512-n288-base64", "mt19937ar-sha512-n288")


def _fmt(values) -> str:
    return ",".join(str(v) for v in values)


class _Game:
    """Drives the rounds of one log and collects findings."""

    def __init__(self, log: GameLog) -> None:
        self.log = log
        self.rules = log.rules
        self.findings: list[Finding] = []
        self.walls: Iterator[Wall] | None = None

    def find(self, kind: FindingKind, message: str, recorded=None, derived=None, rnd: Round | None = None,
             severity: Severity = Severity.ERROR) -> None:
        self.findings.append(
            Finding(kind, message, None if recorded is None else str(recorded),
                    None if derived is None else str(derived), rnd.index if rnd else None,
                    rnd.name if rnd else None, None, self.log.source, severity)
        )

    def _rules(self) -> RuleSet:
        log = self.log
        rules = log.rules
        lobby = log.lobby
        self.placement_stated = not lobby.special
        if lobby.special:
            parts = (lobby.csrule or "").split(",")
            start = _csrule_int(parts, 4)
            if start is None and log.rounds and log.rounds[0].scores:
                start = log.rounds[0].scores[0]
            if start:
                rules = rules.replace(start_points=start)
            if lobby.special_bits & 0x200:
                # Tenhou's 0x200 lobbies pay 4 han 30 fu as mangan (kiriage); see docs/scoring-differences.md
                rules = rules.replace(kiriage_mangan=True)
            target = _csrule_int(parts, 5)
            uma = [_csrule_int(parts, i) for i in (21, 22, 23)]
            what = [f"special lobby (GO type 0x{lobby.type:X}{', csrule' if lobby.csrule else ''})"]
            if target is not None and None not in uma and rules.players == 4:
                # csrule states the return and the uma of places 2-4 (docs/rules-notes.md)
                rules = rules.replace(target_points=target, uma=(-sum(uma),) + tuple(uma),  # type: ignore[arg-type]
                                      tied_placements_share_uma=True)
                self.placement_stated = True
                what.append(f"the csrule flag words {parts[0]},{parts[1]} are not decoded")
            else:
                what.append("its placement points (uma/oka) are not modelled")
            if any(k == "sc" for r in log.rounds for o in r.outcomes for k, _ in o.extra):
                what.append("chip payments are not modelled")
            self.find(K.UNSUPPORTED_RULE, "; ".join(what), severity=Severity.WARNING)
        knobs = dict(log.header_extra).get("GO.knobs")
        if knobs:
            try:
                rules = apply_knobs(rules, knobs)
            except ValueError as exc:
                self.find(K.UNSUPPORTED_RULE, f"the log's rule knobs cannot be applied ({exc})",
                          severity=Severity.WARNING)
        if log.final is not None and not log.final.rounded:
            rules = rules.replace(placement_rounding="none")
        if log.rounds and log.rounds[0].shuffle is not None and log.rounds[0].shuffle.kind == "mt19937ar":
            # Tenhou's first era (per-hand seeds, 2008-2009): no tenpai-yame, and east games
            # paid uma 10/5 (reference §8; docs/rules-notes.md)
            rules = rules.replace(tenpai_yame=False)
            if rules.length == "east" and rules.players == 4:
                rules = rules.replace(uma=(10, 5, -5, -10))
        return rules

    def _walls(self) -> None:
        seed = self.log.seed
        if seed is None or seed.kind not in SEEDED:
            return
        try:
            self.walls = walls_for_game(seed, self.rules.players)
        except MalformedLogError as exc:
            self.find(K.WALL, f"the seed cannot be used ({exc.reason})")

    def _wall_for(self, rnd: Round) -> Wall | None:
        if rnd.shuffle is not None and rnd.shuffle.kind == "mt19937ar":
            try:
                return wall_for_shuffle(rnd.shuffle, self.rules.players)
            except MalformedLogError as exc:
                self.find(K.WALL, f"the round's shuffle seed cannot be used ({exc.reason})", rnd=rnd)
                return None
        if self.walls is not None:
            return next(self.walls)
        return None

    def run(self) -> Replay:
        log = self.log
        self.rules = rules = self._rules()
        self._walls()
        results: list[RoundResult] = []
        n = rules.players
        expected = None  # (kyoku, honba, sticks, scores) the next round should start with
        scores: tuple[int, ...] = (rules.start_points,) * n
        sticks = 0
        over = False
        alt_scores: tuple[int, ...] | None = None
        fragment: str | None = None
        stopped = False
        for rnd in log.rounds:
            if over:
                self.find(K.FLOW, "a hand is played after the game should have ended", rnd=rnd)
                over = False
            got = (rnd.kyoku, rnd.honba, rnd.sticks, tuple(rnd.scores))
            if expected is None:
                expected = (0, 0, 0, scores)
                if got != expected:
                    # a fragment: the log starts in the middle of a game; take its start as given
                    fragment = rnd.name
                    expected = got
            if got[:3] != expected[:3]:
                self.find(K.FLOW, "round, honba and sticks at the start of the hand",
                          _fmt(got[:3]), _fmt(expected[:3]), rnd=rnd)
            if got[3] != expected[3] and got[3] != alt_scores:
                self.find(K.FLOW, "scores at the start of the hand", _fmt(got[3]), _fmt(expected[3]), rnd=rnd)
            try:
                result, end, derived_end = self._round(rnd)
            except _NOT_REPLAYABLE as exc:
                # a hand built by hand with values no reader gives (a seat not at the table, a tile id
                # outside 0..135...): reported, and the replay stops there, with nothing derived after it
                self.find(K.MALFORMED, f"the hand's events cannot be replayed ({type(exc).__name__}: {exc})",
                          rnd=rnd)
                stopped = True
                break
            results.append(result)
            if end is None:
                break
            scores = result.end_scores
            sticks = end.sticks
            expected = (end.kyoku, end.honba, end.sticks, scores)
            alt_scores = derived_end  # after a payment finding, the rules' scores are also a fair start
            over = end.game_over
        final_s = final_p = None
        if log.final is None or fragment is not None:
            parts = []
            if fragment is not None:
                parts.append(f"starts in the middle of the game ({fragment})")
            if log.final is None:
                parts.append("stops before the game's end (no final result)")
            self.find(K.TRUNCATED, "the log " + " and ".join(parts), severity=Severity.WARNING)
        if log.final is not None and results and not stopped:
            if not over:
                self.find(K.FLOW, "the game ends although the rules say it goes on", "ended", "continues")
            final_s = final_scores(scores, sticks, rules, log.first_dealer)
            alt_final = final_scores(alt_scores, sticks, rules, log.first_dealer) if alt_scores else None
            if tuple(log.final.scores) != final_s and tuple(log.final.scores) != alt_final:
                self.find(K.FINAL_SCORE, "final scores", _fmt(log.final.scores), _fmt(final_s))
            if self.placement_stated:
                final_p = placement_points(log.final.scores, rules, log.first_dealer)
                if tuple(log.final.points) != final_p:
                    self.find(K.FINAL_SCORE, "placement points", _fmt(log.final.points), _fmt(final_p))
        return Replay(log, tuple(results), final_s, final_p, tuple(self.findings))

    def _round(self, rnd: Round):
        rules = self.rules
        wall = self._wall_for(rnd)
        st = RoundState(rnd, rules, tuple(rnd.scores), wall, self.log.source, self.findings)
        st.limit_fu_unrecorded = "limit_fu" in self.log.unrecorded
        st.nagashi_tenpai_unrecorded = "nagashi_tenpai" in self.log.unrecorded
        wins: list[DerivedWin] = []
        draw: DerivedDraw | None = None
        outcome_seen = False
        recorded_wins: list[Win] = []
        recorded_draw: Ryuukyoku | None = None

        def on_outcome(state: RoundState, i: int, ev) -> None:
            nonlocal draw, outcome_seen, recorded_draw
            outcome_seen = True
            if type(ev) is Win:
                recorded_wins.append(ev)
                w = settle_win(state, ev, first=len(recorded_wins) == 1)
                if w is not None:
                    wins.append(w)
            else:
                recorded_draw = ev
                draw = settle_draw(state, ev)

        play(st, rnd.events, on_outcome)
        start = tuple(rnd.scores)
        end_scores = tuple(st.scores)
        riichi = tuple(s for s in range(rules.players) if st.riichi_accepted[s])
        result = _build_result(
            rnd.index, rnd.name, rnd.kyoku, rnd.honba, rnd.sticks, rnd.dealer, start, end_scores, riichi,
            tuple(wins), draw, tuple(st.deposits), tuple(st.calls_open), outcome_seen,
        )
        if not outcome_seen:
            return result, None, None
        recorded = recorded_wins
        if len(recorded) > 1:
            self._check_double_ron_order(rnd, recorded)
        end = _build_hand_end(  # dealer_won, any_win, abortive, dealer_tenpai
            any(w.who == rnd.dealer for w in recorded),
            bool(recorded),
            draw is not None and draw.kind.abortive,
            draw is not None and (
                draw.tenpai[rnd.dealer] if st.nagashi_tenpai_unrecorded and draw.kind is DrawKind.NAGASHI_MANGAN
                else _recorded_dealer_tenpai(rnd, recorded_draw)),
        )
        nxt = next_hand(rnd.kyoku, rnd.honba, st.sticks, end, end_scores, rules, self.log.first_dealer)
        return result, nxt, tuple(st.derived_scores)

    def _check_double_ron_order(self, rnd: Round, wins: list[Win]) -> None:
        frm = wins[0].from_who
        n = self.rules.players
        order = sorted((w.who for w in wins), key=lambda s: (s - frm) % n)
        if [w.who for w in wins] != order:
            self.find(K.PAYMENT, "double ron winners out of turn order from the discarder",
                      _fmt(w.who for w in wins), _fmt(order), rnd=rnd)


#: What a hand of values outside the IR's ranges raises in the table's methods.
_NOT_REPLAYABLE = (ValueError, IndexError, KeyError, TypeError, AttributeError, ArithmeticError)

_build_result = builder(RoundResult)
_build_hand_end = builder(HandEnd)


def _csrule_int(parts: list[str], i: int) -> int | None:
    """Field ``i`` of a csrule as an int, or None when it is absent or not a number."""
    if i < len(parts):
        text = parts[i].strip()
        if text.lstrip("-").isdigit():
            return int(text)
    return None


def _recorded_dealer_tenpai(rnd: Round, d: Ryuukyoku | None) -> bool:
    """Whether the log shows the dealer's hand at its draw ``d`` (how Tenhou marks tenpai)."""
    if d is None:
        return False
    return d.kind in (DrawKind.EXHAUSTIVE, DrawKind.NAGASHI_MANGAN) and d.hands[rnd.dealer] is not None


def replay(log: GameLog, strict: bool = False) -> Replay:
    """Replay ``log`` under its rule set; with ``strict`` the first finding raises :class:`AuditFailed`."""
    result = _Game(log).run()
    if strict and result.findings:
        raise AuditFailed(result.findings[0].line())
    return result


def audit(source: GameLog | str | os.PathLike | bytes, strict: bool = False) -> Replay:
    """Read (if needed) and replay one log. A log that cannot be read raises :class:`MalformedLogError`."""
    from mjlog.reader import read_log

    log = source if isinstance(source, GameLog) else read_log(source)
    return replay(log, strict=strict)
