"""The standard stat sheet: counts first, rates last, split by rule set.

Definitions (the counting conventions of the published Phoenix tables, see
``data/reference/README.md``):

- **player-round**: one seat in one complete round (a round that ended in a win or a
  draw); a 4-player round is 4 player-rounds, a 3-player round 3.
- **win**: one row of ``wins``; a double ron is two wins.
- **deal-in**: a (round, discarder) pair with at least one ron; a double ron is one deal-in.
- **riichi**: a riichi *declaration* (``riichi_declared`` event), counted even when the
  declaration tile is ronned and the riichi is never accepted.
- **call**: chi, pon or open kan (daiminkan); a closed kan is not a call, an added kan
  upgrades a pon already counted. The call rate counts player-rounds with at least one call.
- **draw**: a complete round with no win (exhaustive, nagashi mangan or abortive).
- **win value**: ``wins.points``, the hand's value as the log records it, without honba or
  riichi sticks.
- **bust**: a player whose final score is below zero.
- **yaku per win**: the share of wins whose recorded yaku include the id (a yaku is counted
  once per win, so a double-wind pon counts once); ura, dora and red fives listed with 0 han
  are not stored, so "ura" means ura han > 0.
- **han**: the recorded han including dora; yakuman and han >= 13 are one bucket "13+".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields

import polars as pl

from mjlog.rules.riichi.yaku_table import YAKU
from mjlog.stats.clustered import join_intervals, rate_table, with_player
from mjlog.stats.frames import GROUP, StatFrames
from mjlog.stats.intervals import Z95
from mjlog.stats.hand_situations import SITUATION_TITLES, SITUATIONS, situation_table
from mjlog.stats.situations import riichi_situations
from mjlog.stats.text_tables import Table, format_tables, terminal_width
from mjlog.stats.units import PLAYER_ROUND_RATES, long_rates, player_round_units

HAND_RIICHI, HAND_OPEN, HAND_DAMA = "riichi", "open", "closed, no riichi"


ALL = "_all"

#: The family whose own terms (busts, riichi, han, fu, yaku, points) the riichi sections use.
RIICHI = "riichi"
#: The families each section of the stat sheet describes (None: every family); a section selects
#: only their games. The Beijing and MCR games have sheets of their own (``mjlog.stats.beijing``,
#: ``mjlog.stats.mcr``).
SECTION_FAMILIES: dict[str, tuple[str, ...] | None] = {
    "placements": (RIICHI,), "placement_by_seat": (RIICHI,), "player_rounds": None, "rates": None, "draws": None,
    "wins": (RIICHI,), "wins_by_role": (RIICHI,), "wins_by_hand": (RIICHI,), "yaku": (RIICHI,), "han": (RIICHI,),
    "fu": (RIICHI,), "riichi_situations": (RIICHI,), **{name: (RIICHI,) for name in SITUATIONS}, "dealer": (RIICHI,),
}
#: The per player-round counts and rates only riichi has: in the every-family sections they are
#: counted on riichi games alone (other families' rows leave the counts empty and have no such rate).
RIICHI_ONLY_COUNTS = ("riichi", "riichi_accepted")
RIICHI_ONLY_RATES = ("riichi_rate",)


def _complete_rounds(rounds: pl.DataFrame) -> pl.DataFrame:
    return rounds.filter(pl.col("complete")) if "complete" in rounds.columns else rounds


def _round_keys(rounds: pl.DataFrame) -> pl.DataFrame:
    return _complete_rounds(rounds).select("game_id", "round_index").unique()


def _rate(num: str, den: str, name: str) -> pl.Expr:
    return (pl.col(num).cast(pl.Float64) / pl.col(den).cast(pl.Float64)).alias(name)


def _g(frame: pl.DataFrame, by: Sequence[str]) -> tuple[pl.DataFrame, list[str]]:
    """``frame`` and its group keys; an empty ``by`` groups everything under a constant column."""
    if by:
        return frame, list(by)
    return frame.with_columns(pl.lit("all").alias(ALL)), [ALL]


def _done(frame: pl.DataFrame) -> pl.DataFrame:
    return frame.drop(ALL, strict=False)


def _share(count: str, keys: list[str]) -> pl.Expr:
    return (pl.col(count) / pl.col(count).sum().over(keys)).alias("share")


def _share_intervals(out: pl.DataFrame, units: pl.DataFrame, keys: list[str], cat: str,
                     players: pl.DataFrame | None = None, seat: str = "seat") -> pl.DataFrame:
    """``out`` (one row per ``keys`` and category ``cat``) with ``lo``, ``hi``: the clustered interval of
    the category's share of the group's ``units`` (one row per unit, e.g. per win)."""
    cats = out.select(pl.col(cat).unique().alias("_cat"))
    u = with_player(units, players, seat) if players is not None else units
    u = u.join(cats, how="cross").with_columns((pl.col(cat) == pl.col("_cat")).fill_null(False).cast(pl.Int64)
                                               .alias("_hit"), pl.lit(1, pl.Int64).alias("_one"))
    u = u.drop(cat).rename({"_cat": cat})
    out = join_intervals(out, u, [*keys, cat], "_hit", "_one", "_s", ("game_id", "player"))
    return out.rename({"_s_lo": "lo", "_s_hi": "hi"})


def placement_stats(players: pl.DataFrame, by: Sequence[str] = GROUP) -> pl.DataFrame:
    """Per group: ``games``, ``player_games``, ``busts`` (final score < 0); then ``bust_rate``
    (busts / player-games) and its 95 % interval ``bust_rate_lo``, ``bust_rate_hi`` clustered by game
    and player (:mod:`mjlog.stats.clustered`).

    There is no average placement here: over every seat of a rule set it is always (n+1)/2
    (2.5 or 2.0); a player's is in :mod:`mjlog.stats.player`. Player-games without a placement
    (truncated logs) are left out.
    """
    p, keys = _g(players.filter(pl.col("placement").is_not_null()), by)
    p = with_player(p.with_columns((pl.col("final_score") < 0).cast(pl.Int64).alias("_bust"),
                                   pl.lit(1, pl.Int64).alias("_one")), players)
    out = p.group_by(keys).agg(
        pl.col("game_id").n_unique().cast(pl.Int64).alias("games"),
        pl.len().cast(pl.Int64).alias("player_games"),
        pl.col("_bust").sum().cast(pl.Int64).alias("busts"),
    ).sort(keys)
    out = out.with_columns(_rate("busts", "player_games", "bust_rate"))
    return _done(join_intervals(out, p, keys, "_bust", "_one", "bust_rate", ("game_id", "player")))


def placement_distribution(players: pl.DataFrame, by: Sequence[str] = GROUP) -> pl.DataFrame:
    """Per group and ``placement``: ``player_games``, then ``share`` of the group's player-games
    and its 95 % interval ``lo``, ``hi`` clustered by game (and player).

    Add ``"seat"`` to ``by`` for the distribution by starting seat (seat 0 deals first when the
    game's ``first_dealer`` is 0, as in every Tenhou log).
    """
    p, keys = _g(players.filter(pl.col("placement").is_not_null()), by)
    out = p.group_by([*keys, "placement"]).agg(pl.len().cast(pl.Int64).alias("player_games"))
    out = out.with_columns(_share("player_games", keys)).sort([*keys, "placement"])
    return _done(_share_intervals(out, p, keys, "placement", players))


def player_round_stats(rounds: pl.DataFrame, wins: pl.DataFrame, seat_events: pl.DataFrame,
                       by: Sequence[str] = GROUP) -> pl.DataFrame:
    """Per group: ``rounds``, ``player_rounds`` (rounds x seats), ``wins`` (double ron = 2),
    ``deal_ins`` (double ron = 1), ``riichi`` (declarations, a ronned declaration tile included),
    ``riichi_accepted``, ``call_rounds`` (player-rounds with a chi, pon or open kan);
    then ``win_rate``, ``deal_in_rate``, ``riichi_rate``, ``call_rate``, each per player-round
    (their intervals: :func:`player_round_rates`).

    Only complete rounds count.
    """
    units, keys = _g(player_round_units(rounds, wins, seat_events), by)
    counts = ["player_rounds", "wins", "deal_ins", "riichi", "riichi_accepted", "call_rounds"]
    out = units.group_by(keys).agg(pl.struct("game_id", "round_index").n_unique().cast(pl.Int64).alias("rounds"),
                                   *[pl.col(c).sum().cast(pl.Int64) for c in counts]).sort(keys)
    return _done(out.with_columns([_rate(col, "player_rounds", name) for name, col in PLAYER_ROUND_RATES]))


def player_round_rates(rounds: pl.DataFrame, wins: pl.DataFrame, seat_events: pl.DataFrame,
                       players: pl.DataFrame | None = None, by: Sequence[str] = GROUP,
                       z: float = Z95) -> pl.DataFrame:
    """Per group and ``rate`` (win, deal-in, riichi, call): ``count``, ``trials`` (player-rounds),
    ``value``, the 95 % interval ``lo``, ``hi`` and ``se`` clustered by game and, where ``players``
    names repeat, by player; ``se_naive`` (independent player-rounds), ``design_effect``,
    ``clusters`` (games) and ``method``. See :mod:`mjlog.stats.clustered`."""
    units = player_round_units(rounds, wins, seat_events, players)
    return rate_table(long_rates(units, PLAYER_ROUND_RATES, "player_rounds", list(by)), list(by), z=z)


def draw_stats(rounds: pl.DataFrame, by: Sequence[str] = GROUP) -> pl.DataFrame:
    """Per group and draw ``kind``: ``rounds`` (complete rounds of the group), ``draws``, then
    ``rate`` = draws / rounds. Kinds are the log's (exhaustive, nm = nagashi mangan, yao9, reach4,
    ron3, kan4, kaze4) plus ``abortive`` (all but exhaustive and nm) and ``all`` (any draw); every
    group has an ``all`` and an ``abortive`` row, zero when it had no such draw. ``lo``, ``hi``: the
    rate's 95 % interval clustered by game."""
    r, keys = _g(_complete_rounds(rounds), by)
    totals = r.group_by(keys).agg(pl.len().cast(pl.Int64).alias("rounds"))
    d = r.filter(pl.col("result") == "draw").with_columns(pl.col("draw_kind").alias("kind"))
    per_kind = d.group_by([*keys, "kind"]).agg(pl.len().cast(pl.Int64).alias("draws"))
    summary = (totals.select(keys).join(pl.DataFrame({"kind": ["abortive", "all"]}), how="cross")
               .join(pl.concat([
                   d.filter(~pl.col("kind").is_in(["exhaustive", "nm"])).group_by(keys)
                   .agg(pl.len().cast(pl.Int64).alias("draws")).with_columns(pl.lit("abortive").alias("kind")),
                   d.group_by(keys).agg(pl.len().cast(pl.Int64).alias("draws"))
                   .with_columns(pl.lit("all").alias("kind")),
               ], how="diagonal"), on=[*keys, "kind"], how="left"))
    out = (pl.concat([per_kind, summary.select(*keys, "kind", "draws")])
           .with_columns(pl.col("draws").fill_null(0))
           .join(totals, on=keys, how="left")
           .select(*keys, "kind", "rounds", "draws"))
    out = out.with_columns(_rate("draws", "rounds", "rate")).sort([*keys, "kind"])
    units = (r.select(*keys, "game_id", "result", "draw_kind").join(out.select(pl.col("kind").unique()), how="cross")
             .with_columns(_draw_hit().alias("_hit"), pl.lit(1, pl.Int64).alias("_one")))
    out = join_intervals(out, units, [*keys, "kind"], "_hit", "_one", "rate")
    return _done(out.rename({"rate_lo": "lo", "rate_hi": "hi"}))


