"""Forts, entrenchments and sieges (digest §4.10 FORT, SIEGE; WfA 17.5-17.17, 12.18):
legal and illegal plays built from the rulebook's sentences, judged on typed actions
against a position on the fixture map (made-up data, fixtures/war-for-america/data)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from types import ModuleType

import pytest

from adjudicator.findings import Severity
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Computed, Outcome
from adjudicator.systems.common.places import box
from adjudicator.systems.common.places import space as space_place
from adjudicator.systems.common.sequence import Knowledge, Moment
from adjudicator.systems.war_for_america.actions import (
    BRITISH,
    COLONIAL,
    Activation,
    Combat,
    EntrenchmentBuilt,
    ForceMoved,
    FortBuilt,
    FortRolled,
    SiegeAttempt,
)
from adjudicator.systems.war_for_america.data import WfAData, load_data
from adjudicator.systems.war_for_america.procedure import (
    ACTION_CYCLE,
    REINFORCEMENT,
    Placement,
    Pulse,
    PulseClosed,
    WfAProcedure,
)
from adjudicator.systems.war_for_america.rules import fortifications
from adjudicator.systems.war_for_america.rules.context import CardIndex, Context
from adjudicator.systems.war_for_america.state import Holding, WfAState
from tests import rulekit
from tests.conftest import REPO

FIXTURE = REPO / "fixtures" / "war-for-america" / "data" / "fixture.toml"


@cache
def fixture_data() -> WfAData:
    """The made-up fixture data: a complete map, a Siege Table, attrition and seasons."""
    return load_data([FIXTURE])


@dataclass
class Board:
    """A position and a moment in the sequence of play, for building a rule context."""

    year: int | None = 1777
    season: str | None = "fall"
    phase: str | None = ACTION_CYCLE
    pulse_side: str | None = BRITISH
    main: Activation | None = None
    origin: str | None = None
    force_space: str | None = None
    cards: tuple[tuple[str, str], ...] = ()
    over: str | None = None
    winter: bool | None = False
    state: WfAState = field(default_factory=WfAState)
    step_actions: tuple[Action, ...] = ()
    sieges: frozenset[str] = frozenset()
    siege_rolls: frozenset[str] = frozenset()

    def put(self, space: str, *, sp: dict[str, int] | None = None,
            leaders: Iterable[str] = (), armies: Iterable[str] = (),
            forts: Iterable[tuple[str, str]] = (), magazines: Iterable[str] = (),
            entrenchments: Iterable[str] = (), garrisons: dict[str, int] | None = None,
            markers: dict[str, int] | None = None) -> Board:
        self.state.holdings[space_place(space)] = Holding(
            leaders=list(leaders), sp=Counter(sp or {}), garrisons=Counter(garrisons or {}),
            armies=list(armies), forts=list(forts), magazines=list(magazines),
            entrenchments=list(entrenchments), markers=Counter(markers or {}))
        return self

    def army_card(self, army: str, *leaders: str, sp: dict[str, int] | None = None) -> Board:
        self.state.holdings[box(f"army_{army}")] = Holding(leaders=list(leaders),
                                                            sp=Counter(sp or {}))
        return self

    def context(self) -> Context:
        moment = Moment(phase=self.phase, knowledge=Knowledge.INFERRED if self.phase
                        else Knowledge.UNKNOWN, reason="test")
        pulse = None
        if self.pulse_side is not None and self.phase == ACTION_CYCLE:
            pulse = Pulse(side=self.pulse_side, step=1, round=1, number=1, main=self.main,
                          origin=self.origin, force_space=self.force_space, cards=self.cards,
                          sieges=self.sieges, siege_rolls=self.siege_rolls)
        proc = WfAProcedure(moment=moment, year=self.year, season=self.season,
                            first_turn=False, round=1, pulse=pulse, over=self.over)
        placement = Placement(phase=self.phase, knowledge=moment.knowledge, reason="test",
                              pulse=pulse, winter=self.winter)
        return Context(procedure=proc, placement=placement,
                       cards=CardIndex(names={"siege": "Siege"}), data=fixture_data(),
                       state=self.state, step_actions=self.step_actions)


def run(module: ModuleType, action: Action, board: Board) -> list[Outcome]:
    """Every outcome of one rules module's `judge` for one action."""
    outcomes: list[Outcome] = list(module.judge(action, board.context()))
    return outcomes


