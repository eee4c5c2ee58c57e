"""Combat (AR 18, 21.3-21.4, 24.6-24.8) and the markers drawn after a battle (AR 7.1(2),
18.11).

AR 18.1: "Combat is always mandatory" in every locale where a force of the side whose
Combat Phase it is stands with an enemy force (exceptions: a siege under the optional
rule 28.9; the FAQ's enemy fleet in a port with one's land units). AR 18.2: "Only one
attack is allowed per locale per Combat Phase". AR 17.5: only forced-marched forces move
in the second and third Movement Phases, so combat there is theirs (AR 17.4).

AR 18.4(1): tactics markers committed "from zero up to the total leadership values of all
their side's leaders in that battle"; P1 adds "A player must have one or more leaders in
order to play tactics markers in a battle". Each side rolls a die and adds "the total
leadership value" (the literal text) or, by the FAQ, the number of tactics committed (the
digest's reading, A2, which this module follows: the FAQ is the designer's word). The
higher total fires first; ties are rolled again. A first round fired by the side that lost
by the FAQ's totals but not by the literal text's is `unchecked`, not illegal. AR
21.6/21.7: a militia leader's value counts only for a force all militia, light and militia
leaders; an admiral's only for fleets (AR-LDR-03, AR-LDR-04).

AR 18.4(2): the firer "rolls one die for each combat factor of his involved combat units,
plus one additional die for each tactics marker he wants to expend"; 18.12 +1 per light
or Indian unit in a wilderness or Indian locale; AR 18.5: never more tactics in a round
than "printed combat strength points firing"; AR 18.7: disrupted units do not fire. Each
6 eliminates a unit, each 5 disrupts one, a disrupted unit disrupted again is eliminated,
and (FAQ) "All eliminations must be applied before any disruptions" (`fire.check_hits`).

AR 18.4(4): rounds alternate until a side's force is "completely eliminated and/or
disrupted" (it loses), or a side declares retreat at the start of its own round; the
other then has "one final round of fire—but only using light troops and/or Indians
(though tactics marker use is also permitted)" (P1, 2016; the 2011 printing lets the whole
force fire: the rulebook of record, P1, is followed). So the same side may fire twice in a
row only in that final round.

Fortresses (optional, AR 28): land units fired on in a locale with their own fortress
take only 6s, as disruptions (AR 28.2(2)), unless the enemy besieges it (AR 28.7; the
fortress family judges losses read on the fortress table under a siege, AR-FORT-06);
where the board does not show whose fortress it is, either table is accepted. AR-FORT-02
(AR 28.3): a fortress's combat strength "may be used only when defending ... only if the
player has one or more friendly land units in the same locale": fire dice including it
rolled by the side whose fortress it is not (the attacker, the besiegers), or by a side
with no land unit there, are illegal; the garrison may add it (on a siege attack too,
and a sortie, whose attacker the log does not tell apart, is read favourably).
AR-FORT-07 (AR 28.9, 28.11): a locale with a Siege marker owes no battle; a locale with
both sides' land units and a fortress but no siege does (the finding cites AR-FORT-07).
A relief force's owed attack (AR 28.12) is not judged here.

AR 18.8: the loser "moves all his surviving units to an adjacent (route-connected) locale
... together as a single force ... not ... into a locale containing an enemy unit(s)"
(blocked: eliminated in place); AR 23.1 militia never cross a regional border. AR 18.11:
"both players (victor first) randomly pick the number of campaign markers from the pool
equal to the number of enemy units he eliminated in that battle" (leaders are eliminated
like units, AR 21.3, and count; 7.3: nothing is drawn from an empty pool; AR 7.9: Shot
Heard Round the World doubles the American's draw, Tarleton's Quarter its player's
enemy's, so with either played up to twice is accepted). AR 21.4: an
eliminated leader survives to the leader pool on a die at most his printed value,
otherwise he is out of play.

AR 18.9, 24.5, 24.9: a retreat to sea goes with a friendly fleet of the locale, four land
combat units a fleet, by the high seas (AR-CBT-09; 18.9's sea area "free of any enemy
fleets" yields to 24.9's "may retreat into high seas regions that contain enemy fleets":
the permissive text is followed). AR 18.10: the phasing side's winning force stays in the
locale until its next Movement Phase (AR-CBT-10). AR 24.6(3), 24.10: a failed amphibious
assault re-embarks and leaves with its fleet(s), never overland (AR-CBT-14).
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from adjudicator.systems.american_revolution.actions import (
    BattleDraw,
    BattleEnded,
    BattleFought,
    BattleRetreat,
    CombatOwed,
    FireRound,
    ForceMoved,
    GroundHeld,
    Holding,
    LeadersTaken,
    LeaderSurvival,
    LossesTaken,
    TacticsCommitted,
)
from adjudicator.systems.american_revolution.data import (
    FormationType,
    LeaderKind,
    LocaleKind,
    Nation,
    OptionalRule,
    RouteType,
)
from adjudicator.systems.american_revolution.fire import (
    MAX_BATTLE_DICE,
    MAX_BATTLE_UNITS,
    POLICY,
    BattleSide,
    Firer,
    UnitKind,
    battle_odds,
    battle_units,
    check_hits,
    fire_dice,
    fire_round,
    initiative,
)
from adjudicator.systems.american_revolution.printings import printings
from adjudicator.systems.american_revolution.procedure import CAMPAIGNS
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.american_revolution.rules.fortresses import (
    fortress_effects,
    fortress_owner,
)
from adjudicator.systems.american_revolution.rules.interception import was_interception
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Computed, Outcome
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.rulebook import RuleFamily

FAMILY = RuleFamily("combat",
                    frozenset({"AR-CBT-01", "AR-CBT-02", "AR-CBT-03", "AR-CBT-04",
                               "AR-CBT-05", "AR-CBT-06", "AR-CBT-07", "AR-CBT-08",
                               "AR-CBT-09", "AR-CBT-10", "AR-CBT-11", "AR-CBT-12",
                               "AR-CBT-13", "AR-CBT-14", "AR-CBT-15", "AR-CM-03",
                               "AR-FORT-02", "AR-FORT-07"}),
                    actions=(BattleFought, TacticsCommitted, FireRound, LossesTaken,
                             BattleRetreat, BattleEnded, BattleDraw, LeaderSurvival,
                             CombatOwed, LeadersTaken, GroundHeld))
SIDE_NAMES = {"US": "American", "GB": "British"}
FLEET_ROOM = 4
"""Land combat units a fleet carries (AR 24.5; FAQ: "Combat units")."""
DECK = Place(PlaceKind.DECK)


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """Every battle step: where combat is owed, the battle, its rounds, the retreat, the
    draws and the leaders' survival."""
    if isinstance(action, CombatOwed):
        yield from _owed(action, ctx)
    elif isinstance(action, BattleFought):
        yield from _fought(action, ctx)
    elif isinstance(action, TacticsCommitted):
        yield from _committed(action, ctx)
    elif isinstance(action, FireRound):
        yield from _fire(action, ctx)
    elif isinstance(action, LossesTaken):
        yield from _losses(action, ctx)
    elif isinstance(action, BattleRetreat):
        yield from _retreat(action, ctx)
    elif isinstance(action, BattleEnded):
        yield from _ended(action, ctx)
    elif isinstance(action, BattleDraw):
        yield from _draws(action, ctx)
    elif isinstance(action, GroundHeld):
        yield from _held(action, ctx)
    elif isinstance(action, LeaderSurvival):
        yield from _survival(action, ctx)
    elif isinstance(action, LeadersTaken) and not ctx.uses(OptionalRule.OVERRUN):  # AR 34 overruns
        names = tuple(ctx.leader_name(key) for key in action.leaders)
        place = ctx.name(action.locale)
        yield Check.illegal("AR-CBT-13", action.step,
                            f"{who(action.side)}'s {', '.join(names)}, alone in {place} with "
                            "the enemy, removed with no round of fire at him: a leader alone "
                            "in a locale still has to be fired on by enemy combat units to be "
                            "eliminated (AR 21.3)", spaces=(place,), pieces=names)


