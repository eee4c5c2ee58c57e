"""War for America (Compass Games): game data and rules for the adjudicator (issue 11).

The rules digest (`../shared/rules/war-for-america.md`) catalogues 167 rules; the rulebook
lacks the printed map, the battle, siege and fleet tables, leader values, charts and card
texts, which come from user data files (`adjudicator data template wfa`). Where the digest
and the rulebook disagree, the rulebook wins (each such reading is noted where it is used).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

from adjudicator.binding import Binding, load_binding
from adjudicator.systems.common.catalog import Catalog
from adjudicator.systems.war_for_america.binding import draft_binding, names_from_data
from adjudicator.systems.war_for_america.data import Need, bundled_data, load_data, template_toml
from adjudicator.systems.war_for_america.referee import WfAReferee
from vmod_schema.buildfile import Module


class WarForAmerica:
    """War for America: the digest's catalog, data files, binding and referee."""

    id: ClassVar[str] = "wfa"
    name: ClassVar[str] = "War for America"
    aliases: ClassVar[tuple[str, ...]] = ("war-for-america", "war_for_america",
                                          "war for america", "warforamerica")
    module_names: ClassVar[tuple[str, ...]] = ("war for america",)
    """What a module of this game is called, folded (`systems.fold_name`)."""

    def catalog(self) -> Catalog[Need]:
        """Every rule of the digest's catalog, with citation, severity and needs."""
        return bundled_data().catalog

    def referee(self, *, module: Module | None, data_files: Sequence[Path] = (),
                binding_file: Path | None = None) -> WfAReferee:
        """A referee with user data merged and the binding loaded (or drafted)."""
        data = load_data(data_files)
        binding: Binding
        if binding_file is not None:
            binding = load_binding(binding_file)
        elif module is not None:
            binding = draft_binding(module, names_from_data(data))
        else:
            binding = Binding(game=self.id)
        return WfAReferee(data, binding)

    def data_template(self) -> str:
        """The commented TOML of every missing fact (`adjudicator data template wfa`)."""
        return template_toml(bundled_data())

    def draft_binding(self, module: Module, data_files: Sequence[Path] = ()) -> Binding:
        """A binding drafted by name matching (`adjudicator bind MODULE --game wfa`)."""
        return draft_binding(module, names_from_data(load_data(data_files)))


__all__ = ["WarForAmerica"]
