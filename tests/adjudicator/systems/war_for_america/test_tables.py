"""WfA tables: the transcription checked against the rulebook text, and the user tables'
models refusing what the rules exclude."""

from __future__ import annotations

import re

import pytest
from pydantic import ValidationError

from adjudicator.systems.common.tables import RollTable
from adjudicator.systems.war_for_america.data.tables import (
    BattleColumn,
    CombatResult,
    FleetCombatTable,
    RollRow,
    SiegeTable,
    WfATables,
    bundled_tables,
)
from adjudicator.systems.war_for_america.data.vocabulary import BattleRating
from tests.conftest import shared_file

RULEBOOK = "seeds/war-for-america.rules.txt"


def _rulebook() -> str:
    return shared_file(RULEBOOK).read_text(encoding="utf-8")


def test_every_transcribed_table_and_row_cites_a_rule() -> None:
    tables = bundled_tables()
    assert tables is bundled_tables(), "read once per process"
    for name in WfATables.model_fields:
        table = getattr(tables, name)
        if table is None:
            assert name in ("battle", "siege", "fleet_combat"), name
            continue
        assert table.source and all(table.source), name
    sources = [*(row.source for row in tables.t1.rows),
               *(row.source for row in (*tables.t3.factors, *tables.t4.factors)),
               *(row.source for row in tables.t6.ranks),
               *(row.source for row in tables.t14.modifiers),
               *(row.source for row in tables.t16.limits),
               *(row.source for row in tables.t11.steps),
               *(row.source for row in tables.t13.limits),
               *(row.source for row in tables.t15.procedures),
               *(row.source for row in tables.t12.conditions),
               *(row.source for row in tables.t5.circles),
               *(row.source for row in tables.t7.ratings),
               *(row.source for row in tables.t9.armies)]
    for source in sources:
        assert any(cite.startswith("WfA ") for cite in source), source


def test_winter_quartering_limits_match_the_rulebook_chart() -> None:
    chart = dict(re.findall(r"^\|\s*([A-Za-z/ -]+?)\s*\|\s*(\+?\d+) SP\s*\|", _rulebook(),
                            re.M))
    for row in bundled_tables().t13.limits:
        assert int(chart[row.label]) == row.limit, row.label
    assert chart["Magazine"] == f"+{bundled_tables().t13.magazine_bonus}"


def test_leader_ratings_and_fleet_modifiers_match_the_rulebook() -> None:
    text = _rulebook()
    ratings = dict(re.findall(r"'([ABCD])' generals \| \+(\d)", text))
    for rating in BattleRating:
        assert bundled_tables().t7.drm(rating) == int(ratings[rating.value])
    section = text[text.index("15.6 Fleet Combat Modifiers"):text.index("**15.7**")]
    printed = sorted(int(v) for v in re.findall(r"^- ([+-]\d)", section, re.M))
    ours = sorted(m.drm for m in bundled_tables().t14.modifiers if "15.6" in m.source[0])
    assert printed == ours


def test_garrison_minimums_match_the_digest_rows() -> None:
    digest = shared_file("rules/war-for-america.md").read_text(encoding="utf-8")
    block = digest[digest.index("**T-1 "):digest.index("**T-2 ")]
    printed = {space: int(n) for pair in re.findall(
        r"\| ([A-Z][\w ]+, [A-Z]{2}) \| (\d) \|", block) for space, n in [pair]}
    printed |= {space: int(n) for space, n in re.findall(
        r"\| \d \| ([A-Z][\w ]+, [A-Z]{2}) \| (\d) \|", block)}
    ours = {row.space: row.min_sp for row in bundled_tables().t1.rows}
    assert ours == printed and len(ours) == 6


def test_combat_results_parse_numbers_and_stars() -> None:
    assert CombatResult.parse("1*") == CombatResult(sp=1, stars=1)
    assert CombatResult.parse("**") == CombatResult(sp=0, stars=2)
    assert CombatResult.parse("—") == CombatResult(sp=0, stars=0)
    assert str(CombatResult.parse("2")) == "2"
    with pytest.raises(ValueError, match="not a number"):
        CombatResult.parse("x1")


def test_rows_read_open_ended_and_clamp_beyond_the_printed_range() -> None:
    rows = (RollRow(high=6, result="a"), RollRow(low=7, high=9, result="b"),
            RollRow(low=10, high=12, result="c"))
    table = RollTable.from_rows(rows)
    assert [table.read(r) for r in (-3, 6, 7, 12, 15)] == ["a", "a", "b", "c", "c"]


def test_user_tables_refuse_overlaps_and_outcomes_the_rules_exclude() -> None:
    with pytest.raises(ValidationError, match="overlap"):
        SiegeTable(rows=(RollRow(high=9, result="no_effect"), RollRow(low=9, result="surrender")),
                   source=("test",))
    with pytest.raises(ValidationError, match=r"17\.13"):
        SiegeTable(rows=(RollRow(result="lose 1 SP"),), source=("test",))
    with pytest.raises(ValidationError, match=r"15\.7"):
        FleetCombatTable(rows=(RollRow(result="sunk"),), source=("test",))
    with pytest.raises(ValidationError, match="not a number"):
        BattleColumn(label="1-2", table="petite_guerre", min_sp=1, max_sp=2,
                     rows=(RollRow(result="D"),), source=("test",))


def _section(text: str, start: str, end: str) -> str:
    return text[text.index(start):text.index(end, text.index(start))]


def test_garrison_minimums_and_victory_ports_match_the_rulebook() -> None:
    text = _rulebook()
    block = _section(text, "**4.13**", "### 5.0")
    printed = {space: int(n) for space, n in re.findall(r"([A-Z][\w ]+, [A-Z]{2})\s*\|\s*(\d)",
                                                       block)}
    assert {row.space: row.min_sp for row in bundled_tables().t1.rows} == printed
    chart = "\n".join(line for line in _section(text, "### 4.3", "### 4.4").splitlines()
                      if line.startswith("|"))
    ports = re.findall(r"([A-Z][\w ]+, [A-Z]{2})", chart)
    assert sorted(bundled_tables().t2.ports) == sorted(ports)
    assert len(ports) == 10


@pytest.mark.parametrize(("table", "start", "end"), [
    ("t3", "### 5.1 Factors", "5.2 Factors"), ("t4", "5.2 Factors", "### 6.0")])
def test_political_will_factors_match_the_rulebook(table: str, start: str, end: str) -> None:
    rows = re.findall(r"^\|\s*(.+?):\s*\|\s*(\d)([LR])(?: \((If recaptured: (\d)([LR])|"
                      r"One time event)\))?", _section(_rulebook(), start, end), re.M)
    assert len(rows) == 11
    factors = getattr(bundled_tables(), table).factors
    for (event, n, way, extra, back, back_way), factor in zip(rows, factors, strict=True):
        assert re.sub(r"</?b>", "", event).split() == factor.event.split(), event
        assert factor.shift == int(n) * (1 if way == "R" else -1), event
        if back:
            assert factor.recaptured_shift == int(back) * (1 if back_way == "R" else -1)
        else:
            assert factor.recaptured_shift is None
        assert factor.one_time == (extra == "One time event"), event
