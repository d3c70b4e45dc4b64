"""``python -m carcassonne_amazonas``: the command-line tool (see :mod:`.cli`)."""

from __future__ import annotations

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
