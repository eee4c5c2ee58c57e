"""The supply family judged by hand (AaM 5.1-5.4, 14.1.4), each test with the rulebook's
sentence."""

from __future__ import annotations

from fractions import Fraction

from adjudicator.systems.almost_a_miracle.actions import (
    DiceRolled,
    EndeavorTaken,
    LeaderRemoved,
)
from adjudicator.systems.almost_a_miracle.data import bundled_data
from adjudicator.systems.almost_a_miracle.data.models import Table
from adjudicator.systems.almost_a_miracle.procedure import AaMProcedure, SupplyRecord
from adjudicator.systems.common.actions import PhaseChange
from adjudicator.systems.common.outcomes import Computed
from adjudicator.systems.common.sequence import Knowledge
from tests.adjudicator.systems.almost_a_miracle.rulekit import (
    context,
    done,
    ids,
    judged,
    position,
)

MV_BRITISH = ("mv:british", "P20")
MV_CONTINENTAL = ("mv:continental", "P20")


def forage(step: int = 9, side: str = "continental", dice: tuple[int, ...] = (3, 4)
           ) -> DiceRolled:
    return DiceRolled(step=step, side=side, button="2d6", dice=dice)


def proc(**record: object) -> AaMProcedure:
    return AaMProcedure(supply=SupplyRecord(**record))  # type: ignore[arg-type]


def phase_end(previous: str = "attrition") -> PhaseChange:
    return PhaseChange(step=20, turn="1778-06", phase="reinforcement",
                       knowledge=Knowledge.SHOWN, reason="shown", previous=previous)


def example(after_p20: int, after_p19: int = 3, die: int = 5, mv: tuple[str, str] = MV_BRITISH,
            turn: str = "1778-06"):  # type: ignore[no-untyped-def]
    """AaM 5.1.4's example: June, the MV marker British, Pennsylvania militia rolled 5."""
    changes = [("P20", "pa_militia", 10, 7)]
    if after_p19 != 3:
        changes.append(("P19", "pa_militia", 3, 8))
    state = position(*((f"sp:pa_militia:{after_p20}", "P20"),) if after_p20 else (),
                     ("sp:pa_militia:3" if after_p19 == 3 else f"sp:pa_militia:{after_p19}",
                      "P19"), mv)
    return context(phase="attrition", turn=turn, state=state,
                   proc=proc(rolls=(("continental", die),), changes=tuple(changes)))


def test_sup01_the_rulebook_example_is_legal() -> None:
    """AaM 5.1.4 example: "A '4' on the June-August column is a 20% result. The first Area
    [...] has 10 SPs [...] loses 2 SPs. The next Area has 3 [...] doesn't lose any"."""
    outcomes = judged(forage(), example(8))
    assert "AAM-SUP-01" in done(outcomes)
    assert ids(outcomes) == set()


def test_sup01_too_many_losses_are_illegal_and_point_at_the_last_change() -> None:
    """AaM 5.1.4: "reduced by the resulting percentage (rounding fractions down)"."""
    outcomes = judged(forage(), example(7))
    assert ids(outcomes) == {"AAM-SUP-01"}
    finding = next(o for o in outcomes if getattr(o, "rule_id", "") == "AAM-SUP-01"
                   and str(getattr(o, "severity", "")) == "illegal")
    assert finding.step == 7  # type: ignore[union-attr]
    assert ids(judged(forage(), example(8, after_p19=2))) == {"AAM-SUP-01"}


def test_sup01_closed_by_the_phase_end_too() -> None:
    """AaM 3.0B: the militia attrition comes first in the Attrition Phase."""
    assert ids(judged(phase_end(), example(7))) == {"AAM-SUP-01"}
    assert "AAM-SUP-01" in done(judged(phase_end(), example(8)))


def test_sup01_a_roll_the_table_does_not_give_is_unchecked() -> None:
    """AaM 5.1.3: the column is on the PAC (only the example's cell is in the rulebook)."""
    outcomes = judged(forage(), example(7, die=6))
    assert ids(outcomes) == set()
    assert "AAM-SUP-01" in ids(outcomes, "unchecked")


