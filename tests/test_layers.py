"""The layers, read from the source (`ast`), never by importing it.

The format layer knows VASSAL and nothing of games: it never imports `adjudicator`. Inside
`adjudicator`, each module sits on a declared layer and imports only from its own layer or
the layers below (imports inside functions, the lazy ones, count too). The games sit in
`adjudicator/systems/`, one package each, and stay in it: the toolkit they share imports no
game, no game imports another, and nothing outside `systems/` imports a game (the registry names
each game's class as data and imports it when asked).
"""

from __future__ import annotations

import ast
from collections.abc import Collection, Iterator
from pathlib import Path

import pytest

from tests.conftest import REPO
from tests.imports import imported_modules

ADJUDICATOR = REPO / "adjudicator"
SYSTEMS = ADJUDICATOR / "systems"
TOOLKIT = ("adjudicator.systems.common",)
"""What every game builds on: the machinery and the protocol a game meets
(`common.system`)."""


def _game_packages() -> tuple[str, ...]:
    """Every game package: each package folder under `adjudicator/systems/` but the
    toolkit, so a new game is covered without naming it here."""
    return tuple(sorted(
        f"adjudicator.systems.{folder.name}" for folder in SYSTEMS.iterdir()
        if (folder / "__init__.py").is_file() and f"adjudicator.systems.{folder.name}"
        not in TOOLKIT))


GAMES = _game_packages()

LAYERS: tuple[tuple[str, ...], ...] = (
    ("adjudicator.__main__",),
    ("adjudicator.cli",),
    ("adjudicator.watch",),
    ("adjudicator.audit", "adjudicator.demo"),
    ("adjudicator.rule_status", "adjudicator.calibration"),
    ("adjudicator.check",),
    ("adjudicator.folders", "adjudicator.folderconfig"),
    ("adjudicator.systems",),
    GAMES,
    TOOLKIT,
    ("adjudicator.report",),
    ("adjudicator.reading", "adjudicator.inspect"),
    ("adjudicator.replay",),
    ("adjudicator.binding", "adjudicator.ceilings", "adjudicator.findings",
     "adjudicator.scenario", "adjudicator.modulekit", "adjudicator.spill"),
    ("adjudicator.errors",),
    ("adjudicator",),
)
"""adjudicator's modules and packages, from the top layer down. A package stands for all
its modules; `adjudicator` and `adjudicator.systems` stand only for their `__init__.py`
(the version, the registry). A module may import from its own layer and those below."""
FACES = frozenset({"adjudicator", "adjudicator.systems"})
"""Packages on the list for their `__init__.py` alone, not their sub-modules."""


def _module_name(path: Path) -> str:
    """`adjudicator/report/models.py` → `adjudicator.report.models`; a package's
    `__init__.py` is the package."""
    parts = path.relative_to(REPO).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES: dict[str, Path] = {_module_name(path): path
                            for path in sorted(ADJUDICATOR.rglob("*.py"))}
"""Every module of adjudicator, by name."""


