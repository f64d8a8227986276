"""One MCR hand given by hand (``mjlog score --rules mcr``): the request read, scored and paid.

>>> from mjlog.rules.family import ScoreRequest
>>> from mjlog.rules.mcr.ruleset import MCR
>>> s = score_request(ScoreRequest("123m456m789m123s5s5s", MCR, tsumo=True, flowers=2))
>>> [i.name for i in s.items], s.total
(['清龙', '不求人', '平和', '喜相逢', '缺一门', '单钓将', '花牌', '花牌'], 27)
>>> score_request(ScoreRequest("77789m11888p7m", MCR, calls=("pon:444z",)))
Traceback (most recent call last):
...
mjlog.rules.mcr.by_hand.FalseWinError: a false win (錯和): 6 fan, under the 8-fan minimum (flowers do not count)
"""

from __future__ import annotations

from mjlog.rules.family import ScoredHand, ScoreRequest, WinItem
from mjlog.rules.mcr.calculator import FanResult, score
from mjlog.rules.mcr.hand import McrHandError, WinSituation, parse_hand
from mjlog.rules.mcr.settlement import win_deltas
from mjlog.rules.transfers import HAND, Transfer

_CALL_TEXT = {"chi": "[{}]", "pon": "[{}]", "kan": "[{}]", "kakan": "[{}]+", "ankan": "({})"}


class FalseWinError(McrHandError):
    """A winning shape under the 8-fan minimum (flowers not counted): a false win, 錯和."""


def hand_text(request: ScoreRequest) -> str:
    """The request as :func:`~mjlog.rules.mcr.hand.parse_hand` text: calls, the hand, the flowers."""
    parts = []
    for call in request.calls:
        kind, sep, tiles = call.partition(":")
        if not sep or kind not in _CALL_TEXT:
            raise McrHandError(f"a call is kind:tiles with kind one of {', '.join(_CALL_TEXT)}, not {call!r}")
        parts.append(_CALL_TEXT[kind].format(tiles))
    parts.append(request.hand)
    if not 0 <= request.flowers <= 8:
        raise McrHandError(f"there are 8 flowers, not {request.flowers}")
    if request.flowers:
        parts.append("".join(str(i + 1) for i in range(request.flowers)) + "f")
    return " ".join(parts)


def score_request(request: ScoreRequest) -> ScoredHand:
    """The fan lines (flowers included), the total and the payments of the request's hand.

    Seats are winds (the dealer East): the winner sits at ``seat_wind``; on a discard the
    discarder (default: the seat before the winner) pays 8 + F and the two others 8; self-drawn,
    each other seat pays 8 + F. Raises :class:`FalseWinError` under the minimum.
    """
    rules = request.rules
    hand = parse_hand(hand_text(request))
    winner = request.seat_wind
    discarder = None if request.tsumo else (request.discarder if request.discarder is not None else (winner - 1) % 4)
    if discarder == winner:
        raise McrHandError("the winner cannot win on their own discard")
    situation = WinSituation(self_drawn=request.tsumo, wall_last=request.last_tile, robbed_kong=request.robbed_kan,
                             after_kong=request.after_kan, last_copy=request.last_copy, seat_wind=winner,
                             round_wind=request.round_wind)
    result: FanResult = score(hand, situation, rules)
    if result.false_win:
        raise FalseWinError(f"a false win (錯和): {result.fan_total} fan, under the {rules.min_fan}-fan minimum "
                            "(flowers do not count)")
    deltas = win_deltas({winner: result.total}, discarder, rules)
    payments = tuple(Transfer(s, winner, -d, HAND) for s, d in enumerate(deltas) if d < 0)
    items = tuple(WinItem(line.number, line.name, line.english, line.value)
                  for line in result.lines for _ in range(line.count))
    notes = (f"{result.fan_total} fan without the flowers (the minimum is {rules.min_fan})",)
    return ScoredHand(items, result.total, "fan", payments, notes=notes)
