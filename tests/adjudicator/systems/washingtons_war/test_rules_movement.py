"""The movement rules (WW 7.3–7.5, 9.7) on the rulebook's own examples and sentences, each
judged on a position built by hand; the pytest id is the citation."""

from __future__ import annotations

import pytest

from adjudicator.systems.common.outcomes import Computed
from adjudicator.systems.common.values import evolve
from adjudicator.systems.washingtons_war.actions import (
    ActivationEnded,
    BattleSettled,
    LegMoved,
    SentToBox,
)
from adjudicator.systems.washingtons_war.data import Side
from adjudicator.systems.washingtons_war.procedure import Battle, Stop, Use
from adjudicator.systems.washingtons_war.rules import movement
from adjudicator.systems.washingtons_war.rules.context import Context
from tests.adjudicator.systems.washingtons_war.movekit import (
    ELIGIBLE,
    activation,
    drag,
    illegal,
    impulse,
    outcomes,
    position,
    unchecked,
    walk,
)

# WW 7.3.C example: "General Gates and four CUs begin in Ninety-Six ... via Camden two spaces
# to Eutaw Springs, where he drops off two CUs. One space further along in Charleston,
# three CUs await ... he now has his maximum of 5 ... ends his movement in Savannah ... he
# could optionally continue his move to Augusta or St. Mary's (a total of 5 spaces)."
GATES = {"ninety_six": ["general:gates", "cu:AM:3", "cu:AM:1"], "charleston": ["cu:AM:3"]}
GATES_PATH: list[str | tuple[str, int]] = [
    "ninety_six", ("eutaw_springs", 4), ("charleston", 2), ("savannah", 5)]
# WW 7.3.D example: "moving from Fort Detroit to Basset Town, PA counts as 3 spaces moved.
# A British Army which started moving in Detroit could not enter Point Pleasant, VA."
DETROIT = {"fort_detroit": ["general:cornwallis", "cu:BR:1"]}


def ended(ctx: Context, general: str, path: list[str | tuple[str, int]], *,
          side: Side = Side.AM, use: Use = Use.ACTIVATE, overruns: int = 0,
          stop: Stop | None = None) -> ActivationEnded:
    """The end of an activation that walked `path`."""
    legs = walk(ctx, general, path)
    moved = activation(general, legs, overruns=overruns, stop=stop)
    return ActivationEnded(step=1, side=side.value, activation=moved,
                           impulse=impulse(side, use=use, activations=(moved,)))


ACTIVATIONS = [
    pytest.param(GATES, "gates", GATES_PATH, {}, set(),
                 id="EX-08, WW 7.3.C example (Gates, 4 spaces to Savannah)"),
    pytest.param(GATES, "gates", [*GATES_PATH, "augusta"], {}, set(),
                 id="WW 7.3.C example (Gates, 5 spaces on to Augusta)"),
    pytest.param(GATES, "gates", [*GATES_PATH, "st_marys"], {}, set(),
                 id="WW 7.3.C example (Gates, 5 spaces on to St. Mary's)"),
    pytest.param({"ninety_six": ["general:cornwallis", "cu:BR:4"], "charleston": ["cu:BR:3"]},
                 "cornwallis", [*GATES_PATH, "augusta"], {"side": Side.BR},
                 {("WW-MOV-02", 5)},
                 id="WW 7.3.A (a British General on the example's 5 spaces: only 4)"),
    pytest.param(GATES, "gates", [*GATES_PATH, "augusta"], {"overruns": 1},
                 {("WW-OVR-02", 5)},
                 id="WW 7.3.C (5 spaces provided that they do not execute an Overrun)"),
    pytest.param(GATES, "gates", [*GATES_PATH, "augusta"],
                 {"stop": Stop(6, "augusta", "battle")}, {("WW-MOV-03", 5)},
                 id="WW 7.3.C (the Army may not move 5 spaces and enter into a Battle)"),
    pytest.param(GATES, "gates", [*GATES_PATH, "augusta"],
                 {"overruns": 1, "use": Use.GLOVER}, set(),
                 id="WW 7.3.C Special (Glover: up to six spaces, overruns allowed)"),
    pytest.param({"ninety_six": ["general:gates"]}, "gates",
                 ["ninety_six", "camden", "eutaw_springs", "charleston", "savannah",
                  "augusta"], {}, set(),
                 id="WW 7.3.C (American Generals moving alone may also move five spaces)"),
    pytest.param(DETROIT, "cornwallis", ["fort_detroit", ("bassett_town", 1)],
                 {"side": Side.BR}, set(),
                 id="EX-09, WW 7.3.D example (Fort Detroit to Basset Town counts as 3 spaces)"),
    pytest.param(DETROIT, "cornwallis", ["fort_detroit", ("bassett_town", 1),
                                         "point_pleasant"], {"side": Side.BR},
                 {("WW-MOV-02", 3)},
                 id="WW 7.3.D example (could not enter Point Pleasant in the same move)"),
    pytest.param({"falmouth": ["general:arnold", "cu:AM:3"]}, "arnold",
                 ["falmouth", ("quebec", 3)], {}, set(),
                 id="WW 7.4.D (Arnold along Falmouth-Quebec, 3 spaces)"),
]


