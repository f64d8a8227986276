"""mjai JSON lines -> the IR: a whole game as Mortal's ``libriichi`` or the mjai archives write it.

``start_game`` may give ``names``, ``kyoku_first`` (0 a south game, 4 an east game, as akochan
and the mjai converters use it), ``aka_flag`` and mjlog's own ``mjlog_rules`` (a preset name)
and ``mjlog_knobs`` (that preset's knobs changed, ``name=value;…``);
without them the game is taken as a south game with red fives. Three players are told by three
``names`` or three ``scores``; a fourth slot of zeros and ``?`` is accepted and dropped. A hand
is :mod:`mjlog.formats.mjai.hand`; ``hora`` may carry the richer fields of the published
archives (``yakus``, ``fu``, ``fan``, ``hora_points``), read when present.

What mjai does not record goes into :attr:`GameLog.unrecorded` (``ir.UNRECORDED`` says what each
name means) so the audit neither checks nor invents it. A log with hidden tiles (``?``) is one
player's view, not a game, and is refused. Every error is a
:class:`~mjlog.errors.MalformedLogError` naming the line.
"""

from __future__ import annotations

from mjlog.errors import LogTooLargeError, MalformedLogError
from mjlog.formats.bail import BailOut
from mjlog.formats.mjai.common import DRAW_KINDS_BY_REASON, EVENT_TYPES, KIND_NAMES, TILES_BY_NAME, WINDS, parse_tile
from mjlog.formats.mjai.lines import kept_steps, line_object
from mjlog.formats.mjai.hand import HandProblem, HandState, draw_kind, shown_seats
from mjlog.formats.mjai.yaku import YakuProblem, win_value
from mjlog.formats.source import text_lines
from mjlog.ir import CallKind, FinalResult, GameLog, Player, Round
from mjlog.rules.riichi.events import KITA
from mjlog.rules.riichi.events import RiichiDeclared
from mjlog.rules.riichi.record import DrawKind, riichi_draw, riichi_win
from mjlog.rules.riichi.flow import final_scores, placement_points
from mjlog.rules.family import apply_knobs
from mjlog.rules.riichi.ruleset import PRESETS, RuleSet
from mjlog.rules.riichi.settlement import PAO_YAKUMAN, pao_seat

MAX_LINES = 100_000
#: What no mjai log records (more is added per log: see :class:`MjaiReader`).
ALWAYS_UNRECORDED = frozenset(("wall", "dice", "tile_ids", "placement_points", "pao", "draw_tenpai"))
_CALLS = {"chi": (CallKind.CHI, 2), "pon": (CallKind.PON, 2), "daiminkan": (CallKind.DAIMINKAN, 3)}


class Bad(BailOut):
    """One event's fields are wrong (the reader adds the line)."""


