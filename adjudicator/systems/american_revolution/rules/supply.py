"""Supply: the Forage Phase (AR 19, 25.7; digest 4.13).

AR 19.2: a locale in a region "pro your side (Loyalty 1, 2 or 3)" feeds twice its political
value in your units; otherwise ("neutral or pro-enemy") once its value. A region with no
Loyalty track counts as neutral (digest 8 A43); an enemy partisan or a Massacre marker
makes the value 0 (digest 4.13, AR 6.4, 37.2). The owner chooses which units are fed.
AR 19.3: every unit not fed rolls a die: 1-3 eliminated, 4-6 survives. AR 19.4: leaders,
fleets, land units in a port with a friendly fleet, Indians in Indian locales, fortresses,
siege markers, partisans, and everything in the Britain, France and Spain boxes (AR 25.7)
are in supply and use up no forage. AR 19.5-19.6: land units embarked on a fleet during the
Supply Phase are out of supply and roll, "even when in a port", except leaders and marines.

What the log shows: each side's rolls and removals in the Supply Phase. A removal of units
from a locale is checked against the units the locale cannot feed and against the dice
the side rolled since its last removal. Enlistment (AR 20) shares the phase and the dice:
a removal either reading explains is legal (the rules module `enlistment` judges units
whose enlistment is checked). Removals with no die of the side between them share the
dice (a player takes losses off one drag at a time): too many is judged at each removal,
too few only once they are over, at the side's next die or the End of Turn Phase
(`too_few`). The log does not show whether land units in a port with
their fleet are embarked (AR 19.6): they are read as possibly embarked, so they may roll.
With the optional Fortresses rule (AR-SUP-05, AR 28.2(4), 28.8) units in the same locale
as a friendly fortress, or route-adjacent to one, are supplied "regardless of political
point values", unless a siege cuts it (the fortress's locale besieged, or the unit's
locale besieged by the enemy): a supply removal of such units is illegal
(`fortresses.fortress_supplies`). A besieged garrison otherwise forages like any unit (FAQ:
"in a pro-friendly region" at 2 x PV); only the besiegers' feeding limit is not judged (a
Siege marker's forage for them, AR 28.8, is not read).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from adjudicator.systems.american_revolution.actions import DiceRolled, UnitsRemoved
from adjudicator.systems.american_revolution.attrition import (
    CONTINENTAL_ARMY_PROFESSIONALIZES,
    SupplyKind,
    supply_losses,
)
from adjudicator.systems.american_revolution.data import FormationType, LeaderKind, LocaleKind
from adjudicator.systems.american_revolution.procedure import END, SUPPLY
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.american_revolution.rules.fortresses import (
    fortress_owner,
    fortress_supplies,
)
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.common.sequencer import PhaseShown

FAMILY = RuleFamily("supply", frozenset({"AR-SUP-01", "AR-SUP-02", "AR-SUP-03",
                                         "AR-SUP-04", "AR-SUP-05"}),
                    actions=(UnitsRemoved, DiceRolled, PhaseShown))
ENLISTING = {"us_regular": "AR-ENL-02", "us_light": "AR-ENL-02", "us_militia": "AR-ENL-03",
             "gb_militia": "AR-ENL-03", "sp_militia": "AR-ENL-03", "gb_indian": "AR-ENL-04"}
"""The kinds of unit AR 20.2-20.4 speak of (the `enlistment` family judges their
removals when supply cannot explain them)."""
SUPPLY_LOSS = 3
"""An unfed unit is eliminated on 1-3 (AR 19.3)."""
ENLISTMENT_LOSS = 4
"""A checked unit is eliminated on a final 1-4 (AR 20.5)."""


@dataclass(frozen=True, slots=True)
class Forage:
    """What one locale feeds of one side's units (AR 19.2, 19.4)."""

    capacity: int
    needing: int
    """Units that need forage (automatically supplied units aside)."""
    pro: bool

    @property
    def unfed(self) -> int:
        """Units the locale cannot feed."""
        return max(0, self.needing - self.capacity)