def test_sup01_with_the_whole_table_the_chances_are_computed() -> None:
    """AaM 5.1.1-5.1.2: 1d6, -1 with the MV marker British."""
    data = bundled_data()
    rows = tuple({"roll": roll, "June-August": 20 if roll >= 3 else 10} for roll in range(0, 7))
    tables = dict(data.tables)
    old = tables["militia_attrition_table"]
    tables["militia_attrition_table"] = Table(id=old.id, name=old.name, missing=True,
                                              rows=rows, source=old.source)
    ctx = example(8)
    ctx = context(phase="attrition", turn="1778-06", state=ctx.state, proc=ctx.proc,
                  data=data.model_copy(update={"tables": tables}))
    outcomes = judged(forage(), ctx)
    computed = [o for o in outcomes if isinstance(o, Computed) and o.rule_id == "AAM-SUP-01"]
    assert computed and sum(computed[0].probabilities.values()) == 1
    assert "AAM-SUP-01" in done(outcomes)


def test_sup03_loyalists_lose_nothing_while_the_marker_is_british() -> None:
    """AaM 5.3: "If the Major Victory marker is on the Continental side, each month the
    British player makes a 1d6 roll"."""
    state = position(("sp:loyalist_militia:8", "Y13"), MV_BRITISH)
    ctx = context(phase="attrition", turn="1778-06", state=state,
                  proc=proc(rolls=(("british", 4),), changes=(("Y13", "loyalist_militia", 10,
                                                                  5),)))
    assert ids(judged(forage(), ctx)) == {"AAM-SUP-03"}


def test_sup03_loyalists_roll_while_the_marker_is_continental() -> None:
    """AaM 5.3: "those forces suffer the resulting percentage of Attrition (as per Section
    5.1 above)" (no DRM stated)."""
    state = position(("sp:loyalist_militia:8", "Y13"), MV_CONTINENTAL)
    ctx = context(phase="attrition", turn="1778-06", state=state,
                  proc=proc(rolls=(("british", 4),), changes=(("Y13", "loyalist_militia", 10,
                                                                  5),)))
    outcomes = judged(forage(), ctx)
    assert ids(outcomes) == set() and "AAM-SUP-03" in done(outcomes)
    state = position(("sp:loyalist_militia:5", "Y13"), MV_CONTINENTAL)
    ctx = context(phase="attrition", turn="1778-06", state=state, proc=ctx.proc)
    assert ids(judged(forage(), ctx)) == {"AAM-SUP-03"}


def test_sup02_december_enlistment_needs_the_pac() -> None:
    """AaM 5.2.2: "Apply any listed modifiers to the DR and cross reference the result on
    the Table on the PAC"."""
    state = position(("sp:cont_regular:9", "Y10"))
    ctx = context(phase="attrition", turn="1776-12", state=state,
                  proc=proc(rolls=(("continental", 3),),
                            changes=(("Y10", "cont_regular", 12, 4),)))
    outcomes = judged(forage(), ctx)
    assert "AAM-SUP-02" in ids(outcomes, "unchecked") and ids(outcomes) == set()


def test_sup07_washington_is_never_in_the_draw() -> None:
    """AaM 5.4.2: "Washington cannot be affected by these rolls so do not place him in the
    draw pool"."""
    removed = LeaderRemoved(step=5, side="continental", leader="washington", area="Y10")
    ctx = context(phase="attrition", proc=proc(foraging=True, highs=frozenset({"continental"})))
    assert ids(judged(removed, ctx)) == {"AAM-SUP-07"}


def test_sup07_another_leader_leaves_on_an_11_or_12() -> None:
    """AaM 5.4.2: "if an '11' is rolled, the player removes one of his Leaders"."""
    removed = LeaderRemoved(step=5, side="continental", leader="greene", area="Y10")
    ctx = context(phase="attrition", proc=proc(foraging=True, highs=frozenset({"continental"})))
    assert "AAM-SUP-07" in done(judged(removed, ctx))
    lone = judged(removed, context(phase="attrition", proc=proc(foraging=True)))
    assert "AAM-SUP-07" in ids(lone, "unchecked") and ids(lone) == set()


def test_sup07_each_forage_roll_computes_the_leader_chances() -> None:
    """AaM 5.4.2: 11 sick, 12 dead: 1/18 and 1/36 on 2d6."""
    outcomes = judged(forage(dice=(6, 5)), context(phase="attrition", proc=proc(foraging=True)))
    computed = next(o for o in outcomes if isinstance(o, Computed))
    assert computed.probabilities == {"sick": Fraction(1, 18), "dead": Fraction(1, 36)}
    assert computed.result["sick"] is True


