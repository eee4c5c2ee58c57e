"""The sieges family judged by hand (AaM 3.0A, 4.3-4.7): each rule legal and illegal,
from the rulebook's sentences, and the resolution odds reported."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from adjudicator.systems.almost_a_miracle.actions import (
    EndeavorTaken,
    ForceMoved,
    FortMarked,
    SiegeLosses,
    SiegeMarked,
    SiegeRecord,
    SiegeSurrendered,
)
from adjudicator.systems.almost_a_miracle.procedure import AaMProcedure
from adjudicator.systems.common.outcomes import Computed
from adjudicator.systems.common.sequencer import PhaseShown, Position, Unit
from tests.adjudicator.systems.almost_a_miracle.rulekit import (
    context,
    done,
    ids,
    judged,
    position,
)

TICONDEROGA, BOSTON, OPEN = "Y39", "NE13", "Y27"


def marked(area: str, before: int, after: int, *, besieger: str | None = "british",
           **fields: object) -> SiegeMarked:
    return SiegeMarked(step=9, side=besieger, area=area, before=before, after=after,
                       besieger=besieger, **fields)  # type: ignore[arg-type]


def surrender(area: str, level: int, garrison: tuple[tuple[str, int], ...], *,
              besieger: str = "british", besiegers: tuple[tuple[str, int], ...] = (),
              removed: int = 0) -> SiegeSurrendered:
    return SiegeSurrendered(step=9, side=besieger, area=area, level=level, besieger=besieger,
                            turn="1776-06", garrison=garrison, besiegers=besiegers,
                            surrendered=sum(sp for _, sp in garrison), besieger_removed=removed)


def computed(outcomes: list[object], kind: str) -> Computed:
    return next(o for o in outcomes if isinstance(o, Computed) and o.kind == kind)


# AAM-SIEGE-01


def test_siege_01_laid_with_the_ratio_is_legal() -> None:
    """4.3: "the friendly forces retain the necessary 1:1 or 2:1 advantage, they may now
    lay siege"; 4.3.1: "Place a Siege Level 1 marker on the fort or city"."""
    state = position(("sp:cont_regular:12", TICONDEROGA), ("sp:brit_regular:24", TICONDEROGA),
                     ("siege:1", TICONDEROGA))
    assert "AAM-SIEGE-01" in done(judged(marked(TICONDEROGA, 0, 1), context(state=state)))


def test_siege_01_laid_without_the_ratio_is_illegal_indians_not_counted() -> None:
    """4.2.3: "Indian SPs cannot count toward this total" (digest D3)."""
    state = position(("sp:cont_regular:12", TICONDEROGA), ("sp:brit_regular:20", TICONDEROGA),
                     ("sp:indian:10", TICONDEROGA), ("siege:1", TICONDEROGA))
    assert "AAM-SIEGE-01" in ids(judged(marked(TICONDEROGA, 0, 1), context(state=state)))


def test_siege_01_laid_where_there_is_no_fort_or_city_is_illegal() -> None:
    """4.3.1: the Siege marker goes "on the fort or city"."""
    from tests.adjudicator.systems.almost_a_miracle.test_forts import complete_map

    state = position(("sp:cont_regular:2", OPEN), ("sp:brit_regular:20", OPEN))
    assert "AAM-SIEGE-01" in ids(judged(marked(OPEN, 0, 1),
                                        context(state=state, data=complete_map())))


# AAM-SIEGE-02, AAM-SIEGE-08


def endeavor(side: str = "continental") -> EndeavorTaken:
    return EndeavorTaken(step=12, side=side, kind="force")


def later(proc: AaMProcedure | None = None) -> AaMProcedure:
    """A procedure after the month's first endeavor (one has ended)."""
    return replace(proc or AaMProcedure(),
                   position=Position(last=Unit(side="british", step=5, number=1)))


