"""The Botzone "Chinese Standard Mahjong" text export (the Botzone/PKU data set) into the IR.

One file holds many matches, one hand each; each ``Match`` block is one game:

    Match <id>
    Wind <0-3>                           the prevalent wind
    Player <n> Deal t1 ... t13           n = 0..3; seat wind = n (0 East deals)
    Player <n> Draw|Play|Chi|Peng|Gang|AnGang|BuGang|Hu <tile> [Ignore Player <m> <Action> <tile>]...
    Fan <F> <description>                the total and the lines (names lost in the export: ``?``)
    Score s0 s1 s2 s3                    or ``Huang`` then ``Score 0 0 0 0``

``Chi`` names the chow's middle tile; ``Ignore`` parts are the lower-priority claims that lost
to the claim of their line (kept in :attr:`~mjlog.rules.mcr.record.McrHandRecord.lost_claims`).
Tiles: ``W1-9`` characters, ``B1-9`` dots, ``T1-9`` bamboo, ``F1-4`` E S W N, ``J1-3`` 中 發 白,
``H1-8`` flowers (``BuHua``, read as a flower drawn and set aside; the data set deals none). Each
seat draws from its own wall of 34 tiles (21 after the deal), as the judge that produced the games
does: the hand is drawn (``Huang``) when the seat to draw has none left.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from mjlog.errors import LogTooLargeError, MalformedLogError
from mjlog.formats.mcr.play import KindPlay
from mjlog.ir import FinalResult, GameLog, Player, Round, Ryuukyoku
from mjlog.rules.mcr.record import ClaimAction, LostClaim, McrHandRecord, McrHeader, McrWinRecord, RecordedFan
from mjlog.rules.mcr.ruleset import MCR
from mjlog.formats.source import MAX_GAMES_PER_FILE, iter_text_lines
from mjlog.formats.mcr.sniff import sniff_botzone as sniff  # noqa: F401 - the format's test, where the registry finds it

FORMAT = "mcr-botzone"
_TILE = re.compile(r"([WBT])([1-9])|F([1-4])|J([1-3])|H([1-8])")
_ACTIONS = ("Draw", "Play", "Chi", "Peng", "Gang", "AnGang", "BuGang", "Hu", "BuHua")
_CLAIMS: dict[str, ClaimAction] = {"Hu": "win", "Peng": "pung", "Gang": "kong", "Chi": "chow"}
_FAN_LINE = re.compile(r"([^*+\s]{1,20})\*([0-9]{1,2})")
_INT = re.compile(r"-?[0-9]{1,9}")
#: Tiles each seat's own wall holds (the judge deals 136 tiles as four walls of 34).
SEAT_WALL = 34


def kind_of(tile: str) -> int | None:
    """The tile kind of ``W5``, ``F2``, ``J1``... (None for a flower ``H3``); ValueError otherwise."""
    m = _TILE.fullmatch(tile)
    if m is None:
        raise ValueError(f"no tile {tile[:20]!r}")
    suit, rank, wind, dragon, _ = m.groups()
    if suit:
        return "WBT".index(suit) * 9 + int(rank) - 1
    if wind:
        return 27 + int(wind) - 1
    if dragon:
        return 34 - int(dragon)      # J1 中 (33), J2 發 (32), J3 白 (31)
    return None


def read_botzone_all(data: bytes, source: str) -> list[GameLog | MalformedLogError]:
    """Every match of the file, in order, each a game or the :class:`MalformedLogError` (naming the
    line) that makes that match unreadable; a file that is not the export at all, or holds more than
    :data:`~mjlog.formats.source.MAX_GAMES_PER_FILE` matches, raises it. The matches are counted in a
    first pass and read in a second, one at a time: no list of the file's lines is ever held."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise MalformedLogError("not UTF-8 text", source, f"byte {exc.start}") from None
    count = _count_matches(text, source)
    out: list[GameLog | MalformedLogError] = []
    for n, block in enumerate(_blocks(text), start=1):
        try:
            out.append(_match(block, f"{source}#{n}" if count > 1 else source))
        except MalformedLogError as exc:
            out.append(exc)
    return out


