"""``mjlog score`` for riichi: a :class:`~mjlog.rules.family.ScoreRequest` scored and paid.

Seats are 0 East (the dealer) .. 3 North; the winner sits at the request's seat wind.

>>> from mjlog.rules.riichi.ruleset import PRESETS
>>> s = score_request(ScoreRequest("234m456p678s22z345p", PRESETS["tenhou-4p-south"], tsumo=True, riichi=True,
...                                seat_wind=2))
>>> [(i.english, i.value) for i in s.items], s.total, [(t.payer, t.amount) for t in s.payments]
([('Riichi', 1), ('Menzen tsumo', 1), ('Pinfu', 1)], 3, [(0, 1300), (1, 700), (3, 700)])
"""

from __future__ import annotations

from mjlog.errors import InvalidHandError
from mjlog.rules.family import ScoredHand, ScoreRequest
from mjlog.rules.transfers import HAND, Transfer
from mjlog.rules.riichi.by_hand import score_hand
from mjlog.rules.riichi.points import LIMIT_NAMES
from mjlog.rules.riichi.ruleset import RuleSet
from mjlog.rules.riichi.scorer import HandValue


def _refuse_foreign(req: ScoreRequest, rules: RuleSet) -> None:
    """InvalidHandError for options riichi has no rule for, or that contradict its seats."""
    foreign = [name for name, given in (("--wild", req.wild is not None), ("--burn", req.burn_rounds != 0),
                                        ("--mutual", bool(req.mutual)), ("--base", req.base is not None))
               if given]
    if foreign:
        raise InvalidHandError(f"riichi has no rule for {', '.join(foreign)}")
    if req.dealer_seat not in (None, 0):
        raise InvalidHandError("the riichi dealer is always East")
    if req.dealer and req.seat_wind != 0:
        raise InvalidHandError("the riichi dealer's seat wind is East")
    if req.seat_wind >= rules.players or (req.discarder is not None and req.discarder >= rules.players):
        raise InvalidHandError(f"a {rules.players}-player table has no seat {max(req.seat_wind, req.discarder or 0)}")


def _rows(v: HandValue, winner: int, discarder: int | None, players: int) -> tuple[Transfer, ...]:
    p = v.payment
    if discarder is not None:
        return (Transfer(discarder, winner, p.ron, HAND),)
    return tuple(Transfer(s, winner, p.dealer if s == 0 else p.non_dealer, HAND)
                 for s in range(players) if s != winner)


def score_request(req: ScoreRequest) -> ScoredHand:
    """The yaku, han and payments of a riichi hand (no honba, no sticks)."""
    from mjlog.rules.riichi.store_facts import yaku_items

    rules: RuleSet = req.rules
    _refuse_foreign(req, rules)
    winner = req.seat_wind
    dealer = winner == 0
    discarder = None if req.tsumo else (winner - 1) % rules.players if req.discarder is None else req.discarder
    if discarder == winner:
        raise InvalidHandError("the winner cannot deal in to itself")
    if req.tsumo and req.discarder is not None:
        raise InvalidHandError("a self-draw has no discarder")
    v = score_hand(req.hand, melds=list(req.calls), dora=req.dora, rules=rules, seat_wind=winner,
                   round_wind=req.round_wind, tsumo=req.tsumo, riichi=req.riichi,
                   haitei=req.last_tile and req.tsumo, houtei=req.last_tile and not req.tsumo,
                   rinshan=req.after_kan, chankan=req.robbed_kan,
                   tenhou=req.first_turn and dealer and req.tsumo,
                   chiihou=req.first_turn and not dealer and req.tsumo,
                   renhou=req.first_turn and not dealer and not req.tsumo)
    if v.no_yaku:
        raise InvalidHandError("a complete hand without yaku cannot win (dora are not yaku)")
    limit = f", {LIMIT_NAMES[v.limit]}" if v.limit else ""
    notes = (f"{v.fu} fu, {v.points} points{limit}",)
    return ScoredHand(yaku_items(v), v.han, "han", _rows(v, winner, discarder, rules.players), notes=notes)
