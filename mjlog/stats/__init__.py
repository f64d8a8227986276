"""Statistics over a store of games: the stat sheet, the comparison with published tables,
dealer rotation and its what-if simulation, and the audit report.

Every function is a pure function of Polars frames (see :mod:`mjlog.stats.frames` for their
columns); :func:`load_frames` is the thin loader that fills them from a ``mjlog.store.Store``.
Definitions and conventions: ``docs/statistics.md``.

Modules: :mod:`~mjlog.stats.sheet` (the stat sheet), :mod:`~mjlog.stats.reference` (Phoenix
comparison), :mod:`~mjlog.stats.dealer` (recorded rotation), :mod:`~mjlog.stats.rotation_sim`
(what-if Monte Carlo), :mod:`~mjlog.stats.findings` (audit report), :mod:`~mjlog.stats.intervals`.
"""

from mjlog.stats.frames import GROUP, StatFrames, load_frames
from mjlog.stats.population import Population, describe, selection_note
from mjlog.stats.intervals import Z95, binomial_se, mean_se, wilson_exprs, wilson_interval
from mjlog.stats.sheet import (
    StatSheet, draw_stats, format_sheet, fu_distribution, han_distribution, placement_distribution,
    placement_stats, player_round_stats, stat_sheet, win_stats, yaku_frequency,
)

__all__ = [
    "GROUP", "Population", "StatFrames", "StatSheet", "Z95", "binomial_se", "describe", "draw_stats", "format_sheet",
    "fu_distribution", "han_distribution", "load_frames", "mean_se", "placement_distribution", "placement_stats",
    "player_round_stats", "selection_note", "stat_sheet", "win_stats", "wilson_exprs", "wilson_interval",
    "yaku_frequency",
]
