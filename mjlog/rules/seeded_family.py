"""What the replay contracts of the seeded-wall families (Beijing, Datong) share: a wall per hand from
the log's seed, a deal checked against it and the flow of the deal, knobs a log may restate only when
synthetic, and a game whose result is its scores (no pot, no placement points)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from mjlog.errors import MalformedLogError
from mjlog.findings import FindingKind
from mjlog.ir import Round, Seed
from mjlog.rules.family import Family, GameCheck

K = FindingKind

__all__ = ["SeededFamily", "check_deal", "dealer_at"]


class SeededFamily(Family):
    """A family whose hands are dealt from walls built from the log's seed (:meth:`seeded_walls`)."""

    def seeded_walls(self, seed: Seed) -> Iterator[Any]:
        """The walls of the game's hands, in order; MalformedLogError for a seed they cannot use."""
        raise NotImplementedError

    def walls(self, game: GameCheck, rules: Any) -> Callable[[Round], Any] | None:
        seed = game.log.seed
        if seed is None:
            return None
        try:
            walls = self.seeded_walls(seed)
        except MalformedLogError as exc:
            game.find(K.WALL, f"the seed cannot be used ({exc.reason})")
            return None
        return lambda rnd: next(walls)

    @staticmethod
    def refuse_stated_knobs(game: GameCheck, knobs: str, synthetic: bool) -> None:
        """A finding for knobs a header states when the log is not synthetic: only a synthetic log may."""
        if knobs and not synthetic:
            game.find(K.UNSUPPORTED_RULE, f"only a synthetic log may restate the rules; knobs {knobs[:80]!r} "
                      "are not applied")

    def final_scores(self, rules: Any, scores: tuple[int, ...], sticks: int, first_dealer: int) -> tuple[int, ...]:
        return tuple(scores)  # no pot: the scores after the last hand are final

    def placement_points(self, rules: Any, final_scores: tuple[int, ...], first_dealer: int) -> tuple[float, ...]:
        return (0.0,) * len(final_scores)  # none: the game's result is its scores (never compared)


def dealer_at(rules: Any, first_dealer: int, kyoku: int) -> int:
    """The dealer after the deal has passed ``kyoku`` times from ``first_dealer`` (``rules.next_seat``)."""
    seat = first_dealer
    for _ in range(max(0, kyoku) % rules.players):
        seat = rules.next_seat(seat)
    return seat


def check_deal(table: Any, rnd: Round, rules: Any, first_dealer: int, wall: Any) -> None:
    """The hand's dealer against the flow's (:func:`dealer_at`), and each seat's dealt tiles against the wall's."""
    dealer = dealer_at(rules, first_dealer, rnd.kyoku)
    if rnd.dealer != dealer:
        table.find(K.FLOW, f"the dealer of the hand ({rnd.kyoku} passes of the deal)", rnd.dealer, dealer)
    if wall is None:
        return
    for seat, (got, exp) in enumerate(zip(rnd.hands, wall.starting_hands(rnd.dealer))):
        if sorted(got) != sorted(exp):
            table.find(K.WALL, f"the dealt hand of seat {seat} is not the wall's")
