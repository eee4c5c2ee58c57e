"""War for America data: bundled files, provenance, the catalog, the user template and merging.

Values written into user files below are test fixtures, not facts about the game.
"""

from __future__ import annotations

import re
import tomllib
from fractions import Fraction
from importlib import resources
from pathlib import Path

import pytest

from adjudicator.errors import AdjudicatorError, GameDataError
from adjudicator.systems.war_for_america.data import (
    ConnectionKind,
    Need,
    Region,
    WfAData,
    bundled_data,
    catalog_ids,
    load_data,
    missing_facts,
    template_toml,
)
from tests.adjudicator.systems import datakit
from tests.conftest import shared_file

DIGEST = "rules/war-for-america.md"
FIXTURE = Path(__file__).parents[4] / "fixtures" / "war-for-america" / "data" / "fixture.toml"


@pytest.fixture(scope="module")
def data() -> WfAData:
    return load_data()


def write(tmp_path: Path, text: str, name: str = "my-wfa.toml") -> Path:
    return datakit.write(tmp_path, text, name)


def problem_of(tmp_path: Path, text: str) -> GameDataError:
    return datakit.problem_of(load_data, tmp_path, text, "my-wfa.toml")


fill = datakit.fill


# --- bundled data -------------------------------------------------------------------------


def test_bundled_data_loads_every_file_once_per_process(data: WfAData) -> None:
    assert len(data.spaces) == 36
    assert len(data.leaders) == 14
    assert len(data.cards) == 13
    assert len(data.catalog) == 167
    assert data.user_files == ()
    assert bundled_data() is bundled_data()


def test_data_files_ship_inside_the_package() -> None:
    folder = resources.files("adjudicator.systems.war_for_america").joinpath("data")
    names = {entry.name for entry in folder.iterdir()}
    assert {"spaces.json", "map.json", "connections.json", "leaders.json", "cards.json",
            "charts.json", "catalog.json", "tables.json"} <= names


def test_every_space_the_digest_numbers_is_bundled(data: WfAData) -> None:
    digest = shared_file(DIGEST).read_text(encoding="utf-8")
    section = digest[digest.index("### 3.2"):digest.index("### 3.3")]
    named = re.findall(r"^\| \d+ \| \*\*(.+?)\*\*", section, flags=re.MULTILINE)
    assert len(named) == 36
    for name in named:
        assert data.space_named(name) is not None, name


def test_the_complete_lists_of_the_rulebook_are_exact(data: WfAData) -> None:
    spaces = data.spaces.values()
    # WfA 17.1, 14.17, 19.4, 4.6.
    assert {s.id for s in spaces if s.fortress} == {"quebec", "ticonderoga", "halifax",
                                                      "st_augustine"}
    assert {s.id for s in spaces if s.major_naval_base} == {"halifax", "newport"}
    assert {s.id for s in spaces if s.lake} == {"ticonderoga", "valcour", "st_jean"}
    assert {s.id for s in spaces if s.british_at_start and s.region is not Region.CANADA} == {
        "boston", "ticonderoga", "new_york_city", "long_island", "portsmouth_va", "ninety_six"}
    assert all(s.british_at_start for s in spaces if s.region is Region.CANADA)


def test_garrison_minimums_agree_with_table_t1(data: WfAData) -> None:
    minimums = {s.id: s.garrison_min for s in data.spaces.values() if s.garrison_min}
    assert minimums == {"boston": 4, "philadelphia": 4, "new_york_city": 3, "newport": 2,
                        "charleston": 2, "savannah": 2}
    for row in data.tables.t1.rows:
        space = data.space_named(row.space)
        assert space is not None and space.garrison_min == row.min_sp


def test_the_obz_lists_of_the_text_are_the_bundled_coverage(data: WfAData) -> None:
    # WfA 19.26 and 14.25.
    assert set(data.covered_by("middle_states_obz")) == {
        "east_hampton", "setauket", "new_york_city", "sandy_hook", "philadelphia",
        "wilmington_de", "lewes"}
    assert set(data.covered_by("tidewater_obz")) == {
        "baltimore", "alexandria", "fredericksburg", "richmond", "norfolk"}


def test_colonies_lie_in_their_regions(data: WfAData) -> None:
    for space in data.spaces.values():
        if space.colony is not None:
            assert space.colony.region is space.region, space.id


