"""Reading and writing VASSAL saved games (.vsav) and logs (.vlog).

A save and a log share one container (FORMAT.md §1.3, §5.1): a zip whose `savedGame`
entry holds one encoded command. Its top-level tokens are the restore block
`begin_save … end_save` (the position when the file was saved, or when logging began) and,
for a log, one `LOG⇥…` token per recorded step.

`read_save` is lenient like VASSAL: a command it cannot understand is kept as
`UnknownCommand`, and problems are collected in `SaveFile.problems`; `strict=True` raises
the first problem instead.

Memory: the restore block is decoded at once; the tokens after it (a log's steps) are only
split off and kept as compressed text (`DeferredCommands`, a few bytes a step), decoded when
they are used. `SaveFile.logged_steps()` decodes one step at a time and keeps nothing (what
replay uses); the list accessors (`top_level`, `steps`, `after_restore`) decode every step
once and keep them, as before. Reading still checks the whole container and payload, so a
malformed file fails in `read_save`, never later (decoding a command cannot fail: what it
cannot understand becomes `UnknownCommand`).
"""

from __future__ import annotations

import time
import zipfile
import zlib
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import chain, islice
from pathlib import Path
from typing import BinaryIO
from xml.etree import ElementTree

from vmod_schema.archive import Archive, Limits
from vmod_schema.collection import paused_collection
from vmod_schema.commands import (
    ESC,
    AddPiece,
    BeginSave,
    Command,
    Compound,
    EndSave,
    LogEntry,
    NullCommand,
    PlayerJoin,
    Undo,
    UnknownCommand,
    decode_command,
    decode_leaf,
    kind_of,
)
from vmod_schema.errors import (
    ArchiveLimitError,
    CommandFormatError,
    NotAVassalFileError,
    ObfuscationError,
    VassalFormatError,
)
from vmod_schema.files import atomic_write
from vmod_schema.metadata import Metadata, parse_metadata
from vmod_schema.obfuscation import (
    PayloadEncoding,
    decode_payload,
    decode_payload_stream,
    encode_payload,
)
from vmod_schema.pieces import PieceDecoder, UnknownInner, decode_piece
from vmod_schema.sequence import BACKSLASH, QUOTE, escape, join, split, unquote

SAVED_GAME = "savedGame"
BEGIN_SAVE = "begin_save"
SAVEDATA = "savedata"
MODULEDATA = "moduledata"


class GameKind(StrEnum):
    """Whether a game file is a plain save or a log with recorded steps (§5.1)."""

    SAVE = "save"
    LOG = "log"


@dataclass(slots=True)
class LoggedStep:
    """One recorded step of a log: everything one user action produced (§5.2)."""

    number: int
    """1-based step number (step 0 is the restore block)."""
    command: Command
    """The decoded top-level token, `LOG⇥…` wrappers included."""
    token_index: int
    """Index of the step's token among the file's top-level tokens."""

    def commands(self) -> list[Command]:
        """The step's primitive commands in execution order, LOG wrappers removed."""
        return list(self.command.walk())

    @property
    def is_undo(self) -> bool:
        """Whether this step is an undo (it opens with `UNDO⇥true`, §5.3)."""
        for command in self.command.walk():
            if isinstance(command, NullCommand):
                continue
            return isinstance(command, Undo) and command.begins
        return False

    def __repr__(self) -> str:
        return f"LoggedStep({self.number}, commands={len(self.commands())})"


_BLOCK = 1024
"""Top-level tokens per compressed block of `DeferredCommands`."""
_UTF8 = ("utf-8", "surrogatepass")


