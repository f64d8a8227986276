"""Hand decomposition tables."""

from __future__ import annotations

from mjlog.rules.riichi.decompose import (
    decompose, describe_set, is_complete, is_seven_pairs, is_thirteen_orphans, suit_decompositions,
)
from mjlog.tiles import counts34, parse_mpsz


def c(text: str) -> list[int]:
    return counts34(parse_mpsz(text))


def test_decompose_single_reading():
    assert [(p, [describe_set(s) for s in sets]) for p, sets in decompose(c("123m456p789s11z234s"))] == [
        (27, ["123m", "456p", "234s", "789s"])]


def test_decompose_triplets_or_runs():
    assert len(decompose(c("111222333m789p55s"))) == 2


def test_decompose_pair_choice():
    # 11223344m: pair 11 with 234+234, or pair 44 with 123+123
    assert sorted(p for p, _ in decompose(c("11223344m123p456s"))) == [0, 3]


def test_decompose_not_complete():
    assert decompose(c("123m456p789s12z234s")) == ()
    assert not is_complete(c("123m456p789s12z234s"))


def test_decompose_honours_need_pair_or_triplet():
    assert decompose(c("123m456p789s1112z")) == ()


def test_decompose_with_calls_fewer_tiles():
    assert decompose(c("123m55p")) and is_complete(c("55p"))


def test_decompose_suit_table_is_cached():
    a = suit_decompositions((3, 1, 1, 1, 1, 1, 1, 1, 3))
    assert suit_decompositions((3, 1, 1, 1, 1, 1, 1, 1, 3)) is a


def test_seven_pairs():
    assert is_seven_pairs(c("1133m2255p4499s77z"))
    assert not is_seven_pairs(c("1111m2255p4499s77z"))


def test_thirteen_orphans():
    assert is_thirteen_orphans(c("19m19p19s1234567z9s"))
    assert not is_thirteen_orphans(c("19m19p18s1234567z9s"))
