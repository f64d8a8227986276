"""Datong hands from mpsz text: :func:`evaluate_text` (the types) and :func:`score_request` (types and payments).

Tiles are mpsz (``123m456p789s11z``; 1-7z = E S W N 白 發 中; no red fives), the winning tile
last; calls are ``kind:tiles`` with kind ``pon``, ``kan`` (open), ``kakan`` (added), ``ankan``
(closed) or ``chi`` (only under the ``chi`` knob).

>>> [t.name for t in evaluate_text("11m99p9p", ("pon:555z", "kan:2222s", "pon:777p"), tsumo=True).types]
['堆和', '碰碰胡']
"""

from __future__ import annotations

from collections.abc import Sequence

from mjlog.errors import InvalidHandError
from mjlog.rules.datong.hands import DatongValue, HandType, Meld, evaluate
from mjlog.rules.datong.ruleset import PRESETS, DatongRules
from mjlog.rules.common import hand_text
from mjlog.rules.datong.settlement import KanKind, kan_rows, settle_win
from mjlog.rules.family import ScoredHand, ScoreRequest, WinItem
from mjlog.rules.transfers import Transfer

_KAN_KINDS = {"kan": KanKind.OPEN, "minkan": KanKind.OPEN, "kakan": KanKind.ADDED, "ankan": KanKind.CLOSED}


def parse_kinds(text: str) -> list[int]:
    """The kinds of mpsz text, in order; InvalidHandError for bad text or a red five."""
    return hand_text.parse_kinds(text, "Datong")


def parse_call(text: str) -> tuple[Meld, KanKind | None]:
    """A call written ``kind:tiles`` and, for a kan, which of the three it is."""
    call = hand_text.parse_call(text, "Datong", "a call is pon:, kan:, kakan:, ankan: or chi: and its tiles")
    if call.run:
        return Meld(call.kinds[0], run=True), None
    return Meld(call.kinds[0], size=len(call.kinds), closed=call.closed), _KAN_KINDS.get(call.word)


def evaluate_text(hand: str, calls: Sequence[str] = (), *, tsumo: bool = False,
                  rules: DatongRules | None = None) -> DatongValue:
    """The types and multiplier of the concealed ``hand`` (mpsz, winning tile last) with ``calls``."""
    concealed = parse_kinds(hand)
    melds = tuple(parse_call(c)[0] for c in calls)
    return evaluate(concealed, melds, tsumo, rules or PRESETS["datong"])


def _unknown_to_datong(req: ScoreRequest) -> None:
    """InvalidHandError for what a request states that Datong's rules do not have."""
    if req.riichi or req.dora or req.wild or req.mutual or req.burn_rounds or req.flowers:
        raise InvalidHandError("riichi, dora, wild tiles, 互包, 燒莊 and flowers are not Datong rules")


def score_request(req: ScoreRequest) -> ScoredHand:
    """A request of ``mjlog score``: the hand's types, the win's payments and the winner's kans' payments."""
    rules: DatongRules = req.rules
    if req.base is not None:
        rules = rules.replace(base=req.base)
    _unknown_to_datong(req)
    winner, dealer, discarder = req.seats()
    parsed = [parse_call(c) for c in req.calls]
    value = evaluate(parse_kinds(req.hand), tuple(m for m, _ in parsed), req.tsumo, rules)
    if discarder is not None and rules.discard_needs_type and [s.type for s in value.types] == [HandType.PLAIN]:
        raise InvalidHandError("a 屁和 cannot win on a discard under discard_needs_type (only a self-draw wins "
                               "without a hand type)")
    rows: tuple[Transfer, ...] = settle_win(rules, winner, discarder, value.multiplier, dealer, req.renchan)
    for _, kan in parsed:
        if kan is not None:
            rows += kan_rows(rules, winner, kan)
    items = tuple(WinItem(s.type.id, s.name, s.english, s.multiplier) for s in value.types)
    notes = (f"base {rules.base}", f"multiplier x{value.multiplier} ({rules.stacking})",
             f"renchan {req.renchan}", "the winner's kans are paid as they were made")
    return ScoredHand(items, value.multiplier, "x", rows, (), notes)
