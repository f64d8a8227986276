"""Three-player payment schemes: what each payer owes for a hand worth ``b`` basic points.

The eight schemes of the rules documents (``../shared/docs/sanma-payments.md``),
keyed by ``RuleSet.tsumo_scheme``. Each gives the hand value only; honba and
riichi sticks are the same under every scheme (Tenhou's: +100 from each tsumo
payer, +200 per honba on ron; sticks to the winner).

>>> scheme_values("tsumo-loss", 8000)
SchemeValues(dealer_ron=48000, dealer_tsumo_each=16000, nondealer_ron=32000, tsumo_child=8000, tsumo_dealer=16000)
>>> scheme_values("marudori", 8000).tsumo_child, scheme_values("marudori", 8000).tsumo_dealer
(10700, 21300)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from mjlog.rules.riichi.points import c100, c100_div


@dataclass(frozen=True, slots=True)
class SchemeValues:
    """A hand's payments under one scheme (no honba or sticks).

    ``dealer_tsumo_each`` is paid by each of the two non-dealers when the dealer
    wins by tsumo; on a non-dealer tsumo the other non-dealer pays
    ``tsumo_child`` and the dealer ``tsumo_dealer``.
    """

    dealer_ron: int
    dealer_tsumo_each: int
    nondealer_ron: int
    tsumo_child: int
    tsumo_dealer: int

    @property
    def dealer_tsumo_total(self) -> int:
        return 2 * self.dealer_tsumo_each

    @property
    def nondealer_tsumo_total(self) -> int:
        return self.tsumo_child + self.tsumo_dealer


def _four_player(b: int) -> tuple[int, int, int, int]:
    """Rd, Rn, D2, C1: dealer ron, non-dealer ron, dealer's tsumo share, non-dealer's share."""
    return c100(6 * b), c100(4 * b), c100(2 * b), c100(b)


def _tsumo_loss(b: int) -> SchemeValues:
    rd, rn, d2, c1 = _four_player(b)
    return SchemeValues(rd, d2, rn, c1, d2)


def _plus_1000(b: int) -> SchemeValues:
    rd, rn, d2, c1 = _four_player(b)
    return SchemeValues(rd, d2 + 1000, rn, c1 + 1000, d2 + 1000)


def _marudori(b: int) -> SchemeValues:
    # the non-dealer payer's share is rounded up; the dealer pays the rest (10700/21300)
    rd, rn, _, _ = _four_player(b)
    child = c100_div(rn, 3)
    return SchemeValues(rd, c100_div(rd, 2), rn, child, rn - child)


def _marudori2(b: int) -> SchemeValues:
    # 北家折半: the absent North's share is split between the two payers
    rd, rn, d2, c1 = _four_player(b)
    return SchemeValues(rd, c100_div(3 * d2, 2), rn, c100_div(3 * c1, 2), c100_div(2 * d2 + c1, 2))


def _split_half(b: int) -> SchemeValues:
    rd, rn, _, _ = _four_player(b)
    return SchemeValues(rd, c100(3 * b), rn, c100(2 * b), c100(2 * b))


def _dealer_triple(b: int) -> SchemeValues:
    rd, rn, _, _ = _four_player(b)
    return SchemeValues(rd, c100(3 * b), rn, c100(b), c100(3 * b))


def _double_take(b: int) -> SchemeValues:
    rd, rn, _, _ = _four_player(b)
    return SchemeValues(rd, rd, rn, rn, rn)


def _ron_reduced(b: int) -> SchemeValues:
    _, _, d2, c1 = _four_player(b)
    return SchemeValues(2 * d2, d2, c1 + d2, c1, d2)


def _marudori2_words(b: int) -> SchemeValues:
    # 丸取 with the non-dealer tsumo's ron value split 3:5 (child's share rounded up, the dealer the rest)
    rd, rn, _, _ = _four_player(b)
    child = c100_div(3 * rn, 8)
    return SchemeValues(rd, c100_div(rd, 2), rn, child, rn - child)


def _dealer_triple_words(b: int) -> SchemeValues:
    # 丸取 with the non-dealer tsumo's ron value split 1:3
    rd, rn, _, _ = _four_player(b)
    child = c100_div(rn, 4)
    return SchemeValues(rd, c100_div(rd, 2), rn, child, rn - child)


def _double_take_words(b: int) -> SchemeValues:
    # twice 折半支付's tsumo payments
    half = _split_half(b)
    return SchemeValues(half.dealer_ron, 2 * half.dealer_tsumo_each, half.nondealer_ron, 2 * half.tsumo_child,
                        2 * half.tsumo_dealer)


#: The readings of the schemes the source defines in words from another one (the shared doc's section
#: "The source's own words"): ``formula``, the formula of its table (mjlog's reading before the knob),
#: and ``words``, the source's words read literally. They agree at mangan and above.
READINGS = ("formula", "words")

#: Scheme key -> (the rule-set knob choosing its reading, the ``words`` reading's payments, each reading
#: in words).
READING_OF: dict[str, tuple[str, Callable[[int], SchemeValues], dict[str, str]]] = {
    "marudori2": ("marudori2_reading", _marudori2_words, {
        "formula": "北家折半: each payer adds half the absent North's tsumo share",
        "words": "丸取 with the non-dealer tsumo's ron value split 3:5"}),
    "dealer-triple": ("dealer_triple_reading", _dealer_triple_words, {
        "formula": "non-dealer tsumo r(b) / r(3b), dealer tsumo r(3b) each",
        "words": "丸取 with the non-dealer tsumo's ron value split 1:3"}),
    "double-take": ("double_take_reading", _double_take_words, {
        "formula": "each tsumo payer pays the ron value",
        "words": "twice 折半支付's tsumo payments"}),
}


def scheme_reading(rules: object) -> str:
    """The reading ``rules`` (a riichi rule set) take of their tsumo scheme: ``formula`` or ``words``,
    or ``""`` for a scheme with one reading only."""
    scheme = getattr(rules, "tsumo_scheme", "")
    return getattr(rules, READING_OF[scheme][0], "formula") if scheme in READING_OF else ""


def scheme_label(scheme: str, reading: str = "formula") -> str:
    """A scheme's name with the reading it is taken in, where it has two: ``丸取2 (北家折半), read as words
    (丸取 with the non-dealer tsumo's ron value split 3:5)``."""
    name = SCHEMES[scheme][0]
    if scheme not in READING_OF:
        return name
    return f"{name}, read as {reading} ({READING_OF[scheme][2][reading]})"


SCHEMES: dict[str, tuple[str, str, Callable[[int], SchemeValues]]] = {
    "tsumo-loss": ("自摸損", "東風荘, Tenhou", _tsumo_loss),
    "plus-1000": ("千點加符", "", _plus_1000),
    "marudori": ("丸取", "MJ3", _marudori),
    "marudori2": ("丸取2 (北家折半)", "MJ4, MJ5", _marudori2),
    "split-half": ("折半支付", "真・雀龍門, 麻雀格鬥俱樂部", _split_half),
    "dealer-triple": ("莊家3倍支付", "", _dealer_triple),
    "double-take": ("倍取", "", _double_take),
    "ron-reduced": ("榮和收入調整", "", _ron_reduced),
}
"""Scheme key -> (name in the rules documents, who uses it, payment function)."""


def scheme_table(basic: int, readings: dict[str, str] | None = None) -> list[str]:
    """The rules documents' table for one hand value: header, rule, one row per scheme (a scheme of two
    readings in the reading ``readings`` gives it, else ``formula``; the caller names the readings).

    Columns: dealer ron / dealer tsumo total (each payer) / non-dealer ron /
    non-dealer tsumo total (non-dealer payer / dealer payer).
    """
    lines = ["| scheme | values | used by |", "|---|---|---|"]
    for key, (name, used_by, _) in SCHEMES.items():
        reading = (readings or {}).get(key, "formula")
        v = scheme_values(key, basic, reading)
        values = (f"{v.dealer_ron} / {v.dealer_tsumo_total} ({v.dealer_tsumo_each}) / {v.nondealer_ron} / "
                  f"{v.nondealer_tsumo_total} ({v.tsumo_child}/{v.tsumo_dealer})")
        lines.append(f"| {name} | {values} | {used_by} |")
    return lines


def scheme_values(scheme: str, basic: int, reading: str = "formula") -> SchemeValues:
    """The payments of a hand worth ``basic`` points under ``scheme`` in ``reading`` (see :data:`READINGS`;
    a scheme of one reading ignores it); ``KeyError`` names the schemes.

    >>> scheme_values("marudori2", 240).nondealer_tsumo_total, scheme_values("marudori2", 240, "words").nondealer_tsumo_total
    (1200, 1000)
    """
    if reading == "words" and scheme in READING_OF:
        return READING_OF[scheme][1](basic)
    try:
        return SCHEMES[scheme][2](basic)
    except KeyError:
        raise KeyError(f"unknown sanma payment scheme {scheme!r}; known: {', '.join(SCHEMES)}") from None
