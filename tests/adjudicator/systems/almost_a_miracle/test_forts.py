"""The forts family judged by hand (AaM 4.1, 4.2, 4.8): each rule legal and illegal, from
the rulebook's sentences."""

from __future__ import annotations

from adjudicator.systems.almost_a_miracle.actions import (
    ForceMoved,
    FortMarked,
    SiegeMarked,
)
from adjudicator.systems.almost_a_miracle.data import AaMData, bundled_data
from tests.adjudicator.systems.almost_a_miracle.rulekit import (
    context,
    done,
    ids,
    judged,
    position,
)

OPEN = "Y27"
"""Albany: in the data, neither city nor printed fort stated (used with a map declared
complete, or with a fort marker)."""
TICONDEROGA, BOSTON = "Y39", "NE13"


def complete_map() -> AaMData:
    data = bundled_data()
    return data.model_copy(update={
        "map_status": data.map_status.model_copy(update={"areas_complete": True})})


def with_engineer(leader: str, engineer: bool | None = True) -> AaMData:
    data = bundled_data()
    leaders = dict(data.leaders)
    leaders[leader] = leaders[leader].model_copy(update={"engineer": engineer})
    return data.model_copy(update={"leaders": leaders})


def build(area: str = OPEN, *, before: str | None = None, after: str | None = "build",
          owner: str | None = "british") -> FortMarked:
    return FortMarked(step=5, side=owner, area=area, before=before, after=after, owner=owner)


def flip(area: str = OPEN) -> FortMarked:
    return build(area, before="build", after="fort")


# AAM-FORT-01


def test_fort_01_build_marker_placed_in_the_logistics_phase_is_legal() -> None:
    """4.1: "During the Fort Construction segment of the Engineering and Logistics Phase,
    the British [...] player starts or finishes building forts." """
    ctx = context(phase="logistics", state=position(("sp:brit_regular:5", OPEN)))
    assert "AAM-FORT-01" in done(judged(build(), ctx))
    assert "AAM-FORT-01" in done(judged(flip(), ctx))


def test_fort_01_build_marker_placed_or_flipped_in_endeavors_is_illegal() -> None:
    """4.1, 3.0D: forts are started and finished in the Logistics and Engineering Phase."""
    ctx = context(phase="endeavors", state=position(("sp:brit_regular:5", OPEN)))
    assert "AAM-FORT-01" in ids(judged(build(), ctx))
    assert "AAM-FORT-01" in ids(judged(flip(), ctx))


# AAM-FORT-02


def test_fort_02_five_regulars_may_build() -> None:
    """4.1.2: "on any non-city Area with at least 5 SPs of regular troops"."""
    ctx = context(phase="logistics", state=position(("sp:brit_regular:5", OPEN)))
    assert "AAM-FORT-02" in done(judged(build(), ctx))


def test_fort_02_three_regulars_and_an_engineer_may_build() -> None:
    """4.1.2: "*or* at least 3 SPs of regular troops and a Leader with engineering
    ability"."""
    ctx = context(phase="logistics", data=with_engineer("howe"),
                  state=position(("sp:brit_regular:3", OPEN), ("leader:howe", OPEN)))
    assert "AAM-FORT-02" in done(judged(build(), ctx))


def test_fort_02_three_regulars_without_an_engineer_is_illegal() -> None:
    """4.1.2: 3 SPs need a Leader with engineering ability; militia do not count."""
    ctx = context(phase="logistics", data=with_engineer("howe", False),
                  state=position(("sp:brit_regular:3", OPEN), ("sp:loyalist_militia:5", OPEN),
                                 ("leader:howe", OPEN)))
    assert "AAM-FORT-02" in ids(judged(build(), ctx))


def test_fort_02_engineer_not_in_the_data_is_unchecked() -> None:
    """4.1.2: the engineer symbol is on the counter, not in the rulebook."""
    ctx = context(phase="logistics",
                  state=position(("sp:brit_regular:4", OPEN), ("leader:howe", OPEN)))
    assert "AAM-FORT-02" in ids(judged(build(), ctx), "unchecked")


def test_fort_02_no_fort_built_in_a_city() -> None:
    """4.1.2: forts are built "on any non-city Area"."""
    ctx = context(phase="logistics", state=position(("sp:brit_regular:10", BOSTON)))
    assert "AAM-FORT-02" in ids(judged(build(BOSTON), ctx))


# AAM-FORT-03


def test_fort_03_british_build_from_the_start_continental_unchecked() -> None:
    """4.1.5: "Only the British can build forts [...] When the 'du Portail' Political Event
    occurs, the Continental player may start building a limited number of forts"."""
    ctx = context(phase="logistics", state=position(("sp:brit_regular:5", OPEN),
                                                    ("sp:cont_regular:5", "Y13")))
    assert "AAM-FORT-03" in done(judged(build(), ctx))
    continental = build("Y13", owner="continental")
    assert "AAM-FORT-03" in ids(judged(continental, ctx), "unchecked")


