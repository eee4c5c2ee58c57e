"""How `--help` looks: real metavars (`FILE`, `DIR...`, `N`), none on flags.

Recent typer versions print each option's Python type as its metavar (`<bool>` beside a
flag, `<list[Path]>`, `<path>` beside an argument that has a metavar) and wrap required
arguments in braces on the usage line (`{folder}`). Every command and group of the CLI uses
the classes here instead, so that:

- a flag (the help option too) shows no metavar;
- an option or argument shows its declared `metavar=` and nothing else;
- the usage line names arguments as click does: `FOLDER`, `PATHS...`, `[GAME]`.

Options that take a value declare their metavar (`adjudicator.cli.options`); a test runs
every command's `--help` and fails on a leftover type placeholder.
"""

from __future__ import annotations

from typing import Any

from typer.core import TyperArgument, TyperCommand, TyperGroup


class _NamedArgument(TyperArgument):
    """An argument shown by its metavar alone (no type column, no braces)."""

    def display_type_rich(self, ctx: Any) -> str | None:
        """No type beside the argument's name: its metavar says what it is."""
        return None

    def _usage_display_name(self) -> str:
        return usage_name(self)


def usage_name(argument: TyperArgument) -> str:
    """An argument on the usage line: `NAME`, `NAME...` when repeatable, bracketed when
    optional."""
    name = argument.metavar or (argument.name or "ARG").upper()
    if argument.nargs != 1:
        name += "..."
    return name if argument.required else f"[{name}]"


def plain_params(params: list[Any]) -> list[Any]:
    """The parameters as help shows them: flags without a metavar, arguments by name."""
    for param in params:
        if getattr(param, "is_flag", False) and param.metavar is None:
            param.metavar = ""
        if isinstance(param, TyperArgument) and not isinstance(param, _NamedArgument):
            param.__class__ = _NamedArgument
    return params


class PlainCommand(TyperCommand):
    """A command whose help shows real metavars (see the module docstring)."""

    def get_params(self, ctx: Any) -> list[Any]:
        """The command's parameters, help option included, with plain metavars."""
        return plain_params(list(super().get_params(ctx)))


class PlainGroup(TyperGroup):
    """A group (`adjudicator`, `adjudicator data`) whose help shows real metavars."""

    def get_params(self, ctx: Any) -> list[Any]:
        """The group's parameters, help option included, with plain metavars."""
        return plain_params(list(super().get_params(ctx)))


__all__ = ["PlainCommand", "PlainGroup", "plain_params", "usage_name"]
