"""The compiled helpers (mjlog._speedups) give exactly what their pure-Python twins give.

The XML scanner may only ever accept bytes that lxml accepts, and must then give the same
elements and attributes; anything else it hands back (None) for the hardened lxml path.
Without the extension these tests skip, unless MJLOG_REQUIRE_SPEEDUPS=1 (as in CI), which
turns the skip into a failure.
"""

from __future__ import annotations

import os
import random
import re

import pytest

from mjlog.errors import MalformedLogError
from mjlog.formats.safe_xml import parse_xml_bytes
from mjlog.formats.tenhou.xml import _Reader, items_of_tree, scan_log

from mjlog.formats.source import load
from mjlog.rules.base_table import Phase
from tests.support.paths import SAMPLE

try:
    from mjlog import _speedups
except ImportError:  # pragma: no cover - depends on the build
    if os.environ.get("MJLOG_REQUIRE_SPEEDUPS") == "1":
        raise
    pytest.skip("mjlog._speedups is not built (no C compiler at install time)", allow_module_level=True)


def lxml_items(data: bytes):
    return items_of_tree(parse_xml_bytes(data))


PLAIN = b'<mjloggm ver="2.3"><GO type="169" lobby="0"/><T52/><D52/>\n<N who="1" m="12345" />\r\n</mjloggm >\n'


def test_scan_gives_the_items_lxml_gives():
    assert _speedups.scan_xml(PLAIN) == lxml_items(PLAIN)
    assert _speedups.scan_xml(PLAIN) == (
        "mjloggm",
        {"ver": "2.3"},
        [("GO", {"type": "169", "lobby": "0"}), "T52", "D52", ("N", {"who": "1", "m": "12345"})],
    )


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"   ",
        b'<?xml version="1.0" encoding="UTF-8"?><mjloggm/>',
        b"\xef\xbb\xbf<mjloggm/>",
        b'<!DOCTYPE x [<!ENTITY a "b">]><mjloggm/>',
        b"<mjloggm><!-- c --></mjloggm>",
        b'<mjloggm><T a="&amp;"/></mjloggm>',
        b'<mjloggm><T a="&#65;"/></mjloggm>',
        b"<mjloggm>text</mjloggm>",
        b"<mjloggm><T><U/></T></mjloggm>",
        b'<mjloggm><T a="\xc3\xa9"/></mjloggm>',
        b'<mjloggm><T a="x\ty"/></mjloggm>',
        b'<mjloggm><T a="1" a="2"/></mjloggm>',
        b"<mjloggm><T a='1'/></mjloggm>",
        b'<mjloggm><T a="1"b="2"/></mjloggm>',
        b'<mjloggm><T a = "1"/></mjloggm>',
        b"<mjloggm><T52/>",
        b"<mjloggm><T52/></mjlog>",
        b"<mjloggm><T52/></mjloggm>x",
        b"<mjloggm><T52/ ></mjloggm>",
        b"<mjloggm><1/></mjloggm>",
        b"<mjloggm><x:T/></mjloggm>",
        b'<mjloggm><T a="' + b"x" * 65536 + b'"/></mjloggm>',
        b"<mjloggm><T52/></mjloggm><extra/>",
        b"<mjloggm",
        b"<",
    ],
)
def test_scan_hands_anything_else_to_lxml(data):
    assert _speedups.scan_xml(data) is None


def test_scan_attribute_limit_is_the_parsers():
    from mjlog.formats.safe_xml import MAX_ATTRIBUTE_CHARS

    assert _speedups.MAX_ATTRIBUTE_CHARS == MAX_ATTRIBUTE_CHARS


def test_scan_keeps_the_longest_allowed_attribute():
    value = "x" * 65535
    got = _speedups.scan_xml(b'<mjloggm><T a="' + value.encode() + b'"/></mjloggm>')
    assert got == ("mjloggm", {}, [("T", {"a": value})])


def test_read_gives_the_same_error_either_way():
    data = b'<mjloggm ver="2.3"><GO type="169"/><T136/></mjloggm>'
    errors = []
    for read in (lambda r: r.read_items(*_speedups.scan_xml(data)), lambda r: r.read(parse_xml_bytes(data))):
        with pytest.raises(MalformedLogError) as err:
            read(_Reader("f.xml"))
        errors.append(str(err.value))
    assert errors[0] == errors[1] and "element 2 <T136>" in errors[0]


def _mutations(data: bytes, rng: random.Random, n: int):
    specials = b'<>/="& \n\t\x00\xff!?-abT0'
    for _ in range(n):
        b = bytearray(data)
        op = rng.randrange(4)
        i = rng.randrange(len(b))
        if op == 0:
            b[i] = rng.choice(specials)
        elif op == 1:
            del b[i : i + rng.randrange(1, 8)]
        elif op == 2:
            b[i:i] = bytes(rng.choice(specials) for _ in range(rng.randrange(1, 4)))
        else:
            del b[i:]
        yield bytes(b)


