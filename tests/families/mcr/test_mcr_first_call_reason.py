"""An MCR first call's reason in the ``calls`` rows: a pung (or melded kong) of a dragon, the prevalent
wind or the caller's seat wind is ``dragon_wind_pung``; any other first call, and every later call, none."""

from __future__ import annotations

from mjlog.ir import Call, CallKind, Discard, Round
from mjlog.rules import family
from mjlog.rules.mcr.family import CallReason
from mjlog.rules.mcr.record import McrHandRecord
from mjlog.tiles import CHUN, EAST, NORTH, SOUTH, WEST

PUNG = CallReason.DRAGON_WIND_PUNG.value


def _pon(seat: int, kind: int, frm: int) -> list:
    """A discard of ``kind`` by ``frm`` and ``seat``'s pung of it."""
    t = kind * 4
    return [Discard(seat=frm, tile=t), Call(seat=seat, kind=CallKind.PON, tiles=(t, t + 1, t + 2), called=t,
                                            from_seat=frm)]


def _reasons(events: list, dealer: int = 0, prevalent: int = 0) -> list:
    rnd = Round(index=0, kyoku=0, honba=0, sticks=0, dealer=dealer, scores=(0,) * 4, dice=(1, 1),
                dora_indicator=None, hands=((),) * 4, events=tuple(events),
                payload=McrHandRecord(prevalent_wind=prevalent))
    rows = family("mcr").store.round_rows(None, rnd)["calls"]
    return [(r["seat"], r["first_call"], r["first_call_reason"]) for r in rows]


def test_an_mcr_first_pung_of_a_dragon_or_a_scoring_wind_gives_its_reason_and_no_other_call_does():
    # dealer seat 1: seat 2 sits South, seat 3 West; the prevalent wind is South (1)
    events = [*_pon(2, CHUN, 0), *_pon(2, WEST, 1), *_pon(3, WEST, 2), *_pon(0, SOUTH, 3), *_pon(1, NORTH, 0)]
    assert _reasons(events, dealer=1, prevalent=1) == [
        (2, True, PUNG),     # a dragon
        (2, False, None),    # not the seat's first call
        (3, True, PUNG),     # West is seat 3's seat wind
        (0, True, PUNG),     # South is the prevalent wind
        (1, True, None),     # North is neither seat 1's wind (East) nor the prevalent wind
    ]


def test_an_mcr_first_chow_has_no_reason_and_a_melded_dragon_kong_has_one():
    chow = [Discard(seat=0, tile=0), Call(seat=1, kind=CallKind.CHI, tiles=(0, 4, 8), called=0, from_seat=0)]
    t = CHUN * 4
    kong = [Discard(seat=1, tile=t), Call(seat=2, kind=CallKind.DAIMINKAN, tiles=(t, t + 1, t + 2, t + 3), called=t,
                                          from_seat=1)]
    assert _reasons([*chow, *kong]) == [(1, True, None), (2, True, PUNG)]
    assert _reasons(_pon(3, EAST, 0), dealer=0, prevalent=0) == [(3, True, PUNG)]   # East is the prevalent wind
