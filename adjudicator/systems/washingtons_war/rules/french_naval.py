"""The French Naval Phase (WW 5.5, 12.3; WW-NAVY-01): the only time the French Navy moves.

In the French Naval Phase the American may move the Navy, in play or on the Turn Track,
to any Blockade Zone. Its other moves are its first placement when the French Alliance
happens (WW 12.2.B.i, from the French Reinforcement Box) and "d'Estaing Sails to the
Caribbean" (to the Turn Track, WW 12.2): those are judged by the alliance family
(`rules/alliance.py`: WW-FA-03, WW-NAVY-03), not here. A move from one Blockade Zone
(or the Turn Track) to another outside the French Naval Phase is illegal; where the log
does not show the phase, it is unchecked.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.places import PlaceKind
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.washingtons_war.actions import NavyMoved
from adjudicator.systems.washingtons_war.procedure import FRENCH_NAVAL, SEQUENCE
from adjudicator.systems.washingtons_war.rules.context import Context

FAMILY = RuleFamily("french_naval", frozenset({"WW-NAVY-01"}), actions=(NavyMoved,))
IN_PLAY = (PlaceKind.ZONE, PlaceKind.TRACK)
"""Where the Navy is "in play or on the Turn Track" (WW 5.5)."""


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """WW-NAVY-01 for one move of the Navy."""
    if not isinstance(action, NavyMoved):
        return
    origin, destination = action.origin, action.destination
    if origin is None or destination is None or origin.kind not in IN_PLAY:
        return  # its first placement (rules/alliance.py), or taken off the map
    if destination.kind is not PlaceKind.ZONE:
        if action.phase == FRENCH_NAVAL:
            yield Check.illegal("WW-NAVY-01", action.step, f"the French Navy went to "
                                f"{destination} in the French Naval Phase: it moves to a "
                                "Blockade Zone")
        return  # to the Turn Track: "d'Estaing Sails…" (rules/alliance.py, WW-NAVY-03)
    if action.phase is None:
        yield Check.unchecked("WW-NAVY-01", action.step, f"the French Navy moved from "
                              f"{origin.key} to {destination.key} and the log does not show "
                              "the phase")
        return
    if action.phase != FRENCH_NAVAL:
        yield Check.illegal("WW-NAVY-01", action.step, f"the French Navy moved from "
                            f"{origin.key} to {destination.key} in the "
                            f"{SEQUENCE.name(action.phase)}: it moves only in the French "
                            "Naval Phase (WW 5.5)", expected=SEQUENCE.name(FRENCH_NAVAL),
                            observed=SEQUENCE.name(action.phase))
    yield Check.done("WW-NAVY-01")


__all__ = ["FAMILY", "judge"]
