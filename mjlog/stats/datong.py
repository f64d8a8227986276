"""The Datong sheet: hand types, multipliers, the cost of renchan and the kans' share of income.

Every statistic is a pure function of :class:`DatongFrames`; :func:`load_datong_frames` fills them
from a store (``Store.sql`` only), Datong games alone (``games.family = 'datong'``). Definitions:

- **hand type per win**: the share of wins whose derived types include the type (the replay's
  reading with the largest multiplier), with its 95 % interval clustered by game.
- **multiplier**: the derived multiplier of a win (``wins.derived_value``).
- **the cost of renchan**: the ``renchan`` payments (B per deal the dealer has kept, line 4 of
  the source's payments): their points, the dealer's net of them (received less paid: under the
  default ``renchan_to='dealer'`` a dealer win collects them, a non-dealer win makes the dealer
  pay them), their share of all points paid and their points per hand, each share with its
  interval clustered by game.
- **the kans' share of income**: of all points paid in the hands (every transfer), the share
  paid for kans (``kan``, line 3: paid when the kan is made, whatever the hand's end), with its
  interval clustered by game; and the kans' points per hand.
"""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl

from mjlog.stats.clustered import join_intervals
from mjlog.stats.frames import SqlSource, SyntheticMode
from mjlog.stats.family_sheet import SheetFrames, by_rule_set, family_frames, join_all, rate, section_tables
from mjlog.stats.text_tables import Table, format_tables, terminal_width

FAMILY = "datong"
_HAND = ["game_id", "round_index"]
_WIN = ["game_id", "round_index", "win_index"]


@dataclass(frozen=True, slots=True)
class DatongFrames:
    """The rows of the Datong sheet (selected Datong games only).

    - ``rounds``: game_id, rule_set, round_index, dealer, renchan (``rounds.honba``), result, complete
    - ``wins``: game_id, rule_set, round_index, win_index, seat, tsumo, dealer, multiplier (derived)
    - ``types``: game_id, rule_set, round_index, win_index, name, english, value (derived hand types)
    - ``payments``: game_id, rule_set, round_index, payer, payee, reason, amount
    """

    rounds: pl.DataFrame
    wins: pl.DataFrame
    types: pl.DataFrame
    payments: pl.DataFrame

    @property
    def n_rounds(self) -> int:
        return self.rounds.height


_QUERIES = {
    "rounds": """SELECT r.game_id::VARCHAR AS game_id, g.rule_set, r.round_index, r.dealer, r.honba AS renchan,
        r.result, r.complete FROM rounds r JOIN games g ON g.game_id = r.game_id WHERE {cond} ORDER BY 1, 3""",
    "wins": """SELECT w.game_id::VARCHAR AS game_id, g.rule_set, w.round_index, w.win_index, w.seat, w.tsumo,
        w.dealer, w.derived_value AS multiplier FROM wins w JOIN games g ON g.game_id = w.game_id
        WHERE {cond} ORDER BY 1, 3, 4""",
    "types": """SELECT i.game_id::VARCHAR AS game_id, g.rule_set, i.round_index, i.win_index,
        i.name::VARCHAR AS name, i.english::VARCHAR AS english, i.value FROM win_items i
        JOIN games g ON g.game_id = i.game_id WHERE i.derived AND {cond} ORDER BY 1, 3, 4, i.item_order""",
    "payments": """SELECT p.game_id::VARCHAR AS game_id, g.rule_set, p.round_index, p.payer, p.payee,
        p.reason::VARCHAR AS reason, p.amount FROM payments p JOIN games g ON g.game_id = p.game_id
        WHERE {cond} ORDER BY 1, 3""",
}


def load_datong_frames(db: SqlSource, synthetic: SyntheticMode = "include", include_truncated: bool = False,
                       rule_set: str | None = None) -> DatongFrames:
    """The Datong games of ``db`` (a ``mjlog.store.Store``) as frames; synthetic games kept by default
    (every Datong game so far is one)."""
    return DatongFrames(**family_frames(db, FAMILY, _QUERIES, synthetic, include_truncated, rule_set))


