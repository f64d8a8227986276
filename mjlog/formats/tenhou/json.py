"""tenhou.net/6 JSON: read it (both flavours, JSON-lines too) and write the official flavour.

This module reads a game's header (``rule``, players, ``sc``, ``connection``) and holds
the name tables both directions share (yaku, limits, results, dan strings). Each round
is replayed by :mod:`mjlog.formats.tenhou.json_read` (the backtracking order search and
the tile-id rule are described there); :mod:`mjlog.formats.tenhou.json_write` writes
the official export.

* :func:`read_json_bytes` / :func:`read_json`: bytes or a path -> :class:`~mjlog.ir.GameLog`.
* :func:`write_tenhou6`: GameLog -> the official ``dict`` (``ver, ref, log, …, sc, name``).
* :func:`dumps_tenhou6`: the same as compact JSON text.

The rule set comes from ``rule.disp`` (``[三|四]`` room ``南|東`` ``喰`` ``赤`` ``速``,
rebuilt into a GO type) and the ``aka``/``aka51-53`` fields, which win over ``赤``;
a game is sanma when ``disp`` starts with ``三`` or the fourth seat has no hands
(``ratingc`` ``PF3`` when there are no rounds).
Without ``disp`` the defaults are 4p, ippan, south, open tanyao, red fives.

What JSON cannot say (so the IR holds a placeholder): the wall seed
(``GameLog.seed`` is None), the dice (``Round.dice`` is ``(0, 0)``), which copy
of a tile was used (ids follow a documented rule), the fu of a limit hand
(``RiichiWin.fu`` is 0 for mangan and above), and which seats showed their hands at a
nagashi mangan (``Ryuukyoku.hands`` all None).

>>> log = read_json_bytes(dumps_tenhou6(read_json_bytes(b'{"log": []}')).encode())
>>> log.header.display, log.rules.players, len(log.rounds)
('四般南喰赤', 4, 0)
"""

from __future__ import annotations

import dataclasses
import json
import math
import re
from collections import Counter
from typing import Any, TypeGuard

from mjlog.formats.json_depth import check_json_depth
from mjlog.formats.json_keys import DuplicateKeyError, unique_keys
from mjlog.errors import MalformedLogError, UnsupportedFormatError
from mjlog.formats.bail import BailOut
from mjlog.ir import Disconnect, Event, FinalResult, GameLog, Player, Reconnect
from mjlog.rules.riichi.record import DrawKind
from mjlog.rules.riichi.lobby import ROOM_NAMES, Lobby, lobby_from_go_type, ruleset_for_lobby
from mjlog.formats.source import LogSource, load, text_lines

FORMAT = "tenhou-json"

#: Yaku names as tenhou.net/6 JSON writes them, by Tenhou yaku id (reference §6).
YAKU_NAMES: dict[int, str] = {
    0: "門前清自摸和", 1: "立直", 2: "一発", 3: "槍槓", 4: "嶺上開花", 5: "海底摸月", 6: "河底撈魚",
    7: "平和", 8: "断幺九", 9: "一盃口",
    10: "自風 東", 11: "自風 南", 12: "自風 西", 13: "自風 北",
    14: "場風 東", 15: "場風 南", 16: "場風 西", 17: "場風 北",
    18: "役牌 白", 19: "役牌 發", 20: "役牌 中",
    21: "両立直", 22: "七対子", 23: "混全帯幺九", 24: "一気通貫", 25: "三色同順", 26: "三色同刻",
    27: "三槓子", 28: "対々和", 29: "三暗刻", 30: "小三元", 31: "混老頭", 32: "二盃口", 33: "純全帯幺九",
    34: "混一色", 35: "清一色", 36: "人和", 37: "天和", 38: "地和", 39: "大三元", 40: "四暗刻",
    41: "四暗刻単騎", 42: "字一色", 43: "緑一色", 44: "清老頭", 45: "九蓮宝燈", 46: "純正九蓮宝燈",
    47: "国士無双", 48: "国士無双１３面", 49: "大四喜", 50: "小四喜", 51: "四槓子",
    52: "ドラ", 53: "裏ドラ", 54: "赤ドラ",
}
YAKU_IDS: dict[str, int] = {name: i for i, name in YAKU_NAMES.items()}

