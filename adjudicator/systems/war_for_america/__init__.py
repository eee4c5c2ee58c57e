"""War for America (Compass Games): the second game system (issue 11)."""