def test_sup09_a_winter_activation_with_no_winter_roll_is_reminded() -> None:
    """AaM 10.9: "Any force of units that attempts to activate during winter turns,
    successfully or not, must immediately perform a Winter Attrition (Case 5.4.4) roll"."""
    owed = proc(winter_owed=("british", 4))
    opened = EndeavorTaken(step=8, side="continental", kind="force")
    assert "AAM-SUP-09" in ids(judged(opened, context(turn="1777-01", proc=owed)), "reminder")
    rolled = DiceRolled(step=5, side="british", button="2d6", dice=(2, 2))
    assert "AAM-SUP-09" in done(judged(rolled, context(turn="1777-01", proc=owed)))
    assert "AAM-SUP-09" not in ids(judged(opened, context(turn="1777-01")), "reminder")


def test_sup10_home_militia_take_no_forage_losses() -> None:
    """AaM 5.4.5 example: "The NY/NJ militia are ignored (because they're in New York) [...]
    any attrition that occurs will have to come out of the regulars and the NE militia"."""
    state = position(("sp:ny_nj_militia:4", "Y16"), ("sp:ne_militia:6", "Y16"),
                     ("sp:cont_regular:3", "Y16"))
    legal = proc(foraging=True, changes=(("Y16", "ne_militia", 7, 11),
                                         ("Y16", "cont_regular", 4, 11)))
    outcomes = judged(phase_end(), context(phase="attrition", state=state, proc=legal))
    assert ids(outcomes) == set() and "AAM-SUP-10" in done(outcomes)
    assert "AAM-SUP-06" in ids(outcomes, "unchecked")
    illegal = proc(foraging=True, changes=(("Y16", "ny_nj_militia", 6, 12),))
    outcomes = judged(phase_end(), context(phase="attrition", state=state, proc=illegal))
    assert ids(outcomes) == {"AAM-SUP-10"}


def test_sup19_french_never_forage() -> None:
    """AaM 14.1.4: "French forces are always in supply. They never need to expend a baggage
    train, trace to a magazine, or forage to be in supply"."""
    state = position(("sp:french_regular:8", "NE10"))
    lost = proc(foraging=True, changes=(("NE10", "french_regular", 10, 13),))
    assert ids(judged(phase_end(), context(phase="attrition", state=state, proc=lost))) == \
        {"AAM-SUP-19"}
    kept = proc(foraging=True)
    assert "AAM-SUP-19" in done(judged(phase_end(), context(phase="attrition", state=state,
                                                            proc=kept)))


def test_sup08_troops_at_sea_keep_at_least_1_sp() -> None:
    """AaM 5.4.3: "Troops in the 'At Sea' box cannot be reduced below 1 SP due to
    attrition"."""
    from adjudicator.systems.almost_a_miracle.state import Entity
    from adjudicator.systems.common.places import Place, PlaceKind

    lost = proc(foraging=True, changes=(("AT_SEA", "brit_regular", 3, 12),))
    gone = judged(phase_end(), context(phase="attrition", proc=lost))
    assert ids(gone) == {"AAM-SUP-08"}
    assert next(o for o in gone if getattr(o, "rule_id", "") == "AAM-SUP-08").step == 12  # type: ignore[union-attr]
    state = position()
    state.pieces["s"] = (Entity("sp", "brit_regular", 1), Place(PlaceKind.BOX, "at_sea"))
    kept = judged(phase_end(), context(phase="attrition", state=state, proc=lost))
    assert ids(kept) == set() and "AAM-SUP-08" in done(kept)


def test_the_forage_strength_leaves_out_home_militia_as_in_the_rulebook_example() -> None:
    """AaM 5.4.5 example: "An Area in New York [...] contains 4 Continental regular SP, 7 NE
    Militia SP, and 6 NY/NJ Militia SP. The NY/NJ militia are ignored [...] and so only 11
    SP need to undergo foraging attrition"."""
    state = position(("sp:cont_regular:4", "Y16"), ("sp:ne_militia:7", "Y16"),
                     ("sp:ny_nj_militia:5", "Y16"), ("sp:ny_nj_militia:1", "Y16"))
    outcomes = judged(forage(), context(phase="attrition", state=state))
    strength = [o for o in outcomes if isinstance(o, Computed) and o.kind == "forage strength"]
    assert [o.result["forage sp"] for o in strength] == [11]


def test_the_expected_militia_losses_are_computed() -> None:
    """AaM 5.1.4 example: "twenty percent of ten is two [...] 20% of 3 is .6 the fraction is
    rounded down to 0"."""
    outcomes = judged(forage(), example(8))
    expected = [o for o in outcomes if isinstance(o, Computed)
                and o.kind == "militia attrition expected"]
    assert [(o.inputs["modified roll"], o.result["losses"]) for o in expected] == [(4, "0, 2")]


