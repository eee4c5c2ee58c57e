"""Prototype expansion (FORMAT.md §7.9) and the `+/id/type/state` AddPiece text.

Module definitions (PieceSlot, CardSlot, PrototypeDefinition) store pieces as AddPiece
text whose chains may contain `prototype;` traits. Putting a piece into play replaces each
such trait, in place, by the traits of the named definition — recursively — and drops
Comment (`cmt;`) traits. Saves and logs hold pieces already expanded (§6.1).
"""

from __future__ import annotations

from collections.abc import Mapping

from vmod_schema import sequence
from vmod_schema.archive import MAX_PIECE_TRAITS
from vmod_schema.errors import PieceFormatError
from vmod_schema.formats import substitute
from vmod_schema.pieces import Piece, decode_piece
from vmod_schema.traits import Trait, UsePrototype


def parse_add_piece_text(text: str) -> tuple[str | None, str, str]:
    """Split an AddPiece command text `+/id/type/state` into (id, type, state) (§4.3).

    The id `null` (module definitions) becomes None; a missing state is empty.

    Raises:
        PieceFormatError: the text is not an AddPiece (`+/…`) or has no type.

    >>> parse_add_piece_text("+/null/mark;Layer\\tpiece;;;;a\\\\/b/Hidden\\tnull;0;0;")
    (None, 'mark;Layer\\tpiece;;;;a/b', 'Hidden\\tnull;0;0;')
    >>> parse_add_piece_text("+/17/piece;;;;RU3/Map;1;2")
    ('17', 'piece;;;;RU3', 'Map;1;2')
    """
    tokens = sequence.split(text, "/")
    if tokens[0] != "+" or len(tokens) < 3:
        raise PieceFormatError("not an AddPiece text (+/id/type/state)", position=0)
    piece_id = None if tokens[1] == "null" else tokens[1]
    return piece_id, tokens[2], tokens[3] if len(tokens) > 3 else ""


def expand_prototypes(
    type_: str, state: str, definitions: Mapping[str, tuple[str, str]]
) -> tuple[str, str]:
    """Return the type and state of a piece with its prototype references expanded (§7.9).

    `definitions` maps a PrototypeDefinition name to the (type, state) of its
    `+/null/type/state` text (use `parse_add_piece_text`; the last definition of a name
    wins, which the caller decides). Each `prototype;name[;params]` trait is replaced in
    place by the definition's traits (its basic piece is discarded), expanded recursively;
    a name already being expanded (a cycle) or unknown expands to nothing; `cmt;` traits are
    dropped; everything else, including this piece's innermost piece, is kept. With
    `params` (`key=value,…`), `$key$` is substituted in the definition's AddPiece text
    before it is decoded, with the engine's FormattedString rules (§7.11): other `$name$`
    references in that text lose their `$` signs, as they do in VASSAL.

    >>> defs = {"Unit": ("mark;Side\\tpiece;;;;", "CP\\tnull;0;0")}
    >>> expand_prototypes("prototype;Unit\\tpiece;;;;RU3", "\\tMap;1;2", defs)
    ('mark;Side\\tpiece;;;;RU3', 'CP\\tMap;1;2')
    """
    piece = decode_piece(type_, state)
    traits = _expand(piece.traits, definitions, (), _Budget())
    return Piece(traits, piece.inner).encode_type(), Piece(traits, piece.inner).encode_state()


class _Budget:
    """What one piece's expansion may still do: a prototype that names another twice, and
    that one the next twice, would expand 2**depth times (the cycle guard sees no cycle)."""

    __slots__ = ("references", "traits")

    def __init__(self) -> None:
        self.references = MAX_PIECE_TRAITS
        self.traits = MAX_PIECE_TRAITS

    def spend(self, what: str) -> None:
        left = getattr(self, what) - 1
        if left < 0:
            raise PieceFormatError(
                f"expanding the piece's prototypes takes more than the limit MAX_PIECE_TRAITS "
                f"= {MAX_PIECE_TRAITS} {what} (prototypes that name each other repeatedly)")
        setattr(self, what, left)


def _expand(
    traits: list[Trait], definitions: Mapping[str, tuple[str, str]], active: tuple[str, ...],
    budget: _Budget,
) -> list[Trait]:
    """Expand a trait list; `active` holds the names being expanded (the cycle guard).

    Raises:
        PieceFormatError: more than `MAX_PIECE_TRAITS` traits or prototype references.
    """
    expanded: list[Trait] = []
    for trait in traits:
        if trait.id == "cmt;":
            continue
        if not isinstance(trait, UsePrototype):
            budget.spend("traits")
            expanded.append(trait)
            continue
        name = trait.prototype_name()
        if name in active or name not in definitions:
            continue
        budget.spend("references")
        expanded.extend(_expand(_definition_traits(trait, definitions[name]), definitions,
                                (*active, name), budget))
    return expanded


def _definition_traits(reference: UsePrototype, definition: tuple[str, str]) -> list[Trait]:
    """The traits of a definition, after substituting the reference's parameters."""
    def_type, def_state = definition
    params = reference.parameters()
    if params is not None:
        text = sequence.join(["+", "null", def_type, def_state], "/")
        if "$" in text:
            # §7.11 step 4: the engine substitutes on the trimmed text.
            _, def_type, def_state = parse_add_piece_text(
                substitute(text.strip(), params)
            )
    return decode_piece(def_type, def_state).traits
