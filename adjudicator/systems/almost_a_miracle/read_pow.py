"""Almost a Miracle!'s reading of the POW SP tracks (AaM 15.1, 15.3, 15.4): a module's POW
SP box of each side (`box:pow_continental`: the Continental prisoners) holding SP counters.
When an Attrition or Reinforcement Phase ends (the next phase is shown), one `PowTotals`
action gives both boxes' SP totals when it began and when it ended. POW track markers
(x1/x10/x100 on a numbered track) are not read."""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.systems.almost_a_miracle.actions import PowTotals
from adjudicator.systems.almost_a_miracle.procedure import ATTRITION, REINFORCEMENT
from adjudicator.systems.almost_a_miracle.reading import PowReading
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.places import PlaceKind

if TYPE_CHECKING:
    from adjudicator.systems.almost_a_miracle.state import AaMState

SIDES = ("continental", "british")
BOXES = {f"pow_{side}": side for side in SIDES}
"""The POW SP box keys (the binding's `box:pow_<side>`), by the side whose prisoners they
hold."""


def pow_totals(state: AaMState) -> tuple[tuple[str, int], ...]:
    """Each side's SPs in its POW box (0 for a module without one)."""
    totals = dict.fromkeys(SIDES, 0)
    for entity, place in state.pieces.values():
        if entity.kind == "sp" and place.kind is PlaceKind.BOX and place.key in BOXES:
            totals[BOXES[place.key]] += entity.value
    return tuple(totals.items())


def read_pow(reading: PowReading, state: AaMState, step: int,
             phase: str | None) -> tuple[PowReading, list[Action]]:
    """The POW totals of a phase that ended at this step; the reading moved on."""
    actions: list[Action] = []
    now = pow_totals(state)
    if phase == reading.phase:
        if reading.before is not None and now != reading.before:
            reading = PowReading(reading.phase, reading.before, step)
        return reading, actions
    if reading.phase in (ATTRITION, REINFORCEMENT) and reading.before is not None:
        actions.append(PowTotals(step=step, phase=reading.phase, before=reading.before,
                                 after=now, changed=reading.changed))
    return PowReading(phase, now if phase in (ATTRITION, REINFORCEMENT) else None), actions
