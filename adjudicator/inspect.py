"""Summaries of VASSAL files for `adjudicator inspect`: what a module, save or log holds.

The summaries are pydantic models so the CLI can print them as text or as one JSON
object. They never contain a player's user id (VASSAL's clear-text password), and they show
pieces as VASSAL shows them to the other player unless the viewpoint reveals everything
(`adjudicator.replay.visibility`): a masked piece by its mask name, a hidden one not at
all, pieces in a hand or a face-down deck only as a count.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict

from adjudicator.replay import Board, PieceId, PieceKind, Step, Timeline, iter_steps
from adjudicator.replay.dice import Roll
from adjudicator.replay.rerolls import find_rerolls
from adjudicator.replay.timeline import TIMELINE_HISTORY
from adjudicator.replay.visibility import (
    OPPONENT,
    Concealment,
    Sight,
    Viewpoint,
    concealment,
    moved_sight,
)
from vmod_schema.archive import Archive, is_zip
from vmod_schema.collection import paused_collection
from vmod_schema.commands import BeginSave, EndSave, kind_of
from vmod_schema.errors import NotAVassalFileError
from vmod_schema.files import printable_path
from vmod_schema.savefile import SaveFile, read_save

if TYPE_CHECKING:
    from adjudicator.replay.chatdice import ChatDicePattern
    from vmod_schema.buildfile import Module

_MODEL = ConfigDict(frozen=True, extra="forbid")
GRID_CLASSES = ("ZonedGrid", "HexGrid", "SquareGrid", "RegionGrid")


class PlayerSummary(BaseModel):
    """A roster entry as shown to users: the name and side, never the user id."""

    model_config = _MODEL
    name: str
    side: str


class MoveSummary(BaseModel):
    """One piece moved in a step, by location name (or map and pixels without a module)."""

    model_config = _MODEL
    piece: str
    """The piece's name as VASSAL shows it to the reader (a mask name for a masked piece)."""
    piece_id: str | None
    """The piece's id; None for a masked piece (its id would tell which piece it is)."""
    map: str | None
    x: int
    y: int
    from_: str | None = None
    to: str | None = None

    def model_dump_public(self) -> dict[str, object]:
        """The JSON shape: `from`/`to` names rather than the Python-safe `from_`."""
        return {"piece": self.piece, "piece_id": self.piece_id, "from": self.from_,
                "to": self.to, "map": self.map, "x": self.x, "y": self.y}


class RollSummary(BaseModel):
    """A die roll read from a step's dice report (or its button's result property)."""

    model_config = _MODEL
    button: str
    player: str | None
    count: int | None
    """How many dice the button rolls (None when the button is not defined)."""
    sides: int | None
    dice: list[int]
    """Each die as reported (none when the button reports only its total)."""
    total: int | None
    source: str
    """`button`, `default` (VASSAL's default format), `property` or `special`."""
    confirmed: bool
    """The step also wrote `<button>_result` with the reported value."""

    @classmethod
    def of(cls, roll: Roll) -> RollSummary:
        """Summarise one roll."""
        return cls(button=roll.button, player=roll.player, count=roll.count,
                   sides=roll.sides, dice=list(roll.values), total=roll.total,
                   source=roll.source.value, confirmed=roll.confirmed)


class StepSummary(BaseModel):
    """One timeline entry as `inspect --steps` shows it."""

    model_config = _MODEL
    index: int
    player: str | None
    side: str | None
    moves: list[MoveSummary]
    rolls: list[RollSummary]
    undone: bool
    is_undo: bool
    undoes: int | None
    reroll_of: int | None
    """The undone step whose roll this step rolls again (`adjudicator.replay.rerolls`)."""
    chat: list[str]
    added: int
    removed: int
    problems: list[str]
    concealed: dict[str, int] = {}
    """Pieces moved into or within a hand or a face-down deck, only counted, by where
    they went (hidden pieces' moves are not shown at all)."""


class GameSummary(BaseModel):
    """What a save or log holds."""

    model_config = _MODEL
    kind: Literal["save", "log"]
    file: str
    vassal_version: str | None
    module_name: str | None
    module_version: str | None
    payload_encoding: str
    commands: dict[str, int]
    """Primitive commands of the whole file by type (compounds and LOG wrappers unfolded)."""
    step_count: int
    undo_steps: int
    pieces: int
    """Game pieces at the end (stacks and decks not counted)."""
    stacks: int
    decks: int
    maps: dict[str, int]
    """Map → number of pieces on it at the end."""
    locations: dict[str, int]
    """Location name → pieces there at the end (needs the module; else empty)."""
    locations_resolved: bool
    players: list[PlayerSummary]
    problems: list[str]