def imports_of(source: str, module: str, *, package: bool = False,
               known: Collection[str] = ()) -> set[str]:
    """The adjudicator modules `source` (the text of `module`) imports, wherever the import
    stands (at the top, under `TYPE_CHECKING`, inside a function). `from a import b` names
    `a.b` when that is a module in `known`, else `a`; relative imports are resolved."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                here = module.split(".") if package else module.split(".")[:-1]
                here = here[:len(here) - (node.level - 1)]
                base = ".".join([*here, *([node.module] if node.module else [])])
            for alias in node.names:
                names.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
    return {name for name in names if name.split(".")[0] == "adjudicator"}


def _imports(module: str) -> set[str]:
    path = MODULES[module]
    return imports_of(path.read_text(encoding="utf-8"), module,
                      package=path.name == "__init__.py", known=set(MODULES))


def _owner(module: str) -> str | None:
    """The name on `LAYERS` that `module` belongs to (the longest that holds it)."""
    holders = [name for layer in LAYERS for name in layer
               if module == name or (module.startswith(f"{name}.") and name not in FACES)]
    return max(holders, key=len, default=None)


LAYER_OF = {name: depth for depth, layer in enumerate(LAYERS) for name in layer}
"""Each name on `LAYERS` → its depth (0 is the top)."""


def _game_of(module: str) -> str | None:
    return next((game for game in GAMES if module == game or module.startswith(f"{game}.")),
                None)


def _game_imports(module: str) -> list[str]:
    return sorted(name for name in _imports(module) if _game_of(name) is not None)


def _modules_under(prefix: str) -> Iterator[str]:
    return (module for module in MODULES if module == prefix or module.startswith(f"{prefix}."))


# ------------------------------------------------------------------------ the format layer

def test_vmod_schema_never_imports_adjudicator() -> None:
    offenders = {
        str(path.relative_to(REPO)): sorted(n for n in imported_modules(path)
                                            if n.split(".")[0] == "adjudicator")
        for path in (REPO / "vmod_schema").rglob("*.py")
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_only_the_cli_imports_typer() -> None:
    users = [str(path.relative_to(REPO)) for path in (REPO / "adjudicator").rglob("*.py")
             if "typer" in imported_modules(path)]
    assert users and all(user.startswith("adjudicator/cli/") for user in users)


def test_every_public_name_of_vmod_schema_resolves_lazily() -> None:
    import vmod_schema

    assert set(vmod_schema.__all__) == set(vmod_schema._LAZY)
    for name in vmod_schema.__all__:
        assert getattr(vmod_schema, name) is not None


def test_reading_a_save_does_not_load_pydantic() -> None:
    import subprocess
    import sys

    code = ("import sys; import vmod_schema.savefile; "
            "print('pydantic' in sys.modules, 'vmod_schema.buildfile' in sys.modules, "
            "'vmod_schema.module' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True, cwd=REPO)
    assert result.stdout.split() == ["False", "False", "False"]


# ------------------------------------------------------------------ adjudicator's layers

def test_the_reader_of_imports_sees_lazy_submodule_and_relative_imports() -> None:
    source = ("from __future__ import annotations\n"
              "from typing import TYPE_CHECKING\n"
              "import adjudicator.errors\n"
              "from adjudicator import check, __version__\n"
              "if TYPE_CHECKING:\n"
              "    from adjudicator.report.models import Report\n"
              "def later() -> None:\n"
              "    from adjudicator.watch.watcher import Watcher\n"
              "    from ..systems import washingtons_war\n"
              "    from . import models\n")
    known = {"adjudicator.check", "adjudicator.systems.washingtons_war",
             "adjudicator.reading.models"}
    assert imports_of(source, "adjudicator.reading.reader", known=known) == {
        "adjudicator.errors", "adjudicator.check", "adjudicator", "adjudicator.report.models",
        "adjudicator.watch.watcher", "adjudicator.systems.washingtons_war",
        "adjudicator.reading.models"}


def test_the_games_are_found_from_the_systems_folder() -> None:
    assert {"adjudicator.systems.washingtons_war", "adjudicator.systems.war_for_america"} \
        <= set(GAMES)
    assert not set(GAMES) & set(TOOLKIT)


def test_every_layer_name_is_a_module_and_is_listed_once() -> None:
    listed = [name for layer in LAYERS for name in layer]
    assert len(listed) == len(set(listed))
    assert [name for name in listed if name not in MODULES] == []


def test_every_module_of_adjudicator_sits_on_a_layer() -> None:
    # A new module or package is placed on `LAYERS` when it is added.
    assert [module for module in MODULES if _owner(module) is None] == []


def test_no_module_imports_one_from_a_higher_layer() -> None:
    upward = []
    for module in MODULES:
        owner = _owner(module)
        if owner is None:
            continue  # not placed yet: the test above names it
        for imported in sorted(_imports(module)):
            target = _owner(imported)
            if target is not None and LAYER_OF[target] < LAYER_OF[owner]:
                upward.append(f"{module} ({owner}) imports {imported} ({target})")
    assert upward == []


@pytest.mark.parametrize("shared", ["adjudicator.report", "adjudicator.reading",
                                    "adjudicator.folders", "adjudicator.check"])
def test_what_check_report_audit_and_watch_share_sits_below_them(shared: str) -> None:
    # Issue 19 part 11: check and report read files without audit, audit walks folders
    # without watch.
    above = {"adjudicator.audit", "adjudicator.watch", "adjudicator.cli"}
    offenders = {module: sorted(name for name in _imports(module)
                                if any(name == a or name.startswith(f"{a}.") for a in above))
                 for module in _modules_under(shared)}
    assert {module: names for module, names in offenders.items() if names} == {}


# --------------------------------------------------------------------- the game packages

def test_the_toolkit_imports_no_game() -> None:
    offenders = {module: _game_imports(module) for toolkit in TOOLKIT
                 for module in _modules_under(toolkit)}
    assert {module: games for module, games in offenders.items() if games} == {}


def test_no_game_imports_another_game() -> None:
    offenders = {module: [name for name in _game_imports(module)
                          if _game_of(name) != _game_of(module)]
                 for game in GAMES for module in _modules_under(game)}
    assert {module: games for module, games in offenders.items() if games} == {}


def test_nothing_outside_the_systems_imports_a_game() -> None:
    # The registry names each game's class as data (`module:Class`) and imports it only
    # when the game is asked for (issue 24), so no import statement names a game.
    importers = {str(MODULES[module].relative_to(REPO)) for module in MODULES
                 if not module.startswith("adjudicator.systems.") and _game_imports(module)}
    assert importers == set()
