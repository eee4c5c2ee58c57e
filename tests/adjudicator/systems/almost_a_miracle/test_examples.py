"""Every worked example of the digest is a test (issue 22): the hand-worked numbers (6.11
N1-N3) are unit tests, every example of play in the rulebook (7.1 E1-E17) and every derived
regression case (7.2 D1-D12) a scenario (a real VASSAL log) where a log can show the play,
else a unit test through the computation or the rule family's judge.

`EXAMPLES` names, for each example id, where it is tested: `scenario:<file stem>` (in
fixtures/almost-a-miracle/scenarios/) or `<test module>::<test function>` in this folder.
The tests below check that every named place exists, and hold the examples no other module
tests. The rulebook's text of each example was checked; where it differs from the digest the
entry says so. Examples no log can show say why (`NOT_FROM_A_LOG`).

The five set-ups (AaM 17.1-17.5, digest 7.3) load as starting states: each,
written as a log of its first month, is reported as matching (AAM-SCN-01 concluded, no
finding), and a save that differs from its set-up is reported as "this save does not match
the 1777 set-up: ...".
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

import pytest

from adjudicator.check import judge_save
from adjudicator.findings import Severity
from adjudicator.report import Report
from adjudicator.scenario import build_scenario_log, load_scenario
from adjudicator.systems import find_system
from adjudicator.systems.almost_a_miracle.data import bundled_data
from adjudicator.systems.almost_a_miracle.rules.french import months_between
from adjudicator.systems.almost_a_miracle.rules.setup import CAMPAIGN_END, scenarios
from adjudicator.systems.common.referee import ActionReferee
from tests.adjudicator.systems.almost_a_miracle.movekit import data_with, move
from tests.adjudicator.systems.almost_a_miracle.rulekit import context, done, ids, judged
from tests.conftest import REPO
from vmod_schema.buildfile import open_module
from vmod_schema.savefile import read_save

AAM = REPO / "fixtures" / "almost-a-miracle"
SCENARIOS = AAM / "scenarios"
HERE = "tests.adjudicator.systems.almost_a_miracle"
FI_BOUND = "test_prisoners_and_victory_late::test_the_french_enter_once_the_marker_can_be_reached"

EXAMPLES: dict[str, tuple[str, ...]] = {
    # 6.11: the hand-worked numeric examples.
    "N1": ("test_computations::test_n1_eligibility_and_odds",
           "test_computations::test_n1_continental_loss_distribution",
           "test_computations::test_n1_british_loss_distribution",
           "test_computations::test_n1_prisoners_and_leader_loss",
           "test_computations::test_n1_no_major_victory_and_catastrophe_only_if_stated"),
    "N2": ("test_computations::test_n2_activation_and_crossing",
           "test_computations::test_n2_force_mp_and_the_crossing_with_the_train",
           "test_computations::test_n2_without_the_train",
           "test_computations::test_n2_overrun_variant",
           "test_computations::test_n2_winter_adds_a_roll"),
    "N3": ("test_computations::test_n3_final_assault_on_a_fort",
           "test_computations::test_n3_variant_plus_one",
           "scenario:siege-legal-fort-taken-by-final-assault"),
    # 7.1: every example of play in the rulebook.
    "E1": ("scenario:cbt-legal-e1-twenty-sp-counter-takes-three-casualties",
           "scenario:cbt-illegal-e1-twenty-sp-counter-loses-two-not-three",
           "test_examples::test_e1_the_twenty_sp_counter_s_three_casualties_are_judged"),
    "E2": ("scenario:reinf-legal-e2-five-one-sp-counters-combined-into-a-five",
           "scenario:reinf-legal-change-made-with-the-counter-mix"),
    "E3": ("test_computations::test_militia_attrition_example_e3",
           "scenario:sup-legal-militia-attrition-as-in-the-rulebook-example",
           "scenario:sup-illegal-militia-attrition-loses-too-many"),
    "E4": ("test_computations::test_foraging_example_e4_and_leaders",
           "scenario:sup-illegal-home-militia-take-a-forage-loss",
           "scenario:sup-legal-militia-out-of-their-colony-take-a-forage-loss"),
    "E5": ("test_computations::test_british_limit_example_e5_and_scenarios",
           "test_reinforcements::test_the_british_limit_from_controlled_ports"),
    "E6": ("scenario:reinf-legal-e6-june-1778-militia-as-in-the-rulebook-example",
           "test_reinforcements::test_the_militia_generated_follow_the_table",
           "scenario:reinf-illegal-more-militia-than-the-table-gives"),
    "E7": ("test_movement::test_mov01_cavalry_with_a_train_moves_four_mp",
           "test_computations::test_n2_force_mp_and_the_crossing_with_the_train"),
    "E8": ("scenario:mov-legal-river-without-road-costs-two",
           "test_computations::test_movement_costs_stated_in_the_rulebook"),
    "E9": ("test_computations::test_odds_drm_rulebook_example_e9_both_ways",),
    "E10": ("test_computations::test_casualty_examples_e10_e11",),
    "E11": ("test_computations::test_casualty_examples_e10_e11",
            "scenario:cbt-legal-casualties-then-the-loser-retreats"),
    "E12": ("test_computations::test_casualty_split_examples_e12_e13",
            "scenario:cbt-legal-losses-split-between-militia-and-regulars",
            "scenario:cbt-illegal-losses-all-from-the-militia"),
    "E13": ("test_computations::test_casualty_split_examples_e12_e13",
            "test_computations::test_mixed_force_split_and_prisoners_of_the_lower_total"),
    "E14": ("scenario:pow-legal-e14-exchange-one-for-one",
            "scenario:pow-legal-exchanged-regulars-placed-on-the-boo",
            "scenario:pow-illegal-exchanged-regulars-placed-away-from-the-boo",
            "test_prisoners_and_victory_late::test_returning_prisoners_go_on_their_boo"),
    "E15": ("test_examples::test_e15_scenario_lengths",
            "scenario:scn-legal-november-1779-is-played",
            "scenario:scn-illegal-play-past-november-1779"),
    "E16": (FI_BOUND, "test_turn_track::test_mv05_a_catastrophe_shift_with_it_is_unchecked",
            "test_turn_track::test_mv07_a_catastrophe_moves_the_intervention_four_turns"),
    "E17": ("test_reinforcements::test_no_new_trains_while_the_boo_is_off_the_board",
            "test_schedule::test_monthly_regulars_do_not_arrive_while_the_boo_is_off_the_map",
            "scenario:reinf-illegal-monthly-regulars-with-the-boo-off-the-map",
            "scenario:log-illegal-boo-placed-back-the-turn-it-came-off"),
    # 7.2: the derived regression cases.
    "D1": ("test_computations::test_siege_ratios_d1_d2_d3",
           "test_forts::test_fort_10_a_garrisoned_city_needs_one_to_one"),
    "D2": ("test_computations::test_siege_ratios_d1_d2_d3",
           "test_forts::test_fort_10_entering_a_garrisoned_fort_needs_two_to_one",
           "scenario:siege-illegal-laid-without-the-ratio"),
    "D3": ("test_computations::test_siege_ratios_d1_d2_d3",
           "test_sieges::test_siege_01_laid_without_the_ratio_is_illegal_indians_not_counted",
           "scenario:siege-legal-laid-on-a-fort-at-two-to-one"),
    "D4": ("test_computations::test_overrun_d4_and_forts",
           "test_movement::test_mov13_six_to_one_overruns_and_goes_on",
           "scenario:mov-illegal-no-overrun-under-six-to-one"),
    "D5": ("test_examples::test_d5_command_limits",
           "test_movement::test_mov08_two_generals_move_forty_one_to_eighty"),
    "D6": ("test_computations::test_surrender_and_break_d6",
           "test_sieges::test_siege_13_a_surrender_costs_one_sp_per_ten_or_fraction"),
    "D7": ("test_computations::test_major_victory_sizes_d7",
           "scenario:mv-legal-marker-turns-to-the-winner"),
    "D8": ("scenario:mv-legal-d8-british-marker-moves-the-intervention-later",
           "test_turn_track::test_d8_mv05_british_marker_moves_the_intervention_one_later"),
    "D9": ("scenario:sea-legal-twelve-sps-embark-without-a-leader",
           "scenario:sea-illegal-more-than-twelve-sps-embark-without-a-leader",
           "test_movement_sea::test_mov15_the_leader_must_activate"),
    "D10": ("test_movement_sea::test_mov17_one_hundred_embark_and_a_train_counts_three",),
    "D11": ("scenario:sup-legal-another-leader-dies-on-a-forage-12",
            "scenario:sup-illegal-washington-dies-on-a-forage-12"),
    "D12": ("test_examples::test_d12_new_england_militia",
            "test_movement::test_mov32_militia_outside_their_colonies"),
}
"""Example id → where it is tested."""

NOT_FROM_A_LOG = {
    "E16": "two British Catastrophes each move the French Intervention marker 4 turns "
           "earlier (AaM 11.5.4): the marker's month is read where the module shows a box "
           "per month and one Catastrophe's 4-turn shift is judged (AAM-MV-07), but the fall "
           "of Quebec or Halifax by occupation is not read as a second Catastrophe; AAM-FR-01 "
           "bounds the French arrival in the player's favour where the track is one box, and "
           "AAM-MV-05 leaves an Adjustment Phase move that differs by 4 turns unchecked (the "
           "tests named)",
}
"""Examples whose result no log shows, with why (the nearest judged test is named above)."""

DIGEST_VS_RULEBOOK = {
    "E6": "the rulebook's example places the MD/DE militia in Wilmington (M18); the made-up "
          "fixture map gives M18 no settlement, so the scenario uses Annapolis (M1)",
    "D12": "10.8.1 forbids NE militia only Pennsylvania, Delaware and points south: Canada "
           "is open to them (as the 1776 set-up's NE militia before Quebec show)",
}
"""Where the fixture or the rulebook makes an example differ from the digest's wording."""


