"""The American Revolution: Decision in North America (S&T #270) (issue 21).

The rules digest (`../shared/rules/american-revolution-st270.md`) catalogues 183 rules; the
rulebook lacks the printed map (routes, most ports, town colours), the Mobilization Table,
counter strengths, leader ratings and the marker mix, which come from user data files
(`adjudicator data template ar`). Where the digest and the rulebook disagree, the rulebook
wins (each such reading is noted where it is used).
"""

from __future__ import annotations

from typing import ClassVar

from adjudicator.binding import Binding
from adjudicator.systems.american_revolution.data import (
    ARData,
    bundled_data,
    load_data,
    template_toml,
)
from adjudicator.systems.american_revolution.referee import ARReferee
from adjudicator.systems.common.game import BundledGame, GameParts
from adjudicator.systems.common.questions import AnyQuestion
from vmod_schema.buildfile import Module


def _draft(module: Module, data: ARData) -> Binding:
    from adjudicator.systems.american_revolution.binding import draft_binding

    return draft_binding(module, data)


def _questions() -> tuple[AnyQuestion, ...]:
    """The what-if questions of `adjudicator odds ar` (imported when asked)."""
    from adjudicator.systems.american_revolution.whatif import questions

    return questions()


class AmericanRevolution(BundledGame):
    """The American Revolution: the digest's catalog, data files, binding and referee."""

    id = "ar"
    name = "The American Revolution"
    aliases: ClassVar[tuple[str, ...]] = ("american-revolution", "american_revolution",
                                          "the american revolution", "st270", "s&t 270")
    module_names: ClassVar[tuple[str, ...]] = ("the american revolution",
                                               "american revolution decision in north america")
    parts = GameParts(bundled=bundled_data, load=load_data, template=template_toml,
                      draft=_draft, referee=ARReferee, questions=_questions)


__all__ = ["AmericanRevolution"]
