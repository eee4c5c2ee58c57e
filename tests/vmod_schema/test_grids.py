"""Grid location naming (FORMAT.md §7.6) and formatted strings (§7.11), rule by rule."""

from __future__ import annotations

import pytest

from vmod_schema.formats import format_string
from vmod_schema.grids import (
    GridNumbering,
    HexGrid,
    Region,
    RegionGrid,
    SquareGrid,
    UnknownGrid,
    Zone,
    ZonedGrid,
    index_name,
    parse_path,
    polygon_contains,
)

# ---- numbering names


@pytest.mark.parametrize(("value", "leading", "name"), [
    (5, 1, "05"), (12, 1, "12"), (5, 2, "005"), (50, 2, "050"), (500, 2, "500"),
    (0, 1, "00"), (7, 0, "7"), (-3, 1, "-03"), (-12, 1, "-12"), (9, 3, "0009"),
])
def test_numeric_names_get_one_leading_zero_per_power_of_ten_above_the_value(
        value: int, leading: int, name: str) -> None:
    assert index_name(value, "N", leading) == name


@pytest.mark.parametrize(("value", "name"), [
    (0, "A"), (1, "B"), (25, "Z"), (26, "AA"), (27, "BB"), (51, "ZZ"), (52, "AAA"),
    (-1, "-B"),
])
def test_alphabetic_names_repeat_the_letter_once_per_round_of_26(value: int, name: str) -> None:
    assert index_name(value, "A", 1) == name


def test_alphabetic_names_ignore_leading_zeros() -> None:
    assert index_name(3, "A", 3) == "D"


def test_numbering_puts_column_first_for_h_and_row_first_for_v_with_separator() -> None:
    h_first = GridNumbering(sep="-")
    v_first = GridNumbering(first="V", sep="/", v_type="A", v_off=0)
    assert h_first.name(2, 4) == "03-05"
    assert v_first.name(2, 4) == "E/03"


def test_numbering_offsets_are_added_to_zero_based_indices() -> None:
    assert GridNumbering(h_off=0, v_off=10, h_leading=0, v_leading=0).name(2, 4) == "214"


def test_numbering_location_format_may_use_row_and_column() -> None:
    numbering = GridNumbering(location_format="r$row$ c$column$ = $gridLocation$")
    assert numbering.name(0, 1) == "r02 c01 = 0102"


# ---- square grids


def test_square_grid_without_numbering_answers_nothing() -> None:
    assert SquareGrid().location_name(30, 30) is None


def test_square_grid_columns_floor_but_rows_truncate_toward_zero() -> None:
    grid = SquareGrid(numbering=GridNumbering())
    # (-30-24)/48 + 0.5 = -0.625: the column floors to -1, the row truncates to 0.
    assert grid.cell(-30, -30) == (-1, 0)
    assert grid.location_name(-30, -30) == "0001"
    # Further up, the row goes negative only once the value passes -1.
    assert grid.cell(24, -50) == (0, -1)


def test_square_grid_cell_centres_and_half_cell_boundaries() -> None:
    grid = SquareGrid(dx=100.0, dy=50.0, x0=50, y0=25, numbering=GridNumbering())
    assert grid.cell(50, 25) == (0, 0)
    assert grid.cell(99, 49) == (0, 0)
    assert grid.cell(100, 50) == (1, 1)
    assert grid.location_name(250, 125) == "0303"


def test_square_grid_descending_counts_from_the_container_size() -> None:
    grid = SquareGrid(numbering=GridNumbering(h_descend=True, v_descend=True))
    # trunc(480/48 + 0.5) = 10 columns and rows: column 2 -> 8, row 0 -> 10.
    assert grid.cell(120, 24, (480, 480)) == (8, 10)
    assert grid.location_name(120, 24, (480, 480)) == "0911"


def test_square_grid_descending_without_a_container_size_answers_nothing() -> None:
    grid = SquareGrid(numbering=GridNumbering(v_descend=True))
    assert grid.location_name(120, 24, None) is None


def test_square_grid_with_float_cell_size_as_in_blood_bowl() -> None:
    numbering = GridNumbering(h_type="A", v_leading=0, v_off=0)
    grid = SquareGrid(dx=150.10000000000005, dy=150.0, x0=667, y0=351, numbering=numbering)
    assert grid.location_name(667, 351) == "B0"
    assert grid.location_name(667 + 150 * 3, 351 + 150 * 2) == "E2"


# ---- hex grids

HEX = GridNumbering(kind="hex")


def test_hex_grid_odd_columns_are_offset_half_a_hex() -> None:
    grid = HexGrid(dx=50, dy=60, x0=0, y0=0)
    assert grid.raw_cell(0, 0) == (0, 0)
    assert grid.raw_cell(0, 29) == (0, 0)
    assert grid.raw_cell(0, 30) == (0, 1)
    assert grid.raw_cell(50, 30) == (1, 0)
    assert grid.raw_cell(50, -1) == (1, -1)


