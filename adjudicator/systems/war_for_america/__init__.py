"""War for America (Compass Games): game data and rules for the adjudicator (issue 11).

The rules digest (`../shared/rules/war-for-america.md`) catalogues 167 rules; the rulebook
lacks the printed map, the battle, siege and fleet tables, leader values, charts and card
texts, which come from user data files (`adjudicator data template wfa`). Where the digest
and the rulebook disagree, the rulebook wins (each such reading is noted where it is used).
"""

from __future__ import annotations

from typing import ClassVar

from adjudicator.binding import Binding
from adjudicator.systems.common.game import BundledGame, GameParts
from adjudicator.systems.common.questions import AnyQuestion
from adjudicator.systems.war_for_america.binding import draft_binding, names_from_data
from adjudicator.systems.war_for_america.data import (
    WfAData,
    bundled_data,
    load_data,
    template_toml,
)
from adjudicator.systems.war_for_america.referee import WfAReferee
from vmod_schema.buildfile import Module


def _draft(module: Module, data: WfAData) -> Binding:
    return draft_binding(module, names_from_data(data))


def _questions() -> tuple[AnyQuestion, ...]:
    """The what-if questions of `adjudicator odds wfa` (imported when asked)."""
    from adjudicator.systems.war_for_america.whatif import questions

    return questions()


class WarForAmerica(BundledGame):
    """War for America: the digest's catalog, data files, binding and referee."""

    id = "wfa"
    name = "War for America"
    aliases: ClassVar[tuple[str, ...]] = ("war-for-america", "war_for_america",
                                          "war for america", "warforamerica")
    module_names: ClassVar[tuple[str, ...]] = ("war for america",)
    parts = GameParts(bundled=bundled_data, load=load_data, template=template_toml,
                      draft=_draft, referee=WfAReferee, questions=_questions)


__all__ = ["WarForAmerica"]
