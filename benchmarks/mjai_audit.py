"""The audit of mjai input against the audit of the same games as Tenhou XML, whole CLI, CPU.

Converts the first ``--games`` four-player Phoenix games that ``benchmarks/audit.py`` lists and the
first ``--sanma`` three-player Phoenix games to mjai (``mjlog convert FILE --to mjai``, run in
process) in a temporary folder, then runs ``mjlog audit --no-progress`` of the XML files and of the
mjai files in turn, ``--repeat`` times each, each in a fresh process with its bytecode present (in
a temporary ``PYTHONPYCACHEPREFIX``, written by a first run of each that is not counted), and takes
the CPU (user + system) of each run. Target (issue 38): the mjai audit within 1.5x of the XML audit's CPU.
Last line: ``mjai audit: N games, XML X s, mjai M s CPU (medians of R), ratio Q``
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import corpus_files
from audit import phoenix_files

from mjlog.cli import main as mjlog_main

PHOENIX_3P = re.compile(r"^Agony5757__mahjong__paipuxmls~\d{10}gm-00b9-0000-")
MJLOG = [sys.executable, "-m", "mjlog"]


def convert_all(paths: list[Path], folder: Path) -> list[Path]:
    """Each of ``paths`` written as mjai into ``folder`` (``NAME.jsonl``)."""
    out = []
    for p in paths:
        target = folder / (p.name.removesuffix(".xml") + ".jsonl")
        with contextlib.redirect_stderr(io.StringIO()):
            code = mjlog_main(["convert", str(p), "--to", "mjai", "-o", str(target)])
        if code != 0:
            raise SystemExit(f"mjlog convert {p} --to mjai failed ({code})")
        out.append(target)
    return out


def audit_cpu(files: list[Path], env: dict[str, str]) -> float:
    """CPU seconds (user + system) of one ``mjlog audit --no-progress FILES`` process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([*MJLOG, "audit", "--no-progress", *map(str, files)], stdout=subprocess.DEVNULL, env=env, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=200, help="four-player Phoenix games (default 200)")
    ap.add_argument("--sanma", type=int, default=20, help="three-player Phoenix games (default 20)")
    ap.add_argument("--folder", type=Path, help="write the mjai files here and keep them (default: a temporary folder)")
    ap.add_argument("--repeat", type=int, default=7, help="runs of each side, taken in turn (default 7)")
    args = ap.parse_args()
    xml = phoenix_files()[:args.games] + [p for p in corpus_files("xml") if PHOENIX_3P.search(p.name)][:args.sanma]
    with contextlib.ExitStack() as stack:
        folder = args.folder or Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="mjai-audit-")))
        folder.mkdir(parents=True, exist_ok=True)
        mjai = convert_all(xml, folder)
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = stack.enter_context(tempfile.TemporaryDirectory(prefix="mjai-audit-pyc-"))
        audit_cpu(xml[:1], env), audit_cpu(mjai[:1], env)  # writes the bytecode
        t_xml: list[float] = []
        t_mjai: list[float] = []
        for _ in range(args.repeat):
            t_xml.append(audit_cpu(xml, env))
            t_mjai.append(audit_cpu(mjai, env))
    x, m = statistics.median(t_xml), statistics.median(t_mjai)
    print("XML runs:  " + " ".join(f"{t:.2f}" for t in t_xml))
    print("mjai runs: " + " ".join(f"{t:.2f}" for t in t_mjai))
    print(f"mjai audit: {len(xml)} games, XML {x:.2f} s, mjai {m:.2f} s CPU (medians of {args.repeat}), "
          f"ratio {m / x:.2f} (target 1.5)")


if __name__ == "__main__":
    main()
