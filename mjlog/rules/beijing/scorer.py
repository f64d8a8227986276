"""Scoring a Beijing win: every reading of the hand, the one with the most fan kept.

:func:`score` is the pure core on tile kinds; :func:`mjlog.rules.beijing.by_hand.score_hand` reads
mpsz text. A hand the rules do not let win the way it is claimed raises
:class:`IllegalWinError`; tiles that are no complete hand raise
:class:`~mjlog.errors.InvalidHandError` (both ValueErrors, saying why).

>>> from mjlog.rules.beijing.readings import Meld
>>> v = score([0, 0, 0, 9, 9, 9, 18, 18, 18, 27, 27, 27, 31, 31], (), 31, WinHow(tsumo=True, winner_is_dealer=True))
>>> [(f.name, f.value) for f in v.fans], v.total
([('莊', 1), ('門清無惠', 1), ('對對和', 2)], 4)
>>> score([1, 2, 9, 9, 3], (Meld(3, True), Meld(12, False), Meld(20, False)), 3, WinHow())
Traceback (most recent call last):
...
mjlog.rules.beijing.scorer.IllegalWinError: a hand with a chow 吃, pung 碰 or open kong 明槓 wins only by self-draw
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from mjlog.errors import InvalidHandError
from mjlog.ir import CallKind
from mjlog.rules.beijing.fans import Situation, fans_of
from mjlog.rules.beijing.readings import FIVE_MAN, Meld, Shape, shapes
from mjlog.rules.beijing.ruleset import CALL_WORDS, BeijingRules
from mjlog.rules.family import WinItem

_DEFAULT_RULES = BeijingRules()


class IllegalWinError(InvalidHandError):
    """A complete hand that the rules do not let win the way it is claimed (on a discard after a call...)."""


@dataclass(frozen=True, slots=True)
class WinHow:
    """How the win came about: the facts of the moment the scorer cannot see in the tiles.

    ``dealer_pays`` (reading (b) of the dealer fan) is whether the dealer pays the hand payment;
    None: the dealer pays when the dealer dealt in.
    """

    tsumo: bool = False
    winner_is_dealer: bool = False
    discarder_is_dealer: bool = False
    dealer_pays: bool | None = None
    robbed_kan: bool = False
    after_kan: bool = False
    last_tile: bool = False
    first_turn: bool = False


@dataclass(frozen=True, slots=True)
class BeijingValue:
    """A Beijing win's value: its fan lines in table order and their sum ``total``.

    ``form`` is ``standard``, ``pairs`` or ``four-wilds`` (the automatic win, read as no shape);
    ``reading`` the kinds of the kept reading with every wild tile as what it stands for.
    """

    fans: tuple[WinItem, ...]
    total: int
    form: str
    wilds: int
    reading: tuple[int, ...] = ()


def _check(concealed: Sequence[int], melds: Sequence[Meld], win: int, how: WinHow) -> None:
    """Raise InvalidHandError for tiles and situations that cannot be one win."""
    if len(concealed) + 3 * len(melds) != 14:
        raise InvalidHandError(f"{len(concealed)} concealed tiles with {len(melds)} calls; expected "
                               f"{14 - 3 * len(melds)}")
    if win not in concealed:
        raise InvalidHandError("the winning tile is not among the concealed tiles")
    counts = [0] * 34
    for k in list(concealed) + [m.kind + (i if m.run else 0) for m in melds for i in range(m.tiles)]:
        if not 0 <= k < 34:
            raise InvalidHandError(f"tile kind {k} is not in 0..33")
        counts[k] += 1
    if max(counts) > 4:
        raise InvalidHandError("more than four copies of a tile")
    if how.robbed_kan and how.tsumo:
        raise InvalidHandError(f"robbing a {CALL_WORDS.kan} is a win on a discard, not a self-draw")
    if how.after_kan and not how.tsumo:
        raise InvalidHandError(f"a {CALL_WORDS.kan}'s replacement tile is drawn: a win on it is a self-draw")
    if how.first_turn and how.winner_is_dealer and not how.tsumo:
        raise InvalidHandError("the dealer wins before any discard only by self-draw (天和)")


def _refuse(melds: Sequence[Meld], how: WinHow, wilds: int) -> None:
    """Raise IllegalWinError for a win the rules forbid: on a discard after a call, or with three wilds."""
    if how.tsumo:
        return
    what = f"robbing a {CALL_WORDS.kan}" if how.robbed_kan else "a win on a discard"
    if any(not m.closed for m in melds):
        raise IllegalWinError(f"a hand with a {CALL_WORDS.name(CallKind.CHI)}, {CALL_WORDS.name(CallKind.PON)} or "
                              f"{CALL_WORDS.name(CallKind.DAIMINKAN)} wins only by self-draw"
                              + (f" (robbing a {CALL_WORDS.kan} needs a closed hand)" if how.robbed_kan else ""))
    if wilds >= 3:
        raise IllegalWinError(f"a hand with {wilds} wild tiles wins only by self-draw, not by {what}")


def _dealer_fan(how: WinHow, rules: BeijingRules) -> bool:
    if how.winner_is_dealer:
        return True
    if how.tsumo:
        return False
    if rules.dealer_fan == "a":
        return how.discarder_is_dealer
    return how.discarder_is_dealer if how.dealer_pays is None else how.dealer_pays


def score(concealed: Sequence[int], melds: Sequence[Meld], win: int, how: WinHow,
          wild: int | None = None, rules: BeijingRules = _DEFAULT_RULES) -> BeijingValue:
    """The value of a win: ``concealed`` kinds (the winning kind ``win`` among them), ``melds``, ``wild`` kind."""
    _check(concealed, melds, win, how)
    wilds = sum(1 for k in concealed if k == wild) if wild is not None else 0
    _refuse(melds, how, wilds)
    sit = Situation(tsumo=how.tsumo, winner_is_dealer=how.winner_is_dealer, dealer_fan=_dealer_fan(how, rules),
                    open_hand=any(not m.closed for m in melds), calls=len(melds),
                    fish_calls=sum(1 for m in melds if rules.da_diao == "any" or not m.closed),
                    wilds=wilds, last_tile=how.last_tile, after_kan=how.after_kan, first_turn=how.first_turn)
    if wilds == 4:
        fans = fans_of(None, sit)
        return _value(fans, "four-wilds", wilds, ())
    best: tuple[tuple[int, int], Shape, tuple] | None = None
    alone: Situation | None = None  # the situation once 捉五魁's 'only' reading has looked at the waits
    for shape in shapes(concealed, melds, win, wild):
        if shape.closed_five and rules.zhuo_wu_kui == "only":
            if alone is None:
                alone = replace(sit, five_alone=_waits_on_five_alone(concealed, melds, win, wild))
            fans = fans_of(shape, alone)
        else:
            fans = fans_of(shape, sit)
        # the most fan; among equals, the reading where most wild tiles stand for themselves
        key = (sum(f.value for f in fans), shape.tiles.count(wild) if wild is not None else 0)
        if best is None or key > best[0]:
            best = (key, shape, fans)
    if best is None:
        raise InvalidHandError("not a winning hand: no four sets and a pair, nor seven pairs"
                               + (", whatever the wild tiles stand for" if wilds else ""))
    _, shape, fans = best
    return _value(fans, shape.form, wilds, shape.tiles)


def _waits_on_five_alone(concealed: Sequence[int], melds: Sequence[Meld], win: int, wild: int | None) -> bool:
    """Whether the hand before the win (``concealed`` less ``win``) was complete with 5m and no other
    tile (a wild tile, which completes whatever anything completes, aside): 捉五魁's "只和...一張牌"."""
    if win != FIVE_MAN and win != wild:
        return False  # no 5m won: no 捉五魁 whatever the waits
    before = list(concealed)
    before.remove(win)
    seen = [0] * 34
    for k in before + [m.kind + (i if m.run else 0) for m in melds for i in range(m.tiles)]:
        seen[k] += 1
    for k in range(34):
        if k == FIVE_MAN or (k == wild and wild != FIVE_MAN) or seen[k] >= 4:
            continue
        if any(True for _ in shapes([*before, k], melds, k, wild)):
            return False
    return True


def _value(fans, form: str, wilds: int, reading: tuple[int, ...]) -> BeijingValue:
    items = tuple(f.item() for f in fans)
    return BeijingValue(items, sum(i.value for i in items), form, wilds, reading)
