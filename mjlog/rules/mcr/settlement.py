"""MCR payments of one hand under a rule set's convention (``../shared/docs/mcr-rules.md``).

F is a winner's fans with the flowers, ``base`` the rule set's base payment (8):

- self-drawn: each other seat pays base + F;
- on a discard (or a robbed kong, paid by the kong's declarer): the discarder pays base + F,
  each other seat base;
- standard rules have one winner per discard; duplicate rules pay each winner of a multiple
  win 3 x base + F, the discarder paying base + the sum of F and each other loser base once
  (not zero-sum);
- a false win: the offender pays the penalty, shared equally by the three others.

>>> win_deltas({0: 9}, discarder=1)
(33, -17, -8, -8)
>>> win_deltas({2: 10}, discarder=None)
(-18, -18, 54, -18)
>>> win_deltas({1: 12, 3: 12}, discarder=0, rules=MCR_DUPLICATE)
(-32, 36, -8, 36)
>>> false_win_deltas(3)
(10, 10, 10, -30)
"""

from __future__ import annotations

from collections.abc import Mapping

from mjlog.rules.mcr.ruleset import MCR, MCR_DUPLICATE, McrRules

__all__ = ["MCR_DUPLICATE", "false_win_deltas", "win_deltas"]


def win_deltas(fans: Mapping[int, int], discarder: int | None, rules: McrRules = MCR) -> tuple[int, ...]:
    """Score changes of the seats when the seats in ``fans`` win with those fans (flowers included).

    ``discarder`` is None for a self-drawn win. Raises ``ValueError`` for an impossible case
    (no winner, a self-drawn multiple win, a discarder who wins, several winners under
    standard rules).
    """
    n = rules.players
    base = rules.base_payment
    if not fans or any(not 0 <= s < n for s in fans) or (discarder is not None and not 0 <= discarder < n):
        raise ValueError("winners and discarder must be seats of the table")
    deltas = [0] * n
    if discarder is None:
        if len(fans) != 1:
            raise ValueError("a self-drawn win has one winner")
        ((winner, f),) = fans.items()
        for s in range(n):
            if s != winner:
                deltas[s] -= base + f
                deltas[winner] += base + f
        return tuple(deltas)
    if discarder in fans:
        raise ValueError("the discarder cannot win on their own discard")
    if len(fans) > 1 and rules.payments != "duplicate":
        raise ValueError("standard rules have one winner per discard")
    for winner, f in fans.items():
        deltas[winner] += (n - 1) * base + f
    deltas[discarder] -= base + sum(fans.values())
    for s in range(n):
        if s != discarder and s not in fans:
            deltas[s] -= base
    return tuple(deltas)


def false_win_deltas(offender: int, rules: McrRules = MCR) -> tuple[int, ...]:
    """Score changes for a false win (錯和) by ``offender``."""
    n = rules.players
    share = rules.false_win_penalty // (n - 1)
    return tuple(-rules.false_win_penalty if s == offender else share for s in range(n))