def _draw_hit() -> pl.Expr:
    """Whether a round (``result``, ``draw_kind``) is a draw of the row's ``kind``, as 0/1."""
    draw = pl.col("result") == "draw"
    kind = pl.col("kind")
    return (draw & (((kind == "all")) | ((kind == "abortive") & ~pl.col("draw_kind").is_in(["exhaustive", "nm"]))
                    | (pl.col("draw_kind") == kind))).fill_null(False).cast(pl.Int64)


def hand_type() -> pl.Expr:
    """``riichi`` (riichi accepted), ``open`` (a chi, pon or open kan), else ``closed, no riichi``."""
    return (pl.when(pl.col("riichi")).then(pl.lit(HAND_RIICHI))
            .when(pl.col("open_hand")).then(pl.lit(HAND_OPEN))
            .otherwise(pl.lit(HAND_DAMA)).alias("hand"))


def win_stats(wins: pl.DataFrame, by: Sequence[str] = GROUP, split: str | None = None,
              players: pl.DataFrame | None = None) -> pl.DataFrame:
    """Per group (and per ``split``: ``"dealer"`` gives a ``role`` column dealer/non-dealer, ``"hand"`` a
    ``hand`` column riichi/open/closed-no-riichi): ``wins``, ``tsumo``, ``points_sum``, then
    ``mean_points``, ``sd_points`` (sample sd), ``mean_han``, ``tsumo_share`` and ``share`` (of the
    group's wins), with the 95 % intervals ``mean_points_lo``/``_hi``, ``tsumo_share_lo``/``_hi`` and (with a
    split) ``share_lo``/``_hi``, clustered by game and by the winner where ``players`` names repeat.
    Points are the hand's value without honba or sticks."""
    w, keys = _g(wins, by)
    extra: list[str] = []
    if split == "dealer":
        w = w.with_columns(pl.when(pl.col("dealer")).then(pl.lit("dealer")).otherwise(pl.lit("non-dealer"))
                           .alias("role"))
        extra = ["role"]
    elif split == "hand":
        w = w.with_columns(hand_type())
        extra = ["hand"]
    elif split is not None:
        raise ValueError(f"split must be None, 'dealer' or 'hand', not {split!r}")
    out = w.group_by([*keys, *extra]).agg(
        pl.len().cast(pl.Int64).alias("wins"),
        pl.col("tsumo").sum().cast(pl.Int64).alias("tsumo"),
        pl.col("points").cast(pl.Int64).sum().alias("points_sum"),
        pl.col("points").cast(pl.Float64).std().alias("sd_points"),
        pl.col("han").cast(pl.Float64).mean().alias("mean_han"),
    ).sort([*keys, *extra])
    out = out.with_columns(_rate("points_sum", "wins", "mean_points"), _rate("tsumo", "wins", "tsumo_share"),
                           _share("wins", keys))
    k = [*keys, *extra]
    units = with_player(w.with_columns(pl.lit(1, pl.Int64).alias("_one"), pl.col("tsumo").cast(pl.Int64)), players)
    out = join_intervals(out, units, k, "points", "_one", "mean_points", ("game_id", "player"), proportion=False)
    out = join_intervals(out, units, k, "tsumo", "_one", "tsumo_share", ("game_id", "player"))
    cols = ["wins", "tsumo", "points_sum", "mean_points", "mean_points_lo", "mean_points_hi", "sd_points",
            "mean_han", "tsumo_share", "tsumo_share_lo", "tsumo_share_hi", "share"]
    if extra:
        out = _share_intervals(out, units, keys, extra[0]).rename({"lo": "share_lo", "hi": "share_hi"})
        cols += ["share_lo", "share_hi"]
    return _done(out.sort(k).select(*k, *cols))


