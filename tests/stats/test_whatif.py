"""``mjlog whatif``: the recorded winning hands of a store re-scored with local yaku on.

The corpus test counts three patterns straight from the stored hands with a decomposer of its
own (every split of the concealed tiles into a pair and sets, plus the calls from ``events``),
never through mjlog's scorer, and compares those counts with the what-if's.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from mjlog.cli import main
from mjlog.store import Store
from mjlog.stats.whatif import PLAY_KEPT, knobs_of
from tests.support.paths import SAMPLE, TENHOU_XML


def _splits(counts: list[int], start: int = 0):
    """Every way to split ``counts`` (34 kinds) into sets: lists of ('run', k) and ('trip', k)."""
    while start < 34 and counts[start] == 0:
        start += 1
    if start == 34:
        yield []
        return
    k = start
    if counts[k] >= 3:
        counts[k] -= 3
        for rest in _splits(counts, k):
            yield [("trip", k)] + rest
        counts[k] += 3
    if k < 27 and k % 9 <= 6 and counts[k + 1] and counts[k + 2]:
        for j in (k, k + 1, k + 2):
            counts[j] -= 1
        for rest in _splits(counts, k):
            yield [("run", k)] + rest
        for j in (k, k + 1, k + 2):
            counts[j] += 1


def _readings(hand: list[int], calls: list[tuple[str, list[int]]]):
    """Every (runs, trips) of a four-sets-and-a-pair reading of a win, calls included."""
    counts = [0] * 34
    for t in hand:
        counts[t // 4] += 1
    called = [("run", min(ts) // 4) if kind == "chi" else ("trip", ts[0] // 4)
              for kind, ts in calls if kind != "kita"]
    for p in range(34):
        if counts[p] >= 2:
            counts[p] -= 2
            for sets in _splits(counts):
                sets = sets + called
                yield [k for s, k in sets if s == "run"], [k for s, k in sets if s == "trip"]
            counts[p] += 2


def _tsuukan(runs, trips):
    return any({9 * a, 9 * b + 3, 9 * c + 6} <= set(runs) for a in range(3) for b in range(3) for c in range(3)
               if len({a, b, c}) == 3)


def _sanjun(runs, trips):
    return bool(runs) and max(Counter(runs).values()) >= 3


def _sanrenkou(runs, trips):
    return any(k + 1 in trips and k + 2 in trips and k // 9 == (k + 2) // 9 for k in trips if k < 25)


def _independent_counts(db) -> dict[str, int]:
    """How many Phoenix wins have a reading with each pattern, from the stored tiles alone."""
    with Store(db, read_only=True) as st:
        wins = st.sql("""
            SELECT w.game_id, w.round_index, w.event_index, w.seat, w.hand FROM wins w JOIN games g USING (game_id)
            WHERE g.room = 'houou' AND NOT g.special_lobby AND NOT g.truncated AND NOT g.synthetic AND w.derived
        """).to_dicts()
        calls: dict[tuple, list] = {}
        for e in st.sql("SELECT game_id, round_index, event_index, seat, call_kind, call_tiles FROM events "
                        "WHERE kind = 'call' ORDER BY game_id, round_index, event_index").iter_rows(named=True):
            calls.setdefault((e["game_id"], e["round_index"], e["seat"]), []).append(e)
    out = Counter()
    for w in wins:
        melds: list[tuple[str, list[int]]] = []
        for e in calls.get((w["game_id"], w["round_index"], w["seat"]), []):
            if e["event_index"] < w["event_index"]:
                if e["call_kind"] == "kakan":
                    melds = [m for m in melds if not (m[0] == "pon" and m[1][0] // 4 == e["call_tiles"][0] // 4)]
                melds.append((e["call_kind"], list(e["call_tiles"])))
        readings = list(_readings(list(w["hand"]), melds))
        for name, test in (("Sanshoku tsuukan", _tsuukan), ("Isshoku sanjun", _sanjun), ("Sanrenkou", _sanrenkou)):
            out[name] += any(test(r, t) for r, t in readings)
    return out


@pytest.mark.corpus
def test_whatif_on_the_phoenix_wins_counts_three_patterns_as_an_independent_count_does(tmp_path, capsys):
    db = tmp_path / "corpus.duckdb"
    with Store(db) as st:
        st.ingest([TENHOU_XML], jobs=2)
    assert main(["whatif", "--db", str(db), "--local-yaku", "all", "--room", "houou"]) == 0
    out = capsys.readouterr().out
    assert PLAY_KEPT in out
    counts = {m.group(1).strip(): int(m.group(2))
              for m in re.finditer(r"^\S+ ([A-Za-z ()]+?)\s+(\d+)\s+-?\d+", out, re.M)}
    assert len(counts) == 12 + 1          # every re-scorable local yaku, and all of them together
    assert out.count("not re-scorable") == 3 and "Open riichi" in out
    expected = _independent_counts(db)
    assert expected["Sanshoku tsuukan"] > 0 and expected["Sanrenkou"] > 0
    for name in ("Sanshoku tsuukan", "Isshoku sanjun", "Sanrenkou"):
        assert counts[name] == expected[name], (name, counts[name], expected[name])


def test_whatif_on_the_sample_games_rescores_every_win_as_stored(tmp_path, capsys):
    db = tmp_path / "sample.duckdb"
    with Store(db) as st:
        st.ingest([SAMPLE])
    assert main(["whatif", "--db", str(db), "--local-yaku", "sanshoku_tsuukan,三連刻", "--include-synthetic"]) == 0
    head = capsys.readouterr().out.splitlines()[0]
    n = re.search(r": (\d+) wins of \d+ games \((\d+) re-scored exactly", head)
    assert n and int(n.group(1)) > 50 and n.group(1) == n.group(2)


def test_whatif_refuses_an_unknown_yaku_and_a_missing_database(tmp_path, capsys):
    assert main(["whatif", "--db", str(tmp_path / "none.duckdb"), "--local-yaku", "all"]) == 2
    assert not (tmp_path / "none.duckdb").exists()
    assert main(["whatif", "--db", str(tmp_path / "none.duckdb"), "--local-yaku", "nonesuch"]) == 2
    assert "unknown local yaku" in capsys.readouterr().err
    assert knobs_of("daisharin, local_suurenkou") == ["local_daisharin", "local_suurenkou"]
