"""Command, Professional Army, Wilderness DRMs, Backwoods Generals (AaM 10.6.1b, 11.1,
11.2, 11.2.5, 14.2, 16.1) and the retreats before combat of 11.3.3-11.3.5, judged on
battles written from the rulebook."""

from __future__ import annotations

from adjudicator.systems.almost_a_miracle.actions import BattleSide, Retreated
from adjudicator.systems.almost_a_miracle.rules.combat import commanders
from tests.adjudicator.systems.almost_a_miracle.battlekit import (
    british,
    computed,
    continental,
    ended,
    force,
    joined,
    moved_on,
    retreat,
    rolls,
    with_data,
)
from tests.adjudicator.systems.almost_a_miracle.rulekit import (
    context,
    done,
    ids,
    judged,
    position,
)

LEADERS = {
    "greene": {"rank": "2-star", "seniority": 5, "category": "regular", "audacity": 2,
               "tactical": 3},
    "lee": {"rank": "2-star", "seniority": 2, "category": "militia", "audacity": 3,
            "tactical": 1},
    "stark": {"rank": "colonel", "seniority": 21, "category": "militia", "audacity": 4,
              "tactical": 3},
    "knox": {"rank": "colonel", "seniority": 30, "category": "regular", "audacity": 1,
             "tactical": 1},
    "sullivan": {"rank": "1-star", "seniority": 9, "category": "militia", "audacity": 1,
                 "tactical": 1},
    "wayne": {"rank": "1-star", "seniority": 11, "category": "regular", "audacity": 1,
              "tactical": 2},
    "stirling": {"rank": "1-star", "seniority": 12, "category": "regular", "audacity": 2,
                 "tactical": 2},
}
DATA = with_data(leaders=LEADERS)


def test_cbt01_the_highest_ranking_leader_commands() -> None:
    """AaM 11.1: "The highest-ranking Leader in an Area is the one who commands (and whose
    audacity and tactical ratings are used to affect the combat), whether he was the
    activating Leader or not." A 2-star over a 1-star."""
    side = continental(10, leaders=("wayne", "greene"))
    assert commanders(side, DATA) == (("greene",), "the highest-ranking leader (AaM 11.1)")
    outcomes = judged(joined(british(30), side), context(data=DATA))
    assert computed(outcomes, "commander").result == {"commander": "greene"}
    assert "AAM-CBT-01" in done(outcomes)
    assert "AAM-CBT-05" in done(outcomes)


def test_cbt01_equal_one_stars_the_owner_chooses() -> None:
    """Digest AAM-CBT-01: "The owner chooses among equal 1-stars or Colonels"."""
    found = commanders(continental(10, leaders=("wayne", "stirling")), DATA)
    assert found is not None and set(found[0]) == {"wayne", "stirling"}


def test_cbt01_unknown_ranks_leave_the_commander_unchecked() -> None:
    """AaM 11.1: with no rank in the data, who commands is not known."""
    outcomes = judged(joined(british(30), continental(10, leaders=("wayne", "heath"))),
                      context(data=DATA))
    assert "AAM-CBT-01" in ids(outcomes, "unchecked")


def test_cbt02_a_regular_outranks_a_militia_leader_of_the_same_rank() -> None:
    """AaM 11.1.2: "Regular Leaders outrank militia Leaders of the same rank. [...] A
    militia general, however, outranks a regular colonel." Lee (militia 2-star, seniority
    2) yields to Greene (regular 2-star, 5); Sullivan (militia 1-star) commands Knox
    (regular colonel)."""
    assert commanders(continental(10, leaders=("lee", "greene")), DATA) is not None
    assert commanders(continental(10, leaders=("lee", "greene")), DATA)[0] == ("greene",)
    found = commanders(continental(10, leaders=("knox", "sullivan")), DATA)
    assert found is not None and found[0] == ("sullivan",)
    outcomes = judged(joined(british(30), continental(10, leaders=("knox", "sullivan"))),
                      context(data=DATA))
    assert "AAM-CBT-02" in done(outcomes)


