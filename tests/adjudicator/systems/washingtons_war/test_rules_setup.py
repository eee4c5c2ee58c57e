"""The set-up (WW 4.0, table T1) and the start of a turn's Strategy Phase (WW 5.2, 5.3),
judged on positions built by hand from the data's T1 table; the fixture scenarios that log
a whole set-up are judged end to end. The pytest id is the citation."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

import pytest

from adjudicator.check import adjudicate
from adjudicator.findings import Severity
from adjudicator.scenario import build_scenario_log, load_scenario
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.mapgraph import MapGraph
from adjudicator.systems.common.outcomes import Applied, Outcome, Violation
from adjudicator.systems.common.places import Place, PlaceKind, box
from adjudicator.systems.washingtons_war.actions import ImpulseOpened
from adjudicator.systems.washingtons_war.data import Side
from adjudicator.systems.washingtons_war.procedure import Use
from adjudicator.systems.washingtons_war.rules import RULES, setup
from adjudicator.systems.washingtons_war.rules.context import Context, map_graph
from adjudicator.systems.washingtons_war.rules.setup import (
    SetUpEnded,
    SetUpPlacement,
    StrategyOpened,
)
from tests.adjudicator.systems.washingtons_war.movekit import impulse
from tests.adjudicator.systems.washingtons_war.phasekit import scenario_report
from tests.adjudicator.systems.washingtons_war.rulekit import data, state_of
from tests.conftest import REPO

SCENARIOS = REPO / "fixtures" / "washingtons-war" / "scenarios"
COMMITTEES = ["norwich", "barnstable", "newport", "hartford", "new_york", "new_brunswick",
              "reading", "wilmington_de", "baltimore", "alexandria", "charlotte", "camden",
              "savannah"]
"""One space per colony on the fixture map, none holding a British piece."""
FOR_THE_KING = ["long_island", "yorktown", "new_bern"]
"""Ports: British ports are adjacent to each other (WW 10.11.B)."""
TURN = Place(PlaceKind.TRACK, "turn_1775")
ALLIANCE_0 = Place(PlaceKind.TRACK, "alliance_0")


def t1_pieces(committees: Sequence[str] = COMMITTEES, for_the_king: Sequence[str] = FOR_THE_KING,
              ) -> dict[str | Place, list[str]]:
    """The T1 position read from the data's table, plus the set-up PCs and markers."""
    pieces: dict[str | Place, list[str]] = {}
    spaces = data().spaces
    for placement in data().tables.t1.placements:
        where: str | Place = placement.location if placement.location in spaces else box(
            placement.location)
        here = pieces.setdefault(where, [])
        here += [f"general:{g}" for g in placement.generals]
        if placement.cus and placement.nationality:
            here.append(f"cu:{placement.nationality.value}:{placement.cus}")
        if placement.pc:
            here.append(f"pc:{placement.side.value}")
        if placement.congress:
            here.append("congress")
        if placement.french_navy:
            here.append("navy")
    for key in committees:
        pieces.setdefault(key, []).append("pc:AM")
    for key in for_the_king:
        pieces.setdefault(key, []).append("pc:BR")
    pieces[TURN] = ["turn:regulars"]
    pieces[ALLIANCE_0] = ["alliance:track"]
    pieces[Place(PlaceKind.SET_ASIDE, "set_aside")] = [
        "card:declaration_of_independence", "card:baron_von_steuben"]
    return pieces


def context(pieces: Mapping[str | Place, Sequence[str]], *,
            graph: MapGraph | None = None) -> Context:
    return Context(data(), state_of(pieces), graph or map_graph(data()))


def ended(committees: Sequence[str] = COMMITTEES,
          for_the_king: Sequence[str] = FOR_THE_KING) -> SetUpEnded:
    """The set-up placements as logged: the Committees first (steps 1–13), then For The
    King (steps 14–16)."""
    placed = [SetUpPlacement(i + 1, Side.AM, key) for i, key in enumerate(committees)]
    placed += [SetUpPlacement(len(placed) + i + 1, Side.BR, key)
               for i, key in enumerate(for_the_king)]
    return SetUpEnded(step=len(placed), placements=tuple(placed))


def found(action: Action, ctx: Context, severity: str = "illegal") -> set[tuple[str, int]]:
    return {(o.rule_id, o.step) for o in setup.judge(action, ctx)
            if isinstance(o, Violation) and o.severity.value == severity}