#: Limit names (XML ``ten`` third field 1..5).
LIMIT_NAMES: dict[int, str] = {1: "満貫", 2: "跳満", 3: "倍満", 4: "三倍満", 5: "役満"}
LIMIT_IDS: dict[str, int] = {name: i for i, name in LIMIT_NAMES.items()}

WIN_NAME = "和了"
#: Result names of draws; the three exhaustive-draw spellings all map to EXHAUSTIVE.
DRAW_RESULT_KINDS: dict[str, DrawKind] = {
    "流局": DrawKind.EXHAUSTIVE,
    "全員聴牌": DrawKind.EXHAUSTIVE,
    "全員不聴": DrawKind.EXHAUSTIVE,
    "九種九牌": DrawKind.NINE_TERMINALS,
    "四家立直": DrawKind.FOUR_RIICHI,
    "三家和了": DrawKind.TRIPLE_RON,
    "四槓散了": DrawKind.FOUR_KANS,
    "四風連打": DrawKind.FOUR_WINDS,
    "流し満貫": DrawKind.NAGASHI_MANGAN,
}
DRAW_RESULT_NAMES: dict[DrawKind, str] = {
    DrawKind.NINE_TERMINALS: "九種九牌",
    DrawKind.FOUR_RIICHI: "四家立直",
    DrawKind.TRIPLE_RON: "三家和了",
    DrawKind.FOUR_KANS: "四槓散了",
    DrawKind.FOUR_WINDS: "四風連打",
    DrawKind.NAGASHI_MANGAN: "流し満貫",
}

_FULL_DIGITS = "０１２３４５６７８９"
_KANJI_DAN = "初二三四五六七八九十"


def dan_string(rank: int | None) -> str:
    """The official JSON ``dan`` string of a rank index (``新人``, ``６級``, ``初段``, ``天鳳``)."""
    if rank is None or not 0 <= rank <= 20:
        return "新人"
    if rank == 0:
        return "新人"
    if rank < 10:
        return f"{_FULL_DIGITS[10 - rank]}級"
    if rank < 20:
        return f"{_KANJI_DAN[rank - 10]}段"
    return "天鳳"


def dan_index(text: object) -> int | None:
    """The rank index of a JSON ``dan`` string (full-width or ASCII digits), None if unknown."""
    if isinstance(text, int) and not isinstance(text, bool):
        return text if 0 <= text <= 20 else None
    if not isinstance(text, str):
        return None
    text = text.strip()
    if text == "新人":
        return 0
    if text in ("天鳳", "天鳳位"):
        return 20
    if text.endswith("級") and len(text) == 2:
        d = text[0]
        n = _FULL_DIGITS.index(d) if d in _FULL_DIGITS else (int(d) if d.isdigit() else 0)
        return 10 - n if 1 <= n <= 9 else None
    if text.endswith("段") and len(text) == 2 and text[0] in _KANJI_DAN:
        return 10 + _KANJI_DAN.index(text[0])
    return None


_ROOMS = {name: bits for bits, name in ROOM_NAMES.items()}  # follows ruleset (0x20/0x80)
_POINTS = re.compile(r"^(\d+)(?:-(\d+))?点(∀)?$")
_RANK = re.compile(r"^(?:(\d+)符(\d+)飜|(満貫|跳満|倍満|三倍満|役満))(.*)$")
_YAKU = re.compile(r"^(.+)\((?:(\d+)飜|(役満))\)$")
Json = Any


def is_int(v: object) -> TypeGuard[int]:
    """True for a JSON integer (not a boolean)."""
    return isinstance(v, int) and not isinstance(v, bool)


class JsonProblem(BailOut):
    """A reason to reject a JSON log; the reader turns it into MalformedLogError with its place."""

    def __init__(self, reason: str, where: str | None = None):
        super().__init__(reason)
        self.reason, self.where = reason, where



