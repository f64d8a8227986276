"""A first hand the log proves is the game's first is checked against the rules; a fragment is not.

Tenhou's seed proves it (its first wall deals the hand), a Beijing log's header states it. Each
fault test changes the first hand's start in a copy of the bytes (in memory only) and expects an
error: a doctored start is not taken for a fragment. A corpus game cut before its first hand
stays a fragment, with the "starts in the middle" warning only.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest

from mjlog.errors import MalformedLogError
from mjlog.findings import FindingKind, Severity
from mjlog.formats.beijing.xml import write_beijing_xml
from mjlog.formats.reader import read_log
from mjlog.replayer import Replay, replay
from mjlog.rules.beijing.ruleset import PRESETS as BEIJING_PRESETS
from mjlog.rules.beijing.simulate.game import play_game

from tests.support.paths import TENHOU_XML

K = FindingKind
SEEDED = b'<SHUFFLE seed="mt19937ar-sha512-n288-base64,'
PROOF = "the game's first hand"

_INIT = re.compile(rb"<INIT [^>]*>")


def _audit(data: bytes) -> Replay:
    return replay(read_log(data))


def _errors(result: Replay) -> list[str]:
    return [f.line() for f in result.findings if f.severity is Severity.ERROR]


@cache
def _seeded_games() -> tuple[tuple[Path, bytes], ...]:
    """The corpus's complete seeded Tenhou games whose audit is clean of errors and starts at the start."""
    out = []
    for path in sorted(TENHOU_XML.iterdir()):
        data = path.read_bytes()
        if SEEDED not in data or b"owari=" not in data or b'<TAIKYOKU oya="0"' not in data:
            continue
        result = _audit(data)
        if _errors(result) or result.truncated:
            continue
        out.append((path, data))
    return tuple(out)


def _first_init(data: bytes, change: Callable[[dict[str, list[int]]], None]) -> bytes:
    """``data`` with the first INIT's ``seed``, ``ten`` and ``oya`` changed by ``change``."""
    m = _INIT.search(data)
    assert m is not None
    tag = m.group().decode()
    values = {name: [int(v) for v in re.search(f' {name}="([^"]*)"', tag).group(1).split(",")]  # type: ignore[union-attr]
              for name in ("seed", "ten", "oya")}
    change(values)
    for name, numbers in values.items():
        tag = re.sub(f' {name}="[^"]*"', f' {name}="{",".join(map(str, numbers))}"', tag)
    return data[:m.start()] + tag.encode() + data[m.end():]


def _score(v: dict[str, list[int]]) -> None:
    v["ten"][0] -= 1   # 100 points from seat 0 to seat 1
    v["ten"][1] += 1


def _honba(v: dict[str, list[int]]) -> None:
    v["seed"][1] += 1


def _sticks(v: dict[str, list[int]]) -> None:
    v["seed"][2] += 1


def _later_hand(v: dict[str, list[int]]) -> None:
    """The first hand made East 2, dealt by the next seat (kyoku and dealer agree)."""
    v["seed"][0] += 1
    v["oya"][0] = (v["oya"][0] + 1) % len(v["ten"])


def _dealer(data: bytes) -> bytes:
    """The first hand's dealer moved one seat on (the reader refuses it: Tenhou's dealer follows the kyoku)."""
    return _first_init(data, lambda v: v["oya"].__setitem__(0, (v["oya"][0] + 1) % len(v["ten"])))


def _on_init(change: Callable[[dict[str, list[int]]], None]) -> Callable[[bytes], bytes]:
    return lambda data: _first_init(data, change)


START_CHANGES = {"score": _on_init(_score), "honba": _on_init(_honba), "sticks": _on_init(_sticks),
                 "dealer": _dealer, "kyoku": _on_init(_later_hand)}


@pytest.mark.corpus
@pytest.mark.slow
@pytest.mark.parametrize("what", sorted(START_CHANGES))
def test_a_doctored_first_hand_of_a_seeded_tenhou_game_is_an_error(what):
    games = _seeded_games()
    assert len(games) > 1000, len(games)
    missed = []
    for path, data in games:
        try:
            result = _audit(START_CHANGES[what](data))
        except MalformedLogError:
            continue  # unreadable: an error too (exit 1)
        first_errors = [f for f in result.findings if f.severity is Severity.ERROR and f.round_index == 0]
        proven = any(f.kind is K.FLOW and PROOF in f.message for f in first_errors)
        if not first_errors or not proven or result.truncated:
            missed.append(path.name)
    assert not missed, f"{len(missed)} of {len(games)} doctored games not an error: {missed[:3]}"


def _cut_before_first_hand(data: bytes) -> bytes:
    """``data`` without its first hand: the log starts at the game's second hand."""
    first = _INIT.search(data)
    assert first is not None
    second = _INIT.search(data, first.end())
    assert second is not None
    return data[:first.start()] + data[second.start():]


@pytest.mark.corpus
def test_a_seeded_corpus_game_cut_before_its_first_hand_is_a_fragment_with_a_warning_only():
    games = _seeded_games()[::100]
    for path, data in games:
        result = _audit(_cut_before_first_hand(data))
        assert not [f for f in result.findings if f.severity is not Severity.NOTE and f.kind is not K.TRUNCATED], path
        assert any("starts in the middle" in f.message for f in result.findings if f.kind is K.TRUNCATED), path


@pytest.mark.corpus
def test_mjlog_audit_exits_1_on_a_doctored_start_and_0_on_a_fragment(tmp_path):
    path, data = _seeded_games()[0]
    (tmp_path / "doctored.xml").write_bytes(_first_init(data, _score))
    (tmp_path / "fragment.xml").write_bytes(_cut_before_first_hand(data))
    mjlog = [sys.executable, "-m", "mjlog", "audit", "--no-progress"]
    doctored = subprocess.run([*mjlog, str(tmp_path / "doctored.xml")], capture_output=True, text=True)
    assert doctored.returncode == 1, doctored.stdout + doctored.stderr
    assert PROOF in doctored.stdout
    fragment = subprocess.run([*mjlog, str(tmp_path / "fragment.xml")], capture_output=True, text=True)
    assert fragment.returncode == 0, fragment.stdout + fragment.stderr
    assert "starts in the middle" in fragment.stdout


# -- Beijing: the header states the first hand ----------------------------------------------------------


@cache
def _beijing_game() -> bytes:
    return write_beijing_xml(play_game(BEIJING_PRESETS["beijing"], 3))


def _first_hand_attr(data: bytes, name: bytes, value: bytes) -> bytes:
    start = data.index(b"<HAND ")
    end = data.index(b">", start)
    tag = re.sub(rb" " + name + rb'="[^"]*"', b" " + name + b'="' + value + b'"', data[start:end])
    return data[:start] + tag + data[end:]


def test_a_beijing_log_whose_first_hand_starts_off_the_rules_is_an_error():
    clean = _beijing_game()
    assert not _audit(clean).findings
    for name, value in ((b"honba", b"1"), (b"ten", b"1000,-1000,0,0"), (b"kyoku", b"1")):
        result = _audit(_first_hand_attr(clean, name, value))
        first = [f for f in result.findings if f.severity is Severity.ERROR and f.round_index == 0]
        assert any(f.kind is K.FLOW and PROOF in f.message for f in first), (name, [f.line() for f in first])
        assert not result.truncated, name