def test_cbt02_brant_is_outranked_by_all() -> None:
    """AaM 11.1.1: "Indian leader Brant is outranked by all other leaders." """
    data = with_data(leaders={**LEADERS, "carleton": {"rank": "colonel", "category": "regular",
                                                      "seniority": 40}})
    found = commanders(british(10, leaders=("brant", "carleton")), data)
    assert found is not None and found[0] == ("carleton",)


def test_cbt03_destaing_and_the_c_in_c_more_sp_commands() -> None:
    """AaM 14.2.1-14.2.2: d'Estaing "outranks all other Continental leaders aside from the
    Continental Commander-in-Chief"; with him, "whoever has the most SPs in the Area is the
    ranking commander"."""
    french = force("continental", ("french_regular", 10), ("cont_regular", 5),
                   leaders=("destaing", "washington"))
    found = commanders(french, DATA)
    assert found is not None and found[0] == ("destaing",)
    more = force("continental", ("french_regular", 5), ("cont_regular", 10),
                 leaders=("destaing", "washington"))
    found = commanders(more, DATA)
    assert found is not None and found[0] == ("washington",)
    found = commanders(force("continental", ("french_regular", 5), leaders=("destaing",
                                                                           "greene")), DATA)
    assert found is not None and found[0] == ("destaing",)
    assert "AAM-CBT-03" in done(judged(joined(british(30), more), context(data=DATA)))


def test_cbt11_a_british_force_of_half_regulars_is_professional() -> None:
    """AaM 11.2.5: "A British force is always considered a Professional Army as long as it
    contains 50% or more of regular SPs." """
    outcomes = judged(joined(british(10, indians=10), continental(10)), context())
    found = [o for o in outcomes if getattr(o, "kind", "") == "professional_army"]
    assert any(o.result == {"professional": True} for o in found)  # type: ignore[attr-defined]
    assert "AAM-CBT-11" in done(outcomes)


def test_cbt11_a_continental_force_before_april_1779_is_unchecked() -> None:
    """AaM 11.2.5: Continental forces "beginning in April 1779, or 2 turns after Steuben
    arrives via a Political Event, whichever comes first"."""
    early = judged(joined(british(60), continental(10)), context(turn="1778-06"))
    assert "AAM-CBT-11" in ids(early, "unchecked")
    late = judged(joined(british(60), continental(10)), context(turn="1779-04"))
    assert "AAM-CBT-11" not in ids(late, "unchecked")


def test_cbt15_wilderness_drms() -> None:
    """AaM 10.6.1b: "+2 DRM to an all-Indian force if the opposing force is 50% or more
    regulars; it also provides a +1 DRM to the Continental player if the opposing force is
    100% British Regulars"."""
    data = with_data(terrain={"NE10": "wilderness"})
    outcomes = judged(joined(british(20), continental(10)), context(data=data))
    assert computed(outcomes, "wilderness_drm").result == {"attacker_drm": 0,
                                                            "defender_drm": 1}
    assert "AAM-CBT-15" in done(outcomes)
    assert "AAM-CBT-15" not in done(judged(joined(british(20), continental(10)), context()))


def test_opt01_stark_commanding_militia_loses_no_drm() -> None:
    """AaM 16.1: "If Generals Morgan or Stark are the ranking Continental Leader in combat
    (but not Final Siege Assault) the -1 DRM for a force which is more than half militia
    does not apply." Only with the optional rule."""
    side = continental(2, 8, leaders=("stark",))
    on = judged(joined(british(30), side), context(data=DATA, options=("backwoods-generals",)))
    assert computed(on, "backwoods_generals").result == {"militia_drm": 0}
    assert "AAM-OPT-01" in done(on)
    off = judged(joined(british(30), side), context(data=DATA))
    assert "AAM-OPT-01" not in done(off)
    regulars = judged(joined(british(30), continental(8, 2, leaders=("stark",))),
                      context(data=DATA, options=("backwoods-generals",)))
    assert "AAM-OPT-01" not in done(regulars)


# AAM-RET-03, -04, -05: retreats before combat


