"""Chinese Official (MCR) statistics: fan frequencies, fans per win, wins that just make 8, self-draw
rate and points per match, with real records kept apart from simulated ones.

Definitions (``docs/statistics.md``):

- **records**: ``real`` (PMN, Botzone, any log not made by ``mjlog simulate``) or ``simulated``;
  every table is split by rule set and records, so bot play never mixes with people's.
- **fans** are the replay's (each win re-derived by mjlog's calculator; the Botzone export lost
  its fan names, so recorded lines are not used). A fan counts once per win in ``wins_with``
  and as often as the win counts it in ``times``; ``share`` = wins listing it / wins, with a
  95 % Wilson interval. 花牌 (flowers) is listed like any fan.
- **fans per win**: the win's total with the flowers (what the payments use); ``fans_no_flowers``
  without them (what the 8-fan minimum counts). **just 8**: wins whose fans without flowers are
  exactly 8.
- **self-draw rate**: self-drawn wins / wins. **win rate**: hands won / complete hands.
- **points per match**: each seat's final score (its sum over the match's hands; every MCR rule
  set starts at 0), summarised per place (1st = highest) over the matches.

:func:`load_mcr_frames` reads a store (``Store.sql``); every other function is a pure function
of its frames. :func:`mcr_sheet_text` is what ``mjlog stats`` prints for MCR games.
"""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl

from mjlog.rules.mcr.fans import Fan
from mjlog.stats.family_situations import family_situation_tables
from mjlog.stats.family_sheet import SheetFrames
from mjlog.stats.frames import SqlSource, SyntheticMode, game_filter, resolve_synthetic
from mjlog.stats.intervals import wilson_exprs
from mjlog.stats.text_tables import Table, format_tables, terminal_width

__all__ = ["McrFrames", "fan_frequency", "load_mcr_frames", "match_points", "mcr_sheet", "mcr_sheet_text", "mcr_tables",
           "win_summary"]

FAMILY = "mcr"
#: The ``--section`` name of the MCR situation tables (:mod:`mjlog.stats.family_situations`).
SITUATIONS_SECTION = "mcr_situations"
#: The fan minimum the "just 8" share measures against (every MCR rule set's).
MIN_FAN = 8
BY = ("rule_set", "records")


@dataclass(frozen=True, slots=True)
class McrFrames:
    """The MCR rows of a store, one frame per kind (each with ``rule_set`` and ``records``).

    - ``rounds``: game_id, round_index, complete, n_wins
    - ``wins``: game_id, round_index, win_index, seat, tsumo, fans (with flowers), fans_no_flowers
    - ``fans``: game_id, round_index, win_index, fan, name, english, value (one row per fan counted)
    - ``seats``: game_id, seat, points (the seat's final score)
    """

    rounds: pl.DataFrame
    wins: pl.DataFrame
    fans: pl.DataFrame
    seats: pl.DataFrame

    @property
    def n_games(self) -> int:
        return self.rounds["game_id"].n_unique() if self.rounds.height else 0


_RECORDS = "CASE WHEN g.synthetic THEN 'simulated' ELSE 'real' END AS records"

_QUERIES = {
    "rounds": f"""SELECT r.game_id::VARCHAR AS game_id, g.rule_set, {_RECORDS}, r.round_index, r.complete, r.n_wins
        FROM rounds r JOIN games g ON g.game_id = r.game_id WHERE {{cond}} ORDER BY 1, 4""",
    "wins": f"""SELECT w.game_id::VARCHAR AS game_id, g.rule_set, {_RECORDS}, w.round_index, w.win_index, w.seat,
        w.tsumo, w.derived_value AS fans,
        w.derived_value - coalesce((SELECT sum(i.value) FROM win_items i WHERE i.game_id = w.game_id
            AND i.round_index = w.round_index AND i.win_index = w.win_index AND i.derived
            AND i.item_id = {Fan.FLOWER_TILES:d}), 0) AS fans_no_flowers
        FROM wins w JOIN games g ON g.game_id = w.game_id WHERE w.derived AND {{cond}} ORDER BY 1, 4, 5""",
    "fans": f"""SELECT i.game_id::VARCHAR AS game_id, g.rule_set, {_RECORDS}, i.round_index, i.win_index,
        i.item_id AS fan, i.name, i.english, i.value
        FROM win_items i JOIN games g ON g.game_id = i.game_id WHERE i.derived AND {{cond}} ORDER BY 1, 4, 5, i.item_order""",
    "seats": f"""SELECT p.game_id::VARCHAR AS game_id, g.rule_set, {_RECORDS}, p.seat,
        coalesce(p.derived_final_score, p.final_score) AS points
        FROM players p JOIN games g ON g.game_id = p.game_id WHERE {{cond}} ORDER BY 1, 4""",
}


def load_mcr_frames(db: SqlSource, synthetic: SyntheticMode = "include", include_truncated: bool = False,
                    rule_set: str | None = None) -> McrFrames:
    """The MCR games of ``db`` (a ``mjlog.store.Store``) under the same selection as the stat sheet."""
    sel = dict(include_truncated=include_truncated, rule_set=rule_set)
    mode = resolve_synthetic(db, synthetic, **sel)
    cond = f"g.family = '{FAMILY}' AND " + game_filter(mode, **sel)  # type: ignore[arg-type]  # sel: game_filter's keywords by name
    return McrFrames(**{name: db.sql(q.format(cond=cond)) for name, q in _QUERIES.items()})


