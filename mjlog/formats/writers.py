"""The formats mjlog writes (``mjlog convert``), each registered with the family whose logs it holds.

A writer is a :class:`LogWriter`: a name (what ``--to`` takes), the family of the logs it can
hold, a title for help texts, and a function from a :class:`~mjlog.ir.GameLog` to text. A family
brings its writers with :func:`register_writer`, so ``mjlog convert`` names no family itself.

>>> [(w.name, w.family) for w in writers()]  # doctest: +NORMALIZE_WHITESPACE
[('tenhou6', 'riichi'), ('xml', 'riichi'), ('mjai', 'riichi'), ('beijing-xml', 'beijing'),
 ('beijing-json', 'beijing'), ('datong-xml', 'datong'), ('datong-json', 'datong'), ('mcr-xml', 'mcr'),
 ('mcr-json', 'mcr')]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from mjlog.formats import _lazy
from mjlog.text import json_printable, xml_printable

if TYPE_CHECKING:
    from mjlog.ir import GameLog


@dataclass(frozen=True, slots=True)
class LogWriter:
    """An output format: ``write(log)`` is the text of a ``family`` log (no trailing newline)."""

    name: str
    family: str
    title: str          # as help texts name it, e.g. 'tenhou.net/6 JSON'
    write: Callable[[GameLog], str]
    dump: Callable[[GameLog], bytes] | None = None
    """The format's bytes as a file holds them (what ``mjlog simulate`` writes), where it has a writer of bytes."""
    needs_values: bool = False
    """The format cannot be written without every win's value: a log that does not record them
    (mjai's plain ``hora``) is given the replay's first (:mod:`mjlog.replayer.derived_values`)."""


def _tenhou6(log: GameLog) -> str:
    from mjlog.formats.tenhou.json import dumps_tenhou6

    return json_printable(dumps_tenhou6(log))


def _tenhou_xml(log: GameLog) -> str:
    from mjlog.formats.tenhou.xml_write import dumps_xml

    return dumps_xml(log)


def _mjai(log: GameLog) -> str:
    from mjlog.formats.mjai.write import dumps_mjai

    return dumps_mjai(log).rstrip("\n")


def _text(data: bytes) -> str:
    """A writer's bytes as text, without the final newline."""
    return data.decode("utf-8").rstrip("\n")


def _beijing_xml(log: GameLog) -> str:
    from mjlog.formats.beijing.xml import write_beijing_xml

    return xml_printable(_text(write_beijing_xml(log)))


def _beijing_json(log: GameLog) -> str:
    from mjlog.formats.beijing.json import write_beijing_json

    return json_printable(_text(write_beijing_json(log)))


def _datong_xml(log: GameLog) -> str:
    from mjlog.formats.datong.xml import write_datong_xml

    return xml_printable(_text(write_datong_xml(log)))


def _datong_json(log: GameLog) -> str:
    from mjlog.formats.datong.json import write_datong_json

    return json_printable(_text(write_datong_json(log)))


def _mcr_xml(log: GameLog) -> str:
    from mjlog.formats.mcr.xml import write_xml

    return _text(write_xml(log))


def _mcr_json(log: GameLog) -> str:
    from mjlog.formats.mcr.json import write_json

    return _text(write_json(log))


_WRITERS: list[LogWriter] = [
    LogWriter("tenhou6", "riichi", "tenhou.net/6 JSON", _tenhou6, needs_values=True),
    LogWriter("xml", "riichi", "Tenhou mjlog XML", _tenhou_xml, needs_values=True),
    LogWriter("mjai", "riichi", "mjai JSON lines", _mjai),
    LogWriter("beijing-xml", "beijing", "Beijing XML", _beijing_xml, _lazy("beijing.xml", "write_beijing_xml")),
    LogWriter("beijing-json", "beijing", "Beijing JSON", _beijing_json),
    LogWriter("datong-xml", "datong", "Datong XML", _datong_xml, _lazy("datong.xml", "write_datong_xml")),
    LogWriter("datong-json", "datong", "Datong JSON", _datong_json),
    LogWriter("mcr-xml", "mcr", "mjlog MCR XML", _mcr_xml, _lazy("mcr.xml", "write_xml")),
    LogWriter("mcr-json", "mcr", "mjlog MCR JSON", _mcr_json),
]


def register_writer(writer: LogWriter) -> LogWriter:
    """Register ``writer`` after the writers already known (a writer of that name is replaced)."""
    unregister_writer(writer.name)
    _WRITERS.append(writer)
    return writer


def unregister_writer(name: str) -> None:
    """Forget the writer called ``name`` (tests register toy writers and take them away again)."""
    _WRITERS[:] = [w for w in _WRITERS if w.name != name]


def writers() -> list[LogWriter]:
    """The registered writers, in the order ``mjlog convert --help`` lists them."""
    return list(_WRITERS)


def writer(name: str) -> LogWriter:
    """The writer called ``name``; KeyError when none is registered."""
    for w in _WRITERS:
        if w.name == name:
            return w
    raise KeyError(name)
