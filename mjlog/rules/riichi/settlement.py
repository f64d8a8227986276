"""Settlement: who pays whom after a win or a draw, and why, as pure functions of the rule set.

Each payment is a :class:`~mjlog.rules.transfers.Transfer` (payer, payee, amount, reason);
deltas are per seat, in points, the transfers summed: they add up to the sticks the winner
collects from the pot (riichi deposits are paid into the pot when a riichi is accepted, not here).

>>> from mjlog.rules.riichi.ruleset import PRESETS
>>> rs = PRESETS["tenhou-4p-south"]
>>> noten_deltas([True, False, False, False], rs)
(3000, -1000, -1000, -1000)
>>> noten_deltas([True, True, False], PRESETS["tenhou-3p-south"])
(1000, 1000, -2000)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mjlog.ir import Call, CallKind
from mjlog.rules.riichi.events import KITA
from mjlog.rules.riichi.memo import Interner, RulesMemo
from mjlog.rules.riichi.points import MANGAN_BASIC, YAKUMAN_BASIC, payments
from mjlog.rules.riichi.ruleset import RuleSet
from mjlog.rules.transfers import HAND, HONBA, NOTEN, PAO, STICKS, Transfer, net, split_evenly
from mjlog.tiles import DRAGON_KINDS, WIND_KINDS

__all__ = ["MANGAN_BASIC", "YAKUMAN_BASIC", "Settlement", "nagashi_deltas", "nagashi_transfers", "noten_deltas",
           "noten_transfers", "pao_seat", "win_deltas", "win_settlement", "yakuman_basic"]


@dataclass(frozen=True, slots=True)
class Settlement:
    """An outcome's payments: the transfers, and each seat's score change (their sum)."""

    transfers: tuple[Transfer, ...]
    deltas: tuple[int, ...]


#: Riichi's own payment reasons (the shared ones are in mjlog.rules.transfers): a seat's riichi
#: deposit into the pot when its riichi is accepted, and a nagashi mangan, paid as a mangan tsumo.
DEPOSIT = "riichi"
NAGASHI = "nagashi"

#: Memoised win_settlement results (immutable, so shared safely), keyed by the inputs per
#: rule set; a rule set's table is cleared when it grows past _MEMO_MAX entries. About 380 bytes an
#: entry with its transfers and score changes shared (_SHARED; 670 without): 4,096 hit 66% of 8.8
#: lookups a game on 5,000 games of the corpus and simulated mix (16,384: 72%, 11.8 MB held by a
#: build worker after 10,000 games, a third of what its memos held; issue 38).
_MEMO_MAX = 1 << 12
_MEMO = RulesMemo(_MEMO_MAX)


def win_settlement(
    basic: int,
    winner: int,
    from_seat: int,
    dealer: int,
    rules: RuleSet,
    honba: int = 0,
    sticks: int = 0,
    pao: int | None = None,
    pao_basic: int | None = None,
) -> Settlement:
    """The payments of one win worth ``basic`` points (honba and ``sticks`` to this winner).

    ``pao`` is the liable seat; ``pao_basic`` the part of ``basic`` it is liable
    for (all of it when None, which is Tenhou's rule for stacked yakuman).
    A pao tsumo: the liable seat pays that part as if it were the discarder
    of a ron, honba included. A pao ron: the liable seat and the discarder
    split that part evenly, and the liable seat pays the honba (Tenhou's rule 20:
    本場費由包牌者支付; a liable seat that deals in itself pays it all).

    >>> from mjlog.rules.riichi.ruleset import PRESETS
    >>> s = win_settlement(2000, 1, 3, 0, PRESETS["tenhou-4p-south"], honba=1, sticks=1)
    >>> s.deltas
    (0, 9300, 0, -8300)
    >>> [(t.payer, t.payee, t.amount, t.reason) for t in s.transfers]
    [(3, 1, 8000, 'hand'), (3, 1, 300, 'honba'), (None, 1, 1000, 'sticks')]
    """
    key = (basic, winner, from_seat, dealer, honba, sticks, pao, pao_basic)
    got = _MEMO.get(rules, key)
    if got is None:
        transfers = tuple(_SHARED(t) for t in win_transfers(basic, winner, from_seat, dealer, rules, honba,
                                                            sticks, pao, pao_basic))
        got = _MEMO.put(rules, key, Settlement(transfers, _SHARED(net(transfers, rules.players))))
    return got


#: One instance of each transfer and each score change list among the memo's settlements, which
#: repeat them (ron 8,000 from seat 3 to 1...).
_SHARED = Interner(1 << 14)


def win_deltas(basic: int, winner: int, from_seat: int, dealer: int, rules: RuleSet, honba: int = 0,
               sticks: int = 0, pao: int | None = None, pao_basic: int | None = None) -> tuple[int, ...]:
    """Score changes of one win: the sum of :func:`win_settlement`'s transfers.

    >>> from mjlog.rules.riichi.ruleset import PRESETS
    >>> win_deltas(2000, 1, 3, 0, PRESETS["tenhou-4p-south"], honba=1, sticks=1)
    (0, 9300, 0, -8300)
    """
    return win_settlement(basic, winner, from_seat, dealer, rules, honba, sticks, pao, pao_basic).deltas


def win_transfers(basic: int, winner: int, from_seat: int, dealer: int, rules: RuleSet, honba: int = 0,
                  sticks: int = 0, pao: int | None = None, pao_basic: int | None = None) -> tuple[Transfer, ...]:
    """:func:`win_settlement`'s transfers computed, without the memo."""
    out: list[Transfer] = []
    tsumo = winner == from_seat
    is_dealer = winner == dealer
    if pao is not None and pao != winner:
        liable = basic if pao_basic is None else min(pao_basic, basic)
        rest = basic - liable
        if tsumo:
            # the liable seat pays the liable part as a ron, the honba too
            pay = payments(liable, is_dealer, False, rules, honba, 0)
            _pay(out, pao, winner, pay.points, PAO)
            _pay(out, pao, winner, pay.honba_points, HONBA)
            if rest:
                _tsumo(out, rest, winner, dealer, rules, 0, HAND)
        else:
            ron = payments(liable, is_dealer, False, rules, 0, 0).ron
            rest_ron = payments(rest, is_dealer, False, rules, 0, 0).ron if rest else 0
            if pao == from_seat:
                _pay(out, from_seat, winner, ron + rest_ron, HAND)
            else:
                half = ron // 2
                _pay(out, pao, winner, half, PAO)
                _pay(out, from_seat, winner, ron - half + rest_ron, HAND)
            _pay(out, pao, winner, rules.honba_ron * honba, HONBA)
    elif tsumo:
        _tsumo(out, basic, winner, dealer, rules, honba, HAND)
    else:
        pay = payments(basic, is_dealer, False, rules, honba, 0)
        _pay(out, from_seat, winner, pay.points, HAND)
        _pay(out, from_seat, winner, pay.honba_points, HONBA)
    _pay(out, None, winner, sticks * rules.riichi_deposit, STICKS)
    return tuple(out)


def _pay(out: list[Transfer], payer: int | None, payee: int, amount: int, reason: str) -> None:
    if amount:
        out.append(Transfer(payer, payee, amount, reason))


def _tsumo(out: list[Transfer], basic: int, winner: int, dealer: int, rules: RuleSet, honba: int,
           reason: str) -> None:
    """Each other seat pays its share of a tsumo worth ``basic`` (and its honba) to ``winner``."""
    is_dealer = winner == dealer
    hand = payments(basic, is_dealer, True, rules, 0, 0)
    full = payments(basic, is_dealer, True, rules, honba, 0) if honba else hand
    for seat in range(rules.players):
        if seat == winner:
            continue
        if seat == dealer:
            _pay(out, seat, winner, hand.dealer, reason)
            _pay(out, seat, winner, full.dealer - hand.dealer, HONBA)
        else:
            _pay(out, seat, winner, hand.non_dealer, reason)
            _pay(out, seat, winner, full.non_dealer - hand.non_dealer, HONBA)


def noten_transfers(tenpai: Sequence[bool], rules: RuleSet) -> tuple[Transfer, ...]:
    """Noten payments at an exhaustive draw: the pool split among tenpai seats, paid by the others."""
    key = tuple(tenpai)
    got = _NOTEN.get(rules, key)
    if got is None:
        got = _NOTEN.put(rules, key, _noten_transfers(key, rules))
    return got


#: Memoised noten_transfers results, by the tenpai seats per rule set.
_NOTEN = RulesMemo(_MEMO_MAX)


def _noten_transfers(tenpai: tuple[bool, ...], rules: RuleSet) -> tuple[Transfer, ...]:
    n = rules.players
    t = sum(1 for x in tenpai if x)
    if t in (0, n):
        return ()
    return split_evenly((s for s in range(n) if not tenpai[s]), (s for s in range(n) if tenpai[s]),
                        rules.noten_total // (n - t), rules.noten_total // t, NOTEN)


def noten_deltas(tenpai: Sequence[bool], rules: RuleSet) -> tuple[int, ...]:
    """Each seat's noten payment: the sum of :func:`noten_transfers`."""
    return net(noten_transfers(tenpai, rules), rules.players)


def nagashi_transfers(nagashi: Sequence[bool], dealer: int, rules: RuleSet) -> tuple[Transfer, ...]:
    """Nagashi mangan: each such seat is paid a mangan tsumo, without honba or sticks."""
    out: list[Transfer] = []
    for seat, yes in enumerate(nagashi):
        if yes:
            _tsumo(out, MANGAN_BASIC, seat, dealer, rules, 0, NAGASHI)
    return tuple(out)


def nagashi_deltas(nagashi: Sequence[bool], dealer: int, rules: RuleSet) -> tuple[int, ...]:
    """Each seat's nagashi mangan payments: the sum of :func:`nagashi_transfers`."""
    return net(nagashi_transfers(nagashi, dealer, rules), rules.players)


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
                and m.kind is not KITA]
        if len(sets) == len(kinds):
            last = sets[-1]
            if last.from_seat is not None and last.from_seat != who:
                liable = last.from_seat
    return liable
