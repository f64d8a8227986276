"""JSON objects that give each key once: the ``object_pairs_hook`` every JSON reader parses with.

Python's ``json`` keeps the last of two values given under one key, so a log could tell mjlog one
thing and a tool that keeps the first value another. Every JSON reader (tenhou.net/6 and its
salvage of a cut file, mjai lines, the MCR and Beijing dialects) builds its objects with
:func:`unique_keys`, which refuses such an object; the reader adds its file and place.

>>> import json
>>> json.loads('{"a": 1, "b": {"c": 2}}', object_pairs_hook=unique_keys)
{'a': 1, 'b': {'c': 2}}
>>> json.loads('{"a": 1, "a": 2}', object_pairs_hook=unique_keys)
Traceback (most recent call last):
mjlog.formats.json_keys.DuplicateKeyError: <bytes>: the key 'a' is given twice in one JSON object
"""

from __future__ import annotations

from mjlog.errors import MalformedLogError

#: Characters of a repeated key quoted in the error (a key may be as long as the file).
KEY_CHARS_SHOWN = 40

__all__ = ["DuplicateKeyError", "KEY_CHARS_SHOWN", "given_twice", "unique_keys"]


class DuplicateKeyError(MalformedLogError):
    """A JSON object gives one key twice; the reader that catches it names the file and place."""


def unique_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    """The object of ``pairs``, or :class:`DuplicateKeyError` when a key comes twice."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                break
            seen.add(key)
        raise given_twice(key)
    return obj


def given_twice(key: str) -> DuplicateKeyError:
    """The error for ``key`` given twice in one object (for a reader that builds an object itself)."""
    return DuplicateKeyError(f"the key {key[:KEY_CHARS_SHOWN]!r} is given twice in one JSON object")
