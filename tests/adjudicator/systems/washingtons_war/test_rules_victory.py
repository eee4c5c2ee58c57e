"""Victory (WW 13, 5.7, 10.0.B; T16): colony control, automatic victory, the game's end by
the War Ends card or 1783, on made-up positions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest

from adjudicator.findings import Severity
from adjudicator.systems.common.outcomes import Computed, Violation
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.washingtons_war.actions import ImpulseEnded, TurnEnded
from adjudicator.systems.washingtons_war.data import Colony, Side
from adjudicator.systems.washingtons_war.procedure import Impulse
from adjudicator.systems.washingtons_war.rules import RULES
from adjudicator.systems.washingtons_war.rules.context import Context
from adjudicator.systems.washingtons_war.rules.victory import ColonyControl, colony_control
from tests.adjudicator.systems.washingtons_war.phasekit import scenario_report
from tests.adjudicator.systems.washingtons_war.rulekit import Position, data

AM, BR = Side.AM, Side.BR
NORTH_1779 = "lord_norths_government_falls_1"
Pieces = Mapping[str | Place, Sequence[str]]


def pcs(**spaces: Side) -> list[tuple[str, Side | None]]:
    return list(spaces.items())


def test_ww_10_0_b_a_colony_goes_to_the_side_with_more_markers() -> None:
    control = colony_control(pcs(boston=BR, falmouth=AM, barnstable=AM, newport=BR,
                                 hartford=AM, new_haven=BR), data())
    assert control.control[Colony.MA] is AM
    assert control.control[Colony.RI] is BR
    assert control.control[Colony.CT] is None  # a tie leaves it uncontrolled
    assert control.control[Colony.NY] is None  # no marker
    assert control.unknown == ()


def test_ww_10_0_b_canada_needs_both_montreal_and_quebec() -> None:
    assert colony_control(pcs(montreal=BR, quebec=BR), data()).control[Colony.CANADA] is BR
    assert colony_control(pcs(montreal=BR, quebec=AM), data()).control[Colony.CANADA] is None
    # Fort Detroit is in Canada but does not count for its control (T16).
    assert colony_control(pcs(montreal=AM, fort_detroit=BR),
                          data()).control[Colony.CANADA] is None


def test_a_marker_in_a_space_of_unknown_colony_is_reported() -> None:
    assert colony_control(pcs(augusta=BR), data()).unknown == ("augusta",)


@pytest.mark.parametrize(("british", "american", "winner"), [
    (6, 7, BR), (6, 5, BR), (5, 7, AM), (5, 6, BR), (0, 0, BR), (7, 7, BR)])
def test_ww_13_2_targets_and_the_british_default(british: int, american: int,
                                                 winner: Side) -> None:
    colonies = list(Colony)
    control = {c: (BR if i < british else AM if i < british + american else None)
               for i, c in enumerate(colonies)}
    assert ColonyControl(control).winner(data()) is winner


def impulse_ended(pieces: Pieces) -> tuple[ImpulseEnded, Context]:
    impulse = Impulse(side=AM, card="fixture_ops_1_a", destination=Place(PlaceKind.DISCARD),
                      step=4, player=None)
    return ImpulseEnded(step=4, side="AM", impulse=impulse), Position(pieces).context()


def automatic(pieces: Pieces) -> list[Violation]:
    action, ctx = impulse_ended(pieces)
    return [o for o in RULES.judge(action, ctx) if isinstance(o, Violation)
            and o.rule_id == "WW-VIC-01"]


def test_ww_13_1_no_american_cu_on_the_map_the_british_win() -> None:
    (found,) = automatic({"boston": ["general:howe", "cu:BR:5"], "reading": ["general:gates"]})
    assert found.severity is Severity.CHECK and "British win" in found.message


def test_ww_13_1_no_british_cu_in_the_thirteen_colonies_the_americans_win() -> None:
    (found,) = automatic({"quebec": ["cu:BR:2"], "boston": ["cu:AM:1"]})
    assert found.severity is Severity.CHECK and "Americans win" in found.message
    assert automatic({"quebec": ["cu:BR:2"], "boston": ["cu:AM:1", "cu:BR:1"]}) == []


def test_ww_13_1_a_british_cu_in_a_space_of_unknown_colony_leaves_it_unchecked() -> None:
    (found,) = automatic({"augusta": ["cu:BR:2"], "boston": ["cu:AM:1"]})
    assert found.severity is Severity.UNCHECKED


def turn_end(year: str, next_year: str | None, war_ends: tuple[str, ...] = (),
             pieces: Pieces | None = None,
             war_year: int | None = None) -> list[Violation | Computed]:
    ctx = Position(pieces or {}).context()
    if war_year is not None:
        cards = dict(ctx.data.cards)
        cards[NORTH_1779] = cards[NORTH_1779].model_copy(update={"war_end_year": war_year})
        ctx = Context(ctx.data.model_copy(update={"cards": cards}), ctx.state, ctx.graph)
    action = TurnEnded(step=30, year=year, next_year=next_year, war_ends=war_ends)
    return [o for o in RULES.judge(action, ctx) if isinstance(o, Violation | Computed)]


def test_ww_5_7_the_game_ends_after_1783() -> None:
    illegal = [o for o in turn_end("1783", "1784") if isinstance(o, Violation)]
    assert [(o.rule_id, o.severity) for o in illegal] == [("WW-VIC-02", Severity.ILLEGAL)]
    assert turn_end("1782", "1783") == []


def test_ww_6_34_c_iii_the_war_ends_card_ends_the_game_in_its_year_or_later() -> None:
    ends = turn_end("1780", "1781", (NORTH_1779,), war_year=1779)
    assert [(o.rule_id, o.severity) for o in ends if isinstance(o, Violation)] == [
        ("WW-VIC-02", Severity.ILLEGAL)]
    assert [o for o in turn_end("1778", "1779", (NORTH_1779,), war_year=1779)
            if isinstance(o, Violation)] == []


def test_a_war_ends_card_without_its_year_leaves_the_end_unchecked() -> None:
    (found,) = turn_end("1780", "1781", (NORTH_1779,))
    assert isinstance(found, Violation) and found.severity is Severity.UNCHECKED


def test_ww_13_2_victory_is_computed_at_the_game_end() -> None:
    british: Pieces = {space: ["pc:BR"] for space in ("boston", "newport", "hartford", "new_york",
                                              "philadelphia", "baltimore", "montreal",
                                              "quebec")}
    (computed,) = [o for o in turn_end("1783", None, pieces=british)
                   if isinstance(o, Computed)]
    assert computed.kind == "victory"
    assert computed.result["winner"] == "BR"
    assert computed.result["british_colonies"] == 7  # MA RI CT NY PA MD and Canada
    american: Pieces = {space: ["pc:AM"] for space in ("boston", "newport", "hartford", "new_york",
                                               "philadelphia", "baltimore", "alexandria")}
    (computed,) = [o for o in turn_end("1783", None, pieces=american)
                   if isinstance(o, Computed)]
    assert computed.result["winner"] == "AM"


def test_the_1783_end_phase_scenario_computes_the_winner(tmp_path: Path) -> None:
    report = scenario_report("victory-1783", tmp_path)
    (computed,) = [c for c in report.computations if c.kind == "victory"]
    assert computed.result == {"winner": "BR", "british_colonies": 4,
                               "american_colonies": 5, "automatic": False}
