"""Values a log never writes are refused, not read as Python would read them: XML integers such as
``+5`` and ``1_000`` (Python's ``int`` takes both) in every XML reader, and a JSON object that gives
one key twice (Python's ``json`` keeps the last value) in every JSON reader.

Every input is made here (never stored as data)."""

from __future__ import annotations

import re

import pytest

from mjlog.errors import MalformedLogError
from mjlog.formats.json_keys import DuplicateKeyError
from mjlog.formats.reader import read_log
from tests.support.hostile import game_text

#: Each integer of an attribute value (alone or in a comma-separated list), two digits or more.
_ATTRIBUTE_INTEGER = re.compile(r'(?<=[=",])(-?)([0-9])([0-9]+)(?=[",])')

SPOILERS = {
    "a plus sign": lambda m: f"+{m[2]}{m[3]}",
    "an underscore": lambda m: f"{m[1]}{m[2]}_{m[3]}",
    "a fullwidth digit": lambda m: f"{m[1]}{chr(0xFF10 + int(m[2]))}{m[3]}",
    "a space before": lambda m: f" {m[1]}{m[2]}{m[3]}",
}


@pytest.mark.parametrize("fmt", ["xml", "beijing-xml", "datong-xml", "mcr-xml"])
@pytest.mark.parametrize("spoiler", sorted(SPOILERS))
def test_an_xml_integer_python_would_take_is_refused(fmt, spoiler):
    text = game_text(fmt, "Alice")
    read_log(text.encode())                                   # as written, it reads
    spoiled = _ATTRIBUTE_INTEGER.sub(SPOILERS[spoiler], text.split(">", 2)[2])
    with pytest.raises(MalformedLogError) as caught:
        read_log((">".join(text.split(">", 2)[:2]) + ">" + spoiled).encode())
    assert "integer" in caught.value.reason or "number" in caught.value.reason, caught.value


def _twice(text: str, key: str) -> str:
    """``text`` with the first ``"key":`` given again, before itself, with another value."""
    at = text.index(f'"{key}":')
    return text[:at] + f'"{key}":"twice",' + text[at:]


DUPLICATES = {
    "tenhou6": lambda: _twice(game_text("tenhou6"), "name"),
    "tenhou6 nested": lambda: _twice(game_text("tenhou6"), "disp"),
    # cut off mid-way: the salvage of a cut file reads key by key, and must refuse it too
    "tenhou6 cut": lambda: _twice(game_text("tenhou6"), "ver")[:-200],
    "mjai": lambda: _twice(game_text("mjai"), "names"),
    "mjai later line": lambda: _twice(game_text("mjai"), "pai"),
    "mcr-json": lambda: _twice(game_text("mcr-json"), "format"),
    "beijing-json": lambda: _twice(game_text("beijing-json"), "format"),
    "datong-json": lambda: _twice(game_text("datong-json"), "format"),
    "datong-json nested": lambda: _twice(game_text("datong-json"), "disp"),
}


@pytest.mark.parametrize("kind", sorted(DUPLICATES))
def test_a_json_key_given_twice_is_refused_in_every_json_reader(kind):
    text = DUPLICATES[kind]()
    with pytest.raises(DuplicateKeyError, match="is given twice in one JSON object") as caught:
        read_log(text.encode(), name="dup.json")
    assert caught.value.source == "dup.json"
    if kind.startswith("mjai"):
        assert caught.value.where.startswith("line "), caught.value
