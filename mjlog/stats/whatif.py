"""What-ifs on stored wins: the recorded winning hands of a store re-scored with local yaku switched on,
or under changed rule knobs (ura, ippatsu or kan dora off, 二翻縛, kiriage, kazoe, double yakuman...).

Riichi only by nature: local yaku (地方役) and these knobs are the riichi family's rule set, and only
the store's riichi games are read.

Every riichi win the replay could score is rebuilt from the store (its concealed tiles, the
winner's calls from ``events``, the situation from the derived yaku and the events before the win,
the dora and ura indicators, kan dora included, as the store holds them: recorded, else derived by
the replay) and scored twice: under the game's rule set, which must give the stored derived value
(a check of the rebuild), and under the change. The play is kept as it was: under these rules the
players would have played differently, so the numbers say how often a change would have applied to
these hands and how it would have moved points and placements, not what would have happened. A win
the changed rules forbid (二翻縛: too few han without dora at the hand's honba) is "no longer a
win": its payments are taken back and the hand pays nothing, since what would have followed is unknown.

The hands' scores move by the difference of the two settlements; the game's final scores and
placement points follow (leftover riichi sticks go to whoever is then first). Each row carries 95%
intervals clustered by game (:mod:`mjlog.stats.clustered`): the share of wins changed, the mean
change of a win's value, and the mean placement points moved per game.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

import polars as pl

from mjlog.errors import InvalidHandError
from mjlog.ir import Call, CallKind, call_kind
from mjlog.rules.knobs import RuleChoice
from mjlog.rules.riichi.events import KITA
from mjlog.rules.riichi.context import SITUATION_FLAGS, WinContext
from mjlog.rules.riichi.flow import final_scores, placement_points
from mjlog.rules.riichi.local_yaku import BY_KNOB, LOCAL, LocalYaku
from mjlog.rules.riichi.points import YAKUMAN_BASIC
from mjlog.rules.riichi.ruleset import RuleSet, preset
from mjlog.rules.riichi.scorer import HandValue, score
from mjlog.rules.riichi.settlement import pao_seat, win_settlement
from mjlog.rules.riichi.variants import short_of_minimum
from mjlog.rules.riichi.yaku_table import ALL_YAKU
from mjlog.stats.clustered import ratio_intervals
from mjlog.text import ljust_display

PLAY_KEPT = ("The play is kept as recorded: under these rules the players would have played differently, "
             "so these are the recorded hands re-scored, not what would have happened.")


@dataclass(frozen=True, slots=True)
class StoredWin:
    """One stored win as the scorer's inputs."""

    game_id: str
    round_index: int
    seat: int
    from_seat: int
    dealer: int
    rules: RuleSet
    concealed: tuple[int, ...]
    melds: tuple[Call, ...]
    win_tile: int
    context: WinContext
    derived_points: int
    derived_deltas: tuple[int, ...]
    hand_honba: int = 0       # the hand's honba counters (a second ron winner's context has 0)


@dataclass(frozen=True, slots=True)
class GameEnd:
    """What a game's placement needs: the last hand's end scores, the start scores and the first dealer."""

    rules: RuleSet
    end_scores: tuple[int, ...]
    start_total: int
    first_dealer: int


@dataclass(frozen=True, slots=True)
class Estimate:
    """A share or a mean with its 95% interval, clustered by game."""

    value: float
    lo: float
    hi: float

    def text(self, digits: int = 0) -> str:
        """``value [lo, hi]``."""
        return f"{self.value:.{digits}f} [{self.lo:.{digits}f}, {self.hi:.{digits}f}]"


