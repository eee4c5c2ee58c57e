"""Sieges (AaM 3.0A, 3.0G, 4.3-4.7; digest 4.3, 6.7, 6.10).

AaM 4.3: "Provided the attacker succeeds in driving away the enemy force outside the
fortification [...] and the friendly forces retain the necessary 1:1 or 2:1 advantage,
they may now lay siege." 4.3.1: "Place a Siege Level 1 marker on the fort or city. Note:
This is the one exception to the prohibition of forces of both sides being in the same
Area at the end of an endeavor." 4.5.2: "If the Sallying force loses, it must retreat back
into the city or fort." 4.6: "If, at the end of any endeavor, the besieger no longer has
the required odds [...] all his forces in the Area must retreat. The siege marker is then
removed." 4.7: the summons is for places "that start the phase with a siege marker";
4.7.3: a fort at Level 1 not surrendered "will flip its siege marker to its Level 2 side";
4.7.4: a fort that "starts the Siege Resolution Phase with a Siege Level 2 marker" may
surrender or stand; 4.7.5 surrender: "The besieger loses 1 SP for every 10 (or fraction of
10) SP in the defending force", the besieged leaders and regulars go "four months ahead";
4.7.6a a break costs the same; 4.7.6b the final assault is the casualty roll of 11.2.4
only; 4.7.7: "If a city is at Siege Level 2 during this phase, the besieged player may not
be offered a 'summons' and may not surrender."

What the log shows is the marker: a finding points at the step that placed, flipped or
removed it, or at the first step of the next endeavor when an endeavor ended with the
marker where the rules say it cannot be (4.3.1, 4.6). Resolution odds are reported as
`Computed` from `siege.final_assault`, `surrender_loss` and `break_loss`; the final
assault's casualty DRMs are on the Player's Aid Charts, so its odds are given with a net
DRM of 0 and its result is left unchecked.

AaM 4.3.2: "If a friendly force is besieging a fort/city, friendly forces may move into
and through that Area as though there were no enemy forces there." (AAM-SIEGE-03) A
permission: a move of the besieger's side into or through an Area under its siege is
judged legal under it (the movement and forts families ask neither a stop nor the entry
ratio there). AaM 4.7.4: a fort that starts the phase at Level 2 "may surrender, or he may
elect to stand the final assault" (AAM-SIEGE-12): either, when the log shows it, is
judged legal under it.

AaM 4.4.3-4.4.4 (AAM-SIEGE-06): a relief force's battle that leaves the besiegers below
the ratio breaks the siege: "The siege marker is removed". Judged where 4.6 is
(AAM-SIEGE-08, at the end of the endeavor), under this rule when a force of the besieged side
entered the Area this month (a relief force, 4.4): the ratio kept, or the marker removed, is
legal; the marker kept below the ratio illegal.

AaM 4.7.1: "The player laying siege to the most cities/forts makes his 'summons' first"
(AAM-SIEGE-10). A summons shows when the besieged surrender to it: a surrender to the side
laying siege to no more places than the other (the Siege markers on the map, each
besieger as `besieger_of` finds it) is legal; to the side with fewer, while no siege of the
other side's has been resolved or flipped this phase, a reminder (a summons refused leaves
no trace, so the other side may have made its own first).

Rulebook against the digest:
- 3.0A says "Request surrender of fort/city with a Siege 1 marker" and 4.7.3 names only
  forts: cities at Level 1 flip too (A7). 4.7.4 lets a fort at Level 2 surrender without a
  summons (A8). A city at Level 2 may not surrender (4.7.7); at Level 1 it may.
- 4.7.6b's "1 SP for every 10 SP" lacks "or fraction of 10" (A9b): a besieger's loss on an
  assault is judged against both roundings and both outcomes (who won needs the Casualty
  DRM Table): more than the most of them is illegal; a surrender's and a break's are
  exact (⌈N/10⌉, 4.7.5, 4.7.6a).
- Who besieges is not on the marker: the side whose force moved in when it was laid; for
  a set-up siege the side that alone holds the ratio (none: the player's favour).
- The digest (AAM-SIEGE-07) reads a besieged force leaving as a sally's retreat; the
  rulebook only says a losing sally "must retreat back into the city or fort" (4.5.2) and
  forbids no march out: only a force whose leaders already took their endeavor (the
  sally) and now leave while the besiegers stay is judged, and not where a force of its
  side entered the Area this month (a relief force retreating, 4.4.3).
- A Siege marker placed or flipped while the log may still be placing the set-up (the
  phase marker shown once only) is not judged: the 1775 set-up puts one on Boston.
- AAM-SIEGE-02 (both sides in one Area at an endeavor's end, 4.3.1 note) is judged where a
  Siege marker was removed this month; an Area shared after a battle the log leaves
  unfinished is the combat rules' (a false finding is worse than none).
- A besieger's loss for a surrender or a break is usually taken in a later step: it is
  owed (`AaMProcedure.owed`) and judged when taken, reminded at the phase's end.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.almost_a_miracle.actions import (
    EndeavorTaken,
    ForceMoved,
    FortMarked,
    SiegeLosses,
    SiegeMarked,
    SiegeRecord,
    SiegeSurrendered,
)
from adjudicator.systems.almost_a_miracle.combat import (
    MAJOR_VICTORY_INDIANS,
    MAJOR_VICTORY_SIZE,
    SURRENDER_CATASTROPHE_SIZE,
    surrender_as_siege_loser,
)
from adjudicator.systems.almost_a_miracle.data import Need
from adjudicator.systems.almost_a_miracle.procedure import (
    ATTRITION,
    ENDEAVORS,
    LAST_SIEGE,
    SIEGE,
)
from adjudicator.systems.almost_a_miracle.rules.context import Context
from adjudicator.systems.almost_a_miracle.rules.forts import (
    NONE,
    SIDES,
    UNKNOWN,
    Strength,
    enemy,
    fortification,
    strength,
    strengths,
)
from adjudicator.systems.almost_a_miracle.rules.reinforcements import setting_up
from adjudicator.systems.almost_a_miracle.siege import (
    FORT_CAPACITY,
    HONORS_OF_WAR_MONTHS,
    PerTen,
    Place,
    break_loss,
    can_besiege,
    final_assault,
    per_ten,
    siege_ratio,
    surrender_loss,
)
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Computed, Outcome
from adjudicator.systems.common.places import PlaceKind
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.common.sequencer import PhaseShown

FAMILY = RuleFamily("sieges", frozenset({
    "AAM-SIEGE-01", "AAM-SIEGE-02", "AAM-SIEGE-03", "AAM-SIEGE-06", "AAM-SIEGE-07", "AAM-SIEGE-08",
    "AAM-SIEGE-09", "AAM-SIEGE-10", "AAM-SIEGE-11", "AAM-SIEGE-12", "AAM-SIEGE-13", "AAM-SIEGE-14",
    "AAM-SIEGE-16", "AAM-SIEGE-17", "AAM-SIEGE-18", "AAM-SIEGE-20", "AAM-SIEGE-21"}),
    positional=frozenset({"AAM-SIEGE-01", "AAM-SIEGE-02", "AAM-SIEGE-06", "AAM-SIEGE-07",
                          "AAM-SIEGE-08",
                          "AAM-SIEGE-11", "AAM-SIEGE-13", "AAM-SIEGE-14", "AAM-SIEGE-16",
                          "AAM-SIEGE-17", "AAM-SIEGE-18", "AAM-SIEGE-20",
                          "AAM-SIEGE-21"}),
    actions=(SiegeMarked, SiegeSurrendered, SiegeLosses, FortMarked, EndeavorTaken,
             ForceMoved, PhaseShown))

RESOLUTION = (SIEGE, LAST_SIEGE)
RELIEF = " after a relief force entered"
MAJOR_VICTORY_FORTS = frozenset({"Fort Pitt", "Penobscot", "Fort Niagara", "Newtown"})
"""Their capture from the enemy is a Major Victory whatever the SPs (AaM 11.5.2)."""


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """Sieges laid, flipped, resolved and kept."""
    if isinstance(action, SiegeMarked):
        if action.after > action.before and setting_up(ctx):
            return  # placed or flipped while the set-up may still be going on (17.1)
        if action.before == 0:
            yield from _laid(action, ctx)
        elif action.after > action.before:
            yield from _flipped(action, ctx)
        elif action.after == 0 and ctx.phase in RESOLUTION:
            yield from _resolved(action, ctx)
    elif isinstance(action, SiegeSurrendered) and ctx.phase in RESOLUTION:
        yield from _summons_order(action, ctx)
        yield from _surrender(action, ctx)
    elif isinstance(action, SiegeLosses) and ctx.phase in RESOLUTION:
        yield from _losses_taken(action, ctx)
        yield from _assault_losses(action, ctx)
    elif isinstance(action, FortMarked) and ctx.phase in RESOLUTION:
        yield from _fort_destroyed(action, ctx)
    elif isinstance(action, EndeavorTaken) and ctx.phase == ENDEAVORS:
        yield from _endeavor_ended(action, ctx)
    elif isinstance(action, ForceMoved) and ctx.phase == ENDEAVORS:
        yield from _sally(action, ctx)
        yield from _through_siege(action, ctx)
    elif isinstance(action, PhaseShown) and action.phase == ATTRITION:
        yield from _not_flipped(action, ctx)
        yield from _not_paid(action, ctx)


def besieger_of(area: str, place: str, sp: dict[str, Strength], ctx: Context) -> str | None:
    """Who besieges an Area: as the log showed it laid, else the one side that holds the
    ratio there (None: not known)."""
    record = _record(area, ctx)
    if record is not None and record.besieger is not None:
        return record.besieger
    if place not in (Place.FORT, Place.CITY):
        return None
    holding = [side for side in sp
               if (foe := enemy(side)) is not None and
               _holds(sp[side], sp.get(foe, Strength()), place)]
    return holding[0] if len(holding) == 1 else None


def _holds(besieger: Strength, besieged: Strength, place: str) -> bool:
    """The ratio against the besieged, at most the 30 SPs a fort holds (4.2.1): SPs beyond
    stand outside, another rule's matter (AAM-FORT-08, -12), the player's favour here."""
    inside = min(besieged.total, FORT_CAPACITY) if place == Place.FORT else besieged.total
    return can_besiege(besieger.total, inside, Place(place),
                       besieger_indians=besieger.indians)


def _record(area: str, ctx: Context) -> SiegeRecord | None:
    return next((r for r in ctx.proc.sieges if r.area == area), None)


def _laid(action: SiegeMarked, ctx: Context) -> Iterator[Outcome]:
    area, where = action.area, ctx.name(action.area)
    place = fortification(area, ctx)
    if place == UNKNOWN:
        yield Check.unchecked("AAM-SIEGE-01", action.step,
                              f"whether {where} holds a city or a fort is not in the data: "
                              "the ratio a siege there needs is not known (AaM 4.2.3, 4.3)",
                              needs=(str(Need.AREAS),), spaces=(area,))
        return
    if place == NONE:
        yield Check.illegal("AAM-SIEGE-01", action.step,
                            f"a Siege marker was placed in {where}, which holds no fort or "
                            "city: a siege is laid on a fort or city (AaM 4.3, 4.3.1)",
                            spaces=(area,))
        return
    sp = strengths(area, ctx)
    sides = [action.besieger] if action.besieger is not None else list(sp)
    ratio = siege_ratio(Place(place))
    for side in sides:
        foe = enemy(side)
        if foe is not None and _holds(sp.get(side, Strength()), sp.get(foe, Strength()),
                                      place):
            yield Check.done("AAM-SIEGE-01")
            return
    if not sides:
        return
    mine = sp.get(sides[0], Strength())
    theirs = sp.get(enemy(sides[0]) or "", Strength())
    yield Check.illegal("AAM-SIEGE-01", action.step,
                        f"a Siege Level 1 marker was placed in {where} with {mine.counted} "
                        f"besieging SPs (Indians not counted) against {theirs.total} in the "
                        f"{place}: a siege needs at least {ratio}:1 (AaM 4.2.3, 4.3)",
                        spaces=(area,), expected=f"at least {ratio * theirs.total} SPs",
                        observed=f"{mine.counted} SPs")


def _flipped(action: SiegeMarked, ctx: Context) -> Iterator[Outcome]:
    where = ctx.name(action.area)
    if ctx.phase is None:
        return
    if ctx.phase not in RESOLUTION:
        yield Check.illegal("AAM-SIEGE-11", action.step,
                            f"the Siege marker in {where} was flipped to Level 2 in the "
                            f"{ctx.phase} phase: Level 1 markers flip at the end of the Siege "
                            "Resolution Phase (AaM 3.0A, 4.7.3)", spaces=(action.area,),
                            expected="the Siege Resolution Phase", observed=str(ctx.phase))
        return
    yield Check.done("AAM-SIEGE-11")
    yield from _started_with_marker(action.step, action.area, ctx, "flipped")


def _started_with_marker(step: int, area: str, ctx: Context, what: str
                         ) -> Iterator[Outcome]:
    """4.7: only places "that start the phase with a siege marker" are resolved."""
    record = _record(area, ctx)
    now = (ctx.placement.moment.turn, ctx.phase)
    if record is None or record.since != now:
        yield Check.done("AAM-SIEGE-09")
        return
    yield Check.illegal("AAM-SIEGE-09", step,
                        f"the siege of {ctx.name(area)} was {what} though its marker took "
                        f"its Level {record.level} in this same phase: a siege is resolved "
                        "at the level it starts the Siege Resolution Phase with (AaM 4.7, "
                        "4.7.4)", spaces=(area,))


def _resolved(action: SiegeMarked, ctx: Context) -> Iterator[Outcome]:
    area, where = action.area, ctx.name(action.area)
    place = _place_before(area, ctx)
    garrison = strength(action.garrison, ctx)
    besiegers = strength(action.besiegers, ctx)
    yield from _started_with_marker(action.step, area, ctx, "resolved")
    surrendered = bool(action.surrendered) or \
        (area, ctx.placement.moment.turn) in ctx.proc.surrenders
    yield from _aftermath(action, ctx, place, garrison, besiegers, surrendered)
    if surrendered:
        return  # judged at the surrender (SiegeSurrendered)
    dice = dict(action.dice)
    if action.besieger in dice and (foe := enemy(action.besieger)) in dice and \
            action.before == 2 and garrison.total and besiegers.total:
        if place == Place.FORT:
            yield Check.done("AAM-SIEGE-12")  # the fort at Level 2 stood the assault (4.7.4)
        yield from _assault(action, ctx, garrison, besiegers, dice[action.besieger],
                            dice[foe or ""])
        return
    if action.before == 2 and place == Place.FORT and garrison.total:
        loss = break_loss(garrison.total)
        yield Computed(kind="siege_break", step=action.step, rule_id="AAM-SIEGE-14",
                       summary=f"the siege of {where} broken: the besieger loses {loss} SP "
                       f"(1 per 10 or fraction of 10 of {garrison.total} besieged SPs, "
                       "AaM 4.7.6a)", inputs={"besieged_sp": garrison.total},
                       result={"besieger_loss": loss})
        yield from _loss("AAM-SIEGE-14", action, ctx, loss, "breaking the siege", "4.7.6a")


def _place_before(area: str, ctx: Context) -> str:
    """The fortification as it was before the step (a fort marker it removed, a Destroyed
    Fort marker it placed)."""
    fort_was = any(isinstance(other, FortMarked) and other.area == area and
                   (other.before == "fort" or other.after == "destroyed")
                   for other in ctx.step_actions)
    return fortification(area, ctx, fort_was=fort_was)


def _surrender(action: SiegeSurrendered, ctx: Context) -> Iterator[Outcome]:
    """Besieged SPs put on the Turn Track: a surrender (4.7.5), not of a city that started
    the phase at Level 2 (4.7.7; a marker flipped earlier in the same phase started it at
    Level 1)."""
    area, where = action.area, ctx.name(action.area)
    place = _place_before(area, ctx)
    record = _record(area, ctx)
    flipped_now = record is not None and record.since == (ctx.placement.moment.turn,
                                                           ctx.phase)
    level = 1 if flipped_now else action.level  # the level it started the phase with
    if level == 2 and place == Place.CITY:
        yield Check.illegal("AAM-SIEGE-18", action.step,
                            f"the city of {where} surrendered at Siege Level 2: a city at "
                            "Level 2 may not be offered a summons and may not surrender; "
                            "the besieger assaults or waits (AaM 4.7.7)",
                            spaces=(area,), expected="a final assault, or the city kept "
                            "at Level 2", observed="a surrender")
        return
    if place == Place.CITY:
        yield Check.done("AAM-SIEGE-18")
    elif level == 2 and place == Place.FORT:
        yield Check.done("AAM-SIEGE-12")  # a fort at Level 2 may surrender (4.7.4)
    garrison = strength(action.garrison, ctx)
    yield from _surrendered(action, ctx, garrison)
    if action.besieger is not None:
        yield from _major_victory(action.step, area, action.besieger, action.besieger,
                                  garrison, strength(action.besiegers, ctx), ctx)
    returning = strength(action.surrendered_sp, ctx)
    if returning.militia:
        yield Check.illegal("AAM-SIEGE-13", action.step,
                            f"{returning.militia} militia SPs of the surrendered garrison of "
                            f"{where} were put on the Turn Track: on a surrender \"All "
                            "besieged militia SPs are eliminated\"; only leaders and regulars "
                            "come back four months ahead (AaM 4.7.5)", spaces=(area,),
                            expected="regular SPs only on the Turn Track",
                            observed=f"{returning.militia} militia SPs there")
    elif returning.total:
        yield Check.done("AAM-SIEGE-13")
    if action.surrendered > SURRENDER_CATASTROPHE_SIZE:
        yield Check.reminder("AAM-SIEGE-20", action.step,
                             f"{action.surrendered} SPs surrendered at {where}: the surrender "
                             "of more than 50 SPs after a siege is a Catastrophe; the French "
                             "Intervention marker moves 4 turns (AaM 11.5.4)", spaces=(area,))


def _major_victory(step: int, area: str, holder: str, besieger: str | None,
                   garrison: Strength, besiegers: Strength, ctx: Context
                   ) -> Iterator[Outcome]:
    """11.5: the Major Victory marker to the side holding the place after the siege."""
    found = ctx.data.areas.get(area)
    special = found is not None and found.name in MAJOR_VICTORY_FORTS and holder == besieger
    big = min(garrison.total, besiegers.total) >= MAJOR_VICTORY_SIZE
    indians = max(garrison.indians, besiegers.indians) >= MAJOR_VICTORY_INDIANS
    shown = [e.key for e, _ in ctx.state.pieces.values() if e.kind == "mv"]
    if (big or special or indians) and shown and holder not in shown:
        yield Check.reminder("AAM-SIEGE-20", step,
                             f"the siege of {ctx.name(area)} ended with the {holder} side "
                             "holding it: the Major Victory marker goes to its side (both "
                             "sides 15 SPs or more, 3 Indian SPs, or Fort Pitt, Penobscot, Fort "
                             "Niagara or Newtown taken; AaM 11.5, 11.5.1, 11.5.2)",
                             spaces=(area,))
    elif shown:
        yield Check.done("AAM-SIEGE-20")


def _aftermath(action: SiegeMarked, ctx: Context, place: str, garrison: Strength,
               besiegers: Strength, surrendered: bool) -> Iterator[Outcome]:
    """The Major Victory marker and the fort after the siege is resolved (AaM 11.5-11.5.4,
    4.7.5, 4.7.6b)."""
    area, where = action.area, ctx.name(action.area)
    sp = strengths(area, ctx)
    holders = [side for side, held in sp.items() if held.total]
    if len(holders) != 1:
        return
    holder = holders[0]
    found = ctx.data.areas.get(area)
    if not surrendered:  # a surrender's is judged at the surrender
        yield from _major_victory(action.step, area, holder, action.besieger, garrison,
                                  besiegers, ctx)
    if holder != action.besieger or surrendered or place != Place.FORT:
        return
    markers = {(e.key, e.flag) for e in ctx.state.in_area(area) if e.kind == "fort"}
    standing = any(key != "destroyed" and flag != "build" for key, flag in markers)
    printed = found is not None and found.printed_fort and ("destroyed", "") not in markers
    if standing or printed:
        yield Check.reminder("AAM-SIEGE-21", action.step,
                             f"the fort of {where} was taken by a final assault: it is "
                             "destroyed; a Fort marker is removed, a printed fort gets a "
                             "Destroyed Fort marker (AaM 4.7.6b)", spaces=(area,))
    else:
        yield Check.done("AAM-SIEGE-21")


def _losses_taken(action: SiegeLosses, ctx: Context) -> Iterator[Outcome]:
    """The besieger's loss for a surrender or a break taken in a later step: no more than
    owed (4.7.5, 4.7.6a)."""
    turn = ctx.placement.moment.turn
    for area, side, when, owed, rule_id in ctx.proc.owed:
        if area != action.area or side != action.side or when != turn:
            continue
        if action.sp > owed:
            yield Check.illegal(rule_id, action.step,
                                f"the besieger of {ctx.name(area)} took {action.sp} SP of "
                                f"losses where {owed} were owed: 1 SP for every 10 or fraction "
                                "of 10 besieged SPs (AaM 4.7.5, 4.7.6a)", spaces=(area,),
                                expected=f"{owed} SP", observed=f"{action.sp} SP")
        elif action.sp == owed:
            yield Check.done(rule_id)


def _assault_losses(action: SiegeLosses, ctx: Context) -> Iterator[Outcome]:
    """A final assault costs the besieger 1 SP for every 10 SP of his force if he loses, of
    the besieged force if he wins (4.7.6b): with either rounding (A9b), no more than the
    most of those."""
    turn = ctx.placement.moment.turn
    for area, side, when, force, garrison, lost in ctx.proc.assaults:
        if area != action.area or side != action.side or when != turn:
            continue
        total = lost + action.sp
        if_lost = {per_ten(force, reading) for reading in PerTen}
        if_won = {per_ten(garrison, reading) for reading in PerTen}
        most = max(if_lost | if_won)
        if total > most:
            yield Check.illegal("AAM-SIEGE-16", action.step,
                                f"the besieger of {ctx.name(area)} has lost {total} SP for the "
                                f"final assault: it costs him 1 SP for every 10 SP of his "
                                f"force ({force} SP) if he loses, of the besieged force "
                                f"({garrison} SP) if he wins, at most {most} (AaM 4.7.6b)",
                                spaces=(area,), expected=f"at most {most} SP",
                                observed=f"{total} SP")
        elif total in if_lost:
            yield Check.done("AAM-SIEGE-16")
        elif total in if_won:
            yield Check.done("AAM-SIEGE-17")


def _not_paid(action: PhaseShown, ctx: Context) -> Iterator[Outcome]:
    turn = ctx.placement.moment.turn
    for area, side, when, owed, rule_id in ctx.proc.owed:
        if when != turn:
            continue
        yield Check.reminder(rule_id, action.step,
                             f"the {side} besieger of {ctx.name(area)} still owes {owed} SP of "
                             "losses for the surrender or the break (1 per 10 or fraction of "
                             "10 besieged SPs, AaM 4.7.5, 4.7.6a)", spaces=(area,))


def _fort_destroyed(action: FortMarked, ctx: Context) -> Iterator[Outcome]:
    """A fort destroyed after its siege ended this month without a surrender: the final
    assault's "the fort is destroyed" done (4.7.6b)."""
    turn = ctx.placement.moment.turn
    destroyed = action.after == "destroyed" or (action.before == "fort" and action.after is None)
    if destroyed and (action.area, turn) in ctx.proc.lifted and \
            (action.area, turn) not in ctx.proc.surrenders:
        yield Check.done("AAM-SIEGE-21")