def lobby_from_rule(obj: dict, sanma_hint: bool) -> tuple[Lobby, list[tuple[str, str]]]:
    """The lobby ``rule.disp`` and the aka fields describe (GO type rebuilt from the name), plus extras."""
    rule = obj.get("rule", {})
    if not isinstance(rule, dict):
        raise JsonProblem("rule is not an object", "header (rule)")
    disp = rule.get("disp", "")
    if not isinstance(disp, str):
        raise JsonProblem("rule.disp is not a string", "header (rule)")
    extra: list[tuple[str, str]] = []
    text = disp.strip()
    online, sanma = True, sanma_hint
    if text[:1] == "－":
        online, text = False, text[1:]
    if text[:1] in ("三", "四"):
        sanma, text = text[0] == "三", text[1:]
    room = 0
    if text[:1] in _ROOMS:
        room, text = _ROOMS[text[0]], text[1:]
    hanchan = True
    if text[:1] in ("南", "東"):
        hanchan, text = text[0] == "南", text[1:]
    kuitan = "喰" in text or not disp
    red = "赤" in text or not disp
    fast = "速" in text
    if text.replace("喰", "").replace("赤", "").replace("速", ""):
        extra.append(("rule.disp", disp))
    aka = [rule[k] for k in ("aka", "aka51", "aka52", "aka53") if k in rule]
    if aka:
        red = any(bool(v) for v in aka)
    go = 0x01 * online | 0x02 * (not red) | 0x04 * (not kuitan) | 0x08 * hanchan | 0x10 * sanma | room
    go |= 0x40 * fast
    stated = rule.get("type")  # mjlog's writer keeps a special lobby's GO type and csrule here
    if is_int(stated) and 0 <= stated < 1 << 16:
        go |= stated & ~0xFF
    csrule = rule.get("csrule")
    lobby_no = obj.get("lobby")
    return lobby_from_go_type(go, lobby_no if is_int(lobby_no) else None,
                              csrule=csrule if isinstance(csrule, str) and csrule else None), extra



# ---- result --------------------------------------------------------------------------------


def parse_result(res: Json, n: int) -> tuple:
    """The result: ``('win', [(deltas, who, from, pao, fu, points, limit, yaku, yakuman), …])``
    or ``('draw', kind, name, deltas)``."""
    if not isinstance(res, list) or not res or not isinstance(res[0], str):
        raise JsonProblem("the result is not [name, …]", "result")
    name = res[0]
    if name == WIN_NAME:
        if len(res) < 3 or len(res) % 2 == 0:
            raise JsonProblem("a win result is not [和了, deltas, info, …]", "result")
        wins = []
        for j in range(1, len(res), 2):
            deltas = _deltas(res[j], n, f"result win {j // 2}")
            wins.append((deltas,) + _win_info(res[j + 1], n, f"result win {j // 2}"))
        return ("win", wins)
    kind = DRAW_RESULT_KINDS.get(name)
    if kind is None:
        raise JsonProblem(f"unknown result name {name[:20]!r}", "result")
    deltas = _deltas(res[1], n, "result") if len(res) > 1 else (0,) * n
    return ("draw", kind, name, deltas)


def _deltas(v: Json, n: int, where: str) -> tuple[int, ...]:
    if not isinstance(v, list) or len(v) not in (n, 4) or not all(is_int(x) for x in v):
        raise JsonProblem("score changes are not 4 integers", where)
    if n == 3 and len(v) == 4 and v[3]:
        raise JsonProblem("a score change for the empty fourth seat", where)
    return tuple(v[:n])


