"""The French Alliance marker (WW 12.1; WW-FA-01), the French Navy's entry (WW 12.2.B.i;
WW-FA-03) and "d'Estaing Sails to the Caribbean" (WW 12.2; WW-NAVY-03), and the Turn
marker after a battle (WW 9.2 Step 7; WW-BAT-13) — from the rulebook's text."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from adjudicator.findings import Severity
from adjudicator.systems.common.places import Place, PlaceKind, box
from adjudicator.systems.washingtons_war.actions import (
    EndPhaseEnded,
    ImpulseReckoned,
    NavyMoved,
    TurnEnded,
)
from adjudicator.systems.washingtons_war.data import Nationality, Side
from adjudicator.systems.washingtons_war.procedure import (
    STRATEGY,
    Activation,
    Arrival,
    Battle,
    Impulse,
    Leg,
    Use,
)
from adjudicator.systems.washingtons_war.rules.context import Context
from adjudicator.systems.washingtons_war.season import Snapshot, SpaceAt
from adjudicator.systems.washingtons_war.state import WWState
from tests.adjudicator.systems.washingtons_war.phasekit import scenario_report
from tests.adjudicator.systems.washingtons_war.rulekit import (
    Position,
    applied,
    data,
    violations,
)

CHESAPEAKE = Place(PlaceKind.ZONE, "Chesapeake")
NEW_ENGLAND = Place(PlaceKind.ZONE, "New England")
DISCARD = Place(PlaceKind.DISCARD)


def track(n: int) -> Place:
    return Place(PlaceKind.TRACK, f"alliance_{n}")


def turn(year: int) -> Place:
    return Place(PlaceKind.TRACK, f"turn_{year}")


def marker_at(n: int | None, *, european_war: bool = False) -> Context:
    """A position with the French Alliance marker on track space `n` (None: not bound)."""
    pieces: dict[str | Place, list[str]] = {}
    if european_war:
        pieces[turn(1779)] = ["alliance:european_war"]
    elif n is not None:
        pieces[track(n)] = ["alliance:track"]
    return Position(pieces).context()


def reckoned(card: str, before: int | None, after: int | None, *, use: Use = Use.EVENT,
             battles: tuple[Battle, ...] = (), washington_lost: bool = False,
             allied_before: bool | None = False, side: Side = Side.AM) -> ImpulseReckoned:
    impulse = Impulse(side=side, card=card, destination=DISCARD, step=2, player=None,
                      use=use, battles=battles)
    return ImpulseReckoned(step=2, side=side.value, impulse=impulse, before=before,
                           after=after, allied_before=allied_before, european_war=False,
                           washington_lost=washington_lost)


# ------------------------------------------------------------------ the state reads markers


def test_the_state_reads_the_two_markers_sides_and_the_track_space() -> None:
    state = Position({track(4): ["alliance:track"],
                      turn(1776): ["turn:no_regulars"]}).context().state
    assert (state.alliance, state.allied, state.regulars) == (4, False, False)
    assert marker_at(9).state.allied is True
    assert marker_at(None, european_war=True).state.allied is True
    assert WWState().allied is None and WWState().regulars is None


# ------------------------------------------------------------------ WW-FA-01


@pytest.mark.parametrize(("after", "illegal"), [(8, False), (6, True), (4, True)])
def test_ww_12_1_franklin_played_as_the_event_advances_the_marker_four(
        after: int, illegal: bool) -> None:
    action = reckoned("benjamin_franklin", 4, after)
    expected = {("WW-FA-01", 2)} if illegal else set()
    assert violations(action, marker_at(after)) == expected
    assert "WW-FA-01" in applied(action, marker_at(after))


@pytest.mark.parametrize(("after", "illegal"), [(6, False), (4, False), (5, True)])
def test_ww_12_1_hortelz_event_or_discard_looks_alike_so_either_total_is_legal(
        after: int, illegal: bool) -> None:
    action = reckoned("hortelz_et_cie", 4, after, use=Use.DISCARD)
    assert violations(action, marker_at(after)) == ({("WW-FA-01", 2)} if illegal else set())


def test_ww_12_1_the_marker_goes_no_further_than_the_french_alliance_space() -> None:
    def marker(action: ImpulseReckoned) -> set[tuple[str, int]]:
        return {v for v in violations(action, marker_at(9)) if v[0] == "WW-FA-01"}

    assert marker(reckoned("benjamin_franklin", 7, 9)) == set()
    assert marker(reckoned("benjamin_franklin", 7, 11)) == {("WW-FA-01", 2)}


@pytest.mark.parametrize(("before", "after", "illegal"), [
    (5, 2, False), (2, 0, False), (5, 5, True)])
def test_ww_12_1_washington_captured_takes_three_never_below_zero(
        before: int, after: int, illegal: bool) -> None:
    action = reckoned("fixture_ops_3_b", before, after, use=Use.ACTIVATE,
                      washington_lost=True, side=Side.BR)
    assert violations(action, marker_at(after)) == ({("WW-FA-01", 2)} if illegal else set())


def test_ww_12_1_an_overrun_the_british_lose_counts_as_a_battle() -> None:
    overrun = Battle(space="boston", attacker=Side.AM, general="washington",
                     entered_from=frozenset({"lexington_and_concord"}), step=3, losses=True)
    action = reckoned("fixture_ops_3_b", 0, 1, use=Use.ACTIVATE, battles=(overrun,))
    assert violations(action, marker_at(1)) == set()
    short = reckoned("fixture_ops_3_b", 0, 0, use=Use.ACTIVATE, battles=(overrun,))
    assert violations(short, marker_at(0)) == {("WW-FA-01", 2)}
    # WW-OVR-03 (WW 12.1): the overrun's +1 was judged by WW-FA-01's count.
    assert "WW-OVR-03" in applied(action, marker_at(1))
    british_overrun = replace(overrun, attacker=Side.BR)
    quiet = reckoned("fixture_ops_3_b", 0, 0, use=Use.ACTIVATE, battles=(british_overrun,))
    assert "WW-OVR-03" not in applied(quiet, marker_at(0))


def test_a_retreat_before_battle_owes_the_marker_nothing() -> None:
    retreat = Battle(space="boston", attacker=Side.BR, general="howe",
                     entered_from=frozenset({"lexington_and_concord"}), step=3, rbb=True)
    action = reckoned("fixture_ops_3_b", 3, 3, use=Use.ACTIVATE, battles=(retreat,),
                      side=Side.BR)
    assert violations(action, marker_at(3)) == set()


def test_ww_12_2_a_after_the_alliance_the_marker_no_longer_moves() -> None:
    moved = reckoned("benjamin_franklin", 9, 8, allied_before=True)
    assert violations(moved, marker_at(8)) == {("WW-FA-01", 2)}
    kept = reckoned("benjamin_franklin", 9, 9, allied_before=True)
    assert violations(kept, marker_at(9)) == set()


def test_without_the_marker_what_is_owed_is_unchecked_never_illegal() -> None:
    action = reckoned("benjamin_franklin", None, None, allied_before=None)
    ctx = marker_at(None)
    assert violations(action, ctx) == set()
    assert violations(action, ctx, "unchecked") == {("WW-FA-01", 2), ("WW-CARD-18", 2)}
    nothing = reckoned("fixture_ops_1_a", None, None, use=Use.ACTIVATE, allied_before=None)
    assert violations(nothing, ctx, "unchecked") == set()


def test_a_battle_whose_dice_are_missing_leaves_the_marker_unchecked() -> None:
    fought = Battle(space="boston", attacker=Side.AM, general="washington",
                    entered_from=frozenset({"lexington_and_concord"}), step=3,
                    attacker_rolls=1)
    action = reckoned("fixture_ops_3_b", 0, 1, use=Use.ACTIVATE, battles=(fought,))
    ctx = marker_at(1)
    assert violations(action, ctx) == set()
    assert violations(action, ctx, "unchecked") == {("WW-FA-01", 2)}


# ------------------------------------------------------------------ WW-FA-03


@pytest.mark.parametrize(("ctx", "severity"), [
    (marker_at(4), "illegal"), (marker_at(9), None),
    (marker_at(None, european_war=True), None), (marker_at(None), "unchecked")])
def test_ww_12_2_b_i_the_navy_enters_play_only_with_the_alliance(
        ctx: Context, severity: str | None) -> None:
    action = NavyMoved(step=5, origin=box("fr_reinforcements"), destination=CHESAPEAKE,
                       phase=STRATEGY)
    for kind in ("illegal", "unchecked"):
        assert violations(action, ctx, kind) == (
            {("WW-FA-03", 5)} if kind == severity else set())


# ------------------------------------------------------------------ WW-NAVY-03


def destaing(destination: Place, card: str | None = "destaing_sails",
             phase: str | None = STRATEGY) -> NavyMoved:
    return NavyMoved(step=4, origin=NEW_ENGLAND, destination=destination, phase=phase,
                     card=card, year="1778")


def test_ww_12_2_destaing_puts_the_navy_on_the_current_turn() -> None:
    ctx = Position().context()
    assert violations(destaing(turn(1778)), ctx) == set()
    assert "WW-NAVY-03" in applied(destaing(turn(1778)), ctx)
    assert violations(destaing(turn(1779)), ctx) == {("WW-NAVY-03", 4)}


def test_ww_12_2_only_destaing_sends_the_navy_to_the_turn_track() -> None:
    ctx = Position().context()
    assert violations(destaing(turn(1778), card="fixture_ops_2_a"), ctx) == {
        ("WW-NAVY-03", 4)}
    assert violations(destaing(turn(1778), card=None), ctx) == {("WW-NAVY-03", 4)}
    assert violations(destaing(turn(1778), card=None, phase=None), ctx, "unchecked") == {
        ("WW-NAVY-03", 4)}


# ------------------------------------------------------------------ through the log


@pytest.mark.parametrize(("name", "expected"), [
    ("alliance-battle-moves-the-markers", set()),
    ("illegal-alliance-marker-short", {("WW-BAT-13", 13), ("WW-FA-01", 13)}),
    ("alliance-franklin", set()),
    ("illegal-alliance-franklin-short", {("WW-FA-01", 3)}),
    ("alliance-destaing-sails", set()),
    ("illegal-alliance-destaing-wrong-turn", {("WW-NAVY-03", 3)}),
    ("illegal-alliance-navy-before-the-alliance", {("WW-FA-03", 3)}),
    ("alliance-franklin-brings-the-french", set()),
    ("illegal-alliance-french-held-back", {("WW-FA-03", 3), ("WW-FA-04", 4)}),
])
def test_alliance_scenarios(name: str, expected: set[tuple[str, int]],
                            tmp_path: Path) -> None:
    report = scenario_report(name, tmp_path)
    assert {(f.rule_id, f.step) for f in report.findings
            if f.severity is Severity.ILLEGAL} == expected
    assert not [f for f in report.findings if f.severity is Severity.UNCHECKED
                and f.rule_id.startswith(("WW-FA-", "WW-NAVY-", "WW-BAT-13", "WW-BAT-14"))]


def test_with_the_markers_bound_a_british_defeat_is_checked_not_unchecked(
        tmp_path: Path) -> None:
    """WW 9.2 Step 7: the British lose a battle and 3 CUs (as in the rulebook's combat
    example), the Turn marker flips and the French Alliance marker goes 0 -> 3."""
    report = scenario_report("alliance-battle-moves-the-markers", tmp_path)
    for rule in ("WW-BAT-13", "WW-BAT-14", "WW-FA-01"):
        assert rule in report.coverage.checked


# ------------------------------------------------------------------ the alliance carried out


def alliance_now(pieces: dict[str | Place, list[str]]) -> Context:
    """The marker on the French Alliance space, with these other pieces."""
    return Position({track(9): ["alliance:track"], **pieces}).context()


def reached(*, arrivals: tuple[Arrival, ...] = (), legs: tuple[Leg, ...] = ()) -> ImpulseReckoned:
    activations = (Activation(general="greene", step=3, legs=legs),) if legs else ()
    impulse = Impulse(side=Side.AM, card="benjamin_franklin", destination=DISCARD, step=2,
                      player=None, use=Use.EVENT, arrivals=arrivals, activations=activations)
    return ImpulseReckoned(step=2, side="AM", impulse=impulse, before=5, after=9,
                           allied_before=False, european_war=False, washington_lost=False)


def test_ww_12_2_b_the_alliance_puts_the_navy_and_the_french_into_play() -> None:
    done = alliance_now({CHESAPEAKE: ["navy"], "boston": ["general:rochambeau", "cu:FR:5"]})
    assert violations(reached(), done) == set()
    assert {"WW-FA-02", "WW-FA-03", "WW-FA-04"} <= applied(reached(), done)
    forgotten = alliance_now({box("fr_reinforcements"): ["navy", "general:rochambeau",
                                                         "cu:FR:5"]})
    assert violations(reached(), forgotten) == {("WW-FA-03", 2), ("WW-FA-04", 2)}


def test_ww_12_2_b_ii_the_reinforcement_box_only_when_no_port_is_free() -> None:
    boxed = {CHESAPEAKE: ["navy"], box("am_reinforcements"): ["general:rochambeau", "cu:FR:5"]}
    assert violations(reached(), alliance_now(boxed)) == {("WW-FA-04", 2)}
    ports = [key for key, record in data().spaces.items() if record.port]
    every_port_british: dict[str | Place, list[str]] = {key: ["pc:BR"] for key in ports}
    assert violations(reached(), alliance_now({**boxed, **every_port_british})) == set()


def test_ww_12_2_b_the_french_come_after_the_card_is_fully_resolved() -> None:
    leg = Leg(step=6, general="greene", origin="newport", destination="hartford", carried=())
    french = Arrival(step=4, space="boston", generals=("rochambeau",),
                     cu=((Nationality.FR, 5),))
    ctx = alliance_now({CHESAPEAKE: ["navy"], "boston": ["general:rochambeau", "cu:FR:5"]})
    assert violations(reached(arrivals=(french,), legs=(leg,)), ctx) == {("WW-FA-02", 4)}
    after = Arrival(step=7, space="boston", generals=("rochambeau",),
                    cu=((Nationality.FR, 5),))
    assert violations(reached(arrivals=(after,), legs=(leg,)), ctx) == set()


def end_of(year: str, marker: Place, side: str) -> tuple[TurnEnded, Context]:
    ctx = Position({marker: [f"alliance:{side}"]}).context()
    ctx.state.allied_in = year
    return TurnEnded(step=30, year=year, next_year=None, war_ends=()), ctx


def test_ww_12_2_b_iii_european_war_on_the_next_turn_with_two_british_cus_and_a_reshuffle(
        ) -> None:
    action, ctx = end_of("1778", turn(1779), "european_war")
    assert violations(action, ctx) == set()
    assert violations(action, ctx, "reminder") == {("WW-FA-05", 30), ("WW-FA-06", 30)}
    for marker, side in ((turn(1778), "european_war"), (track(9), "track")):
        action, ctx = end_of("1778", marker, side)
        assert violations(action, ctx) == {("WW-FA-05", 30)}


def test_an_alliance_in_the_last_turn_only_flips_the_marker() -> None:
    # WW 5.7: the game ends after 1783; the Turn Track has no next turn's space.
    action, ctx = end_of("1783", turn(1783), "european_war")
    assert violations(action, ctx) == set()
    action, ctx = end_of("1783", track(9), "track")
    assert violations(action, ctx) == {("WW-FA-05", 30)}


def british(**spaces: int) -> Snapshot:
    """A map position with British CUs in some spaces."""
    return Snapshot(tuple(SpaceAt(space, cu=((Nationality.BR, n),)) for space, n in
                          sorted(spaces.items()) if n))


@pytest.mark.parametrize(("end", "changed", "found"), [
    pytest.param(british(boston=3, quebec=2), (33,), set(), id="2 from one space"),
    pytest.param(british(boston=4, quebec=1), (32, 33), set(),
                 id="1 each from two spaces (WW 12.2.B.iii)"),
    pytest.param(british(boston=4, quebec=2), (33,), {("WW-FA-05", 40)},
                 id="1 only: found as the End Phase ends"),
    pytest.param(british(boston=2, quebec=2), (32, 33), {("WW-FA-05", 33)},
                 id="3: found at the last removal"),
    pytest.param(british(boston=5, quebec=2), (), {("WW-FA-05", 40)},
                 id="none from the map (the box does not count)"),
])
def test_ww_12_2_b_iii_the_british_remove_two_cus_from_the_map_in_the_end_phase(
        end: Snapshot, changed: tuple[int, ...], found: set[tuple[str, int]]) -> None:
    _, ctx = end_of("1778", turn(1779), "european_war")
    action = EndPhaseEnded(step=40, year="1778", start=british(boston=5, quebec=2), end=end,
                           changed=changed)
    assert violations(action, ctx) == found
    assert "WW-FA-05" in applied(action, ctx)
    later = EndPhaseEnded(step=50, year="1779", start=british(boston=5), end=british(boston=5),
                          changed=())
    assert violations(later, ctx) == set()


def test_another_turn_s_end_phase_owes_nothing() -> None:
    action, ctx = end_of("1778", turn(1779), "european_war")
    later = TurnEnded(step=40, year="1779", next_year=None, war_ends=())
    assert violations(later, ctx, "reminder") == set()
    assert violations(action, ctx) == set()


def test_franklins_plus_four_is_judged_with_the_marker_and_not_otherwise() -> None:
    """WW-CARD-18 (WW 6.34.C.ii) is applied exactly when WW-FA-01 judged a Franklin play."""
    franklin = reckoned("benjamin_franklin", 4, 8)
    assert "WW-CARD-18" in applied(franklin, marker_at(8))
    other_card = reckoned("hortelz_et_cie", 4, 6)
    assert "WW-CARD-18" not in applied(other_card, marker_at(6))
    unseen = reckoned("benjamin_franklin", None, None)
    assert "WW-CARD-18" not in applied(unseen, Position({}).context()), (
        "the marker was not seen: nothing applied")