def _surrendered(action: SiegeSurrendered, ctx: Context, garrison: Strength) -> Iterator[Outcome]:
    where = ctx.name(action.area)
    loss = surrender_loss(garrison.total)
    yield Computed(kind="siege_surrender", step=action.step, rule_id="AAM-SIEGE-13",
                   summary=f"{where} surrendered: its leaders and {garrison.regulars} regular "
                   f"SPs return {HONORS_OF_WAR_MONTHS} months ahead, {garrison.militia} "
                   f"militia SPs are eliminated, the besieger loses {loss} SP (AaM 4.7.5)",
                   inputs={"besieged_sp": garrison.total, "regulars": garrison.regulars,
                           "militia": garrison.militia},
                   result={"besieger_loss": loss, "returning_sp": garrison.regulars,
                           "militia_eliminated": garrison.militia,
                           "returns_in_months": HONORS_OF_WAR_MONTHS})
    yield from _loss("AAM-SIEGE-13", action, ctx, loss, "the surrender", "4.7.5")


def _loss(rule_id: str, action: SiegeMarked | SiegeSurrendered, ctx: Context, loss: int, what: str,
          cite: str) -> Iterator[Outcome]:
    where = ctx.name(action.area)
    taken = action.besieger_removed
    if taken == loss:
        yield Check.done(rule_id)
    elif taken > loss:
        yield Check.illegal(rule_id, action.step,
                            f"the besieger of {where} lost {taken} SP for {what}: he loses "
                            f"1 SP for every 10 or fraction of 10 besieged SPs, {loss} "
                            f"(AaM {cite})", spaces=(action.area,), expected=f"{loss} SP",
                            observed=f"{taken} SP")
    # less: the rest is owed (`AaMProcedure.owed`), reminded at the end of the phase