illegal = of = rulekit.violations
applied = rulekit.applied


def computed(outcomes: list[Outcome], kind: str) -> list[Computed]:
    return rulekit.computed(outcomes, kind=kind)


# --- 17.6: building a fort ---------------------------------------------------------------------


def test_17_6_friendly_sp_begin_a_fort_in_their_own_ap() -> None:
    board = Board().put("albany", sp={"british": 3})
    out = run(fortifications, FortBuilt(step=5, side=BRITISH, space="albany"), board)
    assert not illegal(out, "WFA-FORT-01")
    assert applied(out, "WFA-FORT-01")
    (chance,) = computed(out, "fort_construction")
    assert chance.result["chance"] == str(Fraction(1, 6))  # leaderless: D6 - 2 >= 4 on a 6


def test_17_6_the_movement_roll_must_give_4_mp() -> None:
    """17.6: "If the SP get at least '4' MP, a fort counter on its 'Build' side is placed":
    leaderless D6 - 2 (12.2) needs a 6; the roll before the placement is judged there."""
    def build(roll: int) -> list[Outcome]:
        board = Board().put("albany", sp={"british": 3})
        return run(fortifications, FortBuilt(step=5, side=BRITISH, space="albany", roll=roll),
                   board)

    assert not illegal(build(6), "WFA-FORT-01")
    (short,) = illegal(build(5), "WFA-FORT-01")
    assert short.step == 5 and short.observed == "3 MP (D6 5)"


def test_17_6_a_roll_written_after_the_placement_is_judged_at_the_placement() -> None:
    """The log may write the D6 after the 'Build' counter: the short roll makes the
    placement (step 5) illegal, not the roll (step 6)."""
    board = Board().put("albany", sp={"british": 3}, leaders=["burgoyne"])
    command = burgoyne_command()
    ok = run(fortifications, FortRolled(step=6, side=BRITISH, space="albany", roll=command,
                                        placed=5), board)
    assert not illegal(ok, "WFA-FORT-01") and applied(ok, "WFA-FORT-01")
    (failed,) = illegal(run(fortifications, FortRolled(step=6, side=BRITISH, space="albany",
                                                       roll=command + 1, placed=5), board),
                        "WFA-FORT-01")
    assert failed.step == 5 and failed.observed == f"2 MP (D6 {command + 1})"


def test_17_6_a_fort_whose_roll_the_log_never_shows_is_unchecked_at_its_placement() -> None:
    pulse = Pulse(side=BRITISH, step=1, round=1, number=1, forts_unrolled=(("albany", 4),),
                  last_step=5)
    out = run(fortifications, PulseClosed(step=9, side=BRITISH, pulse=pulse,
                                          ap_markers_logged=True), Board())
    (unseen,) = [o for o in out if getattr(o, "severity", None) is Severity.UNCHECKED]
    assert getattr(unseen, "step", None) == 4
    assert not illegal(out, "WFA-FORT-01")


def test_17_6_no_fort_in_a_northern_winter_and_no_verdict_with_a_card() -> None:
    """18.1: 2 MP in a Winter AP begun in the Northern Regions, never 4; a card played in
    the AP may change the MP (9.9): unchecked, not illegal."""
    winter = Board(winter=True).put("albany", sp={"british": 3})
    assert illegal(run(fortifications, FortRolled(step=6, side=BRITISH, space="albany",
                                                  roll=6, placed=5), winter), "WFA-FORT-01")
    card = Board(cards=((BRITISH, "fixture_card_21"),)).put("albany", sp={"british": 3})
    out = run(fortifications, FortRolled(step=6, side=BRITISH, space="albany", roll=1,
                                         placed=5), card)
    assert not illegal(out, "WFA-FORT-01")
    assert [o for o in out if getattr(o, "severity", None) is Severity.UNCHECKED]


def test_17_6_a_leaders_command_sets_the_fort_chance() -> None:
    board = Board().put("albany", sp={"colonial": 0, "continental": 3}, leaders=["lincoln"])
    board.pulse_side = COLONIAL
    out = run(fortifications, FortBuilt(step=5, side=COLONIAL, space="albany"), board)
    command = fixture_data().leaders["lincoln"].command
    assert command is not None
    (chance,) = computed(out, "fort_construction")
    assert chance.result["chance"] == str(Fraction(command, 6))
    # The roll may still follow the placement (17.6 read either way): a roll never shown is
    # unchecked as the AP closes (test_17_6_a_fort_whose_roll_the_log_never_shows_...).
    assert not of(out, "WFA-FORT-01", Severity.UNCHECKED)


