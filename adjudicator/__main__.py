"""`python -m adjudicator` runs the command-line interface."""

from adjudicator.cli import main

main()