def _where(ref: str) -> tuple[str, str]:
    kind, _, name = ref.partition(":") if ref.startswith("scenario:") else ("", "", ref)
    return (kind or "test", name)


@pytest.mark.parametrize("example", sorted(EXAMPLES))
def test_every_example_is_tested_where_the_table_says(example: str) -> None:
    assert EXAMPLES[example], example
    for ref in EXAMPLES[example]:
        kind, name = _where(ref)
        if kind == "scenario":
            assert (SCENARIOS / f"{name}.toml").is_file(), ref
        else:
            module, _, function = name.partition("::")
            assert callable(getattr(importlib.import_module(f"{HERE}.{module}"), function,
                                    None)), ref


def test_the_table_names_every_example_of_the_digest() -> None:
    expected = {f"N{n}" for n in range(1, 4)} | {f"E{n}" for n in range(1, 18)} | {
        f"D{n}" for n in range(1, 13)}
    assert set(EXAMPLES) == expected
    assert set(NOT_FROM_A_LOG) <= expected and set(DIGEST_VS_RULEBOOK) <= expected


# --- The scenario logs, judged as `adjudicator check` judges them ---------------------


def _judged(stem: str, folder: Path) -> tuple[Report, frozenset[str]]:
    """The report on a scenario and the rules it judged legal somewhere."""
    path = SCENARIOS / f"{stem}.toml"
    scenario = load_scenario(path)
    log = build_scenario_log(path, folder / f"{stem}.vlog")
    module = open_module(path.parent / scenario.module)
    system = find_system("aam")
    referee = system.referee(module=module, binding_file=AAM / "binding.toml",
                             data_files=[AAM / "data" / "fixture.toml"],
                             options=scenario.options)
    report = judge_save(read_save(log), log, system=system, referee=referee, module=module,
                        module_path=None)
    assert isinstance(referee, ActionReferee)
    return report, frozenset(referee.ledger.applied)


