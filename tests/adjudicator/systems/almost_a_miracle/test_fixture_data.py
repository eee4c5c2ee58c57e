"""The fixture's made-up data file completes the bundled data: it merges with no fact left
missing, keeps what the rulebook states, joins every Area, and a contradiction of the
rulebook is refused; each of the five set-ups places what the rulebook's set-up lists."""

from __future__ import annotations

import json
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from adjudicator.binding import load_binding
from adjudicator.errors import GameDataError
from adjudicator.systems.almost_a_miracle.data import bundled_data, load_data
from tests.conftest import REPO

AAM = REPO / "fixtures" / "almost-a-miracle"
DATA = AAM / "data" / "fixture.toml"
SCENARIOS = (REPO / "adjudicator" / "systems" / "almost_a_miracle" / "data"
             / "scenarios.json")


def test_the_fixture_data_leaves_no_fact_missing() -> None:
    data = load_data([DATA])
    assert list(data.missing) == []
    assert data.missing_tables == ()
    assert data.map_status.areas_complete and data.map_status.connections_complete
    assert set(bundled_data().areas) < set(data.areas)
    assert len(data.areas) == 53
    assert data.areas["Y40"].region == "tryon"


def test_every_table_says_it_is_made_up() -> None:
    raw = tomllib.loads(DATA.read_text(encoding="utf-8"))
    tables = [raw["map"], *raw["connections"]]
    for key in ("areas", "unit_kinds", "leaders", "tables"):
        tables += raw[key].values()
    assert all(table["source"].startswith("made-up fixture: ") for table in tables)
    data = load_data([DATA])
    for tid in raw["tables"]:
        assert data.tables[tid].rows, tid
        assert any("made-up fixture: " in s for s in data.tables[tid].source)


def test_the_connections_join_every_area() -> None:
    data = load_data([DATA])
    joined: dict[str, set[str]] = {}
    for connection in data.connections:
        assert connection.a is not None and connection.b is not None
        joined.setdefault(connection.a, set()).add(connection.b)
        joined.setdefault(connection.b, set()).add(connection.a)
    reached, todo = {"NE13"}, ["NE13"]
    while todo:
        for near in joined.get(todo.pop(), ()):
            if near not in reached:
                reached.add(near)
                todo.append(near)
    assert set(data.areas) <= reached
    assert reached - set(data.areas) == {"AT_SEA", "TRANSIT"}
    # Every Area has a terrain of the four kinds; the smoke scenario's march is adjacent.
    assert {area.terrain for area in data.areas.values()} == {
        "clear", "wilderness", "mountain", "swamp"}
    assert "NE12" in joined["NE13"]
    # Sea connections only from ports.
    for connection in data.connections:
        if connection.kind == "sea":
            land = connection.a if connection.b == "AT_SEA" else connection.b
            assert land is not None and data.areas[land].port, land


def test_the_values_keep_what_the_rulebook_says() -> None:
    data = load_data([DATA])
    kinds = data.unit_kinds
    assert {kid: kind.mp for kid, kind in kinds.items() if kind.arm == "cavalry"} == {
        "cont_cavalry": 12, "brit_cavalry": 12}
    assert all(kind.mp == 8 for kind in kinds.values() if kind.arm == "infantry")
    assert all(kind.sp_counter_mix for kind in kinds.values())
    leaders = data.leaders
    assert leaders["washington"].rank == "C-in-C" and leaders["howe"].rank == "C-in-C"
    assert leaders["destaing"].category == "french"
    assert leaders["brant"].category == "indian"
    assert (leaders["brant"].turn_of_entry or "") >= "1777-01"
    for leader in leaders.values():
        assert None not in (leader.seniority, leader.audacity, leader.tactical,
                            leader.turn_of_entry), leader.id
    # The partial rows the rulebook's examples print (digest 5.2).
    attrition = data.tables["militia_attrition_table"].rows or ()
    assert {"months": "June-August", "dr": 4, "percent": 20} in attrition
    generation = data.tables["militia_generation_table"].rows or ()
    for colony, dr, sp in (("MD/DE", 0, 4), ("PA", 3, 5), ("NY/NJ", 5, 12), ("NE", 1, 7)):
        assert {"month": "June", "colony": colony, "dr": dr, "militia_sp": sp} in generation
    # Leaders entering after June 1775 are on the reinforcement schedule at their turn.
    schedule = data.tables["reinforcement_schedule"].rows or ()
    entries = {row["leader"]: row["turn"] for row in schedule if "leader" in row}
    for leader in leaders.values():
        if (leader.turn_of_entry or "") > "1775-06":
            assert entries[leader.id] == leader.turn_of_entry, leader.id


@pytest.mark.parametrize("contradiction", [
    "[areas.NE13]\nport = false\n",
    "[leaders.washington]\nrank = \"1-star\"\n",
    "[[tables.odds_drm.rows]]\nr = 1\n",
])
def test_a_value_contradicting_the_rulebook_is_refused(tmp_path: Path,
                                                       contradiction: str) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(contradiction, encoding="utf-8")
    with pytest.raises(GameDataError, match=r"bad\.toml"):
        load_data([DATA, bad])