class DeferredCommands:
    """The top-level commands after `end_save` (a log's steps), kept as text until used.

    The tokens' text is held in zlib-compressed blocks of `_BLOCK` tokens, a few bytes a
    step: a long log costs little memory until it is replayed, and then one block's text
    and one step's commands at a time. Iterating decodes the commands afresh each time,
    sharing AddPiece type strings with the restore block; after `keep()` they are decoded
    once and kept (the list accessors of `SaveFile` and `read_save(decode_pieces=True)`).
    Which tokens are `LOG` tokens (steps) is known without decoding them.
    """

    __slots__ = ("_blocks", "_count", "_kept", "_others", "_pending", "_types")

    def __init__(self, types: dict[str, str] | None = None) -> None:
        self._blocks: list[bytes] = []
        self._pending: list[str] = []  # raw tokens not yet compressed
        self._count = 0
        self._others: list[int] = []  # offsets of the tokens that are not LOG tokens
        self._types: dict[str, str] = {} if types is None else types
        self._kept: list[Command] | None = None

    def append(self, raw: str) -> None:
        """Add a top-level token as it stands in the file text (its ESCs still escaped)."""
        if not _is_log_text(raw):
            self._others.append(self._count)
        self._count += 1
        self._pending.append(raw)
        if len(self._pending) == _BLOCK:
            self._blocks.append(zlib.compress(ESC.join(self._pending).encode(*_UTF8)))
            self._pending = []

    def __len__(self) -> int:
        return self._count

    @property
    def log_count(self) -> int:
        """How many of the tokens are `LOG` tokens (a log's steps)."""
        return self._count - len(self._others)

    def texts(self) -> Iterator[str]:
        """Each token's text as `split(text, ESC)` gives it (one level of escapes undone)."""
        for block in self._blocks:
            yield from split(zlib.decompress(block).decode(*_UTF8), ESC)
        if self._pending:
            yield from split(ESC.join(self._pending), ESC)

    def __iter__(self) -> Iterator[Command]:
        """The decoded commands in order (the kept ones after `keep()`)."""
        if self._kept is not None:
            return iter(self._kept)
        return map(self._decode, self.texts())

    def others(self) -> Iterator[Command]:
        """The commands of the tokens that are not `LOG` tokens (rarely any), in order."""
        if not self._others:
            return
        wanted = set(self._others)
        if self._kept is not None:
            yield from (c for offset, c in enumerate(self._kept) if offset in wanted)
            return
        for offset, text in enumerate(self.texts()):
            if offset in wanted:
                yield self._decode(text)

    def keep(self) -> list[Command]:
        """Decode every command once and keep them; return them."""
        if self._kept is None:
            self._kept = list(map(self._decode, self.texts()))
        return self._kept

    def _decode(self, text: str) -> Command:
        try:
            command = decode_command(text)
        except (RecursionError, CommandFormatError):
            # Commands nested deeper than MAX_COMMAND_DEPTH (or than Python's stack), which
            # no VASSAL writes: kept as text, like
            # any command that cannot be understood (decoding a step never fails), and
            # still a step if it is one (`step_count` counted it).
            if text.startswith("LOG\t"):
                return LogEntry(UnknownCommand(text[4:]))
            return UnknownCommand(text)
        _share_piece_types(command, self._types)
        return command

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DeferredCommands):
            return NotImplemented
        return self._count == other._count and list(self.texts()) == list(other.texts())

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"DeferredCommands({self._count} tokens, {self.log_count} LOG)"


