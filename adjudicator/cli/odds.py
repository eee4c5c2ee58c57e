"""`adjudicator odds GAME [QUESTION]`: what-if questions answered with the referee's own
calculators, generated from the registry (`adjudicator.systems.SYSTEMS`) and each game's
`questions()` (`adjudicator.systems.common.questions`): one group per game, one command per
question, each option from a field of the question's model (help from its description,
bounds and choices from its type). No game is named here.

Without a question word (`adjudicator odds wfa --move leader --retreat-no-leader`) a game's
`any` command runs: it takes every question's options and answers each question they ask,
several as a list. Errors, bad options included, are one line and exit status 2.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer
import typer.main
from typer._click import Command, Context
from typer._click.exceptions import UsageError

from adjudicator.cli.helptext import PlainCommand, PlainGroup
from adjudicator.cli.lazy import HELP_OPTIONS
from adjudicator.cli.options import BAD_INPUT, DataOpt, DebugOpt, JsonOpt, emit_json, user_errors
from adjudicator.systems.common.questions import (
    AnyQuestion,
    QuestionOption,
    answer_questions,
    question_options,
)

if TYPE_CHECKING:
    from adjudicator.systems.common.system import GameSystem

ANY = "any"
"""The command a game's odds run when no question is named."""
_OWN = {"as_json", "debug", "data"}
"""Parameters every odds command has, which no question's option may shadow."""


def _one_line(error: UsageError) -> NoReturn:
    """A usage error (an unknown option, a value out of bounds) as one line, status 2."""
    typer.echo(f"adjudicator: error: {error.format_message()}", err=True)
    raise typer.Exit(BAD_INPUT)


class _OneLineUsage(Command):
    """A command whose usage errors are one line and status 2."""

    def make_context(self, info_name: str | None, args: list[str],
                     parent: Context | None = None, **extra: Any) -> Context:
        """Parse the arguments; a bad one is one line and status 2."""
        try:
            return super().make_context(info_name, args, parent, **extra)
        except UsageError as error:
            _one_line(error)


class QuestionCommand(_OneLineUsage, PlainCommand):
    """One question's command (or a game's `any`): usage errors are one line."""


class GameOdds(_OneLineUsage, PlainGroup):
    """A game's questions: `odds GAME QUESTION ...`, or `odds GAME OPTIONS` for `any`."""

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        """Options without a question word go to `any`."""
        if not args or (args[0].startswith("-") and args[0] not in ctx.help_option_names):
            args = [ANY, *args]
        return super().parse_args(ctx, args)

    def resolve_command(self, ctx: Context,
                        args: list[str]) -> tuple[str | None, Command | None, list[str]]:
        """The question named first; an unknown one is one line and status 2."""
        try:
            return super().resolve_command(ctx, args)
        except UsageError as error:
            _one_line(error)


class OddsGroup(PlainGroup):
    """`adjudicator odds GAME ...`: one group per game of the registry, built when it is
    named (only that game's package is imported; listing them imports every game); a game
    named by an alias finds its group; an unknown game is one line, exit 2 (typer vendors
    click as `typer._click`)."""

    def list_commands(self, ctx: Context) -> list[str]:
        """Every game with questions, in the registry's order."""
        from adjudicator.systems import SYSTEMS

        return [entry.id for entry in SYSTEMS if self.get_command(ctx, entry.id) is not None]

    def get_command(self, ctx: Context, cmd_name: str) -> Command | None:
        """The group of the game with this id, built the first time it is asked for; None
        when no game has the id or the game has no questions."""
        if cmd_name not in self.commands:
            from adjudicator.systems import SYSTEMS

            entry = next((entry for entry in SYSTEMS if entry.id == cmd_name), None)
            game = entry.load()() if entry is not None else None
            if game is None or not game.questions():
                return None
            self.add_command(game_odds(game), game.id)
        return self.commands[cmd_name]

    def resolve_command(self, ctx: Context,
                        args: list[str]) -> tuple[str | None, Command | None, list[str]]:
        """The group of the game named first (id or alias)."""
        name = args[0] if args else ""
        if args and not name.startswith("-"):
            from adjudicator.systems import SYSTEMS

            wanted = name.casefold()
            game = next((entry.id for entry in SYSTEMS if entry.names(wanted)), name)
            if self.get_command(ctx, game) is None:
                _one_line(UsageError(f"unknown game {name!r}; odds are available for: "
                                     f"{', '.join(self.list_commands(ctx))}", ctx))
            args = [game, *args[1:]]
        return super().resolve_command(ctx, args)


odds_app = typer.Typer(no_args_is_help=True, rich_markup_mode="markdown",
                       help="Exact odds of what the rules leave to dice, per game.")


