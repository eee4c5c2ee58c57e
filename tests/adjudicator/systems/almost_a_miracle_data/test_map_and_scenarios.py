"""Checks on the bundled Almost a Miracle! data files (map, forces, scenarios).

The files are data only: these tests keep them self-consistent (unique ids, connections
between known places, scenario placements in known Areas, SP sums equal to the digest's
checksums).
"""

import json
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[4] / "adjudicator" / "systems" / "almost_a_miracle" / "data"
SIDES = ("continental", "british")
MILITIA = {"ne_militia", "ny_nj_militia", "pa_militia", "md_de_militia"}
CHECKSUM_KEY = {
    "cont_regular": "cont_regular",
    "cont_cavalry": "cont_cavalry",
    "brit_regular": "brit_regular",
    "brit_cavalry": "brit_cavalry",
    "canadian_militia": "brit_militia",
    "loyalist_militia": "brit_militia",
    "indian": "brit_indian",
}


def load(name):
    return json.loads((DATA / name).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def game_map():
    return load("map.json")


@pytest.fixture(scope="module")
def forces():
    return load("forces.json")


@pytest.fixture(scope="module")
def scenarios():
    return load("scenarios.json")["scenarios"]


def place_ids(game_map):
    return {a["id"] for a in game_map["areas"]} | {b["id"] for b in game_map["boxes"]}


def test_files_have_about_and_source():
    for name in ("map.json", "forces.json", "scenarios.json"):
        data = load(name)
        assert data["about"]
        assert data["source"]


def test_map_ids_unique(game_map):
    ids = [a["id"] for a in game_map["areas"]] + [b["id"] for b in game_map["boxes"]]
    assert len(ids) == len(set(ids))
    region_ids = [r["id"] for r in game_map["regions"]]
    assert len(region_ids) == len(set(region_ids))


def test_every_record_cites_a_source(game_map, forces):
    records = (
        game_map["regions"]
        + game_map["areas"]
        + game_map["boxes"]
        + game_map["connections"]
        + game_map["unresolved_connections"]
        + game_map["places_without_area_id"]
        + forces["leaders"]
        + forces["unit_kinds"]
    )
    for record in records:
        assert record["source"], record


def test_areas_name_known_regions_and_prefixes(game_map):
    regions = {r["id"]: r for r in game_map["regions"]}
    for area in game_map["areas"]:
        region = regions[area["region"]]
        prefix = region["id_prefix"]
        assert prefix is not None and area["id"].startswith(prefix), area["id"]
        assert area["id"][len(prefix) :].isdigit(), area["id"]
        if area["port_value"] is not None:
            assert area["port"] is True


def test_connections_join_known_places(game_map):
    known = place_ids(game_map)
    assert game_map["connections"]
    for conn in game_map["connections"]:
        assert conn["a"] in known, conn
        assert conn["b"] in known, conn
        assert conn["a"] != conn["b"]
        assert conn["kind"] in {"transit_arrow", "sea", "land", "crossing_arrow"}
    for conn in game_map["unresolved_connections"]:
        assert conn["a"] is None or conn["a"] in known, conn
        assert conn["a"] is None or conn["b"] is None, "an unresolved connection must miss an end"
    pairs = [frozenset((c["a"], c["b"])) for c in game_map["connections"]]
    assert len(pairs) == len(set(pairs))


def test_transit_area_endpoints(game_map):
    ends = {c["a"] for c in game_map["connections"] if c["kind"] == "transit_arrow"}
    assert ends == {"C7", "C8", "I7", "Y48", "Y49"}


def test_every_port_is_on_the_sea(game_map):
    ports = {a["id"] for a in game_map["areas"] if a["port"]}
    sea = {c["a"] for c in game_map["connections"] if c["kind"] == "sea"}
    assert ports == sea


def test_forces_ids_unique(forces):
    for key in ("leaders", "unit_kinds", "supply_and_fort_counters"):
        ids = [x["id"] for x in forces[key]]
        assert len(ids) == len(set(ids)), key
    names = [x["name"] for x in forces["leaders"]]
    assert len(names) == len(set(names))


def test_scenario_ids_unique_and_turns(scenarios):
    assert [s["number"] for s in scenarios] == [1, 2, 3, 4, 5]
    assert len({s["id"] for s in scenarios}) == 5
    for s in scenarios:
        y0, m0 = map(int, s["start_turn"].split("-"))
        y1, m1 = map(int, s["campaign_end_turn"].split("-"))
        assert (y1 - y0) * 12 + (m1 - m0) + 1 == s["campaign_turns"], s["id"]
        assert s["campaign_end_turn"] == "1779-11"


def test_scenario_placements_name_known_areas(game_map, forces, scenarios):
    known = place_ids(game_map)
    regions = {r["id"] for r in game_map["regions"]}
    leader_ids = {x["id"] for x in forces["leaders"]}
    unit_ids = {x["id"] for x in forces["unit_kinds"]}
    for s in scenarios:
        for marker in s["siege_markers"]:
            assert marker["area"] in known and marker["level"] in (1, 2)
        for area in s["destroyed_forts"]:
            assert area in known
        for side in SIDES:
            setup = s["sides"][side]
            assert setup["boo"] in known
            assert all(m in known for m in setup["magazines"])
            bts = setup["baggage_trains"]
            assert bts["count"] <= bts["limit"]
            placed_bts = sum(p["baggage_trains"] for p in setup["placements"])
            assert placed_bts <= bts["count"]
            for p in setup["placements"]:
                assert p["side"] == side
                if p["area"] is not None:
                    assert p["area"] in known, (s["id"], p["location"])
                    assert not p["area_options"] and not p["area_rule"]
                elif p["area_options"]:
                    assert all(a in known for a in p["area_options"]), (s["id"], p["location"])
                else:
                    rule, _, region = (p["area_rule"] or "").partition(":")
                    assert rule == "any_area_in_region" and region in regions, (
                        s["id"],
                        p["location"],
                    )
                assert set(p["leaders"]) <= leader_ids, p["leaders"]
                for unit in p["units"]:
                    assert unit["unit"] in unit_ids
                    assert (unit["sp"] is None) == ("dice" in unit)
            gone = [e["leader"] for e in setup["eliminated_or_removed"]]
            assert set(gone) <= leader_ids
            assert set(setup["pows_held"]["leaders"]) <= leader_ids


def test_no_leader_placed_twice(scenarios):
    for s in scenarios:
        seen = []
        for side in SIDES:
            setup = s["sides"][side]
            for p in setup["placements"]:
                seen += p["leaders"]
            seen += setup["pows_held"]["leaders"]
            seen += [e["leader"] for e in setup["eliminated_or_removed"]]
        assert len(seen) == len(set(seen)), s["id"]


def computed_sums(s):
    sums = dict.fromkeys(
        (
            "cont_regular",
            "cont_cavalry",
            "cont_militia_fixed",
            "brit_regular",
            "brit_cavalry",
            "brit_militia",
            "brit_indian",
        ),
        0,
    )
    dice = []
    for side in SIDES:
        for p in s["sides"][side]["placements"]:
            for unit in p["units"]:
                if unit["sp"] is None:
                    dice.append(unit["dice"])
                    continue
                key = (
                    "cont_militia_fixed" if unit["unit"] in MILITIA else CHECKSUM_KEY[unit["unit"]]
                )
                sums[key] += unit["sp"]
    sums["cont_militia_dice"] = dice
    return sums


def test_scenario_sp_sums_equal_checksums(scenarios):
    for s in scenarios:
        sums = computed_sums(s)
        assert sums == s["checksums"]["stated"], s["id"]
        assert sums == s["checksums"]["computed"], s["id"]
        assert s["checksums"]["match"] is True


def test_scenario_sp_sums_equal_rulebook_totals(scenarios):
    for s in scenarios:
        totals = s["checksums"]["rulebook_sp_totals"]
        for side in SIDES:
            placed = sum(u["sp"] or 0 for p in s["sides"][side]["placements"] for u in p["units"])
            assert placed == totals[side], (s["id"], side)
