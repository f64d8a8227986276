"""The DuckDB store on small hand-built logs: idempotent ingest, no half game after a kill,
unreadable files, XML and JSON of one game, the query/export commands and Parquet read-back."""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
from pathlib import Path

import duckdb
import polars as pl
import pytest

from mjlog.store import database as store_mod
from mjlog.cli import main
from mjlog.store import Store
from tests.support.xmlbuild import game4, hand, init4, simple_game4

LOG_IDS = [f"2020010{d}0{h}gm-00a9-0000-0000abc{d}" for d, h in ((1, 1), (2, 3), (3, 5))]


def _agari(who: int, frm: int, delta: list[int], owari: str = "") -> str:
    sc = ",".join(f"250,{delta[s]}" for s in range(4))
    return (f'<AGARI ba="0,0" hai="{hand(who)},100" machi="100" ten="30,1000,0" yaku="8,1,53,0" doraHai="135" '
            f'who="{who}" fromWho="{frm}" sc="{sc}"{owari}/>')


def double_ron_game() -> bytes:
    """Seat 0 discards a tile two seats win on: two wins, one deal-in."""
    body = (init4() + "<T100/><D100/>" + _agari(1, 0, [-10, 10, 0, 0])
            + _agari(2, 0, [-10, 0, 10, 0], ' owari="230,-17.0,260,6.0,260,26.0,250,-15.0"'))
    return game4(body)


def write_games(folder: Path, n: int = 6) -> list[Path]:
    """``n`` distinct small games; the first three named by a Tenhou log id, the rest by number."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for i in range(n):
        body = init4(honba=0) + "<T100/><D0/>" + "<U101/><E101/>" * (i % 3) + (
            f'<RYUUKYOKU ba="0,0" sc="250,30,250,-10,250,-10,250,-10" hai0="{hand(4)}" '
            f'owari="280,8.0,240,-6.0,240,-26.0,240,24.0"/>')
        # distinct hands too (a dora indicator of its own): files with the same hands are one game
        data = game4(body).replace(b'n2="C"', f'n2="P{i}"'.encode()).replace(b',2,3,135"', f',2,3,{135 - 4 * i}"'.encode())
        name = f"{LOG_IDS[i]}.xml" if i < len(LOG_IDS) else f"game{i:02d}.xml"
        p = folder / name
        p.write_bytes(data)
        paths.append(p)
    return paths


def dump(st: Store) -> dict[str, list]:
    """Every table's rows in a canonical order."""
    return {t: st.sql(f"SELECT * FROM {t} ORDER BY ALL").rows() for t in st.table_names()}


def test_ingest_twice_gives_identical_tables(tmp_path):
    write_games(tmp_path / "logs")
    with Store(tmp_path / "a.duckdb") as st:
        first = st.ingest([tmp_path / "logs"])
        once = dump(st)
        second = st.ingest([tmp_path / "logs"])
        assert dump(st) == once
    assert (first.games_added, first.already_stored) == (6, 0)
    assert (second.games_added, second.already_stored) == (0, 6)
    assert len(once["games"]) == 6 and len(once["players"]) == 24 and len(once["sources"]) == 6


def test_game_ids_dates_and_synthetic_flag(tmp_path):
    paths = write_games(tmp_path / "logs", 4)
    paths[3].write_bytes(paths[3].read_bytes().replace(b'lobby="0"/>', b'lobby="9999" title="mjlog-synthetic"/>'))
    with Store() as st:
        st.ingest([tmp_path / "logs"])
        rows = st.sql("SELECT game_id, log_id, game_date::VARCHAR, game_hour, synthetic FROM games ORDER BY 1").rows()
    assert rows[:3] == [(LOG_IDS[0], LOG_IDS[0], "2020-01-01", 1, False), (LOG_IDS[1], LOG_IDS[1], "2020-01-02", 3, False),
                        (LOG_IDS[2], LOG_IDS[2], "2020-01-03", 5, False)]
    gid, log_id, date, hour, synthetic = rows[3]
    # no log id: the game is known by its hands (one row for all its files)
    assert gid.startswith("hands-") and len(gid) == 6 + 16 and (log_id, date, hour, synthetic) == (None, None, None, True)


