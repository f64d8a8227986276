"""Execute every notebook in notebooks/ with nbclient and write each as HTML under reports/ (nbconvert).

The notebooks read the database named by ``MJLOG_DB`` (default ``data/demo.duckdb``); ``--db``
sets it for them. When the default demo database is missing it is built first from
``data/sample`` with ``mjlog.store.Store``. The notebook files themselves are never changed
(they are committed without outputs); the executed copies go only into the HTML.

    python scripts/run_notebooks.py                     # all notebooks, HTML in reports/
    python scripts/run_notebooks.py --db other.duckdb notebooks/base_rates.ipynb

Exit status: 0 when every notebook ran, 1 when one raised (its HTML is still written, with the error).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DB = ROOT / "data" / "demo.duckdb"


def build_demo_db(db: Path, sample: Path = ROOT / "data" / "sample") -> None:
    """Ingest the sample logs into ``db`` (the demo database)."""
    from mjlog.store import Store

    with Store(db) as store:
        print(store.ingest([sample]).line())


def execute(path: Path, db: Path, timeout: int = 600, kernel: str = "python3", prelude: str | None = None):
    """Run one notebook (working directory: its folder, ``MJLOG_DB`` = ``db``); returns (notebook, error or None).

    ``prelude``: code run first, in a cell of its own (the tests record the figures drawn with it)."""
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    nb = nbformat.read(path, as_version=4)
    if prelude:
        nb.cells.insert(0, nbformat.v4.new_code_cell(prelude))
    old = os.environ.get("MJLOG_DB")
    os.environ["MJLOG_DB"] = str(db)
    try:
        client = NotebookClient(nb, timeout=timeout, kernel_name=kernel,
                                resources={"metadata": {"path": str(path.parent)}})
        try:
            client.execute()
        except CellExecutionError as exc:
            return nb, exc
    finally:
        if old is None:
            os.environ.pop("MJLOG_DB", None)
        else:
            os.environ["MJLOG_DB"] = old
    return nb, None


def write_html(nb, out: Path) -> None:
    """Write an executed notebook as a standalone HTML page."""
    from nbconvert import HTMLExporter

    body, _ = HTMLExporter().from_notebook_node(nb)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(body, encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Execute the notebooks and write HTML reports.")
    parser.add_argument("notebooks", nargs="*", type=Path, metavar="NOTEBOOK",
                        help="notebooks to run (default: every notebooks/*.ipynb)")
    parser.add_argument("--db", type=Path, default=Path(os.environ.get("MJLOG_DB", DEFAULT_DB)), metavar="FILE",
                        help="the DuckDB store the notebooks read (default: $MJLOG_DB or data/demo.duckdb)")
    parser.add_argument("--out", type=Path, default=ROOT / "reports", metavar="DIR",
                        help="where to write NAME.html (default: reports/)")
    parser.add_argument("--timeout", type=int, default=600, metavar="S", help="seconds per cell (default 600)")
    args = parser.parse_args(argv)

    db = args.db if args.db.is_absolute() else (Path.cwd() / args.db)
    if not db.exists():
        if db.resolve() != DEFAULT_DB.resolve():
            print(f"run_notebooks: no such database: {db}", file=sys.stderr)
            return 2
        print(f"building {db} from data/sample")
        build_demo_db(db)
    paths = args.notebooks or sorted((ROOT / "notebooks").glob("*.ipynb"))
    failed = []
    for path in paths:
        start = time.perf_counter()
        nb, error = execute(path.resolve(), db, args.timeout)
        out = args.out / (path.stem + ".html")
        write_html(nb, out)
        status = "ok" if error is None else "FAILED"
        print(f"{status:6} {path.name} -> {out} ({time.perf_counter() - start:.1f} s)")
        if error is not None:
            failed.append(path.name)
            print(str(error).splitlines()[-1] if str(error) else repr(error), file=sys.stderr)
    if failed:
        print(f"run_notebooks: {len(failed)} notebook(s) failed: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
