"""The values of a Tenhou XML element's attributes, read and checked: integers, lists of integers
and of numbers, and, for one log's reader, tile ids, seats and scores. Each bad value raises
:class:`~mjlog.errors.MalformedLogError` naming the attribute; the reader adds the element.
"""

from __future__ import annotations

from mjlog.accel import parse_ints as _parse_ints, parse_tiles as _parse_tiles
from mjlog.errors import MalformedLogError
from mjlog.formats.safe_xml import are_xml_decimals, are_xml_integers, is_xml_integer
from mjlog.tiles import SANMA_ABSENT_KINDS

__all__ = ["CheckedValues", "floats", "integer", "ints"]

#: Tile ids of the kinds a three-player wall leaves out (2m-8m).
_SANMA_BAD_IDS = frozenset(t for t in range(136) if (t >> 2) in SANMA_ABSENT_KINDS)


def ints(text: str | None, what: str) -> tuple[int, ...]:
    """The integers of a comma-separated attribute ``what`` (none when it is absent or empty)."""
    if not text:
        return ()
    if _parse_ints is not None:
        vals = _parse_ints(text)
        if vals is not None:
            return vals
    if not are_xml_integers(text):
        raise MalformedLogError(f"{what}={text[:60]!r} is not a list of integers")
    return tuple(map(int, text.split(",")))


def floats(text: str | None, what: str) -> list[float]:
    """The decimal numbers of a comma-separated attribute ``what`` (none when it is absent or empty)."""
    if not text:
        return []
    if not are_xml_decimals(text):
        raise MalformedLogError(f"{what}={text[:60]!r} is not a list of numbers")
    return [float(x) for x in text.split(",")]


def integer(text: str | None, what: str) -> int:
    """The integer of attribute ``what``, which must be present."""
    # ASCII digits (XML_INTEGER without a sign) need no regex: -1.6% of reading's instructions
    if text is not None and text.isdigit() and text.isascii():
        return int(text)
    if text is None:
        raise MalformedLogError(f"attribute {what} is missing")
    if not is_xml_integer(text):
        raise MalformedLogError(f"{what}={text[:60]!r} is not an integer")
    return int(text)


class CheckedValues:
    """Tile ids, seats and scores checked against one log's number of players ``n``."""

    n: int

    def _tile(self, t: int) -> int:
        if not 0 <= t < 136:
            raise MalformedLogError(f"tile id {t} is not in 0..135")
        if self.n == 3 and (t >> 2) in SANMA_ABSENT_KINDS:
            raise MalformedLogError(f"tile id {t} (2m-8m) does not exist in three-player mahjong")
        return t

    def _tiles(self, text: str | None, what: str) -> tuple[int, ...]:
        if _parse_tiles is not None and text:
            vals = _parse_tiles(text, self.n == 3)
            if vals is not None:
                return vals
        vals = ints(text, what)
        if vals and (min(vals) < 0 or max(vals) > 135 or (self.n == 3 and not _SANMA_BAD_IDS.isdisjoint(vals))):
            for t in vals:
                self._tile(t)
        return tuple(vals)

    def _seat(self, text: str | None, what: str) -> int:
        s = integer(text, what)
        if not 0 <= s < self.n:
            raise MalformedLogError(f"{what}={s} is not a seat (0..{self.n - 1})")
        return s

    def _scores(self, text: str | None, what: str) -> tuple[int, ...]:
        vals = ints(text, what)
        if len(vals) not in (self.n, 4):
            raise MalformedLogError(f"{what} has {len(vals)} values, expected 4")
        if self.n == 3 and len(vals) == 4 and vals[3] != 0:
            raise MalformedLogError(f"{what} gives a score to the empty fourth seat of a three-player game")
        return tuple(v * 100 for v in vals[: self.n])

