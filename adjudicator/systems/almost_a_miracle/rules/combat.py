"""Combat (AaM 10.3, 11.2; digest 4.10, 6.1-6.3), judged on the battles the reader reads
(read_battles.py) with the exact arithmetic of combat.py.

- AAM-CBT-07 (11.2.2): "A Surprise check is only rolled for if both the attacking and
  defending force are less than 50 SPs." A third die of the attacker before the losses,
  when a side has 50 SPs or more, is a surprise roll that should not have been made.
- AAM-CBT-08 (11.2.3): the odds DRM, shown as a computation (both roundings where they
  differ, A48).
- AAM-CBT-09 (11.2.3): the winner's chance is shown with the odds DRM (and the Wilderness
  and Mountain DRMs of 10.6.1b where the terrain is known). "Each side rolls 1d6 and
  applies all of the applicable DRMs to their roll as listed in the Battle Winner
  Determination Table on the PAC. The highest total (DR + modifiers) wins the battle and
  remains in the Area. The side with the lower total must retreat [...] The defender wins
  in the event of a tie (exception: Catastrophe, Case 11.5.4)." The table is on the
  Player's Aid Card: when the data supplies it as structured rows (data/user.py), each
  side's DRM is worked out as a span (a DRM the log does not show, such as a successful
  surprise or a Continental Professional Army before April 1779, may or may not apply),
  and each side's winner die (the die before its casualty die) decides: the side whose
  total is surely the higher (or ties as the defender) won, and its retreat after the
  combat is illegal (at the retreat); the loser's retreat is judged legal. A tie the
  defender loses is never flagged (the Catastrophe exception is not explained, A58); a
  battle in a besieged Area, unclear dice or totals either side may win are unchecked.
  Without the table (or with rows of another shape) the winner is unchecked.
- AAM-CBT-10 (11.2.4): "High Total: Eliminate 1 SP for every ten (or fraction of ten) SPs
  the opponent had in the battle minus the difference [...] cannot be reduced below 1 SP.
  Low Total: [...] plus the difference. Tie: Both players lose 1 SP." Whatever the
  Casualty DRM Table's DRMs, the two losses come from one difference of the totals: a pair
  of losses that no difference gives is illegal (a side wiped out may have lost more, to a
  retreat it could not make or a Catastrophe). With a surprise possible (both sides under
  50 SPs), the Surprise Table's effects are not in the data: unchecked.
- AAM-CBT-12 (11.2.6): "Losses must be evenly divided between militia (an Indian can be
  substituted if present) and regulars if both are present to the greatest extent possible
  (although any remaining fraction may be taken as a militia casualty)." Regulars and
  Indians with no militia: unchecked (the split is between militia and regulars; an Indian
  "can be substituted", which does not say it must share the losses alone).
- AAM-CBT-14 (11.2.7): "If the unmodified casualty DR is a 1, the affected side loses the
  Leader in the battle with the highest audacity rating", never the C-in-C. "If there is
  more than one non-C-in-C leader with the same audacity rating, *randomly* select the
  leader": a side's extra die after its natural 1, with two such leaders, is that pick
  (not a surprise die, not its casualty die).
- AAM-CBT-16 (10.3): "Combat ends the endeavor": the attacker moving on after the combat.
- In an Area with a fort or city (or one the data does not describe), "the defender must
  immediately choose [...] how many SPs, baggage trains, and leaders will stand outside the
  fort or city. The moving force must then fight a battle with the defender's force outside"
  (4.2.4-4.2.5): where defender SPs are still in the Area after the battle, the defender's
  force in it is not known, and the checks that use it (surprise, winner, losses, split,
  leader lost) give unchecked rather than illegal.
- AAM-CBT-04 (11.1.3-11.1.4): "The British Commander-In-Chief may not be replaced except
  in the event of capture, death from disease, or removal according to the reinforcement
  schedule. [...] The lowest-numbered 2-star general would be the new C-in-C": once the
  data's British C-in-C is off the map (in a box), the lowest-numbered British 2-star on
  the map is the C-in-C for command and for 11.2.7 (never the leader lost). Washington is
  the permanent Continental C-in-C (nothing to judge).
- AAM-CBT-06 (11.2.1): "If the British player is attacking, he elects whether or not to go
  in with 'fixed bayonets.' 'Fixing Bayonets' can only be declared if the attacking force
  is less than 50 SPs and consists of 50% or more British Regulars." The declaration is
  read from a chat line before the combat (read_battles.py); its effect is on the Player's
  Aid Card. British Regulars: the British side's regular kinds (cavalry too).
- AAM-CBT-13 (11.2.6): "Half (rounding fractions up) of all regular casualties suffered by
  the lower rolling player become Prisoners of War": shown as a computation where the
  losses tell who rolled lower (the module has no POW track for SPs to check).
- AAM-CBT-05 (11.2): the active player's force is the attacker, a reacting force too: the
  side whose move entered the Area is the attacker (read_battles.py), so every battle
  shown is judged with those roles.
- AAM-CBT-01, -02, -03 (11.1, 11.1.1-11.1.2, 14.2.1-14.2.2): who commands each side, shown
  as a computation with his Audacity and Tactical ratings (their DRMs are on the Player's
  Aid Card): "The highest-ranking Leader in an Area is the one who commands [...] whether
  he was the activating Leader or not." C-in-C, then 2-star, 1-star, colonel; at the same
  rank a regular outranks a Provincial (Loyalist) or militia leader, then the lower
  seniority number; Brant is outranked by all other leaders; d'Estaing outranks all
  Continental leaders but the C-in-C, and with him the side (French or Continental) with
  more SPs commands. Equal 1-stars or colonels: the owner chooses, all are shown.
- AAM-CBT-11 (11.2.5): the Professional Army status of each side: "A British force is
  always considered a Professional Army as long as it contains 50% or more of regular
  SPs. All Continental forces with 50% or more regulars are considered a Professional
  Army beginning in April 1779, or 2 turns after Steuben arrives via a Political Event,
  whichever comes first." Before April 1779 a Continental force of 50% regulars may be one
  (Steuben's arrival is not read): unchecked.
- AAM-CBT-15 (10.6.1b): the Wilderness and Mountain DRMs shown for a battle there.
- AAM-OPT-01 (16.1, optional `backwoods-generals`): "If Generals Morgan or Stark are the
  ranking Continental Leader in combat (but not Final Siege Assault) the -1 DRM for a
  force which is more than half militia does not apply": shown with the commander.

Rulebook against the digest: 11.1.1-11.1.2 put the regular before the Provincial or
militia leader "of the same rank", so the category is compared before the 2-stars'
seniority numbers (the digest orders 2-stars by seniority alone).

Rulebook against the digest: 11.2.6 says the odd SP "may" be a militia casualty, so an
odd SP taken from the regulars is legal too (the digest's split gives it to the militia).
The casualty die of a side is its last die before the first loss, the winner die the one
before (VASSAL logs each roll before the removals); when the dice do not show that pattern
(a roll of two dice, or more dice than the procedure has), the dice checks are unchecked.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from adjudicator.systems.almost_a_miracle import combat
from adjudicator.systems.almost_a_miracle.actions import (
    BattleEnded,
    BattleJoined,
    BattleSide,
    LossTaken,
)
from adjudicator.systems.almost_a_miracle.data import AaMData, Need
from adjudicator.systems.almost_a_miracle.rules.context import Context
from adjudicator.systems.almost_a_miracle.rules.forts import NONE, fortification
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Computed, Outcome, Violation
from adjudicator.systems.common.places import PlaceKind
from adjudicator.systems.common.rulebook import RuleFamily

FAMILY = RuleFamily("combat", frozenset({
    "AAM-CBT-01", "AAM-CBT-02", "AAM-CBT-03", "AAM-CBT-04", "AAM-CBT-05", "AAM-CBT-06",
    "AAM-CBT-11",
    "AAM-CBT-13", "AAM-CBT-15", "AAM-OPT-01", "AAM-CBT-07", "AAM-CBT-08", "AAM-CBT-09",
    "AAM-CBT-10", "AAM-CBT-12", "AAM-CBT-14", "AAM-CBT-16"}), actions=(BattleJoined, BattleEnded))
ROUGH = frozenset({"wilderness", "mountain", "mountains"})
ODDS_CEIL = "aam-odds-ceil"
"""The option that rounds defender-favoured odds up (A48)."""


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """A battle's computations when it shows; its dice and losses when it ends."""
    if isinstance(action, BattleJoined):
        yield Check.done("AAM-CBT-05")
        yield from _odds(action, ctx)
        yield from _command(action, ctx)
        yield from _professional(action, ctx)
    elif isinstance(action, BattleEnded) and action.fought:
        yield from _ended(action, ctx)


