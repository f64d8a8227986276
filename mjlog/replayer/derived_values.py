"""Values a log does not record, filled in from mjlog's replay, for writers whose format needs them.

mjai's plain ``hora`` records a win's score changes but not its yaku, han, fu, points or limit;
Tenhou's XML and tenhou.net/6 JSON cannot be written without them. :func:`with_derived_win_values`
gives such wins the value the replay derives (the same scorer the audit uses), so a converted
file states what mjlog computed where the source was silent (docs/formats/mjai.md).
"""

from __future__ import annotations

import dataclasses

from mjlog.ir import GameLog, Win
from mjlog.rules.riichi.record import recorded


def with_derived_win_values(log: GameLog) -> GameLog:
    """``log`` with every win that records no value given the replay's (other logs unchanged)."""
    if "win_value" not in log.unrecorded:
        return log
    from mjlog.replayer import replay

    results = {r.index: r for r in replay(log).rounds}
    rounds = []
    for rnd in log.rounds:
        res = results.get(rnd.index)
        derived = {w.who: w.value for w in res.wins} if res is not None else {}
        events = []
        for e in rnd.events:
            if type(e) is Win and not recorded(e).has_value and e.who in derived:
                v = derived[e.who]
                big = v.is_yakuman
                r = dataclasses.replace(recorded(e), fu=v.fu, limit=v.limit, yaku=() if big else v.yaku,
                                        yakuman=tuple(y for y, _ in v.yaku) if big else ())
                e = dataclasses.replace(e, points=v.points, payload=r)
            events.append(e)
        rounds.append(dataclasses.replace(rnd, events=tuple(events)))
    return dataclasses.replace(log, rounds=tuple(rounds), unrecorded=log.unrecorded - {"win_value"})
