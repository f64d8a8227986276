"""Hand facts the replay relies on, on hand-checked hands: waits, swap-call bans, nagashi, nine terminals."""

from __future__ import annotations

import pytest

from mjlog.ir import Call, CallKind
from mjlog.rules.riichi.hands import is_nagashi, swap_call_banned_kinds, waits, yaochuu_kinds
from mjlog.tiles import YAOCHUU_KINDS, counts34, parse_mpsz


def kinds(text: str) -> tuple[int, ...]:
    """Kinds of mpsz text, in order (1m = 0 ... 7z = 33)."""
    return tuple(t >> 2 for t in parse_mpsz(text))


def w(text: str, held_elsewhere: str | None = None) -> tuple[int, ...]:
    elsewhere = counts34(parse_mpsz(held_elsewhere)) if held_elsewhere else None
    return waits(counts34(parse_mpsz(text)), elsewhere)


# ---- waits -----------------------------------------------------------------------------------

@pytest.mark.parametrize("hand, expected", [
    ("23m456p789s11122z", "14m"),              # ryanmen
    ("13m456p789s11122z", "2m"),               # kanchan
    ("12m456p789s11122z", "3m"),               # penchan
    ("123m456p789s1112z", "2z"),               # tanki (and no more: 111z is a set)
    ("123m456p789s1122z", "12z"),              # shanpon
    ("1234m456p789s111z", "14m"),              # nobetan
    ("2345m456p789s111z", "25m"),              # nobetan in the middle
    ("1122m3344p5566s7z", "7z"),               # seven pairs, tanki
    ("19m19p19s1234567z", "19m19p19s1234567z"),  # thirteen orphans, 13-sided
    ("119m19p19s123456z", "7z"),               # thirteen orphans, single wait
    ("1112345678999m", "123456789m"),          # nine gates: every manzu
    ("147m258p369s1357z", ""),                 # noten
])
def test_waits(hand, expected):
    assert w(hand) == tuple(sorted(kinds(expected)))


def test_a_kind_the_hand_holds_all_four_of_is_no_wait():
    # 1111m: 111m + 1m would need a fifth 1m
    assert w("1111m") == ()
    # 1111m234p: no wait at all (the 1m tanki is dead)
    assert w("1111m234p") == ()
    # 1111222m345p999s: 3m completes 111m 123m 22m; a fifth 1m does not exist
    assert kinds("3m")[0] in w("1111222m345p999s")
    assert kinds("1m")[0] not in w("1111222m345p999s")


def test_a_wait_on_a_kind_held_in_the_calls_is_dead():
    # West tanki after a pon of West: all four Wests are taken
    assert w("3z") == kinds("3z")
    assert w("3z", held_elsewhere="333z") == ()
    # a shanpon 55m/11z after chi 456m and chi 345m: the other two 5m are in the calls
    assert w("55m11z123p456p") == kinds("5m1z")
    assert w("55m11z123p456p", held_elsewhere="456m345m") == kinds("1z")


# ---- swap-calling (kuikae) -------------------------------------------------------------------

def chi(called: str, others: str) -> Call:
    c = parse_mpsz(called)[0]
    tiles = tuple(sorted(parse_mpsz(others) + (c,)))
    return Call(1, CallKind.CHI, tiles, c, 0)


@pytest.mark.parametrize("called, others, banned", [
    ("3m", "45m", "36m"),      # called at the low end: the tile extending the run on the other side too
    ("6m", "45m", "36m"),      # called at the high end
    ("5m", "46m", "5m"),       # called in the middle: only the called kind
    ("7m", "89m", "7m"),       # low end, but there is no 10m
    ("3p", "12p", "3p"),       # high end, but there is no 0p
    ("1s", "23s", "14s"),
    ("9s", "78s", "69s"),
])
def test_swap_call_bans_after_chi(called, others, banned):
    assert swap_call_banned_kinds(chi(called, others)) == frozenset(kinds(banned))


def test_swap_call_bans_after_pon_and_none_after_kans():
    pon = Call(2, CallKind.PON, (108, 109, 110), 109, 0)
    assert swap_call_banned_kinds(pon) == frozenset({27})
    ankan = Call(2, CallKind.ANKAN, (108, 109, 110, 111))
    assert swap_call_banned_kinds(ankan) == frozenset()


# ---- nagashi and nine terminals --------------------------------------------------------------

def test_is_nagashi():
    assert is_nagashi(parse_mpsz("19m19p19s1234567z"), 0)
    assert not is_nagashi(parse_mpsz("19m19p19s1234567z"), 1)   # one of them was called
    assert not is_nagashi(parse_mpsz("19m2p"), 0)               # a simple in the river
    assert not is_nagashi((), 0)                                # no discard at all


def test_yaochuu_kinds():
    assert yaochuu_kinds(counts34(parse_mpsz("19m19p19s1234567z"))) == 13
    assert yaochuu_kinds(counts34(parse_mpsz("111999m2345p678s"))) == 2   # kinds, not tiles
    assert yaochuu_kinds(counts34(parse_mpsz("2345678m2345p67s"))) == 0
    assert yaochuu_kinds(counts34(parse_mpsz("19m1p9s11234z5678s"))) == 8
    assert len(YAOCHUU_KINDS) == 13
