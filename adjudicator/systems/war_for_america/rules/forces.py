"""What a moving or retreating force is made of, and which of its leaders may command it.

The interpreter names a force by its pieces' entity ids (`sp:<nation>:<value>`,
`leader:<id>`, `army:<id>`, WfA 9.3); an army's SP and leaders sit on its Army Card
(`box:army_<id>`, WfA 11.21), so they are read from the position. The leader facts (rank,
command circle colour, WfA 11.2-11.6) come from the data; where the data lacks one the
answer is None ("unknown"), never a guess.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final

from adjudicator.systems.common.places import box
from adjudicator.systems.war_for_america.data import Leader, Region, WfAData
from adjudicator.systems.war_for_america.effective import rank_limit
from adjudicator.systems.war_for_america.state import ARMY_BOX_PREFIX, ARMY_SIDE, WfAState

WASHINGTON: Final = "washington"
"""The only leader who commands Continentals with French Regulars (WfA 11.2), re-rolls a
6 on activation (11.10) and is never exchanged (19.14)."""
FRENCH: Final = "french"
CONTINENTAL: Final = "continental"
MILITIA: Final = "militia"
GERMAN: Final = "german"
UNLISTED_NATIONS: Final = frozenset({"french", "spanish", "dutch"})
"""Nations no command circle of WfA 11.2 lists: the rulebook does not say who commands
them (only that Washington alone commands Continentals with French Regulars), so the
colour check leaves them out."""


@dataclass(frozen=True, slots=True)
class Force:
    """A force's SP by nation, its leaders and its army markers."""

    sp_by_nation: Mapping[str, int]
    leaders: tuple[str, ...]
    armies: tuple[str, ...] = ()
    stated_sp: int | None = None
    """The SP the action states (the interpreter sums every counter moved)."""
    unread: int = 0
    """Units whose ids are not SP, leader or army entity ids (not known pieces)."""

    @property
    def known(self) -> bool:
        """Whether every unit named was a known piece (SP, leader or army)."""
        return self.unread == 0

    @property
    def sp(self) -> int:
        """The SP in the force (the stated total when given, else the counters read)."""
        counted = sum(self.sp_by_nation.values())
        return max(counted, self.stated_sp or 0)

    @property
    def exact(self) -> bool:
        """Whether the nations' counts add up to the stated total (two counters of the same
        nation and value are one entity id, so a stack can read short)."""
        return self.stated_sp is None or self.stated_sp == sum(self.sp_by_nation.values())

    @property
    def nations(self) -> frozenset[str]:
        """The nations with SP in the force."""
        return frozenset(n for n, sp in self.sp_by_nation.items() if sp > 0)

    @property
    def leader_alone(self) -> bool:
        """Leaders moving with no SP (WfA 12.1: D6 + 2)."""
        return bool(self.leaders) and self.sp == 0


def read_force(units: Iterable[str], state: WfAState, *, stated_sp: int | None = None,
               armies_counted: bool = False) -> Force:
    """The force named by `units` (entity ids). An army marker brings its Army Card's SP
    and leaders (WfA 11.21) unless `armies_counted` (the ids already list them)."""
    sp: Counter[str] = Counter()
    leaders: list[str] = []
    armies: list[str] = []
    unread = 0
    for unit in units:
        kind, _, rest = unit.partition(":")
        nation, _, value = rest.partition(":")
        value = value.partition(":")[0]  # a dotted counter's `:start` (WfA 10.6)
        if kind == "sp" and value.isdigit():
            sp[nation] += int(value)
        elif kind == "leader" and rest:
            leaders.append(rest)
        elif kind == "army" and rest in ARMY_SIDE:
            armies.append(rest)
        elif kind != "garrison":
            unread += 1
    extra = 0
    if not armies_counted:
        for army in armies:
            card = state.at(box(ARMY_BOX_PREFIX + army))
            for nation, amount in card.sp.items():
                sp[nation] += amount
                extra += amount
            leaders.extend(card.leaders)
    stated = None if stated_sp is None else stated_sp + extra
    return Force(dict(sp), tuple(dict.fromkeys(leaders)), tuple(armies), stated, unread)


def leader_record(data: WfAData, leader: str) -> Leader | None:
    """The data's record of a leader (None: not a leader the data knows)."""
    return data.leaders.get(leader)


def leader_name(data: WfAData, leader: str) -> str:
    """A leader's printed name."""
    record = data.leaders.get(leader)
    return record.name if record is not None else leader


def rank_capacity(data: WfAData, leader: str) -> int | None:
    """The most SP a leader may move, attack or retreat before combat with (WfA 11.3-11.6:
    2, 10 or 20 by his stars); None when his rank is not known."""
    record = data.leaders.get(leader)
    if record is None or record.stars is None:
        return None
    return rank_limit(data.tables, record.stars).command_sp


