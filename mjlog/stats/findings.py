"""The audit report: replay findings (places where a log and the rules disagree) by kind and by file.

A finding is one row of the store's ``findings`` table (see ``mjlog.findings``): its ``kind``
(e.g. ``points mismatch``, ``truncated``), ``severity`` (``error`` or ``warning``) and place.
"""

from __future__ import annotations

import polars as pl


def findings_by_kind(findings: pl.DataFrame, games: pl.DataFrame) -> pl.DataFrame:
    """Per ``kind`` and ``severity``: ``findings``, ``games`` (games with at least one), then
    ``games_share`` (of all games in ``games``). Sorted by findings, most first."""
    n_games = games.height
    out = findings.group_by("kind", "severity").agg(pl.len().cast(pl.Int64).alias("findings"),
                                                    pl.col("game_id").n_unique().cast(pl.Int64).alias("games"))
    return out.with_columns((pl.col("games") / n_games if n_games else pl.lit(None, pl.Float64)).alias(
        "games_share")).sort(["findings", "kind"], descending=[True, False])


def findings_by_file(findings: pl.DataFrame) -> pl.DataFrame:
    """Per ``source`` file: ``findings``, ``errors``, ``warnings`` and ``kinds`` (the distinct kinds, sorted),
    most findings first."""
    out = findings.group_by("source").agg(
        pl.len().cast(pl.Int64).alias("findings"),
        (pl.col("severity") == "error").sum().cast(pl.Int64).alias("errors"),
        (pl.col("severity") == "warning").sum().cast(pl.Int64).alias("warnings"),
        pl.col("kind").unique().sort().str.join(", ").alias("kinds"),
    )
    return out.sort(["findings", "source"], descending=[True, False])


def audit_summary(findings: pl.DataFrame, games: pl.DataFrame) -> pl.DataFrame:
    """One row: ``games``, ``clean`` (no finding), ``with_errors``, ``with_warnings_only``, ``findings``;
    then ``clean_share``."""
    per = findings.group_by("game_id").agg((pl.col("severity") == "error").any().alias("err"))
    n = games.height
    with_err = int(per["err"].sum()) if per.height else 0
    out = pl.DataFrame({"games": [n], "clean": [n - per.height], "with_errors": [with_err],
                        "with_warnings_only": [per.height - with_err], "findings": [findings.height]},
                       schema={k: pl.Int64 for k in ("games", "clean", "with_errors", "with_warnings_only",
                                                      "findings")})
    return out.with_columns((pl.col("clean") / pl.col("games")).alias("clean_share"))
