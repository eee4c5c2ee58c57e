"""What-if questions: a game's odds questions as typed input models with an answer.

A game lists its `Question`s (`questions()` in its what-if module, and on its system
class). Each names a pydantic model of what is asked, whose fields carry the descriptions
and bounds; its answer takes the model and the game's tables and returns a pydantic
answer, which is the JSON, and `text` words it like a player aid. `adjudicator odds GAME
QUESTION` is generated from them (`adjudicator.cli.odds`): one option per field, its help
the field's description, its bounds the field's, its choices the field's `Literal` or
enum type.

A field whose type is itself a model is a side of the question (an attacker and a
defender): the side is declared once and its options are used twice, prefixed with the
field's name (`--attacker-sp`, `--defender-sp`). A field may name its option's metavar
with `json_schema_extra={"metavar": "MP"}`.

Without a question word (`adjudicator odds wfa --move leader --retreat-no-leader`), each
question whose `asked_by` options or `flag` are given is asked, in the order the game
lists them. Nothing here imports a game, or the CLI.
"""

from __future__ import annotations

import types
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any, Generic, Literal, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, ValidationError
from pydantic.fields import FieldInfo

from adjudicator.errors import AdjudicatorError
from adjudicator.systems.common.probability import Distribution

AskedT = TypeVar("AskedT", bound=BaseModel)
TablesT = TypeVar("TablesT")
AnswerT = TypeVar("AnswerT", bound=BaseModel)
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Question(Generic[AskedT, TablesT, AnswerT]):
    """One what-if question of a game: what is asked, and how it is answered."""

    name: str
    """The question's word on the command line (`odds wfa battle`)."""
    help: str
    """One line: what the question answers, with its citation."""
    title: str
    """A short heading for its options when several questions share one command."""
    asks: type[AskedT]
    """The model of what is asked: one option per field (sides prefixed)."""
    answer: Callable[[AskedT, TablesT], AnswerT]
    """The answer, from what is asked and the game's tables.

    Raises:
        AdjudicatorError: a question the rules refuse (one line).
    """
    text: Callable[[AnswerT], str]
    """The answer worded like a player aid."""
    tables: Callable[[Sequence[Path]], TablesT]
    """The game's tables, with the user's data files merged when `reads_data`."""
    reads_data: bool = False
    """Whether the question takes `--data` files (facts the rulebook lacks)."""
    asked_by: tuple[str, ...] = ()
    """Options (flattened field names) whose value, when given, asks the question in a
    command without a question word."""
    flag: str | None = None
    """A flag that asks the question in a command without a question word, when no
    option of its own does (`--rounds`)."""

    def reply(self, asked: AskedT, tables: TablesT) -> Reply:
        """The answer as JSON data and as text."""
        found = self.answer(asked, tables)
        return Reply(found.model_dump(mode="json"), self.text(found))


class Chance(BaseModel):
    """An exact probability (or expectation) and its decimal, as an answer gives it."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    fraction: str
    decimal: float

    @classmethod
    def of(cls, value: Fraction | int) -> Chance:
        """`Fraction(65, 144)` → `{"fraction": "65/144", "decimal": 0.4514}`."""
        value = Fraction(value)
        return cls(fraction=f"{value.numerator}/{value.denominator}",
                   decimal=round(float(value), 4))

    def __str__(self) -> str:
        return f"{self.fraction} ({self.decimal:.1%})"


def spread(distribution: Distribution[object]) -> dict[str, Chance]:
    """Each outcome of an exact distribution with its chance."""
    return {str(outcome): Chance.of(p) for outcome, p in distribution.items()}


def refused(work: Callable[[], T]) -> T:
    """Run a calculator; its ValueError (a question the rules refuse) becomes one line."""
    try:
        return work()
    except ValueError as error:
        raise AdjudicatorError(str(error)) from None


AnyQuestion = Question[Any, Any, Any]
"""A question of any game, as a game's list holds them."""


@dataclass(frozen=True, slots=True)
class Reply:
    """An answer as the CLI prints it: JSON data and player-aid text."""

    data: object
    text: str


@dataclass(frozen=True, slots=True)
class QuestionOption:
    """One option of a question, read from a field of its model."""

    name: str
    """The flattened field name: `attacker_sp` (the option `--attacker-sp`)."""
    path: tuple[str, ...]
    """Where the value goes in the model: `("attacker", "sp")`."""
    kind: Any
    """The value's type: `int`, `str`, `bool`, a `Literal` or an enum class."""
    help: str
    default: Any
    required: bool
    optional: bool
    """None is a value (the field's type includes None)."""
    repeatable: bool
    """A tuple field: the option may be given several times."""
    minimum: int | None = None
    maximum: int | None = None
    metavar: str | None = None
    panel: str | None = None
    """The side it belongs to (`Attacker`), for help."""

    @property
    def flag(self) -> str:
        """The option as typed: `--attacker-sp`."""
        return option_flag(self.name)

    @property
    def choices(self) -> tuple[str, ...]:
        """The allowed values of a `Literal` or enum option, else ()."""
        if get_origin(self.kind) is Literal:
            return tuple(str(value) for value in get_args(self.kind))
        members = getattr(self.kind, "__members__", None)
        return tuple(str(member.value) for member in members.values()) if members else ()


