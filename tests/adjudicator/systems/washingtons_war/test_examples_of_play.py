"""The digest's worked examples (§7) of the set-up, sequence, reactions and PC actions,
each judged with the verdict the example gives; the pytest id names the example.

EX-11 (Saratoga) is in test_rules_battle, EX-14..EX-21 in test_rules_isolation_phase and
test_rules_winter; EX-08/09 (movement points) are priced in test_rules_movement (their ids
name them); EX-04 and EX-22 are in test_rules_cards_events, EX-05..07 in test_rules_cards,
EX-25 in test_rules_cards_events. Where the log cannot show what an example turns on
(EX-03: whether an Event was played or discarded), the verdict is `unchecked` with the
reason, never a guess.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.findings import Severity
from adjudicator.systems.washingtons_war.data import Nationality, Side
from adjudicator.systems.washingtons_war.rules import reactions
from tests.adjudicator.systems.washingtons_war.movekit import illegal, position
from tests.adjudicator.systems.washingtons_war.phasekit import scenario_report
from tests.adjudicator.systems.washingtons_war.rulekit import Position, data, violations
from tests.adjudicator.systems.washingtons_war.test_rules_pc import (
    AM,
    BR,
    MONTREAL_EXAMPLE,
    ops_card,
)
from tests.adjudicator.systems.washingtons_war.test_rules_reactions import (
    ARNOLD,
    ATTACKED,
    intercept,
    rbb,
)
from tests.adjudicator.systems.washingtons_war.test_rules_setup import context as setup_context
from tests.adjudicator.systems.washingtons_war.test_rules_setup import (
    ended,
    found,
    t1_pieces,
)


def test_ex01_initial_set_up_counts() -> None:
    """EX-01 (WW 4.0): T1 has 8 British and 9 American CUs on the map, the deck 108 cards,
    the French Alliance marker on 0 and Regulars active; that position, with its 16 set-up
    PCs, is judged legal."""
    t1 = data().tables.t1
    on_map = {n: sum(p.cus for p in t1.placements if p.nationality is n
                     and p.location in data().spaces) for n in Nationality}
    assert (on_map[Nationality.BR], on_map[Nationality.AM], on_map[Nationality.FR]) == (8, 9, 0)
    assert (t1.deck_at_start, t1.french_alliance, t1.regulars) == (108, 0, True)
    assert found(ended(), setup_context(t1_pieces())) == set()


def test_ex01_the_logged_set_up(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """EX-01 as a log: the set-up scenario is judged and legal (see test_rules_setup)."""
    from tests.adjudicator.systems.washingtons_war.test_rules_setup import _judged

    applied, findings = _judged("setup-committees-and-for-the-king", tmp_path, monkeypatch)
    assert {"WW-SETUP-01", "WW-SETUP-03", "WW-SETUP-04"} <= applied
    assert findings == []


def test_ex10_interception_then_no_retreat_before_battle() -> None:
    """EX-10 (WW 7.8 ex.): Arnold's Army intercepts the British Army entering a space with
    an American PC (legal); if any British Army attacks Arnold's Army during this card, he
    may not retreat before battle (WW-INT-04)."""
    ctx = position(ARNOLD)
    assert illegal(reactions, intercept(ctx), ctx) == set()
    attacked = position(ATTACKED)
    after = rbb(attacked, "eutaw_springs", intercepted_by=frozenset({"arnold"}))
    assert illegal(reactions, after, attacked) == {("WW-INT-04", 4)}


def test_ex10_a_successful_interception_leaves_no_retreat() -> None:
    """EX-10: "Arnold and ≤ 5 CUs are placed in the space, and a battle follows"; no
    retreat before battle from it (WW 7.8.D)."""
    attacked = position(ATTACKED)
    action = rbb(attacked, "eutaw_springs", intercepted=True)
    assert illegal(reactions, action, attacked) == {("WW-INT-04", 4)}


@pytest.mark.parametrize(("second", "expected"), [
    pytest.param("fort_stanwix", {("WW-PC-05", 2)},
                 id="EX-12 (Fort Stanwix next only to Oswego, placed by the same card)"),
    pytest.param("ticonderoga", set(), id="EX-12 (the 2nd PC elsewhere, next to Montreal)"),
])
def test_ex12_no_daisy_chaining(second: str, expected: set[tuple[str, int]]) -> None:
    """EX-12 (WW 10.11.B ex.): a British PC in Montreal; a 2 OPS card places Oswego, then
    a second PC."""
    ctx = Position({"montreal": ["pc:BR"], "oswego": ["pc:BR"], second: ["pc:BR"]},
                   MONTREAL_EXAMPLE).context()
    action = ops_card(BR, "fixture_ops_2_a", [("oswego", None, BR), (second, None, BR)])
    assert violations(action, ctx) == expected


@pytest.mark.parametrize(("side", "card", "changes", "expected"), [
    pytest.param(AM, "fixture_ops_3_a",
                 [("augusta", None, AM), ("eutaw_springs", None, AM), ("yorktown", BR, AM)],
                 set(), id="EX-13 (a 3 OPS card: any mix of 3 American places and flips)"),
    pytest.param(AM, "fixture_ops_3_a",
                 [("augusta", None, AM), ("eutaw_springs", None, AM), ("camden", None, AM),
                  ("ninety_six", None, AM)],
                 {("WW-OPS-05", 4)}, id="EX-13 (not a 4th with a 3 OPS card)"),
])
def test_ex13_pc_counts(side: Side, card: str, changes: list[tuple[str, Side | None, Side]],
                        expected: set[tuple[str, int]]) -> None:
    """EX-13 (WW 10.11.A.i ex.): PC actions up to the card's OPS value."""
    pieces: dict[str, list[str]] = {space: ["pc:AM"] for space, _, _ in changes}
    pieces["yorktown"] = ["pc:AM", "general:lafayette"]
    ctx = Position(pieces).context()
    assert violations(ops_card(side, card, changes), ctx) == expected


