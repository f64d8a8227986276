"""A symbolic link loop is named as such ("a symbolic link loop"), never "No such file", wherever a
command opens a path: reading a log, naming one to audit or ingest, writing an output."""

from __future__ import annotations

import os

import pytest

from mjlog.cli import main
from mjlog.errors import MalformedLogError
from mjlog.formats.reader import read_log
from tests.support.paths import SAMPLE


@pytest.fixture
def loop(tmp_path) -> str:
    """``a.xml`` -> ``b.xml`` -> ``a.xml``."""
    os.symlink("b.xml", tmp_path / "a.xml")
    os.symlink("a.xml", tmp_path / "b.xml")
    return str(tmp_path / "a.xml")


def _one_line(capsys, *needles: str) -> str:
    captured = capsys.readouterr()
    err = captured.err.strip()
    assert err.count("\n") == 0 and "Traceback" not in captured.err, captured.err
    for needle in needles:
        assert needle in err, err
    assert "No such file" not in err and "no such file" not in err, err
    return err


def test_reading_a_symbolic_link_loop_says_so(loop):
    with pytest.raises(MalformedLogError, match="a symbolic link loop"):
        read_log(loop)


@pytest.mark.parametrize("command", [["show"], ["audit", "--no-progress"], ["ingest", "--no-progress", "--db", ":memory:"]])
def test_a_command_given_a_symbolic_link_loop_says_so(command, loop, capsys):
    assert main([*command, loop]) == 2
    _one_line(capsys, "a.xml", "a symbolic link loop")


def test_a_broken_symbolic_link_is_named_as_such(tmp_path, capsys):
    os.symlink("nowhere.xml", tmp_path / "broken.xml")
    assert main(["audit", "--no-progress", str(tmp_path / "broken.xml")]) == 2
    _one_line(capsys, "broken.xml: a broken symbolic link")


def test_writing_through_a_symbolic_link_loop_says_so(loop, capsys):
    game = sorted(SAMPLE.glob("*.xml"))[0]
    assert main(["convert", str(game), "--to", "xml", "-o", loop]) == 2
    _one_line(capsys, "cannot write", "a symbolic link loop")
