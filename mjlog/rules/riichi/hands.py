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

from mjlog.accel import is_tenpai as _c_is_tenpai, waits as _c_waits
from mjlog.ir import Call, CallKind
from mjlog.tiles import YAOCHUU_KINDS

_SUIT_STATE: dict[tuple[int, ...], int] = {}
NO_PAIR, WITH_PAIR = 1, 2   # bit flags: the suit splits into sets only / into sets and one pair


def _sets_only(c: list[int], i: int) -> bool:
    while i < len(c) and c[i] == 0:
        i += 1
    if i >= len(c):
        return True
    if c[i] >= 3:
        c[i] -= 3
        ok = _sets_only(c, i)
        c[i] += 3
        if ok:
            return True
    if i + 2 < len(c) and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        ok = _sets_only(c, i)
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1
        return ok
    return False


def suit_state(counts9: tuple[int, ...]) -> int:
    """How one suit's counts split: NO_PAIR if into sets, WITH_PAIR if into sets and a pair."""
    state = _SUIT_STATE.get(counts9)
    if state is None:
        state = 0
        total = sum(counts9)
        c = list(counts9)
        if total % 3 == 0 and _sets_only(c, 0):
            state |= NO_PAIR
        if total % 3 == 2:
            for i in range(9):
                if c[i] >= 2:
                    c[i] -= 2
                    ok = _sets_only(c, 0)
                    c[i] += 2
                    if ok:
                        state |= WITH_PAIR
                        break
        _SUIT_STATE[counts9] = state
    return state


def _honor_state(c: Sequence[int]) -> int:
    pairs = 0
    for k in range(27, 34):
        x = c[k]
        if x == 1 or x == 4:
            return 0
        if x == 2:
            pairs += 1
    return NO_PAIR if pairs == 0 else WITH_PAIR if pairs == 1 else 0


def _standard_complete(states: list[int]) -> bool:
    """Four groups' states: all split, and exactly one of them holds the pair."""
    pairs = 0
    for st in states:
        if st & NO_PAIR:
            continue
        if st & WITH_PAIR:
            pairs += 1
        else:
            return False
    return pairs == 1


def _neighbour_mask(k: int) -> int:
    if k >= 27:
        return 0
    lo, hi = k - k % 9, k - k % 9 + 8
    return sum(1 << j for j in range(max(lo, k - 2), min(hi, k + 2) + 1))


_NEIGHBOURS = tuple(_neighbour_mask(k) for k in range(34))


_GROUP_KINDS = (range(0, 9), range(9, 18), range(18, 27), range(27, 34))


def _iter_waits(counts: Sequence[int], held_elsewhere: Sequence[int] | None):
    """Yield the kinds that complete the hand (standard shape first; special shapes may repeat)."""
    c = list(counts)
    states = [suit_state(tuple(c[0:9])), suit_state(tuple(c[9:18])), suit_state(tuple(c[18:27])), _honor_state(c)]
    broken = [g for g in range(4) if not states[g]]
    # one added tile changes one group only: with two broken groups no standard wait exists
    groups = () if len(broken) >= 2 else (broken[0],) if broken else range(4)
    present = 0
    for k in range(34):
        if c[k]:
            present |= 1 << k
    for g in groups:
        for k in _GROUP_KINDS[g]:
            x = c[k]
            if x >= 4:
                continue
            if x == 0 and not present & _NEIGHBOURS[k]:
                continue  # a new kind completes a standard hand only beside a held tile of its suit
            if held_elsewhere is not None and x + held_elsewhere[k] >= 4:
                continue
            c[k] += 1
            saved = states[g]
            states[g] = suit_state(tuple(c[9 * g : 9 * g + 9])) if g < 3 else _honor_state(c)
            ok = _standard_complete(states)
            states[g] = saved
            c[k] -= 1
            if ok:
                yield k
    if sum(c) == 13:
        for k in _special_waits(c):
            if held_elsewhere is None or c[k] + held_elsewhere[k] < 4:
                yield k


def waits(counts: Sequence[int], held_elsewhere: Sequence[int] | None = None) -> tuple[int, ...]:
    """Kinds that complete the concealed hand (3k+1 tiles), Tenhou-style, in kind order.

    A kind of which the hand (concealed, plus ``held_elsewhere`` counts) already
    holds all four is no wait: there is no tile left to win on. Tenhou's tenpai at
    a draw and at riichi pass no ``held_elsewhere``: copies in the player's own
    calls or closed kans do not kill a wait, only all four concealed do (its rules
    22 and 25; ``docs/rules-conformance.md``).
    """
    if _c_waits is not None:
        got = _c_waits(counts, held_elsewhere)
        if got is not None:
            return got
    return py_waits(counts, held_elsewhere)


def is_tenpai(counts: Sequence[int], held_elsewhere: Sequence[int] | None = None) -> bool:
    """Whether :func:`waits` is not empty (stops at the first wait)."""
    if _c_is_tenpai is not None:
        got = _c_is_tenpai(counts, held_elsewhere)
        if got is not None:
            return got
    return next(_iter_waits(counts, held_elsewhere), None) is not None


def py_waits(counts: Sequence[int], held_elsewhere: Sequence[int] | None = None) -> tuple[int, ...]:
    """:func:`waits` on pure Python (the compiled helper's twin, for tests and builds without it)."""
    return tuple(sorted(set(_iter_waits(counts, held_elsewhere))))


def _special_waits(c: list[int]) -> tuple[int, ...]:
    """Waits of a 13-tile hand as seven pairs (the single) or thirteen orphans."""
    singles = [k for k in range(34) if c[k] == 1]
    pairs = sum(1 for x in c if x == 2)
    if pairs == 6 and len(singles) == 1:
        return (singles[0],)
    if sum(c[k] for k in YAOCHUU_KINDS) == 13:
        held = [k for k in YAOCHUU_KINDS if c[k]]
        if len(held) == 13:
            return tuple(YAOCHUU_KINDS)
        if len(held) == 12:
            return tuple(k for k in YAOCHUU_KINDS if not c[k])
    return ()


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
        kinds = [t >> 2 for t in call.tiles] or [called]
        low, high = min(kinds), max(kinds)  # a run's ends (a malformed chi of other than three tiles too)
        if called == low and high % 9 < 8:
            banned.add(high + 1)
        elif called == high and low % 9 > 0:
            banned.add(low - 1)
    return frozenset(banned)