@dataclass(frozen=True, slots=True)
class YakuEffect:
    """One local yaku or rule change (or ``all`` of the chosen ones together) over the re-scored wins."""

    name: str
    english: str
    wins: int                 # wins it applies to (a knob: whose value or payments it changes)
    points_added: int         # the change of the hands' value (without honba and sticks), summed
    games_reordered: int      # games in which some seat's placement changes
    placement_points_moved: float   # half the sum of |change| of every seat's placement points
    no_longer_wins: int = 0   # wins the change makes illegal (二翻縛), their payments taken back
    share_changed: Estimate | None = None        # the share of the wins it applies to
    points_per_win: Estimate | None = None       # the mean change of a win's value
    placement_per_game: Estimate | None = None   # the mean placement points moved per game
    kita_not_counted: int = 0     # Norths set aside (kita) the changed rules cannot count (``north`` not nukidora)
    wins_with_kita_not_counted: int = 0


@dataclass(frozen=True, slots=True)
class WhatIf:
    """The what-if over a store's selection."""

    n_games: int
    n_wins: int
    n_as_stored: int          # wins whose rebuild scores exactly as the store's derived value
    effects: tuple[YakuEffect, ...]
    not_rescorable: tuple[tuple[str, str], ...] = field(default=())   # (yaku, why)
    riichi_without_ura: int = 0   # riichi wins whose store holds no ura indicator (none recorded or derivable)


_WINS = """
SELECT w.game_id, w.round_index, w.win_index, w.event_index, w.seat, w.from_seat, w.tsumo, w.riichi, w.win_tile,
       w.hand, w.dora_indicators, w.ura_indicators, w.honba, w.sticks, w.derived_points, w.derived_deltas,
       g.rule_set, r.dealer, r.kyoku, i.items
FROM wins w JOIN games g USING (game_id) JOIN rounds r USING (game_id, round_index)
LEFT JOIN (SELECT game_id, round_index, win_index, list(item_id) AS items FROM win_items WHERE derived
           GROUP BY ALL) i USING (game_id, round_index, win_index)
WHERE g.family = 'riichi' AND w.derived AND {cond}
ORDER BY w.game_id, w.round_index, w.win_index"""
_EVENTS = """
SELECT e.game_id, e.round_index, e.event_index, e.seat, e.kind, e.call_kind, e.call_tiles, e.from_seat
FROM events e JOIN games g USING (game_id)
WHERE g.family = 'riichi' AND {cond} AND (e.kind = 'call' OR e.kind = 'discard')
ORDER BY e.game_id, e.round_index, e.event_index"""
_ROUNDS = """
SELECT r.game_id, r.round_index, r.dealer, r.end_scores, g.rule_set, g.first_dealer, r.start_scores
FROM rounds r JOIN games g USING (game_id) WHERE g.family = 'riichi' AND {cond}
ORDER BY r.game_id, r.round_index"""


def _melds(calls: Iterable[dict]) -> tuple[Call, ...]:
    """The winner's calls in play: a kakan takes the place of its pon."""
    out: list[Call] = []
    for c in calls:
        kind = call_kind(c["call_kind"])
        tiles = tuple(c["call_tiles"])
        if kind is CallKind.KAKAN:
            out = [m for m in out if not (m.kind is CallKind.PON and m.tiles[0] >> 2 == tiles[0] >> 2)]
        out.append(Call(c["seat"], kind, tiles, from_seat=c["from_seat"]))
    return tuple(out)


def _dealer_streaks(rounds: Sequence[dict], won: set[tuple[str, int, int]]) -> dict[tuple[str, int], int]:
    """For each round, the dealer's consecutive wins in the hands just before it (same dealer, each won)."""
    out: dict[tuple[str, int], int] = {}
    streak, prev = 0, None
    for r in rounds:
        key = (r["game_id"], r["dealer"])
        if key != prev:
            streak = 0
        out[(r["game_id"], r["round_index"])] = streak
        streak = streak + 1 if (r["game_id"], r["round_index"], r["dealer"]) in won else 0
        prev = key
    return out