def _assault(action: SiegeMarked, ctx: Context, garrison: Strength, besiegers: Strength,
             die: int, foe_die: int) -> Iterator[Outcome]:
    where = ctx.name(action.area)
    odds = final_assault(besiegers.total, garrison.regulars, garrison.militia)
    taken = surrender_as_siege_loser(garrison.regulars, garrison.militia)
    probabilities = {"besieger_wins": odds.win, "tie": odds.tie, "besieger_loses": odds.loss}
    if odds.win_margin is not None:
        probabilities |= {f"margin_{m}": p * odds.win
                          for m, p in sorted(odds.win_margin.items())}
    yield Computed(kind="final_assault", step=action.step, rule_id="AAM-SIEGE-17",
                   summary=f"final assault on {where}: {besiegers.total} SPs (Indians absorb "
                   f"losses only, 4.7.8) against {garrison.total}; the besieger wins on a "
                   "higher casualty total, a tie or lower fails (AaM 4.7.6b); net casualty "
                   "DRM taken as 0 (Casualty DRM Table, PAC)",
                   inputs={"besieger_sp": besiegers.total, "besieger_indians":
                           besiegers.indians, "regulars": garrison.regulars,
                           "militia": garrison.militia, "besieger_die": die,
                           "besieged_die": foe_die},
                   result={"die_difference": die - foe_die,
                           "expected_besieger_loss": str(odds.expected("besieger_lost")),
                           "expected_garrison_captured":
                               str(odds.expected("garrison_captured")),
                           "on_a_win_militia_eliminated": taken.militia_eliminated,
                           "on_a_win_regulars_at_most_captured": taken.regulars_captured},
                   probabilities=probabilities)
    yield Check.unchecked("AAM-SIEGE-17", action.step,
                          f"the final assault on {where} rolled {die} against {foe_die}: who "
                          "won depends on the casualty DRMs (AaM 4.7.6b, 11.2.4), on the "
                          "Player's Aid Charts; the besieger's loss is judged when taken",
                          needs=(str(Need.CASUALTY),), spaces=(action.area,))


