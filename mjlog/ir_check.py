"""The IR boundary: every GameLog a reader builds is checked against the ranges mjlog keeps.

Readers check what each element means (tile ids, seats, counts); this check bounds the sizes
that flow on into the replay and the store: numbers, counts per hand and text. A value
outside them is a :class:`~mjlog.errors.MalformedLogError` naming the file and the place, so
no later step (Arrow columns, DuckDB, printing) meets a value it cannot hold. The ranges are
those of the store's columns (``mjlog/schema.sql``), sized for the largest legal values with
room to spare: a log whose values are wrong but of a legal size still reads, and its replay
reports what is wrong.

>>> from mjlog.reader import read_log
>>> from tests.xmlbuild import simple_game4
>>> read_log(simple_game4().replace(b'ten="250,', b'ten="9000000000,'))
Traceback (most recent call last):
mjlog.errors.MalformedLogError: <bytes>: a start score of 900000000000 is outside -100000000..100000000 at round 0 (East 1)
"""

from __future__ import annotations

import dataclasses
import math
import weakref
from collections import Counter

from mjlog.errors import MalformedLogError
from mjlog.formats.tenhou_lobby import Lobby
from mjlog.ir import Call, Disconnect, GameLog, Reconnect, Round, Ryuukyoku, Win
from mjlog.rules.riichi.events import RiichiDeclared
from mjlog.rules.riichi.record import NOTHING_RECORDED, RiichiWin

#: Largest score, score change or hand value (points), either sign. Tenhou's scores are a few
#: hundred thousand at most; this bound keeps every derived sum (a start score plus one hand's
#: payments with the largest honba and sticks) inside a 32-bit column.
SCORE_LIMIT = 10**8
#: Largest honba or riichi-stick count (the store's SMALLINT).
COUNTER_LIMIT = 32767
#: Most events in one hand (event indexes are SMALLINT). A legal hand has a few hundred.
EVENT_LIMIT = 32767
#: Most hands in one game (round indexes are SMALLINT).
ROUND_LIMIT = 32767
#: Most wins, calls or riichi declarations in one hand, and yaku in one win (TINYINT counts).
#: Legal hands have at most 3 wins, 20 calls, 4 riichi and 20 yaku.
PER_HAND_LIMIT = 127
#: Range of a single yaku's han, a fu, a limit code and a player's rank (fits TINYINT / SMALLINT).
SMALL_RANGE = (-128, 127)
FU_RANGE = (0, COUNTER_LIMIT)
#: Range of the GO type and lobby numbers (INTEGER).
INT32_RANGE = (-(2**31), 2**31 - 1)

_SCORE_RANGE = (-SCORE_LIMIT, SCORE_LIMIT)
_COUNTER_RANGE = (0, COUNTER_LIMIT)


#: Logs that passed :func:`check_log` (what a reader returns), by identity: others are checked where
#: they enter the replay. (Not a WeakSet: that would hash, so walk, the whole game.)
_CHECKED: dict[int, weakref.ref] = {}


def _mark_checked(log: GameLog) -> None:
    key = id(log)
    _CHECKED[key] = weakref.ref(log, lambda _ref, key=key: _CHECKED.pop(key, None))


def _was_checked(log: GameLog) -> bool:
    ref = _CHECKED.get(id(log))
    return ref is not None and ref() is log


def check_log(log: GameLog) -> GameLog:
    """``log`` unchanged, or :class:`MalformedLogError` for the first value outside mjlog's ranges."""
    _check_ranges(log)
    _mark_checked(log)
    return log


def _check_ranges(log: GameLog) -> None:
    source = log.source or "<bytes>"
    try:
        _check_header(log)
        if len(log.rounds) > ROUND_LIMIT:
            raise _Bad(f"the game has {len(log.rounds)} hands, more than {ROUND_LIMIT}", "end of file")
        for rnd in log.rounds:
            _check_round(rnd)
    except _Bad as bad:
        raise MalformedLogError(bad.reason, source, bad.where) from None
    except TypeError as exc:  # a number that is not one (no reader gives it; a range cannot hold it)
        raise MalformedLogError(f"a value of the wrong type ({exc})", source) from None