def test_hex_grid_stagger_adds_one_to_rows_of_odd_columns() -> None:
    grid = HexGrid(dx=50, dy=60, x0=0, y0=0, numbering=HEX)
    assert grid.location_name(0, 0) == "0101"
    assert grid.location_name(50, 30) == "0202"
    assert grid.location_name(50, -1) == "0201"
    unstaggered = grid.model_copy(update={"numbering": GridNumbering(kind="hex",
                                                                     stagger=False)})
    assert unstaggered.location_name(50, 30) == "0201"


def test_hex_grid_descending_divides_height_by_dx_and_width_by_dy() -> None:
    size = (500, 600)  # max rows = floor(600/50 + .5) = 12; max columns = floor(500/60 + .5) = 8
    v_desc = HexGrid(dx=50, dy=60, x0=0, y0=0,
                     numbering=GridNumbering(kind="hex", v_descend=True))
    assert v_desc.cell(50, 30, size) == (1, 11)  # 12 - 0, then stagger subtracts
    h_desc = HexGrid(dx=50, dy=60, x0=0, y0=0,
                     numbering=GridNumbering(kind="hex", h_descend=True))
    assert h_desc.cell(50, 30, size) == (7, 1)
    assert h_desc.location_name(50, 30, size) == "0802"


def test_sideways_hex_grid_swaps_x_and_y_first() -> None:
    grid = HexGrid(dx=50, dy=60, x0=0, y0=0, sideways=True, numbering=HEX)
    assert grid.raw_cell(30, 50) == (1, 0)
    assert grid.location_name(30, 50) == "0202"


def test_sideways_hex_grid_descending_swaps_the_flags() -> None:
    size = (500, 600)
    h_desc = HexGrid(dx=50, dy=60, x0=0, y0=0, sideways=True,
                     numbering=GridNumbering(kind="hex", h_descend=True))
    # hDescend sideways: row = maxColumns - row = 8, then stagger subtracts (hDescend set).
    assert h_desc.cell(30, 50, size) == (1, 7)
    v_desc = HexGrid(dx=50, dy=60, x0=0, y0=0, sideways=True,
                     numbering=GridNumbering(kind="hex", v_descend=True))
    # vDescend sideways: column = maxRows - column = 11; stagger adds (hDescend not set).
    assert v_desc.cell(30, 50, size) == (11, 1)


def test_oblique_hex_numbering_shears_rows_by_half_the_column() -> None:
    grid = HexGrid(dx=50, dy=60, x0=0, y0=0, numbering=GridNumbering(kind="oblique"))
    assert grid.cell(50, 30) == (1, 1)
    assert grid.cell(100, 0) == (2, 1)
    # Integer division truncates toward zero: -3/2 = -1, not -2.
    assert grid.cell(-150, 0) == (-3, 0)
    assert grid.location_name(-150, 0) == "-0201"


def test_oblique_hex_numbering_without_stagger_subtracts_half_the_column_plus_one() -> None:
    grid = HexGrid(dx=50, dy=60, x0=0, y0=0,
                   numbering=GridNumbering(kind="oblique", stagger=False))
    assert grid.cell(100, 0) == (2, 0)
    assert grid.cell(200, 0) == (4, -1)


def test_hex_grid_defaults_follow_the_engine() -> None:
    grid = HexGrid()
    assert (grid.dy, grid.x0, grid.y0) == (64.0, 0, 32)
    assert grid.dx == pytest.approx(55.42562584220407)
    assert grid.location_name(0, 32) is None


# ---- polygons


SQUARE = ((0, 0), (10, 0), (10, 10), (0, 10))


@pytest.mark.parametrize(("point", "inside"), [
    ((0, 0), True), ((5, 0), True), ((0, 5), True), ((9, 9), True), ((5, 5), True),
    ((10, 5), False), ((5, 10), False), ((10, 10), False), ((-1, 5), False), ((5, -1), False),
])
def test_polygon_left_and_top_edges_are_inside_right_and_bottom_outside(
        point: tuple[int, int], inside: bool) -> None:
    assert polygon_contains(SQUARE, *point) is inside


def test_polygon_diagonal_edges_count_crossings_strictly_left_of_the_edge() -> None:
    triangle = ((0, 0), (10, 0), (0, 10))
    assert polygon_contains(triangle, 4, 5)
    assert not polygon_contains(triangle, 5, 5)  # on the right-hand (diagonal) edge
    assert not polygon_contains(triangle, 6, 5)


def test_concave_polygons_use_the_even_odd_rule() -> None:
    u_shape = ((0, 0), (30, 0), (30, 30), (20, 30), (20, 10), (10, 10), (10, 30), (0, 30))
    assert polygon_contains(u_shape, 15, 5)
    assert polygon_contains(u_shape, 5, 20)
    assert polygon_contains(u_shape, 25, 20)
    assert not polygon_contains(u_shape, 15, 20)


def test_polygons_with_fewer_than_three_points_contain_nothing() -> None:
    assert not polygon_contains(((0, 0), (10, 10)), 5, 5)
    assert not Zone(name="z", path=((0, 0), (10, 10))).contains(5, 5)


def test_zone_contains_agrees_with_polygon_contains() -> None:
    path = ((3, 1), (17, 4), (12, 19), (1, 11), (8, 8))
    zone = Zone(name="z", path=path)
    for x in range(-1, 20):
        for y in range(-1, 21):
            assert zone.contains(x, y) == polygon_contains(path, x, y)


