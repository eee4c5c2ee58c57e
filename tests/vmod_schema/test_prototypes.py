"""Prototype expansion (FORMAT.md §7.9) and AddPiece text splitting."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from lxml import etree

from tests.conftest import CORPUS
from tests.vmod_schema.test_pieces import add_pieces
from vmod_schema.errors import PieceFormatError
from vmod_schema.pieces import decode_piece
from vmod_schema.prototypes import expand_prototypes, parse_add_piece_text

DEFS = {
    "Side": ("mark;Side\tpiece;;;;", "CP\tnull;0;0"),
    "Unit": ("prototype;Side\tmark;Type\\\tpiece;;;;", "\tArmy\\\tnull;0;0"),
    "Loop": ("mark;L\tprototype;Loop\\\tpiece;;;;", "l\t\\\tnull;0;0"),
    "Param": ("report;;$who$ moved $pieceName$\tpiece;;;;", "-1\tnull;0;0"),
}


def test_add_piece_text_splits_into_id_type_and_state() -> None:
    assert parse_add_piece_text("+/null/piece;;;;A\\/B/null;0;0") == (None, "piece;;;;A/B",
                                                                      "null;0;0")
    assert parse_add_piece_text("+/123/stack") == ("123", "stack", "")
    with pytest.raises(PieceFormatError):
        parse_add_piece_text("D/123/x")


def test_prototype_traits_replace_the_reference_in_place_recursively() -> None:
    type_, state = expand_prototypes("mark;First\tprototype;Unit\\\tpiece;;;;RU3",
                                     "1\t\\\tMap;5;6", DEFS)
    piece = decode_piece(type_, state, strict=True)
    assert piece.id_chain() == ["mark;", "mark;", "mark;", "piece;"]
    assert [t.raw_type for t in piece.traits] == ["mark;First", "mark;Side", "mark;Type"]
    assert [t.raw_state for t in piece.traits] == ["1", "CP", "Army"]
    assert piece.inner.raw_type == "piece;;;;RU3"
    assert piece.encode_state().endswith("Map;5;6")


def test_a_cycle_expands_to_nothing_at_the_repeat() -> None:
    type_, state = expand_prototypes("prototype;Loop\tpiece;;;;X", "\tMap;1;2", DEFS)
    piece = decode_piece(type_, state, strict=True)
    assert [t.raw_type for t in piece.traits] == ["mark;L"]


def test_unknown_prototypes_and_comments_expand_to_nothing() -> None:
    type_, state = expand_prototypes("cmt;note\tprototype;Nope\\\tpiece;;;;X",
                                     "\t\\\tMap;1;2", DEFS)
    assert (type_, state) == ("piece;;;;X", "Map;1;2")


def test_parameters_are_substituted_in_the_definition_text() -> None:
    type_, _ = expand_prototypes("prototype;Param;who=Foch\tpiece;;;;X", "\tMap;1;2", DEFS)
    # $who$ is a parameter; the engine's FormattedString leaves other names bare (§7.11).
    assert type_ == "report;;Foch moved pieceName\tpiece;;;;X"
    plain, _ = expand_prototypes("prototype;Param\tpiece;;;;X", "\tMap;1;2", DEFS)
    assert plain == "report;;$who$ moved $pieceName$\tpiece;;;;X"


def _module_texts(path: Path) -> tuple[dict[str, tuple[str, str]], dict[str, tuple[str, str]]]:
    """PrototypeDefinition texts by name (last wins) and PieceSlot/CardSlot texts by gpid."""
    prototypes: dict[str, tuple[str, str]] = {}
    slots: dict[str, tuple[str, str]] = {}
    for element in etree.parse(str(path)).iter():
        tag = element.tag if isinstance(element.tag, str) else ""
        text = (element.text or "").strip()
        if not text.startswith("+/"):
            continue
        _, type_, state = parse_add_piece_text(text)
        if tag.endswith("PrototypeDefinition"):
            prototypes[element.get("name", "")] = (type_, state)
        elif tag.endswith(("PieceSlot", "CardSlot")) and element.get("gpid"):
            slots[element.get("gpid", "")] = (type_, state)
    return prototypes, slots


@pytest.mark.corpus
@pytest.mark.parametrize(
    ("module", "game"),
    [("PathsOfGlory/buildFile.xml", "PathsOfGlory/Historical10-8.vsav"),
     ("ForThePeople/buildFile.xml", "ForThePeople/1862-3-5.vsav")],
)
def test_expanded_slot_definitions_have_the_trait_ids_of_saved_pieces(
    module: str, game: str
) -> None:
    prototypes, slots = _module_texts(CORPUS / module)
    outcomes: Counter[bool] = Counter()
    for _, type_, state in add_pieces(CORPUS / game):
        saved = decode_piece(type_, state)
        gpid = getattr(saved.inner, "gpid", "")
        if gpid not in slots:
            continue
        expanded = decode_piece(*expand_prototypes(*slots[gpid], prototypes))
        outcomes[expanded.id_chain()[:-1] == saved.id_chain()[:-1]] += 1
    assert outcomes[True] > 100
    assert outcomes[False] == 0
