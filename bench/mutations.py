"""Mutation tests for verdicts, as a report: how many rule-breaking variants of the legal
scenarios each game's generators make, per kind; how many the referee catches; the ones it
misses (with what it said instead and the reason listed in tests/mutations/misses.toml); and
the candidates left alone as not applicable, with why.

    .venv/bin/python bench/mutations.py
    .venv/bin/python bench/mutations.py --draft-misses   # entries for unlisted misses

The same variants are the parametrised cases of
tests/adjudicator/systems/test_mutations.py (the whole set runs there, a few seconds).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.mutations import main

if __name__ == "__main__":
    main(sys.argv[1:])
