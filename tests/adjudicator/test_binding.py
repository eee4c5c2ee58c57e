"""Bindings: name matching, calibration for grid-less modules, and bad binding files."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.binding import (
    Binding,
    CalibrationPoint,
    dump_binding,
    load_binding,
    match_names,
    normalize_name,
)
from adjudicator.errors import BindingError


@pytest.mark.parametrize(("a", "b"), [
    ("Lexington & Concord", "Lexington and Concord"),
    ("Ft. Detroit", "Fort Detroit"),
    ("ST. MARY'S", "Saint Marys"),
    ("Ninety-Six", "Ninety Six"),
    ("Wilmington (NC)", "wilmington nc"),
])
def test_names_that_a_person_would_call_the_same_normalize_equal(a: str, b: str) -> None:
    assert normalize_name(a) == normalize_name(b)


def test_matching_reports_what_did_not_match_on_either_side() -> None:
    matched, unmatched, missing = match_names(
        ["Ft Detroit", "Lexington & Concord", "Dice Tower"],
        {"space:fort_detroit": ["Fort Detroit"],
         "space:lexington_and_concord": ["Lexington and Concord"],
         "space:quebec": ["Quebec"]})
    assert matched == {"Ft Detroit": "space:fort_detroit",
                       "Lexington & Concord": "space:lexington_and_concord"}
    assert unmatched == ["Dice Tower"]
    assert missing == ["space:quebec"]


def test_a_piece_on_a_gridless_map_is_at_the_nearest_calibrated_space_within_radius() -> None:
    binding = Binding(game="ww", calibration={
        "space:quebec": CalibrationPoint(map="Main", x=100, y=100, radius=30),
        "space:montreal": CalibrationPoint(map="Main", x=160, y=100, radius=30)})
    assert binding.place("Main", None, 110, 105) == "space:quebec"
    assert binding.place("Main", None, 140, 100) == "space:montreal"
    assert binding.place("Main", None, 130, 160) is None
    assert binding.place("Other", None, 100, 100) is None


def test_maps_then_location_names_then_calibration_decide_a_place() -> None:
    binding = Binding(game="ww", maps={"American Hand": "hand:AM"},
                      locations={"Quebec": "space:quebec"},
                      calibration={"space:boston": CalibrationPoint(map="Map", x=5, y=5,
                                                                    radius=10)})
    assert binding.place("American Hand", "offboard", 1, 1) == "hand:AM"
    assert binding.place("Map", "Quebec", 5, 5) == "space:quebec"
    assert binding.place("Map", "offboard", 5, 5) == "space:boston"


def test_a_dumped_binding_loads_back_unchanged(tmp_path: Path) -> None:
    binding = Binding(game="ww", module='The "Module"', pieces={"Washington": "general:washington"},
                      locations={"Quebec": "space:quebec"}, maps={"British Hand": "hand:BR"},
                      properties={"year": "Year"},
                      calibration={"space:quebec": CalibrationPoint(map="M", x=1, y=2, radius=3)})
    path = tmp_path / "binding.toml"
    path.write_text(dump_binding(binding), encoding="utf-8")
    assert load_binding(path) == binding


def test_a_bad_binding_file_names_the_file_and_the_key(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('game = "ww"\n[calibration]\nquebec = { map = "M", x = 1, y = 2, '
                    'radius = -5 }\n', encoding="utf-8")
    with pytest.raises(BindingError) as caught:
        load_binding(path)
    assert str(path) in str(caught.value)
    assert "calibration.quebec.radius" in str(caught.value)
    broken = tmp_path / "broken.toml"
    broken.write_text("game = \n", encoding="utf-8")
    with pytest.raises(BindingError, match="not valid TOML"):
        load_binding(broken)


def test_a_drafted_binding_lists_a_long_array_one_item_a_line_and_reads_back() -> None:
    import tomllib

    from adjudicator.binding import _toml_list

    names = [f"Piece {n} " + "x" * 40 for n in range(3000)]
    text = _toml_list(names)
    assert max(len(line) for line in text.splitlines()) < 100
    assert tomllib.loads(f"pieces = {text}")["pieces"] == names