def _endeavor_ended(action: EndeavorTaken, ctx: Context) -> Iterator[Outcome]:
    """The previous endeavor ended: no Area shared without a siege (4.3.1), every siege
    still at its ratio (4.6). Areas this step's own moves touch wait for its end. An Area
    shared is judged only where a Siege marker was removed this month: elsewhere a battle
    the log leaves unfinished is the combat rules' to judge (a false finding is worse)."""
    if ctx.proc.position.last is None:
        return  # the month's first endeavor: none ended before it
    if any(isinstance(other, EndeavorTaken) and other.step > action.step
           for other in ctx.step_actions):
        return  # an endeavor read late (a move that was not a reaction): the next one judges
    touched = {area for other in ctx.step_actions if isinstance(other, ForceMoved)
               for area in (other.origin, other.destination)}
    areas = {where.key for _, where in ctx.state.pieces.values()
             if where.is_space and where.key not in touched}
    for area in sorted(areas):
        sp = strengths(area, ctx)
        sieged = any(e.kind == "siege" for e in ctx.state.in_area(area))
        both = len([side for side, s in sp.items() if s.total]) == 2
        if not sieged:
            turn = ctx.placement.moment.turn
            if not both and (area, turn) in ctx.proc.lifted and any(
                    (area, side, turn) in ctx.proc.entered for side in SIDES):
                yield Check.done("AAM-SIEGE-06")  # a relief's siege broken, its marker off
            if both and (area, turn) in ctx.proc.lifted:
                yield Check.illegal("AAM-SIEGE-02", action.step,
                                    f"both sides' SPs were in {ctx.name(area)} at the end of "
                                    "an endeavor with its Siege marker removed: a siege is the "
                                    "only "
                                    "case where both sides share an Area at the end of an "
                                    "endeavor (AaM 4.3.1, 9.0)", spaces=(area,))
            continue
        yield Check.done("AAM-SIEGE-02")
        yield from _ratio_kept(action, ctx, area, sp)


