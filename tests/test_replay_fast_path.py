"""The replay's inlined path for ordinary draws and discards, and its compiled twin
(``mjlog._speedups.run_quiet``, when built), give exactly what the event methods give."""

from __future__ import annotations

from pathlib import Path

import pytest

import mjlog.replayer.table as table
from mjlog import read_log, replay

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "sample"


def both_ways(log):
    """(fast, slow) replays; the fast one is checked equal to the compiled path's when it is built."""
    saved = table.FAST_PATH, table.COMPILED
    try:
        table.FAST_PATH, table.COMPILED = True, False
        fast = replay(log)
        table.FAST_PATH = False
        slow = replay(log)
        if saved[1]:
            table.FAST_PATH, table.COMPILED = True, True
            compiled = replay(log)
            assert compiled.rounds == fast.rounds and compiled.findings == fast.findings
    finally:
        table.FAST_PATH, table.COMPILED = saved
    return fast, slow


def test_fast_path_equals_event_methods_on_the_samples():
    for path in sorted(SAMPLE.glob("*.xml")):
        fast, slow = both_ways(read_log(path))
        assert fast.rounds == slow.rounds and fast.findings == slow.findings, path.name


def test_fast_path_equals_event_methods_on_a_broken_log():
    from tests.xmlbuild import simple_game4

    log = read_log(simple_game4("<V102/><F102/><V103/><D5/>"))  # a draw out of turn, a discard not held
    fast, slow = both_ways(log)
    assert fast.findings == slow.findings and fast.findings


@pytest.mark.corpus
def test_fast_path_equals_event_methods_on_corpus_games(corpus_xml_files):
    for path in corpus_xml_files[::5]:
        fast, slow = both_ways(read_log(path))
        assert fast.rounds == slow.rounds and fast.findings == slow.findings, path.name


def _after_chi(discard: int) -> bytes:
    """Seat 1 calls chi on seat 0's 1m (tile 0) with its 2m 3m, then discards tile ``discard``."""
    from mjlog.formats.tenhou_calls import encode_call
    from mjlog.ir import Call, CallKind
    from tests.xmlbuild import game4, hand, init4

    m = encode_call(Call(1, CallKind.CHI, (0, 5, 9), 0, 0))
    return game4(init4() + f'<T100/><D0/><N who="1" m="{m}"/><E{discard}/>'
                 + f'<RYUUKYOKU ba="0,0" sc="250,30,250,-10,250,-10,250,-10" hai0="{hand(4)}"/>')


@pytest.mark.parametrize("discard, banned", [(1, True), (13, True), (17, False)])
def test_swap_call_discard_is_judged_alike_on_every_path(discard, banned):
    """1m taken with 2m3m bans 1m (tile 1) and 4m (tile 13) as the next discard, not 5m (tile 17)."""
    fast, slow = both_ways(read_log(_after_chi(discard)))
    assert fast.findings == slow.findings
    swaps = [f for f in fast.findings if "swap-calls" in f.message]
    assert len(swaps) == int(banned)
    if banned:
        assert swaps[0].event_index == 3 and swaps[0].round_index == 0
