"""Almost a Miracle!'s siege and fort markers as the log shows them (AaM 4.1, 4.3, 4.7, 4.8).

- A Siege marker placed on an Area, flipped from Level 1 to Level 2, or removed: one
  `SiegeMarked` per Area, with the besieger (the side whose force last moved into the
  Area, else the side of the step), both sides' SP counters there before the step, the
  besieged SPs put on the Turn Track (a surrender, AaM 4.7.5), the besieging SPs taken off
  the map (losses) and, in a Siege Resolution Phase, the last unused 1d6 of each side (the
  final assault's rolls, AaM 4.7.6b).
- Besieged SPs put on the Turn Track (a surrender, AaM 4.7.5), whether or not the Siege
  marker goes in the same step: `SiegeSurrendered`.
- A force's move into an Area under siege: `SiegeEntered` (a relief force, AaM 4.4).
- A fort marker placed on its Build side, flipped to its Fort side, or removed, and a
  Destroyed Fort marker placed or removed: one `FortMarked`. A module that swaps the Build
  counter for a Fort counter rather than flipping it shows a removal and a placement in
  one Area in one step: read as the flip.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from adjudicator.systems.almost_a_miracle.actions import (
    FortMarked,
    SiegeEntered,
    SiegeLosses,
    SiegeMarked,
    SiegeSurrendered,
)
from adjudicator.systems.almost_a_miracle.procedure import LAST_SIEGE, SIEGE
from adjudicator.systems.almost_a_miracle.reading import ReaderLike
from adjudicator.systems.almost_a_miracle.state import Entity
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.steps import StepView
from adjudicator.systems.common.tracker import Relocation

TURN_TRACK = "turn_track"
"""The box where surrendered leaders and regulars wait four months (AaM 4.7.5)."""


def read_sieges(reader: ReaderLike, view: StepView[Entity, str | None], player: str | None,
                phase: str | None) -> list[Action]:
    """The step's siege and fort markers as actions (after its moves: a besieger is the
    side whose force moved in)."""
    actions: list[Action] = []
    levels: dict[str, list[int]] = {}
    forts: dict[str, list[tuple[str | None, str | None, str | None]]] = {}
    for relocation in view.pieces:
        before = relocation.before.entity if relocation.before is not None else None
        after = relocation.after.entity if relocation.after is not None else None
        origin, destination = _area(relocation.origin), _area(relocation.destination)
        if origin == destination and before == after:
            continue
        if (before is not None and before.kind == "siege") or \
                (after is not None and after.kind == "siege"):
            if before is not None and before.kind == "siege" and origin:
                levels.setdefault(origin, [0, 0])[0] = before.value
            if after is not None and after.kind == "siege" and destination:
                levels.setdefault(destination, [0, 0])[1] = after.value
        if (before is not None and before.kind == "fort") or \
                (after is not None and after.kind == "fort"):
            was = _fort(before) if origin else None
            now = _fort(after) if destination else None
            owner = _owner(after) or _owner(before)
            if origin and origin == destination:
                forts.setdefault(origin, []).append((was, now, owner))
            else:
                if origin and was:
                    forts.setdefault(origin, []).append((was, None, owner))
                if destination and now:
                    forts.setdefault(destination, []).append((None, now, owner))
    last = reader.reading.last
    if last is not None and last.step == view.index and any(
            entity.kind == "siege" for entity in reader.state.in_area(last.destination)):
        actions.append(SiegeEntered(step=view.index, side=last.side, player=player,
                                    area=last.destination, turn=reader.reading.shown.turn))
    marked: set[str] = set()
    for area, (before_level, after_level) in levels.items():
        if before_level != after_level:
            siege = _siege(reader, view, player, phase, area, before_level, after_level)
            actions.append(siege)
            if siege.surrendered:
                marked.add(area)
                found = _composition(reader, view, area, siege.besieger)
                actions.append(SiegeSurrendered(
                    step=view.index, side=view.side, player=player, area=area,
                    level=before_level, besieger=siege.besieger, turn=siege.turn,
                    garrison=siege.garrison, besiegers=siege.besiegers,
                    surrendered=siege.surrendered, besieger_removed=siege.besieger_removed,
                    surrendered_sp=found.surrendered_sp))
    actions += _surrenders(reader, view, player, marked)
    if phase in (SIEGE, LAST_SIEGE):
        done = marked | set(levels) | {a.area for a in actions
                                        if isinstance(a, SiegeSurrendered)}
        actions += _losses(reader, view, player, done)
    for area, changes in forts.items():
        for was, now, owner in _merged(changes):
            if was != now:
                actions.append(FortMarked(step=view.index, side=view.side, player=player,
                                          area=area, before=was, after=now, owner=owner))
    return actions


def _siege(reader: ReaderLike, view: StepView[Entity, str | None], player: str | None,
           phase: str | None, area: str, before: int, after: int) -> SiegeMarked:
    last = reader.reading.last
    besieger = last.side if last is not None and last.destination == area and \
        last.step == view.index else None
    if besieger is None and before == 0:
        besieger = view.side
    found = _composition(reader, view, area, besieger)
    dice: list[tuple[str, int]] = []
    if after == 0 and phase in (SIEGE, LAST_SIEGE):
        queue = reader.reading.dice
        for side in ("british", "continental"):
            die, queue = queue.take_last(side, ("1d6",))
            if die is not None:
                dice.append((side, die))
        reader.reading = replace(reader.reading, dice=queue)
    return SiegeMarked(step=view.index, side=view.side, player=player, area=area,
                       before=before, after=after, besieger=found.besieger,
                       turn=reader.reading.shown.turn, garrison=found.garrison,
                       besiegers=found.besiegers, surrendered=found.surrendered,
                       besieger_removed=found.removed, dice=tuple(dice))


@dataclass(frozen=True, slots=True)
class _Composition:
    besieger: str | None
    garrison: tuple[tuple[str, int], ...]
    besiegers: tuple[tuple[str, int], ...]
    surrendered: int
    removed: int
    surrendered_sp: tuple[tuple[str, int], ...] = ()


def _composition(reader: ReaderLike, view: StepView[Entity, str | None], area: str,
                 besieger: str | None) -> _Composition:
    """Both sides' SP counters in a siege Area before the step, the besieged SPs the step
    put on the Turn Track and the besieging SPs it took off the map."""
    sides = [(entity, reader.side_of(entity)) for entity in _before_in(reader, view, area)
             if entity.kind == "sp"]
    if besieger is None:
        besieger = _likely_besieger(sides)
    garrison = tuple((e.key, e.value) for e, s in sides if s and s != besieger)
    besiegers = tuple((e.key, e.value) for e, s in sides if s and s == besieger)
    surrendered = removed = 0
    boxed: list[tuple[str, int]] = []
    for relocation in view.pieces:
        entity = _entity(relocation)
        if entity is None or entity.kind != "sp":
            continue
        side = reader.side_of(entity)
        origin, destination = _area(relocation.origin), _area(relocation.destination)
        if origin == area and destination is None:
            if side != besieger and _boxed(relocation.destination, TURN_TRACK):
                surrendered += entity.value
                boxed.append((entity.key, entity.value))
            elif side == besieger:
                removed += entity.value
        elif destination == area and origin is None and side == besieger:
            removed -= entity.value
    return _Composition(besieger, garrison, besiegers, surrendered, max(0, removed),
                        tuple(boxed))


def _losses(reader: ReaderLike, view: StepView[Entity, str | None], player: str | None,
            skip: set[str]) -> list[Action]:
    """Each side's SPs a step takes off the map from an Area (less those it puts there
    from off the map: change made), in a Siege Resolution Phase."""
    net: dict[tuple[str, str], int] = {}
    for relocation in view.pieces:
        entity = _entity(relocation)
        side = reader.side_of(entity) if entity is not None else None
        if entity is None or entity.kind != "sp" or side is None:
            continue
        origin, destination = _area(relocation.origin), _area(relocation.destination)
        if origin and destination is None and not _boxed(relocation.destination, TURN_TRACK):
            net[(origin, side)] = net.get((origin, side), 0) + entity.value
        elif destination and origin is None and relocation.origin is None:
            net[(destination, side)] = net.get((destination, side), 0) - entity.value
    return [SiegeLosses(step=view.index, side=side, player=player, area=area, sp=sp,
                        turn=reader.reading.shown.turn)
            for (area, side), sp in sorted(net.items()) if sp > 0 and area not in skip]


def _surrenders(reader: ReaderLike, view: StepView[Entity, str | None], player: str | None,
                skip: set[str]) -> list[Action]:
    """Besieged SPs put on the Turn Track from an Area under siege (AaM 4.7.5)."""
    areas = {_area(r.origin) for r in view.pieces
             if (entity := _entity(r)) is not None and entity.kind == "sp" and
             _boxed(r.destination, TURN_TRACK)}
    actions: list[Action] = []
    for area in sorted(a for a in areas if a):
        levels = [e.value for e in _before_in(reader, view, area) if e.kind == "siege"]
        if not levels or area in skip:
            continue
        found = _composition(reader, view, area, None)
        if found.surrendered:
            actions.append(SiegeSurrendered(
                step=view.index, side=view.side, player=player, area=area,
                level=max(levels), besieger=found.besieger, turn=reader.reading.shown.turn,
                garrison=found.garrison, besiegers=found.besiegers,
                surrendered=found.surrendered, besieger_removed=found.removed,
                surrendered_sp=found.surrendered_sp))
    return actions


def _likely_besieger(sides: list[tuple[Entity, str | None]]) -> str | None:
    """The side with more SPs in the Area (a besieger holds at least the 1:1 ratio); None
    when even or one side alone."""
    totals: dict[str, int] = {}
    for entity, side in sides:
        if side:
            totals[side] = totals.get(side, 0) + entity.value
    if len(totals) != 2:
        return None
    (one, a), (other, b) = totals.items()
    return one if a > b else other if b > a else None


def _before_in(reader: ReaderLike, view: StepView[Entity, str | None], area: str) -> list[Entity]:
    """The entities in an Area before the step (the state is after it)."""
    touched = {relocation.piece_id for relocation in view.pieces}
    found = [entity for piece, (entity, place) in reader.state.pieces.items()
             if piece not in touched and place.kind is PlaceKind.SPACE and place.key == area]
    found += [relocation.before.entity for relocation in view.pieces
              if relocation.before is not None and _area(relocation.origin) == area]
    return found


def _merged(changes: list[tuple[str | None, str | None, str | None]]
            ) -> list[tuple[str | None, str | None, str | None]]:
    """A Build marker removed and a Fort marker placed in one step: the flip."""
    removed = [c for c in changes if c[0] == "build" and c[1] is None]
    placed = [c for c in changes if c[0] is None and c[1] == "fort"]
    if removed and placed:
        changes = [c for c in changes if c is not removed[0] and c is not placed[0]]
        changes.append(("build", "fort", placed[0][2] or removed[0][2]))
    return changes


def _fort(entity: Entity | None) -> str | None:
    if entity is None or entity.kind != "fort":
        return None
    if entity.key == "destroyed":
        return "destroyed"
    return "build" if entity.flag == "build" else "fort"


def _owner(entity: Entity | None) -> str | None:
    if entity is None or entity.kind != "fort" or entity.key == "destroyed":
        return None
    return entity.key or None


def _entity(relocation: Relocation[Entity]) -> Entity | None:
    placed = relocation.after or relocation.before
    return placed.entity if placed is not None else None


def _area(place: Place | None) -> str | None:
    return place.key if place is not None and place.kind is PlaceKind.SPACE else None


def _boxed(place: Place | None, key: str) -> bool:
    return place is not None and place.kind is not PlaceKind.SPACE and \
        key in place.key
