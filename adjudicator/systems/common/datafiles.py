"""Game data files: what can be wrong in one, and reading a user's TOML file into a model.

Every game keeps its bundled data as JSON and lets users supply what the rulebook lacks in
TOML files merged over it. What is game-neutral lives here: the one-line problem records
keyed by their field path (`problems_from` turns pydantic's errors into them), the error that
reports every problem of a file at once (`GameDataProblems`), and `read_user_file`, which
reads, parses and validates one file, raising one clear error naming the file;
`read_bundled` does the same for a JSON file shipped inside a game's data package.
`FileStamp` names a file as it is now (path, modification time, size), so what is derived
from files can be kept once per process and derived again when a file changes.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Protocol, TypeVar

from pydantic import BaseModel, ValidationError

from adjudicator.errors import GameDataError
from vmod_schema.files import FileStamp

ModelT = TypeVar("ModelT", bound=BaseModel)


@dataclass(frozen=True, slots=True)
class DataProblem:
    """One thing wrong in a data file: the key (dotted path) and what is wrong."""

    key: str | None
    message: str


class GameDataProblems(GameDataError):
    """Every problem found in one data file, reported together.

    With one problem, the message and key are that problem's; with several, the message
    lists each with its key.
    """

    def __init__(self, problems: Sequence[DataProblem], *, file: str | Path) -> None:
        self.problems = tuple(problems)
        if len(self.problems) == 1:
            only = self.problems[0]
            super().__init__(only.message, file=file, key=only.key)
        else:
            listed = "; ".join(f"{p.message} (key {p.key})" if p.key else p.message
                               for p in self.problems)
            super().__init__(f"{len(self.problems)} problems: {listed}", file=file)


def _key(loc: Sequence[int | str]) -> str:
    key = ""
    for part in loc:
        key += f"[{part}]" if isinstance(part, int) else (f".{part}" if key else str(part))
    return key


def problems_from(error: ValidationError) -> list[DataProblem]:
    """Pydantic's errors as one-line problems keyed by their field path."""
    problems = []
    for item in error.errors():
        loc = list(item["loc"])
        key = _key(loc) or None
        kind = item["type"]
        bad = item.get("input")
        if kind == "extra_forbidden":
            message = f"unknown key {str(loc[-1])!r}"
        elif kind == "missing":
            message = "required value is missing"
        elif kind in ("int_type", "int_parsing"):
            message = f"must be an integer, got {bad!r}"
        elif kind in ("bool_type", "bool_parsing"):
            message = f"must be true or false, got {bad!r}"
        elif kind == "string_type":
            message = f"must be a string, got {bad!r}"
        elif kind == "enum":
            message = f"must be one of {item.get('ctx', {}).get('expected', '')}, got {bad!r}"
        else:
            message = f"{item['msg'][0].lower()}{item['msg'][1:]}, got {bad!r}"
        problems.append(DataProblem(key, message))
    return problems


def read_user_file(path: Path, model: type[ModelT]) -> ModelT:
    """One user data file, read as UTF-8 TOML and validated as `model`.

    Raises:
        GameDataError: the file cannot be read or is not TOML (one line naming the file);
            `GameDataProblems` when values are bad (each problem with its key).
    """
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise GameDataError(f"cannot read data file: {error}", file=path) from None
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise GameDataError(f"malformed TOML: {error}", file=path) from None
    try:
        return model.model_validate(raw)
    except ValidationError as error:
        raise GameDataProblems(problems_from(error), file=path) from None


def read_bundled(package: str, name: str, model: type[ModelT]) -> ModelT:
    """The JSON file `name` shipped in the data package `package`, validated as `model`.

    Raises:
        GameDataProblems: the file does not fit `model` (a bug in the shipped data; each
            problem with its key, the file named `bundled data/<name>`).
    """
    resource = resources.files(package).joinpath(name)
    try:
        return model.model_validate_json(resource.read_bytes())
    except ValidationError as error:
        raise GameDataProblems(problems_from(error), file=f"bundled data/{name}") from None


class MissingFactLike(Protocol):
    """A fact the rulebook lacks: what kind of fact, and the rules that need it."""

    @property
    def need(self) -> object:
        """The kind of fact (e.g. `general ratings`)."""
        ...

    @property
    def rules(self) -> Sequence[str]:
        """The catalog rules whose checks need it."""
        ...


def needs_by_rule(facts: Iterable[MissingFactLike]) -> dict[str, str]:
    """Rule id → the kinds of fact it lacks, in words, each once (for the coverage of a
    rule a game never triggered: it is unchecked because of them)."""
    found: dict[str, list[str]] = {}
    for fact in facts:
        for rule in fact.rules:
            found.setdefault(rule, []).append(str(fact.need))
    return {rule: ", ".join(dict.fromkeys(needs)) for rule, needs in found.items()}


__all__ = ["DataProblem", "FileStamp", "GameDataProblems", "MissingFactLike", "needs_by_rule",
           "problems_from", "read_bundled", "read_user_file"]