def test_siege_02_both_sides_share_an_area_only_under_siege() -> None:
    """4.3.1 note: "This is the one exception to the prohibition of forces of both sides
    being in the same Area at the end of an endeavor." """
    besieged = position(("sp:cont_regular:12", TICONDEROGA), ("sp:brit_regular:24", TICONDEROGA),
                        ("siege:1", TICONDEROGA))
    assert "AAM-SIEGE-02" in done(judged(endeavor(), context(state=besieged, proc=later())))
    shared = position(("sp:cont_regular:12", TICONDEROGA), ("sp:brit_regular:24", TICONDEROGA))
    lifted = later(AaMProcedure(lifted=frozenset({(TICONDEROGA, "1776-06")})))
    assert "AAM-SIEGE-02" in ids(judged(endeavor(), context(state=shared, proc=lifted)))


def test_siege_02_a_battle_left_unfinished_elsewhere_is_not_judged_here() -> None:
    """Only where a Siege marker was removed is the shared Area this family's to judge."""
    shared = position(("sp:cont_regular:12", OPEN), ("sp:brit_regular:24", OPEN))
    assert "AAM-SIEGE-02" not in ids(judged(endeavor(), context(state=shared)))


def test_siege_02_the_areas_of_the_new_endeavor_wait_for_its_end() -> None:
    """A force that just entered an enemy Area fights first (4.2.5): not the end of its
    endeavor."""
    shared = position(("sp:cont_regular:12", OPEN), ("sp:brit_regular:24", OPEN))
    lifted = AaMProcedure(lifted=frozenset({(OPEN, "1776-06")}))
    entry = ForceMoved(step=12, side="british", pieces=("a",), leaders=("howe",),
                       sp=(("brit_regular", 24),), trains=0, origin="Y13", destination=OPEN,
                       path=(), die=1)
    outcomes = judged(endeavor("british"), context(state=shared, proc=lifted,
                                                   step_actions=(entry,)))
    assert "AAM-SIEGE-02" not in ids(outcomes)


def test_siege_08_the_besieger_keeps_the_ratio_at_the_end_of_every_endeavor() -> None:
    """4.6: "If, at the end of any endeavor, the besieger no longer has the required odds
    [...] all his forces in the Area must retreat. The siege marker is then removed." """
    laid = SiegeRecord(TICONDEROGA, "british", 1, ("1776-05", "endeavors"))
    record = later(AaMProcedure(sieges=(laid,)))
    kept = position(("sp:cont_regular:12", TICONDEROGA), ("sp:brit_regular:24", TICONDEROGA),
                    ("siege:1", TICONDEROGA))
    assert "AAM-SIEGE-08" in done(judged(endeavor(), context(state=kept, proc=record)))
    lost = position(("sp:cont_regular:12", TICONDEROGA), ("sp:brit_regular:20", TICONDEROGA),
                    ("siege:1", TICONDEROGA))
    assert "AAM-SIEGE-08" in ids(judged(endeavor(), context(state=lost, proc=record)))


def test_siege_08_a_set_up_siege_besieger_found_by_the_ratio() -> None:
    """17.1: the Continentals besiege Boston (a city, 1:1) at Siege Level 2 from the
    set-up; the besieger is the side that holds the ratio."""
    boston = position(("sp:cont_regular:168", BOSTON), ("sp:brit_regular:60", BOSTON),
                      ("siege:2", BOSTON))
    assert "AAM-SIEGE-08" in done(judged(endeavor(), context(state=boston, proc=later())))


def test_siege_08_not_judged_at_the_months_first_endeavor() -> None:
    """4.6: "at the end of any endeavor": the month's first endeavor ends none (a garrison
    grown in the Reinforcement Phase is the besieger's to answer in his endeavor)."""
    laid = SiegeRecord(TICONDEROGA, "british", 1, ("1776-05", "endeavors"))
    lost = position(("sp:cont_regular:12", TICONDEROGA), ("sp:brit_regular:20", TICONDEROGA),
                    ("siege:1", TICONDEROGA))
    first = AaMProcedure(sieges=(laid,))
    assert "AAM-SIEGE-08" not in ids(judged(endeavor(), context(state=lost, proc=first)))


