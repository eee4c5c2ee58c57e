"""Fuzzing the commands: mutants of real saves and logs, each command run on them in a
process of its own, and the oracles that judge every run (issue 18, part 6).

Shared by `tests/test_fuzz_commands.py` (a bounded run on every CI) and
`bench/fuzz_commands.py` (the long run). Nothing here prints a password: the oracles
compare them and name them only by their player's place in the roster.

- **Seeds** are real files: the fixture games (Washington's War, War for America, the
  hidden-information and example logs) and the corpus saves and logs, each with the module,
  binding and data it is checked with.
- **Secrets** of a seed are read with the library: its passwords (the roster's user ids, the
  owners of masked and hidden pieces, the movers' ids) and its concealed names (pieces
  concealed from the opponent at some step and never shown to them at any step, with the
  game's module, which knows the private hands, whether or not a command is given it).
- **Mutants** are a seed's bytes flipped or cut, or its decoded payload text mangled (huge
  numbers, deep nesting, repeated traits, a huge or repeated chat line, a piece named by a
  whole HTML document) and encoded again, under odd file names.
- **Runs** are whole processes (`python -m adjudicator ...`) with their peak RSS (`wait4`
  and `/proc` polling of the process tree; killed past `hard_ceiling`), a timeout, and every
  file they wrote.
- **Oracles**: no traceback in stdout or stderr (nor an "internal error" that `audit` or
  `watch` caught), an exit status in the command's documented set, a peak RSS under the
  ceiling (1 GB), no process left alive after the command exits, no password and no
  concealed name in stdout, stderr or any file written (sidecars, summaries, the cache);
  huge text cut (no file over 16 MB, no Markdown or terminal line over 20,000 characters);
  no negative time in `audit` or `series`. A concealed name found in a mutant's output counts
  only if the mutant itself still conceals it (its replay is read again), so a mutation that
  unmasks a piece is no false alarm; the tool's standing text (game names, rule catalogs)
  and longer shown names holding a concealed one ("Bulgaria Neutral") are left out.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import html
import io
import os
import random
import re
import signal
import subprocess
import sys
import time
import zipfile
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from vmod_schema.buildfile import Module

REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO / "fixtures"
CEILING = 1 << 30
"""Peak RSS allowed to any process: 1 GB."""
MAX_OUTPUT = 16 << 20
"""A file written bigger than this (16 MB) is huge text not cut (issue 18: an 85 MB chat
line gave an 85 MB HTML and JSON)."""
MAX_LINE = 20_000
"""A Markdown or terminal line longer than this is huge text not cut (issue 18: a piece
named by a whole HTML document printed in full in audit.md)."""
NEGATIVE_TIME = re.compile(
    r"[-\u2212]\d+(?:\.\d+)?\s*(?:days?|hours?|minutes?|seconds?|h|min)\b")
"""A negative duration (issue 18: "−88.0 days" between a continuation and the file it
continues, saved the other way round)."""
HARD_CEILING = 3 << 29
"""Past this (1.5 GB) a process is killed, so a blow-up cannot take the machine down."""
TRACEBACK = "Traceback (most recent call last)"
INTERNAL_ERROR = re.compile(r"internal error[^\n]*(?:a bug|\w+Error)")
"""What `audit` and `watch` print for an exception they caught: a crash without a
traceback (`adjudicator.audit.job.INTERNAL_ERROR`)."""

STATUSES: dict[str, frozenset[int]] = {
    "check": frozenset({0, 1, 2, 3, 4}),
    "audit": frozenset({0, 1, 2}),
    "series": frozenset({0, 1, 2}),
    "watch": frozenset({0, 1, 2}),
    "inspect": frozenset({0, 2}),
    "bind": frozenset({0, 2}),
    "calibrate": frozenset({0, 2}),
    "rules": frozenset({0, 2}),
    "schema": frozenset({0, 2}),
    "odds": frozenset({0, 2}),
    "data": frozenset({0, 2}),
}
"""The documented exit statuses of each command (`adjudicator.cli`, `report.exit`)."""

FORMATS = "json,md,html,discord"
SUMMARY_FORMATS = "md,html,json"
GAME_SUFFIXES = (".vlog", ".vsav")


# ----------------------------------------------------------------------------- seeds


@dataclass(frozen=True, slots=True)
class Setup:
    """What a seed's game is checked with: game id (None: no system), module, binding,
    data. `module` is also what the concealment oracle replays with."""

    key: str
    game: str | None
    module: Path | None
    binding: Path | None = None
    data: tuple[Path, ...] = ()

    def options(self, *, with_module: bool) -> list[str]:
        """The `-g/-m/-b/-d` options of `check`/`audit`/`watch` (`-g ww` when the game has
        no system: such a file is then "not this game")."""
        out = ["-g", self.game or "ww"]
        if with_module and self.module is not None:
            out += ["-m", str(self.module)]
            if self.binding is not None:
                out += ["-b", str(self.binding)]
            for data in self.data:
                out += ["-d", str(data)]
        return out


@dataclass(frozen=True, slots=True)
class Seed:
    """A real save or log that mutants are made from."""

    path: Path
    setup: Setup

    @property
    def label(self) -> str:
        try:
            return str(self.path.relative_to(REPO))
        except ValueError:
            return f"corpus:{self.path.parent.name}/{self.path.name}"


def _games(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.suffix.lower() in GAME_SUFFIXES)


def fixture_seeds() -> list[Seed]:
    """Every fixture game of the repository, with its module, binding and data."""
    ww = FIXTURES / "washingtons-war"
    wfa = FIXTURES / "war-for-america"
    setups = [
        (FIXTURES / "hidden", Setup("hidden", None, FIXTURES / "hidden" / "hidden.vmod")),
        (FIXTURES / "example", Setup("example", None, FIXTURES / "example" / "example.vmod")),
        (ww / "games", Setup("ww", "ww", ww / "washingtons-war-fixture.vmod",
                             ww / "binding.toml", (ww / "data" / "fixture-data.toml",))),
        (wfa / "games", Setup("wfa", "wfa", wfa / "war-for-america-fixture.vmod",
                              wfa / "binding.toml", (wfa / "data" / "fixture.toml",))),
    ]
    return [Seed(path, setup) for folder, setup in setups for path in _games(folder)]


def corpus_seeds(corpus: Path) -> list[Seed]:
    """Every corpus save and log, with the module beside it when there is one."""
    seeds = []
    for path in sorted(p for p in corpus.rglob("*") if p.suffix.lower() in GAME_SUFFIXES):
        module = next((path.parent / name for name in ("buildFile.xml", "buildFile")
                       if (path.parent / name).is_file()), None)
        seeds.append(Seed(path, Setup(f"corpus-{path.parent.name}", None, module)))
    return seeds


# ----------------------------------------------------------------------------- secrets


@dataclass(frozen=True, slots=True)
class Secrets:
    """What no output may show (compared, never printed): passwords, and the names of
    pieces concealed from the opponent and never shown to them."""

    passwords: tuple[str, ...] = ()
    concealed: frozenset[str] = frozenset()
    shown: frozenset[str] = frozenset()
    readable: bool = True

    def __repr__(self) -> str:  # never the passwords
        return (f"Secrets({len(self.passwords)} passwords, concealed={sorted(self.concealed)},"
                f" readable={self.readable})")


MIN_PASSWORD = 4
"""Shorter user ids are not searched for (too common to mean anything in a report)."""


@functools.cache
def _module(path: Path | None) -> Module | None:
    from vmod_schema.buildfile import open_module

    return None if path is None else open_module(path)


def read_secrets(path: Path, module_path: Path | None) -> Secrets:
    """The passwords and concealed names of a save or log, by replaying it with the library
    (`Secrets(readable=False)` when the library cannot read or replay it)."""
    from adjudicator.replay import Board, iter_steps
    from adjudicator.replay.board import PieceKind
    from adjudicator.replay.visibility import sight
    from vmod_schema.commands import MovePiece, PlayerLeave
    from vmod_schema.savefile import read_save
    from vmod_schema.traits import Invisible, Mask

    module = _module(module_path)
    passwords: set[str] = set()
    concealed: set[str] = set()
    shown: set[str] = set()
    try:
        save = read_save(path, decode_pieces=True)
        passwords.update(player.user_id for player in save.players())
        sides = {player.side for player in save.players()}
        board = Board.for_module(module)
        for step in iter_steps(save, module, board=board):
            for command in step.commands:
                for inner in command.walk():
                    if isinstance(inner, MovePiece) and inner.player:
                        passwords.add(inner.player)
                    elif isinstance(inner, PlayerLeave):
                        passwords.add(inner.user_id)
            for item in board.pieces():
                if item.kind is not PieceKind.PIECE or not item.name:
                    continue
                for trait in item.piece.traits:
                    owner = (trait.hidden_by() if isinstance(trait, Invisible)
                             else trait.obscured_by() if isinstance(trait, Mask) else None)
                    if owner and owner not in sides:
                        passwords.add(owner)
                seen = sight(board, item)
                place = board.position(item.id).location
                if place:  # a space's name ("British Army N Box") is public
                    shown.add(place)
                if seen.shown:
                    shown.add(item.name)
                else:
                    concealed.add(item.name)
                    if seen.name:
                        shown.add(seen.name)
                for name in (item.name, seen.name):
                    if name is not None and name in chat_text(step):
                        shown.add(name)
    except Exception:  # any failure: the mutant is unreadable to the oracle
        return Secrets(tuple(sorted(p for p in passwords if _searchable(p))), readable=False)
    return Secrets(tuple(sorted(p for p in passwords if _searchable(p))),
                   frozenset(concealed - shown), frozenset(shown))


def chat_text(step: object) -> str:
    chat = getattr(step, "chat", ())
    return "\n".join(str(getattr(line, "text", line)) for line in chat)


def _searchable(password: str) -> bool:
    return len(password) >= MIN_PASSWORD and password.lower() not in {"null", "true", "false"}


@functools.cache
def seed_secrets(seed: Seed) -> Secrets:
    """A seed's secrets (read once per process)."""
    return read_secrets(seed.path, seed.setup.module)


