"""Land combat (digest §4.4 CBT-01..12, 17..19; WfA 13.0 Steps 1-8, 11.4-11.8, 12.16,
17.2-17.5, 17.10, 19.20-19.23, 19.31, 10.14, 20.11).

A `Combat` is judged on the position of the battle space when both D12 were rolled: the
SP each side counts (`effective.py`), the odds (`odds.py`), and — with a battle table in
the data — each side's column, modifiers and the result its logged roll reads
(`land_combat.py`). Where an input is not in the log (a side's LOC, an amphibious landing,
an action card's modifier, a table modifier's applicability, a leader's value) the verdict
that needs it is `unchecked`; only the odds below 1:3 and a garrison attacking are
`illegal` on the position alone. When the battle is over (`BattleLosses`), the side that
retreated is judged against the winner the table gives (13.0 Steps 7, 9), and the SP each
side removed against the result the other side's roll reads (Step 6), on the position at
the dice. Loss order and retreats are judged in `loss_order.py` and `retreat.py`.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass, replace
from itertools import product

from adjudicator.findings import Severity
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome, Violation
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.common.tables import RollTable
from adjudicator.systems.war_for_america.actions import BattleLosses, Combat, opponent
from adjudicator.systems.war_for_america.data.tables import (
    BattleColumn,
    CombatResult,
)
from adjudicator.systems.war_for_america.effective import (
    EffectiveSP,
    attacking_sp,
    defending_sp,
)
from adjudicator.systems.war_for_america.land_combat import (
    CombatSide,
    Ground,
    battle_odds,
    choose_column,
    side_modifiers,
)
from adjudicator.systems.war_for_america.odds import Odds, attack_allowed, combat_odds
from adjudicator.systems.war_for_america.rules.battle_sides import (
    SIX_NATIONS,
    BattleGround,
    BattleSide,
    battle_ground,
    battle_side,
    six_nations_split,
)
from adjudicator.systems.war_for_america.rules.context import Context, side_name
from adjudicator.systems.war_for_america.state import NATION_SIDE

FAMILY = RuleFamily(
    "combat",
    frozenset({"WFA-CBT-01", "WFA-CBT-02", "WFA-CBT-03", "WFA-CBT-04", "WFA-CBT-05",
               "WFA-CBT-06", "WFA-CBT-07", "WFA-CBT-08", "WFA-CBT-09", "WFA-CBT-10",
               "WFA-CBT-12", "WFA-CBT-17", "WFA-CBT-18", "WFA-CBT-19"}),
    positional=frozenset({"WFA-CBT-01", "WFA-CBT-03", "WFA-CBT-04", "WFA-CBT-06",
                          "WFA-CBT-07", "WFA-CBT-08", "WFA-CBT-09", "WFA-CBT-10",
                          "WFA-CBT-12", "WFA-CBT-19"}),
    actions=(Combat, BattleLosses),
)


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """Every combat check of a land battle; when it is over, the winner its retreat shows."""
    if isinstance(action, BattleLosses):
        yield from given_way(action, ctx)
        yield from losses_taken(action, ctx)
        return
    if not isinstance(action, Combat) or action.side is None:
        return
    held = ctx.state.with_armies(action.space)
    six = six_nations_split(action, held)
    if six is None:
        yield from counter_militia(action)
        yield from card_order(action, ctx)
        below = _below_one_to_three_anyway(action, ctx, held.sp[SIX_NATIONS])
        if below:
            yield from below
            return
        for rule in ("WFA-CBT-03", "WFA-CBT-01"):
            yield Check.unchecked(rule, action.step, f"the battle at "
                                  f"{ctx.space_name(action.space)} cannot be counted: Six "
                                  "Nations SP stood there, and whose side they fight for "
                                  "(the Six Nations Card, WfA 11.2, 13.0 Step 3) is not in the "
                                  "log", needs=("the Six Nations' alliances",),
                                  spaces=(action.space,))
        return
    attacker = battle_side(ctx, action.space, action.side, six_nations=six[0])
    defender = battle_side(ctx, action.space, opponent(action.side), six_nations=six[1])
    ground = battle_ground(ctx, action.space, defender.side)
    if attacker.sp == 0 and attacker.garrisons > 0:
        yield Check.illegal("WFA-CBT-19", action.step, f"a {side_name(action.side)} garrison "
                            f"attacked at {ctx.space_name(action.space)}; a garrison unit can "
                            "never attack (WfA 19.20)", spaces=(action.space,),
                            expected="SP attacking", observed="a garrison alone")
        return
    yield from counter_militia(action)
    yield from card_order(action, ctx)
    counted = yield from odds(action, ctx, attacker, defender)
    if counted is None:
        return
    yield from battle_result(action, ctx, attacker, defender, ground, counted)


Counted = tuple[EffectiveSP, EffectiveSP]
"""The attacker's and the defender's effective SP."""


def odds(action: Combat, ctx: Context, attacker: BattleSide, defender: BattleSide
         ) -> Generator[Outcome, None, Counted | None]:
    """WFA-CBT-03 and WFA-CBT-01: the SP that count and the odds.

    WfA 11.4-11.6: a leader attacks with at most 2/10/20 SP by rank; defending with more,
    a one- or two-star leader's excess is halved (rounded down), a three-star's over 20
    ignored; 11.8: with no leader at most 10 SP take part; 17.5: 1-2 SP on a fort count
    double; 19.20: a garrison with SP is ignored. WfA 13.0 Step 3: "Combat odds are always
    rounded in favour of the defender ... Attacks cannot be made with odds lower than 1:3"
    (Step 2: the attack is cancelled and the attacker retreats, so no dice are rolled). A
    lone garrison has no SP value (19.21; digest A-22): the odds are not judged.

    Returns (via the generator's value) the attacker's and defender's effective SP, or None
    when they cannot be counted.
    """
    step, where = action.step, ctx.space_name(action.space)
    if attacker.stars is None or defender.stars is None:
        for rule in ("WFA-CBT-03", "WFA-CBT-01"):
            yield Check.unchecked(rule, step, f"the battle at {where} cannot be counted: a "
                                  "leader's rank is not in the data (WfA 11.3-11.8)",
                                  needs=("leader ranks",), spaces=(action.space,))
        return None
    tables = ctx.data.tables
    fort = battle_ground(ctx, action.space, defender.side).fort
    try:
        att = attacking_sp(tables, attacker.sp, attacker.stars)
    except ValueError as err:
        yield Check.unchecked("WFA-CBT-01", step, f"the odds at {where} are not judged: {err}"
                              " (that is WFA-LDR-03's)", spaces=(action.space,))
        return None
    dfn = (EffectiveSP(0, 0, ("a lone garrison: the '<1' column (WfA 19.21)",))
           if defender.lone_garrison else
           defending_sp(tables, defender.sp, defender.stars, fort=fort))
    yield Check.done("WFA-CBT-03")
    if att.effective < 1 or (dfn.effective < 1 and not defender.lone_garrison):
        yield Check.unchecked("WFA-CBT-01", step, f"the battle at {where} shows "
                              f"{attacker.sp} attacking and {defender.sp} defending SP on "
                              "the space; the odds need SP on both sides",
                              spaces=(action.space,))
        return None
    inputs: dict[str, str | int | float | bool | None] = {
        "space": action.space, "attacker": action.side, "attacker_sp": attacker.sp,
        "attacker_effective": att.effective, "attacker_stars": attacker.stars,
        "defender_sp": defender.sp, "defender_effective": dfn.effective,
        "defender_stars": defender.stars, "fort": fort,
        "notes": "; ".join((*att.notes, *dfn.notes))}
    if defender.lone_garrison:
        yield Check.computed("land_combat_odds", step, "WFA-CBT-01", f"{att.effective} SP "
                             f"against a lone garrison at {where}: no odds (WfA 19.21; digest "
                             "A-22)", inputs=inputs, result={"allowed": True})
        yield Check.done("WFA-CBT-01")
        return att, dfn
    ratio = combat_odds(att.effective, dfn.effective)
    allowed = attack_allowed(tables, ratio)
    yield Check.computed("land_combat_odds", step, "WFA-CBT-01", f"{att.effective} SP against "
                         f"{dfn.effective} at {where}: odds {ratio}", inputs=inputs,
                         result={"odds": str(ratio), "allowed": allowed})
    if not allowed and (reverse := non_mover_odds(ctx, action, attacker, defender)):
        yield Check.unchecked("WFA-CBT-01", step, f"the {side_name(action.side)} attack at "
                              f"{where} would be at {ratio}, below 1:3, but on a key space the "
                              "mover may decline and the non-moving player attack (WfA 12.15-"
                              f"12.16, 10.14), here at {reverse}; who attacked is not in the "
                              "log", needs=("who attacked (a chat line, WfA 12.16)",),
                              spaces=(action.space,))
        return None
    if not allowed:
        yield Check.illegal("WFA-CBT-01", step, f"the {side_name(action.side)} attacked at "
                            f"{where} at {ratio} ({att.effective} SP against "
                            f"{dfn.effective}); attacks cannot be made with odds lower than "
                            "1:3 — the attack is cancelled and the attacker retreats (WfA "
                            "13.0 Steps 2-3)", spaces=(action.space,),
                            expected="odds of 1:3 or better", observed=str(ratio))
    yield Check.done("WFA-CBT-01")
    return att, dfn


def _below_one_to_three_anyway(action: Combat, ctx: Context, six_nations: int
                               ) -> list[Outcome]:
    """WFA-CBT-01 when whose side the Six Nations SP on the battle space fight for is not in
    the log (`six_nations_split`): the attack is below 1:3 whatever their side when it is
    so with all of them counted for the attacker (13.0 Step 3). Judged only where the
    battle is surely the attacker's (no key space, or the log ties it to the non-mover,
    12.15-12.16). Empty: not shown to be below 1:3."""
    record = ctx.data.spaces.get(action.space)
    if action.side is None or record is None or (record.is_key and not action.by_defender):
        return []
    attacker = battle_side(ctx, action.space, action.side, six_nations=six_nations)
    defender = battle_side(ctx, action.space, opponent(action.side))
    outcomes = list(odds(action, ctx, attacker, defender))
    if not any(isinstance(o, Violation) and o.rule_id == "WFA-CBT-01"
               and o.severity is Severity.ILLEGAL for o in outcomes):
        return []
    return [replace(o, message=f"{o.message}; even with all {six_nations} Six Nations SP "
                    "there fighting for the attacker (their side, the Six Nations Card's, "
                    "is not in the log, WfA 11.2)")
            if isinstance(o, Violation) and o.rule_id == "WFA-CBT-01" else o
            for o in outcomes]


def non_mover_odds(ctx: Context, action: Combat, attacker: BattleSide, defender: BattleSide
                   ) -> Odds | None:
    """The odds of the non-moving player's attack, when the log does not say who attacked
    on a key space and his attack would be allowed: WfA 12.15, "combat is optional" on a
    key space; 12.16, "If the moving player does not attack, the non-moving player has the
    option to do so"; 10.14, the Colonial "counter-attack". A battle the log ties to him
    (`Combat.by_defender`) or fought elsewhere, or a lone garrison (it never attacks,
    19.20): None."""
    record = ctx.data.spaces.get(action.space)
    if action.by_defender or record is None or not record.is_key or defender.sp == 0 \
            or attacker.stars is None or defender.stars is None:
        return None
    tables = ctx.data.tables
    try:
        att = attacking_sp(tables, defender.sp, defender.stars)
    except ValueError:
        return None
    fort = battle_ground(ctx, action.space, attacker.side).fort
    dfn = defending_sp(tables, attacker.sp, attacker.stars, fort=fort)
    if att.effective < 1 or dfn.effective < 1:
        return None
    ratio = combat_odds(att.effective, dfn.effective)
    return ratio if attack_allowed(tables, ratio) else None


def battle_result(action: Combat, ctx: Context, attacker: BattleSide, defender: BattleSide,
                  ground: BattleGround, counted: Counted) -> Iterator[Outcome]:
    """WFA-CBT-02, -04..-10, -12, -19: each side's column, modifiers, result and the winner.

    WfA 13.0 Step 5: "Both players roll a D12" with their own modifiers; Step 6: each on
    "his respective column based on the number of SP" — 2 SP or less the Petite Guerre
    Table, "a unit of '2' SP on a fort space ... the '3-7' table"; 19.21: a lone garrison
    the '<1' column; Step 1, 16.6: more than 2 SP without an LOC one column lower. Attacker
    modifiers: fortress -3 (17.2; not against a lone garrison, 19.22), entrenchment -1
    (17.10 prints 'D6': the battle D12 by digest A-10; the other reading has no D6 to
    modify), Caribbean amphibious -3 (19.31); defender +1 against an amphibious landing
    (12.16; every Caribbean attack is amphibious, 19.31). Step 7: the winner inflicts the
    most — a number trumps '*'s, number plus '*'s trumps the lone number, '*'s against a
    fortress are ignored, a tie is no winner and the attacker retreats (the order of mixed
    results is ambiguous, digest A-12: SP number first, then '*'s; the other reading could
    rank '1*' over '2'); 19.23: a lone garrison wins only on a 12. Step 8, 17.3: fortress
    defenders that tie or win lose one SP fewer.

    The reported reading assumes both sides have an LOC, no amphibious landing outside the
    Caribbean and none of the table card's own modifiers; a logged winner is judged only
    when every reading of those unknowns gives the same winner, and no card was played.
    """
    step, where = action.step, ctx.space_name(action.space)
    if action.attacker_roll is None or action.defender_roll is None:
        yield Check.unchecked("WFA-CBT-05", step, f"the battle at {where} shows only one "
                              "side's D12; both players roll (WfA 13.0 Step 5)",
                              needs=("both battle D12 in the log",), spaces=(action.space,))
        return
    yield Check.done("WFA-CBT-05")
    rolls = (action.attacker_roll, action.defender_roll)
    loc_matters = _loc_matters(ctx, counted)
    if loc_matters:
        yield Check.unchecked("WFA-CBT-02", step, f"whether each side at {where} has an LOC is"
                              " not in the log; a side of more than 2 SP without one rolls one "
                              "column lower (WfA 13.0 Step 1, 16.6): the columns assume an LOC",
                              needs=("each side's LOC (WfA 16.0)",), spaces=(action.space,))
    else:
        yield Check.done("WFA-CBT-02")
    landing_unknown = _landing_unknown(ctx, ground, action)
    if landing_unknown:
        yield Check.unchecked("WFA-CBT-08", step, f"whether the {side_name(action.side)} "
                              f"landed at {where} by amphibious movement is not in the log "
                              "(defender +1, WfA 12.16)", needs=("amphibious landings",),
                              spaces=(action.space,))
    else:
        yield Check.done("WFA-CBT-08")
    for rule, present in (("WFA-CBT-06", ground.fortress), ("WFA-CBT-07", ground.entrenchment),
                          ("WFA-CBT-09", ground.caribbean)):
        if present:
            yield Check.done(rule)
    if defender.lone_garrison:
        yield Check.done("WFA-CBT-19")
    tables = ctx.data.tables
    battle = tables.battle
    att_side, def_side, land = _combat_sides(attacker, defender, ground, counted)
    if battle is None:
        for rule in ("WFA-CBT-04", "WFA-CBT-10"):
            yield Check.unchecked(rule, step, f"the battle at {where} cannot be read: the "
                                  "rulebook prints no Standard Battle or Petite Guerre Table "
                                  "(digest A-1)", needs=("standard battle table",),
                                  spaces=(action.space,))
        return
    read = _reading(ctx, att_side, def_side, land, rolls)
    yield Check.done("WFA-CBT-04")
    if ground.fortress:
        yield Check.done("WFA-CBT-12")
    chances = battle_odds(tables, att_side, def_side, land)
    winner_side = {"attacker": action.side, "defender": defender.side}.get(read.winner)
    yield Check.computed(
        "land_battle", step, "WFA-CBT-10",
        f"at {where}: attacker {rolls[0]}{read.attacker_drm:+d} on '{read.attacker_column}' = "
        f"{read.attacker_result}, defender {rolls[1]}{read.defender_drm:+d} on "
        f"'{read.defender_column}' = {read.defender_result}: "
        + (f"the {side_name(winner_side)} side wins" if winner_side else
           "a tie, the attacker retreats"),
        inputs={"space": action.space, "attacker_roll": rolls[0], "defender_roll": rolls[1],
                "attacker_drm": read.attacker_drm, "defender_drm": read.defender_drm,
                "attacker_column": read.attacker_column,
                "defender_column": read.defender_column, "modifiers": read.modifiers,
                "assumed": "an LOC for both sides, no amphibious landing, none of the "
                           "table's printed modifiers, no card"},
        result={"attacker_result": str(read.attacker_result),
                "defender_result": str(read.defender_result), "winner": read.winner,
                "defender_loss": read.defender_loss, "attacker_loss": read.attacker_loss,
                "p_attacker_wins": _fraction(chances.attacker_wins),
                "p_defender_wins": _fraction(chances.defender_wins),
                "p_tie": _fraction(chances.tie)})
    if action.winner is None:
        return
    _, unknown = _one_winner(ctx, attacker, defender, (att_side, def_side, land), rolls,
                             loc=loc_matters, landing=landing_unknown)
    if unknown:
        yield Check.unchecked("WFA-CBT-10", step, f"the winner at {where} is not judged: "
                              "not in the log — " + "; ".join(unknown),
                              needs=tuple(unknown), spaces=(action.space,))
        return
    if action.winner != winner_side:
        yield Check.illegal("WFA-CBT-10", step, f"the {side_name(action.winner)} was taken "
                            f"as the winner at {where}, but the battle table gives "
                            + (f"the {side_name(winner_side)}" if winner_side else
                               "a tie (the attacker retreats)") + " (WfA 13.0 Step 7)",
                            spaces=(action.space,),
                            expected=side_name(winner_side) if winner_side else "a tie",
                            observed=side_name(action.winner))
    yield Check.done("WFA-CBT-10")


Sides = tuple[CombatSide, CombatSide, Ground]
"""The attacker, the defender and the ground as the battle table reads them."""


def _combat_sides(attacker: BattleSide, defender: BattleSide, ground: BattleGround,
                  counted: Counted) -> Sides:
    """Each side's effective SP, leaders and ground for the battle table (WfA 13.0 Step 5,
    17.2, 17.10, 19.31)."""
    att, dfn = counted
    att_side = CombatSide(sp=att.effective, rating=attacker.rating,
                          second_rating=attacker.second_rating, army=attacker.army,
                          tactical_commander=attacker.tactical_commander)
    def_side = CombatSide(sp=dfn.effective, rating=defender.rating,
                          second_rating=defender.second_rating, army=defender.army,
                          tactical_commander=defender.tactical_commander,
                          lone_garrison=defender.lone_garrison)
    land = Ground(fortress=ground.fortress, entrenchment=ground.entrenchment,
                  amphibious=ground.caribbean, caribbean=ground.caribbean)
    return att_side, def_side, land


def _loc_matters(ctx: Context, counted: Counted) -> bool:
    """Whether a side is big enough for a missing LOC to lower its column (WfA 16.6)."""
    small = ctx.data.tables.t16.value("fort_doubling_max_sp")
    return counted[0].effective > small or counted[1].effective > small


def _landing_unknown(ctx: Context, ground: BattleGround, action: Combat) -> bool:
    """Whether an amphibious landing of the mover that attacks (WfA 12.16: "If the moving
    player lands on the space via amphibious movement and attacks, the defender has a +1")
    is possible there and not in the log: not when the attacker came in along a land line
    (the log shows where from, `Combat.entered_from`), nor when the non-moving player
    attacks (he did not move)."""
    if ground.coastal is False or ground.caribbean or action.by_defender:
        return False
    came = action.entered_from
    return came is None or not ctx.map.adjacent(came, action.space)


def _one_winner(ctx: Context, attacker: BattleSide, defender: BattleSide, sides: Sides,
                rolls: tuple[int, int], *, loc: bool, landing: bool,
                fold: Callable[[str], str] = str) -> tuple[str | None, list[str]]:
    """The winner (`attacker`, `defender` or `tie`, as `fold` groups them) every reading
    the log leaves open gives, or None with what the log does not show (WfA 13.0 Steps
    4-7, 11.7)."""
    unknown: list[str] = []
    if attacker.choice or defender.choice:
        unknown.append("which leader's rating is used (the player's choice, WfA 11.7)")
    pulse = ctx.pulse
    if pulse is not None and pulse.cards:
        unknown.append("the modifiers of the action cards played in this AP (WfA 13.0 Step 4)")
    att_side, def_side, land = sides
    winners = {fold(r.winner) for r in _readings(ctx, att_side, def_side, land, rolls,
                                                loc=loc, landing=landing)}
    if len(winners) > 1:
        unknown.append("the LOC, an amphibious landing or the table's printed modifiers, "
                       "which change the winner here")
    return (None if unknown else winners.pop()), unknown


def given_way(action: BattleLosses, ctx: Context) -> Iterator[Outcome]:
    """WFA-CBT-10 (WfA 13.0 Steps 7 and 9, 13.1): "The 'winner' causes the 'loser' to
    retreat one space"; "When the result is a tie, there is no 'winner' and the attacker
    must retreat". The side that retreated from the battle's space after the dice shows
    the winner the players read: the defender gave way, so the attacker won; the attacker
    gave way, so the defender won or it was a tie. Judged on the battle space as it was at
    the dice (`BattleLosses.position`) when every reading the log leaves open (an LOC, an
    amphibious landing, the table's printed modifiers; no card, no choice of leader) gives
    one winner; a surrender (13.4) is not judged here."""
    loser = action.retreated
    dice = _at_the_dice(action, ctx)
    if loser is None:
        return
    combat, held = action.combat, action.position
    if combat is not None and held is not None and six_nations_split(combat, held) is None:
        yield Check.unchecked("WFA-CBT-10", action.step, f"whether the {side_name(loser)} "
                              f"had to give way at {ctx.space_name(combat.space)} is not "
                              "judged: whose side the Six Nations SP there fight for (the "
                              "Six Nations Card, WfA 11.2) is not in the log",
                              needs=("the Six Nations' alliances",), spaces=(combat.space,))
        return
    if dice is None:
        return
    combat, attacker, defender, ground, counted, rolls = dice
    att, dfn = counted
    tables = ctx.data.tables
    where = ctx.space_name(combat.space)
    if not defender.lone_garrison and not attack_allowed(
            tables, combat_odds(att.effective, dfn.effective)) \
            and non_mover_odds(ctx, combat, attacker, defender) is not None:
        yield Check.unchecked("WFA-CBT-10", action.step, f"whether the {side_name(loser)} "
                              f"had to give way at {where} is not judged: the mover's attack "
                              "would be below 1:3, and who attacked on this key space (WfA "
                              "12.15-12.16) is not in the log", needs=("who attacked (a chat "
                                                                       "line, WfA 12.16)",),
                              spaces=(combat.space,))
        return
    gives_way, unknown = _one_winner(ctx, attacker, defender,
                                     _combat_sides(attacker, defender, ground, counted),
                                     rolls, loc=_loc_matters(ctx, counted),
                                     landing=_landing_unknown(ctx, ground, combat),
                                     fold=_who_gives_way)
    if gives_way is None:
        yield Check.unchecked("WFA-CBT-10", action.step, f"whether the "
                              f"{side_name(loser)} had to give way at {where} is not judged: "
                              "not in the log — " + "; ".join(unknown),
                              needs=tuple(unknown), spaces=(combat.space,))
        return
    gave_way = "attacker" if loser == combat.side else "defender"
    if gave_way != gives_way:
        table = (f"the {side_name(combat.side)} (attacker) the win" if gives_way == "defender"
                 else f"the {side_name(defender.side)} (defender) the win or a tie, when "
                 "the attacker retreats")
        yield Check.illegal("WFA-CBT-10", action.step, f"the {side_name(loser)} retreated "
                            f"from {where} after the battle, but the battle table gives "
                            f"{table} (attacker D12 {rolls[0]}, defender {rolls[1]}); the "
                            "winner causes the loser to retreat (WfA 13.0 Steps 7, 9)",
                            spaces=(combat.space,), expected=f"the {gives_way} retreats",
                            observed=f"the {gave_way} retreated")
    yield Check.done("WFA-CBT-10")


AtTheDice = tuple[Combat, BattleSide, BattleSide, BattleGround, Counted, tuple[int, int]]
"""A battle as it stood at its dice: the `Combat`, attacker, defender, ground, their
effective SP and the two D12."""


def _at_the_dice(action: BattleLosses, ctx: Context,
                 split: tuple[int, int] | None = None) -> AtTheDice | None:
    """The battle of `action` as it stood when both D12 were rolled (`BattleLosses.position`),
    or None when it cannot be read on the battle table (no dice, no table, a rank or an SP
    count missing); `split`: the Six Nations SP there for the attacker and the defender,
    when the log does not show it (`six_nations_split`)."""
    combat, held = action.combat, action.position
    if combat is None or held is None or combat.side is None:
        return None
    rolls = (combat.attacker_roll, combat.defender_roll)
    tables = ctx.data.tables
    if rolls[0] is None or rolls[1] is None or tables.battle is None:
        return None
    six = six_nations_split(combat, held) if split is None else split
    if six is None:
        return None  # whose side the Six Nations there fight for is not in the log
    attacker = battle_side(ctx, combat.space, combat.side, held, six_nations=six[0])
    defender = battle_side(ctx, combat.space, opponent(combat.side), held,
                           six_nations=six[1])
    if attacker.stars is None or defender.stars is None or attacker.sp == 0:
        return None
    ground = battle_ground(ctx, combat.space, defender.side, held)
    try:
        att = attacking_sp(tables, attacker.sp, attacker.stars)
    except ValueError:
        return None
    dfn = (EffectiveSP(0, 0, ()) if defender.lone_garrison else
           defending_sp(tables, defender.sp, defender.stars, fort=ground.fort))
    if att.effective < 1 or (dfn.effective < 1 and not defender.lone_garrison):
        return None
    return combat, attacker, defender, ground, (att, dfn), (rolls[0], rolls[1])


def losses_taken(action: BattleLosses, ctx: Context) -> Iterator[Outcome]:
    """WFA-CBT-04 (WfA 13.0 Step 6): each D12 "indicates the result against the enemy and
    denotes how many SP he loses" — a side loses the SP number of the other side's result
    (17.3, Step 8: fortress defenders that tie or win lose one fewer; never more than it
    had). A side that removed more SP at the battle's space, from the dice until the battle
    ended, than the most any reading the log leaves open gives (an LOC, an amphibious
    landing, the table's printed modifiers) is illegal, at the step whose removal took it
    past that result. Allowed besides: 13.2 and 13.8, a force already marked 'D' "forced
    to retreat again" loses "an extra '1' SP" (a 'D' marker on the space at the dice gives
    the side that gives way one more); 13.4, a force with no legal retreat surrenders
    whole (a side that gives way and lost every SP is not judged unless the log says it
    surrendered, which `Surrendered` judges); 10.15, militia forced to retreat out of
    their Region are removed (militia of a side that gives way, removed beyond the result,
    leave it `unchecked`). With an action card played in the AP or a
    choice of leader rating (13.0 Step 4, 11.7) the result is `unchecked`. Fewer SP than
    the result are not judged: the losses may be taken after the retreat, where the force
    went (the battle's count ends at the retreat)."""
    combat, held = action.combat, action.position
    if combat is None or held is None or combat.side is None:
        return
    known = six_nations_split(combat, held)
    there = held.sp[SIX_NATIONS]
    splits = [known] if known is not None else [(a, there - a) for a in range(there + 1)]
    dices = [_at_the_dice(action, ctx, split) for split in splits]
    if not dices or any(dice is None for dice in dices):
        return
    unknown: list[str] = []
    if any(d is not None and (d[1].choice or d[2].choice) for d in dices):
        unknown.append("which leader's rating is used (the player's choice, WfA 11.7)")
    pulse = ctx.pulse
    if pulse is not None and pulse.cards:
        unknown.append("the modifiers of the action cards played in this AP (WfA 13.0 Step 4)")
    d_marked = held.markers.get("marker:d", 0) > 0
    where = ctx.space_name(combat.space)
    rolls = (combat.attacker_roll or 0, combat.defender_roll or 0)
    six_lost = dict(action.removed).get(SIX_NATIONS, 0)
    for side, attacking in ((combat.side, True), (opponent(combat.side), False)):
        if action.surrendered == side:
            continue
        own_had = sum(action.before_of(side, NATION_SIDE).values())
        own_lost = sum(action.removed_of(side, NATION_SIDE).values())
        militia = action.removed_of(side, NATION_SIDE).get("militia", 0)
        # Each reading of the Six Nations' alliance (11.2): the side's SP, the fewest SP
        # of its own it lost, and the most the battle table lets it lose.
        within, excused, surrender, most, lost = False, False, False, 0, None
        for split, dice in zip(splits, dices, strict=True):
            assert dice is not None
            _, attacker, defender, ground, counted, _ = dice
            if not attacking and defender.lone_garrison:
                within = True
                break
            mine, theirs = split if attacking else split[::-1]
            had = own_had + mine
            lost_here = own_lost + max(0, six_lost - theirs)
            readings = list(_readings(ctx, *_combat_sides(attacker, defender, ground, counted),
                                      rolls, loc=_loc_matters(ctx, counted),
                                      landing=_landing_unknown(ctx, ground, combat)))
            gives_way = any(_who_gives_way(r.winner) == ("attacker" if attacking else
                                                         "defender") for r in readings)
            most_here = max(min(r.attacker_loss if attacking else r.defender_loss, had)
                            for r in readings)
            most_here += 1 if d_marked and gives_way and action.retreated in (None, side) \
                else 0
            if lost_here <= most_here:
                within = True
                break
            excused |= bool(militia) and gives_way and lost_here - militia <= most_here
            surrender |= lost_here >= had and gives_way
            most = max(most, most_here)
            lost = lost_here if lost is None else min(lost, lost_here)
        if within or lost is None:
            continue
        if excused:
            yield Check.unchecked("WFA-CBT-04", action.step, f"the {side_name(side)} side "
                                  f"lost {lost} SP at {where} after the battle, more than the "
                                  f"battle table's {most}, {militia} of them militia: militia "
                                  "forced to retreat out of their Region are removed (WfA "
                                  "10.15), which the log does not tell from battle losses",
                                  needs=("why the militia were removed",),
                                  spaces=(combat.space,))
            continue
        if surrender:
            yield Check.unchecked("WFA-CBT-04", action.step, f"the {side_name(side)} side "
                                  f"lost all its SP at {where} after the battle, more "
                                  f"than the battle table's {most}: a surrender for want of a"
                                  " legal retreat (WfA 13.4) the log does not say",
                                  needs=("whether the force surrendered",),
                                  spaces=(combat.space,))
            continue
        step = _past_the_result(action, side, attacking, splits, most)
        if unknown:
            yield Check.unchecked("WFA-CBT-04", step, f"the {side_name(side)} side lost "
                                  f"{lost} SP at {where}, more than the battle table's {most}"
                                  " without them; not judged: not in the log — "
                                  + "; ".join(unknown), needs=tuple(unknown),
                                  spaces=(combat.space,))
            continue
        yield Check.illegal("WFA-CBT-04", step, f"the {side_name(side)} side lost {lost} SP "
                            f"at {where} after the battle (attacker D12 {rolls[0]}, defender "
                            f"{rolls[1]}), but the battle table's result against it is at "
                            f"most {most} SP" + (", counting the extra SP a 'D' marker may "
                                                 "cost (WfA 13.8)" if d_marked else "")
                            + "; each side loses the SP the enemy's result shows (WfA 13.0 "
                            "Step 6)" + (" whichever side the Six Nations there fight for "
                                         "(WfA 11.2)" if known is None else ""),
                            spaces=(combat.space,),
                            expected=f"at most {most} SP lost",
                            observed=f"{lost} SP lost")
    yield Check.done("WFA-CBT-04")


def _past_the_result(action: BattleLosses, side: str, attacking: bool,
                     splits: list[tuple[int, int]], most: int) -> int:
    """The step whose removal took `side` past `most` SP lost (WfA 13.0 Step 6), its Six
    Nations SP counted when every reading of their alliance gives them to it; the battle's
    end when none did."""
    total = 0
    for who, at, sp in action.losses:
        if who == SIX_NATIONS:
            sp = min(max(0, sp - (s[1] if attacking else s[0])) for s in splits)
        elif who != side:
            continue
        total += sp
        if total > most:
            return at
    return action.step


def _who_gives_way(winner: str) -> str:
    """The side that retreats after a battle's `winner` (WfA 13.0 Steps 7, 9): the
    defender when the attacker wins, else the attacker (a loss or a tie)."""
    return "defender" if winner == "attacker" else "attacker"


@dataclass(frozen=True, slots=True)
class Reading:
    """One reading of a battle's logged rolls (WfA 13.0 Steps 5-8)."""

    attacker_column: str
    defender_column: str
    attacker_drm: int
    defender_drm: int
    attacker_result: CombatResult
    defender_result: CombatResult
    winner: str
    """`attacker`, `defender` or `tie`."""
    attacker_loss: int
    defender_loss: int
    modifiers: str


def _reading(ctx: Context, attacker: CombatSide, defender: CombatSide, land: Ground,
             rolls: tuple[int, int]) -> Reading:
    """What the two logged rolls read on the battle table for one set of inputs."""
    tables = ctx.data.tables
    assert tables.battle is not None
    att_mods = side_modifiers(tables, attacker, "attacker", land,
                              against_lone_garrison=defender.lone_garrison)
    def_mods = side_modifiers(tables, defender, "defender", land)
    att_drm, def_drm = sum(m.drm for m in att_mods), sum(m.drm for m in def_mods)
    att_column, def_column = choose_column(tables, attacker), choose_column(tables, defender)
    att_result = _read(tables.battle.columns, att_column.label, False, rolls[0] + att_drm)
    def_result = _read(tables.battle.columns, def_column.label, defender.lone_garrison,
                       rolls[1] + def_drm)
    winner = step7_winner(att_result, def_result, fortress=land.fortress,
                          lone_garrison_roll=rolls[1] if defender.lone_garrison else None,
                          garrison_wins_on=tables.t16.value("garrison_wins_on"))
    relief = 1 if land.fortress and winner != "attacker" else 0
    return Reading(att_column.label, def_column.label, att_drm, def_drm, att_result,
                   def_result, winner, def_result.sp, max(att_result.sp - relief, 0),
                   "; ".join(f"{m.name} {m.drm:+d} ({m.source})" for m in (*att_mods,
                                                                           *def_mods)))


def _readings(ctx: Context, attacker: CombatSide, defender: CombatSide, land: Ground,
              rolls: tuple[int, int], *, loc: bool, landing: bool) -> Iterator[Reading]:
    """Every reading the log leaves open: each side with or without an LOC (when it
    matters), with or without an amphibious landing, and each subset of the table card's
    printed modifiers for each side."""
    battle = ctx.data.tables.battle
    printed = tuple(m.id for m in battle.modifiers) if battle is not None else ()
    subsets = [tuple(m for i, m in enumerate(printed) if mask >> i & 1)
               for mask in range(1 << len(printed))]
    for att_loc, def_loc in product((True, False) if loc else (True,), repeat=2):
        for amphibious in ((False, True) if landing else (land.amphibious,)):
            for att_mods, def_mods in product(subsets, repeat=2):
                yield _reading(
                    ctx, replace(attacker, has_loc=att_loc, table_modifiers=att_mods),
                    replace(defender, has_loc=def_loc, table_modifiers=def_mods),
                    replace(land, amphibious=amphibious), rolls)


def step7_winner(attacker: CombatResult, defender: CombatResult, *, fortress: bool,
                 lone_garrison_roll: int | None = None, garrison_wins_on: int = 12) -> str:
    """`attacker`, `defender` or `tie` (WfA 13.0 Step 7; digest A-12: the SP number first,
    then the '*'s; '*'s against a fortress ignored; 19.23: a lone garrison wins only on
    a natural `garrison_wins_on`).

    >>> from adjudicator.systems.war_for_america.data.tables import CombatResult as R
    >>> step7_winner(R.parse("1"), R.parse("**"), fortress=False)
    'attacker'
    >>> step7_winner(R.parse("1*"), R.parse("1"), fortress=True)
    'tie'
    """
    if lone_garrison_roll is not None:
        return "defender" if lone_garrison_roll == garrison_wins_on else "attacker"
    key_a = (attacker.sp, 0 if fortress else attacker.stars)
    key_d = (defender.sp, defender.stars)
    return "attacker" if key_a > key_d else "defender" if key_d > key_a else "tie"


def counter_militia(action: Combat) -> Iterator[Outcome]:
    """WFA-CBT-18 (WfA 10.14, 12.16): "If the British choose not to attack (as on a
    key/control space), the Colonial player can 'counter-attack' with any militia that might
    have been added to the space" — information only: the non-moving Colonial attack is
    legal (its leader's activation roll is WFA-MOV-07's)."""
    if action.by_defender and action.side == "colonial":
        yield Check.done("WFA-CBT-18")


def card_order(action: Combat, ctx: Context) -> Iterator[Outcome]:
    """WFA-CBT-17 (WfA 13.0 Step 4): "The attacker announces if he will be using an Action
    Card, followed by the defender doing the same" (20.11: one card per AP is
    WFA-CARD-05's). A defender's card played in the AP before the attacker's is a
    reminder: cards played earlier in the AP may not have been for this battle."""
    pulse = ctx.pulse
    if pulse is None or action.side is None:
        return
    sides = [side for side, _ in pulse.cards]
    defender = opponent(action.side)
    if defender in sides and action.side in sides and \
            sides.index(defender) < sides.index(action.side):
        yield Check.reminder("WFA-CBT-17", action.step, f"the {side_name(defender)} card came "
                             f"before the {side_name(action.side)} (attacker's) card in this "
                             "AP; the attacker announces his card first (WfA 13.0 Step 4)",
                             spaces=(action.space,))
    yield Check.done("WFA-CBT-17")


def _read(columns: tuple[BattleColumn, ...], label: str, lone_garrison: bool,
          modified: int) -> CombatResult:
    """The result a modified roll reads on the column `label` (WfA 13.0 Step 6)."""
    for column in columns:
        if column.label == label and column.lone_garrison == lone_garrison:
            return CombatResult.parse(RollTable.from_rows(column.rows).read(modified))
    raise ValueError(f"the battle table has no column {label!r}")


def _fraction(value: object) -> str | None:
    return None if value is None else str(value)


__all__ = ["FAMILY", "battle_result", "card_order", "counter_militia", "given_way", "judge",
           "losses_taken", "odds", "step7_winner"]
