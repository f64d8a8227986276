"""One style for every chart of the notebooks and of ``mjlog plot``: a CJK font when one is installed
(else English names only), integer axes for integer quantities, legends outside the plotting area,
the population named in every figure and every panel either drawing its intervals or saying why it has none.

>>> label("立直", "Riichi", cjk=False), label("立直", "Riichi", cjk=True)
('Riichi', 'Riichi 立直')
"""

from __future__ import annotations

import glob
import os
from typing import Any

#: Font families that hold the Japanese and Chinese characters of yaku and player names, best first.
CJK_FAMILIES = (
    "Noto Sans CJK JP", "Noto Sans JP", "Noto Sans CJK SC", "Source Han Sans JP", "IPAexGothic", "IPAGothic",
    "TakaoGothic", "VL Gothic", "WenQuanYi Zen Hei", "Droid Sans Fallback",
)
#: Where Debian's fonts-noto-cjk (and a few others) put their files, for a font cache built before they came.
_FONT_GLOBS = ("/usr/share/fonts/opentype/noto/NotoSansCJK-*.ttc", "/usr/share/fonts/opentype/ipaexfont-gothic/*.ttf",
               "/usr/share/fonts/truetype/fonts-japanese-gothic.ttf", "/usr/share/fonts/truetype/wqy/*.ttc")


def cjk_font() -> str | None:
    """The name of an installed CJK-capable font family, or None (then charts use English names)."""
    from matplotlib import font_manager

    names = {f.name for f in font_manager.fontManager.ttflist}
    found = next((n for n in CJK_FAMILIES if n in names), None)
    if found is None:
        for pattern in _FONT_GLOBS:
            for path in sorted(glob.glob(pattern)):
                try:
                    font_manager.fontManager.addfont(path)
                except (OSError, RuntimeError, ValueError):
                    continue
        names = {f.name for f in font_manager.fontManager.ttflist}
        found = next((n for n in CJK_FAMILIES if n in names), None)
    return found


def apply_style(force_english: bool = False) -> bool:
    """Set matplotlib's defaults for mjlog's charts; True when CJK text can be drawn.

    ``MJLOG_CHART_ENGLISH=1`` (or ``force_english``) draws English names only even with a CJK font.
    Every text is drawn as plain text (no mathtext, no TeX), so a name holding ``$`` draws as written.
    """
    import matplotlib as mpl

    font = None if force_english or os.environ.get("MJLOG_CHART_ENGLISH") == "1" else cjk_font()
    families = ([font] if font else []) + ["DejaVu Sans"]
    mpl.rcParams.update({
        "font.family": "sans-serif", "font.sans-serif": families + list(mpl.rcParams["font.sans-serif"]),
        "axes.unicode_minus": False, "figure.dpi": 100, "savefig.bbox": "tight",
        "legend.frameon": False, "axes.spines.top": False, "axes.spines.right": False,
        # text from logs (player names, log ids) is drawn as written: never TeX, never mathtext
        # (a name such as '$x^{$' would raise when the figure is drawn)
        "text.usetex": False, "text.parse_math": False,
    })
    global CJK
    CJK = font is not None
    return CJK


#: Whether the last :func:`apply_style` found a CJK font.
CJK = False


def label(japanese: str, english: str, cjk: bool | None = None) -> str:
    """A name for a chart: English and Japanese with a CJK font, English alone without one."""
    use = CJK if cjk is None else cjk
    return f"{english} {japanese}" if use and japanese else english


def integer_axis(ax: Any, which: str = "both") -> None:
    """Ticks at whole numbers only on the ``x``, ``y`` or ``both`` axes of an integer quantity."""
    from matplotlib.ticker import MaxNLocator

    if which in ("x", "both"):
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    if which in ("y", "both"):
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))


def legend_outside(ax: Any, **kwargs: Any) -> Any:
    """The axes' legend to the right of the plotting area, where it covers nothing."""
    kwargs.setdefault("fontsize", "small")
    return ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0.0, **kwargs)


