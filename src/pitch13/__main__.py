"""``python -m pitch13``: the same as the ``pitch13`` command."""

import sys

from pitch13.cli import main

sys.exit(main())