# AAM-FORT-04


def test_fort_04_flip_needs_the_conditions_still() -> None:
    """4.1.1: flip "if they still have the required conditions to construct them"."""
    kept = context(phase="logistics", state=position(("sp:brit_regular:6", OPEN),
                                                     ("fort:british", OPEN)))
    assert "AAM-FORT-04" in done(judged(flip(), kept))
    lost = context(phase="logistics", state=position(("sp:brit_regular:2", OPEN),
                                                     ("fort:british", OPEN)))
    assert "AAM-FORT-04" in ids(judged(flip(), lost))


# AAM-FORT-05


def move(origin: str, destination: str, *, side: str = "british",
         sp: tuple[tuple[str, int], ...] = (("brit_regular", 5),)) -> ForceMoved:
    return ForceMoved(step=7, side=side, pieces=("a",), leaders=("howe",), sp=sp, trains=0,
                      origin=origin, destination=destination, path=(), die=1)


def test_fort_05_regulars_leaving_a_build_marker() -> None:
    """4.1.3-4.1.4: "The marker remains in the Area as long as there are at least 3 SPs of
    regulars"; "If the player leaves the Area with less than 3 SPs of regulars [...] then
    the marker is removed." """
    stayed = context(state=position(("sp:brit_regular:3", OPEN), ("fort:british:build", OPEN),
                                    ("sp:brit_regular:5", "Y13")))
    assert "AAM-FORT-05" in done(judged(move(OPEN, "Y13"), stayed))
    left = context(state=position(("sp:brit_regular:2", OPEN), ("fort:british:build", OPEN),
                                  ("sp:brit_regular:5", "Y13")))
    assert "AAM-FORT-05" in ids(judged(move(OPEN, "Y13"), left), "reminder")


# AAM-FORT-07


def eliminated(area: str = TICONDEROGA, after: str | None = "destroyed",
               before: str | None = None) -> FortMarked:
    return build(area, before=before, after=after, owner=None)


def test_fort_07_voluntary_elimination_by_the_controller() -> None:
    """4.8: "A fort may be eliminated in the Fort Construction segment by the side that
    controls the Area containing the fort if there is at least 1 friendly SP present"."""
    ctx = context(phase="logistics", state=position(("sp:cont_regular:1", TICONDEROGA)))
    assert "AAM-FORT-07" in done(judged(eliminated(), ctx))


def test_fort_07_elimination_without_control_or_sp_is_illegal() -> None:
    """4.8: the side that controls the Area, with at least 1 friendly SP present."""
    shared = context(phase="logistics", state=position(("sp:cont_regular:1", TICONDEROGA),
                                                       ("sp:brit_regular:5", TICONDEROGA)))
    assert "AAM-FORT-07" in ids(judged(eliminated(), shared))
    alone = context(phase="logistics", state=position(("leader:gates", TICONDEROGA)))
    assert "AAM-FORT-07" in ids(judged(eliminated(), alone))


def test_fort_07_elimination_in_endeavors_is_illegal_after_a_siege_it_is_legal() -> None:
    """4.8: only "in the Fort Construction segment"; except a fort taken by a final assault
    "is destroyed" (4.7.6b) or surrendered and destroyed at the besieger's option (4.7.5)."""
    ctx = context(phase="endeavors", state=position(("sp:cont_regular:1", TICONDEROGA)))
    assert "AAM-FORT-07" in ids(judged(eliminated(), ctx))
    marker = eliminated(OPEN, after=None, before="fort")
    assert "AAM-FORT-07" in ids(judged(marker, ctx))
    siege = context(phase="siege", state=position(("sp:cont_regular:1", TICONDEROGA)))
    assert "AAM-FORT-07" in done(judged(eliminated(), siege))


# AAM-FORT-10, AAM-FORT-11


def test_fort_10_entering_a_garrisoned_fort_needs_two_to_one() -> None:
    """4.2.3: "at least a 2:1 ratio advantage in SPs to enter an Area with a garrisoned
    fort [...] Indian SPs cannot count toward this total." (digest D2, D3)"""
    state = position(("sp:cont_regular:10", TICONDEROGA), ("sp:brit_regular:20", TICONDEROGA),
                     ("sp:indian:10", TICONDEROGA))
    legal = judged(move("C3", TICONDEROGA, sp=(("brit_regular", 20), ("indian", 10))),
                   context(state=state))
    assert "AAM-FORT-10" in done(legal)
    assert "AAM-FORT-11" in ids(legal, "reminder")
    short = position(("sp:cont_regular:13", TICONDEROGA), ("sp:brit_regular:23", TICONDEROGA))
    assert "AAM-FORT-10" in ids(judged(move("C3", TICONDEROGA, sp=(("brit_regular", 23),)),
                                       context(state=short)))


