"""Die rolls read from a step's commands: dice-button reports and results (FORMAT.md §5.6).

A plain Dice Button leaves no command of its own: a roll is a chat line built from the
button's `reportFormat` (§7.13) and `MutableProperty⇥<name>_result` (plus `_total`, … in
newer engines). A Special Dice Button writes `SHOW_RESULTS⇥button⇥faceIndex…`, usually a
chat line from its `format`, and `<name>_result` = the total.

`DiceReader.for_module(module)` compiles each button's report format into a pattern: the
literal text must match exactly (`<`/`>` also as `&lt;`/`&gt;`, runs of spaces loosely), and
`$result$`, `$nDice$`, `$PlayerName$`, … become capture groups (§7.11). Without a module, or
for a line no button of the module claims, VASSAL's default format
`** $name$ = $result$ *** <$PlayerName$>` is tried with any button name. Chat that matches no
pattern is not a roll; it stays a chat line of the step. `* UNDO: …` lines never match.

Rolls that a module's own code reports in chat (VASL's `*** (IFT DR) 3,1 ***   <Alice>`)
are read with chat dice patterns (`adjudicator.replay.chatdice`), given to the reader with
`chat_patterns=`: a chat line that no dice button (and not VASSAL's default format) claims
is tried against them, so a line is never counted twice; the roll's `button` is the
pattern's label and its source `RollSource.CHAT`.

>>> reader = DiceReader()
>>> reader.rolls([Chat("*** 2d6 = 3,5 *** &lt;Alice&gt;")])
(Roll('2d6', [3, 5] = 8, player='Alice'),)
>>> reader.rolls([Chat("&lt;Bob&gt; - *** 2d6 = 6,6 *** &lt;Bob&gt;")])
()
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import TYPE_CHECKING

from vmod_schema.commands import ChangeGlobalProperty, Chat, Command, ShowDiceResults
from vmod_schema.formats import is_beanshell
from vmod_schema.sequence import split

if TYPE_CHECKING:
    from adjudicator.replay.chatdice import ChatDicePattern
    from vmod_schema.module import DiceButton, Module, SpecialDiceButton

DEFAULT_REPORT_FORMAT = "** $name$ = $result$ *** <$PlayerName$>"
"""VASSAL's default Dice Button report format (written `&lt;…&gt;` by newer engines)."""
DEFAULT_SPECIAL_FORMAT = "** $name$ = [$result1$] *** <$PlayerName$>"
"""VASSAL's default Special Dice Button chat format."""

_UNDO_CHAT = "* UNDO: "
_DIGITS = r"\d{1,9}(?!\d)"
"""A die's number: more than nine digits is no roll (and Python refuses to read an int of
over 4,300 digits, which a crafted chat line could hold)."""
_NUMBER = rf"(?<!\d)[-+]?{_DIGITS}"
_NUMBERS = rf"{_NUMBER}(?:\s*,\s*{_NUMBER})*"
_RESULT_N = re.compile(r"result(\d+)")
_NDS_NAME = re.compile(rf"({_DIGITS})[dD]({_DIGITS})")
"""A button named like `2d6`: VASSAL names a new Dice Button this way."""
_PLAYER_PROPERTIES = ("PlayerName", "PlayerId", "PlayerSide")


class RollSource(StrEnum):
    """Where a roll was read from."""

    BUTTON = "button"
    """A chat line matched a Dice Button of the module, by its report format."""
    DEFAULT = "default"
    """A chat line matched VASSAL's default report format; the button is not defined."""
    PROPERTY = "property"
    """Only the button's `<name>_result` property was written (no report line matched)."""
    SPECIAL = "special"
    """A Special Dice Button's `SHOW_RESULTS` command (face indices)."""
    CHAT = "chat"
    """A chat line matched a chat dice pattern (`adjudicator.replay.chatdice`): a roll the
    module's own code reported, e.g. VASL's `*** (IFT DR) 3,1 ***`; `button` is its label."""


