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
- AAM-MOV-30 (10.7.5): "The entry of British Regular SPs into the colony later while British
  Regulars are still in the colony does not trigger another special generation of
  militia. If all British Regulars in the colony are eliminated or otherwise removed, the
  Continental player can perform this Militia Generation again". Militia of a colony come
  onto the map in the Endeavors Phase only by this generation (the Endeavor Random Events
  are weather and Loyalists, 8.3.3-8.3.4): militia of the colony the endeavor's enemy force
  entered from outside, placed while that side's regulars other than the force's were on
  the map in the colony, are illegal; with none there, legal. Where the force began in the
  colony, or no enemy force moved into it this endeavor, it is not judged. The same for
  Canadian militia after Continental regulars enter Canada (10.7.6).
- AAM-MOV-31 (10.7.6): the same for Continental regulars entering Canada (Halifax is part of
  Canada) where there were no Continental regulars.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.almost_a_miracle.actions import Arrived, ForceMoved
from adjudicator.systems.almost_a_miracle.procedure import ENDEAVORS
from adjudicator.systems.almost_a_miracle.rules.context import Context
from adjudicator.systems.almost_a_miracle.rules.movement_map import colony_of
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.places import PlaceKind
from adjudicator.systems.common.rulebook import RuleFamily

BRITISH_RULE = "AAM-MOV-29"
CONTINENTAL_RULE = "AAM-MOV-31"
AGAIN_RULE = "AAM-MOV-30"
FAMILY = RuleFamily("invasion", frozenset({BRITISH_RULE, "AAM-MOV-30", CONTINENTAL_RULE}),
                    actions=(ForceMoved, Arrived))
INVADERS: dict[str, tuple[frozenset[str], frozenset[str], str]] = {
    "british": (frozenset({"brit_regular", "brit_cavalry"}),
                frozenset({"ne", "ny_nj", "pa", "md_de"}), BRITISH_RULE),
    "continental": (frozenset({"cont_regular", "cont_cavalry"}), frozenset({"canada"}),
                    CONTINENTAL_RULE),
}
"""Each side's regulars, the colonies they invade, the rule."""


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """A force of regulars entering a colony that had none of its side's regulars."""
    if isinstance(action, Arrived) and ctx.phase == ENDEAVORS:
        yield from _generated(action, ctx)
        return
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


def _generated(action: Arrived, ctx: Context) -> Iterator[Outcome]:
    """AaM 10.7.5: no second special generation while the invader's regulars stay."""
    invader = {"continental": "british", "british": "continental"}.get(action.side or "")
    leg = ctx.proc.leg
    if invader is None or leg is None or leg.side != invader:
        return
    regulars, colonies, _ = INVADERS[invader]
    kinds = {kind for kind, _ in action.sp}
    militia = {ctx.data.unit_kinds[kind].home_colony for kind in kinds
               if kind in ctx.data.unit_kinds and ctx.data.unit_kinds[kind].type == "militia"}
    route = ctx.proc.route or leg.path or (leg.origin, leg.destination)
    entered = {colony_of(area, ctx.data) for area in route[1:]}
    for colony in sorted(c for c in militia if c in colonies and c in entered):
        if colony_of(route[0], ctx.data) == colony:
            continue  # the force began in the colony: no invasion of it
        there = _regulars_in(colony, regulars, leg, ctx)
        if there:
            yield Check.illegal(AGAIN_RULE, action.step,
                                f"{_name(colony)} militia came onto the map at "
                                f"{ctx.name(action.area)} after the enemy force entered the "
                                f"colony while that side's regulars were already there (in "
                                f"{', '.join(ctx.name(a) for a in there)}): a later entry "
                                "while regulars are still in the colony does not trigger "
                                "another special generation of militia (AaM 10.7.5)",
                                spaces=(action.area, *there), pieces=action.pieces)
        else:
            yield Check.done(AGAIN_RULE)


def _regulars_in(colony: str, regulars: frozenset[str], leg: ForceMoved,
                 ctx: Context) -> list[str]:
    """The Areas of the colony holding the side's regulars, the moving force left out."""
    moving = set(leg.pieces)
    return sorted({place.key for piece, (entity, place) in ctx.state.pieces.items()
                   if piece not in moving and entity.kind == "sp" and entity.key in regulars
                   and place.kind is PlaceKind.SPACE
                   and colony_of(place.key, ctx.data) == colony})


def _held(colony: str, regulars: frozenset[str], action: ForceMoved, ctx: Context) -> bool:
    """Whether the side already had regulars in the colony (the moving force left out)."""
    moving = set(action.pieces)
    return any(piece not in moving and entity.kind == "sp" and entity.key in regulars and
               place.kind is PlaceKind.SPACE and colony_of(place.key, ctx.data) == colony
               for piece, (entity, place) in ctx.state.pieces.items())


def _name(colony: str) -> str:
    return {"ne": "New England", "ny_nj": "New York/New Jersey", "pa": "Pennsylvania",
            "md_de": "Maryland/Delaware", "canada": "Canada"}.get(colony, colony)
