"""Payments as data: who pays whom, how much and why, for every rule family.

A family's settlement turns each outcome (a win, a draw) and each deposit into
:class:`Transfer` rows; the replay carries them, the store writes them, and a seat's
score change is their sum (:func:`net`). ``None`` as payer or payee is the pot on the
table (a family's deposits go into it, the winner collects it).

>>> t = (Transfer(1, 0, 3900, HAND), Transfer(1, 0, 300, HONBA), Transfer(None, 0, 1000, STICKS))
>>> net(t, 4)
(5200, -4200, 0, 0)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

#: The hand's value (in riichi: the points without honba or sticks).
HAND = "hand"
#: Repeat-counter (honba) payments.
HONBA = "honba"
#: The pot (riichi sticks) collected by the winner: payer is the pot.
STICKS = "sticks"
#: Tenpai payments at an exhaustive draw (from the noten seats).
NOTEN = "noten"
#: The liable seat's (pao) share of a hand's value.
PAO = "pao"
#: The reasons every family may use; a family adds its own (any short lower-case word: riichi's
#: deposit ``riichi`` and ``nagashi``, in :mod:`mjlog.rules.riichi.settlement`).
REASONS = (HAND, HONBA, STICKS, NOTEN, PAO)


@dataclass(frozen=True, slots=True)
class Transfer:
    """``amount`` points from ``payer`` to ``payee`` (a seat, or None: the pot) for ``reason``."""

    payer: int | None
    payee: int | None
    amount: int
    reason: str


def net(transfers: Iterable[Transfer], players: int) -> tuple[int, ...]:
    """Each seat's score change from ``transfers`` (what it received less what it paid)."""
    d = [0] * players
    for t in transfers:
        if t.payer is not None:
            d[t.payer] -= t.amount
        if t.payee is not None:
            d[t.payee] += t.amount
    return tuple(d)


def split_evenly(payers: Iterable[int], payees: Iterable[int], loss: int, gain: int,
                 reason: str) -> tuple[Transfer, ...]:
    """Each of ``payers`` loses ``loss`` and each of ``payees`` gains ``gain``, as transfers.

    Pairwise (each payer pays each payee an equal part) when the amounts divide evenly and
    balance; otherwise through the pot (payers into it, payees out of it), so the net is
    always exactly ``-loss`` and ``+gain``.

    >>> split_evenly([1, 2], [0, 3], 1500, 1500, NOTEN)[0]
    Transfer(payer=1, payee=0, amount=750, reason='noten')
    >>> [t.payee for t in split_evenly([1, 2, 3], [0], 333, 1000, NOTEN)]
    [None, None, None, 0]
    """
    payers, payees = tuple(payers), tuple(payees)
    if not payers or not payees:
        return ()
    if loss * len(payers) == gain * len(payees) and loss % len(payees) == 0:
        each = loss // len(payees)
        return tuple(Transfer(p, q, each, reason) for p in payers for q in payees if each)
    return (tuple(Transfer(p, None, loss, reason) for p in payers if loss)
            + tuple(Transfer(None, q, gain, reason) for q in payees if gain))
