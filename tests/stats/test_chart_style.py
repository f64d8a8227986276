"""mjlog/stats/chart_style.py: one chart style, a CJK font when installed, else English names."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from mjlog.stats import chart_style


def test_charts_use_a_cjk_font_when_installed_else_english_names(monkeypatch):
    font = chart_style.cjk_font()
    assert chart_style.apply_style() == (font is not None)
    if font is not None:
        assert matplotlib.rcParams["font.sans-serif"][0] == font
        assert chart_style.label("立直", "Riichi") == "Riichi 立直"
    monkeypatch.setenv("MJLOG_CHART_ENGLISH", "1")
    assert chart_style.apply_style() is False and chart_style.label("立直", "Riichi") == "Riichi"
    monkeypatch.setattr(chart_style, "CJK_FAMILIES", ("No Such Font",))
    monkeypatch.setattr(chart_style, "_FONT_GLOBS", ())
    monkeypatch.delenv("MJLOG_CHART_ENGLISH")
    assert chart_style.cjk_font() is None and chart_style.apply_style() is False


def test_a_cjk_font_draws_japanese_without_missing_glyphs(recwarn):
    if chart_style.cjk_font() is None:
        import pytest

        pytest.skip("no CJK font installed (Debian: fonts-noto-cjk)")
    chart_style.apply_style()
    fig, ax = plt.subplots()
    ax.set_title("立直 一盃口 混一色 ひっころ26")
    fig.canvas.draw()
    plt.close(fig)
    assert not [w for w in recwarn if "missing from font" in str(w.message)]


def test_integer_axes_and_a_legend_beside_the_plot():
    fig, ax = plt.subplots()
    ax.plot([0, 1, 2], [0.0, 1.5, 3.0], label="a")
    chart_style.integer_axis(ax, "both")
    legend = chart_style.legend_outside(ax)
    fig.canvas.draw()
    assert all(float(t).is_integer() for t in ax.get_xticks()) and all(float(t).is_integer() for t in ax.get_yticks())
    assert legend.get_window_extent().x0 >= ax.get_window_extent().x1
    plt.close(fig)
