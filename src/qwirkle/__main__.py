"""Run the command-line demo with ``python -m qwirkle`` (see :mod:`qwirkle.cli`)."""

import sys

from qwirkle.cli import main

if __name__ == "__main__":
    sys.exit(main())
