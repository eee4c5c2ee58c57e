"""Building a rule check's inputs by hand: a made-up position (`WWState` filled through
`state.apply(Relocation(...))`), a made-up map, and the typed actions of `actions.py` /
`procedure.py` — so a rulebook example can be judged without writing a log."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache

from adjudicator.findings import Severity
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.mapgraph import Connection, MapGraph
from adjudicator.systems.common.outcomes import Violation
from adjudicator.systems.common.places import Place, space
from adjudicator.systems.common.tracker import Placed, Relocation
from adjudicator.systems.washingtons_war.data import WWData, load_data
from adjudicator.systems.washingtons_war.rules import RULES
from adjudicator.systems.washingtons_war.rules.context import Context
from adjudicator.systems.washingtons_war.state import Entity, WWState
from tests import rulekit
from tests.conftest import REPO

FIXTURE_DATA = REPO / "fixtures" / "washingtons-war" / "data" / "fixture-data.toml"


@cache
def data() -> WWData:
    """The bundled data with the fixture's made-up OPS cards and ratings."""
    return load_data([FIXTURE_DATA])


def state_of(pieces: Mapping[str | Place, Sequence[str]]) -> WWState:
    """A position from entity ids per place (space id or `Place`), applied as arrivals."""
    state = WWState()
    for number, (where, entity_ids) in enumerate(pieces.items()):
        place = where if isinstance(where, Place) else space(where)
        for index, entity_id in enumerate(entity_ids):
            entity = Entity.parse(entity_id)
            assert entity is not None, entity_id
            state.apply(Relocation(f"{number}.{index}", entity_id, None,
                                   Placed(entity, place)))
    return state


@dataclass
class Position:
    """A made-up position: entity ids (`pc:BR`, `cu:AM:3`, `general:howe`, `navy`,
    `congress`, `card:<id>`) per place (a space id, or a `Place`)."""

    pieces: Mapping[str | Place, Sequence[str]] = field(default_factory=dict)
    lines: Iterable[tuple[str, str]] = ()
    """Made-up connections (normal lines); the map is then complete."""

    def context(self) -> Context:
        state = state_of(self.pieces)
        lines = [Connection(a, b, "normal") for a, b in self.lines]
        spaces = sorted({s for line in lines for s in (line.a, line.b)} | set(data().spaces))
        return Context(data(), state, MapGraph(spaces, lines, complete=True))


def violations(action: Action, ctx: Context,
               severity: str = "illegal") -> set[tuple[str, int]]:
    """(rule id, step) of every violation of one severity the rules find in an action."""
    return {(o.rule_id, o.step)
            for o in rulekit.violations(RULES.judge(action, ctx), severity=Severity(severity))}


def applied(action: Action, ctx: Context) -> set[str]:
    """The rule ids the rules applied to an action."""
    return {o.rule_id for o in RULES.judge(action, ctx) if not isinstance(o, Violation)}
