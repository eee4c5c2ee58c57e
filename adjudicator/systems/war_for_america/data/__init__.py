"""War for America game data: map, leaders, fleets, cards, charts, tables and rules catalog.

(The public API is filled in as the modules land; see `vocabulary` for the words.)
"""