def test_every_record_has_a_non_empty_source(data: WfAData) -> None:
    records = [*data.spaces.values(), *data.sea_areas.values(), *data.boxes.values(),
               *data.tracks.values(), *data.connections, *data.distances,
               *data.leaders.values(), *data.fleets.values(), *data.cards.values()]
    for record in records:
        assert record.source and all(part.strip() for part in record.source), record
    for entry in data.catalog:
        assert entry.citation.startswith("WfA ") and entry.source


def test_no_bundled_fact_is_made_up(data: WfAData) -> None:
    records = [*data.spaces.values(), *data.connections, *data.leaders.values(),
               *data.cards.values()]
    for record in records:
        assert not any("made-up" in part for part in record.source), record


def test_the_stated_leader_facts(data: WfAData) -> None:
    leaders = data.leaders
    assert leaders["carleton"].stars == 3
    assert leaders["destaing"].battle is leaders["rochambeau"].battle
    assert leaders["destaing"].naval
    assert {lid for lid, leader in leaders.items() if leader.purple_name} == {
        "knyphausen", "riedesel"}
    assert leaders["ethan_allan"].militia_only
    assert data.fleets["rodney"].movement_bonus == 1


def test_the_cards_the_text_names(data: WfAData) -> None:
    defensive = sorted(c.number for c in data.cards.values() if c.defensive and c.number)
    assert defensive == [25, 41, 46, 47, 48, 49]
    assert data.cards["parliamentary_repressive_measures"].number == 24


def test_the_rulebook_chart_values_are_bundled(data: WfAData) -> None:
    assert data.charts.transport[1776] == 10
    assert data.charts.attrition[1777] == Fraction(2, 3)
    assert data.charts.transport[1777] is None


# --- the catalog --------------------------------------------------------------------------


def test_catalog_holds_exactly_the_rule_ids_of_the_digest(data: WfAData) -> None:
    digest = shared_file(DIGEST).read_text(encoding="utf-8")
    section = digest[digest.index("## 4. Rules catalog"):digest.index("## 5. Tables")]
    digest_ids = set(re.findall(r"^\| (WFA-[A-Z]+-\d{2}) \|", section, flags=re.MULTILINE))
    assert catalog_ids(data) == digest_ids
    assert len(data.catalog) == len(digest_ids) == 167


def test_catalog_citations_and_severities_match_the_digest(data: WfAData) -> None:
    digest = shared_file(DIGEST).read_text(encoding="utf-8")
    for line in digest.splitlines():
        found = re.match(r"^\| (WFA-[A-Z]+-\d{2}) \|(.*)\|\s*$", line)
        if found is None:
            continue
        cite, _condition, _evidence, severity, _notes = (
            cell.strip() for cell in found.group(2).split("|"))
        entry = data.rule(found.group(1))
        assert entry.citation == f"WfA {cite}"
        assert entry.severity_text == severity
        assert {s.value.upper() for s in entry.severity} <= set(re.findall(r"[A-Z]+", severity))


def test_every_need_of_the_catalog_is_a_fact_the_data_can_lack(data: WfAData) -> None:
    used = {need for entry in data.catalog for need in entry.needs}
    assert used == set(Need)
    lacking = {fact.need for fact in data.missing}
    assert used <= lacking


# --- the template -------------------------------------------------------------------------


def test_the_template_lists_every_rule_whose_needs_are_missing(data: WfAData) -> None:
    template = template_toml(data)
    lacking = {fact.need for fact in missing_facts(data)}
    for entry in data.catalog:
        if set(entry.needs) & lacking:
            assert entry.id in template, entry.id
    for need in lacking:
        assert f"#   {need} (" in template


def test_every_missing_table_value_has_its_line_in_the_template(data: WfAData) -> None:
    template = template_toml(data)
    tables = ("spaces", "leaders", "fleets", "cards", "sea_areas", "map",
              "charts.transport", "charts.attrition", "charts.loyalists",
              "charts.militia_maximums")
    for fact in data.missing:
        table, _, field = fact.key.rpartition(".")
        if table.startswith(tables) and "[" not in fact.key:
            text = fill(template, table, field, "1")
            assert f"\n{field} = 1" in text, fact.key


def test_the_unfilled_template_parses_and_changes_nothing(tmp_path: Path,
                                                          data: WfAData) -> None:
    template = template_toml(data)
    tomllib.loads(template)
    merged = load_data([write(tmp_path, template)])
    assert merged.missing == data.missing
    assert merged.spaces == data.spaces and merged.charts == data.charts