@dataclass(slots=True)
class SaveFile:
    """A decoded save or log: its metadata and its top-level commands.

    The restore block is decoded (`restore_block`); the commands after it are kept in
    `deferred` and decoded when used: `logged_steps()` one step at a time, keeping nothing;
    `top_level`, `after_restore` and `steps` decode them all once and keep them.
    """

    path: str
    kind: GameKind
    encoding: PayloadEncoding
    key: int | None = field(repr=False)
    entries: list[str]
    savedata: Metadata | None
    moduledata: Metadata | None
    restore_block: list[Command]
    """The top-level commands from `begin_save` to `end_save` inclusive (step 0); every
    top-level command when there is no `end_save`."""
    deferred: DeferredCommands
    """The top-level commands after `end_save`, decoded when used."""
    end_save_index: int | None
    problems: list[VassalFormatError] = field(default_factory=list)
    text_encoding: str = "utf-8"

    @property
    def top_level(self) -> list[Command]:
        """Every top-level command (the steps decoded once and kept)."""
        return [*self.restore_block, *self.deferred.keep()]

    @property
    def after_restore(self) -> list[Command]:
        """The top-level commands after `end_save` (decoded once and kept)."""
        return list(self.deferred.keep())

    @property
    def prelude(self) -> list[Command]:
        """Non-`LOG` commands after `end_save` (very old logs): executed at load (§5.1)."""
        return [c for c in self.deferred.others()
                if not isinstance(c, (LogEntry, NullCommand)) and not _is_log_token(c)]

    @property
    def step_count(self) -> int:
        """How many recorded steps the log has (nothing is decoded)."""
        return self.deferred.log_count

    @property
    def steps(self) -> list[LoggedStep]:
        """The recorded steps of a log, in order (none for a save); decoded once and kept."""
        self.deferred.keep()
        return list(self.logged_steps())

    def logged_steps(self) -> Iterator[LoggedStep]:
        """The recorded steps in order, each decoded when reached and not kept here (unless
        `steps` or `top_level` kept them already): memory stays flat however long the log."""
        base = len(self.restore_block)
        number = 0
        for offset, command in enumerate(self.deferred):
            if _is_log_token(command):
                number += 1
                yield LoggedStep(number, command, base + offset)

    def restore_commands(self) -> Iterator[Command]:
        """The primitive commands of the restore block in execution order."""
        for command in self.restore_block:
            if not isinstance(command, (BeginSave, EndSave)):
                yield from command.walk()

    def add_pieces(self) -> Iterator[AddPiece]:
        """Every AddPiece command of the file (restore block and steps), in order."""
        for top in chain(self.restore_block, self.deferred):
            for command in top.walk():
                if isinstance(command, AddPiece):
                    yield command

    def players(self) -> list[PlayerJoin]:
        """The roster entries of the restore block (user ids are passwords: never show them)."""
        return [c for c in self.restore_commands() if isinstance(c, PlayerJoin)]

    @property
    def vassal_version(self) -> str | None:
        """The engine version that wrote the file, if its metadata says."""
        for data in (self.savedata, self.moduledata):
            if data is not None and data.vassal_version:
                return data.vassal_version
        return None

    def command_counts(self, commands: Iterable[Command]) -> Counter[str]:
        """Count primitive commands by kind (MANIFEST.md's names)."""
        return Counter(kind_of(c) for top in commands for c in top.walk())

    def encode_text(self) -> str:
        """Re-encode the top-level commands: equals the original text for a file VASSAL wrote."""
        return encode_top_level(self.top_level)


def _is_log_token(command: Command) -> bool:
    if isinstance(command, LogEntry):
        return True
    while not isinstance(command, LogEntry):
        children = getattr(command, "children", None)
        if not children:
            return False
        command = children[0]
    return True


def _is_log_text(raw: str) -> bool:
    """`_is_log_token` of a top-level token given as its file text, without decoding it.

    The first token of a (nested) compound starts with the text's first characters unless
    the text is quoted, or a backslash is dropped before an ESC there (§3.2); `LOG⇥` holds
    neither, so an unquoted token is a `LOG` token exactly when its text starts with `LOG⇥`.
    """
    if raw.startswith(QUOTE):
        return _is_log_token(decode_command(split(raw, ESC)[0]))
    return raw.startswith("LOG\t")


def encode_top_level(commands: Sequence[Command]) -> str:
    """Join top-level commands into the plain `savedGame` text."""
    return join([c.encode() for c in commands], ESC)


def decode_top_level(text: str) -> list[Command]:
    """Split the plain `savedGame` text into decoded top-level commands (§4.1)."""
    return [decode_command(token) for token in split(text, ESC)]


