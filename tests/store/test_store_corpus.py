"""The store over the whole corpus: its counts equal counts taken straight from the raw files.

The expected numbers come from regular expressions over the XML and ``json.loads`` of the
JSON, never from mjlog's readers. A game stored from two files (the XML and the JSON of one
log id, or two XML copies) is counted once, from the first file in ingest order (XML files
sorted, then JSON files sorted), which is the store's "first source wins" rule.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
from collections import Counter
from pathlib import Path

import pytest

from mjlog.rules.riichi.yaku_table import YAKU
from tests.support.paths import TENHOU_JSON, TENHOU_XML
from tests.support.plain_counts import plain_call_kind

pytestmark = pytest.mark.corpus

LOG_ID = re.compile(r"(\d{10}gm-[0-9a-f]{4}-\d{4,5}-[0-9a-f]{8})")
TAG = re.compile(rb"<(INIT|AGARI|RYUUKYOKU|REACH|N)\b([^>]*)>")
ATTR = re.compile(rb'(\w+)="([^"]*)"')
JSON_DRAW = {"流局": "exhaustive", "全員聴牌": "exhaustive", "全員不聴": "exhaustive", "流し満貫": "nm",
             "九種九牌": "yao9", "四家立直": "reach4", "三家和了": "ron3", "四槓散了": "kan4", "四風連打": "kaze4"}
YAKU_ID = {y.name_ja: y.id for y in YAKU}
JSON_YAKU = re.compile(r"^(.*)\((\d+)飜\)$|^(.*)\((?:ダブル)?役満\)$")


def _files() -> list[Path]:
    exts = (".xml", ".mjlog", ".json", ".gz", ".txt")
    return [p for d in (TENHOU_XML, TENHOU_JSON) for p in sorted(d.rglob("*"))
            if p.is_file() and p.name.lower().endswith(exts) and not p.name.startswith(".")]


def _count_xml(data: bytes, c: Counter) -> None:
    for tag, attrs in TAG.findall(data):
        a = dict(ATTR.findall(attrs))
        if tag == b"INIT":
            c["rounds"] += 1
        elif tag == b"AGARI":
            c["wins"] += 1
            vals = [int(x) for x in a.get(b"yaku", b"").split(b",") if x]
            for yid, han in zip(vals[::2], vals[1::2]):
                if not (han == 0 and yid in (52, 53, 54)):
                    c[("yaku", yid)] += 1
            for yid in (int(x) for x in a.get(b"yakuman", b"").split(b",") if x):
                c[("yaku", yid)] += 1
        elif tag == b"RYUUKYOKU":
            c[("draw", a.get(b"type", b"exhaustive").decode())] += 1
        elif tag == b"REACH":
            c["riichi_declared" if a[b"step"] == b"1" else "riichi_accepted"] += 1
        elif tag == b"N":
            c[("call", plain_call_kind(int(a[b"m"])))] += 1


def _json_objects(data: bytes) -> list[dict]:
    text = data.decode("utf-8-sig")
    try:
        return [json.loads(text)]
    except json.JSONDecodeError:
        return [json.loads(line) for line in text.splitlines() if line.strip()]


def _count_json(data: bytes, c: Counter) -> None:
    for obj in _json_objects(data):
        for r in obj["log"]:
            c["rounds"] += 1
            result = r[-1]
            seats = (len(r) - 5) // 3
            takes = [r[5 + 3 * s] for s in range(seats)]
            discards = [r[6 + 3 * s] for s in range(seats)]
            ronned_from = set()
            if result[0] == "和了":
                infos = result[2::2]
                c["wins"] += len(infos)
                for info in infos:
                    if info[0] != info[1]:
                        ronned_from.add(info[1])
                    for text in info[4:]:
                        m = JSON_YAKU.match(text)
                        name, han = (m.group(1), int(m.group(2))) if m.group(1) else (m.group(3), 13)
                        if not (han == 0 and name in ("ドラ", "裏ドラ", "赤ドラ")):
                            c[("yaku", YAKU_ID[name])] += 1
            else:
                c[("draw", JSON_DRAW[result[0]])] += 1
            for s in range(seats):
                for t in takes[s]:
                    if isinstance(t, str):
                        c[("call", {"c": "chi", "p": "pon", "m": "daiminkan"}[re.sub(r"\d", "", t)])] += 1
                declared = [i for i, t in enumerate(discards[s]) if isinstance(t, str) and t.startswith("r")]
                for t in discards[s]:
                    if isinstance(t, str) and not t.startswith("r"):
                        c[("call", {"k": "kakan", "a": "ankan", "f": "kita"}[re.sub(r"\d", "", t)])] += 1
                c["riichi_declared"] += len(declared)
                # a riichi whose declaration tile is ronned is declared but never accepted
                ronned = declared and declared[-1] == len(discards[s]) - 1 and s in ronned_from
                c["riichi_accepted"] += len(declared) - (1 if ronned else 0)


def _hands_id(path: Path, data: bytes) -> str:
    """A game without a log id in its name is one game with every file that records the same
    complete hands (tenhou.net/6 JSON's view of each; mjlog.formats.identity); without any, its bytes."""
    from mjlog.formats.identity import identity_of
    from mjlog.formats.reader import read_log

    hands = [k for k in identity_of(read_log(path)).keys if k.startswith("hands ")]
    return "hands-" + hands[0].split(" ", 1)[1][:16] if hands else "sha256-" + hashlib.sha256(data).hexdigest()[:16]


@pytest.fixture(scope="module")
def expected() -> Counter:
    c: Counter = Counter()
    seen: set[str] = set()
    for p in _files():
        data = p.read_bytes()
        m = LOG_ID.search(p.name)
        gid = m.group(1) if m else _hands_id(p, data)
        c["files"] += 1
        if gid in seen:
            continue
        seen.add(gid)
        c["games"] += 1
        if data[:2] == b"\x1f\x8b":
            data = gzip.decompress(data)
        if data.lstrip(b"\xef\xbb\xbf \r\n\t")[:1] == b"<":
            _count_xml(data, c)
        else:
            _count_json(data, c)
    return c


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    from mjlog.store import Store

    db = tmp_path_factory.mktemp("corpus") / "corpus.duckdb"
    st = Store(db)
    summary = st.ingest([TENHOU_XML, TENHOU_JSON], jobs=2, batch=64)
    st.summary = summary  # type: ignore[attr-defined]
    yield st
    st.close()


def one(store, sql: str) -> int:
    return store.sql(sql).item()


def test_games_rounds_wins_and_sources(store, expected):
    s = store.summary
    assert s.files == expected["files"] and s.unreadable == 0
    assert s.games_added == expected["games"] == one(store, "SELECT count(*) FROM games")
    assert one(store, "SELECT count(*) FROM sources") == expected["files"]
    assert one(store, "SELECT count(*) FROM sources WHERE role = 'alternate'") == expected["files"] - expected["games"]
    assert one(store, "SELECT count(*) FROM rounds") == expected["rounds"]
    assert one(store, "SELECT count(*) FROM wins") == expected["wins"]
    assert one(store, "SELECT sum(n_rounds) FROM games") == expected["rounds"]
    assert one(store, "SELECT count(*) FROM players") == one(store, "SELECT sum(n_players) FROM games")


def test_yaku_occurrences_by_tenhou_id(store, expected):
    got = dict(store.sql("SELECT yaku_id, count(*) FROM win_yaku GROUP BY 1").rows())
    want = {k[1]: v for k, v in expected.items() if isinstance(k, tuple) and k[0] == "yaku"}
    assert got == want
    assert 53 in got and one(store, "SELECT count(*) FROM win_yaku WHERE han = 0") == 0


def test_draws_by_type(store, expected):
    got = dict(store.sql("SELECT kind, count(*) FROM draws GROUP BY 1").rows())
    want = {k[1]: v for k, v in expected.items() if isinstance(k, tuple) and k[0] == "draw"}
    assert got == want
    assert one(store, "SELECT count(*) FROM rounds WHERE result = 'draw'") == sum(want.values())


def test_riichi_declared_and_accepted(store, expected):
    got = dict(store.sql("SELECT kind, count(*) FROM events WHERE kind LIKE 'riichi%' GROUP BY 1").rows())
    assert got == {"riichi_declared": expected["riichi_declared"], "riichi_accepted": expected["riichi_accepted"]}
    assert one(store, "SELECT sum(n_riichi) FROM rounds") == expected["riichi_accepted"]
    assert one(store, "SELECT count(*) FROM payments WHERE reason = 'riichi'") == expected["riichi_accepted"]


def test_calls_by_kind(store, expected):
    got = dict(store.sql("SELECT call_kind, count(*) FROM events WHERE kind = 'call' GROUP BY 1").rows())
    want = {k[1]: v for k, v in expected.items() if isinstance(k, tuple) and k[0] == "call"}
    assert got == want
    calls = want.get("chi", 0) + want.get("pon", 0) + want.get("daiminkan", 0)
    assert one(store, "SELECT sum(n_calls) FROM rounds") == calls == one(store, "SELECT sum(calls) FROM seat_results")


def test_every_child_row_belongs_to_a_game_and_payments_add_up(store):
    for t in ("players", "rounds", "events", "wins", "win_items", "payments", "draws", "findings", "sources"):
        assert one(store, f"SELECT count(*) FROM {t} WHERE game_id NOT IN (SELECT game_id FROM games)") == 0, t
    # a complete round's payments (hand, honba, sticks, noten, nagashi, pao, riichi) are its score changes
    # (rounds the replay judged otherwise have findings, and their recorded amounts may be NULL)
    bad = one(store, """
        WITH p AS (SELECT game_id, round_index, seat, sum(points) AS pts FROM seat_payments GROUP BY ALL),
        r AS (SELECT game_id, round_index, generate_subscripts(start_scores, 1) - 1 AS seat,
                     unnest(end_scores) - unnest(start_scores) AS delta FROM rounds WHERE complete
              AND (game_id, round_index) NOT IN (SELECT (game_id, round_index) FROM findings
                                                 WHERE round_index IS NOT NULL))
        SELECT count(*) FROM r LEFT JOIN p USING (game_id, round_index, seat)
        WHERE coalesce(p.pts, 0) <> r.delta""")
    assert bad == 0
    # every settled win's transfers add up to its derived deltas, seat by seat
    bad = one(store, """
        WITH p AS (SELECT game_id, round_index, result_index, seat, sum(derived_points) AS pts
                   FROM seat_payments WHERE result_index IS NOT NULL GROUP BY ALL),
        w AS (SELECT w.game_id, w.round_index, w.win_index + coalesce(d.n, 0) AS result_index,
                     generate_subscripts(w.derived_deltas, 1) - 1 AS seat, unnest(w.derived_deltas) AS delta
              FROM wins w LEFT JOIN (SELECT game_id, round_index, 0 AS n FROM draws) d USING (game_id, round_index)
              WHERE w.derived)
        SELECT count(*) FROM w LEFT JOIN p USING (game_id, round_index, result_index, seat)
        WHERE coalesce(p.pts, 0) <> w.delta""")
    assert bad == 0
    assert one(store, "SELECT count(DISTINCT reason) FROM payments") == 7
    # double ron: two wins, one deal-in
    assert one(store, "SELECT sum(deal_ins) FROM seat_results") == one(
        store, "SELECT count(DISTINCT (game_id, round_index)) FROM wins WHERE NOT tsumo")


def test_reingest_changes_nothing(store):
    before = {t: one(store, f"SELECT count(*) FROM {t}") for t in store.table_names()}
    again = store.ingest([TENHOU_XML, TENHOU_JSON], jobs=1)
    assert again.games_added == 0 and again.already_stored == again.files
    assert {t: one(store, f"SELECT count(*) FROM {t}") for t in store.table_names()} == before


def test_situation_tables_are_filled_for_4p_and_3p_phoenix_and_agree_with_wins_draws_and_calls(store):
    """win_situations, draw_tenpai, calls and riichi_declarations (its dama_able) hold rows of 3p and 4p
    Phoenix games, and each agrees with the tables it overlaps, by SQL."""
    filled = store.sql("""
        SELECT g.n_players, t.name, count(*) FROM (
            SELECT game_id, 'win_situations' AS name FROM win_situations
            UNION ALL SELECT game_id, 'draw_tenpai' FROM draw_tenpai
            UNION ALL SELECT game_id, 'calls' FROM calls
            UNION ALL SELECT game_id, 'riichi_declarations' FROM riichi_declarations WHERE dama_able IS NOT NULL
            UNION ALL SELECT game_id, 'yakuhai_pon' FROM calls WHERE first_call_reason = 'yakuhai_pon'
            UNION ALL SELECT game_id, 'dama_win' FROM win_situations WHERE style = 'dama'
            UNION ALL SELECT game_id, 'open_tenpai' FROM draw_tenpai WHERE tenpai AND style = 'open'
        ) t JOIN games g USING (game_id) WHERE g.room = 'houou' GROUP BY ALL""").rows()
    counts = {(n, name): c for n, name, c in filled}
    names = ("win_situations", "draw_tenpai", "calls", "riichi_declarations", "yakuhai_pon", "dama_win", "open_tenpai")
    assert all(counts.get((n, name), 0) > 0 for n in (3, 4) for name in names), counts
    assert one(store, "SELECT count(*) FROM calls WHERE kind = 'kita'") > 0
    # one row per win, the same seats, and the style wins.riichi and wins.open_hand give
    assert one(store, "SELECT count(*) FROM win_situations") == one(store, "SELECT count(*) FROM wins")
    assert one(store, """SELECT count(*) FROM wins w JOIN win_situations s USING (game_id, round_index, event_index)
        WHERE s.seat <> w.seat OR s.tsumo <> w.tsumo OR s.deal_in_seat IS DISTINCT FROM w.deal_in_seat
           OR s.style <> CASE WHEN w.riichi THEN 'riichi' WHEN w.open_hand THEN 'open' ELSE 'dama' END
           OR (w.derived) <> (s.points IS NOT NULL)""") == 0
    # the derived points are the recorded ones wherever the replay found nothing to say of the round
    assert one(store, """SELECT count(*) FROM wins w JOIN win_situations s USING (game_id, round_index, event_index)
        WHERE w.points IS NOT NULL AND s.points <> w.points AND (game_id, round_index) NOT IN
            (SELECT (game_id, round_index) FROM findings WHERE round_index IS NOT NULL)""") == 0
    # every seat of each wall-ending draw, the tenpai ones those the replay derived
    assert one(store, "SELECT count(*) FROM draw_tenpai") == one(
        store, "SELECT sum(g.n_players) FROM draws d JOIN games g USING (game_id) WHERE NOT d.abortive")
    assert one(store, """SELECT count(*) FROM draws d JOIN (SELECT game_id, round_index, event_index,
            list_sort(coalesce(list(seat) FILTER (WHERE tenpai), [])) AS seats FROM draw_tenpai GROUP BY ALL) t
        USING (game_id, round_index, event_index)
        WHERE t.seats IS DISTINCT FROM list_sort(coalesce(d.tenpai_seats, []::TINYINT[]))""") == 0
    # one row per call event; the first calls are one per seat that opened its hand
    assert one(store, "SELECT count(*) FROM calls") == one(store, "SELECT count(*) FROM events WHERE kind = 'call'")
    assert one(store, "SELECT count(*) FROM calls WHERE first_call") == one(store, """
        SELECT count(DISTINCT (game_id, round_index, seat)) FROM calls WHERE kind IN ('chi', 'pon', 'daiminkan')""")
    assert one(store, "SELECT count(*) FROM riichi_declarations WHERE (wait_kinds IS NULL) <> (dama_able IS NULL)") == 0
