"""The IR boundary: every GameLog a reader builds is checked against the ranges mjlog keeps.

Readers check what each element means (tile ids, seats, counts); this check bounds the sizes
that flow on into the replay and the store: numbers, counts per hand and text. A value
outside them is a :class:`~mjlog.errors.MalformedLogError` naming the file and the place, so
no later step (Arrow columns, DuckDB, printing) meets a value it cannot hold. The ranges are
those of the store's columns (``mjlog/store/schema.sql``), sized for the largest legal values with
room to spare: a log whose values are wrong but of a legal size still reads, and its replay
reports what is wrong.

The generic IR's values are checked here; what a family or a format adds checks itself through
the registers below: a payload class (a family's recorded values of a win or a draw) with
:func:`register_payload`, a header class (a format's header) with :func:`register_header`, and
an event class a hand may hold only so many of with :func:`count_per_hand`. Their checks raise
:class:`OutOfRange` with the reason; this module adds the place.

>>> from mjlog.formats.reader import read_log
>>> from mjlog.batch.simulate import simulated_bytes
>>> from mjlog.rules import find_preset
>>> game = simulated_bytes(find_preset("tenhou-4p-east"), 1)   # a bot game's Tenhou XML
>>> read_log(game.replace(b'ten="250,', b'ten="9000000000,', 1))
Traceback (most recent call last):
mjlog.errors.MalformedLogError: <bytes>: a start score of 900000000000 is outside -100000000..100000000 at round 0 (East 1)
"""

from __future__ import annotations

import dataclasses
import math
import weakref
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from mjlog.accel import event_columns as _event_columns
from mjlog.errors import MalformedLogError, MjlogError
from mjlog.ir import Call, Discard, Disconnect, Draw, Event, GameLog, Reconnect, Round, Ryuukyoku, Win

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
#: Range of a score, a score change or a hand's value in points.
SCORE_RANGE = (-SCORE_LIMIT, SCORE_LIMIT)
_SCORE_MIN = -SCORE_LIMIT
#: Range of a honba or riichi-stick count, and of an id the store keeps as SMALLINT.
COUNTER_RANGE = (0, COUNTER_LIMIT)
#: Longest text a log may hold in any field (a name, a header field, a fan line's name, an attribute
#: kept as extra): the longest legal one is a few hundred characters, and the viewer, the tables and
#: every printed line carry each text on, so a longer one is refused, never cut.
MAX_TEXT_CHARS = 65536
#: Longest log id: the store keeps it in every row of a game (``game_id``), so it is held to what an id
#: is (Tenhou's are 31 characters, a Botzone match's at most 64), not to a name's length.
MAX_LOG_ID_CHARS = 256


class OutOfRange(MjlogError):
    """A value outside mjlog's ranges: ``reason`` says which; ``where`` is the place, once known."""

    def __init__(self, reason: str, where: str | None = None) -> None:
        super().__init__(reason)
        self.reason, self.where = reason, where


# ---- the registers ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class PayloadCheck:
    """What a family's payload class holds that this check bounds: ``values`` raises
    :class:`OutOfRange` for a value outside the store's ranges (or is None); ``seats``, ``tiles``
    and ``tile_lists`` name its fields holding a seat, a tile id and tile ids, checked against the
    table in a log built by hand (:func:`check_replayable`)."""

    values: Callable[[Any], None] | None = None
    seats: tuple[str, ...] = ()
    tiles: tuple[str, ...] = ()
    tile_lists: tuple[str, ...] = ()


#: Payload classes (of a Win's or a Ryuukyoku's ``payload``) and their checks; others are not looked into.
_PAYLOADS: dict[type, PayloadCheck] = {}
#: Header classes and their checks: each raises OutOfRange for a number and returns its texts (value, what).
_HEADERS: dict[type, Callable[[Any], list[tuple[Any, str]]]] = {}
#: Event classes a hand may hold at most PER_HAND_LIMIT of, with their name in the plural.
_COUNTED: dict[type, str] = {Call: "calls", Win: "wins", Ryuukyoku: "draws"}