def _ratio_kept(action: EndeavorTaken, ctx: Context, area: str,
                sp: dict[str, Strength]) -> Iterator[Outcome]:
    place = fortification(area, ctx)
    if place not in (Place.FORT, Place.CITY):
        return
    besieger = besieger_of(area, place, sp, ctx)
    sides = [besieger] if besieger is not None else list(sp)
    relieved = besieger is not None and \
        (area, enemy(besieger), ctx.placement.moment.turn) in ctx.proc.entered
    rule_id = "AAM-SIEGE-06" if relieved else "AAM-SIEGE-08"
    if any(_holds(sp.get(side, Strength()), sp.get(enemy(side) or "", Strength()), place)
           for side in sides):
        yield Check.done(rule_id)
        return
    if besieger is None:
        return
    mine, theirs = sp.get(besieger, Strength()), sp.get(enemy(besieger) or "", Strength())
    ratio = siege_ratio(Place(place))
    yield Check.illegal(rule_id, action.step,
                        f"an endeavor ended with {mine.counted} besieging SPs (Indians not "
                        f"counted) against {theirs.total} in {ctx.name(area)} and the Siege "
                        f"marker still there{RELIEF if relieved else ''}: "
                        f"below {ratio}:1 the besieger retreats all his forces and the "
                        "marker is removed (AaM 4.4.3, 4.4.4, 4.5.1, 4.6)",
                        spaces=(area,), expected=f"at least {ratio * theirs.total} SPs, or "
                        "the marker removed", observed=f"{mine.counted} SPs")