# ---------------------------------------------------------------- helpers


def who(side: str | None) -> str:
    """`the American player` / `the British player`."""
    return f"the {SIDE_NAMES.get(side or '', 'unknown')} player"


def is_fleet(ctx: Context, kind: str, key: str) -> bool:
    """Whether a piece is a fleet."""
    formation = ctx.data.formations.get(key) if kind == "unit" else None
    return formation is not None and formation.type is FormationType.FLEET


def wilderness(ctx: Context, locale: str) -> bool:
    """A wilderness or Indian locale (AR 18.12)."""
    found = ctx.data.locales.get(locale)
    return found is not None and found.kind in (LocaleKind.WILDERNESS, LocaleKind.INDIAN)


def firers(ctx: Context, holding: Holding) -> tuple[list[Firer], list[int], bool]:
    """The land units as `Firer`s, the fleets' CFs (not disrupted), and whether every CF
    is known."""
    land: list[Firer] = []
    fleets: list[int] = []
    known = True
    for kind, key, disrupted in holding:
        if kind != "unit":
            continue
        formation = ctx.data.formations.get(key)
        if formation is None or formation.cf is None:
            known = False
            continue
        if formation.type is FormationType.FLEET:
            if not disrupted:
                fleets.append(formation.cf)
            continue
        land.append(Firer(UnitKind(formation.type.value), formation.cf, disrupted))
    return land, fleets, known


def leadership(ctx: Context, holding: Holding) -> tuple[int, int]:
    """(effective, printed) total leadership of a side's undisrupted leaders in a battle
    (AR 18.4(1), 21.3): a militia leader counts only with a force of militia and light
    units and militia leaders (AR 21.6), an admiral only with fleets (AR 21.7)."""
    types = {ctx.data.formations[key].type for kind, key, _ in holding
             if kind == "unit" and key in ctx.data.formations}
    kinds = {ctx.data.leaders[key].kind for kind, key, _ in holding
             if kind == "leader" and key in ctx.data.leaders}
    militia_force = types <= {FormationType.MILITIA, FormationType.LIGHT} and \
        kinds <= {LeaderKind.MILITIA}
    fleets = FormationType.FLEET in types
    effective = printed = 0
    for kind, key, disrupted in holding:
        leader = ctx.data.leaders.get(key) if kind == "leader" else None
        if leader is None or disrupted:
            continue
        value = leader.value or 0
        printed += value
        if leader.kind is LeaderKind.MILITIA and not militia_force:
            continue
        if leader.kind is LeaderKind.ADMIRAL and not fleets:
            continue
        effective += value
    return effective, printed


def _names(ctx: Context, holding: Holding) -> tuple[str, ...]:
    return tuple(ctx.unit_name(key) if kind == "unit" else ctx.leader_name(key)
                 for kind, key, _ in holding)


def _has_fortress(ctx: Context, locale: str) -> bool:
    return ctx.uses(OptionalRule.FORTRESSES) and ctx.state.count(
        "fortress", Place(PlaceKind.SPACE, locale)) > 0


# ---------------------------------------------------------------- where combat is owed


def exempt(ctx: Context, locale: str, us: Holding, gb: Holding) -> bool:
    """Both sides may stay in a locale without a battle: a siege (AR 28.9, optional), or
    unless both sides have land units or leaders there. Land units cannot touch a fleet
    (FAQ: an enemy fleet in a port "could stay there, basically blockading"; AR 24.7: fleets
    alone never attack land units), and fleets "may attack enemy fleets in port locales"
    (AR 24.8): a fleet battle is a choice, not owed."""
    siege = ctx.state.count("siege", Place(PlaceKind.SPACE, locale))
    if ctx.uses(OptionalRule.FORTRESSES) and siege:
        return True
    land_us = any(not is_fleet(ctx, k, key) for k, key, _ in us)
    land_gb = any(not is_fleet(ctx, k, key) for k, key, _ in gb)
    return not (land_us and land_gb)