@dataclass(frozen=True, slots=True)
class Removal:
    """A Supply Phase removal read against supply and enlistment."""

    side: str
    forage: Forage
    auto: tuple[tuple[str, str, str], ...]
    """Removed units automatically in supply: (formation, reason, rule)."""
    enlisting: tuple[str, ...]
    """Removed units whose enlistment is checked (AR 20.2-20.4)."""
    barred: tuple[tuple[str, str, str, bool], ...]
    """Removed units of AR 20's kinds whose enlistment is NOT checked: (formation, reason,
    rule, automatically in supply)."""
    others: tuple[str, ...]
    """Removed units only supply can explain."""
    dice: tuple[int, ...]
    """The side's dice read for this removal: those since its last removal before them
    (removals with no die between them share the dice: a player takes losses off one drag
    at a time)."""
    grouped: int
    """Units the side removed earlier this phase against the same dice."""
    any_enlisting: bool
    """The side has units anywhere whose enlistment is checked."""
    best_leader: int
    """The best leader value the side has anywhere (for the dice read in its favour)."""


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """Units removed in the Supply Phase that forage fed, or more or fewer than the dice."""
    if isinstance(action, DiceRolled) and ctx.phase == SUPPLY and action.side in ("US", "GB"):
        yield from too_few(ctx, str(action.side))
        return
    if isinstance(action, PhaseShown):
        if action.phase == END and not any(
                isinstance(a, PhaseShown) and a.phase == END
                and a.step <= action.step and a != action
                for a in ctx.proc.noted_in(END, PhaseShown)):
            for side in ("US", "GB"):
                yield from too_few(ctx, side)
        return
    removal = read_removal(action, ctx)
    if removal is None or not isinstance(action, UnitsRemoved):
        return
    where = ctx.name(action.locale)
    for formation, reason, rule in removal.auto:
        if formation in removal.enlisting or formation in ENLISTING:
            continue  # the enlistment family judges AR 20's kinds
        yield Check.illegal(rule, action.step,
                            f"a {ctx.unit_name(formation)} was eliminated for supply in "
                            f"{where}, where it is in supply automatically ({reason})",
                            spaces=(action.locale,), pieces=(ctx.unit_name(formation),))
        return
    if removal.enlisting or removal.barred:
        return  # the enlistment family judges these
    yield Check.done("AR-SUP-03")
    if any(_is_fleet(ctx, e.key) and _side(ctx, e.key) == removal.side
           for e in ctx.state.in_locale(action.locale) if e.kind == "unit"):
        yield Check.done("AR-SUP-04")  # read as embarked: they roll (AR 19.6)
    forage = removal.forage
    if ctx.uses("fortresses"):
        if fortress_supplies(ctx, removal.side, action.locale):
            yield Check.illegal("AR-SUP-05", action.step,
                                f"{len(removal.others)} unit(s) were eliminated for supply in "
                                f"{where}, in or next to a friendly fortress no siege cuts "
                                "off: land units in the same locale as a friendly fortress, "
                                "or route-adjacent to one, are supplied (AR 28.2(4), 28.8)",
                                spaces=(action.locale,),
                                pieces=tuple(ctx.unit_name(u) for u in removal.others))
            return
        if _fortress_near(ctx, action.locale):
            yield Check.done("AR-SUP-05")  # a siege cuts the fortress's supply (AR 28.8)
    if not _besieging(ctx, removal.side, action.locale):
        if len(removal.others) > forage.unfed:
            yield Check.illegal("AR-SUP-01", action.step,
                                f"{len(removal.others)} unit(s) were eliminated for supply in "
                                f"{where}, which feeds {forage.capacity} of the "
                                f"{forage.needing} units there needing forage "
                                f"({'twice' if forage.pro else 'once'} its political value): "
                                f"at most {forage.unfed} were out of supply",
                                spaces=(action.locale,),
                                pieces=tuple(ctx.unit_name(u) for u in removal.others),
                                expected=f"at most {forage.unfed}",
                                observed=str(len(removal.others)))
            return
        yield Check.done("AR-SUP-01")
    place = ctx.data.locales.get(action.locale)
    if ctx.uses("forage") and place is not None and place.kind in (LocaleKind.WILDERNESS,
                                                                   LocaleKind.INDIAN):
        return  # the Forage rule's dice (AR 36) are the `forage` family's (AR-FORG-01)
    yield from dice_check(action, ctx, removal, "AR-SUP-02", SUPPLY_LOSS)
    if forage.unfed:
        distribution = supply_losses([SupplyKind.OTHER] * forage.unfed)
        yield Check.computed(
            "supply losses", action.step, "AR-SUP-02",
            f"{forage.unfed} unfed unit(s) in {where}: each eliminated on 1-3",
            inputs={"locale": where, "unfed": forage.unfed, "capacity": forage.capacity},
            result={"expected losses": str(distribution.expectation())},
            probabilities={f"{k} lost": distribution.p(k) for k in range(forage.unfed + 1)})