def test_ret03_the_attacker_may_follow_after_a_retreat_before_combat() -> None:
    """AaM 11.3.3: "The attacker may continue to move his force [...] even into the Area to
    which the defending player retreated"."""
    battle = joined(british(30), continental(5))
    outcomes = judged(ended(battle, rolls=(("continental", 2, (2,)),),
                            retreats=(retreat("continental", before=True, step=3),),
                            moved_on=(moved_on("british", "NE9", step=4),)), context())
    assert "AAM-RET-03" in done(outcomes)
    assert "AAM-CBT-16" not in ids(outcomes)


def test_ret04_trains_alone_may_not_retreat_before_combat() -> None:
    """AaM 11.3.4: "Baggage trains alone in an Area may not retreat before combat"."""
    battle = joined(british(30), BattleSide(side="continental", trains=1))
    alone = Retreated(step=3, side="continental", area="NE10", destination="NE9",
                      pieces=("bt",), trains=1, before_combat=True)
    assert "AAM-RET-04" in ids(judged(ended(battle, retreats=(alone,)), context()))
    led = Retreated(step=3, side="continental", area="NE10", destination="NE9",
                    pieces=("bt",), leaders=("greene",), sp=(("cont_regular", 5),),
                    trains=1, before_combat=True)
    legal = judged(ended(joined(british(30), continental(5, trains=1)),
                         rolls=(("continental", 2, (2,)),), retreats=(led,)), context())
    assert "AAM-RET-04" in done(legal)


def test_ret04_a_magazine_never_retreats() -> None:
    """AaM 11.3.4: "magazines of course, cannot retreat under any circumstances"."""
    state = position(("bt:continental:mag", "NE9"))
    mag = Retreated(step=3, side="continental", area="NE10", destination="NE9",
                    pieces=("p0", "x"), leaders=("greene",), sp=(("cont_regular", 5),),
                    trains=1, before_combat=False)
    outcomes = judged(ended(joined(british(30), continental(5)), rolls=rolls((3, 4), (2, 1)),
                            retreats=(mag,)), context(state=state))
    assert "AAM-RET-04" in ids(outcomes)


def test_ret05_swamp_foxes_retreat_with_no_roll() -> None:
    """AaM 11.3.5: "If the defending force is commanded by a Continental militia Leader and
    composed solely of Continental militia SPs, and there is an adjacent swamp Area [...]
    retreat the force into the swamp Area without having to make a retreat DR check (even
    if the commanding Leader's tactical rating is zero)." """
    data = with_data(leaders=LEADERS, terrain={"NE9": "swamp"})
    fox = retreat("continental", "NE9", before=True, step=3, sp=(("ne_militia", 5),),
                  leaders=("stark",))
    outcomes = judged(ended(joined(british(30), continental(0, 5, leaders=("stark",))),
                            retreats=(fox,)), context(data=data))
    assert "AAM-RET-05" in done(outcomes)
    assert "AAM-RET-01" not in ids(outcomes)
    regular = retreat("continental", "NE9", before=True, step=3, leaders=("greene",))
    outcomes = judged(ended(joined(british(30), continental(5)), retreats=(regular,)),
                      context(data=data))
    assert "AAM-RET-01" in ids(outcomes)


def test_ret04_a_magazine_moved_in_a_retreats_step_is_illegal() -> None:
    """AaM 11.3.4: "magazines of course, cannot retreat under any circumstances": the
    magazine read as moved out of the battle's Area in the retreat's step."""
    from adjudicator.systems.almost_a_miracle.actions import MagazineMoved
    moved = MagazineMoved(step=11, side="continental", piece="mag", origin="NE10",
                          destination="NE9")
    back = retreat("continental", "NE9", step=11)
    assert "AAM-RET-04" in ids(judged(back, context(step_actions=(back, moved))))
    assert "AAM-RET-04" not in ids(judged(back, context(step_actions=(back,))))


def test_cbt01_a_one_star_over_a_colonel_needs_no_category() -> None:
    """AaM 11.1: the highest rank commands; the category matters only at the same rank."""
    data = with_data(leaders={"wayne": {"rank": "1-star", "category": None},
                              "knox": {"rank": "colonel", "category": None}})
    found = commanders(continental(10, leaders=("knox", "wayne")), data)
    assert found is not None and found[0] == ("wayne",)


# AAM-CBT-04, -13 and AAM-MV-03