def _count_matches(text: str, source: str) -> int:
    """How many ``Match`` blocks the file holds; :class:`MalformedLogError` for a file whose first line
    (blank ones aside) is no ``Match`` line, and :class:`LogTooLargeError` (naming the first match too
    many) for one of more than :data:`~mjlog.formats.source.MAX_GAMES_PER_FILE`."""
    lines = enumerate(iter_text_lines(text), start=1)
    for no, line in lines:
        line = line.strip()
        if line:
            if not line.startswith("Match "):
                raise MalformedLogError("the file does not start with a Match line", source, f"line {no}")
            break
    else:
        raise MalformedLogError("no Match block", source, "line 1")
    count, first_over = 1, 0
    for no, line in lines:
        if "Match " in line and line.strip().startswith("Match "):
            count += 1
            if count == MAX_GAMES_PER_FILE + 1:
                first_over = no
    if count > MAX_GAMES_PER_FILE:
        raise LogTooLargeError(f"{count:,} matches, more than the {MAX_GAMES_PER_FILE:,} games a file may hold",
                               source, f"line {first_over}")
    return count


def _blocks(text: str) -> Iterator[list[tuple[int, str]]]:
    """The ``Match`` blocks of a file :func:`_count_matches` has passed, one at a time: each its
    non-blank lines, stripped, with their numbers."""
    block: list[tuple[int, str]] = []
    for no, line in enumerate(iter_text_lines(text), start=1):
        line = line.strip()
        if not line:
            continue
        if line.startswith("Match ") and block:
            yield block
            block = []
        block.append((no, line))
    yield block


def read_botzone_bytes(data: bytes, source: str) -> GameLog:
    """The file's first match (``read_botzone_all`` reads every one)."""
    first = read_botzone_all(data, source)[0]
    if isinstance(first, MalformedLogError):
        raise first
    return first


def _match(block: list[tuple[int, str]], source: str) -> GameLog:
    """One match; ``source`` names it (``file#n``: the file's n-th match)."""
    (no, first), rest = block[0], block[1:]
    match_id = first.split(" ", 1)[1].strip()
    if not rest or not re.fullmatch(r"Wind [0-3]", rest[0][1]):
        raise MalformedLogError("a Match line must be followed by Wind 0-3", source, f"line {no}")
    wind = int(rest[0][1][5])
    deals: list[list[int]] = []
    pos = 1
    while pos < len(rest) and len(deals) < 4:
        no, line = rest[pos]
        parts = line.split()
        if parts[:1] != ["Player"] or parts[2:3] != ["Deal"] or parts[1:2] != [str(len(deals))]:
            raise MalformedLogError(f"expected the deal of player {len(deals)}", source, f"line {no}")
        if len(parts) != 16:
            raise MalformedLogError(f"player {len(deals)} is dealt {len(parts) - 3} tiles, not 13", source,
                                    f"line {no}")
        try:
            kinds = [kind_of(t) for t in parts[3:]]
        except ValueError as exc:
            raise MalformedLogError(str(exc), source, f"line {no}") from None
        if None in kinds:
            raise MalformedLogError("a flower in the deal (the export deals none)", source, f"line {no}")
        deals.append(kinds)   # type: ignore[arg-type]  # ints: no None (checked above)
        pos += 1
    if len(deals) != 4:
        raise MalformedLogError("the match has fewer than four deals", source, f"line {block[-1][0]}")
    play = KindPlay(source, deals, [[], [], [], []])
    lost: list[LostClaim] = []
    scores, ended = _events(play, rest[pos:], lost, source)
    if not ended:
        raise MalformedLogError("the match ends before its result (Fan/Score or Huang/Score)", source,
                                f"line {block[-1][0]}")
    hand = McrHandRecord(prevalent_wind=wind, wall_shape="per-seat", wall_tiles=SEAT_WALL, result=scores,
                         lost_claims=tuple(lost))
    rnd = Round(0, 0, 0, 0, 0, (0, 0, 0, 0), (0, 0), None, play.hands, tuple(play.events), payload=hand)
    final = FinalResult(scores, (), True) if scores is not None else None
    return GameLog(FORMAT, "mcr", MCR, tuple(Player(s, f"Player {s}") for s in range(4)), (rnd,),
                   header=McrHeader("botzone", match_id=match_id, hands=1), log_id=match_id, source=source,
                   final=final)