def yaku_names() -> pl.DataFrame:
    """``yaku_id``, ``name_en``, ``name_ja``, ``is_yakuman`` of every Tenhou yaku."""
    return pl.DataFrame({"yaku_id": [y.id for y in YAKU], "name_en": [y.name_en for y in YAKU],
                         "name_ja": [y.name_ja for y in YAKU], "is_yakuman": [y.yakuman for y in YAKU]},
                        schema={"yaku_id": pl.Int64, "name_en": pl.String, "name_ja": pl.String,
                                "is_yakuman": pl.Boolean})


def yaku_frequency(wins: pl.DataFrame, win_yaku: pl.DataFrame, by: Sequence[str] = GROUP,
                   z: float = Z95, players: pl.DataFrame | None = None) -> pl.DataFrame:
    """Per group and yaku: ``wins_with`` (wins listing the yaku, counted once per win), ``wins``
    (all wins of the group), then ``share`` = wins_with / wins and its interval ``lo``, ``hi`` at ``z``
    (95 % by default): Wilson at the sample size the clustering by game (and winner) leaves
    (:mod:`mjlog.stats.clustered`). Sorted by share, largest first; names from the yaku table."""
    w, keys = _g(wins, by)
    totals = w.group_by(keys).agg(pl.len().cast(pl.Int64).alias("wins"))
    wk = ["game_id", "round_index", "win_index"]
    y, _ = _g(win_yaku.join(wins.select(wk).unique(), on=wk, how="semi"), by)
    counts = (y.unique([*keys, *wk, "yaku_id"]).group_by([*keys, "yaku_id"])
              .agg(pl.len().cast(pl.Int64).alias("wins_with")).with_columns(pl.col("yaku_id").cast(pl.Int64)))
    out = counts.join(totals, on=keys, how="left").join(yaku_names(), on="yaku_id", how="left")
    out = out.with_columns(_rate("wins_with", "wins", "share"))
    hits = y.unique([*keys, *wk, "yaku_id"]).select(*wk, pl.col("yaku_id").cast(pl.Int64), pl.lit(1, pl.Int64).alias("_hit"))
    units = (with_player(w, players).join(counts.select(*keys, "yaku_id"), on=keys, how="inner")
             .join(hits, on=[*wk, "yaku_id"], how="left")
             .with_columns(pl.col("_hit").fill_null(0), pl.lit(1, pl.Int64).alias("_one")))
    out = join_intervals(out, units, [*keys, "yaku_id"], "_hit", "_one", "share", ("game_id", "player"), z=z)
    out = out.rename({"share_lo": "lo", "share_hi": "hi"})
    out = out.select(*keys, "yaku_id", "name_en", "name_ja", "wins_with", "wins", "share", "lo", "hi")
    return _done(out.sort([*keys, "share", "yaku_id"], descending=[False] * len(keys) + [True, False]))