def check_replayable(log: GameLog, tile_count: int) -> GameLog:
    """``log`` as it enters the replay: a log a reader gave passes at once; any other (built or changed
    by hand) is checked like a read log, and every seat and tile id of its hands and events must be
    one of the table's (``0 <= seat < players``, ``0 <= tile < tile_count``): otherwise
    :class:`MalformedLogError` names the hand and the event.

    Readers check seats and tiles element by element, so only hand-built logs pay for the walk.
    """
    if _was_checked(log):
        return log
    _check_ranges(log)
    n = log.rules.players
    try:
        for rnd in log.rounds:
            _check_seats_and_tiles(rnd, n, tile_count)
    except _Bad as bad:
        raise MalformedLogError(bad.reason, log.source or "<bytes>", bad.where) from None
    except TypeError as exc:  # a hand or a meld that is not a sequence
        raise MalformedLogError(f"a value of the wrong type ({exc})", log.source or "<bytes>") from None
    _mark_checked(log)
    return log


#: Fields holding one seat (None allowed where the IR allows it) and one or many tile ids, of an event
#: or of its riichi payload (:class:`~mjlog.rules.riichi.record.RiichiWin`).
_SEAT_FIELDS = ("seat", "who", "from_who", "from_seat", "pao_who")
_TILE_FIELDS = ("tile", "win_tile", "called", "added")
_TILES_FIELDS = ("tiles", "hand", "dora_indicators", "ura_indicators")


def _check_seats_and_tiles(rnd: Round, n: int, tile_count: int) -> None:
    def seat_ok(v) -> bool:
        return type(v) is int and 0 <= v < n

    def tile_ok(v) -> bool:
        return type(v) is int and 0 <= v < tile_count

    where = _round_place(rnd)
    if len(rnd.hands) != n or not seat_ok(rnd.dealer):
        raise _Bad(f"the hand deals {len(rnd.hands)} hands and names dealer {rnd.dealer!r} at a table of {n}", where)
    for seat, hand in enumerate(rnd.hands):
        if not all(map(tile_ok, hand)):
            raise _Bad(f"seat {seat}'s starting hand holds a tile id outside 0..{tile_count - 1}", where)
    if not tile_ok(rnd.dora_indicator) and rnd.dora_indicator is not None:
        raise _Bad(f"the indicator {rnd.dora_indicator!r} is not a tile id of 0..{tile_count - 1}", where)
    for i, ev in enumerate(rnd.events):
        at = f"{where}, event {i}"
        label = type(ev).__name__
        payload = getattr(ev, "payload", None)
        for part in (ev, payload) if type(payload) is RiichiWin else (ev,):
            for name in _SEAT_FIELDS:
                v = getattr(part, name, None)
                if v is not None and not seat_ok(v):
                    raise _Bad(f"{label}.{name} {v!r} is not a seat of 0..{n - 1}", at)
            for name in _TILE_FIELDS:
                v = getattr(part, name, None)
                if v is not None and not tile_ok(v):
                    raise _Bad(f"{label}.{name} {v!r} is not a tile id of 0..{tile_count - 1}", at)
            for name in _TILES_FIELDS:
                vs = getattr(part, name, None)
                if vs is not None and not all(map(tile_ok, vs)):
                    raise _Bad(f"{label}.{name} holds a value that is not a tile id of 0..{tile_count - 1}", at)
        for meld in getattr(ev, "melds", ()):
            if not all(map(tile_ok, meld.tiles)):
                raise _Bad(f"a meld of {type(ev).__name__} holds a value that is not a tile id", at)


class _Bad(Exception):
    def __init__(self, reason: str, where: str) -> None:
        self.reason, self.where = reason, where


def _int(value, what: str, bounds: tuple[int, int], where: str) -> None:
    lo, hi = bounds
    if not isinstance(value, int):
        raise _Bad(f"{what} {value!r} is not an integer", where)
    if not lo <= value <= hi:
        raise _Bad(f"{what} of {value} is outside {lo}..{hi}", where)