# ----------------------------------------------------------------------------- mutants


@dataclass(frozen=True, slots=True)
class Mutant:
    """A mutated file: its seed, what was done to it (a repro in words), its bytes."""

    index: int
    seed: Seed
    kind: str
    detail: str
    data: bytes = field(repr=False)
    name: str = ""
    batch: str = ""
    """The sub-folder of its setup's folder it is written to: one batch of the runs."""

    @property
    def tag(self) -> str:
        return f"m{self.index:05d}"

    def describe(self) -> str:
        return (f"{self.tag} from {self.seed.label}: {self.kind} ({self.detail}), "
                f"named {self.name!r}, {len(self.data):,} bytes")


@dataclass(frozen=True, slots=True)
class Budget:
    """How big a mutant may grow: the CI run keeps them small, the bench lets them be huge
    (an 85 MB chat line)."""

    huge_text: int = 2_000_000
    repeats: int = 2_000
    nesting: int = 2_000


CI_BUDGET = Budget()
BIG_TEXT = 20_000_000
"""Payload texts longer than this are stored as VOBS (one byte a character)."""
BENCH_BUDGET = Budget(huge_text=85_000_000, repeats=50_000, nesting=20_000)

SEPARATORS = ["\\", "\x1b", "\t", "/", ";", "'", ",", "x", "9", "null", "\x00", "\n", "é",
              "\ud7ff", "<", "&", "{", "]", "\u202e"]
HUGE_NUMBERS = ["9" * 30, "2147483648", "4294967296", "-1", "-2147483649", "99999999",
                "1e308", "0", "18446744073709551616", "9" * 400, "NaN", "0x7fffffff"]
HTML_DOC = ("<!DOCTYPE html><html><head><title>x</title><script>alert(1)</script></head>"
            "<body>" + "<p>all work and no play</p>" * 400 + "</body></html>")


def _payload(data: bytes) -> tuple[str, object, dict[str, bytes]] | None:
    """A save's decoded text, its payload, and its other zip entries (None: not a save the
    library can decode)."""
    from vmod_schema.obfuscation import decode_payload

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            entries = {name: archive.read(name) for name in archive.namelist()}
        payload = decode_payload(entries.pop("savedGame"))
    except Exception:
        return None
    return payload.text, payload, entries


def _rezip(text: str, payload: object, entries: dict[str, bytes]) -> bytes:
    from vmod_schema.obfuscation import Payload, PayloadEncoding, encode_payload

    assert isinstance(payload, Payload)
    encoding, key = payload.encoding, payload.key
    if len(text) > BIG_TEXT and encoding is PayloadEncoding.VCSK:
        # hex digits would double a huge text past the reader's payload limit: VOBS keeps
        # an 85 MB chat line 85 MB, as VASSAL 3.8 writes it
        encoding, key = PayloadEncoding.VOBS, 90
    encoded = encode_payload(text, encoding, key=key,
                             text_encoding=payload.text_encoding) \
        if _encodable(text, payload.text_encoding) \
        else encode_payload(text, encoding, key=key)
    return zip_entries({"savedGame": encoded, **entries})


