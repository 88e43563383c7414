"""``python -m courier`` does what the ``courier`` command does."""

import sys

from courier.cli import main

if __name__ == "__main__":
    sys.exit(main())
