"""Tenhou mjlog XML (``.xml``, ``.mjlog``, gzip or not) -> :class:`~mjlog.ir.GameLog`.

The reader applies no rules: it checks that every element is well formed
(known tag, tile ids in the wall, seats in play, counts that fit) and turns it
into IR. Anything else raises :class:`~mjlog.errors.MalformedLogError` naming
the file and the element (``element 12 <N>``) or the XML position.

Parsing is hardened (:mod:`mjlog.formats.safe_xml`): no DTD (a ``<!DOCTYPE`` is
refused), no entity expansion, no network or file access, and limits on size and
attribute length.

>>> log = read_xml(b'<mjloggm ver="2.3"><GO type="169" lobby="0"/>'
...                b'<UN n0="A" n1="B" n2="C" n3="D" dan="9,9,9,9" rate="1500,1500,1500,1500" sx="M,M,M,F"/>'
...                b'<TAIKYOKU oya="0"/></mjloggm>')
>>> log.header.display, [p.name for p in log.players], log.truncated
('四鳳南喰赤', ['A', 'B', 'C', 'D'], True)
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING
from urllib.parse import unquote

from mjlog.accel import read_fast as _read_fast, read_init as _read_init
from mjlog.errors import MalformedLogError
from mjlog.rules.riichi.call_codes import decode_call
from mjlog.formats.tenhou.xml_items import DISCARD_TAGS as _DISCARD_TAGS, DRAW_TAGS as _DRAW_TAGS
from mjlog.formats.tenhou.xml_items import FAST_TAGS as _FAST_TAGS, FastTag, items_of_tree, scan_log
from mjlog.frozen import builder
from mjlog.ir.check import MAX_TEXT_CHARS
from mjlog.ir import (
    Call, CallKind, Discard, Disconnect, Draw, Event, FinalResult, GameLog, Player, Reconnect, Round, Seed,
)
from mjlog.rules.riichi.events import KITA, NewDora, RiichiAccepted, RiichiDeclared
from mjlog.rules.riichi.lobby import Lobby, lobby_from_go_type, ruleset_for_lobby
from mjlog.formats.source import LogSource, load
from mjlog.formats.safe_xml import is_xml_integer
from mjlog.formats.tenhou.xml_calls import table_call
from mjlog.formats.tenhou.xml_outcomes import OutcomeReader
from mjlog.formats.tenhou.xml_values import floats as _floats, integer as _int, ints as _ints

if TYPE_CHECKING:
    from lxml import etree

__all__ = ["read_xml", "scan_log", "items_of_tree"]

FORMAT = "tenhou-xml"
_NO_ATTRIBUTES: Mapping[str, str] = MappingProxyType({})  # shared by every element without attributes
_KNOWN_INIT = frozenset("seed ten oya hai0 hai1 hai2 hai3 shuffle".split())
_KNOWN_GO = frozenset("type lobby title rule ranking csrule".split())
_KNOWN_UN = frozenset("n0 n1 n2 n3 dan rate sx".split())


def read_xml(source: LogSource, name: str | None = None) -> GameLog:
    """Read a Tenhou mjlog XML log (path, bytes or binary stream; gzip by magic bytes)."""
    raw = load(source, name)
    return read_xml_bytes(raw.data, raw.name)


#: The root's end tag: every complete mjlog ends with it.
ROOT_END = b"</mjloggm>"
#: ``header_extra`` name of where a cut-off file stops (see :func:`read_xml_bytes`).
CUT_OFF = "file.cut_off"


def read_xml_bytes(data: bytes, name: str) -> GameLog:
    """Read a log's XML bytes. A file cut off mid-way (a download that stopped: no closing
    ``</mjloggm>``) with a complete hand keeps every element before the cut, and ``header_extra``
    says where it stops."""
    try:
        scanned = scan_log(data, name)
    except MalformedLogError as exc:
        end = data.rfind(b"/>")
        if ROOT_END in data[-4096:] or end < 0:
            raise
        try:
            scanned = scan_log(data[: end + 2] + ROOT_END, name)
        except MalformedLogError:
            raise exc from None
        log = _Reader(name).read_items(*scanned)
        if not any(r.outcomes for r in log.rounds):
            raise exc from None  # not one complete hand before the cut: nothing to keep
        return dataclasses.replace(log, header_extra=log.header_extra + ((CUT_OFF, exc.where or "its end"),))
    return _Reader(name).read_items(*scanned)


_PERCENT_ENCODED = re.compile(r"(?:%[0-9A-Fa-f]{2})+")


# the same players meet again and again in a corpus; 8,192 names (about 250 bytes each) bound a
# build worker's memory where an archive has ever more players (a miss costs a decode, ~1 us)
@functools.lru_cache(maxsize=1 << 13)
def unquote_name(text: str) -> str:
    """A player name as UN writes it (UTF-8, every byte %-encoded), decoded as
    :func:`urllib.parse.unquote` decodes it, faster for the usual all-%XX form.

    >>> unquote_name("%E3%81%82%41") == unquote("%E3%81%82%41") == "あA"
    True
    """
    if _PERCENT_ENCODED.fullmatch(text):
        return bytes.fromhex(text.replace("%", "")).decode("utf-8", "replace")
    return unquote(text)


#: Entries per call cache. 1,142 Phoenix games use 10,615 distinct calls and more games keep adding
#: some (99,712 are valid in a four-player game); at about 480 bytes a call in the two caches, the
#: limit keeps them near 4 MB, so a build worker's memory stops growing; a call past it is decoded
#: each time (about 9 us and 42,000 instructions, off the compiled path). Measured on 10,000 games
#: (issue 38): 8,192 decode 21% of the calls, 2.6 a game more than 16,384 (10%, 7.9 MB), about
#: 111,000 instructions (22 us) a game; 4,096 decode 31%.
_CACHE_LIMIT = 1 << 13
#: (call, seat whose last draw a chi or pon ends, else None), by (players, who text, m text)
_CALLS: dict[tuple[int, str | None, str | None], tuple[Call, int | None]] = {}
_MELDS: dict[tuple[int, int, int], Call] = {}  # by (players, who, m)


class _Reader(OutcomeReader):
    """Turns the elements of one parsed log into a GameLog; one instance per log (its outcomes'
    handlers are :class:`~mjlog.formats.tenhou.xml_outcomes.OutcomeReader`'s)."""

    _melds = _MELDS  # the calls the outcomes' compiled win reader decodes, cached with N's

    def __init__(self, name: str) -> None:
        self.name = name
        self.version: str | None = None
        self.seed: Seed | None = None
        self.lobby: Lobby | None = None
        self.players: tuple[Player, ...] | None = None
        self.first_dealer = 0
        self.header_extra: list[tuple[str, str]] = []
        self.rounds: list[Round] = []
        self.final: FinalResult | None = None
        self.n = 4
        # the round being read
        self.init: dict | None = None
        self.events: list[Event] = []
        self.pending: list[Event] = []
        self.last_draw: list[int | None] = [None] * 4
        self.ended = False  # an outcome was seen for the current round

    # -- driver -----------------------------------------------------------------------------

    def read(self, root: etree._Element) -> GameLog:
        """Read a log parsed by lxml."""
        return self.read_items(root.tag, root.attrib, root)

    def read_items(self, root_tag: str, root_attrs, items) -> GameLog:
        """Read a log given as :func:`scan_log` gives it.

        ``items`` holds the root's children as the scanner gives them (a tag, or a tag and its
        attributes) or as lxml elements; a draw or discard is taken from its tag alone.
        """
        if root_tag != "mjloggm":
            raise MalformedLogError(f"root element is <{root_tag}>, not <mjloggm>", self.name, "element 0")
        self.version = root_attrs.get("ver")
        if _read_fast is not None and items.__class__ is list:
            _read_fast(items, _READ_TABLES, self._slow)
        else:
            self._read_elements(items)
        if self.lobby is None:
            raise MalformedLogError("no <GO> element: not a Tenhou game log", self.name, "end of file")
        self._close_round()
        if self.pending and self.rounds:
            last = self.rounds[-1]
            self.rounds[-1] = _with_events(last, last.events + tuple(self.pending))
        if self.players is None:
            raise MalformedLogError("no <UN> element naming the players", self.name, "end of file")
        return GameLog(
            source_format=FORMAT,
            family="riichi",
            rules=ruleset_for_lobby(self.lobby),
            header=self.lobby,
            players=self.players,
            rounds=tuple(self.rounds),
            log_id=None,
            source=self.name,
            seed=self.seed,
            first_dealer=self.first_dealer,
            final=self.final,
            version=self.version,
            header_extra=tuple(self.header_extra),
        )

    def _read_elements(self, items) -> None:
        """The reading loop in Python (``mjlog._speedups.read_fast`` is its compiled twin)."""
        fast = _FAST_TAGS
        events_append = self.events.append
        last_draw = self.last_draw
        live = False  # inside a round, before its result: draws and discards are allowed
        four = True
        index = 0
        for item in items:
            index += 1
            cls = item.__class__
            if cls is tuple:
                tag, attrib = item
                if attrib is None:
                    continue  # an lxml node that is not an element (an unexpanded entity)
            else:
                tag = item if cls is str else item.tag
                hit = fast.get(tag)
                if hit is not None and live and (four or hit.ok_in_sanma):
                    # draws and discards: nine in ten elements, handled without a call
                    seat = hit.seat
                    if hit.is_discard:
                        events_append(hit.tsumogiri if last_draw[seat] == hit.tile else hit.discard)  # type: ignore[arg-type]  # a discard tag has both
                        last_draw[seat] = None
                    else:
                        last_draw[seat] = hit.tile
                        events_append(hit.draw)  # type: ignore[arg-type]  # a draw tag has its Draw
                    continue
                if cls is str:
                    attrib = _NO_ATTRIBUTES
                elif isinstance(tag, str):
                    attrib = item.attrib
                else:
                    continue  # an lxml node that is not an element (an unexpanded entity)
            events, last_draw, live, four = self._slow(index, tag, attrib)
            events_append = events.append

    def _slow(self, index: int, tag: str, attrib) -> tuple[list, list, bool, bool]:
        """Read element ``index`` (1-based) by its handler; return what the fast path needs next:
        the round's event list, the last draws, whether draws and discards are allowed, and
        whether the game has four players."""
        try:
            handler = self._handlers.get(tag)  # found here, not in a method of its own: a call less an element
            if handler is None:
                self._tag_element(tag)
            else:
                handler(self, attrib)
        except MalformedLogError as exc:
            where = f"element {index} <{tag}>"
            if exc.where:
                where += f" ({exc.where})"
            raise type(exc)(exc.reason, self.name, where) from None
        except (ValueError, IndexError, KeyError, TypeError) as exc:
            raise MalformedLogError(
                f"cannot read element ({exc})", self.name, f"element {index} <{tag}>"
            ) from None
        return self.events, self.last_draw, self.init is not None and not self.ended, self.n == 4

    def _tag_element(self, tag: str) -> None:
        """An element with no handler: a draw or discard the fast path did not take, else unknown."""
        head, rest = tag[0], tag[1:]
        if is_xml_integer(rest) and head in _DRAW_TAGS:
            self._draw(_DRAW_TAGS.index(head), int(rest))
        elif is_xml_integer(rest) and head in _DISCARD_TAGS:
            self._discard(_DISCARD_TAGS.index(head), int(rest))
        else:
            raise MalformedLogError(f"unknown element <{tag[:40]}>")

    # -- checks -----------------------------------------------------------------------------

    def _in_round(self, what: str) -> None:
        if self.init is None:
            raise MalformedLogError(f"{what} before the first <INIT>")
        if self.ended:
            raise MalformedLogError(f"{what} after the round's result")

    # -- header -----------------------------------------------------------------------------

    def _shuffle(self, a) -> None:
        text = a.get("seed", "")
        kind, _, value = text.partition(",")
        self.seed = Seed(kind, value, text)
        if a.get("ref"):
            self.header_extra.append(("SHUFFLE.ref", a["ref"]))

    def _go(self, a) -> None:
        go_type = _int(a.get("type"), "type")
        if not 0 <= go_type < 1 << 20:
            raise MalformedLogError(f"GO type={go_type} is out of range")
        lobby = a.get("lobby")
        extra = {k: a[k] for k in ("title", "rule", "ranking", "csrule") if k in a}
        self.lobby = lobby_from_go_type(go_type, _int(lobby, "lobby") if lobby is not None else None, **extra)
        self.n = 3 if self.lobby.sanma else 4
        self.last_draw = [None] * 4
        self.header_extra += [(f"GO.{k}", v) for k, v in a.items() if k not in _KNOWN_GO]

    def _un(self, a) -> None:
        if self.players is None and self.init is None:
            n = self.n
            names = [unquote_name(a.get(f"n{i}", "")) for i in range(4)]
            dans = _ints(a.get("dan"), "dan")
            rates = _floats(a.get("rate"), "rate")
            sexes = a.get("sx", "").split(",") if a.get("sx") else []
            if any(len(x) > 4 for x in (dans, rates, sexes)):
                raise MalformedLogError("dan, rate or sx has more than 4 values")
            # Player's fields: seat, name, rank, rate, sex
            self.players = tuple(
                _build_player(s, names[s], dans[s] if s < len(dans) else None, rates[s] if s < len(rates) else None,
                              sexes[s] if s < len(sexes) else None)
                for s in range(n)
            )
            if n == 3:
                slot = (names[3], dans[3] if len(dans) > 3 else None, rates[3] if len(rates) > 3 else None,
                        sexes[3] if len(sexes) > 3 else None)
                self.header_extra.append(("UN.seat3", repr(slot)))
            self.header_extra += [(f"UN.{k}", v) for k, v in a.items() if k not in _KNOWN_UN]
            return
        # a later UN is a reconnect: it names only the returning seat(s)
        for i in range(4):
            key = f"n{i}"
            if key in a:
                if i >= self.n:
                    raise MalformedLogError(f"reconnect names seat {i} in a three-player game")
                name = unquote_name(a[key])
                if len(name) > MAX_TEXT_CHARS:  # a reconnect within a hand is not among the texts the IR check visits
                    raise MalformedLogError(f"the returning player's name is {len(name):,} characters long, "
                                            f"more than {MAX_TEXT_CHARS:,}")
                ev = Reconnect(i, name)
                (self.events if self.init is not None else self.pending).append(ev)

    def _taikyoku(self, a) -> None:
        self.first_dealer = self._seat(a.get("oya", "0"), "oya")

    # -- rounds -----------------------------------------------------------------------------

    def _close_round(self) -> None:
        if self.init is None:
            return
        i = self.init
        # Round's fields: index, kyoku, honba, sticks, dealer, scores, dice, dora_indicator, hands, events,
        # shuffle, extra
        self.rounds.append(_build_round(len(self.rounds), i["kyoku"], i["honba"], i["sticks"], i["dealer"],
                                        i["scores"], i["dice"], i["dora"], i["hands"], tuple(self.events),
                                        i["shuffle"], i["extra"]))
        self.init = None
        self.events = []

    def _init(self, a) -> None:
        if self.lobby is None:
            raise MalformedLogError("<INIT> before <GO>")
        if self.init is not None and not self.ended:
            raise MalformedLogError("a new round starts before the previous one has a result")
        self._close_round()
        values = _read_init(a, self.n) if _read_init is not None else None
        self.init = values or self._init_values(a)
        self.events = self.pending
        self.pending = []
        self.last_draw = [None] * 4
        self.ended = False

    def _init_values(self, a) -> dict:
        """INIT's values by name (``mjlog._speedups.read_init`` is the compiled twin for plain ones)."""
        seed = _ints(a.get("seed"), "seed")
        if len(seed) != 6:
            raise MalformedLogError(f"seed has {len(seed)} values, expected 6 (round,honba,sticks,dice,dice,dora)")
        kyoku, honba, sticks, d0, d1, dora = seed
        if not 0 <= kyoku < 16 or honba < 0 or sticks < 0 or not (0 <= d0 < 6 and 0 <= d1 < 6):
            raise MalformedLogError(f"seed={a.get('seed')!r} has a value out of range")
        dealer = self._seat(a.get("oya"), "oya")
        if dealer != kyoku % 4:
            raise MalformedLogError(f"oya={dealer} is not the dealer of round {kyoku}")
        hands = []
        for s in range(4):
            h = self._tiles(a.get(f"hai{s}"), f"hai{s}")
            if s < self.n:
                if len(h) > 14:  # the replay judges the count (13); more than 14 is no hand at all
                    raise MalformedLogError(f"hai{s} has {len(h)} tiles")
                hands.append(h)
            elif h:
                raise MalformedLogError("hai3 holds tiles in a three-player game")
        shuffle = None
        if "shuffle" in a:
            kind, _, value = a["shuffle"].partition(",")
            shuffle = Seed(kind, value, a["shuffle"])
        extra = () if _KNOWN_INIT.issuperset(a.keys()) else tuple((k, v) for k, v in a.items() if k not in _KNOWN_INIT)
        if "hai3" not in a:
            extra += (("hai3", "<absent>"),)
        return dict(kyoku=kyoku, honba=honba, sticks=sticks, dice=(d0, d1), dora=self._tile(dora), dealer=dealer,
                    scores=self._scores(a.get("ten"), "ten"), hands=tuple(hands), shuffle=shuffle, extra=extra)

    def _draw(self, seat: int, tile: int) -> None:
        self._in_round("a draw")
        if seat >= self.n:
            raise MalformedLogError(f"a draw by seat {seat} in a three-player game")
        self.last_draw[seat] = self._tile(tile)
        self.events.append(Draw(seat, tile))

    def _discard(self, seat: int, tile: int) -> None:
        self._in_round("a discard")
        if seat >= self.n:
            raise MalformedLogError(f"a discard by seat {seat} in a three-player game")
        self._tile(tile)
        self.events.append(Discard(seat, tile, self.last_draw[seat] == tile))
        self.last_draw[seat] = None

    def _n(self, a) -> None:
        self._in_round("a call")
        key = (self.n, a.get("who"), a.get("m"))
        hit = _CALLS.get(key)
        if hit is None:
            call = self._meld(self._seat(key[1], "who"), _int(key[2], "m"))
            hit = (call, call.seat if call.kind is CallKind.CHI or call.kind is CallKind.PON else None)
            if len(_CALLS) < _CACHE_LIMIT:
                _CALLS[key] = hit  # by the attributes' text, so a repeated call skips parsing them too
        call, ends_draw = hit
        if ends_draw is not None:  # a chi or pon: the caller's next discard is not its draw
            self.last_draw[ends_draw] = None
        self.events.append(call)

    def _meld(self, who: int, m: int) -> Call:
        """The call of seat ``who`` coded ``m`` (N's or AGARI's ``m``), checked; decoded once per
        process, since calls are immutable values."""
        key = (self.n, who, m)
        call = _MELDS.get(key)
        if call is None:
            call = table_call(self.n, who, m)  # by table: -6.5% of reading the 722 Phoenix games' instructions
            if call is None:  # not a valid code: the reference decoder and the checks say why
                call = decode_call(who, m)
                self._check_call(call)
            if len(_MELDS) < _CACHE_LIMIT:
                _MELDS[key] = call
        return call

    def _check_call(self, call: Call) -> None:
        for t in call.tiles:
            self._tile(t)
        if call.from_seat is not None and call.from_seat >= self.n:
            raise MalformedLogError(f"call takes from seat {call.from_seat}, not in a {self.n}-player game")
        if self.n == 3 and call.kind is CallKind.CHI:
            raise MalformedLogError("chi in a three-player game")
        if self.n == 4 and call.kind is KITA:
            raise MalformedLogError("kita in a four-player game")

    def _reach(self, a) -> None:
        self._in_round("a riichi")
        who = self._seat(a.get("who"), "who")
        step = _int(a.get("step"), "step")
        if step == 1:
            self.events.append(_DECLARED[who])
        elif step == 2:
            ten = a.get("ten")
            self.events.append(_build_accepted(who, self._scores(ten, "ten") if ten is not None else None))
        else:
            raise MalformedLogError(f"riichi step={step} is not 1 or 2")

    def _dora(self, a) -> None:
        self._in_round("a new dora")
        self.events.append(NewDora(self._tile(_int(a.get("hai"), "hai"))))

    def _bye(self, a) -> None:
        ev = Disconnect(self._seat(a.get("who"), "who"))
        (self.events if self.init is not None else self.pending).append(ev)


    _handlers: dict[str, Callable[[_Reader, Mapping[str, str]], None]] = {
        "SHUFFLE": _shuffle,
        "GO": _go,
        "UN": _un,
        "TAIKYOKU": _taikyoku,
        "INIT": _init,
        "N": _n,
        "REACH": _reach,
        "DORA": _dora,
        "AGARI": OutcomeReader._agari,
        "RYUUKYOKU": OutcomeReader._ryuukyoku,
        "BYE": _bye,
    }


_build_round = builder(Round)
_build_accepted = builder(RiichiAccepted)
_DECLARED = tuple(RiichiDeclared(seat) for seat in range(4))  # immutable: one per seat serves every log
_build_player = builder(Player)
_NEW_DORA = tuple(NewDora(t) for t in range(136))  # immutable: one per tile id serves every log


@dataclass(frozen=True, slots=True)
class ReadTables:
    """What the compiled reading loop (``mjlog._speedups.read_fast``) reads, by name: the draw
    and discard tags, the attributes of an element without any, and what it needs to read N
    (from the call cache), REACH and DORA itself."""

    tags: dict[str, FastTag]
    no_attributes: Mapping[str, str]
    calls: dict[tuple[int, str | None, str | None], tuple[Call, int | None]]
    declared: tuple[RiichiDeclared, ...]
    build_accepted: Callable[..., RiichiAccepted]
    new_dora: tuple[NewDora, ...]


_READ_TABLES = ReadTables(_FAST_TAGS, _NO_ATTRIBUTES, _CALLS, _DECLARED, _build_accepted, _NEW_DORA)


def _with_events(r: Round, events: tuple[Event, ...]) -> Round:
    import dataclasses

    return dataclasses.replace(r, events=events)
