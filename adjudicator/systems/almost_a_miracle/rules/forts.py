"""Forts and cities (AaM 4.1, 4.2, 4.8; digest 4.2).

AaM 4.1: "During the Fort Construction segment of the Engineering and Logistics Phase, the
British (or Continental when able to) player starts or finishes building forts." 4.1.1: he
"first flips any Fort Build markers [...] to their Fort side if they still have the
required conditions to construct them." 4.1.2: "He may then place Fort markers on their
'build' side on any non-city Area with at least 5 SPs of regular troops [...] or at least
3 SPs of regular troops and a Leader with engineering ability." 4.1.3-4.1.4: the Build
marker stays while "at least 3 SPs of regulars" stay under it; "If the player leaves the
Area with less than 3 SPs of regulars [...] then the marker is removed." 4.1.5: only the
British build, until the "du Portail" Political Event (a limit on the Random Events
Chart, PAC).

AaM 4.2.1: a fort holds "up to 30 SPs of troops and any number of baggage trains"; 4.2.3:
"at least a 2:1 ratio advantage in SPs to enter an Area with a garrisoned fort and at
least a 1:1 [...] garrisoned city. Indian SPs cannot count toward this total." 4.2.4: the
defender "must immediately choose" who stands outside; 4.2.5: the mover fights the outside
force first and may lay siege only once it is eliminated or retreated. 4.8: "A fort may be
eliminated in the Fort Construction segment by the side that controls the Area containing
the fort if there is at least 1 friendly SP present in the Area."

AaM 4.2.2: "Cities may hold an unlimited number of troops." (AAM-FORT-09) A permission:
where a siege marker is put in or flipped in a city, the besieged SPs in it are not
counted against the 30 a fort holds (AAM-FORT-08, -12); it is judged legal there.

Rulebook against the digest:
- 4.1.3-4.1.4 speak of "the marker": the digest (A2) reads them for Build markers only, as
  the 1777 set-up's 2-SP Fort Stanwix shows; so does this family. The log shows the
  regulars leave, not when the player removes the marker: a Build marker left with fewer
  than 3 regulars is a reminder at the move (AAM-FORT-05), and it cannot flip (FORT-04).
- 4.2.3 does not say which defender SPs count (A4): all of them in the Area, as the digest
  reads it; when only the 30 a fort can hold would let the force in, the entry is left
  unchecked. A first drag short of the ratio while SPs of its side stay in the Area it
  left is unchecked too: the rest of a force dragged piece by piece may follow (AaM 8.0).
- While the log may still be placing the set-up (the phase marker shown once only, as the
  reinforcements family reads it), markers put on the map are not judged.
- A fort is lost outside the Fort Construction segment only to a surrender or a final
  assault (4.7.5, 4.7.6b), in a Siege Resolution Phase; a marker swapped for the other
  side's in one step (a fort used by its captor, 4.1.5) is no elimination.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from adjudicator.systems.almost_a_miracle.actions import ForceMoved, FortMarked, SiegeMarked
from adjudicator.systems.almost_a_miracle.data import Need
from adjudicator.systems.almost_a_miracle.procedure import LAST_SIEGE, LOGISTICS, SIEGE
from adjudicator.systems.almost_a_miracle.rules.context import Context
from adjudicator.systems.almost_a_miracle.rules.reinforcements import setting_up
from adjudicator.systems.almost_a_miracle.siege import FORT_CAPACITY, Place, siege_ratio
from adjudicator.systems.almost_a_miracle.state import Entity
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily

FAMILY = RuleFamily("forts", frozenset({
    "AAM-FORT-01", "AAM-FORT-02", "AAM-FORT-03", "AAM-FORT-04", "AAM-FORT-05",
    "AAM-FORT-07", "AAM-FORT-08", "AAM-FORT-09", "AAM-FORT-10", "AAM-FORT-11",
    "AAM-FORT-12"}),
    positional=frozenset({"AAM-FORT-02", "AAM-FORT-04", "AAM-FORT-05", "AAM-FORT-07",
                          "AAM-FORT-08", "AAM-FORT-10", "AAM-FORT-11", "AAM-FORT-12"}),
    actions=(FortMarked, ForceMoved, SiegeMarked))

BUILD_REGULARS = 5
"""Regular SPs to start a fort (AaM 4.1.2)."""
ENGINEER_REGULARS = 3
"""Regular SPs with an engineer to start one, and to keep a Build marker (4.1.2-4.1.4)."""
UNKNOWN, NONE = "unknown", "none"
SIDES = ("british", "continental")


@dataclass(frozen=True, slots=True)
class Strength:
    """One side's SP counters in an Area."""

    total: int = 0
    regulars: int = 0
    indians: int = 0

    @property
    def counted(self) -> int:
        """SPs a ratio counts: Indians left out (AaM 4.2.3)."""
        return self.total - self.indians

    @property
    def militia(self) -> int:
        """SPs that are not regulars (militia; Indians too, for the assault's split)."""
        return self.total - self.regulars


