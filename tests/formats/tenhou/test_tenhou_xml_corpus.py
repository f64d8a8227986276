"""Every corpus XML reads, its IR counts equal plain tag counts, and calls re-encode exactly."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from mjlog.rules.riichi.call_codes import encode_call
from mjlog.ir import Call, CallKind, Discard, Draw, Win
from mjlog.formats.reader import read_log
from tests.support.plain_counts import ir_counts, plain_call_kind

pytestmark = pytest.mark.corpus

TAG = re.compile(rb"<([A-Za-z]+)(\d*)\b([^>]*)>")
M_ATTR = re.compile(rb'\bm="([\d,]*)"')
TYPE_ATTR = re.compile(rb'\btype="(\w+)"')
STEP_ATTR = re.compile(rb'\bstep="(\d)"')


def tag_counts(data: bytes) -> Counter:
    c: Counter = Counter()
    for m in TAG.finditer(data):
        name, digits, attrs = m.group(1), m.group(2), m.group(3)
        if digits and name in (b"T", b"U", b"V", b"W"):
            c["draw"] += 1
        elif digits and name in (b"D", b"E", b"F", b"G"):
            c["discard"] += 1
        elif name == b"INIT":
            c["round"] += 1
        elif name == b"N":
            c["call:" + plain_call_kind(int(M_ATTR.search(attrs).group(1)))] += 1
        elif name == b"REACH":
            c["riichi" + STEP_ATTR.search(attrs).group(1).decode()] += 1
        elif name == b"DORA":
            c["dora"] += 1
        elif name == b"AGARI":
            c["win"] += 1
        elif name == b"RYUUKYOKU":
            t = TYPE_ATTR.search(attrs)
            c["ryuukyoku:" + (t.group(1).decode() if t else "exhaustive")] += 1
    return c


def test_every_corpus_xml_reads_with_counts_equal_to_its_tags(corpus_xml_files):
    assert len(corpus_xml_files) == 1142
    totals: Counter = Counter()
    for path in corpus_xml_files:
        log = read_log(path)
        expected = +tag_counts(path.read_bytes())
        assert ir_counts(log) == expected, path.name
        totals += expected
    # the corpus README's scale, so a silently empty parse cannot pass
    assert totals["round"] > 10_000 and totals["win"] > 9_000 and totals["draw"] > 480_000
    assert totals["call:kita"] > 6_000 and totals["call:kakan"] > 400 and totals["ryuukyoku:nm"] >= 8


def test_every_corpus_call_reencodes_to_its_original_m(corpus_xml_files):
    n = 0
    for path in corpus_xml_files:
        data = path.read_bytes()
        originals = [int(x) for m in TAG.finditer(data) if m.group(1) == b"N"
                     for x in [M_ATTR.search(m.group(3)).group(1)]]
        in_wins = [int(x) for m in TAG.finditer(data) if m.group(1) == b"AGARI"
                   for a in [M_ATTR.search(m.group(3))] if a for x in a.group(1).split(b",")]
        log = read_log(path)
        calls = [e for r in log.rounds for e in r.events if isinstance(e, Call)]
        melds = [c for r in log.rounds for e in r.outcomes if isinstance(e, Win) for c in e.melds]
        assert [encode_call(c) for c in calls] == originals, path.name
        assert [encode_call(c) for c in melds] == in_wins, path.name
        n += len(calls) + len(melds)
    assert n > 22_000


def test_truncated_corpus_files_have_no_final_result(corpus_xml_files, manifest):
    truncated = {k.split("/", 1)[1] for k, v in manifest.items() if "TRUNCATED" in v["notes"] and k.startswith("xml/")}
    assert len(truncated) == 48
    for path in corpus_xml_files:
        assert read_log(path).truncated == (path.name in truncated), path.name


def test_corpus_tsumogiri_and_kinds_are_consistent(corpus_xml_files):
    """A tsumogiri discard is the seat's previous draw; sanma games have 3 seats and no chi."""
    sanma = 0
    for path in corpus_xml_files[::7]:
        log = read_log(path)
        if log.rules.players == 3:
            sanma += 1
            assert all(len(r.hands) == 3 for r in log.rounds)
        for r in log.rounds:
            last: dict[int, int] = {}
            for e in r.events:
                if isinstance(e, Draw):
                    last[e.seat] = e.tile
                elif isinstance(e, Discard):
                    assert e.tsumogiri == (last.get(e.seat) == e.tile)
                    last.pop(e.seat, None)
                elif isinstance(e, Call) and log.rules.players == 3:
                    assert e.kind is not CallKind.CHI
    assert sanma > 10
