"""Dice rolls that a module's own code reports in chat, read with configurable patterns.

Some modules roll dice in Java code of their own, not with a VASSAL Dice Button: VASL's
chatter buttons write `*** (IFT DR) 3,1 ***   <Alice>      [stats]` and leave no
`<name>_result` property behind, so `adjudicator.replay.dice` cannot see those rolls from
the module's definition. A *chat dice pattern* says how to read them: a regular expression
with the named groups

- `player`: who rolled (may match the empty string: the step's player is used then),
- `label`: what the roll was for, e.g. `IFT DR` or `RS dr`; it becomes the roll's button,
- `dice`: the dice as reported, any integers separated by anything (`6,6`, `3 4 1`),
- `total` (optional): the reported total; without it the total is the dice's sum.

Patterns are matched from the start of a chat line (`re.match`; end one with `$` to pin
its end), after HTML character references are decoded: newer engines write `<Alice>` as
`&lt;Alice&gt;` in a log, older ones do not, and one pattern reads both. VASSAL's undo
report (`* UNDO: …`) is never read as a roll.

Patterns come from TOML, a list of tables named `pattern`:

    [[pattern]]
    name = "vasl-dr"
    sides = 6                      # optional: how many sides every die of these rolls has
    regex = '\\*{3} \\((?P<label>(?:\\w+ )?dr)\\) (?P<dice>\\d) \\*{3}\\s+<(?P<player>[^<>]*)>'

Presets ship in `adjudicator/replay/presets/` (`preset_names()`, `load_presets(names)`);
a user file is read with `load_patterns(path)`. A bad file is one `ChatDicePatternError`
naming the file and the pattern.

>>> (vasl_dr, vasl_single) = load_presets(["vasl"])
>>> vasl_dr.read("*** (IFT DR) 3,1 ***   &lt;Alice&gt;      [1 / 2   avg   4.00 (4.00)]")
ChatDice('vasl-DR', 'IFT DR', (3, 1) = 4, player='Alice')
>>> vasl_single.read("*** (RS dr) 5 ***   <Bob>      [1 / 1   avg   5.00 (5.00)]")
ChatDice('vasl-dr', 'RS dr', (5,) = 5, player='Bob')
"""

from __future__ import annotations

import html
import re
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError, field_validator

from adjudicator.errors import AdjudicatorError
from vmod_schema.files import printable_path

REQUIRED_GROUPS = ("player", "label", "dice")
"""The named groups every chat dice pattern must have."""
OPTIONAL_GROUPS = ("total",)
"""The named groups a chat dice pattern may have."""

_PRESETS = "presets"
_UNDO_CHAT = "* UNDO: "
_INTEGER = re.compile(r"(?<!\d)[-+]?\d{1,9}(?!\d)")
"""A die's number: a run of more than nine digits is none (Python refuses to read an int of
over 4,300 digits, which a crafted chat line could hold)."""


class ChatDicePatternError(AdjudicatorError):
    """A chat dice pattern file is malformed: names the file and the pattern."""


@dataclass(frozen=True, slots=True, repr=False)
class ChatDice:
    """What one chat dice pattern read from one chat line."""

    pattern: str
    """The name of the pattern that matched."""
    label: str
    """What the roll was for (the `label` group, stripped), e.g. `IFT DR`."""
    dice: tuple[int, ...]
    """Each die as reported."""
    total: int
    """The reported total (`total` group), else the dice's sum."""
    player: str | None
    """Who rolled (the `player` group, stripped); None when it matched nothing."""
    sides: int | None
    """The pattern's `sides`, when it declares one."""

    def __repr__(self) -> str:
        return (f"ChatDice({self.pattern!r}, {self.label!r}, {self.dice} = {self.total}, "
                f"player={self.player!r})")


class ChatDicePattern(BaseModel):
    """One way a module reports a roll in chat: a regex with named groups (module doc)."""

    model_config = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)

    name: str = Field(min_length=1)
    """A short name for the pattern, used in error messages."""
    regex: str
    """The regular expression, matched from the start of a chat line."""
    sides: int | None = Field(default=None, ge=2)
    """How many sides every die of these rolls has, when the pattern knows it."""
    description: str = ""
    """What the pattern reads, for people."""

    _compiled: re.Pattern[str] = PrivateAttr()

    @field_validator("regex")
    @classmethod
    def _compiles_with_the_groups(cls, value: str) -> str:
        """The regex compiles and names the groups `player`, `label` and `dice`."""
        try:
            compiled = re.compile(value)
        except re.error as error:
            raise ValueError(f"not a valid regular expression: {error}") from None
        missing = [group for group in REQUIRED_GROUPS if group not in compiled.groupindex]
        if missing:
            raise ValueError("lacks the named group(s) "
                             + ", ".join(f"(?P<{group}>…)" for group in missing))
        return value

    def model_post_init(self, context: Any, /) -> None:
        """Compile the (already validated) regex once."""
        self._compiled = re.compile(self.regex)

    def read(self, text: str) -> ChatDice | None:
        """The roll a chat line reports, or None when the pattern does not match it.

        A line whose `dice` group holds no integer is not a roll.
        """
        if text.startswith(_UNDO_CHAT):
            return None
        line = html.unescape(text) if "&" in text else text
        match = self._compiled.match(line)
        if match is None:
            return None
        dice = tuple(int(number) for number in _INTEGER.findall(match.group("dice") or ""))
        if not dice:
            return None
        total = sum(dice)
        if "total" in self._compiled.groupindex:
            reported = _INTEGER.search(match.group("total") or "")
            if reported is not None:
                total = int(reported.group())
        player = (match.group("player") or "").strip() or None
        return ChatDice(self.name, (match.group("label") or "").strip(), dice, total, player,
                        self.sides)