def _hand_points(frames: DatongFrames, reason: str) -> pl.DataFrame:
    """Per complete hand: ``points`` (every payment) and ``part`` (those paid for ``reason``)."""
    hands = frames.rounds.filter(pl.col("complete")).select("game_id", "rule_set", "round_index", "dealer")
    pay = frames.payments.group_by(_HAND).agg(
        pl.col("amount").sum().alias("points"),
        pl.col("amount").filter(pl.col("reason") == reason).sum().alias("part"))
    out = hands.join(pay, on=_HAND, how="left").fill_null(0)
    return out.with_columns(pl.lit(1).alias("one"))


# -- hand types and multipliers --------------------------------------------------------------------------


def type_frequency(frames: DatongFrames) -> pl.DataFrame:
    """Per rule set and hand type: ``wins_with``, ``wins``, ``share`` and its ``lo``, ``hi`` (clustered by game)."""
    names = frames.types.select("rule_set", "name", "english").unique()
    units = frames.wins.select("rule_set", *_WIN).join(names, on="rule_set")
    has = frames.types.select(*_WIN, "name").unique().with_columns(pl.lit(1).alias("with"))
    units = units.join(has, on=[*_WIN, "name"], how="left").with_columns(
        pl.col("with").fill_null(0), pl.lit(1).alias("one"))
    out = units.group_by("rule_set", "name", "english").agg(pl.col("with").sum().cast(pl.Int64).alias("wins_with"),
                                                            pl.len().cast(pl.Int64).alias("wins"))
    out = out.with_columns((pl.col("wins_with") / pl.col("wins")).alias("share"))
    out = join_intervals(out, units, ["rule_set", "name", "english"], "with", "one", "share")
    return out.rename({"share_lo": "lo", "share_hi": "hi"}).sort(["rule_set", "share", "name"],
                                                                 descending=[False, True, False])


def multiplier_distribution(frames: DatongFrames) -> pl.DataFrame:
    """Per rule set and derived multiplier: ``wins``, then ``share``."""
    out = frames.wins.group_by("rule_set", "multiplier").agg(pl.len().cast(pl.Int64).alias("wins"))
    return out.with_columns((pl.col("wins") / pl.col("wins").sum().over("rule_set")).alias("share")).sort(
        "rule_set", "multiplier")


# -- renchan and kans ----------------------------------------------------------------------------------------


def renchan_cost(frames: DatongFrames) -> pl.DataFrame:
    """Per rule set: ``hands``, ``renchan_hands`` (dealt to a dealer who had kept the deal), ``renchan_points``
    (the ``renchan`` payments), ``dealer_net`` (of them, received less paid by the hand's dealer), ``points``
    (every payment); then ``share`` (renchan points / points) and ``per_hand`` with their clustered intervals."""
    units = _hand_points(frames, "renchan")
    ren = frames.payments.filter(pl.col("reason") == "renchan").join(
        frames.rounds.select(*_HAND, "dealer"), on=_HAND)
    net = ren.select("rule_set", (pl.when(pl.col("payee") == pl.col("dealer")).then(pl.col("amount"))
                                  .when(pl.col("payer") == pl.col("dealer")).then(-pl.col("amount"))
                                  .otherwise(0)).alias("net"))
    done = frames.rounds.filter(pl.col("complete"))
    out = join_all([
        by_rule_set(done, "hands"),
        by_rule_set(done, "renchan_hands", (pl.col("renchan") > 0).sum()),
        by_rule_set(units, "renchan_points", pl.col("part").sum()),
        by_rule_set(net, "dealer_net", pl.col("net").sum()),
        by_rule_set(units, "points", pl.col("points").sum()),
    ])
    out = out.with_columns(rate("renchan_points", "points", "share"), rate("renchan_points", "hands", "per_hand"))
    out = join_intervals(out, units, ["rule_set"], "part", "points", "share", proportion=False)
    return join_intervals(out, units, ["rule_set"], "part", "one", "per_hand", proportion=False)


