"""Forage (optional rule AR 36).

AR 36.1: "Light and Indian units out of supply in a wilderness or Indian locale are now
eliminated on a die roll result of five or six." AR 36.2: "Regulars out of supply in a
wilderness or Indian locale are now eliminated on a die roll result of three through six."
AR 36.3: "All other units continue to be checked as described in the standard rules [1-3
eliminated, AR 19.3], and all die rolls for other types of locales remain unaltered."

Which units are unfed is not in the log, and the Supply Phase also holds the enlistment
checks (AR 20), whose losses come off the map the same way. So a unit removed from a
wilderness or Indian locale in the Supply Phase gets its forage chance
(`attrition.supply_loss_chance`), and the die its side rolled last: a die that eliminates
it under AR 36 is judged consistent; any other may have been an enlistment roll and is
left unchecked. Nothing here is called illegal.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.american_revolution.actions import DiceRolled, UnitsRemoved
from adjudicator.systems.american_revolution.attrition import SupplyKind, supply_loss_chance
from adjudicator.systems.american_revolution.data import FormationType, LocaleKind
from adjudicator.systems.american_revolution.procedure import SUPPLY
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Computed, Outcome
from adjudicator.systems.common.rulebook import RuleFamily

FAMILY = RuleFamily("forage", frozenset({"AR-FORG-01"}), actions=(UnitsRemoved,))
FORAGING = frozenset({LocaleKind.WILDERNESS, LocaleKind.INDIAN})
LOSING_FACES = {SupplyKind.LIGHT_OR_INDIAN: frozenset({5, 6}),
                SupplyKind.REGULAR: frozenset({3, 4, 5, 6}),
                SupplyKind.OTHER: frozenset({1, 2, 3})}
"""The faces that eliminate an unfed unit in a wilderness or Indian locale (AR 36)."""


def supply_kind(formation_type: FormationType) -> SupplyKind:
    """How a unit of this type rolls out of supply under Forage (AR 36.1-36.3)."""
    if formation_type in (FormationType.LIGHT, FormationType.INDIAN):
        return SupplyKind.LIGHT_OR_INDIAN
    if formation_type is FormationType.REGULAR:
        return SupplyKind.REGULAR
    return SupplyKind.OTHER


def _last_die(ctx: Context, side: str | None) -> int | None:
    rolls = [r for r in (*ctx.proc.phase_dice, *ctx.step_actions)
             if isinstance(r, DiceRolled) and r.side == side and r.button == "1d6"
             and len(r.dice) == 1]
    return rolls[-1].dice[0] if rolls else None


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """A unit lost in the Supply Phase in a wilderness or Indian locale."""
    if not isinstance(action, UnitsRemoved) or ctx.phase != SUPPLY or not action.units:
        return
    locale = ctx.data.locales.get(action.locale)
    if locale is None or locale.kind not in FORAGING:
        return
    kinds = [supply_kind(f.type) for key in action.units
             if (f := ctx.data.formations.get(key)) is not None
             and f.type is not FormationType.FLEET]
    if not kinds:
        return
    where = ctx.name(action.locale)
    die = _last_die(ctx, action.side)
    yield Computed(kind="forage", step=action.step, rule_id="AR-FORG-01",
                   summary=f"{len(kinds)} unit(s) lost in {where} ({locale.kind}) in the "
                           "Supply Phase: out of supply, light and Indian units go on 5-6, "
                           "regulars on 3-6, others on 1-3",
                   inputs={"units": ", ".join(ctx.unit_name(u) for u in action.units),
                           "die": die if die is not None else ""},
                   probabilities={str(kind): supply_loss_chance(kind, forage_rule=True,
                                                                wilderness=True)
                                  for kind in dict.fromkeys(kinds)})
    if len(kinds) == 1 and die is not None and die in LOSING_FACES[kinds[0]]:
        yield Check.done("AR-FORG-01")
        return
    yield Check.unchecked("AR-FORG-01", action.step,
                          f"{len(kinds)} unit(s) removed from {where} in the Supply Phase"
                          + (f" after a die of {die}" if die is not None else "")
                          + ": which were unfed, and which die was theirs, the log does not "
                          "show (enlistment losses come off in this phase too)",
                          spaces=(action.locale,),
                          pieces=tuple(ctx.unit_name(u) for u in action.units))
