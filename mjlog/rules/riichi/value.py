"""The result of scoring a win (:class:`HandValue`) and the cheap ways the scorer builds it.

:func:`hand_value` builds a HandValue without the frozen dataclass ``__init__``
(identical object, a fraction of the cost); :func:`payment_for` memoises the
payments of a win (a :class:`~mjlog.rules.riichi.points.Payment` is an immutable value).
"""

from __future__ import annotations

from dataclasses import dataclass

from mjlog.frozen import builder
from mjlog.rules.riichi.context import WinContext
from mjlog.rules.riichi.fu import FuItem
from mjlog.rules.riichi.memo import RulesMemo
from mjlog.rules.riichi.points import Payment, payments
from mjlog.rules.riichi.yaku_table import ALL_YAKU
from mjlog.rules.riichi.ruleset import RuleSet


@dataclass(frozen=True, slots=True)
class HandValue:
    """The value of a winning hand as Tenhou scores it.

    ``yaku`` are (id, han) pairs in Tenhou's display order; for a yakuman hand
    they are the yakuman ids with 13 han each (26 for a double under a double
    knob). ``han`` 0 with ``yaku`` empty means the hand is complete but has no
    yaku (``no_yaku``). ``limit`` is Tenhou's code 0-5, ``basic`` the basic
    points, ``points`` the hand's value without honba or sticks (AGARI ``ten``),
    ``payment`` who pays what with the context's honba and sticks.
    """

    yaku: tuple[tuple[int, int], ...]
    han: int
    fu: int
    fu_breakdown: tuple[FuItem, ...]
    limit: int
    basic: int
    points: int
    payment: Payment
    yakuman_count: int = 0
    wait: str = ""
    dora: int = 0
    aka: int = 0
    ura: int = 0

    @property
    def no_yaku(self) -> bool:
        """A complete hand with no yaku (dora alone do not make a win)."""
        return self.han == 0

    @property
    def is_yakuman(self) -> bool:
        """A real yakuman (not counted yakuman)."""
        return self.yakuman_count > 0

    @property
    def yakuman(self) -> tuple[int, ...]:
        """The yakuman ids (Tenhou's AGARI ``yakuman`` attribute), empty otherwise."""
        return tuple(i for i, _ in self.yaku) if self.yakuman_count else ()

    @property
    def yaku_names(self) -> tuple[str, ...]:
        """English names of the yaku, in order."""
        return tuple(ALL_YAKU[i].name_en for i, _ in self.yaku)


def hand_value(yaku: tuple[tuple[int, int], ...], han: int, fu: int, fu_breakdown: tuple[FuItem, ...],
                limit: int, basic: int, points: int, payment: Payment, yakuman_count: int, wait: str,
                dora: int, aka: int, ura: int) -> HandValue:
    """A HandValue from its fields in declaration order, without the frozen ``__init__``'s cost.

    >>> v = hand_value((), 0, 30, (), 0, 0, 0, NO_PAYMENT, 0, "ryanmen", 0, 0, 0)
    >>> v == HandValue((), 0, 30, (), 0, 0, 0, NO_PAYMENT, 0, "ryanmen") and type(v) is HandValue
    True
    """
    return _build_hand_value(yaku, han, fu, fu_breakdown, limit, basic, points, payment, yakuman_count, wait,
                             dora, aka, ura)


_build_hand_value = builder(HandValue)


_PAYMENTS = RulesMemo(max_entries=1 << 14)
#: The payment of a hand without yaku.
NO_PAYMENT = Payment()


def payment_for(basic: int, ctx: WinContext, rules: RuleSet) -> Payment:
    """:func:`payments` for the win, memoised (a Payment is an immutable value)."""
    dealer = ctx.seat_wind == 0
    key = (basic, dealer, ctx.tsumo, ctx.honba, ctx.sticks)
    pay = _PAYMENTS.get(rules, key)
    if pay is None:
        pay = _PAYMENTS.put(rules, key, payments(basic, dealer, ctx.tsumo, rules, ctx.honba, ctx.sticks))
    return pay



def clear_payments() -> None:
    """Forget the memoised payments."""
    _PAYMENTS.clear()