# AAM-SIEGE-07


def test_siege_07_a_losing_sally_retreats_back_inside() -> None:
    """4.5.2: "If the Sallying force loses, it must retreat back into the city or fort." """
    record = AaMProcedure(sieges=(SiegeRecord(TICONDEROGA, "british", 1, (None, None)),),
                          activated=frozenset({"gates"}))
    out = ForceMoved(step=14, side="continental", pieces=("c",), leaders=("gates",),
                     sp=(("cont_regular", 5),), trains=0, origin=TICONDEROGA,
                     destination=OPEN, path=(), die=None)
    stayed = position(("sp:cont_regular:5", OPEN), ("sp:brit_regular:24", TICONDEROGA),
                      ("siege:1", TICONDEROGA))
    assert "AAM-SIEGE-07" in ids(judged(out, context(state=stayed, proc=record)))
    gone = position(("sp:cont_regular:5", OPEN), ("siege:1", TICONDEROGA))
    assert "AAM-SIEGE-07" in done(judged(out, context(state=gone, proc=record)))


def test_siege_07_the_sally_force_moving_on_after_its_battle() -> None:
    """4.5.2: "If the Sallying force loses, it must retreat back into the city or fort."
    The log shows the sally as a leader flipped where he stands and both sides' rolls: the
    force's move out in the same endeavor (a later leg of it) is the sally's retreat."""
    sallied = AaMProcedure(sieges=(SiegeRecord(TICONDEROGA, "british", 1, (None, None)),),
                           activated=frozenset({"gates"}),
                           stood=("continental", TICONDEROGA,
                                  frozenset({"continental", "british"})))
    out = ForceMoved(step=14, side="continental", pieces=("c",), leaders=("gates",),
                     sp=(("cont_regular", 5),), trains=0, origin=TICONDEROGA,
                     destination=OPEN, path=(), die=2, continues=True)
    stayed = position(("sp:cont_regular:5", OPEN), ("sp:brit_regular:24", TICONDEROGA),
                      ("siege:1", TICONDEROGA))
    assert "AAM-SIEGE-07" in ids(judged(out, context(state=stayed, proc=sallied)))
    gone = position(("sp:cont_regular:5", OPEN), ("siege:1", TICONDEROGA))
    assert "AAM-SIEGE-07" in done(judged(out, context(state=gone, proc=sallied)))
    marched = replace(sallied, stood=("continental", TICONDEROGA, frozenset({"continental"})))
    assert "AAM-SIEGE-07" not in ids(judged(out, context(state=stayed, proc=marched)))


def test_siege_07_a_new_endeavor_marching_out_is_not_judged() -> None:
    """4.5 speaks of a sally "to fight a battle"; no rule forbids a besieged force's own
    endeavor out of the Area (the fixture's Scenario 1 smoke test: Percy leaves Boston)."""
    record = AaMProcedure(sieges=(SiegeRecord(TICONDEROGA, "british", 1, (None, None)),))
    out = ForceMoved(step=14, side="continental", pieces=("c",), leaders=("gates",),
                     sp=(("cont_regular", 5),), trains=0, origin=TICONDEROGA,
                     destination=OPEN, path=(), die=2)
    stayed = position(("sp:cont_regular:5", OPEN), ("sp:brit_regular:24", TICONDEROGA),
                      ("siege:1", TICONDEROGA))
    assert "AAM-SIEGE-07" not in ids(judged(out, context(state=stayed, proc=record)))