def dice_check(action: UnitsRemoved, ctx: Context, removal: Removal, rule: str,
               worst: int) -> Iterator[Outcome]:
    """The removal fits the dice: no more units removed than dice at or below `worst`, no
    fewer than the dice every reading loses."""
    where = ctx.name(action.locale)
    dice = removal.dice
    removed = len(action.units) + removal.grouped
    if not dice:
        yield Check.unchecked(rule, action.step,
                              f"units were removed in {where} in the Supply Phase with no "
                              "die in the log since the side's last removal",
                              spaces=(action.locale,))
        return
    allowed = sum(1 for d in dice if d <= worst)
    shown = ", ".join(str(d) for d in dice)
    if removed > allowed:
        yield Check.illegal(rule, action.step,
                            f"{removed} unit(s) were eliminated in {where} but the dice ({shown}) "
                            f"show {allowed} loss(es): "
                            + ("an unfed unit is eliminated on 1-3 and survives on 4-6"
                               if worst == SUPPLY_LOSS else
                               "a checked unit is eliminated on a final 1-4 (die plus one "
                               "leader's value)"),
                            spaces=(action.locale,), expected=f"at most {allowed}",
                            observed=str(removed))
    else:
        yield Check.done(rule)  # too few: judged once no more removals follow (`too_few`)


def too_few(ctx: Context, side: str, *, rule: str = "AR-SUP-02") -> Iterator[Outcome]:
    """A side's removals against one set of Supply Phase dice, judged when they are over
    (its next die, or the phase's end): no fewer units than the dice every reading loses
    (1-3 and, where enlistments are checked, a final 1-4 with the best leader; none under
    the optional Forage rule, whose 1-3s may keep a unit, AR 36). `rule`: the caller's:
    AR-SUP-02 judges the removals of units whose enlistment is not checked; the
    `enlistment` family passes its own AR-ENL-05 and judges the others."""
    enlisting = rule != "AR-SUP-02"
    removals = [a for a in ctx.proc.noted_in(SUPPLY, UnitsRemoved)
                if isinstance(a, UnitsRemoved) and a.side == side and a.units]
    if not removals or ctx.uses("forage"):
        return
    last = removals[-1]
    steps = [roll.step for roll in ctx.proc.noted_in(SUPPLY, DiceRolled)
             if isinstance(roll, DiceRolled) and roll.side == side]
    if any(step > last.step for step in steps):
        return  # a later die already closed these removals
    dice, grouped = _window(ctx, side, last.step)
    removed = grouped + len(last.units)
    best = _best_anywhere(ctx, side)
    any_checked = _any_enlisting(ctx, side, last)
    must = sum(1 for d in dice if d <= SUPPLY_LOSS
               and (not any_checked or d + best <= ENLISTMENT_LOSS))
    if removed < must:
        shown = ", ".join(str(d) for d in dice)
        checked = any((verdict := enlistment(ctx, side, last.locale, unit)) is not None
                      and verdict[0] for unit in last.units)
        if checked != enlisting:
            return
        yield Check.illegal(rule, last.step,
                            f"only {removed} unit(s) were eliminated after dice ({shown}) of "
                            f"which {must} eliminate an unfed unit (1-3) whatever leader is "
                            "applied: a unit is kept that the dice eliminate",
                            spaces=(last.locale,), expected=f"at least {must}",
                            observed=str(removed))


