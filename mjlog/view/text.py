"""Human-readable text for logs (``mjlog show``): the header, a line per round, the end."""

from __future__ import annotations

from mjlog.formats.tenhou.ranks import rank_english, rank_name
from mjlog.ir import GameLog, Round, seat_label
from mjlog.rules.family import family


def format_round(log: GameLog, r: Round, japanese: bool = True) -> str:
    """A round's line: name, dealer, start scores and its result(s)."""
    fam = family(log.family)
    results = [fam.text.describe_outcome(log, o, japanese) for o in r.outcomes]
    result = " | ".join(results) if results else "(no result: the log ends here)"
    scores = " ".join(f"{s:>6}" for s in r.scores)
    return f"{r.name:<28} dealer {r.dealer}  start [{scores}]  {result}"


def format_game(log: GameLog, japanese: bool = True) -> str:
    """The whole game as text."""
    lines = []
    title = family(log.family).text.describe_rules(log)
    lines.append(f"{log.log_id or log.source or 'log'}: {title}, rule set {log.rules.name}")
    for p in log.players:
        if p.rank is None and p.rate is None and p.sex is None:   # a format without ranks (Beijing, MCR records)
            lines.append(f"  seat {p.seat}: {p.name or '(no name)'}")
            continue
        rank = f"{rank_english(p.rank)} {rank_name(p.rank)}" if japanese else rank_english(p.rank)
        rate = f"R{p.rate:.0f}" if p.rate is not None else "R?"
        lines.append(f"  seat {p.seat}: {p.name or '(no name)'}  {rank}  {rate}  {p.sex or ''}".rstrip())
    for r in log.rounds:
        lines.append(format_round(log, r, japanese))
    if log.final is None:
        lines.append("final: none recorded (truncated log)")
    else:
        f = log.final
        # a format without placement points records the scores only (MCR's PMN and Botzone) or zeros (Beijing)
        shown = any(f.points)
        parts = [f"{seat_label(log, s)} {f.scores[s]}" + (f" ({f.points[s]:+.1f})" if shown and s < len(f.points) else "")
                 for s in range(len(f.scores))]
        lines.append("final: " + ", ".join(parts))
    return "\n".join(lines)