def out_of_turn(action: CombatOwed, ctx: Context) -> bool:
    """The First Player moved after the Second had begun: the sequence family's finding
    (AR-SEQ-02), not a Combat Phase's end."""
    return action.by_move and ctx.proc.first is not None and action.side == ctx.proc.second


def _owed(action: CombatOwed, ctx: Context) -> Iterator[Outcome]:
    if out_of_turn(action, ctx):
        return
    whose = SIDE_NAMES.get(action.side or "", "phasing")
    for locale, us, gb in action.locales:
        if exempt(ctx, locale, us, gb):
            if ctx.uses(OptionalRule.FORTRESSES) and \
                    ctx.state.count("siege", Place(PlaceKind.SPACE, locale)):
                yield Check.done("AR-FORT-07")  # AR 28.9: a besieging force need not attack
            continue
        if locale in action.forced:
            continue  # AR 17.4: judged by the forced-march family (AR-FM-04)
        if _has_fortress(ctx, locale):
            yield Check.illegal("AR-FORT-07", action.step,
                                f"the {whose} Combat Phase ended with both sides' land forces "
                                f"in {ctx.name(locale)}, where a garrisoned fortress stands "
                                "and no Siege marker was placed, and no battle there: a force "
                                "that enters a garrisoned enemy fortress's locale and does "
                                "not start a siege must attack it (AR 28.11, 18.1)",
                                spaces=(ctx.name(locale),), pieces=_names(ctx, us + gb))
            return
        yield Check.illegal("AR-CBT-01", action.step,
                            f"the {whose} Combat Phase ended with both sides' forces in "
                            f"{ctx.name(locale)} and no battle there: combat is always "
                            "mandatory where both sides' forces stand (AR 18.1)",
                            spaces=(ctx.name(locale),), pieces=_names(ctx, us + gb))
        return
    yield Check.done("AR-CBT-01")


# ---------------------------------------------------------------- the battle


def _fought(action: BattleFought, ctx: Context) -> Iterator[Outcome]:
    place = ctx.name(action.locale)
    if action.again:
        yield Check.illegal("AR-CBT-02", action.step,
                            f"a second battle in {place} in this Combat Phase: only one "
                            "attack is allowed per locale per Combat Phase (AR 18.2)",
                            spaces=(place,))
    else:
        yield Check.done("AR-CBT-02")
    campaign = CAMPAIGNS.index(ctx.phase) + 1 if ctx.phase in CAMPAIGNS else None
    if campaign is not None and campaign > 1 and not action.forced and \
            not _has_fortress(ctx, action.locale):
        yield Check.illegal("AR-CBT-01", action.step,
                            f"a battle in {place} in Campaign Phase {campaign} by a force "
                            "that did not forced-march there: in the second and third "
                            "phases only forced-marched forces move and attack (AR 17.4, "
                            "17.5)", spaces=(place,), pieces=_names(ctx, action.attacker))
    attacker_fleets = [is_fleet(ctx, k, key) for k, key, _ in action.attacker if k == "unit"]
    defender_land = [not is_fleet(ctx, k, key) for k, key, _ in action.defender]
    if attacker_fleets and all(attacker_fleets) and \
            not any(k == "leader" for k, _, _ in action.attacker) and all(defender_land):
        yield Check.illegal("AR-CBT-15", action.step,
                            f"fleets alone attack land units in {place}: fleets may fight "
                            "only enemy fleets, and land units only in an amphibious "
                            "assault (AR 24.7-24.8)", spaces=(place,),
                            pieces=_names(ctx, action.attacker))
    elif attacker_fleets:
        yield Check.done("AR-CBT-15")
    yield from _odds(action, ctx)


def _odds(action: BattleFought, ctx: Context) -> Iterator[Outcome]:
    """Dice a round, initiative (FAQ reading: Tactics committed; the literal text: the
    leadership value), each side's first full round, and the battle under `POLICY`."""
    wild = wilderness(ctx, action.locale)
    a_land, a_fleets, a_known = firers(ctx, action.attacker)
    d_land, d_fleets, d_known = firers(ctx, action.defender)
    a_dice = fire_dice(a_land, wilderness=wild).total + sum(a_fleets)
    d_dice = fire_dice(d_land, wilderness=wild).total + sum(d_fleets)
    delta = action.tactics[0] - action.tactics[1]
    first = initiative(delta)
    literal = initiative(leadership(ctx, action.attacker)[0]
                         - leadership(ctx, action.defender)[0])
    probabilities: dict[str, Fraction] = {
        "attacker fires first (tactics committed, FAQ)": first,
        "attacker fires first (leadership value, literal text)": literal}
    for name, dice in (("attacker", a_dice), ("defender", d_dice)):
        table = fire_round(dice).items()
        probabilities[f"{name}'s full round eliminates at least one"] = sum(
            (p for hits, p in table if hits.eliminations), Fraction(0))
        probabilities[f"{name}'s full round only disrupts"] = sum(
            (p for hits, p in table if not hits.eliminations and hits.disruptions),
            Fraction(0))
    result: dict[str, str | int] = {"attacker dice": a_dice, "defender dice": d_dice,
                                    "tactics committed": f"{action.tactics[0]} against "
                                                         f"{action.tactics[1]}"}
    a_units = battle_units([f for f in a_land if not f.disrupted], wilderness=wild)
    d_units = battle_units([f for f in d_land if not f.disrupted], wilderness=wild)
    if a_known and d_known and a_units and d_units and not a_fleets and not d_fleets and \
            max(len(a_units), len(d_units)) <= MAX_BATTLE_UNITS and \
            max(a_dice, d_dice) <= MAX_BATTLE_DICE:
        odds = battle_odds(BattleSide(a_units), BattleSide(d_units), attacker_first=first)
        probabilities["attacker wins"] = odds.attacker
        probabilities["defender wins"] = odds.defender
        result["policy"] = POLICY
    yield Computed(kind="battle odds", step=action.step, rule_id="AR-CBT-03",
                   summary=f"battle in {ctx.name(action.locale)}: attacker rolls {a_dice} "
                           f"dice a round, defender {d_dice} (spent tactics aside); with the "
                           f"tactics committed so far the attacker fires first with chance {first}",
                   inputs={"locale": ctx.name(action.locale),
                           "attacker": ", ".join(_names(ctx, action.attacker)),
                           "defender": ", ".join(_names(ctx, action.defender))},
                   result=dict(result), probabilities=probabilities)


