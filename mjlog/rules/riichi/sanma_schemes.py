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


def scheme_table(basic: int) -> list[str]:
    """The rules documents' table for one hand value: header, rule, one row per scheme.

    Columns: dealer ron / dealer tsumo total (each payer) / non-dealer ron /
    non-dealer tsumo total (non-dealer payer / dealer payer).
    """
    lines = ["| scheme | values | used by |", "|---|---|---|"]
    for name, used_by, fn in SCHEMES.values():
        v = fn(basic)
        values = (f"{v.dealer_ron} / {v.dealer_tsumo_total} ({v.dealer_tsumo_each}) / {v.nondealer_ron} / "
                  f"{v.nondealer_tsumo_total} ({v.tsumo_child}/{v.tsumo_dealer})")
        lines.append(f"| {name} | {values} | {used_by} |")
    return lines


def scheme_values(scheme: str, basic: int) -> SchemeValues:
    """The payments of a hand worth ``basic`` points under ``scheme``; ``KeyError`` names the schemes."""
    try:
        return SCHEMES[scheme][2](basic)
    except KeyError:
        raise KeyError(f"unknown sanma payment scheme {scheme!r}; known: {', '.join(SCHEMES)}") from None