def han_label() -> pl.Expr:
    """``"1"`` .. ``"12"``, and ``"13+"`` for han >= 13 or a yakuman."""
    return (pl.when((pl.col("han") >= 13) | (pl.col("yakuman_count") > 0)).then(pl.lit("13+"))
            .otherwise(pl.col("han").cast(pl.String)).alias("han_label"))


def han_distribution(wins: pl.DataFrame, by: Sequence[str] = GROUP, players: pl.DataFrame | None = None
                     ) -> pl.DataFrame:
    """Per group and han bucket (``han_label``; ``han_order`` sorts it, 13 for "13+"): ``wins``, then ``share``
    and its 95 % interval ``lo``, ``hi`` clustered by game (and winner)."""
    w, keys = _g(wins, by)
    w = w.with_columns(han_label(),
                       pl.when((pl.col("han") >= 13) | (pl.col("yakuman_count") > 0)).then(13)
                       .otherwise(pl.col("han")).cast(pl.Int64).alias("han_order"))
    out = w.group_by([*keys, "han_label", "han_order"]).agg(pl.len().cast(pl.Int64).alias("wins"))
    out = out.with_columns(_share("wins", keys))
    return _done(_share_intervals(out, w.drop("han_order"), keys, "han_label", players).sort([*keys, "han_order"]))


