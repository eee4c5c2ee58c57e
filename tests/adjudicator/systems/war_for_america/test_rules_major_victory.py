"""Major Victory, French entry and the British Withdrawal (digest §4.5 MV; WfA 13.9-13.14,
8.4, 18.11) on typed actions and a built position (the fixture's made-up map)."""

from __future__ import annotations

from adjudicator.findings import Severity
from adjudicator.systems.common.outcomes import Computed, Violation
from adjudicator.systems.common.places import box
from adjudicator.systems.common.sequence import Knowledge
from adjudicator.systems.war_for_america.actions import (
    BRITISH,
    COLONIAL,
    FreeAction,
    FreeKind,
    LeaderPlaced,
    RaiseKind,
    Surrendered,
    UnitsRaised,
)
from adjudicator.systems.war_for_america.procedure import (
    ACTION_CYCLE,
    Placement,
    Pulse,
    PulseOpened,
    WfAProcedure,
)
from adjudicator.systems.war_for_america.rules import RULES
from adjudicator.systems.war_for_america.rules.context import Context
from adjudicator.systems.war_for_america.rules.major_victory import FAMILY, judge
from adjudicator.systems.war_for_america.state import Holding
from tests.adjudicator.systems.war_for_america.test_rules_combat import (
    applied,
    context,
    fixture_data,
    illegal,
    unchecked,
)


def at(year: int | None, ctx: Context, *, winter: bool | None = None) -> Context:
    placement = Placement(phase=ACTION_CYCLE, knowledge=Knowledge.INFERRED, reason="test",
                          winter=winter)
    return Context(WfAProcedure(year=year), placement, data=fixture_data(), state=ctx.state)


def with_victories(side: str, count: int) -> Context:
    ctx = context({})
    ctx.state.holdings[box("trt")] = Holding()
    ctx.state.holdings[box("trt")].markers[f"major_victory:{side}"] = count
    return ctx


def test_the_family_is_registered() -> None:
    assert FAMILY in RULES.families and len(FAMILY.checks) == 5


def test_surrendering_five_regular_sp_is_a_major_victory_13_9() -> None:
    outcomes = list(judge(Surrendered(step=3, side=BRITISH, space="saratoga", regular_sp=5),
                          context({})))
    (result,) = [o for o in outcomes if isinstance(o, Computed)]
    assert result.result == {"major_victory": True, "victor": COLONIAL}
    reminders = [o.rule_id for o in outcomes if isinstance(o, Violation)
                 and o.severity is Severity.REMINDER]
    assert reminders == ["WFA-MV-02"]


def test_four_regular_sp_are_no_major_victory_13_9() -> None:
    outcomes = list(judge(Surrendered(step=3, side=BRITISH, space="saratoga", regular_sp=4),
                          context({})))
    assert [o.result["major_victory"] for o in outcomes if isinstance(o, Computed)] == [False]
    assert not [o for o in outcomes if isinstance(o, Violation)]


def test_an_unknown_surrendered_strength_is_unchecked() -> None:
    outcomes = list(judge(Surrendered(step=3, side=BRITISH, space="saratoga"), context({})))
    assert "WFA-MV-01" in unchecked(outcomes)


def test_a_second_major_victory_wins_the_game_13_13() -> None:
    ctx = with_victories(COLONIAL, 1)
    outcomes = list(judge(Surrendered(step=3, side=BRITISH, space="saratoga", regular_sp=6),
                          ctx))
    assert [o.result for o in outcomes if isinstance(o, Computed)
            and o.rule_id == "WFA-MV-03"] == [{"winner": COLONIAL}]


def test_an_ap_after_a_second_major_victory_is_illegal_13_13() -> None:
    pulse = Pulse(side=BRITISH, step=4, round=2, number=1)
    fact = PulseOpened(step=4, side=BRITISH, pulse=pulse, expected=BRITISH, why="test",
                       rule="WFA-SEQ-02", first_turn=False, limit=4)
    assert illegal(list(judge(fact, with_victories(COLONIAL, 2)))) == ["WFA-MV-03"]
    assert illegal(list(judge(fact, with_victories(COLONIAL, 1)))) == []


