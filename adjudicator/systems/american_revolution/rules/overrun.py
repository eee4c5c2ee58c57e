"""Overrun (optional rule AR 34).

AR 34.1: "If you move a force into a locale and that force has at least 10 times the
printed combat strength points as the enemy force there, an overrun occurs. In that case,
immediately eliminate all the enemy units in the locale. Your moving force may continue
moving [...] no given force may conduct more than one overrun per Movement Phase [...] If
a lone leader(s) is/are in a locale, your moving force would still need at least 10
combat factors to overrun him/them." AR 34.3: "An overrun may not be conducted if the
enemy force contains a Fortress or Siege marker. Further, they may not be conducted in a
locale containing an enemy partisan, and a force containing Indians may not be overrun in
an Indian locale. Fleets may not conduct overruns." AR 34.4: it is the mover's option.

An overrun shows in the log either as a move through a locale holding enemy units (one
drag through it), or as a force that entered it, the enemy units there removed, and the
force moving on. With the option in use, movement (AR-MOV-04, AR-MOV-07) leaves both to
this rule. Strength is the printed combat factors (digest A45): the force that moves on
plus its side's units still in the locale (the most it can have had there).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from adjudicator.systems.american_revolution.actions import ForceMoved, UnitsRemoved
from adjudicator.systems.american_revolution.data import (
    FormationType,
    LocaleKind,
    Need,
    OptionalRule,
)
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Computed, Outcome
from adjudicator.systems.common.rulebook import RuleFamily

FAMILY = RuleFamily("overrun", frozenset({"AR-OVR-01"}), actions=(ForceMoved,))
RATIO = 10


def _side(ctx: Context, formation: str) -> str | None:
    found = ctx.data.formations.get(formation)
    return str(found.side) if found is not None else None


def _enemy_units(ctx: Context, side: str, locale: str) -> list[str]:
    return [e.key for e in ctx.state.in_locale(locale) if e.kind == "unit"
            and _side(ctx, e.key) not in (None, side)]


def _enemy_partisan(ctx: Context, side: str, locale: str) -> bool:
    return any(e.kind == "partisan" and e.key not in ("", side)
               for e in ctx.state.in_locale(locale))


def passable(ctx: Context, side: str, locale: str) -> bool:
    """Whether a force may go on through a locale holding enemy units by overrunning them
    (the option in use and no enemy partisan there, which stops it anyway, AR 29.4)."""
    return ctx.uses(OptionalRule.OVERRUN) and bool(_enemy_units(ctx, side, locale)) \
        and not _enemy_partisan(ctx, side, locale)


def _removals(ctx: Context, action: ForceMoved) -> list[UnitsRemoved]:
    """The enemy units and leaders removed this phase from the locale a force leaves."""
    side = action.side
    found: list[UnitsRemoved] = []
    for act in (*ctx.proc.losses, *ctx.step_actions):
        if isinstance(act, UnitsRemoved) and act.locale == action.origin \
                and act.side not in (None, side) and act not in found:
            found.append(act)
    return found


def _overrun_losses(ctx: Context, action: ForceMoved) -> list[str]:
    """The enemy units removed this phase from the locale a force leaves (lone leaders:
    none)."""
    return [unit for act in _removals(ctx, action) for unit in act.units]


def continues(action: ForceMoved, ctx: Context) -> bool:
    """Whether a force that already moved this phase moves on from a locale whose enemy
    units or leaders were removed this phase: going on after an overrun (the option in
    use)."""
    return (ctx.uses(OptionalRule.OVERRUN) and not action.retreat
            and any(piece in ctx.proc.moved for piece in action.pieces)
            and bool(_removals(ctx, action)))


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """An overrun: the force's strength against the enemy's, and the restrictions."""
    if not isinstance(action, ForceMoved) or action.retreat or action.side is None \
            or ctx.phase == "setup":
        return
    side = action.side
    through = [locale for locale in action.path[1:-1] if passable(ctx, side, locale)]
    overran = [action.origin, *through] if continues(action, ctx) else through
    if len(overran) > 1:
        yield Check.illegal("AR-OVR-01", action.step,
                            f"a force overran {ctx.name(overran[0])} and went on through "
                            f"{ctx.name(overran[1])}, also held by enemy units: no force "
                            "conducts more than one overrun per Movement Phase",
                            spaces=(overran[1],))
        return
    if continues(action, ctx):
        mine = [*action.units, *(e.key for e in ctx.state.in_locale(action.origin)
                                 if e.kind == "unit" and _side(ctx, e.key) == side)]
        yield from _overrun(action, ctx, action.origin, mine, _overrun_losses(ctx, action),
                            partisan_stops=True)
        return
    for locale in through:
        removed = [u for act in ctx.step_actions if isinstance(act, UnitsRemoved)
                   and act.locale == locale and act.side != side for u in act.units]
        yield from _overrun(action, ctx, locale, list(action.units),
                            [*_enemy_units(ctx, side, locale), *removed], partisan_stops=False)


def _cf(ctx: Context, units: Sequence[str]) -> int | None:
    total = 0
    for key in units:
        found = ctx.data.formations.get(key)
        if found is None or found.cf is None:
            return None
        total += found.cf
    return total


def _overrun(action: ForceMoved, ctx: Context, locale: str, mine: Sequence[str],
             theirs: Sequence[str], *, partisan_stops: bool) -> Iterator[Outcome]:
    where = ctx.name(locale)
    spaces = (locale,)
    side = str(action.side)
    types = [f.type for key in mine if (f := ctx.data.formations.get(key)) is not None]
    if FormationType.FLEET in [f.type for key in action.units
                               if (f := ctx.data.formations.get(key)) is not None]:
        yield Check.illegal("AR-OVR-01", action.step,
                            f"a force with a fleet went on through {where} past the enemy "
                            "units there: fleets may not conduct overruns", spaces=spaces)
        return
    markers = sorted({e.kind for e in ctx.state.in_locale(locale)
                      if e.kind in ("fortress", "siege")})
    if markers:
        yield Check.illegal("AR-OVR-01", action.step,
                            f"the enemy force in {where} was overrun although a "
                            f"{' and a '.join(m.capitalize() for m in markers)} marker is "
                            "there: no overrun of a force with a Fortress or Siege marker",
                            spaces=spaces)
        return
    if partisan_stops and _enemy_partisan(ctx, side, locale):
        yield Check.illegal("AR-OVR-01", action.step,
                            f"the enemy force in {where} was overrun although an enemy "
                            "partisan is there: no overrun in a locale with an enemy partisan",
                            spaces=spaces)
        return
    kind = ctx.data.locales[locale].kind if locale in ctx.data.locales else None
    indians = [key for key in theirs if (f := ctx.data.formations.get(key)) is not None
               and f.type is FormationType.INDIAN]
    if indians and kind is LocaleKind.INDIAN:
        yield Check.illegal("AR-OVR-01", action.step,
                            f"a force with Indians was overrun in {where}, an Indian locale: "
                            "that is not allowed", spaces=spaces)
        return
    strength, against = _cf(ctx, mine), _cf(ctx, theirs)
    if strength is None or against is None:
        yield Check.unchecked("AR-OVR-01", action.step,
                              f"a printed combat factor of a unit in {where} is not known: "
                              "whether the overrun had ten times the enemy's cannot be "
                              "checked", needs=(str(Need.FORMATIONS),), spaces=spaces)
        return
    needed = max(RATIO * against, RATIO)
    yield Computed(kind="overrun", step=action.step, rule_id="AR-OVR-01",
                   summary=f"overrun in {where}: {strength} CF against {against} "
                           f"(needs {needed})",
                   inputs={"moving CF": strength, "enemy CF": against,
                           "moving units": len(types)},
                   result={"needed": needed, "overrun": strength >= needed})
    if strength < needed:
        yield Check.illegal("AR-OVR-01", action.step,
                            f"a force of {strength} printed combat factors went on through "
                            f"{where} past an enemy force of {against}: an overrun needs at "
                            f"least 10 times the enemy's strength (and at least 10 against "
                            f"lone leaders), here {needed}", spaces=spaces,
                            expected=f"at least {needed} CF", observed=f"{strength} CF")
        return
    yield Check.done("AR-OVR-01")
