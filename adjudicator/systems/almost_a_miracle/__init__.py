"""Almost a Miracle! (Against the Odds) (issue 22), being built: its data, its sequence of
play, the first rule families.

The rules digest (`../shared/rules/almost-a-miracle.md`) catalogues 216 rules; the rulebook
lacks the map's adjacency and terrain, the Player's Aid Charts (Terrain Effects, Surprise,
Battle Winner, Casualty, attrition, militia generation, events), the reinforcement schedule
and the leader ratings, which will come from user data files.
"""

from __future__ import annotations

from typing import ClassVar

from adjudicator.binding import Binding
from adjudicator.systems.almost_a_miracle.data import (
    AaMData,
    bundled_data,
    load_data,
    template_toml,
)
from adjudicator.systems.almost_a_miracle.referee import AaMReferee
from adjudicator.systems.common.game import BundledGame, GameParts
from adjudicator.systems.common.questions import AnyQuestion
from vmod_schema.buildfile import Module


def _draft(module: Module, data: AaMData) -> Binding:
    from adjudicator.systems.almost_a_miracle.binding import draft_binding

    binding: Binding = draft_binding(module, data)
    return binding


def _questions() -> tuple[AnyQuestion, ...]:
    """The what-if questions of `adjudicator odds aam` (imported when asked)."""
    from adjudicator.systems.almost_a_miracle.whatif import questions

    found: tuple[AnyQuestion, ...] = questions()
    return found


class AlmostAMiracle(BundledGame):
    """Almost a Miracle!: the digest's catalog, data files, binding and referee."""

    id = "aam"
    name = "Almost a Miracle!"
    aliases: ClassVar[tuple[str, ...]] = ("almost-a-miracle", "almost_a_miracle",
                                          "almost a miracle")
    module_names: ClassVar[tuple[str, ...]] = ("almost a miracle",)
    parts = GameParts(bundled=bundled_data, load=load_data, template=template_toml,
                      draft=_draft, referee=AaMReferee, questions=_questions)


__all__ = ["AlmostAMiracle"]
