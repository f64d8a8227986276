"""Human-readable text for logs (``mjlog show``): the header, a line per round, the end."""

from __future__ import annotations

from mjlog.formats.tenhou_ranks import rank_english, rank_name
from mjlog.ir import DRAW_NAMES, DrawKind, GameLog, Round, Ryuukyoku, Win
from mjlog.rules.family import family
from mjlog.rules.riichi.points import LIMIT_NAMES
from mjlog.rules.riichi.yaku_table import YAKU



def seat_label(log: GameLog, seat: int) -> str:
    """``'seat 2 (name)'``."""
    name = log.players[seat].name if seat < len(log.players) else ""
    return f"seat {seat} ({name})" if name else f"seat {seat}"


def yaku_label(yaku_id: int, han: int | None, japanese: bool = True) -> str:
    """``'Riichi 立直 1'``; yakuman without a han count."""
    if 0 <= yaku_id < len(YAKU):
        y = YAKU[yaku_id]
        text = f"{y.name_en} {y.name_ja}" if japanese else y.name_en
    else:
        text = f"yaku {yaku_id}"
    return text if han is None else f"{text} {han}"


def format_win(log: GameLog, w: Win, japanese: bool = True) -> str:
    """One win as recorded: who, from whom, han/fu/points, yaku."""
    how = "tsumo" if w.tsumo else f"ron from {seat_label(log, w.from_who)}"
    if w.yakuman:
        value = f"{len(w.yakuman)}x yakuman {w.points}"
        yaku = ", ".join(yaku_label(y, None, japanese) for y in w.yakuman)
    else:
        value = f"{w.han} han {w.fu} fu {w.points}"
        if w.limit:
            value += f" ({LIMIT_NAMES[w.limit] if 0 < w.limit < len(LIMIT_NAMES) else w.limit})"
        yaku = ", ".join(yaku_label(y, h, japanese) for y, h in w.yaku if h or y != 53)
    pao = f", pao {seat_label(log, w.pao_who)}" if w.pao_who is not None else ""
    return f"{seat_label(log, w.who)} {how}: {value}{pao}; {yaku}"


def format_draw(log: GameLog, d: Ryuukyoku, japanese: bool = True) -> str:
    """One draw as recorded: its kind and who showed (was tenpai)."""
    en, ja = DRAW_NAMES[d.kind]
    text = f"{en} {ja}" if japanese else en
    shown = [seat_label(log, s) for s in d.shown]
    if d.kind in (DrawKind.EXHAUSTIVE, DrawKind.NAGASHI_MANGAN):
        text += f"; tenpai: {', '.join(shown) if shown else 'nobody'}"
    elif shown:
        text += f"; shown: {', '.join(shown)}"
    return text


def format_round(log: GameLog, r: Round, japanese: bool = True) -> str:
    """A round's line: name, dealer, start scores and its result(s)."""
    results = []
    for o in r.outcomes:
        results.append(format_win(log, o, japanese) if isinstance(o, Win) else format_draw(log, o, japanese))
    result = " | ".join(results) if results else "(no result: the log ends here)"
    scores = " ".join(f"{s:>6}" for s in r.scores)
    return f"{r.name:<28} dealer {r.dealer}  start [{scores}]  {result}"


def format_game(log: GameLog, japanese: bool = True) -> str:
    """The whole game as text."""
    lines = []
    title = family(log.family).describe_rules(log)
    lines.append(f"{log.log_id or log.source or 'log'}: {title}, rule set {log.rules.name}")
    for p in log.players:
        rank = f"{rank_english(p.rank)} {rank_name(p.rank)}" if japanese else rank_english(p.rank)
        rate = f"R{p.rate:.0f}" if p.rate is not None else "R?"
        lines.append(f"  seat {p.seat}: {p.name or '(no name)'}  {rank}  {rate}  {p.sex or ''}".rstrip())
    for r in log.rounds:
        lines.append(format_round(log, r, japanese))
    if log.final is None:
        lines.append("final: none recorded (truncated log)")
    else:
        f = log.final
        parts = [f"{seat_label(log, s)} {f.scores[s]} ({f.points[s]:+.1f})" for s in range(len(f.scores))]
        lines.append("final: " + ", ".join(parts))
    return "\n".join(lines)