def game_odds(game: GameSystem) -> Command:
    """The `odds GAME` group: `any`, then one command per question."""
    questions = tuple(game.questions())
    words = ", ".join(question.name for question in questions)
    app = typer.Typer(name=game.id, cls=GameOdds, rich_markup_mode="markdown",
                      add_completion=False, context_settings=dict(HELP_OPTIONS),
                      help=f"{game.name}: exact odds of what the rules leave to dice "
                      f"({words}).\n\nName a QUESTION for its options (`adjudicator odds "
                      f"{game.id} QUESTION --help`), or give options without one: `{ANY}` "
                      "then answers each question they ask.")
    app.command(ANY, cls=QuestionCommand, short_help="Each question the options ask "
                f"(the default: `adjudicator odds {game.id} OPTIONS`).",
                help=f"Each of the {game.name} questions the options ask, answered in "
                "turn (several as a list in JSON, as paragraphs in text). This is what "
                f"`adjudicator odds {game.id} OPTIONS` runs.")(
        question_command(questions, always=False))
    for question in questions:
        app.command(question.name, cls=QuestionCommand, short_help=question.help,
                    help=_help(question))(question_command((question,), always=True))
    return typer.main.get_group(app)


def question_command(questions: Sequence[AnyQuestion], *,
                     always: bool) -> Callable[..., None]:
    """A command function answering `questions` (each, with `always`; else those the
    options ask), its signature the questions' options for typer to read."""
    options = _options(questions, always=always)

    def run(**values: Any) -> None:
        as_json, debug = values.pop("as_json"), values.pop("debug")
        data_files: list[Path] = values.pop("data", None) or []
        with user_errors(debug):
            replies = answer_questions(questions, values, data_files, always=always)
        if as_json:
            emit_json(replies[0].data if len(replies) == 1 else [r.data for r in replies])
        else:
            typer.echo("\n\n".join(reply.text for reply in replies))

    keyword = inspect.Parameter.KEYWORD_ONLY
    params = [inspect.Parameter(option.name, keyword, annotation=_annotation(option),
                                default=_default(option, always))
              for option in options]
    if any(question.reads_data for question in questions):
        params.append(inspect.Parameter("data", keyword, annotation=DataOpt, default=None))
    params += [inspect.Parameter("as_json", keyword, annotation=JsonOpt, default=False),
               inspect.Parameter("debug", keyword, annotation=DebugOpt, default=False)]
    run.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    return run


def _help(question: AnyQuestion) -> str:
    """A question's help: its model's docstring, else its one line."""
    doc = inspect.getdoc(question.asks) if question.asks.__doc__ else None
    return doc or question.help


def _options(questions: Sequence[AnyQuestion], *, always: bool) -> list[QuestionOption]:
    """The options of `questions`, each once (questions may share one, such as
    `--winter`), and, without `always`, the flags that ask a question."""
    found: dict[str, QuestionOption] = {}
    for question in questions:
        panel = None if always else question.title
        mine = list(question_options(question.asks))
        if question.flag is not None and not always:
            mine.insert(0, QuestionOption(
                name=question.flag, path=(question.flag,), kind=bool, default=False,
                help=f"Ask: {_lower(question.help)}", required=False, optional=False,
                repeatable=False))
        for option in mine:
            shown = replace(option, panel=" · ".join(
                part for part in (panel, option.panel) if part) or None)
            seen = found.setdefault(option.name, shown)
            if option.name in _OWN or (seen.kind, seen.repeatable) != (option.kind,
                                                                         option.repeatable):
                raise ValueError(f"question {question.name!r}: option {option.flag} "
                                 "clashes with another of the same name")
            if option.help and option.help not in seen.help:
                found[option.name] = replace(seen, help=f"{seen.help} For {question.name}: "
                                             f"{_lower(option.help)}")
    return list(found.values())


def _lower(text: str) -> str:
    """A sentence to follow a colon: its first letter in lower case."""
    return text[:1].lower() + text[1:]


def _annotation(option: QuestionOption) -> Any:
    """The option as typer reads it: `Annotated[type, typer.Option(...)]`."""
    kind = option.kind
    if option.repeatable:
        kind = list[kind] | None  # type: ignore[valid-type]
    elif kind is not bool:
        kind = kind | None
    metavar = option.metavar or {int: "N", str: "TEXT"}.get(option.kind)
    choices, help = option.choices, option.help
    if choices and option.metavar:
        help += f" One of: {', '.join(choices)}."
    if choices:
        kind, metavar = str | None, option.metavar or f"[{'|'.join(choices)}]"
    return Annotated[kind, typer.Option(
        option.flag, help=help or None, metavar=metavar, min=option.minimum,
        max=option.maximum, rich_help_panel=option.panel,
        callback=_chosen(option.flag, choices) if choices else None,
        show_default=option.default not in (None, False, ()))]


def _chosen(flag: str, choices: tuple[str, ...]) -> Callable[[str | None], str | None]:
    """A check that the value is one of `choices` (in any case), giving the choice."""
    def chosen(value: str | None) -> str | None:
        if value is None:
            return None
        for choice in choices:
            if value.casefold() == choice.casefold():
                return choice
        raise typer.BadParameter(f"{value!r} is not one of {', '.join(choices)}")
    return chosen


def _default(option: QuestionOption, always: bool) -> Any:
    """The option's default: required when its question is always asked."""
    if option.required and always:
        return inspect.Parameter.empty
    if option.repeatable:
        return None
    return option.default


__all__ = ["ANY", "GameOdds", "OddsGroup", "QuestionCommand", "game_odds", "odds_app",
           "question_command"]