def test_siege_07_a_relief_force_that_entered_this_month_may_retreat_out() -> None:
    """4.4.3: the besiegers "retreat immediately following the retreat of the relief force
    (if any)": a relief force leaves the Area; it is not a sally."""
    record = AaMProcedure(sieges=(SiegeRecord(TICONDEROGA, "british", 1, (None, None)),),
                          entered=frozenset({(TICONDEROGA, "continental", "1776-06")}),
                          activated=frozenset({"gates"}))
    out = ForceMoved(step=14, side="continental", pieces=("c",), leaders=("gates",),
                     sp=(("cont_regular", 5),), trains=0, origin=TICONDEROGA,
                     destination=OPEN, path=(), die=None)
    stayed = position(("sp:cont_regular:5", OPEN), ("sp:brit_regular:24", TICONDEROGA),
                      ("siege:1", TICONDEROGA))
    assert "AAM-SIEGE-07" not in ids(judged(out, context(state=stayed, proc=record)))


# AAM-SIEGE-09, AAM-SIEGE-11


def test_siege_11_level_one_flips_in_the_siege_resolution_phase() -> None:
    """4.7.3: a Level 1 siege not surrendered "will flip its siege marker to its Level 2
    side"; 3.0A: "Flip Siege 1 markers to their Siege 2 side" in Phase A."""
    state = position(("sp:cont_regular:10", TICONDEROGA), ("sp:brit_regular:24", TICONDEROGA))
    assert "AAM-SIEGE-11" in done(judged(marked(TICONDEROGA, 1, 2),
                                         context(phase="siege", state=state)))
    assert "AAM-SIEGE-11" in ids(judged(marked(TICONDEROGA, 1, 2),
                                        context(phase="endeavors", state=state)))


def test_siege_11_a_level_one_marker_left_after_phase_a_is_a_reminder() -> None:
    """3.0A: every Siege 1 marker flips before the Attrition Phase."""
    left = position(("siege:1", TICONDEROGA))
    shown = PhaseShown(step=20, phase="attrition")
    assert "AAM-SIEGE-11" in ids(judged(shown, context(phase="attrition", state=left)),
                                 "reminder")
    flipped = position(("siege:2", TICONDEROGA))
    assert judged(shown, context(phase="attrition", state=flipped)) == []


def test_siege_09_only_sieges_that_start_the_phase_are_resolved() -> None:
    """4.7.4: "If a fort *starts* the Siege Resolution Phase with a Siege Level 2 marker on
    it" the besieged may surrender or stand the final assault."""
    garrison = (("cont_regular", 10),)
    before = AaMProcedure(sieges=(SiegeRecord(TICONDEROGA, "british", 2, ("1776-05", "siege")),))
    same = AaMProcedure(sieges=(SiegeRecord(TICONDEROGA, "british", 2, ("1776-06", "siege")),))
    removed = marked(TICONDEROGA, 2, 0, garrison=garrison, surrendered=10)
    state = position(("sp:brit_regular:24", TICONDEROGA))
    assert "AAM-SIEGE-09" in done(judged(removed, context(phase="siege", proc=before,
                                                          state=state)))
    assert "AAM-SIEGE-09" in ids(judged(removed, context(phase="siege", proc=same,
                                                         state=state)))


# AAM-SIEGE-13, AAM-SIEGE-18


def test_siege_13_a_surrender_costs_one_sp_per_ten_or_fraction() -> None:
    """4.7.5: "The besieger loses 1 SP for every 10 (or fraction of 10) SP in the defending
    force" (digest D6: 21 SP cost 3)."""
    state = position(("sp:brit_regular:40", TICONDEROGA), ("siege:2", TICONDEROGA))
    garrison = (("cont_regular", 21),)
    right = surrender(TICONDEROGA, 2, garrison, besiegers=(("brit_regular", 43),), removed=3)
    outcomes = judged(right, context(phase="siege", state=state))
    assert "AAM-SIEGE-13" in done(outcomes)
    assert computed(outcomes, "siege_surrender").result["besieger_loss"] == 3
    wrong = surrender(TICONDEROGA, 2, garrison, besiegers=(("brit_regular", 43),), removed=5)
    assert "AAM-SIEGE-13" in ids(judged(wrong, context(phase="siege", state=state)))


