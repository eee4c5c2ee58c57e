"""A small bench for the AR rule families: the fixture data, a position built piece by
piece, a procedure at a phase, and the outcomes of one action."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from functools import cache
from pathlib import Path

from adjudicator.systems.american_revolution.data import ARData, load_data
from adjudicator.systems.american_revolution.procedure import ARProcedure
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.american_revolution.state import ARState, Entity
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.mapgraph import Connection, MapGraph
from adjudicator.systems.common.outcomes import Applied, Outcome, Violation
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.sequence import Knowledge, Moment
from adjudicator.systems.common.sequencer import Placement, Position
from tests.conftest import REPO

FIXTURE = REPO / "fixtures" / "american-revolution" / "data" / "fixture.toml"


@cache
def data() -> ARData:
    """The fixture's made-up complete data."""
    return load_data([Path(FIXTURE)])


class Bench:
    """A position and a procedure to judge actions against."""

    def __init__(self) -> None:
        self.state = ARState()
        self.proc = ARProcedure()
        self.count = 0

    def put(self, entity: str, place: str, n: int = 1) -> list[str]:
        """Put `n` pieces of an entity id (`unit:gb_regular`) at a place (a locale id, or
        `box:...`, `hand:US`, `track:rp_0`); their piece ids."""
        parsed = Entity.parse(entity)
        assert parsed is not None
        kind, colon, key = place.partition(":")
        where = Place(PlaceKind(kind), key) if colon else Place(PlaceKind.SPACE, place)
        ids = []
        for _ in range(n):
            self.count += 1
            piece = f"p{self.count}"
            self.state.pieces[piece] = (parsed, where)
            ids.append(piece)
        return ids

    def at(self, phase: str | None, turn: str = "1776", **fields: object) -> Bench:
        """The procedure in a phase of a turn (and other fields)."""
        moment = Moment(turn=turn, phase=phase,
                        knowledge=Knowledge.SHOWN if phase else Knowledge.UNKNOWN)
        self.proc = replace(self.proc, position=Position(moment=moment), **fields)
        return self

    def context(self, step_actions: Iterable[Action] = (),
                options: Iterable[str] = ()) -> Context:
        d = data()
        graph = MapGraph(d.locales, (Connection(r.a, r.b, str(r.type)) for r in d.routes),
                         complete=d.map_status.routes_complete)
        return Context(d, self.state, self.proc, Placement(self.proc.position.moment), graph,
                       tuple(step_actions), frozenset(options))


def illegal(outcomes: Iterable[Outcome]) -> list[tuple[str, int]]:
    """The (rule, step) of each illegal finding."""
    return [(o.rule_id, o.step) for o in outcomes
            if isinstance(o, Violation) and o.severity.value == "illegal"]


def of(outcomes: Iterable[Outcome], severity: str) -> list[Violation]:
    """The findings of one severity."""
    return [o for o in outcomes if isinstance(o, Violation) and o.severity.value == severity]


def done(outcomes: Iterable[Outcome]) -> set[str]:
    """The rules applied and found kept."""
    return {o.rule_id for o in outcomes if isinstance(o, Applied)}