# The odds, the winner's chance and the casualties (11.2.3-11.2.4)


def _odds(joined: BattleJoined, ctx: Context) -> Iterator[Outcome]:
    a_sp, d_sp = joined.attacker.strength, joined.defender.strength
    if a_sp < 1 or d_sp < 1:
        return
    reading = combat.OddsReading.CEIL if ODDS_CEIL in ctx.options else combat.OddsReading.FLOOR
    odds = combat.odds_drm(a_sp, d_sp, reading)
    other = combat.odds_drm(a_sp, d_sp, combat.OddsReading.CEIL
                            if reading is combat.OddsReading.FLOOR else combat.OddsReading.FLOOR)
    where = ctx.name(joined.area)
    ratio = f"{odds.ratio}:1" if odds.favours is not combat.Side.DEFENDER else f"1:{odds.ratio}"
    inputs: dict[str, str | int | float | bool | None] = {"attacker_sp": a_sp, "defender_sp": d_sp,
                                    "rounding": str(reading)}
    if other.net != odds.net:
        inputs["other_rounding_net_drm"] = other.net
    yield Check.computed("odds", joined.step, "AAM-CBT-08",
                         f"battle in {where}: {a_sp} SP attack {d_sp} SP, odds {ratio}, "
                         f"attacker DRM +{odds.attacker}, defender DRM +{odds.defender} "
                         "(AaM 11.2.3)",
                         inputs=inputs, result={"attacker_drm": odds.attacker,
                                                "defender_drm": odds.defender})
    yield Check.done("AAM-CBT-08")
    terrain, net = _terrain_drm(joined, ctx)
    yield from _rough(joined, ctx)
    winner = combat.battle_winner(odds.net + net)
    drms = "the odds DRM" + (" and the Wilderness/Mountain DRMs (10.6.1b)" if net else "")
    missing = "" if terrain else "; the Area's terrain is not in the data"
    yield Check.computed("battle_winner", joined.step, "AAM-CBT-09",
                         f"battle in {where}: with {drms} only (the Battle Winner "
                         f"Determination Table's DRMs are not in the data{missing}), the "
                         f"attacker wins on a higher total, the defender on a tie "
                         f"(AaM 11.2.3)",
                         inputs={"net_drm": odds.net + net},
                         probabilities={"attacker_wins": winner.attacker_wins,
                                        "defender_wins": winner.defender_wins,
                                        "tie": winner.tie})
    yield _casualty_odds(joined, ctx)
    if combat.surprise_rolled(a_sp, d_sp):
        chance = Fraction(1, 6)  # a 6 on 1d6, with no Surprise Table DRM
        yield Check.computed("surprise", joined.step, "AAM-CBT-07",
                             "both forces under 50 SPs: a surprise roll is made, 6 or more "
                             "surprises (AaM 11.2.2; the Surprise Table's DRMs are not in "
                             "the data)", probabilities={"surprise": chance})


def _terrain_drm(joined: BattleJoined, ctx: Context) -> tuple[bool, int]:
    """(the terrain is known, the attacker's Wilderness/Mountain DRM less the defender's)."""
    area = ctx.data.areas.get(joined.area)
    terrain = area.terrain if area is not None else None
    if terrain is None:
        return False, 0
    if terrain.casefold() not in ROUGH:
        return True, 0
    attacker = _wilderness(joined.attacker, joined.defender, ctx.data)
    defender = _wilderness(joined.defender, joined.attacker, ctx.data)
    return True, attacker - defender


def _wilderness(own: BattleSide, enemy: BattleSide, data: AaMData) -> int:
    kinds = [_type(key, data) for key, _ in own.sp]
    enemy_regulars = _sp_of(enemy, data, "regular")
    enemy_british = sum(v for k, v in enemy.sp
                        if _type(k, data) == "regular" and k.startswith("brit"))
    return combat.wilderness_drms(
        all_indian=bool(kinds) and all(kind == "indian" for kind in kinds),
        opponent_regular_share=Fraction(enemy_regulars, enemy.strength or 1),
        continental=own.side == "continental",
        opponent_all_british_regulars=enemy.strength > 0 and enemy_british == enemy.strength)


def _type(kind: str, data: AaMData) -> str | None:
    found = data.unit_kinds.get(kind)
    return found.type if found is not None else None


def _sp_of(force: BattleSide, data: AaMData, unit_type: str) -> int:
    return sum(value for kind, value in force.sp if _type(kind, data) == unit_type)


def _casualty_side(force: BattleSide, data: AaMData) -> combat.CasualtySide:
    regulars = _sp_of(force, data, "regular")
    return combat.CasualtySide(regulars, force.strength - regulars)


def _attacker_lost(result: combat.CasualtyResult) -> int:
    return result.attacker.lost


def _defender_lost(result: combat.CasualtyResult) -> int:
    return result.defender.lost


