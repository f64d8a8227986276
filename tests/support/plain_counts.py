"""Facts read straight from raw log text, independent of mjlog's readers (for cross-checks)."""

from __future__ import annotations

from collections import Counter

from mjlog.ir import Call, Discard, Draw, Ryuukyoku, Win
from mjlog.rules.riichi.events import NewDora, RiichiAccepted, RiichiDeclared


def plain_call_kind(m: int) -> str:
    """The kind of a Tenhou call code by the reference's bit tests, in the reference's order (§12)."""
    if m & 0x4:
        return "chi"
    if m & 0x8:
        return "pon"
    if m & 0x10:
        return "kakan"
    if m & 0x20:
        return "kita"
    return "ankan" if m & 3 == 0 else "daiminkan"


def ir_counts(log) -> Counter:
    """Counts of a GameLog's rounds and events by kind (calls by call kind, draws by type)."""
    c: Counter = Counter()
    c["round"] = len(log.rounds)
    for r in log.rounds:
        for e in r.events:
            if isinstance(e, Draw):
                c["draw"] += 1
            elif isinstance(e, Discard):
                c["discard"] += 1
            elif isinstance(e, Call):
                c["call:" + e.kind.value] += 1
            elif isinstance(e, RiichiDeclared):
                c["riichi1"] += 1
            elif isinstance(e, RiichiAccepted):
                c["riichi2"] += 1
            elif isinstance(e, NewDora):
                c["dora"] += 1
            elif isinstance(e, Win):
                c["win"] += 1
            elif isinstance(e, Ryuukyoku):
                c["ryuukyoku:" + e.payload.kind.value] += 1
    return +c
