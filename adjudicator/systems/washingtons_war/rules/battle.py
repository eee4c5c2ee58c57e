"""Battles (WW 9.2–9.6): the odds before the dice, then the winner, the losses, surrender,
capture of Generals and the British Regulars' Advantage, judged on the logged dice.

A fought battle is judged once its impulse is over (`BattleResolved`), so every die,
loss and capture of the battle is in. The dice are mapped to the steps of WW 9.2 by their
order and by who rolled them (Step 2 one Actual Battle Rating die per side with a General,
attacker first; Step 4 the attacker's then the defender's battle die; Step 5 the loser's
then the winner's loss die). Where that mapping, a rating, a modifier or a marker is not
known, the check says `unchecked` and why: a false `illegal` is worse than none.

The odds come from `odds.py` only (`battle_odds`, `alliance_odds`); the per-die look-ups
here read the same tables T3, T5 and T6.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.probability import Distribution
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.common.values import evolve
from adjudicator.systems.washingtons_war.actions import BattleResolved
from adjudicator.systems.washingtons_war.data import Side
from adjudicator.systems.washingtons_war.data.tables import Tables
from adjudicator.systems.washingtons_war.data.vocabulary import CardFlag
from adjudicator.systems.washingtons_war.odds import (
    BattleSide,
    alliance_odds,
    battle_odds,
)
from adjudicator.systems.washingtons_war.procedure import (
    ARNOLD,
    TREASON,
    Battle,
    BattleDie,
    BattleSetup,
    Modifier,
)
from adjudicator.systems.washingtons_war.rules.battle_steps import (
    dice_text,
    exceeded_at,
    first_retreat,
    last_step,
    removal_steps,
    steps_text,
)
from adjudicator.systems.washingtons_war.rules.context import Context, open_to
from adjudicator.systems.washingtons_war.state import CAPTURED, REMOVED, other

FAMILY = RuleFamily("battle", frozenset({
    "WW-BAT-02", "WW-BAT-03", "WW-BAT-04", "WW-BAT-05", "WW-BAT-06", "WW-BAT-07",
    "WW-BAT-08", "WW-BAT-09", "WW-BAT-10", "WW-BAT-11", "WW-BAT-12", "WW-BAT-13",
    "WW-BAT-14", "WW-CAPT-04", "WW-CAPT-06", "WW-INT-05", "WW-RET-05", "WW-RET-07"}),
    actions=(BattleResolved,))
REGULARS_LOSS = 3
"""WW 9.2 Step 7, 9.41: the British lose the Regulars' Advantage on losing 3+ CUs."""
CARD_PLAYED = 2
"""WW 9.45: a Battle Card played as the event."""
CARD_DISCARDED = 1
"""WW 9.45, 6.33.C: an Event card discarded."""


# --------------------------------------------------------------------------------------
# The battle's inputs


def battle_setup(ctx: Context, battle: Battle, step: int, *,
                 regulars: bool | None) -> BattleSetup:
    """The forces in the battle space and the T4 modifiers the position gives (WW 9.41–
    9.44, 9.46) as the Combat Resolution Procedure begins; cards are added later."""
    attacker = battle.attacker
    defender = other(attacker)
    here = ctx.state.space(battle.space)
    generals = {side: here.generals_of(side, ctx.sides) for side in Side}
    attacking = battle.general if battle.general in generals[attacker] else (
        generals[attacker][0] if generals[attacker] else None)
    modifiers: list[Modifier] = []
    unresolved: list[str] = []
    uncertain: list[Modifier] = []
    # WW 9.41: the Turn marker on its Regulars side.
    if regulars is None:
        unresolved.append("whether the Turn marker shows British Regulars (WW 9.41): the "
                          "log did not begin at set-up and the marker is not in the binding")
        uncertain.append(Modifier(Side.BR, "regulars", 1))
    elif regulars:
        modifiers.append(Modifier(Side.BR, "regulars", 1))
    _royal_navy(ctx, battle.space, modifiers, unresolved, uncertain)
    _militia(ctx, battle.space, modifiers, unresolved, uncertain)
    # WW 9.44: an American attack led by Washington with the last card of the phase.
    if attacker is Side.AM and attacking == "washington":
        if battle.last_card is None:
            unresolved.append("whether Washington attacked with the last Strategy Card of "
                              "the phase (WW 9.44): the hands are not tracked")
            uncertain.append(Modifier(Side.AM, "winter_offensive", 2))
        elif battle.last_card:
            modifiers.append(Modifier(Side.AM, "winter_offensive", 2))
    # WW 9.46: an interception led to the battle.
    if battle.intercepted and defender is Side.AM:
        modifiers.append(Modifier(Side.AM, "interception", 1))
    return BattleSetup(step=step, attacker_cus=here.cus_of(attacker),
                       defender_cus=here.cus_of(defender), attacker_general=attacking,
                       defender_general=generals[defender][0] if generals[defender] else None,
                       modifiers=tuple(modifiers), unresolved=tuple(unresolved),
                       uncertain=tuple(uncertain))


