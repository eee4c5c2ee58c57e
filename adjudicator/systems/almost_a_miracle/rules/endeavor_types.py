"""The kinds of endeavor (AaM 8.0, 8.2, 13.1.4).

AaM 8.0: "There are six different types of endeavors: Force Activation, Leader Activation,
Baggage Train Movement, Governor Placement, Sea Movement, and Loyalist Militia
Recruitment. The last three are British-only endeavors." "To perform a force activation
endeavor, the player first composes his force from all or any part of his SPs, Leaders
and/or baggage trains in a specific Area."
AaM 8.2: "Individual baggage trains do not have to activate to move [...] At the end of its
move, place a moved marker on the baggage train. [...] this is still an endeavor".
AaM 13.1.4: "The player may use an endeavor to place the appropriate Royal Governor in the
Area that contains the colonial capital. No activation or random event roll is performed
for this endeavor." 13.1.2: the player must control the colonial capital to place him;
the capitals are the blue crowns (Boston and Newport; New York City and Albany;
Philadelphia; Annapolis and Wilmington). Control (AaM 2.0): a side with a force in an
Area where there are no enemy forces.

- AAM-END-01, AAM-END-12: Governor Placement, Sea Movement and Loyalist Militia
  Recruitment are British only.
- AAM-END-02: a force is composed in one Area: pieces of a second Area do not join it.
- AAM-END-08: a baggage train moves once a month (alone, or in a force).
- AAM-END-11: the Royal Governor goes into a blue-crown colonial capital the British
  control.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.almost_a_miracle.actions import (
    EndeavorTaken,
    ForceMoved,
    GovernorPlaced,
)
from adjudicator.systems.almost_a_miracle.data import Need
from adjudicator.systems.almost_a_miracle.procedure import BRITISH, CONTINENTAL, ENDEAVORS
from adjudicator.systems.almost_a_miracle.rules.context import Context
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily

FAMILY = RuleFamily("endeavor types",
                    frozenset({"AAM-END-01", "AAM-END-02", "AAM-END-08", "AAM-END-11",
                               "AAM-END-12"}),
                    actions=(EndeavorTaken, ForceMoved, GovernorPlaced))
BRITISH_ONLY = {"governor": "Governor Placement", "sea": "Sea Movement",
                "recruit": "Loyalist Militia Recruitment"}


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """A British-only endeavor by the Continental player, a force from two Areas, a baggage
    train moving twice, the Royal Governor out of a controlled capital."""
    if isinstance(action, EndeavorTaken) and not action.passed:
        yield from _kind(action)
    elif isinstance(action, ForceMoved) and ctx.phase == ENDEAVORS:
        yield from _force(action, ctx)
    elif isinstance(action, GovernorPlaced) and action.origin is None and \
            action.side == BRITISH:
        yield from _governor(action, ctx)


def _kind(action: EndeavorTaken) -> Iterator[Outcome]:
    name = BRITISH_ONLY.get(action.kind)
    if action.side == CONTINENTAL and name is not None:
        for rule in ("AAM-END-01", "AAM-END-12"):
            yield Check.illegal(rule, action.step,
                                f"the Continental player made a {name} endeavor: Governor "
                                "Placement, Sea Movement and Loyalist Militia Recruitment "
                                "are British-only endeavors (AaM 8.0)", observed=name)
    else:
        yield Check.done("AAM-END-01")
        yield Check.done("AAM-END-12")


def _force(action: ForceMoved, ctx: Context) -> Iterator[Outcome]:
    if action.continues or action.within:
        return
    route = f"{ctx.name(action.origin)} → {ctx.name(action.destination)}"
    if action.joins:
        yield Check.illegal("AAM-END-02", action.step,
                            f"pieces from {ctx.name(action.origin)} joined the endeavor's "
                            f"force moving to {ctx.name(action.destination)}: a force is "
                            "composed from the pieces in one specific Area (AaM 8.0)",
                            spaces=(action.origin, action.destination),
                            pieces=action.pieces)
    else:
        yield Check.done("AAM-END-02")
    again = [piece for piece in action.train_pieces if piece in ctx.proc.trains_moved]
    if again:
        yield Check.illegal("AAM-END-08", action.step,
                            f"a baggage train that already moved this month moved again "
                            f"{route}: it was marked moved at the end of its move (AaM 8.2) "
                            "and cannot be in another endeavor this month (AaM 11.1.1)",
                            spaces=(action.origin, action.destination), pieces=tuple(again))
    elif action.train_pieces:
        yield Check.done("AAM-END-08")


def _governor(action: GovernorPlaced, ctx: Context) -> Iterator[Outcome]:
    area = ctx.data.areas.get(action.area)
    where = ctx.name(action.area)
    if area is None:
        yield Check.unchecked("AAM-END-11", action.step,
                              f"{where} is not in the map data: whether it holds a colonial "
                              "capital is not known", needs=(str(Need.AREAS),))
        return
    if area.capital != "blue":
        red = " (a red crown places reinforcements only)" if area.capital == "red" else ""
        yield Check.illegal("AAM-END-11", action.step,
                            f"the Royal Governor was placed in {where}, which holds no "
                            f"colonial capital{red}: he goes into the Area that contains the "
                            "colonial capital, a blue crown (AaM 13.1.2, 13.1.4)",
                            spaces=(action.area,), pieces=(action.piece,))
        return
    sides = {_side(entity.kind, entity.key, ctx) for entity in ctx.state.in_area(action.area)
             if entity.kind in ("sp", "leader")}
    if BRITISH not in sides or CONTINENTAL in sides:
        why = "Continental forces are there too" if CONTINENTAL in sides else \
            "no British force is there"
        yield Check.illegal("AAM-END-11", action.step,
                            f"the Royal Governor was placed in {where}, which the British do "
                            f"not control ({why}): the British must control the colonial "
                            "capital to place him (AaM 13.1.2, 13.1.4; control AaM 2.0)",
                            spaces=(action.area,), pieces=(action.piece,))
        return
    yield Check.done("AAM-END-11")


def _side(kind: str, key: str, ctx: Context) -> str | None:
    if kind == "sp":
        unit = ctx.data.unit_kinds.get(key)
        return str(unit.side) if unit is not None else None
    leader = ctx.data.leaders.get(key)
    return str(leader.side) if leader is not None else None
