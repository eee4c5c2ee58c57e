"""Battles by hand for the combat, retreat and Major Victory families' tests."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from adjudicator.systems.almost_a_miracle.actions import (
    BattleEnded,
    BattleJoined,
    BattleSide,
    ForceMoved,
    LossTaken,
    Retreated,
)
from adjudicator.systems.almost_a_miracle.data import AaMData, bundled_data
from adjudicator.systems.almost_a_miracle.data.models import Connection, MapStatus
from adjudicator.systems.common.outcomes import Computed, Outcome

BATTLE_AREA = "NE10"
"""Newport: the battles' Area."""


def force(side: str, *sp: tuple[str, int], leaders: tuple[str, ...] = (),
          trains: int = 0) -> BattleSide:
    """A side's force: (unit kind, SP) counters, leaders, baggage trains."""
    return BattleSide(side=side, sp=sp, leaders=leaders, trains=trains,
                      pieces=tuple(f"{side}-{n}" for n in range(len(sp) + len(leaders))))


def british(sp: int, *, leaders: tuple[str, ...] = ("clinton",), trains: int = 0,
            indians: int = 0) -> BattleSide:
    """A British force of regulars (and Indians)."""
    counters = [("brit_regular", sp)] + ([("indian", indians)] if indians else [])
    return force("british", *counters, leaders=leaders, trains=trains)


def continental(regulars: int, militia: int = 0, *, leaders: tuple[str, ...] = ("greene",),
                trains: int = 0) -> BattleSide:
    """A Continental force of regulars and New England militia."""
    counters = [("cont_regular", regulars)] if regulars else []
    if militia:
        counters.append(("ne_militia", militia))
    return force("continental", *counters, leaders=leaders, trains=trains)


def joined(attacker: BattleSide, defender: BattleSide, *, area: str = BATTLE_AREA,
           step: int = 1) -> BattleJoined:
    """A force entering an Area held by the enemy."""
    return BattleJoined(step=step, side=attacker.side, area=area, attacker=attacker,
                        defender=defender)


def loss(side: str, *lost: tuple[str, int], step: int = 10, leaders: tuple[str, ...] = (),
         area: str = BATTLE_AREA) -> LossTaken:
    """SPs and leaders of a side taken out of the battle's Area."""
    return LossTaken(step=step, side=side, area=area, lost=lost, leaders=leaders,
                     pieces=(f"lost-{side}-{step}",))


def retreat(side: str, destination: str = "NE9", *, before: bool = False, step: int = 11,
            sp: tuple[tuple[str, int], ...] = (("cont_regular", 5),),
            leaders: tuple[str, ...] = ("greene",), path: tuple[str, ...] = (),
            area: str = BATTLE_AREA) -> Retreated:
    """A side's pieces leaving the battle's Area."""
    return Retreated(step=step, side=side, area=area, destination=destination, path=path,
                     pieces=(f"retreat-{side}",), leaders=leaders, sp=sp, before_combat=before)


def moved_on(side: str, destination: str = "NE13", *, step: int = 12) -> ForceMoved:
    """A move out of the battle's Area that is no retreat."""
    return ForceMoved(step=step, side=side, pieces=("on",), leaders=("clinton",),
                      sp=(("brit_regular", 10),), trains=0, origin=BATTLE_AREA,
                      destination=destination, path=(), die=None)


def rolls(attacker: tuple[int, ...], defender: tuple[int, ...], *,
          sides: tuple[str, str] = ("british", "continental")
          ) -> tuple[tuple[str, int, tuple[int, ...]], ...]:
    """Single dice before the losses (steps 2 on): the attacker's, then the defender's."""
    dice = [(sides[0], value) for value in attacker] + [(sides[1], value) for value in defender]
    return tuple((side, 2 + n, (value,)) for n, (side, value) in enumerate(dice))


def ended(battle: BattleJoined, **fields: Any) -> BattleEnded:
    """The battle as it ended (step 13)."""
    return BattleEnded(step=13, side=battle.side, joined=battle, last_step=13, **fields)


def with_data(*, leaders: dict[str, dict[str, Any]] | None = None,
              terrain: dict[str, str] | None = None,
              connections: tuple[tuple[str, str, str], ...] = (),
              complete: bool = False, no_walls: tuple[str, ...] = ()) -> AaMData:
    """The bundled data with leader ratings, terrain and connections a user supplies
    (`no_walls`: Areas with neither a city nor a printed fort)."""
    data = bundled_data()
    update: dict[str, Any] = {}
    if no_walls:
        data = data.model_copy(update={"areas": {**data.areas, **{
            key: data.areas[key].model_copy(update={"city": False, "printed_fort": False})
            for key in no_walls}}})
    if leaders:
        update["leaders"] = {**data.leaders, **{
            key: data.leaders[key].model_copy(update=values) for key, values in leaders.items()}}
    if terrain:
        update["areas"] = {**data.areas, **{
            key: data.areas[key].model_copy(update={"terrain": value})
            for key, value in terrain.items()}}
    if connections:
        update["connections"] = tuple(Connection(a=a, b=b, kind=kind, source=("test",))
                                      for a, b, kind in connections)
    if complete:
        update["map_status"] = MapStatus(connections_complete=True)
    return data.model_copy(update=update)


def computed(outcomes: Iterable[Outcome], kind: str) -> Computed:
    """The one computation of a kind among the outcomes."""
    found = [o for o in outcomes if isinstance(o, Computed) and o.kind == kind]
    assert len(found) == 1, [o for o in outcomes if isinstance(o, Computed)]
    return found[0]