def _committed(action: TacticsCommitted, ctx: Context) -> Iterator[Outcome]:
    others = [m for m in action.markers if m != "tactics"]
    if others:
        yield Check.illegal("AR-CBT-03", action.step,
                            f"{who(action.side)} put {', '.join(m.title() for m in others)} "
                            "in the Battle Box: only tactics markers are committed to a "
                            "battle (AR 18.4(1))",
                            pieces=tuple(ctx.data.markers[m].name if m in ctx.data.markers
                                         else m for m in others))
        return
    if action.locale is None:
        yield Check.unchecked("AR-CBT-03", action.step,
                              "tactics committed, but which battle they are for is not known "
                              "yet", needs=("the battle's locale",))
        return
    place = ctx.name(action.locale)
    if not action.leaders:
        yield Check.illegal("AR-CBT-03", action.step,
                            f"{who(action.side)} committed tactics to the battle in {place} "
                            "with no leader there: a player must have one or more leaders "
                            f"to play tactics markers in a battle{printings('18.4(1)')}",
                            spaces=(place,), observed=str(action.committed))
        return
    holding = ctx_holding(ctx, action.locale, action.side)
    _, printed = leadership(ctx, holding)
    if action.committed > printed:
        yield Check.illegal("AR-CBT-03", action.step,
                            f"{who(action.side)} committed {action.committed} tactics to the "
                            f"battle in {place}: at most the total leadership value of his "
                            f"leaders there, {printed} (AR 18.4(1))", spaces=(place,),
                            expected=f"at most {printed}", observed=str(action.committed))
    else:
        yield Check.done("AR-CBT-03")


def ctx_holding(ctx: Context, locale: str, side: str | None) -> Holding:
    """A side's pieces in a locale now (from the state)."""
    return tuple(sorted((e.kind, e.key, e.disrupted) for e in ctx.state.in_locale(locale)
                        if e.combat and _side_of(ctx, e.kind, e.key) == side))


# ---------------------------------------------------------------- fire


