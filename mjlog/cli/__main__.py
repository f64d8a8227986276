"""``python -m mjlog.cli``: the same command line as the ``mjlog`` script."""

import sys

from mjlog.cli import main

sys.exit(main())