class ModuleSummary(BaseModel):
    """What a module (or extension) definition holds."""

    model_config = _MODEL
    kind: Literal["module"] = "module"
    file: str
    name: str
    version: str
    vassal_version: str
    is_extension: bool
    maps: int
    map_names: list[str]
    boards: int
    grids: dict[str, int]
    zones: int
    regions: int
    piece_slots: int
    card_slots: int
    prototypes: int
    dice_buttons: list[str]
    special_dice_buttons: list[str]
    global_properties: int
    sides: list[str]
    custom_classes: list[str]


def looks_like_module(path: Path) -> bool:
    """Whether `path` is a module: a zip with a buildFile, or a bare buildFile XML."""
    if is_zip(path):
        with Archive.open(path) as archive:
            return not archive.has("savedGame") and (
                archive.has("buildFile.xml") or archive.has("buildFile"))
    with path.open("rb") as handle:
        head = handle.read(512).lstrip()
    return head.startswith(b"<?xml") or head.startswith(b"<VASSAL")


def summarize_module(path: Path, module: Module | None = None) -> ModuleSummary:
    """Summarise a module definition (a .vmod/.vext, or a bare buildFile)."""
    from vmod_schema.buildfile import open_module  # lxml and the module's models

    module = module or open_module(path)
    return ModuleSummary(
        file=printable_path(path), name=module.name, version=module.version,
        vassal_version=module.vassal_version, is_extension=module.is_extension,
        maps=len(module.maps), map_names=[m.identifier for m in module.maps],
        boards=sum(len(m.boards) for m in module.maps),
        grids={name: module.count(name) for name in GRID_CLASSES if module.count(name)},
        zones=module.count("Zone"), regions=module.count("Region"),
        piece_slots=sum(1 for s in module.piece_slots if not s.is_card),
        card_slots=sum(1 for s in module.piece_slots if s.is_card),
        prototypes=len(module.prototypes),
        dice_buttons=[b.name for b in module.dice_buttons],
        special_dice_buttons=[b.name for b in module.special_dice_buttons],
        global_properties=len(module.global_properties), sides=list(module.sides),
        custom_classes=list(module.custom_classes))


def command_counts(save: SaveFile) -> dict[str, int]:
    """Primitive commands of the whole file by type, without the begin/end markers."""
    counts = Counter(kind_of(command) for top in save.top_level for command in top.walk()
                     if not isinstance(command, (BeginSave, EndSave)))
    return dict(sorted(counts.items()))


def summarize_game(save: SaveFile, timeline: Timeline, *, has_module: bool,
                   view: Viewpoint = OPPONENT) -> GameSummary:
    """Summarise a replayed save or log: commands, final position, players (pieces hidden
    from `view` are not counted on their maps)."""
    board = timeline.board
    kinds = board.counts()
    maps: Counter[str] = Counter()
    locations: Counter[str] = Counter()
    for piece in board.pieces():
        position = board.position(piece.id)
        if position.map is None:
            continue
        if concealment(board, piece, view) is Concealment.HIDDEN:
            continue
        maps[position.map] += 1
        if has_module:
            locations[position.location or "offboard"] += 1
    module_data = save.moduledata
    problems = [str(p) for p in save.problems] + [str(p) for p in timeline.problems]
    return GameSummary(
        kind="log" if save.kind == "log" else "save", file=printable_path(save.path),
        vassal_version=save.vassal_version,
        module_name=module_data.name if module_data else None,
        module_version=module_data.version if module_data else None,
        payload_encoding=save.encoding.value, commands=command_counts(save),
        step_count=len(save.steps), undo_steps=sum(1 for s in save.steps if s.is_undo),
        pieces=kinds[PieceKind.PIECE], stacks=kinds[PieceKind.STACK],
        decks=kinds[PieceKind.DECK], maps=dict(maps.most_common()),
        locations=dict(locations.most_common()), locations_resolved=has_module,
        players=[PlayerSummary(name=p.name, side=p.side) for p in board.players],
        problems=problems)


StepSights = Mapping[int, Mapping[PieceId, Sight]]
"""Step → how each piece it moved looked after it, for the pieces not shown as they are."""


