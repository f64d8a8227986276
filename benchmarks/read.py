"""Reading all corpus XML into the IR vs lxml alone parsing the same bytes, in one run.

Target: the reader within 3x of the lxml-only time. Last line:
``read: N files, lxml X s, mjlog Y s, ratio R``
"""

from __future__ import annotations

import argparse
import sys

from lxml import etree

sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent))
from _common import best_of_interleaved, corpus_files

from mjlog.formats.safe_xml import parser as _parser
from mjlog.formats.reader import read_log


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    blobs = [p.read_bytes() for p in corpus_files("xml")]

    parser = _parser()

    def lxml_only() -> None:
        for b in blobs:
            root = etree.fromstring(b, parser)
            for el in root:  # touch every element, as any reader must
                el.attrib  # noqa: B018 - the attribute access is the work measured

    def mjlog_read() -> None:
        for b in blobs:
            read_log(b)

    t_lxml, t_mjlog = best_of_interleaved([lxml_only, mjlog_read], args.repeat)
    print(f"lxml parse-only: {len(blobs) / t_lxml:,.0f} files/s; mjlog read_log: {len(blobs) / t_mjlog:,.0f} files/s")
    print(f"read: {len(blobs)} files, lxml {t_lxml:.3f} s, mjlog {t_mjlog:.3f} s, ratio {t_mjlog / t_lxml:.2f}")


if __name__ == "__main__":
    main()
