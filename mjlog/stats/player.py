"""One player's sheet beside the population's: rates, placements, hands by position, situations, and a
timeline.

The player is found by name in the ``players`` frame (Tenhou's anonymous ``NoName`` is nobody).
The population is every seat of the same selected games' rule set (the frames passed in), so
the player's figures and the population's count the same things (see ``docs/statistics.md``).
Every rate has a 95 % interval: the player's clustered by game (their rounds of one game are
correlated), the population's by game and player (:mod:`mjlog.stats.clustered`). The riichi
situation sections count the riichi games alone; Beijing, MCR and Datong each have their own part,
of that family's games alone (:mod:`mjlog.stats.family_situations`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields

import polars as pl

from mjlog.stats.clustered import ANONYMOUS, rate_table, ratio_intervals
from mjlog.stats.family_situations import FAMILIES, SituationFrames, player_situation_titles, player_situations
from mjlog.stats.frames import StatFrames
from mjlog.stats.hand_situations import SITUATION_TITLES, SITUATIONS, player_situation
from mjlog.stats.population import describe
from mjlog.stats.sheet import placement_distribution
from mjlog.stats.text_tables import Table, format_tables, terminal_width, wrap
from mjlog.stats.units import PLAYER_ROUND_RATES, long_rates, player_round_units

GAME_ONLY = ("game_id",)


@dataclass(frozen=True, slots=True)
class PlayerSheet:
    """One player's tables; each is split by ``rule_set``."""

    name: str
    summary: pl.DataFrame
    rates: pl.DataFrame
    placements: pl.DataFrame
    by_position: pl.DataFrame
    by_wind: pl.DataFrame
    by_seat: pl.DataFrame
    timeline: pl.DataFrame
    situations: dict[str, pl.DataFrame] = field(default_factory=dict)

    def items(self) -> list[tuple[str, pl.DataFrame]]:
        """(name, frame) of every table but the timeline, in order, the situation sections last."""
        own = [(f.name, getattr(self, f.name)) for f in fields(self)
               if f.name not in ("name", "timeline", "situations")]
        return own + list(self.situations.items())


def most_frequent_player(*selections: StatFrames) -> str | None:
    """The named player who sits in the most selected games of ``selections`` together (each a selection of
    its own, such as one family's games; ties: the first name in sort order)."""
    players = [f.players.select("game_id", "name") for f in selections if f.players.height]
    if not players:
        return None
    p = pl.concat(players).filter(pl.col("name").is_not_null() & ~pl.col("name").is_in(list(ANONYMOUS)))
    if p.height == 0:
        return None
    top = p.group_by("name").agg(pl.col("game_id").n_unique().alias("g")).sort(["g", "name"],
                                                                              descending=[True, False])
    return str(top["name"][0])


def read_player_file(text: str) -> list[str]:
    """The names of a player file: one a line; blank lines and lines starting with ``#`` are skipped,
    the names are kept as written apart from the line end (names may hold spaces)."""
    return [line.rstrip("\r") for line in text.split("\n") if line.strip() and not line.startswith("#")]


def _beside(mine: pl.DataFrame, everyone: pl.DataFrame, keys: list[str]) -> pl.DataFrame:
    """The player's rate table beside the population's, joined on ``keys`` and ``rate``."""
    k = [*keys, "rate"]
    a = mine.select(*k, "count", "trials", pl.col("value").alias("player"), pl.col("lo").alias("player_lo"),
                    pl.col("hi").alias("player_hi"))
    b = everyone.select(*k, pl.col("value").alias("population"), pl.col("lo").alias("population_lo"),
                        pl.col("hi").alias("population_hi"), pl.col("method").alias("population_method"))
    return a.join(b, on=k, how="left", maintain_order="left")


