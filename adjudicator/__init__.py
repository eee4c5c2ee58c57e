"""VASSAL Adjudicator: replays VASSAL logs and saves and checks them against a game's rules."""

__version__ = "0.1.0"