def test_siege_13_14_a_loss_taken_after_the_surrender_or_break() -> None:
    """4.7.5, 4.7.6a: the besieger's loss is owed until taken; more than owed is illegal,
    none taken by the end of the phase a reminder."""
    owed = AaMProcedure(owed=((TICONDEROGA, "british", "1776-06", 3, "AAM-SIEGE-13"),))
    paid = SiegeLosses(step=10, side="british", area=TICONDEROGA, sp=3, turn="1776-06")
    assert "AAM-SIEGE-13" in done(judged(paid, context(phase="siege", proc=owed)))
    over = SiegeLosses(step=10, side="british", area=TICONDEROGA, sp=5, turn="1776-06")
    assert "AAM-SIEGE-13" in ids(judged(over, context(phase="siege", proc=owed)))
    shown = PhaseShown(step=12, phase="attrition")
    assert "AAM-SIEGE-13" in ids(judged(shown, context(phase="attrition", proc=owed)),
                                 "reminder")


def test_siege_18_a_city_at_level_two_may_not_surrender_at_level_one_it_may() -> None:
    """4.7.7: "If a city is at Siege Level 2 during this phase, the besieged player may not
    be offered a 'summons' and may not surrender." At Level 1 a city may (4.7.5 "If a city
    or fort surrenders", A7)."""
    state = position(("sp:cont_regular:30", BOSTON), ("siege:2", BOSTON))
    garrison = (("brit_regular", 20),)
    level_two = surrender(BOSTON, 2, garrison, besieger="continental")
    assert "AAM-SIEGE-18" in ids(judged(level_two, context(phase="siege", state=state)))
    level_one = surrender(BOSTON, 1, garrison, besieger="continental")
    assert "AAM-SIEGE-18" in done(judged(level_one, context(phase="siege", state=state)))


def test_siege_20_more_than_fifty_surrendered_is_a_catastrophe() -> None:
    """11.5.4: "The surrender of more than 50 SPs following a siege combat is also deemed a
    Catastrophe"."""
    state = position(("sp:cont_regular:130", BOSTON), ("siege:1", BOSTON))
    many = surrender(BOSTON, 1, (("brit_regular", 51),), besieger="continental")
    assert "AAM-SIEGE-20" in ids(judged(many, context(phase="siege", state=state)),
                                 "reminder")
    fifty = surrender(BOSTON, 1, (("brit_regular", 50),), besieger="continental")
    assert "AAM-SIEGE-20" not in ids(judged(fifty, context(phase="siege", state=state)),
                                     "reminder")


# AAM-SIEGE-14


def test_siege_14_breaking_costs_one_sp_per_ten_or_fraction() -> None:
    """4.7.6a: "If he breaks the siege and retreats, he still loses 1 SP for every ten or
    fraction of 10 SPs in the besieged force." """
    state = position(("sp:cont_regular:12", TICONDEROGA))
    right = marked(TICONDEROGA, 2, 0, garrison=(("cont_regular", 12),),
                   besiegers=(("brit_regular", 40),), besieger_removed=2)
    outcomes = judged(right, context(phase="siege", state=state))
    assert "AAM-SIEGE-14" in done(outcomes)
    assert computed(outcomes, "siege_break").result["besieger_loss"] == 2
    wrong = marked(TICONDEROGA, 2, 0, garrison=(("cont_regular", 12),),
                   besiegers=(("brit_regular", 40),), besieger_removed=4)
    assert "AAM-SIEGE-14" in ids(judged(wrong, context(phase="siege", state=state)))


# AAM-SIEGE-16, AAM-SIEGE-17


def test_siege_17_final_assault_odds_computed_result_unchecked_without_the_drms() -> None:
    """4.7.6b: "the players conduct the casualty determination part of a combat (Case
    11.2.4) [...] using all applicable modifiers except cavalry advantage" (digest N3: 40
    SP against 12, net DRM 0, P(win) = 5/12)."""
    assault = marked(TICONDEROGA, 2, 0, garrison=(("cont_regular", 12),),
                     besiegers=(("brit_regular", 40),),
                     dice=(("british", 5), ("continental", 2)))
    state = position(("sp:brit_regular:40", TICONDEROGA))
    outcomes = judged(assault, context(phase="siege", state=state))
    odds = computed(outcomes, "final_assault")
    assert odds.probabilities["besieger_wins"] == Fraction(5, 12)
    assert odds.result["expected_besieger_loss"] == "19/6"
    assert "AAM-SIEGE-17" in ids(outcomes, "unchecked")


