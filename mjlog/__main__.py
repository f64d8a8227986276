"""``python -m mjlog``: the same command line as the ``mjlog`` script."""

from mjlog.cli import run

run()