def _casualty_odds(joined: BattleJoined, ctx: Context) -> Computed:
    attacker = _casualty_side(joined.attacker, ctx.data)
    defender = _casualty_side(joined.defender, ctx.data)
    results = combat.casualties(attacker, defender)
    probabilities: dict[str, Fraction] = {}
    for name, lost in (("attacker", results.map(_attacker_lost)),
                       ("defender", results.map(_defender_lost))):
        for value, chance in lost.items():
            probabilities[f"{name}_loses_{value}"] = chance
    a = combat.expected_losses(results, combat.Side.ATTACKER)
    d = combat.expected_losses(results, combat.Side.DEFENDER)
    probabilities["attacker_leader_loss"] = a.leader
    probabilities["defender_leader_loss"] = d.leader
    return Check.computed(
        "casualties", joined.step, "AAM-CBT-10",
        f"battle in {ctx.name(joined.area)}: casualties before the Casualty DRM Table's DRMs "
        f"(not in the data): the attacker loses {float(a.lost):.2f} SP on average "
        f"({float(a.prisoners):.2f} prisoners), the defender {float(d.lost):.2f} "
        f"({float(d.prisoners):.2f} prisoners) (AaM 11.2.4, 11.2.6)",
        inputs={"attacker_sp": attacker.sp, "defender_sp": defender.sp},
        result={"attacker_expected": str(a.lost), "defender_expected": str(d.lost)},
        probabilities=probabilities)


# The battle as it ended


def battle_dice(ended: BattleEnded) -> dict[str, list[tuple[int, int]]] | None:
    """Each side's single dice (step, value) before the first loss; None when a roll of
    several dice makes them unclear."""
    first_loss = min((loss.step for loss in ended.losses), default=None)
    found: dict[str, list[tuple[int, int]]] = {ended.joined.attacker.side: [],
                                                ended.joined.defender.side: []}
    for side, step, dice in ended.rolls:
        if first_loss is not None and step >= first_loss:
            break
        if side not in found:
            continue
        if len(dice) != 1:
            return None
        found[side].append((step, dice[0]))
    return found


def _without_pick(ended: BattleEnded, ctx: Context,
                  dice: dict[str, list[tuple[int, int]]] | None
                  ) -> dict[str, list[tuple[int, int]]] | None:
    """The dice without a side's random pick of the leader lost (AaM 11.2.7: "If there is
    more than one non-C-in-C leader with the same audacity rating, *randomly* select the
    leader that becomes the casualty"): one die more than the side's winner and casualty
    dice (and the attacker's surprise die, both sides under 50 SPs), after a natural 1, on
    a side with two or more non-C-in-C leaders who may tie for the highest audacity."""
    if dice is None:
        return None
    joined = ended.joined
    surprise = combat.surprise_rolled(joined.attacker.strength, joined.defender.strength)
    kept = dict(dice)
    begun = min((step for step, _ in dice[joined.attacker.side]), default=None)
    for force, usual in ((joined.attacker, 3 if surprise else 2), (joined.defender, 2)):
        own = dice[force.side]
        combat_dice = [d for d in own if begun is None or d[0] >= begun]  # not a retreat's
        if len(combat_dice) != usual + 1 or own[-2][1] != 1:
            continue
        ratings = [found.audacity if (found := ctx.data.leaders.get(leader)) else None
                   for leader in force.leaders if not _c_in_c(leader, ctx, force.leaders)]
        known = [rating for rating in ratings if rating is not None]
        top = max(known, default=None)
        if sum(rating is None or rating == top for rating in ratings) >= 2:
            kept[force.side] = own[:-1]
    return kept


def _ended(ended: BattleEnded, ctx: Context) -> Iterator[Outcome]:
    joined = ended.joined
    where = ctx.name(joined.area)
    dice = _without_pick(ended, ctx, battle_dice(ended))
    attacker, defender = joined.attacker.side, joined.defender.side
    pattern = dice is not None and 2 <= len(dice[attacker]) <= 3 and \
        2 <= len(dice[defender]) <= 3
    yield from _bayonets(ended, ctx, where)
    garrison = garrison_kept(ended, ctx)
    judged = [*_surprise(ended, dice, where), *_winner(ended, ctx, dice, pattern, where),
              *_losses(ended, ctx, where), *_prisoners(ended, ctx, where),
              *_split(ended, ctx, where)]
    if pattern and dice is not None:
        judged += _leader_loss(ended, ctx, dice, where)
    for outcome in judged:
        yield outcome.withheld(garrison) if garrison and isinstance(outcome, Violation) \
            else outcome
    yield from _moved_on(ended, ctx, where)


def garrison_kept(ended: BattleEnded, ctx: Context) -> str:
    """Why the defender's force in the battle is not known, or '': AaM 4.2.4-4.2.5, in an
    Area with a fort or city "the defender must immediately choose [...] how many SPs,
    baggage trains, and leaders will stand outside", and the battle is fought with them; where
    defender SPs are still in the Area after the battle, which stood outside is not shown."""
    defender = ended.joined.defender.side
    if fortification(ended.joined.area, ctx) == NONE or not any(
            force.side == defender and force.sp for force in ended.left):
        return ""
    return ("the Area holds a fort or city (or the data does not say) and defender SPs are "
            "still there: which of them stood outside and fought is not shown "
            "(AaM 4.2.4-4.2.5)")


def _bayonets(ended: BattleEnded, ctx: Context, where: str) -> Iterator[Outcome]:
    """11.2.1: "'Fixing Bayonets' can only be declared if the attacking force is less than
    50 SPs and consists of 50% or more British Regulars", by a British attacker."""
    if ended.bayonets is None:
        return
    force = ended.joined.attacker
    if any(_type(kind, ctx.data) is None for kind, _ in force.sp):
        yield Check.unchecked("AAM-CBT-06", ended.bayonets,
                              f"fixed bayonets were declared in {where}: a unit kind's type "
                              "is not in the data (AaM 11.2.1)",
                              needs=(str(Need.UNIT_VALUES),), spaces=(ended.joined.area,))
        return
    british = sum(v for k, v in force.sp if _type(k, ctx.data) == "regular"
                  and (found := ctx.data.unit_kinds.get(k)) is not None
                  and str(found.side) == "british")
    why = [text for bad, text in (
        (force.side != "british", "only the British player, attacking, may fix bayonets"),
        (force.strength >= 50, f"the attacking force has {force.strength} SPs, not less "
                               "than 50"),
        (force.side == "british" and 2 * british < force.strength,
         f"only {british} of its {force.strength} SPs are British Regulars, less than 50%"),
    ) if bad]
    if not why:
        yield Check.done("AAM-CBT-06")
        return
    yield Check.illegal("AAM-CBT-06", ended.bayonets,
                        f"fixed bayonets were declared in the battle in {where}: "
                        f"{'; '.join(why)}. \"Fixing Bayonets\" can only be declared if the "
                        "attacking force is less than 50 SPs and consists of 50% or more "
                        "British Regulars (AaM 11.2.1)", spaces=(ended.joined.area,),
                        pieces=force.pieces, expected="no bayonets",
                        observed="bayonets declared")