def test_a_filled_template_line_supplies_its_fact(tmp_path: Path, data: WfAData) -> None:
    template = template_toml(data)
    text = fill(template, "leaders.washington", "command", "4")
    text = fill(text, "spaces.saratoga", "region", '"middle_states"')
    text = fill(text, "charts.transport", "1777", "12")
    merged = load_data([write(tmp_path, text)])
    assert merged.leaders["washington"].command == 4
    assert merged.spaces["saratoga"].region is Region.MIDDLE_STATES
    assert merged.charts.transport[1777] == 12
    assert len(merged.missing) == len(data.missing) - 3
    assert merged.user_files == ("my-wfa.toml",)


# --- merging and bad files ----------------------------------------------------------------


def test_a_contradiction_of_the_rulebook_names_file_and_key(tmp_path: Path) -> None:
    error = problem_of(tmp_path, "[leaders.carleton]\nstars = 2\n")
    assert error.key == "leaders.carleton.stars"
    assert "my-wfa.toml" in str(error) and "WfA 11.12" in str(error)


def test_an_unknown_key_is_one_line_naming_file_and_key(tmp_path: Path) -> None:
    error = problem_of(tmp_path, "[spaces.boston]\nharbour = true\n")
    assert isinstance(error, AdjudicatorError)
    assert error.key == "spaces.boston.harbour"
    assert "\n" not in str(error) and "unknown key 'harbour'" in str(error)


def test_malformed_toml_and_bad_values(tmp_path: Path) -> None:
    assert "malformed TOML" in str(problem_of(tmp_path, "[spaces\n"))
    error = problem_of(tmp_path, '[leaders.washington]\nbattle = "E"\n')
    assert error.key == "leaders.washington.battle"
    error = problem_of(tmp_path, "[charts.attrition]\n1778 = \"7/8\"\n")
    assert "1/4..3/4" in str(error)
    error = problem_of(tmp_path, "[charts.transport]\n1790 = 3\n")
    assert error.key == "charts.transport.1790"


def test_complete_lists_cannot_grow(tmp_path: Path) -> None:
    error = problem_of(tmp_path, '[cards.extra]\nnumber = 41\ntitle = "Extra"\n')
    assert error.key == "cards.extra.number" and "WfA 20.12" in str(error)
    error = problem_of(tmp_path, '[spaces.fort_x]\nname = "Fort X"\nfortress = true\n')
    assert error.key == "spaces.fort_x.fortress"


def test_a_line_to_an_unknown_place_or_terrain_is_refused(tmp_path: Path) -> None:
    error = problem_of(tmp_path, '[[connections]]\na = "boston"\nb = "atlantis"\n'
                                 'terrain = "clear"\n')
    assert "atlantis" in str(error) and "clear" in str(error)


def test_a_new_canada_space_starts_british(tmp_path: Path) -> None:
    merged = load_data([write(tmp_path, '[spaces.trois_rivieres]\nname = "Trois Rivieres"\n'
                                        'region = "canada"\n')])
    assert merged.spaces["trois_rivieres"].british_at_start


def test_the_rulebook_distances_bind_a_complete_map(tmp_path: Path) -> None:
    # WfA 16.10 example: Quebec to Saratoga is a 6 MP LOC, Albany lies beyond it.
    text = ('[map]\nconnections_complete = true\n[terrain.clear]\nname = "Clear"\nmp = 1\n'
            '[[connections]]\na = "quebec"\nb = "albany"\nterrain = "clear"\n')
    error = problem_of(tmp_path, text)
    assert "quebec" in str(error) and "albany" in str(error)


# --- the fixture --------------------------------------------------------------------------


def test_the_fixture_file_leaves_no_fact_missing() -> None:
    data = load_data([FIXTURE])
    assert data.missing == []
    assert data.unmet(Need) == ()


def test_the_fixture_keeps_the_rulebook_facts_and_labels_its_own() -> None:
    data = load_data([FIXTURE])
    assert data.charts.transport[1776] == 10 and data.leaders["carleton"].stars == 3
    for space in data.spaces.values():
        assert any("made-up fixture" in part for part in space.source), space.id
    for card in data.cards.values():
        assert any("made-up fixture" in part for part in card.source), card.id
    assert len(data.cards) == 51


def test_the_fixture_map_meets_the_rulebook_example_distances() -> None:
    data = load_data([FIXTURE])
    # WfA 16.10 example: a 6 MP LOC from Quebec to Saratoga; Albany one MP further.
    assert data.least_cost("quebec", "saratoga", unknown_cost=99) == 6
    assert data.least_cost("quebec", "albany", unknown_cost=99) == 7
    assert data.least_cost("montreal", "albany", unknown_cost=99) == 6
    lakes = {c.ends for c in data.connections if c.kind is ConnectionKind.LAKE}
    assert lakes == {frozenset({"st_jean", "valcour"}), frozenset({"valcour", "ticonderoga"})}