def _ints(values, what: str, bounds: tuple[int, int], where: str) -> None:
    if values and not (bounds[0] <= min(values) and max(values) <= bounds[1]):
        for v in values:
            _int(v, what, bounds, where)


def _real(value, what: str, where: str) -> None:
    if value is None:
        return
    try:
        ok = math.isfinite(value)
    except (TypeError, OverflowError):
        ok = False
    if not ok:
        raise _Bad(f"{what} {str(value)[:40]} is not a finite number", where)


def _text(value, what: str, where: str) -> None:
    if value is None:
        return
    if not isinstance(value, str):
        raise _Bad(f"{what} is not text", where)
    if not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise _Bad(f"{what} holds {value[exc.start]!r}, which is not a Unicode character (a lone surrogate)",
                       where) from None


def _extra(pairs, where: str) -> None:
    for k, v in pairs:
        _text(k, "an attribute name", where)
        _text(v, f"attribute {k[:40]!r}", where)


def _check_header(log: GameLog) -> None:
    where = "the header"
    lobby = log.header if isinstance(log.header, Lobby) else None  # Tenhou's lobby; other formats have their own
    texts = [(log.log_id, "the log id", where), (log.version, "the version", where),
             (log.seed.text if log.seed is not None else None, "the seed", where)]
    if lobby is not None:
        if not (INT32_RANGE[0] <= lobby.type <= INT32_RANGE[1]
                and (lobby.lobby is None or INT32_RANGE[0] <= lobby.lobby <= INT32_RANGE[1])):
            _int(lobby.type, "the GO type", INT32_RANGE, where)
            _int(lobby.lobby, "the lobby number", INT32_RANGE, where)
        texts += [(lobby.title, "the lobby's title", where), (lobby.rule, "the lobby's rule", where),
                  (lobby.ranking, "the lobby's ranking", where), (lobby.csrule, "the lobby's csrule", where)]
    if log.header is not None and lobby is None and dataclasses.is_dataclass(log.header):
        for f in dataclasses.fields(log.header):   # another format's header: its text fields, its extra pairs
            value = getattr(log.header, f.name)
            if isinstance(value, str):
                texts.append((value, f"the header's {f.name}", where))
            elif f.name == "extra":
                _extra(value, where)
    for p in log.players:
        at = f"the header, seat {p.seat}"
        texts += ((p.name, "the player's name", at), (p.sex, "the player's sex", at))
        if p.rank is not None:
            _int(p.rank, "the player's rank", SMALL_RANGE, at)
        _real(p.rate, "the player's rate", at)
    try:  # all at once; one by one only to name the culprit
        "\x00".join([t for t, _, _ in texts if t is not None] + [v for pair in log.header_extra for v in pair]).encode()
    except (UnicodeEncodeError, TypeError):
        for t, what, at in texts:
            _text(t, what, at)
        _extra(log.header_extra, where)
    if log.final is not None:
        _ints(log.final.scores, "a final score", _SCORE_RANGE, "the final result")
        for v in log.final.points:
            _real(v, "a placement point value", "the final result")


