"""The fixture's made-up data file completes the bundled data: it merges with no fact left
missing, keeps what the rulebook states, and a contradiction of the rulebook is refused."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from adjudicator.errors import GameDataError
from adjudicator.systems.american_revolution.data import (
    LeaderKind,
    LocaleKind,
    RouteType,
    load_data,
)
from tests.conftest import REPO

DATA = REPO / "fixtures" / "american-revolution" / "data" / "fixture.toml"


def test_the_fixture_data_leaves_no_fact_missing() -> None:
    data = load_data([DATA])
    assert list(data.missing) == []
    assert data.map_status.routes_complete and data.map_status.indian_locales_complete
    assert data.fortress_cf is not None


def test_every_table_says_it_is_made_up() -> None:
    raw = tomllib.loads(DATA.read_text(encoding="utf-8"))
    tables = [raw["map"], raw["counters"], *raw["routes"]]
    for key in ("locales", "formations", "leaders", "costs", "markers"):
        tables += raw[key].values()
    assert all(table["source"].startswith("made-up fixture: ") for table in tables)


def test_the_routes_join_every_locale_and_keep_the_known_facts() -> None:
    data = load_data([DATA])
    joined: dict[str, set[str]] = {}
    for route in data.routes:
        joined.setdefault(route.a, set()).add(route.b)
        joined.setdefault(route.b, set()).add(route.a)
    reached, todo = {"boston"}, ["boston"]
    while todo:
        for near in joined.get(todo.pop(), ()):
            if near not in reached:
                reached.add(near)
                todo.append(near)
    assert reached == set(data.locales)
    # Adjacencies the AAR shows (digest 3.3), and the boxes reached by the high seas.
    assert data.route("boston", "newport") is RouteType.ROAD
    assert data.route("richmond", "alexandria") is RouteType.ROAD
    assert data.route("britain_box", "new_haven") is RouteType.HIGH_SEAS
    for a, b in ((r.a, r.b) for r in data.routes if r.type is RouteType.HIGH_SEAS):
        assert data.locales[a].port and data.locales[b].port, (a, b)
    assert {locale.id for locale in data.indian_locales} == {"mohawk", "cherokee"}
    assert data.locales["yorktown"].kind is LocaleKind.WILDERNESS


def test_the_leaders_keep_what_the_rulebook_says() -> None:
    leaders = load_data([DATA]).leaders
    assert (leaders["clark"].kind, leaders["clark"].value) == (LeaderKind.MILITIA, 2)
    assert leaders["washington"].value is not None and leaders["washington"].value >= 3
    assert leaders["arnold"].value is not None and leaders["arnold"].value >= 2
    assert leaders["r_howe"].kind is LeaderKind.ADMIRAL


@pytest.mark.parametrize("contradiction", [
    "[locales.boston]\nport = false\n",
    "[leaders.clark]\nvalue = 3\n",
    "[formations.gb_regular]\ncf = 3\n",
])
def test_a_value_contradicting_the_rulebook_is_refused(tmp_path: Path,
                                                       contradiction: str) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(contradiction, encoding="utf-8")
    with pytest.raises(GameDataError, match=r"bad\.toml"):
        load_data([DATA, bad])