def test_zone_paths_skip_pairs_that_are_not_two_integers() -> None:
    assert parse_path("1,2;3,x;4,5;6;7,8,9;1.5,2;10,11,") == ((1, 2), (4, 5), (10, 11))
    assert parse_path("") == ()


# ---- region grids


def test_region_grid_names_the_nearest_origin_without_maximum_distance() -> None:
    grid = RegionGrid(regions=(Region(name="A", x=0, y=0), Region(name="B", x=100, y=0)))
    assert grid.location_name(40, 0) == "A"
    assert grid.location_name(60, 5000) == "B"


def test_region_grid_later_region_with_the_same_origin_replaces_earlier() -> None:
    grid = RegionGrid(regions=(Region(name="old", x=5, y=5), Region(name="C", x=50, y=50),
                               Region(name="new", x=5, y=5)))
    assert grid.location_name(6, 6) == "new"
    assert grid.location_name(49, 49) == "C"


def test_region_grid_without_regions_answers_nothing() -> None:
    assert RegionGrid().location_name(1, 1) is None


def test_unknown_grids_answer_nothing() -> None:
    assert UnknownGrid(class_name="My.Grid").location_name(1, 1) is None


# ---- zoned grids


def _zone(name: str, x0: int, y0: int, x1: int, y1: int, **extra: object) -> Zone:
    return Zone.model_validate({"name": name,
                                "path": ((x0, y0), (x1, y0), (x1, y1), (x0, y1)), **extra})


def test_the_first_zone_in_document_order_answers() -> None:
    grid = ZonedGrid(zones=(_zone("Outer", 0, 0, 100, 100), _zone("Inner", 10, 10, 20, 20)))
    assert grid.location_name(15, 15) == "Outer"
    assert grid.find_zone(15, 15) is grid.zones[0]


def test_points_outside_every_zone_fall_to_the_background_grid() -> None:
    background = RegionGrid(regions=(Region(name="Sea", x=500, y=500),))
    grid = ZonedGrid(zones=(_zone("Land", 0, 0, 100, 100),), background=background)
    assert grid.location_name(200, 200) == "Sea"
    assert ZonedGrid(zones=grid.zones).location_name(200, 200) is None


def test_zone_location_format_combines_name_and_grid_location() -> None:
    regions = RegionGrid(regions=(Region(name="Richmond", x=50, y=50),))
    zone = _zone("Virginia", 0, 0, 100, 100, location_format="$name$: $gridLocation$",
                 grid=regions)
    assert ZonedGrid(zones=(zone,)).location_name(40, 40) == "Virginia: Richmond"


def test_zone_default_format_is_its_name_and_missing_grid_gives_empty_location() -> None:
    plain = _zone("Box", 0, 0, 10, 10)
    grid_only = _zone("Empty", 20, 0, 30, 10, location_format="$gridLocation$")
    grid = ZonedGrid(zones=(plain, grid_only))
    assert grid.location_name(5, 5) == "Box"
    assert grid.location_name(25, 5) == ""


def test_zone_using_the_parent_grid_asks_the_background_grid() -> None:
    background = SquareGrid(numbering=GridNumbering())
    zone = _zone("Z", 0, 0, 500, 500, location_format="$name$ $gridLocation$",
                 use_parent_grid=True)
    assert ZonedGrid(zones=(zone,), background=background).location_name(30, 30) == "Z 0101"


def test_a_zone_grid_descends_from_the_zone_bounding_box_size() -> None:
    square = SquareGrid(numbering=GridNumbering(v_descend=True))
    zone = _zone("Z", 100, 100, 196, 196, location_format="$gridLocation$", grid=square)
    assert zone.size == (96, 96)
    # trunc(96/48 + .5) = 2 rows; board-local y=120 is row 2 -> 2 - 2 = 0 -> "01".
    assert ZonedGrid(zones=(zone,)).location_name(120, 120, (5000, 5000)) == "0301"


# ---- formatted strings (§7.11)


@pytest.mark.parametrize(("fmt", "expected"), [
    ("", ""), ("   ", ""), ("plain text", "plain text"), (" 007 ", "7"), ("-12", "-12"),
    ("{x > 1}", "{x > 1}"), ("$name$", "Richmond"), ("  $name$  ", "Richmond"),
    ("$name$ ($gridLocation$)", "Richmond ()"), ("a$name", "aname"), ("$$", ""),
    ("cost \\$5", "cost $5"), ("$missing$!", "missing!"), ("$none$x", "x"),
])
def test_format_strings_substitute_properties_as_the_engine_does(fmt: str,
                                                                 expected: str) -> None:
    props = {"name": "Richmond", "gridLocation": "", "none": None}
    assert format_string(fmt, props) == expected


def test_format_strings_ask_the_lookup_for_properties_not_supplied() -> None:
    assert format_string("$a$-$b$", {"a": "1"}, lookup={"b": "2"}.get) == "1-2"
    assert format_string("$a$-$b$", {"a": "1"}, localized=True) == "1-"
