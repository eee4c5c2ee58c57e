"""A declared rule whose events the interpreter does not read yet is checked only where it
was applied, never because nothing in the game called for it."""

from __future__ import annotations

from adjudicator.systems.common.rulebook import CoverageLedger, RuleFamily, derive_coverage

FAMILY = RuleFamily("winter", frozenset({"X-01", "X-02"}), positional=frozenset())
UNREAD = {"X-02": "judged only where the log shows attrition as such"}


def test_an_unread_rule_is_unchecked_unless_applied() -> None:
    quiet = CoverageLedger()
    checked, _, unchecked = derive_coverage(["X-01", "X-02"], [FAMILY], quiet,
                                            recognised=True, missing_data={}, unread=UNREAD)
    assert checked == ["X-01"]
    assert unchecked == {"X-02": UNREAD["X-02"]}
    applied = CoverageLedger(applied={"X-02"})
    checked, _, unchecked = derive_coverage(["X-01", "X-02"], [FAMILY], applied,
                                            recognised=True, missing_data={}, unread=UNREAD)
    assert checked == ["X-01", "X-02"] and unchecked == {}


def test_the_wfa_referee_names_its_unread_rules() -> None:
    from adjudicator.systems import find_system

    verdict = find_system("wfa").referee(module=None).finish()
    assert "attrition" in verdict.unchecked["WFA-WIN-01"]
    assert "WFA-WIN-01" not in verdict.checked