def _royal_navy(ctx: Context, space: str, modifiers: list[Modifier],
                unresolved: list[str], uncertain: list[Modifier]) -> None:
    """WW 9.42: +1 British in a port, a fortified port only with a British PC, never in
    the Blockaded Zone."""
    record = ctx.data.spaces.get(space)
    if record is None:
        unresolved.append(f"whether {ctx.space_name(space)} is a port (WW 9.42): not a "
                          "known space")
        uncertain.append(Modifier(Side.BR, "royal_navy", 1))
        return
    if not record.port or ctx.blockaded(space):
        return
    if record.fortified and ctx.state.space(space).pc is not Side.BR:
        return
    modifiers.append(Modifier(Side.BR, "royal_navy", 1))


def _militia(ctx: Context, space: str, modifiers: list[Modifier],
             unresolved: list[str], uncertain: list[Modifier]) -> None:
    """WW 9.43, 10.0.B: +1 to the side with more PCs in the battle space's colony; in
    Canada, to the side with PCs in both Montreal and Quebec."""
    record = ctx.data.spaces.get(space)
    if record is None or record.colony is None:
        unresolved.append(f"the colony of {ctx.space_name(space)} (WW 9.43): not in the data")
        uncertain.extend(Modifier(side, "militia", 1) for side in Side)
        return
    colony = record.colony
    if colony.value == "Canada":
        pcs = {ctx.state.space(s).pc for s in ("montreal", "quebec")}
        if len(pcs) == 1 and None not in pcs:
            side = pcs.pop()
            assert side is not None
            modifiers.append(Modifier(side, "militia", 1))
        return
    count = {side: 0 for side in Side}
    for key, other_record in ctx.data.spaces.items():
        if other_record.colony is colony:
            pc = ctx.state.space(key).pc
            if pc is not None:
                count[pc] += 1
    if count[Side.AM] != count[Side.BR]:
        modifiers.append(Modifier(max(Side, key=lambda s: count[s]), "militia", 1))


def card_drm(ctx: Context, card: str, side: Side) -> int | None:
    """The DRM a card used in battle Step 1 gives its side (WW 9.45): +2 for a Battle Card
    its side may play as the event; +1 for any other Event, discarded — the other side's
    Battle Card included, which a player may only discard (WW 6.32.A; 6.33 Clarifications:
    the American 'may discard' Benedict Arnold Treason! 'as a battle card'). None when the
    data does not say whether it is a Battle Card, or whose (a flag only implied by the
    card's text is not enough to deny the +2)."""
    record = ctx.card(card)
    if record is None or record.battle is None:
        return None
    if not record.battle:
        return CARD_DISCARDED
    if record.id == TREASON and side is Side.AM:
        return CARD_DISCARDED  # WW 6.33 Clarifications
    if record.flag is CardFlag.NONE:
        return CARD_PLAYED
    if record.flag is not None:
        return CARD_PLAYED if Side(record.flag.value) is side else CARD_DISCARDED
    return CARD_PLAYED if record.implied_flag is side else None


@dataclass(frozen=True, slots=True)
class Sides:
    """Both sides of a battle as `odds.battle_odds` needs them, or why not."""

    attacker: BattleSide
    defender: BattleSide
    named: dict[Side, list[str]]
    """Each side's named modifiers, for the messages (`regulars +1`)."""
    missing: tuple[str, ...]
    """Every input not known exactly (why): the odds need them all."""
    unknown: tuple[str, ...] = ()
    """Those that leave the totals unknown (a Battle Rating not in the data); the others
    are modifiers that may or may not apply, so the totals are known within bounds."""
    extra: tuple[tuple[Side, int], ...] = ()
    """The most those modifiers may add to each side."""

    def most(self, side: Side) -> int:
        """The most the unsure modifiers may add to a side's DRM."""
        return sum(n for s, n in self.extra if s is side)


