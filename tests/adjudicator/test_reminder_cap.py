"""A report keeps at most ten of one repeated reminder, the last saying how many more there
were (issue 24: a 100,000-step War for America log reminded of the same LOC 4,700 times)."""

from __future__ import annotations

from adjudicator.check import StepSummary, build_report
from adjudicator.findings import REPEATED_REMINDERS, Finding, Severity, capped_reminders
from adjudicator.report.models import SourceFile
from adjudicator.systems import find_system
from adjudicator.systems.common.system import Verdict

LOC = "the British force at Albany has no LOC: it is marked with an LOC counter (WfA 16.4)"


def finding(step: int, message: str = LOC, severity: Severity = Severity.REMINDER,
            rule_id: str = "WFA-LOC-04") -> Finding:
    return Finding(game="wfa", rule_id=rule_id, rule="WfA 16.4–16.5", severity=severity,
                   step=step, message=message)


def test_the_eleventh_identical_reminder_on_is_counted_not_listed() -> None:
    repeated = [finding(step) for step in range(1, 16)]
    other = finding(7, "another reminder")
    illegal = finding(8, LOC, Severity.ILLEGAL)  # not a reminder: always kept
    findings = sorted([*repeated, other, illegal], key=lambda f: f.step or 0)
    kept = capped_reminders(findings)
    assert [f for f in kept if f.message.startswith(LOC) and f.severity is Severity.REMINDER
            ] == [*repeated[:9], repeated[9].model_copy(update={
                "message": f"{LOC} (and 5 more like it, the last at step 15)"})]
    assert other in kept and illegal in kept
    assert [f.step for f in kept] == sorted(f.step or 0 for f in kept)


def test_ten_identical_reminders_or_different_ones_are_all_kept() -> None:
    ten = [finding(step) for step in range(REPEATED_REMINDERS)]
    assert capped_reminders(ten) == ten
    varied = [finding(step, f"{LOC} {step}") for step in range(30)]
    assert capped_reminders(varied) == varied
    other_rule = [*ten, *(finding(step, rule_id="WFA-PW-03") for step in range(5))]
    assert capped_reminders(other_rule) == other_rule


def test_the_report_carries_the_cap() -> None:
    system = find_system("wfa")
    verdict = Verdict(findings=[finding(step) for step in range(1, 101)], checked={"WFA-LOC-04"})
    summary = StepSummary()
    summary.count = 101
    report = build_report(system, verdict, summary, module=None, problems=(),
                          source=SourceFile(path="game.vlog", sha256="0" * 64))
    reminders = [f for f in report.findings if f.rule_id == "WFA-LOC-04"]
    assert len(reminders) == REPEATED_REMINDERS
    assert reminders[-1].message.endswith("(and 90 more like it, the last at step 100)")
    assert report.count(Severity.REMINDER) == REPEATED_REMINDERS
