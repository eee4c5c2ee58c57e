"""Mobilization: where each kind of unit may come into play (AR 13, 27, 26.1, 4.10).

AR 13.5: "Units that may not be re-mobilized, once eliminated, are: leaders and
Hessians." AR 13.6: the British, French and Spanish "regulars [...] may only be mobilized
in their off-map boxes." AR 13.8: "American and British militia and partisan units may
only be mobilized in New England, the Mid-Atlantic Colonies, Virginia, the Deep South, the
West, Florida and Canada. Spanish militia may be mobilized in any of that nation's
colonies. There are no French militia units. You may place militia units in any space not
containing enemy units or partisans." (The 2011 printing lacks the last sentence, digest
8.1; the 2016 printing is followed.) AR 27.2: Indians "are initially mobilized into Indian
locales at the rate of up to no more than one unit per Indian locale per game turn [...]
the British may recruit Indian units even if their entry locale is occupied by American
units"; AR 37.2(4) (optional Massacre): not where a Massacre marker stands. AR 26.1: while
neutral, French and Spanish "forces are frozen in place". AR 4.10: Washington comes into
play only when Revolutionary Progress reaches Continental Congress.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.american_revolution.actions import Raised
from adjudicator.systems.american_revolution.data import FormationType, Nation, Need
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.american_revolution.rules.upgrades import is_upgrade
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily

FAMILY = RuleFamily("mobilization",
                    frozenset({"AR-MOB-04", "AR-MOB-05", "AR-MOB-07", "AR-MOB-12",
                               "AR-MOB-13", "AR-MOB-14"}),
                    actions=(Raised,))
OWN_BOX = {Nation.GB: "britain_box", Nation.FR: "france_box", Nation.SP: "spain_box"}
ALLIED_AT = {Nation.FR: 2, Nation.SP: 3}
"""Balance of Power levels at which France and Spain are allied (AR 12.7, 26.1)."""
SPANISH_COLONIES = frozenset({"new_spain", "cuba"})
NOT_AGAIN = ("box:eliminated", "box:removed")


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """A unit or leader raised where, or when, the rules do not allow it."""
    if not isinstance(action, Raised) or ctx.phase == "setup":
        return
    if action.entity == "leader":
        yield from _leader(action, ctx)
        return
    formation = ctx.data.formations.get(action.key)
    if formation is None:
        return
    name = formation.name
    where = ctx.name(action.locale)
    yield from _frozen(action, ctx, formation.nation, name)
    if formation.type is FormationType.HESSIAN and action.origin in NOT_AGAIN:
        yield Check.illegal("AR-MOB-04", action.step,
                            f"an eliminated Hessian came back into play in {where}: once "
                            "eliminated, a Hessian may never be re-mobilized",
                            spaces=(action.locale,), pieces=(name,))
    if formation.type is FormationType.REGULAR and formation.nation in OWN_BOX \
            and not is_upgrade(action, ctx):  # a militia upgrade (optional AR 31)
        box = OWN_BOX[formation.nation]
        if action.locale != box:
            yield Check.illegal("AR-MOB-05", action.step,
                                f"a {name} was mobilized in {where}: the regulars of that "
                                f"nation are mobilized only in the {ctx.name(box)} box",
                                spaces=(action.locale,), pieces=(name,))
        else:
            yield Check.done("AR-MOB-05")
    if formation.type is FormationType.MILITIA:
        yield from _militia(action, ctx, formation.nation, name)
    if formation.type is FormationType.INDIAN:
        yield from _indian(action, ctx, name)


def _leader(action: Raised, ctx: Context) -> Iterator[Outcome]:
    leader = ctx.data.leaders.get(action.key)
    if leader is None:
        return
    if action.key == "washington":
        if (ctx.state.level("rp") or 0) < 1:
            yield Check.illegal("AR-MOB-14", action.step,
                                f"Washington came into play in {ctx.name(action.locale)} "
                                "before Revolutionary Progress reached Continental "
                                "Congress: he enters only then, and never otherwise",
                                spaces=(action.locale,), pieces=("Washington",))
        else:
            yield Check.done("AR-MOB-14")
    if action.origin in NOT_AGAIN:
        yield Check.illegal("AR-MOB-04", action.step,
                            f"{leader.name} came back into play from {_box(action.origin)}: an "
                            "eliminated leader may not be re-mobilized",
                            spaces=(action.locale,), pieces=(leader.name,))
    yield from _frozen(action, ctx, leader.nation, leader.name)


def _frozen(action: Raised, ctx: Context, nation: Nation, name: str) -> Iterator[Outcome]:
    level = ALLIED_AT.get(nation)
    if level is None:
        return
    bop = ctx.state.level("bop")
    if bop is None:
        return
    if bop < level:
        yield Check.illegal("AR-MOB-13", action.step,
                            f"{name} was mobilized while {_nation(nation)} is neutral "
                            f"(Balance of Power {bop:+d}): its forces are frozen",
                            spaces=(action.locale,), pieces=(name,))
    else:
        yield Check.done("AR-MOB-13")


def _militia(action: Raised, ctx: Context, nation: Nation, name: str) -> Iterator[Outcome]:
    where = ctx.name(action.locale)
    region = ctx.data.region_of(action.locale)
    if region is None:
        locale = ctx.data.locales.get(action.locale)
        if locale is not None and locale.kind is not None and locale.region is None and \
                str(locale.kind) == "off-map box":
            yield Check.illegal("AR-MOB-07", action.step,
                                f"a {name} was mobilized in the {where} box: militia are "
                                "raised only in the colonial regions",
                                spaces=(action.locale,), pieces=(name,))
            return
        yield Check.unchecked("AR-MOB-07", action.step,
                              f"the region of {where} is not known: where a {name} may be "
                              "raised cannot be checked", needs=(str(Need.REGIONS),),
                              spaces=(action.locale,))
        return
    if nation is Nation.SP:
        allowed = region.id in SPANISH_COLONIES
        rule_text = "Spanish militia are raised only in Spain's colonies"
    else:
        allowed = region.colonial
        rule_text = ("American and British militia are raised only in the seven colonial "
                     "regions")
    if not allowed:
        yield Check.illegal("AR-MOB-07", action.step,
                            f"a {name} was mobilized in {where} ({region.name}): {rule_text}",
                            spaces=(action.locale,), pieces=(name,))
        return
    side = nation.side
    enemies = [entity for entity in ctx.state.in_locale(action.locale)
               if (entity.kind == "unit" and _side(ctx, entity.key) == side.enemy)
               or (entity.kind == "partisan" and entity.key == side.enemy)]
    if enemies:
        yield Check.illegal("AR-MOB-07", action.step,
                            f"a {name} was mobilized in {where}, which holds enemy units or "
                            "an enemy partisan: militia are placed only where there are none",
                            spaces=(action.locale,), pieces=(name,))
        return
    yield Check.done("AR-MOB-07")


def _indian(action: Raised, ctx: Context, name: str) -> Iterator[Outcome]:
    locale = ctx.data.locales.get(action.locale)
    where = ctx.name(action.locale)
    if locale is None or locale.kind is None:
        yield Check.unchecked("AR-MOB-12", action.step,
                              f"whether {where} is an Indian locale is not known",
                              needs=(str(Need.KINDS),), spaces=(action.locale,))
        return
    if str(locale.kind) != "indian":
        yield Check.illegal("AR-MOB-12", action.step,
                            f"an Indian was mobilized in {where}, which is not an Indian "
                            "locale: Indians enter only in Indian locales",
                            spaces=(action.locale,), pieces=(name,))
        return
    if any(entity.kind == "massacre" for entity in ctx.state.in_locale(action.locale)):
        yield Check.illegal("AR-MOB-12", action.step,
                            f"an Indian was mobilized in {where}, which holds a Massacre "
                            "marker", spaces=(action.locale,), pieces=(name,))
        return
    earlier = [act for act in ctx.proc.raised if act.key == action.key
               and act.locale == action.locale]
    if earlier:
        yield Check.illegal("AR-MOB-12", action.step,
                            f"a second Indian was mobilized in {where} this turn (the first "
                            f"at step {earlier[0].step}): at most one per Indian locale a "
                            "turn", spaces=(action.locale,), pieces=(name,))
        return
    yield Check.done("AR-MOB-12")


def _side(ctx: Context, formation: str) -> object:
    found = ctx.data.formations.get(formation)
    return found.side if found is not None else None


def _box(origin: str | None) -> str:
    return "the eliminated units" if origin == NOT_AGAIN[0] else "out of play"


def _nation(nation: Nation) -> str:
    return "France" if nation is Nation.FR else "Spain"
