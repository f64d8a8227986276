"""Values a log does not record (tenhou.net/6 JSON writes no fu at mangan and above) are null in
the store and absent in ``mjlog show``; the stat sheet counts such wins at the replay's fu and
says how many."""

from __future__ import annotations

import json

from mjlog.formats.tenhou.json import dumps_tenhou6
from mjlog.ir import Win
from mjlog.formats.reader import read_log
from mjlog.view.text import format_game
from mjlog.rules.riichi.ruleset import PRESETS
from mjlog.rules.riichi.simulate import simulate_game
from mjlog.stats.frames import load_frames
from mjlog.stats.sheet import format_sheet, stat_sheet
from mjlog.store import Store

NAME = "2019061512gm-00a9-0000-1234abcd"


def _json_game_with_a_limit_win() -> bytes:
    for seed in range(60):
        xml = simulate_game(PRESETS["tenhou-4p-south"], seed)
        log = read_log(xml, f"{NAME}.xml")
        wins = [e for r in log.rounds for e in r.outcomes if isinstance(e, Win) and e.payload.limit and not e.payload.yakuman]
        if any(w.payload.han <= 4 for w in wins):  # mangan at 4 han (or 3 han 70 fu): its fu belongs in the fu table
            obj = json.loads(dumps_tenhou6(log))
            obj.pop("title", None)
            return json.dumps(obj, ensure_ascii=False).encode()
    raise AssertionError("no simulated game with a mangan of 4 han or less")


def test_show_leaves_out_the_fu_json_does_not_record():
    log = read_log(_json_game_with_a_limit_win(), f"{NAME}.json")
    text = format_game(log, japanese=False)
    assert " 0 fu" not in text
    assert any("han" in line and "fu" not in line.split(":")[1].split(";")[0] for line in text.splitlines()
               if "(mangan)" in line)


def test_the_store_keeps_unrecorded_fu_null_and_the_stat_sheet_uses_the_replays(tmp_path):
    path = tmp_path / f"{NAME}.json"
    path.write_bytes(_json_game_with_a_limit_win())
    with Store(tmp_path / "db.duckdb") as st:
        st.ingest([path])
        rows = st.sql('SELECT fu, derived_fu, "limit" FROM wins').rows()
        assert rows and all((fu is None) == (limit > 0) for fu, _, limit in rows)
        assert all(fu is not None for _, fu, _ in rows)
        frames = load_frames(st, synthetic="include")
    fu = stat_sheet(frames).fu
    assert 0 not in fu["fu"].to_list()
    assert fu["fu_derived"].sum() >= 1
    assert "fu_derived" in format_sheet(stat_sheet(frames), sections=["fu"])
