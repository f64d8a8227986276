"""Integers of XML attributes: the ASCII-digit fast path takes what XML_INTEGER takes, nothing more."""

from __future__ import annotations

import pytest

from mjlog.errors import MalformedLogError
from mjlog.formats.tenhou.xml_values import integer


@pytest.mark.parametrize(("text", "value"), [("0", 0), ("007", 7), ("135", 135), ("-3", -3), ("65535", 65535)])
def test_integers_as_a_log_writes_them(text, value):
    assert integer(text, "x") == value


@pytest.mark.parametrize("text", ["", "+5", " 5", "5 ", "1_000", "\u00b2", "\u0663", "\uff15", "5.0", "--1"])
def test_other_texts_are_refused_with_the_attribute_named(text):
    with pytest.raises(MalformedLogError, match=r"x=.* is not an integer"):
        integer(text, "x")


def test_a_missing_attribute_is_named():
    with pytest.raises(MalformedLogError, match="attribute x is missing"):
        integer(None, "x")