def register_payload(cls: type, check: PayloadCheck) -> None:
    """Check every payload of class ``cls`` with ``check`` (a family registers its payload classes)."""
    _PAYLOADS[cls] = check


def register_header(cls: type, check: Callable[[Any], list[tuple[Any, str]]]) -> None:
    """Check every header of class ``cls`` with ``check``: it raises :class:`OutOfRange` for a number
    outside its range and returns the header's texts as (value, what) pairs, which are checked here.
    A header class not registered has its ``str`` fields and its ``extra`` pairs checked."""
    _HEADERS[cls] = check


def count_per_hand(cls: type, what: str) -> None:
    """Allow a hand at most PER_HAND_LIMIT events of class ``cls`` (``what``: their name, plural)."""
    _COUNTED[cls] = what


def unregister(cls: type) -> None:
    """Take ``cls`` off every register (tests register toy families' classes and take them away)."""
    _PAYLOADS.pop(cls, None)
    _HEADERS.pop(cls, None)
    if cls not in (Call, Win, Ryuukyoku):
        _COUNTED.pop(cls, None)


# ---- checks of one value, for this module and the registered checks ---------------------------

def check_int(value, what: str, bounds: tuple[int, int]) -> None:
    """OutOfRange unless ``value`` is an integer within ``bounds`` (both ends included)."""
    lo, hi = bounds
    if not isinstance(value, int):
        raise OutOfRange(f"{what} {value!r} is not an integer")
    if not lo <= value <= hi:
        raise OutOfRange(f"{what} of {value} is outside {lo}..{hi}")


def check_ints(values, what: str, bounds: tuple[int, int]) -> None:
    """OutOfRange unless every one of ``values`` is an integer within ``bounds``."""
    if values and not (bounds[0] <= min(values) and max(values) <= bounds[1]):
        for v in values:
            check_int(v, what, bounds)


def check_real(value, what: str) -> None:
    """OutOfRange unless ``value`` is None or a finite number."""
    if value is None:
        return
    try:
        ok = math.isfinite(value)
    except (TypeError, OverflowError):
        ok = False
    if not ok:
        raise OutOfRange(f"{what} {str(value)[:40]} is not a finite number")


def check_text(value, what: str) -> None:
    """OutOfRange unless ``value`` is None or text that UTF-8 can hold (no lone surrogate) of at most
    :data:`MAX_TEXT_CHARS` characters."""
    if value is None:
        return
    if not isinstance(value, str):
        raise OutOfRange(f"{what} is not text")
    if len(value) > MAX_TEXT_CHARS:
        raise OutOfRange(f"{what} is {len(value):,} characters long, more than {MAX_TEXT_CHARS:,}")
    if not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise OutOfRange(f"{what} holds {value[exc.start]!r}, which is not a Unicode character "
                             "(a lone surrogate)") from None


def check_extra(pairs: Iterable[tuple[str, str]]) -> None:
    """OutOfRange unless every (name, value) attribute pair kept as extra is text."""
    for k, v in pairs:
        check_text(k, "an attribute name")
        check_text(v, f"attribute {k[:40]!r}")


# ---- the log --------------------------------------------------------------------------------

#: Logs that passed :func:`check_log` (what a reader returns), by identity: others are checked where
#: they enter the replay. (Not a WeakSet: that would hash, so walk, the whole game.)
_CHECKED: dict[int, weakref.ref[GameLog]] = {}


def _mark_checked(log: GameLog) -> None:
    key = id(log)
    _CHECKED[key] = weakref.ref(log, lambda _ref: _CHECKED.pop(key, None))


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
            raise OutOfRange(f"the game has {len(log.rounds)} hands, more than {ROUND_LIMIT}", "end of file")
        for rnd in log.rounds:
            _check_round(rnd)
    except OutOfRange as bad:
        raise MalformedLogError(bad.reason, source, bad.where) from None
    except TypeError as exc:  # a number that is not one (no reader gives it; a range cannot hold it)
        raise MalformedLogError(f"a value of the wrong type ({exc})", source) from None