def _sally(action: ForceMoved, ctx: Context) -> Iterator[Outcome]:
    """A besieged force whose leaders already took their endeavor (the sally) leaving the
    Area while the besiegers stay: a sally that lost retreats back inside (4.5.2). The log
    shows a sally as a leader flipped where he stands (his endeavor) and both sides'
    rolls after it (the battle, `AaMProcedure.stood`): the force's move out that follows
    in the same endeavor is the sally's. A new endeavor's march out (a leader flipped and
    moving off with no battle between) is not judged: the rulebook does not forbid it. Nor
    where a force of its side entered the Area this month: that may be a relief force
    retreating (4.4.3)."""
    area = action.origin
    if not any(e.kind == "siege" for e in ctx.state.in_area(area)) or not action.sp:
        return
    stood = ctx.proc.stood
    sallied = stood is not None and stood[:2] == (action.side, area) and \
        set(SIDES) <= stood[2]
    if (action.continues and not sallied) or not action.leaders or \
            not all(leader in ctx.proc.activated for leader in action.leaders):
        return  # a new endeavor's march out: 4.5 does not forbid it
    place = fortification(area, ctx)
    sp = strengths(area, ctx)
    besieger = besieger_of(area, place, sp, ctx)
    if besieger is None or action.side is None or action.side == besieger:
        return
    if (area, action.side, ctx.placement.moment.turn) in ctx.proc.entered:
        return  # a relief force this month may be retreating (4.4.3)
    if sp.get(besieger, Strength()).total == 0:
        yield Check.done("AAM-SIEGE-07")
        return
    yield Check.illegal("AAM-SIEGE-07", action.step,
                        f"besieged SPs left {ctx.name(area)} for "
                        f"{ctx.name(action.destination)} while the besiegers stayed: a "
                        "besieged force leaves only to sally, and a sally that loses must "
                        "retreat back into the city or fort (AaM 4.5, 4.5.2)",
                        spaces=(area, action.destination), pieces=action.pieces)


