"""`inspect --steps` keeps each step to one readable line, whatever a file holds."""

from __future__ import annotations

from adjudicator.inspect import RollSummary, StepSummary
from adjudicator.report.text import STEP_ITEMS, steps_text


def test_a_step_of_hundreds_of_rolls_lists_the_first_and_counts_the_rest() -> None:
    roll = RollSummary(button="2d6", player="Banastre", count=2, sides=6, dice=[6, 6],
                       total=12, source="chat", confirmed=True)
    step = StepSummary(index=4, player="Banastre", side="British", moves=[], rolls=[roll] * 738,
                       undone=False, is_undo=False, undoes=None, reroll_of=None, chat=[],
                       added=0, removed=0, problems=[])
    line = steps_text([step]).splitlines()[1]
    assert line.count("roll 2d6: 6,6 = 12 by Banastre") == STEP_ITEMS
    assert line.endswith(f"…and {738 - STEP_ITEMS} more")
    assert len(line) < 2000
