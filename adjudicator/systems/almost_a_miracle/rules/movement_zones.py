"""Where forces may go (AaM 10.8, 14.1.1, 17.0), for the movement family: Continental,
Loyalist and Canadian militia's colonies, the French as a separate force, and the Virginia
Areas in play. See `movement.py` for the rules and the rulebook-against-digest notes."""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.almost_a_miracle.actions import ForceMoved
from adjudicator.systems.almost_a_miracle.data import Need
from adjudicator.systems.almost_a_miracle.procedure import ENDEAVORS, continues
from adjudicator.systems.almost_a_miracle.rules.context import Context
from adjudicator.systems.almost_a_miracle.rules.movement_map import boundaries, colony_of
from adjudicator.systems.common.outcomes import Check, Outcome

MILITIA_BARRED: dict[str, tuple[frozenset[str], str]] = {
    "md_de_militia": (frozenset({"ny_nj", "canada"}),
                      "Md/De militia may not enter New Jersey, New York, or points further "
                      "north (AaM 10.8.1)"),
    "pa_militia": (frozenset({"ne", "canada"}),
                   "PA militia may not enter New England or Canada (AaM 10.8.1)"),
    "ny_nj_militia": (frozenset({"md_de", "virginia"}),
                      "NY/NJ militia may not enter Maryland, Delaware, or points further south "
                      "(AaM 10.8.1)"),
    "ne_militia": (frozenset({"pa", "md_de", "virginia"}),
                   "NE militia may not enter Pennsylvania, Delaware, or points further south "
                   "(AaM 10.8.1)"),
}
MILITIA_ALLOWED: dict[str, tuple[frozenset[str], str, str]] = {
    "loyalist_militia": (frozenset({"canada", "ny_nj", "ne"}), "AAM-MOV-33",
                         "Loyalist militia is restricted to Canada, New York, and New England "
                         "(AaM 10.8.2)"),
    "canadian_militia": (frozenset({"canada"}), "AAM-MOV-34",
                         "Canadian militia may not leave Canada (AaM 10.8.3)"),
}
FRENCH = frozenset({"french_regular"})


def militia(action: ForceMoved, ctx: Context) -> Iterator[Outcome]:
    """AaM 10.8: every Area a militia force entered is in a colony it may enter."""
    kinds = {kind for kind, _ in action.sp}
    entered = (action.path or (action.origin, action.destination))[1:]
    for kind in sorted(kinds):
        if kind in MILITIA_BARRED:
            barred, text = MILITIA_BARRED[kind]
            rule = "AAM-MOV-32"
            allowed = None
        elif kind in MILITIA_ALLOWED:
            allowed, rule, text = MILITIA_ALLOWED[kind]
            barred = frozenset()
        else:
            continue
        unknown = False
        for area in entered:
            colony = colony_of(area, ctx.data)
            if colony is None:
                unknown = True
                continue
            if colony in barred or (allowed is not None and colony not in allowed):
                name = ctx.data.unit_kinds[kind].name if kind in ctx.data.unit_kinds else kind
                yield Check.illegal(rule, action.step,
                                    f"{name} moved into {ctx.name(area)}: {text}",
                                    spaces=(area,), pieces=action.pieces)
                break
        else:
            if unknown:
                yield Check.unchecked(rule, action.step,
                                      f"the colony of an Area {kind} entered is not known",
                                      needs=(str(Need.AREAS),), spaces=entered)
            else:
                yield Check.done(rule)


def virginia(action: ForceMoved, ctx: Context) -> Iterator[Outcome]:
    """AaM 17.0: only Virginia Areas with a land border to a Maryland Area are in play."""
    entered = [a for a in (action.path or (action.origin, action.destination))[1:]
               if colony_of(a, ctx.data) == "virginia"]
    if not entered:
        return
    graph = boundaries(ctx.data)
    for area in entered:
        bordering = any(colony_of(n, ctx.data) == "md_de" and not b.arrow and not b.lake
                        and not b.corner for n, b in graph.get(area, {}).items())
        if bordering:
            continue
        if not ctx.data.map_status.connections_complete:
            yield Check.unchecked("AAM-MOV-41", action.step,
                                  f"whether {ctx.name(area)} borders Maryland is not known",
                                  needs=(str(Need.ADJACENCY),), spaces=(area,))
            return
        yield Check.illegal("AAM-MOV-41", action.step,
                            f"a force moved into {ctx.name(area)}, a Virginia Area with no "
                            "land border to a Maryland Area: only those Virginia Areas are in "
                            "play (AaM 17.0)", spaces=(area,), pieces=action.pieces)
        return
    yield Check.done("AAM-MOV-41")


def french(action: ForceMoved, ctx: Context) -> Iterator[Outcome]:
    """AaM 14.1.1: French SPs move alone, all of them together.

    A retreat is not a force's move: the French "may defend [...] jointly with Continental
    forces in the same Area" (14.1.2), and then "All of the loser's remaining Leaders, SPs,
    and baggage trains must retreat to an adjacent Area" (11.4), so French and Continentals
    retreating together out of the Area they defended is legal."""
    french = sum(value for kind, value in action.sp if kind in FRENCH)
    if not french:
        return
    others = [kind for kind, _ in action.sp if kind not in FRENCH]
    if action.within == "retreat":
        others = []
    left = ctx.state.sp_in(action.origin, FRENCH)
    if others:
        yield Check.illegal("AAM-MOV-38", action.step,
                            f"French SPs moved {ctx.name(action.origin)} → "
                            f"{ctx.name(action.destination)} with {', '.join(sorted(others))}: "
                            "French SPs are always a separate force for movement (AaM 14.1.1)",
                            spaces=(action.origin, action.destination), pieces=action.pieces)
    elif left and not continues(ctx.proc, action) and not action.within and \
            ctx.phase == ENDEAVORS:
        return  # the rest may be dragged after them: judged when the endeavor ends
    elif left and not continues(ctx.proc, action):
        yield _split(action, french, left, ctx)
    else:
        yield Check.done("AAM-MOV-38")


def french_left(ctx: Context) -> Iterator[Outcome]:
    """AaM 14.1.1 when the endeavor (or the log) ends: French SPs of its force, as composed
    (its first drag with the pieces dragged after it the same way), left others behind."""
    force = ctx.proc.force
    if force is None or ctx.phase != ENDEAVORS:
        return
    french = sum(value for kind, value in force.sp if kind in FRENCH)
    if not french:
        return
    left = ctx.state.sp_in(force.origin, FRENCH)
    yield _split(force, french, left, ctx) if left else Check.done("AAM-MOV-38")


def _split(action: ForceMoved, french: int, left: int, ctx: Context) -> Outcome:
    return Check.illegal("AAM-MOV-38", action.step,
                         f"{french} French SPs moved out of {ctx.name(action.origin)} and "
                         f"{left} stayed: French SPs must always remain together "
                         "(AaM 14.1.1)", spaces=(action.origin,), pieces=action.pieces)
