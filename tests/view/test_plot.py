"""``mjlog plot``: a game's scores hand by hand, with wins, deal-ins and draws marked."""

from __future__ import annotations

from mjlog.cli import main
from mjlog.ir import Ryuukyoku, Win
from mjlog.view.plot import plot_game, score_lines
from mjlog.formats.reader import read_log
from tests.support.paths import SAMPLE

GAME = sorted(SAMPLE.glob("*4p*.xml"))[0]


def test_score_lines_follow_the_recorded_scores_and_mark_every_outcome():
    log = read_log(GAME)
    lines = score_lines(log)
    assert len(lines.scores) == len(log.rounds) + 1 == len(lines.labels)
    assert lines.labels[0] == "start" and lines.scores[0] == log.rounds[0].scores
    for i, r in enumerate(log.rounds[1:], start=1):
        assert lines.scores[i] == r.scores              # after hand i = before hand i + 1
    assert lines.scores[-1] == log.final.scores
    wins = [o for r in log.rounds for o in r.outcomes if isinstance(o, Win)]
    draws = [o for r in log.rounds for o in r.outcomes if isinstance(o, Ryuukyoku)]
    kinds = [m.kind for m in lines.marks]
    assert kinds.count("draw") == len(draws) and kinds.count("tsumo") + kinds.count("ron") == len(wins)
    assert kinds.count("deal-in") == sum(1 for w in wins if w.who != w.from_who)
    for m in lines.marks:
        if m.kind == "deal-in":           # the discarder lost points in that hand
            assert lines.scores[m.x][m.seat] < lines.scores[m.x - 1][m.seat]


def test_plot_writes_png_and_svg_with_integer_score_ticks(tmp_path, capsys):
    png, svg = tmp_path / "g.png", tmp_path / "g.svg"
    assert main(["plot", str(GAME), "-o", str(png)]) == 0
    assert main(["plot", str(GAME), "-o", str(svg)]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert b"<svg" in svg.read_bytes()[:500]
    ax = plot_game(read_log(GAME)).axes[0]
    assert all(float(t).is_integer() for t in ax.get_yticks())
    legend = ax.get_legend()
    assert legend.get_bbox_to_anchor().x0 >= ax.get_window_extent().x1 - 1   # beside the plot, not on it


def test_plot_refuses_another_format_and_a_malformed_log(tmp_path, capsys):
    assert main(["plot", str(GAME), "-o", str(tmp_path / "g.jpg")]) == 2
    bad = tmp_path / "bad.xml"
    bad.write_text("<mjloggm ver=\"2.3\"><INIT seed=\"x\"")
    assert main(["plot", str(bad), "-o", str(tmp_path / "b.png")]) == 2
    err = capsys.readouterr().err
    assert "must end in .png or .svg" in err and "bad.xml" in err and not (tmp_path / "b.png").exists()


def test_plot_names_the_game_it_draws_and_says_its_scores_carry_no_interval():
    from mjlog.stats.chart_style import POPULATION_GID
    from tests.support.chart_audit import figure_problems

    log = read_log(GAME)
    fig = plot_game(log)
    assert figure_problems(fig) == []
    label = fig._suptitle
    assert label.get_gid() == POPULATION_GID
    text = " ".join(label.get_text().split())
    assert f"riichi: {log.rules.name}" in text and "1 game" in text and "synthetic" in text
    assert "recorded values: no interval" in fig.axes[0].get_ylabel()


MATHTEXT_NAMES = ("$x^{$", "$\\foo$", "$" + "\\sqrt{" * 60 + "x" + "}" * 60 + "$", "\x1b]0;owned\x07\x1b[2J$")


def _game_named(names) -> str:
    import dataclasses

    from mjlog.batch.simulate import simulated_bytes
    from mjlog.formats.reader import read_log
    from mjlog.formats.writers import writer
    from mjlog.rules import find_preset

    log = read_log(simulated_bytes(find_preset("tenhou-4p-east"), 1))
    players = tuple(dataclasses.replace(p, name=names[p.seat]) for p in log.players)
    return writer("tenhou6").write(dataclasses.replace(log, players=players, log_id="$\\bad{$"))


def test_plot_draws_names_that_would_be_mathtext_as_plain_text(tmp_path):
    import subprocess
    import sys

    src, png = tmp_path / "game.json", tmp_path / "game.png"
    src.write_text(_game_named(MATHTEXT_NAMES), encoding="utf-8")
    done = subprocess.run([sys.executable, "-W", "always", "-m", "mjlog", "plot", str(src), "-o", str(png)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "Traceback" not in done.stderr
    assert not any(c in done.stderr for c in "\x1b\x07"), done.stderr   # a warning about a glyph prints it escaped


def test_every_chart_is_styled_to_draw_text_as_written():
    import matplotlib as mpl

    from mjlog.stats.chart_style import apply_style

    apply_style()
    assert mpl.rcParams["text.parse_math"] is False and mpl.rcParams["text.usetex"] is False


def test_a_library_warning_quoting_a_name_is_printed_escaped(tmp_path, monkeypatch, capsys):
    """Should a name reach matplotlib unescaped, its warning about the glyph the font lacks, which quotes the
    character, is printed escaped by ``mjlog``'s one escaping function."""
    import warnings

    import mjlog.view.plot

    monkeypatch.setattr(mjlog.view.plot, "printable", lambda text: text)   # the name reaches the chart raw
    src, png = tmp_path / "game.json", tmp_path / "game.png"
    src.write_text(_game_named(("\x1b]0;owned\x07", "B", "C", "D")), encoding="utf-8")
    with warnings.catch_warnings():
        warnings.simplefilter("always")
        assert main(["plot", str(src), "-o", str(png)]) == 0
    err = capsys.readouterr().err
    assert "missing from font" in err, err          # matplotlib did warn, quoting the character
    assert not any(c in err for c in "\x1b\x07") and "\\x1b" in err, err