def test_fort_10_a_garrisoned_city_needs_one_to_one() -> None:
    """4.2.3: "at least a 1:1 SP ratio advantage to enter an Area with a garrisoned city"
    (digest D1: 23 against 13 in a city is legal)."""
    even = position(("sp:brit_regular:13", BOSTON), ("sp:cont_regular:23", BOSTON))
    entry = move("NE14", BOSTON, side="continental", sp=(("cont_regular", 23),))
    assert "AAM-FORT-10" in done(judged(entry, context(state=even)))
    short = position(("sp:brit_regular:24", BOSTON), ("sp:cont_regular:23", BOSTON))
    assert "AAM-FORT-10" in ids(judged(entry, context(state=short)))


def test_fort_10_besiegers_move_freely_into_their_siege() -> None:
    """4.3.2: "friendly forces may move into and through that Area as though there were no
    enemy forces there"."""
    state = position(("sp:brit_regular:13", BOSTON), ("sp:cont_regular:23", BOSTON),
                     ("siege:1", BOSTON))
    entry = move("NE14", BOSTON, side="continental", sp=(("cont_regular", 2),))
    assert "AAM-FORT-10" not in ids(judged(entry, context(state=state)))


# AAM-FORT-08, AAM-FORT-12


def laid(area: str, before: int = 0, after: int = 1) -> SiegeMarked:
    return SiegeMarked(step=9, side="british", area=area, before=before, after=after,
                       besieger="british")


def test_fort_12_siege_laid_with_more_than_a_fort_holds_is_illegal() -> None:
    """4.2.1: "Forts may hold up to 30 SPs"; 4.2.5: siege only once "the attackers
    eliminate or retreat all the defender's outside forces"."""
    held = position(("sp:cont_regular:30", TICONDEROGA), ("sp:brit_regular:60", TICONDEROGA))
    assert "AAM-FORT-12" in done(judged(laid(TICONDEROGA), context(state=held)))
    over = position(("sp:cont_regular:31", TICONDEROGA), ("sp:brit_regular:70", TICONDEROGA))
    assert "AAM-FORT-12" in ids(judged(laid(TICONDEROGA), context(state=over)))


def test_fort_08_no_more_than_thirty_inside_a_besieged_fort() -> None:
    """4.2.1: "Forts may hold up to 30 SPs of troops and any number of baggage trains";
    cities "an unlimited number" (4.2.2)."""
    held = position(("sp:cont_regular:30", TICONDEROGA), ("sp:brit_regular:60", TICONDEROGA))
    flipped = laid(TICONDEROGA, 1, 2)
    assert "AAM-FORT-08" in done(judged(flipped, context(phase="siege", state=held)))
    over = position(("sp:cont_regular:35", TICONDEROGA), ("sp:brit_regular:70", TICONDEROGA))
    assert "AAM-FORT-08" in ids(judged(flipped, context(phase="siege", state=over)))
    city = position(("sp:cont_regular:35", BOSTON), ("sp:brit_regular:70", BOSTON))
    assert "AAM-FORT-08" not in ids(judged(laid(BOSTON, 1, 2), context(phase="siege",
                                                                       state=city)))


def test_fortification_unknown_without_the_map_and_none_with_it() -> None:
    """4.2.3 applies to forts and cities only: an Area the data does not describe is
    unchecked, none once the map is declared complete."""
    state = position(("sp:cont_regular:13", OPEN), ("sp:brit_regular:10", OPEN))
    entry = move("C3", OPEN, sp=(("brit_regular", 10),))
    assert "AAM-FORT-10" in ids(judged(entry, context(state=state)), "unchecked")
    outcomes = judged(entry, context(state=state, data=complete_map()))
    assert "AAM-FORT-10" not in ids(outcomes) | ids(outcomes, "unchecked")


def test_fort_10_joining_ones_own_garrison_is_no_entry_against_it() -> None:
    """4.2.3 concerns "an Area with a garrisoned fort" of the enemy: a force that joins its
    own side's garrison, where an enemy force has just entered, is not judged by it."""
    state = position(("sp:cont_regular:10", TICONDEROGA), ("sp:cont_regular:5", TICONDEROGA),
                     ("sp:brit_regular:25", TICONDEROGA))
    joining = move("VT7", TICONDEROGA, side="continental", sp=(("cont_regular", 5),))
    assert "AAM-FORT-10" not in ids(judged(joining, context(state=state)))