def kan_share(frames: DatongFrames) -> pl.DataFrame:
    """Per rule set: ``hands``, ``kans`` (kans made), ``kan_points`` (the ``kan`` payments), ``points`` (every
    payment); then ``share`` (kan points / points: the kans' share of income) and ``per_hand``, with their
    intervals clustered by game."""
    units = _hand_points(frames, "kan")
    # each kan is paid by the three other seats: its rows over three
    kans = frames.payments.filter(pl.col("reason") == "kan")
    out = join_all([
        by_rule_set(units, "hands"),
        by_rule_set(kans, "kans", (pl.len() / 3).floor()),
        by_rule_set(units, "kan_points", pl.col("part").sum()),
        by_rule_set(units, "points", pl.col("points").sum()),
    ])
    out = out.with_columns(rate("kan_points", "points", "share"), rate("kan_points", "hands", "per_hand"))
    out = join_intervals(out, units, ["rule_set"], "part", "points", "share", proportion=False)
    return join_intervals(out, units, ["rule_set"], "part", "one", "per_hand", proportion=False)


# -- the sheet ----------------------------------------------------------------------------------------


def datong_counts(frames: DatongFrames) -> pl.DataFrame:
    """Per rule set: ``games``, ``hands`` (complete), ``wins``, ``self_draws``, ``draws`` (黃庄) and
    ``renchan_hands``."""
    done = frames.rounds.filter(pl.col("complete"))
    return join_all([
        by_rule_set(frames.rounds, "games", pl.col("game_id").n_unique()),
        by_rule_set(done, "hands"),
        by_rule_set(frames.wins, "wins"),
        by_rule_set(frames.wins, "self_draws", pl.col("tsumo").sum()),
        by_rule_set(done, "draws", (pl.col("result") == "draw").sum()),
        by_rule_set(done, "renchan_hands", (pl.col("renchan") > 0).sum()),
    ])


@dataclass(frozen=True, slots=True)
class DatongSheet(SheetFrames):
    """The Datong sheet: one frame per table."""

    counts: pl.DataFrame
    types: pl.DataFrame
    multipliers: pl.DataFrame
    renchan: pl.DataFrame
    kans: pl.DataFrame


def datong_sheet(frames: DatongFrames) -> DatongSheet:
    """Every table of the Datong sheet."""
    return DatongSheet(datong_counts(frames), type_frequency(frames), multiplier_distribution(frames),
                       renchan_cost(frames), kan_share(frames))


_TITLES = {
    "counts": "Datong: games, hands, wins, self-draws (自摸), drawn hands (黃庄), hands the dealer kept (連庄)",
    "types": "Datong hand types per win (share of wins with the type, 95 % interval clustered by game)",
    "multipliers": "Datong multipliers of wins",
    "renchan": "Datong dealer's repeats (連庄): their payments, the dealer's net, their share of all points paid "
               "(95 % intervals)",
    "kans": "Datong kongs (杠): their payments' share of all points paid, and per hand (95 % intervals)",
}


def datong_tables(sheet: DatongSheet) -> list[Table]:
    """Every table of the Datong sheet, titled."""
    return [Table("datong_" + name, _TITLES[name], frame) for name, frame in sheet.items()]


def format_datong(sheet: DatongSheet, max_rows: int = 20, width: int | None = None) -> str:
    """The Datong sheet as text no wider than ``width`` (default: the terminal's)."""
    return format_tables(datong_tables(sheet), width or terminal_width(), max_rows)


def datong_section_tables(db: SqlSource, synthetic: SyntheticMode = "include", include_truncated: bool = False,
                          rule_set: str | None = None) -> list[Table]:
    """The Datong sheet's tables for the selected games of ``db``; none when none is a Datong game."""
    return section_tables(db, FAMILY, load_datong_frames, lambda frames: datong_tables(datong_sheet(frames)),
                          synthetic, include_truncated, rule_set)


__all__ = ["DatongFrames", "DatongSheet", "datong_counts", "datong_section_tables", "datong_sheet", "datong_tables",
           "format_datong", "kan_share", "load_datong_frames", "multiplier_distribution", "renchan_cost",
           "type_frequency"]
