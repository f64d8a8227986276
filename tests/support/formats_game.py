"""One bot game written in any format, for tests that spoil a field of a real-looking log."""

from __future__ import annotations

import dataclasses

from mjlog.batch.simulate import simulated_bytes
from mjlog.formats.reader import read_log
from mjlog.formats.writers import writer
from mjlog.rules import find_preset

#: The name seat 0 gets unless a test names it: a mark to find and replace in the written text.
MARK = "MARKNAME0"
#: The preset whose bot game each format is written from.
PRESETS = {"xml": "tenhou-4p-east", "tenhou6": "tenhou-4p-east", "mjai": "tenhou-4p-east",
           "beijing-xml": "beijing", "beijing-json": "beijing", "datong-xml": "datong", "datong-json": "datong",
           "mcr-xml": "mcr", "mcr-json": "mcr"}


def game_text(fmt: str, name: str = MARK, log_id: str | None = None) -> str:
    """A bot game written in ``fmt``, its seat 0 named ``name`` (and its log id ``log_id``, if given)."""
    log = read_log(simulated_bytes(find_preset(PRESETS[fmt]), 1))
    players = tuple(dataclasses.replace(p, name=name if p.seat == 0 else p.name) for p in log.players)
    log = dataclasses.replace(log, players=players, log_id=log_id or log.log_id)
    return writer(fmt).write(log)
