"""Washington's War data: bundled files, provenance, the user template and merging.

Rating values written into user files below are test fixtures, not facts about the game.
"""

from __future__ import annotations

import json
import re
import tomllib
from fractions import Fraction
from importlib import resources
from itertools import product
from pathlib import Path

import pytest

from adjudicator.errors import GameDataError
from adjudicator.systems.washingtons_war.data import (
    Box,
    Card,
    CardKind,
    Colony,
    Connection,
    ConnectionKind,
    DistanceBound,
    GameDataProblems,
    General,
    Need,
    NonAdjacency,
    Space,
    WWData,
    bundled_data,
    catalog_ids,
    load_data,
    missing_facts,
    template_toml,
)
from tests.adjudicator.systems import datakit
from tests.conftest import shared_file

DIGEST = "rules/washingtons-war.md"
MAP = "maps/washingtons-war.json"
"""Shared files (`shared_file`): skipped without ../shared, failed on CI."""


@pytest.fixture(scope="module")
def data() -> WWData:
    return load_data()


def write(tmp_path: Path, text: str, name: str = "my-ww.toml") -> Path:
    return datakit.write(tmp_path, text, name)


def problem_of(tmp_path: Path, text: str) -> GameDataError:
    return datakit.problem_of(load_data, tmp_path, text, "my-ww.toml")


fill = datakit.fill


# --- bundled data -------------------------------------------------------------------------


def test_bundled_data_loads_with_every_file(data: WWData) -> None:
    assert len(data.spaces) == 41
    assert len(data.connections) == 12
    assert len(data.generals) == 13
    assert len(data.tables.t1.placements) == 15
    assert data.user_files == ()


def test_data_files_ship_inside_the_package() -> None:
    folder = resources.files("adjudicator.systems.washingtons_war").joinpath("data")
    names = {entry.name for entry in folder.iterdir()}
    assert {"spaces.json", "connections.json", "generals.json", "cards.json", "tables.json",
            "catalog.json", "reinforcements.json"} <= names


def test_every_space_of_the_shared_map_is_present_with_the_same_facts(data: WWData) -> None:
    shared = json.loads(shared_file(MAP).read_text(encoding="utf-8"))
    assert {s["id"] for s in shared["spaces"]} == set(data.spaces)
    for s in shared["spaces"]:
        space = data.spaces[s["id"]]
        assert space.name == s["name"]
        assert (space.colony.value if space.colony else None) == s["colony"]
        assert space.port == s["port"]
        assert (space.blockade_zone.value if space.blockade_zone else None) == s.get(
            "blockade_zone")
        assert space.fortified == s["fortified_port"]
        assert space.winter_quarters == s["winter_quarters"]


def test_every_connection_of_the_shared_map_is_present_with_its_line_type(data: WWData) -> None:
    shared = json.loads(shared_file(MAP).read_text(encoding="utf-8"))
    for c in shared["connections"]:
        ours = data.connection(c["a"], c["b"])
        assert ours is not None, (c["a"], c["b"])
        expected = None if c["kind"] == "unknown" else c["kind"]
        assert (ours.kind.value if ours.kind else None) == expected
        assert ours.uncertain == bool(c.get("uncertain", False))


def test_only_falmouth_quebec_is_arnold_only(data: WWData) -> None:
    arnold_only = [c.ends for c in data.connections if c.arnold_only]
    assert arnold_only == [frozenset({"falmouth", "quebec"})]
    assert data.connection("quebec", "falmouth").kind is ConnectionKind.WILDERNESS  # type: ignore[union-attr]


def test_the_ports_are_the_twenty_of_the_blockade_zone_table(data: WWData) -> None:
    ports = {s.id for s in data.spaces.values() if s.port}
    assert len(ports) == 20
    assert ports == {p for zone in data.tables.t10.zones.values() for p in zone}
    assert {s.id for s in data.spaces.values() if s.fortified} == {
        "quebec", "montreal", "charleston", "philadelphia"}


def test_setup_references_only_known_spaces_and_generals(data: WWData) -> None:
    places = set(data.spaces) | {box.value for box in Box}
    placed: list[str] = []
    for placement in data.tables.t1.placements:
        assert placement.location in places
        placed += placement.generals
    assert sorted(placed) == sorted(data.generals)
    for general in data.generals.values():
        assert general.start in places
    assert set(data.tables.t1.set_aside) <= set(data.cards)


def test_setup_totals_follow_from_the_placements(data: WWData) -> None:
    t1 = data.tables.t1
    on_map = [p for p in t1.placements if p.location in data.spaces]
    assert sum(p.cus for p in on_map if p.nationality == "BR") == t1.totals.br_cus_on_map
    assert sum(p.cus for p in on_map if p.nationality == "AM") == t1.totals.am_cus_on_map
    assert sum(p.pc for p in on_map if p.side == "BR") == t1.totals.br_pcs_before_for_the_king
    assert sum(p.pc for p in on_map if p.side == "AM") == t1.totals.am_pcs_before_committees


