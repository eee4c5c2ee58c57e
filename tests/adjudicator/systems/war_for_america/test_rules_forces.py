"""Reading a force from its pieces and whether a leader may command it (WfA 11.2-11.6), on
the made-up fixture data (leaders' ranks and circles are invented there, the rules are the
rulebook's). The helpers here build the contexts of the leader and movement tests."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from pathlib import Path

import pytest

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.places import Place, box, space
from adjudicator.systems.common.sequence import Knowledge
from adjudicator.systems.common.tracker import Placed, Relocation
from adjudicator.systems.war_for_america.data import WfAData, load_data
from adjudicator.systems.war_for_america.procedure import (
    ACTION_CYCLE,
    Placement,
    Pulse,
    WfAProcedure,
)
from adjudicator.systems.war_for_america.rules.context import CardIndex, Context, map_graph
from adjudicator.systems.war_for_america.rules.forces import (
    any_allows,
    colour_allows,
    rank_allows,
    read_force,
)
from adjudicator.systems.war_for_america.state import Entity, WfAState
from tests import rulekit
from tests.conftest import REPO

FIXTURE = REPO / "fixtures" / "war-for-america" / "data" / "fixture.toml"


@cache
def fixture_data() -> WfAData:
    """The fixture data: a made-up complete map, leaders with made-up values."""
    return load_data([Path(FIXTURE)])


def put(state: WfAState, where: Place, *entities: str) -> None:
    """Place pieces (entity ids) through the state's own bookkeeping."""
    for index, entity_id in enumerate(entities):
        entity = Entity.parse(entity_id)
        assert entity is not None, entity_id
        state.apply(Relocation(f"p{where}{index}{entity_id}", entity_id, None,
                               Placed(entity, where)))


def on(state: WfAState, key: str, *entities: str) -> None:
    """Place pieces on a map space."""
    put(state, space(key), *entities)


def context(state: WfAState | None = None, *, pulse: Pulse | None = None,
            phase: str = ACTION_CYCLE, winter: bool | None = False,
            year: int | None = 1777, data: WfAData | None = None,
            cards: CardIndex | None = None, step_actions: tuple[Action, ...] = ()
            ) -> Context:
    """A rules context on the fixture data (or `data`)."""
    game = data or fixture_data()
    placement = Placement(phase, Knowledge.INFERRED, "test", pulse=pulse, winter=winter)
    return Context(procedure=WfAProcedure(year=year, season="fall" if not winter else
                                          "winter", pulse=pulse),
                   placement=placement, cards=cards or CardIndex(), data=game,
                   state=state or WfAState(), graph=map_graph(game),
                   step_actions=step_actions)


def pulse_of(side: str, *, origin: str | None = None, at: str | None = None,
             moved: Iterable[str] = (), **more: object) -> Pulse:
    """A pulse of `side` whose force set out from `origin` and is now at `at`."""
    return Pulse(side=side, step=1, round=1, number=1, origin=origin,
                 force_space=at if at is not None else origin, moved=frozenset(moved),
                 **more)  # type: ignore[arg-type]


found = rulekit.violations
computed = rulekit.computed
applied = rulekit.applied


# --- the tests of forces.py ---------------------------------------------------------------


def test_a_force_reads_its_nations_leaders_and_its_armys_card() -> None:
    state = WfAState()
    put(state, box("army_w"), "sp:continental:5", "sp:continental:3", "leader:lincoln")
    force = read_force(("army:w", "leader:washington", "sp:militia:2"), state, stated_sp=2)
    assert force.sp_by_nation == {"continental": 8, "militia": 2}
    assert force.leaders == ("washington", "lincoln")
    assert force.sp == 10 and force.exact and force.known


def test_pieces_that_are_not_entities_make_the_force_unknown() -> None:
    assert not read_force(("u1",), WfAState()).known
    assert read_force(("leader:grant",), WfAState()).leader_alone


@pytest.mark.parametrize(("leader", "sp", "allowed"), [
    ("ethan_allan", 2, True), ("ethan_allan", 3, False),      # 1 star: 1 or 2 SP (11.4)
    ("lincoln", 10, True), ("lincoln", 11, False),           # 2 stars: up to 10 (11.5)
    ("burgoyne", 20, True), ("burgoyne", 21, False),         # 3 stars: up to 20 (11.6)
], ids=["11.4-two", "11.4-three", "11.5-ten", "11.5-eleven", "11.6-twenty", "11.6-21"])
def test_rank_limits_the_sp_a_leader_commands(leader: str, sp: int, allowed: bool) -> None:
    assert rank_allows(fixture_data(), leader, sp).allowed is allowed


@pytest.mark.parametrize(("leader", "units", "allowed"), [
    ("burgoyne", ("sp:british:3", "sp:loyalist:1", "sp:german:2"), True),   # red
    ("burgoyne", ("sp:continental:1",), False),
    ("lincoln", ("sp:continental:3", "sp:militia:2"), True),                # dark blue
    ("lincoln", ("sp:british:1",), False),
    ("knyphausen", ("sp:german:3", "sp:british:3"), True),                   # equal: allowed
    ("knyphausen", ("sp:german:2", "sp:british:2", "sp:loyalist:1"), False),
    ("ethan_allan", ("sp:militia:2",), True),
    ("ethan_allan", ("sp:continental:1", "sp:militia:1"), False),
    ("lincoln", ("sp:continental:2", "sp:french:2"), False),                 # only Washington
    ("washington", ("sp:continental:2", "sp:french:2"), True),
    ("rochambeau", ("sp:french:3",), True),                                  # not judged
], ids=["red", "red-continental", "dark-blue", "dark-blue-british", "purple-equal",
        "purple-fewer-germans", "allan-militia", "allan-continental",
        "french-with-continentals", "washington-french", "french-alone"])
def test_the_command_circle_says_whom_a_leader_commands(
        leader: str, units: tuple[str, ...], allowed: bool) -> None:
    force = read_force(units, WfAState())
    assert colour_allows(fixture_data(), leader, force).allowed is allowed


@pytest.mark.parametrize(("regulars", "allowed"), [(True, False), (False, True),
                                                   (None, None)])
def test_11_2_only_french_regulars_need_washington(regulars: bool | None,
                                                    allowed: bool | None) -> None:
    # 13.12, 8.4: before Rochambeau every French SP is d'Estaing's Seasonal troops.
    force = read_force(("sp:continental:2", "sp:french:2"), WfAState())
    assert colour_allows(fixture_data(), "lincoln", force,
                         french_regulars=regulars).allowed is allowed


def test_one_able_leader_is_enough_and_unknown_is_not_a_no() -> None:
    data = fixture_data()
    force = read_force(("sp:british:12",), WfAState())
    assert any_allows([rank_allows(data, "grant", 12),
                       rank_allows(data, "burgoyne", 12)]).allowed is True
    assert any_allows([rank_allows(data, "grant", 12),
                       rank_allows(data, "nobody", 12)]).allowed is None
    assert colour_allows(data, "nobody", force).allowed is None
