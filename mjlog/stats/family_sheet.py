"""What a family's sheet of its own (Beijing's, Datong's) is built from: its games' frames, one query
each, under the stat sheet's selection; its tables' counts and rates, one row per rule set; the sheet as
named frames; and the family's section of the stat sheet, its situation tables after its own."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any

import polars as pl

from mjlog.stats.family_situations import family_situation_tables
from mjlog.stats.frames import SqlSource, SyntheticMode, game_filter, resolve_synthetic
from mjlog.stats.text_tables import Table

__all__ = ["SheetFrames", "by_rule_set", "family_frames", "join_all", "rate", "section_tables"]


class SheetFrames:
    """A family's sheet: a frozen dataclass of frames, one per table, in the order its fields name them."""

    __slots__ = ()

    def items(self) -> list[tuple[str, pl.DataFrame]]:
        return [(f.name, getattr(self, f.name)) for f in fields(self)]


def section_tables(db: SqlSource, family: str, frames_of: Callable[..., Any], tables_of: Callable[[Any], list[Table]],
                   synthetic: SyntheticMode, include_truncated: bool, rule_set: str | None) -> list[Table]:
    """``family``'s section of the stat sheet for the selected games of ``db``: the tables ``tables_of`` makes of
    its frames (``frames_of``), then its situation tables; none when none is a game of ``family``."""
    frames = frames_of(db, synthetic, include_truncated, rule_set)
    if frames.n_rounds == 0:
        return []
    return tables_of(frames) + family_situation_tables(db, family, synthetic, include_truncated, rule_set)


def family_frames(db: SqlSource, family: str, queries: dict[str, str], synthetic: SyntheticMode,
                  include_truncated: bool, rule_set: str | None) -> dict[str, pl.DataFrame]:
    """Each of ``queries`` (SQL with ``{cond}`` for the selection) run on ``db`` for the selected games
    of ``family``, by name."""
    mode = resolve_synthetic(db, synthetic, include_truncated=include_truncated, rule_set=rule_set)
    cond = game_filter(mode, include_truncated=include_truncated, rule_set=rule_set) + f" AND g.family = '{family}'"
    return {name: db.sql(q.format(cond=cond)) for name, q in queries.items()}


def by_rule_set(frame: pl.DataFrame, name: str, expr: pl.Expr | None = None) -> pl.DataFrame:
    """Per rule set: ``name``, the rows' count or ``expr``'s aggregate, as an integer."""
    agg = pl.len() if expr is None else expr
    return frame.group_by("rule_set").agg(agg.cast(pl.Int64).alias(name))


def join_all(parts: list[pl.DataFrame]) -> pl.DataFrame:
    """Per-rule-set tables side by side (a rule set missing from one counts 0 there), by rule set."""
    out = parts[0]
    for p in parts[1:]:
        out = out.join(p, on="rule_set", how="left")
    return out.fill_null(0).sort("rule_set")


def rate(num: str, den: str, name: str) -> pl.Expr:
    """Column ``num`` over column ``den`` as ``name``; null where ``den`` is 0."""
    return pl.when(pl.col(den) > 0).then(pl.col(num) / pl.col(den)).alias(name)
