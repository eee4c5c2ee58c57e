"""VASSAL Adjudicator: replays VASSAL logs and saves and checks them against a game's rules."""

import logging

__version__ = "0.1.0"

# A library stays quiet unless the application configures logging (problems are reported).
logging.getLogger(__name__).addHandler(logging.NullHandler())