def test_catalog_holds_exactly_the_rule_ids_of_the_digest(data: WWData) -> None:
    digest = shared_file(DIGEST).read_text(encoding="utf-8")
    digest_ids = set(re.findall(r"\bWW-[A-Z]+-\d+\b", digest))
    assert catalog_ids(data) == digest_ids
    assert len(data.catalog) == len(digest_ids) == 146


def test_catalog_severities_and_citations_match_the_digest(data: WWData) -> None:
    headers = re.findall(r"^- \*\*(WW-[A-Z]+-\d+)\*\* · (.*?) · (.*)$",
                         shared_file(DIGEST).read_text(encoding="utf-8"), flags=re.MULTILINE)
    for rule_id, citation, severity in headers:
        entry = data.rule(rule_id)
        assert entry.citation == citation
        assert entry.severity_text == severity.lower()


def test_every_record_has_a_non_empty_source(data: WWData) -> None:
    records: list[Space | Connection | General | Card | NonAdjacency | DistanceBound] = [
        *data.spaces.values(), *data.connections, *data.generals.values(),
        *data.cards.values(), *data.not_adjacent, *data.distance_bounds]
    for record in records:
        assert record.source and all(part.strip() for part in record.source), record
    for entry in data.catalog:
        assert entry.citation and entry.source
    for turn in data.reinforcements:
        assert turn.source
    for name in type(data.tables).model_fields:
        assert getattr(data.tables, name).source


def test_no_bundled_general_rating_is_a_guess(data: WWData) -> None:
    for general in data.generals.values():
        for name in ("strategy", "battle", "agility"):
            rating = general.rating(name)
            if rating.value is not None or rating.allowed is not None:
                assert rating.source and re.search(r"WW \d+\.\d", rating.source), (general.id, name)


def test_the_rating_fragments_are_those_the_rulebook_states(data: WWData) -> None:
    known = {(g.id, name): g.rating(name).value
             for g in data.generals.values() for name in ("strategy", "battle", "agility")
             if g.rating(name).value is not None}
    assert known == {("carleton", "strategy"): 3, ("greene", "strategy"): 1,
                     ("gates", "strategy"): 2, ("burgoyne", "battle"): 2,
                     ("burgoyne", "agility"): 1, ("arnold", "agility"): 2}
    assert data.generals["gates"].battle.allowed == (2, 3)
    assert data.generals["burgoyne"].strategy.allowed == (1, 2)
    assert {g.id for g in data.generals.values() if g.rbb_bonus == 2} == {"washington", "greene"}


def test_the_cards_are_the_events_the_text_names(data: WWData) -> None:
    cards = data.cards
    assert all(card.kind is CardKind.EVENT and card.ops is None for card in cards.values())
    assert sum(bool(card.special) for card in cards.values()) == 7
    assert {c.number for c in cards.values() if c.number} == {95, 96, 99}
    assert cards["hortelz_et_cie"].reshuffle_on_discard is True
    assert cards["declaration_of_independence"].reshuffle_on_play is True
    assert all(card.war_end_year is None for card in cards.values())


def test_the_two_dice_table_matches_the_36_outcomes(data: WWData) -> None:
    t17 = data.tables.t17
    for row in t17.rows:
        wins = sum(1 for a, d in product(range(1, 7), repeat=2) if a - d >= row.k)
        assert Fraction(row.numerator, t17.denominator) == Fraction(wins, 36)


def test_the_reinforcement_schedule_is_null_for_every_year(data: WWData) -> None:
    assert [t.year for t in data.reinforcements] == list(range(1775, 1784))
    assert all(t.british_cus is None for t in data.reinforcements)


# --- missing facts and the template -------------------------------------------------------


def test_missing_facts_name_the_key_and_the_rules_that_need_them(data: WWData) -> None:
    facts = {fact.key: fact for fact in missing_facts(data)}
    howe = facts["generals.howe.strategy"]
    assert howe.need is Need.STRATEGY and "WW-OPS-01" in howe.rules
    assert "generals.carleton.strategy" not in facts
    assert facts["spaces.eutaw_springs.colony"].need is Need.COLONIES
    assert facts["reinforcements.1777"].need is Need.SCHEDULE
    assert facts["cards.lord_norths_government_falls_3.war_end_year"].need is Need.WAR_END_YEARS
    assert {fact.need for fact in facts.values()} == set(Need)


