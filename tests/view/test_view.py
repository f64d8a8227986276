"""mjlog view without a browser: the steps built from the IR and the replay, and the page's text."""

from __future__ import annotations

import json
import re

import pytest

import mjlog
from mjlog.cli import main
from mjlog.ir import Call, Discard, Win
from mjlog.rules.riichi.events import RiichiDeclared
from mjlog.view import game_steps, presenter_for, view_html
from tests.support.viewcases import GAME3, GAME4, HOSTILE_NAME, with_hostile_name, with_wrong_points


def steps_of(log):
    return game_steps(log, mjlog.replay(log), presenter_for(log))


def page_data(page: str) -> dict:
    """The game data in a page, with the packed per-seat entries (0: as the step before) filled in."""
    m = re.search(r'<script type="application/json" id="game-data">(.*?)</script>', page, re.S)
    data = json.loads(m.group(1))
    for key in data.get("packed", ()):
        for before, step in zip(data["steps"], data["steps"][1:]):
            step[key] = [before[key][s] if v == 0 and not isinstance(v, bool) else v for s, v in enumerate(step[key])]
    return data


def test_the_page_holds_the_steps_packed_and_whole():
    log = mjlog.read_log(GAME4)
    page = view_html(log)
    data = steps_of(log)
    raw = json.loads(re.search(r'id="game-data">(.*?)</script>', page, re.S).group(1))
    assert raw["packed"] == ["hands", "drawn", "discards", "melds", "aside"]
    assert sum(v == 0 for s in raw["steps"] for v in s["hands"]) > len(raw["steps"])   # most seats repeat
    assert page_data(page)["steps"] == data["steps"]


def test_one_step_per_event_plus_each_deal():
    log = mjlog.read_log(GAME4)
    data = steps_of(log)
    assert len(data["steps"]) == sum(len(r.events) + 1 for r in log.rounds)
    assert [r["name"] for r in data["rounds"]] == [r.name for r in log.rounds]
    for k, r in enumerate(data["rounds"]):
        assert data["steps"][r["first"]]["event"] is None and data["steps"][r["last"]]["round"] == k


def test_hands_follow_draws_discards_and_calls():
    log = mjlog.read_log(GAME4)
    data = steps_of(log)
    for step in data["steps"]:
        for seat, hand in enumerate(step["hands"]):
            drawn = 1 if step["drawn"][seat] else 0
            melded = sum(3 for m in step["melds"][seat])   # a kan's fourth tile is its replacement draw
            assert len(hand) + drawn + melded in (13, 14), (step["caption"], seat)


def test_riichi_tile_is_turned_and_called_tiles_marked():
    log = mjlog.read_log(GAME4)
    data = steps_of(log)
    rnd = log.rounds[0]
    i = next(k for k, e in enumerate(rnd.events) if isinstance(e, RiichiDeclared))
    seat = rnd.events[i].seat
    j = next(k for k in range(i, len(rnd.events)) if isinstance(rnd.events[k], Discard) and rnd.events[k].seat == seat)
    step = data["steps"][data["rounds"][0]["first"] + 1 + j]
    assert step["discards"][seat][-1].get("r") == 1 and "the riichi tile" in step["caption"]
    assert sum(1 for d in step["discards"][seat] if d.get("r")) == 1
    r, k = next((r, k) for r in log.rounds for k, e in enumerate(r.events) if isinstance(e, Call) and e.kind.value == "chi")
    call = r.events[k]
    step = data["steps"][data["rounds"][r.index]["first"] + 1 + k]
    assert step["discards"][call.from_seat][-1].get("c") == 1
    assert step["melds"][call.seat][-1]["called"] == presenter_for(log).tile(call.called)


def test_outcome_shows_the_derived_yaku_value_and_payments():
    log = mjlog.read_log(GAME4)
    replay = mjlog.replay(log)
    data = game_steps(log, replay, presenter_for(log))
    outcome = data["steps"][data["rounds"][0]["last"]]["outcome"]
    derived = replay.rounds[0].wins[0]
    assert outcome["type"] == "win" and outcome["derived"]
    # the yaku as the replay derived them, less ura dora at 0 han (Tenhou lists it; nothing to show)
    assert [y["name"] for y in outcome["yaku"]] == [n for n, (_, h) in zip(derived.value.yaku_names,
                                                                          derived.value.yaku) if h]
    assert [y["name"] for y in outcome["yaku"]] == ["Riichi", "Chiitoitsu", "Tanyao"]
    assert outcome["value"] == "4 han 25 fu, 9600"
    assert outcome["deltas"] == list(derived.deltas)
    assert data["steps"][data["rounds"][0]["last"]]["scores"] == list(replay.rounds[0].end_scores)


def test_findings_sit_at_their_event():
    log = mjlog.read_log(with_wrong_points())
    replay = mjlog.replay(log)
    assert replay.findings, "the changed points must give a finding"
    data = game_steps(log, replay, presenter_for(log))
    for f in replay.findings:
        step = data["steps"][data["rounds"][f.round_index]["first"] + 1 + f.event_index]
        assert f.message in [g["message"] for g in step["findings"]]
        assert isinstance(log.rounds[f.round_index].events[f.event_index], Win)
    assert sum(len(s["findings"]) for s in data["steps"]) == len(replay.findings) == data["findings"]
    win = data["steps"][data["rounds"][0]["last"]]["outcome"]
    assert win["value"] == "4 han 25 fu, 9600" and win["recorded"] == "4 han 25 fu, 9300"