def fu_distribution(wins: pl.DataFrame, by: Sequence[str] = GROUP, max_han: int = 4,
                    players: pl.DataFrame | None = None) -> pl.DataFrame:
    """Per group and ``fu``, over wins of at most ``max_han`` han (no yakuman): ``wins``, then ``share``
    and its 95 % interval ``lo``, ``hi`` clustered by game (and winner);
    ``fu_derived`` counts the wins whose log does not record their fu (the replay's fu is used)."""
    w, keys = _g(wins.filter((pl.col("han") <= max_han) & (pl.col("yakuman_count") == 0)), by)
    aggs = [pl.len().cast(pl.Int64).alias("wins")]
    if "fu_derived" in w.columns:
        aggs.append(pl.col("fu_derived").fill_null(False).sum().cast(pl.Int64).alias("fu_derived"))
    out = w.group_by([*keys, "fu"]).agg(aggs).with_columns(_share("wins", keys))
    out = _share_intervals(out, w, keys, "fu", players).sort([*keys, "fu"])
    cols = [c for c in ("wins", "fu_derived", "share", "lo", "hi") if c in out.columns]
    return _done(out.select(*keys, "fu", *cols))


@dataclass(frozen=True, slots=True)
class StatSheet:
    """The standard stat sheet: one frame per table, each split by the same grouping."""

    placements: pl.DataFrame
    placement_by_seat: pl.DataFrame
    player_rounds: pl.DataFrame
    rates: pl.DataFrame
    draws: pl.DataFrame
    wins: pl.DataFrame
    wins_by_role: pl.DataFrame
    wins_by_hand: pl.DataFrame
    yaku: pl.DataFrame
    han: pl.DataFrame
    fu: pl.DataFrame
    riichi_situations: pl.DataFrame
    riichi_dama_able: pl.DataFrame
    win_styles: pl.DataFrame
    deal_in_targets: pl.DataFrame
    tenpai_at_draw: pl.DataFrame
    calls_by_turn: pl.DataFrame
    first_calls: pl.DataFrame

    def items(self) -> list[tuple[str, pl.DataFrame]]:
        """(name, frame) of every table, in order."""
        return [(f.name, getattr(self, f.name)) for f in fields(self)]


