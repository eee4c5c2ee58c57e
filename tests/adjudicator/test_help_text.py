"""Every command's help shows real metavars (`FILE`, `DIR...`, `N`, none on a flag), never
the Python type typer prints by default (`<bool>`, `<list[Path]>`, `{path}`), and every
command has a one-line summary in `adjudicator --help`; `-h` and `--version` work."""

from __future__ import annotations

import re

import pytest
import typer.main
from typer.testing import CliRunner, Result

from adjudicator import __version__
from adjudicator.cli import AdjudicatorGroup, app

PLACEHOLDER = re.compile(r"<[a-z][\w\[\], |]*>|\{[a-z_]+\}|list\[")
"""A type placeholder: `<bool>`, `<int range>`, `<list[Path]>`, `{folder}`."""


def _root() -> AdjudicatorGroup:
    """The root group with every command loaded (they load lazily when run)."""
    root = typer.main.get_command(app)
    assert isinstance(root, AdjudicatorGroup)
    root.load_all()
    return root


def _command_paths() -> list[tuple[str, ...]]:
    paths: list[tuple[str, ...]] = []

    def walk(command: object, path: tuple[str, ...]) -> None:
        paths.append(path)
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, (*path, name))

    walk(_root(), ())
    return paths


COMMANDS = _command_paths()


def _help(*args: str) -> Result:
    return CliRunner().invoke(app, list(args), terminal_width=100)


def test_every_command_is_found() -> None:
    names = {path[-1] for path in COMMANDS if path}
    assert {"check", "watch", "audit", "inspect", "series", "demo", "data", "template"} <= names


@pytest.mark.parametrize("path", COMMANDS, ids=lambda p: " ".join(p) or "adjudicator")
def test_help_shows_real_metavars(path: tuple[str, ...]) -> None:
    result = _help(*path, "--help")
    assert result.exit_code == 0, result.output
    assert "Usage: " in result.output
    leftovers = PLACEHOLDER.findall(result.output)
    assert not leftovers, f"{' '.join(path)} --help shows {leftovers}:\n{result.output}"


@pytest.mark.parametrize("path", COMMANDS, ids=lambda p: " ".join(p) or "adjudicator")
def test_dash_h_is_help(path: tuple[str, ...]) -> None:
    assert _help(*path, "-h").output == _help(*path, "--help").output


def test_every_command_has_a_one_line_summary() -> None:
    root = _root()
    for name, command in root.commands.items():
        summary = command.get_short_help_str(limit=200)
        assert summary.strip(), f"{name} has no summary"
        assert "\n" not in summary, name
    listing = _help("--help").output
    for name in root.commands:
        assert re.search(rf"│ {name} +\S", listing), f"{name} has no summary in --help"


def test_docstring_paragraphs_are_rewrapped_not_broken_mid_sentence() -> None:
    for command in ("watch", "audit"):
        lines = [line.strip() for line in _help(command, "--help").output.splitlines()]
        prose = [line for line in lines if line and not line.startswith(("│", "╭", "╰"))]
        short = [line for line in prose[1:-1] if len(line.split()) == 1
                 and not line.endswith((".", ":", ")"))]
        assert not short, f"{command} --help breaks lines mid-sentence: {short}"


def test_version_prints_the_package_version() -> None:
    for flag in ("--version", "-V"):
        result = _help(flag)
        assert result.exit_code == 0
        assert result.output.strip() == f"adjudicator {__version__}"


def _summary(command: object) -> str:
    """The line `--help` lists for a command (its short help, else its first paragraph)."""
    text = getattr(command, "short_help", None) or getattr(command, "help", None) or ""
    return " ".join(text.split("\n\n")[0].split())


def test_the_command_list_before_loading_is_the_list_of_the_loaded_commands() -> None:
    # `--help` lists the lazy summaries (nothing imported); they must be the commands' own.
    lazy = typer.main.get_command(app)
    assert isinstance(lazy, AdjudicatorGroup)
    ctx = typer.Context(lazy)
    listed = {name: _summary(lazy.get_command(ctx, name)) for name in lazy.list_commands(ctx)}
    loaded = _root()
    real = {name: _summary(loaded.commands[name])
            for name in loaded.list_commands(typer.Context(loaded))}
    assert listed == real and list(listed) == list(real)
    assert {"check", "odds", "data", "version"} <= set(listed)
