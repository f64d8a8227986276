"""Every table an ingest stores, counted and hashed, in this tree and in others: a check, not a timing.

Each tree ingests the same files (default: the corpus's ``tenhou/xml``) into a new DuckDB file in one
process (``mjlog.store.Store.ingest``), in a child process run with that tree first on ``PYTHONPATH``;
then every table's rows are read back in full, each row's ``repr`` sorted, and the sorted text hashed
(SHA-256). A change that must not change what the store holds (a faster row builder, say) leaves every
table's row count and hash the same. ``--tree DIR`` (repeatable) names the trees compared with this one
(a ``git archive`` or ``git worktree`` of the commit before, with its compiled helpers built or copied in).
Exits 1 when two trees disagree on a table. Last line:
``store tables: T tables, N trees, same`` (or ``DIFFER: table, table...``)
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import CORPUS, ROOT, corpus_files

#: The run in each tree: ingest the files named in the JSON list ``sys.argv[1]`` into ``sys.argv[2]``.
CHILD = r'''
import json, sys
from mjlog.store import Store
with Store(sys.argv[2]) as st:
    st.ingest(json.loads(open(sys.argv[1]).read()), jobs=1)
'''


def table_hashes(db: str) -> dict[str, tuple[int, str]]:
    """Each table's row count and the SHA-256 of its rows' sorted ``repr`` lines."""
    import duckdb

    con = duckdb.connect(db, read_only=True)
    try:
        names = [r[0] for r in con.execute("SELECT table_name FROM information_schema.tables "
                                           "WHERE table_type = 'BASE TABLE' ORDER BY table_name").fetchall()]
        out = {}
        for name in names:
            rows = sorted(repr(r) for r in con.execute(f'SELECT * FROM "{name}"').fetchall())
            out[name] = (len(rows), hashlib.sha256("\n".join(rows).encode()).hexdigest()[:16])
        return out
    finally:
        con.close()


def ingest_in(tree: Path, files: list[str], tmp: Path) -> dict[str, tuple[int, str]]:
    """The tables a one-process ingest of ``files`` stores, run in ``tree``."""
    listing, db = tmp / "files.json", tmp / f"{abs(hash(str(tree)))}.duckdb"
    listing.write_text(json.dumps(files))
    env = dict(os.environ, PYTHONPATH=str(tree), MJLOG_CORPUS=str(CORPUS))
    subprocess.run([sys.executable, "-c", CHILD, str(listing), str(db)], cwd=tree, env=env, check=True)
    return table_hashes(str(db))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tree", action="append", default=[], type=Path, help="another tree to compare with this one")
    ap.add_argument("files", nargs="*", help="files to ingest (default: the corpus's tenhou/xml)")
    args = ap.parse_args()
    files = [str(Path(f).resolve()) for f in args.files] or [str(p) for p in corpus_files("xml")]
    trees = [ROOT, *(t.resolve() for t in args.tree)]
    with tempfile.TemporaryDirectory() as tmp:
        found = [ingest_in(tree, files, Path(tmp)) for tree in trees]
    names = sorted(set().union(*found))
    differ = []
    for name in names:
        values = [f.get(name) for f in found]
        same = all(v == values[0] for v in values)
        if not same:
            differ.append(name)
        print(f"{name:22} " + "  ".join(f"{v[0]:>8} {v[1]}" if v else "missing" for v in values)
              + ("" if same else "  DIFFERS"))
    verdict = "same" if not differ else "DIFFER: " + ", ".join(differ)
    print(f"store tables: {len(names)} tables, {len(trees)} trees, {verdict}")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