@pytest.mark.parametrize(("pieces", "general", "path", "extra", "expected"), ACTIVATIONS)
def test_movement_points(pieces: dict[str, list[str]], general: str,
                         path: list[str | tuple[str, int]], extra: dict[str, object],
                         expected: set[tuple[str, int]]) -> None:
    ctx = position(pieces)
    action = ended(ctx, general, path, **extra)  # type: ignore[arg-type]
    assert illegal(movement, action, ctx) == expected
    priced = [o for o in outcomes(movement, action, ctx) if isinstance(o, Computed)]
    assert priced and priced[0].result["low"] == priced[0].result["high"]


def test_the_gates_example_is_priced_space_by_space() -> None:
    ctx = position(GATES)
    (priced,) = [o for o in outcomes(movement, ended(ctx, "gates", [*GATES_PATH, "augusta"]),
                                     ctx) if isinstance(o, Computed)]
    assert priced.result == {"low": 5, "high": 5}
    assert priced.inputs["allowance"] == 5
    # Gates's drags show every space but Camden (7.3.C: "via Camden"), priced on the way.
    assert priced.summary == (
        "Gates: Ninety Six → Camden (1) → Eutaw Springs (1) → Charleston (1) → "
        "Savannah (1) → Augusta (1), along the log's drags, by the cheapest route the rules "
        "allow between them: 5 MP of 5")
    assert priced.inputs["route"] == ("Ninety Six", "Camden", "Eutaw Springs", "Charleston",
                                      "Savannah", "Augusta")
    legs = priced.inputs["legs"]
    assert isinstance(legs, tuple)
    assert [(leg["to"], leg["mp"], leg["line"], leg["shown"]) for leg in legs
            if isinstance(leg, dict)] == [
        ("Camden", 1, "normal", False), ("Eutaw Springs", 1, "normal", True),
        ("Charleston", 1, "normal", True), ("Savannah", 1, "normal", True),
        ("Augusta", 1, "normal", True)]


def test_a_drag_over_several_spaces_is_priced_by_its_cheapest_legal_route() -> None:
    # WW 7.3.B: entering enemy CUs ends a move, so a drag cannot have passed them. Made-up
    # lines: a short way A-B-C through British CUs and a longer one A-D-E-C.
    lines = [("ninety_six", "camden"), ("camden", "charleston"), ("ninety_six", "augusta"),
             ("augusta", "savannah"), ("savannah", "charleston")]
    free = position({"ninety_six": ["general:gates", "cu:AM:2"]}, made_up_lines=lines,
                    complete=True)
    held = position({"ninety_six": ["general:gates", "cu:AM:2"], "camden": ["cu:BR:1"]},
                    made_up_lines=lines, complete=True)
    assert drag(free, "gates", "ninety_six", "charleston", cus=2).low == 2
    assert drag(held, "gates", "ninety_six", "charleston", cus=2).low == 3
    # The finding names the route it priced, each line's cost, and that it is the cheapest.
    action = ended(held, "gates", ["ninety_six", ("charleston", 2)])
    (priced,) = [o for o in outcomes(movement, action, held) if isinstance(o, Computed)]
    assert priced.summary.endswith(
        "Ninety Six → Augusta (1) → Savannah (1) → Charleston (1), by the cheapest route "
        "the rules allow (the log shows only its ends): 3 MP of 5")
    assert [(leg["to"], leg["shown"]) for leg in priced.inputs["legs"]  # type: ignore[union-attr]
            if isinstance(leg, dict)] == [
        ("Augusta", False), ("Savannah", False), ("Charleston", True)]
    lone = position({"ninety_six": ["general:gates"], "camden": ["pc:BR"],
                     "augusta": ["cu:BR:1"], "savannah": ["pc:BR"]},
                    made_up_lines=lines, complete=True)
    blocked = drag(lone, "gates", "ninety_six", "charleston")
    assert (blocked.low, blocked.route_rule) == (None, "WW-MOV-10")
    action = ended(lone, "gates", ["ninety_six", "charleston"])
    assert illegal(movement, action, lone) == {("WW-MOV-10", 2)}


