"""PMN (Portable Majiang Notation): duplicate-MCR game records (mahjongsoft.com) into the IR.

A PMN file is tag lines ``[Name "value"]``, one board (one hand) per file:

- ``Deal``: four hands (East South West North), each suit letter followed by its ranks:
  ``c`` characters, ``d`` dots, ``b`` bamboo, ``w`` winds 1-4 (E S W N), ``r`` dragons 1-3
  (read as 中 發 白, the order of the Chinese rules and of the Botzone export), ``f`` flowers 1-8
  (set aside at the deal; the hand shown is the hand after their replacement);
- ``Play``: actions, each a letter, a seat 0-3 and usually a tile: ``T`` draw, ``D`` discard
  (``z1``: the tile just drawn), ``C`` chow named by its middle tile, ``P`` pung, ``Z`` melded
  kong of a discard, ``A`` concealed kong, ``B`` added kong, ``R`` a flower set aside (read so),
  ``H`` win (no tile: the tile just drawn, else the last discard or added kong), ``N`` the
  hand ends without a win (read so);
- ``Fan``: per seat ``None`` or the winner's lines ``number/value/count`` joined by ``.``;
- ``Starting``, ``Result``, ``Penalty``: four scores each; ``PWind`` the prevalent wind;
  ``Scoring`` ``Duplicate`` (the ``mcr-duplicate`` rule set) or other (``mcr``);
  ``East``..``North`` the players; ``Event``, ``Site``, ``Date``, ``Board`` kept in the header.

Seat 0 is East and deals. The game's final scores are ``Starting + Result + Penalty``.
"""

from __future__ import annotations

import dataclasses
import re
from typing import cast

from mjlog.errors import MalformedLogError
from mjlog.formats.mcr.play import KindPlay
from mjlog.ir.check import MAX_TEXT_CHARS
from mjlog.ir import FinalResult, GameLog, Player, Round, Ryuukyoku, Win
from mjlog.rules.mcr.record import McrHandRecord, McrHeader, McrWinRecord, RecordedFan
from mjlog.rules.mcr.ruleset import MCR, MCR_DUPLICATE
from mjlog.formats.mcr.sniff import sniff_pmn as sniff  # noqa: F401 - the format's test, where the registry finds it
from mjlog.formats.source import text_lines

FORMAT = "mcr-pmn"
_TAG = re.compile(r'\[([A-Za-z][A-Za-z0-9_]{0,40})\s+"([^"\r\n]*)"\]')
_SUIT_BASE = {"c": 0, "d": 9, "b": 18}
_ACTION = re.compile(r"([TDCPZABRHN])([0-3])?((?:[cdbwrf][1-9])|z1)?")
_NUMBER = re.compile(r"-?[0-9]{1,9}")
WINDS = "ESWN"
SEAT_TAGS = ("East", "South", "West", "North")


def kind_of(tile: str) -> int | None:
    """The tile kind of ``c5``, ``w2``, ``r1``... (None for a flower ``f3``)."""
    suit, rank = tile[0], int(tile[1])
    if suit in _SUIT_BASE:
        return _SUIT_BASE[suit] + rank - 1
    if suit == "w" and rank <= 4:
        return 27 + rank - 1
    if suit == "r" and rank <= 3:
        return 34 - rank              # r1 中 (33), r2 發 (32), r3 白 (31)
    if suit == "f":
        return None
    raise ValueError(f"no tile {tile!r}")


def _tags(text: str, source: str) -> dict[str, str]:
    tags: dict[str, str] = {}
    for no, line in enumerate(text_lines(text), start=1):
        line = line.strip()
        if not line:
            continue
        m = _TAG.fullmatch(line)
        if m is None:
            raise MalformedLogError("not a PMN tag line ([Name \"value\"])", source, f"line {no}")
        if m.group(1) in tags:
            raise MalformedLogError(f"the tag {m.group(1)} appears twice", source, f"line {no}")
        if len(m.group(2)) > MAX_TEXT_CHARS:
            raise MalformedLogError(f"the tag {m.group(1)}'s value is {len(m.group(2)):,} characters long, "
                                    f"more than {MAX_TEXT_CHARS:,}", source, f"line {no}")
        tags[m.group(1)] = m.group(2)
    return tags