def load_wins(store, cond: str) -> tuple[list[StoredWin], dict[str, GameEnd]]:
    """The selection's scorable riichi wins and the games' ends (``cond``: a condition on ``games g``)."""
    wins = store.sql(_WINS.format(cond=cond)).to_dicts()
    rounds = store.sql(_ROUNDS.format(cond=cond)).to_dicts()
    by_round: dict[tuple[str, int], list[dict]] = defaultdict(list)
    for e in store.sql(_EVENTS.format(cond=cond)).iter_rows(named=True):
        by_round[(e["game_id"], e["round_index"])].append(e)
    rules_of: dict[str, RuleSet] = {}
    ends: dict[str, GameEnd] = {}
    for r in rounds:
        try:
            rules = rules_of.setdefault(r["rule_set"], preset(r["rule_set"]))
        except KeyError:
            continue
        if r["end_scores"] is not None:
            start = ends[r["game_id"]].start_total if r["game_id"] in ends else sum(r["start_scores"])
            ends[r["game_id"]] = GameEnd(rules, tuple(r["end_scores"]), start, r["first_dealer"] or 0)
    streaks = _dealer_streaks(rounds, {(w["game_id"], w["round_index"], w["seat"]) for w in wins})
    out = []
    for w in wins:
        if w["rule_set"] not in rules_of:
            continue
        events = [e for e in by_round[(w["game_id"], w["round_index"])] if e["event_index"] < w["event_index"]]
        out.append(_stored_win(w, rules_of[w["rule_set"]], events, streaks[(w["game_id"], w["round_index"])]))
    return out, ends


def _stored_win(w: dict, rules: RuleSet, before: list[dict], streak: int) -> StoredWin:
    """One win row, the events of its round before it and the dealer's streak, as scorer inputs."""
    seat, dealer, n = w["seat"], w["dealer"], rules.players
    items = set(w["items"] or ())
    flags = {flag: yid in items for yid, flag in SITUATION_FLAGS.items()}
    first = w["win_index"] == 0
    ctx = WinContext(
        seat_wind=(seat - dealer) % n, round_wind=w["kyoku"] // 4, tsumo=w["tsumo"],
        riichi=bool(w["riichi"]) and not flags["double_riichi"], double_riichi=flags["double_riichi"],
        ippatsu=flags["ippatsu"], haitei=flags["haitei"], houtei=flags["houtei"], rinshan=flags["rinshan"],
        chankan=flags["chankan"], tenhou=flags["tenhou"], chiihou=flags["chiihou"],
        renhou=(not w["tsumo"] and seat != dealer and not any(e["kind"] == "call" for e in before)
                and not any(e["kind"] == "discard" and e["seat"] == seat for e in before)),
        dora_indicators=tuple(w["dora_indicators"] or ()), ura_indicators=tuple(w["ura_indicators"] or ()),
        honba=w["honba"] if first else 0, sticks=w["sticks"] if first else 0,
        dealer_streak=streak if seat == dealer else 0, after_kita=_on_a_kita(w, before))
    melds = _melds(e for e in before if e["kind"] == "call" and e["seat"] == seat)
    return StoredWin(w["game_id"], w["round_index"], seat, w["from_seat"], dealer, rules,
                     tuple(sorted(w["hand"])), melds, w["win_tile"], ctx, w["derived_points"],
                     tuple(w["derived_deltas"] or ()), w["honba"] or 0)


def _on_a_kita(w: dict, before: list[dict]) -> bool:
    """The win is on a North set aside: the last call or discard before it is a kita, the winner's (a tsumo
    on its replacement) or the seat it robs (a ron on it)."""
    last = before[-1] if before else None
    return (last is not None and last["kind"] == "call" and last["call_kind"] == KITA.value
            and last["seat"] == (w["seat"] if w["tsumo"] else w["from_seat"]))


#: A win's value and its score changes.
Settled = tuple[HandValue, tuple[int, ...]]


