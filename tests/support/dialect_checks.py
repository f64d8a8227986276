"""What the format tests of the seeded-wall dialects (Beijing, Datong) check alike: a game written, read and
written again is the same game; the format is sniffed from the content; an unknown dialect version is
refused; mutated files and JSON with a value swapped for another type give a log that replays, or a
MalformedLogError with its place, never a traceback."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator

import pytest

from mjlog.errors import MalformedLogError
from mjlog.formats import format_of
from mjlog.formats.reader import read_log
from mjlog.ir import GameLog
from mjlog.ir.check import check_log
from mjlog.replayer import replay

#: The values a JSON log's node is swapped for: every JSON type, hostile text, out-of-range numbers.
SWAP_VALUES = (None, "x", "\ud800", {}, [], -1, 136, 10**12, True, [[]], {"who": 0})


def assert_round_trip(game: GameLog, write: Callable[[GameLog], bytes], family: str) -> None:
    """``game`` written and read is the same game, and writes the same bytes again."""
    once = read_log(write(game))
    assert write(once) == write(game) and read_log(write(once)) == once
    assert once.rounds == game.rounds and once.final == game.final and once.players == game.players
    assert once.header == game.header and once.rules == game.rules and once.family == family
    assert check_log(once) is once


def assert_sniffed(data: bytes, name: str) -> None:
    """The file is taken for format ``name`` by its content, after a byte-order mark and blank space too."""
    assert format_of(data).name == name
    assert format_of(b"\xef\xbb\xbf  \n" + data).name == name


def assert_unknown_version_refused(xml: bytes, json_data: bytes) -> None:
    """Both dialects' files, their version changed from 1 to 7, are refused for their version."""
    with pytest.raises(MalformedLogError, match="version"):
        read_log(xml.replace(b'ver="1"', b'ver="7"', 1))
    with pytest.raises(MalformedLogError, match="version"):
        read_log(json_data.replace(b'"ver":1', b'"ver":7', 1))


def mutated(data: bytes, seed: int, count: int) -> Iterator[bytes]:
    """``count`` mutations of ``data``: cut short, a few bytes changed, a number put before a number, a
    short run or a long run taken out."""
    rng = random.Random(seed)
    numbers = [m.start() for m in re.finditer(rb"\d+", data)]
    for _ in range(count):
        b = bytearray(data)
        what = rng.randrange(5)
        if what == 0:
            yield bytes(b[: rng.randrange(len(b))])
        elif what == 1:
            for _ in range(rng.randrange(1, 4)):
                b[rng.randrange(len(b))] = rng.randrange(256)
            yield bytes(b)
        elif what == 2:
            at = rng.choice(numbers)
            yield bytes(b[:at]) + str(rng.choice([-1, 136, 4, 99999, 10**15])).encode() + bytes(b[at:])
        elif what == 3:
            i = rng.randrange(len(b))
            yield bytes(b[:i]) + bytes(b[min(len(b), i + rng.randrange(1, 40)):])
        else:
            i, j = sorted(rng.randrange(len(b)) for _ in range(2))
            yield bytes(b[:i]) + bytes(b[j:])


def assert_read_or_refused(cases: Iterator[bytes]) -> None:
    """Each case is a log that replays (findings, never an exception) or a MalformedLogError naming its
    source; some of each."""
    read = failed = 0
    for case in cases:
        try:
            log = read_log(case)
        except MalformedLogError as exc:
            assert exc.source and "internal error" not in exc.reason, exc
            failed += 1
            continue
        replay(log)  # whatever the values, the replay reports findings, never raises
        read += 1
    assert read and failed


def json_paths(obj: object, path: tuple = ()) -> Iterator[tuple]:
    """The path (keys and indexes) of every node of a JSON value, the root's ``()`` first."""
    yield path
    children = obj.items() if isinstance(obj, dict) else enumerate(obj) if isinstance(obj, list) else ()
    for k, v in children:
        yield from json_paths(v, path + (k,))


def json_swapped(obj: object, path: tuple, value: object) -> object:
    """A copy of ``obj`` with the node at ``path`` replaced by ``value``."""
    if not path:
        return value
    out = dict(obj) if isinstance(obj, dict) else list(obj)
    out[path[0]] = json_swapped(obj[path[0]], path[1:], value)
    return out


def assert_swaps_read_or_refused(json_data: bytes, seed: int, count: int) -> None:
    """``count`` copies of the JSON log, each with one node swapped for another type's value: each a log
    that replays or a MalformedLogError."""
    obj = json.loads(json_data)
    paths = list(json_paths(obj))[1:]
    rng = random.Random(seed)
    for _ in range(count):
        case = json.dumps(json_swapped(obj, rng.choice(paths), rng.choice(SWAP_VALUES)))
        try:
            log = read_log(case.encode("utf-8", "surrogatepass"))
        except MalformedLogError as exc:
            assert "internal error" not in exc.reason, exc
            continue
        replay(log)