def leg_moved(ctx: Context, general: str, origin: str, destination: str, *, cus: int = 0,
              stop: Stop | None = None, side: Side = Side.BR) -> LegMoved:
    leg = drag(ctx, general, origin, destination, cus=cus)
    return LegMoved(step=2, side=side.value, leg=leg,
                    activation=activation(general, stop=stop), impulse=impulse(side))


LEGS = [
    pytest.param({"boston": ["general:howe"], "lexington_and_concord": ["cu:AM:5"]},
                 ("howe", "boston", "lexington_and_concord"), {}, {("WW-MOV-09", 2)},
                 id="WW 7.4.A (to enter a space containing an enemy CU, a General must be "
                    "moving with at least one friendly CU)"),
    pytest.param({"boston": ["general:howe", "cu:BR:1"],
                  "lexington_and_concord": ["cu:AM:5"]},
                 ("howe", "boston", "lexington_and_concord"), {"cus": 1}, set(),
                 id="WW 7.4.A (with one friendly CU he may)"),
    pytest.param({"boston": ["general:howe"], "lexington_and_concord": ["pc:AM"]},
                 ("howe", "boston", "lexington_and_concord"), {}, {("WW-MOV-10", 2)},
                 id="WW 7.4.B (no General moving alone can enter a space with an enemy PC)"),
    pytest.param({"quebec": ["general:carleton", "cu:BR:2"]},
                 ("carleton", "quebec", "falmouth"), {"cus": 2}, {("WW-MOV-06", 2)},
                 id="WW 7.4.D (only Benedict Arnold may move along Falmouth-Quebec)"),
    pytest.param({"quebec": ["general:carleton", "cu:BR:5", "cu:BR:1"]},
                 ("carleton", "quebec", "montreal"), {"cus": 6}, {("WW-MOV-07", 2)},
                 id="WW 7.3.A (at no time may that Army move with more than five CUs)"),
    pytest.param({"lexington_and_concord": ["general:howe", "cu:BR:5"]},
                 ("howe", "lexington_and_concord", "boston"),
                 {"cus": 5, "stop": Stop(1, "lexington_and_concord", "battle")},
                 {("WW-MOV-08", 2)},
                 id="WW 7.3.B (the movement of an Army ends when it enters a space "
                    "containing an enemy CU)"),
    pytest.param({"lexington_and_concord": ["general:howe", "cu:BR:5"]},
                 ("howe", "lexington_and_concord", "boston"),
                 {"cus": 5, "stop": Stop(1, "lexington_and_concord",
                                         "retreat before battle")},
                 {("WW-RBB-04", 2)},
                 id="WW 7.9.B (the British Army must stop moving in the space vacated)"),
]


@pytest.mark.parametrize(("pieces", "move", "extra", "expected"), LEGS)
def test_each_drag(pieces: dict[str, list[str]], move: tuple[str, str, str],
                   extra: dict[str, object], expected: set[tuple[str, int]]) -> None:
    ctx = position(pieces)
    action = leg_moved(ctx, *move, **extra)  # type: ignore[arg-type]
    # A lone General's entry is judged when his activation ends (CUs dragged after him
    # along the same leg move with him, WW 7.3.A).
    over = ActivationEnded(step=1, side=action.side, impulse=action.impulse,
                           activation=evolve(action.activation, legs=(action.leg,)))
    assert illegal(movement, action, ctx) | illegal(movement, over, ctx) == expected


# WW 7.4.A: "A General moving without a CU may move through a space containing an enemy
# General without accompanying CUs, but may not stop in that space."
PASSING = {"ninety_six": ["general:gates"], "camden": ["general:cornwallis"]}


@pytest.mark.parametrize(("path", "expected"), [
    pytest.param(["ninety_six", "camden", "eutaw_springs"], set(),
                 id="WW 7.4.A (a lone General may move through a lone enemy General)"),
    pytest.param(["ninety_six", "eutaw_springs"], set(),
                 id="WW 7.4.A (... also in one drag)"),
    pytest.param(["ninety_six", "camden"], {("WW-MOV-09", 2)},
                 id="WW 7.4.A (... but may not stop in that space)"),
])
def test_a_lone_general_passes_a_lone_enemy_general(path: list[str | tuple[str, int]],
                                                    expected: set[tuple[str, int]]) -> None:
    ctx = position(PASSING)
    assert illegal(movement, ended(ctx, "gates", path), ctx) == expected


def naval(ctx: Context, origin: str, destination: str, why: str, cus: int = 5,
          then: str | None = None) -> ActivationEnded:
    legs = [drag(ctx, "howe", origin, destination, cus=cus, naval=why)]
    if then is not None:
        legs.append(drag(ctx, "howe", destination, then, cus=cus, step=3))
    moved = activation("howe", tuple(legs))
    return ActivationEnded(step=1, side="BR", activation=moved,
                           impulse=impulse(Side.BR, activations=(moved,)))