def _riichi_counts(counts: pl.DataFrame, riichi: pl.DataFrame, by: Sequence[str]) -> pl.DataFrame:
    """``counts`` with its riichi-only columns taken from ``riichi`` (the riichi games' counts): empty
    in the groups without riichi games."""
    if not by:
        return counts if riichi.height else counts.with_columns(
            pl.lit(None, pl.Int64).alias(c) for c in RIICHI_ONLY_COUNTS)
    return (counts.drop(RIICHI_ONLY_COUNTS).join(riichi.select(*by, *RIICHI_ONLY_COUNTS), on=list(by), how="left")
            .select(counts.columns))


def _riichi_rates(rates: pl.DataFrame, riichi: pl.DataFrame, by: Sequence[str]) -> pl.DataFrame:
    """``rates`` with its riichi-only rows from ``riichi`` (the riichi games' rates) alone."""
    order = {name: i for i, (name, _) in enumerate(PLAYER_ROUND_RATES)}
    both = pl.concat([rates.filter(~pl.col("rate").is_in(RIICHI_ONLY_RATES)),
                      riichi.filter(pl.col("rate").is_in(RIICHI_ONLY_RATES))])
    return both.sort([*by, pl.col("rate").replace_strict(order, return_dtype=pl.Int64)])


def stat_sheet(frames: StatFrames, by: Sequence[str] = GROUP) -> StatSheet:
    """Every table of the stat sheet for ``frames``, split by ``by``; each table holds only the games of
    the families :data:`SECTION_FAMILIES` names for it."""
    r = frames.of_families((RIICHI,))
    counts = player_round_stats(frames.rounds, frames.wins, frames.seat_events, by)
    riichi_counts = player_round_stats(r.rounds, r.wins, r.seat_events, by)
    rates = player_round_rates(frames.rounds, frames.wins, frames.seat_events, frames.players, by)
    riichi_rates = player_round_rates(r.rounds, r.wins, r.seat_events, r.players, by)
    return StatSheet(
        placements=placement_stats(r.players, by),
        placement_by_seat=placement_distribution(r.players, [*by, "seat"]),
        player_rounds=_riichi_counts(counts, riichi_counts, by).drop([name for name, _ in PLAYER_ROUND_RATES]),
        rates=_riichi_rates(rates, riichi_rates, by),
        draws=draw_stats(frames.rounds, by),
        wins=win_stats(r.wins, by, players=r.players),
        wins_by_role=win_stats(r.wins, by, split="dealer", players=r.players),
        wins_by_hand=win_stats(r.wins, by, split="hand", players=r.players),
        yaku=yaku_frequency(r.wins, r.win_yaku, by, players=r.players),
        han=han_distribution(r.wins, by, players=r.players),
        fu=fu_distribution(r.wins, by, players=r.players),
        riichi_situations=riichi_situations(r.riichi_declarations, r.rounds, by, players=r.players),
        **{name: situation_table(name, r, by) for name in SITUATIONS},
    )