def read_chat_dice(patterns: Sequence[ChatDicePattern], text: str) -> ChatDice | None:
    """The roll the first matching pattern reads from a chat line, if any."""
    for pattern in patterns:
        found = pattern.read(text)
        if found is not None:
            return found
    return None


# --------------------------------------------------------------------------------------
# Loading


def parse_patterns(text: str, *, source: str) -> tuple[ChatDicePattern, ...]:
    """The patterns of a TOML document; `source` names it in errors.

    Raises:
        ChatDicePatternError: not TOML, no `[[pattern]]` list, an unknown key, or a
            pattern whose regex does not compile or lacks a required group.
    """
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ChatDicePatternError(f"not valid TOML: {error}", file=source) from None
    unknown = sorted(set(document) - {"pattern"})
    if unknown:
        raise ChatDicePatternError(
            f"unknown top-level key(s) {', '.join(unknown)}; expected [[pattern]] tables",
            file=source)
    entries = document.get("pattern")
    if not isinstance(entries, list) or not entries:
        raise ChatDicePatternError("no [[pattern]] table", file=source)
    patterns: list[ChatDicePattern] = []
    for number, entry in enumerate(entries, start=1):
        patterns.append(_pattern(entry, number, source))
    names = [pattern.name for pattern in patterns]
    if (twice := next((n for n in names if names.count(n) > 1), None)) is not None:
        raise ChatDicePatternError(f"pattern {twice!r} is defined twice", file=source)
    return tuple(patterns)


def _pattern(entry: object, number: int, source: str) -> ChatDicePattern:
    """One `[[pattern]]` table, validated; errors name it by its name or position."""
    name = entry.get("name") if isinstance(entry, dict) else None
    which = f"pattern {name!r}" if isinstance(name, str) and name else f"pattern #{number}"
    try:
        return ChatDicePattern.model_validate(entry)
    except ValidationError as error:
        first = error.errors()[0]
        field = ".".join(str(part) for part in first["loc"]) or "table"
        message = str(first["msg"]).removeprefix("Value error, ")
        raise ChatDicePatternError(f"{which}: {field}: {message}", file=source) from None


def load_patterns(path: Path) -> tuple[ChatDicePattern, ...]:
    """The chat dice patterns of a TOML file.

    Raises:
        ChatDicePatternError: the file cannot be read or is malformed (names the file and
            the pattern).
    """
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise ChatDicePatternError(f"cannot read chat dice patterns: {error}",
                                   file=path) from None
    return parse_patterns(text, source=printable_path(path))


def preset_names() -> tuple[str, ...]:
    """The names of the bundled presets (`vasl`, …), sorted."""
    folder = resources.files(__package__ or "adjudicator.replay").joinpath(_PRESETS)
    return tuple(sorted(entry.name.removesuffix(".toml") for entry in folder.iterdir()
                        if entry.name.endswith(".toml")))


@cache
def _preset(name: str) -> tuple[ChatDicePattern, ...]:
    resource = (resources.files(__package__ or "adjudicator.replay")
                .joinpath(_PRESETS).joinpath(f"{name}.toml"))
    return parse_patterns(resource.read_text(encoding="utf-8"),
                          source=f"bundled preset {_PRESETS}/{name}.toml")


def load_presets(names: Iterable[str]) -> tuple[ChatDicePattern, ...]:
    """The patterns of the named bundled presets, in the order named.

    Raises:
        ChatDicePatternError: a name that is not a bundled preset (the known ones listed).
    """
    known = preset_names()
    patterns: list[ChatDicePattern] = []
    for name in names:
        if name not in known:
            raise ChatDicePatternError(
                f"unknown chat dice preset {name!r} (known: {', '.join(known) or 'none'})")
        patterns.extend(_preset(name))
    return tuple(patterns)


def chat_patterns(presets: Sequence[str], pattern_file: Path | None
                  ) -> tuple[ChatDicePattern, ...]:
    """The patterns of the presets, then of the pattern file: read once per process while
    the file is unchanged (by path, modification time and size).

    Raises:
        ChatDicePatternError: an unknown preset or a bad or unreadable pattern file.
    """
    if pattern_file is None:
        return _patterns_of(tuple(presets), None, 0, 0)
    try:
        stat = pattern_file.stat()
    except OSError:
        return load_presets(presets) + load_patterns(pattern_file)  # says what is wrong
    return _patterns_of(tuple(presets), pattern_file, stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=8)
def _patterns_of(presets: tuple[str, ...], pattern_file: Path | None, mtime_ns: int,
                 size: int) -> tuple[ChatDicePattern, ...]:
    found = load_presets(presets)
    return found + load_patterns(pattern_file) if pattern_file is not None else found
