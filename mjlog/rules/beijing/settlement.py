"""Beijing settlement as data: each payment a row (payer, payee, amount, reason).

A hand's payments are the hand payment (fan × base from the discarder, or from each other seat
on a self-draw; from the 互包 partner(s) in their place) and the 燒莊 side payment (the dealer
pays 2^(r-1) × base to each other seat, whoever wins). This module also counts what the
payments depend on: 燒莊 rounds from the discards, 互包 pairs from the calls.

Worked example 1 of the source (base 2000, East deals, 1 燒莊 round, East self-draws 3 fan):

>>> from mjlog.rules.beijing.ruleset import PRESETS
>>> rows = settle_win(PRESETS["beijing"].replace(base=2000), winner=0, discarder=None, fan=3,
...                   dealer=0, burn_rounds=1)
>>> transfer_deltas(rows, 4)
(12000, -4000, -4000, -4000)
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from mjlog.ir import Call, CallKind, Discard
from mjlog.rules.beijing.fans import burn_fan
from mjlog.rules.beijing.ruleset import BeijingRules
from mjlog.rules.transfers import Transfer
from mjlog.rules.transfers import net as transfer_deltas

__all__ = ["Transfer", "burn_rounds", "burn_rows", "burn_turns", "claims", "claims_at", "hand_payers", "mutual_events",
           "mutual_pairs", "partners_of", "settle_draw", "settle_win", "transfer_deltas"]

HAND, MUTUAL, BURN = "hand", "mutual", "burn"


def hand_payers(rules: BeijingRules, winner: int, discarder: int | None,
                partners: Iterable[int] = ()) -> tuple[tuple[int, int, str], ...]:
    """Who pays the hand payment and how many shares each: ``(seat, shares, reason)``.

    Without 互包: the discarder one share, or each other seat one share on a self-draw. With
    互包 partners, each partner pays in their place: one share on a discard; on a self-draw the
    three shares (``mutual_tsumo='all'``) or one (``'one'``).
    """
    mates = sorted(set(partners) - {winner})
    if mates:
        shares = 3 if discarder is None and rules.mutual_tsumo == "all" else 1
        return tuple((p, shares, MUTUAL) for p in mates)
    if discarder is not None:
        return ((discarder, 1, HAND),)
    return tuple((s, 1, HAND) for s in range(rules.players) if s != winner)


def burn_rows(rules: BeijingRules, dealer: int, rounds: int) -> tuple[Transfer, ...]:
    """燒莊: the dealer pays 2^(r-1) × base to each other seat (nothing for 0 rounds)."""
    amount = burn_fan(rounds) * rules.base
    if not amount:
        return ()
    return tuple(Transfer(dealer, s, amount, BURN) for s in range(rules.players) if s != dealer)


def settle_win(rules: BeijingRules, winner: int, discarder: int | None, fan: int, dealer: int,
               burn_rounds: int = 0, partners: Iterable[int] = ()) -> tuple[Transfer, ...]:
    """The payment rows of one win worth ``fan`` (``discarder`` None: a self-draw)."""
    rows = [Transfer(p, winner, shares * fan * rules.base, reason)
            for p, shares, reason in hand_payers(rules, winner, discarder, partners)]
    return tuple(rows) + burn_rows(rules, dealer, burn_rounds)


def settle_draw(rules: BeijingRules, dealer: int, burn_rounds: int = 0) -> tuple[Transfer, ...]:
    """The payment rows of an exhaustive draw: 燒莊 only, and only under ``burn_on_draw``."""
    return burn_rows(rules, dealer, burn_rounds) if rules.burn_on_draw else ()


# -- what the payments depend on ------------------------------------------------------------------


def burn_rounds(turns: Sequence[tuple[int, int] | None], dealer: int, players: int = 4) -> int:
    """燒莊 rounds of a hand from its discards in order: ``(seat, kind)``, or None for a call.

    A round is a go-around from the dealer's discard in which each other seat, in turn, discards
    the same kind; rounds count from the dealer's first discard and stop at the first go-around
    that breaks the pattern (a different tile, a call, a win, the hand's end).

    >>> burn_rounds([(0, 5), (1, 5), (2, 5), (3, 5), (0, 7), (1, 7), (2, 7), (3, 1)], dealer=0)
    1
    """
    rounds = 0
    for start in range(0, len(turns), players):
        lap = turns[start:start + players]
        if len(lap) < players or any(t is None for t in lap):
            break
        seats = [(dealer + i) % players for i in range(players)]
        if [t[0] for t in lap] != seats or len({t[1] for t in lap}) != 1:  # type: ignore[index]  # no None (checked above)
            break
        rounds += 1
    return rounds


def burn_turns(events: Iterable[object]) -> list[tuple[int, int] | None]:
    """A hand's events as :func:`burn_rounds` reads them: each discard ``(seat, kind)``, each claim None.

    A claim (chi, pon, open kan) takes a discard and breaks the turn order; closed and added kans
    do not (every seat still discards in turn).
    """
    out: list[tuple[int, int] | None] = []
    for ev in events:
        if type(ev) is Discard:
            out.append((ev.seat, ev.tile >> 2))
        elif type(ev) is Call and ev.kind in _CLAIMS:
            out.append(None)
    return out


_CLAIMS = (CallKind.CHI, CallKind.PON, CallKind.DAIMINKAN)


def claims(events: Iterable[object]) -> list[tuple[int, int]]:
    """The chi and pon of a hand's events as ``(claimer, discarder)``: what 互包 counts ("吃+碰").

    Open kans on a discard are not counted: the source names chi and pon only.
    """
    return [(ev.seat, ev.from_seat) for ev in events
            if type(ev) is Call and ev.kind in (CallKind.CHI, CallKind.PON) and ev.from_seat is not None]


def claims_at(events) -> list[tuple[int, int, int]]:
    """The chi and pon of ``events`` as ``(claimer, discarder, event index)``."""
    out = []
    for i, ev in enumerate(events):
        got = claims((ev,))
        if got:
            out.append((*got[0], i))
    return out


def mutual_events(claims: Iterable[tuple[int, int, int]], both_ways: bool = False) -> dict[tuple[int, int], int]:
    """互包 pairs (seats, lower first) from ``(claimer, discarder, index)`` claims, each with the index
    of the claim that formed it: three claims by one player on another's discards, or
    (``both_ways``) three claims between the two in either direction."""
    counts: dict[tuple[int, int], int] = {}
    formed: dict[tuple[int, int], int] = {}
    for claimer, discarder, i in claims:
        pair = (min(claimer, discarder), max(claimer, discarder))
        key = pair if both_ways else (claimer, discarder)
        counts[key] = counts.get(key, 0) + 1
        if counts[key] == 3 and pair not in formed:
            formed[pair] = i
    return formed


def mutual_pairs(claims: Iterable[tuple[int, int]], both_ways: bool = False) -> frozenset[frozenset[int]]:
    """互包 pairs from a hand's chi and pon claims ``(claimer, discarder)``: three claims make a pair.

    >>> sorted(map(sorted, mutual_pairs([(1, 0), (1, 0), (0, 1)], both_ways=True)))
    [[0, 1]]
    >>> mutual_pairs([(1, 0), (1, 0), (0, 1)])
    frozenset()
    """
    indexed = [(a, b, i) for i, (a, b) in enumerate(claims)]
    return frozenset(frozenset(p) for p in mutual_events(indexed, both_ways))


def partners_of(seat: int, pairs: Iterable[Collection[int]]) -> tuple[int, ...]:
    """The seats in 互包 with ``seat``."""
    return tuple(sorted(s for p in pairs if seat in p for s in p if s != seat))
