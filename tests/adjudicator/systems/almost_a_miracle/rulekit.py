"""Judging one Almost a Miracle! action by hand: a context at a phase, with a position, for
the rule families' unit tests (the scenario files test them through real logs)."""

from __future__ import annotations

from collections.abc import Iterable

from adjudicator.systems.almost_a_miracle.data import AaMData, bundled_data
from adjudicator.systems.almost_a_miracle.procedure import AaMProcedure
from adjudicator.systems.almost_a_miracle.rules import RULES
from adjudicator.systems.almost_a_miracle.rules.context import Context
from adjudicator.systems.almost_a_miracle.state import AaMState, Entity
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Applied, Outcome
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.sequence import Knowledge, Moment
from adjudicator.systems.common.sequencer import Placement


def position(*pieces: tuple[str, str]) -> AaMState:
    """A position from (entity id, Area id) pairs: `("sp:british_regular:5", "NE10")`."""
    state = AaMState()
    for number, (entity_id, area) in enumerate(pieces):
        entity = Entity.parse(entity_id)
        assert entity is not None, entity_id
        state.pieces[f"p{number}"] = (entity, Place(PlaceKind.SPACE, area))
    return state


def context(*, phase: str | None = "endeavors", turn: str = "1776-06",
            data: AaMData | None = None, state: AaMState | None = None,
            proc: AaMProcedure | None = None, options: Iterable[str] = (),
            step_actions: tuple[Action, ...] = ()) -> Context:
    """A context at a phase (None: not known) of a turn."""
    moment = Moment(turn=turn, phase=phase,
                    knowledge=Knowledge.SHOWN if phase else Knowledge.UNKNOWN)
    return Context(data or bundled_data(), state or AaMState(), proc or AaMProcedure(),
                   Placement(moment), step_actions, frozenset(options))


def judged(action: Action, ctx: Context) -> list[Outcome]:
    """Every outcome the registered families give one action."""
    return list(RULES.judge(action, ctx))


def ids(outcomes: Iterable[Outcome], severity: str = "illegal") -> set[str]:
    """The rule ids of the findings of one severity (`illegal`, `unchecked`, `reminder`)."""
    return {outcome.rule_id for outcome in outcomes
            if str(getattr(outcome, "severity", "")) == severity}


def done(outcomes: Iterable[Outcome]) -> set[str]:
    """The rule ids judged and found legal."""
    return {outcome.rule_id for outcome in outcomes if isinstance(outcome, Applied)}
