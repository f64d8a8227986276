"""Settlement: who pays whom after a win or a draw, as pure functions of the rule set.

Deltas are per seat, in points, summing to the sticks the winner collects
(riichi deposits are paid into the pot when a riichi is accepted, not here).

>>> from mjlog.rules.riichi.ruleset import PRESETS
>>> rs = PRESETS["tenhou-4p-south"]
>>> noten_deltas([True, False, False, False], rs)
(3000, -1000, -1000, -1000)
>>> noten_deltas([True, True, False], PRESETS["tenhou-3p-south"])
(1000, 1000, -2000)
"""

from __future__ import annotations

from collections.abc import Sequence

from mjlog.ir import Call, CallKind
from mjlog.rules.riichi.points import payment_rules, payments
from mjlog.rules.riichi.ruleset import RuleSet
from mjlog.tiles import DRAGON_KINDS, WIND_KINDS

MANGAN_BASIC = 2000
YAKUMAN_BASIC = 8000


#: Memoised win_deltas results (each a tuple, so shared safely), by the inputs and the rule fields
#: the payments read (points.payment_rules); cleared when it grows past _DELTAS_MAX entries.
_DELTAS: dict[tuple[object, ...], tuple[int, ...]] = {}
_DELTAS_MAX = 1 << 14


def win_deltas(
    basic: int,
    winner: int,
    from_seat: int,
    dealer: int,
    rules: RuleSet,
    honba: int = 0,
    sticks: int = 0,
    pao: int | None = None,
    pao_basic: int | None = None,
) -> tuple[int, ...]:
    """Score changes of one win worth ``basic`` points (honba and ``sticks`` to this winner).

    ``pao`` is the liable seat; ``pao_basic`` the part of ``basic`` it is liable
    for (all of it when None, which is Tenhou's rule for stacked yakuman).
    A pao tsumo: the liable seat pays that part as if it were the discarder
    of a ron, honba included. A pao ron: the liable seat and the discarder
    split that part evenly; the discarder pays the honba.

    >>> from mjlog.rules.riichi.ruleset import PRESETS
    >>> win_deltas(2000, 1, 3, 0, PRESETS["tenhou-4p-south"], honba=1, sticks=1)
    (0, 9300, 0, -8300)
    """
    key = (basic, winner, from_seat, dealer, honba, sticks, pao, pao_basic, payment_rules(rules))
    got = _DELTAS.get(key)
    if got is None:
        got = compute_win_deltas(basic, winner, from_seat, dealer, rules, honba, sticks, pao, pao_basic)
        if len(_DELTAS) >= _DELTAS_MAX:
            _DELTAS.clear()
        _DELTAS[key] = got
    return got


def compute_win_deltas(basic: int, winner: int, from_seat: int, dealer: int, rules: RuleSet, honba: int = 0,
                       sticks: int = 0, pao: int | None = None, pao_basic: int | None = None) -> tuple[int, ...]:
    """:func:`win_deltas` computed, without the memo."""
    n = rules.players
    d = [0] * n
    tsumo = winner == from_seat
    is_dealer = winner == dealer
    if pao is not None and pao != winner:
        liable = basic if pao_basic is None else min(pao_basic, basic)
        rest = basic - liable
        if tsumo:
            # the liable seat pays the liable part as a ron, the honba too
            pay = payments(liable, is_dealer, False, rules, honba, 0).ron
            d[pao] -= pay
            if rest:
                _add_tsumo(d, rest, winner, dealer, rules, 0)
            d[winner] += pay + sticks * rules.riichi_deposit
            return tuple(d)
        ron = payments(liable, is_dealer, False, rules, 0, 0).ron
        half = ron // 2
        d[pao] -= half
        d[from_seat] -= ron - half + (payments(rest, is_dealer, False, rules, 0, 0).ron if rest else 0)
        d[from_seat] -= rules.honba_ron * honba
        d[winner] -= sum(d) - sticks * rules.riichi_deposit
        return tuple(d)
    if tsumo:
        _add_tsumo(d, basic, winner, dealer, rules, honba)
        d[winner] += sticks * rules.riichi_deposit
        return tuple(d)
    pay = payments(basic, is_dealer, False, rules, honba, sticks)
    d[from_seat] -= pay.ron
    d[winner] += pay.ron + pay.sticks
    return tuple(d)


def _add_tsumo(d: list[int], basic: int, winner: int, dealer: int, rules: RuleSet, honba: int) -> None:
    pay = payments(basic, winner == dealer, True, rules, honba, 0)
    for seat in range(rules.players):
        if seat == winner:
            continue
        amount = pay.dealer if seat == dealer else pay.non_dealer
        d[seat] -= amount
        d[winner] += amount


def noten_deltas(tenpai: Sequence[bool], rules: RuleSet) -> tuple[int, ...]:
    """Noten payments at an exhaustive draw: the pool split among tenpai seats."""
    n = rules.players
    t = sum(1 for x in tenpai if x)
    if t in (0, n):
        return (0,) * n
    gain = rules.noten_total // t
    loss = rules.noten_total // (n - t)
    return tuple(gain if x else -loss for x in tenpai)


def nagashi_deltas(nagashi: Sequence[bool], dealer: int, rules: RuleSet) -> tuple[int, ...]:
    """Nagashi mangan: each such seat is paid a mangan tsumo, without honba or sticks."""
    d = [0] * rules.players
    for seat, yes in enumerate(nagashi):
        if yes:
            _add_tsumo(d, MANGAN_BASIC, seat, dealer, rules, 0)
    return tuple(d)


def yakuman_basic(count: int) -> int:
    """Basic points of ``count`` yakuman."""
    return YAKUMAN_BASIC * count


#: Yakuman with liability (pao) and the kinds whose last set, if called, makes its discarder liable.
PAO_YAKUMAN: dict[int, tuple[int, ...]] = {39: DRAGON_KINDS, 49: WIND_KINDS}


def pao_seat(melds: Sequence[Call], who: int, yakuman: Sequence[int], rules: RuleSet) -> int | None:
    """The seat liable for a daisangen or daisuushii: the discarder of the call that completed it."""
    if not rules.pao:
        return None
    liable = None
    for yid, kinds in PAO_YAKUMAN.items():
        if yid not in yakuman:
            continue
        sets = [m for m in melds if m.tiles[0] >> 2 in kinds and m.kind is not CallKind.CHI
                and m.kind is not CallKind.KITA]
        if len(sets) == len(kinds):
            last = sets[-1]
            if last.from_seat is not None and last.from_seat != who:
                liable = last.from_seat
    return liable