def _fire(action: FireRound, ctx: Context) -> Iterator[Outcome]:
    side = action.side
    n = len(action.dice)
    if action.locale is None:
        yield Check.unchecked("AR-CBT-04", action.step,
                              f"{who(side)} rolled {n} dice in a battle whose locale the log "
                              "does not show yet", needs=("the battle's locale",))
        return
    place = ctx.name(action.locale)
    wild = wilderness(ctx, action.locale)
    land, fleets, known = firers(ctx, action.firers)
    base = fire_dice(land, wilderness=wild).total
    final = fire_dice(land, wilderness=wild, final_round=True).total
    printed = sum(f.cf for f in land if not f.disrupted) + sum(fleets)
    fortress_here = (ctx.data.fortress_cf or 0) if _has_fortress(ctx, action.locale) else 0
    fortress = _fortress_dice(ctx, action.locale, side, land) if fortress_here else 0
    # AR 24.12: marines +1 each in an amphibious assault (a side firing with a fleet: the
    # most it may roll; which side assaults is read in the firer's favour).
    marines = fire_dice(land, wilderness=wild, amphibious_attacker=True).total - base \
        if fleets else 0
    extra = sum(fleets) + fortress + marines
    room = min(action.tactics_left, printed + fortress)
    if action.target_broken or action.firer_broken:
        broken = side if action.firer_broken else (
            "GB" if side == "US" else "US")
        yield Check.illegal("AR-CBT-07", action.step,
                            f"{who(side)} fired in {place} after every unit of "
                            f"{who(broken)}'s force there was eliminated or disrupted: "
                            "that side had lost and the battle was over (AR 18.4(4a))",
                            spaces=(place,))
        return
    again = action.previous == side
    if again and n > final + room:
        yield Check.illegal("AR-CBT-07", action.step,
                            f"{who(side)} fired two rounds in a row in {place}: rounds "
                            "alternate, and only the final round against a side that "
                            "declared retreat follows the firer's own, with light troops "
                            "and Indians only (AR 18.4(3)-(4b))", spaces=(place,),
                            expected=f"at most {final + room} dice (a final round)",
                            observed=f"{n} dice")
        return
    if action.number == 1 and action.initiative is not None and \
            action.initiative != side and not _has_fortress(ctx, action.locale) and \
            not ctx.uses(OptionalRule.FRONTIER_WARFARE) and \
            not any(ctx.proc.has_played(s, "tarleton") for s in ("US", "GB")) and \
            not _literal_allows(action, ctx):
        yield Check.illegal("AR-CBT-03", action.step,
                            f"{who(side)} fired the first round in {place}, but "
                            f"{who(action.initiative)} had the higher initiative total "
                            "(die + tactics committed) and fires first in each round "
                            "(AR 18.4(1), FAQ)", spaces=(place,))
    elif action.number == 1 and action.initiative is not None and action.initiative != side \
            and _literal_allows(action, ctx):
        yield Check.unchecked("AR-CBT-03", action.step,
                              f"{who(side)} fired the first round in {place}: he lost the "
                              "initiative by die + Tactics committed (the FAQ), but not by die "
                              "+ total leadership value, as the text of AR 18.4(1) reads",
                              spaces=(place,))
    elif action.number == 1 and action.initiative is not None:
        yield Check.done("AR-CBT-03")
    if not known:
        yield Check.unchecked("AR-CBT-04", action.step,
                              f"a combat factor of {who(side)}'s units in {place} is not in "
                              "the data", needs=("formation combat factors",))
        return
    if fortress_here and not fortress and \
            base + extra + action.tactics_left < n <= base + extra + fortress_here + \
            action.tactics_left:
        yield Check.illegal("AR-FORT-02", action.step,
                            f"{who(side)} rolled {n} fire dice in {place}, the fortress's "
                            f"{fortress_here} among them, but the fortress there is not his "
                            "or has no friendly land unit with it: a fortress's combat "
                            "strength is used only by its garrison on the defence, never on "
                            "the offence (AR 28.3)", spaces=(place,),
                            expected=f"at most {base + extra + action.tactics_left}",
                            observed=str(n))
        return
    if fortress_here:
        yield Check.done("AR-FORT-02")
    low = min(base, sum(fleets)) if fleets else base
    if again or (action.number == 1 and action.initiative != side):
        low = min(low, final)  # maybe the final round against a retreat (AR 18.4(4b))
    high = base + extra + room
    if n < low or n > base + extra + action.tactics_left:
        yield Check.illegal("AR-CBT-04", action.step,
                            f"{who(side)} rolled {n} fire dice in {place}: one die per "
                            f"combat factor of his undisrupted units ({base} with terrain), "
                            "plus one per tactics marker spent (AR 18.4(2), 18.12)",
                            spaces=(place,),
                            expected=f"{low}" if low == high else f"{low} to {high}",
                            observed=str(n))
    elif n > high:
        yield Check.illegal("AR-CBT-05", action.step,
                            f"{who(side)} rolled {n} fire dice in {place}: {n - base - extra} "
                            f"tactics spent, more than the {printed + fortress} printed "
                            "combat strength points firing (AR 18.5)", spaces=(place,),
                            expected=f"at most {high}", observed=str(n))
    else:
        yield Check.done("AR-CBT-04")
        leaders = [h for h in action.firers if h[0] == "leader"]
        if n > base + extra and leaders and all(d for _, _, d in leaders):
            yield Check.illegal("AR-CBT-05", action.step,
                                f"{who(side)} spent tactics in {place} with every leader "
                                "there disrupted: a side whose leaders are all disrupted "
                                "may not spend tactics (AR 18.5, FAQ)", spaces=(place,))
        else:
            yield Check.done("AR-CBT-05")
    yield from _owed_losses(action, ctx, place)


def _literal_allows(action: FireRound, ctx: Context) -> bool:
    """Whether the first round's firer did not lose the initiative by AR 18.4(1)'s literal
    text (die + the total leadership value of the side's leaders in the battle), where the
    FAQ reads die + Tactics committed: the dice known, and the firer's total at least the
    other's (a tie: a re-roll the log reading may have taken for the decision). The firer's
    leaders count at printed values, the other side's at effective ones (AR 21.6-21.7)."""
    if action.initiative_dice is None or action.side is None:
        return False
    die = dict(zip(("US", "GB"), action.initiative_dice, strict=True))
    other = "GB" if action.side == "US" else "US"
    mine = die[action.side] + leadership(ctx, action.firers)[1]
    theirs = die[other] + leadership(ctx, action.target)[0]
    return mine >= theirs


def _fortress_dice(ctx: Context, locale: str, side: str | None, land: list[Firer]) -> int:
    """The fortress's dice `side` may add in `locale` (AR 28.3): its own fortress, with a
    friendly land unit there, on the defence. Whose fortress it is, when the board does
    not show it, is read in the firer's favour; so is who defends under a siege (a siege
    attack is defended by the garrison, a sortie fought without the fortress, AR 28.13)."""
    owner = fortress_owner(ctx, locale)
    cf = ctx.data.fortress_cf or 0
    if owner is None:
        return cf
    if owner != side or not land:
        return 0
    return cf


def _owed_losses(action: FireRound, ctx: Context, place: str) -> Iterator[Outcome]:
    sixes, fives = action.dice.count(6), action.dice.count(5)
    fresh = sum(1 for *_, d in action.target if not d)
    spent = len(action.target) - fresh
    legal = check_hits(sixes=sixes, fives=fives, fresh=fresh, disrupted=spent, removed=0,
                       flipped=0).legal
    outcomes = "; ".join(f"{r} removed + {f} flipped" for r, f in sorted(legal))
    table = fire_round(len(action.dice))
    yield Computed(kind="losses owed", step=action.step, rule_id="AR-CBT-06",
                   summary=f"{len(action.dice)} dice in {place}: {sixes} six(es) eliminate, "
                           f"{fives} five(s) disrupt; the target may take {outcomes}",
                   inputs={"dice": len(action.dice), "target fresh": fresh,
                           "target disrupted": spent},
                   result={"sixes": sixes, "fives": fives, "legal": outcomes},
                   probabilities={
                       "a roll this size eliminates at least one":
                           sum((p for hits, p in table.items() if hits.eliminations),
                               Fraction(0)),
                       "a roll this size does nothing":
                           sum((p for hits, p in table.items() if hits == (0, 0)),
                               Fraction(0))})


def protected(ctx: Context, locale: str, side: str | None) -> bool:
    """Whether fire on `side`'s land units in `locale` reads on the fortress table (AR
    28.2(2): 1-5 nothing, 6 disrupts): their own fortress there, not besieged (AR 28.7)."""
    if side is None or not _has_fortress(ctx, locale):
        return False
    return fortress_effects(ctx, locale, side, defending=True).protected