def test_unreadable_file_is_recorded_and_the_rest_stored(tmp_path):
    write_games(tmp_path / "logs", 3)
    (tmp_path / "logs" / "broken.xml").write_bytes(b"<mjloggm ver=")
    (tmp_path / "logs" / "empty.json").write_bytes(b"")
    with Store(tmp_path / "u.duckdb") as st:
        s = st.ingest([tmp_path / "logs"])
        assert (s.files, s.games_added, s.unreadable) == (5, 3, 2)
        bad = st.sql("SELECT source, error_type, error FROM unreadable ORDER BY source").rows()
        assert [Path(b[0]).name for b in bad] == ["broken.xml", "empty.json"]
        assert all(b[1] == "MalformedLogError" and b[2] for b in bad)
        st.ingest([tmp_path / "logs"])  # again: still one row per unreadable file
        assert st.sql("SELECT count(*) FROM unreadable").item() == 2


def test_xml_and_json_of_one_game_stored_once(tmp_path):
    from mjlog.formats.tenhou.json import dumps_tenhou6
    from mjlog.formats.reader import read_log

    xml = write_games(tmp_path / "xml", 1)[0]
    (tmp_path / "json").mkdir()
    js = tmp_path / "json" / (LOG_IDS[0] + ".json")
    js.write_text(dumps_tenhou6(read_log(xml)), encoding="utf-8")
    with Store() as st:
        s = st.ingest([tmp_path / "xml", tmp_path / "json"])
        assert (s.games_added, s.already_stored) == (1, 1)
        assert st.sql("SELECT source_format FROM games").item() == "tenhou-xml"
        roles = st.sql("SELECT source_format, role FROM sources ORDER BY role").rows()
        assert roles == [("tenhou-json", "alternate"), ("tenhou-xml", "primary")]
        assert st.sql("SELECT count(*) FROM rounds").item() == 1


def test_double_ron_is_two_wins_one_deal_in(tmp_path):
    (tmp_path / "dr.xml").write_bytes(double_ron_game())
    with Store() as st:
        st.ingest([tmp_path / "dr.xml"])
        wins = st.wins_with_yaku()
        assert wins.select("seat", "deal_in_seat", "win_index").rows() == [(1, 0, 0), (2, 0, 1)]
        assert wins["yaku_ids"].to_list() == [[8], [8]]  # ura listed with 0 han is not a yaku
        assert wins["yaku_names"].to_list()[0] == ["Tanyao"]
        seats = st.seat_results()
        assert seats.select("seat", "wins", "deal_ins").rows() == [(0, 0, 1), (1, 1, 0), (2, 1, 0), (3, 0, 0)]
        assert seats["placement"].to_list() == [4, 1, 2, 3]
        # the replay cannot settle these wins (their hands are not complete): no payments rows;
        # the log's score changes stay in wins.deltas
        assert st.sql("SELECT count(*) FROM payments WHERE result_index IS NOT NULL").item() == 0
        assert wins["deltas"].to_list() == [[-1000, 1000, 0, 0], [-1000, 0, 1000, 0]]


def test_events_and_tile_macros(tmp_path):
    (tmp_path / "g.xml").write_bytes(simple_game4())
    with Store() as st:
        st.ingest([tmp_path])
        ev = st.sql("SELECT event_index, seat, kind, tile, tsumogiri, tile_name FROM event_tiles ORDER BY 1").rows()
        assert ev[:4] == [(0, 0, "draw", 100, None, "8s"), (1, 0, "discard", 0, False, "1m"),
                          (2, 1, "draw", 101, None, "8s"), (3, 1, "discard", 101, True, "8s")]
        assert ev[4][2] == "ryuukyoku"
        assert st.sql("SELECT tile_mpsz(52), tile_mpsz(52, red_fives := false), tile_kind(135), "
                      "tiles_mpsz([0, 16, 135])").row(0) == ("0p", "5p", 33, "1m0m7z")
        draw = st.sql("SELECT kind, shown_seats, deltas FROM draws").row(0)
        assert draw == ("exhaustive", [0], [3000, -1000, -1000, -1000])


def _ingest_and_die(db: str, folder: str, kill_at: int, how: str) -> None:
    """Child process: ingest one game per transaction; die (SIGKILL) or raise inside transaction ``kill_at``."""

    def hook(committed: int) -> None:
        if committed == kill_at:
            if how == "kill":
                os.kill(os.getpid(), signal.SIGKILL)
            raise RuntimeError("fault injected mid-game")

    store_mod._BEFORE_COMMIT = hook
    with Store(db) as st:
        st.ingest([folder], batch=1)