def test_e1_the_twenty_sp_counter_s_three_casualties_are_judged(tmp_path: Path) -> None:
    """AaM 2.0: "A 20 SP regular unit suffers 3 SPs of casualties. The owning player will
    remove the 20 SP unit and replace it with a 10 SP + 5 SP + 2 SP counters of the same
    type": the exchange is read as a loss of 3 SP, which the casualty rule judges legal."""
    report, applied = _judged("cbt-legal-e1-twenty-sp-counter-takes-three-casualties",
                              tmp_path)
    assert "AAM-CBT-10" in applied
    assert not [f for f in report.findings if f.severity is Severity.ILLEGAL]


def test_e15_scenario_lengths() -> None:
    """AaM 17.0: the scenarios last 54, 44, 30, 19 and 12 turns, "All campaign scenarios end
    on the November 1779 turn"."""
    lengths = [(s["id"], s["campaign_turns"]) for s in scenarios()]
    assert lengths == [("1775", 54), ("1776", 44), ("1777", 30), ("1778", 19),
                       ("1778dec", 12)]
    for scenario in scenarios():
        assert scenario["campaign_end_turn"] == CAMPAIGN_END == "1779-11"
        assert months_between(scenario["start_turn"], CAMPAIGN_END) + 1 == \
            scenario["campaign_turns"]