def applied(action: Action, ctx: Context) -> set[str]:
    return {o.rule_id for o in setup.judge(action, ctx) if isinstance(o, Applied)}


def test_the_t1_set_up_with_its_sixteen_pcs_is_legal() -> None:
    ctx = context(t1_pieces())
    action = ended()
    assert found(action, ctx) == set()
    assert found(action, ctx, "unchecked") == set()
    assert found(action, ctx, "check") == set()
    assert applied(action, ctx) == {"WW-SETUP-01", "WW-SETUP-02", "WW-SETUP-03",
                                    "WW-SETUP-04"}


def _moved(pieces: dict[str | Place, list[str]], what: str, origin: str | Place,
           destination: str | Place) -> dict[str | Place, list[str]]:
    pieces[origin].remove(what)
    pieces.setdefault(destination, []).append(what)
    return pieces


T1_CHANGES = [
    pytest.param(lambda p: _moved(p, "general:washington", "lexington_and_concord",
                                  "hartford"),
                 id="WW 4.0 (Lexington and Concord: General Washington)"),
    pytest.param(lambda p: _moved(p, "general:burgoyne", box("br_reinforcements"), "boston"),
                 id="WW 4.0 (British Reinforcement Box: Generals Burgoyne, Clinton, "
                    "Cornwallis)"),
    pytest.param(lambda p: {**p, "boston": ["general:howe", "cu:BR:3", "pc:BR"]},
                 id="WW 4.0 (Boston: General Howe, 5 CU, PC)"),
    pytest.param(lambda p: {**p, "norfolk": []}, id="WW 4.0 (Norfolk: PC)"),
    pytest.param(lambda p: _moved(p, "congress", "philadelphia", "new_york"),
                 id="WW 4.0 (Philadelphia: Continental Congress)"),
    pytest.param(lambda p: _moved(p, "navy", box("fr_reinforcements"), "newport"),
                 id="WW 4.0 (French Reinforcement Box: French Navy)"),
    pytest.param(lambda p: {**p, TURN: ["turn:no_regulars"]},
                 id="WW 4.0 (the Game Turn marker with the British Regulars side showing)"),
    pytest.param(lambda p: {**p, ALLIANCE_0: [],
                            Place(PlaceKind.TRACK, "alliance_2"): ["alliance:track"]},
                 id="WW 4.0 (the French Alliance marker on the 0 space)"),
]


@pytest.mark.parametrize("change", T1_CHANGES)
def test_a_position_other_than_t1_is_illegal(change: object) -> None:
    pieces = change(t1_pieces())  # type: ignore[operator]
    assert found(ended(), context(pieces)) == {("WW-SETUP-01", 16)}


def test_pieces_never_seen_are_not_judged() -> None:
    # No CU and no PC bound: their T1 places are unchecked, not illegal.
    pieces = {where: [p for p in what if not p.startswith(("cu:", "pc:"))]
              for where, what in t1_pieces().items()}
    ctx = context(pieces)
    assert ("WW-SETUP-01", 16) not in found(ended(), ctx)
    assert ("WW-SETUP-01", 16) in found(ended(), ctx, "unchecked")


def test_committees_one_per_colony() -> None:
    # WW 4.0: "1 PC Marker in each of the Thirteen Colonies": Falmouth (MA) instead of
    # Norwich (NH) leaves New Hampshire without and Massachusetts with two.
    committees = ["falmouth" if key == "norwich" else key for key in COMMITTEES]
    ctx = context(t1_pieces(committees))
    assert found(ended(committees), ctx) == {("WW-SETUP-03", 2), ("WW-SETUP-03", 16)}


def test_committees_not_where_a_british_piece_is() -> None:
    # WW 4.0: "in any space that does not contain a British Playing Piece".
    committees = ["boston" if key == "barnstable" else key for key in COMMITTEES]
    pieces = t1_pieces(committees)
    assert ("WW-SETUP-03", 2) in found(ended(committees), context(pieces))


def test_committees_in_a_space_of_unknown_colony_are_unchecked() -> None:
    # Eutaw Springs' colony is not in the data: one per colony cannot be judged.
    committees = ["eutaw_springs" if key == "camden" else key for key in COMMITTEES]
    ctx = context(t1_pieces(committees))
    assert found(ended(committees), ctx) == set()
    assert found(ended(committees), ctx, "unchecked") == {("WW-SETUP-03", 16)}


