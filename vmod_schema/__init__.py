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

import importlib
import logging
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the same names, for type checkers and readers
    from vmod_schema.archive import Archive, Limits
    from vmod_schema.builder import GameBuilder
    from vmod_schema.buildfile import open_module, parse_buildfile
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
    from vmod_schema.module import (
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
    )
    from vmod_schema.obfuscation import PayloadEncoding, decode_payload, encode_payload
    from vmod_schema.pieces import (
        BasicPiece,
        DeckState,
        Piece,
        StackState,
        apply_state,
        decode_piece,
    )
    from vmod_schema.savefile import (
        GameFileInfo,
        GameKind,
        LoggedStep,
        SaveFile,
        read_save,
        write_game,
    )

_LAZY: dict[str, str] = {
    "Archive": "vmod_schema.archive",
    "Limits": "vmod_schema.archive",
    "GameBuilder": "vmod_schema.builder",
    "Board": "vmod_schema.module",
    "DiceButton": "vmod_schema.module",
    "DrawPile": "vmod_schema.module",
    "Map": "vmod_schema.module",
    "Module": "vmod_schema.module",
    "PieceSlot": "vmod_schema.module",
    "PrototypeDefinition": "vmod_schema.module",
    "SetupStack": "vmod_schema.module",
    "SpecialDiceButton": "vmod_schema.module",
    "TurnTracker": "vmod_schema.module",
    "open_module": "vmod_schema.buildfile",
    "parse_buildfile": "vmod_schema.buildfile",
    "AddPiece": "vmod_schema.commands",
    "BeginSave": "vmod_schema.commands",
    "ChangeGlobalProperty": "vmod_schema.commands",
    "ChangePiece": "vmod_schema.commands",
    "Chat": "vmod_schema.commands",
    "Command": "vmod_schema.commands",
    "ComponentCommand": "vmod_schema.commands",
    "Compound": "vmod_schema.commands",
    "EndSave": "vmod_schema.commands",
    "LogEntry": "vmod_schema.commands",
    "MovePiece": "vmod_schema.commands",
    "NullCommand": "vmod_schema.commands",
    "PlayAudio": "vmod_schema.commands",
    "PlayerJoin": "vmod_schema.commands",
    "PlayerLeave": "vmod_schema.commands",
    "RemovePiece": "vmod_schema.commands",
    "SelectBoards": "vmod_schema.commands",
    "SetTurn": "vmod_schema.commands",
    "ShowDiceResults": "vmod_schema.commands",
    "Undo": "vmod_schema.commands",
    "UnknownCommand": "vmod_schema.commands",
    "decode_command": "vmod_schema.commands",
    "kind_of": "vmod_schema.commands",
    "ArchiveError": "vmod_schema.errors",
    "ArchiveLimitError": "vmod_schema.errors",
    "BuildFileError": "vmod_schema.errors",
    "CommandFormatError": "vmod_schema.errors",
    "MissingEntryError": "vmod_schema.errors",
    "NotAVassalFileError": "vmod_schema.errors",
    "ObfuscationError": "vmod_schema.errors",
    "PieceFormatError": "vmod_schema.errors",
    "SequenceDecodeError": "vmod_schema.errors",
    "VassalFormatError": "vmod_schema.errors",
    "XmlSecurityError": "vmod_schema.errors",
    "BoardSelection": "vmod_schema.locations",
    "LocationResolver": "vmod_schema.locations",
    "Metadata": "vmod_schema.metadata",
    "PayloadEncoding": "vmod_schema.obfuscation",
    "decode_payload": "vmod_schema.obfuscation",
    "encode_payload": "vmod_schema.obfuscation",
    "BasicPiece": "vmod_schema.pieces",
    "DeckState": "vmod_schema.pieces",
    "Piece": "vmod_schema.pieces",
    "StackState": "vmod_schema.pieces",
    "apply_state": "vmod_schema.pieces",
    "decode_piece": "vmod_schema.pieces",
    "GameFileInfo": "vmod_schema.savefile",
    "GameKind": "vmod_schema.savefile",
    "LoggedStep": "vmod_schema.savefile",
    "SaveFile": "vmod_schema.savefile",
    "read_save": "vmod_schema.savefile",
    "write_game": "vmod_schema.savefile",
}
"""Public name → its defining module, imported on first use (PEP 562): reading a save
then loads neither pydantic nor the module-definition models (less memory, faster start)."""


def __getattr__(name: str) -> object:
    """Import a public name's module the first time the name is used."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


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
