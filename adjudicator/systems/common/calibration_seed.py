"""A calibration seeded from a module's at-start stacks and a game's set-up.

Every game with a set-up says which pieces start in which place (`SetUp`). A module's
at-start stacks say at which pixel each starting piece stands. A stack whose bound pieces
add up to exactly one set-up line, and that line to exactly that stack, stands on that
line's place: the stack's point is the place's calibration point. Stacks that match no
line, or one of several identical lines (five places that each start with one British PC),
are left for the user to click (`Seeded.stacks`), as are the places no stack seeded.

Pieces are compared by tokens, not names: a game says what each entity counts as
(`SetUp.tokens`: a CU of value 5 counts 5 towards its nationality's strength), so a
set-up line of "5 CUs" matches a stack of one 5-CU counter or of a 2 and a 3.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from adjudicator.binding import Binding, CalibrationPoint
from adjudicator.errors import AdjudicatorError
from adjudicator.systems.common.places import Place
from vmod_schema.buildfile import Module
from vmod_schema.module import Map
from vmod_schema.pieces import decode_piece

Tokens = Callable[[str], Counter[str]]
"""An entity id → what it counts as in a set-up line."""


@dataclass(frozen=True, slots=True)
class SetUpLine:
    """One place of a game's set-up and what starts there, as tokens."""

    place: str
    """The place id, as a binding names it (`space:quebec`, `box:br_reinforcements`)."""
    tokens: tuple[tuple[str, int], ...]
    """Sorted (token, count) pairs."""


@dataclass(frozen=True, slots=True)
class SetUp:
    """A game's set-up: its lines and how its entities count."""

    lines: tuple[SetUpLine, ...]
    tokens: Tokens


@dataclass(frozen=True, slots=True)
class StackPoint:
    """An at-start stack at its map pixel, with the names of its pieces."""

    name: str
    map: str
    x: int
    y: int
    pieces: tuple[str, ...]
    candidates: tuple[str, ...] = ()
    """The set-up places its pieces match (several: the user picks; none: not in the
    set-up, e.g. a stock pool)."""


@dataclass(frozen=True, slots=True)
class Seeded:
    """The seeded calibration and what is left for the user."""

    map: str
    points: dict[str, CalibrationPoint]
    """Place id → point: the binding's own on this map, and those of the stacks that
    matched one set-up line."""
    sources: dict[str, str]
    """Place id → where its point came from (`at-start stack Carleton`, `the binding`)."""
    stacks: tuple[StackPoint, ...]
    """The at-start stacks of the map that seeded nothing."""
    remaining: tuple[str, ...]
    """Place ids still without a point: the set-up's unseeded places first, then the
    binding's other unmatched places."""


def line(place: str, tokens: Counter[str]) -> SetUpLine:
    """A set-up line from a token count (zero counts dropped)."""
    return SetUpLine(place, tuple(sorted((k, n) for k, n in tokens.items() if n > 0)))


def stack_points(module: Module, map_: Map) -> list[StackPoint]:
    """The map's at-start stacks at their map pixels (board pixel plus the map's edge),
    each with the names its pieces show."""
    table = module.prototype_table()
    points = []
    for stack in map_.setup_stacks:
        if stack.use_grid_location:
            continue
        names = []
        for slot in stack.slots:
            type_, state = module.expand_slot(slot, table)
            names.append(decode_piece(type_, state).name or slot.entry_name)
        edge = (map_.edge_width, map_.edge_height) if stack.owning_board else (0, 0)
        points.append(StackPoint(stack.name, map_.identifier, stack.x + edge[0],
                                 stack.y + edge[1], tuple(names)))
    return points


def seed(module: Module, map_: Map, binding: Binding, set_up: SetUp | None, *,
         radius: int) -> Seeded:
    """The calibration of `map_` its at-start stacks give under `set_up`."""
    stacks = stack_points(module, map_)
    by_tokens: dict[tuple[tuple[str, int], ...], list[str]] = {}
    for set_up_line in set_up.lines if set_up is not None else ():
        by_tokens.setdefault(set_up_line.tokens, []).append(set_up_line.place)
    matched: dict[tuple[tuple[str, int], ...], list[StackPoint]] = {}
    for stack in stacks:
        tokens: Counter[str] = Counter()
        for name in stack.pieces:
            entity = binding.entity(name)
            if entity is not None and set_up is not None:
                tokens.update(set_up.tokens(entity))
        key = line("", tokens).tokens
        if key in by_tokens:
            matched.setdefault(key, []).append(stack)
    # The binding's own points on this map stay as they are (the user put them there).
    points = {place: point for place, point in binding.calibration.items()
              if point.map == map_.identifier}
    sources = dict.fromkeys(points, "the binding")
    left: list[StackPoint] = []
    seeded_ids: set[int] = set()
    for key, group in matched.items():
        places = by_tokens[key]
        if len(places) == 1 and len(group) == 1:
            [stack] = group
            seeded_ids.add(id(stack))
            if places[0] in points:
                continue
            points[places[0]] = CalibrationPoint(map=stack.map, x=stack.x, y=stack.y,
                                                 radius=radius)
            sources[places[0]] = f"at-start stack {stack.name}"
        else:
            for stack in group:
                seeded_ids.add(id(stack))
                left.append(StackPoint(stack.name, stack.map, stack.x, stack.y,
                                       stack.pieces, tuple(places)))
    left += [stack for stack in stacks if id(stack) not in seeded_ids]
    set_up_places = [] if set_up is None else [
        set_up_line.place for set_up_line in set_up.lines]
    unmatched = [entity for entity in binding.unmatched.entities if _is_place(entity)]
    remaining = [place for place in dict.fromkeys([*set_up_places, *unmatched])
                 if place not in points and place not in binding.calibration
                 and place not in binding.locations.values()
                 and place not in binding.maps.values()]
    return Seeded(map_.identifier, points, sources, tuple(left), tuple(remaining))


def _is_place(entity: str) -> bool:
    return Place.parse(entity) is not None


def pick_map(module: Module, name: str | None) -> Map:
    """The map to calibrate: the one named, else the one with the most at-start stacks.

    Raises:
        AdjudicatorError: no map of that name, or the module has no map.
    """
    maps: Sequence[Map] = module.maps
    if name is not None:
        for map_ in maps:
            if map_.identifier == name:
                return map_
        raise AdjudicatorError(f"the module has no map {name!r}")
    if not maps:
        raise AdjudicatorError("the module has no map")
    return max(maps, key=lambda map_: len(map_.setup_stacks))


__all__ = ["Seeded", "SetUp", "SetUpLine", "StackPoint", "Tokens", "line", "pick_map",
           "seed", "stack_points"]
