"""The political tracks (AR 10-12) and their instant triggers (AR 4.9, 4.10, 26): the
levels other families read, and what the findings on each trigger say."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.findings import Finding, Severity
from adjudicator.systems.american_revolution.levels import (
    ARTICLES_OF_CONFEDERATION,
    CONTINENTAL_CONGRESS,
    DECLARATION_OF_INDEPENDENCE,
    PROFESSIONALIZES,
    allied,
    professionalized,
    rp_level_name,
    signed,
)
from tests.adjudicator.systems.american_revolution.test_rules_rabble import report_of


def findings(name: str, tmp_path: Path, severity: Severity) -> list[Finding]:
    return [f for f in report_of(name, tmp_path).findings if f.severity is severity]


def test_the_revolutionary_progress_levels_by_name() -> None:
    assert [rp_level_name(n) for n in range(5)] == [
        "Don't Tread on Me", "Continental Congress", "Declaration of Independence",
        "Continental Army Professionalizes", "Articles of Confederation"]
    assert (CONTINENTAL_CONGRESS, DECLARATION_OF_INDEPENDENCE, PROFESSIONALIZES,
            ARTICLES_OF_CONFEDERATION) == (1, 2, 3, 4)
    assert rp_level_name(None) == "an unknown level"


@pytest.mark.parametrize(("level", "expected"), [(None, False), (2, False), (3, True),
                                                 (4, True)])
def test_the_continental_army_professionalizes_at_level_three(level: int | None,
                                                              expected: bool) -> None:
    assert professionalized(level) is expected


@pytest.mark.parametrize(("nation", "bop", "expected"), [
    ("FR", 1, False), ("FR", 2, True), ("FR", 3, True), ("SP", 2, False), ("SP", 3, True),
    ("FR", -3, False), ("GB", 3, False)])
def test_france_allies_at_plus_two_and_spain_at_plus_three(nation: str, bop: int,
                                                           expected: bool) -> None:
    assert allied(nation, bop) is expected


def test_signed_levels() -> None:
    assert (signed(2), signed(0), signed(-1)) == ("+2", "0", "-1")


def test_a_tie_that_moved_the_track_gives_both_totals(tmp_path: Path) -> None:
    [finding] = findings("rr-illegal-rp-moved-on-a-tie", tmp_path, Severity.ILLEGAL)
    assert finding.rule_id == "AR-RP-01"
    assert "3 + 1 = 4 against 1 + 3 = 4" in finding.message
    assert "tie leaves the marker in place" in finding.message


def test_washington_without_an_american_unit_names_the_space(tmp_path: Path) -> None:
    [finding] = findings("rp-illegal-washington-placed-without-an-american-unit", tmp_path,
                         Severity.ILLEGAL)
    assert finding.rule_id == "AR-RP-02"
    assert "Philadelphia" in finding.message


def test_missing_special_reinforcements_are_listed(tmp_path: Path) -> None:
    [finding] = findings("rp-reminder-special-reinforcements-missing", tmp_path,
                         Severity.REMINDER)
    assert finding.rule_id == "AR-RP-03"
    assert "6 × British Regular" in finding.message
    assert "Cornwallis" not in finding.message  # he arrived


def test_a_neutral_again_france_leaves_units_to_clean_up(tmp_path: Path) -> None:
    found = findings("ally-illegal-france-neutral-units-left-in-place", tmp_path,
                     Severity.ILLEGAL)
    assert sorted(f.rule_id for f in found) == ["AR-ALLY-03", "AR-ALLY-03"]
    messages = " ".join(f.message for f in found)
    assert "Port-au-Prince" in messages and "Newport" in messages


def test_the_clean_up_moves_are_not_judged_as_movement(tmp_path: Path) -> None:
    report = report_of("ally-legal-france-neutral-clean-up", tmp_path)
    assert [f for f in report.findings if f.severity is Severity.ILLEGAL] == []
