"""A folder walk finds the log-like files in the order of their sorted paths, from each entry's listing."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from mjlog.formats.reader import LOG_SUFFIXES, iter_log_files, log_file_paths

NAMES = ["a.xml", "a/b.xml", "a-b/c.xml", "a0.xml", "A.xml", "a/.hidden.xml", ".dot/x.xml", "notes.md", "b.XML",
         "d.xml/e.xml", "a.xml.d/f.json", "deep/er/still/g.mjlog", "z.txt"]


def _tree(root: Path) -> Path:
    for name in NAMES:
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("x")
    return root


def test_a_walk_lists_log_files_as_sorting_every_path_would(tmp_path):
    root = _tree(tmp_path)
    expected = [p for p in sorted(root.rglob("*"))
                if p.is_file() and p.name.lower().endswith(LOG_SUFFIXES) and not p.name.startswith(".")]
    walked = list(iter_log_files([root]))
    assert walked == expected
    assert [p.relative_to(root).as_posix() for p in walked][:4] == [".dot/x.xml", "A.xml", "a/b.xml", "a-b/c.xml"]


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links here")
def test_a_walk_takes_links_to_files_and_leaves_links_to_folders(tmp_path):
    root = _tree(tmp_path / "logs")
    os.symlink(root / "a.xml", root / "linked.xml")
    os.symlink(root / "a", root / "linked-folder")
    os.symlink(root / "gone.xml", root / "broken.xml")
    walked = [p.relative_to(root).as_posix() for p in iter_log_files([root])]
    assert "linked.xml" in walked
    assert not any(p.startswith("linked-folder/") for p in walked)
    assert "broken.xml" not in walked


def test_a_walk_makes_no_stat_call_a_plain_file(tmp_path, monkeypatch):
    root = _tree(tmp_path)
    calls = []
    real = os.stat
    monkeypatch.setattr(os, "stat", lambda *a, **k: calls.append(a) or real(*a, **k))
    assert len(list(iter_log_files([root]))) == 11
    assert len(calls) <= 1   # the folder named, to tell it from a file


@pytest.mark.parametrize("form", ["absolute", "trailing slash", "relative", "dot", "dot slash"])
def test_a_walk_as_text_names_each_file_as_its_path_would(tmp_path, monkeypatch, form):
    root = _tree(tmp_path / "logs")
    monkeypatch.chdir(tmp_path)
    given = {"absolute": str(root), "trailing slash": f"{root}{os.sep}", "relative": "logs",
             "dot": ".", "dot slash": f".{os.sep}logs{os.sep}"}[form]
    walked = list(log_file_paths([given]))
    assert walked == [str(p) for p in iter_log_files([given])]
    assert walked == [str(p) for p in sorted(Path(given).rglob("*"))
                      if p.is_file() and p.name.lower().endswith(LOG_SUFFIXES) and not p.name.startswith(".")]
