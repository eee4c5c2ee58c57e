"""Control of spaces and colonies (digest §4.12 CTL, WfA 4.6–4.13, 6.7, 20.2) on positions
built directly over the fixture data; the 1775 Boston garrison (X-9) and the game's start
(X-10)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

import pytest

from adjudicator.findings import Severity
from adjudicator.systems.common.outcomes import Outcome
from adjudicator.systems.common.places import Place, PlaceKind, box, space
from adjudicator.systems.common.sequence import Knowledge
from adjudicator.systems.common.tracker import Placed, Relocation
from adjudicator.systems.war_for_america.actions import BRITISH, COLONIAL, ForceMoved
from adjudicator.systems.war_for_america.data import Colony, WfAData, load_data
from adjudicator.systems.war_for_america.procedure import (
    ACTION_CYCLE,
    Placement,
    Pulse,
    WfAProcedure,
)
from adjudicator.systems.war_for_america.rules import RULES, control
from adjudicator.systems.war_for_america.rules.context import Context
from adjudicator.systems.war_for_america.rules.control import british_colony, space_control
from adjudicator.systems.war_for_america.state import Entity, WfAState
from tests import rulekit
from tests.conftest import REPO, shared_file

FIXTURE: Path = REPO / "fixtures" / "war-for-america" / "data" / "fixture.toml"
_DATA: list[WfAData] = []


def fixture_data() -> WfAData:
    """The made-up fixture data (complete map), loaded once."""
    if not _DATA:
        _DATA.append(load_data([FIXTURE]))
    return _DATA[0]


class Board:
    """A position built piece by piece, and contexts over it."""

    def __init__(self) -> None:
        self.state = WfAState()
        self.pieces = 0

    def put(self, entity_id: str, where: str | Place, count: int = 1) -> Board:
        """Put `count` pieces of an entity on a space id or a place."""
        entity = Entity.parse(entity_id)
        assert entity is not None, entity_id
        place = space(where) if isinstance(where, str) else where
        for _ in range(count):
            self.pieces += 1
            self.state.apply(Relocation(str(self.pieces), entity_id, None,
                                        Placed(entity, place)))
        return self

    def take(self, entity_id: str, where: str) -> Board:
        """Take one piece away from a space."""
        entity = Entity.parse(entity_id)
        assert entity is not None
        self.state.apply(Relocation("x", entity_id, Placed(entity, space(where)), None))
        return self

    def ctx(self, *, year: int | None = 1776, season: str | None = "early_spring",
            pulse: str | None = None, cards: Iterable[str] = (),
            phase: str = ACTION_CYCLE, data: WfAData | None = None) -> Context:
        """A context at (year, season), in `pulse`'s AP (None: no pulse)."""
        played = tuple((pulse or BRITISH, card) for card in cards)
        opened = Pulse(side=pulse, step=1, round=1, number=1, cards=played) \
            if pulse is not None else None
        procedure = WfAProcedure(year=year, season=season, pulse=opened)
        placement = Placement(phase=phase, knowledge=Knowledge.SHOWN, reason="test",
                              pulse=opened)
        return Context(procedure, placement, data=data or fixture_data(), state=self.state)


violations = rulekit.violations
applied = rulekit.applied


def test_every_declared_id_is_in_the_digest_catalog() -> None:
    digest = shared_file("rules/war-for-america.md").read_text(encoding="utf-8")
    catalog = set(re.findall(r"^\| (WFA-[A-Z]+-\d+) \|", digest, flags=re.MULTILINE))
    assert control.FAMILY.checks <= catalog
    assert control.FAMILY in RULES.families


# --- who controls a space (WfA 4.7-4.13) ----------------------------------------------


def test_4_11_a_vacant_space_is_its_original_owners() -> None:
    ctx = Board().ctx()
    assert space_control(ctx, "new_haven").side == COLONIAL
    assert space_control(ctx, "quebec").side == BRITISH
    assert space_control(ctx, "quebec").rule == "WFA-CTL-04"


