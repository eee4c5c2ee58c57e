"""Skirmish's words for a binding draft: the names its module gives pieces and places."""

from __future__ import annotations

from adjudicator.binding import Binding
from adjudicator.systems.common.drafting import BindingWords
from adjudicator.systems.common.drafting import draft_binding as draft
from tests.toygame.data import SkirmishData
from vmod_schema.buildfile import Module

WORDS = BindingWords(
    game="toy",
    pieces={"unit:red_inf": ["Red Infantry"], "unit:red_art": ["Red Artillery"],
            "unit:blue_cav": ["Blue Cavalry"]},
    places={"space:hill_a": ["Hill A"], "space:ford_b": ["Ford B"],
            "space:village_c": ["Village C"], "space:wood_d": ["Wood D"],
            "box:reserve": ["Reserve Box", "Reserve"]},
    properties={"turn": ("Turn", "Game Turn")})


def draft_binding(module: Module, data: SkirmishData) -> Binding:
    """A binding drafted from Skirmish's words (the data adds none)."""
    return draft(module, WORDS)
