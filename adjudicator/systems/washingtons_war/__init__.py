"""Washington's War (GMT Games, 2009): game data and rules for the adjudicator."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

from adjudicator.binding import Binding, load_binding
from adjudicator.systems.common.catalog import Catalog
from adjudicator.systems.washingtons_war.binding import draft_binding
from adjudicator.systems.washingtons_war.data import Need, bundled_data, load_data, template_toml
from adjudicator.systems.washingtons_war.referee import WWReferee
from vmod_schema.buildfile import Module


class WashingtonsWar:
    """Washington's War: the catalog of the rules digest, data files, binding, referee."""

    id: ClassVar[str] = "ww"
    name: ClassVar[str] = "Washington's War"
    aliases: ClassVar[tuple[str, ...]] = ("washingtons-war", "washingtons_war",
                                          "washington's war")
    module_names: ClassVar[tuple[str, ...]] = ("washingtons war",)
    """What a module of this game is called, folded (`systems.fold_name`): a module whose
    folded name contains one of these is recognised as this game."""

    def catalog(self) -> Catalog[Need]:
        """Every rule id of the digest's catalog, with citation and needs."""
        return bundled_data().catalog

    def referee(self, *, module: Module | None, data_files: Sequence[Path] = (),
                binding_file: Path | None = None) -> WWReferee:
        """A referee with user data merged and the binding loaded (or drafted)."""
        data = load_data(data_files)
        binding: Binding
        if binding_file is not None:
            binding = load_binding(binding_file)
        elif module is not None:
            binding = draft_binding(module, data)
        else:
            binding = Binding(game=self.id)
        return WWReferee(data, binding)

    def data_template(self) -> str:
        """The commented TOML of every missing fact (`adjudicator data template ww`)."""
        return template_toml(bundled_data())

    def draft_binding(self, module: Module, data_files: Sequence[Path] = ()) -> Binding:
        """A binding drafted by name matching (`adjudicator bind MODULE --game ww`)."""
        return draft_binding(module, load_data(data_files))


__all__ = ["WashingtonsWar"]
