"""vmod_schema: read and write VASSAL modules, saves and logs. Knows VASSAL, no game.

The public API in one place:

* Files: `read_save` → `SaveFile` (a .vsav or .vlog), `write_game`, `GameBuilder`;
  `open_module` → `Module` (a .vmod/.vext or a bare buildFile).
* Commands (FORMAT.md §4–5): `decode_command` and the typed command classes.
* Pieces (§6): `decode_piece` → `Piece` (traits outermost first, then the basic piece,
  stack or deck); traits are in `vmod_schema.traits`.
* Locations (§7.5–7.6): `LocationResolver`.
* Errors: the `VassalFormatError` family, each naming file, entry and position.
"""

import logging

from vmod_schema.archive import Archive, Limits
from vmod_schema.builder import GameBuilder
from vmod_schema.buildfile import (
    Board,
    DiceButton,
    DrawPile,
    Map,
    Module,
    PieceSlot,
    PrototypeDefinition,
    SetupStack,
    SpecialDiceButton,
    TurnTracker,
    open_module,
    parse_buildfile,
)
from vmod_schema.commands import (
    AddPiece,
    BeginSave,
    ChangeGlobalProperty,
    ChangePiece,
    Chat,
    Command,
    ComponentCommand,
    Compound,
    EndSave,
    LogEntry,
    MovePiece,
    NullCommand,
    PlayAudio,
    PlayerJoin,
    PlayerLeave,
    RemovePiece,
    SelectBoards,
    SetTurn,
    ShowDiceResults,
    Undo,
    UnknownCommand,
    decode_command,
    kind_of,
)
from vmod_schema.errors import (
    ArchiveError,
    ArchiveLimitError,
    BuildFileError,
    CommandFormatError,
    MissingEntryError,
    NotAVassalFileError,
    ObfuscationError,
    PieceFormatError,
    SequenceDecodeError,
    VassalFormatError,
    XmlSecurityError,
)
from vmod_schema.locations import BoardSelection, LocationResolver
from vmod_schema.metadata import Metadata
from vmod_schema.obfuscation import PayloadEncoding, decode_payload, encode_payload
from vmod_schema.pieces import BasicPiece, DeckState, Piece, StackState, apply_state, decode_piece
from vmod_schema.savefile import GameFileInfo, GameKind, LoggedStep, SaveFile, read_save, write_game

# A library stays quiet unless the application configures logging (problems are reported).
logging.getLogger(__name__).addHandler(logging.NullHandler())

__all__ = [
    "AddPiece",
    "Archive",
    "ArchiveError",
    "ArchiveLimitError",
    "BasicPiece",
    "BeginSave",
    "Board",
    "BoardSelection",
    "BuildFileError",
    "ChangeGlobalProperty",
    "ChangePiece",
    "Chat",
    "Command",
    "CommandFormatError",
    "ComponentCommand",
    "Compound",
    "DeckState",
    "DiceButton",
    "DrawPile",
    "EndSave",
    "GameBuilder",
    "GameFileInfo",
    "GameKind",
    "Limits",
    "LocationResolver",
    "LogEntry",
    "LoggedStep",
    "Map",
    "Metadata",
    "MissingEntryError",
    "Module",
    "MovePiece",
    "NotAVassalFileError",
    "NullCommand",
    "ObfuscationError",
    "PayloadEncoding",
    "Piece",
    "PieceFormatError",
    "PieceSlot",
    "PlayAudio",
    "PlayerJoin",
    "PlayerLeave",
    "PrototypeDefinition",
    "RemovePiece",
    "SaveFile",
    "SelectBoards",
    "SequenceDecodeError",
    "SetTurn",
    "SetupStack",
    "ShowDiceResults",
    "SpecialDiceButton",
    "StackState",
    "TurnTracker",
    "Undo",
    "UnknownCommand",
    "VassalFormatError",
    "XmlSecurityError",
    "apply_state",
    "decode_command",
    "decode_payload",
    "decode_piece",
    "encode_payload",
    "kind_of",
    "open_module",
    "parse_buildfile",
    "read_save",
    "write_game",
]
