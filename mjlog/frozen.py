"""Fast builders for frozen slotted dataclasses on hot paths.

A frozen dataclass's ``__init__`` sets every field through ``object.__setattr__``,
which costs about three times a plain attribute store. :func:`builder` returns a
function that fills a plain twin with the same slots and switches its class: the
object is identical to what the constructor gives (fields, equality, hash, repr,
and it stays frozen), for a third of the cost.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Point:
...     x: int
...     y: int = 0
>>> make = builder(Point)
>>> p = make(1, 2)
>>> p == Point(1, 2) and type(p) is Point and hash(p) == hash(Point(1, 2))
True
>>> make(1) == Point(1)
True
>>> p.x = 5
Traceback (most recent call last):
...
dataclasses.FrozenInstanceError: cannot assign to field 'x'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

T = TypeVar("T", bound="DataclassInstance")


def builder(cls: type[T]) -> Callable[..., T]:
    """``build(*values)``: the ``cls`` instance with these field values, given positionally in
    declaration order; a field with a plain default may be left off (``__post_init__`` is not run)."""
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or "__slots__" not in cls.__dict__:
        raise TypeError(f"{cls.__name__} is not a frozen slotted dataclass")
    if hasattr(cls, "__post_init__") or any(b.__dict__.get("__slots__") != () for b in cls.__mro__[1:-1]):
        raise TypeError(f"{cls.__name__} has a __post_init__ or a base class with state: build it with its constructor")
    names = [f.name for f in dataclasses.fields(cls)]
    if set(names) != set(cls.__slots__) or not all(n.isidentifier() for n in names):  # type: ignore[attr-defined]  # slotted: checked above
        raise TypeError(f"{cls.__name__}'s slots are not its fields")
    draft = type(f"_{cls.__name__}Draft", cls.__bases__, {"__slots__": tuple(cls.__slots__)})  # type: ignore[attr-defined]  # as above
    fields = dataclasses.fields(cls)
    defaults = {f.name: f.default for f in fields if f.default is not dataclasses.MISSING}
    # a parameter takes its default only when every later one has one too
    signature: list[str] = []
    for f in reversed(fields):
        if f.name in defaults and (not signature or "=" in signature[-1]):
            signature.append(f"{f.name}=_default_{f.name}")
        else:
            signature.append(f.name)
    args = ", ".join(reversed(signature))
    body = "".join(f"    o.{n} = {n}\n" for n in names)
    src = f"def build({args}):\n    o = _new(_Draft)\n{body}    o.__class__ = _Cls\n    return o\n"
    scope: dict[str, Any] = {"_new": object.__new__, "_Draft": draft, "_Cls": cls,
                             **{f"_default_{n}": v for n, v in defaults.items()}}
    exec(src, scope)  # the source is made of the class's own field names, checked above
    build = scope["build"]
    build.__qualname__ = build.__name__ = f"build_{cls.__name__}"
    build.__doc__ = f"A {cls.__name__} from its fields ({', '.join(names)}), positionally."
    return build
