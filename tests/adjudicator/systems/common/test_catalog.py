"""The one catalog model (common.catalog): entries typed by a game's needs, the lookup that
refuses an unknown id, and a bundled catalog file that holds only the game's ids."""

from __future__ import annotations

from enum import StrEnum

import pytest
from pydantic import ValidationError

from adjudicator.systems import find_system
from adjudicator.systems.common.catalog import (
    Catalog,
    CatalogEntry,
    CatalogFile,
    RuleSeverity,
    UnknownRule,
)
from adjudicator.systems.common.records import Record


class Need(StrEnum):
    MAP = "map"
    CARDS = "cards"


class _ToyCatalogFile(CatalogFile[Need]):
    prefix = "TOY"


def _rule(rule_id: str, citation: str = "Toy 1", *needs: Need) -> CatalogEntry[Need]:
    return CatalogEntry[Need](id=rule_id, citation=citation, severity=(RuleSeverity.CHECK,),
                              summary="a rule", needs=needs)


def _file(*rules: dict[str, object]) -> _ToyCatalogFile:
    return _ToyCatalogFile.model_validate({"about": "toy rules", "source": ["toy rulebook"],
                                           "rules": list(rules)})


def test_an_unknown_rule_id_is_an_error_never_a_blank_citation() -> None:
    catalog = Catalog([_rule("TOY-MOVE-01", "Toy 7.3")])
    assert catalog.citation("TOY-MOVE-01") == "Toy 7.3"
    with pytest.raises(UnknownRule, match="TOY-MOVE-02"):
        catalog.citation("TOY-MOVE-02")
    with pytest.raises(KeyError):
        catalog.entry("")


def test_a_catalog_keeps_its_order_and_answers_by_id_and_by_need() -> None:
    rules = [_rule("TOY-B-01", "Toy 2", Need.CARDS), _rule("TOY-A-01", "Toy 1", Need.MAP),
             _rule("TOY-A-02", "Toy 1.1", Need.MAP, Need.CARDS)]
    catalog = Catalog(rules)
    assert list(catalog) == rules and catalog[1] is rules[1] and len(catalog) == 3
    assert catalog.ids == ("TOY-B-01", "TOY-A-01", "TOY-A-02")
    assert catalog.entry("TOY-A-02") is rules[2]
    assert catalog.needing(Need.MAP) == ("TOY-A-01", "TOY-A-02")
    assert dict(catalog.citations) == {"TOY-B-01": "Toy 2", "TOY-A-01": "Toy 1",
                                       "TOY-A-02": "Toy 1.1"}


def test_a_rule_listed_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="TOY-A-01"):
        Catalog([_rule("TOY-A-01"), _rule("TOY-B-01"), _rule("TOY-A-01")])
    with pytest.raises(ValidationError, match="listed twice: TOY-A-01"):
        _file(*(dict(id="TOY-A-01", citation="Toy 1", severity=["check"], summary="s"),) * 2)


def test_the_printed_severity_defaults_to_the_severities_joined() -> None:
    both = CatalogEntry[Need](id="TOY-A-01", citation="Toy 1",
                              severity=(RuleSeverity.ILLEGAL, RuleSeverity.CHECK), summary="s")
    printed = CatalogEntry[Need](id="TOY-A-02", citation="Toy 1",
                                 severity=(RuleSeverity.ILLEGAL,), summary="s",
                                 severity_text="ILLEGAL if stacked")
    assert both.severity_text == "illegal/check"
    assert printed.severity_text == "ILLEGAL if stacked"


def test_a_catalog_file_types_the_needs_and_holds_only_the_games_ids() -> None:
    read = _file({"id": "TOY-MOVE-01", "citation": "Toy 7", "severity": ["illegal"],
                  "summary": "s", "needs": ["map"]})
    assert isinstance(read.rules, Catalog)
    assert read.rules[0].needs == (Need.MAP,) and isinstance(read.rules[0].needs[0], Need)
    with pytest.raises(ValidationError, match="TOY-FAMILY-NN: WW-MOVE-01"):
        _file({"id": "WW-MOVE-01", "citation": "WW 7", "severity": ["illegal"],
               "summary": "s"})
    with pytest.raises(ValidationError, match="needs"):
        _file({"id": "TOY-MOVE-01", "citation": "Toy 7", "severity": ["illegal"],
               "summary": "s", "needs": ["dice"]})
    with pytest.raises(ValidationError, match="citation"):
        _file({"id": "TOY-MOVE-01", "citation": "", "severity": ["illegal"], "summary": "s"})


def test_a_catalog_is_a_field_of_a_record_and_dumps_as_its_entries() -> None:
    class Data(Record):
        catalog: Catalog[Need]

    rules = (_rule("TOY-A-01", "Toy 1", Need.MAP),)
    data = Data(catalog=Catalog(rules))
    assert isinstance(data.catalog, Catalog) and tuple(data.catalog) == rules
    assert Data.model_validate(data.model_dump()) == data
    assert data.model_dump()["catalog"][0]["needs"] == (Need.MAP,)


@pytest.mark.parametrize("game", ["ww", "wfa"])
def test_each_game_system_gives_its_bundled_catalog_which_refuses_unknown_ids(
        game: str) -> None:
    catalog = find_system(game).catalog()
    assert isinstance(catalog, Catalog)
    assert all(entry.citation for entry in catalog)
    with pytest.raises(UnknownRule):
        catalog.citation(f"{game.upper()}-NONE-99")
