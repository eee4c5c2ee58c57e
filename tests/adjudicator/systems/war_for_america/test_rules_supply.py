"""Lines of Communication (digest §4.9 LOC; WfA 16.0-16.7, 17.1, 19.24-19.26) on the fixture
map (made-up topology: Quebec-Montreal-St. Jean-Valcour-Ticonderoga cost 1 each, to
Saratoga 2, Albany 1 more, Highlands 2 more). The rulebook's example X-6 (16.10) and the
blockades of X-4/X-5 (14.25, 19.26) among the tests."""

from __future__ import annotations

from typing import Any

from pytest import MonkeyPatch

from adjudicator.findings import Severity
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.war_for_america.actions import BRITISH, COLONIAL
from adjudicator.systems.war_for_america.procedure import Pulse, PulseClosed
from adjudicator.systems.war_for_america.rules import supply
from adjudicator.systems.war_for_america.rules.context import Context
from adjudicator.systems.war_for_america.rules.supply import source_status, trace_loc
from tests.adjudicator.systems.war_for_america.test_rules_fortifications import (
    Board,
    applied,
    computed,
    of,
    run,
)


def burgoyne_at(space: str, *, sp: int = 8) -> Board:
    """Burgoyne's British force, come south from Montreal (WfA 16.10's example)."""
    return Board().put(space, sp={"british": sp}, leaders=["burgoyne"])


def test_x6_16_10_saratoga_is_6_mp_by_water_from_quebec() -> None:
    board = burgoyne_at("saratoga")
    found = trace_loc(board.context(), "saratoga", BRITISH)
    assert found.supplied is True and found.source == "quebec" and found.cost == 6


def test_x6_16_10_one_mp_further_cuts_the_loc() -> None:
    board = burgoyne_at("albany")
    found = trace_loc(board.context(), "albany", BRITISH)
    assert found.supplied is False


def test_x6_16_10_a_magazine_at_montreal_reaches_albany() -> None:
    board = burgoyne_at("albany").put("montreal", magazines=[BRITISH])
    found = trace_loc(board.context(), "albany", BRITISH)
    assert found.supplied is True and found.source == "montreal"


def test_x6_16_10_a_magazine_at_ticonderoga_reaches_the_highlands() -> None:
    board = burgoyne_at("highlands").put("ticonderoga", magazines=[BRITISH])
    found = trace_loc(board.context(), "highlands", BRITISH)
    assert found.supplied is True and found.source == "ticonderoga"


def test_16_1_no_loc_through_a_space_held_solely_by_the_enemy() -> None:
    board = burgoyne_at("saratoga").put("ticonderoga", sp={"continental": 2})
    assert trace_loc(board.context(), "saratoga", BRITISH).supplied is False
    contested = burgoyne_at("saratoga").put("ticonderoga", sp={"continental": 2,
                                                               "british": 1})
    assert trace_loc(contested.context(), "saratoga", BRITISH).supplied is True


def test_16_1_no_loc_through_an_enemy_garrison_or_lake_navy() -> None:
    board = burgoyne_at("saratoga").put("valcour", garrisons={"colonial": 1})
    assert trace_loc(board.context(), "saratoga", BRITISH).supplied is False
    navy = burgoyne_at("saratoga").put("valcour")
    navy.state.holdings[Place(PlaceKind.SPACE, "valcour")].lake_navies.append(COLONIAL)
    assert trace_loc(navy.context(), "saratoga", BRITISH).supplied is False


def test_16_7_small_forces_and_florida_need_no_loc() -> None:
    small = burgoyne_at("albany", sp=2)
    found = trace_loc(small.context(), "albany", BRITISH)
    assert found.supplied is True and found.exempt
    french = Board().put("albany", sp={"french": 4, "continental": 1})
    assert trace_loc(french.context(), "albany", COLONIAL).exempt
    florida = Board().put("st_augustine", sp={"british": 6})
    assert trace_loc(florida.context(), "st_augustine", BRITISH).exempt


def test_x5_19_26_a_french_fleet_in_the_middle_states_obz_cuts_the_ports() -> None:
    board = Board()
    ports = ("new_york_city", "setauket", "sandy_hook", "lewes")
    for port in ports:
        board.put(port, sp={"british": 3})  # New York: its garrison minimum, WfA 4.13
        assert source_status(board.context(), port, BRITISH)[0] is True, port
    board.state.fleet_at["destaing"] = Place(PlaceKind.ZONE, "middle_states_obz")
    for port in ports:
        status, why = source_status(board.context(), port, BRITISH)
        assert status is False and "blockaded" in why, port