def test_scan_never_accepts_what_lxml_refuses_nor_reads_it_differently():
    whole = (SAMPLE / "sim-tenhou-4p-south-2024-0.xml").read_bytes()
    data = whole[: whole.index(b"/>", 3000) + 2] + b"</mjloggm>"
    assert _speedups.scan_xml(data) == lxml_items(data)
    rng = random.Random(20261203)
    accepted = refused = 0
    for mutated in _mutations(data, rng, 3000):
        got = _speedups.scan_xml(mutated)
        try:
            want = lxml_items(mutated)
        except MalformedLogError:
            assert got is None, mutated
            refused += 1
            continue
        if got is not None:
            assert got == want, mutated
            accepted += 1
    assert accepted > 100 and refused > 100


def _plain_ints(text: str):
    return tuple(map(int, text.split(",")))


def test_parse_ints_agrees_with_int():
    rng = random.Random(7)
    alphabet = "0123456789,,--+ _٣"
    for _ in range(20000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 12)))
        got = _speedups.parse_ints(text)
        if got is None:
            continue
        assert got == (_plain_ints(text) if text else ()), text
    assert _speedups.parse_ints("12,-3,0") == (12, -3, 0)
    assert _speedups.parse_ints("1,2,") is None and _speedups.parse_ints("+1") is None
    assert _speedups.parse_ints("9" * 19) is None and _speedups.parse_ints(",".join(["1"] * 65)) is None


def _checked_tiles(text: str, players: int):
    """The reader's tile list checks in pure Python: the ids, or None where it raises."""
    reader = _Reader("t")
    reader.n = players
    try:
        vals = _plain_ints(text)
        return tuple(reader._tile(t) for t in vals)
    except (ValueError, MalformedLogError):
        return None


def test_parse_tiles_takes_only_what_the_reader_accepts():
    rng = random.Random(11)
    for _ in range(20000):
        players = rng.choice((3, 4))
        values = [rng.choice((rng.randrange(-3, 140), rng.randrange(0, 136))) for _ in range(rng.randrange(1, 15))]
        text = ",".join(map(str, values))
        plain = rng.random() < 0.9
        if not plain:
            text = text.replace(",", rng.choice((";", ",,", " ,")), 1)
        got = _speedups.parse_tiles(text, players == 3)
        want = _checked_tiles(text, players)
        assert got is None or got == want, text
        if plain and want is not None:  # plain ids of the wall are always taken
            assert got == want, text
    assert _speedups.parse_tiles("0,3,32,135", True) == (0, 3, 32, 135)
    assert _speedups.parse_tiles("4", True) is None and _speedups.parse_tiles("31", True) is None
    assert _speedups.parse_tiles("4,31", False) == (4, 31) and _speedups.parse_tiles("136", False) is None


def test_sample_logs_read_the_same_either_way():
    for path in sorted(SAMPLE.glob("*.xml")):
        data = path.read_bytes()
        assert scan_log(data) == lxml_items(data)
        fast = _Reader(path.name).read_items(*_speedups.scan_xml(data))
        assert fast == _Reader(path.name).read(parse_xml_bytes(data))  # lxml and the Python loop


@pytest.mark.corpus
@pytest.mark.slow
def test_every_corpus_xml_scans_and_reads_the_same_either_way(corpus_xml_files):
    paths = corpus_xml_files
    scanned = 0
    for path in paths:
        data = load(path).data
        got = _speedups.scan_xml(data)
        want = lxml_items(data)
        if got is not None:
            assert got == want, path.name
            scanned += 1
        # compiled scanner and loop vs lxml and the Python loop
        assert _Reader(path.name).read_items(*scan_log(data)) == _Reader(path.name).read(parse_xml_bytes(data)), path.name
    assert scanned == len(paths) == 1142  # Tenhou's plain XML: every file takes the compiled path


def test_shuffle_wall_agrees_with_python():
    from mjlog.rules.common import wall
    rng = random.Random(11)
    for _ in range(500):
        tiles = tuple(rng.sample(range(136), rng.choice([136, 108])))
        rnd = tuple(rng.getrandbits(32) for _ in range(144))
        assert _speedups.shuffle_wall(tiles, rnd) == wall.shuffle(tiles, rnd)


def _tenpai_shaped(rng: random.Random) -> list[int]:
    """13-tile counts made of sets and a pair with one tile taken out: mostly tenpai."""
    c = [0] * 34
    while True:
        c = [0] * 34
        for _ in range(4):
            if rng.random() < 0.5:
                k = rng.randrange(34)
                c[k] += 3
            else:
                suit, start = rng.randrange(3), rng.randrange(7)
                for d in range(3):
                    c[9 * suit + start + d] += 1
        c[rng.randrange(34)] += 2
        if max(c) <= 4:
            break
    c[rng.choice([k for k in range(34) if c[k]])] -= 1
    return c


def test_waits_agree_with_python():
    from mjlog.rules.riichi import hands

    rng = random.Random(3)
    tenpai = 0
    for i in range(30000):
        if i % 2:
            c = _tenpai_shaped(rng)
        else:
            c = [0] * 34
            for t in rng.sample(range(136), rng.choice([13, 10, 7, 4, 1])):
                c[t >> 2] += 1
        held = None
        if i % 3 == 0:
            held = [0] * 34
            for t in rng.sample(range(136), 3):
                held[t >> 2] += 1
            if any(a + b > 4 for a, b in zip(c, held)):
                held = None
        want = hands.py_waits(c, held)
        assert _speedups.waits(c, held) == want, (c, held)
        assert _speedups.is_tenpai(c, held) is bool(want)
        tenpai += bool(want)
    assert tenpai > 10000
    assert _speedups.waits([5] + [0] * 33) is None and _speedups.waits([1] * 33) is None


