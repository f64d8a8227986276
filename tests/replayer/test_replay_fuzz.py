"""Bad input is normal input: mutated logs that still read never make the replay raise,
and a batch goes on even if one replay fails."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from mjlog import MalformedLogError, read_log, replay
from mjlog.batch.audit import audit_sources

SAMPLE = Path(__file__).resolve().parents[2] / "data" / "sample"
TAG = re.compile(rb"<[^>]*>")


def mutate(data: bytes, rng: random.Random) -> bytes:
    """Delete, duplicate, swap elements or nudge a number inside one (keeps the XML well formed)."""
    tags = TAG.findall(data)
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(2, len(tags))
        op = rng.random()
        if op < 0.3:
            del tags[i]
        elif op < 0.5:
            tags.insert(i, tags[rng.randrange(2, len(tags))])
        elif op < 0.8:
            nums = list(re.finditer(rb"\d+", tags[i]))
            if nums:
                m = rng.choice(nums)
                value = max(int(m.group()) + rng.choice([-2, -1, 1, 2, 4, 36]), 0)
                tags[i] = tags[i][: m.start()] + str(value).encode() + tags[i][m.end():]
        else:
            j = rng.randrange(2, len(tags))
            tags[i], tags[j] = tags[j], tags[i]
    return b"".join(tags)


@pytest.mark.slow
def test_replay_never_raises_on_mutated_logs():
    rng = random.Random(20261202)
    games = [p.read_bytes() for p in sorted(SAMPLE.glob("*.xml"))[::5]]
    replayed = with_findings = 0
    for _ in range(1500):
        try:
            log = read_log(mutate(rng.choice(games), rng))
        except MalformedLogError:
            continue
        result = replay(log)  # must not raise
        replayed += 1
        with_findings += bool(result.findings)
    assert replayed > 1000 and with_findings > 0.8 * replayed


def test_a_failing_replay_does_not_end_the_batch(monkeypatch):
    import mjlog.replayer.guard as guard

    paths = sorted(SAMPLE.glob("*.xml"))[:3]
    calls = {"n": 0}
    real = guard.replay

    def flaky(log, **options):
        calls["n"] += 1
        if calls["n"] == 2:
            raise RuntimeError("boom")
        return real(log, **options)

    monkeypatch.setattr(guard, "replay", flaky)
    report = audit_sources(paths)
    assert [f.clean for f in report.files] == [True, False, True]
    assert "internal error while replaying (RuntimeError: boom)" in report.files[1].error