FOR_THE_KING_CASES = [
    pytest.param(FOR_THE_KING, set(), set(), id="WW 4.0, 10.11.B (three PCs in ports)"),
    pytest.param(["ticonderoga", "long_island", "yorktown"], set(), set(),
                 id="WW 10.11.B (adjacent to a space holding a British PC: Montreal)"),
    pytest.param([*FOR_THE_KING, "ticonderoga"], {("WW-SETUP-04", 17)}, set(),
                 id="WW 4.0 (the British can place 3 PC markers)"),
    pytest.param(["saratoga", "long_island", "yorktown"], {("WW-SETUP-04", 14)}, set(),
                 id="WW 10.11.B (Saratoga is adjacent to no British PC)"),
    pytest.param(["ticonderoga", "saratoga", "long_island"], set(), {("WW-SETUP-04", 15)},
                 id="digest A15 (Saratoga adjacent only to another For The King PC: "
                    "daisy-chaining is a CHECK)"),
]


@pytest.mark.parametrize(("for_the_king", "illegal", "check"), FOR_THE_KING_CASES)
def test_for_the_king(for_the_king: list[str], illegal: set[tuple[str, int]],
                      check: set[tuple[str, int]]) -> None:
    ctx = context(t1_pieces(for_the_king=for_the_king))
    action = ended(for_the_king=for_the_king)
    assert found(action, ctx) == illegal
    assert found(action, ctx, "check") == check


def test_for_the_king_not_with_an_american_unit() -> None:
    # WW 10.11.B: no American Unit in the space (Greene and 2 CUs in Newport).
    committees = [key for key in COMMITTEES if key != "newport"]
    for_the_king = ["newport", "long_island", "yorktown"]
    ctx = context(t1_pieces(committees, for_the_king))
    assert ("WW-SETUP-04", 13) in found(ended(committees, for_the_king), ctx)


def test_for_the_king_comes_after_the_committees() -> None:
    # WW 4.0: "followed by the British player's placement of For The King PC markers".
    placed = [SetUpPlacement(i + 1, Side.AM, key) for i, key in enumerate(COMMITTEES[:12])]
    placed += [SetUpPlacement(13, Side.BR, "long_island"),
               SetUpPlacement(14, Side.AM, COMMITTEES[12]),
               SetUpPlacement(15, Side.BR, "yorktown"), SetUpPlacement(16, Side.BR, "new_bern")]
    action = SetUpEnded(step=16, placements=tuple(placed))
    assert found(action, context(t1_pieces())) == {("WW-SETUP-04", 13)}


def test_the_two_cards_are_set_aside_in_1775() -> None:
    # WW 4.0: "Remove the Declaration of Independence and the Baron von Steuben ... and
    # set them aside."
    pieces = t1_pieces()
    pieces[Place(PlaceKind.DECK, "deck")] = ["card:declaration_of_independence"]
    pieces[Place(PlaceKind.SET_ASIDE, "set_aside")] = ["card:baron_von_steuben"]
    assert found(ended(), context(pieces)) == {("WW-SETUP-02", 16)}
    del pieces[Place(PlaceKind.SET_ASIDE, "set_aside")], pieces[Place(PlaceKind.DECK, "deck")]
    assert found(ended(), context(pieces), "unchecked") == {("WW-SETUP-02", 16)}


@pytest.mark.parametrize(("year", "expected"), [
    ("1775", {("WW-SETUP-02", 1)}), ("1776", set())])
def test_declaration_of_independence_is_not_played_in_1775(
        year: str, expected: set[tuple[str, int]]) -> None:
    ctx = context({})
    ctx.state.year = year
    action = ImpulseOpened(step=1, side="AM", impulse=impulse(
        Side.AM, card="declaration_of_independence", use=Use.EVENT), previous=None,
        opponent_cards=7)
    assert found(action, ctx) == expected


def opened(side: Side, card: str, *, dealt: Sequence[Side] = (Side.AM, Side.BR) * 7,
           hands: tuple[int, int] = (7, 7)) -> StrategyOpened:
    return StrategyOpened(step=1, side=side.value, impulse=impulse(side, card=card),
                          dealt=tuple(dealt), hands=((Side.AM, hands[0]), (Side.BR, hands[1])))