def side_of(entity: Entity, ctx: Context) -> str | None:
    """The side of an SP counter, a leader or a side's marker."""
    if entity.kind == "sp":
        kind = ctx.data.unit_kinds.get(entity.key)
        return str(kind.side) if kind is not None else None
    if entity.kind == "leader":
        leader = ctx.data.leaders.get(entity.key)
        return str(leader.side) if leader is not None else None
    return entity.key if entity.key in SIDES else None


def strength(sp: list[tuple[str, int]] | tuple[tuple[str, int], ...], ctx: Context) -> Strength:
    """The strength of (unit kind, SP) counters."""
    total = regulars = indians = 0
    for key, value in sp:
        kind = ctx.data.unit_kinds.get(key)
        total += value
        if kind is not None and kind.type == "regular":
            regulars += value
        if kind is not None and kind.type == "indian":
            indians += value
    return Strength(total, regulars, indians)


def strengths(area: str, ctx: Context) -> dict[str, Strength]:
    """Each side's SP counters in an Area (the position after the step)."""
    counters: dict[str, list[tuple[str, int]]] = {}
    for entity in ctx.state.in_area(area):
        side = side_of(entity, ctx)
        if entity.kind == "sp" and side is not None:
            counters.setdefault(side, []).append((entity.key, entity.value))
    return {side: strength(sp, ctx) for side, sp in counters.items()}


def forces(area: str, ctx: Context) -> set[str]:
    """The sides with a force (SP counters or leaders) in an Area."""
    return {side for entity in ctx.state.in_area(area)
            if entity.kind in ("sp", "leader") and (side := side_of(entity, ctx))}


def enemy(side: str | None) -> str | None:
    """The other side."""
    return None if side not in SIDES else SIDES[1 - SIDES.index(side)]


def fortification(area: str, ctx: Context, *, fort_was: bool = False) -> str:
    """What an Area holds: `city`, `fort`, `none` or `unknown` (the data does not say).
    A city counts before a fort (no capacity, the lower ratio: the player's favour)."""
    found = ctx.data.areas.get(area)
    if found is not None and found.city:
        return Place.CITY
    markers = {(e.key, e.flag) for e in ctx.state.in_area(area) if e.kind == "fort"}
    if fort_was or any(key != "destroyed" and flag != "build" for key, flag in markers):
        return Place.FORT
    if found is not None and found.printed_fort and ("destroyed", "") not in markers:
        return Place.FORT
    if found is not None and found.city is False and found.printed_fort is False:
        return NONE
    if ctx.data.map_status.areas_complete and found is not None:
        return NONE  # the whole map given: a city or fort not marked is none
    return UNKNOWN if found is None or found.city is None else NONE


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """Fort markers by phase and by the troops under them; entering a garrisoned place;
    a siege laid or kept with more than a fort holds."""
    if isinstance(action, FortMarked):
        yield from _fort_marked(action, ctx)
    elif isinstance(action, ForceMoved):
        yield from _entered(action, ctx)
        yield from _build_left(action, ctx)
    elif isinstance(action, SiegeMarked):
        yield from _garrison(action, ctx)


def _fort_marked(action: FortMarked, ctx: Context) -> Iterator[Outcome]:
    where = ctx.name(action.area)
    if action.before is None and setting_up(ctx):
        return  # a marker put on the map may be the set-up's (Fort Stanwix, 17.3-17.5)
    if action.after == "build" and action.before is None:
        yield from _in_fort_segment(action, ctx, "placed a Fort Build marker")
        yield from _builders(action, ctx, "AAM-FORT-02", "place")
        if action.owner == "continental":
            yield Check.unchecked(
                "AAM-FORT-03", action.step,
                f"a Continental Fort Build marker was placed in {where}: the Continentals "
                "build only after the \"du Portail\" Political Event, up to the limit on "
                "the Random Events Chart (AaM 4.1.5); neither is in the log or the data",
                needs=(str(Need.POLITICAL), str(Need.RANDOM)), spaces=(action.area,))
        elif action.owner == "british":
            yield Check.done("AAM-FORT-03")
    elif action.before == "build" and action.after == "fort":
        yield from _in_fort_segment(action, ctx, "flipped a Fort Build marker to its Fort side")
        yield from _builders(action, ctx, "AAM-FORT-04", "flip")
    elif (action.before == "fort" and action.after in (None, "destroyed")) or \
            (action.before is None and action.after == "destroyed"):
        yield from _eliminated(action, ctx)