def _placed(where: str, check: Callable[..., None], *args) -> None:
    """``check(*args)``, its OutOfRange placed at ``where`` unless it names a place itself."""
    try:
        check(*args)
    except OutOfRange as bad:
        raise OutOfRange(bad.reason, bad.where or where) from None


def _check_header(log: GameLog) -> None:
    try:
        _check_header_values(log)
    except OutOfRange as bad:
        raise OutOfRange(bad.reason, bad.where or "the header") from None
    for p in log.players:
        rank, rate = p.rank, p.rate
        if not ((rank is None or (type(rank) is int and -128 <= rank <= 127))
                and (rate is None or (type(rate) in (int, float) and -math.inf < rate < math.inf))):
            at = f"the header, seat {p.seat}"
            if rank is not None:
                _placed(at, check_int, rank, "the player's rank", SMALL_RANGE)
            _placed(at, check_real, rate, "the player's rate")
    if log.final is not None:
        _placed("the final result", _check_final, log.final)


def _check_header_values(log: GameLog) -> None:
    header = log.header
    texts: list[tuple[Any, str]] = [(log.log_id, "the log id"), (log.version, "the version"),
                                    (log.seed.text if log.seed is not None else None, "the seed")]
    check = _HEADERS.get(type(header))
    if check is not None:
        texts += check(header)
    elif header is not None and dataclasses.is_dataclass(header):
        for f in dataclasses.fields(header):   # another format's header: its text fields, its extra pairs
            value = getattr(header, f.name)
            if isinstance(value, str):
                texts.append((value, f"the header's {f.name}"))
            elif f.name == "extra":
                check_extra(value)
    values = [t for t, _ in texts if t is not None] + [t for p in log.players for t in (p.name, p.sex)
                                                       if t is not None] + [v for pair in log.header_extra for v in pair]
    if log.log_id is not None and isinstance(log.log_id, str) and len(log.log_id) > MAX_LOG_ID_CHARS:
        raise OutOfRange(f"the log id is {len(log.log_id):,} characters long, more than {MAX_LOG_ID_CHARS:,}")
    if not _texts_ok(values):  # one by one only to name the culprit
        for t, what in texts:
            check_text(t, what)
        for p in log.players:
            _placed(f"the header, seat {p.seat}", _check_player_texts, p)
        check_extra(log.header_extra)


def _texts_ok(values: list) -> bool:
    """Whether every one of ``values`` is text of at most MAX_TEXT_CHARS that UTF-8 can hold, checked
    all at once (encoding only the texts that are not ASCII)."""
    try:
        if max(map(len, values), default=0) > MAX_TEXT_CHARS:
            return False
        if not "".join(values).isascii():
            "\x00".join([t for t in values if not t.isascii()]).encode()
    except (UnicodeEncodeError, TypeError):
        return False
    return True


def _check_player_texts(p) -> None:
    check_text(p.name, "the player's name")
    check_text(p.sex, "the player's sex")


def _check_final(final) -> None:
    check_ints(final.scores, "a final score", SCORE_RANGE)
    for v in final.points:
        check_real(v, "a placement point value")


def _round_place(rnd: Round) -> str:
    return f"round {rnd.index} ({rnd.name})" if 0 <= rnd.kyoku < 16 else f"round {rnd.index}"