def test_a_truncated_log_keeps_its_findings():
    data_bytes = GAME4.read_bytes()
    cut = data_bytes[: data_bytes.index(b"<INIT", data_bytes.index(b"<AGARI"))] + b"</mjloggm>"
    log = mjlog.read_log(cut)
    replay = mjlog.replay(log)
    data = game_steps(log, replay, presenter_for(log))
    assert sum(len(s["findings"]) for s in data["steps"]) == len(replay.findings) >= 1
    assert data["final"] is None


def test_sanma_steps_have_three_seats_and_kita():
    log = mjlog.read_log(GAME3)
    data = steps_of(log)
    assert len(data["players"]) == 3 and all(len(s["hands"]) == 3 for s in data["steps"])
    assert any(m["kind"] == "kita" for s in data["steps"] for ms in s["melds"] for m in ms)


def test_page_is_self_contained():
    page = view_html(mjlog.read_log(GAME4))
    assert "default-src 'none'" in page
    assert not re.search(r"""(src|href)\s*=|url\(|@import|https?://""", page.replace('http-equiv', ''))


def test_hostile_names_stay_text_in_the_page():
    page = view_html(mjlog.read_log(with_hostile_name()))
    assert HOSTILE_NAME not in page and '<b id="pwned">' not in page
    assert page_data(page)["players"][0] == HOSTILE_NAME
    assert page.count("</script>") == 2


def test_view_command_writes_the_page(tmp_path, capsys):
    out = tmp_path / "game.html"
    assert main(["view", str(GAME3), "-o", str(out)]) == 0
    assert page_data(out.read_text(encoding="utf-8"))["rules"] == "tenhou-3p-south"


def test_view_of_a_malformed_file_is_one_line_and_exit_2(tmp_path, capsys):
    bad = tmp_path / "bad.xml"
    bad.write_bytes(b"<mjloggm><INIT")
    assert main(["view", str(bad), "-o", str(tmp_path / "x.html")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"mjlog: {bad}")
    assert not (tmp_path / "x.html").exists()


def test_ankan_shows_four_tiles_and_names_no_discarder():
    log = mjlog.read_log(GAME4)
    data = steps_of(log)
    r, k = next((r, k) for r in log.rounds for k, e in enumerate(r.events)
                if isinstance(e, Call) and e.kind.value == "ankan")
    step = data["steps"][data["rounds"][r.index]["first"] + 1 + k]
    seat = r.events[k].seat
    assert step["melds"][seat][-1]["kind"] == "ankan" and len(step["melds"][seat][-1]["tiles"]) == 4
    assert " from " not in step["caption"] and "calls ankan" in step["caption"]


@pytest.mark.corpus
@pytest.mark.slow
def test_corpus_games_become_steps_with_every_finding_placed(corpus_xml_files):
    """Every 32nd XML game and every 4th JSON file: no error, each finding on one step, hands whole."""
    from tests.support.paths import TENHOU_JSON

    files = corpus_xml_files[::32] + sorted(TENHOU_JSON.iterdir())[::4]
    seen_findings = 0
    for path in files:
        try:
            log = mjlog.read_log(path)
        except mjlog.MalformedLogError:
            continue
        replay = mjlog.replay(log)
        data = game_steps(log, replay, presenter_for(log))
        assert sum(len(s["findings"]) for s in data["steps"]) == len(replay.findings), path
        seen_findings += len(replay.findings)
        for step in data["steps"]:
            if "outcome" in step:
                continue
            for seat, hand in enumerate(step["hands"]):
                melded = 3 * sum(1 for m in step["melds"][seat] if m["kind"] != "kita")
                assert len(hand) + bool(step["drawn"][seat]) + melded in (13, 14), (path, step["caption"])
    assert seen_findings > 0


def test_a_log_built_in_code_with_an_impossible_tile_still_views():
    import dataclasses

    log = mjlog.read_log(GAME4)
    rnd = log.rounds[0]
    k = next(i for i, e in enumerate(rnd.events) if isinstance(e, Discard))
    events = list(rnd.events)
    events[k] = dataclasses.replace(events[k], tile=200)
    bad = dataclasses.replace(log, rounds=(dataclasses.replace(rnd, events=tuple(events)),) + log.rounds[1:])
    data = page_data(view_html(bad))
    assert data["steps"][1 + k]["discards"][events[k].seat][-1]["t"] == "??"
    assert any(f["kind"] == "malformed" for s in data["steps"] for f in s["findings"])


def test_a_family_without_its_own_presenter_is_shown_through_its_interface():
    from tests.support import toy_family

    toy_family.install()
    try:
        log = mjlog.read_log(toy_family.toy_log(ron_deltas="-2,2,0,0"))
        replay = mjlog.replay(log)
        data = page_data(view_html(log, replay))
    finally:
        toy_family.uninstall()
    assert data["family"] == "toy" and data["rules"] == "toy-4"
    # the deal, a draw, the toy's own event (a knock), a discard, the ron
    ron = data["steps"][4]["outcome"]
    assert ron["yaku"] == [{"name": "win", "ja": "win", "han": 1}] and ron["value"] == "1 point"
    assert ron["deltas"] == [-1, 1, 0, 0] and data["steps"][4]["findings"][0]["kind"] == "payment mismatch"
    assert data["steps"][3]["discards"][0] == [{"t": "5p"}] and data["steps"][0]["dora"] == []
