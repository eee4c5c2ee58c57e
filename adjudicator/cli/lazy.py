"""Commands imported only when they run: `adjudicator --help` loads no command's code.

Every command of the CLI lives in its own module, and most import a game system, the
report models or the replay when they are imported. The root group (`LazyGroup`) knows
each command by a `LazyCommand`: its name, where its function (or sub-app) is, and the
one-line summary `--help` lists. Listing the commands shows those summaries; running one
imports its module and builds the command exactly as an eager registration would
(`typer.Typer.command`, or `add_typer` for a group such as `data` and `odds`). A test
checks each summary against the loaded command's own, so they cannot drift apart.
"""

from __future__ import annotations

import gc
import importlib
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import typer
import typer.main
from typer._click import Command, Context
from typer.core import TyperCommand

from adjudicator.cli.helptext import PlainCommand, PlainGroup

HELP_OPTIONS: Mapping[str, Any] = {"help_option_names": ["-h", "--help"]}


@dataclass(frozen=True, slots=True)
class LazyCommand:
    """A command by where it lives: `module.attribute`, a command function, or a
    `typer.Typer` sub-app when `group_class` names its group class in that module."""

    name: str
    module: str
    attribute: str
    summary: str
    """The line `--help` lists: the command's short help, else its docstring's first
    paragraph on one line."""
    short_help: str | None = None
    """A short help registered with the command (when its docstring's is too long)."""
    group_class: str | None = None
    """For a sub-app: the name of its group class, in `module` or `helptext`."""

    def load(self, markup: str) -> Command:
        """Import the module and build the click command as an eager registration would
        (the cyclic collector paused while the module is first imported, and what is then
        alive frozen out of its way: see `adjudicator.systems.GameEntry.load`)."""
        from vmod_schema.collection import paused_collection  # not for `--help`

        first = self.module not in sys.modules
        with paused_collection():
            source = importlib.import_module(self.module)
        if first:
            gc.freeze()
        target = getattr(source, self.attribute)
        wrapper = typer.Typer(rich_markup_mode=markup, add_completion=False)  # type: ignore[arg-type]
        if self.group_class is None:
            wrapper.command(self.name, cls=PlainCommand, short_help=self.short_help)(target)
        else:
            for info in target.registered_commands:
                if info.cls is None or info.cls is TyperCommand:
                    info.cls = PlainCommand
            target.rich_markup_mode = markup
            group = getattr(source, self.group_class, None) or PlainGroup
            wrapper.add_typer(target, name=self.name, cls=group,
                              context_settings=dict(HELP_OPTIONS))
        built = typer.main.get_group(wrapper)
        return built.commands[self.name]


class LazyGroup(PlainGroup):
    """A group whose `commands` (a subclass's `lazy`) are imported when one is run.

    `order` is the order `--help` lists them in, eagerly registered ones included.
    """

    lazy: ClassVar[tuple[LazyCommand, ...]] = ()
    order: ClassVar[tuple[str, ...]] = ()
    markup: ClassVar[str] = "markdown"

    def list_commands(self, ctx: Context) -> list[str]:
        """Every command's name, loaded or not, in `order`."""
        known = [*self.commands, *(entry.name for entry in self.lazy)]
        listed = [name for name in self.order if name in known]
        return listed + [name for name in dict.fromkeys(known) if name not in listed]

    def get_command(self, ctx: Context, cmd_name: str) -> Command | None:
        """A loaded command, else a stand-in that only carries the summary `--help` lists
        (`resolve_command` loads the real one before anything runs)."""
        command = self.commands.get(cmd_name)
        if command is not None:
            return command
        entry = self._entry(cmd_name)
        if entry is None:
            return None
        return TyperCommand(cmd_name, short_help=entry.summary, help=entry.summary)

    def resolve_command(self, ctx: Context,
                        args: list[str]) -> tuple[str | None, Command | None, list[str]]:
        """The command named first, imported now if it was not."""
        if args:
            self.load(args[0])
        return super().resolve_command(ctx, args)

    def load(self, name: str) -> Command | None:
        """The real command `name` (imported and added the first time), or None."""
        if name not in self.commands:
            entry = self._entry(name)
            if entry is None:
                return None
            self.add_command(entry.load(self.markup), name)
        return self.commands[name]

    def load_all(self) -> dict[str, Command]:
        """Every command, imported (for tests and tools that walk the whole CLI)."""
        for entry in self.lazy:
            self.load(entry.name)
        return {name: self.commands[name] for name in self.list_commands(Context(self))}

    def _entry(self, name: str) -> LazyCommand | None:
        return next((entry for entry in self.lazy if entry.name == name), None)


__all__ = ["HELP_OPTIONS", "LazyCommand", "LazyGroup"]