def _check_round(rnd: Round) -> None:
    honba, sticks, scores, dice = rnd.honba, rnd.sticks, rnd.scores, rnd.dice
    # Loops, not min() and max() (which parse their arguments slowly): -3.4M instructions a 60 games
    ok = -128 <= rnd.kyoku <= 127 and 0 <= honba <= COUNTER_LIMIT and 0 <= sticks <= COUNTER_LIMIT
    for v in scores or ():
        if not _SCORE_MIN <= v <= SCORE_LIMIT:
            ok = False
    for v in dice or ():
        if not -128 <= v <= 127:
            ok = False
    if not ok:
        _placed(_round_place(rnd), _check_round_values, rnd)
    if rnd.extra:
        _placed(_round_place(rnd), check_extra, rnd.extra)
    if rnd.shuffle is not None:
        _placed(_round_place(rnd), check_text, rnd.shuffle.text, "the shuffle seed")
    events = rnd.events
    n = len(events)
    if n > PER_HAND_LIMIT and not _few_counted(events):  # fewer events cannot hold more of one kind
        _placed(_round_place(rnd), _check_counts, events)
    # A hand's results come last: the readers allow only disconnects and reconnects after them
    # (a log built by hand has every event checked by check_replayable).
    i = n - 1
    try:
        while i >= 0:
            e = events[i]
            check = _TRAILING.get(type(e))
            if check is None:
                break
            check(e)
            i -= 1
    except OutOfRange as bad:
        raise OutOfRange(bad.reason, f"{_round_place(rnd)}, event {i}") from None


def _check_round_values(rnd: Round) -> None:
    check_int(rnd.kyoku, "the round number (kyoku)", SMALL_RANGE)
    check_int(rnd.honba, "the honba count", COUNTER_RANGE)
    check_int(rnd.sticks, "the riichi-stick count", COUNTER_RANGE)
    check_ints(rnd.scores, "a start score", SCORE_RANGE)
    check_ints(rnd.dice, "a die", SMALL_RANGE)


def _few_counted(events: tuple[Event, ...]) -> bool:
    """Whether a hand's events are at most EVENT_LIMIT and those of the counted classes at most
    PER_HAND_LIMIT in all, so that :func:`_check_counts` passes: each counted class, and the results
    (wins and draws are counted), are a part of them. One pass in C, not a Counter."""
    if len(events) > EVENT_LIMIT:
        return False
    if _event_columns is not None and type(events) is tuple and Draw not in _COUNTED and Discard not in _COUNTED:
        # No counted event is a draw or a discard, and the compiled store-row helper lists the others
        # (the columns it also builds are dropped): -54% of this count's instructions against the filter
        return len(_event_columns(events, Draw, Discard)["others"]) <= PER_HAND_LIMIT
    return len(list(filter(_COUNTED.__contains__, map(type, events)))) <= PER_HAND_LIMIT


def _check_counts(events: tuple[Event, ...]) -> None:
    if len(events) > EVENT_LIMIT:
        raise OutOfRange(f"the hand has {len(events)} events, more than {EVENT_LIMIT}")
    counts = Counter(map(type, events))
    for cls, what in _COUNTED.items():
        if counts[cls] > PER_HAND_LIMIT:
            raise OutOfRange(f"the hand has {counts[cls]} {what}, more than {PER_HAND_LIMIT}")
    if counts[Win] + counts[Ryuukyoku] > PER_HAND_LIMIT:
        raise OutOfRange(f"the hand has more than {PER_HAND_LIMIT} results")


def _check_outcome(o: Win | Ryuukyoku) -> None:
    ok = 0 <= o.honba <= COUNTER_LIMIT and 0 <= o.sticks <= COUNTER_LIMIT
    for v in o.scores_before or ():
        if not _SCORE_MIN <= v <= SCORE_LIMIT:
            ok = False
    for v in o.deltas or ():
        if not _SCORE_MIN <= v <= SCORE_LIMIT:
            ok = False
    if not ok:
        check_int(o.honba, "the honba count", COUNTER_RANGE)
        check_int(o.sticks, "the riichi-stick count", COUNTER_RANGE)
        check_ints(o.scores_before, "a score before the result", SCORE_RANGE)
        check_ints(o.deltas, "a score change", SCORE_RANGE)
    if o.extra:
        check_extra(o.extra)
    payload = o.payload
    if payload is not None:
        check = _PAYLOADS.get(type(payload))
        if check is not None and check.values is not None:
            check.values(payload)


