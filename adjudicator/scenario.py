"""Scenario files: scripted plays written as real VASSAL logs, with the findings expected.

A scenario is a small TOML file of player actions ("play a 3-OPS card", "move Howe with
5 CUs from Boston to New York", "roll 1d6 = 4", "place a British PC in Norfolk", "undo")
plus the findings a correct referee reports. `build_scenario_log` writes the log through
`vmod_schema`'s writer using the module's own piece definitions, so the file is read by the
same code that reads real logs. Nothing here knows a particular game: pieces, places and
dice buttons are looked up by name in the module.

    source = "made-up scenario: Howe overreaches (tests WW 7.3.A)"
    module = "../module/buildFile.xml"
    setup_files = ["t1-setup.toml"]
    [players]
    British = "Bea"
    American = "Al"
    [[actions]]
    do = "play"
    player = "British"
    card = "Fixture OPS 3 A"
    [[actions]]
    do = "move"
    player = "British"
    pieces = ["Howe", "British CU 5"]
    path = ["Boston", "New York"]
    [[actions]]
    do = "exchange"
    player = "British"
    at = "New York"
    remove = ["British CU 5"]
    place = ["British CU 2", "British CU 3"]
    [[expect]]
    rule_id = "WW-MOV-02"
    step = 2
"""

from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from adjudicator.errors import AdjudicatorError
from vmod_schema.builder import GameBuilder
from vmod_schema.buildfile import Map, Module, PieceSlot, open_module
from vmod_schema.commands import (
    AddPiece,
    ChangeGlobalProperty,
    ChangePiece,
    Chat,
    Command,
    MovePiece,
    RemovePiece,
)
from vmod_schema.grids import RegionGrid, ZonedGrid
from vmod_schema.pieces import BasicPiece, Piece, decode_piece
from vmod_schema.savefile import GameFileInfo
from vmod_schema.sequence import join, split
from vmod_schema.traits import Layer

_MODEL = ConfigDict(frozen=True, extra="forbid")
HAND_SPACING = 110
"""Pixels between two pieces laid along a player's hand."""


class ScenarioError(AdjudicatorError):
    """A scenario file that cannot be built: a bad field, or a name the module lacks."""


class Placement(BaseModel):
    """A piece in the starting position."""

    model_config = _MODEL
    piece: str
    """The piece slot's name in the module (e.g. `Howe`, `British CU 5`, `PC`)."""
    at: str
    """A location name (region, zone), a deck name, or a map name (a player's hand)."""
    count: int = 1
    level: str | None = None
    """For a multi-level piece (a two-sided PC), the level name to show."""
    slot: int | None = Field(default=None, ge=0, le=1000)
    """For a piece in a player's hand, which place along the hand it takes (0: the first;
    pieces given one place are stacked there); None: the next free one. `end_position`
    keeps it, so that a scenario carrying a game on starts with the hand laid out as the
    last one ended (a PBEM series stays continuous)."""


class PlayCard(BaseModel):
    """A card moved from its player's hand to a deck, box or zone (default `Discard`)."""

    model_config = _MODEL
    do: Literal["play"]
    player: str
    card: str
    to: str = "Discard"


class MovePieces(BaseModel):
    """Pieces moved together along a path, one drag per leg (the first piece leads). Each
    piece is taken from the path's first place, or from the place after ` @ ` in its name
    (`"Percy @ Y8 Perth Amboy"`: pieces of two places moved in one step)."""

    model_config = _MODEL
    do: Literal["move"]
    player: str
    pieces: list[str]
    path: list[str] = Field(min_length=2)


class PlacePiece(BaseModel):
    """A new piece put on the map from the palette (e.g. a PC marker)."""

    model_config = _MODEL
    do: Literal["place"]
    player: str
    piece: str
    at: str
    level: str | None = None


class FlipPiece(BaseModel):
    """A piece's layer changed to another level (e.g. a PC flipped to the other side)."""

    model_config = _MODEL
    do: Literal["flip"]
    player: str
    piece: str
    at: str
    level: str


