"""The reading of map markers (Fortress, Siege, partisans, massacres): what their comings
and goings show, as typed actions (called from `Reader.step`).

- A map marker entering a locale is `MapMarkerPlaced`, leaving one `MapMarkerRemoved`
  (a marker dragged from one locale to another is both), removals first; `side` is a
  partisan's own (Rebels American, Tories British), else the side of the player who did
  it, None when the log does not say (a piece put from the palette is logged with no
  player: the rules then take the side acting in the phase).
- After the step, a fortress that had land units or leaders with it and has none left is
  `MapMarkerStranded` (AR 28.4(1): it goes when "all friendly units move out of the locale
  or are eliminated"; a lone leader keeps it, FAQ); a Siege marker left without a fortress
  or without both sides in its locale is stranded too (AR 28.14).
- A fortress locale that held both sides' land pieces and holds only one side's after the
  step is `FortressTaken`: the other side's pieces are gone (AR 28.5). Whether they were
  the garrison or the attackers is the procedure's to tell (who besieged, who entered).

Fleets are never a garrison (AR 24.11: "fleets may not make any use of friendly
fortresses"); they are told by their formation id (`gb_fleet`, `fr_fleet`, ...).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from adjudicator.systems.american_revolution.actions import (
    FortressTaken,
    MapMarkerPlaced,
    MapMarkerRemoved,
    MapMarkerStranded,
)
from adjudicator.systems.american_revolution.state import MAP_MARKERS, ARState, Entity
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.steps import StepView
from adjudicator.systems.common.tracker import Relocation

Owner = Callable[[Entity], str | None]


def is_land(entity: Entity) -> bool:
    """A land unit or a leader: what garrisons a fortress or besieges one (AR 24.11, 28.2,
    FAQ: a lone leader)."""
    return entity.kind == "leader" or (entity.kind == "unit"
                                       and not entity.key.endswith("_fleet"))


def land_sides(entities: Iterable[Entity], owner: Owner) -> frozenset[str]:
    """The sides with land units or leaders among these entities."""
    return frozenset(side for entity in entities if is_land(entity)
                     and (side := owner(entity)) is not None)


def map_markers(view: StepView[Entity, str | None], player: str | None, state: ARState,
                owner: Owner) -> list[Action]:
    """The map markers placed and removed in a step, then the fortresses and sieges it left
    stranded or taken."""
    actions: list[Action] = []
    placed: list[Action] = []
    touched: set[str] = set()
    arrived: dict[str, list[Entity]] = {}
    left: dict[str, list[Entity]] = {}
    gone: dict[str, list[tuple[str, Entity, bool]]] = {}
    for relocation in view.pieces:
        entity = _entity(relocation)
        if entity is None:
            continue
        origin, destination = relocation.origin, relocation.destination
        if origin == destination:
            continue
        if _locale(origin):
            assert origin is not None
            touched.add(origin.key)
            left.setdefault(origin.key, []).append(entity)
            gone.setdefault(origin.key, []).append(
                (relocation.piece_id, entity, _locale(destination)))
            if entity.kind in MAP_MARKERS:
                actions.append(MapMarkerRemoved(
                    step=view.index, side=view.side, player=player, kind=entity.kind,
                    key=entity.key, locale=origin.key,
                    to=None if destination is None else str(destination)))
        if _locale(destination):
            assert destination is not None
            touched.add(destination.key)
            arrived.setdefault(destination.key, []).append(entity)
            if entity.kind in MAP_MARKERS:
                side = entity.key if entity.key in ("US", "GB") else view.side
                placed.append(MapMarkerPlaced(
                    step=view.index, side=side, player=player, kind=entity.kind,
                    key=entity.key, locale=destination.key,
                    origin=None if origin is None else str(origin)))
    actions += placed
    for locale in sorted(touched):
        after = state.in_locale(locale)
        before = _without(after, arrived.get(locale, [])) + left.get(locale, [])
        actions += _judged_locale(view.index, locale, before, after, owner,
                                  gone.get(locale, []))
    return actions


def _judged_locale(step: int, locale: str, before: list[Entity], after: list[Entity],
                   owner: Owner, gone: list[tuple[str, Entity, bool]]) -> list[Action]:
    found: list[Action] = []
    sides_before, sides_after = land_sides(before, owner), land_sides(after, owner)
    fort_before = any(e.kind == "fortress" for e in before)
    fort_after = any(e.kind == "fortress" for e in after)
    if fort_before and fort_after and sides_before and not sides_after:
        found.append(MapMarkerStranded(step=step, kind="fortress", locale=locale))
    siege_before = any(e.kind == "siege" for e in before)
    if siege_before and any(e.kind == "siege" for e in after):
        held_before = fort_before and len(sides_before) == 2
        if held_before and not (fort_after and len(sides_after) == 2):
            found.append(MapMarkerStranded(step=step, kind="siege", locale=locale))
    if fort_before and fort_after and len(sides_before) == 2 and len(sides_after) == 1:
        (winner,) = sides_after
        (loser,) = sides_before - sides_after
        lost = [(piece, marched) for piece, entity, marched in gone if owner(entity) == loser]
        found.append(FortressTaken(step=step, side=winner, locale=locale, loser=loser,
                                   pieces=tuple(piece for piece, _ in lost),
                                   marched=any(marched for _, marched in lost)))
    return found


def _without(entities: list[Entity], gone: list[Entity]) -> list[Entity]:
    rest = list(entities)
    for entity in gone:
        if entity in rest:
            rest.remove(entity)
    return rest


def _entity(relocation: Relocation[Entity]) -> Entity | None:
    placed = relocation.after or relocation.before
    return placed.entity if placed is not None else None


def _locale(place: Place | None) -> bool:
    return place is not None and place.kind is PlaceKind.SPACE