def test_unmet_needs_name_what_a_check_lacks(data: WWData) -> None:
    assert data.unmet([Need.AGILITY, Need.SCHEDULE]) == (Need.AGILITY, Need.SCHEDULE)
    needs_nothing = [e for e in data.catalog if not e.needs]
    assert needs_nothing and all(data.unmet(e.needs) == () for e in needs_nothing)


def test_the_unfilled_template_parses_and_merges_as_a_no_op(
        data: WWData, tmp_path: Path) -> None:
    template = template_toml(data)
    tomllib.loads(template)
    merged = load_data([write(tmp_path, template)])
    assert merged.model_dump(exclude={"user_files"}) == data.model_dump(exclude={"user_files"})
    assert merged.user_files == ("my-ww.toml",)


def test_the_template_lists_every_fillable_missing_fact(data: WWData) -> None:
    template = template_toml(data)
    for fact in missing_facts(data):
        if fact.key and fact.key.count(".") == 2 and not fact.key.startswith("connections"):
            section, table, key = fact.key.split(".")
            assert f"[{section}.{table}]" in template
            assert f"# {key} = " in template
    assert "[reinforcements]\n# 1775 = " in template
    assert '# a = "montreal"\n# b = "oswego"\n# kind = ' in template


def test_a_filled_template_merges_and_fills_values(data: WWData, tmp_path: Path) -> None:
    text = template_toml(data)
    text = fill(text, "generals.howe", "strategy", "3")
    text = fill(text, "generals.gates", "battle", "3")
    text = fill(text, "spaces.augusta", "colony", '"GA"')
    text = fill(text, "spaces.boston", "winter_quarters", "true")
    text = fill(text, "cards.baron_von_steuben", "flag", '"AM"')
    text = fill(text, "cards.lord_norths_government_falls_1", "war_end_year", "1779")
    text = fill(text, "reinforcements", "1776", "4")
    text = text.replace('# [[connections]]\n# a = "montreal"\n# b = "oswego"\n# kind = ',
                        '[[connections]]\na = "montreal"\nb = "oswego"\nkind = "normal"')
    merged = load_data([write(tmp_path, text)])

    assert merged.generals["howe"].strategy.value == 3
    assert merged.generals["howe"].strategy.source == "user data my-ww.toml"
    assert merged.generals["gates"].battle.value == 3
    assert merged.spaces["augusta"].colony is Colony.GA
    assert merged.spaces["augusta"].south_of_winter_line is True
    assert merged.spaces["boston"].winter_quarters is True
    assert merged.cards["baron_von_steuben"].flag == "AM"
    assert merged.cards["lord_norths_government_falls_1"].war_end_year == 1779
    assert merged.reinforcements[1].british_cus == 4
    assert merged.connection("oswego", "montreal").kind is ConnectionKind.NORMAL  # type: ignore[union-attr]
    still_missing = {fact.key for fact in merged.missing}
    assert "generals.howe.strategy" not in still_missing
    assert "generals.howe.battle" in still_missing


def test_a_user_file_adds_spaces_connections_and_cards(data: WWData, tmp_path: Path) -> None:
    path = write(tmp_path, """
[spaces.test_space]
name = "Test Space"
colony = "NJ"
source = "fixture"

[[connections]]
a = "test_space"
b = "philadelphia"
kind = "normal"

[cards.test_card]
number = 1
name = "Test Card"
kind = "ops"
ops = 2
""")
    merged = load_data([path])
    assert merged.spaces["test_space"].south_of_winter_line is False
    assert merged.spaces["test_space"].port is False
    assert "test_space" in merged.neighbours("philadelphia")
    assert merged.cards["test_card"].ops == 2
    assert merged.cards["test_card"].source == ("user data my-ww.toml",)
    assert bundled_data().spaces.get("test_space") is None


def test_user_files_merge_in_order_and_a_later_file_cannot_contradict_an_earlier(
        tmp_path: Path) -> None:
    first = write(tmp_path, "[generals.howe]\nstrategy = 2\n", "first.toml")
    second = write(tmp_path, "[generals.howe]\nbattle = 3\n", "second.toml")
    merged = load_data([first, second])
    assert (merged.generals["howe"].strategy.value, merged.generals["howe"].battle.value) == (2, 3)
    assert merged.user_files == ("first.toml", "second.toml")
    clash = write(tmp_path, "[generals.howe]\nstrategy = 1\n", "clash.toml")
    with pytest.raises(GameDataError, match="howe") as caught:
        load_data([first, clash])
    assert caught.value.file is not None and caught.value.file.endswith("clash.toml")


# --- bad user files -----------------------------------------------------------------------


def test_an_unknown_general_names_the_file_and_key(tmp_path: Path) -> None:
    error = problem_of(tmp_path, "[generals.napoleon]\nstrategy = 1\n")
    assert error.key == "generals.napoleon"
    assert "unknown general 'napoleon'" in str(error)
    assert "my-ww.toml" in str(error)


