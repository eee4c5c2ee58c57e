"""Almost a Miracle!'s bundled JSON (data only, before the game's package exists): the
catalog loads as a `CatalogFile` with the AAM prefix and holds the digest's 216 rules, and
every table names its source."""

from __future__ import annotations

import json
from enum import StrEnum
from pathlib import Path
from typing import Any, ClassVar

import pytest

from adjudicator.systems.common.catalog import CatalogFile

_DATA = (Path(__file__).parents[4] / "adjudicator" / "systems" / "almost_a_miracle" / "data")
_DIGEST_TOTAL = 216
"""The rules in the digest's catalog (shared/rules/almost-a-miracle.md section 4)."""


class Need(StrEnum):
    """The catalog's fixed `needs` vocabulary (listed in its `about`)."""

    MAP_AREAS = "map areas"
    ADJACENCY_AND_TERRAIN = "adjacency and terrain"
    RIVERS_AND_CROSSINGS = "rivers and crossings"
    TERRAIN_EFFECTS_CHART = "terrain effects chart"
    SURPRISE_TABLE = "surprise table"
    BATTLE_WINNER_TABLE = "battle winner table"
    CASUALTY_TABLE = "casualty table"
    ATTRITION_TABLES = "attrition tables"
    MILITIA_GENERATION_TABLE = "militia generation table"
    POLITICAL_EVENTS_TABLE = "political events table"
    RANDOM_EVENTS_TABLE = "random events table"
    REINFORCEMENT_SCHEDULE = "reinforcement schedule"
    LEADER_RATINGS = "leader ratings"
    UNIT_VALUES = "unit values"
    COUNTER_MIX = "counter mix"
    SCENARIO_SET_UPS = "scenario set-ups"


class _Catalog(CatalogFile[Need]):
    prefix: ClassVar[str] = "AAM"


def _load(name: str) -> dict[str, Any]:
    with (_DATA / name).open(encoding="utf-8") as file:
        data: dict[str, Any] = json.load(file)
    return data


@pytest.fixture(scope="module")
def catalog() -> _Catalog:
    return _Catalog.model_validate(_load("catalog.json"))


@pytest.fixture(scope="module")
def tables() -> dict[str, Any]:
    return _load("tables.json")


def test_catalog_holds_the_digests_rules(catalog: _Catalog) -> None:
    assert len(catalog.rules) == _DIGEST_TOTAL
    assert len(set(catalog.rules.ids)) == _DIGEST_TOTAL


def test_every_rule_has_a_citation_and_a_summary(catalog: _Catalog) -> None:
    for rule in catalog.rules:
        assert rule.citation.startswith("AaM "), rule.id
        assert rule.summary.strip(), rule.id


def test_the_about_lists_the_needs_vocabulary(catalog: _Catalog) -> None:
    for need in Need:
        assert f"'{need.value}'" in catalog.about, need


def test_optional_rules_are_marked(catalog: _Catalog) -> None:
    optional = {rule.id for rule in catalog.rules if rule.summary.startswith("(OPT)")}
    assert optional == {"AAM-OPT-01", "AAM-OPT-02", "AAM-OPT-03", "AAM-SUP-20", "AAM-VIC-07"}


def test_every_table_has_a_source(tables: dict[str, Any]) -> None:
    assert tables["about"] and tables["source"]
    for name, table in tables["tables"].items():
        assert table.get("source"), name


def test_partial_and_missing_tables_are_flagged(tables: dict[str, Any]) -> None:
    flagged = tables["tables"].values()
    assert sum(bool(table.get("partial")) for table in flagged) == 3
    assert sum(bool(table.get("missing")) for table in flagged) == 15
    assert [phase["phase"] for phase in tables["tables"]["turn_calendar"]["phases"]] == list(
        "ABCDEFG")