def battle_sides(ctx: Context, battle: Battle, setup: BattleSetup) -> Sides:
    """The two `BattleSide`s: CUs, the Generals' ratings and every fixed DRM (WW 9.4)."""
    missing: list[str] = []
    unsure = list(setup.unresolved)  # modifiers that may or may not apply
    extra = [(m.side, m.drm) for m in setup.uncertain]
    named: dict[Side, list[str]] = {side: [] for side in Side}
    drm = {side: 0 for side in Side}
    for modifier in setup.modifiers:
        drm[modifier.side] += modifier.drm
        named[modifier.side].append(f"{modifier.name} +{modifier.drm}")
    for card in battle.cards:
        value = card_drm(ctx, card.card, card.side)
        if value is None:
            # At least a discard's +1; a Battle Card its side may play gives 1 more.
            unsure.append(f"whether {ctx.card_name(card.card)} is a Battle Card the "
                          f"{card.side.value} player may play (+2) or a discarded Event "
                          "(+1) (WW 9.45, 6.32.A): not in the data")
            extra.append((card.side, CARD_PLAYED - CARD_DISCARDED))
            value = CARD_DISCARDED
        drm[card.side] += value
        named[card.side].append(f"{ctx.card_name(card.card)} +{value}")
    attacker = battle.attacker

    def side(who: Side, cus: int, general: str | None) -> BattleSide:
        if general is None:
            return BattleSide(cus=cus, drm=drm[who])
        record = ctx.data.generals.get(general)
        rating = record.battle.value if record is not None else None
        agility = record.agility.value if record is not None else None
        if rating is None:
            missing.append(f"{ctx.general_name(general)}'s Battle Rating (WW 9.3): not in "
                           "the data")
        return BattleSide(cus=cus, rating=rating, agility=agility, drm=drm[who])

    a = side(attacker, setup.attacker_cus, setup.attacker_general)
    d = side(other(attacker), setup.defender_cus, setup.defender_general)
    return Sides(a, d, named, (*unsure, *missing), tuple(missing), tuple(extra))


# --------------------------------------------------------------------------------------
# The dice


@dataclass(frozen=True, slots=True)
class Dice:
    """The logged dice mapped to the steps of WW 9.2 (None: that die was not rolled)."""

    attacker_abr: BattleDie | None
    defender_abr: BattleDie | None
    attacker_battle: BattleDie
    defender_battle: BattleDie
    loser_loss: BattleDie | None
    winner_loss: BattleDie | None


def read_dice(battle: Battle, setup: BattleSetup, tables: Tables) -> Dice | str:
    """Map the battle's dice to their steps, or say why they cannot be (missing or extra
    dice, a roller who does not fit the step)."""
    dice = battle.dice[setup.opened_at:]
    attacker = battle.attacker
    defender = other(attacker)
    slots: list[tuple[str, Side | None]] = []
    if setup.attacker_general is not None:
        slots.append(("attacker_abr", attacker))
    if setup.defender_general is not None:
        slots.append(("defender_abr", defender))
    slots += [("attacker_battle", attacker), ("defender_battle", defender),
              ("loser_loss", None), ("winner_loss", None)]
    if len(dice) > len(slots):
        return (f"{len(dice)} dice were rolled in the battle where WW 9.2 rolls "
                f"{len(slots)}: which die belongs to which step is not clear")
    if len(dice) < len(slots) - 2:
        return (f"only {len(dice)} dice were rolled in the battle (WW 9.2 rolls "
                f"{len(slots)}): the Actual Battle Rating or battle dice are missing")
    found: dict[str, BattleDie] = {}
    for (slot, roller), die in zip(slots, dice, strict=False):
        if not 1 <= die.value <= 6:
            return (f"die {die.value} (step {die.step}) is no face of the six-sided die WW "
                    f"9.2 rolls: the tables cannot be read with it")
        if roller is not None and die.side is not None and die.side is not roller:
            return (f"die {die.value} (step {die.step}) was rolled by the {die.side.value} "
                    f"player where WW 9.2 has the {roller.value} player roll for the "
                    f"{slot.replace('_', ' ')}: the dice cannot be mapped to their steps")
        found[slot] = die
    return Dice(found.get("attacker_abr"), found.get("defender_abr"),
                found["attacker_battle"], found["defender_battle"],
                found.get("loser_loss"), found.get("winner_loss"))


def abr_of(die: int, side: BattleSide, tables: Tables) -> int:
    """The Actual Battle Rating a die gives (T3): half (down) or full, capped by CUs."""
    if side.rating is None:
        return tables.t3.no_general
    row = next(r for r in tables.t3.rows if r.die_min <= die <= r.die_max)
    value = side.rating // 2 if row.rating == "half" else side.rating
    return min(value, side.cus) if tables.t3.capped_by_cus else value


def loser_lost(die: int, cus: int, tables: Tables) -> int:
    """CUs a loss die takes from the loser (T5, capped at its CUs, digest A11)."""
    row = next(r for r in tables.t5.rows if r.die_min <= die <= r.die_max)
    return min(row.lost, cus) if tables.t5.capped_by_cus else row.lost


def winner_lost(die: int, loser: BattleSide, cus: int, tables: Tables) -> int | None:
    """CUs a loss die takes from the winner (T6), by the losing General's Agility; None
    when that Agility is unknown."""
    agility = loser.agility if loser.has_general else None
    if loser.has_general and agility is None:
        return None
    row = next((r for r in tables.t6.rows if r.losing_general_agility == agility), None)
    if row is None:
        return None
    return min(tables.t6.max_lost, cus) if die <= row.loses_one_on_max else 0