def test_17_6_a_winter_fort_in_the_north_cannot_get_4_mp() -> None:
    board = Board(season="winter", winter=True).put("albany", sp={"british": 3})
    out = run(fortifications, FortBuilt(step=5, side=BRITISH, space="albany"), board)
    (chance,) = computed(out, "fort_construction")
    assert chance.result["chance"] == "0"


def test_17_6_no_fort_without_friendly_sp() -> None:
    board = Board().put("albany", sp={"continental": 2})
    out = run(fortifications, FortBuilt(step=5, side=BRITISH, space="albany"), board)
    assert illegal(out, "WFA-FORT-01")


def test_17_6_no_fort_in_the_caribbean() -> None:
    board = Board().put("martinique", sp={"british": 2})
    out = run(fortifications, FortBuilt(step=5, side=BRITISH, space="martinique"), board)
    (finding,) = illegal(out, "WFA-FORT-01")
    assert "Caribbean" in finding.message or "caribbean" in (finding.observed or "")


def test_17_6_a_fort_utilizes_an_ap_not_another_players_or_a_spent_one() -> None:
    board = Board(pulse_side=COLONIAL).put("albany", sp={"british": 3})
    assert illegal(run(fortifications, FortBuilt(step=5, side=BRITISH, space="albany"),
                       board), "WFA-FORT-01")
    spent = Board(main=Activation.MOVE).put("albany", sp={"british": 3})
    assert illegal(run(fortifications, FortBuilt(step=5, side=BRITISH, space="albany"),
                       spent), "WFA-FORT-01")
    reinforcing = Board(phase=REINFORCEMENT).put("albany", sp={"british": 3})
    assert illegal(run(fortifications, FortBuilt(step=5, side=BRITISH, space="albany"),
                       reinforcing), "WFA-FORT-01")


def test_17_6_the_build_side_is_flipped_free_in_the_builders_next_ap() -> None:
    board = Board().put("albany", sp={"british": 3}, forts=[(BRITISH, "complete")])
    out = run(fortifications, FortBuilt(step=9, side=BRITISH, space="albany",
                                        completed=True), board)
    assert not illegal(out, "WFA-FORT-01") and applied(out, "WFA-FORT-01")
    board.pulse_side = COLONIAL
    out = run(fortifications, FortBuilt(step=9, side=BRITISH, space="albany",
                                        completed=True), board)
    assert illegal(out, "WFA-FORT-01")


def test_17_8_no_seventh_fort() -> None:
    spaces = ["albany", "saratoga", "highlands", "boston", "newport", "new_haven", "baltimore"]
    board = Board()
    for key in spaces:
        board.put(key, sp={"british": 1}, forts=[(BRITISH, "build")])
    out = run(fortifications, FortBuilt(step=5, side=BRITISH, space="baltimore"), board)
    assert illegal(out, "WFA-FORT-02")
    six = Board()
    for key in spaces[:6]:
        six.put(key, sp={"british": 1}, forts=[(BRITISH, "build")])
    assert not illegal(run(fortifications, FortBuilt(step=5, side=BRITISH, space="albany"),
                           six), "WFA-FORT-02")


# --- 17.10-17.12: entrenchments ----------------------------------------------------------------


def test_17_11_an_entrenchment_on_open_ground_with_friendly_sp() -> None:
    board = Board().put("saratoga", sp={"british": 4}, entrenchments=[BRITISH])
    out = run(fortifications, EntrenchmentBuilt(step=5, side=BRITISH, space="saratoga"), board)
    assert not illegal(out, "WFA-FORT-04") and applied(out, "WFA-FORT-04")