# AAM-SIEGE-20, AAM-SIEGE-21


def test_siege_20_major_victory_to_the_side_holding_the_place() -> None:
    """11.5: "In any battle or siege in which both sides have 15 or more SPs [...] the
    winner is the side [...] in possession of the fort/city after siege resolution"."""
    surrender_ = surrender(TICONDEROGA, 2, (("cont_regular", 20),),
                           besiegers=(("brit_regular", 42),), removed=2)
    kept = position(("sp:brit_regular:40", TICONDEROGA), ("mv:british", "box"))
    assert "AAM-SIEGE-20" in done(judged(surrender_, context(phase="siege", state=kept)))
    other = position(("sp:brit_regular:40", TICONDEROGA), ("mv:continental", "box"))
    assert "AAM-SIEGE-20" in ids(judged(surrender_, context(phase="siege", state=other)),
                                 "reminder")
    small = surrender(TICONDEROGA, 2, (("cont_regular", 10),),
                      besiegers=(("brit_regular", 42),), removed=1)
    outcomes = judged(small, context(phase="siege", state=other))
    assert "AAM-SIEGE-20" not in ids(outcomes, "reminder")


def test_siege_20_special_forts_are_a_major_victory_whatever_the_size() -> None:
    """11.5.2: "Capture of an enemy-controlled Fort Pitt, Penobscot, Fort Niagara, or
    Newtown is considered a Major Victory regardless of the number of SPs involved." """
    surrender_ = surrender("Y55", 2, (("brit_regular", 4),), besieger="continental",
                           besiegers=(("cont_regular", 10),), removed=1)
    state = position(("sp:cont_regular:9", "Y55"), ("mv:british", "box"))
    assert "AAM-SIEGE-20" in ids(judged(surrender_, context(phase="siege", state=state)),
                                 "reminder")


def test_siege_21_a_fort_taken_by_assault_is_destroyed() -> None:
    """4.7.6b: "if the target of the siege was a fort the fort is destroyed. For forts
    printed on the map, place a Destroyed Fort marker"."""
    assault = marked(TICONDEROGA, 2, 0, garrison=(("cont_regular", 12),),
                     besiegers=(("brit_regular", 40),),
                     dice=(("british", 6), ("continental", 1)))
    standing = position(("sp:brit_regular:38", TICONDEROGA))
    assert "AAM-SIEGE-21" in ids(judged(assault, context(phase="siege", state=standing)),
                                 "reminder")
    destroyed = position(("sp:brit_regular:38", TICONDEROGA), ("fort:destroyed", TICONDEROGA))
    marker = FortMarked(step=9, side="british", area=TICONDEROGA, before=None,
                        after="destroyed", owner=None)
    ctx = context(phase="siege", state=destroyed, step_actions=(marker, assault))
    assert "AAM-SIEGE-21" in done(judged(assault, ctx))


def test_siege_13_surrendered_militia_are_eliminated_not_returned() -> None:
    """4.7.5: "All besieged Leaders and regular SPs are placed on the turn track four months
    ahead [...] All besieged militia SPs are eliminated." """
    state = position(("sp:brit_regular:40", TICONDEROGA), ("siege:1", TICONDEROGA))
    garrison = (("cont_regular", 5), ("ne_militia", 3))
    regulars = SiegeSurrendered(step=9, side="continental", area=TICONDEROGA, level=1,
                                besieger="british", turn="1776-06", garrison=garrison,
                                besiegers=(), surrendered=5, besieger_removed=0,
                                surrendered_sp=(("cont_regular", 5),))
    assert "AAM-SIEGE-13" in done(judged(regulars, context(phase="siege", state=state)))
    militia = SiegeSurrendered(step=9, side="continental", area=TICONDEROGA, level=1,
                               besieger="british", turn="1776-06", garrison=garrison,
                               besiegers=(), surrendered=8, besieger_removed=0,
                               surrendered_sp=(("cont_regular", 5), ("ne_militia", 3)))
    assert "AAM-SIEGE-13" in ids(judged(militia, context(phase="siege", state=state)))


