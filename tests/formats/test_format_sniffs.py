"""The format registry's sniffs: a format's module is imported at its sniff's first call, once."""

from __future__ import annotations

import pytest

from mjlog.formats import _lazy, format_of
from tests.support.xmlbuild import simple_game4


def test_a_lazy_function_imports_its_module_at_the_first_call_not_before():
    missing = _lazy("no_such_format_module", "sniff")   # nothing imported yet, so no error
    with pytest.raises(ModuleNotFoundError):
        missing(b"<")


def test_a_lazy_sniff_answers_as_the_module_s_own_every_time():
    from mjlog.formats.mcr.xml import sniff

    lazy = _lazy("mcr.xml", "sniff")
    for head in (simple_game4(), b'<mjloggm ver="2.3" family="mcr">', b"", b"[1]"):
        assert lazy(head) == sniff(head) == lazy(head)


def test_every_format_is_still_told_apart_by_its_content():
    assert format_of(simple_game4()).name == "tenhou-xml"
    assert format_of(b'{"title": ["", ""], "log": []}').name == "tenhou-json"
    assert format_of(b'{"type": "start_game"}\n').name == "mjai"
    assert format_of(b"not a log") is None
