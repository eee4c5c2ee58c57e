"""The missing facts of one data object are derived once per process (issue 12), and a
changed data object gets its own."""

from __future__ import annotations

from adjudicator.systems.common.facts import derive_missing as _derive
from adjudicator.systems.common.facts import missing_facts
from adjudicator.systems.washingtons_war.data import bundled_data


def test_the_same_data_gives_the_same_facts_derived_once() -> None:
    data = bundled_data()
    first = missing_facts(data)
    assert first == _derive(data) and first
    first.clear()  # a caller's list is its own
    again = missing_facts(data)
    assert again == _derive(data)
    assert all(a is b for a, b in zip(again, missing_facts(data), strict=True))


def test_other_data_has_its_own_facts() -> None:
    data = bundled_data()
    complete = data.model_copy(update={"map_status": data.map_status.model_copy(
        update={"spaces_complete": True, "connections_complete": True})})
    assert missing_facts(complete) == _derive(complete) != missing_facts(data)
