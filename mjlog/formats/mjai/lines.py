"""One mjai line -> its JSON object, or, for a draw or a discard seen before, what it does to the hand.

Reading a line is what ``json.loads`` does, with the reader's limits (line length, nesting depth)
checked first and a key given twice in one object refused; the errors name the line. Two shortcuts give the same objects faster:

- a line that starts with ``{`` and is one JSON object is parsed by the C scanner behind
  ``json.loads`` without its Python wrappers (``loads``, ``decode``, ``raw_decode``);
- a well-formed ``tsumo`` or ``dahai`` line short enough not to nest too deep is decoded once into a
  :class:`Step` (the :class:`~mjlog.formats.mjai.hand.HandState` method and its arguments) and kept
  by its text: a log has a few hundred distinct ones, which are nine lines in ten.

>>> line_object('{"type":"tsumo","actor":1,"pai":"5mr"}', "x", 1)
{'type': 'tsumo', 'actor': 1, 'pai': '5mr'}
>>> step = kept_steps()['{"type":"tsumo","actor":1,"pai":"5mr"}']
>>> step.seat, step.act is HandState.draw, step.args
(1, True, (1, 4, True))
>>> line_object("  ", "x", 2) is None
True
>>> line_object("[1]", "x", 3)
Traceback (most recent call last):
mjlog.errors.MalformedLogError: x: not a JSON object at line 3
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from json.scanner import make_scanner

from mjlog.errors import LogTooLargeError, MalformedLogError
from mjlog.formats.json_depth import MAX_JSON_DEPTH, check_json_depth
from mjlog.formats.json_keys import DuplicateKeyError, unique_keys
from mjlog.formats.mjai.common import MAX_LINE_CHARS, TILES_BY_NAME
from mjlog.formats.mjai.hand import HandState

#: A line this short cannot nest deeper than MAX_JSON_DEPTH (it has too few brackets).
SHORT_LINE_CHARS = MAX_JSON_DEPTH
#: Decoded lines kept (a four-player log has 444 distinct draws and discards); once full, no more are.
STEPS_KEPT = 4096

_DECODER = json.JSONDecoder(object_pairs_hook=unique_keys)
_scan = make_scanner(_DECODER)  # type: ignore[arg-type]  # typeshed names the scanner as its own argument


@dataclass(frozen=True, slots=True)
class Step:
    """A draw or discard line, decoded: ``act(hand, *args)`` plays it, in a game with more than ``seat`` seats."""

    seat: int
    act: Callable[..., None]        # HandState.draw or HandState.discard
    args: tuple[int | bool, ...]


_STEPS: dict[str, Step] = {}


def kept_steps() -> Mapping[str, Step]:
    """The :class:`Step` of each draw or discard line read before, by the line's text (read only)."""
    return _STEPS


def line_object(line: str, name: str, number: int) -> dict | None:
    """The JSON object on ``line`` (number ``number`` of file ``name``), None when the line is blank;
    a :class:`MalformedLogError` when it is not one JSON object."""
    obj = _plain_object(line)
    if obj is not None:
        if len(line) <= SHORT_LINE_CHARS and len(_STEPS) < STEPS_KEPT:
            _remember(line, obj)
        return obj
    if not line.strip():
        return None
    where = f"line {number}"
    if len(line) > MAX_LINE_CHARS:
        raise LogTooLargeError(f"a line of more than {MAX_LINE_CHARS} characters", name, where)
    check_json_depth(line, name, where)
    try:
        obj = _DECODER.decode(line)
    except DuplicateKeyError as exc:
        raise DuplicateKeyError(exc.reason, name, where) from None
    except ValueError:
        raise MalformedLogError("not a JSON object", name, where) from None
    if not isinstance(obj, dict):
        raise MalformedLogError("not a JSON object", name, where)
    return obj


def _plain_object(line: str) -> dict | None:
    """The object of a line that starts with ``{``, is one JSON object and keeps the limits, as
    ``json.loads`` reads it; None for any other line."""
    if (not line or line[0] != "{" or len(line) > MAX_LINE_CHARS
            or len(line) > SHORT_LINE_CHARS and line.count("[") + line.count("{") > MAX_JSON_DEPTH):
        return None
    try:
        obj, end = _scan(line, 0)
    except (StopIteration, ValueError):
        return None
    return obj if end == len(line) else None


def _remember(line: str, obj: dict) -> None:
    """Keep the :class:`Step` of ``line`` when it is a draw or discard whose fields are all valid."""
    kind, seat, pai = obj.get("type"), obj.get("actor"), obj.get("pai")
    tile = TILES_BY_NAME.get(pai) if type(pai) is str else None
    if kind not in ("tsumo", "dahai") or type(seat) is not int or not 0 <= seat <= 3 or tile is None:
        return
    if kind == "tsumo":
        _STEPS[line] = Step(seat, HandState.draw, (seat, *tile))
        return
    tsumogiri = obj.get("tsumogiri", False)
    if type(tsumogiri) is bool:
        _STEPS[line] = Step(seat, HandState.discard, (seat, *tile, tsumogiri))