def _deal(text: str, source: str) -> tuple[list[list[int]], list[list[int]]]:
    hands = text.split()
    if len(hands) != 4:
        raise MalformedLogError(f"the deal has {len(hands)} hands, not 4", source, "tag Deal")
    kinds: list[list[int]] = []
    flowers: list[list[int]] = []
    for seat, hand in enumerate(hands):
        m = re.fullmatch(r"c(\d*)d(\d*)b(\d*)w(\d*)r(\d*)f(\d*)", hand)
        if m is None or "0" in hand:
            raise MalformedLogError(f"seat {seat}'s hand {hand[:40]!r} is not c..d..b..w..r..f..", source, "tag Deal")
        try:
            own = [kind_of(suit + d) for suit, digits in zip("cdbwr", m.groups()[:5]) for d in digits]
        except ValueError as exc:
            raise MalformedLogError(str(exc), source, f"tag Deal, seat {seat}") from None
        if len(own) != 13:
            raise MalformedLogError(f"seat {seat} is dealt {len(own)} tiles, not 13", source, "tag Deal")
        kinds.append(own)  # type: ignore[arg-type]  # ints: c, d, b, w and r name no flower
        flowers.append([int(d) for d in m.group(6)])
    return kinds, flowers


def _numbers(tags: dict[str, str], name: str, source: str) -> tuple[int, ...] | None:
    if name not in tags:
        return None
    parts = tags[name].split()
    if len(parts) != 4 or not all(_NUMBER.fullmatch(p) for p in parts):
        raise MalformedLogError(f"{name} is not four whole numbers", source, f"tag {name}")
    return tuple(int(p) for p in parts)


def _fans(text: str | None, source: str) -> list[tuple[RecordedFan, ...] | None]:
    """Each seat's recorded fan lines (None: the seat did not win)."""
    if text is None:
        return [None] * 4
    seats = text.split()
    if len(seats) != 4:
        raise MalformedLogError("Fan does not have one entry per seat", source, "tag Fan")
    out: list[tuple[RecordedFan, ...] | None] = []
    for seat, entry in enumerate(seats):
        if entry == "None":
            out.append(None)
            continue
        lines = []
        for part in entry.split("."):
            m = re.fullmatch(r"(\d{1,3})/(\d{1,3})/(\d{1,2})", part)
            if m is None:
                raise MalformedLogError(f"fan line {part[:40]!r} is not number/value/count", source,
                                        f"tag Fan, seat {seat}")
            lines.append(RecordedFan(number=int(m.group(1)), value=int(m.group(2)), count=int(m.group(3))))
        out.append(tuple(lines))
    return out


def read_pmn_bytes(data: bytes, source: str) -> GameLog:
    """A PMN record as a one-hand :class:`GameLog`; :class:`MalformedLogError` for anything else."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise MalformedLogError("not UTF-8 text", source, f"byte {exc.start}") from None
    tags = _tags(text, source)
    for need in ("Deal", "Play"):
        if need not in tags:
            raise MalformedLogError(f"no {need} tag", source, "the header")
    kinds, flowers = _deal(tags["Deal"], source)
    start = _numbers(tags, "Starting", source) or (0, 0, 0, 0)
    result = _numbers(tags, "Result", source)
    penalty = _numbers(tags, "Penalty", source)
    fans = _fans(tags.get("Fan"), source)
    play = KindPlay(source, kinds, flowers)
    _play(play, tags["Play"], fans, result, penalty)
    wins = [i for i, e in enumerate(play.events) if isinstance(e, Win)]
    if len(wins) == 1 and result is not None:   # one winner: the Result is that win's payments
        win = cast(Win, play.events[wins[0]])  # wins holds the indexes of Win events
        play.events[wins[0]] = dataclasses.replace(win, deltas=result)
    wind = tags.get("PWind", "E")
    if wind not in WINDS:
        raise MalformedLogError(f"PWind {wind[:10]!r} is not E, S, W or N", source, "tag PWind")
    hand = McrHandRecord(prevalent_wind=WINDS.index(wind), deal_flowers=play.deal_flowers, result=result,
                         penalties=penalty)
    rnd = Round(0, 0, 0, 0, 0, start, (0, 0), None, play.hands, tuple(play.events), payload=hand)
    duplicate = tags.get("Scoring", "").lower() == "duplicate"
    known = {"Event", "Site", "Date", "Board", "Scoring", "Deal", "Play", "Fan", "Starting", "Result", "Penalty",
             "PWind", *SEAT_TAGS}
    header = McrHeader("pmn", match_id=tags.get("Site"), event=tags.get("Event"), site=tags.get("Site"),
                       date=tags.get("Date"), board=tags.get("Board"), scoring=tags.get("Scoring"), hands=1,
                       extra=tuple((k, v) for k, v in tags.items() if k not in known))
    final = None
    if result is not None:
        final = FinalResult(tuple(s + r + p for s, r, p in zip(start, result, penalty or (0,) * 4)), (), True)
    players = tuple(Player(s, tags[t]) for s, t in enumerate(SEAT_TAGS) if t in tags)
    return GameLog(FORMAT, "mcr", MCR_DUPLICATE if duplicate else MCR, players, (rnd,), header=header,
                   log_id=_log_id(tags.get("Site")), source=source, final=final)


def _log_id(site: str | None) -> str | None:
    """mahjongsoft's replay address as an id: ``mahjongsoft-<session>-<game>-<table>``."""
    if not site:
        return None
    q = dict(re.findall(r"[?&](session|game|table)=(\d{1,12})", site))
    if len(q) == 3:
        return f"mahjongsoft-{q['session']}-{q['game']}-{q['table']}"
    return None