def test_cbt04_the_lowest_numbered_two_star_succeeds_a_captured_c_in_c() -> None:
    """AaM 11.1.4: "The British Commander-In-Chief may not be replaced except in the event
    of capture [...] The lowest-numbered 2-star general would be the new C-in-C"; and
    11.2.7: the leader lost on a natural 1 is never the C-in-C."""
    from adjudicator.systems.almost_a_miracle.state import Entity
    from adjudicator.systems.common.places import Place, PlaceKind
    data = with_data(leaders={"clinton": {"rank": "2-star", "seniority": 2, "audacity": 3,
                                          "category": "regular"},
                              "burgoyne": {"rank": "2-star", "seniority": 4, "audacity": 1,
                                           "category": "regular"}})
    state = position(("leader:clinton", "NE13"), ("leader:burgoyne", "NE13"))
    state.pieces["howe"] = (Entity.parse("leader:howe") or Entity("leader", "howe"),
                            Place(PlaceKind.BOX, "leader_pow_british"))
    battle = joined(british(30, leaders=("clinton", "burgoyne")), continental(20))
    outcomes = judged(battle, context(data=data, state=state))
    assert computed(outcomes, "british_c_in_c").result == {"c_in_c": "clinton"}
    assert "AAM-CBT-04" in done(outcomes)
    # a natural 1: Burgoyne is lost, not Clinton (now the C-in-C, audacity 3)
    from tests.adjudicator.systems.almost_a_miracle.battlekit import loss
    fought = ended(battle, rolls=rolls((4, 1), (3, 2)),
                   losses=(loss("british", ("brit_regular", 1), leaders=("burgoyne",)),
                           loss("continental", ("cont_regular", 6))))
    assert "AAM-CBT-14" not in ids(judged(fought, context(data=data, state=state)))
    wrong = ended(battle, rolls=rolls((4, 1), (3, 2)),
                  losses=(loss("british", ("brit_regular", 1), leaders=("clinton",)),
                          loss("continental", ("cont_regular", 6))))
    assert "AAM-CBT-14" in ids(judged(wrong, context(data=data, state=state)))
    # Howe on the map: no succession
    home = position(("leader:howe", "NE10"), ("leader:clinton", "NE10"))
    assert "AAM-CBT-04" not in done(judged(battle, context(data=data, state=home)))


def test_cbt13_half_the_lower_rollers_regular_losses_are_prisoners() -> None:
    """AaM 11.2.6: "Half (rounding fractions up) of all regular casualties suffered by the
    lower rolling player become Prisoners of War." 60 against 20, the British 2 higher:
    the Continentals lose 8, 4 prisoners."""
    from tests.adjudicator.systems.almost_a_miracle.battlekit import loss
    battle = ended(joined(british(60), continental(20)), rolls=rolls((4, 5), (3, 2)),
                   losses=(loss("british", ("brit_regular", 1)),
                           loss("continental", ("cont_regular", 8))))
    outcomes = judged(battle, context())
    assert computed(outcomes, "prisoners").result == {"prisoners": 4}
    assert "AAM-CBT-13" in done(outcomes)
    tie = ended(joined(british(60), continental(20)), rolls=rolls((4, 5), (3, 2)),
                losses=(loss("british", ("brit_regular", 1)),
                        loss("continental", ("cont_regular", 1))))
    assert "AAM-CBT-13" not in done(judged(tie, context()))


def test_mv03_capturing_fort_pitt_is_a_major_victory_whatever_the_sps() -> None:
    """AaM 11.5.2: "Capture of an enemy-controlled Fort Pitt, Penobscot, Fort Niagara, or
    Newtown is considered a Major Victory regardless of the number of SPs involved." """
    from adjudicator.systems.almost_a_miracle.actions import BattleSide as Side
    from tests.adjudicator.systems.almost_a_miracle.battlekit import loss
    battle = joined(british(5), continental(3), area="P11")

    def fought(marker: str) -> list:  # type: ignore[type-arg]
        return judged(ended(battle, rolls=rolls((4, 5), (3, 2)),
                            losses=(loss("british", ("brit_regular", 1), area="P11"),
                                    loss("continental", ("cont_regular", 1), area="P11")),
                            retreats=(retreat("continental", "P5", area="P11",
                                              sp=(("cont_regular", 2),)),),
                            left=(british(4), Side(side="continental")),
                            major_victory=marker), context())
    assert "AAM-MV-03" in done(fought("british"))
    assert "AAM-MV-03" in ids(fought("continental"), "reminder")


