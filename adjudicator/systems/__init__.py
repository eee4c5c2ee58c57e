"""Game systems: one package per game, listed in one literal registry."""