def _events(play: KindPlay, lines: list[tuple[int, str]], lost: list[LostClaim], source: str):
    """Apply the play lines; returns (the recorded scores, whether the result was read)."""
    pending_win: str | tuple[int, str] | None = None   # "draw", or a win's (fan total, fan names)
    won: dict[int, int] = {}              # seat -> the tile kind its Hu names
    for i, (no, line) in enumerate(lines):
        play.at(f"line {no}")
        parts = line.split()
        if parts[0] == "Player":
            if pending_win is not None:
                raise play._bad("a move after a win")
            _player_line(play, line, lost, won)
            continue
        if parts[0] == "Huang" and len(parts) == 1:
            pending_win = "draw"
        elif parts[0] == "Fan" and len(parts) >= 2 and _INT.fullmatch(parts[1]):
            pending_win = (int(parts[1]), " ".join(parts[2:]))
        elif parts[0] == "Score" and pending_win is not None:
            if len(parts) != 5 or not all(_INT.fullmatch(p) for p in parts[1:]):
                raise play._bad("Score is not four whole numbers")
            scores = tuple(int(p) for p in parts[1:])
            if i != len(lines) - 1:
                raise play._bad("a line after the match's Score")
            _result(play, pending_win, scores, won)
            return scores, True
        else:
            raise play._bad(f"not a Botzone line ({parts[0][:20]!r})")
    return None, False


def _player_line(play: KindPlay, line: str, lost: list[LostClaim], won: dict[int, int]) -> None:
    head, *ignored = line.split(" Ignore ")
    seat, action, tile = _move(play, head)
    at = len(play.events)
    for part in ignored:
        s, a, t = _move(play, part.strip())
        if a not in _CLAIMS:
            raise play._bad(f"an ignored {a} is not a claim")
        lost.append(LostClaim(at, s, _CLAIMS[a], t))
    if action == "Hu":
        if seat in won:
            raise play._bad("a second Hu of the same player")
        won[seat] = tile
    else:
        _apply(play, seat, action, tile)


def _move(play: KindPlay, text: str) -> tuple[int, str, int]:
    parts = text.split()
    if len(parts) != 4 or parts[0] != "Player" or parts[1] not in "0123" or len(parts[1]) != 1:
        raise play._bad(f"not a move: {text[:60]!r}")
    if parts[2] not in _ACTIONS:
        raise play._bad(f"unknown action {parts[2][:20]!r}")
    try:
        kind = kind_of(parts[3])
    except ValueError as exc:
        raise play._bad(str(exc)) from None
    if kind is None and parts[2] not in ("Draw", "BuHua"):
        raise play._bad("a flower can only be drawn")
    return int(parts[1]), parts[2], kind if kind is not None else -int(parts[3][1])


def _apply(play: KindPlay, seat: int, action: str, tile: int) -> None:
    if tile < 0:                      # a flower, -number
        play.flower(seat, -tile)
    elif action == "Draw":
        play.draw(seat, tile)
    elif action == "Play":
        play.discard(seat, tile)
    elif action == "Chi":
        play.chow(seat, tile)
    elif action in ("Peng", "Gang"):
        if play.last_discard is not None and play.last_discard[1] // 4 != tile:
            raise play._bad(f"a claim of tile kind {tile}, but the discard is kind {play.last_discard[1] // 4}")
        play.pung(seat, kong=action == "Gang")
    elif action == "AnGang":
        play.concealed_kong(seat, tile)
    elif action == "BuGang":
        play.added_kong(seat, tile)


def _result(play: KindPlay, pending, scores: tuple[int, ...], won: dict[int, int]) -> None:
    if pending == "draw":
        if won:
            raise play._bad("Huang after a win")
        play.events.append(Ryuukyoku(deltas=scores))
        return
    total, text = pending
    if len(won) != 1:
        raise play._bad("Fan with no Hu before it" if not won else "more than one Hu")
    ((seat, tile),) = won.items()
    lines = []
    for part in (text.split("+") if text else []):
        m = _FAN_LINE.fullmatch(part)
        if m is None:
            raise play._bad(f"fan line {part[:30]!r} is not name*count")
        lines.append(RecordedFan(name=m.group(1), count=int(m.group(2))))
    play.win(seat, tile, scores, McrWinRecord(fans=tuple(lines), total=total))
