"""AAM-CBT-09 judged by hand: the battle winner from the dice and the Battle Winner
Determination Table's rows a user supplies (AaM 11.2.3)."""

from __future__ import annotations

from typing import Any

from adjudicator.systems.almost_a_miracle.data import AaMData
from adjudicator.systems.common.outcomes import Severity, Violation
from tests.adjudicator.systems.almost_a_miracle.battlekit import (
    british,
    continental,
    ended,
    joined,
    loss,
    retreat,
    rolls,
    with_data,
)
from tests.adjudicator.systems.almost_a_miracle.rulekit import context, done, ids, judged

MILITIA = joined(british(60), continental(5, 15))
"""60 British regulars attack 5 Continental regulars and 15 militia: odds 3:1, +2 to the
attacker (AaM 11.2.3); no surprise roll (60 SPs, AaM 11.2.2)."""
LOSSES = (loss("british", ("brit_regular", 1)), loss("continental", ("ne_militia", 8)))


def table(*rows: dict[str, Any]) -> AaMData:
    """The bundled data, NE10 clear, with a Battle Winner Determination Table of `rows`."""
    data = with_data(terrain={"NE10": "clear"})
    found = data.tables["battle_winner_table"].model_copy(update={"rows": rows})
    return data.model_copy(update={"tables": {**data.tables, "battle_winner_table": found}})


MADE_UP = table({"condition": "militia_majority", "side": "each", "drm": -1})
"""A made-up table: -1 to a force more than half militia."""


def test_cbt09_the_higher_total_stays_the_lower_retreats() -> None:
    """AaM 11.2.3: "The highest total (DR + modifiers) wins the battle and remains in the
    Area. The side with the lower total must retreat." British 2+2 = 4 against the militia
    force's 4-1 = 3: the British win, the Continentals retreat."""
    battle = ended(MILITIA, rolls=rolls((2, 5), (4, 2)), losses=LOSSES,
                   retreats=(retreat("continental"),))
    outcomes = judged(battle, context(data=MADE_UP))
    assert "AAM-CBT-09" in done(outcomes)
    assert "AAM-CBT-09" not in ids(outcomes)


def test_cbt09_the_winner_retreating_is_illegal_at_the_retreat() -> None:
    """AaM 11.2.3: the higher total "wins the battle and remains in the Area": the British,
    4 against 3, retreat instead."""
    battle = ended(MILITIA, rolls=rolls((2, 5), (4, 2)), losses=LOSSES,
                   retreats=(retreat("british", "NE13", step=11),))
    outcomes = judged(battle, context(data=MADE_UP))
    found = [o for o in outcomes if isinstance(o, Violation) and o.rule_id == "AAM-CBT-09"]
    assert [(o.severity, o.step) for o in found] == [(Severity.ILLEGAL, 11)]


def test_cbt09_a_tie_goes_to_the_defender() -> None:
    """AaM 11.2.3: "The defender wins in the event of a tie": 3+2-2 against 3, the British
    retreat."""
    data = table({"condition": "always", "side": "attacker", "drm": -2})
    battle = ended(joined(british(60), continental(20)), rolls=rolls((3, 5), (3, 2)),
                   losses=LOSSES, retreats=(retreat("british", "NE13"),))
    assert "AAM-CBT-09" in done(judged(battle, context(data=data)))


def test_cbt09_the_attacker_winning_a_tie_is_not_judged() -> None:
    """AaM 11.2.3: "The defender wins in the event of a tie (exception: Catastrophe, Case
    11.5.4)": the exception is not explained (A58), so the defender retreating after a
    tie is left unchecked, never illegal."""
    data = table({"condition": "always", "side": "attacker", "drm": -2})
    battle = ended(joined(british(60), continental(20)), rolls=rolls((3, 5), (3, 2)),
                   losses=LOSSES, retreats=(retreat("continental"),))
    outcomes = judged(battle, context(data=data))
    assert "AAM-CBT-09" in ids(outcomes, "unchecked")
    assert "AAM-CBT-09" not in ids(outcomes)


def test_cbt09_free_text_rows_leave_the_winner_unchecked() -> None:
    """AaM 11.2.3: the DRMs are "listed in the Battle Winner Determination Table on the
    PAC": rows that are not structured cannot be applied."""
    data = table({"drm_source": "bayonets", "drm": "+1"})
    battle = ended(MILITIA, rolls=rolls((2, 5), (4, 2)), losses=LOSSES,
                   retreats=(retreat("british", "NE13"),))
    outcomes = judged(battle, context(data=data))
    assert "AAM-CBT-09" in ids(outcomes, "unchecked")
    assert "AAM-CBT-09" not in ids(outcomes)


def test_cbt09_a_drm_the_log_does_not_show_may_leave_it_open() -> None:
    """AaM 11.2.3 with a Continental Professional Army before April 1779 (AaM 11.2.5, not
    known): British 1+2+1 = 4 (a British force of regulars is one) against 3 + 0 or 1: a
    British win or a tie, unchecked."""
    data = table({"condition": "professional_army", "side": "each", "drm": 1})
    battle = ended(joined(british(60), continental(20)), rolls=rolls((1, 5), (3, 2)),
                   losses=LOSSES, retreats=(retreat("british", "NE13"),))
    outcomes = judged(battle, context(data=data))
    assert "AAM-CBT-09" in ids(outcomes, "unchecked")
    assert "AAM-CBT-09" not in ids(outcomes)
    assert "AAM-CBT-09" not in done(outcomes)


def test_cbt09_a_winning_leader_alone_leaving_is_not_the_winner_retreating() -> None:
    """AaM 11.4.5: "Leaders that cannot retreat or are alone (no friendly SPs in their Area
    after combat) make a DR [...] they escape": a leader of the winning side leaving
    without SPs is no retreat of the winner under 11.2.3."""
    battle = ended(MILITIA, rolls=rolls((2, 5), (4, 2)), losses=LOSSES,
                   retreats=(retreat("continental"),
                             retreat("british", "NE13", sp=(), leaders=("clinton",))))
    assert "AAM-CBT-09" not in ids(judged(battle, context(data=MADE_UP)))
