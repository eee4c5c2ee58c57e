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
play only when Revolutionary Progress reaches Continental Congress ("The instant the
Revolutionary Progress Table reaches Continental Congress, the American player places
him"): placed in the Rabble Rousing Phase (where the marker moves) with the marker still
one box short, or in the step that moves it there, the log's order of the two is not the
rule's, and the placement is not called early.

The rest of AR 13 (this module's second half):
- AR-MOB-01 (AR 13.1, 13.11): units come into play in the Mobilization Phase, or through
  a marker or event (Minutemen in a Movement Phase, Washington at Continental Congress,
  the special reinforcements at the Declaration, AR 4.9-4.10, 7.9). (AR-SEQ-01 reads the
  same sentence for the sequence of play; both report such a raise.)
- AR-MOB-02 (AR 13.2): "Whenever you're to bring a leader into play, pick one at random
  from your side's leader pool": a leader raised from anywhere but his side's pool (the
  palette, the other side's pool) is illegal. Which leader a draw from a pool box gave
  cannot show whether it was drawn blind, so a leader from the pool is legal. Leader
  Arises (a marker, AR 7.9), Washington (AR 4.10) and the special reinforcements
  (AR 4.9) do not come from the pool.
- AR-MOB-03 (AR 13.4), AR-MOB-10 (AR 4.8): the political points the PP record fell by in
  a side's Mobilization Phase against the Mobilization Table (`data.costs`) for what the
  side raised and bought: American Continentals 4 each, 3 once Revolutionary Progress
  stands at Continental Army Professionalizes (level 3); on Turn 1 "the British player
  pays twice the normal mobilization costs for units and Campaign markers". Markers played
  in the phase lower the bound (Drillmaster: American regulars at 2, a British regular or
  light free; Pulaski: a regular or light free; Hessians, Indians: one free; Leader Arises
  is a marker). Judged when the phase after the Mobilization Phase shows; a finding
  points at the step where the side's PP record last fell. Paying less
  than the lowest reading is illegal; paying more is illegal only when nothing unseen can
  cost points (the optional fortresses, partisans, militia upgrades: a failed partisan
  attempt costs its points and leaves no piece, AR 29.2).
- AR-MOB-06 (AR 13.7, 18.6): "During any Mobilization Phase, the British player may
  exchange a 2-value regular unit for two 1-value detachments, with the substitution
  taking place in the same region [...] Detachments may not otherwise be mobilized into
  play. The same process may generally also be worked in reverse [...] Hessian units may
  not be broken down into detachments." A detachment raised needs a British regular taken
  off in its region earlier in the phase or in the same step (two detachments for each);
  a British regular raised on the map with two detachments taken off in its region is a
  consolidation, not a mobilization (so not AR-MOB-05), as is the British Drillmaster's
  regular or light replacing a militia (AR 7.9).
- AR-MOB-08 (AR 13.9, 27.1, 27.2): grenadiers, Hessians and Indians are British counters;
  the log shows them raised only as British pieces, so every such raise is the British
  one.
- AR-MOB-09 (AR 13.10, FAQ): the data gives no counts for the unit counters (the
  counter mix is the printed sheet), so units are unchecked; campaign markers have
  counts, and "may not be made up" (FAQ): a marker played when more of it are in play
  than the mix holds is illegal.
- AR-MOB-11 (AR 27.1, 27.2): "whenever one or more Hessian [Indian] units are mobilized,
  the American player randomly picks one campaign marker per unit": a reminder at each
  Hessian or Indian raised, unless the American draws in that step.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.american_revolution.actions import MarkerPlayed, Raised, TrackMoved
from adjudicator.systems.american_revolution.data import FormationType, Nation, Need
from adjudicator.systems.american_revolution.printings import printings
from adjudicator.systems.american_revolution.procedure import RABBLE
from adjudicator.systems.american_revolution.rules import mobilization_costs as costs
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.american_revolution.rules.upgrades import is_upgrade
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.common.sequencer import PhaseShown

FAMILY = RuleFamily("mobilization",
                    frozenset({"AR-MOB-01", "AR-MOB-02", "AR-MOB-03", "AR-MOB-04",
                               "AR-MOB-05", "AR-MOB-06", "AR-MOB-07", "AR-MOB-08",
                               "AR-MOB-09", "AR-MOB-10", "AR-MOB-11", "AR-MOB-12",
                               "AR-MOB-13", "AR-MOB-14", "AR-LOY-02"}),
                    actions=(Raised, MarkerPlayed, PhaseShown))
OWN_BOX = {Nation.GB: "britain_box", Nation.FR: "france_box", Nation.SP: "spain_box"}
ALLIED_AT = {Nation.FR: 2, Nation.SP: 3}
"""Balance of Power levels at which France and Spain are allied (AR 12.7, 26.1)."""
SPANISH_COLONIES = frozenset({"new_spain", "cuba"})
NOT_AGAIN = ("box:eliminated", "box:removed")


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """A unit or leader raised where, or when, the rules do not allow it."""
    if isinstance(action, MarkerPlayed):
        yield from costs.made_up(action, ctx)
        return
    if isinstance(action, PhaseShown):
        yield from costs.judge_costs(action, ctx)
        return
    if not isinstance(action, Raised) or ctx.phase == "setup":
        return
    yield from costs.when(action, ctx)
    if action.entity == "leader":
        yield from costs.from_pool(action, ctx)
        yield from _leader(action, ctx)
        return
    yield from costs.raised_unit(action, ctx)
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
    elif action.origin in NOT_AGAIN:
        yield Check.done("AR-MOB-04")  # AR 13.5: other eliminated units come back at cost
    if formation.type is FormationType.REGULAR and formation.nation in OWN_BOX and \
            not costs.exchanged(action, ctx) and not is_upgrade(action, ctx):
        box = OWN_BOX[formation.nation]
        if action.locale != box:
            yield Check.illegal("AR-MOB-05", action.step,
                                f"{costs.article(name)} was mobilized in {where}: the "
                                "regulars of that "
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
        rp = ctx.state.level("rp") or 0
        moved = any(isinstance(a, TrackMoved) and a.track == "rp" and (a.after or 0) >= 1
                    for a in ctx.step_actions)
        if rp >= 1 or moved:
            yield Check.done("AR-MOB-14")
        elif rp == 0 and ctx.phase == RABBLE:
            yield Check.unchecked("AR-MOB-14", action.step,
                                  f"Washington came into play in {ctx.name(action.locale)} "
                                  "in the Rabble Rousing Phase with Revolutionary Progress "
                                  "one box short of Continental Congress: he is placed the "
                                  "instant it gets there, and the marker may be moved next",
                                  spaces=(action.locale,), pieces=("Washington",))
        else:
            yield Check.illegal("AR-MOB-14", action.step,
                                f"Washington came into play in {ctx.name(action.locale)} "
                                "before Revolutionary Progress reached Continental "
                                "Congress: he enters only then, and never otherwise",
                                spaces=(action.locale,), pieces=("Washington",))
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
                                f"{costs.article(name)} was mobilized in the {where} box: "
                                "militia are "
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
                            f"{costs.article(name)} was mobilized in {where} "
                            f"({region.name}): {rule_text}",
                            spaces=(action.locale,), pieces=(name,))
        return
    side = nation.side
    enemies = [entity for entity in ctx.state.in_locale(action.locale)
               if (entity.kind == "unit" and _side(ctx, entity.key) == side.enemy)
               or (entity.kind == "partisan" and entity.key == side.enemy)]
    if enemies:
        yield Check.illegal("AR-MOB-07", action.step,
                            f"{costs.article(name)} was mobilized in {where}, which holds "
                            "enemy units or an enemy partisan: militia are placed only where "
                            f"there are none{printings('13.8')}",
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