SET_UPS = [(n, AAM / "scenarios" / "setups" / f"scenario{n}.toml") for n in range(1, 6)]
CHOSEN = {"any_area_in_region:canada": "C24", "any_area_in_region:iroquois": "I7"}
"""The fixture's choices where a set-up says "any Area in Canada" or "anywhere in the
Iroquois Nation" (an "or" of Areas: the first named; a 1d6 of militia: 3)."""


def _placed(setup_file: Path) -> Counter[tuple[str, str]]:
    """(place id, entity kind) → SP or count, as the fixture set-up places them."""
    binding = load_binding(AAM / "binding.toml")
    setup = tomllib.loads(setup_file.read_text(encoding="utf-8"))["setup"]
    placed: Counter[tuple[str, str]] = Counter()
    for placement in setup:
        entity = binding.pieces[placement.get("level", placement["piece"])]
        place = binding.locations[placement["at"]]
        count = placement.get("count", 1)
        if entity.startswith("sp:"):
            _, kind, value = entity.split(":")
            placed[(place, f"sp:{kind}")] += int(value) * count
        else:
            placed[(place, entity)] += count
    return placed


def _place(area: str) -> str:
    return "box:at_sea" if area == "AT_SEA" else f"space:{area}"


@pytest.mark.parametrize(("number", "setup_file"), SET_UPS,
                         ids=[f"scenario{n}" for n, _ in SET_UPS])
def test_each_set_up_places_the_rulebook_s_forces(number: int, setup_file: Path) -> None:
    """AaM 17.1-17.5: every force, leader, BoO, magazine, fort and marker the set-up lists,
    where it lists it; the SP totals are the digest's checksums (7.3)."""
    scenario: dict[str, Any] = json.loads(SCENARIOS.read_text(encoding="utf-8"))[
        "scenarios"][number - 1]
    expected: Counter[tuple[str, str]] = Counter()
    for side, setup in scenario["sides"].items():
        for placement in setup["placements"]:
            area = placement["area"] or (placement["area_options"] or [None])[0] or \
                CHOSEN[placement["area_rule"]]
            for unit in placement["units"]:
                expected[(_place(area), f"sp:{unit['unit']}")] += unit["sp"] or 3
            for leader in placement["leaders"]:
                expected[(_place(area), f"leader:{leader}")] += 1
            if placement["fort_marker"]:
                expected[(_place(area), f"fort:{side}")] += 1
        expected[(f"space:{setup['boo']}", f"boo:{side}")] += 1
        for area in setup["magazines"]:
            expected[(f"space:{area}", f"bt:{side}:mag")] += 1
    for marker in scenario["siege_markers"]:
        expected[(f"space:{marker['area']}", f"siege:{marker['level']}")] += 1
    for area in scenario["destroyed_forts"]:
        expected[(f"space:{area}", "fort:destroyed")] += 1
    expected[("box:turn_track", f"mv:{scenario['major_victory_side']}")] += 1
    expected[("box:turn_track", "fi")] += 1
    placed = _placed(setup_file)
    trains = {key: n for key, n in placed.items() if key[1] in ("bt:continental", "bt:british")}
    assert placed - Counter(trains) == expected
    for side in ("continental", "british"):
        count = scenario["sides"][side]["baggage_trains"]["count"]
        assert sum(n for (_, entity), n in trains.items() if entity == f"bt:{side}") == count
    # The digest's checksums (7.3 "Set-up SP totals"; the 1d6 militia left out).
    stated = scenario["checksums"]["stated"]
    dice = 3 * len(stated.get("cont_militia_dice", ()))
    totals: Counter[str] = Counter()
    for (_, entity), n in placed.items():
        if entity.startswith("sp:"):
            totals[entity[3:]] += n
    militia = sum(totals[k] for k in ("ne_militia", "pa_militia", "ny_nj_militia",
                                      "md_de_militia"))
    assert (totals["cont_regular"], totals["cont_cavalry"], militia - dice) == (
        stated["cont_regular"], stated["cont_cavalry"], stated["cont_militia_fixed"])
    assert (totals["brit_regular"], totals["brit_cavalry"],
            totals["loyalist_militia"] + totals["canadian_militia"], totals["indian"]) == (
        stated["brit_regular"], stated["brit_cavalry"], stated["brit_militia"],
        stated["brit_indian"])


def test_the_leaders_enter_by_the_set_ups_that_place_them() -> None:
    data = load_data([DATA])
    scenarios = json.loads(SCENARIOS.read_text(encoding="utf-8"))["scenarios"]
    for scenario in scenarios:
        placed = {leader for setup in scenario["sides"].values()
                  for placement in setup["placements"] for leader in placement["leaders"]}
        for leader in placed:
            entry = data.leaders[leader].turn_of_entry or ""
            assert entry <= scenario["start_turn"], (scenario["id"], leader)
        if scenario["id"] == "1775":
            assert placed == {lid for lid, leader in data.leaders.items()
                              if leader.turn_of_entry == "1775-06"}


def test_virginia_areas_in_play_border_maryland() -> None:
    # Only Virginia Areas with a land border to a Maryland Area are in play (AaM 17.0).
    data = load_data([DATA])
    for area in data.areas.values():
        if area.region == "virginia":
            assert any({c.a, c.b} & {area.id} and ({c.a, c.b} - {area.id}) <= {
                a.id for a in data.areas.values() if a.region == "md_de"}
                for c in data.connections if c.kind != "sea"), area.id
