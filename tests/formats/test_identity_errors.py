"""A game's identity decides which files are one game: a log whose values cannot be identified (a
ValueError) is its own game, but a coding error in the identity must raise, never quietly turn
into "no identity" and change what counts as a duplicate."""

from __future__ import annotations

import pytest

import mjlog.replayer.guard
from mjlog.batch.audit import audit_file
from mjlog.errors import MalformedLogError
from mjlog.store.rows import HANDS_PREFIX, HASH_PREFIX, build_chunk_from_bytes
from tests.support.xmlbuild import simple_game4


def _raising(exc: Exception):
    def identity_of(log):
        raise exc
    return identity_of


def test_a_coding_error_in_the_audits_identity_raises(monkeypatch):
    monkeypatch.setattr(mjlog.replayer.guard, "identity_of", _raising(AttributeError("no such field")))
    with pytest.raises(AttributeError, match="no such field"):
        audit_file(simple_game4())


def test_a_coding_error_in_the_ingests_identity_raises(monkeypatch):
    monkeypatch.setattr(mjlog.replayer.guard, "identity_of", _raising(AttributeError("no such field")))
    with pytest.raises(AttributeError, match="no such field"):
        build_chunk_from_bytes([("g.xml", simple_game4())])


@pytest.mark.parametrize("exc", [ValueError("odd value"), MalformedLogError("odd value", "g.xml", "hand 1")])
def test_a_log_that_cannot_be_identified_is_audited_and_stored_as_its_own_game(monkeypatch, exc):
    monkeypatch.setattr(mjlog.replayer.guard, "identity_of", _raising(exc))  # the audit's and the ingest's
    (audited,) = audit_file(simple_game4())
    assert audited.error is None and audited.identity is None
    (stored,) = build_chunk_from_bytes([("a.xml", simple_game4())]).files
    assert stored.status == "game" and stored.fingerprint is None
    assert stored.game_id.startswith(HASH_PREFIX)  # its own file's id, not its hands' digest


def test_two_files_of_one_game_are_one_game_by_their_identity():
    chunk = build_chunk_from_bytes([("a.xml", simple_game4()), ("b.xml", simple_game4(owari=False))])
    assert [f.status for f in chunk.files] == ["game", "alternate"]
    assert chunk.files[0].game_id.startswith(HANDS_PREFIX)