def read_removal(action: Action, ctx: Context) -> Removal | None:
    """A Supply Phase removal of units, read against supply and enlistment (None: not
    one)."""
    if not isinstance(action, UnitsRemoved) or ctx.phase != SUPPLY or not action.units \
            or action.side not in ("US", "GB"):
        return None
    side = action.side
    locale = action.locale
    present = [e.key for e in ctx.state.in_locale(locale)
               if e.kind == "unit" and _side(ctx, e.key) == side]
    before = [*present, *action.units]
    auto, enlisting, barred, others = [], [], [], []
    for formation in action.units:
        reason = auto_supply(ctx, side, locale, formation)
        if reason is not None:
            auto.append((formation, *reason))
        verdict = enlistment(ctx, side, locale, formation)
        if verdict is None:
            if reason is None:
                others.append(formation)
        elif verdict[0]:
            enlisting.append(formation)
        else:
            barred.append((formation, verdict[1] + (f" (and {reason[0]})" if reason else ""),
                           ENLISTING[formation], reason is not None))
    needing = sum(1 for f in before if auto_supply(ctx, side, locale, f) is None)
    return Removal(side, forage(ctx, side, locale, needing), tuple(auto), tuple(enlisting),
                   tuple(barred), tuple(others), *_window(ctx, side, action.step),
                   _any_enlisting(ctx, side, action), _best_anywhere(ctx, side))


def forage(ctx: Context, side: str, locale: str, needing: int) -> Forage:
    """How many of a side's units a locale feeds (AR 19.2)."""
    found = ctx.data.locales.get(locale)
    value = found.pv if found is not None else 0
    enemy = "GB" if side == "US" else "US"
    entities = ctx.state.in_locale(locale)
    if any((e.kind == "partisan" and e.key == enemy) or e.kind == "massacre"
           for e in entities):
        value = 0
    region = ctx.data.region_of(locale)
    loyalty = ctx.state.level("loyalty", region.id) if region is not None and \
        region.colonial else None
    pro = loyalty is not None and (loyalty > 0 if side == "US" else loyalty < 0)
    return Forage((2 if pro else 1) * (value or 0), needing, pro)


def auto_supply(ctx: Context, side: str, locale: str, formation: str) -> \
        tuple[str, str] | None:
    """Why a unit is automatically in supply, with the rule (None: it forages)."""
    found = ctx.data.formations.get(formation)
    place = ctx.data.locales.get(locale)
    kind = found.type if found is not None else None
    if kind is FormationType.FLEET:
        return "fleets are always in supply", "AR-SUP-03"
    if place is not None and place.kind is LocaleKind.BOX:
        return "the off-map boxes have unlimited supply", "AR-SUP-03"
    if kind is FormationType.INDIAN and place is not None and \
            place.kind is LocaleKind.INDIAN:
        return "Indian units in Indian locales", "AR-SUP-03"
    fleet = any(e.kind == "unit" and e.key != formation and _is_fleet(ctx, e.key)
                and _side(ctx, e.key) == side for e in ctx.state.in_locale(locale))
    if kind is FormationType.MARINE and fleet:
        return ("marines are in supply embarked on a fleet, and disembarked in a port "
                "with a friendly fleet"), "AR-SUP-04"
    return None


def enlistment(ctx: Context, side: str, locale: str, formation: str) -> \
        tuple[bool, str] | None:
    """Whether a unit's enlistment is checked (AR 20.2-20.4), with the reason when not
    (None: not one of AR 20's kinds)."""
    if formation not in ENLISTING:
        return None
    if formation in ("us_regular", "us_light"):
        rp = ctx.state.level("rp") or 0
        if rp >= CONTINENTAL_ARMY_PROFESSIONALIZES:
            return False, ("American regulars and light troops no longer check once "
                           "Revolutionary Progress reaches Continental Army Professionalizes")
        return True, ""
    if formation == "us_militia":
        region = ctx.data.region_of(locale)
        if region is None:
            return True, ""
        enemy = "GB" if side == "US" else "US"
        for other, place in ctx.data.locales.items():
            if place.region == region.id and any(
                    e.kind == "unit" and _side(ctx, e.key) == enemy
                    for e in ctx.state.in_locale(other)):
                return False, (f"militia do not check while enemy units are anywhere in "
                               f"their colonial region ({region.name})")
        return True, ""
    if formation in ("gb_militia", "sp_militia"):
        return False, "only American militia check their enlistments (AR FAQ)"
    here = ctx.data.locales.get(locale)
    if here is not None and here.kind is LocaleKind.INDIAN:
        return False, "Indian units in Indian locales do not check"
    return True, ""