def test_ex02_a_random_discard_is_not_a_play(tmp_path: Path) -> None:
    """EX-02 (WW 6.1.D, 6.31): John Paul Jones draws one British card at random to the
    discard pile; it is no play of the British, who still make the next play: legal."""
    report = scenario_report("random-draw-is-not-a-play", tmp_path)
    assert [f for f in report.findings if f.severity is Severity.ILLEGAL] == []
    assert {"WW-SEQ-03", "WW-SEQ-04"} & set(report.coverage.checked)


def test_ex03_pitt_after_the_alliance_is_unchecked_with_its_reason(tmp_path: Path) -> None:
    """EX-03 (WW 6.32.A): after the alliance Pitt can only be discarded — but a log shows
    a played and a discarded Event alike, so WW-CARD-02 is unchecked, saying why."""
    report = scenario_report("random-draw-is-not-a-play", tmp_path)
    reason = report.coverage.unchecked["WW-CARD-02"]
    assert "played or discarded" in reason and "text" in reason


def test_ex23_treason_then_overrun(tmp_path: Path) -> None:
    """EX-23 (WW 9.7 Clarification): Treason in Step 1 leaves Arnold's 1 CU alone against
    Howe's 5: an overrun instead of the battle, legal; rolling the battle anyway is not."""
    report = scenario_report("example-23-treason-then-overrun", tmp_path)
    assert [f for f in report.findings if f.severity is Severity.ILLEGAL] == []
    assert "WW-OVR-04" in report.coverage.checked
    rolled = scenario_report("illegal-treason-battle-instead-of-overrun", tmp_path)
    assert {f.rule_id for f in rolled.findings if f.severity is Severity.ILLEGAL} == {
        "WW-OVR-04"}


def test_ex23_variant_no_overrun_when_arnold_attacks(tmp_path: Path) -> None:
    """EX-23 variant: with Arnold attacking, Treason brings no overrun."""
    report = scenario_report("illegal-treason-no-overrun-when-arnold-attacks", tmp_path)
    assert ("WW-OVR-04", 6) in {(f.rule_id, f.step) for f in report.findings
                                if f.severity is Severity.ILLEGAL}


def test_ex24_landing_party_then_naval_movement_into_that_port(tmp_path: Path) -> None:
    """EX-24 (WW 7.2.B Design Note): a Landing Party flips Savannah, then Howe sails from
    Boston into it in the same Major Campaign: legal, priced as Naval Movement."""
    report = scenario_report("example-24-landing-party-then-naval-move", tmp_path)
    assert [f for f in report.findings if f.severity is Severity.ILLEGAL] == []
    assert any(c.kind == "naval_movement" and "Savannah" in c.summary
               for c in report.computations)
    assert {"WW-CAMP-04", "WW-NAV-01"} <= set(report.coverage.checked)