def _mean_interval(p: pl.DataFrame, keys: list[str], col: str, name: str) -> pl.DataFrame:
    """Per ``keys``: the mean of ``col`` over player-games and its interval clustered by game."""
    u = p.with_columns(pl.col(col).cast(pl.Float64), pl.lit(1, pl.Int64).alias("_one"))
    iv = ratio_intervals(u, keys, col, "_one", GAME_ONLY, proportion=False, prefix=f"{name}_")
    m = u.group_by(keys).agg(pl.col(col).mean().alias(name))
    return m.join(iv.select(*keys, f"{name}_lo", f"{name}_hi"), on=keys, how="left")


#: Round wind names by the ``rounds.wind`` code (West and North: a hanchan's extension rounds).
WINDS = ("East", "South", "West", "North")


def with_round_wind(units: pl.DataFrame, rounds: pl.DataFrame) -> pl.DataFrame:
    """Player-round ``units`` with ``round_wind``: the round's prevailing wind (East, South, West, North)."""
    wind = rounds.select("game_id", "round_index",
                         pl.col("wind").cast(pl.Int64).replace_strict(list(range(4)), list(WINDS), return_dtype=pl.String)
                         .alias("round_wind"))
    return units.join(wind, on=["game_id", "round_index"], how="left")


def _split_rates(units: pl.DataFrame, mine: pl.DataFrame, keys: list[str], rates: tuple[tuple[str, str], ...]
                 ) -> pl.DataFrame:
    """The player's rates (by game) beside the population's (by game and player) per ``keys``."""
    return _beside(rate_table(long_rates(mine, rates, "player_rounds", keys), keys, GAME_ONLY),
                   rate_table(long_rates(units, rates, "player_rounds", keys), keys), keys)


def player_sheet(frames: StatFrames, name: str, families: Sequence[SituationFrames] = ()) -> PlayerSheet:
    """The sheet of the player called ``name`` within ``frames`` (the population); empty tables when
    the name sits in none of the games. ``families``: the Beijing, MCR and Datong situation rows of the
    same games (:func:`~mjlog.stats.family_situations.selected_situation_frames`), each family's part
    added where the player sits in its games."""
    players = frames.players
    seated = players.filter(pl.col("name") == name)
    mine_p = seated.filter(pl.col("placement").is_not_null())
    units = player_round_units(frames.rounds, frames.wins, frames.seat_events, players)
    mine = units.filter(pl.col("player") == name) if "player" in units.columns else units.clear()
    rs = ["rule_set"]
    rates = _split_rates(units, mine, rs, PLAYER_ROUND_RATES)
    n_players = frames.games.select("rule_set", pl.col("n_players").cast(pl.Int64)).unique()
    summary = (seated.group_by("rule_set").agg(pl.col("game_id").n_unique().cast(pl.Int64).alias("games"))
               .join(mine.group_by("rule_set").agg(pl.len().cast(pl.Int64).alias("rounds")), on="rule_set",
                     how="left")
               .join(_mean_interval(mine_p, rs, "placement", "avg_placement"), on=rs, how="left")
               .join(_mean_interval(mine_p, rs, "placement_points", "avg_placement_points"), on=rs, how="left")
               .join(n_players, on=rs, how="left")
               .with_columns(pl.when(pl.col("avg_placement").is_not_null()).then((pl.col("n_players") + 1) / 2)
                             .alias("population_avg_placement"))
               .drop("n_players").sort(rs))
    placements = (placement_distribution(mine_p, rs).join(n_players, on=rs, how="left")
                  .with_columns((1 / pl.col("n_players")).alias("population_share")).drop("n_players"))
    pos = [*rs, "position"]
    with_pos = [u.with_columns(pl.when(pl.col("dealer")).then(pl.lit("dealer")).otherwise(pl.lit("non-dealer"))
                               .alias("position")) for u in (mine, units)]
    by_position = _split_rates(with_pos[1], with_pos[0], pos, PLAYER_ROUND_RATES[:2])
    wind = [*rs, "round_wind"]
    by_wind = _split_rates(with_round_wind(units, frames.rounds), with_round_wind(mine, frames.rounds), wind,
                           PLAYER_ROUND_RATES)
    by_seat = (mine_p.with_columns(pl.col("seat").cast(pl.Int64))
               .pipe(lambda p: p.group_by(*rs, "seat").agg(pl.len().cast(pl.Int64).alias("games"))
                     .join(_mean_interval(p, [*rs, "seat"], "placement", "avg_placement"), on=[*rs, "seat"],
                           how="left"))
               .sort(*rs, "seat"))
    riichi = frames.of_families(("riichi",))
    situations = {key: player_situation(key, riichi, name) for key in SITUATIONS}
    for family in families:
        situations |= player_situations(family, name)
    return PlayerSheet(name=name, summary=summary, rates=rates, placements=placements, by_position=by_position,
                       by_wind=by_wind, by_seat=by_seat, timeline=player_timeline(frames, name), situations=situations)


