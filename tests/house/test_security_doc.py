"""docs/security.md says each bound with its number and each promise with the tests that hold it: every test it
names exists, every row of its two tables names one, and every number of its bounds is the constant's."""

from __future__ import annotations

import dataclasses
import importlib
import re

from tests.support.doc_tests import NODE_ID, missing_tests, named_tests
from tests.support.paths import ROOT

DOC = ROOT / "docs" / "security.md"
#: A row of the bounds' table: what, the limit (its first number), the constant and its file, the tests.
BOUND_ROW = re.compile(r"^\| [^|]+ \| (?P<number>[\d,]+)[^|]* \| `(?P<name>[\w.]+)` \(`(?P<file>[\w/]+)\.py`\) \|(?P<tests>.*)$",
                       re.M)
#: A row of the promises' table: the promise's number (or ``all``), then the tests.
PROMISE_ROW = re.compile(r"^\| (?:\d[^|]*|all) \| (?P<tests>.*)$", re.M)


def _constant(file: str, name: str) -> object:
    """The value of ``name`` in the module of ``file`` (a path without ``.py``); ``Class.field``: the field's
    default."""
    module = importlib.import_module(file.replace("/", ".").removesuffix(".__init__"))
    owner, _, field = name.rpartition(".")
    if not owner:
        return getattr(module, name)
    return {f.name: f.default for f in dataclasses.fields(getattr(module, owner))}[field]


def test_every_test_the_security_page_names_exists(tmp_path):
    assert len(named_tests(DOC.read_text(encoding="utf-8"))) > 50
    assert missing_tests(DOC) == []
    fake = tmp_path / "fake.md"
    fake.write_text("`tests/house/test_security_doc.py::test_that_is_not_here`", encoding="utf-8")
    assert missing_tests(fake) == ["tests/house/test_security_doc.py::test_that_is_not_here"]


def test_each_bound_and_each_promise_names_a_test():
    text = DOC.read_text(encoding="utf-8")
    bounds, promises = BOUND_ROW.findall(text), PROMISE_ROW.findall(text)
    assert len(bounds) >= 20 and len(promises) >= 15
    assert [row[1] for row in bounds if not NODE_ID.search(row[3])] == []
    assert [row[:60] for row in promises if not NODE_ID.search(row)] == []


def test_each_bound_on_the_security_page_is_its_constants_number():
    wrong = []
    for number, name, file, _tests in BOUND_ROW.findall(DOC.read_text(encoding="utf-8")):
        value = _constant(file, name)
        if float(number.replace(",", "")) != value:
            wrong.append(f"{name} ({file}.py): the page says {number}, the code {value}")
    assert wrong == []
