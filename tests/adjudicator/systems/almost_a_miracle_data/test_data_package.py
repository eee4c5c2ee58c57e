"""Almost a Miracle!'s data package: the bundled files as records, the missing facts with
the rules needing each, the template, and a user file merged over the bundled data."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from adjudicator.errors import GameDataError
from adjudicator.systems.almost_a_miracle.data import (
    Need,
    bundled_data,
    load_data,
    template_toml,
)


def test_the_bundled_data_holds_the_catalog_areas_leaders_and_tables() -> None:
    data = bundled_data()
    assert len(data.catalog) == 216
    assert len(data.areas) == 36 and len(data.leaders) == 53
    assert (data.areas["NE10"].name, data.areas["NE10"].port) == ("Newport", True)
    assert data.tables["odds_drm"].rows is not None
    assert data.tables["battle_winner_table"].missing
    assert "battle_winner_table" in {t.id for t in data.missing_tables}


def test_missing_facts_name_what_supplies_them_and_the_rules_that_need_them() -> None:
    facts = {fact.key: fact for fact in bundled_data().missing}
    washington = facts["leaders.washington.audacity"]
    assert washington.need is Need.LEADERS and washington.rules
    battle = facts["tables.battle_winner_table.rows"]
    assert battle.need is Need.BATTLE and battle.rules
    assert facts["map.connections_complete"].need is Need.ADJACENCY


def test_the_template_is_toml_that_merges_as_a_no_op(tmp_path: Path) -> None:
    text = template_toml(bundled_data())
    assert "[[tables.battle_winner_table.rows]]" in text
    assert "[leaders.washington]" in text
    tomllib.loads(text)
    path = tmp_path / "empty.toml"
    path.write_text(text, "utf-8")
    assert load_data([path]).missing == bundled_data().missing


def test_a_user_file_fills_ratings_tables_and_connections(tmp_path: Path) -> None:
    path = tmp_path / "aam.toml"
    path.write_text('''
[leaders.washington]
audacity = 3
tactical = 2
source = "counter"

[[connections]]
a = "NE10"
b = "NE13"
kind = "land"

[[tables.battle_winner_table.rows]]
drm = "attacker's tactical rating"
value = 1
''', "utf-8")
    data = load_data([path])
    assert (data.leaders["washington"].audacity, data.leaders["washington"].tactical) == (3, 2)
    assert any({c.a, c.b} == {"NE10", "NE13"} for c in data.connections)
    assert data.tables["battle_winner_table"].rows == ({"drm": "attacker's tactical rating",
                                                        "value": 1},)
    keys = {fact.key for fact in data.missing}
    assert "leaders.washington.audacity" not in keys
    assert "tables.battle_winner_table.rows" not in keys


@pytest.mark.parametrize(("text", "words"), [
    ('[[tables.odds_drm.rows]]\nr = 1\n', "printed in the rulebook"),
    ('[[tables.no_such_table.rows]]\nr = 1\n', "no table"),
    ('[[connections]]\na = "NE10"\nb = "ZZ99"\nkind = "land"\n', "no Area"),
    ('[leaders.washington]\naudacity = 12\n', "audacity"),
])
def test_a_bad_user_file_is_refused_naming_the_key(tmp_path: Path, text: str,
                                                    words: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text, "utf-8")
    with pytest.raises(GameDataError) as error:
        load_data([path])
    assert words in str(error.value)