def _in_fort_segment(action: FortMarked, ctx: Context, what: str) -> Iterator[Outcome]:
    if ctx.phase is None:
        return
    if ctx.phase == LOGISTICS:
        yield Check.done("AAM-FORT-01")
        return
    yield Check.illegal(
        "AAM-FORT-01", action.step,
        f"{what} in {ctx.name(action.area)} outside the Logistics and Engineering Phase: "
        "forts are started and finished in its Fort Construction segment (AaM 3.0D, 4.1)",
        spaces=(action.area,), expected="the Logistics and Engineering Phase",
        observed=str(ctx.phase))


def _builders(action: FortMarked, ctx: Context, rule_id: str, verb: str) -> Iterator[Outcome]:
    where = ctx.name(action.area)
    found = ctx.data.areas.get(action.area)
    if rule_id == "AAM-FORT-02" and found is not None and found.city:
        yield Check.illegal(rule_id, action.step,
                            f"a Fort Build marker was placed in {where}, a city: forts are "
                            "built on a non-city Area (AaM 4.1.2)", spaces=(action.area,))
        return
    side = action.owner
    regulars = strengths(action.area, ctx).get(side or "", Strength()).regulars
    if regulars >= BUILD_REGULARS:
        yield Check.done(rule_id)
        return
    engineers = [ctx.data.leaders.get(e.key) for e in ctx.state.in_area(action.area)
                 if e.kind == "leader" and side_of(e, ctx) == side]
    need = (f"at least {BUILD_REGULARS} SPs of regulars, or {ENGINEER_REGULARS} and a "
            "leader with engineering ability")
    if regulars >= ENGINEER_REGULARS:
        if any(leader is not None and leader.engineer for leader in engineers):
            yield Check.done(rule_id)
            return
        if any(leader is None or leader.engineer is None for leader in engineers):
            yield Check.unchecked(rule_id, action.step,
                                  f"{regulars} regular SPs in {where}: whether a leader there "
                                  "has engineering ability is not in the data (AaM 4.1.2)",
                                  needs=(str(Need.LEADERS),), spaces=(action.area,))
            return
    cite = "AaM 4.1.2" if verb == "place" else "AaM 4.1.1, 4.1.2"
    what = "placed" if verb == "place" else "flipped to its Fort side"
    yield Check.illegal(rule_id, action.step,
                        f"a Fort Build marker was {what} in {where} with {regulars} regular "
                        f"SPs of its side there: it needs {need} ({cite})",
                        spaces=(action.area,), expected=need,
                        observed=f"{regulars} regular SPs")


def _eliminated(action: FortMarked, ctx: Context) -> Iterator[Outcome]:
    where = ctx.name(action.area)
    if ctx.phase in (SIEGE, LAST_SIEGE):
        yield Check.done("AAM-FORT-07")  # a surrender or a final assault (4.7.5, 4.7.6b)
        return
    if ctx.phase == LOGISTICS:
        present = forces(action.area, ctx)
        sp = strengths(action.area, ctx)
        if len(present) == 1 and sp.get(next(iter(present)), Strength()).total >= 1:
            yield Check.done("AAM-FORT-07")
            return
        why = ("both sides have forces there, so neither controls it" if len(present) > 1
               else "no friendly SP is there")
        yield Check.illegal("AAM-FORT-07", action.step,
                            f"the fort in {where} was eliminated but {why}: a fort is "
                            "eliminated by the side that controls its Area with at least 1 "
                            "friendly SP present (AaM 4.8)", spaces=(action.area,))
        return
    if ctx.phase is None:
        return
    swapped = any(isinstance(other, FortMarked) and other.area == action.area and
                  other.after == "fort" and other is not action for other in ctx.step_actions)
    if swapped:
        return
    yield Check.illegal("AAM-FORT-07", action.step,
                        f"the fort in {where} was eliminated in the {ctx.phase} phase: a fort "
                        "is eliminated in the Fort Construction segment (AaM 4.8), or lost to "
                        "a surrender or final assault in a Siege Resolution Phase (AaM 4.7.5, "
                        "4.7.6b)", spaces=(action.area,), expected="the Logistics and "
                        "Engineering Phase", observed=str(ctx.phase))


