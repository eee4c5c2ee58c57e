"""The steps of Almost a Miracle!'s Attrition, Reinforcement and Logistics and Engineering
Phases (AaM 3.0B-D) as the actions the readers produce show them: one label per step seen,
kept in `AaMProcedure.phase_steps` for the phase order (`rules/phase_order.py`) and the
reinforcement rules that look back over the phase.

Labels: Attrition `militia_die` (a single die: militia, enlistment or Loyalist attrition),
`forage` (a 2d6), `expended` (a train or magazine off the map); Reinforcement
`withdrawal:<kind>:<SP>` (SPs off the map), `leader_out:<leader>` (a leader off the map),
`arrival:<kind>:<SP>:<Area>:<track|new>` (SPs other than Continental militia onto the map,
from the Turn Record Track or not), `exchange:<leader>` (a leader out of a Leader POW box,
to a box or the map; not one sent out of the game, AAM-REINF-04), `trains` (new baggage
trains), `militia` (Continental militia), `political` (a 2d6); Logistics `boo` (a BoO off
or on), `convert` (a train or magazine turned over), `fort_flip` (a Fort Build marker
turned to its Fort side), `fort_build` (a new Fort Build marker).
"""

from __future__ import annotations

from adjudicator.systems.almost_a_miracle.actions import (
    Arrived,
    BaseShifted,
    DiceRolled,
    FortMarked,
    Left,
    PrisonerReleased,
    TrainFlipped,
    TrainRemoved,
)
from adjudicator.systems.common.actions import Action

LABELLED: tuple[type[Action], ...] = (DiceRolled, TrainRemoved, Left, Arrived, PrisonerReleased,
                                      BaseShifted, TrainFlipped, FortMarked)
"""The actions that show a step of phases B-D."""
GONE = ("elim", "dead", "kill", "remov", "withdr")
"""Where a leader taken out of a POW box is gone from the game, not exchanged."""
LOYALIST_KINDS = frozenset({"loyalist_militia", "canadian_militia"})


def continental_militia(kind: str) -> bool:
    """A Continental militia unit kind (`ne_militia`...), not Loyalist or Canadian."""
    return kind.endswith("_militia") and kind not in LOYALIST_KINDS


def _two_dice(action: DiceRolled) -> bool:
    return len(action.dice) == 2 or "2d6" in action.button.casefold().replace(" ", "") or \
        (len(action.dice) == 1 and action.dice[0] > 6)


def step_labels(action: Action, phase: str) -> tuple[str, ...]:
    """The labels of the steps one action shows in its phase (none outside phases B-D)."""
    if phase == "attrition":
        if isinstance(action, DiceRolled):
            return ("forage",) if _two_dice(action) else \
                ("militia_die",) if len(action.dice) == 1 else ()
        if isinstance(action, TrainRemoved):
            return ("expended",)
    elif phase == "reinforcement":
        if isinstance(action, DiceRolled):
            return ("political",) if _two_dice(action) else ()
        if isinstance(action, Left):
            return tuple(f"withdrawal:{kind}:{sp}" for kind, sp in action.sp) + tuple(
                f"leader_out:{leader}" for leader in action.leaders)
        if isinstance(action, PrisonerReleased):
            to = action.to.casefold()
            gone = not to or any(word in to for word in GONE)
            return () if gone else (f"exchange:{action.leader}",)
        if isinstance(action, Arrived):
            labels = []
            source = "track" if any("turn_track" in origin for origin in action.origins) \
                else "new"
            labels += [f"arrival:{kind}:{sp}:{action.area}:{source}" for kind, sp in action.sp
                       if not continental_militia(kind)]
            if action.trains:
                labels.append("trains")
            if any(continental_militia(kind) for kind, _ in action.sp):
                labels.append("militia")
            if any("leader_pow" in origin for origin in action.origins):
                labels += [f"exchange:{leader}" for leader in action.leaders]
            return tuple(labels)
    elif phase == "logistics":
        if isinstance(action, BaseShifted):
            return ("boo",)
        if isinstance(action, TrainFlipped):
            return ("convert",)
        if isinstance(action, FortMarked):
            if action.before == "build" and action.after == "fort":
                return ("fort_flip",)
            if action.before is None and action.after == "build":
                return ("fort_build",)
    return ()