@pytest.mark.parametrize(("space", "extra"), [
    ("quebec", {}),                                         # a fortress
    ("albany", {"forts": [(BRITISH, "complete")]}),         # a fort
    ("martinique", {}),                                     # the Caribbean
], ids=["17.11-fortress", "17.11-fort", "17.11-caribbean"])
def test_17_11_no_entrenchment_on_a_fortress_a_fort_or_in_the_caribbean(
        space: str, extra: dict[str, list[tuple[str, str]]]) -> None:
    board = Board().put(space, sp={"british": 2}, entrenchments=[BRITISH], **extra)
    assert illegal(run(fortifications, EntrenchmentBuilt(step=5, side=BRITISH, space=space),
                       board), "WFA-FORT-04")


def test_17_11_an_entrenchment_needs_friendly_sp_and_goes_when_they_leave() -> None:
    board = Board().put("saratoga", entrenchments=[BRITISH])
    assert illegal(run(fortifications, EntrenchmentBuilt(step=5, side=BRITISH,
                                                         space="saratoga"), board),
                   "WFA-FORT-04")
    out = run(fortifications, ForceMoved(step=6, side=BRITISH, origin="saratoga",
                                         destination="albany", units=("sp:british:2",)), board)
    assert of(out, "WFA-FORT-04", Severity.REMINDER)


def test_17_12_no_seventh_entrenchment() -> None:
    board = Board()
    for key in ["albany", "saratoga", "highlands", "boston", "newport", "new_haven",
                "baltimore"]:
        board.put(key, sp={"british": 1}, entrenchments=[BRITISH])
    out = run(fortifications, EntrenchmentBuilt(step=5, side=BRITISH, space="baltimore"),
              board)
    assert illegal(out, "WFA-FORT-02")


# --- 17.13-17.17: sieges -----------------------------------------------------------------------


def besieging(**kwargs: object) -> Board:
    """A British army with Burgoyne at Ticonderoga (a fortress) held by Continentals."""
    board = Board(**kwargs)  # type: ignore[arg-type]
    board.put("ticonderoga", sp={"continental": 3}, armies=["n_british"])
    board.army_card("n_british", "burgoyne", sp={"british": 8})
    return board


def burgoyne_command() -> int:
    command = fixture_data().leaders["burgoyne"].command
    assert command is not None
    return command


def test_17_13_an_army_that_began_the_ap_there_and_passed_its_roll_lays_siege() -> None:
    out = run(fortifications, SiegeAttempt(step=5, side=BRITISH, space="ticonderoga",
                                           activation_roll=burgoyne_command(),
                                           marker_placed=True), besieging())
    assert not illegal(out, "WFA-SIEGE-01") and applied(out, "WFA-SIEGE-01")
    (odds,) = computed(out, "siege")
    assert odds.result["per_roll"] == str(Fraction(6, 36))  # fixture table: surrender on 10+


def test_17_13_the_activation_roll_must_pass() -> None:
    command = burgoyne_command()
    assert command < 6, "the fixture data gives Burgoyne a command a D6 can exceed"
    out = run(fortifications, SiegeAttempt(step=5, side=BRITISH, space="ticonderoga",
                                           activation_roll=command + 1, marker_placed=True),
              besieging())
    assert illegal(out, "WFA-SIEGE-01")


def test_17_13_only_an_army_not_a_force_lays_siege() -> None:
    board = Board().put("ticonderoga", sp={"continental": 3, "british": 8},
                        leaders=["burgoyne"])
    out = run(fortifications, SiegeAttempt(step=5, side=BRITISH, space="ticonderoga",
                                           activation_roll=1, marker_placed=True), board)
    assert illegal(out, "WFA-SIEGE-01")


def test_12_18_the_army_may_not_besiege_in_the_ap_it_arrived() -> None:
    board = besieging(main=Activation.MOVE, origin="saratoga", force_space="ticonderoga")
    out = run(fortifications, SiegeAttempt(step=5, side=BRITISH, space="ticonderoga",
                                           activation_roll=1, marker_placed=True), board)
    assert illegal(out, "WFA-SIEGE-01")


def test_17_13_no_siege_of_an_open_space() -> None:
    board = Board().put("saratoga", sp={"continental": 3}, armies=["n_british"])
    board.army_card("n_british", "burgoyne", sp={"british": 8})
    out = run(fortifications, SiegeAttempt(step=5, side=BRITISH, space="saratoga",
                                           activation_roll=1, marker_placed=True), board)
    assert illegal(out, "WFA-SIEGE-01")


