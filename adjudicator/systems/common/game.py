"""`BundledGame`: a game system whose data is bundled with it and completed by user files.

A game's system class (named by its line of the registry, `adjudicator.systems.SYSTEMS`) is
its names and its parts, nothing else, as a python-chess variant is a few class attributes
over `Board`:

    class WashingtonsWar(BundledGame):
        id = "ww"
        name = "Washington's War"
        aliases = ("washingtons-war",)
        module_names = ("washingtons war",)
        parts = GameParts(bundled=bundled_data, load=load_data, template=template_toml,
                          draft=draft_binding, referee=WWReferee)

and `BundledGame` answers every call of the `GameSystem` protocol from them: the catalog
from the bundled data, a referee over the user's data files and binding (drafted from the
module when the user gives none), the data template, a binding draft.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from adjudicator.binding import Binding, load_binding
from adjudicator.errors import AdjudicatorError
from adjudicator.systems.common.calibration_seed import SetUp
from adjudicator.systems.common.catalog import Catalog
from adjudicator.systems.common.questions import AnyQuestion
from adjudicator.systems.common.system import Referee
from vmod_schema.buildfile import Module


class GameData(Protocol):
    """A game's data: at least its rule catalog."""

    @property
    def catalog(self) -> Catalog[Any]: ...


D = TypeVar("D", bound=GameData)


@dataclass(frozen=True, slots=True)
class GameParts(Generic[D]):
    """What a bundled game is made of, each a function of its package."""

    bundled: Callable[[], D]
    """The data bundled with the game (the rulebook's facts)."""
    load: Callable[[Sequence[Path]], D]
    """The bundled data with the user's data files merged over it, in order.

    Raises `AdjudicatorError` naming the file and key of a malformed file."""
    template: Callable[[D], str]
    """The commented TOML of every fact the data lacks (`adjudicator data template`)."""
    draft: Callable[[Module, D], Binding]
    """A binding drafted for a module by matching its names against the data's."""
    referee: Callable[[D, Binding], Referee]
    """A referee for one game over the data and a binding."""
    questions: Callable[[], Sequence[AnyQuestion]] = tuple
    """The game's what-if questions (`adjudicator odds GAME QUESTION`), in the order a
    command without a question word answers them; none by default."""
    set_up: Callable[[D], SetUp | None] = lambda _data: None
    """The game's set-up as places and tokens, for seeding a calibration from a module's
    at-start stacks (`adjudicator calibrate`); None (the default) when the game has none."""


class BundledGame:
    """A `GameSystem` built from class attributes (see the module docstring)."""

    id: ClassVar[str]
    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    module_names: ClassVar[tuple[str, ...]] = ()
    """Folded module names (`adjudicator.systems.fold_name`): a module whose folded name
    contains one of these is recognised as this game."""
    parts: ClassVar[GameParts[Any]]

    def catalog(self) -> Catalog[Any]:
        """Every rule of the game's catalog, with citation, severity and needs."""
        catalog: Catalog[Any] = self.parts.bundled().catalog
        return catalog

    def referee(self, *, module: Module | None, data_files: Sequence[Path] = (),
                binding_file: Path | None = None, options: Sequence[str] = ()) -> Referee:
        """A referee with user data merged and the binding loaded, or drafted from the
        module (an empty binding when there is neither), with the optional rules in use.

        Raises:
            AdjudicatorError: a bad data or binding file, or an option the game lacks.
        """
        data = self.parts.load(data_files)
        binding: Binding
        if binding_file is not None:
            binding = load_binding(binding_file)
        elif module is not None:
            binding = self.parts.draft(module, data)
        else:
            binding = Binding(game=self.id)
        referee = self.parts.referee(data, binding)
        if options:
            use = getattr(referee, "use_options", None)
            if use is None:
                raise AdjudicatorError(f"{self.name} has no optional rules; got "
                                       f"{', '.join(options)}")
            use(options)
        return referee

    def data_template(self) -> str:
        """The commented TOML of every missing fact (`adjudicator data template GAME`)."""
        return self.parts.template(self.parts.bundled())

    def draft_binding(self, module: Module, data_files: Sequence[Path] = ()) -> Binding:
        """A binding drafted by name matching (`adjudicator bind MODULE --game GAME`)."""
        return self.parts.draft(module, self.parts.load(data_files))

    def questions(self) -> Sequence[AnyQuestion]:
        """The game's what-if questions (`adjudicator odds GAME QUESTION`)."""
        return self.parts.questions()

    def set_up(self, data_files: Sequence[Path] = ()) -> SetUp | None:
        """The game's set-up for seeding a calibration (`adjudicator calibrate`)."""
        return self.parts.set_up(self.parts.load(data_files))


__all__ = ["BundledGame", "GameParts"]