def test_x4_14_25_a_french_fleet_in_the_tidewater_obz_blockades_baltimore() -> None:
    board = Board().put("baltimore", sp={"british": 6})
    board.state.fleet_at["destaing"] = Place(PlaceKind.ZONE, "tidewater_obz")
    assert source_status(board.context(), "baltimore", BRITISH)[0] is False


def test_19_24_philadelphia_needs_wilmington_for_its_sea_loc() -> None:
    board = Board().put("philadelphia", sp={"british": 6})
    status, why = source_status(board.context(), "philadelphia", BRITISH)
    assert status is False and "Wilmington" in why
    board.put("wilmington_de", garrisons={"british": 1})
    assert source_status(board.context(), "philadelphia", BRITISH)[0] is True


def test_16_3_colonial_sources_are_key_spaces_not_under_enemy_control() -> None:
    board = Board().put("albany", sp={"continental": 5})
    assert source_status(board.context(), "albany", COLONIAL)[0] is True
    assert source_status(board.context(), "saratoga", COLONIAL)[0] is False  # not key
    held = Board().put("albany", sp={"british": 3})
    assert source_status(held.context(), "albany", COLONIAL)[0] is False


def closing(side: str, space: str) -> PulseClosed:
    pulse = Pulse(side=side, step=3, round=1, number=1, force_space=space, origin="montreal")
    return PulseClosed(step=9, side=side, pulse=pulse, ap_markers_logged=False)


def test_16_4_a_force_out_of_loc_at_the_end_of_its_ap_is_marked() -> None:
    out = run(supply, closing(BRITISH, "albany"), burgoyne_at("albany"))
    (loc,) = computed(out, "loc")
    assert loc.result["supplied"] is False
    assert of(out, "WFA-LOC-04", Severity.REMINDER)
    marked = burgoyne_at("albany")
    marked.state.holdings[Place(PlaceKind.SPACE, "albany")].markers[supply.NO_LOC] = 1
    out = run(supply, closing(BRITISH, "albany"), marked)
    assert [f for f in of(out, "WFA-LOC-04", Severity.REMINDER) if "surrenders" in f.message]


def test_16_0_a_force_in_supply_gets_no_reminder() -> None:
    out = run(supply, closing(BRITISH, "saratoga"), burgoyne_at("saratoga"))
    assert not of(out, "WFA-LOC-04", Severity.REMINDER)
    assert applied(out, "WFA-LOC-01") and applied(out, "WFA-LOC-03")


def _unknown_terrain(board: Board, kind: str) -> Context:
    """The board's context with one kind of line's TEC cost missing from the data."""
    ctx = board.context()
    terrain = {key: record.model_copy(update={"mp": None}) if key == kind else record
               for key, record in ctx.data.terrain.items()}
    ctx.data = ctx.data.model_copy(update={"terrain": terrain})
    return ctx


def test_16_0_an_loc_only_as_cheap_unknown_terrain_allows_is_unknown(
        monkeypatch: MonkeyPatch) -> None:
    """The rough line into Saratoga has no cost in the data: at the dearest known cost (3)
    Quebec is 7 MP away, at the cheapest (1) 5. Neither answer is certain: unknown, with
    both searches run (WfA 16.0's 6 MP)."""
    searches = _counting(monkeypatch)
    found = trace_loc(_unknown_terrain(burgoyne_at("saratoga"), "rough"), "saratoga",
                      BRITISH)
    assert found.supplied is None and "unknown terrain are the cheapest" in found.why
    assert len(searches) == 2


def test_16_0_an_loc_found_at_the_dearest_cost_needs_one_search(
        monkeypatch: MonkeyPatch) -> None:
    """With every line's cost known (or a source reached even at the dearest cost of the
    unknown ones), the cheaper search could only find the same: it is not run."""
    searches = _counting(monkeypatch)
    assert trace_loc(burgoyne_at("saratoga").context(), "saratoga", BRITISH).supplied
    unknown_far_away = _unknown_terrain(burgoyne_at("saratoga"), "wilderness")
    assert trace_loc(unknown_far_away, "saratoga", BRITISH).supplied is not False
    assert len(searches) == 2  # one per trace


def _counting(monkeypatch: MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = supply._reach

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(supply, "_reach", counted)
    return calls