@dataclass(frozen=True, slots=True, repr=False)
class Roll:
    """One roll of one dice button, as the log recorded it.

    `values` are the dice the report lists (a "keep" button lists the kept dice; a button
    that reports only its total lists none). `count` and `sides` are the button's (or the
    report's `$nDice$`/`$nSides$`); None when unknown, e.g. a default-format line of a
    button the module does not define, unless its name reads like `2d6`. `confirmed` says
    that the step also wrote `<button>_result` with the reported value. Special dice keep
    the face indices in `faces` and the faces' texts in `labels`.
    """

    button: str
    values: tuple[int, ...]
    total: int | None
    player: str | None = None
    count: int | None = None
    sides: int | None = None
    text: str = ""
    """The chat line the roll was read from (or the command, for property/special rolls)."""
    source: RollSource = RollSource.BUTTON
    confirmed: bool = False
    faces: tuple[int, ...] = ()
    labels: tuple[str, ...] = ()

    @property
    def dice(self) -> tuple[int, ...]:
        """The same as `values`: each die as reported."""
        return self.values

    def __repr__(self) -> str:
        who = f", player={self.player!r}" if self.player is not None else ""
        return f"Roll({self.button!r}, {list(self.values)} = {self.total}{who})"


# --------------------------------------------------------------------------------------
# Report formats as patterns


def _literal(text: str) -> str:
    """A pattern for literal report text: `<`/`>` either way, spaces loosely."""
    text = text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
    out: list[str] = []
    for chunk in re.split(r"(\s+|[<>&])", text):
        if not chunk:
            continue
        if chunk == "<":
            out.append("(?:<|&lt;)")
        elif chunk == ">":
            out.append("(?:>|&gt;)")
        elif chunk == "&":
            out.append("(?:&|&amp;)")
        elif chunk.isspace():
            out.append(r"\s+")
        else:
            out.append(re.escape(chunk))
    return "".join(out)


def _property_pattern(name: str, *, special: bool) -> tuple[str, str | None]:
    """The pattern for one `$name$` and the group it captures under (None: not kept)."""
    if name == "result":
        return _NUMBERS, "result"
    if (match := _RESULT_N.fullmatch(name)) is not None:
        # A special die's result is its face's text; a plain die's is a number.
        return (r".*?" if special else _NUMBER), f"result_{match.group(1)}"
    if name == "numericalTotal":
        return _NUMBER, "numericalTotal"
    if name in ("nDice", "nSides"):
        return _DIGITS, name
    if name in _PLAYER_PROPERTIES:
        return r".*?", name
    return r".*?", None


def compile_report_format(fmt: str | None, *, name: str | None,
                          special: bool = False) -> re.Pattern[str] | None:
    """Compile a dice report format into a pattern for the chat line it produces.

    `name` is the button's name (matched literally); None captures any name as `name`.
    The engine prefixes the formatted text with `* ` (or `*` when it starts with `*`).
    Returns None for a format that writes no line (empty) or cannot be matched
    (BeanShell, §7.11).

    >>> pattern = compile_report_format("** $name$ = $result$ *** <$PlayerName$>", name="2d6")
    >>> pattern.fullmatch("*** 2d6 = 1,6 *** &lt;Bob&gt;").group("result", "PlayerName")
    ('1,6', 'Bob')
    """
    if fmt is None or not fmt.strip() or is_beanshell(fmt):
        return None
    trimmed = fmt.strip()
    tokens = split(trimmed, "$")
    parts: list[str] = []
    seen: set[str] = set()
    last = len(tokens) - 1
    for index, token in enumerate(tokens):
        # Odd tokens followed by another token are `$property$` references (§7.11).
        if index % 2 == 0 or index == last:
            parts.append(_literal(token))
            continue
        if token == "name" and name is not None:
            parts.append(_literal(name))
            continue
        pattern, group = ("(?:.+?)", "name") if token == "name" else _property_pattern(
            token, special=special)
        if group is None:
            parts.append(f"(?:{pattern})")
        elif group in seen:
            parts.append(f"(?P={group})")
        else:
            seen.add(group)
            parts.append(f"(?P<{group}>{pattern})")
    prefix = r"\*" if trimmed.startswith("*") else r"\*\s?"
    return re.compile(prefix + "".join(parts) + r"\s*")


# --------------------------------------------------------------------------------------
# The reader


@dataclass(frozen=True, slots=True)
class _PlainButton:
    name: str
    definition: DiceButton | None
    pattern: re.Pattern[str] | None


@dataclass(frozen=True, slots=True)
class _SpecialButton:
    definition: SpecialDiceButton
    pattern: re.Pattern[str] | None


_DEFAULT_PATTERN = compile_report_format(DEFAULT_REPORT_FORMAT, name=None)


