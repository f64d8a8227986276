"""A tenhou.net/6 JSON file cut off mid-way (a download that stopped): its complete parts.

The object is read key by key; in the ``log`` array each hand is read on its own, so every hand
before the cut is kept. Only a cut (the text ends inside a value) is salvaged: a syntax error
anywhere else leaves the file unreadable.

>>> obj = salvage_cut_off('{"title":["",""],"log":[[[0,0,0]],[[1,0,')
>>> obj["title"], obj["log"]
(['', ''], [[[0, 0, 0]]])
>>> salvage_cut_off('{"log":[[1],x]}') is None
True
"""

from __future__ import annotations

import json

from mjlog.formats.json_keys import DuplicateKeyError, given_twice, unique_keys

_DECODER = json.JSONDecoder(object_pairs_hook=unique_keys)
_WS = " \t\r\n"


class _Cut(Exception):
    """The text ends inside a value: the salvage's own signal, caught in this module, not a reader's
    :class:`~mjlog.formats.bail.BailOut` (salvage keeps what came before the cut)."""


def _skip(text: str, i: int) -> int:
    while i < len(text) and text[i] in _WS:
        i += 1
    if i >= len(text):
        raise _Cut
    return i


def _value(text: str, i: int) -> tuple[object, int]:
    """The JSON value at ``i`` and where it ends; :class:`_Cut` when the text ends inside it."""
    try:
        return _DECODER.raw_decode(text, i)
    except json.JSONDecodeError as exc:
        if exc.pos >= len(text.rstrip()) - 1 or exc.msg.startswith("Unterminated string"):
            raise _Cut from None
        raise


def _elements(text: str, i: int, out: list) -> None:
    """Append the array elements from ``i`` (just after ``[``) to ``out`` until the cut."""
    while True:
        i = _skip(text, i)
        if text[i] == "]":
            raise json.JSONDecodeError("the array ends: not a cut", text, i)
        value, i = _value(text, i)
        out.append(value)
        i = _skip(text, i)
        if text[i] == ",":
            i += 1
        elif text[i] != "]":
            raise json.JSONDecodeError("expected , or ]", text, i)


def salvage_cut_off(text: str) -> dict | None:
    """The keys of a cut-off JSON object read before the cut, with every complete hand of its ``log``;
    None when the text is not a log object cut off mid-way; :class:`DuplicateKeyError` when an object
    before the cut gives one key twice."""
    obj: dict = {}
    try:
        i = _skip(text, 0)
        if text[i] != "{":
            return None
        i += 1
        while True:
            i = _skip(text, i)
            key, i = _value(text, i)
            if not isinstance(key, str):    # a key that is no string: not a JSON object, cut or whole
                return None
            if key in obj:
                raise given_twice(str(key))
            i = _skip(text, i)
            if text[i] != ":":
                return None
            i = _skip(text, i + 1)
            if key == "log" and text[i] == "[":
                obj["log"] = []
                try:
                    value, i = _value(text, i)
                    obj["log"] = value
                except _Cut:
                    _elements(text, i + 1, obj["log"])
            else:
                obj[key], i = _value(text, i)
            i = _skip(text, i)
            if text[i] != ",":
                return None
            i += 1
    except _Cut:
        pass
    except DuplicateKeyError:
        raise
    except ValueError:  # JSONDecodeError, or a number too long to convert: nothing to salvage
        return None
    return obj if isinstance(obj.get("log"), list) and obj["log"] else None
