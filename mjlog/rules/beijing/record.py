"""What a Beijing log records, as the family's payloads on the generic IR (:mod:`mjlog.ir`).

The shape of a Beijing game in the IR
=====================================

A Beijing game is a :class:`~mjlog.ir.GameLog` with ``family="beijing"``:

- ``rules``: the :class:`~mjlog.rules.beijing.ruleset.BeijingRules` the header selects (its
  preset with the header's ``base``, and for a synthetic log its stated knobs, applied).
- ``header``: a :class:`BeijingHeader` (preset name, base, ``synthetic``, title, stated knobs).
- ``seed``: the game's wall seed, ``mt19937ar-sha512-n288-base64,<key>`` (Tenhou's modern kind);
  the wall of every hand follows from it (:mod:`mjlog.rules.beijing.wall`).
- ``players``: four :class:`~mjlog.ir.Player`, seat 0 East .. 3 North (seats never move; the
  deal does). ``first_dealer`` is the first hand's dealer (0).
- ``rounds``: one :class:`~mjlog.ir.Round` per hand:

  - ``kyoku``: how many times the deal has passed on since the game began (0 for the first
    dealer's hands; the game ends when it would reach ``4 * rules.circles``);
    ``honba``: the hands the dealer has kept the deal in a row (連莊 count), ``sticks``: 0;
  - ``dealer``: the seat that deals; ``scores``: each seat's score at the deal (start 0);
  - ``dice`` the wall's dice; ``dora_indicator`` the wild indicator's tile id (惠坯; the same as
    ``payload.wild_indicator``); ``hands``: the 13 dealt tiles per seat (ids 0..135);
  - ``events``: :class:`~mjlog.ir.Draw` (live wall or kan replacement), ``Discard``, ``Call``
    (chi, pon, daiminkan, kakan, ankan), then one or more :class:`~mjlog.ir.Win` or one
    :class:`~mjlog.ir.Ryuukyoku` (an exhaustive draw: the live wall is used up);
  - ``payload``: a :class:`BeijingHand` (wild indicator, 燒莊 rounds as recorded, 互包 pairs with
    the event after which each formed).

- A :class:`~mjlog.ir.Win` has ``who``, ``from_who`` (== ``who`` on a self-draw), ``hand`` (the
  concealed tiles, ``win_tile`` among them), ``melds``, ``scores_before`` and ``deltas`` (the
  whole change of the hand: hand payment plus 燒莊), and ``payload`` a :class:`BeijingWin`: the
  fan lines, the hand's fan total, the 燒莊 fan, and the hand payment and the 燒莊 side payment
  apart, each as per-seat deltas.
- A :class:`~mjlog.ir.Ryuukyoku` (exhaustive draw) has ``scores_before``, ``deltas`` (the 燒莊
  side payment, if any) and ``payload`` a :class:`BeijingDraw`.
- ``final``: :class:`~mjlog.ir.FinalResult` with the final scores; Beijing has no placement
  points, so ``points`` is all zeros and is never compared.

>>> FanLine("莊", "Dealer", 1)
FanLine(name='莊', english='Dealer', value=1)
>>> BeijingHand(wild_indicator=5).burn
0
"""

from __future__ import annotations

from dataclasses import dataclass

from mjlog.ir import Round, register_round_name
from mjlog.ir.check import PayloadCheck, check_text, register_payload

__all__ = ["BeijingDraw", "BeijingHand", "BeijingHeader", "BeijingWin", "FanLine", "MutualPair"]


@dataclass(frozen=True, slots=True)
class BeijingHeader:
    """A Beijing log's header: the preset it names, its base, and whether a bot game made it.

    ``knobs`` is the ``name=value;...`` text of rule knobs a synthetic log states (applied only
    for synthetic logs, as for riichi); ``title`` a free text (the simulator's name).
    """

    preset: str
    base: int
    synthetic: bool = False
    title: str = ""
    knobs: str = ""


@dataclass(frozen=True, slots=True)
class MutualPair:
    """A 互包 pair as the log records it: the two seats (lower first) and the index of the event
    (the third claim) after which it formed."""

    seats: tuple[int, int]
    event: int


@dataclass(frozen=True, slots=True)
class BeijingHand:
    """A hand's own recorded values: the wild indicator (tile id), the 燒莊 rounds counted at the
    hand's end, and the 互包 pairs in the order they formed."""

    wild_indicator: int
    burn: int = 0
    mutual: tuple[MutualPair, ...] = ()


@dataclass(frozen=True, slots=True)
class FanLine:
    """One recorded fan line: the name in the source's words, in English, and its value."""

    name: str
    english: str
    value: int


@dataclass(frozen=True, slots=True)
class BeijingWin:
    """A win's recorded scoring: fan lines, their total F, the 燒莊 fan (2^(r-1), 0 for none), and
    per seat the hand payment (F × base moved, 互包 applied) and the 燒莊 side payment."""

    fans: tuple[FanLine, ...]
    total: int
    burn_fan: int = 0
    hand_payment: tuple[int, ...] = ()
    burn_payment: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class BeijingDraw:
    """An exhaustive draw's recorded 燒莊: its fan and the side payment per seat (zeros when none
    is paid)."""

    burn_fan: int = 0
    burn_payment: tuple[int, ...] = ()


def _check_fan_names(r: BeijingWin) -> None:
    """OutOfRange for a fan line's name longer than the IR's text limit (:mod:`mjlog.ir.check`)."""
    for f in r.fans:
        check_text(f.name, "a fan line's name")
        check_text(f.english, "a fan line's English name")


register_payload(BeijingWin, PayloadCheck(values=_check_fan_names))


def round_name(rnd: Round) -> str:
    """A Beijing hand's name: ``'East 2'``, and the dealer's 連莊 count where there is one, ``'East 2, 連莊 1'``."""
    return f"{rnd.place}, 連莊 {rnd.honba}" if rnd.honba else rnd.place


register_round_name(BeijingHand, round_name)