def leader_value(ctx: Context, side: str, locale: str, units: Sequence[str]) -> int:
    """The best value one leader of the force adds (AR 20.5, 21.6-21.7)."""
    militia_force = all(ctx.data.formations[u].type in (FormationType.MILITIA,
                                                        FormationType.LIGHT)
                        for u in units if u in ctx.data.formations)
    best = 0
    for entity in ctx.state.in_locale(locale):
        leader = ctx.data.leaders.get(entity.key) if entity.kind == "leader" else None
        if leader is None or str(leader.side) != side or leader.value is None:
            continue
        if leader.kind is LeaderKind.ADMIRAL or (
                leader.kind is LeaderKind.MILITIA and not militia_force):
            continue
        best = max(best, leader.value)
    return best


def _best_anywhere(ctx: Context, side: str) -> int:
    return max((leader.value or 0 for key, leader in ctx.data.leaders.items()
                if str(leader.side) == side and leader.kind is not LeaderKind.ADMIRAL
                and any(place.kind.value == "space" for place in ctx.state.where_is(
                    "leader", key))), default=0)


def _any_enlisting(ctx: Context, side: str, action: UnitsRemoved) -> bool:
    for entity, place in ctx.state.pieces.values():
        if entity.kind == "unit" and place.kind.value == "space" and \
                _side(ctx, entity.key) == side:
            verdict = enlistment(ctx, side, place.key, entity.key)
            if verdict is not None and verdict[0]:
                return True
    return any((v := enlistment(ctx, side, action.locale, u)) is not None and v[0]
               for u in action.units)


def _window(ctx: Context, side: str, step: int) -> tuple[tuple[int, ...], int]:
    """The side's dice a removal at `step` is read against, and the units it removed
    earlier against the same dice: the dice since the last removal before them (the
    removals after its latest die share them)."""
    rolls = [roll for roll in ctx.proc.noted_in(SUPPLY, DiceRolled)
             if isinstance(roll, DiceRolled) and roll.side == side and roll.step <= step]
    earlier = [a for a in ctx.proc.noted_in(SUPPLY, UnitsRemoved)
               if isinstance(a, UnitsRemoved) and a.side == side and a.step < step]
    latest = max((roll.step for roll in rolls), default=-1)
    grouped = sum(len(a.units) for a in earlier if a.step >= latest)
    since = max((a.step for a in earlier if a.step < latest), default=-1)
    return tuple(d for roll in rolls if since < roll.step for d in roll.dice), grouped


def _besieging(ctx: Context, side: str | None, locale: str) -> bool:
    """Whether `side`'s units in `locale` may be besiegers with a Siege marker's forage
    (AR 28.8): a siege stands there and the fortress is not known to be theirs."""
    if not ctx.uses("fortresses") or not any(e.kind == "siege"
                                             for e in ctx.state.in_locale(locale)):
        return False
    return side is None or fortress_owner(ctx, locale) != side


def _fortress_near(ctx: Context, locale: str) -> bool:
    """A fortress in the locale or a route-adjacent one (AR 28.2(4))."""
    near = {locale, *(route.b if route.a == locale else route.a for route in ctx.data.routes
                      if locale in (route.a, route.b))}
    return any(e.kind == "fortress" for where in near for e in ctx.state.in_locale(where))


def _side(ctx: Context, formation: str) -> str | None:
    found = ctx.data.formations.get(formation)
    return str(found.side) if found is not None else None


def _is_fleet(ctx: Context, formation: str) -> bool:
    found = ctx.data.formations.get(formation)
    return found is not None and found.type is FormationType.FLEET