def _check_round(rnd: Round) -> None:
    honba, sticks, scores, dice = rnd.honba, rnd.sticks, rnd.scores, rnd.dice
    if not (-128 <= rnd.kyoku <= 127 and 0 <= honba <= COUNTER_LIMIT and 0 <= sticks <= COUNTER_LIMIT
            and (not scores or (-SCORE_LIMIT <= min(scores) and max(scores) <= SCORE_LIMIT))
            and (not dice or (-128 <= min(dice) and max(dice) <= 127))):
        where = _round_place(rnd)
        _int(rnd.kyoku, "the round number (kyoku)", SMALL_RANGE, where)
        _int(honba, "the honba count", _COUNTER_RANGE, where)
        _int(sticks, "the riichi-stick count", _COUNTER_RANGE, where)
        _ints(scores, "a start score", _SCORE_RANGE, where)
        _ints(dice, "a die", SMALL_RANGE, where)
    if rnd.extra:
        _extra(rnd.extra, _round_place(rnd))
    if rnd.shuffle is not None:
        _text(rnd.shuffle.text, "the shuffle seed", _round_place(rnd))
    events = rnd.events
    n = len(events)
    if n > PER_HAND_LIMIT:  # fewer events cannot hold more of one kind than a count column takes
        if n > EVENT_LIMIT:
            raise _Bad(f"the hand has {n} events, more than {EVENT_LIMIT}", _round_place(rnd))
        counts = Counter(map(type, events))
        for kind, what in _COUNTED:
            if counts[kind] > PER_HAND_LIMIT:
                raise _Bad(f"the hand has {counts[kind]} {what}, more than {PER_HAND_LIMIT}", _round_place(rnd))
        if counts[Win] + counts[Ryuukyoku] > PER_HAND_LIMIT:
            raise _Bad(f"the hand has more than {PER_HAND_LIMIT} results", _round_place(rnd))
    # A hand's results come last (readers allow only disconnects and reconnects after them).
    for i in range(n - 1, -1, -1):
        e = events[i]
        t = type(e)
        if t is Win:
            _check_win(e, rnd, i)
        elif t is Ryuukyoku:
            _check_outcome(e, rnd, i)
            if e.extra:
                _extra(e.extra, f"{_round_place(rnd)}, event {i}")
        elif t is Reconnect:
            _text(e.name, "the returning player's name", f"{_round_place(rnd)}, event {i}")
        elif t is not Disconnect:
            break


def _round_place(rnd: Round) -> str:
    return f"round {rnd.index} ({rnd.name})" if 0 <= rnd.kyoku < 16 else f"round {rnd.index}"


_COUNTED = ((Call, "calls"), (RiichiDeclared, "riichi declarations"), (Win, "wins"), (Ryuukyoku, "draws"))


def _check_outcome(o: Win | Ryuukyoku, rnd: Round, i: int) -> None:
    before, deltas = o.scores_before, o.deltas
    if (0 <= o.honba <= COUNTER_LIMIT and 0 <= o.sticks <= COUNTER_LIMIT
            and (not before or (-SCORE_LIMIT <= min(before) and max(before) <= SCORE_LIMIT))
            and (not deltas or (-SCORE_LIMIT <= min(deltas) and max(deltas) <= SCORE_LIMIT))):
        return
    at = f"{_round_place(rnd)}, event {i}"
    _int(o.honba, "the honba count", _COUNTER_RANGE, at)
    _int(o.sticks, "the riichi-stick count", _COUNTER_RANGE, at)
    _ints(before, "a score before the result", _SCORE_RANGE, at)
    _ints(deltas, "a score change", _SCORE_RANGE, at)


def _check_win(w: Win, rnd: Round, i: int) -> None:
    _check_outcome(w, rnd, i)
    r = w.payload
    if type(r) is not RiichiWin:
        r = NOTHING_RECORDED
    yaku = r.yaku
    if (0 <= r.fu <= COUNTER_LIMIT and -SCORE_LIMIT <= w.points <= SCORE_LIMIT and -128 <= r.limit <= 127
            and len(yaku) <= PER_HAND_LIMIT and len(r.yakuman) <= PER_HAND_LIMIT
            and all(0 <= y <= COUNTER_LIMIT and -128 <= h <= 127 for y, h in yaku)
            and (not r.yakuman or (0 <= min(r.yakuman) and max(r.yakuman) <= COUNTER_LIMIT))
            and not w.extra):
        return
    at = f"{_round_place(rnd)}, event {i}"
    _int(r.fu, "the fu", FU_RANGE, at)
    _int(w.points, "the points", _SCORE_RANGE, at)
    _int(r.limit, "the limit code", SMALL_RANGE, at)
    if len(yaku) > PER_HAND_LIMIT or len(r.yakuman) > PER_HAND_LIMIT:
        raise _Bad(f"the win lists more than {PER_HAND_LIMIT} yaku", at)
    for yid, han in yaku:
        _int(yid, "a yaku id", _COUNTER_RANGE, at)
        _int(han, "a yaku's han", SMALL_RANGE, at)
    _ints(r.yakuman, "a yakuman id", _COUNTER_RANGE, at)
    _extra(w.extra, at)