def fan_frequency(frames: McrFrames, by: tuple[str, ...] = BY) -> pl.DataFrame:
    """Per group and fan: ``wins_with`` (wins listing it), ``times`` (counted in all), ``share`` of wins, ``lo``/``hi``."""
    keys = list(by)
    wins = frames.wins.group_by(keys).agg(pl.len().alias("wins"))
    per_win = (frames.fans.group_by([*keys, "game_id", "round_index", "win_index", "fan", "name", "english", "value"])
               .agg(pl.len().alias("n")))
    out = (per_win.group_by([*keys, "fan", "name", "english", "value"])
           .agg(pl.len().alias("wins_with"), pl.col("n").sum().alias("times"))
           .join(wins, on=keys, how="left"))
    lo, hi = wilson_exprs("wins_with", "wins")
    return (out.with_columns((pl.col("wins_with") / pl.col("wins")).alias("share"), lo, hi)
            .sort([*keys, "wins_with", "fan"], descending=[False] * len(keys) + [True, False]))


def win_summary(frames: McrFrames, by: tuple[str, ...] = BY) -> pl.DataFrame:
    """Per group: hands, wins, win rate, fans per win (with and without flowers), just-8 share, self-draw rate."""
    keys = list(by)
    hands = (frames.rounds.filter(pl.col("complete")).group_by(keys)
             .agg(pl.len().alias("hands"), (pl.col("n_wins") > 0).sum().alias("hands_won")))
    wins = frames.wins.group_by(keys).agg(
        pl.len().alias("wins"),
        pl.col("fans").mean().alias("fans_per_win"),
        pl.col("fans_no_flowers").mean().alias("fans_no_flowers"),
        (pl.col("fans_no_flowers") == MIN_FAN).sum().alias("just_8"),
        pl.col("tsumo").sum().alias("self_drawn"),
    )
    return (hands.join(wins, on=keys, how="left")
            .with_columns(pl.col("wins", "just_8", "self_drawn").fill_null(0))
            .with_columns((pl.col("hands_won") / pl.col("hands")).alias("win_rate"),
                          (pl.col("just_8") / pl.col("wins")).alias("just_8_share"),
                          (pl.col("self_drawn") / pl.col("wins")).alias("self_draw_rate"))
            .sort(keys))


def match_points(frames: McrFrames, by: tuple[str, ...] = BY) -> pl.DataFrame:
    """Per group and place (1 = the match's highest score): matches, mean, min and max points."""
    keys = list(by)
    placed = (frames.seats.filter(pl.col("points").is_not_null())
              .with_columns(pl.col("points").rank("ordinal", descending=True).over("game_id").alias("place")))
    return (placed.group_by([*keys, "place"])
            .agg(pl.col("game_id").n_unique().alias("matches"), pl.col("points").mean().alias("mean_points"),
                 pl.col("points").min().alias("min_points"), pl.col("points").max().alias("max_points"))
            .sort([*keys, "place"]))


@dataclass(frozen=True, slots=True)
class McrSheet(SheetFrames):
    """The MCR tables of the stat sheet."""

    mcr_wins: pl.DataFrame
    mcr_fans: pl.DataFrame
    mcr_points: pl.DataFrame


def mcr_sheet(frames: McrFrames) -> McrSheet:
    """Every MCR table for ``frames``."""
    return McrSheet(win_summary(frames), fan_frequency(frames), match_points(frames))


_TITLES = {
    "mcr_wins": "MCR wins (fans with flowers; just_8 = wins at exactly the 8-fan minimum, flowers not counted)",
    "mcr_fans": "MCR fans per win (share of wins listing the fan, 95 % Wilson interval; real and simulated apart)",
    "mcr_points": "MCR points per match by place (1 = highest final score)",
}


def mcr_tables(db: SqlSource, synthetic: SyntheticMode = "exclude", include_truncated: bool = False,
               rule_set: str | None = None, sections: list[str] | None = None) -> list[Table]:
    """The MCR tables of ``mjlog stats`` (none when the selection holds no MCR game)."""
    frames = load_mcr_frames(db, synthetic, include_truncated, rule_set)
    if frames.n_games == 0:
        return []
    tables = [Table(name, _TITLES[name], frame) for name, frame in mcr_sheet(frames).items()
              if sections is None or name in sections]
    if sections is None or SITUATIONS_SECTION in sections:
        tables += family_situation_tables(db, FAMILY, synthetic, include_truncated, rule_set)
    return tables


def mcr_sheet_text(db: SqlSource, synthetic: SyntheticMode = "exclude", include_truncated: bool = False,
                   rule_set: str | None = None, max_rows: int = 20, sections: list[str] | None = None) -> str:
    """The MCR part of ``mjlog stats`` as text ('' when the selection holds no MCR game)."""
    return format_tables(mcr_tables(db, synthetic, include_truncated, rule_set, sections), terminal_width(), max_rows)