def question_options(model: type[BaseModel], *, prefix: str = "",
                     panel: str | None = None) -> tuple[QuestionOption, ...]:
    """Every option of a question's model, its sides flattened with their prefix: a side
    model's field `sp` under the field `attacker` is `attacker_sp` (`--attacker-sp`), shown
    under the side's description (`Attacker`)."""
    found: list[QuestionOption] = []
    for name, field in model.model_fields.items():
        kind, optional, repeatable, item = _unwrap(field.annotation)
        if isinstance(kind, type) and issubclass(kind, BaseModel):
            side = question_options(kind, prefix=f"{prefix}{name}_",
                                    panel=field.description or name.capitalize())
            found += [QuestionOption(**{**_fields(option),
                                        "path": (name, *option.path)}) for option in side]
            continue
        bounds = [*field.metadata, *item]
        extra = field.json_schema_extra if isinstance(field.json_schema_extra, dict) else {}
        metavar = extra.get("metavar")
        found.append(QuestionOption(
            name=f"{prefix}{name}", path=(name,), kind=kind, help=field.description or "",
            default=None if field.is_required() else field.get_default(),
            required=field.is_required(), optional=optional, repeatable=repeatable,
            minimum=_bound(bounds, "ge", "gt", 1), maximum=_bound(bounds, "le", "lt", -1),
            metavar=metavar if isinstance(metavar, str) else None, panel=panel))
    return tuple(found)


def ask(question: AnyQuestion, values: Mapping[str, object]) -> BaseModel:
    """The question's model from option values (by flattened name); an option left out,
    or a required one given as None, takes the model's default or is missing.

    Raises:
        AdjudicatorError: the values break the model (the option named, one line).
    """
    fields: dict[str, Any] = {}
    options = question_options(question.asks)
    for option in options:
        if option.name not in values:
            continue
        value = values[option.name]
        if option.repeatable:
            value = tuple(value) if isinstance(value, list | tuple) else ()
        elif value is None and option.required:
            continue
        place = fields
        for part in option.path[:-1]:
            place = place.setdefault(part, {})
        place[option.path[-1]] = value
    try:
        asked: BaseModel = question.asks.model_validate(fields)
    except ValidationError as error:
        first = error.errors()[0]
        where = tuple(str(part) for part in first["loc"])
        # The option at that place, or (a side left out) the side's first required one.
        named = next((o.flag for o in options if o.path == where[:len(o.path)]), None) or \
            next((o.flag for o in options if o.required and o.path[:len(where)] == where),
                 ".".join(where))
        if first["type"] == "missing":
            raise AdjudicatorError(f"{question.name} needs {named}") from None
        raise AdjudicatorError(f"{named}: {first['msg'].lower()}") from None
    return asked


def is_asked(question: AnyQuestion, values: Mapping[str, object]) -> bool:
    """Whether option values ask the question: its flag, or an `asked_by` option given."""
    if question.flag is not None and values.get(question.flag):
        return True
    defaults = {o.name: o.default for o in question_options(question.asks)}
    return any(values.get(name) not in (None, (), [], defaults.get(name))
               for name in question.asked_by)


def nothing_asked(questions: Sequence[AnyQuestion]) -> str:
    """The error when no option asks any question: what each one is asked by."""
    def by(question: AnyQuestion) -> str:
        names = (*question.asked_by, *((question.flag,) if question.flag else ()))
        return f"{question.name} ({' or '.join(option_flag(name) for name in names)})"
    return "ask about " + ", ".join(by(question) for question in questions)


def option_flag(name: str) -> str:
    """The option of a flattened field name: `attacker_sp` → `--attacker-sp`."""
    return "--" + name.replace("_", "-")


def answer_questions(questions: Sequence[AnyQuestion], values: Mapping[str, object],
                     data_files: Sequence[Path] = (), *,
                     always: bool = False) -> list[Reply]:
    """The replies to each question the values ask (to each, with `always`), the game's
    tables loaded once per loader.

    Raises:
        AdjudicatorError: nothing is asked, or a question is refused (one line).
    """
    tables: dict[object, object] = {}
    replies = []
    for question in questions:
        if not (always or is_asked(question, values)):
            continue
        if question.tables not in tables:
            tables[question.tables] = question.tables(data_files)
        replies.append(question.reply(ask(question, values), tables[question.tables]))
    if not replies:
        raise AdjudicatorError(nothing_asked(questions))
    return replies


def _fields(option: QuestionOption) -> dict[str, Any]:
    return {name: getattr(option, name) for name in QuestionOption.__dataclass_fields__}


def _unwrap(annotation: Any) -> tuple[Any, bool, bool, list[Any]]:
    """(value type, None allowed, repeatable, the items' metadata) of a field's type."""
    optional = False
    if get_origin(annotation) in (Union, types.UnionType) and type(None) in get_args(annotation):
        optional = True
        (annotation,) = [arg for arg in get_args(annotation) if arg is not type(None)]
    repeatable = get_origin(annotation) is tuple
    if repeatable:
        annotation = get_args(annotation)[0]
    item: list[Any] = []
    if get_origin(annotation) is Annotated:
        annotation, *item = get_args(annotation)
        item = [meta for entry in item
                for meta in (entry.metadata if isinstance(entry, FieldInfo) else [entry])]
    return annotation, optional, repeatable, item


def _bound(metadata: Sequence[Any], inclusive: str, exclusive: str, step: int) -> int | None:
    """An integer bound from `annotated_types` metadata (`ge`/`gt`, or `le`/`lt`)."""
    for meta in metadata:
        if isinstance(getattr(meta, inclusive, None), int):
            return int(getattr(meta, inclusive))
        if isinstance(getattr(meta, exclusive, None), int):
            return int(getattr(meta, exclusive)) + step
    return None


__all__ = [
    "AnyQuestion",
    "Chance",
    "Question",
    "QuestionOption",
    "Reply",
    "answer_questions",
    "ask",
    "is_asked",
    "nothing_asked",
    "option_flag",
    "question_options",
    "refused",
    "spread",
]