class RemovePieces(BaseModel):
    """A piece deleted from the map."""

    model_config = _MODEL
    do: Literal["remove"]
    player: str
    piece: str
    at: str


class ExchangePieces(BaseModel):
    """Counters taken off a location and others put there from the palette, in one step
    (e.g. making change with CU counters: a `5` for a `2` and a `3`)."""

    model_config = _MODEL
    do: Literal["exchange"]
    player: str
    at: str
    remove: list[str] = Field(min_length=1)
    place: list[str] = Field(min_length=1)


class RollDice(BaseModel):
    """A dice button pressed, with the result the scenario wants."""

    model_config = _MODEL
    do: Literal["roll"]
    player: str
    button: str
    result: list[int]


class UndoStep(BaseModel):
    """VASSAL's undo of the previous step."""

    model_config = _MODEL
    do: Literal["undo"]


class SayChat(BaseModel):
    """A typed chat line."""

    model_config = _MODEL
    do: Literal["chat"]
    player: str
    text: str


class SetProperty(BaseModel):
    """A module global property set to a value (a turn marker, a phase marker)."""

    model_config = _MODEL
    do: Literal["set"]
    player: str
    property: str
    value: str


Action = Annotated[PlayCard | MovePieces | PlacePiece | FlipPiece | RemovePieces
                   | ExchangePieces | RollDice | UndoStep | SayChat | SetProperty,
                   Field(discriminator="do")]


class Expectation(BaseModel):
    """A finding the referee must report (rule id, step, and severity)."""

    model_config = _MODEL
    rule_id: str
    step: int
    severity: str = "illegal"


class SetupFile(BaseModel):
    """A shared starting position (e.g. a game's standard set-up)."""

    model_config = _MODEL
    source: str
    setup: list[Placement] = Field(default_factory=list)


class PlacePoint(BaseModel):
    """A named point of a map, in map pixels."""

    model_config = _MODEL
    map: str
    x: int
    y: int


class PlacesFile(BaseModel):
    """Named points of a module's maps, for a module whose map has no grid (its places are
    only pixels): the writer puts a piece named to stand `at` one of them there."""

    model_config = _MODEL
    source: str
    places: dict[str, PlacePoint] = Field(default_factory=dict)


class Scenario(BaseModel):
    """A scripted play and the findings it must produce."""

    model_config = _MODEL
    source: str
    """Where the scenario comes from (e.g. a rulebook example, or `made-up`)."""
    title: str = ""
    module: str
    """The module's buildFile or .vmod, relative to the scenario file."""
    data: list[str] = Field(default_factory=list)
    """Game data files (user-supplied facts) the check needs, relative to the file."""
    binding: str | None = None
    options: list[str] = Field(default_factory=list)
    """The game's optional rules the scenario is played with (`--option`)."""
    players: dict[str, str] = Field(default_factory=dict)
    """Side → player name."""
    places: list[str] = Field(default_factory=list)
    """Files of named map points (`PlacesFile`), relative to the file: where a name puts a
    piece on a map without a grid, whose pixels name nothing."""
    setup_files: list[str] = Field(default_factory=list)
    setup: list[Placement] = Field(default_factory=list)
    actions: list[Action] = Field(default_factory=list)
    expect: list[Expectation] = Field(default_factory=list)
    """Every finding of severity illegal (and any listed) the referee must report; a
    scenario that expects nothing asserts that no illegal finding appears."""


def load_scenario(path: Path) -> Scenario:
    """Read a scenario file.

    Raises:
        ScenarioError: malformed TOML or fields, naming the file and key.
    """
    return _validated(Scenario, path)


_M = TypeVar("_M", bound=BaseModel)