def besieged_garrison(ctx: Context, locale: str, side: str | None) -> bool:
    """`side` holds the fortress in `locale` and the enemy besieges it (AR 28.7)."""
    if side is None or not _has_fortress(ctx, locale):
        return False
    effects = fortress_effects(ctx, locale, side, defending=True)
    return effects.fortress and not effects.protected


def _losses(action: LossesTaken, ctx: Context) -> Iterator[Outcome]:
    place = ctx.name(action.locale)
    shield = protected(ctx, action.locale, action.side)
    check = check_hits(sixes=action.sixes, fives=action.fives, fresh=action.fresh,
                       disrupted=action.disrupted, removed=action.removed,
                       flipped=action.flipped, protected=shield)
    reachable = _reachable(action, check.legal)
    unknown = _has_fortress(ctx, action.locale) and fortress_owner(ctx, action.locale) is None
    if (unknown or besieged_garrison(ctx, action.locale, action.side)) and \
            not (check.fits if action.closing else reachable):
        alt = check_hits(sixes=action.sixes, fives=action.fives, fresh=action.fresh,
                         disrupted=action.disrupted, removed=action.removed,
                         flipped=action.flipped, protected=True)
        if alt.fits if action.closing else _reachable(action, alt.legal):
            # The fortress table under a siege: the fortress family's AR-FORT-06; or whose
            # fortress it is is not known: read in the player's favour.
            return
    if any(action.spared) and not (check.fits if action.closing else reachable):
        # AR 24.6(4): "Fleets aren't affected by other types of land units' fire": hits
        # with no land target left are lost (a fortress's dice may still hit a fleet, so
        # either reading is accepted).
        alt = check_hits(sixes=action.sixes, fives=action.fives,
                         fresh=max(0, action.fresh - action.spared[0]),
                         disrupted=max(0, action.disrupted - action.spared[1]),
                         removed=action.removed, flipped=action.flipped, protected=shield)
        if alt.fits if action.closing else _reachable(action, alt.legal):
            yield Check.done("AR-CBT-06")
            return
    table = ("against land units in their own unbesieged fortress's locale only a 6 has "
             "effect, and it disrupts (AR 28.2(2))") if shield else \
        "each 6 eliminates a unit and each 5 disrupts one"
    if action.closing:
        if not reachable:
            return  # too many losses: found at the step that took them
        if check.fits:
            yield Check.done("AR-CBT-06")
            if action.removed:
                yield Check.done("AR-CBT-13")
            return
        yield Check.illegal("AR-CBT-06", action.step,
                            f"the round of fire rolled at step {action.roll_step} in {place} "
                            f"ended with {who(action.side)} having taken "
                            f"{action.removed} eliminated and {action.flipped} disrupted: "
                            f"{table}, eliminations first (AR 18.4(2), 18.7, FAQ)",
                            spaces=(place,),
                            expected=_legal(check.legal), observed=f"{action.removed} removed "
                            f"+ {action.flipped} flipped")
        return
    if reachable:
        yield Check.done("AR-CBT-06")
        return
    yield Check.illegal("AR-CBT-06", action.step,
                        f"{who(action.side)} has taken {action.removed} eliminated and "
                        f"{action.flipped} disrupted in {place} for {action.sixes} six(es) "
                        f"and {action.fives} five(s): {table} (a second disruption "
                        "eliminates), eliminations first (AR 18.4(2), 18.7, FAQ)",
                        spaces=(place,),
                        expected=_legal(check.legal),
                        observed=f"{action.removed} removed + {action.flipped} flipped")


def _reachable(action: LossesTaken, legal: frozenset[tuple[int, int]]) -> bool:
    return any(r >= action.removed and r + f >= action.removed + action.flipped
               for r, f in legal)


def _legal(legal: frozenset[tuple[int, int]]) -> str:
    return "; ".join(f"{r} removed + {f} flipped" for r, f in sorted(legal))


# ---------------------------------------------------------------- after the battle


def _retreat(retreat: BattleRetreat, ctx: Context) -> Iterator[Outcome]:
    action = retreat.move
    side = action.side
    origin, destination = ctx.name(action.origin), ctx.name(action.destination)
    if amphibious(ctx, side, action.origin):
        yield from _assault_retreat(action, ctx)
    if any(is_fleet(ctx, "unit", key) for key in action.units):
        yield from _sea_retreat(action, ctx)
        return
    if amphibious(ctx, side, action.origin):
        return  # the finding above is the retreat's
    problems: list[str] = []
    route = ctx.data.route(action.origin, action.destination)
    if route is None and not ctx.graph.complete:
        yield Check.unchecked("AR-CBT-08", action.step,
                              f"whether {origin} and {destination} are joined by a route is "
                              "not in the data", needs=("routes",), spaces=(origin, destination))
        return
    if route is None:
        problems.append(f"{destination} is not adjacent to {origin} by a route")
    elif route is RouteType.HIGH_SEAS:
        problems.append(f"{destination} is joined to {origin} only by the high seas, and a land "
                        "force retreats to sea only with a friendly fleet (AR 18.9)")
    enemy = [e for e in ctx.state.in_locale(action.destination) if e.combat
             and _side_of(ctx, e.kind, e.key) not in (None, side)]
    if enemy:
        problems.append(f"{destination} holds enemy units")
    left = [e for e in ctx.state.in_locale(action.origin) if e.combat
            and _side_of(ctx, e.kind, e.key) == side
            and not is_fleet(ctx, e.kind, e.key)]  # a fleet retreats to sea apart (FAQ, 24.9)
    if left:
        problems.append(f"{len(left)} of its pieces stayed in {origin}: all survivors "
                        "retreat together as a single force")
    a, b = ctx.data.region_of(action.origin), ctx.data.region_of(action.destination)
    militia = [key for key in action.units if key in ctx.data.formations
               and ctx.data.formations[key].type is FormationType.MILITIA]
    if a is not None and b is not None and a != b and militia and \
            not ctx.uses(OptionalRule.MILITIA_EXPEDITIONS):  # AR 33: judged by its own family
        problems.append("militia may not cross a regional border (AR 23.1)")
    if problems:
        yield Check.illegal("AR-CBT-08", action.step,
                            f"{who(side)} retreated from {origin} to {destination}: "
                            + "; ".join(problems) + ". The loser retreats all survivors "
                            "together to an adjacent route-connected locale free of enemy "
                            "units, or is eliminated in place (AR 18.8)",
                            spaces=(origin, destination))
    else:
        yield Check.done("AR-CBT-08")