def summarize_steps(timeline: Timeline, sights: StepSights | None = None
                    ) -> list[StepSummary]:
    """One summary per timeline entry (step 0 is the starting position); `sights` (from
    `inspect_game`) conceals what the viewer may not see."""
    rerolls = {reroll.again: reroll.first for reroll in find_rerolls(timeline)}
    sights = sights or {}
    return [summarize_step(step, reroll_of=rerolls.get(step.index),
                           sights=sights.get(step.index, {}))
            for step in timeline.steps]


def summarize_step(step: Step, *, reroll_of: int | None = None,
                   sights: Mapping[PieceId, Sight] | None = None) -> StepSummary:
    """Summarise one step: who, what moved where, rolls, undo and re-roll marks.

    A piece in `sights` is shown as it looked: a masked one by its mask name, a hidden one
    not at all, one in a hand or face-down deck only counted."""
    moves: list[MoveSummary] = []
    concealed: Counter[str] = Counter()
    for m in step.moves:
        seen = (sights or {}).get(m.piece_id)
        name: str | None = m.name
        piece_id: str | None = m.piece_id
        if seen is not None:
            if seen.concealment is Concealment.PRIVATE and seen.holder is not None:
                concealed[seen.holder] += 1
            if seen.concealment is not Concealment.MASKED:
                continue
            name, piece_id = seen.name, None
        moves.append(MoveSummary(piece=name or "?", piece_id=piece_id,
                                 map=m.destination.map, x=m.destination.x,
                                 y=m.destination.y, from_=m.from_location, to=m.to_location))
    rolls = [RollSummary.of(roll) for roll in step.rolls]
    return StepSummary(index=step.index, player=step.player, side=step.side, moves=moves,
                       rolls=rolls, undone=step.undone, is_undo=step.is_undo,
                       undoes=step.undoes, reroll_of=reroll_of, chat=list(step.chat),
                       added=len(step.added),
                       removed=len(step.removed), problems=[str(p) for p in step.problems],
                       concealed=dict(concealed))


def _moved_sights(step: Step, board: Board, view: Viewpoint) -> dict[PieceId, Sight]:
    """How the pieces a step moved look to `view` after it, those not shown as they are."""
    sights: dict[PieceId, Sight] = {}
    for move in step.moves:
        seen = moved_sight(board, move.piece_id, move.name, view)
        if not seen.shown:
            sights[move.piece_id] = seen
    return sights


def inspect_game(path: Path, module_path: Path | None = None, *,
                 chat_patterns: Sequence[ChatDicePattern] = (),
                 view: Viewpoint = OPPONENT
                 ) -> tuple[SaveFile, Timeline, bool, dict[int, dict[PieceId, Sight]]]:
    """Read and replay a save or log, with the module's grids when one is given, reading
    dice from chat with `chat_patterns` too; also returns, per step, how the pieces it
    moved looked to `view` (only those not shown as they are)."""
    save = read_save(path)
    module = None
    if module_path is not None:
        from vmod_schema.buildfile import open_module  # lxml and the module's models

        module = open_module(module_path)
    board = Board.for_module(module, history_limit=TIMELINE_HISTORY)
    steps: list[Step] = []
    sights: dict[int, dict[PieceId, Sight]] = {}
    with paused_collection():  # every step is kept: no cycles (vmod_schema.collection)
        for step in iter_steps(save, module, board=board, chat_patterns=chat_patterns):
            steps.append(step)
            if not view.reveal and step.moves:
                moved = _moved_sights(step, board, view)
                if moved:
                    sights[step.index] = moved
    undone = {step.undoes for step in steps if step.undoes is not None}
    if undone:  # as `adjudicator.replay.replay` marks them (§5.3)
        steps = [replace(step, undone=True) if step.index in undone else step
                 for step in steps]
    return save, Timeline(steps, board), module is not None, sights


def inspect_path(path: Path, module_path: Path | None = None, *,
                 chat_patterns: Sequence[ChatDicePattern] = (),
                 view: Viewpoint = OPPONENT
                 ) -> ModuleSummary | tuple[GameSummary, list[StepSummary]]:
    """Summarise any VASSAL file, deciding by content whether it is a module or a game,
    showing pieces as `view` sees them.

    Raises:
        VassalFormatError: the file cannot be read (named, with the problem).
    """
    if looks_like_module(path):
        return summarize_module(path)
    if not is_zip(path):
        raise NotAVassalFileError("not a VASSAL module, save or log (neither zip nor XML)",
                                  file=path)
    with paused_collection():  # summaries of every step: no cycles
        save, timeline, has_module, sights = inspect_game(
            path, module_path, chat_patterns=chat_patterns, view=view)
        return (summarize_game(save, timeline, has_module=has_module, view=view),
                summarize_steps(timeline, sights))
