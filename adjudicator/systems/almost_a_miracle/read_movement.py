"""Almost a Miracle!'s reading of the moves the Area-to-Area reader leaves aside: sea moves
into and out of the At Sea box (AaM 10.5), moves through the Transit Area (AaM 10.1.6) and
and a magazine moved (AaM 5.4.1a).

In the Endeavors Phase an embarkation or a landing is the side's Sea Movement endeavor
(AaM 8.0, 10.5.7); an entry into or exit from the Transit Area is a force's (or a leader's)
endeavor. An embarkation takes the side's last unused 1d6 (the activation of more than 12
SPs, AaM 10.5.1, or the ice roll), and so does a landing at New York City or Staten Island
(the ice roll, AaM 10.5.12), when it was rolled in the same step or the one before.

AaM 10.5.10: a force that lands "in an enemy-occupied Area [...] must overrun or fight any
defenders [...] If they lose the battle, the surviving forces are returned to the 'At Sea'
box." A move into the At Sea box by the side that landed in that enemy-occupied Area in
the same endeavor is that return: neither an endeavor nor an embarkation (no action).
A landing is the endeavor's force as the reader keeps it (`Reading.last`): the other side
leaving the Area it landed in retreats inside the British endeavor (AaM 11.3, 11.4).
"""

from __future__ import annotations

from dataclasses import replace

from adjudicator.systems.almost_a_miracle.actions import (
    EndeavorTaken,
    ForceMoved,
    MagazineMoved,
    SeaMoved,
    TransitMoved,
)
from adjudicator.systems.almost_a_miracle.procedure import ENDEAVORS
from adjudicator.systems.almost_a_miracle.reading import ReaderLike
from adjudicator.systems.almost_a_miracle.state import Entity
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.places import Place, PlaceKind, box
from adjudicator.systems.common.steps import StepView
from adjudicator.systems.common.tracker import Relocation

AT_SEA = box("at_sea")
NEW_YORK_PORTS = frozenset({"Y13", "Y12"})
"""New York City and Staten Island: a landing there may be preceded by the ice roll
(AaM 10.5.12)."""
TRANSIT = box("transit")


def read_movement(reader: ReaderLike, view: StepView[Entity, str | None], player: str | None,
                  phase: str | None) -> list[Action]:
    """The step's sea moves, Transit Area moves and magazines moved."""
    groups: dict[tuple[str, str, str], list[tuple[Relocation[Entity], Entity]]] = {}
    actions: list[Action] = []
    for relocation in view.pieces:
        before, after = relocation.before, relocation.after
        origin, destination = relocation.origin, relocation.destination
        if before is None or after is None or origin is None or destination is None or \
                origin == destination:
            continue
        entity = after.entity
        if entity.kind == "bt" and entity.flag == "mag" and before.entity.flag == "mag" and \
                _space(origin) and (_space(destination) or destination in (AT_SEA, TRANSIT)):
            actions.append(MagazineMoved(step=view.index, side=reader.side_of(entity),
                                         player=player, piece=relocation.piece_id,
                                         origin=origin.key, destination=destination.key))
            continue
        if not entity.force:
            continue
        for special, kind in ((AT_SEA, "sea"), (TRANSIT, "transit")):
            if _space(origin) and destination == special:
                groups.setdefault((kind + ":in", origin.key, reader.side_of(entity) or ""),
                                  []).append((relocation, entity))
            elif origin == special and _space(destination):
                groups.setdefault((kind + ":out", destination.key,
                                   reader.side_of(entity) or ""), []).append(
                    (relocation, entity))
    for (kind, area, side), members in groups.items():
        entities = [entity for _, entity in members]
        pieces = tuple(relocation.piece_id for relocation, _ in members)
        leaders = tuple(e.key for e in entities if e.kind == "leader")
        sp = tuple((e.key, e.value) for e in entities if e.kind == "sp")
        if kind.startswith("sea"):
            embark = kind == "sea:in"
            if embark and reader.reading.landed == (side, area):
                reader.reading = replace(reader.reading, landed=None)
                continue  # the beaten landing force returned At Sea (AaM 10.5.10)
            if not embark and side and any(
                    entity.kind == "sp" and reader.side_of(entity) not in (None, side)
                    for entity in reader.state.in_area(area)):
                reader.reading = replace(reader.reading, landed=(side, area))
            elif phase == ENDEAVORS and side:
                reader.reading = replace(reader.reading, landed=None)
            if not embark and phase == ENDEAVORS and side:
                # the endeavor's force: the other side leaving the Area it landed in
                # retreats, inside this endeavor (AaM 10.5.10, 11.3, 11.4)
                reader.reading = replace(reader.reading, last=ForceMoved(
                    step=view.index, side=side, player=player, pieces=pieces,
                    leaders=leaders, sp=sp, trains=sum(e.kind == "bt" for e in entities),
                    origin=AT_SEA.key, destination=area, path=(), die=None))
            die = _recent_die(reader, side or None, view.index) \
                if embark or area in NEW_YORK_PORTS else None
            if phase == ENDEAVORS and side:
                actions.append(EndeavorTaken(step=view.index, side=side, player=player,
                                             kind="sea", reason="a force moved by sea"))
            actions.append(SeaMoved(step=view.index, side=side or None, player=player,
                                    pieces=pieces, leaders=leaders, sp=sp,
                                    trains=sum(e.kind == "bt" for e in entities), area=area,
                                    embark=embark, die=die))
        else:
            if phase == ENDEAVORS and side:
                what = "force" if sp else "leader"
                actions.append(EndeavorTaken(step=view.index, side=side, player=player,
                                             kind=what, reason="a force used the Transit "
                                                               "Area"))
            actions.append(TransitMoved(step=view.index, side=side or None, player=player,
                                        pieces=pieces, leaders=leaders, sp=sp, area=area,
                                        entering=kind == "transit:in"))
    return actions


def _recent_die(reader: ReaderLike, side: str | None, step: int) -> int | None:
    """The side's last unused 1d6 if it was rolled in this step or the one before (an older
    die belongs to something else: a battle, a failed roll already read)."""
    queue = reader.reading.dice
    mine = [die for die in queue if die.button == "1d6" and (side is None or die.side == side)]
    if not mine or mine[-1].step is None or step - mine[-1].step > 1:
        return None
    value, rest = queue.take_last(side, ("1d6",))
    reader.reading = replace(reader.reading, dice=rest)
    return value


def _space(place: Place) -> bool:
    return place.kind is PlaceKind.SPACE