def _surprise(ended: BattleEnded, dice: dict[str, list[tuple[int, int]]] | None,
              where: str) -> Iterator[Outcome]:
    joined = ended.joined
    if dice is None or combat.surprise_rolled(joined.attacker.strength,
                                              joined.defender.strength):
        return
    own, other = dice[joined.attacker.side], dice[joined.defender.side]
    if len(own) == 3 and len(other) == 2:
        yield Check.illegal("AAM-CBT-07", own[0][0],
                            f"a surprise roll was made in the battle in {where} with "
                            f"{joined.attacker.strength} SP attacking "
                            f"{joined.defender.strength}: a Surprise check is only rolled "
                            "for if both forces are less than 50 SPs (AaM 11.2.2)",
                            spaces=(joined.area,), expected="no surprise roll",
                            observed=f"a third attacker die ({own[0][1]})")
    elif len(own) == 2:
        yield Check.done("AAM-CBT-07")


def feasible_losses(attacker_sp: int, defender_sp: int) -> dict[int, tuple[int, int]]:
    """(attacker, defender) losses for each difference of the casualty totals (attacker
    less defender), capped at the SPs present (A50) (AaM 11.2.4)."""
    side_a, side_d = combat.CasualtySide(attacker_sp), combat.CasualtySide(defender_sp)
    found = {}
    for diff in range(-(attacker_sp + defender_sp + 12), attacker_sp + defender_sp + 13):
        result = combat.casualty_result(side_a, side_d, 6 + max(diff, 0), 6 - min(diff, 0))
        found[diff] = (result.attacker.lost, result.defender.lost)
    return found


def _losses(ended: BattleEnded, ctx: Context, where: str) -> Iterator[Outcome]:
    joined = ended.joined
    a_sp, d_sp = joined.attacker.strength, joined.defender.strength
    if a_sp < 1 or d_sp < 1:
        return
    lost_a, lost_d = ended.lost(joined.attacker.side), ended.lost(joined.defender.side)
    step = max((loss.step for loss in ended.losses), default=ended.step)
    if combat.surprise_rolled(a_sp, d_sp):
        yield Check.unchecked("AAM-CBT-10", step,
                              f"the losses of the battle in {where} ({lost_a} and {lost_d} "
                              "SP) are not checked: both forces were under 50 SPs, and the "
                              "Surprise Table's effects are not in the data (AaM 11.2.2)",
                              needs=(str(Need.SURPRISE),), spaces=(joined.area,))
        return
    wiped_a, wiped_d = lost_a >= a_sp, lost_d >= d_sp
    pairs = feasible_losses(a_sp, d_sp)
    fits = [diff for diff, (la, ld) in pairs.items()
            if (lost_a == la or (wiped_a and lost_a >= la))
            and (lost_d == ld or (wiped_d and lost_d >= ld))]
    if fits:
        yield Check.done("AAM-CBT-10")
        return
    shown = ", ".join(f"{pairs[d][0]}/{pairs[d][1]}" for d in range(-3, 4))
    yield Check.illegal("AAM-CBT-10", step,
                        f"in the battle in {where} ({a_sp} SP attacking {d_sp}) the attacker "
                        f"lost {lost_a} SP and the defender {lost_d}: no casualty totals give "
                        "that pair. The higher total loses 1 SP per 10 (or fraction) of the "
                        "opponent's SPs less the difference (at least 1), the lower total "
                        "the same plus the difference, a tie 1 each (AaM 11.2.4)",
                        spaces=(joined.area,),
                        pieces=tuple(p for loss in ended.losses for p in loss.pieces),
                        expected=f"attacker/defender losses such as {shown} "
                                 "(differences -3 to +3)",
                        observed=f"{lost_a}/{lost_d}")


