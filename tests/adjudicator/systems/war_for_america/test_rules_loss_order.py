"""The order of battle losses (WfA 13.0 Step 8) on made-up battles; the pytest id cites the
rulebook's sentence."""

from __future__ import annotations

import pytest

from adjudicator.systems.common.outcomes import Applied, Violation
from adjudicator.systems.common.sequence import Knowledge
from adjudicator.systems.war_for_america.actions import BRITISH, COLONIAL, BattleLosses
from adjudicator.systems.war_for_america.procedure import Placement, WfAProcedure
from adjudicator.systems.war_for_america.rules.context import Context
from adjudicator.systems.war_for_america.rules.loss_order import judge
from adjudicator.systems.war_for_america.state import Holding

Sp = tuple[tuple[str, int], ...]


def losses(before: Sp, removed: Sp, *, attacker: str = BRITISH,
           surrendered: str | None = None) -> BattleLosses:
    return BattleLosses(step=7, side=attacker, space="albany", before=before,
                        removed=removed, surrendered=surrendered)


def verdicts(action: BattleLosses, severity: str = "illegal") -> list[str]:
    ctx = Context(procedure=WfAProcedure(),
                  placement=Placement(None, Knowledge.UNKNOWN, "made-up battle"))
    return [o.message for o in judge(action, ctx)
            if isinstance(o, Violation) and o.severity.value == severity]


BRITISH_FORCE: Sp = (("british", 4), ("loyalist", 2), ("continental", 5))


@pytest.mark.parametrize(("removed", "illegal"), [
    pytest.param((("british", 1), ("loyalist", 1)), 0,
                 id="13.0 Step 8: a regular, then a Loyalist (the choice after)"),
    pytest.param((("loyalist", 2),), 1, id="13.0 Step 8: the 2nd SP lost is a Regular Unit"),
    pytest.param((("british", 3),), 1, id="13.0 Step 8: the 3rd SP lost is a Loyalist Unit"),
    pytest.param((("loyalist", 1),), 0, id="13.0 Step 8: one loss binds no later priority"),
    pytest.param((("british", 2), ("loyalist", 1)), 0, id="13.0 Step 8: 3 lost, in order"),
])
def test_the_british_order(removed: Sp, illegal: int) -> None:
    assert len(verdicts(losses(BRITISH_FORCE, removed))) == illegal


def test_a_kind_absent_from_the_battle_passes_no_priority() -> None:
    """No Loyalists fought: 3 regulars lost is legal (the stricter reading is not applied)."""
    assert verdicts(losses((("british", 5), ("continental", 3)), (("british", 3),))) == []


@pytest.mark.parametrize(("removed", "illegal"), [
    pytest.param((("continental", 1), ("french", 1)), 0,
                 id="13.0 Step 8 Note: Colonial and French losses divided evenly"),
    pytest.param((("continental", 2), ("french", 1)), 0,
                 id="13.0 Step 8 Note: as evenly as possible, 3 lost"),
    pytest.param((("french", 3),), 1,
                 id="13.0 Step 8 Note: not all on the French while Colonials could lose"),
    pytest.param((("continental", 3), ("french", 1)), 1,
                 id="13.0 Step 8 Note: 4 lost are 2 and 2, not 3 and 1"),
])
def test_the_colonial_and_french_split(removed: Sp, illegal: int) -> None:
    before: Sp = (("continental", 3), ("french", 3), ("british", 6))
    assert len(verdicts(losses(before, removed, attacker=BRITISH))) == illegal


def test_the_split_gives_way_where_one_has_nothing_left() -> None:
    before: Sp = (("continental", 1), ("french", 4), ("british", 6))
    assert verdicts(losses(before, (("continental", 1), ("french", 3)))) == []


def test_the_american_third_loss_is_militia() -> None:
    before: Sp = (("continental", 3), ("militia", 2), ("british", 6))
    assert len(verdicts(losses(before, (("continental", 3),)))) == 1
    assert verdicts(losses(before, (("continental", 2), ("militia", 1)))) == []


def test_a_surrendered_force_is_not_judged_and_six_nations_leave_it_unchecked() -> None:
    action = losses(BRITISH_FORCE, (("loyalist", 2),), surrendered=BRITISH)
    assert verdicts(action) == []
    with_tribes = losses((*BRITISH_FORCE, ("six_nations", 1)), (("british", 1),))
    assert verdicts(with_tribes, "unchecked")
    ctx = Context(procedure=WfAProcedure(),
                  placement=Placement(None, Knowledge.UNKNOWN, "made-up battle"))
    assert any(isinstance(o, Applied) for o in judge(losses(BRITISH_FORCE, (("british", 1),)),
                                                     ctx))
    assert COLONIAL != BRITISH


def test_the_extra_loss_of_a_d_marked_force_is_no_battle_loss() -> None:
    """13.2, 13.8: a 'D' force forced to retreat again loses "an extra '1' SP", which SP
    the rulebook does not say: 2 Continentals by the table and a third as the extra is not
    judged (3 lost and no militia), where without the 'D' marker it is illegal."""
    before: Sp = (("continental", 3), ("militia", 2), ("british", 13))
    marked = Holding()
    marked.markers["marker:d"] = 1
    action = BattleLosses(step=7, side=BRITISH, space="albany", before=before,
                          removed=(("continental", 3),), retreated=COLONIAL, position=marked)
    assert verdicts(action) == []
    assert len(verdicts(action, "unchecked")) == 1
    assert len(verdicts(losses(before, (("continental", 3),)))) == 1


def test_militia_out_of_their_region_are_no_battle_losses() -> None:
    """10.15: militia forced to retreat out of their Region are removed: 2 militia removed
    by a Colonial force that gave way is not judged a broken order (no regular)."""
    before: Sp = (("continental", 3), ("militia", 2), ("british", 13))
    action = BattleLosses(step=7, side=BRITISH, space="albany", before=before,
                          removed=(("militia", 2),), retreated=COLONIAL)
    assert verdicts(action) == []
    winner = BattleLosses(step=7, side=COLONIAL, space="albany", before=before,
                          removed=(("militia", 2),), retreated=BRITISH)
    assert len(verdicts(winner)) == 1
