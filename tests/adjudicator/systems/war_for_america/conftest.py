"""Synthetic WfA tables for the computation tests: NOT game data (the rulebook prints no
battle, siege or fleet combat table, digest A-1)."""

from __future__ import annotations

import pytest

from adjudicator.systems.war_for_america.data.tables import (
    BattleColumn,
    BattleTables,
    FleetCombatTable,
    RollRow,
    SiegeTable,
    TableModifier,
    WfATables,
    bundled_tables,
)

SYNTHETIC = ("synthetic test fixture, not game data (digest 6.7 W-1)",)

W1_ROWS = (RollRow(high=6, result="—"), RollRow(low=7, high=9, result="*"),
           RollRow(low=10, high=11, result="1"), RollRow(low=12, high=13, result="1*"),
           RollRow(low=14, result="2"))
"""Digest W-1 step 7: rows <=6 '—', 7-9 '*', 10-11 '1', 12-13 '1*', >=14 '2'."""


def synthetic_battle() -> BattleTables:
    """Every column reads the W-1 rows; the labels follow the rulebook's ('<1', '3-7')."""
    spans = (("<1", "petite_guerre", None, None, True), ("1-2", "petite_guerre", 1, 2, False),
             ("3-7", "standard", 3, 7, False), ("8-15", "standard", 8, 15, False),
             ("16+", "standard", 16, None, False))
    return BattleTables(
        columns=tuple(BattleColumn(label=label, table=table, min_sp=low, max_sp=high,
                                   lone_garrison=garrison, rows=W1_ROWS, source=SYNTHETIC)
                      for label, table, low, high, garrison in spans),
        modifiers=(TableModifier(id="regulars_vs_militia", drm=1, source=SYNTHETIC),),
        source=SYNTHETIC)


def threshold_siege(t: int) -> SiegeTable:
    """A hypothetical Siege Table: surrender on t or more (digest W-4)."""
    return SiegeTable(rows=(RollRow(high=t - 1, result="no_effect"),
                            RollRow(low=t, result="surrender")), source=SYNTHETIC)


def threshold_fleet(t: int) -> FleetCombatTable:
    """A hypothetical Fleet Combat Table: the attacker wins on t or more (digest W-5)."""
    return FleetCombatTable(rows=(RollRow(high=t - 1, result="attacker_to_trt"),
                                  RollRow(low=t, result="defender_to_trt")), source=SYNTHETIC)


@pytest.fixture
def tables() -> WfATables:
    """The rulebook's tables alone (no user tables)."""
    return bundled_tables()


@pytest.fixture
def with_battle(tables: WfATables) -> WfATables:
    """The rulebook's tables plus the synthetic battle table."""
    return tables.model_copy(update={"battle": synthetic_battle()})