TURN_STARTS = [
    pytest.param(opened(Side.AM, "fixture_ops_1_a"), set(), set(),
                 id="WW 5.2, 5.3 c (7 cards each, the American dealt first and playing first)"),
    pytest.param(opened(Side.AM, "fixture_ops_1_a", dealt=(Side.BR, Side.AM) * 7),
                 {("WW-SEQ-02", 1)}, set(),
                 id="WW 5.2 (the American player is always dealt the first card)"),
    pytest.param(opened(Side.AM, "fixture_ops_1_a", hands=(7, 6)), {("WW-SEQ-02", 1)}, set(),
                 id="WW 5.2 (deal seven Strategy Cards to each player)"),
    pytest.param(opened(Side.AM, "fixture_ops_1_a", dealt=(), hands=(3, 2)), set(), set(),
                 id="WW 5.2 (no deal in the log: not judged)"),
    pytest.param(opened(Side.BR, "major_campaign"), set(), set(),
                 id="WW 5.3 a (the British declares himself first with a Campaign card)"),
    pytest.param(opened(Side.BR, "fixture_ops_1_b"), set(), {("WW-SEQ-03", 1)},
                 id="WW 5.3 b-c (the British first with an OPS card: only if chosen, which "
                    "the log does not show)"),
    pytest.param(opened(Side.BR, "?Unknown Card"), set(), {("WW-SEQ-03", 1)},
                 id="WW 5.3 a (a card the data does not know)"),
]


@pytest.mark.parametrize(("action", "illegal", "unchecked"), TURN_STARTS)
def test_the_turn_start(action: StrategyOpened, illegal: set[tuple[str, int]],
                        unchecked: set[tuple[str, int]]) -> None:
    ctx = context({})
    assert found(action, ctx) == illegal
    assert found(action, ctx, "unchecked") == unchecked


def _judged(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
            ) -> tuple[set[str], list[tuple[str, int, Severity]]]:
    applied_ids: set[str] = set()

    judge = RULES.judge

    def recording(action: Action, ctx: Context) -> Iterator[Outcome]:
        for outcome in judge(action, ctx):
            if isinstance(outcome, Applied):
                applied_ids.add(outcome.rule_id)
            yield outcome

    monkeypatch.setattr(RULES, "judge", recording)
    path = SCENARIOS / f"{name}.toml"
    scenario = load_scenario(path)
    log = build_scenario_log(path, tmp_path / f"{name}.vlog")
    report = adjudicate(log, game="ww", module_path=path.parent / scenario.module,
                        data_files=[path.parent / d for d in scenario.data])
    return applied_ids, [(f.rule_id, f.step, f.severity) for f in report.findings]


def test_a_logged_set_up_is_judged_and_legal(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """EX-01 (WW 4.0): a new game logged from its set-up equals T1, with its 13 + 3 PCs,
    the two cards set aside, 7 cards each dealt American first; the set-up PCs are not
    charged to any card or phase."""
    applied_ids, findings = _judged("setup-committees-and-for-the-king", tmp_path,
                                    monkeypatch)
    assert {"WW-SETUP-01", "WW-SETUP-02", "WW-SETUP-03", "WW-SETUP-04", "WW-SEQ-02",
            "WW-SEQ-03"} <= applied_ids
    assert findings == []


def test_a_log_that_begins_with_the_pcs_placed_shows_no_set_up(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The opening-turn scenario starts from t1-setup.toml (PCs and hands already there).
    applied_ids, _ = _judged("opening-turn", tmp_path, monkeypatch)
    assert not {"WW-SETUP-01", "WW-SETUP-03", "WW-SETUP-04", "WW-SEQ-02"} & applied_ids


@pytest.mark.parametrize(("name", "expected"), [
    ("british-first-with-a-campaign", set()),
    ("british-first-campaign-does-nothing", {("WW-SEQ-03", 2)}),
])
def test_a_british_campaign_card_first_is_judged_by_what_it_did(
        name: str, expected: set[tuple[str, int]], tmp_path: Path) -> None:
    """WW 5.3 a: the British go first "by playing a Campaign card": one that moved no
    General and made no Landing Party may have been discarded (unchecked)."""
    report = scenario_report(name, tmp_path)
    assert {(f.rule_id, f.step) for f in report.findings
            if f.severity is Severity.UNCHECKED and f.rule_id == "WW-SEQ-03"} == expected

