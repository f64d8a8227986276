"""The IR as plain JSON-ready data (``mjlog show --json``).

Each dataclass becomes an object of its fields; events carry ``"event"``
with their class name, enums their value, tuples lists.

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

_EVENT_TYPES = frozenset(t.__name__ for t in ir.Event.__args__)  # type: ignore[attr-defined]


def to_data(obj: Any) -> Any:
    """JSON-ready data for an IR object (or any nesting of them)."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        out: dict[str, Any] = {}
        name = type(obj).__name__
        if name in _EVENT_TYPES:
            out["event"] = name
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
