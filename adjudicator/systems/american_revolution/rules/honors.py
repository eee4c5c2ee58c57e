"""Honors of War (optional, AR 38; with Fortresses & Sieges, AR 28).

AR 38.1: a besieging force may offer Honors of War "at the start of any Combat Phase in
which your besieging force is otherwise qualified to attack". AR 38.2: "If the besieged
player accepts the offer, he picks up his besieged units (but not the besieged Fortress
marker), and places them in the nearest locale that contains no enemy units or markers.
If there's an argument of which is the nearest qualified receiving locale, roll a die
[...] The besieging player then automatically gains control of the fortress." AR 38.4:
"If a force contains any Indians, it may not offer nor be offered Honors of War."

The offer and the answer are spoken, not logged. What the log shows of an accepted offer
is the whole besieged force leaving the siege locale while the besieger is the side
acting, the besiegers still there: read as Honors of War. (A beaten sortie also leaves,
but in the besieged side's own combat, AR 28.13.) On that move:

- either force containing Indians is illegal (AR 38.4);
- a destination holding enemy units or enemy markers (a fortress, a siege, a partisan of
  the other side) is illegal, and so is one farther, in route steps, than the nearest
  locale free of them (digest A56: distance in route steps; ties are the owner's to
  settle by dice).

A declined offer (the attacker may not retreat, nobody draws markers, AR 38.3) leaves no
trace in the log of its own: not judged.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

from adjudicator.systems.american_revolution.actions import ForceMoved
from adjudicator.systems.american_revolution.data import FormationType, RouteType
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.american_revolution.rules.fortresses import acting, land
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily

FAMILY = RuleFamily("honors of war", frozenset({"AR-HON-01"}), actions=(ForceMoved,))
OPTION = "honors-of-war"
ENEMY_MARKERS = ("fortress", "siege")


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """A besieged force marching out with the Honors of War."""
    if not ctx.uses(OPTION) or not isinstance(action, ForceMoved) or not action.retreat:
        return
    locale, side = action.origin, action.side
    besieger = ctx.proc.fortresses.besieger(locale)
    if side is None or besieger is None or besieger == side:
        return
    if not acting(ctx, besieger, side):
        return
    left = land(ctx, locale)
    if left.get(side) or not left.get(besieger):
        return
    spaces = (locale, action.destination)
    besiegers = [e.key for _, e in left[besieger] if e.kind == "unit"]
    indians = [key for key in (*action.units, *besiegers) if _is_indian(ctx, key)]
    if indians:
        yield Check.illegal("AR-HON-01", action.step,
                            f"the garrison of {ctx.name(locale)} marched out with the "
                            "Honors of War although a force there contains Indians: a force "
                            "with Indians may not offer nor be offered Honors of War",
                            spaces=spaces)
        return
    distances = _distances(ctx, locale)
    free = {where: d for where, d in distances.items()
            if where != locale and _free(ctx, where, side)}
    if action.destination not in free:
        yield Check.illegal("AR-HON-01", action.step,
                            f"the garrison of {ctx.name(locale)} marched out with the "
                            f"Honors of War to {ctx.name(action.destination)}, which holds "
                            "enemy units or markers: it goes to the nearest locale with none",
                            spaces=spaces)
        return
    nearest = min(free.values())
    if free[action.destination] > nearest and ctx.graph.complete:
        closer = sorted(where for where, d in free.items() if d == nearest)
        yield Check.illegal("AR-HON-01", action.step,
                            f"the garrison of {ctx.name(locale)} marched out with the "
                            f"Honors of War to {ctx.name(action.destination)}, "
                            f"{free[action.destination]} routes away, while "
                            f"{ctx.name(closer[0])} is {nearest} away with no enemy units or "
                            "markers: it goes to the nearest such locale", spaces=spaces,
                            expected=f"a locale {nearest} routes away",
                            observed=f"{free[action.destination]} routes away")
        return
    yield Check.done("AR-HON-01")


def _is_indian(ctx: Context, key: str) -> bool:
    formation = ctx.data.formations.get(key)
    return formation is not None and formation.type is FormationType.INDIAN


def _free(ctx: Context, locale: str, side: str) -> bool:
    """No enemy units and no enemy markers in the locale (AR 38.2)."""
    sides = land(ctx, locale)
    if any(other != side for other in sides):
        return False
    for entity in ctx.state.in_locale(locale):
        if entity.kind == "partisan" and entity.key not in ("", side):
            return False
        if entity.kind == "unit":
            formation = ctx.data.formations.get(entity.key)
            if formation is not None and str(formation.side) != side:
                return False
    # A fortress or siege with nobody of ours is the enemy's marker.
    return bool(sides) or not any(e.kind in ENEMY_MARKERS for e in ctx.state.in_locale(locale))


def _distances(ctx: Context, start: str) -> dict[str, int]:
    """Land route steps from a locale to every locale reached (a garrison marches out)."""
    neighbours: dict[str, set[str]] = {}
    for route in ctx.data.routes:
        if route.type is RouteType.HIGH_SEAS:
            continue
        neighbours.setdefault(route.a, set()).add(route.b)
        neighbours.setdefault(route.b, set()).add(route.a)
    found = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in sorted(neighbours.get(here, ())):
            if there not in found:
                found[there] = found[here] + 1
                queue.append(there)
    return found
