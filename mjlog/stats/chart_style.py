"""One style for every chart of the notebooks and of ``mjlog plot``: a CJK font when one is installed
(else English names only), integer axes for integer quantities, legends outside the plotting area.

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
    """
    import matplotlib as mpl

    font = None if force_english or os.environ.get("MJLOG_CHART_ENGLISH") == "1" else cjk_font()
    families = ([font] if font else []) + ["DejaVu Sans"]
    mpl.rcParams.update({
        "font.family": "sans-serif", "font.sans-serif": families + list(mpl.rcParams["font.sans-serif"]),
        "axes.unicode_minus": False, "figure.dpi": 100, "savefig.bbox": "tight",
        "legend.frameon": False, "axes.spines.top": False, "axes.spines.right": False,
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
