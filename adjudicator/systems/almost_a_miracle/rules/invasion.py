"""Almost a Miracle!'s invasions (AaM 10.7): the halt for the special militia generation.

- AAM-MOV-29 (10.7, 10.7.4): "If a British force containing regulars enters a colony where
  previously there were no British Regulars, the movement of that force is temporarily halted
  in the first Area of that colony that it moved into." Militia are generated and placed at
  once (10.7.1-10.7.3), then "the British force may complete its endeavor" (10.7.4). A drag
  that goes on past the first Area of the newly invaded colony did not halt there: a reminder
  (the generation is the Continental player's, and the log may show it in a later step). A
  force that stops in that first Area halted as it must. Rulebook against the digest: 2.0
  "Invasion" says "one or more British SPs"; 10.7 says "a British force containing regulars":
  10.7 is followed (digest A43). The rebel colonies are New England, New York/New Jersey (with
  Vermont and the Iroquois Nation), Pennsylvania and Maryland/Delaware.
- AAM-MOV-31 (10.7.6): the same for Continental regulars entering Canada (Halifax is part of
  Canada) where there were no Continental regulars.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.almost_a_miracle.actions import ForceMoved
from adjudicator.systems.almost_a_miracle.procedure import ENDEAVORS
from adjudicator.systems.almost_a_miracle.rules.context import Context
from adjudicator.systems.almost_a_miracle.rules.movement_map import colony_of
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.places import PlaceKind
from adjudicator.systems.common.rulebook import RuleFamily

BRITISH_RULE = "AAM-MOV-29"
CONTINENTAL_RULE = "AAM-MOV-31"
FAMILY = RuleFamily("invasion", frozenset({BRITISH_RULE, CONTINENTAL_RULE}),
                    actions=(ForceMoved,))
INVADERS: dict[str, tuple[frozenset[str], frozenset[str], str]] = {
    "british": (frozenset({"brit_regular", "brit_cavalry"}),
                frozenset({"ne", "ny_nj", "pa", "md_de"}), BRITISH_RULE),
    "continental": (frozenset({"cont_regular", "cont_cavalry"}), frozenset({"canada"}),
                    CONTINENTAL_RULE),
}
"""Each side's regulars, the colonies they invade, the rule."""


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """A force of regulars entering a colony that had none of its side's regulars."""
    if not isinstance(action, ForceMoved) or ctx.phase != ENDEAVORS or action.within or \
            action.side not in INVADERS:
        return
    regulars, colonies, rule = INVADERS[action.side]
    if not any(kind in regulars for kind, _ in action.sp):
        return
    route = action.path or (action.origin, action.destination)
    left = colony_of(action.origin, ctx.data)
    for index, area in enumerate(route[1:], start=1):
        colony = colony_of(area, ctx.data)
        if colony is None or colony == left or colony not in colonies:
            left = colony
            continue
        if _held(colony, regulars, action, ctx):
            left = colony
            continue
        beyond = route[index + 1:]
        if beyond:
            yield Check.reminder(rule, action.step,
                                 f"the force invaded {_name(colony)} at {ctx.name(area)} and "
                                 f"went on to {ctx.name(route[-1])}: its movement halts in the "
                                 "first Area of the colony while militia are generated and "
                                 "placed there at once, then it may complete its endeavor "
                                 "(AaM 10.7, 10.7.1-10.7.4, 10.7.6)",
                                 spaces=(area, *beyond), pieces=action.pieces)
        else:
            yield Check.done(rule)
        return


def _held(colony: str, regulars: frozenset[str], action: ForceMoved, ctx: Context) -> bool:
    """Whether the side already had regulars in the colony (the moving force left out)."""
    moving = set(action.pieces)
    return any(piece not in moving and entity.kind == "sp" and entity.key in regulars and
               place.kind is PlaceKind.SPACE and colony_of(place.key, ctx.data) == colony
               for piece, (entity, place) in ctx.state.pieces.items())


def _name(colony: str) -> str:
    return {"ne": "New England", "ny_nj": "New York/New Jersey", "pa": "Pennsylvania",
            "md_de": "Maryland/Delaware", "canada": "Canada"}.get(colony, colony)
