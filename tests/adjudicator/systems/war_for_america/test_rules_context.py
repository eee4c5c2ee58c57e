"""The rules' context: the referee gives every rule the data, the position and the land map
(WfA 12.0); a test may build one from the sequence facts alone."""

from __future__ import annotations

from pathlib import Path

from adjudicator.systems.common.sequence import Knowledge
from adjudicator.systems.war_for_america.data import bundled_data, load_data
from adjudicator.systems.war_for_america.procedure import Placement, WfAProcedure
from adjudicator.systems.war_for_america.rules.context import Context, map_graph
from tests.conftest import REPO

FIXTURE = REPO / "fixtures" / "war-for-america" / "data" / "fixture.toml"


def test_the_map_graph_holds_the_land_lines_only() -> None:
    data = load_data([Path(FIXTURE)])
    graph = map_graph(data)
    land = [c for c in data.connections if c.kind.value == "land"]
    assert land, "the fixture map has land lines"
    line = land[0]
    assert line.b in set(graph.neighbours(line.a))
    lake = [c for c in data.connections if c.kind.value == "lake"]
    for other in lake:
        found = graph.connection(other.a, other.b)
        assert found is None or found.kind != "lake"
    assert graph.complete is data.map_status.connections_complete


def test_a_context_defaults_to_the_bundled_data_and_an_empty_position() -> None:
    ctx = Context(procedure=WfAProcedure(),
                  placement=Placement(None, Knowledge.UNKNOWN, "the log starts mid-turn"))
    assert ctx.data == bundled_data()
    assert not list(ctx.state.spaces())
    assert ctx.map.complete is False
    assert ctx.space_name("boston") == bundled_data().spaces["boston"].name
