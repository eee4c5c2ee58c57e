"""AR 24-25, 27: naval transport, the boxes, Hessians and Indians; and the moves a force
makes on after dropping units off (AR 16.4-16.8)."""

from __future__ import annotations

from adjudicator.systems.american_revolution.actions import ForceMoved, Raised
from adjudicator.systems.american_revolution.procedure import continues, force_of
from adjudicator.systems.american_revolution.rules import fleets, movement
from adjudicator.systems.common.outcomes import Computed
from tests.adjudicator.systems.american_revolution.rulekit import Bench, done, illegal


def move(bench: Bench, pieces: list[str], origin: str, destination: str, *,
         step: int = 4, die: int | None = 4, side: str = "GB") -> ForceMoved:
    units = tuple(bench.state.pieces[p][0].key for p in pieces
                  if bench.state.pieces[p][0].kind == "unit")
    leaders = tuple(bench.state.pieces[p][0].key for p in pieces
                    if bench.state.pieces[p][0].kind == "leader")
    return ForceMoved(step=step, side=side, pieces=tuple(pieces), units=units,
                      leaders=leaders, origin=origin, destination=destination,
                      path=(origin, destination), die=die)


def test_a_fleet_carries_four_land_units_and_any_leaders() -> None:
    bench = Bench().at("campaign_1")
    force = [*bench.put("unit:gb_fleet", "boston"), *bench.put("unit:gb_regular", "boston", 4),
             *bench.put("leader:gage", "boston"), *bench.put("leader:clinton", "boston")]
    outcomes = list(fleets.judge(move(bench, force, "boston", "new_haven"), bench.context()))
    assert illegal(outcomes) == []
    assert {"AR-FLT-01", "AR-FLT-02", "AR-FLT-05", "AR-FLT-06"} <= done(outcomes)


def test_five_land_units_overload_one_fleet_but_not_two() -> None:
    bench = Bench().at("campaign_1")
    fleet = bench.put("unit:gb_fleet", "boston", 2)
    land = bench.put("unit:gb_regular", "boston", 5)
    one = move(bench, [fleet[0], *land], "boston", "new_haven")
    assert illegal(fleets.judge(one, bench.context())) == [("AR-FLT-06", 4)]
    two = move(bench, [*fleet, *land], "boston", "new_haven")
    assert illegal(fleets.judge(two, bench.context())) == []


def test_units_that_marched_this_phase_may_not_be_transported() -> None:
    bench = Bench()
    fleet = bench.put("unit:gb_fleet", "boston")
    land = bench.put("unit:gb_regular", "boston")
    bench.at("campaign_1", moved=frozenset(land))
    outcomes = fleets.judge(move(bench, [*fleet, *land], "boston", "new_haven"),
                            bench.context())
    assert illegal(outcomes) == [("AR-FLT-01", 4)]


def test_a_fleet_that_landed_units_ends_its_move() -> None:
    bench = Bench()
    fleet = bench.put("unit:gb_fleet", "halifax")
    land = bench.put("unit:gb_regular", "halifax")
    first = move(bench, [*fleet, *land], "boston", "halifax", step=3)
    bench.at("campaign_1", moves=(first,), moved=frozenset(fleet + land))
    going_on = move(bench, fleet, "halifax", "portsmouth", die=None, step=5)
    assert continues(first, going_on)
    assert illegal(fleets.judge(going_on, bench.context())) == [("AR-FLT-04", 5)]
    aboard = move(bench, [*fleet, *land], "halifax", "portsmouth", die=None, step=5)
    assert illegal(fleets.judge(aboard, bench.context())) == []


def test_transported_units_may_not_march_on() -> None:
    bench = Bench()
    fleet = bench.put("unit:gb_fleet", "portsmouth")
    land = bench.put("unit:gb_regular", "portsmouth")
    first = move(bench, [*fleet, *land], "boston", "portsmouth", step=3)
    bench.at("campaign_1", moves=(first,), moved=frozenset(fleet + land))
    march = move(bench, land, "portsmouth", "green_mountains", die=None, step=5)
    assert illegal(fleets.judge(march, bench.context())) == [("AR-FLT-03", 5)]