def _through_siege(action: ForceMoved, ctx: Context) -> Iterator[Outcome]:
    """AaM 4.3.2: the besieger's side moves into and through the Area it besieges as
    though no enemy were there."""
    if action.within or not action.side:
        return
    route = action.path or (action.origin, action.destination)
    for area in dict.fromkeys(route[1:]):
        if not any(e.kind == "siege" for e in ctx.state.in_area(area)):
            continue
        sp = strengths(area, ctx)
        if besieger_of(area, fortification(area, ctx), sp, ctx) == action.side and \
                sp.get(enemy(action.side) or "", Strength()).total:
            yield Check.done("AAM-SIEGE-03")
            return


def _summons_order(action: SiegeSurrendered, ctx: Context) -> Iterator[Outcome]:
    """AaM 4.7.1: the player besieging the most places summons first."""
    summoner = action.besieger
    other = enemy(summoner)
    if summoner is None or other is None:
        return
    counts: dict[str, int] = {}
    for area in sorted({place.key for entity, place in ctx.state.pieces.values()
                        if entity.kind == "siege" and place.kind is PlaceKind.SPACE}
                       | {action.area}):
        side = summoner if area == action.area else \
            besieger_of(area, fortification(area, ctx), strengths(area, ctx), ctx)
        if side is not None:
            counts[side] = counts.get(side, 0) + 1
    if counts.get(other, 0) <= counts.get(summoner, 0):
        yield Check.done("AAM-SIEGE-10")
        return
    now = (ctx.placement.moment.turn, ctx.phase)
    if any(r.besieger == other and r.since == now for r in ctx.proc.sieges):
        yield Check.done("AAM-SIEGE-10")  # the other side has summoned this phase
        return
    yield Check.reminder("AAM-SIEGE-10", action.step,
                         f"{ctx.name(action.area)} surrendered to a {summoner.title()} "
                         f"summons while the {other.title()} player lays siege to more "
                         f"places ({counts.get(other, 0)} against "
                         f"{counts.get(summoner, 0)}): the player laying siege to the most "
                         "cities/forts makes his summons first (AaM 4.7.1)",
                         spaces=(action.area,))


def _not_flipped(action: PhaseShown, ctx: Context) -> Iterator[Outcome]:
    for entity, where in ctx.state.pieces.values():
        if entity.kind == "siege" and entity.value == 1 and where.is_space:
            yield Check.reminder("AAM-SIEGE-11", action.step,
                                 f"the Siege marker in {ctx.name(where.key)} is still at "
                                 "Level 1 after the Siege Resolution Phase: a Level 1 siege "
                                 "not surrendered flips to Level 2 (AaM 3.0A, 4.7.3)",
                                 spaces=(where.key,))
