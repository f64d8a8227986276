"""Datong payments as data: each line of the source's list a :class:`~mjlog.rules.transfers.Transfer`.

All amounts are multiples of the base B (``rules.base``). The source's lines (base 10):

1. a discard win (平胡): each other seat pays B, the discarder 2B;
2. a self-draw: each other seat pays 2B (the winner +6B);
3. an open or added kan (明杠, 補杠): each other seat pays B; a closed kan (暗杠) 2B; paid when made;
4. renchan: B more for each deal the dealer has kept; a dealer win: each pays the dealer B more;
   a non-dealer win: the dealer pays the winner B more;
5. 碰碰胡, 清一色, 七對 double the hand payment, 十三幺 multiplies it by 6 (the hand's multiplier);
6. leaving the table (強退): 8B.

A discard win by South on West's discard, base 10, East deals, no renchan:

>>> from mjlog.rules.datong.ruleset import PRESETS
>>> from mjlog.rules.transfers import net
>>> rows = settle_win(PRESETS["datong"], winner=1, discarder=2, multiplier=1, dealer=0, renchan=0)
>>> net(rows, 4)
(-20, 50, -20, -10)
>>> [(t.payer, t.reason, t.amount) for t in rows]
[(0, 'hand', 10), (2, 'hand', 20), (3, 'hand', 10), (0, 'dealer', 10)]
"""

from __future__ import annotations

from enum import Enum

from mjlog.rules.datong.ruleset import KONG, DatongRules
from mjlog.rules.transfers import HAND, Transfer

__all__ = ["DEALER", "KAN", "KAN_EACH", "KanKind", "LEAVE", "RENCHAN", "dealer_rows", "hand_rows", "kan_rows", "leave_rows",
           "reason_words", "renchan_rows", "settle_draw", "settle_win"]

#: The dealer's bonus (line 4: B from each on a dealer win, B to the winner on a non-dealer win).
DEALER = "dealer"
#: The renchan payment (line 4: B more per deal the dealer has kept).
RENCHAN = "renchan"
#: A kan's payment, made when the kan is made (line 3).
KAN = "kan"
#: Leaving the table (line 6).
LEAVE = "leave"
#: The reasons findings name in the source's words where the stored reason is riichi's word.
_REASON_WORDS = {KAN: KONG}


def reason_words(reason: str) -> str:
    """A payment's reason as findings name it: a kan's payment is the kong's (杠)."""
    return _REASON_WORDS.get(reason, reason)


class KanKind(Enum):
    """The three kans of line 3."""

    OPEN = "open"        # 明杠: on a discard
    ADDED = "added"      # 補杠: a tile added to a pon
    CLOSED = "closed"    # 暗杠: four in the hand


#: Line 3: what each other seat pays for a kan, in B.
KAN_EACH = {KanKind.OPEN: 1, KanKind.ADDED: 1, KanKind.CLOSED: 2}


def _others(rules: DatongRules, seat: int) -> list[int]:
    return [s for s in range(rules.players) if s != seat]


def hand_rows(rules: DatongRules, winner: int, discarder: int | None, multiplier: int) -> tuple[Transfer, ...]:
    """Lines 1, 2 and 5: the hand payment, times the hand's multiplier (``discarder`` None: a self-draw).

    >>> from mjlog.rules.datong.ruleset import PRESETS
    >>> [t.amount for t in hand_rows(PRESETS["datong"], 0, None, 2)]
    [40, 40, 40]
    """
    b = rules.base * multiplier
    if discarder is None:
        return tuple(Transfer(s, winner, 2 * b, HAND) for s in _others(rules, winner))
    return tuple(Transfer(s, winner, 2 * b if s == discarder else b, HAND) for s in _others(rules, winner))


def dealer_rows(rules: DatongRules, winner: int, dealer: int) -> tuple[Transfer, ...]:
    """Line 4's dealer bonus: each pays a winning dealer B; the dealer pays a winning non-dealer B.

    >>> from mjlog.rules.datong.ruleset import PRESETS
    >>> [(t.payer, t.payee) for t in dealer_rows(PRESETS["datong"], 2, 0)]
    [(0, 2)]
    """
    if winner == dealer:
        return tuple(Transfer(s, dealer, rules.base, DEALER) for s in _others(rules, dealer))
    return (Transfer(dealer, winner, rules.base, DEALER),)


def renchan_rows(rules: DatongRules, winner: int, discarder: int | None, dealer: int,
                 renchan: int) -> tuple[Transfer, ...]:
    """Line 4's renchan: B per deal the dealer has kept (``renchan``), as ``renchan_to`` reads it.

    'dealer': with the dealer's bonus, both ways; 'payers': from each payer of the hand payment.

    >>> from mjlog.rules.datong.ruleset import PRESETS
    >>> [(t.payer, t.amount) for t in renchan_rows(PRESETS["datong"], 1, 2, 0, 2)]
    [(0, 20)]
    >>> [(t.payer, t.amount) for t in renchan_rows(PRESETS["datong"].replace(renchan_to="payers"), 1, 2, 0, 2)]
    [(0, 20), (2, 20), (3, 20)]
    """
    if renchan < 0:
        raise ValueError(f"renchan cannot be negative: {renchan}")
    amount = renchan * rules.base
    if not amount:
        return ()
    if rules.renchan_to == "payers":
        return tuple(Transfer(s, winner, amount, RENCHAN) for s in _others(rules, winner))
    if winner == dealer:
        return tuple(Transfer(s, dealer, amount, RENCHAN) for s in _others(rules, dealer))
    return (Transfer(dealer, winner, amount, RENCHAN),)


def settle_win(rules: DatongRules, winner: int, discarder: int | None, multiplier: int, dealer: int,
               renchan: int = 0) -> tuple[Transfer, ...]:
    """Every payment of one win: the hand payment (times ``multiplier``), the dealer's bonus, renchan."""
    if discarder == winner:
        raise ValueError("the winner cannot deal in to itself")
    return (hand_rows(rules, winner, discarder, multiplier) + dealer_rows(rules, winner, dealer)
            + renchan_rows(rules, winner, discarder, dealer, renchan))


def settle_draw(rules: DatongRules) -> tuple[Transfer, ...]:
    """A drawn hand (黃庄, 6½ stacks left): the source names no payment, so none."""
    return ()


def kan_rows(rules: DatongRules, seat: int, kind: KanKind) -> tuple[Transfer, ...]:
    """Line 3: each other seat pays the kan's maker B (open, added) or 2B (closed), when it is made.

    >>> from mjlog.rules.datong.ruleset import PRESETS
    >>> [t.amount for t in kan_rows(PRESETS["datong"], 3, KanKind.CLOSED)]
    [20, 20, 20]
    """
    each = KAN_EACH[kind] * rules.base
    return tuple(Transfer(s, seat, each, KAN) for s in _others(rules, seat))


def leave_rows(rules: DatongRules, seat: int) -> tuple[Transfer, ...]:
    """Line 6: leaving the table costs 8B, to no one (``leave_to='pot'``) or to each other seat.

    >>> from mjlog.rules.datong.ruleset import PRESETS
    >>> leave_rows(PRESETS["datong"], 2)
    (Transfer(payer=2, payee=None, amount=80, reason='leave'),)
    """
    amount = 8 * rules.base
    if rules.leave_to == "each":
        return tuple(Transfer(seat, s, amount, LEAVE) for s in _others(rules, seat))
    return (Transfer(seat, None, amount, LEAVE),)
