"""Hand facts the replay needs: waits, tenpai, first-turn aborts, nagashi, swap-calling.

Hands are 34-count lists of the concealed tiles.

>>> from mjlog.tiles import counts34, parse_mpsz
>>> waits(counts34(parse_mpsz("123m456p789s1122z")))
(27, 28)
>>> waits(counts34(parse_mpsz("1111m")))   # all four 1m held: no tile completes it
()
>>> yaochuu_kinds(counts34(parse_mpsz("19m19p19s1234567z")))
13
"""

from __future__ import annotations

from collections.abc import Sequence

from mjlog.ir import Call, CallKind
from mjlog.rules.riichi.decompose import is_complete
from mjlog.tiles import YAOCHUU_KINDS

_WAIT_CACHE: dict[tuple[int, ...], tuple[int, ...]] = {}


def waits(counts: Sequence[int], held_elsewhere: Sequence[int] | None = None) -> tuple[int, ...]:
    """Kinds that complete the concealed hand (3k+1 tiles), Tenhou-style.

    A kind of which the hand (concealed, plus ``held_elsewhere`` counts from
    its calls) already holds all four is no wait: there is no tile left to win on.
    """
    key = tuple(counts)
    result = _WAIT_CACHE.get(key)
    if result is None:
        c = list(key)
        out = []
        for k in range(34):
            if c[k] >= 4:
                continue
            if not _near(c, k):
                continue
            c[k] += 1
            if is_complete(c):
                out.append(k)
            c[k] -= 1
        result = tuple(out)
        if len(_WAIT_CACHE) > 200_000:
            _WAIT_CACHE.clear()
        _WAIT_CACHE[key] = result
    if held_elsewhere is not None and result:
        result = tuple(k for k in result if counts[k] + held_elsewhere[k] < 4)
    return result


def _near(c: list[int], k: int) -> bool:
    """Whether a tile of kind ``k`` can touch the hand (same kind, or a suit neighbour within 2)."""
    if c[k]:
        return True
    if k >= 27:
        return sum(1 for x in c if x) >= 12  # thirteen orphans / seven pairs can wait on a new kind
    base = k - k % 9
    for j in range(max(base, k - 2), min(base + 9, k + 3)):
        if c[j]:
            return True
    return sum(1 for x in c if x) >= 12 or _pairs_wait(c)


def _pairs_wait(c: list[int]) -> bool:
    return sum(1 for x in c if x == 2) == 6


def meld_counts(melds: Sequence[Call]) -> list[int]:
    """34-counts of the tiles in calls (kita excluded)."""
    out = [0] * 34
    for m in melds:
        if m.kind is CallKind.KITA:
            continue
        for t in m.tiles:
            out[t >> 2] += 1
    return out


def yaochuu_kinds(counts: Sequence[int]) -> int:
    """How many distinct terminal and honour kinds the hand holds (nine terminals needs 9)."""
    return sum(1 for k in YAOCHUU_KINDS if counts[k])


_YAOCHUU = frozenset(YAOCHUU_KINDS)


def is_nagashi(river: Sequence[int], called_away: int) -> bool:
    """All of a seat's discards are terminals or honours and none was called."""
    return bool(river) and called_away == 0 and all((t >> 2) in _YAOCHUU for t in river)


def swap_call_banned_kinds(call: Call) -> frozenset[int]:
    """Kinds the caller may not discard right after a chi or pon (Tenhou bans both swaps).

    The called kind itself, and for a chi taken at one end of the run, the kind
    that would extend the run on the other side (calling 3 with 45 bans 6).
    """
    if call.called is None:
        return frozenset()
    called = call.called >> 2
    banned = {called}
    if call.kind is CallKind.CHI:
        kinds = sorted(t >> 2 for t in call.tiles)
        low, high = kinds[0], kinds[2]
        if called == low and high % 9 < 8:
            banned.add(high + 1)
        elif called == high and low % 9 > 0:
            banned.add(low - 1)
    return frozenset(banned)