def _check_win(w: Win) -> None:
    if not _SCORE_MIN <= w.points <= SCORE_LIMIT:
        check_int(w.points, "the points", SCORE_RANGE)
    _check_outcome(w)


def _check_reconnect(e: Reconnect) -> None:
    check_text(e.name, "the returning player's name")


def _nothing(_e: Event) -> None:
    pass


#: The events that may end a hand, and the check of each.
_TRAILING: dict[type, Callable[[Any], None]] = {
    Win: _check_win, Ryuukyoku: _check_outcome, Reconnect: _check_reconnect, Disconnect: _nothing}


# ---- logs built by hand -----------------------------------------------------------------------

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
    except OutOfRange as bad:
        raise MalformedLogError(bad.reason, log.source or "<bytes>", bad.where) from None
    except TypeError as exc:  # a hand or a meld that is not a sequence
        raise MalformedLogError(f"a value of the wrong type ({exc})", log.source or "<bytes>") from None
    _mark_checked(log)
    return log


#: Fields of the generic events holding one seat (None allowed where the IR allows it), one tile id and
#: tile ids; a payload's are registered with it (:class:`PayloadCheck`).
_SEAT_FIELDS = ("seat", "who", "from_who", "from_seat")
_TILE_FIELDS = ("tile", "win_tile", "called", "added")
_TILES_FIELDS = ("tiles", "hand")
_GENERIC = PayloadCheck(seats=_SEAT_FIELDS, tiles=_TILE_FIELDS, tile_lists=_TILES_FIELDS)


def _check_seats_and_tiles(rnd: Round, n: int, tile_count: int) -> None:
    def seat_ok(v) -> bool:
        return type(v) is int and 0 <= v < n

    def tile_ok(v) -> bool:
        return type(v) is int and 0 <= v < tile_count

    where = _round_place(rnd)
    if len(rnd.hands) != n or not seat_ok(rnd.dealer):
        raise OutOfRange(f"the hand deals {len(rnd.hands)} hands and names dealer {rnd.dealer!r} at a table of {n}",
                         where)
    for seat, hand in enumerate(rnd.hands):
        if not all(map(tile_ok, hand)):
            raise OutOfRange(f"seat {seat}'s starting hand holds a tile id outside 0..{tile_count - 1}", where)
    if not tile_ok(rnd.dora_indicator) and rnd.dora_indicator is not None:
        raise OutOfRange(f"the indicator {rnd.dora_indicator!r} is not a tile id of 0..{tile_count - 1}", where)
    for i, ev in enumerate(rnd.events):
        at = f"{where}, event {i}"
        label = type(ev).__name__
        check = _TRAILING.get(type(ev))
        if check is not None:   # a result anywhere in the hand, not only at its end
            _placed(at, check, ev)
        payload = getattr(ev, "payload", None)
        parts: list[tuple[object, PayloadCheck]] = [(ev, _GENERIC)]
        if type(payload) in _PAYLOADS:
            parts.append((payload, _PAYLOADS[type(payload)]))
        for part, fields in parts:
            for name in fields.seats:
                v = getattr(part, name, None)
                if v is not None and not seat_ok(v):
                    raise OutOfRange(f"{label}.{name} {v!r} is not a seat of 0..{n - 1}", at)
            for name in fields.tiles:
                v = getattr(part, name, None)
                if v is not None and not tile_ok(v):
                    raise OutOfRange(f"{label}.{name} {v!r} is not a tile id of 0..{tile_count - 1}", at)
            for name in fields.tile_lists:
                vs = getattr(part, name, None)
                if vs is not None and not all(map(tile_ok, vs)):
                    raise OutOfRange(f"{label}.{name} holds a value that is not a tile id of 0..{tile_count - 1}",
                                     at)
        for meld in getattr(ev, "melds", ()):
            if not all(map(tile_ok, meld.tiles)):
                raise OutOfRange(f"a meld of {type(ev).__name__} holds a value that is not a tile id", at)
