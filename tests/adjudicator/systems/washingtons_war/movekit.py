"""Inputs of the movement and reaction rules built by hand: a position (`WWState` filled
through `state.apply(Relocation(...))`) on the rulebook's own map facts (the bundled data:
the connections the rulebook states, so the map is incomplete), the legs of a drag priced
by `routes.route` as the interpreter prices them, and the typed actions they make."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import cache
from types import ModuleType
from typing import Any

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.mapgraph import Connection, MapGraph
from adjudicator.systems.common.outcomes import Outcome, Violation
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.washingtons_war.data import Nationality, Side, WWData, load_data
from adjudicator.systems.washingtons_war.procedure import (
    Activation,
    Battle,
    Impulse,
    Leg,
    Stop,
    Use,
)
from adjudicator.systems.washingtons_war.routes import route
from adjudicator.systems.washingtons_war.rules.context import Context, map_graph
from adjudicator.systems.washingtons_war.state import other
from tests.adjudicator.systems.washingtons_war.rulekit import state_of

NATIONALITY = {Side.AM: Nationality.AM, Side.BR: Nationality.BR}
ELIGIBLE = "eligible"


@cache
def rulebook_data() -> WWData:
    """The bundled data: what the rulebook and playbook state, nothing made up."""
    return load_data()


def position(pieces: Mapping[Any, Sequence[str]], *,
             made_up_lines: Iterable[tuple[str, str]] = (),
             complete: bool = False) -> Context:
    """A position: entity ids (`general:howe`, `cu:BR:5`, `pc:AM`, `navy`) per space id
    (or `Place`), on the rulebook's connections plus any `made_up_lines` (normal lines,
    labelled as made up where a test uses them). `complete=True` with no rulebook lines
    makes a map of only the made-up lines."""
    data = rulebook_data()
    state = state_of(pieces)
    extra = [Connection(a, b, "normal") for a, b in made_up_lines]
    if complete:
        graph = MapGraph(sorted(data.spaces), extra, complete=True)
    else:
        base = map_graph(data)
        lines = [base.connection(c.a, c.b) for c in data.connections]
        graph = MapGraph(sorted(set(data.spaces) | {s for c in extra for s in (c.a, c.b)}),
                         [line for line in lines if line is not None] + extra,
                         complete=False)
    return Context(data, state, graph)


def zone(name: str) -> Place:
    """A Blockade Zone box (the French Navy in it makes it the Blockaded Zone)."""
    return Place(PlaceKind.ZONE, name)


def drag(ctx: Context, general: str, origin: str, destination: str, *, cus: int = 0,
         step: int = 2, naval: str | None = None) -> Leg:
    """One drag of a General with `cus` CUs, priced by the cheapest legal route, read
    against the position as the interpreter reads it."""
    side = ctx.side_of(general)
    assert side is not None, general
    there = ctx.state.space(destination)
    enemy = other(side)
    found = route(ctx, origin, destination, side, arnold=general == "arnold", alone=not cus)
    return Leg(step=step, general=general, origin=origin, destination=destination,
               carried=((NATIONALITY[side], cus),) if cus else (),
               enemy_cus_at_destination=there.cus_of(enemy),
               enemy_general_at_destination=bool(there.generals_of(enemy, ctx.sides)),
               enemy_pc_at_destination=there.pc is enemy,
               friendly_cus_at_destination=there.cus_of(side),
               low=found.low, high=found.high, entered_from=found.entered_from,
               route_problem=found.problem, route_rule=found.rule, naval=naval,
               legs=found.legs)


def walk(ctx: Context, general: str, path: Sequence[str | tuple[str, int]]) -> tuple[Leg, ...]:
    """Consecutive drags along `path`: each item a space, or (space, CUs carried into it);
    the CUs carried default to those of the previous drag. Steps count from 2."""
    legs: list[Leg] = []
    cus = 0
    here = path[0] if isinstance(path[0], str) else path[0][0]
    for index, item in enumerate(path[1:]):
        there, cus = (item, cus) if isinstance(item, str) else item
        legs.append(drag(ctx, general, here, there, cus=cus, step=index + 2))
        here = there
    return tuple(legs)


def impulse(side: Side, *, card: str = "fixture_ops_3_a", use: Use = Use.ACTIVATE,
            activations: tuple[Activation, ...] = (), battle: Battle | None = None,
            intercepted_by: Iterable[str] = ()) -> Impulse:
    """An impulse opened at step 1."""
    return Impulse(side=side, card=card, destination=Place(PlaceKind.DISCARD), step=1,
                   player=None, use=use, activations=activations, battle=battle,
                   intercepted_by=frozenset(intercepted_by))


def activation(general: str, legs: tuple[Leg, ...] = (), *, overruns: int = 0,
               stop: Stop | None = None) -> Activation:
    """An activation at step 1."""
    return Activation(general=general, step=1, legs=legs, overruns=overruns, stop=stop)


def outcomes(family: ModuleType, action: Action, ctx: Context) -> Iterator[Outcome]:
    """One rule family's outcomes for an action (`family` is the rules module)."""
    judge: Callable[[Action, Context], Iterator[Outcome]] = family.judge
    yield from judge(action, ctx)


def illegal(family: ModuleType, action: Action, ctx: Context) -> set[tuple[str, int]]:
    """(rule id, step) of each illegal finding of one family."""
    return {(o.rule_id, o.step) for o in outcomes(family, action, ctx)
            if isinstance(o, Violation) and o.severity.value == "illegal"}


def unchecked(family: ModuleType, action: Action, ctx: Context) -> set[str]:
    """The rule ids one family could not judge."""
    return {o.rule_id for o in outcomes(family, action, ctx)
            if isinstance(o, Violation) and o.severity.value == "unchecked"}
