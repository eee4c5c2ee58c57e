"""The one binding draft every game calls: a module's names matched to a game's words."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from adjudicator.systems.common.drafting import BindingWords, draft_binding, word_forms
from tests.conftest import REPO
from vmod_schema.buildfile import open_module

EXAMPLE = REPO / "fixtures" / "example" / "example.vmod"
"""Pieces Red Infantry, Red Artillery, Blue Cavalry; regions Reserve Box, Hill A, Ford B,
Village C, Wood D; one global property, `Turn`."""
WW_MODULE = REPO / "fixtures" / "washingtons-war" / "washingtons-war-fixture.vmod"
"""Has two maps without a grid: `American Hand` and `British Hand`."""


TOY = BindingWords(
    game="toy",
    pieces={"unit:red_inf": ["Red Infantry", "Red Inf"], "unit:blue_cav": ["Blue Cavalry"],
            "unit:green_inf": ["Green Infantry"], "extra:flag": ["Flag"]},
    places={"space:hill_a": ["Hill A"], "space:ford_b": ["Ford (B)", "Ford B"],
            "box:reserve": ["Reserve"], "space:lake_e": ["Lake E"]},
    properties={"turn": ("Game Turn", "Turn"), "phase": ("Phase",)})


def _words(**changes: Any) -> BindingWords:
    return replace(TOY, **changes)


def test_names_match_entities_and_what_did_not_match_is_listed() -> None:
    binding = draft_binding(open_module(EXAMPLE), _words())
    assert binding.game == "toy"
    assert binding.module == "Example Skirmish"
    assert binding.pieces == {"Red Infantry": "unit:red_inf", "Blue Cavalry": "unit:blue_cav"}
    assert binding.locations == {"Hill A": "space:hill_a", "Ford B": "space:ford_b"}
    assert binding.unmatched.pieces == ["Red Artillery"]
    # `Reserve Box` is not `Reserve`: no guessing past normalisation.
    assert binding.unmatched.locations == ["Reserve Box", "Village C", "Wood D"]
    # Missing entities: pieces first, then places, each sorted.
    assert binding.unmatched.entities == ["extra:flag", "unit:green_inf", "box:reserve",
                                          "space:lake_e"]


def test_optional_entities_are_not_listed_as_missing() -> None:
    binding = draft_binding(open_module(EXAMPLE), _words(optional=("unit:", "space:")))
    assert binding.unmatched.entities == ["extra:flag", "box:reserve"]


def test_the_first_candidate_property_the_module_defines_is_bound() -> None:
    binding = draft_binding(open_module(EXAMPLE), _words())
    # `Game Turn` is preferred but absent; `Turn` is defined; no property holds a phase.
    assert binding.properties == {"turn": "Turn"}
    none = draft_binding(open_module(EXAMPLE), _words(properties={"turn": ("Round",)}))
    assert none.properties == {}


def test_whole_maps_bind_only_to_map_places_and_are_not_missing() -> None:
    places = {"hand:AM": ["American Hand"], "box:BR": ["British Hand"],
              "hand:FR": ["French Hand"]}
    binding = draft_binding(open_module(WW_MODULE), _words(places=places))
    # `British Hand` names a box, not a hand: a map binds only to a `hand:` place.
    assert binding.maps == {"American Hand": "hand:AM"}
    assert "hand:AM" not in binding.unmatched.entities
    assert {"box:BR", "hand:FR"} <= set(binding.unmatched.entities)
    other = draft_binding(open_module(WW_MODULE), _words(places=places, map_places="box:"))
    assert other.maps == {"British Hand": "box:BR"}


def test_word_forms_puts_every_word_in_every_pattern_word_by_word() -> None:
    assert word_forms(("British", "BR"), "{w} SP {n}", "{n} {w} SP", n=3) == [
        "British SP 3", "3 British SP", "BR SP 3", "3 BR SP"]
    assert word_forms((), "{w} PC") == []


def test_a_hostile_modules_huge_names_are_cut_to_a_names_length(monkeypatch: Any) -> None:
    """A mutated module that names itself and its pieces with 60,000 characters drafts a
    binding whose every line a terminal can show (issue 18, found by the fuzz suite)."""
    import adjudicator.systems.common.drafting as drafting

    huge = "Example Skirmish" * 4000
    module = open_module(EXAMPLE).model_copy(update={"name": huge})
    monkeypatch.setattr(drafting, "module_piece_names",
                        lambda _module: ["Red Infantry", "Blue Cavalry " * 5000])
    binding = draft_binding(module, _words())
    assert binding.module.startswith("Example Skirmish") and len(binding.module) < 300
    assert binding.module.endswith("more characters cut]")
    assert binding.pieces == {"Red Infantry": "unit:red_inf"}
    (unmatched,) = binding.unmatched.pieces
    assert unmatched.startswith("Blue Cavalry") and len(unmatched) < 300
