"""Hostile inputs of issue 39, made on demand (never stored as data): the one home of their generators,
used by the tests of each bound and by ``benchmarks/hostile_inputs.py`` and ``benchmarks/audit_copies.py``.

Each returns a file's bytes (or text); the sizes are the callers'.
"""

from __future__ import annotations

import dataclasses
import gzip
import re

from mjlog.batch.simulate import simulated_bytes
from mjlog.formats.reader import read_log
from mjlog.formats.writers import writer
from mjlog.rules import find_preset

#: A name the writers emit once, replaced afterwards by the hostile text (writing 9 MB through a writer is slow).
MARK = "MARKNAME0"
#: The preset of a bot game written in each format that ``game_text`` knows.
PRESETS = {"xml": "tenhou-4p-east", "tenhou6": "tenhou-4p-east", "mjai": "tenhou-4p-east",
           "beijing-xml": "beijing", "beijing-json": "beijing", "datong-xml": "datong", "datong-json": "datong",
           "mcr-xml": "mcr", "mcr-json": "mcr"}
#: Every way of carrying a player's name: Tenhou XML however quoted and spaced (``V`` the value), the
#: other formats' writers, and PMN.
NAME_KINDS = ["xml n0=\"V\"", "xml n0='V'", "xml n0 = 'V'", "xml n0 = \"V\"", "tenhou6", "mjai",
              "beijing-xml", "beijing-json", "datong-xml", "datong-json", "mcr-xml", "mcr-json", "pmn"]
_XML_NAME = re.compile(r'n0="[^"]*"')


def punycode_xml(n: int) -> bytes:
    """An XML log of about ``n`` bytes declaring ``encoding="punycode"``: after its last ``-``, text whose
    decoding inserts a character per pair of letters (Python's decoder is quadratic: 1 MB took 71 s)."""
    return (b'<?xml version="1.0" encoding="punycode"?><mjloggm ver="2.3">-' + b"ba" * (n // 2)
            + b"</mjloggm>")


def empty_gzip_members(n: int) -> bytes:
    """About ``n`` bytes of empty gzip members (each once copied the rest of the file: 16 MB took 920 s)."""
    empty = gzip.compress(b"", mtime=0)
    return empty * (n // len(empty))


def many_attributes(n: int) -> bytes:
    """An MCR XML log whose second element has ``n`` attributes (100,000 once took 53 s)."""
    return (b'<mjloggm ver="2.3" family="mcr">\n<GO ' + b" ".join(b'a%d="1"' % i for i in range(n))
            + b"/>\n</mjloggm>")


def nested(depth: int) -> str:
    """A JSON array nested ``depth`` deep."""
    return "[" * depth + "]" * depth


#: A log of each JSON reader with JSON nested ``depth`` deep where the reader looks (1,000 deep was a
#: ``RecursionError``). An mjai line is at most 100,000 characters, so its depth is at most 49,999.
DEEP_JSON = {
    "tenhou6": lambda depth: ('{"title":["",""],"name":["a","b","c","d"],"rule":{"disp":"x","aka":1},"log":['
                              + nested(depth) + "]}"),
    # cut off: the salvage of a cut file reads hand by hand, and must not recurse either
    "tenhou6-cut": lambda depth: ('{"title":["",""],"name":["a","b","c","d"],"rule":{"disp":"x","aka":1},'
                                  '"log":[[[0,0,0]],' + "[" * depth),
    # the first line starts a game, so the file is taken as mjai; the second is the deep one
    "mjai": lambda depth: ('{"type":"start_game","names":["a","b","c","d"]}\n{"type":"start_kyoku","x":'
                           + nested(depth) + "}\n"),
    "mcr-json": lambda depth: '{"format":"mjlog-mcr","x":' + nested(depth) + "}",
    "beijing-json": lambda depth: '{"format": "mjlog-beijing","x":' + nested(depth) + "}",
}
#: The deepest mjai line under its 100,000 characters' limit, with room for its keys.
MJAI_DEPTH = 49_000


def deep_json(reader: str, depth: int) -> str:
    """The log of ``DEEP_JSON[reader]`` nested ``depth`` deep (mjai: at most ``MJAI_DEPTH``)."""
    return DEEP_JSON[reader](min(depth, MJAI_DEPTH) if reader == "mjai" else depth)


def botzone_copies(k: int) -> bytes:
    """A Botzone export of ``k`` matches of one deal and one play (as short as the format allows)."""
    deal = "W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B2 B3 B4\n", "T1 T2 T3 T4 T5 T6 T7 T8 T9 B5 B6 B7 B8\n"
    body = "Wind 0\n" + "".join(f"Player {s} Deal {deal[s % 2]}" for s in range(4)) + "Huang\nScore 0 0 0 0\n"
    return "".join(f"Match {i}\n{body}" for i in range(k)).encode()


def game_text(fmt: str, name: str = MARK, log_id: str | None = None) -> str:
    """A bot game written in ``fmt`` (a key of ``PRESETS``), its seat 0 named ``name`` (and its log id
    ``log_id``, if given)."""
    log = read_log(simulated_bytes(find_preset(PRESETS[fmt]), 1))
    players = tuple(dataclasses.replace(p, name=name if p.seat == 0 else p.name) for p in log.players)
    log = dataclasses.replace(log, players=players, log_id=log_id or log.log_id)
    return writer(fmt).write(log)


def pmn(east: str) -> bytes:
    """A PMN record whose East player is ``east``."""
    deal = "c123456789db1235wrf c11d11b11w1122r111f c22d22b22w3344r222f c3344d3344b33w1r33f"
    return "\n".join(['[Event "test"]', f'[East "{east}"]', '[PWind "E"]', f'[Deal "{deal}"]',
                      '[Scoring "Duplicate"]', '[Starting "0 0 0 0"]', '[Result "0 0 0 0"]',
                      '[Penalty "0 0 0 0"]', '[Play "T0f2R0f2T0b5"]', '[Fan "None None None None"]', ""]).encode()


def huge_name_file(kind: str, size: int) -> bytes:
    """A log of ``kind`` (one of ``NAME_KINDS``) whose first player's name is ``size`` characters long
    (a 9 MB name once made a 4.0 GB viewer page)."""
    big = "A" * size
    if kind == "pmn":
        return pmn(big)
    if kind.startswith("xml "):
        quoting = kind[4:]
        return _XML_NAME.sub(lambda _m: quoting.replace("V", big), game_text("xml"), count=1).encode()
    return game_text(kind).replace(MARK, big, 1).encode()


def data_placeholder_id(tokens: int) -> bytes:
    """A tenhou.net/6 log whose id is ``tokens`` ``@DATA@`` placeholders (1,000 once made a 1.66 GB page)."""
    return game_text("tenhou6", "Alice", "@DATA@" * tokens).encode()