def amphibious(ctx: Context, side: str | None, locale: str) -> bool:
    """The side's force in the locale came by sea only in its Movement Phase just before
    this combat (the other side's moves, if any, came before), fleets carrying land units:
    an amphibious assault (AR 24.6). A force partly come by land (the FAQ: "Land and
    amphibious forces may hit the same port in one turn") is not read as one."""
    moves = ctx.proc.moves
    start = max((i + 1 for i, m in enumerate(moves) if m.side != side), default=0)
    # only the side's own Movement Phase just before this combat: it is the attacker
    arrivals = [m for m in moves[start:] if m.destination == locale]
    by_sea = [m for m in arrivals if any(is_fleet(ctx, "unit", key) for key in m.units)]
    carried = any(not is_fleet(ctx, "unit", key) for m in by_sea for key in m.units)
    return bool(arrivals) and len(by_sea) == len(arrivals) and carried


def _assault_retreat(action: ForceMoved, ctx: Context) -> Iterator[Outcome]:
    """AR 24.6(3): "If the attacker loses the battle, his surviving units automatically
    re-embark onto their fleet(s). The fleet(s) and all surviving attacking units then
    retreat from the assaulted port's locale." With its fleets sunk, the force is ashore and
    its retreat blocked unless another friendly fleet carries it away (AR 24.10): a retreat
    overland is never the assault force's."""
    origin = ctx.name(action.origin)
    if any(is_fleet(ctx, "unit", key) for key in action.units):
        yield Check.done("AR-CBT-14")
        return
    yield Check.illegal("AR-CBT-14", action.step,
                        f"{who(action.side)}'s amphibious assault on {origin} failed and its "
                        f"survivors retreated overland to {ctx.name(action.destination)}: they "
                        "re-embark onto their fleet(s) and retreat with them from the port, "
                        "or, with no fleet left to carry them, are eliminated in place "
                        "(AR 24.6(3), 24.10)",
                        spaces=(origin, ctx.name(action.destination)))


def _sea_retreat(action: ForceMoved, ctx: Context) -> Iterator[Outcome]:
    """A retreat with a fleet (AR 18.9, 24.5, 24.9): the land units go only with a friendly
    fleet of the locale that has room for them, four land combat units a fleet (leaders
    without limit), and the fleet and its passengers go off together by sea. The map joins
    ports by high-seas routes, with no sea area of its own: a retreat to sea is read as a
    move along a high-seas route. AR 18.9 wants a sea area "free of any enemy fleets", AR
    24.9 lets retreating fleets enter high seas "that contain enemy fleets ... with no
    adverse effects": the later, more permissive text is followed (no finding)."""
    side = action.side
    origin = ctx.name(action.origin)
    fleets = [key for key in action.units if is_fleet(ctx, "unit", key)]
    land = [key for key in action.units if not is_fleet(ctx, "unit", key)]
    first = action.path[1] if len(action.path) > 1 else action.destination
    route = ctx.data.route(action.origin, first)
    problems: list[str] = []
    if route is None and not ctx.graph.complete:
        yield Check.unchecked("AR-CBT-09", action.step,
                              f"whether {origin} and {ctx.name(first)} are joined by the "
                              "high seas is not in the data", needs=("routes",),
                              spaces=(origin, ctx.name(first)))
        return
    if route is not RouteType.HIGH_SEAS:
        problems.append(f"it left {origin} for {ctx.name(first)}, which is not joined to it "
                        "by the high seas: retreating fleets always retreat into high seas "
                        "(AR 24.9)")
    if len(land) > FLEET_ROOM * len(fleets):
        problems.append(f"{len(fleets)} fleet{'s' if len(fleets) > 1 else ''} carried "
                        f"{len(land)} land combat units: each fleet embarks up to "
                        f"{FLEET_ROOM} land combat units and any number of leaders (AR 24.5)")
    if problems:
        yield Check.illegal("AR-CBT-09", action.step,
                            f"{who(side)} retreated to sea from {origin}: "
                            + "; ".join(problems) + ". Land units retreat to sea only with "
                            "a friendly fleet in the locale that has room for them, and the "
                            "fleet and the units retreat together into a connected sea area "
                            "(AR 18.9)", spaces=(origin, ctx.name(action.destination)))
    else:
        yield Check.done("AR-CBT-09")


def _held(action: GroundHeld, ctx: Context) -> Iterator[Outcome]:
    """AR 18.10: "The winning force remains in the locale in which it just won its battle
    (until some subsequent friendly Movement Phase)"."""
    place = ctx.name(action.locale)
    if action.left is None:
        yield Check.done("AR-CBT-10")
        return
    move = action.left
    if any(m.side == action.side and m.destination == action.locale
           and was_interception(m, ctx) for m in ctx.proc.moves):
        yield Check.unchecked("AR-CBT-10", move.step,
                              f"{who(action.side)} moved out of {place}, where it won a "
                              "battle, in the same Campaign Phase: it may have entered "
                              f"{place} by interception in the enemy's Movement Phase (AR "
                              "32.2), and then fought as defender and may move in its own "
                              "Movement Phase (AR 18.10); the log does not show which",
                              spaces=(place, ctx.name(move.destination)))
        return
    yield Check.illegal("AR-CBT-10", move.step,
                        f"{who(action.side)} moved {len(move.pieces)} piece(s) out of "
                        f"{place}, where it had just won a battle, to "
                        f"{ctx.name(move.destination)} in the same Campaign Phase: the "
                        "winning force remains in the locale until a subsequent friendly "
                        "Movement Phase (AR 18.10)", spaces=(place, ctx.name(move.destination)))


