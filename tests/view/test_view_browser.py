"""mjlog view in a real headless Chromium (Debian's ``chromium``, started here).

Skipped when chromium is missing, unless MJLOG_REQUIRE_BROWSER=1 (CI sets it) makes that a
failure. The page's own self-test (``#selftest``) presses the keys through the whole game and
writes what it saw into ``body[data-selftest]``; ``--dump-dom`` returns it, and Chromium's log
(``--enable-logging=stderr``) shows every console message, of which there must be none.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess

import pytest

import mjlog
from mjlog.view import game_steps, presenter_for, view_html
from tests.support.viewcases import (
    BEIJING_BURN_SEED, GAME3, GAME4, HOSTILE_NAME, mcr_record, riichi_words, simulated, with_hostile_name,
    with_wrong_points,
)

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars",
         "--enable-logging=stderr", "--v=0"]


@pytest.fixture(scope="module")
def chromium():
    if CHROMIUM is None:
        if os.environ.get("MJLOG_REQUIRE_BROWSER") == "1":
            pytest.fail("MJLOG_REQUIRE_BROWSER=1 but no chromium on PATH (apt-get install chromium)")
        pytest.skip("no chromium on PATH (apt-get install chromium); MJLOG_REQUIRE_BROWSER=1 makes this a failure")
    return CHROMIUM


def run_chromium(chromium: str, tmp_path, url: str, *extra: str) -> subprocess.CompletedProcess:
    profile = tmp_path / f"profile-{len(list(tmp_path.iterdir()))}"
    return subprocess.run([chromium, *FLAGS, f"--user-data-dir={profile}", *extra, url],
                          capture_output=True, text=True, timeout=180)


def console_lines(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if ":CONSOLE" in line]


def write_page(tmp_path, data: bytes | os.PathLike, name: str = "game.html"):
    log = mjlog.read_log(data)
    path = tmp_path / name
    path.write_text(view_html(log), encoding="utf-8")
    return log, path


def selftest(chromium: str, tmp_path, path) -> tuple[dict, str, subprocess.CompletedProcess]:
    proc = run_chromium(chromium, tmp_path, f"{path.as_uri()}#selftest", "--dump-dom")
    m = re.search(r'data-selftest="([^"]*)"', proc.stdout)
    assert m, f"the page's self-test did not run; chromium said: {proc.stderr[-2000:]}"
    return json.loads(html.unescape(m.group(1))), proc.stdout, proc


@pytest.mark.parametrize("game", [GAME4, GAME3], ids=["4p", "3p"])
def test_page_steps_through_the_whole_game_without_console_errors(chromium, tmp_path, game):
    log, path = write_page(tmp_path, game)
    result, _, proc = selftest(chromium, tmp_path, path)
    n_steps = sum(len(r.events) + 1 for r in log.rounds)
    assert result == {"steps": n_steps, "visited": n_steps, "wrong": 0, "errors": 0, "findings": 0}
    assert console_lines(proc.stderr) == []


def test_console_errors_are_seen(chromium, tmp_path):
    """The check above can fail: a page that logs an error and throws is caught by both signals."""
    path = tmp_path / "bad.html"
    page = view_html(mjlog.read_log(GAME4)).replace('"use strict";', '"use strict"; console.error("boom");', 1)
    path.write_text(page.replace("function render(i) {", "function render(i) { if (i === 3) nothing();", 1))
    result, _, proc = selftest(chromium, tmp_path, path)
    assert result["errors"] >= 2 and result["wrong"] >= 1
    assert any("boom" in line for line in console_lines(proc.stderr))


def test_findings_are_shown_at_their_event(chromium, tmp_path):
    log, path = write_page(tmp_path, with_wrong_points())
    replay = mjlog.replay(log)
    data = game_steps(log, replay, presenter_for(log))
    result, _, _ = selftest(chromium, tmp_path, path)
    assert result["findings"] == len(replay.findings) >= 1 and result["errors"] == 0
    f = replay.findings[0]
    step = data["rounds"][f.round_index]["first"] + 1 + f.event_index
    proc = run_chromium(chromium, tmp_path, f"{path.as_uri()}#step={step}", "--dump-dom")
    here = re.search(r'<div id="here">(.*?)</div>\s*<div id="outcome">', proc.stdout, re.S).group(1)
    assert f.kind.value in here and html.escape(f.message, quote=False) in here
    assert "log records 4 han 25 fu, 9300" in proc.stdout


def test_hostile_player_names_stay_text(chromium, tmp_path):
    _, path = write_page(tmp_path, with_hostile_name())
    result, dom, _ = selftest(chromium, tmp_path, path)
    assert result["errors"] == 0
    assert '<b id="pwned">' not in dom and html.escape(HOSTILE_NAME, quote=False) in dom


def test_screenshot_shows_the_table(chromium, tmp_path):
    from matplotlib.image import imread

    log, path = write_page(tmp_path, GAME4)
    data = game_steps(log, mjlog.replay(log), presenter_for(log))
    win_step = data["rounds"][0]["last"]
    shot = tmp_path / "win.png"
    run_chromium(chromium, tmp_path, f"{path.as_uri()}#step={win_step}", "--window-size=1400,1000",
                 f"--screenshot={shot}")
    pixels = imread(shot)
    assert pixels.shape[:2] == (1000, 1400)
    # the table and the side panel are drawn: many distinct colours, and the header's dark green on top
    colours = {tuple((p[:3] * 255).round().astype(int)) for p in pixels[::7, ::7].reshape(-1, pixels.shape[2])}
    assert len(colours) > 200
    assert tuple((pixels[5, 5, :3] * 255).round().astype(int)) == (0x1F, 0x3A, 0x2E)
    if os.environ.get("MJLOG_SCREENSHOT_DIR"):  # keep it to look at
        shutil.copy(shot, os.path.join(os.environ["MJLOG_SCREENSHOT_DIR"], "view-win.png"))


def test_a_toy_family_page_steps_through_without_errors(chromium, tmp_path):
    from tests.support import toy_family

    toy_family.install()
    try:
        log, path = write_page(tmp_path, toy_family.toy_log(ron_deltas="-2,2,0,0"))
        n_findings = len(mjlog.replay(log).findings)
    finally:
        toy_family.uninstall()
    result, dom, proc = selftest(chromium, tmp_path, path)
    assert n_findings >= 1
    # two deals and seven events, the toy's two knocks among them (shown by the generic presenter)
    assert result == {"steps": 9, "visited": 9, "wrong": 0, "errors": 0, "findings": n_findings}
    assert console_lines(proc.stderr) == []


def test_the_page_draws_what_the_steps_say(chromium, tmp_path):
    """The packed data expanded in the page: every seat's hand and river at a late step, tile by tile."""
    log, path = write_page(tmp_path, GAME4)
    data = game_steps(log, mjlog.replay(log), presenter_for(log))
    k = data["rounds"][2]["last"] - 3
    step = data["steps"][k]
    proc = run_chromium(chromium, tmp_path, f"{path.as_uri()}#step={k}", "--dump-dom")
    table = re.search(r'<section id="table">(.*?)</section>', proc.stdout, re.S).group(1)
    seats = table.split('<div class="seat')[1:]
    assert len(seats) == len(step["hands"])
    for seat, box in enumerate(seats):
        hand, river = box.split('<div class="river">')
        titles = re.findall(r'<span class="tile[^"]*" title="([^" ]+)', hand)
        melded = [t for m in step["melds"][seat] for t in m["tiles"]]
        assert titles == step["hands"][seat] + ([step["drawn"][seat]] if step["drawn"][seat] else []) + melded
        assert re.findall(r'title="([^" ]+)', river) == [d["t"] for d in step["discards"][seat]]


