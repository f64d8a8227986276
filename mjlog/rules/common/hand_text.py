"""A hand and its calls as ``mjlog score`` takes them in the families without red fives (Beijing,
Datong): the kinds of mpsz text, and a call written ``kind:tiles``, checked.

>>> parse_call("chi:312m", "Datong", "a call is ...").kinds, parse_call("ankan:1111z", "Datong", "").closed
((0, 1, 2), True)
>>> parse_call("chi:89m1p", "Datong", "")
Traceback (most recent call last):
...
mjlog.errors.InvalidHandError: chi tiles '89m1p' are not a run of one suit
"""

from __future__ import annotations

from dataclasses import dataclass

from mjlog.errors import InvalidHandError
from mjlog.tiles import parse_mpsz

#: The words a call is written with and how many tiles each takes (``kan`` and ``minkan``: an open kan).
CALL_SIZES = {"chi": 3, "pon": 3, "kan": 4, "minkan": 4, "kakan": 4, "ankan": 4}


@dataclass(frozen=True, slots=True)
class CallText:
    """A call as written: its word (a key of :data:`CALL_SIZES`) and its kinds, sorted: a run of one suit
    for a chi, four or three of one kind otherwise."""

    word: str
    kinds: tuple[int, ...]

    @property
    def run(self) -> bool:
        return self.word == "chi"

    @property
    def closed(self) -> bool:
        """A closed kan."""
        return self.word == "ankan"


def parse_kinds(text: str, family: str) -> list[int]:
    """The kinds of mpsz text, in order; InvalidHandError for bad text or a red five (``family`` has none)."""
    if "0" in text:
        raise InvalidHandError(f"{family} mahjong has no red fives: {text!r}")
    try:
        return [t >> 2 for t in parse_mpsz(text)]
    except ValueError as exc:
        raise InvalidHandError(str(exc)) from None


def parse_call(text: str, family: str, usage: str) -> CallText:
    """A call written ``kind:tiles``; InvalidHandError with ``usage`` for an unknown word, and for tiles
    that are not the call's."""
    word, sep, tiles = text.partition(":")
    word = word.strip().lower()
    if not sep or word not in CALL_SIZES:
        raise InvalidHandError(f"{usage}, not {text!r}")
    kinds = sorted(parse_kinds(tiles, family))
    if len(kinds) != CALL_SIZES[word]:
        raise InvalidHandError(f"{word} takes {CALL_SIZES[word]} tiles, not {tiles!r}")
    if word == "chi":
        if kinds[0] >= 27 or kinds != [kinds[0], kinds[0] + 1, kinds[0] + 2] or kinds[0] % 9 > 6:
            raise InvalidHandError(f"chi tiles {tiles!r} are not a run of one suit")
    elif len(set(kinds)) != 1:
        raise InvalidHandError(f"{word} tiles {tiles!r} are not of one kind")
    return CallText(word, tuple(kinds))
