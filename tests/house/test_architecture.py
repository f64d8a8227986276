"""The layout's rules (docs/architecture.md), checked: the import contracts and the import circles."""

from __future__ import annotations

import pytest

from tests.support.paths import ROOT

importlinter_cli = pytest.importorskip("importlinter.cli", reason="import-linter is in the dev extra")
grimp = pytest.importorskip("grimp")

#: The import circles docs/architecture.md lists with their reasons (function-level and
#: TYPE_CHECKING imports counted); any other circle fails.
KNOWN_CIRCLES = {
    frozenset({"mjlog.rules.riichi.points", "mjlog.rules.riichi.sanma_schemes"}),
    frozenset({"mjlog.formats.tenhou.json", "mjlog.formats.tenhou.json_order", "mjlog.formats.tenhou.json_read",
               "mjlog.formats.tenhou.json_write"}),
    frozenset({"mjlog.rules.beijing.simulate.bots", "mjlog.rules.beijing.simulate.hand"}),
    frozenset({"mjlog.rules.riichi.simulate.bots", "mjlog.rules.riichi.simulate.hand"}),
}


def test_the_import_contracts_hold(monkeypatch):
    monkeypatch.chdir(ROOT)
    assert importlinter_cli.lint_imports(no_cache=True, no_logo=True) == 0


def _circles(graph) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan's, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out = []
    counter = 0
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph.find_modules_directly_imported_by(w)))))
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = set()
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        comp.add(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        out.append(frozenset(comp))
    return out


def test_no_import_circle_but_the_listed_ones():
    graph = grimp.build_graph("mjlog", include_external_packages=False, cache_dir=None)
    found = set(_circles(graph))
    assert found - KNOWN_CIRCLES == set(), "a new import circle (docs/architecture.md lists the known ones)"
    assert KNOWN_CIRCLES - found == set(), "a listed circle is gone: take it off the list and docs/architecture.md"


def test_the_circle_finder_finds_a_circle():
    class Graph:
        modules = {"a", "b", "c", "d"}
        edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}

        def find_modules_directly_imported_by(self, m):
            return self.edges[m]

    assert _circles(Graph()) == [frozenset({"a", "b", "c"})]


def test_no_family_names_another():
    """The issue's own check: Beijing's and MCR's packages do not mention riichi's modules."""
    for fam in ("beijing", "mcr"):
        for path in (ROOT / "mjlog" / "rules" / fam).rglob("*.py"):
            assert "rules.riichi" not in path.read_text(encoding="utf-8"), path


def test_the_package_imports_nothing_from_the_tests():
    """Neither mjlog's code nor its doctests import the tests' helpers: the package runs without tests/."""
    import re

    pattern = re.compile(r"^\s*(>>> )?(from tests[. ]|import tests\b)", re.M)
    found = [str(p.relative_to(ROOT)) for p in sorted((ROOT / "mjlog").rglob("*.py"))
             if pattern.search(p.read_text(encoding="utf-8"))]
    assert found == []


def test_the_tests_take_the_package_shape():
    """Every test module sits in a folder of tests/ (named for a stage), none at its top; helpers in support/."""
    top = sorted(p.name for p in (ROOT / "tests").glob("test_*.py"))
    assert top == []
    assert not list((ROOT / "tests" / "support").glob("test_*.py"))