def test_ret09_a_magazine_left_behind_by_the_loser_is_illegal() -> None:
    """AaM 11.4.3: "Magazines can never retreat; replace them with a captured baggage train
    belonging to the victorious player if available." 11.4.4: the same for the BoO."""
    from adjudicator.systems.almost_a_miracle.actions import BattleSide as Side
    from tests.adjudicator.systems.almost_a_miracle.battlekit import loss
    battle = joined(british(60), continental(20))

    def lost_with(*pieces: tuple[str, str]) -> list:  # type: ignore[type-arg]
        return judged(ended(battle, rolls=rolls((4, 5), (3, 2)),
                            losses=(loss("british", ("brit_regular", 1)),
                                    loss("continental", ("cont_regular", 8))),
                            retreats=(retreat("continental", "NE9", sp=(("cont_regular", 12),)),),
                            left=(british(59), Side(side="continental"))),
                      context(state=position(*pieces)))
    assert "AAM-RET-09" in ids(lost_with(("bt:continental:mag", "NE10")))
    assert "AAM-RET-09" in ids(lost_with(("boo:continental", "NE10")))
    captured = lost_with(("bt:british:captured", "NE10"))
    assert "AAM-RET-09" in done(captured)
    assert "AAM-RET-09" not in ids(captured)


def test_mv08_a_british_major_victory_takes_one_from_the_militia_rolls() -> None:
    """AaM 5.1.2: "A -1 DRM applies if the Major Victory marker is on its British side";
    6.5: militia generation rolls subtract one "if the Major Victory marker is on the
    British side" (March, June, September and December)."""
    from adjudicator.systems.common.sequencer import PhaseShown
    british_up = position(("mv:british", "C33"))
    shown = PhaseShown(step=3, phase="attrition")
    outcomes = judged(shown, context(phase="attrition", state=british_up))
    assert computed(outcomes, "major_victory_drm").result == {"militia_drm": -1}
    assert "AAM-MV-08" in done(outcomes)
    continental_up = judged(shown, context(phase="attrition",
                                           state=position(("mv:continental", "C33"))))
    assert computed(continental_up, "major_victory_drm").result == {"militia_drm": 0}
    july = judged(PhaseShown(step=3, phase="reinforcement"),
                  context(phase="reinforcement", turn="1776-07", state=british_up))
    assert "AAM-MV-08" not in done(july)


def test_cbt06_bayonets_only_under_50_sp_of_half_british_regulars() -> None:
    """AaM 11.2.1: "'Fixing Bayonets' can only be declared if the attacking force is less
    than 50 SPs and consists of 50% or more British Regulars." """
    def declared(attacker: BattleSide, defender: BattleSide) -> list:  # type: ignore[type-arg]
        from dataclasses import replace
        battle = ended(joined(attacker, defender), rolls=rolls((4, 5), (3, 2)))
        return judged(replace(battle, bayonets=2), context())
    assert "AAM-CBT-06" in done(declared(british(30), continental(20)))
    assert "AAM-CBT-06" in ids(declared(british(50), continental(20)))
    assert "AAM-CBT-06" in ids(declared(british(10, indians=11), continental(20)))
    assert "AAM-CBT-06" in done(declared(british(10, indians=10), continental(20)))
    assert "AAM-CBT-06" in ids(declared(continental(20), british(10)))


def test_cbt06_a_chat_line_declares_bayonets() -> None:
    """AaM 11.2.1: the British player "elects whether or not to go in with 'fixed
    bayonets'": a chat line saying so, not one refusing them."""
    from adjudicator.systems.almost_a_miracle.read_battles import _bayonets
    assert _bayonets("&lt;Banastre&gt; - Fix bayonets!")
    assert _bayonets("<Banastre> - bayonets")
    assert not _bayonets("<Banastre> - no bayonets")
    assert not _bayonets("<Banastre> - I pass")