def test_a_winter_activation_computes_its_winter_roll() -> None:
    """AaM 5.4.4: "on the December through March turns, any force of units that activates
    and moves or attempts to move but fails suffers a second Winter Attrition"."""
    from adjudicator.systems.almost_a_miracle.actions import ForceMoved

    move = ForceMoved(step=3, side="british", pieces=("a",), leaders=("howe",),
                      sp=(("brit_regular", 5),), trains=0, origin="Y13", destination="Y14",
                      path=(), die=2)
    winter = [o for o in judged(move, context(turn="1777-03")) if isinstance(o, Computed)
              and o.kind == "winter attrition"]
    assert [o.result["winter rolls"] for o in winter] == [1]
    assert not [o for o in judged(move, context(turn="1777-04")) if isinstance(o, Computed)
                and o.kind == "winter attrition"]


def test_a_user_table_gives_the_month_column(tmp_path: object) -> None:
    """AaM 5.1.3: "Cross-index the modified DR result with the column on the Militia
    Attrition Table that corresponds with the current month" (the table is on the PAC: a
    user file supplies it)."""
    from pathlib import Path

    from adjudicator.systems.almost_a_miracle.data import load_data
    from adjudicator.systems.almost_a_miracle.rules.supply import militia_column

    assert isinstance(tmp_path, Path)
    user = tmp_path / "pac.toml"
    user.write_text("\n".join(
        f'[[tables.militia_attrition_table.rows]]\nroll = {roll}\n"June-August" = '
        f'"{10 * roll}%"\n"December-February" = {5 * roll}\n' for roll in range(0, 7)))
    data = load_data([user])
    assert militia_column(data, 7)[3] == 30
    assert militia_column(data, 1)[6] == 30
    assert militia_column(data, 4) == {}
    ctx = example(8)
    legal = context(phase="attrition", turn="1778-06", state=ctx.state, proc=ctx.proc,
                    data=data)
    assert ids(judged(forage(), legal)) == {"AAM-SUP-01"}  # 40% of 10 is 4, not 2


def test_sup11_loyalists_in_their_colony_take_forage_losses() -> None:
    """AaM 5.4.6: "Loyalist militia must be supplied by a friendly magazine, baggage train, or
    by foraging, even if they are in the colony in which they were created. Loyalist militia
    do count for calculating Foraging Attrition in any Area they occupy"."""
    state = position(("sp:loyalist_militia:3", "Y13"), ("sp:brit_regular:4", "Y13"))
    lost = proc(foraging=True, changes=(("Y13", "loyalist_militia", 4, 11),))
    outcomes = judged(phase_end(), context(phase="attrition", state=state, proc=lost))
    assert "AAM-SUP-11" in done(outcomes)
    assert ids(outcomes) == set()


def _forages(*steps: tuple[str, int]) -> AaMProcedure:
    return AaMProcedure(phase_steps=tuple(("attrition", "forage", side, step)
                                          for side, step in steps),
                        supply=SupplyRecord(foraging=bool(steps)))


def test_sup20_simplified_attrition_one_roll_per_side() -> None:
    """AaM 16.2: "Instead of rolling separately for all stacks, roll once and apply the DR to
    all stacks requiring an attrition roll": each side's one roll is legal."""
    outcomes = judged(forage(step=9, side="british"),
                      context(phase="attrition", proc=_forages(("continental", 8)),
                              options=("simplified-attrition",)))
    assert {"AAM-SUP-20", "AAM-OPT-02"} <= done(outcomes)
    assert ids(outcomes) == set()


def test_sup20_simplified_attrition_a_second_roll_is_illegal() -> None:
    """AaM 16.2: "roll once" — a side's second forage roll in the phase."""
    outcomes = judged(forage(step=9, side="continental"),
                      context(phase="attrition", proc=_forages(("continental", 8)),
                              options=("simplified-attrition",)))
    assert ids(outcomes) == {"AAM-SUP-20"}


def test_sup20_without_the_option_each_stack_rolls() -> None:
    """AaM 5.4.2: "When rolling for each stack": without 16.2, many rolls are legal."""
    outcomes = judged(forage(step=9, side="continental"),
                      context(phase="attrition", proc=_forages(("continental", 8))))
    assert "AAM-SUP-20" not in ids(outcomes) | done(outcomes)
