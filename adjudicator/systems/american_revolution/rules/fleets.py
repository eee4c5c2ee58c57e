"""Fleets, naval transport, the off-map boxes, Hessians and Indians (AR 24, 25, 27).

AR 24.4: "A fleet may pick up land units and move them under the following strictures:
1) Both the fleet and the land force must start the Movement Phase of the transport
operation in the same port or off-map holding box. 2) A transport operation may end in a
high seas region, a port, or an off-map holding box. 3) Transported land forces may not
conduct any other movement in that phase. 4) When a transporting fleet disembarks all or
part of its land force, that fleet must end its move for that Movement Phase; however,
land units are never forced to disembark; they may remain indefinitely embarked on a
fleet. 5) Land forces may not be embarked from, or disembarked into, a port containing an
enemy fleet(s). [...] 6) Land forces may be picked up, and disembarked in, ports
containing only enemy land units." AR 24.5: "Each fleet can transport up to four land
combat units and an unlimited number of leaders" (FAQ: combat units, not strength
points). AR 24.3: "Fleets may move into and through high seas regions containing enemy
fleets" (24.9: and retreat into them); FAQ: enemy land units moving into a port do not
move a fleet there. AR 25.5-25.9: the boxes hold any number of units, are ports, supply
without limit and are always their owner's. AR 27.1-27.2: Hessians are treated as British
regulars, Indians as British units, except the American's marker draw and the Indians'
entry into occupied locales.

A transport shows in the log as a move whose pieces are fleets and land units together
(the reader's `ForceMoved`); a fleet dropping its passengers shows as the fleet going on
without them (`procedure.continues`). Whether passengers stayed aboard at the end of a
move is not shown, so a disembarkation is only read where the fleet goes on without
them; embarking is read only for land units whose last move was by land
(`ARProcedure.ashore`): units carried earlier may still be aboard (AR 24.4(4)).
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.american_revolution.actions import ForceMoved, Raised
from adjudicator.systems.american_revolution.data import FormationType, LocaleKind
from adjudicator.systems.american_revolution.procedure import continues
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily

FAMILY = RuleFamily("fleets",
                    frozenset({"AR-FLT-01", "AR-FLT-02", "AR-FLT-03", "AR-FLT-04",
                               "AR-FLT-05", "AR-FLT-06", "AR-FLT-07", "AR-FLT-09",
                               "AR-OMB-01", "AR-HI-01", "AR-HI-02"}),
                    actions=(ForceMoved, Raised))
CAPACITY = 4
"""Land combat units one fleet carries (AR 24.5, FAQ)."""


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """Transport by fleet; the boxes; Hessians and Indians raised."""
    if ctx.phase == "setup":
        return
    if isinstance(action, Raised):
        yield from _raised(action, ctx)
        return
    if not isinstance(action, ForceMoved):
        return
    kinds = _kinds(ctx, action)
    if kinds is None:
        return
    if action.retreat:
        yield from _leaving_enemy_fleet(action, ctx, kinds)
        return
    fleets = [piece for piece, kind in kinds.items() if kind is FormationType.FLEET]
    land = [piece for piece, kind in kinds.items() if kind is not FormationType.FLEET]
    if any(ctx.data.locales.get(end) is not None and
           ctx.data.locales[end].kind is LocaleKind.BOX
           for end in (action.origin, action.destination)):
        yield Check.done("AR-OMB-01")
    if fleets:
        yield Check.done("AR-FLT-07")
        yield from _transport(action, ctx, fleets, land)
    else:
        yield from _by_land(action, ctx)


def _leaving_enemy_fleet(action: ForceMoved, ctx: Context,
                         kinds: dict[str, FormationType]) -> Iterator[Outcome]:
    """A transport leaving a port where only enemy fleets stand: the reader calls any move
    out of a locale the enemy holds a retreat, but fleets alone fight no land battle. Land
    units whose last move was by land embark there, which AR 24.4(5) forbids (units
    already aboard, as after a battle between fleets, do not embark)."""
    fleets = [piece for piece, kind in kinds.items() if kind is FormationType.FLEET]
    boarding = [piece for piece, kind in kinds.items() if kind is not FormationType.FLEET
                and piece in ctx.proc.ashore]
    if not fleets or not boarding:
        return
    enemies = [entity for entity in ctx.state.in_locale(action.origin)
               if entity.kind == "unit" and (f := ctx.data.formations.get(entity.key))
               is not None and str(f.side) != action.side]
    if enemies and all(ctx.data.formations[e.key].type is FormationType.FLEET
                       for e in enemies) and _enemy_fleet(ctx, action.side, action.origin):
        yield Check.illegal("AR-FLT-05", action.step,
                            f"land units embarked in {ctx.name(action.origin)}, a port "
                            "holding an enemy fleet: land forces may not be embarked from, "
                            "or disembarked into, such a port", spaces=(action.origin,))


def _kinds(ctx: Context, action: ForceMoved) -> dict[str, FormationType] | None:
    """Each moving unit's type, by piece id (leaders aside)."""
    kinds: dict[str, FormationType] = {}
    for piece in action.pieces:
        found = ctx.state.pieces.get(piece)
        if found is None:
            return None
        entity = found[0]
        if entity.kind != "unit":
            continue
        formation = ctx.data.formations.get(entity.key)
        if formation is None:
            return None
        kinds[piece] = formation.type
    return kinds


