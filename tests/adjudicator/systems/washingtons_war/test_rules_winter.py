"""Winter Attrition (WW 11, T8) on the rulebook's examples and sentences: the losses of each
space between the start and the end of the phase, judged on made-up positions.

Spaces used (bundled + fixture data): Reading is neither Winter Quarters nor south of the
line, Philadelphia is a Winter Quarters space (a fortified port), Savannah is south of the
line, and the data does not say whether Boston is a Winter Quarters space."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

import pytest

from adjudicator.findings import Severity
from adjudicator.systems.common.outcomes import Computed, Violation
from adjudicator.systems.washingtons_war.actions import WinterAttritionEnded
from adjudicator.systems.washingtons_war.data import Nationality
from adjudicator.systems.washingtons_war.rules import RULES
from adjudicator.systems.washingtons_war.season import Snapshot, SpaceAt
from tests.adjudicator.systems.washingtons_war.phasekit import scenario_report
from tests.adjudicator.systems.washingtons_war.rulekit import Position, applied, violations

AM, BR, FR = Nationality.AM, Nationality.BR, Nationality.FR
Held = tuple[Sequence[str], Mapping[Nationality, int]]


def snap(spaces: Mapping[str, Held]) -> Snapshot:
    """A frozen map: space → (Generals, CUs by nationality)."""
    return Snapshot(tuple(SpaceAt(space, tuple(sorted(generals)), tuple(sorted(
        (nat, n) for nat, n in cu.items() if n))) for space, (generals, cu) in
        sorted(spaces.items())))


def winter(start: Mapping[str, Held], end: Mapping[str, Held], rolls: Iterable[int] = (),
           *, complete: bool = True) -> WinterAttritionEnded:
    """The phase as a whole; every space that changed changed at step 3."""
    before, after = snap(start), snap(end)
    changed = tuple((s, 3) for s in sorted(before.keys() | after.keys())
                    if before.at(s) != after.at(s))
    return WinterAttritionEnded(step=9, start=before, end=after, rolls=tuple(rolls),
                                changed=changed, complete=complete)


CTX = Position().context


def found(action: WinterAttritionEnded, severity: str = "illegal") -> set[str]:
    """The WINT-01..05 rules with a finding of one severity (WINT-06, automatic victory
    after the phase, is `test_rules_victory`'s)."""
    return {rule for rule, _ in violations(action, CTX(), severity) if rule != "WW-WINT-06"}


def computations(action: WinterAttritionEnded) -> list[Computed]:
    return [o for o in RULES.judge(action, CTX()) if isinstance(o, Computed)
            and o.kind == "winter_attrition"]


@pytest.mark.parametrize(("cus", "lost", "legal"), [
    (5, 2, True), (3, 1, True), (5, 1, False), (5, 3, False), (2, 1, True), (4, 0, False)])
def test_ww_11_1_example_british_north_lose_half(cus: int, lost: int, legal: bool) -> None:
    """EX-20: 5 British CUs in Reading lose 2, 3 lose 1 (half, rounded down)."""
    action = winter({"reading": ((), {BR: cus})}, {"reading": ((), {BR: cus - lost})})
    assert found(action) == (set() if legal else {"WW-WINT-02"})
    assert "WW-WINT-02" in applied(action, CTX())


def test_ww_11_1_british_in_winter_quarters_or_the_south_lose_nothing() -> None:
    kept = winter({"philadelphia": ((), {BR: 5}), "savannah": ((), {BR: 4})},
                  {"philadelphia": ((), {BR: 5}), "savannah": ((), {BR: 4})})
    assert found(kept) == set()
    lost = winter({"philadelphia": ((), {BR: 5})}, {"philadelphia": ((), {BR: 3})})
    assert found(lost) == {"WW-WINT-02"}


def test_ww_11_1_a_british_army_with_one_cu_never_loses() -> None:
    action = winter({"reading": (("howe",), {BR: 1})}, {"reading": (("howe",), {})})
    assert found(action) == {"WW-WINT-02"}
    (computed,) = computations(action)
    assert computed.result["guaranteed"] == 0 and computed.result["dice"] == 0


@pytest.mark.parametrize(("roll", "lost", "consistent"), [
    (2, 1, True), (3, 1, True), (4, 0, True), (6, 0, True), (5, 1, False), (1, 0, False)])
def test_ww_11_1_a_lone_british_cu_rolls_and_is_lost_on_1_to_3(roll: int, lost: int,
                                                              consistent: bool) -> None:
    """One lone CU and one die leave a single reading: a loss the die does not give, or a
    CU kept that the die removes, is illegal, not a check."""
    action = winter({"reading": ((), {BR: 1})}, {"reading": ((), {BR: 1 - lost})}, [roll])
    assert found(action) == (set() if consistent else {"WW-WINT-02"})
    assert found(action, "check") == set()
    (computed,) = computations(action)
    assert computed.result["dice"] == 1
    assert computed.result["expected_fraction"] == "1/2"


def test_the_dice_rolled_must_number_the_rolling_spaces() -> None:
    action = winter({"reading": ((), {BR: 1})}, {"reading": ((), {})}, [])
    assert ("WW-WINT-02", 3) in violations(action, CTX(), "unchecked")


@pytest.mark.parametrize(("cus", "lost", "legal"), [
    (6, 0, True), (6, 1, True), (6, 2, False), (8, 1, True), (8, 0, False), (5, 0, True),
    (5, 1, False)])
def test_ww_11_2_example_washington_in_winter_quarters(cus: int, lost: int,
                                                       legal: bool) -> None:
    """EX-21: Washington + 6 CUs in Philadelphia: 5 exempt, the 6th rolls; with 8 the
    excess of 3 loses 1 (as if alone, digest A21)."""
    action = winter({"philadelphia": (("washington",), {AM: cus})},
                    {"philadelphia": (("washington",), {AM: cus - lost})},
                    [5] if cus == 6 and lost == 0 else [2] if cus == 6 else [])
    assert found(action) == (set() if legal else {"WW-WINT-04"})


def test_ww_11_2_washington_north_of_the_line_outside_winter_quarters_has_no_exemption(
        ) -> None:
    action = winter({"reading": (("washington",), {AM: 6})},
                    {"reading": (("washington",), {AM: 5})})
    assert found(action) == {"WW-WINT-04"}
    (computed,) = computations(action)
    assert computed.result["guaranteed"] == 3


def test_ww_11_2_american_cus_lose_half_even_in_winter_quarters() -> None:
    action = winter({"philadelphia": (("greene",), {AM: 4})},
                    {"philadelphia": (("greene",), {AM: 4})})
    assert found(action) == {"WW-WINT-03"}


def test_ww_11_3_french_stacked_with_americans_use_the_american_rules() -> None:
    """1 American + 1 French CU in Philadelphia: a stack of 2 under the American rules loses
    1 (the British rules would spare them in Winter Quarters)."""
    action = winter({"philadelphia": ((), {AM: 1, FR: 1})},
                    {"philadelphia": ((), {AM: 1})})
    assert found(action) == set()
    assert "WW-WINT-05" in applied(action, CTX())
    spared = winter({"philadelphia": ((), {AM: 1, FR: 1})},
                    {"philadelphia": ((), {AM: 1, FR: 1})})
    assert found(spared) == {"WW-WINT-05"}


def test_ww_11_3_french_alone_use_the_british_rules() -> None:
    sheltered = winter({"philadelphia": ((), {FR: 3})}, {"philadelphia": ((), {FR: 3})})
    assert found(sheltered) == set()
    north = winter({"reading": ((), {FR: 3})}, {"reading": ((), {FR: 3})})
    assert found(north) == {"WW-WINT-05"}
    with_rochambeau = winter({"reading": (("rochambeau",), {FR: 1})},
                             {"reading": (("rochambeau",), {FR: 1})})
    assert found(with_rochambeau) == set()


def test_ww_11_0_generals_and_the_congress_are_immune() -> None:
    action = winter({"reading": (("howe",), {BR: 2})}, {"reading": ((), {BR: 1})})
    assert ("WW-WINT-01", 3) in violations(action, CTX())
    congress = WinterAttritionEnded(
        step=9, start=Snapshot((SpaceAt("philadelphia", congress=True),)), end=Snapshot(()),
        rolls=(), changed=(("philadelphia", 4),))
    assert ("WW-WINT-01", 4) in violations(congress, CTX())


def test_a_space_whose_winter_quarters_shape_is_unknown_is_unchecked_unless_it_does_not_matter(
        ) -> None:
    unknown = winter({"boston": ((), {BR: 5})}, {"boston": ((), {BR: 5})})
    assert found(unknown) == set()
    notes = [o for o in RULES.judge(unknown, CTX()) if isinstance(o, Violation)
             and o.rule_id != "WW-WINT-06"]
    assert [(n.rule_id, n.severity) for n in notes] == [("WW-WINT-02", Severity.UNCHECKED)]
    assert "Winter Quarters" in notes[0].message
    # An Army of one CU never loses, sheltered or not: judged.
    army = winter({"boston": (("howe",), {BR: 1})}, {"boston": (("howe",), {BR: 1})})
    assert found(army, "unchecked") == set()
    assert "WW-WINT-02" in applied(army, CTX())


def test_a_log_ending_in_the_phase_judges_only_what_was_done() -> None:
    start = {"reading": ((), {BR: 5}), "philadelphia": (("greene",), {AM: 4})}
    action = winter(start, {"reading": ((), {BR: 4}), "philadelphia": (("greene",), {AM: 4})},
                    complete=False)
    assert found(action) == set()
    assert {r for r, _ in violations(action, CTX(), "unchecked")} == {"WW-WINT-02"}
    too_many = winter(start, {"reading": ((), {BR: 1}), **{k: v for k, v in start.items()
                                                          if k != "reading"}},
                      complete=False)
    assert found(too_many) == {"WW-WINT-02"}


def test_winter_attrition_computation_gives_the_distribution() -> None:
    (computed,) = computations(winter({"reading": ((), {BR: 5})}, {"reading": ((), {BR: 3})}))
    assert computed.rule_id == "WW-WINT-02"
    assert computed.result["guaranteed"] == 2
    assert computed.result["distribution"] == "2: 1"
    assert computed.result["lost"] == 2
    assert computed.inputs["sheltered"] is False


def test_the_winter_attrition_scenario_is_judged_through_the_log(tmp_path: Path) -> None:
    """The losses after the last card show the phase (the die rolled before them counts);
    the French Naval Phase marker ends it, and every space gets its computation."""
    report = scenario_report("winter-attrition", tmp_path)
    assert [f for f in report.findings if f.rule_id.startswith("WW-WINT")] == []
    computed = {c.inputs["space"]: c for c in report.computations
                if c.kind == "winter_attrition"}
    assert set(computed) == {"reading", "philadelphia", "savannah", "boston"}
    assert computed["reading"].result["lost"] == 2
    assert computed["philadelphia"].result["dice"] == 1
    assert computed["savannah"].result["guaranteed"] == 0


def test_ambiguous_readings_are_named_in_the_finding() -> None:
    """Digest A20 and A21: the finding says which reading was followed and what the other
    would give."""
    lone_french = winter({"reading": (("rochambeau",), {FR: 1})}, {"reading": (("rochambeau",),
                                                                              {})})
    messages = [o.message for o in RULES.judge(lone_french, CTX()) if isinstance(o, Violation)
                and o.rule_id == "WW-WINT-05"]
    assert len(messages) == 1 and "A20" in messages[0] and "roll" in messages[0]
    washington = winter({"philadelphia": (("washington",), {AM: 6})},
                        {"philadelphia": (("washington",), {AM: 4})}, [1])
    messages = [o.message for o in RULES.judge(washington, CTX()) if isinstance(o, Violation)
                and o.rule_id == "WW-WINT-04"]
    assert len(messages) == 1 and "A21" in messages[0]


@pytest.mark.parametrize(("roll", "lost", "severity"), [
    (2, 0, "check"), (5, 1, "illegal"), (2, 1, None), (5, 0, None)])
def test_washingtons_sixth_cu_is_a_check_only_where_the_other_reading_could_agree(
        roll: int, lost: int, severity: str | None) -> None:
    """Digest A21: Washington's one excess CU in Winter Quarters rolls (read as alone), or
    never loses (read as still with him). Kept on a 2 agrees with the second reading: a
    check. Lost on a 5 agrees with neither: illegal."""
    action = winter({"philadelphia": (("washington",), {AM: 6})},
                    {"philadelphia": (("washington",), {AM: 6 - lost})}, [roll])
    assert found(action) == ({"WW-WINT-04"} if severity == "illegal" else set())
    assert found(action, "check") == ({"WW-WINT-04"} if severity == "check" else set())


def test_two_lone_cus_and_two_dice_that_disagree_in_count_are_illegal() -> None:
    """WW 11.2: one die per lone American CU; dice of 2 and 5 lose exactly one CU, however
    they are matched to the spaces, so losing both is illegal and losing one is not judged
    wrong."""
    start = {"norwich": ((), {AM: 1}), "hartford": ((), {AM: 1})}
    both = winter(start, {"norwich": ((), {}), "hartford": ((), {})}, [2, 5])
    assert found(both) == {"WW-WINT-03"} and found(both, "check") == set()
    one = winter(start, {"norwich": ((), {}), "hartford": ((), {AM: 1})}, [5, 2])
    assert found(one) == set() and found(one, "check") == set()
