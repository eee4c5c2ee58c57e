"""The sea facts the naval families share (WfA 14.1, 14.22, 14.25-14.28, 3.1), and the test
world the naval family tests build their contexts with: the MADE-UP fixture map (its OBZs,
coasts and Caribbean arrows are invented for tests, the rulebook's own facts kept)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

import pytest

from adjudicator.systems.common.places import Place
from adjudicator.systems.common.sequence import Knowledge, Moment
from adjudicator.systems.common.tracker import Placed, Relocation
from adjudicator.systems.war_for_america.actions import BRITISH, COLONIAL
from adjudicator.systems.war_for_america.data import WfAData, load_data
from adjudicator.systems.war_for_america.procedure import (
    ACTION_CYCLE,
    Placement,
    Pulse,
    WfAProcedure,
)
from adjudicator.systems.war_for_america.rules.context import CardIndex, Context
from adjudicator.systems.war_for_america.rules.naval import (
    blockade,
    fleet_side,
    late_summer,
    sea_place,
    turns_later,
)
from adjudicator.systems.war_for_america.state import Entity, WfAState
from tests import rulekit
from tests.conftest import REPO

FIXTURE = REPO / "fixtures" / "war-for-america" / "data" / "fixture.toml"


@cache
def fixture_data() -> WfAData:
    """The made-up fixture data (a complete invented map over the rulebook's spaces)."""
    return load_data([FIXTURE])


def world(*pieces: tuple[str, str], year: int | None = 1778,
          season: str | None = "early_summer", phase: str | None = ACTION_CYCLE,
          pulse: str | None = BRITISH, cards: Iterable[tuple[str, str]] = (),
          data: WfAData | None = None) -> Context:
    """A context on the fixture map: `pieces` are (entity id, place) pairs; the turn, the
    phase and whose AP it is (`pulse`, with the cards played in it)."""
    data = data or fixture_data()
    state = WfAState()
    for number, (entity_id, where) in enumerate(pieces):
        entity = Entity.parse(entity_id)
        place = Place.parse(where)
        assert entity is not None and place is not None, (entity_id, where)
        state.apply(Relocation(f"p{number}", entity_id, None, Placed(entity, place)))
    turn = f"{year} {season}" if year is not None else None
    knowledge = Knowledge.SHOWN if phase is not None else Knowledge.UNKNOWN
    the_pulse = (Pulse(side=pulse, step=0, round=1, number=1, cards=tuple(cards))
                 if pulse is not None and phase == ACTION_CYCLE else None)
    procedure = WfAProcedure(moment=Moment(turn=turn, phase=phase, knowledge=knowledge,
                                           reason="a test"),
                             year=year, season=season, first_turn=False, round=1,
                             pulse=the_pulse)
    spec = calendar_of_test(data, season)
    placement = Placement(phase, knowledge, "a test", turn=turn,
                          round=1 if phase == ACTION_CYCLE else None, pulse=the_pulse,
                          winter=spec)
    return Context(procedure, placement, CardIndex(), data=data, state=state)


def calendar_of_test(data: WfAData, season: str | None) -> bool | None:
    """Whether `season` is a Winter Turn on the data's track (None: unknown)."""
    seasons = data.charts.seasons or ()
    for entry in seasons:
        if entry.id == season:
            return entry.colour == "blue"
    return None


illegal = of_severity = rulekit.violations
computed = rulekit.computed
applied = rulekit.applied


# --- the shared facts ---------------------------------------------------------------------


@pytest.mark.parametrize("port", ["baltimore", "alexandria", "fredericksburg", "richmond",
                                  "norfolk"])
def test_x4_a_french_fleet_in_the_tidewater_obz_blockades_the_british_there(port: str
                                                                             ) -> None:
    """WfA 14.25 example (digest X-4)."""
    ctx = world(("fleet:destaing", "zone:tidewater_obz"))
    found = blockade(ctx, port, BRITISH)
    assert found.blockaded is True
    assert "Tidewater OBZ" in found.why
    assert blockade(ctx, port, COLONIAL).blockaded is False


@pytest.mark.parametrize("port", ["east_hampton", "setauket", "new_york_city", "sandy_hook",
                                  "philadelphia", "wilmington_de", "lewes"])
def test_x5_a_french_fleet_in_the_middle_states_obz_cuts_the_seven_ports(port: str) -> None:
    """WfA 19.26 (digest X-5): the seven ports the Middle States OBZ covers."""
    ctx = world(("fleet:destaing", "zone:middle_states_obz"))
    assert blockade(ctx, port, BRITISH).blockaded is True


def test_14_25_an_enemy_fleet_on_the_port_itself_blockades_it() -> None:
    ctx = world(("fleet:channel_fleet", "space:boston"))
    assert blockade(ctx, "boston", COLONIAL).blockaded is True
    assert blockade(ctx, "newport", COLONIAL).blockaded is False


def test_14_28_a_caribbean_space_is_never_blockaded() -> None:
    ctx = world(("fleet:channel_fleet", "zone:caribbean_obz"),
                ("fleet:channel_fleet", "space:martinique"))
    found = blockade(ctx, "martinique", COLONIAL)
    assert found.blockaded is False and "14.28" in found.why


def test_an_inland_space_is_not_blockaded() -> None:
    ctx = world(("fleet:channel_fleet", "zone:new_england_obz"))
    assert blockade(ctx, "albany", COLONIAL).blockaded is False


def test_places_fleets_and_seasons_as_the_data_gives_them() -> None:
    ctx = world(season="late_summer")
    assert sea_place(ctx, "europe_box") is not None
    assert sea_place(ctx, "tidewater_obz").kind == "obz"  # type: ignore[union-attr]
    assert sea_place(ctx, "trade_wind_arrow").kind == "arrow"  # type: ignore[union-attr]
    martinique = sea_place(ctx, "martinique")
    assert martinique is not None and martinique.caribbean and martinique.coastal
    assert sea_place(ctx, "year_1779").kind == "repair"  # type: ignore[union-attr]
    assert fleet_side(ctx, "channel_fleet") == BRITISH
    assert fleet_side(ctx, "destaing") == COLONIAL
    assert fleet_side(ctx, "spanish_fleet") == COLONIAL
    assert late_summer(ctx) is True
    assert late_summer(world(season="fall")) is False
    assert late_summer(world(season=None)) is None
    assert [s.id for s in ctx.calendar.seasons][-1] == "winter"
    assert turns_later(world(season="fall"), 2) == "1779 Early Spring"
