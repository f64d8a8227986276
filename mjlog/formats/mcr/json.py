"""mjlog's MCR dialect of the tenhou.net/6-style JSON: a header object and a ``log`` of hands.

The file is one object whose first key is ``"format": "mjlog-mcr"`` (what tells it apart from
tenhou.net/6 JSON, which has no such key, and from the Beijing dialect)::

    {"format": "mjlog-mcr", "ver": 1, "seed": "...", "go": {...}, "name": [...],
     "log": [[["INIT", {...}], "T12", "D12", ["FLOWER", {...}], ...], ...], "owari": {...}}

Each hand is a list of rows: an element without attributes (a draw ``T12``, a discard ``D12``)
as its tag alone, the others as ``[tag, {attributes}]``, with the same tags, attributes and
text values as the XML (:mod:`mjlog.formats.mcr.dialect`, ``docs/formats/mcr.md``).

>>> from mjlog.rules.mcr.simulate.game import simulate_log
>>> from mjlog.rules.mcr.ruleset import MCR
>>> log = simulate_log(MCR, seed=2)
>>> data = write_json(log)
>>> sniff(data), read_json_bytes(data, "x").rounds == log.rounds
(True, True)
"""

from __future__ import annotations

import json

from mjlog.formats.json_depth import check_json_depth
from mjlog.formats.json_keys import DuplicateKeyError, unique_keys
from mjlog.errors import MalformedLogError
from mjlog.formats.mcr.dialect import Row, log_to_rows, rows_to_log
from mjlog.ir import GameLog
from mjlog.formats.mcr.sniff import sniff_json as sniff

__all__ = ["FORMAT", "MARK", "read_json_bytes", "sniff", "write_json"]

FORMAT = "mcr-json"
MARK = "mjlog-mcr"
_HEADER_TAGS = {"SHUFFLE": "seed", "GO": "go", "UN": "name", "OWARI": "owari"}


def write_json(log: GameLog) -> bytes:
    """The dialect's JSON bytes of an MCR game (UTF-8, one hand per line)."""
    doc: dict = {"format": MARK, "ver": 1}
    hands: list[list] = []
    for tag, attrs in log_to_rows(log):
        if tag == "SHUFFLE":
            doc["seed"] = attrs["seed"]
        elif tag == "UN":
            doc["name"] = [attrs.get(f"n{s}", "") for s in range(4)]
        elif tag in ("GO", "OWARI"):
            doc[_HEADER_TAGS[tag]] = attrs
        else:
            if tag == "INIT":
                hands.append([])
            hands[-1].append([tag, attrs] if attrs else tag)
    body = ",\n".join(json.dumps(h, ensure_ascii=False, separators=(",", ":")) for h in hands)
    owari = doc.pop("owari", None)
    head = json.dumps(doc, ensure_ascii=False)[:-1]
    tail = f',\n"owari":{json.dumps(owari, ensure_ascii=False)}' if owari is not None else ""
    return f'{head}, "log": [\n{body}\n]{tail}}}\n'.encode()


def read_json_bytes(data: bytes, name: str) -> GameLog:
    """Read the dialect's JSON; :class:`MalformedLogError` names the hand and row at fault."""
    check_json_depth(data, name)
    try:
        doc = json.loads(data.decode("utf-8-sig"), object_pairs_hook=unique_keys)
    except DuplicateKeyError as exc:
        raise exc.with_source(name) from None
    except (UnicodeDecodeError, ValueError) as exc:
        raise MalformedLogError(f"not valid JSON ({str(exc)[:80]})", name, "the document") from None
    if not isinstance(doc, dict) or doc.get("format") != MARK:
        raise MalformedLogError(f'not an MCR dialect document (no "format": "{MARK}")', name, "the document")
    return rows_to_log(_rows(doc, name), name, FORMAT)


def _attrs(value, where: str, name: str) -> dict[str, str]:
    if not isinstance(value, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        raise MalformedLogError("attributes must be an object of text values", name, where)
    return value


def _rows(doc: dict, name: str) -> list[Row]:
    rows: list[Row] = []
    if "seed" in doc:
        if not isinstance(doc["seed"], str):
            raise MalformedLogError("the seed is not text", name, "the header")
        rows.append(("SHUFFLE", {"seed": doc["seed"]}))
    rows.append(("GO", _attrs(doc.get("go", {}), "the header (go)", name)))
    names = doc.get("name", [])
    if not isinstance(names, list) or len(names) > 4 or not all(isinstance(n, str) for n in names):
        raise MalformedLogError("name must be a list of at most four texts", name, "the header")
    rows.append(("UN", {f"n{s}": n for s, n in enumerate(names)}))
    hands = doc.get("log", [])
    if not isinstance(hands, list):
        raise MalformedLogError("log must be a list of hands", name, "the header")
    for h, hand in enumerate(hands):
        if not isinstance(hand, list):
            raise MalformedLogError("a hand must be a list of rows", name, f"hand {h}")
        for r, row in enumerate(hand):
            where = f"hand {h}, row {r}"
            if isinstance(row, str):
                rows.append((row, {}))
            elif isinstance(row, list) and len(row) == 2 and isinstance(row[0], str):
                rows.append((row[0], _attrs(row[1], where, name)))
            else:
                raise MalformedLogError("a row must be a tag or [tag, {attributes}]", name, where)
    if "owari" in doc:
        rows.append(("OWARI", _attrs(doc["owari"], "the end (owari)", name)))
    return rows