def read_save(path: str | Path, *, strict: bool = False, limits: Limits | None = None,
              decode_pieces: bool = False) -> SaveFile:
    """Read a .vsav or .vlog file (decided by content, not extension).

    With `decode_pieces`, every AddPiece's type and state are decoded into trait chains
    now (and problems recorded); otherwise pieces decode on first use. `limits` bounds the
    file's size, the `savedGame` payload's and the number of steps (`Limits`).

    Raises:
        VassalFormatError: the container, the payload or (with `strict`) a command or a
            piece is malformed; the error names the file, the entry and the position.
            Nothing else escapes, whatever the file holds.
        ArchiveLimitError: (a `VassalFormatError`) the file exceeds one of `limits`.
        ObfuscationError: (a `VassalFormatError`) the payload does not decode to a save,
            e.g. an obfuscated payload with a wrong key byte.
    """
    try:
        with paused_collection():  # a save's commands hold no cycle (vmod_schema.collection)
            return _read_save(path, strict=strict, limits=limits or Limits(),
                              decode_pieces=decode_pieces)
    except VassalFormatError as error:
        raise error.located(file=path) from None
    except RecursionError:
        # A command nested thousands deep, which no VASSAL writes.
        raise VassalFormatError("savedGame nests commands too deeply to decode", file=path,
                                entry=SAVED_GAME) from None


def _read_save(path: str | Path, *, strict: bool, limits: Limits,
               decode_pieces: bool) -> SaveFile:
    """`read_save` (its errors may lack their location)."""
    name = str(path)
    with Archive.open(path, limits=limits,
                      max_file_bytes=limits.max_game_file_bytes) as archive:
        if not archive.has(SAVED_GAME):
            if archive.has("buildFile.xml") or archive.has("buildFile"):
                raise NotAVassalFileError("this is a module, not a saved game or log",
                                          file=name)
            raise NotAVassalFileError("zip has no savedGame entry: not a VASSAL save or log",
                                      file=name, entry=SAVED_GAME)
        # The usual case: inflate, decode and parse the commands chunk by chunk, so neither
        # the payload nor its text is ever held whole. Anything unusual about the payload
        # (an error, cp1252 text, a plain payload) takes the whole-entry path below, which
        # decides the outcome exactly as it always did.
        payload_limit = min(limits.max_entry_bytes, limits.max_payload_bytes)
        streamed = _stream_top_level(archive, payload_limit, limits.max_steps)
        raw = (archive.read(SAVED_GAME, max_bytes=payload_limit, limit_name="max_payload_bytes")
               if streamed is None else b"")
        savedata = _metadata(archive, SAVEDATA, name)
        moduledata = _metadata(archive, MODULEDATA, name)
        entries = archive.names()
    if streamed is not None:
        payload_encoding, key, (head, deferred), length = streamed
        return _game_file(
            head, deferred, length, path=name, encoding=payload_encoding, key=key,
            entries=entries, savedata=savedata, moduledata=moduledata, strict=strict,
            decode_pieces=decode_pieces, text_encoding="utf-8")
    try:
        payload = decode_payload(raw)
    except VassalFormatError as error:
        raise error.located(file=name, entry=SAVED_GAME) from None
    if payload.encoding is PayloadEncoding.PLAIN and not payload.text.startswith(BEGIN_SAVE):
        # Neither obfuscation header, and not the plain text every save starts with (§2.3).
        raise ObfuscationError(f"bad payload header {raw[:5]!r}: neither !VCSK, VOBS nor a "
                               "plain save starting with begin_save", file=name,
                               entry=SAVED_GAME, position=0)
    del raw
    _check_save_text(payload.text[:_HEAD_CHARS], payload.encoding, payload.key)
    head, deferred = _split_game([payload.text], limits.max_steps)
    return _game_file(
        head, deferred, len(payload.text), path=name, encoding=payload.encoding,
        key=payload.key, entries=entries, savedata=savedata, moduledata=moduledata,
        strict=strict, decode_pieces=decode_pieces, text_encoding=payload.text_encoding)