@pytest.mark.parametrize("how", ["kill", "raise"])
def test_interrupted_ingest_leaves_no_half_game(tmp_path, how):
    write_games(tmp_path / "logs")
    with Store(tmp_path / "clean.duckdb") as st:
        st.ingest([tmp_path / "logs"], batch=1)
        clean = dump(st)
    db = str(tmp_path / "killed.duckdb")
    ctx = multiprocessing.get_context("spawn")
    child = ctx.Process(target=_ingest_and_die, args=(db, str(tmp_path / "logs"), 3, how))
    child.start()
    child.join(60)
    assert child.exitcode == (-signal.SIGKILL if how == "kill" else 1)
    with Store(db) as st:
        # three whole games committed; the fourth's rows were inserted but never committed
        assert st.sql("SELECT count(*) FROM games").item() == 3
        for t in ("players", "rounds", "events", "draws", "payments", "sources"):
            orphans = st.sql(f"SELECT count(*) FROM {t} WHERE game_id NOT IN (SELECT game_id FROM games)").item()
            assert orphans == 0, t
        s = st.ingest([tmp_path / "logs"], batch=1)
        assert (s.games_added, s.already_stored) == (3, 3)
        assert dump(st) == clean


def test_jobs_gives_the_same_tables(tmp_path):
    write_games(tmp_path / "logs", 9)
    with Store() as one, Store() as two:
        one.ingest([tmp_path / "logs"], batch=2)
        s = two.ingest([tmp_path / "logs"], jobs=2, batch=2)
        assert s.games_added == 9
        assert dump(one) == dump(two)


def test_cli_ingest_query_export_and_parquet_read_back(tmp_path, capsys):
    write_games(tmp_path / "logs")
    (tmp_path / "logs" / "bad.xml").write_bytes(b"<mjloggm")
    db = str(tmp_path / "cli.duckdb")
    assert main(["ingest", str(tmp_path / "logs"), "--db", db, "--no-progress"]) == 1  # one unreadable file
    assert "6 new games" in capsys.readouterr().out
    assert main(["query", "--db", db, "SELECT count(*) AS n FROM games"]) == 0
    assert "│ 6   │" in capsys.readouterr().out
    csv = tmp_path / "q.csv"
    pq = tmp_path / "q.parquet"
    assert main(["query", "--db", db, "SELECT seat, count(*) AS n FROM players GROUP BY 1 ORDER BY 1",
                 "--csv", str(csv), "--parquet", str(pq)]) == 0
    assert pl.read_csv(csv).rows() == [(0, 6), (1, 6), (2, 6), (3, 6)]
    assert pl.read_parquet(pq)["n"].to_list() == [6, 6, 6, 6]
    assert main(["query", "--db", db, "SELECT * FROM no_such_table"]) == 2
    assert main(["query", "--db", str(tmp_path / "missing.duckdb"), "SELECT 1"]) == 2

    out = tmp_path / "export"
    assert main(["export", "--db", db, "--out", str(out)]) == 0
    parts = sorted(p.relative_to(out / "games").parts[:3] for p in (out / "games").rglob("*.parquet"))
    assert parts == [("family=riichi", "rule_set=tenhou-4p-south", f"game_date={d}") for d in
                     ("2020-01-01", "2020-01-02", "2020-01-03", "__HIVE_DEFAULT_PARTITION__")]
    games = pl.read_parquet(out / "games", hive_partitioning=True)
    assert games.height == 6 and set(games["rule_set"]) == {"tenhou-4p-south"}
    events = pl.read_parquet(out / "events", hive_partitioning=True)
    with Store(db, read_only=True) as st:
        assert events.height == st.sql("SELECT count(*) FROM events").item()
    con = duckdb.connect()
    rows = con.execute(f"SELECT game_date, count(*) FROM read_parquet('{out}/games/**/*.parquet', "
                       "hive_partitioning = true) GROUP BY 1 ORDER BY 1 NULLS LAST").fetchall()
    assert [str(d) for d, _ in rows] == ["2020-01-01", "2020-01-02", "2020-01-03", "None"]
    assert con.execute(f"SELECT count(*) FROM '{out}/unreadable.parquet'").fetchone() == (1,)
    con.close()
    # exporting again replaces, never duplicates
    assert main(["export", "--db", db, "--out", str(out)]) == 0
    assert pl.read_parquet(out / "games", hive_partitioning=True).height == 6


def test_import_mjlog_does_not_import_duckdb():
    code = "import sys, mjlog, mjlog.store.rows, mjlog.cli; print('duckdb' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_cli_batch_default_is_the_stores_and_ingest_restores_the_switch_interval(tmp_path):
    from mjlog.cli import build_parser

    args = build_parser().parse_args(["ingest", "--db", "x.duckdb", "logs"])
    assert args.batch == store_mod.DEFAULT_BATCH == 256
    write_games(tmp_path / "logs", 2)
    before = sys.getswitchinterval()
    with Store() as st:
        assert st.ingest([tmp_path / "logs"]).games_added == 2
    assert sys.getswitchinterval() == before