def _side_of(ctx: Context, kind: str, key: str) -> str | None:
    if kind == "unit":
        formation = ctx.data.formations.get(key)
        return str(formation.side) if formation is not None else None
    leader = ctx.data.leaders.get(key)
    return str(leader.side) if leader is not None else None


def _ended(action: BattleEnded, ctx: Context) -> Iterator[Outcome]:
    place = ctx.name(action.locale)
    if any(e.disrupted for e in ctx.state.in_locale(action.locale) if e.combat):
        yield Check.reminder("AR-CBT-11", action.step,
                             f"the battle in {place} is over: all surviving disrupted units "
                             "of both sides rally (flip back) (AR 18.7)", spaces=(place,))
    owed = {"US": action.eliminated_by_us, "GB": action.eliminated_by_gb}
    if any(owed.values()):
        victor = action.side
        order = [s for s in (victor, "GB" if victor == "US" else "US") if s]
        text = ", ".join(f"{who(s)} draws {owed[s]}" for s in order or ("US", "GB"))
        yield Check.reminder("AR-CM-03", action.step,
                             f"after the battle in {place}, {text} campaign marker(s), "
                             "victor first (AR 18.11)", spaces=(place,))


def _draws(action: BattleDraw, ctx: Context) -> Iterator[Outcome]:
    place = ctx.name(action.locale)
    side = action.side
    if action.closing:
        if action.drawn < action.owed and ctx.state.count("marker", DECK) > 0:
            yield Check.illegal("AR-CM-03", action.step,
                                f"{who(side)} drew {action.drawn} campaign marker(s) after "
                                f"the battle in {place}, but eliminated {action.owed} enemy "
                                "unit(s) and leader(s): each side draws as many as it "
                                "eliminated (AR 7.1(2), 18.11)", spaces=(place,),
                                expected=str(action.owed), observed=str(action.drawn))
        elif action.owed:
            yield Check.done("AR-CM-03")
        return
    # AR 7.9: Shot Heard Round the World gives the American twice the markers for a
    # battle; Tarleton's Quarter gives its player's enemy twice, if its player won.
    doubled = (side == "US" and ctx.proc.has_played("US", "shot_heard")) or any(
        ctx.proc.has_played(other, "tarleton") for other in ("US", "GB") if other != side)
    if doubled and action.owed < action.drawn <= 2 * action.owed:
        yield Check.done("AR-CM-03")
    elif action.drawn > action.owed:
        yield Check.illegal("AR-CM-03", action.step,
                            f"{who(side)} drew {action.drawn} campaign marker(s) after the "
                            f"battle in {place}, but eliminated only {action.owed} enemy "
                            "unit(s) and leader(s) (AR 7.1(2), 18.11)", spaces=(place,),
                            expected=str(action.owed), observed=str(action.drawn))
    elif action.victor is not None and side != action.victor and \
            action.victor_drawn < action.victor_owed:
        yield Check.illegal("AR-CM-03", action.step,
                            f"{who(side)} drew after the battle in {place} before "
                            f"{who(action.victor)}, the victor, drew his "
                            f"{action.victor_owed}: the victor picks first (AR 18.11)",
                            spaces=(place,))
    else:
        yield Check.done("AR-CM-03")


def _survival(action: LeaderSurvival, ctx: Context) -> Iterator[Outcome]:
    leader = ctx.data.leaders.get(action.leader)
    name = ctx.leader_name(action.leader)
    if action.die is None:
        return
    if leader is None or leader.value is None:
        yield Check.unchecked("AR-CBT-12", action.step,
                              f"{name}'s printed leadership value is not in the data",
                              needs=("leader values",), pieces=(name,))
        return
    pool = "leader_pool" in action.place
    out = "removed" in action.place
    ally = leader.nation in (Nation.FR, Nation.SP)
    if pool and ally:
        yield Check.illegal("AR-CBT-12", action.step,
                            f"{name} went into a leader pool: French and Spanish leaders never "
                            "go into the American leader pool (AR 21.4, FAQ)", pieces=(name,),
                            expected="out of the pool", observed="leader pool")
    elif pool and not action.place.endswith(f"_{leader.side}"):
        yield Check.illegal("AR-CBT-12", action.step,
                            f"{name} went into the enemy's leader pool: a surviving leader goes "
                            "back to his own side's pool (AR 13.2, 21.4)", pieces=(name,),
                            expected=f"the {who(str(leader.side))} leader pool",
                            observed="the other pool")
    elif out and ally:
        yield Check.done("AR-CBT-12")  # no pool to go back to (FAQ)
    elif pool and action.die > leader.value:
        yield Check.illegal("AR-CBT-12", action.step,
                            f"{name} went back to the leader pool on a survival die of "
                            f"{action.die}, above his value {leader.value}: he is "
                            "permanently eliminated (AR 21.4)", pieces=(name,),
                            expected="out of play", observed="leader pool")
    elif out and action.die <= leader.value:
        yield Check.illegal("AR-CBT-12", action.step,
                            f"{name} was put out of play on a survival die of {action.die}, "
                            f"at most his value {leader.value}: he escapes to the leader "
                            "pool (AR 21.4)", pieces=(name,), expected="leader pool",
                            observed="out of play")
    else:
        yield Check.done("AR-CBT-12")
