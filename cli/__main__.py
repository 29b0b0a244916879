"""``python -m cli``: the ``companion`` command line, run from a checkout."""

import sys

from cli import main

sys.exit(main())