def kita_not_counted(win: StoredWin, rules: RuleSet) -> int:
    """The Norths ``win`` set aside (kita) that ``rules`` cannot count: all of them unless ``north=nukidora``
    (under another North rule no North is set aside, and what the hand would have been is unknown)."""
    return 0 if rules.nukidora else sum(1 for m in win.melds if m.kind is KITA)


def settle(win: StoredWin, rules: RuleSet) -> tuple[HandValue, tuple[int, ...]]:
    """The win's value and score changes under ``rules`` (its kita left out where they cannot count,
    :func:`kita_not_counted`)."""
    melds = win.melds if rules.nukidora else tuple(m for m in win.melds if m.kind is not KITA)
    v = score(win.concealed, melds, win.win_tile, win.context, rules)
    pao = pao_seat([m for m in win.melds if m.kind is not KITA], win.seat, v.yakuman, rules)
    paid = win_settlement(v.basic, win.seat, win.from_seat, win.dealer, rules, win.context.honba,
                          win.context.sticks, pao, None if rules.pao_covers_stacked_yakuman else YAKUMAN_BASIC)
    return v, paid.deltas


def _placements(end: GameEnd, diff: Sequence[int]) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """Each seat's placement (0 = first) and placement points once ``diff`` is added to the end scores."""
    scores = [s + d for s, d in zip(end.end_scores, diff)]
    sticks = (end.start_total - sum(end.end_scores)) // end.rules.riichi_deposit
    final = final_scores(scores, sticks, end.rules, end.first_dealer)
    n = len(final)
    order = sorted(range(n), key=lambda s: (-final[s], (s - end.first_dealer) % n))
    return tuple(order.index(s) for s in range(n)), placement_points(final, end.rules, end.first_dealer)


def _effect(name: str, english: str, change: Callable[[RuleSet], RuleSet | None], counts: Callable[[Settled, Settled], bool],
            wins: Sequence[StoredWin], base: Sequence[Settled], ends: dict[str, GameEnd]) -> YakuEffect:
    """Re-score every win under ``change(its rules)`` (None: the win is left as it was) and sum up what
    moved; ``counts`` says whether the change applies to a win (from its value and deltas before and after).
    A win that is none under the changed rules (no yaku, or short of 二翻縛's han) has its payments taken back."""
    applied = added = lost = kita = kita_wins = 0
    diffs: dict[str, list[int]] = {}
    units: dict[str, list] = {"game_id": [], "applies": [], "points": []}
    for win, (v0, d0) in zip(wins, base):
        rules = change(win.rules)
        moved = applies = 0
        if rules is not None:
            dropped = kita_not_counted(win, rules)
            kita, kita_wins = kita + dropped, kita_wins + (dropped > 0)
            v1, d1 = settle(win, rules)
            if v1.no_yaku or short_of_minimum(v1, win.hand_honba, rules):
                lost += 1
                applies, moved, d1 = 1, -v0.points, (0,) * len(d0)
            else:
                applies, moved = int(counts((v0, d0), (v1, d1))), v1.points - v0.points
            if d1 != d0:
                acc = diffs.setdefault(win.game_id, [0] * len(d0))
                for s, (a, b) in enumerate(zip(d0, d1)):
                    acc[s] += b - a
        applied += applies
        added += moved
        for col, value in (("game_id", win.game_id), ("applies", applies), ("points", moved)):
            units[col].append(value)
    reordered, per_game = 0, {g: 0.0 for g in units["game_id"] if g in ends}
    for game_id, diff in diffs.items():
        end = ends.get(game_id)
        if end is None or len(end.end_scores) != len(diff):
            continue
        (p0, q0), (p1, q1) = _placements(end, [0] * len(diff)), _placements(end, diff)
        reordered += p0 != p1
        per_game[game_id] = sum(abs(b - a) for a, b in zip(q0, q1)) / 2
    share, points, placement = _intervals(units, per_game)
    return YakuEffect(name, english, applied, added, reordered, round(sum(per_game.values()), 1), lost,
                      share, points, placement, kita, kita_wins)


