"""Who stands in a land battle: each side's SP, garrisons, senior leader and army, read from
the position on the battle space (and the Army Card of an army marker there), and the
ground (fortress, fort, entrenchment, Caribbean). Shared by the combat and retreat checks.

An army's SP and leaders sit on its Army Organization Card, not on the map (WfA 3.2, 11.21):
an army marker on the space brings its card's contents into the battle.
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.systems.war_for_america.actions import Combat
from adjudicator.systems.war_for_america.data.vocabulary import BattleRating, Nation, Region
from adjudicator.systems.war_for_america.rules.context import Context
from adjudicator.systems.war_for_america.state import ARMY_SIDE, NATION_SIDE, Holding

SIX_NATIONS = "six_nations"
"""The nation of Six Nations SP (tribes allied to either side, SNC; `state.NATION_SIDE`)."""
REGULARS = frozenset({Nation.BRITISH, Nation.GERMAN, Nation.CONTINENTAL, Nation.FRENCH,
                      Nation.SPANISH, Nation.DUTCH})
"""Regular SP (WfA 13.0 Step 8 sets Regular Units apart from Loyalists and Militia; 19.18:
garrisons are not regulars)."""


@dataclass(frozen=True, slots=True)
class BattleSide:
    """One side on the battle space as the rules count it."""

    side: str
    sp: int
    """SP present (garrison counters not counted, WfA 19.20)."""
    regular_sp: int
    garrisons: int
    leaders: tuple[str, ...]
    stars: int | None
    """The senior leader's stars (0: no leader; None: a leader's rank is not in the data)."""
    rating: BattleRating | None
    second_rating: BattleRating | None
    army: bool
    choice: bool = False
    tactical_commander: bool = False
    """A Tactical Commander of the side is with its SP (WfA 11.27: +1 if in an army)."""
    """Equal senior ranks with different ratings, or an army with several second leaders:
    the player chooses (WfA 11.7, 13.0 Step 5), so the rating used is not known."""

    @property
    def lone_garrison(self) -> bool:
        """Only garrison counters (WfA 19.21)."""
        return self.sp == 0 and self.garrisons > 0


def battle_side(ctx: Context, space: str, side: str, held: Holding | None = None,
                six_nations: int = 0) -> BattleSide:
    """`side`'s forces on `space` (with its armies' cards) as the battle counts them; from
    `held` when given (the space as it was when the battle's dice were rolled), with the
    `six_nations` SP that fight for it (`six_nations_split`)."""
    held = ctx.state.with_armies(space) if held is None else held
    sp, regular = six_nations, 0
    for nation, count in held.sp.items():
        if NATION_SIDE.get(nation) == side:
            sp += count
            regular += count if nation in REGULARS else 0
    garrisons = sum(n for nation, n in held.garrisons.items()
                    if NATION_SIDE.get(nation) == side)
    leaders = [leader for leader in held.leaders
               if (record := ctx.data.leaders.get(leader)) is not None
               and str(record.side) == side]
    army = any(ARMY_SIDE.get(army) == side for army in held.armies)
    tc = any(NATION_SIDE.get(nation) == side for nation in held.tcs)
    records = [ctx.data.leaders[leader] for leader in leaders]
    if any(r.stars is None for r in records):
        return BattleSide(side, sp, regular, garrisons, tuple(leaders), None, None, None, army,
                          tactical_commander=tc)
    if not records:
        return BattleSide(side, sp, regular, garrisons, (), 0, None, None, army,
                          tactical_commander=tc)
    top = max(r.stars or 0 for r in records)
    seniors = [r for r in records if r.stars == top]
    ratings = {r.battle for r in seniors}
    choice = len(ratings) > 1
    rating = seniors[0].battle if not choice else None
    second: BattleRating | None = None
    if army:
        others = [r for r in records if r is not seniors[0]]
        seconds = {r.battle for r in others}
        choice = choice or len(seconds) > 1
        second = others[0].battle if len(seconds) == 1 else None
    return BattleSide(side, sp, regular, garrisons, tuple(leaders), top, rating, second, army,
                      choice, tactical_commander=tc)


def six_nations_split(combat: Combat, held: Holding) -> tuple[int, int] | None:
    """The Six Nations SP on the battle space (`held`) that fight for the attacker and for
    the defender: WfA 13.0 Step 3, "Each player adds up all his SP", and Step 8 takes Six
    Nations first among either side's losses; 11.2: red, orange and dark blue leaders
    command them, so a tribe fights for the side the Six Nations Card gives it, which the
    log does not show. Those that came in with the attacking force are its
    (`Combat.six_nations`); None when some stood there already, or the count there is not
    the one the force brought."""
    there = held.sp[SIX_NATIONS]
    split = combat.six_nations
    if there == 0:
        return (0, 0)
    if split is None or sum(split) != there:
        return None
    return split


@dataclass(frozen=True, slots=True)
class BattleGround:
    """What the battle space adds: fortress (WfA 17.1), the defender's fort (17.5) and
    entrenchment (17.10), the Caribbean (19.31), a coastal space (an amphibious landing,
    12.16, is possible only there; None: not stated)."""

    fortress: bool
    fort: bool
    entrenchment: bool
    caribbean: bool
    coastal: bool | None


def battle_ground(ctx: Context, space: str, defender: str, here: Holding | None = None
                  ) -> BattleGround:
    """The ground of a battle on `space` held by `defender` (`here`: the space as it was
    when the battle's dice were rolled)."""
    here = ctx.state.space(space) if here is None else here
    record = ctx.data.spaces.get(space)
    return BattleGround(
        fortress=(record is not None and record.fortress) or here.markers["fortress"] > 0,
        fort=(defender, "complete") in here.forts,
        entrenchment=defender in here.entrenchments,
        caribbean=record is not None and record.region is Region.CARIBBEAN,
        coastal=None if record is None else record.coastal)


__all__ = ["REGULARS", "SIX_NATIONS", "BattleGround", "BattleSide", "battle_ground",
           "battle_side", "six_nations_split"]