def _win_info(info: Json, n: int, where: str) -> tuple:
    if not isinstance(info, list) or len(info) < 3 or not all(is_int(x) and 0 <= x < n for x in info[:3]):
        raise JsonProblem("win info does not start with three seats (who, from, pao)", where)
    who, frm, pao = info[:3]
    if len(info) == 3:
        return who, frm, pao, 0, 0, 0, (), ()
    if not all(isinstance(x, str) for x in info[3:]):
        raise JsonProblem("win info holds a value that is not text", where)
    m = _RANK.match(info[3])
    pm = _POINTS.match(m.group(4)) if m else None
    if not m or not pm:
        raise JsonProblem(f"cannot read the hand value {info[3][:30]!r}", where)
    fu = int(m.group(1)) if m.group(1) else 0
    limit = LIMIT_IDS[m.group(3)] if m.group(3) else 0
    a, b, each = int(pm.group(1)), pm.group(2), pm.group(3)
    if b is not None:
        if who != frm:
            raise JsonProblem("a ko-tsumo payment on a ron", where)
        points = a * (n - 2) + int(b)
    elif each:
        if who != frm:
            raise JsonProblem("a dealer-tsumo payment on a ron", where)
        points = a * (n - 1)
    else:
        if who == frm:
            raise JsonProblem("a ron payment on a tsumo", where)
        points = a
    yaku, yakuman = [], []
    for text in info[4:]:
        ym = _YAKU.match(text)
        if not ym or ym.group(1) not in YAKU_IDS:
            raise JsonProblem(f"unknown yaku {text[:30]!r}", where)
        if ym.group(3):
            yakuman.append(YAKU_IDS[ym.group(1)])
        else:
            yaku.append((YAKU_IDS[ym.group(1)], int(ym.group(2))))
    if yaku and not any(y == 53 for y, _ in yaku) and any(y in (1, 21) for y, _ in yaku):
        yaku.append((53, 0))  # the XML lists ura with 0 han for every riichi winner
    han = int(m.group(2)) if m.group(2) else 0
    if not limit and han != sum(h for _, h in yaku):
        raise JsonProblem(f"{info[3]!r} states {han} han but the yaku add up to {sum(h for _, h in yaku)}", where)
    return who, frm, pao, fu, points, limit, tuple(yaku), tuple(yakuman)


# ---- reading: the whole game ----------------------------------------------------------------------------


def read_json_bytes(data: bytes, name: str = "<bytes>") -> GameLog:
    """Read tenhou.net/6 JSON bytes into a GameLog; bad input raises MalformedLogError only."""
    obj: dict | None
    check_json_depth(data, name)  # before any parse, the salvage's included
    try:
        obj, cut = _parse(data, name), None
    except UnsupportedFormatError:
        raise
    except DuplicateKeyError:
        raise  # two values for one key: no cut-off file, nothing to salvage
    except MalformedLogError as exc:
        obj, cut = _salvage(data, name), exc.where or "its end"
        if obj is None:
            raise
    try:
        log = _Game(obj, name).read()
        # a cut-off file: its hands before the cut, and where it stops (the replay reports it)
        return log if cut is None else dataclasses.replace(log, header_extra=log.header_extra + (("file.cut_off", cut),))
    except MalformedLogError as exc:
        raise exc.with_source(name) from None
    except JsonProblem as exc:
        raise MalformedLogError(exc.reason, name, exc.where) from None
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError) as exc:
        raise MalformedLogError(f"cannot read the JSON log ({type(exc).__name__}: {exc})", name) from None


#: Digits allowed in a JSON integer: more than any value a log holds, far fewer than Python's
#: own limit on converting text to int (4,300), whose error would otherwise end the read.
MAX_INT_DIGITS = 40


#: The top-level fields of a tenhou.net/6 log: a JSON object with none of them is no log (a file of
#: other data beside the logs), one with some but no ``log`` array a damaged log.
HEADER_KEYS = frozenset({"ver", "ref", "log", "ratingc", "rule", "lobby", "dan", "rate", "sx", "sc", "name", "title",
                         "connection"})


def _loads(text: str, name: str):
    """``json.loads`` with integers longer than :data:`MAX_INT_DIGITS` digits refused by place, and a key
    given twice in one object refused."""

    def parse_int(digits: str) -> int:
        if len(digits.lstrip("-")) > MAX_INT_DIGITS:
            at = text.find(digits)
            raise MalformedLogError(f"a number with {len(digits.lstrip('-'))} digits is longer than any "
                                    f"value of a log ({MAX_INT_DIGITS} digits at most)", name, f"character {at}")
        return int(digits)

    try:
        return json.loads(text, parse_int=parse_int, object_pairs_hook=unique_keys)
    except DuplicateKeyError as exc:
        raise exc.with_source(name) from None


def _salvage(data: bytes, name: str) -> dict | None:
    """The complete part of a file cut off mid-way: a JSON object's hands before the cut, or a
    JSON-lines file's lines before its last; None for a file wrong anywhere else."""
    from mjlog.formats.tenhou.json_salvage import salvage_cut_off

    text = data.decode("utf-8-sig", errors="replace")
    lines = text_lines(text.rstrip())
    if len(lines) > 1:
        try:
            return _parse("\n".join(lines[:-1]).encode(), name)
        except DuplicateKeyError:
            raise
        except MalformedLogError:
            pass
    try:
        return salvage_cut_off(text)
    except DuplicateKeyError as exc:
        raise exc.with_source(name) from None