def _intervals(units: dict[str, list], per_game: dict[str, float]) -> tuple[Estimate | None, ...]:
    """The share of wins a change applies to and the mean change of a win's value (units: the wins,
    clustered by game), and the mean placement points moved per game (units: the games)."""
    if not units["game_id"]:
        return None, None, None
    frame = pl.DataFrame(units).with_columns(pl.lit(1).alias("one"))
    games = pl.DataFrame({"game_id": list(per_game), "moved": list(per_game.values())},
                         schema={"game_id": pl.String, "moved": pl.Float64}).with_columns(pl.lit(1).alias("one"))
    out: list[Estimate | None] = []
    for data, num, proportion in ((frame, "applies", True), (frame, "points", False), (games, "moved", False)):
        if data.is_empty():
            out.append(None)
            continue
        iv = ratio_intervals(data, [], num, "one", proportion=proportion).row(0, named=True)
        mean = data[num].cast(pl.Float64).mean()
        out.append(Estimate(float(mean), _finite(iv["lo"], mean), _finite(iv["hi"], mean)))  # type: ignore[arg-type]
    return tuple(out)


def _finite(x: float | None, fallback) -> float:
    """An interval end, or the value itself where there is no interval (one game: NaN)."""
    return float(fallback) if x is None or x != x else float(x)


def what_if(store, knobs: Sequence[str], cond: str = "TRUE", choice: RuleChoice | None = None) -> WhatIf:
    """Re-score the selection's wins with each local yaku of ``knobs`` on (alone, then all together),
    then under each knob of ``choice`` (``--rules``/``--knob``: alone, then all together)."""
    wins, ends = load_wins(store, cond)
    base, kept, as_stored = [], [], 0
    for win in wins:
        try:
            v, d = settle(win, win.rules)
        except InvalidHandError:
            continue
        kept.append(win)
        base.append((v, d))
        as_stored += v.points == win.derived_points and d == win.derived_deltas
    chosen = [BY_KNOB[k] for k in knobs]
    effects = [_effect(ALL_YAKU[y.id].name_ja, ALL_YAKU[y.id].name_en, _yaku_on([y]), _yaku_counts([y]), kept, base,
                       ends) for y in chosen if not y.not_rescorable]
    scorable = [y for y in chosen if not y.not_rescorable]
    if len(scorable) > 1:
        effects.append(_effect("all", "all of the above together", _yaku_on(scorable), _yaku_counts(scorable), kept,
                               base, ends))
    effects += [_effect(label, "", _under(c), _changed, kept, base, ends) for label, c in _variants(choice)]
    skipped = tuple((f"{ALL_YAKU[y.id].name_ja} {ALL_YAKU[y.id].name_en}", y.not_rescorable)
                    for y in chosen if y.not_rescorable)
    no_ura = sum(1 for w in kept if w.context.in_riichi and not w.context.ura_indicators)
    return WhatIf(len({w.game_id for w in kept}), len(kept), as_stored, tuple(effects), skipped, no_ura)


def _yaku_on(on: Sequence[LocalYaku]) -> Callable[[RuleSet], RuleSet]:
    return lambda rules: rules.replace(**{y.knob: True for y in on})


def _yaku_counts(on: Sequence[LocalYaku]) -> Callable[[Settled, Settled], bool]:
    ids = {y.id for y in on}
    return lambda before, after: bool(ids & {i for i, _ in after[0].yaku})


def _changed(before: Settled, after: Settled) -> bool:
    """The win's value or its score changes moved."""
    return before[0].points != after[0].points or before[1] != after[1]