def test_ingest_restores_duckdbs_thread_setting(tmp_path):
    write_games(tmp_path / "logs", 2)
    with Store() as st:
        st.con.execute("SET threads = 3")
        assert st.ingest([tmp_path / "logs"], jobs=2, batch=1).games_added == 2
        assert st.sql("SELECT current_setting('threads') AS t").item() == 3


def test_a_game_whose_rows_fail_leaves_no_row_behind(monkeypatch):
    """A row-building bug on one game (after its events, riichi and payment rows were added)
    makes that file unreadable and leaves the chunk's tables as if it had never been read."""
    from mjlog.store import rows as ingest_rows
    good, bad = simple_game4(), double_ron_game()
    clean = ingest_rows.build_chunk_from_bytes([("a.xml", good)]).tables
    real = ingest_rows._Rows._win

    def failing_second_win(self, fam, log, rnd, g, j, *args):
        if j == 1:
            raise RuntimeError("boom")
        return real(self, fam, log, rnd, g, j, *args)

    monkeypatch.setattr(ingest_rows._Rows, "_win", failing_second_win)
    chunk = ingest_rows.build_chunk_from_bytes([("b.xml", bad), ("a.xml", good)])
    assert [f.status for f in chunk.files] == ["unreadable", "game"]
    assert "building rows failed (RuntimeError: boom)" in chunk.files[0].error
    for name, table in clean.items():
        assert chunk.tables[name].equals(table), name


def _twin_folder(tmp_path: Path) -> Path:
    """Five games, then the JSON of the first (one game from two sources)."""
    from mjlog.formats.tenhou.json import dumps_tenhou6
    from mjlog.formats.reader import read_log

    xml = write_games(tmp_path / "logs", 5)
    (tmp_path / "logs" / "z-twin.json").write_text(dumps_tenhou6(read_log(xml[0])), encoding="utf-8")
    return tmp_path / "logs"


def _rows(chunk) -> dict[str, list]:
    return {name: sorted(map(repr, t.to_pylist())) for name, t in chunk.tables.items()}


def test_merged_task_chunks_equal_the_chunk_of_all_their_files(tmp_path):
    from mjlog.store.rows import build_chunk
    from mjlog.formats.reader import iter_log_files

    files = [str(p) for p in iter_log_files([_twin_folder(tmp_path)])]
    whole = build_chunk(files)
    merged = store_mod.merge_chunks([build_chunk(files[:2]), build_chunk(files[2:4]), build_chunk(files[4:])])
    assert [f.status for f in whole.files] == ["game"] * 5 + ["alternate"]
    assert merged.files == whole.files  # the twin in the last task became an alternate, with no findings
    assert _rows(merged) == _rows(whole)  # and its rows were dropped


def test_jobs_with_small_tasks_gives_the_tables_of_one_process(tmp_path, monkeypatch):
    folder = _twin_folder(tmp_path)
    monkeypatch.setattr(store_mod, "TASK_GAMES", 2)  # 3 tasks, merged into transactions of 4 files and 2
    with Store() as one, Store() as two:
        one.ingest([folder], batch=1)
        s = two.ingest([folder], jobs=2, batch=4)
        assert (s.games_added, s.already_stored) == (5, 1)
        assert dump(one) == dump(two)
        assert two.sql("SELECT count(*) FROM sources WHERE role = 'alternate'").item() == 1


def test_a_store_of_another_schema_version_is_refused_with_one_line(tmp_path):
    """A store an older mjlog wrote lacks tables this one fills: opening it to write is a typed error,
    and the command line says it in one line, how to go on included."""
    import subprocess
    import sys

    import duckdb

    from mjlog.store import Store, StoreVersionError

    db = tmp_path / "old.duckdb"
    with Store(str(db)):
        pass
    con = duckdb.connect(str(db))
    con.execute("UPDATE meta SET value = '3' WHERE key = 'schema_version'")
    con.close()
    with pytest.raises(StoreVersionError, match="schema version 3"):
        Store(str(db))
    game = tmp_path / "g.xml"
    game.write_bytes(simple_game4())
    run = subprocess.run([sys.executable, "-m", "mjlog", "ingest", "--no-progress", "--db", str(db), str(game)],
                         capture_output=True, text=True)
    assert run.returncode == 2
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and "schema version 3" in lines[0] and "new database" in lines[0]
