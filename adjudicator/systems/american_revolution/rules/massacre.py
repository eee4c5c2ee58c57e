"""Massacre (optional rule AR 37).

AR 37.1: "You may conduct a massacre in any land locale at the end of any combat in which
your force has just won a battle." AR 37.5: "A massacre may only occur after a player has
won a battle in a locale. You may not attack a locale without enemy combat units in it in
order to then be able to conduct a massacre there." Bait the Redcoats/Bluecoats' 2-3
makes the enemy massacre (AR 7.9). AR 37.2: remove any enemy partisan there; the opponent
draws markers equal to the locale's printed political value; a Massacre marker makes the
value 0; "(5) A massacre may not be conducted in a locale that presently contains a
Massacre marker." AR 37.3: a victorious attacking force with Indians rolls a die, "less
than or equal to the number of Indian units [...] a massacre occurs automatically".
AR 37.4: "All Massacre markers on the map, other than those in Indian locales, are
removed at the end of every Supply Phase. Massacre markers in Indian locales remain in
place for the remainder of the game." (37.2(4), no Indians raised under a Massacre
marker, is judged with mobilization, AR-MOB-12.)

A battle won in the locale is read from its traces this phase: enemy units removed from
it or retreating out of it, and the massacring side still there.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.american_revolution.actions import (
    ForceMoved,
    MapMarkerPlaced,
    MapMarkerRemoved,
    UnitsRemoved,
)
from adjudicator.systems.american_revolution.attrition import compulsory_massacre_chance
from adjudicator.systems.american_revolution.data import FormationType, LocaleKind
from adjudicator.systems.american_revolution.procedure import CAMPAIGNS, END, SUPPLY
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.common.actions import Action, PhaseChange
from adjudicator.systems.common.outcomes import Check, Computed, Outcome
from adjudicator.systems.common.places import PlaceKind
from adjudicator.systems.common.rulebook import RuleFamily

FAMILY = RuleFamily("massacre",
                    frozenset({"AR-MAS-01", "AR-MAS-02", "AR-MAS-03", "AR-MAS-04"}),
                    actions=(MapMarkerPlaced, MapMarkerRemoved, PhaseChange))
BAIT = "bait"
"""Bait the Redcoats/Bluecoats: a 2-3 makes the enemy massacre (AR 7.9)."""
SEA = frozenset({LocaleKind.HIGH_SEAS, LocaleKind.BOX})


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """Massacre markers placed and removed."""
    if ctx.phase == "setup":
        return
    if isinstance(action, MapMarkerPlaced) and action.kind == "massacre":
        yield from _placed(action, ctx)
    elif isinstance(action, MapMarkerRemoved) and action.kind == "massacre":
        yield from _removed(action, ctx)
    elif isinstance(action, PhaseChange) and action.forward and action.previous == SUPPLY:
        yield from _left_after_supply(action, ctx)


def _left_after_supply(action: PhaseChange, ctx: Context) -> Iterator[Outcome]:
    """The Supply Phase over, Massacre markers outside Indian locales still on the map."""
    left = sorted({where.key for entity, where in ctx.state.pieces.values()
                   if entity.kind == "massacre" and where.kind is PlaceKind.SPACE
                   and (locale := ctx.data.locales.get(where.key)) is not None
                   and locale.kind is not LocaleKind.INDIAN})
    if left:
        yield Check.reminder("AR-MAS-04", action.step,
                             "the Supply Phase is over and Massacre markers remain in "
                             f"{', '.join(ctx.name(key) for key in left)}: those outside "
                             "Indian locales are removed at the end of every Supply Phase",
                             spaces=tuple(left), pieces=("Massacre",))


def _side_of(ctx: Context, kind: str, key: str) -> str | None:
    if kind == "unit":
        found = ctx.data.formations.get(key)
        return str(found.side) if found is not None else None
    if kind == "leader":
        leader = ctx.data.leaders.get(key)
        return str(leader.side) if leader is not None else None
    return None


def _occupier(ctx: Context, locale: str) -> str | None:
    """The one side with units or leaders in a locale (who placed a massacre there when
    the log does not say)."""
    sides = {_side_of(ctx, e.kind, e.key) for e in ctx.state.in_locale(locale) if e.combat}
    sides.discard(None)
    return sides.pop() if len(sides) == 1 else None


def _placed(action: MapMarkerPlaced, ctx: Context) -> Iterator[Outcome]:
    where = ctx.name(action.locale)
    spaces = (action.locale,)
    if sum(1 for e in ctx.state.in_locale(action.locale) if e.kind == "massacre") > 1:
        yield Check.illegal("AR-MAS-02", action.step,
                            f"a massacre was conducted in {where}, which already holds a "
                            "Massacre marker: no massacre in a locale that presently "
                            "contains one", spaces=spaces, pieces=("Massacre",))
    else:
        yield Check.done("AR-MAS-02")
    locale = ctx.data.locales.get(action.locale)
    if locale is not None and locale.kind in SEA:
        yield Check.illegal("AR-MAS-01", action.step,
                            f"a Massacre marker was placed in {where}: massacres are "
                            "conducted only in land locales", spaces=spaces,
                            pieces=("Massacre",))
        return
    side = action.side or _occupier(ctx, action.locale)
    if side is None or ctx.phase is None:
        return
    enemy = "GB" if side == "US" else "US"
    if ctx.proc.has_played(enemy, BAIT) or ctx.proc.has_played(side, BAIT):
        yield Check.done("AR-MAS-01")
        return
    if ctx.phase not in CAMPAIGNS:
        yield Check.illegal("AR-MAS-01", action.step,
                            f"a massacre was conducted in {where} outside a Campaign Phase: "
                            "a massacre follows only a battle just won in that locale",
                            spaces=spaces, pieces=("Massacre",))
        return
    mine = [e for e in ctx.state.in_locale(action.locale) if e.combat
            and _side_of(ctx, e.kind, e.key) == side]
    lost = [a for a in (*ctx.proc.losses, *ctx.step_actions) if a.side == enemy and (
        (isinstance(a, UnitsRemoved) and a.locale == action.locale and a.units)
        or (isinstance(a, ForceMoved) and a.retreat and a.origin == action.locale))]
    if not mine or not lost:
        why = ("no force of the massacring side is there" if not mine else
               "no enemy units were eliminated there or retreated from it this phase")
        yield Check.illegal("AR-MAS-01", action.step,
                            f"a massacre was conducted in {where}, but {why}: a massacre may "
                            "only occur after winning a battle in that locale",
                            spaces=spaces, pieces=("Massacre",))
        return
    yield Check.done("AR-MAS-01")
    pv = locale.political_value if locale is not None else None
    indians = sum(1 for e in ctx.state.in_locale(action.locale) if e.kind == "unit"
                  and (f := ctx.data.formations.get(e.key)) is not None
                  and f.type is FormationType.INDIAN and str(f.side) == side)
    yield Computed(kind="massacre", step=action.step, rule_id="AR-MAS-02",
                   summary=f"massacre in {where}: the opponent draws {pv or 0} markers (its "
                           "printed political value); the value is 0 while the marker stays",
                   inputs={"locale": where, "printed value": pv or 0},
                   result={"markers the opponent draws": pv or 0})
    if indians:
        chance = compulsory_massacre_chance(indians)
        yield Computed(kind="compulsory massacre", step=action.step, rule_id="AR-MAS-03",
                       summary=f"{indians} Indian units in the victorious force: a die of "
                               f"{indians} or less makes the massacre compulsory "
                               f"(chance {chance}) for an attacker",
                       inputs={"indians": indians}, probabilities={"compulsory": chance})


def _removed(action: MapMarkerRemoved, ctx: Context) -> Iterator[Outcome]:
    where = ctx.name(action.locale)
    locale = ctx.data.locales.get(action.locale)
    if locale is not None and locale.kind is LocaleKind.INDIAN:
        yield Check.illegal("AR-MAS-04", action.step,
                            f"the Massacre marker in {where} was removed: in an Indian locale "
                            "it remains for the rest of the game",
                            spaces=(action.locale,), pieces=("Massacre",))
        return
    if ctx.phase is None:
        return
    if ctx.phase in (SUPPLY, END):
        yield Check.done("AR-MAS-04")
        return
    yield Check.illegal("AR-MAS-04", action.step,
                        f"the Massacre marker in {where} was removed during the "
                        f"{ctx.phase.replace('_', ' ')} phase: Massacre markers are removed "
                        "only at the end of a Supply Phase",
                        spaces=(action.locale,), pieces=("Massacre",))