def section_label(name: str, title: str) -> str:
    """A section's title, naming the families it describes."""
    families = SECTION_FAMILIES.get(name)
    return f"{title} [{'every family' if families is None else ', '.join(families)}]"


def section_title(name: str, title: str) -> str:
    """A section's title line, naming the families it describes."""
    return f"== {section_label(name, title)}"


_TITLES = {
    "placements": "Placements (per player-game; bust = final score below 0)",
    "placement_by_seat": "Placement by starting seat",
    "player_rounds": "Per player-round counts (double ron = 2 wins, 1 deal-in; riichi = declarations; "
                     "call = chi/pon/open kan)",
    "rates": "Per player-round rates (lo, hi: 95 % interval clustered by game, and by player where players "
             "repeat; se_naive: as if player-rounds were independent)",
    "draws": "Draws per round by kind",
    "wins": "Wins (points = hand value without honba or sticks)",
    "wins_by_role": "Wins by dealer / non-dealer",
    "wins_by_hand": "Wins by hand: riichi / open / closed without riichi",
    "yaku": "Yaku per win (share of wins listing the yaku; lo, hi: 95 % Wilson interval at the clustered "
            "effective sample size)",
    "han": "Han of wins (13+ includes yakuman)",
    "fu": "Fu of wins with 4 han or less (fu_derived: wins whose log records no fu, counted at the replay's fu)",
    "riichi_situations": "Riichi by wait shape and turn (first or chasing; good = 2+ kinds wait; turn = the "
                         "declarer's discards, riichi tile included; rates per declaration, lo, hi: 95 % "
                         "interval clustered by game, and by player where players repeat)",
    **SITUATION_TITLES,
}


def sheet_tables(sheet: StatSheet, sections: Sequence[str] | None = None) -> list[Table]:
    """The sections of ``sheet`` (all, or those named in ``sections``) as titled tables."""
    return [Table(name, section_label(name, _TITLES.get(name, name)), frame)
            for name, frame in sheet.items() if sections is None or name in sections]


def format_sheet(sheet: StatSheet, max_rows: int = 20, sections: Sequence[str] | None = None,
                 width: int | None = None) -> str:
    """The stat sheet as text no wider than ``width`` (default: the terminal's): a title line and a
    table per section. Every ``lo``/``hi`` (or ``*_lo``/``*_hi``) pair is a 95 % interval clustered by
    game (and player), see ``docs/statistics.md``."""
    return format_tables(sheet_tables(sheet, sections), width or terminal_width(), max_rows)
