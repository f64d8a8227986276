"""How deep JSON text nests, checked before any JSON reader parses it.

Python's ``json`` parses nested arrays and objects by recursion, so text nested a few thousand
deep (2 KB of ``[``) ends in ``RecursionError`` (or worse, a crash, when the recursion limit is
raised). Every JSON reader (tenhou.net/6, mjai lines, the MCR and Beijing dialects) first counts
the nesting here, in time linear in the text, and refuses what is deeper than any log nests.

>>> check_json_depth(b'{"log": [[[1, "[[[["]]]]}', "x.json")
>>> check_json_depth(b"[" * 100_000, "x.json")
Traceback (most recent call last):
mjlog.errors.MalformedLogError: x.json: the JSON nests more than 64 arrays and objects deep at the document
"""

from __future__ import annotations

import re
from array import array
from itertools import accumulate

from mjlog.errors import MalformedLogError

#: Deepest nesting of arrays and objects a JSON log may have. Logs nest 4 or 5 deep (tenhou.net/6:
#: the document, ``log``, a hand, a player's draws, a call's text); Python's parser fails near 1,000.
MAX_JSON_DEPTH = 64

_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)  # a JSON string, escapes included
#: Each bracket as a signed step of the depth: an opening one +1, a closing one -1 (255 as a signed byte).
_STEP = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")
_NOT_BRACKET = bytes(b for b in range(256) if b not in b"[]{}")


def json_depth(text: bytes) -> int:
    """The deepest nesting of arrays and objects in JSON ``text`` (brackets inside strings not counted).

    >>> json_depth(b'{"a": [1, [2]], "b": "]]][[["}')
    3
    """
    steps = _STRING.sub(b"", text).translate(_STEP, _NOT_BRACKET)
    return max(0, max(accumulate(array("b", steps)), default=0))


def check_json_depth(text: bytes | str, name: str, where: str = "the document") -> None:
    """Refuse JSON ``text`` that nests deeper than :data:`MAX_JSON_DEPTH` with a :class:`MalformedLogError`."""
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    if data.count(b"[") + data.count(b"{") <= MAX_JSON_DEPTH:  # too few brackets to nest that deep
        return
    if json_depth(data) > MAX_JSON_DEPTH:
        raise MalformedLogError(f"the JSON nests more than {MAX_JSON_DEPTH} arrays and objects deep", name, where)