def _validated(model: type[_M], path: Path) -> _M:
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
        return model.model_validate(raw)
    except tomllib.TOMLDecodeError as error:
        raise ScenarioError(f"not valid TOML: {error}", file=path) from None
    except ValidationError as error:
        problems = "; ".join(f"key {'.'.join(str(p) for p in item['loc'])}: {item['msg']}"
                             for item in error.errors())
        raise ScenarioError(f"bad scenario: {problems}", file=path) from None


# --------------------------------------------------------------------------- the module


@dataclasses.dataclass(frozen=True, slots=True)
class Spot:
    """Where a name puts a piece: a map point, or the inside of a deck."""

    map_id: str
    x: int
    y: int
    deck: str | None = None


class ModuleIndex:
    """Looks up piece slots, places and dice buttons of a module by their names."""

    def __init__(self, module: Module) -> None:
        self.module = module
        self._prototypes = module.prototype_table()
        self._slots: dict[str, PieceSlot] = {}
        for slot in module.piece_slots:
            self._slots.setdefault(slot.entry_name, slot)
        self._spots: dict[str, Spot] = {}
        self._hand_slots: dict[str, int] = {}
        for map_ in module.maps:
            self._index_map(map_)

    def _index_map(self, map_: Map) -> None:
        for pile in map_.draw_piles:
            origin = self._board_origin(map_, pile.owning_board)
            self._spots[pile.name] = Spot(map_.identifier, origin[0] + pile.x,
                                          origin[1] + pile.y, deck=pile.name)
        for board in map_.boards:
            origin = self._board_origin(map_, board.name)
            grid = board.grid
            zones = grid.zones if isinstance(grid, ZonedGrid) else ()
            for zone in zones:
                points = zone.path
                if points:
                    xs = [p[0] for p in points]
                    ys = [p[1] for p in points]
                    self._spots.setdefault(zone.name, Spot(
                        map_.identifier, origin[0] + (min(xs) + max(xs)) // 2,
                        origin[1] + (min(ys) + max(ys)) // 2))
            regions = grid.background if isinstance(grid, ZonedGrid) else grid
            if isinstance(regions, RegionGrid):
                for region in regions.regions:
                    self._spots.setdefault(region.name, Spot(
                        map_.identifier, origin[0] + region.x, origin[1] + region.y))
        if not any(b.grid for b in map_.boards):
            self._spots.setdefault(map_.identifier, Spot(map_.identifier, 60, 100))

    @staticmethod
    def _board_origin(map_: Map, board: str | None) -> tuple[int, int]:
        """Map coordinates of a board's top-left corner: its map's edge buffer, since
        scenario modules place a single board at column 0, row 0 (FORMAT.md §7.5)."""
        if board and len(map_.boards) > 1:
            raise ScenarioError(f"map {map_.identifier!r} has several boards; scenarios "
                                "support one board per map")
        return map_.edge_width, map_.edge_height

    def add_places(self, places: PlacesFile) -> None:
        """Name points of maps without a grid (a name the module's grid knows keeps its
        spot)."""
        for name, point in places.places.items():
            self._spots.setdefault(name, Spot(point.map, point.x, point.y))

    def lookup(self, name: str) -> Spot | None:
        """The point a name stands for, without taking a hand slot."""
        return self._spots.get(name)

    def spot(self, name: str, slot: int | None = None) -> Spot:
        """The point a location, zone, deck or hand name stands for; in a hand, the place
        `slot` along it, else the next one after any taken."""
        spot = self.lookup(name)
        if spot is None:
            raise ScenarioError(f"no location, deck or map named {name!r} in the module")
        if spot.deck is None and spot.map_id == name:
            # A hand: spread the cards along it.
            index = self._hand_slots.get(name, 0) if slot is None else slot
            self._hand_slots[name] = max(self._hand_slots.get(name, 0), index + 1)
            return Spot(spot.map_id, spot.x + HAND_SPACING * index, spot.y)
        if slot is not None:
            raise ScenarioError(f"a slot is given for {name!r}, which is not a hand")
        return spot

    def hand_slot(self, spot: Spot) -> int | None:
        """Which place along its hand a point in a hand is (None: not in a hand)."""
        hand = self.lookup(spot.map_id)
        if hand is None or hand.deck is not None or hand.map_id != spot.map_id:
            return None
        return (spot.x - hand.x) // HAND_SPACING

    def definition(self, name: str) -> tuple[str, str]:
        """The piece slot's type and state with prototypes expanded (§7.9)."""
        slot = self._slots.get(name)
        if slot is None:
            raise ScenarioError(f"no piece slot named {name!r} in the module")
        return self.module.expand_slot(slot, self._prototypes)


def set_position(piece: Piece, map_id: str | None, x: int, y: int) -> Piece:
    """The piece with its basic state's map, x and y replaced (other fields kept)."""
    inner = piece.inner
    if not isinstance(inner, BasicPiece):
        raise ScenarioError("only a basic piece can be placed")
    fields = split(inner.raw_state or "null;0;0", ";")
    fields[:3] = [map_id or "null", str(x), str(y)]
    return dataclasses.replace(piece, inner=inner.with_state(join(fields, ";")))


def set_level(piece: Piece, level: str) -> Piece:
    """The piece with the Layer that has a level named `level` showing that level."""
    traits = list(piece.traits)
    for index, trait in enumerate(traits):
        if isinstance(trait, Layer):
            names = trait.layout().level_names
            if level in names:
                traits[index] = dataclasses.replace(trait, raw_state=str(names.index(level) + 1))
                return dataclasses.replace(piece, traits=traits)
    raise ScenarioError(f"no layer of {piece.name!r} has a level named {level!r}")


# --------------------------------------------------------------------------- building


@dataclasses.dataclass
class _Tracked:
    piece_id: str
    name: str
    slot: str
    spot: Spot
    type_: str
    state: str


class _Writer:
    """Turns scenario actions into the commands VASSAL would record."""

    def __init__(self, scenario: Scenario, index: ModuleIndex) -> None:
        self.scenario = scenario
        self.index = index
        self.game = GameBuilder()
        self.pieces: list[_Tracked] = []
        self.decks: dict[str, list[str]] = {}
        self._history: list[tuple[list[_Tracked], list[tuple[_Tracked, _Tracked]]]] = []
        self.passwords = {side: f"scenario-{side.lower()}-secret" for side in scenario.players}
        for side, name in scenario.players.items():
            self.game.add_player(self.passwords[side], name, side)
        for map_ in index.module.maps:
            if map_.boards:
                self.game.select_board(map_.identifier, map_.boards[0].name)

    def _new(self, slot: str, spot: Spot, level: str | None) -> _Tracked:
        type_, state = self.index.definition(slot)
        piece = set_position(decode_piece(type_, state), spot.map_id, spot.x, spot.y)
        if level is not None:
            piece = set_level(piece, level)
        tracked = _Tracked(self.game.new_id(), piece.name, slot, spot, piece.encode_type(),
                           piece.encode_state())
        self.pieces.append(tracked)
        return tracked

    def setup(self, placements: Sequence[Placement]) -> None:
        at_point: dict[tuple[str, int, int], list[str]] = {}
        for placement in placements:
            for _ in range(placement.count):
                spot = self.index.spot(placement.at, placement.slot)
                tracked = self._new(placement.piece, spot, placement.level)
                self.game.place(tracked.type_, tracked.state, tracked.piece_id)
                if spot.deck is not None:
                    self.decks.setdefault(spot.deck, []).append(tracked.piece_id)
                else:
                    at_point.setdefault((spot.map_id, spot.x, spot.y), []).append(
                        tracked.piece_id)
        for (map_id, x, y), members in at_point.items():
            if len(members) > 1:
                self.game.place("stack", join([map_id, str(x), str(y), *members], ";"))
        for deck, members in self.decks.items():
            spot = self.index.spot(deck)
            self.game.place(_deck_type(deck), join(
                [spot.map_id, str(spot.x), str(spot.y), "false", join(members, ",")], ";"))

    def find(self, name: str, at: str | None = None,
             taken: Sequence[_Tracked] = ()) -> _Tracked:
        for tracked in reversed(self.pieces):
            if tracked.name != name and tracked.slot != name:
                continue
            if any(tracked is other for other in taken):
                continue  # several pieces of one name moved together: each a different one
            if at is None or self._is_at(tracked, at):
                return tracked
        where = f" at {at!r}" if at else ""
        raise ScenarioError(f"no piece {name!r}{where} in the scenario's position")

    def _is_at(self, tracked: _Tracked, at: str) -> bool:
        spot = self.index.lookup(at)
        if spot is not None and spot.deck is None and spot.map_id == at:
            return tracked.spot.map_id == at  # a hand: anywhere along it
        return spot is not None and (tracked.spot.map_id, tracked.spot.x, tracked.spot.y) == (
            spot.map_id, spot.x, spot.y)

    def act(self, action: Action) -> None:
        if isinstance(action, UndoStep):
            self.game.undo()
            self._undo_positions()
            return
        player = self.passwords.get(getattr(action, "player", ""), None)
        # What the pieces were before this action, for an undo of it.
        self._history.append((list(self.pieces),
                              [(t, dataclasses.replace(t)) for t in self.pieces]))
        if isinstance(action, PlayCard):
            self.game.step(*self._move([self.find(action.card)], action.to, player, None))
        elif isinstance(action, MovePieces):
            movers: list[_Tracked] = []
            for name in action.pieces:
                named, _, start = name.partition(" @ ")
                movers.append(self.find(named, start or action.path[0], movers))
            commands: list[Command] = []
            for origin, place in zip(action.path, action.path[1:], strict=False):
                commands += self._move(movers, place, player, origin)
            self.game.step(*commands)
        elif isinstance(action, PlacePiece):
            spot = self.index.spot(action.at)
            tracked = self._new(action.piece, spot, action.level)
            self.game.step(AddPiece(tracked.piece_id, tracked.type_, tracked.state),
                           Chat(f"* {tracked.name} created in {action.at} *"))
        elif isinstance(action, FlipPiece):
            # Of several such pieces, one not already showing that level.
            done = [t for t in self.pieces if t.name == action.level]
            try:
                tracked = self.find(action.piece, action.at, done)
            except ScenarioError:
                tracked = self.find(action.piece, action.at)
            old = tracked.state
            piece = set_level(decode_piece(tracked.type_, old), action.level)
            tracked.state, tracked.name = piece.encode_state(), piece.name
            self.game.step(ChangePiece(tracked.piece_id, tracked.state, old))
        elif isinstance(action, RemovePieces):
            tracked = self.find(action.piece, action.at)
            self.pieces.remove(tracked)
            self.game.step(RemovePiece(tracked.piece_id))
        elif isinstance(action, ExchangePieces):
            swap: list[Command] = []
            for name in action.remove:
                tracked = self.find(name, action.at)
                self.pieces.remove(tracked)
                swap.append(RemovePiece(tracked.piece_id))
            spot = self.index.spot(action.at)
            for name in action.place:
                tracked = self._new(name, spot, None)
                swap.append(AddPiece(tracked.piece_id, tracked.type_, tracked.state))
            swap.append(Chat(f"* {', '.join(action.remove)} exchanged for "
                             f"{', '.join(action.place)} in {action.at} *"))
            self.game.step(*swap)
        elif isinstance(action, RollDice):
            name = self.scenario.players.get(action.player, action.player)
            values = ",".join(str(v) for v in action.result)
            self.game.step(Chat(f"*** {action.button} = {values} *** &lt;{name}&gt;"),
                           ChangeGlobalProperty(f"{action.button}_result", "", values,
                                                "Module"))
        elif isinstance(action, SayChat):
            name = self.scenario.players.get(action.player, action.player)
            self.game.step(Chat(f"&lt;{name}&gt; - {action.text}"))
        elif isinstance(action, SetProperty):
            self.game.step(ChangeGlobalProperty(action.property, "", action.value, "Module"))

    def _undo_positions(self) -> None:
        if self._history:
            pieces, saved = self._history.pop()
            self.pieces = pieces
            for tracked, before in saved:
                tracked.spot, tracked.state, tracked.name = before.spot, before.state, before.name

    def _move(self, movers: Sequence[_Tracked], place: str, player: str | None,
              origin: str | None) -> list[Command]:
        target = self.index.spot(place)
        commands: list[Command] = []
        under = "null"
        names = []
        for tracked in movers:
            old = tracked.spot
            commands.append(MovePiece(
                tracked.piece_id, target.map_id, str(target.x), str(target.y), under,
                old.map_id, str(old.x), str(old.y), "null", player=player))
            under = tracked.piece_id
            tracked.spot = target
            names.append(tracked.name)
        if origin is not None:
            commands.append(Chat(f"* {', '.join(names)} moves {origin} -> {place} *"))
        return commands


def _deck_type(name: str) -> str:
    fields = ["deck", "true", "0,0,0", "100", "150", "Always", "Always", "false", "true",
              "false", "", "", "", name]
    return join(fields, ";")


def _played(path: Path) -> tuple[Scenario, Module, _Writer]:
    """The scenario at `path`, its module, and a writer that has played all its actions."""
    scenario = load_scenario(path)
    module = open_module((path.parent / scenario.module).resolve())
    index = ModuleIndex(module)
    for places in scenario.places:
        index.add_places(_validated(PlacesFile, (path.parent / places).resolve()))
    writer = _Writer(scenario, index)
    placements: list[Placement] = []
    for setup in scenario.setup_files:
        placements += _validated(SetupFile, (path.parent / setup).resolve()).setup
    writer.setup([*placements, *scenario.setup])
    for action in scenario.actions:
        writer.act(action)
    return scenario, module, writer


def end_position(path: Path) -> list[Placement]:
    """Where every piece stands once the scenario at `path` has played all its actions, as
    set-up placements (one per slot, place and level, with a count): the starting position
    of a scenario that carries the play on (e.g. the next turn of a played game).

    Raises:
        ScenarioError: the scenario is malformed or names something the module lacks.
    """
    _, _, writer = _played(path)
    names: dict[tuple[str, int, int], str] = {}
    hands: set[str] = set()
    for name, spot in writer.index._spots.items():
        if spot.deck is None and spot.map_id == name:
            hands.add(name)
        elif spot.deck is None:
            names.setdefault((spot.map_id, spot.x, spot.y), name)
    counts: dict[tuple[str, str, str | None, int | None], int] = {}
    for tracked in writer.pieces:
        spot = tracked.spot
        hand_slot = None
        if spot.deck is not None:
            at = spot.deck
        elif spot.map_id in hands:
            at, hand_slot = spot.map_id, writer.index.hand_slot(spot)
        else:
            at = names[(spot.map_id, spot.x, spot.y)]
        key = (tracked.slot, at, tracked.name if tracked.name != tracked.slot else None,
               hand_slot)
        counts[key] = counts.get(key, 0) + 1
    return [Placement(piece=slot, at=at, count=n, level=level, slot=hand_slot)
            for (slot, at, level, hand_slot), n in counts.items()]


def build_scenario_log(path: Path, out: Path) -> Path:
    """Write the scenario at `path` as a VASSAL log at `out`; returns `out`.

    Raises:
        ScenarioError: the scenario is malformed or names something the module lacks.
    """
    scenario, module, writer = _played(path)
    info = GameFileInfo(module_name=module.name, module_version=module.version,
                        vassal_version=module.vassal_version or "3.7.12",
                        description=scenario.title, date_saved_ms=1_700_000_000_000)
    return writer.game.write(out, info=info, key=0x2A)


__all__ = ["PlacePoint", "Placement", "PlacesFile", "Scenario", "ScenarioError",
           "build_scenario_log", "end_position", "load_scenario"]
