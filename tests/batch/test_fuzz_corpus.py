"""Seeded fuzzing of the corpus through every step of a batch: reading, replay and row building.

Mutations of real logs (bytes flipped, cut or repeated, numbers made huge, text made hostile,
whole files re-encoded or gzipped) must give a log or a MalformedLogError, never another
exception, and no file may stop a batch: every file gets an outcome and the rest is stored.
"""

from __future__ import annotations

import codecs
import gzip
import random
import re
import time

import pytest

from mjlog.batch.audit import audit_sources
from mjlog.store.rows import build_chunk_from_bytes
from mjlog.store import Store
from tests.support.paths import TENHOU_JSON, TENHOU_XML

pytestmark = pytest.mark.corpus

SEED = 20261203
MUTANTS = 2500
BATCH = 100
#: Values that do not fit somewhere: huge, negative, long, fractional, not numbers.
NUMBERS = [b"1000000000000000000", b"-99999999999999999999999", b"9" * 45, b"-1", b"32768", b"2147483648",
           b"1e400", b"NaN", b"0.5", b"-0", b"128", b"65536"]
#: Text that is hostile to terminals, encoders or parsers.
TEXTS = [b"\\udcff", b"%1B%5B2J", b"\\u001b]0;x\\u0007", b"&lol;", b"<!DOCTYPE x>", b"\xff\xfe", b"\x00",
         b"\xe2\x80\xae", b"%ED%B3%BF", b'"', b"]]>", b"&#0;"]
#: How often each mutation of :func:`mutate` is chosen: mostly those that leave a file readable, so
#: that replay and row building see odd values, not only the reader.
_WEIGHTS = (6, 6, 10, 20, 20, 8, 18, 6, 6)
_NUMBER = re.compile(rb"(?<=[\",\[:])-?\d+(?=[\",\]}])")  # a number in a value (XML attribute, JSON)
_TAG = re.compile(rb"<[^>]*>")
_VALUE_START = re.compile(rb'="|\["|, ?"')  # where an XML attribute value or a JSON string starts


def mutate(data: bytes, rng: random.Random) -> bytes:
    """One to three random mutations of a log's bytes (see the module docstring)."""
    for _ in range(rng.randint(1, 3)):
        op = rng.choices(range(9), _WEIGHTS)[0]
        n = len(data)
        if op == 0 and n:  # flip bytes
            b = bytearray(data)
            for _ in range(rng.randint(1, 8)):
                b[rng.randrange(n)] = rng.randrange(256)
            data = bytes(b)
        elif op == 1 and n:  # cut a span out, or cut the end off
            i = rng.randrange(n)
            data = data[:i] if rng.random() < 0.3 else data[:i] + data[i + rng.randint(1, 200):]
        elif op == 2:  # a run of XML elements (draws, discards, calls, rounds) repeated
            tags = _TAG.findall(data)
            if len(tags) > 3:
                i = rng.randrange(1, len(tags))
                tags[i:i] = tags[i:i + rng.randint(1, 40)] * rng.randint(2, 60)
                data = b"".join(tags)
        elif op in (3, 4):  # a number made huge, negative or not a number
            nums = list(_NUMBER.finditer(data))
            if nums:
                m = rng.choice(nums)
                data = data[:m.start()] + rng.choice(NUMBERS) + data[m.end():]
        elif op == 5 and n:  # hostile text, mostly inside a value
            values = [m.end() for m in _VALUE_START.finditer(data)]
            i = rng.choice(values) if values and rng.random() < 0.8 else rng.randrange(n)
            data = data[:i] + rng.choice(TEXTS) + data[i:]
        elif op == 6:  # XML elements deleted, repeated or swapped
            tags = _TAG.findall(data)
            if len(tags) > 3:
                i, j = rng.randrange(1, len(tags)), rng.randrange(1, len(tags))
                if rng.random() < 0.5:
                    tags[i], tags[j] = tags[j], tags[i]
                else:
                    tags.insert(i, tags[j])
                data = b"".join(tags)
        elif op == 7:  # the whole file re-encoded, with or without a mark and a declaration
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError:
                continue
            codec, mark = rng.choice([("utf-16-le", codecs.BOM_UTF16_LE), ("utf-16-be", codecs.BOM_UTF16_BE),
                                      ("utf-32-le", codecs.BOM_UTF32_LE), ("utf-32-be", codecs.BOM_UTF32_BE)])
            data = (mark if rng.random() < 0.5 else b"") + text.encode(codec, "surrogatepass")
        else:
            data = gzip.compress(data, compresslevel=1)
    return data


def mutants(count: int, seed: int) -> list[tuple[str, bytes]]:
    rng = random.Random(seed)
    sources = sorted(TENHOU_XML.iterdir())[::3] + sorted(TENHOU_JSON.iterdir())
    cache: dict = {}
    out = []
    for i in range(count):
        path = rng.choice(sources)
        if path not in cache:
            cache[path] = path.read_bytes()
        out.append((f"mutant-{i}-{path.name}", mutate(cache[path], rng)))
    return out


def test_mutated_corpus_files_never_stop_a_batch():
    started = time.perf_counter()
    files = mutants(MUTANTS, SEED)
    outcomes = []
    for i in range(0, len(files), BATCH):
        chunk = build_chunk_from_bytes(files[i:i + BATCH])  # reading, replay and rows: must not raise
        assert [f.source for f in chunk.files] == [name for name, _ in files[i:i + BATCH]]
        stored = {f.game_id for f in chunk.files if f.status == "game"}
        assert set(chunk.tables["games"].column("game_id").to_pylist()) == stored
        outcomes += chunk.files
    internal = [f.error for f in outcomes if f.error_type == "InternalError" or "internal error" in (f.error or "")]
    assert internal == [], internal[:5]  # only MalformedLogError comes out of reading; replay and rows never fail
    games = sum(f.status == "game" for f in outcomes)
    unreadable = sum(f.status == "unreadable" for f in outcomes)
    assert games > MUTANTS // 5 and unreadable > MUTANTS // 5, (games, unreadable)  # both paths were exercised
    assert time.perf_counter() - started < 60


def test_mutated_files_on_disk_are_audited_and_ingested_whole(tmp_path):
    files = mutants(200, SEED + 1)
    for name, data in files:
        (tmp_path / f"{name}.xml").write_bytes(data)
    report = audit_sources([tmp_path])
    assert len(report.files) == 200 and not [f.error for f in report.files if "internal error" in (f.error or "")]
    with Store(":memory:") as st:
        summary = st.ingest([tmp_path], batch=64)
        stored = st.sql("SELECT count(*) FROM sources").rows()[0][0] + st.sql(
            "SELECT count(*) FROM unreadable").rows()[0][0]
    assert summary.files == 200 and stored == 200
    assert summary.unreadable == report.unreadable