_HEAD_CHARS = 4096
"""How much of a payload's text is looked at to tell a save from garbage."""
_UNPRINTABLE_SHARE = 0.1
"""More unprintable characters than this share of the head, and the text is not a save."""
_TEXT_CONTROLS = frozenset("\t\n\r" + ESC)
"""The control characters a save's text holds (ESC separates its commands)."""


def _check_save_text(head: str, encoding: PayloadEncoding, key: int | None) -> None:
    """Refuse a decoded payload whose start (`head`) is not that of a VASSAL save.

    A save's text starts with `begin_save` (FORMAT.md §2.3; very old files may start with
    another command) and is printable text. An obfuscated payload with a wrong key byte
    decodes, byte for byte, to something else: without this check it would read as a save
    with no steps, a clean result.

    Raises:
        ObfuscationError: the text is empty, starts with no known command, or is mostly
            unprintable.
    """
    first = head.split(ESC, 1)[0]
    known = first.startswith(BEGIN_SAVE) or not isinstance(
        decode_leaf(first), (UnknownCommand, NullCommand))
    unprintable = sum(1 for character in head
                      if (not character.isprintable() and character not in _TEXT_CONTROLS)
                      or character == "\ufffd")
    if known and unprintable <= _UNPRINTABLE_SHARE * len(head):
        return
    how = (f"{encoding.value}, key 0x{key:02x}" if key is not None else encoding.value)
    raise ObfuscationError(f"payload ({how}) does not decode to a VASSAL save "
                           "(wrong obfuscation key byte?)", entry=SAVED_GAME, position=0)


def _stream_top_level(archive: Archive, payload_limit: int, max_steps: int) -> tuple[
        PayloadEncoding, int | None, tuple[list[Command], DeferredCommands], int] | None:
    """Split the `savedGame` entry's top-level commands while inflating it (`_split_game`).

    Returns the payload's encoding and key, the restore block and the rest (`_split_game`)
    and the text's length; or None when the payload is plain or cannot be decoded as UTF-8
    (the whole-entry path then decides). Archive errors (limits, corruption) are raised as
    `Archive.read` raises them, and a text that is not a save's (`_check_save_text`) as soon
    as its start is decoded.
    """
    try:
        payload = decode_payload_stream(archive.stream(
            SAVED_GAME, max_bytes=payload_limit, limit_name="max_payload_bytes"))
        if payload.encoding is PayloadEncoding.PLAIN:
            return None
        pieces = iter(payload.pieces)
        head = "".join(_head_pieces(pieces))
    except (ObfuscationError, UnicodeDecodeError):
        return None
    _check_save_text(head[:_HEAD_CHARS], payload.encoding, payload.key)
    try:
        sizes: list[int] = []
        game = _split_game(_counted(chain((head,), pieces), sizes), max_steps)
    except (ObfuscationError, UnicodeDecodeError):
        return None
    return payload.encoding, payload.key, game, sum(sizes)


def _head_pieces(pieces: Iterator[str]) -> Iterator[str]:
    """Take pieces from `pieces` until they hold `_HEAD_CHARS` characters (or run out)."""
    held = 0
    while held < _HEAD_CHARS:
        piece = next(pieces, None)
        if piece is None:
            return
        held += len(piece)
        yield piece