def test_a_complete_map_needs_the_three_british_caribbean_possessions(tmp_path: Path) -> None:
    # WfA 13.14: 4 SP to each of the three British possessions in the Caribbean.
    error = problem_of(tmp_path, "[map]\nspaces_complete = true\n")
    assert error.key == "map.spaces_complete" and "found 0" in str(error)


def test_a_new_leader_needs_name_side_and_nation(tmp_path: Path) -> None:
    error = problem_of(tmp_path, "[leaders.howe]\nstars = 3\n")
    assert error.key == "leaders.howe" and "name, a side and a nation" in str(error)
    merged = load_data([write(tmp_path, '[leaders.howe]\nname = "Howe"\nside = "british"\n'
                                        'nation = "british"\nstars = 3\ncommand = 3\n')])
    assert merged.leaders["howe"].stars == 3
    assert not any(f.key.startswith("leaders.howe.stars") for f in merged.missing)
    assert any(f.key == "leaders.howe.battle" for f in merged.missing)


def test_user_tables_take_the_tables_module_shapes(tmp_path: Path) -> None:
    bad = '[tables.siege]\nrows = [{high = 9, result = "maybe"}]\n'
    assert "no_effect or surrender" in str(problem_of(tmp_path, bad))
    good = ('[tables.siege]\nrows = [{high = 9, result = "no_effect"}, '
            '{low = 10, result = "surrender"}]\n')
    merged = load_data([write(tmp_path, good)])
    assert merged.tables.siege is not None
    assert merged.tables.siege.source == ("user data my-wfa.toml",)
    assert Need.SIEGE_TABLE not in {f.need for f in merged.missing}


def test_the_fixture_tables_and_charts_read_as_the_referee_needs_them() -> None:
    data = load_data([FIXTURE])
    battle = data.tables.battle
    assert battle is not None
    assert {c.table for c in battle.columns} == {"standard", "petite_guerre"}
    assert any(c.lone_garrison for c in battle.columns)
    levy = data.charts.levy[Region.DEEP_SOUTH]
    assert levy is not None and levy.lowest == 0 and levy.sp[12] == 5
    assert data.charts.seasons is not None and data.charts.seasons[-1].colour == "blue"
    assert data.charts.attrition[1777] == Fraction(2, 3)


def test_chart_problems_are_keyed_as_the_user_wrote_them(tmp_path: Path) -> None:
    error = problem_of(tmp_path, "[charts.loyalists]\nflorida = 2\n")
    assert error.key == "charts.loyalists.florida"
    error = problem_of(tmp_path, '[[charts.reinforcements]]\nside = "british"\nyear = 1776\n'
                                 'season = "spring"\nunits = "2 SP"\nplace = "atlantis"\n')
    assert error.key == "charts.reinforcements[0].place" and "atlantis" in str(error)


def test_line_costs_follow_the_stated_rules() -> None:
    data = load_data([FIXTURE])
    # WfA 14.20: 1 MP per circle with the arrow, 2 against; the island chain has none.
    arrow = data.connection("windward_isles", "trade_wind_arrow", ConnectionKind.CARIBBEAN_ARROW)
    assert arrow is not None and arrow.circles == 2
    assert data.line_cost(arrow, "windward_isles") == 2
    assert data.line_cost(arrow, "trade_wind_arrow") == 4
    chain = data.connection("st_eustasius", "martinique", ConnectionKind.CARIBBEAN_ARROW)
    assert chain is not None and data.line_cost(chain, "martinique") == 0
    # WfA 8.8: 1 MP per Ocean Transit Line; a land line costs its terrain's MP.
    ocean = data.connection("europe_box", "boston", ConnectionKind.OCEAN_TRANSIT)
    assert ocean is not None and data.line_cost(ocean, "europe_box") == 1
    land = data.connection("ticonderoga", "saratoga")
    assert land is not None and data.line_cost(land, "saratoga") == 2
    with pytest.raises(ValueError, match="not an end"):
        data.line_cost(land, "boston")
    bundled_chain = bundled_data().connection("st_eustasius", "martinique",
                                              ConnectionKind.CARIBBEAN_ARROW)
    assert bundled_chain is not None
    assert bundled_data().line_cost(bundled_chain, "martinique") is None