def _under(choice: RuleChoice) -> Callable[[RuleSet], RuleSet | None]:
    """A win's rules under ``choice``: its preset (None for a win of another seat count) and knobs; None
    where the knobs do not fit the win's rule set (a three-player knob on a four-player game)."""
    def change(rules: RuleSet) -> RuleSet | None:
        chosen = choice.base(rules)
        if chosen.players != rules.players:
            return None
        try:
            return choice.apply(chosen)
        except ValueError:
            return None
    return change


def _variants(choice: RuleChoice | None) -> list[tuple[str, RuleChoice]]:
    """The rule changes a what-if re-scores under, labelled: each knob alone, then all together (on the
    chosen preset, if any); the preset alone when no knob is changed."""
    if not choice:
        return []
    prefix = f"{choice.preset}: " if choice.preset else ""
    if not choice.knobs:
        return [(f"under {choice.preset}", choice)]
    out = [(f"{prefix}{n}={v}", RuleChoice(choice.preset, ((n, v),))) for n, v in choice.knobs]
    if len(choice.knobs) > 1:
        out.append((f"{prefix}all {len(choice.knobs)} knobs together", choice))
    return out


def knobs_of(text: str) -> list[str]:
    """``all`` or a comma list of local yaku (knob names, with or without ``local_``, or Japanese names)."""
    if text.strip() == "all":
        return [y.knob for y in LOCAL]
    by_name = {ALL_YAKU[y.id].name_ja: y.knob for y in LOCAL}
    out = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        knob = by_name.get(part) or (part if part.startswith("local_") else "local_" + part)
        if knob not in BY_KNOB:
            raise ValueError(f"unknown local yaku {part!r}; known: {', '.join(y.knob[6:] for y in LOCAL)}")
        out.append(knob)
    if not out:
        raise ValueError("no local yaku named")
    return out


def format_what_if(result: WhatIf, selection: str) -> str:
    """The what-if as text: what was re-scored, one line per yaku or knob (with 95% intervals clustered by
    game), the ones no log can show."""
    lines = [f"what-if on {selection}: {result.n_wins} wins of {result.n_games} games "
             f"({result.n_as_stored} re-scored exactly as stored under the recorded rules)", PLAY_KEPT,
             "Intervals: 95%, clustered by game; 'no longer wins' are wins the changed rules forbid (二翻縛), "
             "their payments taken back.", "",
             f"{'yaku or knob':<34} {'wins':>6} {'points added':>13} {'per win':>8} {'games reordered':>16} "
             f"{'placement pts moved':>20} {'no longer wins':>15}  {'% of wins changed':<20} "
             f"{'points per win':<24} placement pts per game"]
    for e in result.effects:
        per = f"{e.points_added / e.wins:.0f}" if e.wins else "-"
        share = e.share_changed and Estimate(100 * e.share_changed.value, 100 * e.share_changed.lo,
                                             100 * e.share_changed.hi).text(1)
        lines.append(f"{ljust_display(e.name + ' ' + e.english, 34)} {e.wins:>6} {e.points_added:>13} {per:>8} "
                     f"{e.games_reordered:>16} {e.placement_points_moved:>20.1f} {e.no_longer_wins:>15}  "
                     f"{share or '-':<20} {e.points_per_win.text(0) if e.points_per_win else '-':<24} "
                     f"{e.placement_per_game.text(2) if e.placement_per_game else '-'}")
    for e in result.effects:
        if e.kita_not_counted:
            lines.append(f"{e.name}: {e.kita_not_counted} Norths set aside (kita) in {e.wins_with_kita_not_counted} "
                         "wins could not count (no North is set aside under it): their North dora are left out, "
                         "the hands they would have made are unknown")
    for name, why in result.not_rescorable:
        lines.append(f"{ljust_display(name, 34)} not re-scorable: {why}")
    if result.riichi_without_ura:
        lines.append(f"{result.riichi_without_ura} riichi wins have no ura indicators in the store (their logs record "
                     "none and the replay could not derive them): no ura or kan-dora row can move them.")
    return "\n".join(lines)
