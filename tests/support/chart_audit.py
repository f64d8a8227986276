"""What the chart tests check on every figure a notebook or ``mjlog plot`` draws: the figure names its
population, and every panel that draws a rate or an average draws its interval (error bars or a band),
while a panel without one says why (counts, sums, recorded values, a whole distribution).

:func:`figure_problems` lists what a figure lacks; :func:`recorder_source` is the code a test runs at
the top of a notebook to record the problems of every figure the notebook displays.
"""

from __future__ import annotations

import re
from pathlib import Path

from mjlog.stats.chart_style import NO_INTERVAL_GID, NO_INTERVAL_REASONS, POPULATION_GID

#: Words of an axis label that say the panel draws a rate, a share or an average.
RATE_WORDS = re.compile(r"%|\bshare\b|\brate\b|\bmean\b|\baverage\b|\(0-1\)", re.IGNORECASE)


def _texts(fig):
    out = list(fig.texts)
    if getattr(fig, "_suptitle", None) is not None:
        out.append(fig._suptitle)
    for ax in fig.axes:
        out += [ax.title, *ax.texts]
    return out


def _has_data(ax) -> bool:
    return bool(ax.containers or ax.collections or ax.patches or ax.lines)


def _has_interval(ax) -> bool:
    from matplotlib.collections import PolyCollection
    from matplotlib.container import ErrorbarContainer

    return (any(isinstance(c, ErrorbarContainer) for c in ax.containers)
            or any(isinstance(c, PolyCollection) for c in ax.collections))


def axes_problems(ax, where: str) -> list[str]:
    """What one panel lacks: an interval for a rate or an average, or the reason it draws none."""
    from matplotlib.container import BarContainer

    if not ax.axison or not _has_data(ax):
        return []
    labels = f"{ax.get_xlabel()} {ax.get_ylabel()}"
    gid = ax.get_gid() or ""
    marked = gid.startswith(NO_INTERVAL_GID + ":")
    rate = bool(RATE_WORDS.search(labels.replace(next((v for v in NO_INTERVAL_REASONS.values() if v in labels), "#"),
                                                 "")))
    problems = []
    if marked:
        why = gid.split(":", 1)[1]
        if NO_INTERVAL_REASONS.get(why, "\0") not in labels:
            problems.append(f"{where}: marked '{why}' but its axis label does not say so")
        if rate:
            problems.append(f"{where}: draws a rate or average ({labels.strip()!r}) but claims it needs no interval")
    elif not _has_interval(ax):
        problems.append(f"{where}: no error bars or band, and no word on why ({labels.strip()!r})")
    if rate:
        bare = [c for c in ax.containers if isinstance(c, BarContainer) and c.errorbar is None]
        if bare:
            problems.append(f"{where}: {len(bare)} bar series of a rate without error bars")
    return problems


def figure_problems(fig) -> list[str]:
    """What the figure lacks: its population named in a text drawn in the figure (not overlapping a
    panel or a panel's title), and each panel's interval or the reason it has none."""
    title = " / ".join(t.get_text().splitlines()[0] for t in _texts(fig) if t.get_text())[:80] or "untitled"
    problems = []
    named = [t for t in _texts(fig) if t.get_gid() == POPULATION_GID and t.get_visible()]
    if not named or not all(re.search(r"Population: .* \d[\d,]* games?\b", " ".join(t.get_text().split()))
                            for t in named):
        problems.append(f"figure {title!r}: does not name its population")
    else:
        fig.draw_without_rendering()
        renderer = fig.canvas.get_renderer()
        box = named[0].get_window_extent(renderer)
        for ax in fig.axes:
            if not ax.axison:
                continue
            for other in (ax.title, ax):
                if other.get_visible() and box.overlaps(other.get_window_extent(renderer)) and (
                        other is ax or other.get_text()):
                    problems.append(f"figure {title!r}: the population text overlaps a panel or its title")
    for i, ax in enumerate(fig.axes):
        problems += axes_problems(ax, f"figure {title!r}, panel {i} {ax.get_title()!r}")
    return sorted(set(problems))


def recorder_source(record: Path, root: Path) -> str:
    """Code run first in a notebook's kernel: every figure printed (displayed inline) appends one JSON
    line ``{"figure": N, "problems": [...], "texts": [...]}`` to ``record`` (texts: the figure's own
    texts, where :func:`mjlog.stats.chart_style.name_population` writes the population line)."""
    return f"""\
import json as _json, sys as _sys
_sys.path.insert(0, {str(root)!r})
import matplotlib.backend_bases as _bb
from tests.support.chart_audit import figure_problems as _figure_problems
_print_figure = _bb.FigureCanvasBase.print_figure
def _recording_print_figure(self, *args, **kwargs):
    out = _print_figure(self, *args, **kwargs)
    with open({str(record)!r}, "a", encoding="utf-8") as _f:
        _f.write(_json.dumps({{"figure": id(self.figure), "problems": _figure_problems(self.figure),
                               "texts": [_t.get_text() for _t in self.figure.texts]}}) + "\\n")
    return out
_bb.FigureCanvasBase.print_figure = _recording_print_figure
"""