def visible_text(dom: str) -> str:
    """The text a dumped page shows: its markup without scripts, styles and tags."""
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", dom, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", body))


def screenshot(chromium: str, tmp_path, path, step: int, name: str):
    """A 1400x1000 screenshot of the page at ``step`` (kept in MJLOG_SCREENSHOT_DIR when set)."""
    from matplotlib.image import imread

    shot = tmp_path / name
    run_chromium(chromium, tmp_path, f"{path.as_uri()}#step={step}", "--window-size=1400,1000", f"--screenshot={shot}")
    if os.environ.get("MJLOG_SCREENSHOT_DIR"):  # keep it to look at
        shutil.copy(shot, os.path.join(os.environ["MJLOG_SCREENSHOT_DIR"], name))
    return imread(shot)


FAMILY_PAGES = {
    "beijing": (lambda: simulated("beijing", BEIJING_BURN_SEED), ("wild indicator (惠坯)", "wild tile (惠牌)", "燒莊")),
    "mcr": (mcr_record, ("prevalent wind (圈风): East 东", "fan")),
}


@pytest.mark.parametrize("family", [
    "beijing", pytest.param("mcr", marks=pytest.mark.corpus)])
def test_a_family_page_shows_its_own_terms_and_no_riichi_word(chromium, tmp_path, family):
    source, terms = FAMILY_PAGES[family]
    log, path = write_page(tmp_path, source(), f"{family}.html")
    data = game_steps(log, mjlog.replay(log), presenter_for(log))
    result, _, proc = selftest(chromium, tmp_path, path)
    assert result["errors"] == 0 and result["wrong"] == 0 and console_lines(proc.stderr) == []
    win = next(k for k, s in enumerate(data["steps"]) if s.get("outcome", {}).get("type") == "win"
               and (family != "beijing" or s["outcome"]["notes"]))
    dom = run_chromium(chromium, tmp_path, f"{path.as_uri()}#step={win}", "--dump-dom").stdout
    text = visible_text(dom)
    for term in terms:
        assert term in text, term
    assert data["steps"][win]["outcome"]["yaku"][0]["ja"] in text   # the fan's own name beside the English
    assert riichi_words(text) == []
    if family == "beijing":
        assert 'class="tile s-' in dom and " marked" in dom      # the wild tile is marked
    pixels = screenshot(chromium, tmp_path, path, win, f"view-{family}.png")
    assert pixels.shape[:2] == (1000, 1400)
    colours = {tuple((p[:3] * 255).round().astype(int)) for p in pixels[::7, ::7].reshape(-1, pixels.shape[2])}
    assert len(colours) > 200


def test_mcr_flowers_are_drawn_as_tiles_in_the_browser(chromium, tmp_path):
    log, path = write_page(tmp_path, simulated("mcr", 1), "mcr-flowers.html")
    data = game_steps(log, mjlog.replay(log), presenter_for(log))
    k = next(k for k, s in enumerate(data["steps"]) if "sets aside the flower" in s["caption"])
    dom = run_chromium(chromium, tmp_path, f"{path.as_uri()}#step={k}", "--dump-dom").stdout
    assert re.search(r'<span class="tile s-f face" title="[1-8]f \((spring|summer|autumn|winter|plum|orchid|bamboo|'
                     r'chrysanthemum) .\)"><b>.</b></span>', dom)
    assert "#13" not in visible_text(dom) and "#14" not in visible_text(dom)
    assert "flowers (花牌)" in visible_text(dom)