def _split_game(pieces: Iterable[str], max_steps: int | None = None,
                ) -> tuple[list[Command], DeferredCommands]:
    """The text's top-level commands up to the first `end_save` (all of them if there is
    none), decoded as `_stream_commands` does, and the tokens after it, split off as text
    and deferred. Reads the whole text.

    Raises:
        ArchiveLimitError: more than `max_steps` tokens after the restore block.
    """
    types = _FileTypes()  # one object per distinct AddPiece type, for the whole file
    segments = _esc_segments(pieces)
    head: list[Command] = []
    for command in _decode_segments(segments, types):
        head.append(command)
        if isinstance(command, EndSave):
            break
    deferred = DeferredCommands(types)
    parts: list[str] = []  # the current token's segments, with the ESCs inside it
    for segment, run in segments:
        if max_steps is not None and len(deferred) >= max_steps:
            raise ArchiveLimitError(
                f"log has more than max_steps = {max_steps} steps (top-level commands after "
                "the restore block)", entry=SAVED_GAME)
        if run:
            # An escaped ESC: inside the token.
            parts.append(segment)
            parts.append(ESC)
        elif parts:
            parts.append(segment)
            deferred.append("".join(parts))
            parts = []
        else:
            deferred.append(segment)
    return head, deferred


def _stream_commands(pieces: Iterable[str]) -> Iterator[Command]:
    """`decode_top_level("".join(pieces))`, holding one sub-command's text at a time."""
    return _decode_segments(_esc_segments(pieces), {})


def _decode_segments(segments: Iterator[tuple[str, int | None]],
                     types: dict[str, str]) -> Iterator[Command]:
    """Decode the top-level commands of a text given as its `_esc_segments`, each as soon as
    it is complete (`segments` is left just after it), sharing AddPiece types in `types`.

    A save's restore block is one top-level token of many MB: a compound whose commands are
    separated by ESCs escaped once. Because a backslash is never escaped itself (§3.4), an
    ESC after `r` backslashes in the file text is a top-level delimiter if `r == 0`, a
    delimiter between the sub-commands of a top-level compound if `r == 1`, and lies inside
    a sub-command if `r >= 2` (which then sees it after `r - 2` backslashes). So each
    sub-command can be decoded as soon as its text is complete. A top-level token that
    starts with an apostrophe (it may be quoted, §3.1 rule 4) is decoded whole.
    """
    children: list[Command] = []  # the decoded sub-commands of the current top-level token
    child: list[str] = []  # the text of the current sub-command, in pieces
    whole: list[str] | None = None  # the text of a top-level token decoded whole
    command: Command
    starting = True  # at the first segment of a top-level token
    compound = False  # whether the current top-level token holds an ESC
    for segment, run in segments:
        if starting:
            whole = [] if segment.startswith(QUOTE) else None
            starting = False
        if whole is not None:
            whole.append(segment)
            if run is None or run == 0:
                starting = True
                command = decode_command(unquote(
                    "".join(whole).replace(BACKSLASH + ESC, ESC)))
                whole = None
                _share_piece_types(command, types)
                yield command
            else:
                whole.append(ESC)
            continue
        if run is None or run == 0:
            # The end of a top-level token.
            child.append(segment)
            starting = True
            if compound:
                children.append(_sub_command(child, types))
                command = Compound(children)
                children = []
            else:
                command = decode_leaf("".join(child))
                _share_piece_types(command, types)
            child = []
            compound = False
            yield command
        elif run == 1:
            # The end of a sub-command (its delimiter's backslash is not part of it).
            child.append(segment[:-1])
            children.append(_sub_command(child, types))
            child = []
            compound = True
        else:
            child.append(segment)
            child.append(ESC)
            compound = True


def _esc_segments(pieces: Iterable[str]) -> Iterator[tuple[str, int | None]]:
    """The text between consecutive ESCs, each with how many backslashes (0, 1 or 2 for
    "2 or more") precede the ESC after it; None after the last segment."""
    pending: list[str] = []
    for piece in pieces:
        parts = piece.split(ESC)
        pending.append(parts[0])
        for part in islice(parts, 1, None):
            segment = pending[0] if len(pending) == 1 else "".join(pending)
            pending = [part]
            if not segment.endswith(BACKSLASH):
                yield segment, 0
            else:
                yield segment, 1 if not segment.endswith(BACKSLASH * 2) else 2
    yield "".join(pending), None


