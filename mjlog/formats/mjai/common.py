"""mjai, the JSON-lines event format of Mortal's ``libriichi`` and the mjai AI tools: shared facts.

One JSON object per line, each with a ``type``: ``start_game``, ``start_kyoku``, ``tsumo``,
``dahai``, ``chi``/``pon``/``daiminkan``/``kakan``/``ankan``, ``dora``, ``reach``,
``reach_accepted``, ``hora``, ``ryukyoku``, ``end_kyoku``, ``end_game`` and, for three
players, ``kita`` (``nukidora`` is read as its older name). Tiles are ``1m``..``9m``,
``1p``..``9p``, ``1s``..``9s``, ``E S W N P F C``, red fives ``5mr 5pr 5sr`` and ``?`` for a
tile the log hides. :mod:`mjlog.formats.mjai.read` reads it, :mod:`mjlog.formats.mjai.write`
writes it; docs/formats/mjai.md says what a round trip keeps and loses.

>>> tile_name(16), tile_name(16, red_fives=False), tile_name(132)
('5mr', '5m', 'C')
>>> parse_tile("5pr"), parse_tile("N")
((13, True), (30, False))
>>> sniff(b'{"type":"start_game","names":["a","b","c","d"]}\\n{"type":"start_kyoku"}')
True
>>> sniff(b'{"title":["",""],"log":[]}'), sniff(b'{"type": 1, "log": [')
(False, False)
"""

from __future__ import annotations

import json

from mjlog.formats.json_depth import check_json_depth
from mjlog.tiles import HONOR_LETTERS, SUITS

#: Every event type the reader knows.
EVENT_TYPES = frozenset((
    "start_game", "start_kyoku", "tsumo", "dahai", "chi", "pon", "daiminkan", "kakan", "ankan", "dora",
    "reach", "reach_accepted", "hora", "ryukyoku", "end_kyoku", "end_game", "kita", "nukidora", "none",
))

#: Names of the tile kinds 0..33.
KIND_NAMES = tuple(f"{n}{s}" for s in SUITS for n in range(1, 10)) + tuple(HONOR_LETTERS)
#: (kind, red) by mjai tile name.
TILES_BY_NAME = {name: (k, False) for k, name in enumerate(KIND_NAMES)}
TILES_BY_NAME.update({f"5{s}r": (4 + 9 * i, True) for i, s in enumerate(SUITS)})

#: Yaku names of the original mjai (gimite's ``tenhou_archive.rb``) by Tenhou yaku id 0..54.
#: Some ids share a name (seat and round winds, the three dragons, the yakuman's double forms).
YAKU_NAMES = (
    "menzenchin_tsumoho", "reach", "ippatsu", "chankan", "rinshankaiho", "haiteiraoyue", "hoteiraoyui",
    "pinfu", "tanyaochu", "ipeko", "jikaze", "jikaze", "jikaze", "jikaze", "bakaze", "bakaze", "bakaze",
    "bakaze", "sangenpai", "sangenpai", "sangenpai", "double_reach", "chitoitsu", "honchantaiyao",
    "ikkitsukan", "sanshokudojun", "sanshokudoko", "sankantsu", "toitoiho", "sananko", "shosangen",
    "honroto", "ryanpeko", "junchantaiyao", "honiso", "chiniso", "renho", "tenho", "chiho", "daisangen",
    "suanko", "suanko", "tsuiso", "ryuiso", "chinroto", "churenpoton", "churenpoton", "kokushimuso",
    "kokushimuso", "daisushi", "shosushi", "sukantsu", "dora", "uradora", "akadora",
)
#: Yaku ids by name; a shared name maps to its first id (the reader chooses among the others).
YAKU_IDS: dict[str, int] = {}
for _i, _name in enumerate(YAKU_NAMES):
    YAKU_IDS.setdefault(_name, _i)

#: ``ryukyoku`` ``reason`` values of the original mjai, by mjlog's draw kind value.
DRAW_REASONS = {
    "exhaustive": "fanpai", "yao9": "kyushukyuhai", "reach4": "suuchariichi", "ron3": "sanchaho",
    "kan4": "suukaikan", "kaze4": "suufonrenda", "nm": "nagashimangan",
}
DRAW_KINDS_BY_REASON = {v: k for k, v in DRAW_REASONS.items()}
# other writers' names (riichienv's, and common spellings) for the same draws
DRAW_KINDS_BY_REASON.update({
    "exhaustive_draw": "exhaustive", "ryukyoku": "exhaustive", "kyushu_kyuhai": "yao9", "kyuushukyuuhai": "yao9",
    "suucha_riichi": "reach4", "sanchaho_is_draw": "ron3", "sanchahou": "ron3", "suukansansen": "kan4",
    "sukaikan": "kan4", "sufuurenta": "kaze4", "sufonrenda": "kaze4", "nagashi_mangan": "nm",
})

#: Round winds by ``bakaze``.
WINDS = ("E", "S", "W", "N")


def tile_name(tile: int, red_fives: bool = True) -> str:
    """The mjai name of tile id ``tile`` (0..135); copy 0 of a five is red when ``red_fives``."""
    kind = tile >> 2
    if red_fives and kind in (4, 13, 22) and tile % 4 == 0:
        return KIND_NAMES[kind] + "r"
    return KIND_NAMES[kind]


def parse_tile(name: object) -> tuple[int, bool] | None:
    """(kind, red) of an mjai tile name, or None when it is no tile name (``?`` included)."""
    return TILES_BY_NAME.get(name) if isinstance(name, str) else None


#: Longest line of an mjai log, in characters (a start_game line with four long names is the longest).
MAX_LINE_CHARS = 100_000
#: How far the sniff reads for a whole first line: the longest line in UTF-8's widest characters, and
#: its end (a first line cut by a shorter head, a long name in it, was taken for another format).
SNIFF_BYTES = 4 * MAX_LINE_CHARS + 2


def sniff(data: bytes) -> bool:
    """Whether ``data`` starts like mjai: a first line that is a JSON object with a string ``type``,
    read whole (at most :data:`SNIFF_BYTES`: a longer first line is no mjai line)."""
    head = data[:SNIFF_BYTES]
    text = head.lstrip(b"\xef\xbb\xbf").lstrip()
    if not text.startswith(b"{"):
        return False
    line, end, _ = text.partition(b"\n")
    if not end and len(data) > len(head):
        return False
    if b'"type"' not in line and b"\\u" not in line:
        # no key "type", plain or \u-escaped: a tenhou.net/6 line is not parsed a second time (0.05 -> 0.004 ms a file)
        return False
    try:
        check_json_depth(line, "<head>")
        obj = json.loads(line)
    except ValueError:  # MalformedLogError (too deep) is one
        return False
    return isinstance(obj, dict) and isinstance(obj.get("type"), str)
