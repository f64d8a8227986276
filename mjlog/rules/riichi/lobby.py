"""Tenhou's game header: the GO ``type`` bits and lobby, and the riichi preset they select.

These are facts of Tenhou's format (reference §3.2), not of the rules: the reader keeps them
as the log's :attr:`~mjlog.ir.GameLog.header`, and :func:`ruleset_for_lobby` names the rule set.

>>> rs = ruleset_from_go_type(169)
>>> rs.name, rs.players, rs.red_fives, rs.open_tanyao, rs.length
('tenhou-4p-south', 4, True, True, 'south')
>>> ruleset_from_go_type(185).tsumo_scheme
'tsumo-loss'
>>> lobby_from_go_type(225).display
'四鳳東喰赤速'
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass

from mjlog.ir import SYNTHETIC_TITLE
from mjlog.ir.check import INT32_RANGE, check_int, register_header
from mjlog.rules.riichi.ruleset import PRESETS, RuleSet

# kobalab's level = (t & 0x20) >> 4 | (t & 0x80) >> 7 indexes 般上特鳳, so 0x80 is 上 and 0x20 特;
# the official JSON of type 0x29 games says 特南喰赤 (reference §3.2).
#: Lobby numbers from here up are tournament lobbies, whose rules a log does not state; below it
#: (private rooms such as L7994) Tenhou plays the rules of the GO type (docs/rules-notes.md).
TOURNAMENT_LOBBY_FROM = 10000

ROOM_NAMES = {0: "般", 0x80: "上", 0x20: "特", 0xA0: "鳳"}
ROOM_ENGLISH = {0: "ippan", 0x80: "joukyuu", 0x20: "tokujou", 0xA0: "houou"}


@dataclass(frozen=True, slots=True)
class Lobby:
    """Where and how a Tenhou game was played, decoded from GO ``type`` and ``lobby``."""

    type: int
    lobby: int | None = None
    online: bool = True           # 0x01: against humans
    red_fives: bool = True        # 0x02 clear
    open_tanyao: bool = True      # 0x04 clear
    hanchan: bool = False         # 0x08
    sanma: bool = False           # 0x10
    room: str = "ippan"           # 0x80 joukyuu, 0x20 tokujou, both houou
    fast: bool = False            # 0x40
    kou: bool = False             # 0x1000
    special_bits: int = 0         # 0x100..0x800 and anything above 0x1000
    title: str | None = None
    rule: str | None = None
    ranking: str | None = None
    csrule: str | None = None

    @property
    def synthetic(self) -> bool:
        """A game mjlog generated (its GO title is ``mjlog-synthetic``)."""
        return self.title == SYNTHETIC_TITLE

    @property
    def special(self) -> bool:
        """A special lobby (custom rules): type bits above 0xFF, a csrule, or a tournament lobby number."""
        return bool(self.special_bits) or bool(self.csrule) or self.tournament

    @property
    def tournament(self) -> bool:
        """A tournament lobby (numbered from :data:`TOURNAMENT_LOBBY_FROM`)."""
        return self.lobby is not None and self.lobby >= TOURNAMENT_LOBBY_FROM

    @property
    def display(self) -> str:
        """Tenhou's rule name, e.g. ``四鳳南喰赤`` (``rule.disp`` in JSON)."""
        room_bits = self.type & 0xA0
        text = ("三" if self.sanma else "四") + ROOM_NAMES[room_bits]
        text += "南" if self.hanchan else "東"
        text += "喰" if self.open_tanyao else ""
        text += "赤" if self.red_fives else ""
        text += "速" if self.fast else ""
        return text if self.online else "－" + text[1:]

    @property
    def english(self) -> str:
        """An English description, e.g. ``4p houou south, open tanyao, red fives``."""
        parts = [f"{'3p' if self.sanma else '4p'} {self.room} {'south' if self.hanchan else 'east'}"]
        parts.append("open tanyao" if self.open_tanyao else "no open tanyao")
        parts.append("red fives" if self.red_fives else "no red fives")
        if self.fast:
            parts.append("fast")
        if not self.online:
            parts.append("vs computer")
        if self.special:
            parts.append(f"special lobby (type 0x{self.type:X}{f', L{self.lobby}' if self.tournament else ''})")
        return ", ".join(parts)


@functools.lru_cache(maxsize=4096)  # Lobby is an immutable value; a corpus has a few dozen distinct ones
def lobby_from_go_type(go_type: int, lobby: int | None = None, **extra: str | None) -> Lobby:
    """Decode Tenhou's GO ``type`` bit field (reference §3.2)."""
    return Lobby(
        type=go_type,
        lobby=lobby,
        online=bool(go_type & 0x01),
        red_fives=not go_type & 0x02,
        open_tanyao=not go_type & 0x04,
        hanchan=bool(go_type & 0x08),
        sanma=bool(go_type & 0x10),
        room=ROOM_ENGLISH[go_type & 0xA0],
        fast=bool(go_type & 0x40),
        kou=bool(go_type & 0x1000),
        special_bits=go_type & ~0x10FF,
        title=extra.get("title"),
        rule=extra.get("rule"),
        ranking=extra.get("ranking"),
        csrule=extra.get("csrule"),
    )


def ruleset_for_lobby(lobby: Lobby) -> RuleSet:
    """The rule-set preset a lobby plays, with its red-five and kuitan knobs (speed is the lobby's, not a rule)."""
    name = f"tenhou-{'3p' if lobby.sanma else '4p'}-{'south' if lobby.hanchan else 'east'}"
    rs = PRESETS[name]
    changes: dict[str, object] = {}
    if not lobby.red_fives:
        changes["red_fives"] = False
    if not lobby.open_tanyao:
        changes["open_tanyao"] = False
    if changes:
        rs = dataclasses.replace(rs, **changes)  # type: ignore[arg-type]  # knobs by name: mypy checks a **dict against every field
    return rs


def ruleset_from_go_type(go_type: int) -> RuleSet:
    """The rule set Tenhou's GO ``type`` selects."""
    return ruleset_for_lobby(lobby_from_go_type(go_type))


def _lobby_ranges(lobby: Lobby) -> list[tuple[str | None, str]]:
    """The IR check of a lobby (:func:`mjlog.ir.check.register_header`): its numbers fit the store's
    INTEGER columns; its texts, for the check to look at."""
    check_int(lobby.type, "the GO type", INT32_RANGE)
    if lobby.lobby is not None:
        check_int(lobby.lobby, "the lobby number", INT32_RANGE)
    return [(lobby.title, "the lobby's title"), (lobby.rule, "the lobby's rule"),
            (lobby.ranking, "the lobby's ranking"), (lobby.csrule, "the lobby's csrule")]


register_header(Lobby, _lobby_ranges)