def french(step: int = 2) -> UnitsRaised:
    return UnitsRaised(step=step, side=COLONIAL, kind=RaiseKind.REINFORCEMENT,
                       place="martinique", units=("sp:french",), sp=2)


def test_no_french_forces_in_1775_13_11() -> None:
    assert illegal(list(judge(french(), at(1775, context({}))))) == ["WFA-MV-04"]


def test_french_forces_before_1778_need_a_colonial_major_victory_13_11() -> None:
    outcomes = list(judge(french(), at(1777, context({}))))
    assert illegal(outcomes) == [] and "WFA-MV-04" in unchecked(outcomes)
    outcomes = list(judge(french(), at(1777, with_victories(COLONIAL, 1))))
    assert "WFA-MV-04" in applied(outcomes) and not unchecked(outcomes)


def test_french_forces_may_come_in_1778_without_a_major_victory_8_4() -> None:
    outcomes = list(judge(french(), at(1778, context({}))))
    assert "WFA-MV-04" in applied(outcomes) and illegal(outcomes) == []


def test_d_estaing_placed_counts_as_french_entry_8_4() -> None:
    placed = LeaderPlaced(step=2, side=COLONIAL, leader="destaing", space="martinique",
                          origin="europe_box")
    assert illegal(list(judge(placed, at(1775, context({}))))) == ["WFA-MV-04"]


def withdrawal(*units: str, origin: str = "boston",
               destination: str = "windward_isles") -> FreeAction:
    return FreeAction(step=6, side=BRITISH, kind=FreeKind.BRITISH_WITHDRAWAL, origin=origin,
                      destination=destination, units=units)


def british_caribbean() -> str:
    spaces = fixture_data().spaces
    return next(key for key, s in spaces.items()
                if s.region == "caribbean" and s.original_owner == "british")


def test_a_withdrawal_of_four_british_sp_in_winter_is_legal_13_14() -> None:
    move = withdrawal("sp:british:3", "sp:british:1", destination=british_caribbean())
    outcomes = list(judge(move, at(1777, context({}), winter=True)))
    assert illegal(outcomes) == [] and "WFA-MV-05" in applied(outcomes)


def test_a_withdrawal_takes_no_germans_13_14() -> None:
    move = withdrawal("sp:german:2", destination=british_caribbean())
    assert illegal(list(judge(move, at(1777, context({}), winter=True)))) == ["WFA-MV-05"]


def test_a_withdrawal_outside_winter_is_illegal_13_14() -> None:
    move = withdrawal("sp:british:2", destination=british_caribbean())
    assert illegal(list(judge(move, at(1777, context({}), winter=False)))) == ["WFA-MV-05"]


def test_more_than_four_sp_to_one_possession_is_illegal_13_14() -> None:
    move = withdrawal("sp:british:5", destination=british_caribbean())
    assert illegal(list(judge(move, at(1777, context({}), winter=True)))) == ["WFA-MV-05"]


def test_a_withdrawal_to_a_french_island_is_illegal_13_14() -> None:
    spaces = fixture_data().spaces
    other = next(key for key, s in spaces.items()
                 if s.region == "caribbean" and s.original_owner not in (None, "british"))
    move = withdrawal("sp:british:2", destination=other)
    assert illegal(list(judge(move, at(1777, context({}), winter=True)))) == ["WFA-MV-05"]


def test_germans_to_the_caribbean_before_the_withdrawal_is_due_are_unchecked_13_14() -> None:
    # No Colonial Major Victory marker and a Winter before 1777: ordinary transport (14.7).
    move = withdrawal("sp:german:2", destination=british_caribbean())
    outcomes = list(judge(move, at(1776, context({}), winter=True)))
    assert illegal(outcomes) == []
    assert any(isinstance(o, Violation) and o.rule_id == "WFA-MV-05"
               and o.severity is Severity.UNCHECKED for o in outcomes)