def test_waits_of_the_special_shapes():
    from mjlog.tiles import counts34, parse_mpsz

    assert _speedups.waits(counts34(parse_mpsz("19m19p19s1234567z"))) == (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
    assert _speedups.waits(counts34(parse_mpsz("19m19p19s1234566z"))) == (33,)
    assert _speedups.waits(counts34(parse_mpsz("1133557799m113z"))) == (29,)


def test_event_columns_agree_with_python():
    from mjlog.ir.event_kinds import py_event_columns
    from mjlog.ir import Discard, Draw
    from tests.support.xmlbuild import simple_game4

    logs = [_Reader(p.name).read_items(*scan_log(p.read_bytes())) for p in sorted(SAMPLE.glob("*.xml"))]
    logs.append(_Reader("x").read_items(*scan_log(simple_game4("<V102/><F102/><V103/><D5/>"))))
    rounds = [r for log in logs for r in log.rounds]
    assert sum(len(r.events) for r in rounds) > 20000
    for r in rounds:
        got = _speedups.event_columns(r.events, Draw, Discard)
        assert got == py_event_columns(r.events), r.name
        assert got == py_event_columns(list(r.events))


def test_slots_read_directly_behave_as_attributes():
    """The compiled helpers read an event's slots directly; an unset slot still raises
    AttributeError as the attribute would, and a subclass is not taken for the class."""
    from mjlog.ir.event_kinds import py_event_columns
    from mjlog.ir import Call, Discard, Draw
    from mjlog.rules.riichi.events import RiichiAccepted, RiichiDeclared
    from mjlog.rules.riichi.table import QuietEvents

    class MyDraw(Draw):
        __slots__ = ()

    events = (MyDraw(0, 5), Draw(1, 6), Discard(1, 6, True))
    assert _speedups.event_columns(events, Draw, Discard) == py_event_columns(events)
    unset = object.__new__(Draw)
    for helper in (lambda: _speedups.event_columns((unset,), Draw, Discard), lambda: py_event_columns((unset,))):
        with pytest.raises(AttributeError):
            helper()
    kinds = QuietEvents()
    with pytest.raises(AttributeError):
        _speedups.run_quiet(_quiet_table(), (unset,), 0, kinds)
    for cls in (Call, RiichiDeclared, RiichiAccepted):
        with pytest.raises(AttributeError):
            _speedups.run_quiet(_quiet_table(phase=Phase.AFTER_DISCARD, last_discard=(0, 7)), (object.__new__(cls),), 0,
                                kinds)


def _quiet_table(**changes):
    """A two-seat table as run_quiet reads it: a RiichiTable's attributes, by name."""
    from types import SimpleNamespace

    fields = dict(
        hands=[set(), set()], river=[[], []], last_draw=[None, None], seen=set(), passed=[], discards_made=[0, 0],
        last_own_discard=[-1, -1], riichi_accepted=[False, False], live_tiles=(), n=2, ippatsu=[False, False],
        melds=[[], []], called_away=[0, 0], calls_open=[0, 0], riichi_at=[-1, -1], double_riichi=[False, False],
        deposits=[0, 0], scores=[25000, 25000], derived_scores=[25000, 25000],
        rules=SimpleNamespace(riichi_deposit=1000), actor=0, phase=Phase.DRAW, live_draws=0, live_base=10,
        replacements=0, last_discard=None, banned=frozenset(), uninterrupted=True, riichi_declared=None,
        riichi_discard_pending=None, sticks=0, need_replacement=None, pending_dora=[], last_kakan=None,
        last_kita=None, last_was_replacement=False,
    )
    fields.update(changes)
    return SimpleNamespace(**fields)


def test_run_quiet_reads_and_writes_the_table_by_attribute_name():
    from mjlog.ir import Discard, Draw
    from mjlog.rules.riichi.events import RiichiAccepted, RiichiDeclared
    from mjlog.rules.riichi.table import QuietEvents

    st = _quiet_table(hands=[{0, 1, 2, 8, 12, 16, 36, 40, 44, 72, 76, 80, 108}, set()])  # 111m 345m 123p 123s E: tenpai
    events = (Draw(0, 7), RiichiDeclared(0), Discard(0, 7, True), RiichiAccepted(0, (24000, 25000)), Draw(1, 9))
    assert _speedups.run_quiet(st, events, 0, QuietEvents()) == 5
    assert (st.actor, st.phase, st.live_draws, st.last_discard, st.sticks) == (1, Phase.DISCARD, 2, None, 1)
    assert (st.riichi_declared, st.riichi_discard_pending, st.riichi_at, st.riichi_accepted) == (
        None, None, [2, -1], [True, False])
    assert st.scores == st.derived_scores == [24000, 25000] and st.deposits == [1000, 0]
    assert st.river == [[7], []] and st.passed == [(2, 0, 1)] and st.last_draw == [None, 9]


@pytest.mark.parametrize("change", [dict(need_replacement=0), dict(pending_dora=[True]), dict(last_kakan=(0, 5)),
                                    dict(last_kita=(0, 120)), dict(last_was_replacement=True),
                                    dict(phase=Phase.REPLACEMENT), dict(actor="0")])
def test_run_quiet_leaves_a_table_it_cannot_start_at_unchanged(change):
    from mjlog.ir import Draw
    from mjlog.rules.riichi.table import QuietEvents

    st = _quiet_table(**change)
    before = dict(vars(st))
    assert _speedups.run_quiet(st, (Draw(0, 7),), 0, QuietEvents()) == 0
    assert vars(st) == before and st.seen == set()


def test_run_quiet_names_a_table_attribute_of_the_wrong_type_or_a_missing_one():
    from mjlog.ir import Draw
    from mjlog.rules.riichi.table import QuietEvents

    with pytest.raises(TypeError, match="the table's seen"):
        _speedups.run_quiet(_quiet_table(seen=[]), (Draw(0, 7),), 0, QuietEvents())
    st = _quiet_table()
    del st.live_base
    with pytest.raises(AttributeError, match="live_base"):
        _speedups.run_quiet(st, (Draw(0, 7),), 0, QuietEvents())


_REPLAY_DIGEST = """
import hashlib, sys
from pathlib import Path
from mjlog import accel, read_log, replay
h = hashlib.sha256()
for p in sorted(Path(sys.argv[1]).glob("*.xml")):
    log = read_log(p)
    rep = replay(log)
    h.update(repr((log, rep.rounds, rep.findings)).encode())
print(accel.ACTIVE, h.hexdigest())
"""


def test_pure_python_switch_gives_the_same_reads_and_replays():
    import subprocess
    import sys

    out = {}
    for pure in ("0", "1"):
        env = dict(os.environ, MJLOG_PURE_PYTHON=pure)
        run = subprocess.run([sys.executable, "-c", _REPLAY_DIGEST, str(SAMPLE)], env=env,
                             capture_output=True, text=True, check=True)
        out[pure] = run.stdout.split()
    assert out["0"][0] == "True" and out["1"][0] == "False"
    assert out["0"][1] == out["1"][1]


def test_shuffle_wall_leaves_odd_words_to_python():
    from mjlog.rules.common import wall
    assert _speedups.shuffle_wall((1, 2, 3), (-1, 5)) is None
    assert _speedups.shuffle_wall((1, 2, 3), (2**70, 5)) is None
    assert wall._wall_from_rnd(tuple([-1] * 137), 4, False).yama == wall.shuffle(tuple(range(136)), [-1] * 137)


def test_read_fast_and_the_python_loop_agree_on_mutated_logs(monkeypatch):
    """Both loops read the same items to the same log, or fail with the same message."""
    def outcome(items):
        try:
            return _Reader("m.xml").read_items(*items)
        except MalformedLogError as exc:
            return str(exc)

    whole = (SAMPLE / "sim-tenhou-3p-south-2024-0.xml").read_bytes()
    rng = random.Random(5)
    results = []
    for mutated in _mutations(whole, rng, 400):
        items = _speedups.scan_xml(mutated)
        if items is not None:
            results.append((mutated, outcome(items)))
    _pure_python_reader(monkeypatch)
    errors = 0
    for mutated, compiled in results:
        assert outcome(_speedups.scan_xml(mutated)) == compiled, mutated[:100]
        errors += isinstance(compiled, str)
    assert len(results) > 100 and 20 < errors < len(results)


def _pure_python_reader(monkeypatch) -> None:
    """Read with the Python loop and handlers only (the lxml path's reading)."""
    from mjlog.formats.tenhou import xml as tenhou_xml, xml_outcomes
    for helper in ("_read_fast", "_read_init"):
        monkeypatch.setattr(tenhou_xml, helper, None)
    for helper in ("_read_win", "_read_draw"):
        monkeypatch.setattr(xml_outcomes, helper, None)


#: Values the compiled element readers must leave to the handlers, or read exactly as they do.
_TRICKY_VALUES = ["", " 1", "1 ", "+1", "1_0", "01", "-0", "-1", "4", "3", "2", "135", "136", "31", "32",
                  "1234567890", "99999999999999999999", "1,", ",1", "1,,2", "0x1", "1.0", "abc", "55", "54",
                  "0,0", "0,0,0", "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15", "250,250,250,250", "250,250,250,1"]
#: Attributes added to each kind of element (some unknown, some that change what is kept as extra).
_ADDED = {
    b"N": [b'x="1"', b'm2="3"'],
    b"REACH": [b'ten="250,250,250,250"', b'ten="250,250,250,0"', b'x="1"'],
    b"DORA": [b'x="1"', b'who="0"'],
    b"AGARI": [b'paoWho="1"', b'paoWho="3"', b'paoWho="4"', b'paoWho="-1"', b'yakuman="39"', b'doraHaiUra="5"',
               b'owari="250,0,250,0,250,0,250,0"', b'owari="1,2,3"', b'x="1"'],
    b"INIT": [b'shuffle="mt19937ar-sha512-n288-base64,AAAA"', b'hai3="1,2"', b'hai3=""', b'x="1"'],
    b"RYUUKYOKU": [b'type="yao9"', b'type="nm"', b'type="x"', b'hai3="1,2"', b'hai0="1,2,3"', b'hai1=""',
                   b'owari="250,0,250,0,250,0,250,0"', b'x="1"'],
}
_ELEMENT = re.compile(rb'<(N|REACH|DORA|AGARI|INIT|RYUUKYOKU) ([^>]*?)/>')
_ATTRIBUTE = re.compile(rb'([A-Za-z0-9]+)="([^"]*)"')


def _attribute_mutations(data: bytes, rng: random.Random, n: int):
    """Copies of ``data`` with one attribute of one N, REACH, DORA, AGARI, INIT or RYUUKYOKU changed,
    removed or added: tricky values, neighbouring numbers, extra list items, unknown names. Each
    kind of element present gets an equal share."""
    by_tag: dict[bytes, list] = {}
    for el in _ELEMENT.finditer(data):
        by_tag.setdefault(el.group(1), []).append(el)
    tags = sorted(by_tag)
    for _ in range(n):
        el = rng.choice(by_tag[rng.choice(tags)])
        attrs = list(_ATTRIBUTE.finditer(el.group(2)))
        body = el.group(2)
        op = rng.randrange(8)
        if op >= 5 or not attrs:
            body = body + b' ' + rng.choice(_ADDED[el.group(1)])
        else:
            a = rng.choice(attrs)
            value = a.group(2)
            if op == 0:
                new = rng.choice(_TRICKY_VALUES).encode()
            elif op == 1 and value:
                items = value.split(b",")
                i = rng.randrange(len(items))
                try:
                    items[i] = str(int(items[i]) + rng.choice([-1, 1, 4, -4, 100])).encode()
                except ValueError:
                    pass
                new = b",".join(items)
            elif op == 2:
                new = value + b"," + str(rng.randrange(-2, 140)).encode()
            elif op == 3:
                new = b",".join(value.split(b",")[:-1])
            else:
                body = body[:a.start()] + body[a.end():]
                new = None
            if new is not None:
                body = body[:a.start(2)] + new + body[a.end(2):]
        yield data[:el.start(2)] + body + data[el.end(2):]


def _assert_compiled_elements_read_as_the_handlers_do(whole: bytes, seed: int, n: int, monkeypatch) -> None:
    def outcome(data):
        try:
            return _Reader("m.xml").read_items(*_speedups.scan_xml(data))
        except MalformedLogError as exc:
            return str(exc)

    rng = random.Random(seed)
    # (a duplicate attribute is not Tenhou's plain XML: the scanner leaves it to lxml)
    cases = [(m, outcome(m)) for m in _attribute_mutations(whole, rng, n) if _speedups.scan_xml(m) is not None]
    with monkeypatch.context() as patch:
        _pure_python_reader(patch)
        errors = 0
        for mutated, compiled in cases:
            assert outcome(mutated) == compiled, mutated[:200]
            errors += isinstance(compiled, str)
    assert len(cases) > 0.8 * n and 0.15 * n < errors < len(cases) - 0.15 * n  # both outcomes well represented


@pytest.mark.parametrize("sample", ["sim-tenhou-4p-south-2024-0.xml", "sim-tenhou-3p-south-2024-0.xml"])
def test_compiled_element_readers_agree_with_the_handlers_on_tricky_attributes(sample, monkeypatch):
    """N, REACH, DORA (read in the compiled loop), AGARI, INIT and RYUUKYOKU (compiled attribute
    readers) give the log the Python handlers give, or the same error, whatever their attributes hold."""
    _assert_compiled_elements_read_as_the_handlers_do((SAMPLE / sample).read_bytes(), 11, 600, monkeypatch)


#: Corpus games with several draws: three-player ones with nagashi mangan and nine terminals.
_DRAW_RICH = ["Agony5757__mahjong__paipuxmls~2020010102gm-00b9-0000-22f3414a.txt.xml",
              "Agony5757__mahjong__paipuxmls~2020010101gm-00b9-0000-c054217e.txt.xml"]


@pytest.mark.corpus
@pytest.mark.parametrize("name", _DRAW_RICH)
def test_compiled_element_readers_agree_with_the_handlers_on_corpus_draws(name, monkeypatch):
    from tests.support.paths import TENHOU_XML

    _assert_compiled_elements_read_as_the_handlers_do(load(TENHOU_XML / name).data, 12, 1000, monkeypatch)


def test_compiled_element_readers_leave_the_unusual_to_the_handlers():
    from mjlog.formats.tenhou import xml_outcomes
    agari = {"ba": "0,0", "hai": "0,1,2,4,5,6,8,9,10,12,13,14,16,17", "machi": "17", "ten": "30,1000,0",
             "yaku": "1,1", "doraHai": "3", "who": "0", "fromWho": "1", "sc": "250,10,250,-10,250,0,250,0"}
    win = _speedups.read_win(agari, 4, {}, xml_outcomes._build_win)
    assert win is not None and win.deltas == (1000, -1000, 0, 0) and win.payload.yaku == ((1, 1),) and win.extra == ()
    assert _Reader("w.xml")._win(agari) == win
    for change in ({"x": "1"}, {"sc": agari["sc"] + ",0,0,0,0,0,0,0,0"}, {"m": "12345"}, {"who": "+0"},
                   {"owari": "1,2,3"}, {"machi": "136"}, {"yaku": "1"}, {"paoWho": "4"}, {"yaku": "55,1"}):
        assert _speedups.read_win({**agari, **change}, 4, {}, xml_outcomes._build_win) is None, change
    init = {"seed": "0,0,0,1,2,3", "ten": "250,250,250,250", "oya": "0", "hai0": "0", "hai1": "", "hai2": "",
            "hai3": ""}
    assert _speedups.read_init(init, 4) == dict(kyoku=0, honba=0, sticks=0, dice=(1, 2), dora=3, dealer=0,
                                                scores=(25000,) * 4, hands=((0,), (), (), ()), shuffle=None, extra=())
    assert _speedups.read_init(init, 4) == _Reader("i.xml")._init_values(init)
    assert _speedups.read_init(init, 3) is None  # the empty fourth seat has 25000 points: the handler's error
    init3 = {**init, "ten": "250,250,250,0"}
    assert _speedups.read_init(init3, 3) == dict(kyoku=0, honba=0, sticks=0, dice=(1, 2), dora=3, dealer=0,
                                                 scores=(25000,) * 3, hands=((0,), (), ()), shuffle=None, extra=())
    assert _speedups.read_init({**init3, "hai0": "4"}, 3) is None  # 2m is not in the sanma wall
    assert _speedups.read_init({**init3, "hai3": "5"}, 3) is None  # tiles for the empty fourth seat
    for change in ({"shuffle": "x"}, {"oya": "1"}, {"seed": "0,0,0,6,0,3"}, {"ten": "1,2,3"}, {"hai1": ",1"}):
        assert _speedups.read_init({**init, **change}, 4) is None, change
    assert _speedups.read_init({k: v for k, v in init.items() if k != "hai3"}, 4) is None
    kinds, build = xml_outcomes._DRAW_KIND_OF, xml_outcomes._build_ryuukyoku
    draw = {"ba": "1,0", "sc": "250,15,250,-15,250,15,250,-15", "hai0": "0,1,2", "hai2": ""}
    draw3 = {**draw, "sc": "350,10,350,-20,350,10,0,0"}
    sanma = _Reader("d.xml")
    sanma.n = 3
    assert _speedups.read_draw(draw3, 3, kinds, build) == sanma._draw_outcome(draw3)
    assert sanma._draw_outcome(draw3).deltas == (1000, -2000, 1000)
    got = _speedups.read_draw(draw, 4, kinds, build)
    assert got == _Reader("d.xml")._draw_outcome(draw)
    assert got.payload.kind.value == "exhaustive" and got.hands == ((0, 1, 2), None, (), None) and got.deltas[0] == 1500
    assert _speedups.read_draw({**draw, "type": "yao9"}, 4, kinds, build).payload.kind.value == "yao9"
    for change in ({"type": "nagashi"}, {"hai1": "136"}, {"sc": "1,2"}, {"owari": "1"}, {"y": ""}):
        assert _speedups.read_draw({**draw, **change}, 4, kinds, build) is None, change
    assert _speedups.read_draw({**draw3, "hai3": ""}, 3, kinds, build) is None  # hai3 in a three-player game


def test_mt_stream_equals_the_reference_mt19937():
    import struct

    from mjlog.rules.common.wall import ReferenceMT19937

    rng = random.Random(5)
    for n in (1, 2, 7, 623, 624):
        for trial in range(6):
            key = [rng.getrandbits(32) for _ in range(n)]
            if trial % 3 == 0:
                key[-1] = 0  # a trailing zero word counts in mt19937ar (CPython's int seeding drops it)
            state = _speedups.mt_seed(struct.pack(f"<{n}I", *key))
            ref = ReferenceMT19937(key)
            got = _speedups.mt_bytes(state, 650) + _speedups.mt_bytes(state, 0) + _speedups.mt_bytes(state, 3)
            assert got == struct.pack("<653I", *[ref.genrand_int32() for _ in range(653)]), (n, trial)
    for bad in (b"", b"abc", bytes(4 * 625)):
        with pytest.raises(ValueError):
            _speedups.mt_seed(bad)
    with pytest.raises(ValueError):
        _speedups.mt_bytes(bytearray(10), 1)
    with pytest.raises(ValueError):
        _speedups.mt_bytes(_speedups.mt_seed(b"\1\0\0\0"), -1)


@pytest.mark.parametrize("kind", ["base64", "hex"])
def test_walls_from_the_compiled_stream_equal_the_python_ones(kind, monkeypatch):
    import base64

    from mjlog.rules.common import wall
    rng = random.Random(9)
    if kind == "base64":
        seed = "mt19937ar-sha512-n288-base64," + base64.b64encode(rng.randbytes(4 * 624)).decode()
    else:
        seed = "mt19937ar-sha512-n288," + ",".join(f"{rng.getrandbits(32):08x}" for _ in range(624))
    compiled = [w for w, _ in zip(wall.walls_for_game(seed), range(12))]
    monkeypatch.setattr(wall, "_mt_seed", None)
    python = [w for w, _ in zip(wall.walls_for_game(seed), range(12))]
    reference = [w for w, _ in zip(wall.walls_for_game(seed, reference=True), range(12))]
    assert compiled == python == reference


_STALE_BUILD = """
import sys, types
stale = types.ModuleType("mjlog._speedups")
stale.scan_xml = lambda data: None  # a build from before the other helpers existed
sys.modules["mjlog._speedups"] = stale
from pathlib import Path
from mjlog import accel, read_log, replay
paths = sorted(Path(sys.argv[1]).glob("*.xml"))[:2]
print(accel.ACTIVE, accel.scan_xml is None, sum(len(replay(read_log(p)).rounds) for p in paths))
print(accel.REASON)
"""


def test_a_module_built_from_older_sources_is_not_used():
    import subprocess
    import sys

    env = dict(os.environ)
    env.pop("MJLOG_PURE_PYTHON", None)
    run = subprocess.run([sys.executable, "-c", _STALE_BUILD, str(SAMPLE)], env=env, capture_output=True, text=True,
                         check=True)
    first, reason = run.stdout.splitlines()
    active, none, rounds = first.split()
    assert (active, none) == ("False", "True") and int(rounds) > 0
    assert reason == "built from older sources (no parse_ints); reinstall mjlog to rebuild it"


def test_a_module_with_every_helper_but_an_older_interface_is_not_used():
    """A build from before a helper's arguments changed has every name: its interface number
    tells it apart, and it is refused rather than called the new way."""
    import subprocess
    import sys

    from mjlog import accel

    assert _speedups.INTERFACE == accel.INTERFACE
    code = ("import sys, types\n"
            "old = types.ModuleType('mjlog._speedups')\n"
            "for name in sys.argv[1:]: setattr(old, name, lambda *a: None)\n"
            "sys.modules['mjlog._speedups'] = old\n"
            "from mjlog import accel\n"
            "print(accel.ACTIVE, accel.read_fast is None)\n"
            "print(accel.REASON)\n")
    env = dict(os.environ)
    env.pop("MJLOG_PURE_PYTHON", None)
    run = subprocess.run([sys.executable, "-c", code, *accel.NAMES], env=env, capture_output=True, text=True,
                         check=True)
    first, reason = run.stdout.splitlines()
    assert first == "False True"
    assert reason == f"built from older sources (interface 1, not {accel.INTERFACE}); reinstall mjlog to rebuild it"


def test_a_helper_not_listed_for_the_staleness_check_is_refused():
    from mjlog import accel

    assert accel._get("read_fast") is accel.read_fast
    with pytest.raises(LookupError, match="not listed in mjlog.accel.NAMES"):
        accel._get("sha512_words")


def test_deal_matches_agrees_with_the_walls_starting_hands():
    """The compiled deal check says True exactly when every hand is, as a set, the wall's deal to it."""
    from mjlog.rules.common.wall import Wall

    rng = random.Random(3)
    checked = {True: 0, False: 0}
    for players in (4, 3):
        ids = [t for t in range(136) if players == 4 or not 4 <= t < 32]
        for _ in range(300):
            wall = Wall(tuple(rng.sample(ids, len(ids))), (0, 0))
            dealer = rng.randrange(players)
            hands = [tuple(rng.sample(h, 13)) for h in wall.starting_hands(dealer)]
            change = rng.randrange(5)
            if change == 1:  # two seats swap a tile
                a, b = rng.sample(range(players), 2)
                hands[a], hands[b] = hands[a][:-1] + hands[b][-1:], hands[b][:-1] + hands[a][-1:]
            elif change == 2:  # a tile from the live wall
                hands[0] = hands[0][:-1] + (wall.live_draw(0),)
            elif change == 3:  # a repeated tile
                hands[1] = hands[1][:-1] + hands[1][:1]
            elif change == 4:  # one tile short, or the wrong dealer
                hands[2] = hands[2][:-1] if rng.random() < 0.5 else hands[2]
                dealer = (dealer + rng.randrange(players)) % players
            want = all(set(h) == set(w) and len(h) == 13 for h, w in zip(hands, wall.starting_hands(dealer)))
            got = _speedups.deal_matches(wall.yama, dealer, tuple(hands))
            assert got is want
            checked[want] += 1
    assert min(checked.values()) > 100
    assert _speedups.deal_matches((1, 2, 3), 0, ((),) * 4) is None  # not a wall
    assert _speedups.deal_matches(list(range(136)), 0, ((),) * 4) is None


def test_shuffle_wall_reads_the_digest_bytes_as_the_words_they_hold():
    import hashlib
    import struct

    from mjlog.rules.common import wall
    rng = random.Random(8)
    for players in (4, 3):
        tiles = wall._TILES_4P if players == 4 else wall._TILES_3P
        for _ in range(200):
            digests = b"".join(hashlib.sha512(rng.randbytes(128)).digest() for _ in range(9))
            words = struct.unpack("<144I", digests)
            assert _speedups.shuffle_wall(tiles, digests) == wall.shuffle(tiles, words)
            assert wall._wall_from_digests(digests, players, False) == wall._wall_from_rnd(words, players, False)
    with pytest.raises(ValueError):
        _speedups.shuffle_wall(tuple(range(136)), bytes(100))  # too few words


def test_sha512_blocks_gives_hashlibs_digest_of_each_block():
    import hashlib

    rng = random.Random(9)
    cases = [b"", bytes(128), b"\xff" * 128, bytes(range(128)) * 9]
    cases += [rng.randbytes(128 * rng.randrange(1, 21)) for _ in range(300)]
    for data in cases:
        want = b"".join(hashlib.sha512(data[k:k + 128]).digest() for k in range(0, len(data), 128))
        assert _speedups.sha512_blocks(data) == want
        assert _speedups.sha512_blocks(bytearray(data)) == want
        assert _speedups.sha512_blocks(memoryview(data)) == want
    for bad in (bytes(127), bytes(129)):
        with pytest.raises(ValueError):
            _speedups.sha512_blocks(bad)
    with pytest.raises(TypeError):
        _speedups.sha512_blocks("a" * 128)


def test_sha512_constants_are_the_fractional_parts_of_the_primes_roots():
    """FIPS 180-4 sections 4.2.3 and 5.3.5, recomputed: 80 cube roots, 8 square roots."""
    from math import isqrt
    from pathlib import Path

    def icbrt(n: int) -> int:
        x = 1 << ((n.bit_length() + 2) // 3)
        while (y := (2 * x + n // (x * x)) // 3) < x:
            x = y
        return x

    primes: list[int] = []
    k = 2
    while len(primes) < 80:
        if all(k % p for p in primes):
            primes.append(k)
        k += 1
    mask = (1 << 64) - 1
    cube = [icbrt(p << 192) & mask for p in primes]
    square = [isqrt(p << 128) & mask for p in primes[:8]]
    source = (Path(__file__).resolve().parents[2] / "mjlog" / "csrc" / "sha512.c").read_text()
    tables = re.findall(r"\{([^}]*)\}", source.split("static const uint64_t K[80] =")[1])
    listed = [int(v, 16) for v in re.findall(r"0x([0-9a-f]{16})ULL", tables[0] + tables[1])]
    assert listed == cube + square


def test_walls_are_the_same_with_hashlib_or_the_compiled_sha512():
    from mjlog.rules.common import wall
    rng = random.Random(10)
    for _ in range(100):
        src = rng.randbytes(wall._SRC_BYTES)
        compiled = wall._sha_digests(src)
        saved, wall._sha512_blocks = wall._sha512_blocks, None
        try:
            assert wall._sha_digests(src) == compiled
        finally:
            wall._sha512_blocks = saved


def test_compiled_element_readers_build_wins_and_draws_by_field_name():
    """read_win and read_draw hand every field to the builder by name, so a field renamed or
    dropped in the IR (or in riichi_win, which splits a win's values into Win and its RiichiWin
    payload, and riichi_draw for a draw and its RiichiDraw) is an error, never a value in the wrong field."""
    import inspect

    from mjlog.formats.tenhou import xml_outcomes
    from mjlog.ir import Ryuukyoku, Win
    from mjlog.rules.riichi.record import riichi_draw, riichi_win

    agari = {"ba": "0,0", "hai": "0,1,2,4,5,6,8,9,10,12,13,14,16,17", "machi": "17", "ten": "30,1000,0",
             "yaku": "1,1", "doraHai": "3", "who": "0", "fromWho": "1", "sc": "250,10,250,-10,250,0,250,0"}
    fields = _speedups.read_win(agari, 4, {}, lambda **named: named)
    assert list(fields) == list(inspect.signature(riichi_win).parameters)
    assert xml_outcomes._build_win is riichi_win and isinstance(riichi_win(**fields), Win)
    assert fields["win_tile"] == 17 and fields["fu"] == 30 and fields["points"] == 1000 and fields["pao_who"] is None
    draw = {"ba": "1,0", "sc": "250,15,250,-15,250,15,250,-15", "hai0": "0,1,2", "hai2": ""}
    fields = _speedups.read_draw(draw, 4, xml_outcomes._DRAW_KIND_OF, lambda **named: named)
    assert list(fields) == list(inspect.signature(riichi_draw).parameters)
    assert xml_outcomes._build_ryuukyoku is riichi_draw and isinstance(riichi_draw(**fields), Ryuukyoku)
    with pytest.raises(TypeError):
        _speedups.read_draw(draw, 4, xml_outcomes._DRAW_KIND_OF, lambda kind, honba, sticks, before, deltas, hands,
                            extra: None)


def test_read_fast_reads_its_tables_and_tags_by_field_name():
    """read_fast takes the reader's tables and each tag's entry by name: any object with those
    fields serves (these have no slots), and one without a field is an AttributeError."""
    from types import SimpleNamespace

    events: list = []
    last_draw: list = [None] * 4

    def slow(index, tag, attributes):
        return events, last_draw, True, True

    def tag(is_discard, tile, draw=None, tsumogiri=None, discard=None):
        return SimpleNamespace(is_discard=is_discard, seat=1, tile=tile, ok_in_sanma=True, draw=draw,
                               tsumogiri=tsumogiri, discard=discard)

    tags = {"U5": tag(False, 5, draw="drew 5"), "E5": tag(True, 5, tsumogiri="let 5 go", discard="held 5"),
            "E6": tag(True, 6, tsumogiri="let 6 go", discard="held 6")}
    tables = SimpleNamespace(tags=tags, no_attributes={}, calls={}, declared=(), build_accepted=None, new_dora=())
    _speedups.read_fast(["INIT", "U5", "E5", "U5", "E6"], tables, slow)
    assert events == ["drew 5", "let 5 go", "drew 5", "held 6"] and last_draw == [None] * 4
    del tags["U5"].draw
    with pytest.raises(AttributeError):
        _speedups.read_fast(["INIT", "U5"], tables, slow)
    del tables.new_dora
    with pytest.raises(AttributeError, match="new_dora"):
        _speedups.read_fast(["INIT"], tables, slow)