def player_timeline(frames: StatFrames, name: str) -> pl.DataFrame:
    """The player's games in time order: ``n`` (1, 2, ...), game_id, rule_set, game_date, seat, ``rank``
    (Tenhou dan code), ``rate`` (Tenhou rating at the game's start), final_score, placement,
    placement_points, ``cumulative_points`` (placement points summed so far). Undated games come
    last, in game id order (a Tenhou log id starts with its date and hour)."""
    p = frames.players.filter(pl.col("name") == name)
    g = frames.games.select("game_id", *(c for c in ("game_date", "game_hour") if c in frames.games.columns))
    t = p.join(g, on="game_id", how="left")
    order = [c for c in ("game_date", "game_hour") if c in t.columns] + ["game_id"]
    t = t.sort(order, nulls_last=True).with_row_index("n", offset=1).with_columns(pl.col("n").cast(pl.Int64))
    t = t.with_columns(pl.col("placement_points").cum_sum().alias("cumulative_points"))
    cols = ["n", "game_id", "rule_set", "game_date", "seat", "rank", "rate", "final_score", "placement",
            "placement_points", "cumulative_points"]
    return t.select([c for c in cols if c in t.columns])


_TITLES = {
    "summary": "Games and placement (games: the player's; avg_* over the games with a placement, with 95 % "
               "interval clustered by game; population_avg_placement is (n+1)/2 by construction)",
    "rates": "Per player-round rates beside the population's (player: clustered by game; population: by game "
             "and player)",
    "placements": "Placement distribution (population_share: 1/n by construction)",
    "by_position": "Win and deal-in rates as dealer and non-dealer",
    "by_wind": "Per player-round rates by round wind (East rounds, South rounds; West: extension rounds)",
    "by_seat": "Average placement by starting seat (seat 0 deals first)",
    **{key: f"{title}: the player's (clustered by game) beside the population's"
       for key, title in SITUATION_TITLES.items()},
    **player_situation_titles(),
}


def _chosen(key: str, sections: Sequence[str] | None) -> bool:
    """Whether the table ``key`` is among ``sections`` (a family's name chooses that family's part)."""
    family = key.split("_situation_")[0]
    return sections is None or key in sections or (family in FAMILIES and family in sections)


def player_tables(sheet: PlayerSheet, sections: Sequence[str] | None = None) -> list[Table]:
    """The sections of the player's sheet (all, or those in ``sections``) as titled tables."""
    return [Table(key, _TITLES[key], frame) for key, frame in sheet.items() if _chosen(key, sections)]


def format_player_sheet(sheet: PlayerSheet, frames: StatFrames, max_rows: int = 20,
                        sections: Sequence[str] | None = None, width: int | None = None) -> str:
    """The player's sheet as text no wider than ``width`` (default: the terminal's): who, the
    population, then one titled table per section."""
    width = width or terminal_width()
    out = [wrap(f"player: {sheet.name}", width), wrap(describe(frames).text(), width)]
    if sheet.summary.height == 0:
        out.append(wrap(f"{sheet.name!r} sits in none of these games", width))
        return "\n".join(out)
    out.append(format_tables(player_tables(sheet, sections), width, max_rows))
    return "\n".join(out)