def _entered(action: ForceMoved, ctx: Context) -> Iterator[Outcome]:
    area, side = action.destination, action.side
    foe = enemy(side)
    if foe is None or any(e.kind == "siege" for e in ctx.state.in_area(area)):
        return  # a siege there: its besiegers move freely (4.3.2), a relief fights (4.4)
    if action.within:
        return  # a retreat or a reaction inside the other side's endeavor
    sp = strengths(area, ctx)
    defenders = sp.get(foe, Strength()).total
    if defenders == 0 or sp.get(side or "", Strength()).total > action.strength:
        return  # no garrison, or the mover's own side was there already (its garrison)
    place = fortification(area, ctx)
    where = ctx.name(area)
    if place == UNKNOWN:
        yield Check.unchecked("AAM-FORT-10", action.step,
                              f"whether {where} holds a city or a fort is not in the data: "
                              "the ratio to enter it is not known (AaM 4.2.3)",
                              needs=(str(Need.AREAS),), spaces=(area,))
        return
    if place == NONE:
        return
    ratio = siege_ratio(Place(place))
    movers = sp.get(side or "", Strength()).counted
    yield Check.reminder("AAM-FORT-11", action.step,
                         f"a force entered {where}: the defender must at once choose which "
                         "SPs, baggage trains and leaders stand outside the "
                         f"{place} (a fort holds 30 SPs; magazines are always inside) "
                         "(AaM 4.2.4)", spaces=(area,))
    if movers >= ratio * defenders:
        yield Check.done("AAM-FORT-10")
        return
    if place == Place.FORT and movers >= ratio * min(defenders, FORT_CAPACITY):
        yield Check.unchecked("AAM-FORT-10", action.step,
                              f"{movers} SPs entered {where} against {defenders} defending "
                              "SPs: 2:1 against the 30 the fort can hold, not against all "
                              "(AaM 4.2.3 does not say which count, A4)", spaces=(area,))
        return
    if not action.continues and any(
            e.kind == "sp" and e.key in ctx.data.unit_kinds and
            str(ctx.data.unit_kinds[e.key].side) == side
            for e in ctx.state.in_area(action.origin)):
        yield Check.unchecked("AAM-FORT-10", action.step,
                              f"{movers} SPs entered {where} against {defenders}: more SPs "
                              f"of the side stay in {ctx.name(action.origin)} and may follow "
                              "(a force dragged piece by piece is one force, AaM 8.0)",
                              spaces=(area,))
        return
    yield Check.illegal("AAM-FORT-10", action.step,
                        f"{movers} SPs (Indians not counted) entered {where} against "
                        f"{defenders} SPs in its {place}: entering needs at least "
                        f"{ratio}:1 (AaM 4.2.3)", spaces=(area,),
                        pieces=action.pieces, expected=f"at least {ratio * defenders} SPs",
                        observed=f"{movers} SPs")


def _build_left(action: ForceMoved, ctx: Context) -> Iterator[Outcome]:
    area, side = action.origin, action.side
    builds = [e for e in ctx.state.in_area(area)
              if e.kind == "fort" and e.flag == "build" and e.key == side]
    if not builds:
        return
    regulars = strengths(area, ctx).get(side or "", Strength()).regulars
    if regulars >= ENGINEER_REGULARS:
        yield Check.done("AAM-FORT-05")
        return
    yield Check.reminder("AAM-FORT-05", action.step,
                         f"the move left {regulars} regular SPs under the Fort Build marker in "
                         f"{ctx.name(area)}: with less than 3 the marker is removed "
                         "(AaM 4.1.3, 4.1.4)", spaces=(area,))


def _garrison(action: SiegeMarked, ctx: Context) -> Iterator[Outcome]:
    place = fortification(action.area, ctx)
    if action.after == 0 or setting_up(ctx):
        return
    if place == Place.CITY:
        yield Check.done("AAM-FORT-09")  # a city holds any number of troops (4.2.2)
    if place != Place.FORT:
        return
    besieged = _besieged(action, ctx)
    if besieged is None:
        return
    held = strengths(action.area, ctx).get(besieged, Strength()).total
    rule_id = "AAM-FORT-12" if action.before == 0 else "AAM-FORT-08"
    if held <= FORT_CAPACITY:
        yield Check.done(rule_id)
        return
    where = ctx.name(action.area)
    message = (f"a siege was laid on the fort in {where} with {held} besieged SPs there: a "
               f"fort holds {FORT_CAPACITY} (AaM 4.2.1), so the rest stood outside and a "
               "siege is laid only after the force outside is eliminated or retreated "
               "(AaM 4.2.5, 4.3)" if action.before == 0 else
               f"{held} besieged SPs are in the fort in {where}: a fort holds at most "
               f"{FORT_CAPACITY} SPs (AaM 4.2.1)")
    yield Check.illegal(rule_id, action.step, message, spaces=(action.area,),
                        expected=f"at most {FORT_CAPACITY} SPs inside",
                        observed=f"{held} SPs")


def _besieged(action: SiegeMarked, ctx: Context) -> str | None:
    if action.besieger is not None:
        return enemy(action.besieger)
    record = next((r for r in ctx.proc.sieges if r.area == action.area), None)
    return enemy(record.besieger) if record is not None else None
