"""Almost a Miracle!'s reading of pieces that come onto the map or leave it (AaM 6, 12,
13.1.4, 14, 15).

A piece arrives when it goes from off the map (a pool, a box, the Turn Record Track, or
nowhere: a new counter) into an Area; it leaves when it goes the other way. The At Sea box
and the Transit Area are part of the board here (a force there is still in play,
AaM 10.1.6, 10.5.6). SPs work like money (AaM 2.0): counters swapped with the counter mix
to make change net out, so only the SPs of a unit kind that the whole board gained (or
lost) in the step arrive (or leave), in the Areas where counters came from off the map.

In the Endeavors Phase, a British recruitment (1 or 2 Loyalist or Canadian SPs put with a
British leader, AaM 12.1-12.2) is an endeavor of its own: it opens one (`EndeavorTaken`)
and takes the British side's last unused 1d6 as its activation die (AaM 8.1). The Royal
Governor is read by `interpret.py` (AaM 13.1.4).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace

from adjudicator.systems.almost_a_miracle.actions import (
    Arrived,
    EndeavorTaken,
    Left,
    PrisonerReleased,
)
from adjudicator.systems.almost_a_miracle.procedure import BRITISH, ENDEAVORS
from adjudicator.systems.almost_a_miracle.reading import ReaderLike
from adjudicator.systems.almost_a_miracle.state import Entity
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.steps import StepView

LOYALIST_KINDS = frozenset({"loyalist_militia", "canadian_militia"})
"""The SPs a British leader recruits (AaM 12.1)."""
_IN_PLAY_BOXES = ("sea", "transit")


def in_play(place: Place | None) -> bool:
    """An Area, the At Sea box or the Transit Area: where pieces are in play."""
    if place is None:
        return False
    if place.kind is PlaceKind.SPACE:
        return True
    key = place.key.casefold()
    return place.kind in (PlaceKind.BOX, PlaceKind.ZONE) and any(
        word in key for word in _IN_PLAY_BOXES)


def _area(place: Place | None) -> str | None:
    return place.key if place is not None and place.kind is PlaceKind.SPACE else None


def read_reinforcements(reader: ReaderLike, view: StepView[Entity, str | None],
                        player: str | None, phase: str | None) -> list[Action]:
    """The arrivals and departures of one step, by side and Area."""
    net: dict[tuple[str, str], int] = defaultdict(int)
    came: dict[tuple[str, str], dict[str, int]] = defaultdict(lambda: defaultdict(int))
    went: dict[tuple[str, str], dict[str, int]] = defaultdict(lambda: defaultdict(int))
    arrived: dict[tuple[str, str], list[tuple[str, Entity]]] = defaultdict(list)
    origins: dict[tuple[str, str], list[str]] = defaultdict(list)
    left: dict[tuple[str, str], list[tuple[str, Entity]]] = defaultdict(list)
    gone_to: dict[str, str] = {}
    released: list[Action] = []
    for relocation in view.pieces:
        if relocation.unresolved:
            continue  # a place the binding cannot name: neither on nor off the map
        before, after = relocation.before, relocation.after
        for placed, sign in ((before, -1), (after, 1)):
            if placed is not None and placed.entity.kind == "sp" and in_play(placed.place):
                side = reader.side_of(placed.entity) or ""
                net[(side, placed.entity.key)] += sign * placed.entity.value
        origin, destination = relocation.origin, relocation.destination
        if _pow_box(origin) and not in_play(destination) and not _pow_box(destination) \
                and before is not None and before.entity.kind == "leader":
            assert origin is not None
            released.append(PrisonerReleased(
                step=view.index, side=reader.side_of(before.entity), player=player,
                leader=before.entity.key, piece=relocation.piece_id, origin=str(origin),
                to=str(destination) if destination is not None else ""))
        if in_play(origin) == in_play(destination):
            continue
        if after is not None and (area := _area(destination)) is not None:
            entity = after.entity
            side = _side(reader, entity)
            arrived[(side, area)].append((relocation.piece_id, entity))
            if origin is not None:
                origins[(side, area)].append(str(origin))
            if entity.kind == "sp":
                came[(side, area)][entity.key] += entity.value
        elif before is not None and (area := _area(origin)) is not None:
            entity = before.entity
            side = _side(reader, entity)
            left[(side, area)].append((relocation.piece_id, entity))
            if entity.kind == "leader":
                gone_to[entity.key] = str(destination) if destination is not None else ""
            if entity.kind == "sp":
                went[(side, area)][entity.key] += entity.value
    gained = {key: value for key, value in net.items() if value > 0}
    lost = {key: -value for key, value in net.items() if value < 0}
    actions: list[Action] = released
    for (side, area), members in left.items():
        sp = _share(side, went[(side, area)], lost)
        leaders = tuple(e.key for _, e in members if e.kind == "leader")
        trains = sum(1 for _, e in members if e.kind == "bt" and not e.flag)
        if sp or leaders or trains:
            actions.append(Left(step=view.index, side=side or None, player=player, area=area,
                                pieces=tuple(p for p, _ in members), sp=sp, leaders=leaders,
                                trains=trains,
                                to=tuple((key, gone_to.get(key, "")) for key in leaders)))
    for (side, area), members in arrived.items():
        sp = _share(side, came[(side, area)], gained)
        leaders = tuple(e.key for _, e in members if e.kind == "leader")
        trains = sum(1 for _, e in members if e.kind == "bt" and not e.flag)
        if not (sp or leaders or trains):
            continue  # the Royal Governor is read by interpret.py (AaM 13.1.4)
        die = None
        recruited = sum(value for kind, value in sp if kind in LOYALIST_KINDS)
        if phase == ENDEAVORS and side == BRITISH and recruited in (1, 2) and \
                _british_leader(reader, area):
            die, dice = reader.reading.dice.take_last(side, ("1d6",))
            reader.reading = replace(reader.reading, dice=dice)
            actions += reader._taken(EndeavorTaken(
                step=view.index, side=side, player=player, kind="recruit",
                reason="Loyalist militia were recruited"))
        actions.append(Arrived(step=view.index, side=side or None, player=player, area=area,
                               pieces=tuple(p for p, _ in members), sp=sp, leaders=leaders,
                               trains=trains, die=die,
                               origins=tuple(origins.get((side, area), ()))))
    return actions


def _side(reader: ReaderLike, entity: Entity) -> str:
    return reader.side_of(entity) or ""


def _pow_box(place: Place | None) -> bool:
    """A Leader POW box (AaM 15.2)."""
    return place is not None and place.kind is PlaceKind.BOX and "pow" in place.key.casefold()


def _share(side: str, moved: dict[str, int], pool: dict[tuple[str, str], int]
           ) -> tuple[tuple[str, int], ...]:
    """The SPs of each kind that really came (or went) here: at most what the whole board
    gained (lost) of that kind, taken from `pool` in Area order."""
    shares: list[tuple[str, int]] = []
    for kind, value in sorted(moved.items()):
        left = pool.get((side, kind), 0)
        share = min(value, left)
        if share > 0:
            pool[(side, kind)] = left - share
            shares.append((kind, share))
    return tuple(shares)


def _british_leader(reader: ReaderLike, area: str) -> bool:
    return any(entity.kind == "leader" and reader.side_of(entity) == BRITISH
               for entity in reader.state.in_area(area))