def _prisoners(ended: BattleEnded, ctx: Context, where: str) -> Iterator[Outcome]:
    """11.2.6: "Half (rounding fractions up) of all regular casualties suffered by the lower
    rolling player become Prisoners of War": the lower roller is the side the losses show
    lost the casualty roll (every difference of the totals that gives them, one sign)."""
    joined = ended.joined
    a_sp, d_sp = joined.attacker.strength, joined.defender.strength
    if a_sp < 1 or d_sp < 1 or combat.surprise_rolled(a_sp, d_sp) or not ended.losses:
        return
    lost_a, lost_d = ended.lost(joined.attacker.side), ended.lost(joined.defender.side)
    wiped_a, wiped_d = lost_a >= a_sp, lost_d >= d_sp
    if wiped_a or wiped_d:
        return  # a side wiped out may have lost more to a retreat it could not make
    signs = {(diff > 0) - (diff < 0) for diff, (la, ld) in feasible_losses(a_sp, d_sp).items()
             if la == lost_a and ld == lost_d}
    step = max(loss.step for loss in ended.losses)
    if len(signs) != 1 or 0 in signs:
        return
    lower = joined.defender if signs == {1} else joined.attacker
    kinds = {kind for loss in ended.losses for kind, _ in loss.lost}
    if any(_type(kind, ctx.data) is None for kind in kinds):
        yield Check.unchecked("AAM-CBT-13", step,
                              f"the prisoners of the battle in {where} are not known: a unit "
                              "kind's type is not in the data (AaM 11.2.6)",
                              needs=(str(Need.UNIT_VALUES),), spaces=(joined.area,))
        return
    regular = sum(v for loss in ended.losses if loss.side == lower.side
                  for k, v in loss.lost if _type(k, ctx.data) == "regular")
    prisoners = -(-regular // 2)
    yield Check.computed("prisoners", step, "AAM-CBT-13",
                         f"battle in {where}: the {lower.side} side rolled the lower casualty "
                         f"total and lost {regular} regular SP: {prisoners} become Prisoners "
                         "of War, half (rounding fractions up) of the lower rolling player's "
                         "regular casualties (AaM 11.2.6)",
                         inputs={"regular_lost": regular, "side": lower.side},
                         result={"prisoners": prisoners})
    yield Check.done("AAM-CBT-13")


def _split(ended: BattleEnded, ctx: Context, where: str) -> Iterator[Outcome]:
    for force in (ended.joined.attacker, ended.joined.defender):
        losses = [loss for loss in ended.losses if loss.side == force.side]
        lost = sum(loss.strength for loss in losses)
        if not losses or lost < 1 or lost >= force.strength:
            continue
        types = {kind: _type(kind, ctx.data) for kind, _ in force.sp}
        types.update({kind: _type(kind, ctx.data) for loss in losses for kind, _ in loss.lost})
        if any(t is None for t in types.values()):
            continue
        regulars = sum(v for k, v in force.sp if types[k] == "regular")
        militia = force.strength - regulars
        if not regulars or not militia:
            continue
        reg_lost = sum(v for loss in losses for k, v in loss.lost if types[k] == "regular")
        mil_lost = lost - reg_lost
        even = abs(reg_lost - mil_lost) <= 1 or \
            (reg_lost < mil_lost and reg_lost >= regulars) or \
            (mil_lost < reg_lost and mil_lost >= militia)
        if even:
            yield Check.done("AAM-CBT-12")
            continue
        if not any(types[k] == "militia" for k, _ in force.sp):
            yield Check.unchecked("AAM-CBT-12", losses[-1].step,
                                  f"the {force.side} force in the battle in {where} had "
                                  f"regulars and Indians but no militia, and lost {reg_lost} "
                                  f"regular and {mil_lost} Indian SP: losses are divided "
                                  "between militia and regulars, \"an Indian can be "
                                  "substituted if present\" (AaM 11.2.6); whether the split "
                                  "binds with no militia present is not said",
                                  spaces=(ended.joined.area,))
            continue
        yield Check.illegal("AAM-CBT-12", losses[-1].step,
                            f"the {force.side} force in the battle in {where} ({regulars} "
                            f"regular and {militia} militia/Indian SP) took its {lost} SP "
                            f"of losses as {reg_lost} regular and {mil_lost} militia: losses "
                            "must be evenly divided between militia and regulars if both are "
                            "present, any remaining fraction as a militia casualty "
                            "(AaM 11.2.6)",
                            spaces=(ended.joined.area,),
                            pieces=tuple(p for loss in losses for p in loss.pieces),
                            expected=f"{lost // 2} and {lost - lost // 2}, either way",
                            observed=f"{reg_lost} regular, {mil_lost} militia")


def _c_in_c(leader: str, ctx: Context, battle: tuple[str, ...] = ()) -> bool:
    chief = british_chief(ctx, battle)
    if chief is not None and chief[1] and leader == chief[0]:
        return True
    found = ctx.data.leaders.get(leader)
    return found is not None and found.rank == "C-in-C"


def _leader_loss(ended: BattleEnded, ctx: Context, dice: dict[str, list[tuple[int, int]]],
                 where: str) -> Iterator[Outcome]:
    for force in (ended.joined.attacker, ended.joined.defender):
        step, natural = dice[force.side][-1]
        if natural != 1:
            continue
        lost = [leader for loss in ended.losses if loss.side == force.side
                for leader in loss.leaders]
        others = [leader for leader in force.leaders if not _c_in_c(leader, ctx, force.leaders)]
        unsure_chief = force.side == "british" and not any(
            _c_in_c(leader, ctx, force.leaders) for leader in force.leaders) and not any(
            e.kind == "leader" and _c_in_c(e.key, ctx, force.leaders)
            for e, _ in ctx.state.pieces.values())
        if not others or (unsure_chief and len(others) == 1 and not lost):
            if unsure_chief and others and not lost:
                yield Check.unchecked("AAM-CBT-14", step,
                                      f"the {force.side} casualty die in {where} was a natural "
                                      f"1 and no leader was lost; whether "
                                      f"{ctx.leader_name(others[0])} is the British C-in-C "
                                      "(who is never lost this way, AaM 11.2.7) is not shown",
                                      needs=(str(Need.LEADERS),), spaces=(ended.joined.area,))
            else:
                yield Check.done("AAM-CBT-14")
            continue
        if not lost:
            at = max((loss.step for loss in ended.losses if loss.side == force.side),
                     default=step)
            names = ", ".join(ctx.leader_name(leader) for leader in others)
            yield Check.illegal("AAM-CBT-14", at,
                                f"the {force.side} casualty die in the battle in {where} was "
                                f"a natural 1 and no leader was lost: the side loses the "
                                "leader in the battle with the highest audacity rating, never "
                                f"the C-in-C (AaM 11.2.7); in the battle: {names}",
                                spaces=(ended.joined.area,), pieces=tuple(others),
                                expected="one leader removed", observed="none")
            continue
        yield from _which_leader(ended, ctx, force, lost, others, where)


def _which_leader(ended: BattleEnded, ctx: Context, force: BattleSide, lost: list[str],
                  others: list[str], where: str) -> Iterator[Outcome]:
    if len(lost) == 1 and _c_in_c(lost[0], ctx, force.leaders):
        step = next(loss.step for loss in ended.losses if lost[0] in loss.leaders)
        yield Check.illegal("AAM-CBT-14", step,
                            f"after a natural 1 on the {force.side} casualty die in {where}, "
                            f"the C-in-C {ctx.leader_name(lost[0])} was lost: the side loses "
                            "the leader with the highest audacity rating, never the C-in-C "
                            "(AaM 11.2.7)", spaces=(ended.joined.area,), pieces=(lost[0],),
                            expected=" or ".join(ctx.leader_name(k) for k in others),
                            observed=ctx.leader_name(lost[0]))
        return
    ratings = {leader: (found.audacity if (found := ctx.data.leaders.get(leader)) else None)
               for leader in others}
    if any(value is None for value in ratings.values()) or \
            not all(leader in ratings for leader in lost):
        yield Check.unchecked("AAM-CBT-14", ended.step,
                              f"a {force.side} leader was lost in {where} after a natural 1: "
                              "whether he had the highest audacity rating is not known",
                              needs=(str(Need.LEADERS),), spaces=(ended.joined.area,))
        return
    best = max(value for value in ratings.values() if value is not None)
    worse = [leader for leader in lost if ratings[leader] != best]
    if worse and len(lost) == 1:
        step = next(loss.step for loss in ended.losses if lost[0] in loss.leaders)
        top = [ctx.leader_name(k) for k, v in ratings.items() if v == best]
        yield Check.illegal("AAM-CBT-14", step,
                            f"after a natural 1 on the {force.side} casualty die in {where}, "
                            f"{ctx.leader_name(lost[0])} (audacity {ratings[lost[0]]}) was "
                            f"lost: the leader lost is the one with the highest audacity "
                            f"rating, the C-in-C excepted (AaM 11.2.7)",
                            spaces=(ended.joined.area,), pieces=(lost[0],),
                            expected=" or ".join(top), observed=ctx.leader_name(lost[0]))
    else:
        yield Check.done("AAM-CBT-14")


def _moved_on(ended: BattleEnded, ctx: Context, where: str) -> Iterator[Outcome]:
    attacker = ended.joined.attacker.side
    first_loss = min((loss.step for loss in ended.losses), default=None)
    if first_loss is None:
        return
    late = [move for move in ended.moved_on
            if move.side == attacker and move.step >= first_loss]
    for move in late:
        yield Check.illegal("AAM-CBT-16", move.step,
                            f"after the battle in {where}, the attacking force moved on to "
                            f"{ctx.name(move.destination)}: combat ends the endeavor "
                            "(AaM 10.3)", spaces=(move.origin, move.destination),
                            pieces=move.pieces)
    if not late:
        yield Check.done("AAM-CBT-16")


def losses_of(ended: BattleEnded, side: str) -> tuple[LossTaken, ...]:
    """A side's losses in a battle."""
    return tuple(loss for loss in ended.losses if loss.side == side)


# Terrain, command and Professional Army (10.6.1b, 11.1, 11.2.5, 14.2, 16.1)


def _rough(joined: BattleJoined, ctx: Context) -> Iterator[Outcome]:
    area = ctx.data.areas.get(joined.area)
    terrain = area.terrain if area is not None else None
    if terrain is None or terrain.casefold() not in ROUGH:
        return
    a = _wilderness(joined.attacker, joined.defender, ctx.data)
    d = _wilderness(joined.defender, joined.attacker, ctx.data)
    yield Check.computed("wilderness_drm", joined.step, "AAM-CBT-15",
                         f"battle in {ctx.name(joined.area)} ({terrain}): +2 to an all-Indian "
                         "force against 50% or more regulars, +1 to the Continental player "
                         "against 100% British Regulars: attacker "
                         f"+{a}, defender +{d} (AaM 10.6.1b)",
                         inputs={"terrain": terrain},
                         result={"attacker_drm": a, "defender_drm": d})
    yield Check.done("AAM-CBT-15")


RANKS = {"c-in-c": 4, "2-star": 3, "1-star": 2, "colonel": 1}
LESSER = frozenset({"militia", "provincial", "loyalist"})
CHOSEN = frozenset({"1-star", "colonel"})
"""The ranks among whose equals the owner chooses (the digest's AAM-CBT-01)."""


def british_chief(ctx: Context, battle: tuple[str, ...] = ()) -> tuple[str, bool] | None:
    """(the British C-in-C, whether by succession) (AaM 11.1.4): the data's C-in-C while
    his counter is on the map; once it is in a box (captured, dead, withdrawn), the British
    2-star on the map (or in `battle`, the leaders of a battle as it began) with the lowest
    seniority number. None: not known."""
    chiefs = {k for k, found in ctx.data.leaders.items()
              if found.side == "british" and (found.rank or "").casefold() == "c-in-c"}
    placed = [(e.key, place) for e, place in ctx.state.pieces.values()
              if e.kind == "leader" and e.key in chiefs]
    if any(place.kind is PlaceKind.SPACE for _, place in placed):
        return next(k for k, place in placed if place.kind is PlaceKind.SPACE), False
    if not placed:
        return None
    on_map = {e.key for e, place in ctx.state.pieces.values()
              if e.kind == "leader" and place.kind is PlaceKind.SPACE} | set(battle)
    two_stars = [(found.seniority, key) for key in sorted(on_map)
                 if (found := ctx.data.leaders.get(key)) is not None
                 and found.side == "british" and (found.rank or "").casefold() == "2-star"]
    if not two_stars or any(seniority is None for seniority, _ in two_stars):
        return None
    return min((seniority or 0, key) for seniority, key in two_stars)[1], True


def _tier(leader: str, data: AaMData, chief: str | None = None) -> int | None:
    """A leader's rank (C-in-C 4 ... colonel 1, Brant 0); None: not known."""
    if leader == chief:
        return 4
    found = data.leaders.get(leader)
    if found is None:
        return None
    if found.category == "indian" or leader == "brant":
        return 0
    return RANKS.get((found.rank or "").casefold())


def _within(leader: str, tier: int, data: AaMData) -> tuple[int, int] | None:
    """Among leaders of one rank: (regular over lesser, -seniority for 2-stars); None: not
    known."""
    found = data.leaders[leader]
    if found.category is None:
        return None
    if tier == 3 and found.seniority is None:
        return None
    return (0 if found.category in LESSER else 1, -(found.seniority or 0) if tier == 3 else 0)


def commanders(force: BattleSide, data: AaMData, chief: str | None = None
               ) -> tuple[tuple[str, ...], str] | None:
    """The leaders who may command `force` (the owner chooses among several) and why;
    None when a rank, category or seniority that decides it is not in the data (AaM 11.1,
    14.2). The category and the seniority matter only among leaders of the highest rank
    present."""
    leaders = list(force.leaders)
    if not leaders:
        return (), "no leader"
    french = [k for k in leaders if k == "destaing"]
    others = [k for k in leaders if k != "destaing"]
    tiers = {k: _tier(k, data, chief) for k in others}
    if any(v is None for v in tiers.values()):
        return None
    if french:
        chiefs = [k for k in others if tiers[k] == 4]
        if not chiefs:
            return tuple(french), ("d'Estaing outranks all Continental leaders but the "
                                   "C-in-C (AaM 14.2.1)")
        fr = sum(v for k, v in force.sp if k.startswith("french"))
        if fr > force.strength - fr:
            return tuple(french), "d'Estaing with more French SPs than Continental (AaM 14.2.2)"
        if fr < force.strength - fr:
            return tuple(chiefs), "the C-in-C with more Continental SPs than French (AaM 14.2.2)"
        return None
    best = max(v for v in tiers.values() if v is not None)
    top = [k for k, v in tiers.items() if v == best]
    why = "the highest-ranking leader (AaM 11.1)"
    if len(top) == 1:
        return tuple(top), why
    keys = {k: _within(k, best, data) for k in top}
    if any(v is None for v in keys.values()):
        if best not in (1, 2) or any(data.leaders[k].category is None
                                     and best == 3 for k in top):
            return None
        known = [v for v in keys.values() if v is not None]
        if known and max(known)[0] == 1:  # a known regular: no known lesser leader commands
            top = [k for k in top if keys[k] is None or keys[k] == max(known)]
        return tuple(top), "leaders of the highest rank: the owner chooses (AaM 11.1)"
    high = max(v for v in keys.values() if v is not None)
    top = [k for k in top if keys[k] == high]
    if len(top) > 1 and best not in (1, 2):
        return None
    if len(top) > 1:
        why = "equal leaders of the highest rank: the owner chooses (AaM 11.1)"
    else:
        why = "the highest-ranking leader; a regular outranks a Provincial or militia " \
              "leader of the same rank, then the lower seniority number (AaM 11.1-11.1.2)"
    return tuple(top), why


def _command(joined: BattleJoined, ctx: Context) -> Iterator[Outcome]:
    chief = british_chief(ctx, joined.attacker.leaders + joined.defender.leaders)
    for role, force in (("attacker", joined.attacker), ("defender", joined.defender)):
        if not force.leaders:
            continue
        successor = chief[0] if chief is not None and chief[1] and force.side == "british" \
            else None
        if successor is not None:
            yield Check.computed("british_c_in_c", joined.step, "AAM-CBT-04",
                                 f"the British C-in-C's counter is off the map: "
                                 f"{ctx.leader_name(successor)}, the 2-star general with "
                                 "the lowest seniority number, is the new C-in-C "
                                 "(AaM 11.1.4)", result={"c_in_c": successor})
            yield Check.done("AAM-CBT-04")
        found = commanders(force, ctx.data, successor)
        if found is None:
            yield Check.unchecked("AAM-CBT-01", joined.step,
                                  f"who commands the {force.side} {role} in "
                                  f"{ctx.name(joined.area)} is not known: a leader's rank, "
                                  "category or seniority is not in the data (AaM 11.1)",
                                  needs=(str(Need.LEADERS),), spaces=(joined.area,))
            continue
        top, why = found
        ratings = {k: (ctx.data.leaders[k].audacity, ctx.data.leaders[k].tactical)
                   for k in top if k in ctx.data.leaders}
        names = " or ".join(f"{ctx.leader_name(k)} (audacity {a}, tactical {t})"
                            for k, (a, t) in ratings.items())
        yield Check.computed("commander", joined.step, "AAM-CBT-01",
                             f"battle in {ctx.name(joined.area)}: the {force.side} {role} is "
                             f"commanded by {names}: {why}; his ratings apply whether or not "
                             "he activated (AaM 11.1)",
                             inputs={"leaders": ", ".join(force.leaders)},
                             result={"commander": ", ".join(top)})
        yield Check.done("AAM-CBT-01")
        categories = {ctx.data.leaders[k].category for k in force.leaders
                      if k in ctx.data.leaders}
        if len(force.leaders) > 1 and categories & (LESSER | {"indian"}):
            yield Check.done("AAM-CBT-02")
        if "destaing" in force.leaders and len(force.leaders) > 1:
            yield Check.done("AAM-CBT-03")
        yield from _backwoods(joined, force, top, ctx)


BACKWOODS = frozenset({"morgan", "stark"})


def _backwoods(joined: BattleJoined, force: BattleSide, top: tuple[str, ...],
               ctx: Context) -> Iterator[Outcome]:
    if "backwoods-generals" not in ctx.options or force.side != "continental" or \
            not set(top) & BACKWOODS or joined.siege:
        return
    militia = force.strength - _sp_of(force, ctx.data, "regular")
    if 2 * militia <= force.strength:
        return
    yield Check.computed("backwoods_generals", joined.step, "AAM-OPT-01",
                         f"battle in {ctx.name(joined.area)}: "
                         f"{' or '.join(ctx.leader_name(k) for k in top)} commands a "
                         f"Continental force of {militia} militia SP in {force.strength}: the "
                         "-1 DRM for a force which is more than half militia does not apply "
                         "(AaM 16.1, optional)", inputs={"militia_sp": militia},
                         result={"militia_drm": 0})
    yield Check.done("AAM-OPT-01")


STEUBEN_AT_LATEST = "1779-04"


def _professional(joined: BattleJoined, ctx: Context) -> Iterator[Outcome]:
    turn = ctx.placement.moment.turn or ctx.proc.position.moment.turn
    for force in (joined.attacker, joined.defender):
        if force.strength < 1 or any(_type(k, ctx.data) is None for k, _ in force.sp):
            continue
        regular = _sp_of(force, ctx.data, "regular")
        half = 2 * regular >= force.strength
        where = ctx.name(joined.area)
        if force.side == "continental" and half and (turn is None or turn < STEUBEN_AT_LATEST):
            yield Check.unchecked("AAM-CBT-11", joined.step,
                                  f"the Continental force in {where} is {regular} of "
                                  f"{force.strength} SP regulars: before April 1779 it is a "
                                  "Professional Army only 2 turns after Steuben arrives via a "
                                  "Political Event, which is not read (AaM 11.2.5)",
                                  needs=(str(Need.POLITICAL),), spaces=(joined.area,))
            continue
        status = half
        yield Check.computed("professional_army", joined.step, "AAM-CBT-11",
                             f"battle in {where}: the {force.side} force ({regular} regular SP "
                             f"of {force.strength}) is {'' if status else 'not '}a Professional "
                             "Army (AaM 11.2.5)", inputs={"regular_sp": regular,
                                                         "sp": force.strength},
                             result={"professional": status})
        yield Check.done("AAM-CBT-11")


# The Battle Winner Determination Table from the user's data (AaM 11.2.3)


WINNER_TABLE = "battle_winner_table"
WINNER_CONDITIONS = frozenset({"always", "commander_tactical", "militia_majority", "bayonets",
                               "surprise", "professional_army", "fort_defender"})
"""The conditions a structured row of the Battle Winner Determination Table may name (see
data/user.py's docstring)."""
WINNER_SIDES = frozenset({"each", "attacker", "defender"})
Span = tuple[int, int]
"""The lowest and highest DRM a side may have had (the log leaves some DRMs open)."""


def winner_rows(data: AaMData) -> tuple[tuple[str, str, int], ...] | str:
    """(condition, side, drm) of each structured row of the data's Battle Winner
    Determination Table; a string says why the table cannot be used."""
    table = data.tables.get(WINNER_TABLE)
    if table is None or table.rows is None:
        return "the Battle Winner Determination Table's DRMs are not in the data"
    if table.partial:
        return "the data's Battle Winner Determination Table is marked partial"
    rows = []
    for number, row in enumerate(table.rows, 1):
        condition, side, drm = row.get("condition"), row.get("side", "each"), row.get("drm")
        if condition not in WINNER_CONDITIONS or side not in WINNER_SIDES or \
                isinstance(drm, bool) or not isinstance(drm, int) or \
                set(row) - {"condition", "side", "drm", "note"}:
            return (f"row {number} of the data's Battle Winner Determination Table is not a "
                    "structured row (condition, side, drm; see data/user.py)")
        rows.append((str(condition), str(side), drm))
    return tuple(rows)


def _span(low: int, high: int, drm: int) -> Span:
    return (min(low * drm, high * drm), max(low * drm, high * drm))


def _row_span(condition: str, role: str, ended: BattleEnded, ctx: Context,
              surprise_die: bool) -> Span | str:
    """The DRM factor (0/1, or the Tactical rating) a condition gives one side; a string
    says why it is not known."""
    joined = ended.joined
    force = joined.attacker if role == "attacker" else joined.defender
    if condition == "always":
        return 1, 1
    if condition == "bayonets":
        return (1, 1) if role == "attacker" and ended.bayonets is not None else (0, 0)
    if condition == "surprise":
        if role != "attacker" or not surprise_die:
            return 0, 0
        return 0, 1  # the Surprise Table's DRMs are not in the data: it may have succeeded
    if any(_type(kind, ctx.data) is None for kind, _ in force.sp):
        return "a unit kind's type is not in the data"
    regular = _sp_of(force, ctx.data, "regular")
    chief = british_chief(ctx, joined.attacker.leaders + joined.defender.leaders)
    successor = chief[0] if chief is not None and chief[1] and force.side == "british" \
        else None
    found = commanders(force, ctx.data, successor)
    if condition == "militia_majority":
        if 2 * (force.strength - regular) <= force.strength:
            return 0, 0
        if "backwoods-generals" in ctx.options and force.side == "continental":
            if found is None:
                return 0, 1
            backwoods = [k in BACKWOODS for k in found[0]]
            return (0 if any(backwoods) else 1), (0 if all(backwoods) else 1)
        return 1, 1
    if condition == "professional_army":
        if 2 * regular < force.strength:
            return 0, 0
        turn = ctx.placement.moment.turn or ctx.proc.position.moment.turn
        if force.side == "continental" and (turn is None or turn < STEUBEN_AT_LATEST):
            return 0, 1  # Steuben's arrival is not read (11.2.5)
        return 1, 1
    if condition == "fort_defender":
        if role != "defender":
            return 0, 0
        forts = [e for e in ctx.state.in_area(joined.area) if e.kind == "fort"]
        if any(e.key == force.side and e.flag is None for e in forts):
            return 1, 1
        return (0, 1) if any(e.key == force.side for e in forts) else (0, 0)
    # commander_tactical: the commander's Tactical rating (the owner chooses among equals)
    if found is None:
        return "who commands is not in the data"
    if not found[0]:
        return 0, 0
    ratings = [ctx.data.leaders[k].tactical if k in ctx.data.leaders else None
               for k in found[0]]
    if any(value is None for value in ratings):
        return "a commander's Tactical rating is not in the data"
    known = [value or 0 for value in ratings]
    return min(known), max(known)


def winner_drms(ended: BattleEnded, ctx: Context, surprise_die: bool
                ) -> tuple[Span, Span] | str:
    """The attacker's and the defender's DRM spans on the battle-winner roll: the odds DRM
    and the Wilderness/Mountain DRMs (AaM 11.2.3, 10.6.1b) plus the data's table rows."""
    rows = winner_rows(ctx.data)
    if isinstance(rows, str):
        return rows
    joined = ended.joined
    reading = combat.OddsReading.CEIL if ODDS_CEIL in ctx.options else combat.OddsReading.FLOOR
    odds = combat.odds_drm(joined.attacker.strength, joined.defender.strength, reading)
    terrain, _ = _terrain_drm(joined, ctx)
    if not terrain:
        return "the Area's terrain (Wilderness/Mountain DRMs, AaM 10.6.1b) is not in the data"
    spans = {}
    for role, base in (("attacker", odds.attacker), ("defender", odds.defender)):
        low = high = base
        area = ctx.data.areas.get(joined.area)
        if area is not None and (area.terrain or "").casefold() in ROUGH:
            own, enemy = (joined.attacker, joined.defender) if role == "attacker" \
                else (joined.defender, joined.attacker)
            low += _wilderness(own, enemy, ctx.data)
            high += _wilderness(own, enemy, ctx.data)
        for condition, side, drm in rows:
            if side not in ("each", role):
                continue
            factor = _row_span(condition, role, ended, ctx, surprise_die)
            if isinstance(factor, str):
                return f"the {role}'s {condition} DRM: {factor}"
            add = _span(factor[0], factor[1], drm)
            low, high = low + add[0], high + add[1]
        spans[role] = (low, high)
    return spans["attacker"], spans["defender"]


def _winner(ended: BattleEnded, ctx: Context, dice: dict[str, list[tuple[int, int]]] | None,
            pattern: bool, where: str) -> Iterator[Outcome]:
    """11.2.3: "The highest total (DR + modifiers) wins the battle and remains in the Area.
    The side with the lower total must retreat [...] The defender wins in the event of a
    tie (exception: Catastrophe, Case 11.5.4)"."""
    joined = ended.joined
    area = (joined.area,)
    attacker, defender = joined.attacker.side, joined.defender.side

    def unchecked(why: str) -> Outcome:
        return Check.unchecked("AAM-CBT-09", ended.step,
                               f"who won the battle in {where} is not checked: {why} "
                               "(AaM 11.2.3)", needs=(str(Need.BATTLE),), spaces=area)

    if joined.siege:
        yield unchecked("a siege marker is in the Area: the defender may be inside its walls, "
                        "where a siege combat's result decides (AaM 4.7)")
        return
    drms = winner_drms(ended, ctx, dice is not None and len(dice[attacker]) == 3)
    if isinstance(drms, str):
        yield unchecked(drms)
        return
    if not pattern or dice is None:
        yield unchecked("the winner dice are not clear in the log (each side's winner die, "
                        "then its casualty die)")
        return
    (_, a_die), (_, d_die) = dice[attacker][-2], dice[defender][-2]
    (a_low, a_high), (d_low, d_high) = drms
    if a_die + a_low > d_die + d_high:
        winner, loser = attacker, defender
    elif a_die + a_high < d_die + d_low:
        winner, loser = defender, attacker
    elif a_die + a_high <= d_die + d_low:
        winner, loser = defender, attacker  # a tie: the defender's (11.2.3)
    else:
        yield unchecked(f"the attacker's {a_die} and the defender's {d_die} with DRMs of "
                        f"{a_low}..{a_high} and {d_low}..{d_high} (a DRM the log does not "
                        "show) may give either side the higher total")
        return
    total = f"{attacker} {a_die}{a_low:+d}" + (f"..{a_high:+d}" if a_high != a_low else "") + \
        f" against {defender} {d_die}{d_low:+d}" + (f"..{d_high:+d}" if d_high != d_low else "")
    retreats = [r for r in ended.retreats  # SPs: a leader alone escapes (11.4.5)
                if not r.before_combat and r.side == winner and r.strength > 0]
    tie = winner == defender and a_die + a_high >= d_die + d_low
    if retreats and tie:
        yield unchecked(f"the totals ({total}) may tie, and a tie goes to the defender except "
                        "in a Catastrophe (11.5.4), which is not explained (A58)")
        return
    if retreats:
        yield Check.illegal("AAM-CBT-09", retreats[0].step,
                            f"the {winner} side retreated from the battle in {where} although "
                            f"its battle-winner total was the higher ({total}, with the odds "
                            "and the Battle Winner Determination Table's DRMs): \"The highest "
                            "total (DR + modifiers) wins the battle and remains in the Area. "
                            "The side with the lower total must retreat\" (AaM 11.2.3)",
                            spaces=(joined.area, retreats[0].destination),
                            pieces=retreats[0].pieces,
                            expected=f"the {loser} side retreats", observed=f"the {winner} "
                            "side retreated")
        return
    if ended.loser == loser:
        yield Check.done("AAM-CBT-09")
