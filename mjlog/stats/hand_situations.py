"""Wins, deal-ins, draws, calls and riichi by situation: the sheet's sections on the store's
``win_situations``, ``draw_tenpai``, ``calls`` and ``riichi_declarations.dama_able``, for the
population and for one player beside it.

Each section counts units (a win, a deal-in, a seat at a draw that ends the wall, a call, a first
call, a riichi declaration) of complete rounds, per group (rule set by default) and cell, with 95 %
intervals clustered by game (and by the unit's player where players repeat, :mod:`mjlog.stats.clustered`).
A **share** is the cell's units over the units of its group (for calls by turn, of its kind); a
**rate** is the units with a property over the cell's units; a **mean** is over the cell's units.
The rules (style, turn, first call and its reason, dama-able) are in ``docs/statistics.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import polars as pl

from mjlog.stats.clustered import join_intervals, ratio_intervals, with_player
from mjlog.stats.frames import (CALLS_SCHEMA, DRAW_TENPAI_SCHEMA, GROUP, RIICHI_DECLARATIONS_SCHEMA,
                                WIN_SITUATIONS_SCHEMA, StatFrames)
from mjlog.stats.situations import DEALT_IN, TURN_BANDS, UNKNOWN, WON, turn_band

#: The turn bands' labels in order, the unknown turn last.
BANDS = (*(b[0] for b in TURN_BANDS), UNKNOWN)
#: The styles in the order the sections list them (``docs/statistics.md``).
STYLES = ("riichi", "open", "dama")
#: A first call's reason when the store gives none.
OTHER = "other"
#: ``dama_able`` as a cell.
YES, NO = "yes", "no"
_ALL = "_all"
GAME_ONLY = ("game_id",)
BOTH = ("game_id", "player")


def _units(frame: pl.DataFrame, schema: dict, rounds: pl.DataFrame) -> pl.DataFrame:
    """``frame`` (its schema's empty frame when not loaded) restricted to the complete rounds of ``rounds``."""
    if not frame.columns:
        frame = pl.DataFrame(schema=schema)
    complete = rounds.filter(pl.col("complete")) if "complete" in rounds.columns else rounds
    if not complete.columns:
        return frame.clear()
    return frame.join(complete.select("game_id", "round_index").unique(), on=["game_id", "round_index"], how="semi")


def _keys(units: pl.DataFrame, by: Sequence[str]) -> tuple[pl.DataFrame, list[str]]:
    """The units and the group keys (a constant key when ``by`` is empty)."""
    if by:
        return units, list(by)
    return units.with_columns(pl.lit("all").alias(_ALL)), [_ALL]


def shares(units: pl.DataFrame, keys: Sequence[str], cell: str, name: str = "share",
           clusters: Sequence[str] = BOTH) -> pl.DataFrame:
    """Per ``keys`` and value of ``cell`` seen there: ``count`` (its units), ``{name}`` (over the units
    of ``keys``) and ``{name}_lo``, ``{name}_hi``."""
    keys = list(keys)
    values = units.select(pl.col(cell).alias("_value")).unique()
    x = units.join(values, how="cross").with_columns(
        (pl.col(cell) == pl.col("_value")).cast(pl.Int64).alias("_hit"), pl.lit(1, pl.Int64).alias("_one"))
    k = [*keys, "_value"]
    out = (x.group_by(k).agg(pl.col("_hit").sum().alias("count"), pl.col("_one").sum().alias("_n"))
           .filter(pl.col("count") > 0).with_columns((pl.col("count") / pl.col("_n")).alias(name)))
    out = join_intervals(out, x, k, "_hit", "_one", name, clusters)
    return out.drop("_n").rename({"_value": cell})


def rates(units: pl.DataFrame, keys: Sequence[str], flag: str, name: str,
          clusters: Sequence[str] = BOTH) -> pl.DataFrame:
    """Per ``keys``: ``{name}`` = the units where ``flag`` holds over the units, with its interval."""
    u = units.with_columns(pl.col(flag).fill_null(False).cast(pl.Int64).alias("_hit"),
                           pl.lit(1, pl.Int64).alias("_one"))
    out = u.group_by(list(keys)).agg((pl.col("_hit").sum() / pl.len()).alias(name))
    return join_intervals(out, u, keys, "_hit", "_one", name, clusters)


def means(units: pl.DataFrame, keys: Sequence[str], col: str, name: str,
          clusters: Sequence[str] = BOTH) -> pl.DataFrame:
    """Per ``keys``: ``{name}`` = the mean of ``col`` over the units where it is known, with its interval."""
    u = units.filter(pl.col(col).is_not_null()).with_columns(pl.col(col).cast(pl.Float64),
                                                              pl.lit(1.0).alias("_one"))
    iv = ratio_intervals(u, list(keys), col, "_one", clusters, proportion=False, prefix=f"{name}_")
    out = u.group_by(list(keys)).agg(pl.col(col).mean().alias(name))
    return out.join(iv.select(*keys, f"{name}_lo", f"{name}_hi"), on=list(keys), how="left")


@dataclass(frozen=True, slots=True)
class Situation:
    """One section's units: the frame they come from, the seat whose player a unit is, how the frame
    becomes units with their ``cell``, the cell's order and, for a share within a part of the group,
    the keys of that part."""

    frame: str
    schema: dict
    seat: str
    cell: str
    make: Callable[[pl.DataFrame], pl.DataFrame]
    order: tuple[str, ...]
    within: tuple[str, ...] = ()

    def units(self, frames: StatFrames, players: pl.DataFrame | None) -> pl.DataFrame:
        """The section's units of complete rounds, with their ``cell`` and ``player``."""
        u = self.make(_units(getattr(frames, self.frame), self.schema, frames.rounds))
        return with_player(u, players, self.seat) if players is not None else u


SITUATIONS: dict[str, Situation] = {
    "win_styles": Situation("win_situations", WIN_SITUATIONS_SCHEMA, "seat", "style", lambda f: f, STYLES),
    "deal_in_targets": Situation(
        "win_situations", WIN_SITUATIONS_SCHEMA, "deal_in_seat", "target",
        lambda f: f.filter(pl.col("deal_in_seat").is_not_null()).with_columns(pl.col("style").alias("target")),
        STYLES),
    "tenpai_at_draw": Situation("draw_tenpai", DRAW_TENPAI_SCHEMA, "seat", "style", lambda f: f, STYLES),
    "calls_by_turn": Situation("calls", CALLS_SCHEMA, "seat", "turn_band",
                               lambda f: f.with_columns(turn_band().alias("turn_band")), BANDS, ("kind",)),
    "first_calls": Situation(
        "calls", CALLS_SCHEMA, "seat", "reason",
        lambda f: f.filter(pl.col("first_call")).with_columns(pl.col("first_call_reason").fill_null(OTHER)
                                                             .alias("reason")), ("yakuhai_pon", OTHER)),
    "riichi_dama_able": Situation(
        "riichi_declarations", RIICHI_DECLARATIONS_SCHEMA, "seat", "dama_able",
        lambda f: f.with_columns(pl.when(pl.col("dama_able").is_null()).then(pl.lit(UNKNOWN))
                                 .when(pl.col("dama_able")).then(pl.lit(YES)).otherwise(pl.lit(NO))
                                 .alias("dama_able")), (YES, NO, UNKNOWN)),
}
#: The unit each section counts, as its count column is named.
COUNT_NAMES = {"win_styles": "wins", "deal_in_targets": "deal_ins", "tenpai_at_draw": "seats",
               "calls_by_turn": "calls", "first_calls": "first_calls", "riichi_dama_able": "declarations"}


def _sorted(out: pl.DataFrame, keys: list[str], s: Situation) -> pl.DataFrame:
    rank = {v: i for i, v in enumerate(s.order)}
    return out.sort([*keys, *s.within, pl.col(s.cell).replace_strict(rank, default=len(rank), return_dtype=pl.Int64)])


def situation_table(name: str, frames: StatFrames, by: Sequence[str] = GROUP,
                    clusters: Sequence[str] = BOTH, player: str | None = None) -> pl.DataFrame:
    """The section ``name`` of :data:`SITUATIONS` per group and cell (``player``: that player's units
    alone); its columns are in ``docs/statistics.md``."""
    s = SITUATIONS[name]
    u = s.units(frames, frames.players if frames.players.columns else None)
    if player is not None:
        u = u.filter(pl.col("player") == player) if "player" in u.columns else u.clear()
    u, keys = _keys(u, by)
    k = [*keys, *s.within, s.cell]
    out = shares(u, [*keys, *s.within], s.cell, clusters=clusters).rename({"count": COUNT_NAMES[name]})
    if name == "win_styles":
        out = out.join(rates(u, k, "tsumo", "tsumo_rate", clusters), on=k, how="left").join(
            means(u, k, "turn", "mean_turn", clusters).drop("mean_turn_lo", "mean_turn_hi"), on=k, how="left")
    if name in ("win_styles", "deal_in_targets"):
        out = out.join(means(u, k, "points", "mean_points", clusters), on=k, how="left")
    if name == "tenpai_at_draw":
        out = out.join(rates(u, k, "tenpai", "tenpai_rate", clusters), on=k, how="left")
    if name == "riichi_dama_able":
        for rate, outcome in (("win_rate", WON), ("deal_in_rate", DEALT_IN)):
            flagged = u.with_columns((pl.col("outcome") == outcome).alias("_flag"))
            out = out.join(rates(flagged, k, "_flag", rate, clusters), on=k, how="left")
    return _sorted(out, keys, s).drop(_ALL, strict=False)


_IV = "lo, hi: 95 % interval clustered by game, and by player where players repeat"
#: The sections' titles (style: riichi = declared, open = chi/pon/open kan, dama = closed without riichi).
SITUATION_TITLES = {
    "riichi_dama_able": "Riichi with and without a yaku (dama-able = a ron on a wait scores a yaku without "
                        f"riichi; share of declarations; win and deal-in rates per declaration; {_IV})",
    "win_styles": "Wins by the winner's style (riichi / open / dama; share of wins; turn = the winner's discards, "
                  f"+1 for a tsumo; points = the replay's hand value; {_IV})",
    "deal_in_targets": f"Deal-ins by whom they fed (the winner's style; share of deal-ins; points: {_IV})",
    "tenpai_at_draw": "Seats at a draw that ends the wall by style (share of seats; tenpai rate per seat; "
                      f"{_IV})",
    "calls_by_turn": "Calls by kind and turn (turn = the caller's discards + 1; share of the kind's calls; kita = "
                     f"a North set aside, 3p; {_IV})",
    "first_calls": "First calls (the chi, pon or open kan that opens a hand) by reason: yakuhai_pon = a pon of a "
                   f"dragon, the seat or the round wind (no North seat in 3p); {_IV}",
}
#: Each section's headline figure, set beside the population's in a player's report.
HEADLINE = {"win_styles": "share", "deal_in_targets": "share", "tenpai_at_draw": "tenpai_rate",
            "calls_by_turn": "share", "first_calls": "share", "riichi_dama_able": "share"}


def beside(mine: pl.DataFrame, everyone: pl.DataFrame, keys: Sequence[str], count: str,
           figures: Sequence[str]) -> pl.DataFrame:
    """The player's table ``mine`` beside the population's ``everyone``, joined on ``keys`` (the player's
    cells only): the player's ``count``, then for the first of ``figures`` ``player``, ``player_lo``,
    ``player_hi``, ``population``, ``population_lo``, ``population_hi``, and for each other figure ``f``
    the same six as ``player_f``, ..., ``population_f_hi``."""
    def named(who: str) -> list[pl.Expr]:
        heads = [(f, who if i == 0 else f"{who}_{f}") for i, f in enumerate(figures)]
        return [pl.col(f"{f}{end}").alias(f"{head}{end}") for f, head in heads for end in ("", "_lo", "_hi")]

    k = list(keys)
    return mine.select(*k, count, *named("player")).join(
        everyone.select(*k, *named("population")), on=k, how="left", maintain_order="left")


def player_situation(name: str, frames: StatFrames, player: str) -> pl.DataFrame:
    """The section ``name`` for ``player`` (clustered by game) beside the population's (by game and
    player), per rule set and cell: the player's count, then ``player``, ``player_lo``, ``player_hi``
    and ``population``, ``population_lo``, ``population_hi`` of the section's headline figure."""
    s = SITUATIONS[name]
    mine = situation_table(name, frames, ("rule_set",), GAME_ONLY, player=player)
    everyone = situation_table(name, frames, ("rule_set",))
    return beside(mine, everyone, ["rule_set", *s.within, s.cell], COUNT_NAMES[name], (HEADLINE[name],))