def _sub_command(pieces: list[str], types: dict[str, str]) -> Command:
    # A sub-command's text: every ESC in it loses the two backslashes of two levels.
    text = pieces[0] if len(pieces) == 1 else "".join(pieces)
    if ESC in text:
        text = text.replace(BACKSLASH * 2 + ESC, ESC)
    command = decode_command(unquote(text))
    _share_piece_types(command, types)
    return command


def _counted(pieces: Iterable[str], sizes: list[int]) -> Iterator[str]:
    # Pass the pieces on, noting each one's length (the text's length is their sum).
    for piece in pieces:
        sizes.append(len(piece))
        yield piece


class _FileTypes(dict[str, str]):
    """One file's AddPiece type strings, each kept once, and the `PieceDecoder` its pieces
    share when they are decoded (`AddPiece.piece`, on first use)."""

    __slots__ = ("decoder",)

    def __init__(self) -> None:
        super().__init__()
        self.decoder = PieceDecoder()


def _share_piece_types(command: Command, types: dict[str, str]) -> None:
    """Make equal AddPiece type strings one string object, using `types` (one per file),
    and give each AddPiece the file's decoder when `types` has one (`_FileTypes`).

    A save repeats a few hundred piece types (tens of kB each) thousands of times.
    """
    decoder = types.decoder if isinstance(types, _FileTypes) else None
    for leaf in command.walk():
        if isinstance(leaf, AddPiece):
            leaf.type = types.setdefault(leaf.type, leaf.type)
            leaf.decoder = decoder


def _metadata(archive: Archive, entry: str, name: str) -> Metadata | None:
    if not archive.has(entry):
        return None
    return parse_metadata(archive.read(entry, max_bytes=1024 * 1024), file=name, entry=entry)


def parse_game_text(text: str, *, path: str = "<text>",
                    encoding: PayloadEncoding = PayloadEncoding.PLAIN, key: int | None = None,
                    entries: Sequence[str] = (SAVED_GAME,), savedata: Metadata | None = None,
                    moduledata: Metadata | None = None, strict: bool = False,
                    decode_pieces: bool = False, text_encoding: str = "utf-8") -> SaveFile:
    """Decode the plain `savedGame` text of a save or log into a `SaveFile`."""
    head, deferred = _split_game([text])
    return _game_file(
        head, deferred, len(text), path=path, encoding=encoding, key=key, entries=entries,
        savedata=savedata, moduledata=moduledata, strict=strict, decode_pieces=decode_pieces,
        text_encoding=text_encoding)


def _game_file(head: list[Command], deferred: DeferredCommands, length: int, *, path: str,
               encoding: PayloadEncoding, key: int | None, entries: Sequence[str],
               savedata: Metadata | None, moduledata: Metadata | None, strict: bool,
               decode_pieces: bool, text_encoding: str) -> SaveFile:
    """The `SaveFile` of a text of `length` characters, split by `_split_game`."""
    end_index = len(head) - 1 if head and isinstance(head[-1], EndSave) else None
    problems: list[VassalFormatError] = []
    if not head or not isinstance(head[0], BeginSave):
        problems.append(VassalFormatError("savedGame does not start with begin_save", file=path,
                                          entry=SAVED_GAME, position=0))
    if end_index is None:
        problems.append(VassalFormatError("savedGame has no end_save", file=path,
                                          entry=SAVED_GAME, position=length))
    save = SaveFile(
        path=path, kind=GameKind.LOG if deferred.log_count else GameKind.SAVE,
        encoding=encoding, key=key, entries=list(entries), savedata=savedata,
        moduledata=moduledata, restore_block=head, deferred=deferred,
        end_save_index=end_index, problems=problems, text_encoding=text_encoding)
    if decode_pieces or strict:
        _decode_pieces(save, strict=strict)
    if strict and save.problems:
        raise save.problems[0]
    return save


