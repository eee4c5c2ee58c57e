"""The order of the steps inside the Attrition, Reinforcement and Logistics and Engineering
Phases (AAM-SOP-07, AaM 3.0B-D; digest 2), read from the actions the other families'
readers produce (`phase_steps.step_labels`, kept in `AaMProcedure.phase_steps`).

3.0 lists each phase's steps "in the order listed":
- B) Attrition: Continental militia (5.1), Expired Enlistment (5.2), Loyalist militia (5.3),
  then "Check Supply and roll for Foraging (5.4)". A single die rolled after a side's forage
  roll is a militia, enlistment or Loyalist roll made late: a reminder, unless that side
  rolled an 11 on a forage roll (the sick leader's 1d6 turns on the track, 5.4.2) or a 12.
  The destroying step (5.4.8) and POW attrition (15.3) are not judged: a train expended to
  supply a force and one destroyed look the same, and the fixture's module has no POW track.
- C) Reinforcement: "Place Reinforcements (6.1)", "POW Exchange (15.4)", "Place available
  baggage trains on each side's BoO (6.4)", then in March, June, September and December
  "Generate Continental militia" (6.5), and last the Political Events roll (6.6). A
  reinforcement or an exchanged leader after new baggage trains or generated militia, or
  new trains after generated militia, is a reminder. Reinforcements and POW exchange are
  taken as one step (returning POW SPs go on the BoO like reinforcements, 15.4.2: the log
  cannot tell them apart); Indians are left alone (July 1777's Indian Uprising places them
  with no roll, 6.1.6). Withdrawals before reinforcements are judged by AAM-REINF-01;
  nothing after the Political Events roll is judged (an event may place pieces).
- D) Logistics and Engineering: the BoO taken off or put back (7.1), then "Convert baggage
  trains to magazines and vice-versa" (7.2), then "Flip Fort Build markers to their Fort
  side", then "Place new Fort markers on their Build side". The British-then-Continental
  order inside a step is AAM-LOG-01 and AAM-LOG-06.

Steps shown in one log step are taken as in order (their order inside it is not in the log).
Rulebook against the digest: the digest's section 2 puts the POW exchange with the
reinforcements too; its example "militia generated before withdrawals" is judged by
AAM-REINF-01 (a withdrawal after any arrival) so that one play gets one finding.
"""

from __future__ import annotations

from collections.abc import Iterator

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
from adjudicator.systems.almost_a_miracle.phase_steps import LABELLED, step_labels
from adjudicator.systems.almost_a_miracle.procedure import ATTRITION, LOGISTICS, REINFORCEMENT
from adjudicator.systems.almost_a_miracle.rules.context import Context
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily

FAMILY = RuleFamily("phase order", frozenset({"AAM-SOP-07"}), actions=LABELLED)
RANKS = {
    REINFORCEMENT: {"arrival": 1, "exchange": 1, "trains": 2, "militia": 3},
    LOGISTICS: {"boo": 0, "convert": 1, "fort_flip": 2, "fort_build": 3},
}
"""Each judged step's place in its phase (AaM 3.0C-D); equal ranks are one step."""
NAMES = {"arrival": "reinforcements placed (6.1)", "exchange": "a POW exchange (15.4)",
         "trains": "new baggage trains placed on the BoO (6.4)",
         "militia": "Continental militia generated (6.5)",
         "boo": "the BoO removed or placed back (7.1)",
         "convert": "baggage trains and magazines converted (7.2)",
         "fort_flip": "Fort Build markers flipped to Fort (4.1)",
         "fort_build": "new Fort Build markers placed (4.1)"}
PHASES = {REINFORCEMENT: "Reinforcement Phase (3.0C)",
          LOGISTICS: "Logistics and Engineering Phase (3.0D)"}


INDIANS = "arrival:indian:"
"""Indians come with Brant by the Indian Uprising, July 1777's event even unrolled (6.1.6)."""


def _kind(label: str) -> str:
    return label.split(":", 1)[0]


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """One step of phases B-D against the steps seen before it in the phase."""
    phase = ctx.phase
    logistics = isinstance(action, BaseShifted | TrainFlipped | FortMarked)
    others = isinstance(action, DiceRolled | TrainRemoved | Left | Arrived | PrisonerReleased)
    if phase is None or not (logistics or others):
        return
    earlier = [(_kind(label), side) for seen, label, side, step in ctx.proc.phase_steps
               if seen == phase and step < action.step]
    labels = {_kind(label) for label in step_labels(action, phase)
              if not label.startswith(INDIANS)}
    if phase == ATTRITION:
        if "militia_die" in labels and action.side is not None and \
                any(label == "forage" and side == action.side for label, side in earlier) and \
                action.side not in ctx.proc.supply.highs:
            yield Check.reminder("AAM-SOP-07", action.step,
                                 f"a single die rolled by the {action.side.title()} player after "
                                 "his forage roll in the Attrition Phase: the militia, Expired "
                                 "Enlistment and Loyalist attrition rolls (5.1-5.3) come before "
                                 "the supply check and foraging (5.4) (AaM 3.0B)")
        elif "forage" in labels and any(label == "militia_die" for label, _ in earlier):
            yield Check.done("AAM-SOP-07")
        return
    ranks = RANKS.get(phase)
    if ranks is None or any(label == "political" for label, _ in earlier):
        return
    seen = [(ranks[label], label) for label, _ in earlier if label in ranks]
    for label in sorted(labels & ranks.keys()):
        later = [(rank, name) for rank, name in seen if rank > ranks[label]]
        if later:
            _, after = max(later)
            yield Check.reminder("AAM-SOP-07", action.step,
                                 f"{NAMES[label]} after {NAMES[after]}: the {PHASES[phase]} "
                                 "performs its steps in the order listed, and "
                                 f"{NAMES[label].split(' (')[0]} comes first (AaM 3.0)")
        elif any(rank < ranks[label] for rank, _ in seen):
            yield Check.done("AAM-SOP-07")
