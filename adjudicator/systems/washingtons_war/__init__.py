"""Washington's War (GMT Games, 2009): game data and rules for the adjudicator."""

from __future__ import annotations

from typing import ClassVar

from adjudicator.systems.common.game import BundledGame, GameParts
from adjudicator.systems.common.questions import AnyQuestion
from adjudicator.systems.washingtons_war.binding import draft_binding
from adjudicator.systems.washingtons_war.data import bundled_data, load_data, template_toml
from adjudicator.systems.washingtons_war.referee import WWReferee
from adjudicator.systems.washingtons_war.setup_seed import set_up


def _questions() -> tuple[AnyQuestion, ...]:
    """The what-if questions of `adjudicator odds ww` (imported when asked)."""
    from adjudicator.systems.washingtons_war.whatif import questions

    return questions()


class WashingtonsWar(BundledGame):
    """Washington's War: the catalog of the rules digest, data files, binding, referee."""

    id = "ww"
    name = "Washington's War"
    aliases: ClassVar[tuple[str, ...]] = ("washingtons-war", "washingtons_war", "washington's war")
    module_names: ClassVar[tuple[str, ...]] = ("washingtons war",)
    parts = GameParts(bundled=bundled_data, load=load_data, template=template_toml,
                      draft=draft_binding, referee=WWReferee, questions=_questions,
                      set_up=set_up)


__all__ = ["WashingtonsWar"]
