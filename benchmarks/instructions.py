"""Instructions of an audit or an ingest, this tree against a baseline commit, counted side by side.

Wall-clock ratios on a shared VM wander by 10% and more from run to run; valgrind's callgrind
counts the instructions a run executes, which do not depend on what else the machine is doing.
This script checks the baseline commit out in a temporary git worktree, builds its compiled
helpers there, and counts, in each tree, a run that imports and warms up (two games) and the
same run with the work: the difference is the work's instructions.

Work: ``audit`` replays the first ``--games`` four-player Phoenix games of the corpus (as
``benchmarks/audit.py`` reads them); ``ingest`` stores the first ``--games`` files of
``benchmarks/ingest.py``'s list into a new DuckDB file in one process (its writer thread
included). Needs valgrind and git. Last line:
``instructions: WORK of N games: baseline B M, this tree T M, ratio R``

Example: ``python benchmarks/instructions.py --work ingest --games 165`` (the baseline defaults to
the tree before the rule-family work of issue 18).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import CORPUS, ROOT

#: The run counted in each tree: ``sys.argv[1]`` is the work, ``[2]`` the number of games (0: warm-up only).
CHILD = r'''
import os, sys, tempfile
sys.path.insert(0, "benchmarks")
work, n = sys.argv[1], int(sys.argv[2])
if work == "audit":
    import audit as A
    paths = A.phoenix_files()
    A.audit_all(paths[-2:])
    A.audit_all(paths[:n])
else:
    import ingest as I
    from mjlog.store import Store
    paths = I.files(False)
    with tempfile.TemporaryDirectory() as tmp:
        with Store(os.path.join(tmp, "warm.duckdb")) as st:
            st.ingest(paths[-2:], jobs=1)
        if n:
            with Store(os.path.join(tmp, "bench.duckdb")) as st:
                st.ingest(paths[:n], jobs=1)
'''

#: The tree before the rule-family work (issue 18), whose speed that work is held to.
BEFORE_FAMILIES = "4821550"

_COLLECTED = re.compile(r"Collected : (\d+)")


def count(tree: Path, work: str, games: int) -> int:
    """Instructions callgrind counts for CHILD in ``tree``."""
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "child.py"
        script.write_text(CHILD)
        env = dict(os.environ, PYTHONPATH=str(tree), MJLOG_CORPUS=str(CORPUS))
        out = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/cg.out",
                              sys.executable, str(script), work, str(games)],
                             cwd=tree, env=env, capture_output=True, text=True, check=True)
    found = _COLLECTED.search(out.stderr)
    if found is None:
        raise SystemExit(f"callgrind printed no total for {tree}:\n{out.stderr[-2000:]}")
    return int(found.group(1))


def work_instructions(tree: Path, work: str, games: int) -> int:
    return count(tree, work, games) - count(tree, work, 0)


def baseline_tree(rev: str, where: Path) -> Path:
    """A worktree of ``rev`` with its compiled helpers built in place (a wheel built by pip, whose
    extension modules are copied in: the project's own build, whatever setuptools this venv has)."""
    tree = where / "tree"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--force", str(tree), rev],
                   check=True, capture_output=True)
    wheels = where / "wheel"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(wheels), str(tree)],
                   check=True, capture_output=True)
    wheel = next(wheels.glob("*.whl"))
    shutil.unpack_archive(str(wheel), str(where / "unpacked"), "zip")
    for so in (where / "unpacked" / "mjlog").glob("_speedups*"):
        shutil.copy(so, tree / "mjlog" / so.name)
    return tree


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--baseline", default=BEFORE_FAMILIES, metavar="REV",
                    help=f"the commit to compare with (default {BEFORE_FAMILIES}, the tree before the rule-family work)")
    ap.add_argument("--work", choices=("audit", "ingest"), default="audit", help="what is counted (default audit)")
    ap.add_argument("--games", type=int, default=60, help="games audited or files ingested (default 60)")
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        print("instructions: skipped, this benchmark needs valgrind (apt-get install valgrind)")
        return
    known = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--verify", "--quiet", f"{args.baseline}^{{commit}}"],
                           capture_output=True)
    if known.returncode != 0:
        raise SystemExit(f"instructions: {args.baseline} is not a commit of this clone (a shallow clone lacks it)")
    with tempfile.TemporaryDirectory(prefix="mjlog-baseline-") as tmp:
        try:
            base = work_instructions(baseline_tree(args.baseline, Path(tmp)), args.work, args.games)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(Path(tmp) / "tree")],
                           capture_output=True)
        this = work_instructions(ROOT, args.work, args.games)
    print(f"instructions: {args.work} of {args.games} games: baseline {base / 1e6:.0f} M, "
          f"this tree {this / 1e6:.0f} M, ratio {this / base:.2f}")


if __name__ == "__main__":
    main()