def read_mjai_bytes(data: bytes, name: str) -> GameLog:
    """Read a whole mjai game; raises :class:`MalformedLogError` with the line for bad input."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise MalformedLogError("the file is not UTF-8 text", name, f"byte {exc.start}") from None
    reader = MjaiReader()
    lines = text_lines(text)
    if len(lines) > MAX_LINES:
        raise LogTooLargeError(f"more than {MAX_LINES} lines", name)
    reader.read_lines(lines, name)
    try:
        return reader.game(name)
    except (Bad, HandProblem) as exc:
        raise MalformedLogError(str(exc), name, "the end of the file") from None


# -- fields ------------------------------------------------------------------------------------------


def _int(obj: dict, key: str, lo: int, hi: int, default: int | None = None) -> int:
    v = obj.get(key, default)
    if type(v) is not int or not lo <= v <= hi:
        raise Bad(f"{key} {v!r} is not a whole number from {lo} to {hi}")
    return v


def _tile(obj: dict, key: str) -> tuple[int, bool]:
    try:
        return TILES_BY_NAME[obj[key]]
    except (KeyError, TypeError):  # no such field, or not a tile's name: the error says which
        return _tile_value(obj.get(key), key)


def _tile_value(v: object, key: str) -> tuple[int, bool]:
    if v == "?":
        raise Bad(f"{key} is a hidden tile ('?'): the log is one player's view, and mjlog reads whole games only")
    t = parse_tile(v)
    if t is None:
        raise Bad(f"{key} {str(v)[:20]!r} is not an mjai tile (1m..9s, E S W N P F C, 5mr 5pr 5sr)")
    return t


def _tiles(obj: dict, key: str, count: int | None = None, default: list | None = None) -> list[tuple[int, bool]]:
    v = obj.get(key, default)
    if not isinstance(v, list) or (count is not None and len(v) != count) or len(v) > 20:
        raise Bad(f"{key} is not a list of {count if count is not None else 'up to 20'} tiles")
    try:
        return [TILES_BY_NAME[x] for x in v]
    except (KeyError, TypeError):  # not all tiles' names: the error names the first that is not
        return [_tile_value(x, key) for x in v]


def _ints(obj: dict, key: str, n: int, bound: int = 10**7) -> tuple[int, ...]:
    v = obj.get(key)
    if isinstance(v, list) and len(v) == 4 and n == 3 and v[3] == 0:
        v = v[:3]  # a three-player log with a fourth, empty slot
    if (not isinstance(v, list) or len(v) != n
            or not all(type(x) is int and -bound <= x <= bound for x in v)):
        raise Bad(f"{key} is not a list of {n} whole numbers")
    return tuple(v)


class MjaiReader:
    """The game so far, fed one event at a time."""

    def __init__(self) -> None:
        self.start: dict = {}
        self.n = 0
        self.rules: RuleSet | None = None
        self.hand: HandState | None = None
        self.rounds: list[Round] = []
        self.after: tuple[tuple[int, ...], int] | None = None     # scores and sticks after the last hand
        self.end: dict | None = None
        self.unrecorded = set(ALWAYS_UNRECORDED)

    def read_lines(self, lines: list[str], name: str) -> None:
        """Feed the lines of file ``name`` to :meth:`event`; a draw or discard read before (:func:`kept_steps`)
        is played from its :class:`Step` without reading it again, where the hand is open to it."""
        kept = kept_steps().get
        for number, line in enumerate(lines, 1):
            step = kept(line)
            h = self.hand
            try:
                # the checks of event and _play for a valid draw or discard (h is None after end_game)
                if step is not None and h is not None and not h.outcome and step.seat < self.n:
                    step.act(h, *step.args)
                else:
                    obj = line_object(line, name, number)
                    if obj is not None:
                        self.event(obj)
            except (Bad, HandProblem, YakuProblem) as exc:
                raise MalformedLogError(str(exc), name, f"line {number}") from None

    def event(self, obj: dict) -> None:
        kind = obj.get("type")
        play = _PLAYS.get(kind) if isinstance(kind, str) else None
        h = self.hand
        if play is not None and h is not None and not h.outcome and self.end is None:
            play(self, h, obj)  # the common case, its checks below all passed
            return
        if not isinstance(kind, str) or kind not in EVENT_TYPES:
            raise Bad(f"unknown event type {str(kind)[:30]!r}")
        if self.end is not None and kind != "none":
            raise Bad(f"{kind} after end_game")
        if kind == "start_game":
            if self.start or self.rounds or self.hand:
                raise Bad("a second start_game")
            self.start = dict(obj) or {"type": kind}
        elif kind == "start_kyoku":
            self._start_kyoku(obj)
        elif kind == "end_kyoku":
            self._close_hand(required=True)
        elif kind == "end_game":
            if self.hand is not None:
                self._close_hand(required=True)
            self.end = obj
        elif kind != "none":
            if h is None:
                raise Bad(f"{kind} outside a hand (no start_kyoku before it)")
            if h.outcome and kind != "hora":
                raise Bad(f"{kind} after the hand's outcome")
            _PLAYS[kind](self, h, obj)

    # -- the game ----------------------------------------------------------------------------------

    def _choose_rules(self, obj: dict) -> None:
        names = self.start.get("names")
        n = self.start.get("num_players")
        if type(n) is not int or n not in (3, 4):
            n = len(names) if isinstance(names, list) and len(names) in (3, 4) else None
        if n is None:
            scores = obj.get("scores")
            n = 3 if isinstance(scores, list) and (len(scores) == 3 or scores[3:] == [0]) else 4
        first = self.start.get("kyoku_first", 0)
        preset = self.start.get("mjlog_rules")
        if not (isinstance(preset, str) and preset in PRESETS and PRESETS[preset].players == n):
            preset = f"tenhou-{n}p-{'east' if first == 4 else 'south'}"
        rules = PRESETS[preset]
        knobs = self.start.get("mjlog_knobs")
        if isinstance(knobs, str) and preset == self.start.get("mjlog_rules"):
            try:
                rules = apply_knobs(rules, knobs)
            except ValueError as exc:
                raise Bad(f"start_game mjlog_knobs cannot be applied ({exc})") from None
        aka = self.start.get("aka_flag")
        if isinstance(aka, bool) and aka != rules.red_fives:
            rules = rules.replace(red_fives=aka)
        self.n, self.rules = n, rules

    def _start_kyoku(self, obj: dict) -> None:
        if self.hand is not None:
            self._close_hand(required=True)
        if self.rules is None:
            self._choose_rules(obj)
        n, rules = self.n, self.rules
        assert rules is not None
        wind = obj.get("bakaze")
        if wind not in WINDS:
            raise Bad(f"bakaze {str(wind)[:10]!r} is not E, S, W or N")
        number = _int(obj, "kyoku", 1, n)
        dealer = _int(obj, "oya", 0, n - 1)
        tehais = obj.get("tehais")
        if isinstance(tehais, list) and n == 3 and len(tehais) == 4 and all(t == "?" for t in tehais[3] or []):
            tehais = tehais[:3]
        if not isinstance(tehais, list) or len(tehais) != n:
            raise Bad(f"tehais is not a list of {n} hands")
        hands = [_tiles({"tehais": t}, "tehais", 13) for t in tehais]
        h = HandState(len(self.rounds), WINDS.index(wind) * 4 + number - 1, _int(obj, "honba", 0, 1000),
                      _int(obj, "kyotaku", 0, 1000), dealer, _ints(obj, "scores", n), rules, n)
        h.deal(hands, _tile(obj, "dora_marker"))
        self.hand = h

    def _close_hand(self, required: bool) -> None:
        h = self.hand
        if h is None:
            raise Bad("end_kyoku without start_kyoku")
        if required and not h.outcome:
            raise Bad("the hand ends with neither hora nor ryukyoku")
        self.rounds.append(h.round())
        self.after = (tuple(h.running), h.sticks_now)
        self.hand = None

    def game(self, name: str) -> GameLog:
        if self.hand is not None:
            self.rounds.append(self.hand.round())  # a log cut off mid-hand: the hand so far
            self.hand = None
        if not self.rounds:
            raise Bad("no hand (start_kyoku) in the log")
        rules = self.rules
        assert rules is not None
        names = self.start.get("names")
        if not (isinstance(names, list) and len(names) >= self.n and all(isinstance(x, str) for x in names)):
            names = [""] * self.n
        players = tuple(Player(s, names[s]) for s in range(self.n))   # whole: the IR check bounds a name
        final = self._final(rules) if self.end is not None and self.after is not None else None
        first = self.rounds[0]
        return GameLog(source_format="mjai", family="riichi", rules=rules, players=players,
                       rounds=tuple(self.rounds), header=None, source=name, final=final,
                       unrecorded=frozenset(self.unrecorded),
                       first_dealer=(first.dealer - first.kyoku % 4) % self.n)  # mjai names none: its first hand's

    def _final(self, rules: RuleSet) -> FinalResult:
        assert self.end is not None and self.after is not None
        if "scores" in self.end:
            scores = _ints(self.end, "scores", self.n)
        else:
            self.unrecorded.add("final_scores")
            scores = final_scores(*self.after, rules)
        points = placement_points(scores, rules)
        return FinalResult(scores, points, all(p == int(p) for p in points))

    # -- the play ----------------------------------------------------------------------------------

    def _actor(self, obj: dict) -> int:
        seat = obj.get("actor")
        if type(seat) is not int or not 0 <= seat < self.n:
            return _int(obj, "actor", 0, self.n - 1)  # raises the error
        return seat

    def _tsumo(self, h: HandState, obj: dict) -> None:
        h.draw(self._actor(obj), *_tile(obj, "pai"))

    def _dahai(self, h: HandState, obj: dict) -> None:
        seat = self._actor(obj)
        tsumogiri = obj.get("tsumogiri", False)
        if not isinstance(tsumogiri, bool):
            raise Bad("tsumogiri is not true or false")
        h.discard(seat, *_tile(obj, "pai"), tsumogiri)

    def _dora(self, h: HandState, obj: dict) -> None:
        h.new_dora(*_tile(obj, "dora_marker"))

    def _reach(self, h: HandState, obj: dict) -> None:
        h.events.append(RiichiDeclared(self._actor(obj)))

    def _reach_accepted(self, h: HandState, obj: dict) -> None:
        seat = self._actor(obj)
        h.accept_riichi(seat, _ints(obj, "scores", self.n) if "scores" in obj else None)

    def _call(self, h: HandState, obj: dict) -> None:
        seat = self._actor(obj)
        kind = obj["type"]
        if kind == "chi" and self.n == 3:
            raise Bad("chi in a three-player game")
        call, count = _CALLS[kind]
        target = _int(obj, "target", 0, self.n - 1)
        if target == seat:
            raise Bad(f"seat {seat} calls its own discard")
        h.call(call, seat, target, _tile(obj, "pai"), _tiles(obj, "consumed", count))

    def _kakan(self, h: HandState, obj: dict) -> None:
        seat = self._actor(obj)
        h.kakan(seat, _tile(obj, "pai"))

    def _ankan(self, h: HandState, obj: dict) -> None:
        seat = self._actor(obj)
        h.ankan(seat, _tiles(obj, "consumed", 4))

    def _kita(self, h: HandState, obj: dict) -> None:
        seat = self._actor(obj)
        if "pai" in obj and _tile(obj, "pai") != (30, False):
            raise Bad("kita sets aside a tile that is not North")
        h.kita(seat)

    def _hora(self, h: HandState, obj: dict) -> None:
        n = self.n
        who = _int(obj, "actor", 0, n - 1)
        frm = _int(obj, "target", 0, n - 1)
        first = not h.outcome
        if not first and (who == frm or h.events[-1].from_who != frm):  # type: ignore[attr-defined]  # a Win after a hora (a ryukyoku's Ryuukyoku raises: a known bug)
            raise Bad("a second hora that is not a ron on the same tile")
        if who == frm:
            tile = h.last_draw[who]
            if tile is None:
                raise Bad(f"seat {who} wins by tsumo without having just drawn")
            hand = sorted(h.held[who])
        else:
            if h.last_given is None or h.last_given[0] != frm:
                raise Bad(f"seat {who} wins by ron from seat {frm}, who has no tile to win on")
            tile = h.last_given[1]
            hand = sorted(h.held[who] | {tile})
        if "pai" in obj and _tile(obj, "pai") != (tile >> 2, h._is_red(tile)):
            raise Bad(f"hora pai {obj['pai']!r} is not the winning tile {KIND_NAMES[tile >> 2]}")
        deltas = _ints(obj, "deltas", n)
        key = "ura_markers" if "ura_markers" in obj else "uradora_markers"
        ura = h.ura_ids(_tiles(obj, key, default=[]))
        melds = tuple(reversed(h.melds[who]))  # as Tenhou's AGARI lists them: the latest call first
        value = win_value(obj, h, who, hand, tile)
        if value is None:
            self.unrecorded.add("win_value")
        yakuman = value.yakuman if value is not None and value.yakuman else tuple(PAO_YAKUMAN)
        pao = pao_seat([m for m in h.melds[who] if m.kind is not KITA], who, yakuman, h.rules)
        h.events.append(riichi_win(
            who=who, from_who=frm, hand=tuple(hand), win_tile=tile, melds=melds,
            fu=value.fu if value else 0, points=value.points if value else 0, limit=value.limit if value else 0,
            yaku=value.yaku if value else (), yakuman=value.yakuman if value else (),
            dora_indicators=tuple(h.dora), ura_indicators=tuple(ura) if who in h.riichi else (),
            honba=h.honba, sticks=h.sticks_now if first else 0, scores_before=tuple(h.running),
            deltas=deltas, pao_who=pao,
        ))
        h.running = [s + d for s, d in zip(h.running, deltas)]
        h.sticks_now = 0
        h.outcome = True

    def _ryukyoku(self, h: HandState, obj: dict) -> None:
        reason = obj.get("reason")
        if isinstance(reason, str) and reason in DRAW_KINDS_BY_REASON:
            kind = DrawKind(DRAW_KINDS_BY_REASON[reason])
        else:  # no reason, or one of a writer mjlog does not know: told from the play
            kind = draw_kind(h)
            self.unrecorded.add("draw_kind")
        deltas = _ints(obj, "deltas", self.n) if "deltas" in obj else (0,) * self.n
        shown = shown_seats(h, kind)
        h.events.append(riichi_draw(
            kind=kind, honba=h.honba, sticks=h.sticks_now, scores_before=tuple(h.running), deltas=deltas,
            hands=tuple(tuple(sorted(h.held[s])) if s in shown else None for s in range(self.n)),
        ))
        h.running = [s + d for s, d in zip(h.running, deltas)]
        h.outcome = True


#: What each event of play does to the hand, by ``type``.
_PLAYS = {
    "tsumo": MjaiReader._tsumo, "dahai": MjaiReader._dahai, "dora": MjaiReader._dora, "reach": MjaiReader._reach,
    "reach_accepted": MjaiReader._reach_accepted, "chi": MjaiReader._call, "pon": MjaiReader._call,
    "daiminkan": MjaiReader._call, "kakan": MjaiReader._kakan, "ankan": MjaiReader._ankan,
    "kita": MjaiReader._kita, "nukidora": MjaiReader._kita, "hora": MjaiReader._hora,
    "ryukyoku": MjaiReader._ryukyoku,
}
