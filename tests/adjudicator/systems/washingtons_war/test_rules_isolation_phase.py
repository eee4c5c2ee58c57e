"""The Remove Isolated PC Markers segment (WW 10.2.3, 10.3) judged as a whole: the markers
removed against `isolation_segment` on the position at the segment's start, on made-up
maps (the rulebook's isolation examples, EX-14..EX-19)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from adjudicator.findings import Severity
from adjudicator.systems.common.mapgraph import MapGraph
from adjudicator.systems.common.outcomes import Computed, Violation
from adjudicator.systems.washingtons_war.actions import IsolationSegmentEnded
from adjudicator.systems.washingtons_war.data import Nationality, Side
from adjudicator.systems.washingtons_war.rules import RULES
from adjudicator.systems.washingtons_war.rules.context import Context
from adjudicator.systems.washingtons_war.rules.political_phase import congress_space
from adjudicator.systems.washingtons_war.season import PcRemoval, Snapshot, SpaceAt
from tests.adjudicator.systems.washingtons_war.phasekit import scenario_report
from tests.adjudicator.systems.washingtons_war.rulekit import Position, applied, data

AM, BR = Side.AM, Side.BR
CHAIN = [("reading", "camden"), ("camden", "newport")]
"""EX-14..16: A (Reading) – B (Camden) – C (Newport)."""
MUTUAL = [("reading", "camden"), ("camden", "ninety_six"), ("ninety_six", "charlotte"),
          ("charlotte", "gilbert_town"), ("gilbert_town", "hartford")]
"""EX-19: American Reading | British Camden, Ninety Six | American Charlotte, Gilbert Town |
British Hartford — each group surrounded by the other side's markers."""


def board(pcs: Mapping[str, Side], units: Mapping[str, Sequence[str]] | None = None,
          congress: str | None = None) -> Snapshot:
    """A frozen map: PC markers, and units given as `cu:BR:1` / `general:howe` ids."""
    units = units or {}
    held = []
    for space in sorted(set(pcs) | set(units) | ({congress} if congress else set())):
        cu: dict[Nationality, int] = {}
        generals = []
        for unit in units.get(space, ()):
            kind, _, rest = unit.partition(":")
            if kind == "cu":
                nat, _, value = rest.partition(":")
                cu[Nationality(nat)] = cu.get(Nationality(nat), 0) + int(value)
            else:
                generals.append(rest)
        held.append(SpaceAt(space, tuple(generals), tuple(sorted(cu.items())), pcs.get(space),
                            space == congress))
    return Snapshot(tuple(held))


def segment(start: Snapshot, removed: Iterable[tuple[str, Side]],
            complete: bool = True) -> IsolationSegmentEnded:
    return IsolationSegmentEnded(step=20, start=start, complete=complete, removals=tuple(
        PcRemoval(10 + n, space, side) for n, (space, side) in enumerate(removed)))


def findings(action: IsolationSegmentEnded, lines: list[tuple[str, str]]
             ) -> set[tuple[str, int, Severity]]:
    ctx = Position(lines=lines).context()
    return {(o.rule_id, o.step, o.severity) for o in RULES.judge(action, ctx)
            if isinstance(o, Violation)}


def test_ww_10_31_example_1_a_chain_to_an_empty_uncontrolled_space_is_safe() -> None:
    """EX-14: A and B trace to Newport, uncontrolled with no British CU: not isolated; a
    marker removed there is illegal."""
    start = board({"reading": AM, "camden": AM})
    assert findings(segment(start, []), CHAIN) == set()
    assert findings(segment(start, [("reading", AM)]), CHAIN) == {
        ("WW-POL-03", 10, Severity.ILLEGAL)}
    assert "WW-POL-03" in applied(segment(start, []), Position(lines=CHAIN).context())


def test_ww_10_31_example_1_with_a_british_cu_in_newport_both_are_removed() -> None:
    start = board({"reading": AM, "camden": AM}, {"newport": ["cu:BR:1"]})
    assert findings(segment(start, [("reading", AM), ("camden", AM)]), CHAIN) == set()
    left = findings(segment(start, [("reading", AM)]), CHAIN)
    assert left == {("WW-POL-02", 20, Severity.ILLEGAL)}


def test_ww_10_31_example_2_the_congress_keeps_the_chain() -> None:
    start = board({"reading": AM, "camden": AM, "newport": AM}, {"newport": ["cu:BR:1"]},
                  congress="newport")
    assert findings(segment(start, []), CHAIN) == set()


def test_ww_10_31_example_3_an_american_unit_in_a_keeps_all_three() -> None:
    pcs = {"reading": AM, "camden": AM, "newport": AM}
    for unit in ("cu:AM:1", "cu:FR:1", "general:gates", "general:rochambeau"):
        assert findings(segment(board(pcs, {"reading": [unit]}), []), CHAIN) == set(), unit
    alone = board(pcs)
    removed = [("reading", AM), ("camden", AM), ("newport", AM)]
    assert findings(segment(alone, removed), CHAIN) == set()
    assert findings(segment(alone, []), CHAIN) == {("WW-POL-02", 20, Severity.ILLEGAL)}


