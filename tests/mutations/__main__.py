"""`python -m tests.mutations [--draft-misses]`: the catch rate report."""

import sys

from tests.mutations import main

main(sys.argv[1:])