def _play(play: KindPlay, text: str, fans, result, penalty) -> None:
    pos = 0
    ended = False
    while pos < len(text):
        m = _ACTION.match(text, pos)
        if m is None or ended:
            what = "an action after the hand ended" if m is not None else "not a PMN action"
            raise MalformedLogError(what, play.source, f"tag Play, character {pos}")
        letter, seat_text, tile = m.groups()
        play.at(f"tag Play, character {pos} ({m.group(0)})")
        pos = m.end()
        ended = _action(play, letter, None if seat_text is None else int(seat_text), tile, fans, result, penalty)


def _action(play: KindPlay, letter: str, seat: int | None, tile: str | None, fans, result, penalty) -> bool:
    """Apply one action; True when it ends the hand."""
    if letter == "N":
        play.events.append(Ryuukyoku(deltas=result or ()))
        return True
    if seat is None:
        raise play._bad("an action without its seat")
    if (letter != "H") != (tile is not None):
        raise play._bad("a win names no tile; every other action names one")
    if tile == "z1" and letter != "D":
        raise play._bad("z1 (the tile just drawn) is only for a discard")
    try:
        kind = None if tile is None or tile == "z1" else kind_of(tile)
    except ValueError as exc:
        raise play._bad(str(exc)) from None
    if tile is not None and tile[0] == "f":
        if letter not in "TR":
            raise play._bad("a flower can only be drawn and set aside")
        (play.draw_flower if letter == "T" else play.flower)(seat, int(tile[1]))
        return False
    if letter == "R":
        raise play._bad("R sets a flower aside, but its tile is no flower")
    if letter == "T":
        play.draw(seat, kind)   # type: ignore[arg-type]  # a kind: only D and H name none (z1, no tile)
    elif letter == "D":
        play.discard(seat, kind)
    elif letter == "C":
        play.chow(seat, kind)   # type: ignore[arg-type]  # a kind, as for T
    elif letter in "PZ":
        _check_claim(play, kind)
        play.pung(seat, kong=letter == "Z")
    elif letter == "A":
        play.concealed_kong(seat, kind)   # type: ignore[arg-type]  # a kind, as for T
    elif letter == "B":
        play.added_kong(seat, kind)   # type: ignore[arg-type]  # a kind, as for T
    elif letter == "H":
        lines = fans[seat]
        payload = McrWinRecord(fans=lines or ())
        play.win(seat, None, (), payload)
    return False


def _check_claim(play: KindPlay, kind: int | None) -> None:
    if play.last_discard is not None and kind is not None and play.last_discard[1] // 4 != kind:
        raise play._bad(f"a claim of tile kind {kind}, but the discard is kind {play.last_discard[1] // 4}")