def test_embarking_under_an_enemy_fleet_is_illegal_only_for_units_ashore() -> None:
    bench = Bench()
    fleet = bench.put("unit:gb_fleet", "boston")
    land = bench.put("unit:gb_regular", "boston")
    bench.put("unit:us_fleet", "boston")
    transport = move(bench, [*fleet, *land], "boston", "new_haven")
    bench.at("campaign_2", ashore=frozenset(land))
    assert illegal(fleets.judge(transport, bench.context())) == [("AR-FLT-05", 4)]
    bench.at("campaign_2", ashore=frozenset())
    assert illegal(fleets.judge(transport, bench.context())) == []


def test_a_hessian_and_an_indian_in_an_occupied_locale_are_applied() -> None:
    bench = Bench().at("mobilization")
    bench.put("unit:us_militia", "mohawk")
    ctx = bench.context()
    hessian = Raised(step=2, side="GB", entity="unit", key="gb_hessian",
                     locale="britain_box", origin=None)
    indian = Raised(step=3, side="GB", entity="unit", key="gb_indian", locale="mohawk",
                    origin=None)
    assert done(fleets.judge(hessian, ctx)) == {"AR-HI-01"}
    assert done(fleets.judge(indian, ctx)) == {"AR-HI-02"}


def _march_past_a_fleet() -> tuple[Bench, ForceMoved]:
    """US militia dragged Lexington -> Boston (a British fleet there) -> Portsmouth."""
    bench = Bench()
    bench.put("unit:gb_fleet", "boston")
    militia = bench.put("unit:us_militia", "portsmouth")
    bench.at("campaign_1")
    march = ForceMoved(step=3, side="US", pieces=tuple(militia), units=("us_militia",),
                       leaders=(), origin="lexington", destination="portsmouth",
                       path=("lexington", "boston", "portsmouth"), die=3)
    return bench, march


def test_a_land_force_is_not_stopped_by_an_enemy_fleet_alone() -> None:
    bench, march = _march_past_a_fleet()
    assert illegal(movement.judge(march, bench.context())) == []


def test_the_force_of_a_move_is_its_chain_of_moves() -> None:
    bench = Bench()
    a = bench.put("unit:us_militia", "boston", 2)
    first = move(bench, a, "lexington", "boston", side="US", step=2)
    second = move(bench, a[:1], "boston", "portsmouth", side="US", die=None, step=3)
    other = move(bench, a[1:], "boston", "newport", side="US", die=None, step=4)
    assert force_of((first, second)) == (first, second)
    assert not continues(second, other)
    bench.at("campaign_1", moves=(first, second), moved=frozenset(a))
    assert illegal(movement.judge(other, bench.context())) == [("AR-MOV-05", 4)]


def test_the_movement_computation_names_the_route_line_by_line() -> None:
    """AR 16.12: each route the force takes costs its MP; the computation names each locale
    the log shows (the drags Lexington → Boston → Portsmouth), with each line's cost."""
    bench, march = _march_past_a_fleet()
    (priced,) = [o for o in movement.judge(march, bench.context())
                 if isinstance(o, Computed)]
    assert priced.inputs["route"] == ("Lexington", "Boston", "Portsmouth")
    legs = priced.inputs["legs"]
    assert isinstance(legs, tuple) and [
        (leg["to"], leg["shown"]) for leg in legs if isinstance(leg, dict)] == [
        ("Boston", True), ("Portsmouth", True)]
    costs = [leg["mp"] for leg in legs if isinstance(leg, dict)]
    assert priced.result["cost"] == sum(c for c in costs if isinstance(c, int))
    assert priced.summary.startswith(
        f"Lexington → Boston ({costs[0]}) → Portsmouth ({costs[1]}), as the log shows it: ")