def test_d5_command_limits() -> None:
    """10.2.4: "A force of between 41 and 80 SPs requires two 2-star or greater generals to
    move [...] a single 1-star general may be used in lieu of a single 2-star": a 2-star
    and a 1-star move 75 SPs; a 2-star and a Colonel do not move 55."""
    lieu = data_with(ranks={"howe": "2-star", "clinton": "1-star"})
    force = move("NE50", "NE51", leaders=("howe", "clinton"), sp=(("brit_regular", 75),))
    assert "AAM-MOV-08" in done(judged(force, context(data=lieu)))
    assert "AAM-MOV-08" not in ids(judged(force, context(data=lieu)))
    colonel = data_with(ranks={"howe": "2-star", "clinton": "colonel"})
    force = move("NE50", "NE51", leaders=("howe", "clinton"), sp=(("brit_regular", 55),))
    assert "AAM-MOV-08" in ids(judged(force, context(data=colonel)))


def test_d12_new_england_militia() -> None:
    """10.8.1: "NE militia may not enter Pennsylvania, Delaware, or points further south":
    into Philadelphia (P20) illegal; into Quebec (C24) legal, as the 1776 set-up's NE
    militia besieging Quebec show."""
    def ne(origin: str, destination: str) -> list[Any]:
        force = move(origin, destination, side="continental", leaders=("greene",),
                     sp=(("ne_militia", 4),))
        return list(judged(force, context(data=bundled_data())))

    assert "AAM-MOV-32" in ids(ne("Y13", "P20"))
    quebec = ne("C7", "C24")
    assert "AAM-MOV-32" in done(quebec)
    assert "AAM-MOV-32" not in ids(quebec)


# --- The five set-ups as starting states (AaM 17.1-17.5, AAM-SCN-01) ----------------

LEGAL_SET_UPS = ["scn-legal-1775-set-up", "scn-legal-setup-1776", "scn-legal-setup-1777",
                 "scn-legal-setup-1778", "scn-legal-setup-1778dec"]
ILLEGAL_SET_UPS = {
    "scn-illegal-setup-1777-counter-missing": (
        "this save does not match the 1777 set-up: ", "45 SP of Continental Regulars",
        "Y10 Morristown (set-up 65)"),
    "scn-illegal-setup-1776-counter-moved": (
        "this save does not match the 1776 set-up: ", "0 SP of Continental Regulars",
        "M7 Baltimore (set-up 10)", "Y7 New Brunswick (set-up 0)"),
    "scn-illegal-setup-1778dec-leader-moved": (
        "this save does not match the December 1778 set-up: ",
        "Massey at C24 Quebec (set-up C33 Halifax)"),
    "scn-illegal-1775-set-up-with-extra-british-regulars": (
        "this save does not match the 1775 set-up: ", "British Regulars",
        "NE13 Boston (set-up 72)"),
}


@pytest.mark.parametrize("stem", LEGAL_SET_UPS)
def test_each_set_up_loads_as_its_starting_state(stem: str, tmp_path: Path) -> None:
    """17.1-17.5: a save of a set-up's first month holding what the set-up lists matches
    it: AAM-SCN-01 and -02 judge it legal, and no finding is reported."""
    report, applied = _judged(stem, tmp_path)
    assert {"AAM-SCN-01", "AAM-SCN-02"} <= applied
    assert report.findings == [] or all(
        f.severity not in (Severity.ILLEGAL, Severity.CHECK) for f in report.findings)
    assert not [f for f in report.findings if f.rule_id.startswith("AAM-SCN")]


@pytest.mark.parametrize("stem", sorted(ILLEGAL_SET_UPS))
def test_a_save_unlike_its_set_up_says_what_differs(stem: str, tmp_path: Path) -> None:
    """17.1-17.5: a save claiming a set-up (its first month) with a counter missing, moved
    or added is reported, naming the set-up and what differs."""
    report, _ = _judged(stem, tmp_path)
    found = [f for f in report.findings if f.rule_id == "AAM-SCN-01"]
    assert len(found) == 1 and found[0].severity is Severity.ILLEGAL
    for part in ILLEGAL_SET_UPS[stem]:
        assert part in found[0].message, (part, found[0].message)


def test_the_set_ups_are_the_five_of_the_rulebook() -> None:
    ids_ = [s["id"] for s in json.loads(
        (REPO / "adjudicator" / "systems" / "almost_a_miracle" / "data" / "scenarios.json")
        .read_text(encoding="utf-8"))["scenarios"]]
    assert ids_ == ["1775", "1776", "1777", "1778", "1778dec"]
    assert all((SCENARIOS / "setups" / f"scenario{n}.toml").is_file() for n in range(1, 6))
