"""The IR as plain JSON-ready data (``mjlog show --json``).

Each dataclass becomes an object of its fields (a family's payload too); events
(:class:`~mjlog.ir.Event`, generic or a family's) carry ``"event"`` with their class
name, enums their value, tuples lists.

>>> from mjlog.ir import Discard
>>> to_data(Discard(seat=1, tile=52, tsumogiri=True))
{'event': 'Discard', 'seat': 1, 'tile': 52, 'tsumogiri': True}
"""

from __future__ import annotations

import dataclasses
import json
from enum import Enum
from typing import Any

from mjlog import ir

def to_data(obj: Any) -> Any:
    """JSON-ready data for an IR object (or any nesting of them)."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        out: dict[str, Any] = {}
        if isinstance(obj, ir.Event):  # any family's event (riichi's own too)
            out["event"] = type(obj).__name__
        for f in dataclasses.fields(obj):
            out[f.name] = to_data(getattr(obj, f.name))
        return out
    if isinstance(obj, Enum):
        return obj.value
    if isinstance(obj, (tuple, list)):
        return [to_data(x) for x in obj]
    if isinstance(obj, (set, frozenset)):
        return sorted(to_data(x) for x in obj)
    if isinstance(obj, dict):
        return {str(k): to_data(v) for k, v in obj.items()}
    return obj


def dumps(obj: Any, indent: int | None = 1) -> str:
    """JSON text for an IR object."""
    return json.dumps(to_data(obj), ensure_ascii=False, indent=indent)