def test_ww_10_32_example_1_a_british_port_is_never_isolated() -> None:
    """EX-17: Boston, a British-controlled port, next to Hartford with an American CU."""
    lines = [("boston", "hartford")]
    port = board({"boston": BR}, {"hartford": ["cu:AM:2"]})
    assert findings(segment(port, [("boston", BR)]), lines) == {
        ("WW-POL-04", 10, Severity.ILLEGAL)}
    inland = [("camden", "hartford")]
    isolated = board({"camden": BR}, {"hartford": ["cu:AM:2"]})
    assert findings(segment(isolated, [("camden", BR)]), inland) == set()


def test_ww_10_32_example_2_a_british_cu_keeps_its_space() -> None:
    lines = [("camden", "reading"), ("camden", "charlotte"), ("camden", "hartford")]
    start = board({"camden": BR, "reading": AM, "charlotte": AM, "hartford": AM},
                  {"camden": ["cu:BR:1"], "reading": ["cu:AM:1"], "charlotte": ["cu:AM:1"],
                   "hartford": ["cu:AM:1"]})
    assert findings(segment(start, []), lines) == set()


def test_ww_10_32_example_3_mutual_isolation_the_americans_go_first() -> None:
    """EX-19: every group is isolated, but once the American markers are removed the
    British ones trace to the spaces left uncontrolled, and stay."""
    start = board({"reading": AM, "camden": BR, "ninety_six": BR, "charlotte": AM,
                   "gilbert_town": AM, "hartford": BR})
    american = [("reading", AM), ("charlotte", AM), ("gilbert_town", AM)]
    assert findings(segment(start, american), MUTUAL) == set()
    british_too = findings(segment(start, [*american, ("camden", BR), ("hartford", BR)]),
                           MUTUAL)
    assert british_too == {("WW-POL-04", 13, Severity.ILLEGAL),
                           ("WW-POL-04", 14, Severity.ILLEGAL)}
    ctx = Position(lines=MUTUAL).context()
    messages = [o.message for o in RULES.judge(segment(start, [*american, ("camden", BR)]), ctx)
                if isinstance(o, Violation)]
    assert any("worked out again" in m for m in messages)


def test_the_segment_computation_lists_the_markers_to_remove() -> None:
    start = board({"reading": AM, "camden": AM}, {"newport": ["cu:BR:1"]})
    ctx = Position(lines=CHAIN).context()
    (computed,) = [o for o in RULES.judge(segment(start, []), ctx) if isinstance(o, Computed)]
    assert computed.kind == "isolation"
    assert computed.result["american"] == "camden,reading"
    assert computed.result["british"] == ""


def test_a_log_ending_in_the_segment_leaves_the_rest_unjudged() -> None:
    start = board({"reading": AM, "camden": AM}, {"newport": ["cu:BR:1"]})
    partial = findings(segment(start, [("reading", AM)], complete=False), CHAIN)
    assert partial == {("WW-POL-02", 20, Severity.UNCHECKED)}
    assert findings(segment(start, [], complete=False), CHAIN) == set()


def test_isolation_needs_the_whole_map() -> None:
    graph = MapGraph(["reading", "camden"], [], complete=False)
    ctx = Context(data(), Position().context().state, graph)
    found = {(o.rule_id, o.severity) for o in RULES.judge(segment(board({"reading": AM}), []), ctx)
             if isinstance(o, Violation)}
    assert found == {(r, Severity.UNCHECKED) for r in ("WW-POL-02", "WW-POL-03",
                                                        "WW-POL-04")}


def test_the_mutual_isolation_scenario_is_judged_through_the_log(tmp_path: Path) -> None:
    """The phase marker shows the Political Control Phase, the American removes his two
    isolated markers, and the next year ends the segment: Camden stays."""
    report = scenario_report("isolation-mutual", tmp_path)
    assert [f for f in report.findings if f.rule_id.startswith("WW-POL")] == []
    (computed,) = [c for c in report.computations if c.kind == "isolation"]
    assert computed.result["american"] == "eutaw_springs,ninety_six"
    assert computed.result["removed"] == "AM:ninety_six,AM:eutaw_springs"


def test_ww_10_2_1_where_a_dispersed_congress_may_return() -> None:
    ctx = Position().context()
    assert congress_space(SpaceAt("hartford", pc=AM), ctx) is None
    assert congress_space(SpaceAt("hartford"), ctx) == "it holds no American PC"
    assert congress_space(SpaceAt("hartford", ("howe",), pc=AM), ctx) == \
        "it holds a British piece"
    assert congress_space(SpaceAt("hartford", cu=((Nationality.BR, 1),), pc=AM), ctx) == \
        "it holds a British piece"
    assert congress_space(SpaceAt("quebec", pc=AM), ctx) == "it is in Canada"
    assert congress_space(SpaceAt("augusta", pc=AM), ctx) == "?"


def test_the_congress_returns_in_the_congress_segment(tmp_path: Path) -> None:
    report = scenario_report("congress-returns", tmp_path)
    assert [f for f in report.findings if f.rule_id == "WW-CONG-05"] == []
    assert "WW-CONG-05" in report.coverage.checked


def test_a_forgotten_political_control_phase_placement_is_a_reminder(tmp_path: Path) -> None:
    """WW 10.2.2: "Each player places a PC marker in any uncontrolled space ... occupied by
    one of his Armies": the British place none where Howe's Army stands in Boston."""
    report = scenario_report("political-control-phase-placement-forgotten", tmp_path)
    assert [(f.rule_id, f.severity, f.spaces) for f in report.findings
            if f.rule_id == "WW-POL-01"] == [("WW-POL-01", Severity.REMINDER, ("Boston",))]