class DiceReader:
    """Reads the rolls in a step's commands, knowing the module's dice buttons (if any)
    and the chat dice patterns of rolls its own code reports (if any)."""

    def __init__(self, dice_buttons: Sequence[DiceButton] = (),
                 special_dice_buttons: Sequence[SpecialDiceButton] = (), *,
                 chat_patterns: Sequence[ChatDicePattern] = ()) -> None:
        self._chat_patterns = tuple(chat_patterns)
        self._plain = [
            _PlainButton(b.name, b, compile_report_format(
                DEFAULT_REPORT_FORMAT if b.report_format is None else b.report_format,
                name=b.name))
            for b in dice_buttons]
        self._by_name = {button.name: button for button in self._plain}
        # The engine names a special button by its name, else `SpecialDiceButton<n>`.
        self._special: dict[str, _SpecialButton] = {}
        for index, special in enumerate(special_dice_buttons):
            entry = _SpecialButton(special, compile_report_format(
                special.format, name=special.name, special=True))
            self._special.setdefault(f"SpecialDiceButton{index}", entry)
            if special.name:
                self._special[special.name] = entry

    @classmethod
    def for_module(cls, module: Module | None, *,
                   chat_patterns: Sequence[ChatDicePattern] = ()) -> DiceReader:
        """A reader for `module`'s buttons; VASSAL's default format only, without one.
        `chat_patterns` read the rolls the module's own code reports in chat."""
        if module is None:
            return cls(chat_patterns=chat_patterns)
        return cls(module.dice_buttons, module.special_dice_buttons,
                   chat_patterns=chat_patterns)

    def rolls(self, commands: Iterable[Command], player: str | None = None
              ) -> tuple[Roll, ...]:
        """Every roll in one step's commands, in order.

        `player` (who made the step, if known) is used for a roll whose report does not
        name its player. An undo step's commands are inverses, not rolls: do not pass them.
        """
        chats: list[str] = []
        results: dict[str, str] = {}
        totals: dict[str, str] = {}
        specials: list[ShowDiceResults] = []
        for command in commands:
            if isinstance(command, Chat):
                text = command.text
                if text.startswith(_UNDO_CHAT):
                    continue
                # Dice buttons' reports start with `*`; a chat pattern may read any line.
                if text.startswith("*") or self._chat_patterns:
                    chats.append(text)
            elif isinstance(command, ChangeGlobalProperty):
                name = command.name
                if name.endswith("_result"):
                    results[name[:-7]] = command.new_value
                elif name.endswith("_total"):
                    totals[name[:-6]] = command.new_value
            elif isinstance(command, ShowDiceResults):
                specials.append(command)
        if not chats and not results and not specials:
            return ()
        found: list[Roll] = []
        claimed: set[int] = set()
        for command in specials:
            found.append(self._special_roll(command, chats, claimed, player))
        special_names = {roll.button for roll in found}
        for position, text in enumerate(chats):
            if position in claimed:
                continue
            roll = self._chat_roll(text, results, totals)
            if roll is None or roll.button in special_names:
                continue
            if roll.player is None and player is not None:
                roll = replace(roll, player=player)
            found.append(roll)
        reported = {roll.button for roll in found}
        for name, value in results.items():
            button = self._by_name.get(name)
            if button is not None and name not in reported:
                found.append(_property_roll(button, value, totals.get(name), player))
        return tuple(found)

    # ---- plain dice buttons

    def _chat_roll(self, text: str, results: Mapping[str, str],
                   totals: Mapping[str, str]) -> Roll | None:
        if not text.startswith("*"):
            return self._pattern_roll(text)
        for button in self._plain:
            if button.pattern is not None and (
                    match := button.pattern.fullmatch(text)) is not None:
                return _plain_roll(button.name, button.definition, match, text, results,
                                   totals, RollSource.BUTTON)
        match = _DEFAULT_PATTERN.fullmatch(text) if _DEFAULT_PATTERN is not None else None
        if match is None:
            return self._pattern_roll(text)
        name = match.group("name").strip()
        known = self._by_name.get(name)
        definition = known.definition if known is not None else None
        source = RollSource.BUTTON if definition is not None else RollSource.DEFAULT
        return _plain_roll(name, definition, match, text, results, totals, source)

    def _pattern_roll(self, text: str) -> Roll | None:
        """A roll read by the first chat dice pattern that matches the line, if any."""
        for pattern in self._chat_patterns:
            found = pattern.read(text)
            if found is not None:
                return Roll(found.label, found.dice, found.total, found.player,
                            count=len(found.dice), sides=found.sides, text=text,
                            source=RollSource.CHAT)
        return None

    # ---- special dice buttons

    def _special_roll(self, command: ShowDiceResults, chats: Sequence[str],
                      claimed: set[int], player: str | None) -> Roll:
        entry = self._special.get(command.button)
        faces = tuple(_int(face) for face in command.faces)
        text = "\t".join(["SHOW_RESULTS", command.button, *command.faces])
        if entry is None:
            # Without the button's definition only the face indices are known.
            return Roll(command.button, (), None, player, count=len(faces), text=text,
                        source=RollSource.SPECIAL, faces=tuple(f or 0 for f in faces))
        definition = entry.definition
        values: list[int] = []
        labels: list[str] = []
        for die, index in zip(definition.dice, faces, strict=False):
            if index is not None and 0 <= index < len(die.faces):
                values.append(die.faces[index].value)
                labels.append(die.faces[index].text)
        sides = {len(die.faces) for die in definition.dice}
        complete = len(values) == len(faces) == len(definition.dice)
        if entry.pattern is not None:
            for position, line in enumerate(chats):
                match = entry.pattern.fullmatch(line)
                if position not in claimed and match is not None:
                    claimed.add(position)
                    player = _player(match) or player
                    text = line
                    break
        return Roll(definition.name or command.button, tuple(values),
                    sum(values) if complete else None, player, count=len(definition.dice),
                    sides=sides.pop() if len(sides) == 1 else None, text=text,
                    source=RollSource.SPECIAL, confirmed=complete,
                    faces=tuple(f or 0 for f in faces), labels=tuple(labels))