def test_4_7_both_sides_on_a_coastal_space_the_british_have_the_sea() -> None:
    board = Board().put("sp:british:2", "newport").put("sp:militia:1", "newport")
    control = space_control(board.ctx(), "newport")
    assert (control.side, control.rule) == (BRITISH, "WFA-CTL-01")


def test_4_7_a_french_fleet_in_the_obz_gives_the_colonials_the_sea() -> None:
    board = (Board().put("sp:british:2", "newport").put("sp:militia:1", "newport")
             .put("fleet:destaing", Place(PlaceKind.ZONE, "new_england_obz")))
    assert space_control(board.ctx(), "newport").side == COLONIAL


def test_4_7_both_sides_on_an_inland_space_nobody_controls_it() -> None:
    board = Board().put("sp:british:3", "albany").put("sp:continental:2", "albany")
    control = space_control(board.ctx(), "albany")
    assert control.known and control.side is None


def test_4_8_nobody_controls_a_space_under_siege() -> None:
    board = Board().put("sp:british:3", "albany").put("siege", "albany")
    assert space_control(board.ctx(), "albany").side is None


def test_4_13_boston_below_four_sp_reverts_to_the_colonials() -> None:
    board = Board().put("sp:british:3", "boston")
    assert space_control(board.ctx(), "boston").side == COLONIAL
    board.put("sp:british:1", "boston")
    assert space_control(board.ctx(), "boston").side == BRITISH


def test_11_21_an_armys_sp_on_its_card_hold_its_space() -> None:
    """11.21: the army's SP are on its Army Card, where its marker stands: the Royal
    Army at Boston with 4 SP on its card holds Boston (4.13's minimum of 4)."""
    board = Board().put("army:r", "boston").put("sp:british:4", box("army_r"))
    assert space_control(board.ctx(), "boston").side == BRITISH


def test_4_13_a_garrison_counter_keeps_a_space_without_a_minimum() -> None:
    board = Board().put("garrison:british", "albany")
    assert space_control(board.ctx(), "albany").side == BRITISH
    board = Board().put("garrison:british", "boston")
    assert space_control(board.ctx(), "boston").side == COLONIAL


def test_4_9_caribbean_spaces_stay_their_owners_until_taken_by_regulars() -> None:
    board = Board().put("sp:british:2", "martinique").put("garrison:french", "martinique")
    assert space_control(board.ctx(), "martinique").side == COLONIAL
    board = Board().put("sp:loyalist:2", "martinique")
    assert space_control(board.ctx(), "martinique").side == COLONIAL
    board = Board().put("sp:british:1", "martinique")
    control = space_control(board.ctx(), "martinique")
    assert (control.side, control.rule) == (BRITISH, "WFA-CTL-02")


def test_x10_game_start_control() -> None:
    """X-10 (WfA 4.6): the British begin controlling all Canada and Boston, Ticonderoga,
    New York City, Long Island, Portsmouth VA and Ninety-Six."""
    board = (Board().put("sp:british:5", "boston").put("sp:british:3", "new_york_city")
             .put("sp:british:1", "ticonderoga").put("sp:loyalist:1", "long_island")
             .put("garrison:british", "portsmouth_va").put("sp:loyalist:1", "ninety_six"))
    ctx = board.ctx(year=1775)
    for key in ("boston", "ticonderoga", "new_york_city", "long_island", "portsmouth_va",
                "ninety_six", "quebec", "montreal", "st_jean", "halifax"):
        assert space_control(ctx, key).side == BRITISH, key
    assert space_control(ctx, "philadelphia").side == COLONIAL


# --- colony control (WfA 4.10) ----------------------------------------------------------


def test_4_10_a_colony_is_british_when_every_key_space_is_with_an_loc() -> None:
    board = Board().put("sp:british:5", "boston")
    result = british_colony(board.ctx(), Colony.MA)
    assert result.british is True and "WFA-CTL-03" in result.rules


def test_4_10_one_key_space_not_british_and_the_colony_is_not() -> None:
    board = Board().put("sp:british:5", "new_york_city")
    assert british_colony(board.ctx(), Colony.NY).british is False


