"""Limits, basic points and payments (Tenhou's rules; sanma schemes keyed by ``tsumo_scheme``).

>>> limit_of(4, 30), limit_of(4, 40), limit_of(13, 30)
(0, 1, 5)
>>> basic_points(3, 30, 0)
960
>>> p = payments(basic_points(3, 30, 0), dealer=False, tsumo=True, rules=RuleSet(), honba=1)
>>> p.dealer, p.non_dealer, p.points, p.total
(2100, 1100, 4000, 4300)
>>> payments(8000, dealer=False, tsumo=True, rules=RuleSet(players=3)).points
24000
"""

from __future__ import annotations

from dataclasses import dataclass

from mjlog.rules.riichi.ruleset import RuleSet

#: Limit codes as Tenhou writes them (third field of AGARI ``ten``).
LIMIT_NAMES = ("", "mangan", "haneman", "baiman", "sanbaiman", "yakuman")
#: Basic points of each limit code (0: below the limits, counted from han and fu); the one home
#: of the limit table.
LIMIT_BASIC = (0, 2000, 3000, 4000, 6000, 8000)
#: Basic points by limit name (``mangan`` .. ``yakuman``).
LIMIT_BASIC_BY_NAME = dict(zip(LIMIT_NAMES[1:], LIMIT_BASIC[1:]))
MANGAN_BASIC = LIMIT_BASIC[1]
YAKUMAN_BASIC = LIMIT_BASIC[5]


def c100(x: int) -> int:
    """``x`` rounded up to a multiple of 100."""
    return -(-x // 100) * 100


def c100_div(num: int, den: int) -> int:
    """``num / den`` rounded up to a multiple of 100, in exact integer arithmetic."""
    return c100(-(-num // den))


def limit_of(han: int, fu: int, yakuman: int = 0, *, kazoe: bool = True) -> int:
    """Limit code 0-5 of a hand (``yakuman`` = number of yakuman it counts).

    Kiriage mangan is no limit: Tenhou writes limit 0 for it (see ``basic_points``).
    """
    if yakuman:
        return 5
    if han >= 13:
        return 5 if kazoe else 4
    if han >= 11:
        return 4
    if han >= 8:
        return 3
    if han >= 6:
        return 2
    if han == 5 or (han == 4 and fu >= 40) or (han == 3 and fu >= 70):
        return 1
    return 0


def basic_points(han: int, fu: int, limit: int, yakuman: int = 0, *, kiriage: bool = False) -> int:
    """Basic points: ``fu * 2**(han+2)`` below the limits, else the limit's value.

    With ``kiriage``, 4 han 30 fu and 3 han 60 fu are paid as mangan while their limit code
    stays 0, as Tenhou's 0x200 lobbies record them (docs/scoring-differences.md).

    >>> basic_points(4, 30, 0), basic_points(4, 30, 0, kiriage=True)
    (1920, 2000)
    """
    if yakuman:
        return YAKUMAN_BASIC * yakuman
    if limit:
        return LIMIT_BASIC[limit]
    if kiriage and ((han == 4 and fu == 30) or (han == 3 and fu == 60)):
        return LIMIT_BASIC[1]
    return fu << (han + 2)


@dataclass(frozen=True, slots=True)
class Payment:
    """Who pays the winner what, in points, honba included.

    Ron: ``ron`` from the discarder. Tsumo: ``dealer`` from the dealer (0 when the
    winner is the dealer) and ``non_dealer`` from each of ``non_dealer_payers``.
    ``points`` is the hand's value without honba or sticks (Tenhou's ``ten``),
    ``total`` what the winner gains including honba and ``sticks``.
    """

    ron: int = 0
    dealer: int = 0
    non_dealer: int = 0
    non_dealer_payers: int = 0
    points: int = 0
    honba_points: int = 0
    sticks: int = 0
    total: int = 0


def _ron(basic: int, dealer: bool, rules: RuleSet, honba: int, sticks: int) -> Payment:
    pts = c100(basic * (6 if dealer else 4))
    hb = rules.honba_ron * honba
    st = rules.riichi_deposit * sticks
    return Payment(ron=pts + hb, points=pts, honba_points=hb, sticks=st, total=pts + hb + st)


def _tsumo_standard(basic: int, dealer: bool, rules: RuleSet, honba: int, sticks: int) -> Payment:
    """Every other seat pays (4p), or only the seats in play (sanma tsumo-loss, ツモ損)."""
    others = rules.players - 1
    hb = rules.honba_tsumo_each * honba
    st = rules.riichi_deposit * sticks
    if dealer:
        each = c100(2 * basic)
        pts = each * others
        return Payment(non_dealer=each + hb, non_dealer_payers=others, points=pts,
                       honba_points=hb * others, sticks=st, total=pts + hb * others + st)
    from_dealer = c100(2 * basic)
    each = c100(basic)
    pts = from_dealer + each * (others - 1)
    return Payment(dealer=from_dealer + hb, non_dealer=each + hb, non_dealer_payers=others - 1,
                   points=pts, honba_points=hb * others, sticks=st, total=pts + hb * others + st)


def _sanma_scheme(basic: int, dealer: bool, tsumo: bool, rules: RuleSet, honba: int, sticks: int) -> Payment:
    """A three-player win under one of the schemes of :mod:`mjlog.rules.riichi.sanma_schemes`.

    Honba and sticks are paid as Tenhou pays them under every scheme.
    """
    from mjlog.rules.riichi.sanma_schemes import scheme_reading, scheme_values

    v = scheme_values(rules.tsumo_scheme, basic, scheme_reading(rules))
    st = rules.riichi_deposit * sticks
    if not tsumo:
        pts = v.dealer_ron if dealer else v.nondealer_ron
        hb = rules.honba_ron * honba
        return Payment(ron=pts + hb, points=pts, honba_points=hb, sticks=st, total=pts + hb + st)
    hb = rules.honba_tsumo_each * honba
    if dealer:
        pts = 2 * v.dealer_tsumo_each
        return Payment(non_dealer=v.dealer_tsumo_each + hb, non_dealer_payers=2, points=pts,
                       honba_points=2 * hb, sticks=st, total=pts + 2 * hb + st)
    pts = v.tsumo_dealer + v.tsumo_child
    return Payment(dealer=v.tsumo_dealer + hb, non_dealer=v.tsumo_child + hb, non_dealer_payers=1,
                   points=pts, honba_points=2 * hb, sticks=st, total=pts + 2 * hb + st)


def payments(basic: int, dealer: bool, tsumo: bool, rules: RuleSet, honba: int = 0, sticks: int = 0) -> Payment:
    """The payments for a win worth ``basic`` points under ``rules`` (and its sanma scheme)."""
    if rules.players == 3 and rules.tsumo_scheme != "tsumo-loss":
        return _sanma_scheme(basic, dealer, tsumo, rules, honba, sticks)
    if not tsumo:
        return _ron(basic, dealer, rules, honba, sticks)
    return _tsumo_standard(basic, dealer, rules, honba, sticks)
