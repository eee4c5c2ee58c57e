"""Capture of Generals outside battle (WW 7.6.A-B, 8.2 Clarification; WW-CAPT-01/02/03/05),
from the rulebook's text: legal and illegal, with each exception."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.findings import Severity
from adjudicator.systems.common.places import Place, PlaceKind, space
from adjudicator.systems.common.tracker import Placed, Relocation
from adjudicator.systems.washingtons_war.actions import (
    GeneralRemoved,
    ImpulseEnded,
    ImpulseReckoned,
    StrategyBegan,
)
from adjudicator.systems.washingtons_war.data import Nationality, Side
from adjudicator.systems.washingtons_war.procedure import (
    Activation,
    Arrival,
    Battle,
    Impulse,
    Leg,
    PcChange,
    RetreatMove,
    Use,
)
from adjudicator.systems.washingtons_war.rules.context import Context
from adjudicator.systems.washingtons_war.state import CAPTURED, REMOVED, Entity
from tests.adjudicator.systems.washingtons_war.phasekit import scenario_report
from tests.adjudicator.systems.washingtons_war.rulekit import Position, applied, violations

DISCARD = Place(PlaceKind.DISCARD)


def capture_findings(action: ImpulseEnded, ctx: Context) -> set[tuple[str, int]]:
    """The illegal findings of this family only (other families judge impulses too)."""
    return {v for v in violations(action, ctx) if v[0].startswith("WW-CAPT-")}


def army_into(destination: str, *, carried: int = 5, enemy_cus: int = 0,
              enemy_general: bool = True) -> ImpulseEnded:
    """Howe (with `carried` CUs) moved from Boston into `destination`."""
    leg = Leg(step=3, general="howe", origin="boston", destination=destination,
              carried=((Nationality.BR, carried),) if carried else (),
              enemy_cus_at_destination=enemy_cus, enemy_general_at_destination=enemy_general)
    impulse = Impulse(side=Side.BR, card="fixture_ops_3_b", destination=DISCARD, step=2,
                      player=None, use=Use.ACTIVATE,
                      activations=(Activation(general="howe", step=3, legs=(leg,)),))
    return ImpulseEnded(step=2, side="BR", impulse=impulse)


# ------------------------------------------------------------------ WW-CAPT-01


def test_ww_7_6_a_an_army_captures_a_lone_general() -> None:
    captured = Position({"barnstable": ["general:howe", "cu:BR:5"],
                         CAPTURED: ["general:greene"]}).context()
    assert capture_findings(army_into("barnstable"), captured) == set()
    assert "WW-CAPT-01" in applied(army_into("barnstable"), captured)
    left = Position({"barnstable": ["general:howe", "cu:BR:5", "general:greene"]}).context()
    assert capture_findings(army_into("barnstable"), left) == {("WW-CAPT-01", 3)}


def test_ww_7_6_a_a_general_with_cus_is_not_captured_a_battle_follows() -> None:
    ctx = Position({"barnstable": ["general:howe", "cu:BR:5", "general:greene",
                                   "cu:AM:2"]}).context()
    assert capture_findings(army_into("barnstable", enemy_cus=2), ctx) == set()


def test_ww_7_6_a_only_an_army_captures_a_lone_general_does_not() -> None:
    ctx = Position({"barnstable": ["general:howe", "general:greene"]}).context()
    assert "WW-CAPT-01" not in applied(army_into("barnstable", carried=0), ctx)


# ------------------------------------------------------------------ WW-CAPT-05


def test_ww_8_2_reinforcements_placed_on_a_lone_general_capture_him() -> None:
    arrival = Arrival(step=4, space="norwich", cu=((Nationality.BR, 2),))
    impulse = Impulse(side=Side.BR, card="fixture_ops_2_a", destination=DISCARD, step=3,
                      player=None, use=Use.REINFORCE, arrivals=(arrival,))
    action = ImpulseEnded(step=3, side="BR", impulse=impulse)
    left = Position({"norwich": ["cu:BR:2", "general:greene"]}).context()
    assert capture_findings(action, left) == {("WW-CAPT-05", 4)}
    taken = Position({"norwich": ["cu:BR:2"], CAPTURED: ["general:greene"]}).context()
    assert capture_findings(action, taken) == set()
    assert "WW-CAPT-05" in applied(action, taken)


# ------------------------------------------------------------------ WW-CAPT-02


def captured_in(year: str, now: str) -> Context:
    """Greene put in the Captured Generals Box in `year`; the turn is now `now`."""
    ctx = Position().context()
    ctx.state.year = year
    ctx.state.apply(Relocation("g", "general:greene", Placed(Entity("general", "greene"),
                                                              space("boston")),
                               Placed(Entity("general", "greene"), CAPTURED)))
    ctx.state.year = now
    return ctx


@pytest.mark.parametrize(("year", "illegal"), [("1777", False), ("1776", True)])
def test_ww_7_6_a_captured_generals_go_to_their_box_in_the_next_reinforcements_phase(
        year: str, illegal: bool) -> None:
    ctx = captured_in(year, "1777")
    action = StrategyBegan(step=9, leftovers=())
    assert violations(action, ctx) == ({("WW-CAPT-02", 9)} if illegal else set())


def test_a_general_captured_before_the_log_began_is_not_judged_in_that_turn() -> None:
    ctx = Position({CAPTURED: ["general:greene"]}).context()
    ctx.state.year = "1777"
    action = StrategyBegan(step=9, leftovers=())
    assert violations(action, ctx) == set()
    assert violations(action, ctx, "unchecked") == {("WW-CAPT-02", 9)}


# ------------------------------------------------------------------ WW-CAPT-03


def test_ww_7_6_b_washington_captured_is_removed_from_the_game() -> None:
    ctx = Position().context()
    kept = GeneralRemoved(step=4, general="washington", origin="barnstable",
                          destination=CAPTURED, impulse=None)
    assert violations(kept, ctx) == {("WW-CAPT-03", 4)}
    gone = GeneralRemoved(step=4, general="washington", origin="barnstable",
                          destination=REMOVED, impulse=None)
    assert violations(gone, ctx) == set()
    assert violations(gone, ctx, "reminder") == {("WW-CAPT-03", 4)}
    other = GeneralRemoved(step=4, general="greene", origin="barnstable",
                           destination=CAPTURED, impulse=None)
    assert "WW-CAPT-03" not in applied(other, ctx)


def pcs_removed(*spaces: str) -> ImpulseReckoned:
    changes = tuple(PcChange(step=5 + i, space=s, before=Side.AM, after=None)
                    for i, s in enumerate(spaces))
    impulse = Impulse(side=Side.BR, card="fixture_ops_3_b", destination=DISCARD, step=2,
                      player=None, use=Use.ACTIVATE, other_pcs=changes)
    return ImpulseReckoned(step=2, side="BR", impulse=impulse, before=None, after=None,
                           allied_before=None, european_war=False, washington_lost=True)


def test_ww_7_6_b_five_american_pcs_at_most_one_per_colony() -> None:
    # Hartford (CT) and New Haven (CT): two in one colony.
    ctx = Position({"norwich": ["pc:AM"], "reading": ["pc:AM"]}).context()
    # The second removal in Connecticut (New Haven, step 6) breaks the rule.
    twice = pcs_removed("hartford", "new_haven", "new_york", "new_brunswick", "baltimore")
    assert violations(twice, ctx) == {("WW-CAPT-03", 6)}


def test_ww_7_6_b_fewer_than_five_only_when_no_other_colony_has_a_removable_pc() -> None:
    # Reading (PA) still holds an American PC with no American unit: it could go too.
    short = pcs_removed("hartford", "new_york")
    assert violations(short, Position({"reading": ["pc:AM"]}).context()) == {
        ("WW-CAPT-03", 6)}
    # A PC beside an American CU, General or the Congress may not be removed.
    guarded = Position({"reading": ["pc:AM", "cu:AM:1"], "philadelphia": [
        "pc:AM", "congress"], "baltimore": ["pc:AM", "general:greene"]}).context()
    assert violations(short, guarded) == set()


def test_ww_7_6_b_no_pc_removed_beside_an_american_unit() -> None:
    # "from spaces that do not contain an American CU, General or the Continental Congress"
    five = pcs_removed("hartford", "new_york", "new_brunswick", "baltimore", "reading")
    guarded = Position({"reading": ["cu:AM:1"]}).context()
    assert violations(five, guarded) == {("WW-CAPT-03", 9)}
    assert violations(five, Position().context()) == set()


def test_ww_7_6_b_more_than_five_is_illegal() -> None:
    six = pcs_removed("hartford", "new_york", "new_brunswick", "baltimore", "reading",
                      "charlotte")
    assert violations(six, Position().context()) == {("WW-CAPT-03", 10)}


# ------------------------------------------------------------------ through the log


@pytest.mark.parametrize(("name", "expected"), [
    ("capture-washington", set()),
    ("illegal-capture-washington-kept", {("WW-CAPT-03", 4), ("WW-CAPT-03", 6),
                                         ("WW-FA-01", 2)}),
    ("illegal-capture-lone-general-left", {("WW-CAPT-01", 3), ("WW-MOV-12", 3)}),
])
def test_capture_scenarios(name: str, expected: set[tuple[str, int]],
                           tmp_path: Path) -> None:
    report = scenario_report(name, tmp_path)
    assert {(f.rule_id, f.step) for f in report.findings
            if f.severity is Severity.ILLEGAL} == expected


def retreat_into(destination: str, found: tuple[str, ...]) -> ImpulseEnded:
    """Howe beat Washington in Lexington and Concord; Washington's Army retreated into
    `destination` (step 9), where `found` stood without CUs."""
    move = RetreatMove(9, Side.AM, destination, ("washington",), 4, found=found)
    battle = Battle(space="lexington_and_concord", attacker=Side.BR, general="howe",
                    entered_from=frozenset({"boston"}), step=3, retreats=(move,))
    impulse = Impulse(side=Side.BR, card="fixture_ops_3_b", destination=DISCARD, step=2,
                      player=None, use=Use.ACTIVATE, battles=(battle,))
    return ImpulseEnded(step=2, side="BR", impulse=impulse)


def test_ww_7_6_a_a_retreating_army_captures_a_lone_general() -> None:
    # 'whether by Movement, Interception, or Retreat': Clinton, alone in Norwich, is
    # captured by Washington's retreating Army.
    captured = Position({"norwich": ["general:washington", "cu:AM:4"],
                         CAPTURED: ["general:clinton"]}).context()
    assert capture_findings(retreat_into("norwich", ("clinton",)), captured) == set()
    assert "WW-CAPT-01" in applied(retreat_into("norwich", ("clinton",)), captured)
    kept = Position({"norwich": ["general:washington", "cu:AM:4", "general:clinton"]}
                    ).context()
    assert capture_findings(retreat_into("norwich", ("clinton",)), kept) == {
        ("WW-CAPT-01", 9)}