def _parse(data: bytes, name: str) -> dict:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise MalformedLogError(f"the JSON is not UTF-8 ({exc.reason})", name, f"byte {exc.start}") from None
    try:
        obj = _loads(text, name)
    except json.JSONDecodeError as first:
        lines = [(i, ln) for i, ln in enumerate(text_lines(text), 1) if ln.strip()]
        if len(lines) < 2:
            raise MalformedLogError(f"not valid JSON ({first.msg})", name,
                                    f"line {first.lineno}, column {first.colno}") from None
        objs: list[dict] = []
        for no, ln in lines:
            try:
                o = _loads(ln, name)
            except json.JSONDecodeError as exc:
                # on the first line: not JSON-lines either, so the whole document's error is reported
                bad, at = (exc, no) if objs else (first, first.lineno)
                raise MalformedLogError(f"not valid JSON ({bad.msg})", name, f"line {at}, column {bad.colno}") from None
            if not isinstance(o, dict) or not isinstance(o.get("log"), list):
                raise MalformedLogError("a JSON-lines line is not an object with a log array", name, f"line {no}") from None
            objs.append(o)
        obj = dict(objs[0])
        obj["log"] = [r for o in objs for r in o["log"]]
    except RecursionError:
        raise MalformedLogError("the JSON is nested too deeply", name, "byte 0") from None
    if not isinstance(obj, dict) or not HEADER_KEYS & obj.keys():
        what = "an object with none of its fields" if isinstance(obj, dict) else f"a {type(obj).__name__}"
        raise UnsupportedFormatError(f"not a log mjlog can read: the JSON is {what}, not a tenhou.net/6 log",
                                     name, "top level")
    if not isinstance(obj.get("log"), list):
        raise MalformedLogError("the JSON object has no log array", name, "top level")
    return obj


