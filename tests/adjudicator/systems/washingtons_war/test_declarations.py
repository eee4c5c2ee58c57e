"""Washington's War's own declaration facts; the declarations every game is held to are
checked for all of them at once (`tests/adjudicator/systems/test_declarations.py`)."""

from __future__ import annotations

from adjudicator.systems.washingtons_war.data import bundled_data
from adjudicator.systems.washingtons_war.rules.context import map_graph


def test_the_bundled_map_graph_knows_the_falmouth_quebec_line_is_arnolds() -> None:
    graph = map_graph(bundled_data())
    line = graph.connection("falmouth", "quebec")
    assert line is not None and line.kind == "arnold_only"