def test_4_10_an_inland_key_space_leaves_the_loc_unknown() -> None:
    board = Board().put("sp:british:5", "new_york_city").put("sp:british:2", "albany")
    board.put("sp:british:1", "ticonderoga")
    result = british_colony(board.ctx(), Colony.NY)
    assert result.british is None and "LOC" in result.why


def test_4_10_a_blockaded_coastal_key_space_has_no_sea_loc() -> None:
    board = (Board().put("sp:british:5", "boston")
             .put("fleet:destaing", Place(PlaceKind.ZONE, "new_england_obz")))
    assert british_colony(board.ctx(), Colony.MA).british is None
    board.put("magazine:british", "boston")
    assert british_colony(board.ctx(), Colony.MA).british is True


def test_colony_control_unknown_without_a_complete_map() -> None:
    ctx = Board().put("sp:british:5", "boston").ctx(data=load_data([]))
    assert british_colony(ctx, Colony.MA).british is None


# --- WFA-CTL-05: the Boston garrison in 1775 (WfA 6.7, 20.2) ----------------------------


def _leave_boston(board: Board, sp: int, year: int = 1775) -> list[Outcome]:
    action = ForceMoved(step=3, side=BRITISH, origin="boston", destination="new_london",
                        units=("sp:british:5",), sp=sp)
    return list(control.judge(action, board.ctx(year=year, season="early_spring",
                                                 pulse=BRITISH)))


def _boston(left: int, card_at: Place | None) -> Board:
    board = Board()
    if left:
        board.put(f"sp:british:{left}", "boston")
    if card_at is not None:
        board.put("card:parliamentary_repressive_measures", card_at)
    return board


@pytest.mark.parametrize("where", [Place(PlaceKind.DECK), Place(PlaceKind.HAND, COLONIAL)],
                         ids=["6.7-card-24-in-the-deck", "6.7-card-24-in-a-hand"])
def test_6_7_leaving_boston_below_four_sp_in_1775_is_illegal(where: Place) -> None:
    outcomes = _leave_boston(_boston(3, where), 5)
    (finding,) = violations(outcomes, "WFA-CTL-05")
    assert "3 SP in Boston" in finding.message and finding.spaces == ("boston",)


def test_6_7_keeping_four_sp_is_legal() -> None:
    outcomes = _leave_boston(_boston(4, Place(PlaceKind.DECK)), 4)
    assert not violations(outcomes, "WFA-CTL-05") and applied(outcomes, "WFA-CTL-05")


def test_6_7_a_garrison_already_below_four_is_not_reduced_voluntarily() -> None:
    outcomes = _leave_boston(_boston(1, Place(PlaceKind.DECK)), 2)
    assert not violations(outcomes, "WFA-CTL-05") and applied(outcomes, "WFA-CTL-05")


def test_6_7_only_in_1775() -> None:
    assert _leave_boston(_boston(0, Place(PlaceKind.DECK)), 8, year=1776) == []


def test_x9_after_card_24_the_british_may_refuse_at_one_pw() -> None:
    """X-9 (WfA 20.2): #24 played, the British may choose not to comply: −1 PW."""
    outcomes = _leave_boston(_boston(0, Place(PlaceKind.DISCARD)), 8)
    assert not violations(outcomes, "WFA-CTL-05")
    (reminder,) = violations(outcomes, "WFA-CTL-05", Severity.REMINDER)
    assert "forfeit 1 PW" in reminder.message


def test_6_7_card_24_not_tracked_is_unchecked() -> None:
    outcomes = _leave_boston(_boston(2, None), 3)
    assert not violations(outcomes, "WFA-CTL-05")
    assert violations(outcomes, "WFA-CTL-05", Severity.UNCHECKED)


def test_6_7_a_colonial_move_or_another_origin_is_not_judged() -> None:
    board = _boston(0, Place(PlaceKind.DECK))
    other = ForceMoved(step=3, side=BRITISH, origin="quebec", destination="montreal",
                       units=("sp:british:3",), sp=3)
    assert list(control.judge(other, board.ctx(year=1775, pulse=BRITISH))) == []