def zip_entries(entries: dict[str, bytes]) -> bytes:
    """A deflated zip of `entries` with fixed dates (the same mutant, the same bytes)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, value in entries.items():
            archive.writestr(zipfile.ZipInfo(name, date_time=(2000, 1, 1, 0, 0, 0)), value,
                             compress_type=zipfile.ZIP_DEFLATED)
    return buffer.getvalue()


def _encodable(text: str, encoding: str) -> bool:
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _commands(text: str) -> list[tuple[int, int]]:
    """Spans of the top-level and logged commands (split on ESC)."""
    spans = []
    start = 0
    for match in re.finditer("\x1b", text):
        spans.append((start, match.start()))
        start = match.end()
    spans.append((start, len(text)))
    return spans


def _pick(rng: random.Random, spans: Sequence[tuple[int, int]], text: str,
          prefix: str) -> tuple[int, int] | None:
    chosen = [span for span in spans if text.startswith(prefix, span[0])
              or text.startswith("LOG\t" + prefix, span[0])]
    return rng.choice(chosen) if chosen else None


def noise(rng: random.Random, size: int) -> str:
    """`size` characters that deflate does not squeeze below the zip-bomb ratio (hex digits
    of random bytes: a huge text that is not a bomb)."""
    return rng.randbytes(size // 2 + 1).hex()[:size]


def mutate_text(text: str, rng: random.Random, budget: Budget) -> tuple[str, str, str]:
    """One mutation of a payload text: (kind, detail, new text)."""
    kind = rng.choice(["substitute", "number", "nesting", "traits", "cut", "chat-huge",
                       "chat-repeat", "name-html", "name-huge", "command-repeat", "splice",
                       "property-count", "mask", "mask"])
    spans = _commands(text)
    if kind == "property-count":
        return huge_property_count(text, rng)
    if kind == "mask":
        return mask_pieces(text, rng)
    if kind == "substitute":
        chars = list(text)
        count = rng.randint(1, 20)
        for _ in range(count):
            chars[rng.randrange(len(chars))] = rng.choice(SEPARATORS)
        return kind, f"{count} characters replaced by separators", "".join(chars)
    if kind == "number":
        numbers = list(re.finditer(r"-?\d+", text))
        if not numbers:
            return "cut", "no number: cut in half", text[: len(text) // 2]
        count = rng.randint(1, 6)
        out = text
        replaced = []
        for match in sorted(rng.sample(numbers, min(count, len(numbers))),
                            key=lambda m: m.start(), reverse=True):
            value = rng.choice(HUGE_NUMBERS)
            shown = value if len(value) <= 24 else f"{value[:12]}…({len(value)} characters)"
            replaced.append(f"{match.group(0)}->{shown}")
            out = out[: match.start()] + value + out[match.end():]
        return kind, "numbers " + ", ".join(replaced), out
    if kind == "nesting":
        depth = rng.randint(budget.nesting // 10, budget.nesting)
        where = rng.randrange(len(text))
        style = rng.choice(["backslashes", "escaped-esc", "tabs"])
        insert = {"backslashes": "\\" * depth, "escaped-esc": "\\\x1b" * depth,
                  "tabs": "\t" * depth}[style]
        return kind, f"{depth} {style} at {where}", text[:where] + insert + text[where:]
    if kind == "traits":
        span = _pick(rng, spans, text, "+/")
        if span is None:
            return "cut", "no piece: cut in half", text[: len(text) // 2]
        command = text[span[0]: span[1]]
        tab = command.find("\t")
        parts = command.split("/", 3)
        if tab < 0 or len(parts) < 4:
            return "cut", "flat piece: cut in half", text[: len(text) // 2]
        head = command[: tab + 1]
        layer = head[len("/".join(parts[:3])) + 1:]
        repeats = rng.randint(budget.repeats // 10, budget.repeats)
        mutated = head + layer * repeats + command[tab + 1:]
        return kind, f"first trait of a piece repeated {repeats} times", \
            text[: span[0]] + mutated + text[span[1]:]
    if kind == "cut":
        cut = rng.randrange(len(text))
        return kind, f"payload text cut at {cut} of {len(text)}", text[:cut]
    if kind in ("chat-huge", "chat-repeat"):
        chats = [s for s in spans if "CHAT" in text[s[0]: s[0] + 12]]
        if not chats:
            line = "CHAT<Alice> " + "spam "
            position = len(text)
            text = text + "\x1bLOG\t" + line
            chats = [(position + 5, len(text))]
        span = rng.choice(chats)
        command = text[span[0]: span[1]]
        if kind == "chat-huge":
            size = rng.randint(budget.huge_text // 10, budget.huge_text)
            mutated = command + " " + noise(rng, size)
            return kind, f"a chat line grown to {len(mutated):,} characters of noise", \
                text[: span[0]] + mutated + text[span[1]:]
        repeats = rng.randint(budget.repeats // 10, budget.repeats)
        if rng.random() < 0.5:
            copies = "".join("\x1b" + command for _ in range(repeats))
            detail = f"a chat command repeated {repeats} times"
        else:
            copies = "".join(f"\x1b{command} {rng.getrandbits(32):08x}" for _ in range(repeats))
            detail = f"a chat command repeated {repeats} times, each with its own ending"
        return kind, detail, text[: span[1]] + copies + text[span[1]:]
    if kind in ("name-html", "name-huge"):
        names = list(re.finditer(r"piece;[^;]*;[^;]*;[^;]*;([^/\t;\\]+)", text))
        if not names:
            return "cut", "no named piece: cut in half", text[: len(text) // 2]
        match = rng.choice(names)
        name = HTML_DOC if kind == "name-html" else noise(rng, rng.randint(
            budget.huge_text // 100, budget.huge_text // 10))
        return kind, f"piece {match.group(1)!r} renamed ({len(name):,} characters)", \
            text[: match.start(1)] + name + text[match.end(1):]
    if kind == "command-repeat":
        span = rng.choice(spans)
        repeats = rng.randint(budget.repeats // 10, budget.repeats)
        command = text[span[0]: span[1]]
        return kind, f"command {command[:16]!r} repeated {repeats} times", \
            text[: span[1]] + ("\x1b" + command) * repeats + text[span[1]:]
    # splice: a command of one place moved to another
    first, second = rng.choice(spans), rng.choice(spans)
    command = text[first[0]: first[1]]
    return kind, f"command {command[:16]!r} copied to offset {second[0]}", \
        text[: second[0]] + command + "\x1b" + text[second[0]:]


BASIC_STATE = re.compile(r"(?<=[/\t])([^;/\t\\]*;-?\d+;-?\d+;[^;/\t\\]*;)(\d+)")
"""A BasicPiece state (`map;x;y;gpid;count[;key;value...]`): the count of its properties."""


def huge_property_count(text: str, rng: random.Random) -> tuple[str, str, str]:
    """A piece's property count made huge (issue 18: a 2.5 KB log reached 24 GB)."""
    states = list(BASIC_STATE.finditer(text))
    if not states:
        return "cut", "no piece state: cut in half", text[: len(text) // 2]
    match = rng.choice(states)
    count = rng.choice(["999999999", "2147483647", "100000000", "9" * 20])
    return ("property-count", f"a piece state's property count {match.group(2)} -> {count}",
            text[: match.start(2)] + count + text[match.end(2):])


MASK_TYPE = "obs;70,130;back.png;Mask;Gback.png;?;player:;Peek;;false;;"
"""A Mask trait's type (FORMAT.md §6.5) as the hidden fixture's pieces carry it."""
ADDS_CONCEALMENT = ("text-mask",)
"""Mutations that conceal pieces the seed shows: their own replay is the oracle."""


def mask_pieces(text: str, rng: random.Random, count: int | None = None) -> tuple[str, str, str]:
    """Pieces that move in the log masked by a player from the start (the issue's masked
    General: hidden in a finding, named in a computation), VASSAL's chat then saying "?"."""
    from vmod_schema.commands import AddPiece
    from vmod_schema.savefile import decode_top_level, encode_top_level
    from vmod_schema.sequence import join

    owners = re.findall(r"PLAYER\t([^\t\x1b]+)\t", text)
    moved = list(dict.fromkeys(re.findall(r"\bM/([^/]+)/", text)))
    try:
        commands = decode_top_level(text)
    except Exception:
        commands = []
    adds = {c.id: c for top in commands for c in top.walk()
            if isinstance(c, AddPiece) and c.id in moved and "piece;" in c.type}
    if not owners or not adds:
        return "cut", "nothing to mask: cut in half", text[: len(text) // 2]
    names = []
    for piece_id in rng.sample(sorted(adds), min(len(adds), count or rng.randint(1, 3))):
        add = adds[piece_id]
        found = re.search(r"piece;[^;]*;[^;]*;[^;]*;([^/\t;\\]+)", add.type)
        add.type = join([MASK_TYPE, add.type], "\t")
        add.state = join([rng.choice(owners) + ";", add.state], "\t")
        if found is not None:
            names.append(found.group(1))
    text = encode_top_level(commands)
    for name in names:  # VASSAL's own chat then says "? moves ..."
        word = re.compile(rf"(?<!\w){re.escape(name)}(?!\w)")
        text = re.sub(r"CHAT[^\x1b]*", functools.partial(_unname, word), text)
    return "mask", f"{len(names)} moving pieces masked by a player from the start", text


def _unname(word: re.Pattern[str], chat: re.Match[str]) -> str:
    return word.sub("?", chat.group(0))


def mutate_dates(entries: dict[str, bytes],
                 rng: random.Random) -> tuple[str, str, dict[str, bytes]]:
    """The save date in `savedata`/`moduledata` moved: years back, far ahead, negative."""
    value = rng.choice(["-1", "0", "1", "99999999999999", "-86400000000", "1500000000000",
                        "9" * 25, "NaN", ""])
    out = {}
    for name, data in entries.items():
        out[name] = re.sub(rb"<dateSaved>[^<]*</dateSaved>",
                           b"<dateSaved>" + value.encode() + b"</dateSaved>", data)
    return "dates", f"dateSaved set to {value[:20]!r}", out


def mutate_bytes(data: bytes, rng: random.Random) -> tuple[str, str, bytes]:
    """One mutation of the container's bytes."""
    kind = rng.choice(["flip", "truncate", "zero-run", "entry-name"])
    raw = bytearray(data)
    if kind == "flip":
        count = rng.randint(1, 8)
        for _ in range(count):
            raw[rng.randrange(len(raw))] = rng.randrange(256)
        return kind, f"{count} bytes of the zip overwritten", bytes(raw)
    if kind == "truncate":
        cut = rng.randrange(len(raw))
        return kind, f"file cut at byte {cut} of {len(raw)}", bytes(raw[:cut])
    if kind == "zero-run":
        start = rng.randrange(len(raw))
        length = rng.randint(1, 64)
        raw[start: start + length] = b"\xff" * len(raw[start: start + length])
        return kind, f"{length} bytes set to 0xff at {start}", bytes(raw)
    index = data.find(b"savedGame")
    if index < 0:
        return "flip", "no entry name: one byte overwritten", bytes(raw)
    raw[index: index + 9] = b"savedGamf"
    return kind, "the savedGame entry renamed", bytes(raw)


def odd_name(rng: random.Random, tag: str, suffix: str) -> str:
    """A file name as players send them: spaces, unicode, a leading dash, HTML and Markdown
    characters, a long name, bytes that are not UTF-8, an upper-case suffix."""
    style = rng.choice(["plain", "plain", "spaces", "unicode", "dash", "html", "long",
                        "bytes", "upper", "dots"])
    if style == "upper":
        suffix = suffix.upper()
    stem = {
        "plain": tag,
        "spaces": f"turn 3  {tag} (copy)",
        "unicode": f"Saratoga\u00e9\u6f22\u202e{tag}",
        "dash": f"-{tag}",
        "html": f"<b>{tag}<i>&amp;*_`|#",
        "long": f"{tag}-" + "x" * 180,
        "bytes": tag + os.fsdecode(b"-\xff\xfe"),
        "upper": tag,
        "dots": f"..{tag}.vsav",
    }[style]
    return stem + suffix


def make_mutant(index: int, seed: Seed, rng: random.Random, budget: Budget) -> Mutant:
    """One mutant of `seed`: half of them mangle the payload text, the rest the bytes."""
    data = seed.path.read_bytes()
    decoded = _payload(data) if rng.random() < 0.6 else None
    if decoded is not None and rng.random() < 0.08:
        text, payload, entries = decoded
        kind, detail, entries = mutate_dates(entries, rng)
        new = _rezip(text, payload, entries)
    elif decoded is not None:
        text, payload, entries = decoded
        kind, detail, mutated = mutate_text(text, rng, budget)
        new = _rezip(mutated, payload, entries)
        kind = "text-" + kind
    else:
        kind, detail, new = mutate_bytes(data, rng)
    tag = f"m{index:05d}"
    return Mutant(index, seed, kind, detail, new, odd_name(rng, tag, seed.path.suffix))


def make_mutants(seeds: Sequence[Seed], count: int, seed: int, budget: Budget,
                 *, start: int = 0) -> Iterator[Mutant]:
    """`count` mutants, the same for the same `seed`."""
    rng = random.Random(seed)
    for index in range(start, start + count):
        yield make_mutant(index, rng.choice(seeds), rng, budget)


def write_mutants(mutants: Iterable[Mutant], folder: Path) -> dict[str, Mutant]:
    """Write each mutant into `folder/<setup key>/`; its tag → the mutant."""
    written = {}
    for mutant in mutants:
        target = mutant_path(mutant, folder)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(mutant.data)
        written[mutant.tag] = mutant
    return written


def mutant_path(mutant: Mutant, folder: Path) -> Path:
    return folder / mutant.seed.setup.key / mutant.batch / mutant.name


def in_batches(mutants: Sequence[Mutant], size: int) -> list[Mutant]:
    """The mutants, each given its batch: at most `size` of one setup in each."""
    counts: dict[str, int] = {}
    out = []
    for mutant in mutants:
        key = mutant.seed.setup.key
        number = counts.get(key, 0)
        counts[key] = number + 1
        out.append(dataclasses.replace(mutant, batch=f"b{number // size:04d}"))
    return out


# ----------------------------------------------------------------------------- runs


@dataclass
class Run:
    """One process: what ran, how it ended, its peak RSS, and what it wrote."""

    label: str
    command: str
    argv: list[str]
    status: int | None
    peak_rss: int
    seconds: float
    stdout: str
    stderr: str
    outputs: list[Path]
    killed: str | None = None
    mutants: tuple[str, ...] = ()
    reveal: bool = False
    left_behind: int = 0
    """Processes of its session still alive after it exited (workers it did not end)."""


def _tree(pid: int) -> list[int]:
    pids = [pid]
    index = 0
    while index < len(pids):
        with contextlib.suppress(OSError):  # the process is gone
            for task in os.listdir(f"/proc/{pids[index]}/task"):
                with open(f"/proc/{pids[index]}/task/{task}/children") as handle:
                    pids.extend(int(child) for child in handle.read().split())
        index += 1
    return pids


def _rss(pid: int) -> int:
    with contextlib.suppress(OSError, ValueError), open(f"/proc/{pid}/status") as handle:
        for line in handle:  # a process gone meanwhile, or unreadable: 0
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


def adjudicator_argv(*args: str) -> list[str]:
    return [sys.executable, "-m", "adjudicator", *args]


def run(label: str, args: Sequence[str], *, workdir: Path, outputs: Sequence[Path] = (),
        timeout: float = 300, mutants: Sequence[str] = (), reveal: bool = False,
        stdout_to: str | None = None, env: dict[str, str] | None = None,
        poll: float = 0.05) -> Run:
    """Run `python -m adjudicator ARGS` in a session of its own, its stdout and stderr to
    files; poll the process tree's RSS and kill it past `HARD_CEILING` or `timeout`."""
    workdir.mkdir(parents=True, exist_ok=True)
    out_path = workdir / f"{label}.stdout"
    err_path = workdir / f"{label}.stderr"
    argv = adjudicator_argv(*args)
    environment = dict(os.environ if env is None else env)
    environment.setdefault("PYTHONPATH", str(REPO))
    environment["COLUMNS"] = "200"
    started = time.monotonic()
    with open(stdout_to or out_path, "wb") as stdout, open(err_path, "wb") as stderr:
        process = subprocess.Popen(argv, stdout=stdout, stderr=stderr, stdin=subprocess.DEVNULL,
                                   cwd=workdir, env=environment, start_new_session=True)
    peak = 0
    killed: str | None = None
    status: int | None = None
    while True:
        pid, wait_status, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            peak = max(peak, usage.ru_maxrss * 1024)
            status = os.waitstatus_to_exitcode(wait_status)
            break
        for member in _tree(process.pid):
            peak = max(peak, _rss(member))
        if peak > HARD_CEILING and killed is None:
            killed = f"killed past {HARD_CEILING >> 20} MB"
        elif time.monotonic() - started > timeout and killed is None:
            killed = f"killed after {timeout:.0f} s"
        if killed is not None:
            _kill_group(process.pid)
        time.sleep(poll)
    left = [] if killed else _group_members(process.pid, grace=2.0)
    _kill_group(process.pid)  # what the command left behind (workers)
    process.returncode = status
    return Run(label, args[0], list(args), None if killed else status, peak,
               time.monotonic() - started, _read(out_path) if stdout_to is None else "",
               _read(err_path), list(outputs), killed, tuple(mutants), reveal, len(left))


def _group_members(pgid: int, *, grace: float) -> list[int]:
    """Live processes of the process group `pgid`, after `grace` seconds to exit."""
    deadline = time.monotonic() + grace
    while True:
        members = []
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/stat") as handle:
                    fields = handle.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == pgid and fields[0] != "Z":
                members.append(int(entry))
        if not members or time.monotonic() > deadline:
            return members
        time.sleep(0.05)


def _kill_group(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)


def _read(path: Path, limit: int = 200_000_000) -> str:
    with open(path, "rb") as handle:
        return handle.read(limit).decode("utf-8", "replace")


def written_files(outputs: Iterable[Path]) -> Iterator[Path]:
    for root in outputs:
        if root.is_file():
            yield root
        elif root.is_dir():
            yield from (p for p in sorted(root.rglob("*")) if p.is_file())


# ----------------------------------------------------------------------------- oracles


@dataclass(frozen=True, slots=True)
class Failure:
    """One broken promise: its class, the run, and what showed it (never a password)."""

    kind: str
    run: str
    detail: str
    mutants: tuple[str, ...] = ()

    def __str__(self) -> str:
        where = f" [{', '.join(self.mutants[:5])}]" if self.mutants else ""
        return f"{self.kind}: {self.run}{where}: {self.detail}"


def _normal(text: str) -> str:
    """Text as a reader sees it: HTML entities decoded, Markdown and JSON escapes dropped,
    and the tool's standing text (game names, the rule catalog) left out: "Washington's
    War" names no masked Washington."""
    return standing_pattern().sub(" ", html.unescape(text).replace("\\", ""))


@functools.cache
def standing_pattern() -> re.Pattern[str]:
    """The text every report may hold whatever the file: the games' names and module
    names, and their rule catalogs' summaries and reasons."""
    from adjudicator.rule_status import rule_statuses

    texts = {"Washington's War", "War for America"}
    for game in ("ww", "wfa"):
        for status in rule_statuses(game):
            texts.update(t for t in (status.summary, status.reason) if t)
    return re.compile("|".join(re.escape(t) for t in sorted(texts, key=len, reverse=True)))


def name_pattern(names: Iterable[str]) -> re.Pattern[str]:
    """Any of `names` as a whole word (matches nothing when there is none)."""
    ordered = sorted({n for n in names if n.strip()}, key=len, reverse=True)
    if not ordered:
        return re.compile(r"(?!x)x")
    return re.compile("|".join(rf"(?<!\w){re.escape(name)}(?!\w)" for name in ordered))


TAG = re.compile(r"m\d{5}")


def _owners(text_source: str, mutants: dict[str, Mutant], run: Run) -> list[Mutant]:
    tags = set(TAG.findall(text_source)) & set(mutants)
    if not tags:
        tags = set(run.mutants)
    return [mutants[tag] for tag in sorted(tags)]


@functools.cache
def _mutant_secrets(tag: str, path: Path, module: Path | None) -> Secrets:
    return read_secrets(path, module)


def check_run(run: Run, mutants: dict[str, Mutant], folder: Path,
              seeds: Sequence[Seed] = ()) -> list[Failure]:
    """Every oracle on one run."""
    failures: list[Failure] = []
    texts = {"stdout": run.stdout, "stderr": run.stderr}
    if run.killed:
        failures.append(Failure("killed" if "MB" in run.killed else "hang", run.label,
                                f"{run.killed}: peak {run.peak_rss >> 20} MB",
                                run.mutants))
    if run.peak_rss > CEILING and not run.killed:
        failures.append(Failure("memory", run.label, f"peak RSS {run.peak_rss >> 20} MB",
                                run.mutants))
    for stream, text in texts.items():
        bug = INTERNAL_ERROR.search(text)
        if bug is not None and TRACEBACK not in text:
            line = text[bug.start():].splitlines()[0][:300]
            failures.append(Failure("internal-error", run.label, f"in {stream}: {line}",
                                    _tag_list(text[max(0, bug.start() - 400): bug.end()],
                                              mutants, run)))
        if TRACEBACK in text:
            last = text[text.rfind(TRACEBACK):].strip().splitlines()[-1][:300]
            # the file is named in the traceback, if at all (earlier lines are other files')
            failures.append(Failure("traceback", run.label, f"in {stream}: {last}",
                                    _tag_list(text[text.rfind(TRACEBACK):], mutants, run)))
    if run.left_behind:
        failures.append(Failure("left-behind", run.label,
                                f"{run.left_behind} processes still alive after it exited",
                                run.mutants))
    allowed = STATUSES[run.command]
    if run.status is not None and run.status not in allowed:
        first = (run.stderr.strip().splitlines() or [""])[-1][:300]
        failures.append(Failure("status", run.label,
                                f"exit {run.status} not in {sorted(allowed)}: {first}",
                                run.mutants))
    if run.reveal:
        return failures
    sources = [(name, text) for name, text in texts.items()]
    for path in written_files(run.outputs):
        size = path.stat().st_size
        if size > MAX_OUTPUT:
            failures.append(Failure("huge-output", run.label,
                                    f"{path.name}: {size >> 20} MB written",
                                    _tag_list(path.name, mutants, run)))
        sources.append((str(path), _read(path)))
    for source, text in sources:
        short = Path(source).name
        if short in ("stdout", "stderr") or short.endswith(".md"):
            longest = max((len(line) for line in text.splitlines()), default=0)
            if longest > MAX_LINE:
                failures.append(Failure("long-line", run.label,
                                        f"{short}: a line of {longest:,} characters",
                                        _tag_list(short, mutants, run)))
        if run.command in ("audit", "series") and short.endswith((".md", "stdout")):
            negative = NEGATIVE_TIME.search(text)
            if negative is not None:
                failures.append(Failure("negative-time", run.label,
                                        f"{short}: {negative.group(0)!r}", run.mutants))
    for source, text in sources:
        failures.extend(_leaks(run, source, text, mutants, folder, seeds))
    return failures


def _tag_list(text: str, mutants: dict[str, Mutant], run: Run) -> tuple[str, ...]:
    tags = tuple(sorted(set(TAG.findall(text)) & set(mutants)))
    return tags or run.mutants


def _leaks(run: Run, source: str, text: str, mutants: dict[str, Mutant], folder: Path,
           seeds: Sequence[Seed]) -> Iterator[Failure]:
    """Passwords and concealed names in one output. A file that names one mutant is judged
    against that mutant's secrets; the rest (stdout, stderr, summaries, the cache) against
    every mutant of the run, a name counting only when no file of the run shows it."""
    normal = _normal(text)
    short = Path(source).name if source not in ("stdout", "stderr") else source
    if mutants:
        named = short if source not in ("stdout", "stderr") else ""
        if named and not TAG.search(named) and "cache" in Path(source).parts:
            named = text[:4096]  # a cache entry names its file inside
        owners = _owners(named, mutants, run)
        cases: list[tuple[str | None, Seed, Path]] = [
            (m.tag, m.seed, mutant_path(m, folder)) for m in owners]
    else:
        cases = [(None, seed, seed.path) for seed in seeds]
    for_one = len(cases) == 1
    everyone_sees: set[str] = set()
    if not for_one:
        for _, seed, _ in cases:
            everyone_sees |= seed_secrets(seed).shown
    reported: set[str] = set()
    mutants_see: set[str] = set()
    for tag, seed, path in cases:
        secrets = seed_secrets(seed)
        for number, password in enumerate(secrets.passwords, 1):
            if (password in text or password in normal) and f"{seed.label}#{number}" \
                    not in reported:
                reported.add(f"{seed.label}#{number}")
                yield Failure("password", run.label,
                              f"a password of {seed.label} (user id #{number}, "
                              f"{len(password)} characters) in {short}",
                              (tag,) if tag else ())
        concealed = secrets.concealed
        owner = mutants.get(tag) if tag is not None else None
        if owner is not None and owner.kind in ADDS_CONCEALMENT:
            concealed = concealed | _mutant_secrets(tag, path, seed.setup.module).concealed
        pattern = name_pattern(concealed - everyone_sees)
        found = set(pattern.findall(normal)) - reported
        if found and not for_one and mutants:  # shown by any file of the batch as mutated
            if not mutants_see:
                mutants_see.add("")
                for other_tag, other_seed, other_path in cases:
                    if other_tag is not None:
                        mutants_see.update(_mutant_secrets(
                            other_tag, other_path, other_seed.setup.module).shown)
            found -= mutants_see
        if found:  # "Bulgaria" concealed, "Bulgaria Neutral" shown: only the first counts
            found = set(pattern.findall(_without(normal, found, secrets.shown | everyone_sees)))
        if not found:
            continue
        kind = "concealed"
        if tag is not None:
            own = _mutant_secrets(tag, path, seed.setup.module)
            if own.readable:
                found &= own.concealed
                found = {n for n in found
                         if pattern.search(_without(normal, {n}, own.shown)) is not None}
            elif not for_one:
                continue  # a summary: the name is another file's to answer for
            else:
                kind = "concealed-unreadable"
        for name in sorted(found):
            reported.add(name)
            yield Failure(kind, run.label, f"{name!r} (concealed in {seed.label}) in {short}",
                          (tag,) if tag else ())


def _without(text: str, names: Iterable[str], shown: Iterable[str]) -> str:
    """`text` without the shown names that hold one of `names` as a word."""
    holders = [s for s in shown for n in names if n != s and name_pattern([n]).search(s)]
    return name_pattern(holders).sub(" ", text) if holders else text


def summarise(failures: Sequence[Failure]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for failure in failures:
        counts[failure.kind] = counts.get(failure.kind, 0) + 1
    return counts


# ----------------------------------------------------------------------------- campaigns


@dataclass
class Plan:
    """Which runs a campaign makes of a folder of mutants (per setup: one group)."""

    batch: int = 200
    """Files of one setup per batch: one folder, each command run once on it."""
    inspect_every: int = 10
    """One `inspect` process per this many mutants."""
    series_batch: int = 50
    timeout: float = 600
    isolate: int = 40
    """Files re-run alone to find which of a failed batch fails (at most this many per
    campaign)."""
    commands: frozenset[str] = frozenset({"check", "audit", "watch", "series", "inspect"})
    modules: tuple[bool, ...] = (True, False)
    """Runs with `--module` (and binding, data), without, or both."""
    isolated: set[str] = field(default_factory=set)
    """Files already re-run alone (tag and command)."""
    every_mode: bool = False
    """`series` and `inspect` in each of `modules` (else they take turns)."""


@dataclass
class Campaign:
    runs: list[Run] = field(default_factory=list)
    failures: list[Failure] = field(default_factory=list)
    isolated: list[Failure] = field(default_factory=list)

    @property
    def processes(self) -> int:
        return len(self.runs)


def _chunks(items: Sequence[Mutant], size: int) -> Iterator[Sequence[Mutant]]:
    for start in range(0, len(items), size):
        yield items[start: start + size]


def campaign_runs(mutants: Sequence[Mutant], folder: Path, work: Path,
                  plan: Plan) -> Iterator[tuple[str, list[str], list[Path], list[Mutant]]]:
    """Every run of a campaign, batch by batch (one setup's mutants in one folder): (label,
    args, output folders, mutants it reads)."""
    groups: dict[tuple[str, str], list[Mutant]] = {}
    for mutant in mutants:
        groups.setdefault((mutant.seed.setup.key, mutant.batch), []).append(mutant)
    for (key, batch), members in sorted(groups.items()):
        setup = members[0].seed.setup
        group = folder / key / batch
        name = f"{key}-{batch}"
        paths = [str(mutant_path(m, folder)) for m in members]
        for with_module in plan.modules:
            if "check" not in plan.commands:
                break
            if not with_module and setup.module is None:
                continue
            tag = f"{name}-{'mod' if with_module else 'nomod'}"
            out = work / "out" / f"check-{tag}"
            yield (f"check-{tag}", ["check", *setup.options(with_module=with_module),
                                    "-f", FORMATS, "-o", str(out), "--", *paths],
                   [out], members)
        for with_module, jobs in ((True, "0"), (False, "2")):
            if "audit" not in plan.commands or with_module not in plan.modules:
                continue
            if not with_module and setup.module is None:
                jobs = "0"
            tag = f"{name}-{'mod' if with_module else 'nomod'}"
            out = work / "out" / f"audit-{tag}"
            options = setup.options(with_module=True) if with_module else []
            yield (f"audit-{tag}", ["audit", *options, "-f", SUMMARY_FORMATS, "--jobs", jobs,
                                    "--out", str(out / "summary"),
                                    "--sidecars", str(out / "sidecars"),
                                    "--cache", str(out / "cache"), "--", str(group)],
                   [out], members)
        number = int(batch[1:] or 0)
        for with_module in _modes(plan, len(key) + number):
            if "watch" not in plan.commands:
                break
            tag = f"{name}-{'mod' if with_module else 'nomod'}"
            out = work / "out" / f"watch-{tag}"
            options = setup.options(with_module=True)[2:] if with_module else []
            yield (f"watch-{tag}", ["watch", *options, "--once", "--jobs", "1", "-f", FORMATS,
                                    "-o", str(out / "sidecars"), "--cache", str(out / "cache"),
                                    "--settle", "0", "--", str(group)], [out], members)
        for part, chunk in enumerate(_chunks(members, plan.series_batch)):
            if "series" not in plan.commands:
                break
            chunk_paths = [str(mutant_path(m, folder)) for m in chunk]
            for with_module in _modes(plan, part):
                module = ["-m", str(setup.module)] if setup.module and with_module else []
                json_flag = ["--json"] if (number + part) % 3 == 1 else []
                yield (f"series-{name}-{part}-{'mod' if module else 'nomod'}",
                       ["series", *module, *json_flag, "--", *chunk_paths], [], list(chunk))
        for position, mutant in enumerate(members):
            if "inspect" not in plan.commands or mutant.index % plan.inspect_every:
                continue
            path = str(mutant_path(mutant, folder))
            for with_module in _modes(plan, position):
                module = ["-m", str(setup.module)] if setup.module and with_module else []
                flags = ["--steps", *(["--json"] if mutant.index % 3 == 1 else [])]
                yield (f"inspect-{mutant.tag}-{'mod' if module else 'nomod'}",
                       ["inspect", *module, *flags, "--", path], [], [mutant])


def _modes(plan: Plan, turn: int) -> tuple[bool, ...]:
    """With and without the module: each of them, or the one whose turn it is."""
    if plan.every_mode:
        return plan.modules
    return (plan.modules[turn % len(plan.modules)],)


def run_campaign(mutants: Sequence[Mutant], work: Path, plan: Plan,
                 progress: bool = False, parallel: int = 1) -> Campaign:
    """Write the mutants under `work/in`, make every run of them (`parallel` at a time),
    judge every run."""
    from concurrent.futures import ThreadPoolExecutor

    folder = work / "in"
    mutants = in_batches(mutants, plan.batch)
    table = write_mutants(mutants, folder)
    campaign = Campaign()

    def one(job: tuple[str, list[str], list[Path], list[Mutant]]) -> tuple[Run, list[Failure]]:
        label, args, outputs, members = job
        result = run(label, args, workdir=work / "runs", outputs=outputs,
                     timeout=plan.timeout, mutants=[m.tag for m in members])
        return result, check_run(result, table, folder)

    jobs = list(campaign_runs(mutants, folder, work, plan))
    with ThreadPoolExecutor(max(1, parallel)) as pool:
        for (_, _, _, members), (result, failures) in zip(jobs, pool.map(one, jobs),
                                                           strict=True):
            campaign.runs.append(result)
            campaign.failures.extend(failures)
            if progress:
                print(f"  {result.label}: exit {result.status}, {result.peak_rss >> 20} MB, "
                      f"{result.seconds:.1f} s, {len(failures)} failures", file=sys.stderr,
                      flush=True)
            if failures and len(members) > 1 and plan.isolate > 0:
                campaign.isolated.extend(isolate(result, failures, table, folder, work, plan))
    return campaign


def isolate(batch: Run, failures: Sequence[Failure], table: dict[str, Mutant], folder: Path,
            work: Path, plan: Plan) -> list[Failure]:
    """Re-run a failed batch's suspects alone (`check`/`series` only): which file fails."""
    kinds = {f.kind for f in failures} - {"password", "concealed", "concealed-unreadable"}
    if not kinds or batch.command not in ("check", "series", "audit", "watch"):
        return []
    suspects = [tag for f in failures if f.kind in kinds for tag in f.mutants
                if len(f.mutants) < len(batch.mutants)] or list(batch.mutants)
    found: list[Failure] = []
    for tag in dict.fromkeys(suspects):
        if plan.isolate <= 0:
            break
        if f"{tag} {batch.command}" in plan.isolated:
            continue
        plan.isolated.add(f"{tag} {batch.command}")
        plan.isolate -= 1
        mutant = table[tag]
        path = str(mutant_path(mutant, folder))
        out = work / "out" / f"alone-{tag}"
        args = ["check", *mutant.seed.setup.options(with_module=True), "-f", FORMATS,
                "-o", str(out), "--", path]
        if batch.command == "series":
            args = ["series", "--", path]
        alone = run(f"alone-{tag}-{batch.command}", args, workdir=work / "runs", outputs=[out],
                    timeout=min(plan.timeout, 120), mutants=[tag])
        for failure in check_run(alone, table, folder):
            if failure.kind in kinds:
                found.append(dataclasses.replace(failure, detail=failure.detail + " — "
                                                 + mutant.describe()))
    return found


# ----------------------------------------------------------------------------- other inputs


MODULES = {
    "ww": FIXTURES / "washingtons-war" / "washingtons-war-fixture.vmod",
    "wfa": FIXTURES / "war-for-america" / "war-for-america-fixture.vmod",
}
DATA = {
    "ww": FIXTURES / "washingtons-war" / "data" / "fixture-data.toml",
    "wfa": FIXTURES / "war-for-america" / "data" / "fixture.toml",
}


def mutate_module(data: bytes, rng: random.Random, budget: Budget) -> tuple[str, bytes]:
    """A module (.vmod) with its bytes or its buildFile.xml mangled: (what was done, bytes)."""
    if rng.random() < 0.4:
        kind, detail, new = mutate_bytes(data, rng)
        return f"{kind}: {detail}", new
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        entries = {name: archive.read(name) for name in archive.namelist()}
    name = next(n for n in entries if n.startswith("buildFile"))
    xml = entries[name].decode("utf-8")
    choice = rng.choice(["chars", "names", "nesting", "entity", "cut"])
    if choice == "chars":
        chars = list(xml)
        for _ in range(rng.randint(1, 12)):
            chars[rng.randrange(len(chars))] = rng.choice(list("<>\"=/&;x '"))
        xml, detail = "".join(chars), "characters of buildFile.xml replaced"
    elif choice == "names":
        xml = re.sub(r'name="([^"]*)"', lambda m: f'name="{m.group(1) * rng.randint(1, 3000)}"',
                     xml, count=rng.randint(1, 20))
        detail = "names of buildFile.xml repeated up to 3,000 times"
    elif choice == "nesting":
        depth = rng.randint(budget.nesting // 10, budget.nesting)
        at = xml.rfind("</")
        xml = xml[:at] + "<a>" * depth + "</a>" * depth + xml[at:]
        detail = f"{depth} nested elements in buildFile.xml"
    elif choice == "entity":
        xml = ('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">'
               '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">'
               '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>'
               + xml.split("?>", 1)[-1].replace(' name="', ' name="&c;', 1))
        detail = "entity expansion in buildFile.xml"
    else:
        xml = xml[: rng.randrange(len(xml))]
        detail = "buildFile.xml cut"
    entries[name] = xml.encode("utf-8")
    return detail, zip_entries(entries)


def mutate_data(text: str, rng: random.Random) -> tuple[str, str]:
    """A data file (TOML) mangled: (what was done, text)."""
    choice = rng.choice(["numbers", "chars", "cut", "repeat"])
    if choice == "numbers":
        numbers = list(re.finditer(r"-?\d+", text))
        for match in sorted(rng.sample(numbers, min(len(numbers), rng.randint(1, 8))),
                            key=lambda m: m.start(), reverse=True):
            text = text[: match.start()] + rng.choice(HUGE_NUMBERS) + text[match.end():]
        return "numbers of the data file made huge", text
    if choice == "chars":
        chars = list(text)
        for _ in range(rng.randint(1, 12)):
            chars[rng.randrange(len(chars))] = rng.choice(list("[]=\"'{}.,\n#"))
        return "characters of the data file replaced", "".join(chars)
    if choice == "cut":
        return "data file cut", text[: rng.randrange(len(text))]
    return "data file's tables repeated", text * rng.randint(2, 50)


def other_runs(rng: random.Random, work: Path, count: int,
               budget: Budget) -> Iterator[tuple[str, list[str], list[Path], str | None, str]]:
    """`bind` and `calibrate` on mutated modules, `rules`/`data`/`odds` on mutated data
    files, `schema`, `odds` with huge numbers, and each of them writing to a full disk:
    (label, args, output folders, where stdout goes, what was done)."""
    inputs = work / "other"
    inputs.mkdir(parents=True, exist_ok=True)
    for number in range(count):
        game = rng.choice(["ww", "wfa"])
        choice = rng.choice(["bind", "rules", "data", "odds", "schema", "full", "calibrate"])
        label = f"{choice}-{number:04d}"
        if choice in ("bind", "calibrate"):
            detail, data = mutate_module(MODULES[game].read_bytes(), rng, budget)
            path = inputs / odd_name(rng, f"m{number:05d}", ".vmod")
            path.write_bytes(data)
            page = ["--out", str(inputs / f"page-{number:04d}.html")]
            yield label, [choice, "-g", game, *(page if choice == "calibrate" else []),
                          "--", str(path)], [], None, detail
        elif choice in ("rules", "data", "odds"):
            detail, text = mutate_data(DATA[game].read_text(encoding="utf-8"), rng)
            path = inputs / f"data-{number:04d}.toml"
            path.write_text(text, encoding="utf-8")
            args = {"rules": ["rules", game, "-d", str(path)],
                    "data": ["data", "template", game],
                    "odds": ["odds", game, "-d", str(path)]}[choice]
            if choice == "odds":
                args += _odds_numbers(game, rng)
            if rng.random() < 0.5 and choice != "data":
                args.append("--json")
            yield label, args, [], None, detail
        elif choice == "schema":
            yield label, ["schema", rng.choice(["report", "audit"])], [], None, "schema"
        else:
            args = rng.choice([["rules", game], ["schema"], ["data", "template", game],
                               ["rules", game, "--json"], ["odds", game, *_odds_numbers(
                                   game, rng)]])
            yield label, args, [], "/dev/full", "stdout is /dev/full"


def _odds_numbers(game: str, rng: random.Random) -> list[str]:
    big = rng.choice(["0", "1", "7", "40", "1000", "100000", "999999999", "-3", "9" * 30])
    if game == "ww":
        return ["--attacker-cus", big, "--defender-cus", rng.choice(["1", big]),
                "--attacker-drm", rng.choice(["0", "-99", big])]
    return ["--attacker-sp", rng.choice(["1", big]), "--defender-sp", big,
            "--attacker-card-drm", rng.choice(["0", big])]