# --------------------------------------------------------------------------------------
# Judging


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The battle rules of one action."""
    if isinstance(action, BattleResolved):
        yield from _resolved(action, ctx)


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}%"


def _distribution(dist: Distribution[int] | None) -> dict[str, str] | None:
    if dist is None:
        return None
    return {str(k): f"{p.numerator}/{p.denominator}" for k, p in sorted(dist.items())}


def _odds(ctx: Context, battle: Battle, setup: BattleSetup, sides: Sides,
          dice: Dice | None) -> Iterator[Outcome]:
    """The `battle_odds` computation (digest §6.1–6.3), and the odds given the Actual
    Battle Rating dice once they are rolled."""
    tables = ctx.data.tables
    place = ctx.space_name(battle.space)
    a, d = sides.attacker, sides.defender
    inputs: dict[str, object] = {
        "space": battle.space, "attacker": battle.attacker.value,
        "attacker_cus": a.cus, "defender_cus": d.cus,
        "attacker_general": setup.attacker_general, "defender_general": setup.defender_general,
        "attacker_rating": a.rating, "defender_rating": d.rating,
        "attacker_drm": a.drm, "defender_drm": d.drm,
        "attacker_modifiers": ", ".join(sides.named[battle.attacker]) or "none",
        "defender_modifiers": ", ".join(sides.named[other(battle.attacker)]) or "none"}
    if sides.missing:
        yield Check.computed("battle_odds", setup.step, "WW-BAT-04", f"battle at {place}: "
                             f"odds unknown, missing {'; '.join(sides.missing)}",
                             inputs=_flat(inputs),
                             result={"missing": "; ".join(sides.missing)})
        return
    odds = battle_odds(a, d, tables)
    british = a if battle.attacker is Side.BR else d
    result: dict[str, object] = {
        "attacker_wins": f"{odds.attacker_wins.numerator}/{odds.attacker_wins.denominator}",
        "attacker_wins_decimal": float(odds.attacker_wins),
        "attacker_wins_percent": _pct(odds.attacker_wins)}
    losses = {"attacker_losses": _distribution(odds.attacker_losses),
              "defender_losses": _distribution(odds.defender_losses)}
    for key, value in losses.items():
        result[key] = "unknown" if value is None else ", ".join(
            f"{k}: {p}" for k, p in value.items())
    alliance = alliance_odds(odds, british, british_attack=battle.attacker is Side.BR,
                             regulars=any(m.name == "regulars" for m in setup.modifiers),
                             surrender=_retreats(ctx, battle, Side.BR) == [])
    result["regulars_lost"] = f"{alliance.regulars_lost}"
    attacker_name = ctx.general_name(setup.attacker_general) if setup.attacker_general \
        else battle.attacker.value
    yield Check.computed("battle_odds", setup.step, "WW-BAT-04",
                         f"battle at {place}: {attacker_name} ({battle.attacker.value}) wins "
                         f"{odds.attacker_wins} ≈ {_pct(odds.attacker_wins)}",
                         inputs=_flat(inputs), result=_flat(result))
    if dice is not None and (dice.attacker_abr is not None or dice.defender_abr is not None):
        abr_a = abr_of(dice.attacker_abr.value, a, tables) if dice.attacker_abr else None
        abr_d = abr_of(dice.defender_abr.value, d, tables) if dice.defender_abr else None
        given = battle_odds(a, d, tables, attacker_abr=abr_a, defender_abr=abr_d)
        step = max(die.step for die in (dice.attacker_abr, dice.defender_abr) if die)
        yield Check.computed("battle_odds", step, "WW-BAT-03",
                             f"battle at {place} after the Actual Battle Ratings "
                             f"({abr_a if abr_a is not None else '-'} vs "
                             f"{abr_d if abr_d is not None else '-'}): attacker wins "
                             f"{given.attacker_wins} ≈ {_pct(given.attacker_wins)}",
                             inputs={"attacker_abr": abr_a, "defender_abr": abr_d},
                             result={"attacker_wins": f"{given.attacker_wins}",
                                     "attacker_wins_decimal": float(given.attacker_wins)})


def _flat(values: dict[str, object]) -> dict[str, str | int | float | bool | None]:
    """Computation values are scalars."""
    return {k: v if isinstance(v, (str, int, float, bool)) or v is None else str(v)
            for k, v in values.items()}


def after_treason(ctx: Context, battle: Battle, setup: BattleSetup) -> BattleSetup:
    """The battle's forces once Step 1 is over: "Benedict Arnold Treason!" played as the
    event removes Arnold then, before the Actual Battle Rating dice of Step 2, and "the
    American force, even if attacking, continues the battle" (WW 9.2 Step 1 Special) with
    no General: no rating die, a rating of 0 (WW 9.3), and the winner's loss die read as
    against a side with no General (WW 9.5)."""
    if ARNOLD not in (setup.attacker_general, setup.defender_general) or (
            ctx.state.general_at.get(ARNOLD) != REMOVED) or not any(
            card.card == TREASON for card in battle.cards):
        return setup
    return evolve(setup, attacker_general=None if setup.attacker_general == ARNOLD
                  else setup.attacker_general,
                  defender_general=None if setup.defender_general == ARNOLD
                  else setup.defender_general)


def _resolved(action: BattleResolved, ctx: Context) -> Iterator[Outcome]:
    battle = action.battle
    setup = battle.setup
    if setup is None:
        return
    setup = after_treason(ctx, battle, setup)
    sides = battle_sides(ctx, battle, setup)
    dice = read_dice(battle, setup, ctx.data.tables)
    yield from _odds(ctx, battle, setup, sides, dice if isinstance(dice, Dice) else None)
    step = action.step
    spaces = (battle.space,)
    place = ctx.space_name(battle.space)
    if isinstance(dice, str):
        for rule in ("WW-BAT-02", "WW-BAT-10", "WW-BAT-11", "WW-BAT-12"):
            yield Check.unchecked(rule, step, f"battle at {place}: {dice}",
                                  needs=("the battle's dice in WW 9.2 order",), spaces=spaces)
        return
    yield Check.done("WW-BAT-02")
    if sides.unknown:
        for rule in ("WW-BAT-10", "WW-BAT-11", "WW-BAT-12"):
            yield Check.unchecked(rule, step, f"battle at {place}: "
                                  f"{'; '.join(sides.unknown)}", needs=sides.unknown,
                                  spaces=spaces)
        return
    # The T4 modifiers (WW 9.41-9.46, the interception's +1 of WW-INT-05 included) are
    # applied to the DRM the winner is judged on below.
    for rule in ("WW-BAT-03", "WW-BAT-04", "WW-BAT-05", "WW-BAT-06", "WW-BAT-07",
                 "WW-BAT-08", "WW-BAT-09", "WW-INT-05"):
        yield Check.done(rule)
    tables = ctx.data.tables
    a, d = sides.attacker, sides.defender
    abr_a = abr_of(dice.attacker_abr.value, a, tables) if dice.attacker_abr else abr_of(
        0, a, tables) if a.rating is None else None
    abr_d = abr_of(dice.defender_abr.value, d, tables) if dice.defender_abr else abr_of(
        0, d, tables) if d.rating is None else None
    if abr_a is None or abr_d is None:
        return
    total_a = dice.attacker_battle.value + a.cus + abr_a + a.drm
    total_d = dice.defender_battle.value + d.cus + abr_d + d.drm
    attacker = battle.attacker
    # Modifiers that may or may not apply decide nothing when the winner is the same
    # whether they do or not (WW 9.2 Step 4, ties to the attacker).
    if total_a >= total_d + sides.most(other(attacker)):
        winner = attacker
    elif total_a + sides.most(attacker) < total_d:
        winner = other(attacker)
    else:
        for rule in ("WW-BAT-10", "WW-BAT-11", "WW-BAT-12"):
            yield Check.unchecked(rule, step, f"battle at {place}: the winner turns on "
                                  f"{'; '.join(sides.missing)}", needs=sides.missing,
                                  spaces=spaces)
        return
    loser = other(winner)
    # Who won, by who held the space afterwards (WW 9.2 Step 4, ties to the attacker).
    here = ctx.state.space(battle.space)
    stayed = [side for side in Side if here.has_units_of(side, ctx.sides)]
    totals = (f"{attacker.value} {dice.attacker_battle.value}+{a.cus + abr_a + a.drm} = "
              f"{total_a} vs {other(attacker).value} {dice.defender_battle.value}+"
              f"{d.cus + abr_d + d.drm} = {total_d}")
    if sides.missing:
        totals += f" (whatever {'; '.join(sides.missing)})"
    if stayed == [loser] and battle.lost_by(loser) < (a.cus if loser is attacker else d.cus):
        # The step that broke it: the winner's drag out of the space (WW 9.2 Step 6 has
        # only the loser retreat), or the battle's last step.
        left = first_retreat(battle, winner)
        at, last = (left, f"step {left}") if left is not None else last_step(battle)
        yield Check.illegal("WW-BAT-10", at, f"battle at {place}: {totals} "
                            f"({dice_text(dice.attacker_battle, dice.defender_battle)}), so "
                            f"the {winner.value} side won, but the {winner.value} side left "
                            f"the space ({last}) and the loser held it", spaces=spaces,
                            expected=f"{winner.value} wins", observed=f"{loser.value} held "
                            "the space")
        return
    yield Check.done("WW-BAT-10")
    loser_side = a if loser is attacker else d
    winner_side = d if loser is attacker else a
    yield from _losses(ctx, action, battle, setup, dice, loser, loser_side, winner_side,
                       place)


def _losses(ctx: Context, action: BattleResolved, battle: Battle, setup: BattleSetup,
            dice: Dice, loser: Side, loser_side: BattleSide, winner_side: BattleSide,
            place: str) -> Iterator[Outcome]:
    """WW-BAT-11/12/13/14, WW-RET-05/07, WW-CAPT-04/06 (WW 9.5, 9.6, 9.63, 9.2 Step 7),
    each at the step that broke it (`battle_steps`)."""
    tables = ctx.data.tables
    step, spaces = action.step, (battle.space,)
    winner = other(loser)
    lost = battle.lost_by(loser)
    last, last_text = last_step(battle)
    loser_general = setup.attacker_general if loser is battle.attacker else (
        setup.defender_general)
    winner_general = setup.defender_general if loser is battle.attacker else (
        setup.attacker_general)
    surrendered = False
    if dice.loser_loss is None:
        yield Check.unchecked("WW-BAT-11", step, f"battle at {place}: no loss die was rolled "
                              "for the loser", needs=("the loser's loss die",), spaces=spaces)
    else:
        die = dice.loser_loss
        due = loser_lost(die.value, loser_side.cus, tables)
        # All CUs gone beyond the table is a surrender (WW 9.63) — unless the loser's
        # General retreated: then too many CUs were removed.
        surrendered = lost == loser_side.cus and lost > due and not battle.retreat_moves(
            loser, before_battle=False)
        rolled = (f"the {loser.value} loser rolled {die.value} on T5 at step {die.step} "
                  f"(after {dice_text(dice.attacker_battle, dice.defender_battle)})")
        if surrendered:
            yield from _surrender(ctx, battle, loser, loser_general, place, due)
        elif lost > due:
            at = exceeded_at(battle, loser, due) or last
            yield Check.illegal("WW-BAT-11", at, f"battle at {place}: {rolled} and lost "
                                f"{lost} CUs (removed at "
                                f"{steps_text(removal_steps(battle, loser))}); the table "
                                f"takes {due}", spaces=spaces, expected=str(due),
                                observed=str(lost))
        elif lost < due:
            yield Check.illegal("WW-BAT-11", last, f"battle at {place}: {rolled}, which "
                                f"takes {_cus(due)}, but only {lost} removed by "
                                f"{last_text} (WW 9.2 Step 5: the losses come before the "
                                "retreat)", spaces=spaces, expected=str(due),
                                observed=str(lost))
        yield Check.done("WW-BAT-11")
    lost_w = battle.lost_by(winner)
    if dice.winner_loss is None:
        yield Check.unchecked("WW-BAT-12", step, f"battle at {place}: no loss die was rolled "
                              "for the winner", needs=("the winner's loss die",),
                              spaces=spaces)
    else:
        die = dice.winner_loss
        due_w = winner_lost(die.value, loser_side, winner_side.cus, tables)
        if due_w is None:
            yield Check.unchecked("WW-BAT-12", step, f"battle at {place}: the losing "
                                  "General's Agility is not in the data",
                                  needs=("Agility ratings",), spaces=spaces)
        else:
            rolled = (f"the {winner.value} winner rolled {die.value} on T6 at step "
                      f"{die.step}")
            if lost_w > due_w:
                at = exceeded_at(battle, winner, due_w) or last
                yield Check.illegal("WW-BAT-12", at, f"battle at {place}: {rolled} and lost "
                                    f"{lost_w} CUs (removed at "
                                    f"{steps_text(removal_steps(battle, winner))}); the "
                                    f"table takes {due_w}", spaces=spaces,
                                    expected=str(due_w), observed=str(lost_w))
            elif lost_w < due_w:
                yield Check.illegal("WW-BAT-12", last, f"battle at {place}: {rolled}, which "
                                    f"takes {_cus(due_w)}, but only {lost_w} removed by "
                                    f"{last_text} (WW 9.2 Step 5)", spaces=spaces,
                                    expected=str(due_w), observed=str(lost_w))
            yield Check.done("WW-BAT-12")
    yield from _capture_of_winner(ctx, battle, winner, winner_general,
                                  winner_side.cus - lost_w, place)
    if not surrendered and loser_general is not None:
        yield from _losing_general(ctx, battle, loser, loser_general, place)
    yield from _alliance(ctx, battle, loser, place)


def _losing_general(ctx: Context, battle: Battle, loser: Side, general: str, place: str
                    ) -> Iterator[Outcome]:
    """WW-RET-07, WW-RET-05, WW-CAPT-06 for a losing General whose force did not surrender
    (WW 9.0, 9.2 Step 6, 9.63): he retreats, even alone ('the losing side, which may
    consist only of a General'); only with no legal retreat does he surrender, and is
    captured."""
    name = ctx.general_name(general)
    spaces = (battle.space,)
    last, last_text = last_step(battle)
    where = ctx.state.general_at.get(general)
    open_to = _retreats(ctx, battle, loser)
    if where is not None and where.is_space and where.key == battle.space:
        if open_to == []:
            yield Check.illegal("WW-CAPT-06", last, f"battle at {place}: the losing General "
                                f"{name} had no legal retreat, so he surrenders and is "
                                f"captured (WW 9.63), but he is still in the space after "
                                f"{last_text}", spaces=spaces, pieces=(name,))
        else:
            yield Check.illegal("WW-RET-07", last, f"battle at {place}: the losing General "
                                f"{name} did not retreat by {last_text}", spaces=spaces,
                                pieces=(name,))
        yield Check.done("WW-RET-07")
        return
    yield Check.done("WW-RET-07")
    if where != CAPTURED or general not in battle.captured:
        return
    at = battle.capture_steps[battle.captured.index(general)]
    if open_to is None:
        yield Check.unchecked("WW-RET-05", at, f"battle at {place}: the losing General {name} "
                              "was captured; whether he had a legal retreat is not known "
                              "(the map or a port's Royal Navy status)",
                              needs=("map connections",), spaces=spaces)
    elif open_to:
        names = ", ".join(ctx.space_name(s) for s in open_to)
        yield Check.illegal("WW-RET-05", at, f"battle at {place}: the losing General {name} "
                            f"surrendered and was captured (step {at}), but he could retreat "
                            f"to {names} (WW 9.2 Step 6, 9.63)", spaces=spaces,
                            pieces=(name,), expected="a retreat", observed="surrender")
    else:
        yield Check.done("WW-RET-05")


def _cus(n: int) -> str:
    """`1 CU`, `2 CUs`."""
    return f"{n} CU" if n == 1 else f"{n} CUs"


def _surrender(ctx: Context, battle: Battle, loser: Side, general: str | None, place: str,
               due: int) -> Iterator[Outcome]:
    """WW-RET-05, WW-CAPT-06 (WW 9.63): a force surrenders only when it has no legal
    retreat; its CUs are eliminated and its General captured. A surrender with a retreat
    open is pointed at the removal that took the CUs the table did not."""
    spaces = (battle.space,)
    last, last_text = last_step(battle)
    step = exceeded_at(battle, loser, due) or last
    open_to = _retreats(ctx, battle, loser)
    if open_to is None:
        yield Check.unchecked("WW-RET-05", step, f"battle at {place}: the {loser.value} "
                              "force surrendered; whether it had a legal retreat is not "
                              "known (the map or a port's Royal Navy status)",
                              needs=("map connections",), spaces=spaces)
    elif open_to:
        names = ", ".join(ctx.space_name(s) for s in open_to)
        yield Check.illegal("WW-RET-05", step, f"battle at {place}: the {loser.value} force "
                            f"surrendered all its CUs (removed at "
                            f"{steps_text(removal_steps(battle, loser))}; the loss die took "
                            f"{due}), but it could retreat to {names}",
                            spaces=spaces, expected="a retreat", observed="surrender")
    else:
        yield Check.done("WW-RET-05")
    if general is not None:
        if ctx.state.general_at.get(general) != CAPTURED:
            yield Check.illegal("WW-CAPT-06", last, f"battle at {place}: "
                                f"{ctx.general_name(general)} surrendered with his force but "
                                f"is not in the Captured Generals Box by {last_text}",
                                spaces=spaces, pieces=(ctx.general_name(general),))
        yield Check.done("WW-CAPT-06")


def _retreats(ctx: Context, battle: Battle, side: Side) -> Sequence[str] | None:
    """The spaces a loser could retreat into (WW 9.61), by sea too for a British defender
    in a port (WW 9.62); None when that is not known (incomplete map, a space not in the
    data, or the French Navy at a place the binding does not know). Only Arnold may
    retreat along the Falmouth–Quebec line (WW 7.4.D: "Only one General in the game—
    Benedict Arnold—may move, intercept, or retreat along the dotted line")."""
    enemy = other(side)
    setup = battle.setup
    general = None if setup is None else (
        setup.attacker_general if side is battle.attacker else setup.defender_general)
    if general == ARNOLD and ctx.state.general_at.get(ARNOLD) == REMOVED:
        general = None  # Treason took him out of the battle: his CUs retreat leaderless

    def crossable(key: str) -> bool:
        return open_to(ctx.graph.connection(battle.space, key), general)

    def open_space(key: str) -> bool:
        there = ctx.state.space(key)
        return not there.cus_of(enemy) and there.pc is not enemy

    if side is battle.attacker:
        if len(battle.entered_from) != 1:
            return None
        return [s for s in battle.entered_from if open_space(s)]
    if not ctx.graph.complete:
        return None
    by_sea: list[str] = []
    if side is Side.BR:
        port = ctx.is_port(battle.space)
        if port is None or (port and not ctx.navy_known()):
            return None
        if port:
            by_sea = sea_retreats(ctx, battle.space)
    forbidden = battle.entered_from if len(battle.entered_from) == 1 else frozenset()
    return [s for s in ctx.graph.neighbours(battle.space)
            if s not in forbidden and open_space(s) and crossable(s)] + by_sea


def sea_retreats(ctx: Context, space: str) -> list[str]:
    """WW 9.62: the ports a losing British defender in port `space` may retreat to by sea:
    none if the port is blockaded or a fortified port without a British PC; otherwise
    every other non-blockaded port with no American CU or PC (the data lists every port,
    WW 12.3)."""
    record = ctx.data.spaces.get(space)
    if record is None or not record.port or ctx.blockaded(space) or (
            record.fortified and ctx.state.space(space).pc is not Side.BR):
        return []
    found = []
    for key, other_record in ctx.data.spaces.items():
        there = ctx.state.space(key)
        if (other_record.port and key != space and not ctx.blockaded(key)
                and not there.cus_of(Side.AM) and there.pc is not Side.AM):
            found.append(key)
    return found


def _capture_of_winner(ctx: Context, battle: Battle, winner: Side, general: str | None,
                       left: int, place: str) -> Iterator[Outcome]:
    """WW-CAPT-04 (WW 9.5 Special): a winning General left with no CU is captured on a
    space with an enemy PC; elsewhere he stays. A capture that should not have been is
    pointed at its step, a missing one at the battle's last step."""
    if general is None or left > 0:
        return
    name = ctx.general_name(general)
    captured = ctx.state.general_at.get(general) == CAPTURED
    enemy_pc = ctx.state.space(battle.space).pc is other(winner)
    last, last_text = last_step(battle)
    if enemy_pc and not captured:
        yield Check.illegal("WW-CAPT-04", last, f"battle at {place}: {name} won but "
                            "has no CU left on a space with an enemy PC; he is captured, "
                            f"and was not by {last_text}",
                            spaces=(battle.space,), pieces=(name,))
    elif captured and not enemy_pc:
        at = next((s for g, s in zip(battle.captured, battle.capture_steps, strict=False)
                   if g == general), last)
        yield Check.illegal("WW-CAPT-04", at, f"battle at {place}: {name} won and "
                            f"was captured (step {at}), but the space holds no enemy PC; he "
                            "stays", spaces=(battle.space,), pieces=(name,))
    yield Check.done("WW-CAPT-04")


def _alliance(ctx: Context, battle: Battle, loser: Side, place: str
              ) -> Iterator[Outcome]:
    """WW-BAT-13/14 (WW 9.2 Step 7, 9.41, 12.1): what the Turn marker and the French
    Alliance marker must do. Where the Turn marker is bound, its side after the impulse is
    judged (WW-BAT-13); where the French Alliance marker is bound, its move is judged with
    everything else the impulse owes it by WW-FA-01 (rules/alliance.py), so WW-BAT-14 is
    applied there. Where a marker is not bound the finding says what was due. Both are due
    once the battle is over: its last step."""
    step, last_text = last_step(battle)
    british_lost = battle.lost_by(Side.BR)
    regulars = battle.setup is not None and any(
        m.name == "regulars" for m in battle.setup.modifiers)
    due: list[tuple[str, str]] = []
    if loser is Side.BR:
        if ctx.state.alliance_seen:
            yield Check.done("WW-BAT-14")
        else:
            due.append(("WW-BAT-14", "French Alliance +1 (an American win, unless the "
                        "alliance has happened)"))
    if regulars and british_lost >= REGULARS_LOSS:
        if ctx.state.regulars is True:
            yield Check.illegal("WW-BAT-13", step, f"battle at {place}: the British lost "
                                f"{british_lost} CUs with the Regulars' Advantage, but the "
                                f"Turn marker still shows British Regulars after {last_text} "
                                "(WW 9.2 Step 7: flip it to No Regulars)", spaces=(battle.space,),
                                expected="No Regulars", observed="British Regulars")
            yield Check.done("WW-BAT-13")
        elif ctx.state.regulars is False:
            yield Check.done("WW-BAT-13")
        else:
            due.append(("WW-BAT-13", f"the Turn marker flips to No Regulars (the British "
                        f"lost {british_lost} CUs) and French Alliance +2 (before the "
                        "alliance)"))
    unknown = battle.setup is not None and any(
        m.name == "regulars" for m in battle.setup.uncertain)
    if unknown and british_lost >= REGULARS_LOSS:
        yield Check.unchecked("WW-BAT-13", step, f"battle at {place}: the British lost "
                              f"{british_lost} CUs; if the Turn marker still showed British "
                              "Regulars, it flips to No Regulars and French Alliance +2 "
                              "(WW 9.2 Step 7, 9.41): which side it showed is not known",
                              needs=("the Turn marker in the binding",),
                              spaces=(battle.space,))
    needs = ("the Turn marker and the French Alliance marker in the binding",)
    for rule, what in due:
        yield Check.unchecked(rule, step, f"battle at {place}: due now: {what}; the Turn and "
                              "French Alliance markers are not in the binding, so their "
                              "moves cannot be seen", needs=needs, spaces=(battle.space,))


__all__ = ["FAMILY", "abr_of", "battle_setup", "battle_sides", "judge", "loser_lost",
           "read_dice", "winner_lost"]