def stars(data: WfAData, leader: str) -> int | None:
    """A leader's rank in stars (None: unknown)."""
    record = data.leaders.get(leader)
    return None if record is None else record.stars


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether something is allowed: True, False, or None (the data cannot say), and why."""

    allowed: bool | None
    reason: str


def colour_allows(data: WfAData, leader: str, force: Force, *,
                  french_regulars: bool | None = True) -> Verdict:
    """Whether a leader's command circle lets him command every nation in the force
    (WfA 11.2, table T-5; the garbled footnotes read as digest §8 A-8):

    - Red: British, Loyalists, Six Nations, Germans; Light Blue: Germans, British,
      Loyalists; Orange: Loyalists, Six Nations; Dark Blue: Continentals, Militia, Six
      Nations.
    - Knyphausen and Riedesel (purple names) "can move and have combat with
      British/Loyalist units, only if the number of German SP is equal to or greater than
      the number of British/Loyalist SP".
    - Ethan Allan commands only militia.
    - "Only Washington commands Continentals with French Regulars". The Regulars are
      Rochambeau's (13.12, 14.30); d'Estaing's are "French Seasonal Troops" (8.4, 13.11).
      `french_regulars` says whether the French SP may be Regulars: False (Rochambeau's
      fleet not in play yet: every French SP is d'Estaing's) lifts the restriction, None
      (the log cannot tell them apart) leaves it open, True reads every French SP as
      regulars.

    French, Spanish and Dutch SP are otherwise in no circle's list; the rulebook does not
    say who commands them, so they are not judged here.
    """
    record = data.leaders.get(leader)
    name = leader_name(data, leader)
    nations = force.nations
    if FRENCH in nations and CONTINENTAL in nations and leader != WASHINGTON \
            and french_regulars is None:
        return Verdict(None, f"{name} commanded Continentals with French SP; only "
                       "Washington commands Continentals with French Regulars (WfA 11.2), "
                       "and whether these French SP are Rochambeau's Regulars or d'Estaing's "
                       "Seasonal troops (13.12, 8.4) is not in the log")
    if FRENCH in nations and CONTINENTAL in nations and leader != WASHINGTON \
            and french_regulars:
        return Verdict(False, f"{name} commanded Continentals with French SP; only Washington "
                       "commands Continentals with French Regulars (WfA 11.2, its garbled "
                       "footnote read as digest §8 A-8; every French SP counted as regulars)")
    if record is None:
        return Verdict(None, f"{name} is not a leader the data knows")
    if record.militia_only:
        not_militia = sorted(nations - {MILITIA})
        if not_militia:
            return Verdict(False, f"{name} commands only militia (WfA 11.2, its garbled "
                           f"footnote read as digest §8 A-8), not {', '.join(not_militia)} SP")
        return Verdict(True, f"{name} commands militia")
    if record.colour is None:
        return Verdict(None, f"{name}'s command circle colour is not in the data")
    circle = next((c for c in data.tables.t5.circles if c.colour is record.colour), None)
    if circle is None:
        return Verdict(None, f"no T-5 row for the {record.colour} circle")
    listed = set(circle.may_command)
    barred = sorted(nations - listed - UNLISTED_NATIONS)
    if barred:
        return Verdict(False, f"{name}'s {str(record.colour).replace('_', ' ')} circle does "
                       f"not command {', '.join(barred)} SP (WfA 11.2)")
    if record.purple_name:
        others = force.sp_by_nation.get("british", 0) + force.sp_by_nation.get("loyalist", 0)
        germans = force.sp_by_nation.get(GERMAN, 0)
        if others and not force.exact:
            return Verdict(None, f"{name}: the German and British/Loyalist SP cannot be "
                           "counted exactly from the pieces moved")
        if others > germans:
            return Verdict(False, f"{name} moved {others} British/Loyalist SP with only "
                           f"{germans} German SP; he may do so only if the German SP are "
                           "equal or greater (WfA 11.2)")
    return Verdict(True, f"{name} may command {', '.join(sorted(nations)) or 'no SP'}")


def rank_allows(data: WfAData, leader: str, sp: int) -> Verdict:
    """Whether a leader's rank lets him move, attack or retreat before combat with `sp` SP
    (WfA 11.3-11.6, 12.8: "Leaders can never activate, nor move, with more SP than their
    rank allows")."""
    capacity = rank_capacity(data, leader)
    name = leader_name(data, leader)
    if capacity is None:
        return Verdict(None, f"{name}'s rank is not in the data")
    if sp > capacity:
        return Verdict(False, f"{name} ({stars(data, leader)}★) commands at most {capacity} "
                       f"SP, not {sp} (WfA 11.3-11.6)")
    return Verdict(True, f"{name} commands up to {capacity} SP")


def any_allows(verdicts: Iterable[Verdict]) -> Verdict:
    """One of several leaders may command: True if any may, False only if every one is
    known not to, else None."""
    found = list(verdicts)
    if any(v.allowed for v in found):
        return next(v for v in found if v.allowed)
    unknown = [v for v in found if v.allowed is None]
    if unknown:
        return unknown[0]
    return Verdict(False, "; ".join(v.reason for v in found))


def region_of(data: WfAData, place: str) -> Region | None:
    """A space's Region (WfA 3.3: its own, else its colony's, a colony lying in one Region),
    or a sea area's; None when the data does not say."""
    space = data.spaces.get(place)
    if space is not None:
        if space.region is None and space.colony is not None:
            return space.colony.region
        return space.region
    area = data.sea_areas.get(place)
    return area.region if area is not None else None


def sp_of_side(state: WfAState, space: str, side: str) -> int:
    """One side's SP on a space (Six Nations counted for neither, WfA 2.0)."""
    return state.with_armies(space).sp_of(side)


__all__ = [
    "CONTINENTAL",
    "FRENCH",
    "GERMAN",
    "MILITIA",
    "UNLISTED_NATIONS",
    "WASHINGTON",
    "Force",
    "Verdict",
    "any_allows",
    "colour_allows",
    "leader_name",
    "leader_record",
    "rank_allows",
    "rank_capacity",
    "read_force",
    "region_of",
    "sp_of_side",
    "stars",
]