def test_naval_movement_is_the_whole_move_and_is_not_priced_overland() -> None:
    # WW 7.5. Made-up map: Boston and Charleston, both ports, with no land route at all.
    ctx = position({"boston": ["general:howe", "cu:BR:5"]}, complete=True)
    assert illegal(movement, naval(ctx, "boston", "charleston", ELIGIBLE), ctx) == set()
    kinds = {o.kind for o in outcomes(movement, naval(ctx, "boston", "charleston", ELIGIBLE),
                                      ctx) if isinstance(o, Computed)}
    assert kinds == {"naval_movement"}
    refused = naval(ctx, "boston", "charleston", "Charleston holds an American PC")
    assert illegal(movement, refused, ctx) == {("WW-NAV-01", 2)}


def test_naval_movement_then_land_movement_is_illegal() -> None:
    # WW 7.5: "use the *entire* move to transfer himself and up to 5 CUs".
    ctx = position({"boston": ["general:howe", "cu:BR:5"]},
                   made_up_lines=[("charleston", "savannah")], complete=True)
    action = naval(ctx, "boston", "charleston", ELIGIBLE, then="savannah")
    assert illegal(movement, action, ctx) == {("WW-NAV-01", 3)}


def test_naval_movement_where_the_data_knows_no_land_route() -> None:
    # The rulebook's map is incomplete: an eligible port-to-port drag is legal by sea; a
    # refused one might have been a land move, so it is unchecked, not illegal.
    ctx = position({"boston": ["general:howe", "cu:BR:5"]})
    assert illegal(movement, naval(ctx, "boston", "charleston", ELIGIBLE), ctx) == set()
    refused = naval(ctx, "boston", "charleston", "Charleston holds an American PC")
    assert illegal(movement, refused, ctx) == set()
    assert "WW-MOV-02" in unchecked(movement, refused, ctx)


def settled(attacker_cus: int, defender_cus: int, defender_general: bool) -> BattleSettled:
    battle = Battle(space="camden", attacker=Side.BR, general="cornwallis",
                    entered_from=frozenset({"ninety_six"}), step=2, attacker_cus=attacker_cus,
                    defender_cus=defender_cus, defender_general=defender_general, losses=True)
    return BattleSettled(step=3, side="BR", battle=battle, outcome="overrun",
                         impulse=impulse(Side.BR))


@pytest.mark.parametrize(("attacker", "defender", "general", "expected"), [
    pytest.param(4, 1, False, set(), id="WW 9.7 (4 CUs enter 1 enemy CU without a General)"),
    pytest.param(5, 1, False, set(), id="WW 9.7 (5 CUs enter 1 enemy CU without a General)"),
    pytest.param(3, 1, False, {("WW-OVR-01", 3)}, id="WW 9.7 (either 4 or 5 CUs: not 3)"),
    pytest.param(5, 2, False, {("WW-OVR-01", 3)},
                 id="WW 9.7 (more than 1 CU present: a battle occurs)"),
    pytest.param(5, 1, True, {("WW-OVR-01", 3)},
                 id="WW 9.7 (a defending General is present: a battle occurs)"),
])
def test_overrun(attacker: int, defender: int, general: bool,
                 expected: set[tuple[str, int]]) -> None:
    ctx = position({"camden": ["general:cornwallis", f"cu:BR:{attacker}"]})
    assert illegal(movement, settled(attacker, defender, general), ctx) == expected


def test_an_illegal_overrun_keeps_the_battle_due() -> None:
    assert Battle(space="x", attacker=Side.BR, general=None, entered_from=frozenset(),
                  step=1, attacker_cus=4, defender_cus=1).overrun_allowed
    assert not Battle(space="x", attacker=Side.BR, general=None, entered_from=frozenset(),
                      step=1, attacker_cus=3, defender_cus=1).overrun_allowed


@pytest.mark.parametrize(("general", "expected"), [
    pytest.param("washington", {("WW-MOV-11", 3)},
                 id="WW 7.4.C (General Washington may never be removed to the "
                    "Reinforcement Box)"),
    pytest.param("greene", set(), id="WW 7.4.C (one of the Generals, owner's choice)"),
])
def test_sent_to_the_reinforcement_box(general: str, expected: set[tuple[str, int]]) -> None:
    ctx = position({"lexington_and_concord": ["general:washington", "general:greene"]})
    action = SentToBox(step=3, side="AM", general=general, origin="lexington_and_concord")
    assert illegal(movement, action, ctx) == expected