def _int(text: str | None) -> int | None:
    if text is None:
        return None
    text = text.strip()
    return int(text) if re.fullmatch(_NUMBER, text) else None


def _numbers(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.replace(" ", "").split(","))


def _player(match: re.Match[str]) -> str | None:
    groups = match.groupdict()
    for name in _PLAYER_PROPERTIES:
        value = groups.get(name)
        if value:
            return value.strip()
    return None


def _shape(name: str, definition: DiceButton | None) -> tuple[int | None, int | None]:
    """How many dice and sides a button rolls: its definition, else a `2d6`-like name."""
    if definition is not None:
        return definition.n_dice, definition.n_sides
    if (match := _NDS_NAME.fullmatch(name)) is not None:
        return int(match.group(1)), int(match.group(2))
    return None, None


def _values_and_total(numbers: tuple[int, ...], count: int | None,
                      definition: DiceButton | None) -> tuple[tuple[int, ...], int | None]:
    """Split a `$result$` into dice and total: one number is a total when the button
    reports totals or rolls several dice, or when its dice count is unknown."""
    add = definition.add_to_total if definition is not None else 0
    reports_total = definition.report_total if definition is not None else False
    if len(numbers) == 1 and (reports_total or count != 1):
        return (), numbers[0]
    return numbers, sum(numbers) + add


def _plain_roll(name: str, definition: DiceButton | None, match: re.Match[str], text: str,
                results: Mapping[str, str], totals: Mapping[str, str],
                source: RollSource) -> Roll:
    groups = match.groupdict()
    count, sides = _shape(name, definition)
    if definition is not None and definition.prompt:
        count, sides = None, None  # chosen when rolling: only the report can tell
    if groups.get("nDice"):
        count = int(groups["nDice"])
    if groups.get("nSides"):
        sides = int(groups["nSides"])
    values: tuple[int, ...] = ()
    total: int | None = None
    result = groups.get("result")
    if result is not None:
        values, total = _values_and_total(_numbers(result), count, definition)
    else:
        numbered = sorted((int(key[7:]), value) for key, value in groups.items()
                          if key.startswith("result_") and value is not None)
        if numbered:
            values = tuple(int(value) for _, value in numbered)
            total = sum(values) + (definition.add_to_total if definition else 0)
    reported_total = groups.get("numericalTotal") or totals.get(name)
    if reported_total is not None and (number := _int(reported_total)) is not None:
        total = number
    if count is None and values and (definition is None or not definition.keep_dice):
        count = len(values)
    written = results.get(name)
    confirmed = written is not None and result is not None and (
        written.replace(" ", "") == result.replace(" ", ""))
    return Roll(name, values, total, _player(match), count, sides, text, source, confirmed)


def _property_roll(button: _PlainButton, value: str, total: str | None,
                   player: str | None) -> Roll:
    """A roll known only from `<name>_result` (its button writes no report line)."""
    count, sides = _shape(button.name, button.definition)
    values: tuple[int, ...] = ()
    number: int | None = None
    if re.fullmatch(_NUMBERS, value.strip()):
        values, number = _values_and_total(_numbers(value), count, button.definition)
    if total is not None and (reported := _int(total)) is not None:
        number = reported
    return Roll(button.name, values, number, player, count, sides,
                f"{button.name}_result = {value}", RollSource.PROPERTY, confirmed=True)