def _decode_pieces(save: SaveFile, *, strict: bool) -> None:
    """Decode every AddPiece, recording (or raising) a located error for each bad one.

    Lenient reading decodes quickly and re-checks strictly only the pieces whose innermost
    type is not a basic piece, stack or deck (the sign of a damaged string, §3.5).
    """
    step_of = {step.token_index: step.number for step in save.steps}  # kept: decoded once
    decoder = PieceDecoder()  # shares the work on repeated piece types, for this file only
    # Where each top-level command starts in the text, encoded only as far as an error
    # needs it and never twice (many bad pieces would otherwise re-encode the file each).
    starts = [0]

    def start_of(index: int) -> int:
        while len(starts) <= index:
            before = save.top_level[len(starts) - 1]
            starts.append(starts[-1] + len(escape(before.encode(), ESC)) + 1)
        return starts[index]

    for index, top in enumerate(save.top_level):
        for command in top.walk():
            if not isinstance(command, AddPiece):
                continue
            try:
                if strict:
                    decode_piece(command.type, command.state, strict=True)
                    continue
                piece = command.decoded
                if piece is None:
                    piece = command.decoded = decoder.decode(command.type, command.state)
                if isinstance(piece.inner, UnknownInner):
                    decode_piece(command.type, command.state, strict=True)
            except VassalFormatError as error:
                located = error.located(file=save.path, entry=SAVED_GAME,
                                        step=step_of.get(index, 0))
                # The piece's own offset, from where its top-level command starts.
                located.position = start_of(index) + (error.position or 0)
                save.problems.append(located)
                if strict:
                    return


# --------------------------------------------------------------------------- writing


def metadata_xml(fields: Sequence[tuple[str, str]]) -> bytes:
    """Build a `<data version="1">` metadata document (FORMAT.md §1.4)."""
    root = ElementTree.Element("data", {"version": "1"})
    for tag, value in fields:
        ElementTree.SubElement(root, tag).text = value
    document: bytes = ElementTree.tostring(root, encoding="UTF-8", xml_declaration=True)
    return document


@dataclass(frozen=True, slots=True)
class GameFileInfo:
    """What `write_game` records in `savedata` and `moduledata`."""

    module_name: str = ""
    module_version: str = ""
    vassal_version: str = "3.7.12"
    description: str = ""
    date_saved_ms: int | None = None


def write_game(path: str | Path, top_level: Sequence[Command], *,
               info: GameFileInfo | None = None,
               encoding: PayloadEncoding = PayloadEncoding.VCSK,
               key: int | None = None) -> Path:
    """Write a save or log that VASSAL can load, atomically (temp file + rename).

    The zip holds `savedGame` (the commands, obfuscated as `encoding`), `savedata` and
    `moduledata` (FORMAT.md §3.8).
    """
    info = info or GameFileInfo()
    target = Path(path)
    date = str(info.date_saved_ms if info.date_saved_ms is not None
               else int(time.time() * 1000))
    payload = encode_payload(encode_top_level(top_level), encoding, key=key)
    savedata = metadata_xml([("version", ""), ("VassalVersion", info.vassal_version),
                             ("dateSaved", date), ("description", info.description)])
    moduledata = metadata_xml([("version", info.module_version),
                               ("VassalVersion", info.vassal_version),
                               ("dateSaved", date), ("name", info.module_name)])
    entries = [(SAVED_GAME, payload), (SAVEDATA, savedata), (MODULEDATA, moduledata)]
    atomic_write_zip(target, entries)
    return target


def atomic_write_zip(target: Path, entries: Sequence[tuple[str, bytes]]) -> None:
    """Write a deflated zip (fixed entry dates, so equal input gives equal bytes) to
    `target` atomically."""
    def write(stream: BinaryIO) -> None:
        with zipfile.ZipFile(stream, "w", zipfile.ZIP_DEFLATED) as archive:
            for name, data in entries:
                info = zipfile.ZipInfo(name, date_time=(2000, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(info, data)

    atomic_write(target, write)