def test_a_rating_out_of_bounds_names_the_bounds(tmp_path: Path) -> None:
    error = problem_of(tmp_path, "[generals.howe]\nstrategy = 7\n")
    assert error.key == "generals.howe.strategy"
    assert str(error).startswith("general 'howe' strategy must be 1..3, got 7 (")
    assert str(error).endswith("my-ww.toml, key generals.howe.strategy)")


def test_a_rating_outside_what_the_rulebook_example_allows_is_refused(tmp_path: Path) -> None:
    error = problem_of(tmp_path, "[generals.gates]\nbattle = 5\n")
    assert error.key == "generals.gates.battle"
    assert "one of 2, 3" in str(error) and "WW 9.63" in str(error)


def test_a_value_contradicting_the_rulebook_is_refused(tmp_path: Path) -> None:
    error = problem_of(tmp_path, "[generals.carleton]\nstrategy = 2\n")
    assert error.key == "generals.carleton.strategy"
    assert "is 3 in the bundled data" in str(error) and "WW 7.1.A" in str(error)


def test_malformed_toml_gives_the_line_number(tmp_path: Path) -> None:
    error = problem_of(tmp_path, "[generals.howe]\nstrategy = = 2\n")
    assert "malformed TOML" in str(error)
    assert "line 2" in str(error)
    assert error.file is not None and error.file.endswith("my-ww.toml")


def test_a_connection_to_an_unknown_space_names_the_end(tmp_path: Path) -> None:
    error = problem_of(tmp_path, '[[connections]]\na = "boston"\nb = "atlantis"\n')
    assert error.key == "connections[0].b"
    assert "unknown space 'atlantis'" in str(error)


def test_a_value_of_the_wrong_type_names_the_key(tmp_path: Path) -> None:
    error = problem_of(tmp_path, '[generals.howe]\nagility = "3"\n')
    assert error.key == "generals.howe.agility"
    assert "must be an integer, got '3'" in str(error)


def test_an_unknown_key_is_refused(tmp_path: Path) -> None:
    error = problem_of(tmp_path, "[generals.howe]\ncharisma = 3\n")
    assert error.key == "generals.howe.charisma"
    assert "unknown key 'charisma'" in str(error)


def test_a_new_space_cannot_be_a_port(tmp_path: Path) -> None:
    error = problem_of(tmp_path, '[spaces.new_port]\nname = "New Port"\nport = true\n')
    assert error.key == "spaces.new_port.port"
    assert "WW 12.3" in str(error)


def test_a_new_space_with_an_existing_name_is_refused(tmp_path: Path) -> None:
    error = problem_of(tmp_path, '[spaces.ft_detroit]\nname = "Ft Detroit"\n')
    assert error.key == "spaces.ft_detroit.name"
    assert "fort_detroit" in str(error)


def test_a_connection_a_rulebook_example_rules_out_is_refused(tmp_path: Path) -> None:
    error = problem_of(tmp_path, '[[connections]]\na = "montreal"\nb = "fort_stanwix"\n')
    assert error.key == "connections[0]"
    assert "not adjacent" in str(error) and "10.11.B" in str(error)


def test_connections_that_bring_point_pleasant_within_four_of_detroit_are_refused(
        tmp_path: Path) -> None:
    error = problem_of(tmp_path, '[[connections]]\na = "fort_detroit"\nb = "point_pleasant"\n'
                                 'kind = "normal"\n')
    assert error.key == "connections"
    assert "7.3.D" in str(error)


def test_a_card_number_used_twice_is_refused(tmp_path: Path) -> None:
    error = problem_of(tmp_path, '[cards.test_card]\nnumber = 99\nname = "Test"\nkind = "ops"\n')
    assert error.key == "cards.test_card.number"
    assert "card number 99" in str(error)


def test_a_reinforcement_year_outside_the_game_is_refused(tmp_path: Path) -> None:
    error = problem_of(tmp_path, "[reinforcements]\n1790 = 3\n")
    assert error.key == "reinforcements.1790"


def test_every_problem_of_a_file_is_reported_together(tmp_path: Path) -> None:
    error = problem_of(tmp_path, "[generals.howe]\nstrategy = 9\n\n"
                                 "[generals.napoleon]\nbattle = 1\n")
    assert isinstance(error, GameDataProblems)
    assert [p.key for p in error.problems] == ["generals.howe.strategy", "generals.napoleon"]
    assert str(error).startswith("2 problems: ")
    assert "key generals.howe.strategy" in str(error) and "key generals.napoleon" in str(error)


def test_an_unreadable_file_is_a_game_data_error(tmp_path: Path) -> None:
    with pytest.raises(GameDataError, match="cannot read data file"):
        load_data([tmp_path / "absent.toml"])