def _transport(action: ForceMoved, ctx: Context, fleets: list[str],
               land: list[str]) -> Iterator[Outcome]:
    route = f"{ctx.name(action.origin)} → {ctx.name(action.destination)}"
    moves = ctx.proc.moves
    going_on = bool(moves) and continues(moves[-1], action)
    if going_on:
        yield from _dropped(action, ctx, moves[-1], route)
    if not land:
        return
    if len(land) > CAPACITY * len(fleets):
        yield Check.illegal("AR-FLT-06", action.step,
                            f"{len(fleets)} fleet{'s' if len(fleets) > 1 else ''} carried "
                            f"{len(land)} land combat units {route}: each fleet transports "
                            f"up to {CAPACITY} land combat units (and any number of leaders)",
                            spaces=(action.origin, action.destination),
                            expected=f"at most {CAPACITY * len(fleets)}",
                            observed=str(len(land)))
    else:
        yield Check.done("AR-FLT-06")
    destination = ctx.data.locales.get(action.destination)
    if destination is not None and (destination.kind in (LocaleKind.HIGH_SEAS,
                                                         LocaleKind.BOX) or destination.port):
        yield Check.done("AR-FLT-02")
    if going_on:
        boarded = [piece for piece in land if piece not in moves[-1].pieces]
        if boarded:
            yield Check.illegal("AR-FLT-01", action.step,
                                f"the fleet moving {route} took on land units in "
                                f"{ctx.name(action.origin)} during its move: the fleet and "
                                "its land force start the Movement Phase in the same port or "
                                "box", spaces=(action.origin,))
        return
    late = [piece for piece in (*fleets, *land) if piece in ctx.proc.moved]
    if late:
        yield Check.illegal("AR-FLT-01", action.step,
                            f"a fleet carried land units {route} though the fleet and its "
                            "land force had not both started the Movement Phase in "
                            f"{ctx.name(action.origin)}: {len(late)} of them had moved "
                            "already this phase", spaces=(action.origin,))
    else:
        yield Check.done("AR-FLT-01")
    boarding = [piece for piece in land if piece in ctx.proc.ashore]
    if boarding and _enemy_fleet(ctx, action.side, action.origin):
        yield Check.illegal("AR-FLT-05", action.step,
                            f"land units embarked in {ctx.name(action.origin)}, a port "
                            "holding an enemy fleet: land forces may not be embarked from, "
                            "or disembarked into, such a port", spaces=(action.origin,))
    else:
        yield Check.done("AR-FLT-05")


def _dropped(action: ForceMoved, ctx: Context, last: ForceMoved,
             route: str) -> Iterator[Outcome]:
    """A transporting fleet going on after its last move: had it put anyone ashore?"""
    before = _kinds(ctx, last) or {}
    left = [piece for piece, kind in before.items()
            if kind is not FormationType.FLEET and piece not in action.pieces]
    if not any(kind is not FormationType.FLEET for kind in before.values()):
        return
    if not left:
        yield Check.done("AR-FLT-04")
        return
    where = ctx.name(last.destination)
    yield Check.illegal("AR-FLT-04", action.step,
                        f"the fleet disembarked land units in {where} and went on {route}: "
                        "a transporting fleet that disembarks all or part of its land force "
                        "ends its move", spaces=(last.destination,))
    if _enemy_fleet(ctx, action.side, last.destination):
        yield Check.illegal("AR-FLT-05", action.step,
                            f"land units were disembarked in {where}, a port holding an "
                            "enemy fleet", spaces=(last.destination,))


def _by_land(action: ForceMoved, ctx: Context) -> Iterator[Outcome]:
    carried = {piece for move in ctx.proc.moves
               if any(unit.endswith("_fleet") for unit in move.units)
               for piece in move.pieces}
    again = [piece for piece in action.pieces if piece in carried]
    if again:
        yield Check.illegal("AR-FLT-03", action.step,
                            f"land units carried by a fleet earlier this phase moved again, "
                            f"{ctx.name(action.origin)} → {ctx.name(action.destination)}: "
                            "transported land forces may not conduct any other movement in "
                            "that phase", spaces=(action.origin, action.destination))
    else:
        yield Check.done("AR-FLT-03")
    if _enemy_fleet(ctx, action.side, action.destination):
        yield Check.done("AR-FLT-09")


def _enemy_fleet(ctx: Context, side: str | None, locale: str) -> bool:
    found = ctx.data.locales.get(locale)
    if found is not None and found.kind in (LocaleKind.BOX, LocaleKind.HIGH_SEAS):
        return False
    for entity in ctx.state.in_locale(locale):
        if entity.kind != "unit":
            continue
        formation = ctx.data.formations.get(entity.key)
        if formation is not None and formation.type is FormationType.FLEET and \
                str(formation.side) != side:
            return True
    return False


def _raised(action: Raised, ctx: Context) -> Iterator[Outcome]:
    if action.key == "gb_hessian":
        yield Check.done("AR-HI-01")
    elif action.key == "gb_indian":
        occupied = any(entity.kind == "unit" and (found := ctx.data.formations.get(
            entity.key)) is not None and str(found.side) == "US"
            for entity in ctx.state.in_locale(action.locale))
        if occupied:
            yield Check.done("AR-HI-02")