def test_17_13_the_siege_table_is_rolled_in_the_next_ap_not_the_markers() -> None:
    """17.13: "During his next AP, after the Siege Marker has been placed, the besieger
    rolls a D12 once per Action Phase on the Siege Table"."""
    def roll(board: Board) -> list[Outcome]:
        board.state.holdings[space_place("ticonderoga")].markers["siege"] = 1
        return run(fortifications, SiegeAttempt(step=6, side=BRITISH, space="ticonderoga",
                                                table_roll=5), board)

    next_ap = roll(besieging())
    assert not illegal(next_ap, "WFA-SIEGE-01") and applied(next_ap, "WFA-SIEGE-01")
    board = besieging()
    board.sieges = frozenset({"ticonderoga"})
    (same_ap,) = illegal(roll(board), "WFA-SIEGE-01")
    assert same_ap.step == 6
    twice = besieging()
    twice.siege_rolls = frozenset({"ticonderoga"})
    assert illegal(roll(twice), "WFA-SIEGE-01")


def test_17_14_the_mortar_adds_4_and_the_table_decides() -> None:
    board = besieging()
    board.state.holdings[space_place("ticonderoga")].markers["mortar"] = 1
    board.state.holdings[space_place("ticonderoga")].markers["siege"] = 1
    # 6 + 4 = 10: surrender on the fixture table (10+); a log showing none is wrong.
    out = run(fortifications, SiegeAttempt(step=7, side=BRITISH, space="ticonderoga",
                                           table_roll=6, surrendered=False), board)
    assert illegal(out, "WFA-SIEGE-02")
    out = run(fortifications, SiegeAttempt(step=7, side=BRITISH, space="ticonderoga",
                                           table_roll=6, surrendered=True), board)
    assert not illegal(out, "WFA-SIEGE-02") and applied(out, "WFA-SIEGE-02")


def test_17_14_a_siege_card_leaves_the_roll_unchecked() -> None:
    board = besieging(cards=((BRITISH, "siege"),))
    out = run(fortifications, SiegeAttempt(step=7, side=BRITISH, space="ticonderoga",
                                           table_roll=6, surrendered=False), board)
    assert not illegal(out, "WFA-SIEGE-02")
    assert of(out, "WFA-SIEGE-02", Severity.UNCHECKED)


def test_17_15_an_attack_on_the_besieger_lifts_the_siege() -> None:
    board = besieging()
    board.state.holdings[space_place("ticonderoga")].markers["siege"] = 1
    out = run(fortifications, Combat(step=8, side=COLONIAL, space="ticonderoga"), board)
    assert of(out, "WFA-SIEGE-03", Severity.REMINDER)
    out = run(fortifications, Combat(step=8, side=BRITISH, space="ticonderoga"), board)
    assert not of(out, "WFA-SIEGE-03", Severity.REMINDER)


def test_17_17_the_siege_ends_when_the_besiegers_leave() -> None:
    board = Board().put("ticonderoga", sp={"continental": 3}, markers={"siege": 1})
    out = run(fortifications, ForceMoved(step=8, side=BRITISH, origin="ticonderoga",
                                         destination="saratoga", units=("army:n_british",)),
              board)
    assert of(out, "WFA-SIEGE-03", Severity.REMINDER)


def test_17_13_a_siege_marker_of_no_logged_side_is_the_aps() -> None:
    board = Board().put("ticonderoga", sp={"continental": 3, "british": 8},
                        leaders=["burgoyne"])
    out = run(fortifications, SiegeAttempt(step=5, side=None, space="ticonderoga",
                                           activation_roll=1, marker_placed=True), board)
    (finding,) = illegal(out, "WFA-SIEGE-01")
    assert "army" in finding.message


def test_17_7_a_force_entering_an_empty_enemy_fort_captures_it() -> None:
    board = Board().put("saratoga", sp={"british": 4}, forts=[(COLONIAL, "complete")])
    enter = ForceMoved(step=6, side=BRITISH, origin="ticonderoga", destination="saratoga",
                       units=("sp:british:3",))
    assert of(run(fortifications, enter, board), "WFA-FORT-03", Severity.REMINDER)
    held = Board().put("saratoga", sp={"british": 4, "continental": 1},
                       forts=[(COLONIAL, "complete")])
    out = run(fortifications, enter, held)
    assert not of(out, "WFA-FORT-03", Severity.REMINDER) and applied(out, "WFA-FORT-03")