def test_siege_21_the_destroyed_fort_marker_after_an_assault_is_done() -> None:
    """4.7.6b: "For forts printed on the map, place a Destroyed Fort marker"; not after a
    surrender, where the fort "remains intact" (4.7.5)."""
    marker = FortMarked(step=11, side="british", area=TICONDEROGA, before=None,
                        after="destroyed", owner=None)
    assaulted = AaMProcedure(lifted=frozenset({(TICONDEROGA, "1776-06")}))
    assert "AAM-SIEGE-21" in done(judged(marker, context(phase="siege", proc=assaulted)))
    surrendered = AaMProcedure(lifted=frozenset({(TICONDEROGA, "1776-06")}),
                               surrenders=frozenset({(TICONDEROGA, "1776-06")}))
    assert "AAM-SIEGE-21" not in done(judged(marker, context(phase="siege", proc=surrendered)))


def test_siege_18_a_city_flipped_this_phase_started_it_at_level_one() -> None:
    """4.7.7 speaks of a city at Level 2 "during this phase"; 3.0A flips Level 1 markers
    last: a marker flipped early in the phase does not bar the Level 1 summons."""
    state = position(("sp:cont_regular:30", BOSTON), ("siege:2", BOSTON))
    flipped = AaMProcedure(sieges=(SiegeRecord(BOSTON, "continental", 2, ("1776-06", "siege")),))
    early = surrender(BOSTON, 2, (("brit_regular", 20),), besieger="continental")
    outcomes = judged(early, context(phase="siege", state=state, proc=flipped))
    assert "AAM-SIEGE-18" not in ids(outcomes)


def test_siege_16_17_an_assaults_cost_to_the_besieger() -> None:
    """4.7.6b: "If the besieger loses the DR comparison, he loses 1 SP for every 10 SP in
    the besieging force [...] If the besieger wins [...] the besieging player loses 1 SP
    for every 10 SP in the besieged force" (either rounding, A9b)."""
    assault = AaMProcedure(assaults=((TICONDEROGA, "british", "1776-06", 25, 10, 0),))

    def lost(sp: int) -> SiegeLosses:
        return SiegeLosses(step=8, side="british", area=TICONDEROGA, sp=sp, turn="1776-06")

    assert "AAM-SIEGE-17" in done(judged(lost(1), context(phase="siege", proc=assault)))
    assert "AAM-SIEGE-16" in done(judged(lost(3), context(phase="siege", proc=assault)))
    assert "AAM-SIEGE-16" in ids(judged(lost(4), context(phase="siege", proc=assault)))


def test_markers_placed_while_the_set_up_may_go_on_are_not_judged() -> None:
    """17.1: the 1775 set-up puts a Siege Level 2 marker on Boston; 17.3-17.5 put a Fort
    marker at Fort Stanwix: markers put on the map before the phase marker first moves may
    be the set-up's."""
    setting_up = AaMProcedure(phases_shown=1)
    state = position(("sp:cont_regular:2", TICONDEROGA), ("sp:brit_regular:20", TICONDEROGA),
                     ("siege:2", TICONDEROGA))
    outcomes = judged(marked(TICONDEROGA, 0, 2),
                      context(phase="siege", state=state, proc=setting_up))
    assert not ids(outcomes) and not done(outcomes) - {"AAM-SOP-01"}
    fort = FortMarked(step=3, side="british", area=BOSTON, before=None, after="build",
                      owner="british")
    assert "AAM-FORT-01" not in ids(judged(fort, context(phase="siege", proc=setting_up)))
