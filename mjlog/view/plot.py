"""``mjlog plot``: a game at a glance, the score of each seat hand by hand with wins, deal-ins and draws marked.

The scores are the log's own: the start scores, then after each hand the next hand's start
scores (after the last hand: the recorded final scores, leftover riichi sticks included, when the
log has them; else the last hand's start scores and recorded changes).
"""

from __future__ import annotations

from dataclasses import dataclass

from mjlog.ir import GameLog, Ryuukyoku, Win
from mjlog.text import printable

_WIND_LETTERS = "ESWN"


@dataclass(frozen=True, slots=True)
class HandMark:
    """One thing to mark at the end of hand ``x``: a win, a deal-in or a draw (``seat`` None)."""

    x: int
    seat: int | None
    kind: str       # 'tsumo', 'ron', 'deal-in', 'draw'


@dataclass(frozen=True, slots=True)
class ScoreLines:
    """The points to draw: ``scores[0]`` the start scores, ``scores[i]`` the scores after hand i (1-based)."""

    labels: tuple[str, ...]           # a tick label per point: 'start', then each hand: 'E1', 'E1-1' (honba)...
    scores: tuple[tuple[int, ...], ...]
    marks: tuple[HandMark, ...]


def score_lines(log: GameLog) -> ScoreLines:
    """The seats' scores hand by hand and the marks of the game's outcomes."""
    labels, scores, marks = ["start"], [], []
    for i, r in enumerate(log.rounds):
        wind = _WIND_LETTERS[r.wind] if 0 <= r.wind < 4 else "?"
        labels.append(f"{wind}{r.number}" + (f"-{r.honba}" if r.honba else ""))
        scores.append(tuple(r.scores))
        for o in r.outcomes:
            if isinstance(o, Win):
                tsumo = o.who == o.from_who
                marks.append(HandMark(i + 1, o.who, "tsumo" if tsumo else "ron"))
                if not tsumo:
                    marks.append(HandMark(i + 1, o.from_who, "deal-in"))
            elif isinstance(o, Ryuukyoku):
                marks.append(HandMark(i + 1, None, "draw"))
    if log.final is not None:
        end = tuple(log.final.scores)
    elif log.rounds:
        last = log.rounds[-1]
        deltas = [0] * len(last.scores)
        for o in last.outcomes:
            for s, d in enumerate(o.deltas):
                deltas[s] += d
        end = tuple(s + d for s, d in zip(last.scores, deltas))
    else:
        end = ()
    if end:
        scores.append(end)
    return ScoreLines(tuple(labels[:len(scores)]), tuple(scores), tuple(marks))


def _seat_name(log: GameLog, seat: int, cjk: bool) -> str:
    """``'seat 0: name'``, control characters escaped (no glyph warning prints them raw); a name
    the chart's font cannot draw is left out."""
    name = printable(log.players[seat].name) if seat < len(log.players) else ""
    if name and (cjk or name.isascii()):
        return f"seat {seat}: {name}"
    return f"seat {seat}"


_MARKERS = {"tsumo": ("*", 150, "win by tsumo"), "ron": ("^", 80, "win by ron"), "deal-in": ("v", 80, "deal-in")}


def plot_game(log: GameLog):
    """The chart of one game as a matplotlib Figure on an Agg canvas (pyplot's backend is left alone)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    from mjlog.stats.chart_style import apply_style, integer_axis, legend_outside, name_population, no_interval
    from mjlog.stats.population import log_population

    cjk = apply_style()
    lines = score_lines(log)
    n = len(lines.scores[0]) if lines.scores else 0
    fig = Figure(figsize=(max(7.0, 0.45 * len(lines.labels) + 3.5), 4.2))
    FigureCanvasAgg(fig)   # drawn by Agg, whatever backend pyplot uses
    ax = fig.add_subplot()
    xs = list(range(len(lines.scores)))
    colors = [f"C{s}" for s in range(n)]
    for s in range(n):
        ax.plot(xs, [p[s] for p in lines.scores], marker="o", markersize=3, color=colors[s],
                label=_seat_name(log, s, cjk))
    drawn = False
    for m in lines.marks:
        if m.kind == "draw":
            ax.axvline(m.x, color="grey", linestyle=":", linewidth=1, label=None if drawn else "draw")
            drawn = True
    for kind, (marker, size, text) in _MARKERS.items():
        pts = [(m.x, lines.scores[m.x][m.seat]) for m in lines.marks
               if m.kind == kind and m.seat is not None and m.x < len(lines.scores)]
        if pts:
            ax.scatter([p[0] for p in pts], [p[1] for p in pts], marker=marker, s=size, zorder=3,
                       facecolors="none" if kind == "deal-in" else "black", edgecolors="black", label=text)
    ax.set_xticks(xs, lines.labels, rotation=45 if len(xs) > 12 else 0, fontsize="small")
    integer_axis(ax, "y")
    ax.set_xlabel("hand (the scores after it, and how it ended)")
    ax.set_ylabel("score (points)")
    no_interval(ax, "recorded values")
    ax.set_title(printable(f"{log.log_id or 'game'}: {log.rules.name}"), fontsize="medium")
    legend_outside(ax)
    name_population(fig, log_population(log))
    fig.tight_layout()
    return fig
