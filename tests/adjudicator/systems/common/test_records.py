"""The toolkit's shared data queries (common.records): a rule's catalog entry, a space by any
spelling, which needs lack data, why a missing fact matters, and gathering missing facts with
the rules that need them — on a small made-up game, then on both real games' data."""

from __future__ import annotations

from enum import StrEnum

import pytest

from adjudicator.systems.common.records import GameDataQueries, MissingFacts, NeededBy, Record
from adjudicator.systems.war_for_america.data import WfAData
from adjudicator.systems.war_for_america.data import load_data as load_wfa
from adjudicator.systems.washingtons_war.data import WWData
from adjudicator.systems.washingtons_war.data import load_data as load_ww
from adjudicator.systems.washingtons_war.data.vocabulary import Need as Need_ww


class Need(StrEnum):
    MAP = "map"
    CARDS = "cards"
    DICE = "dice"


class Entry(Record):
    id: str
    needs: tuple[Need, ...] = ()


class Place(Record):
    name: str
    aliases: tuple[str, ...] = ()


class Fact(Record, NeededBy):
    need: Need
    key: str | None
    what: str
    rules: tuple[str, ...]


class Game(Record, GameDataQueries):
    catalog: tuple[Entry, ...]
    spaces: dict[str, Place]
    missing: tuple[Fact, ...] = ()


CATALOG = (Entry(id="G-MOVE-01", needs=(Need.MAP,)),
           Entry(id="G-PLAY-01", needs=(Need.CARDS, Need.MAP)),
           Entry(id="G-PLAY-02"))


def _game(missing: tuple[Fact, ...] = ()) -> Game:
    return Game(catalog=CATALOG, missing=missing,
                spaces={"nyc": Place(name="New York", aliases=("New York City", "NYC")),
                        "bos": Place(name="Boston")})


def test_a_rule_is_found_by_its_id_and_an_unknown_id_is_a_key_error() -> None:
    game = _game()
    assert game.rule("G-PLAY-01") is CATALOG[1]
    with pytest.raises(KeyError, match="G-NONE-01"):
        game.rule("G-NONE-01")


def test_a_space_is_found_by_name_or_alias_ignoring_case() -> None:
    game = _game()
    assert game.space_named("new york city") is game.spaces["nyc"]
    assert game.space_named("BOSTON") is game.spaces["bos"]
    assert game.space_named("Boston Harbor") is None


def test_gathered_facts_carry_the_rules_needing_them_in_catalog_order() -> None:
    gathered = MissingFacts(CATALOG, Fact)
    gathered.add(Need.MAP, "map.complete", "the rest of the map")
    gathered.add(Need.DICE, None, "the dice")
    assert [(f.need, f.key, f.rules) for f in gathered.facts] == [
        (Need.MAP, "map.complete", ("G-MOVE-01", "G-PLAY-01")),
        (Need.DICE, None, ())]
    assert gathered.rules_needing(Need.CARDS) == ("G-PLAY-01",)
    assert [f.why for f in gathered.facts] == ["needed by G-MOVE-01, G-PLAY-01",
                                               "not needed by any check"]


def test_unmet_keeps_the_asked_needs_that_lack_data_in_the_order_asked() -> None:
    gathered = MissingFacts(CATALOG, Fact)
    gathered.add(Need.DICE, None, "the dice")
    gathered.add(Need.MAP, None, "the map")
    game = _game(tuple(gathered.facts))
    assert game.unmet([Need.CARDS, Need.MAP, Need.DICE]) == (Need.MAP, Need.DICE)
    assert _game().unmet([Need.MAP]) == ()


@pytest.mark.parametrize(("data", "first_rule", "spelling", "space"), [
    (load_ww(), "WW-SETUP-01", "ft detroit", "fort_detroit"),
    (load_wfa(), "WFA-SEQ-01", "NEWPORT, RI", "newport"),
], ids=["ww", "wfa"])
def test_both_games_answer_through_the_shared_queries(
        data: WWData | WfAData, first_rule: str, spelling: str, space: str) -> None:
    assert data.rule(first_rule) is data.catalog[0]
    assert data.space_named(spelling) is data.spaces[space]
    spaces = next(f for f in data.missing if f.key == "map.spaces_complete")
    assert spaces.rules == tuple(e.id for e in data.catalog if spaces.need in e.needs)
    assert spaces.why == f"needed by {', '.join(spaces.rules)}"


def test_washingtons_war_bundled_data_leaves_card_texts_and_the_map_unmet() -> None:
    assert load_ww().unmet([Need_ww.CARD_TEXTS, Need_ww.SPACES]) == (Need_ww.CARD_TEXTS,
                                                                     Need_ww.SPACES)


def test_once_per_object_derives_once_per_identity_and_keeps_the_latest() -> None:
    from adjudicator.systems.common.records import once_per_object

    calls: list[int] = []

    @once_per_object(limit=2)
    def size(items: list[int]) -> int:
        calls.append(id(items))
        return len(items)

    a, b, c = [1], [1, 2], [1, 2, 3]
    assert (size(a), size(a), size(b)) == (1, 1, 2)
    assert len(calls) == 2
    size(c)  # a is forgotten (the latest two kept)
    size(a)
    assert len(calls) == 4
