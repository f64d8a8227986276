"""Every public exception mjlog defines is an MjlogError, so one ``except MjlogError`` catches them all."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

import mjlog
from mjlog.errors import MjlogError

#: Public exceptions that stay outside MjlogError, each with why.
OUTSIDE = {
    # control flow of the replay, not an error: a referee raises it after making its finding, and
    # the game loop (mjlog.replayer) catches it; it never reaches a caller
    "mjlog.rules.results.HandStopped",
    "mjlog.rules.riichi.table.WallExhausted",   # a HandStopped
    # control flow of the seeded families' simulators: a simulated hand raises it at its outcome and
    # catches it in its own play; it never reaches a caller
    "mjlog.rules.seeded_game.HandOver",
}


def _public_exceptions() -> list[type[BaseException]]:
    found = []
    for info in pkgutil.walk_packages(mjlog.__path__, "mjlog."):
        if info.name.rsplit(".", 1)[-1] == "__main__":       # runs the command line when imported
            continue
        module = importlib.import_module(info.name)
        found += [obj for name, obj in vars(module).items()
                  if inspect.isclass(obj) and issubclass(obj, BaseException) and obj.__module__ == info.name
                  and not name.startswith("_")]
    return found


def test_every_public_exception_of_mjlog_is_an_mjlog_error():
    found = _public_exceptions()
    names = {f"{cls.__module__}.{cls.__qualname__}" for cls in found}
    assert OUTSIDE <= names, "an allowed exception is gone: take it off the list"
    assert {"mjlog.rules.family.UnknownRulesError", "mjlog.store.database.StoreBusyError",
            "mjlog.fetch.client.FetchError", "mjlog.formats.tenhou.json.JsonProblem"} <= names
    outside = sorted(f"{cls.__module__}.{cls.__qualname__}" for cls in found if not issubclass(cls, MjlogError))
    assert outside == sorted(OUTSIDE)


@pytest.mark.parametrize("cls, kept", [
    ("mjlog.rules.family.UnknownRulesError", KeyError),
    ("mjlog.store.database.StoreBusyError", RuntimeError),
    ("mjlog.rules.mcr.hand.McrHandError", ValueError),
])
def test_an_error_keeps_the_base_it_had_beside_mjlog_error(cls, kept):
    module, name = cls.rsplit(".", 1)
    error = getattr(importlib.import_module(module), name)
    assert issubclass(error, MjlogError) and issubclass(error, kept)


def test_an_unknown_rules_error_reads_as_its_message_not_as_a_key():
    from mjlog.rules import UnknownRulesError, family

    with pytest.raises(KeyError) as exc:
        family("no-such-family")
    assert isinstance(exc.value, UnknownRulesError) and str(exc.value).startswith("unknown rule family 'no-such")