#: The ``gid`` of the text that names a figure's population (what the chart tests look for).
POPULATION_GID = "mjlog-population"
#: The ``gid`` prefix of an axes that draws no interval, and the reasons it may give.
NO_INTERVAL_GID = "mjlog-no-interval"
NO_INTERVAL_REASONS = {
    "counts": "counts: no interval",
    "sums": "sums: no interval",
    "recorded values": "recorded values: no interval",
    "distribution": "the whole distribution: no interval",
}


def population_label(*populations: Any) -> str:
    """The text naming one or more :class:`~mjlog.stats.population.Population` (their ``title()``),
    ``" + "`` between them; a plain string is taken as it is."""
    return " + ".join(p if isinstance(p, str) else p.title() for p in populations)


def name_population(fig: Any, *populations: Any, heading: str | None = None, width: int | None = None) -> Any:
    """Draw the population(s) the figure describes at its top (the figure's suptitle, under ``heading``
    when given), wrapped to the figure's width; returns the text artist."""
    import textwrap

    chars = width or max(40, int(fig.get_figwidth() * 16))
    text = "\n".join(textwrap.wrap("Population: " + population_label(*populations), chars))
    if heading:
        text = f"{heading}\n{text}"
    artist = fig.suptitle(text, fontsize="small", linespacing=1.3)
    artist.set_gid(POPULATION_GID)
    return artist


def no_interval(ax: Any, why: str, axis: str = "y") -> None:
    """Say on the axes' value axis (``x`` or ``y``) that the panel carries no interval and why: one of
    :data:`NO_INTERVAL_REASONS` (counts, sums, recorded values, a whole distribution)."""
    if why not in NO_INTERVAL_REASONS:
        raise ValueError(f"no_interval: why must be one of {', '.join(NO_INTERVAL_REASONS)}, not {why!r}")
    get, set_ = (ax.get_xlabel, ax.set_xlabel) if axis == "x" else (ax.get_ylabel, ax.set_ylabel)
    set_(f"{get()}\n({NO_INTERVAL_REASONS[why]})" if get() else f"({NO_INTERVAL_REASONS[why]})")
    ax.set_gid(f"{NO_INTERVAL_GID}:{why}")


def error_bars(values: Any, lo: Any, hi: Any, scale: float = 1.0) -> list[list[float]]:
    """The ``[below, above]`` lengths matplotlib's ``yerr``/``xerr`` take, from values and interval ends
    (times ``scale``, e.g. 100 for percent); a missing end draws no bar on that side."""
    def gap(a: Any, b: Any) -> float:
        return 0.0 if a is None or b is None else max(0.0, (b - a) * scale)

    vals, los, his = list(values), list(lo), list(hi)
    return [[gap(lo_, v) for v, lo_ in zip(vals, los)], [gap(v, hi_) for v, hi_ in zip(vals, his)]]


def grouped_bars(ax: Any, frame: Any, group: str, x: str, value: str = "share", lo: str = "lo", hi: str = "hi",
                 scale: float = 100.0, order: Any = None, label_of: Any = None,
                 groups: Any = None) -> dict[Any, list[float]]:
    """One bar series per value of ``group`` (a Polars frame's column; in ``groups`` order, else sorted)
    over the categories in ``x`` (in ``order``, else sorted), each bar ``value`` × ``scale`` with error
    bars from ``lo`` and ``hi``; a category a group lacks gets no bar. Returns each group's bar
    positions, in category order."""
    import polars as pl

    groups = list(groups) if groups is not None else sorted(frame[group].unique().to_list())
    cats = list(order) if order is not None else sorted(frame[x].unique().to_list())
    width = 0.8 / max(len(groups), 1)
    where: dict[Any, list[float]] = {}
    for i, g in enumerate(groups):
        rows = {r[x]: r for r in frame.filter(pl.col(group) == g).iter_rows(named=True)}
        got = [(k, rows[c]) for k, c in enumerate(cats) if c in rows]
        where[g] = [k + i * width for k, _ in got]
        vals = [r[value] for _, r in got]
        ax.bar(where[g], [scale * v for v in vals], width, label=label_of(g) if label_of else str(g),
               yerr=error_bars(vals, [r[lo] for _, r in got], [r[hi] for _, r in got], scale), capsize=2,
               ecolor="0.25")
    ax.set_xticks([k + width * (len(groups) - 1) / 2 for k in range(len(cats))], [str(c) for c in cats])
    return where
