"""Beijing hands from mpsz text: :func:`score_hand` (the value) and :func:`score_request` (value and payments).

Tiles are mpsz (``123m456p789s11z``; 1-7z = E S W N 白 發 中; no red fives), the winning tile
last; calls are ``kind:tiles`` with kind ``chi``, ``pon``, ``kan`` (open), ``kakan`` (added) or
``ankan`` (closed).

>>> v = score_hand("45m789p789s22z777z6m", wild="6m")
>>> [(f.name, f.value) for f in v.fans], to_text(v.reading)
([('推倒和', 1)], '456m789p789s22777z')
>>> [f.name for f in score_hand("4m6m789p789s22z777z5m").fans]
['門清無惠', '捉五魁']
"""

from __future__ import annotations

from collections.abc import Sequence

from mjlog.errors import InvalidHandError
from mjlog.rules.beijing.fans import BURN, burn_fan
from mjlog.rules.beijing.readings import Meld
from mjlog.rules.common import hand_text
from mjlog.rules.beijing.ruleset import BeijingRules
from mjlog.rules.beijing.scorer import BeijingValue, WinHow, score
from mjlog.rules.beijing.settlement import hand_payers, settle_win
from mjlog.rules.family import ScoredHand, ScoreRequest, WinItem
from mjlog.tiles import to_mpsz

def parse_kinds(text: str) -> list[int]:
    """The kinds of mpsz text, in order; InvalidHandError for bad text or a red five."""
    return hand_text.parse_kinds(text, "Beijing")


def parse_call(text: str) -> Meld:
    """A call written ``kind:tiles`` (``chi:123m``, ``pon:555p``, ``kan:7777s``, ``ankan:1111z``)."""
    call = hand_text.parse_call(text, "Beijing", "a call is chi:, pon:, kan:, kakan: or ankan: and its tiles")
    if call.run:
        return Meld(call.kinds[0], True)
    return Meld(call.kinds[0], False, len(call.kinds), closed=call.closed)


def to_text(kinds: Sequence[int]) -> str:
    """mpsz text of kinds."""
    return to_mpsz([k * 4 for k in kinds], red_fives=False)


def _one_kind(text: str | None, what: str) -> int | None:
    if text is None:
        return None
    kinds = parse_kinds(text)
    if len(kinds) != 1:
        raise InvalidHandError(f"{what} {text!r} is not one tile")
    return kinds[0]


def score_hand(hand: str, calls: Sequence[str] = (), *, wild: str | None = None, rules: BeijingRules | None = None,
               **how: object) -> BeijingValue:
    """Score the concealed ``hand`` (mpsz, the winning tile last) with ``calls``; ``how`` are :class:`WinHow` fields."""
    concealed = parse_kinds(hand)
    if not concealed:
        raise InvalidHandError("no tiles in the hand")
    melds = tuple(parse_call(c) for c in calls)
    return score(concealed, melds, concealed[-1], WinHow(**how),  # type: ignore[arg-type]  # how: WinHow's fields by name
                 _one_kind(wild, "the wild tile"), rules or BeijingRules())


def score_request(req: ScoreRequest) -> ScoredHand:
    """A request of ``mjlog score``: the hand's fan lines, the 燒莊 line, and every payment row."""
    rules: BeijingRules = req.rules
    if req.base is not None:
        rules = rules.replace(base=req.base)
    if req.riichi or req.dora:
        raise InvalidHandError("riichi and dora are not Beijing rules")
    if req.burn_rounds < 0:
        raise InvalidHandError("燒莊 rounds cannot be negative")
    winner, dealer, discarder = req.seats()
    if winner in req.mutual:
        raise InvalidHandError("a seat is not in 互包 with itself")
    payers = hand_payers(rules, winner, discarder, req.mutual)
    value = score_hand(
        req.hand, req.calls, wild=req.wild, rules=rules, tsumo=req.tsumo, winner_is_dealer=winner == dealer,
        discarder_is_dealer=discarder == dealer, dealer_pays=any(p == dealer for p, _, _ in payers),
        robbed_kan=req.robbed_kan, after_kan=req.after_kan, last_tile=req.last_tile, first_turn=req.first_turn)
    rows = settle_win(rules, winner, discarder, value.total, dealer, req.burn_rounds, req.mutual)
    side = (WinItem(BURN.id, BURN.name, BURN.english, burn_fan(req.burn_rounds)),) if req.burn_rounds else ()
    notes = [f"base {rules.base}", f"dealer fan reading ({rules.dealer_fan})"]
    if value.wilds:
        reading = "none (the automatic win)" if value.form == "four-wilds" else to_text(value.reading)
        notes.append(f"{value.wilds} wild tile{'s' if value.wilds > 1 else ''}; the reading kept: {reading}")
    return ScoredHand(value.fans, value.total, "fan", rows, side, tuple(notes))