class _Game:
    """Reads one parsed JSON object into a GameLog."""

    def __init__(self, obj: dict, name: str) -> None:
        self.obj, self.name = obj, name

    def read(self) -> GameLog:
        obj = self.obj
        log = obj["log"]
        names = obj.get("name", [])
        if not isinstance(names, list) or not all(isinstance(x, str) for x in names):
            raise JsonProblem("name is not a list of strings", "header (name)")
        hint = bool(log) and all(isinstance(r, list) and len(r) > 13 and r[13] == [] for r in log)
        if not log:
            hint = obj.get("ratingc") == "PF3"
        lobby, extra = lobby_from_rule(obj, hint)
        if lobby.red_fives and _four_black_fives_no_red(log):
            # the aka field is contradicted by the tiles: four black fives of a suit and no red anywhere
            lobby = lobby_from_go_type(lobby.type | 0x02, lobby.lobby)
            extra.append(("rule.aka", "ignored: four black fives of a suit and no red five"))
        n = 3 if lobby.sanma else 4
        players = self._players(names, n)
        for key in ("title", "ratingc"):
            if key in obj:
                extra.append((key, json.dumps(obj[key], ensure_ascii=False)))
        extra += [(k, json.dumps(v, ensure_ascii=False)[:4096]) for k, v in obj.items() if k not in HEADER_KEYS]
        conns = self._connections(obj.get("connection", []), n, len(log), players)
        rules = ruleset_for_lobby(lobby)
        from mjlog.formats.tenhou.json_read import RoundReader

        rounds = []
        for i, r in enumerate(log):
            rounds.append(RoundReader(i, r, n, rules.red_fives, conns.get(i, [])).read())
        ref = obj.get("ref")
        ver = obj.get("ver")
        return GameLog(
            source_format=FORMAT,
            family="riichi",
            rules=rules,
            header=lobby,
            players=players,
            rounds=tuple(rounds),
            log_id=ref if isinstance(ref, str) and ref else None,
            source=self.name,
            seed=None,
            first_dealer=0,
            final=self._final(obj.get("sc"), n),
            version=str(ver) if ver is not None else None,
            header_extra=tuple(extra),
            unrecorded=frozenset({"limit_fu", "nagashi_tenpai"}),  # tenhou.net/6 writes neither
        )

    def _players(self, names: list[str], n: int) -> tuple[Player, ...]:
        obj = self.obj
        dan, rate, sx = obj.get("dan", []), obj.get("rate", []), obj.get("sx", [])
        for key, val in (("dan", dan), ("rate", rate), ("sx", sx)):
            if not isinstance(val, list) or len(val) > 4:
                raise JsonProblem(f"{key} is not a list of at most 4 values", f"header ({key})")
        if any(not isinstance(r, (int, float)) or isinstance(r, bool) for r in rate):
            raise JsonProblem("rate holds a value that is not a number", "header (rate)")
        return tuple(
            Player(
                seat=s,
                name=names[s] if s < len(names) else "",
                rank=dan_index(dan[s]) if s < len(dan) else None,
                rate=float(rate[s]) if s < len(rate) else None,
                sex=sx[s] if s < len(sx) and isinstance(sx[s], str) else None,
            )
            for s in range(n)
        )

    @staticmethod
    def _final(sc: Json, n: int) -> FinalResult | None:
        if sc is None:
            return None
        if not isinstance(sc, list) or len(sc) != 8 or not all(
            isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in sc
        ):
            raise JsonProblem("sc is not 8 finite numbers (score, placement points per seat)", "header (sc)")
        points = tuple(float(p) for p in sc[1 : 2 * n : 2])
        return FinalResult(tuple(int(s) for s in sc[0 : 2 * n : 2]), points, all(p == int(p) for p in points))

    @staticmethod
    def _connections(conns: Json, n: int, n_rounds: int, players) -> dict[int, list[tuple[int, Event]]]:
        if not isinstance(conns, list):
            raise JsonProblem("connection is not a list", "header (connection)")
        out: dict[int, list[tuple[int, Event]]] = {}
        for i, c in enumerate(conns):
            where = f"header (connection {i})"
            if not isinstance(c, dict) or not all(is_int(c.get(k)) for k in ("what", "log", "who", "step")):
                raise JsonProblem("a connection entry lacks integer what/log/who/step", where)
            who, rnd = c["who"], max(c["log"], 0)
            if not 0 <= who < n or rnd >= max(n_rounds, 1) or c["what"] not in (0, 1) or c["step"] < 0:
                raise JsonProblem("a connection entry names no seat, round or kind", where)
            ev: Event = Disconnect(who) if c["what"] == 0 else Reconnect(who, players[who].name)
            out.setdefault(rnd, []).append((c["step"] if c["log"] >= 0 else 0, ev))
        return out


def _four_black_fives_no_red(log: list) -> bool:
    """True when no red five (51-53) appears and some round shows all four black fives of a suit."""
    four = False
    for r in log:
        if not isinstance(r, list) or len(r) != 17:
            return False
        seen: Counter = Counter()
        for part in r[2:16]:
            for v in part if isinstance(part, list) else ():
                units = [v] if is_int(v) else re.findall(r"\d\d", v) if isinstance(v, str) else []
                if any(u in (51, 52, 53, "51", "52", "53") for u in units):
                    return False
                if is_int(v) and part is not r[6] and part is not r[9] and part is not r[12] and part is not r[15]:
                    seen[v] += 1
        four = four or any(seen[c] >= 4 for c in (15, 25, 35))
    return four


def read_json(source: LogSource, name: str | None = None) -> GameLog:
    """Read a tenhou.net/6 JSON log from a path, bytes or a binary stream (gzip allowed)."""
    raw = load(source, name)
    return read_json_bytes(raw.data, raw.name)


def write_tenhou6(log: GameLog) -> dict:
    """The official tenhou.net/6 export of a game (a JSON-ready dict)."""
    from mjlog.formats.tenhou.json_write import write_tenhou6 as _write

    return _write(log)


def dumps_tenhou6(log: GameLog) -> str:
    """The official export as JSON text: compact separators, UTF-8 names kept as text."""
    from mjlog.formats.tenhou.json_write import dumps_tenhou6 as _dumps

    return _dumps(log)
