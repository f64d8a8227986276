"""A new store's reference tables: filled from the families that have them, loading no other."""

from __future__ import annotations

import subprocess
import sys

from mjlog.rules.family import BUILTIN_FAMILIES, REFERENCE_FAMILIES, family
from mjlog.store import Store


def test_only_the_named_builtin_families_have_reference_tables():
    for name in BUILTIN_FAMILIES:
        assert bool(family(name).store.store_tables()) == (name in REFERENCE_FAMILIES), name


def test_a_new_store_loads_no_family_without_reference_tables():
    code = ("import sys\nfrom mjlog.store import Store\nStore(':memory:').close()\n"
            "print(sorted(m for m in sys.modules if m.startswith('mjlog.rules.') and m.endswith('.family')\n"
            "             and m.count('.') == 3))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["['mjlog.rules.riichi.family']"]


def test_a_new_store_holds_the_yaku_table():
    with Store() as st:
        stored = st.con.execute("SELECT count(*) FROM yaku").fetchone()[0]
    assert stored == len(family("riichi").store.store_tables()["yaku"]["yaku_id"])
