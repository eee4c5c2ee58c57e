"""Game pieces: decode a type/state pair into its trait chain and encode it back.

FORMAT.md §6.1: a piece's type and state are nested TAB-lists, one level per trait
(outermost first), ending in the innermost basic piece (§6.2), stack or deck (§4.4, §6.6).
`decode_piece` follows the engine's algorithm exactly; every level keeps its raw type and
state string, and `Piece.encode_type` / `Piece.encode_state` rebuild the nested strings from
those levels with the engine's encoder, so an unchanged piece re-encodes byte for byte.

`apply_state` implements the ChangePiece merge rule (§6.3). Pieces and traits are
immutable in practice: `apply_state` returns a new `Piece` that shares unchanged traits.

Performance: a Paths of Glory save holds ~2,250 pieces and ~53,000 traits but only a few
hundred distinct type strings. A whole TAB chain is split in one pass (every TAB and its
backslash run found by one regular-expression split), `PieceDecoder` decodes each distinct
type string once per file and shares equal (immutable) traits between pieces, and trait
fields are parsed only when asked for.
"""

from __future__ import annotations

import operator
import re
from dataclasses import dataclass, field
from itertools import repeat
from typing import ClassVar, NoReturn, cast

from vmod_schema import sequence
from vmod_schema.archive import MAX_PIECE_PROPERTIES, MAX_PIECE_TRAITS
from vmod_schema.errors import PieceFormatError, SequenceDecodeError
from vmod_schema.traits import TRAITS, Label, Layer, UnknownTrait
from vmod_schema.traits.base import Trait, parse_int, string_array, trait_id

TAB = "\t"
_ESCAPED_TAB = "\\\t"

BACKSLASH = "\\"

_NO_PROPERTIES = Trait.properties
"""The base class's `properties`, which defines none."""
_KEEPS_NAME = Trait.rename
"""The base class's `rename`, which keeps the name."""

INNER_IDS = ("piece;", "stack", "deck;")
"""Trait ids of the innermost piece kinds (§6.4 first rows)."""


def _token(text: str) -> str:
    # One TAB-token from its raw text: drop the backslash of each escaped TAB, then remove
    # one outer pair of apostrophes (§3.2 steps 3 and 5).
    if _ESCAPED_TAB in text:
        text = text.replace(_ESCAPED_TAB, TAB)
    if len(text) >= 2 and text[0] == "'" and text[-1] == "'":
        return text[1:-1]
    return text


def _split_level(text: str) -> tuple[str, str | None, int]:
    """Return the first two TAB-tokens of `text` and the offset of a third one (or -1).

    Equivalent to the first two `next_token()` calls of the engine's decoder (§3.2): the
    second token is None when the first one exhausts the string. A TAB is a delimiter
    unless the character before it (in the whole string) is a backslash.
    """
    cut = _real_tab(text, 0)
    if cut < 0:
        return _token(text), None, -1
    start = cut + 1
    # Fast check (C speed): if every TAB after the cut is escaped there is no third token.
    if text.count(TAB, start) == text.count(_ESCAPED_TAB, start):
        return _token(text[:cut]), _token(text[start:]), -1
    again = _real_tab(text, start)
    if again < 0:
        return _token(text[:cut]), _token(text[start:]), -1
    return _token(text[:cut]), _token(text[start:again]), again


def _real_tab(text: str, start: int) -> int:
    """Offset of the first unescaped TAB at or after `start`, or -1."""
    index = text.find(TAB, start)
    while index > 0 and text[index - 1] == "\\":
        index = text.find(TAB, index + 1)
    return index


_REVERSED_TAB_RUNS = re.compile(r"\t(\\*)")
"""In reversed text: a TAB and the whole run of backslashes that preceded it."""
_REVERSED = operator.itemgetter(slice(None, None, -1))


def _tab_runs(text: str) -> tuple[list[str], list[int]]:
    """Split `text` at every TAB into the segments between them (without the backslashes
    right before each TAB) and the length of each TAB's backslash run.

    The text is reversed so that the pattern starts with the TAB: the regular-expression
    engine then jumps from TAB to TAB instead of trying a match at every character.
    """
    parts = _REVERSED_TAB_RUNS.split(text[::-1])
    parts.reverse()
    return list(map(_REVERSED, parts[::2])), list(map(len, parts[1::2]))

_QUOTABLE_STARTS = ("'", "\\")
"""How a token that may be apostrophe-quoted (§3.1 rule 4) starts."""


def _fast_chain(text: str, limit: int | None) -> list[str] | None:
    """Split a whole TAB chain in one pass; None when only the level-by-level path applies.

    Exactly equivalent to decoding level by level (§6.1, §3.2), because each level's
    decoder removes one backslash before every escaped TAB: a TAB preceded by `b`
    backslashes is therefore the real delimiter of level `b`. Level `k` ends at the first
    TAB with `b == k`. Returns the level tokens (the last is the innermost type, or with
    `limit` the innermost state after `limit` levels). Returns None when apostrophe quoting
    (§3.1 rule 4) may be involved, when a level has a third token, or when the chain runs
    out before `limit` levels — the slow path handles those exactly.

    Every TAB and its backslash run are found at C speed (`_tab_runs`); only chains with
    a TAB inside a token are then walked TAB by TAB.
    """
    if not text or text[0] in "'\\" or text[-1] == "'":
        return None
    if limit == 0:
        # No trait level: the whole string is the innermost state, unchanged.
        return [text]
    segments, runs = _tab_runs(text)
    count = len(runs)
    if (count == limit if limit is not None else True) and runs == list(range(count)):
        # The common case: every TAB is the next level's separator, no TAB inside a token.
        if any(map(str.startswith, segments, repeat(_QUOTABLE_STARTS))):
            return None
        return segments
    levels: list[str] = []
    depth = 0
    current = [segments[0]]
    for index, run in enumerate(runs):
        following = segments[index + 1]
        if depth == limit:
            # Every remaining TAB belongs to the innermost state: each lost one backslash
            # per level.
            for rest_run in runs[index:]:
                if rest_run < depth:
                    return None
            current.append(BACKSLASH * (run - depth))
            current.append(TAB)
            current.append(following)
            for later in range(index + 1, count):
                current.append(BACKSLASH * (runs[later] - depth))
                current.append(TAB)
                current.append(segments[later + 1])
            break
        if run == depth:
            # The separator of level `depth`.
            levels.append("".join(current))
            depth += 1
            if following.startswith(_QUOTABLE_STARTS) or (
                    not following and index + 1 < count and runs[index + 1] != depth):
                return None
            current = [following]
        elif run < depth:
            return None
        else:
            # A TAB inside this level's token: it lost one backslash per outer level and
            # one more when the level itself was decoded.
            current.append(BACKSLASH * (run - depth - 1))
            current.append(TAB)
            current.append(following)
    if limit is not None and depth < limit:
        return None
    levels.append("".join(current))
    return levels


def _encode_level(first: str, rest: str | None) -> str:
    # The engine's Decorator.getType/getState: SequenceEncoder(mine, TAB).append(inner).
    return sequence.join([first] if rest is None else [first, rest], TAB)


# --------------------------------------------------------------------------------------
# Innermost pieces


@dataclass(slots=True, frozen=True)
class BasicPiece:
    """The innermost basic piece (`piece;`), FORMAT.md §6.2.

    Type: `piece;cloneKey;deleteKey;imageName;name`. State:
    `mapId;x;y;gpid;propCount;key;value…` (3.4+), `mapId;x;y;gpid` (3.2/3.3) or `mapId;x;y`
    (2.x). `map_id` is None for `null` (not on a map).

    >>> piece = BasicPiece.decode("piece;;;;RU3", "Map;3252;1304;1886;1;UniqueID;17")
    >>> piece.name, piece.map_id, piece.x, piece.y, piece.gpid, piece.persistent_properties
    ('RU3', 'Map', 3252, 1304, '1886', (('UniqueID', '17'),))
    """

    id: ClassVar[str] = "piece;"
    raw_type: str = field(repr=False)
    raw_state: str | None = field(repr=False)
    clone_key: str
    delete_key: str
    image_name: str
    name: str
    map_id: str | None
    x: int
    y: int
    gpid: str
    persistent_properties: tuple[tuple[str, str], ...]

    @classmethod
    def decode(cls, raw_type: str, raw_state: str | None) -> BasicPiece:
        """Parse the type and state strings (missing fields take the engine defaults)."""
        type_fields = sequence.split(raw_type, ";")
        type_fields += [""] * (5 - len(type_fields))
        state = sequence.split(raw_state, ";") if raw_state is not None else [""]
        count = len(state)
        map_id = state[0] if state[0] not in ("null", "") else None
        properties: list[tuple[str, str]] = []
        if count > 4:
            claimed = parse_int(state[4], 0)
            if claimed > MAX_PIECE_PROPERTIES:
                # The engine reads that many pairs whatever the string holds.
                raise PieceFormatError(
                    f"basic piece state claims {claimed} persistent properties, more than "
                    f"the limit MAX_PIECE_PROPERTIES = {MAX_PIECE_PROPERTIES}")
            for index in range(claimed):
                at = 5 + 2 * index
                properties.append(
                    (state[at] if at < count else "", state[at + 1] if at + 1 < count else "")
                )
        return cls(
            raw_type=raw_type,
            raw_state=raw_state,
            clone_key=type_fields[1],
            delete_key=type_fields[2],
            image_name=type_fields[3],
            name=type_fields[4],
            map_id=map_id,
            x=parse_int(state[1], 0) if count > 1 else 0,
            y=parse_int(state[2], 0) if count > 2 else 0,
            gpid=state[3] if count > 3 else "",
            persistent_properties=tuple(properties),
        )

    def with_state(self, raw_state: str | None) -> BasicPiece:
        """Return this piece with another state."""
        return BasicPiece.decode(self.raw_type, raw_state)

    def properties(self) -> dict[str, str]:
        """`BasicName` and the persistent properties (§6.2)."""
        values = {"BasicName": self.name}
        values.update(self.persistent_properties)
        return values


@dataclass(slots=True, frozen=True)
class StackState:
    """A stack (type exactly `stack`), FORMAT.md §4.4.

    State `mapId;x;y;id;id…[;@@layer]`, members bottom first; `layer` is None when the
    `@@` token is absent (before 3.6).

    >>> stack = StackState.decode("stack", "Map;10;20;111;222;@@-1")
    >>> stack.map_id, stack.x, stack.member_ids, stack.layer
    ('Map', 10, ('111', '222'), -1)
    """

    id: ClassVar[str] = "stack"
    raw_type: str = field(repr=False)
    raw_state: str | None = field(repr=False)
    map_id: str | None
    x: int
    y: int
    member_ids: tuple[str, ...]
    layer: int | None

    @classmethod
    def decode(cls, raw_type: str, raw_state: str | None) -> StackState:
        """Parse the stack state; empty member tokens are skipped."""
        state = sequence.split(raw_state, ";") if raw_state is not None else [""]
        count = len(state)
        members: list[str] = []
        layer: int | None = None
        for token in state[3:]:
            if token.startswith("@@"):
                layer = parse_int(token[2:], -1)
            elif token:
                members.append(token)
        return cls(
            raw_type=raw_type,
            raw_state=raw_state,
            map_id=state[0] if state[0] not in ("null", "") else None,
            x=parse_int(state[1], 0) if count > 1 else 0,
            y=parse_int(state[2], 0) if count > 2 else 0,
            member_ids=tuple(members),
            layer=layer,
        )

    def with_state(self, raw_state: str | None) -> StackState:
        """Return this stack with another state."""
        return StackState.decode(self.raw_type, raw_state)

    def properties(self) -> dict[str, str]:
        """Stacks expose no properties of their own."""
        return {}


@dataclass(slots=True, frozen=True)
class DeckState:
    """A deck (`deck;…`): type fields §6.6, state `mapId;x;y;faceDown;ids` (§4.4).

    `member_ids` are bottom first (the last is the top card); the ids token is omitted when
    the deck is empty.

    >>> deck = DeckState.decode("deck;true;0,0,0;375;525;Always;Always;false;true;false;;;;AP Deck",
    ...                         "Map;200;3700;true;17,18")
    >>> deck.deck_name, deck.face_down_option, deck.face_down, deck.member_ids
    ('AP Deck', 'Always', True, ('17', '18'))
    """

    id: ClassVar[str] = "deck;"
    raw_type: str = field(repr=False)
    raw_state: str | None = field(repr=False)
    deck_name: str
    face_down_option: str
    shuffle_option: str
    allow_multiple_draw: bool
    allow_select_draw: bool
    reversible: bool
    draw_face_up: bool
    persistable: bool
    map_id: str | None
    x: int
    y: int
    face_down: bool
    member_ids: tuple[str, ...]

    @classmethod
    def decode(cls, raw_type: str, raw_state: str | None) -> DeckState:
        """Parse the deck type's main fields and its state."""
        fields = sequence.split(raw_type[len(cls.id) :], ";")
        fields += [""] * (18 - len(fields))
        state = sequence.split(raw_state, ";") if raw_state is not None else [""]
        count = len(state)
        ids = state[4] if count > 4 else ""
        return cls(
            raw_type=raw_type,
            raw_state=raw_state,
            deck_name=fields[12],
            face_down_option=fields[4],
            shuffle_option=fields[5],
            allow_multiple_draw=fields[6] == "true",
            allow_select_draw=fields[7] == "true",
            reversible=fields[8] == "true",
            draw_face_up=fields[16] == "true",
            persistable=fields[17] == "true",
            map_id=state[0] if state[0] not in ("null", "") else None,
            x=parse_int(state[1], 0) if count > 1 else 0,
            y=parse_int(state[2], 0) if count > 2 else 0,
            face_down=count > 3 and state[3] == "true",
            member_ids=tuple(member for member in string_array(ids) if member),
        )

    def type_fields(self) -> list[str]:
        """All `;`-fields of the type after `deck;` (§6.6 numbering)."""
        return sequence.split(self.raw_type[len(self.id) :], ";")

    def with_state(self, raw_state: str | None) -> DeckState:
        """Return this deck with another state."""
        return DeckState.decode(self.raw_type, raw_state)

    def properties(self) -> dict[str, str]:
        """`DeckName`, as the engine exposes it."""
        return {"DeckName": self.deck_name}


@dataclass(slots=True, frozen=True)
class UnknownInner:
    """An innermost type that is none of `piece;`, `stack`, `deck;` (kept losslessly).

    Seen only in damaged strings (a backslash that swallowed a TAB, §3.5) or from custom
    module code; strict decoding rejects it.
    """

    id: str
    raw_type: str = field(repr=False)
    raw_state: str | None = field(repr=False)

    def with_state(self, raw_state: str | None) -> UnknownInner:
        """Return this piece with another state."""
        return UnknownInner(self.id, self.raw_type, raw_state)

    def properties(self) -> dict[str, str]:
        """Nothing is known about an unknown innermost piece."""
        return {}


InnerPiece = BasicPiece | StackState | DeckState | UnknownInner


def _decode_inner(raw_type: str, raw_state: str | None) -> InnerPiece:
    ident = trait_id(raw_type)
    if ident == "piece;":
        return BasicPiece.decode(raw_type, raw_state)
    if ident == "stack":
        return StackState.decode(raw_type, raw_state)
    if ident == "deck;":
        return DeckState.decode(raw_type, raw_state)
    return UnknownInner(ident, raw_type, raw_state)


# --------------------------------------------------------------------------------------
# The piece


@dataclass(slots=True)
class Piece:
    """A decoded piece: its traits, outermost first, and the innermost piece (§6.1).

    Treat it as immutable: `apply_state` returns a new `Piece`.
    """

    traits: list[Trait]
    inner: InnerPiece

    def encode_type(self) -> str:
        """Re-encode the type string from the levels' raw type strings (§3.8)."""
        encoded = _encode_level(self.inner.raw_type, None)
        for trait in reversed(self.traits):
            encoded = _encode_level(trait.raw_type, encoded)
        return encoded

    def encode_state(self) -> str:
        """Re-encode the state string from the levels' raw state strings (§3.8).

        The innermost state is written as is (the decoder took the whole remaining string);
        a level missing from a malformed state is not written.
        """
        encoded = self.inner.raw_state
        for trait in reversed(self.traits):
            if encoded is None:
                if trait.raw_state is not None:
                    encoded = _encode_level(trait.raw_state, None)
            else:
                encoded = _encode_level(trait.raw_state or "", encoded)
        return "" if encoded is None else encoded

    def id_chain(self) -> list[str]:
        """Trait ids outermost first, ending with the innermost id (`piece;`, `stack`…)."""
        ids = [trait.id for trait in self.traits]
        ids.append(self.inner.id)
        return ids

    def find(self, kind: type[Trait]) -> list[Trait]:
        """The traits of class `kind`, outermost first."""
        return [trait for trait in self.traits if isinstance(trait, kind)]

    @property
    def map_id(self) -> str | None:
        """The map id from the innermost state; None when not on a map (`null`).

        For a piece inside a stack or deck use the container's map instead (§4.4).
        """
        inner = self.inner
        return None if isinstance(inner, UnknownInner) else inner.map_id

    @property
    def x(self) -> int | None:
        """The x coordinate from the innermost state; None when not on a map."""
        inner = self.inner
        if isinstance(inner, UnknownInner) or inner.map_id is None:
            return None
        return inner.x

    @property
    def y(self) -> int | None:
        """The y coordinate from the innermost state; None when not on a map."""
        inner = self.inner
        if isinstance(inner, UnknownInner) or inner.map_id is None:
            return None
        return inner.y

    def properties(self) -> dict[str, str]:
        """The property values the piece's own traits expose (§6.4–6.5).

        Marker pairs, Dynamic Property values, Layer `<layer>_Level/_Name/_Image/_Active`,
        Text Label properties, Property Sheet entries, `Moved`, `BasicName` and the basic
        piece's persistent properties. Where several levels define a name, the outermost
        wins, as in the engine. Properties computed by the engine from the module (location,
        map names) or by BeanShell (Calculated Property) are not included.
        """
        # Most traits define no properties: only ask those whose class does.
        definers = [trait for trait in reversed(self.traits)
                    if type(trait).properties is not _NO_PROPERTIES]
        values = self.inner.properties()
        follows = False
        for trait in definers:
            values.update(trait.properties({}))
            follows = follows or isinstance(trait, Layer | Label)
        if not follows:
            return values
        # Layers follow other properties and labels evaluate $prop$: a second pass sees all.
        lookup = dict(values)
        values = self.inner.properties()
        for trait in definers:
            values.update(trait.properties(lookup))
        return values

    @property
    def name(self) -> str:
        """The piece's name as shown in reports (§6.2 "Name of a piece").

        Starts from the basic name (or the outermost Basic Name trait's), then applies each
        Layer's active level name and each non-empty Text Label's name format, innermost
        first. A stack has no name; a deck's is its deck name. Masking (which shows the mask
        name to players who may not see the piece) is not applied.
        """
        inner = self.inner
        if isinstance(inner, BasicPiece):
            name = inner.name
        elif isinstance(inner, DeckState):
            name = inner.deck_name
        else:
            name = ""
        overridden = follows = False
        renamers = []
        for trait in self.traits:
            if not overridden and trait.id == "basicName;":
                name = trait.field(0)
                overridden = True
            follows = follows or isinstance(trait, Layer | Label)
            if type(trait).rename is not _KEEPS_NAME:
                renamers.append(trait)
        if not follows:
            return name
        lookup = self.properties()
        for trait in reversed(renamers):
            name = trait.rename(name, lookup)
        return name

    def __repr__(self) -> str:
        return f"Piece({self.name!r}, traits={len(self.traits)}, inner={self.inner!r})"


# --------------------------------------------------------------------------------------
# Decoding


def _state_levels(state: str | None, count: int) -> tuple[list[str | None], str | None]:
    """Split a state chain into `count` trait states and the innermost state (§6.1 step 3).

    Trait states are None where the chain ran out (a malformed, too short state).
    """
    if state is not None:
        fast = _fast_chain(state, count)
        if fast is not None:
            inner = fast.pop()
            return list(fast), inner
    states: list[str | None] = []
    rest = state
    for _ in range(count):
        if rest is None:
            states.append(None)
            continue
        mine, rest, _ = _split_level(rest)
        states.append(mine)
    return states, rest


def _type_levels(type_: str) -> list[str]:
    """Split a type chain into its level tokens, the innermost last (§6.1 steps 1–2).

    Raises:
        PieceFormatError: more than `MAX_PIECE_TRAITS` trait levels.
    """
    fast = _fast_chain(type_, None)
    if fast is not None:
        if len(fast) > MAX_PIECE_TRAITS + 1:
            _too_many_traits()
        return fast
    levels: list[str] = []
    rest: str | None = type_
    while rest is not None:
        if len(levels) > MAX_PIECE_TRAITS:
            # Each level re-splits the rest of the chain: stop before depth × length work.
            _too_many_traits()
        mine, rest, _ = _split_level(rest)
        levels.append(mine)
    return levels


def _too_many_traits() -> NoReturn:
    raise PieceFormatError(
        f"piece type has more than the limit MAX_PIECE_TRAITS = {MAX_PIECE_TRAITS} trait "
        "levels")


def decode_piece(type_: str, state: str, *, strict: bool = False) -> Piece:
    """Decode a piece's type and state strings into its trait chain (FORMAT.md §6.1).

    Lenient by default: a state with fewer levels than the type leaves the missing states
    None (read as defaults), and an innermost type that is not `piece;`/`stack`/`deck;`
    becomes `UnknownInner`. With `strict=True` those cases raise.

    Raises:
        PieceFormatError: only with `strict=True`: the innermost type is not a basic piece,
            stack or deck (usually a backslash that swallowed a TAB, §3.5); a level of the
            type or state has tokens that do not re-encode to its text, or more than two
            TAB-tokens; or the state has fewer levels than the type. `position` is the
            character offset in the type (or state) string. Messages never quote state
            text, which may hold a password.

    >>> piece = decode_piece("mark;Layer\\temb2;Activate\\\\\\tpiece;;;;Alabama",
    ...                      "Hidden\\t1\\\\\\tMap;2893;2584;1370;0")
    >>> piece.id_chain(), piece.map_id, piece.x
    (['mark;', 'emb2;', 'piece;'], 'Map', 2893)
    """
    *types, innermost = _type_levels(type_)
    states, inner_state = _state_levels(state, len(types))
    traits: list[Trait] = []
    for raw, raw_state in zip(types, states, strict=True):
        ident = trait_id(raw)
        traits.append(TRAITS.get(ident, UnknownTrait)(ident, raw, raw_state))
    piece = Piece(traits, _decode_inner(innermost, inner_state))
    if strict:
        _check_strict(piece, type_, state)
    return piece


@dataclass(frozen=True, slots=True)
class _TypeChain:
    """A piece type string decoded once: each trait level's class, id and raw type."""

    classes: tuple[type[Trait], ...]
    ids: tuple[str, ...]
    raw_types: tuple[str, ...]
    inner: str
    """The innermost level's raw type (`piece;…`, `stack`, `deck;…`)."""


class PieceDecoder:
    """Decodes many pieces (those of one file), each distinct type string only once.

    A save repeats a few hundred piece types thousands of times, so `decode` keeps what it
    learned about each type string, and hands out one object per distinct trait (raw type
    and raw state) and per distinct innermost piece: traits and innermost pieces are
    immutable, so pieces may share them (as `apply_state` already does). Every `Piece`
    gets its own `traits` list. The memory lives as long as the decoder: make one per file
    read, never a global one.

    >>> decoder = PieceDecoder()
    >>> a = decoder.decode("mark;Side\\tpiece;;;;RU3", "CP\\tMap;1;2")
    >>> b = decoder.decode("mark;Side\\tpiece;;;;RU3", "CP\\tMap;3;4")
    >>> a.traits[0] is b.traits[0], a == decode_piece("mark;Side\\tpiece;;;;RU3", "CP\\tMap;1;2")
    (True, True)
    """

    __slots__ = ("_chains", "_inners", "_raw_types", "_traits")

    def __init__(self) -> None:
        self._chains: dict[str, _TypeChain] = {}
        self._raw_types: dict[str, str] = {}
        self._traits: dict[tuple[str, str | None], Trait] = {}
        self._inners: dict[tuple[str, str | None], InnerPiece] = {}

    def decode(self, type_: str, state: str) -> Piece:
        """Return `decode_piece(type_, state)` (lenient), reusing earlier work."""
        chain = self._chains.get(type_)
        if chain is None:
            chain = self._chains[type_] = self._chain(type_)
        states, inner_state = _state_levels(state, len(chain.raw_types))
        cache = self._traits
        keys = list(zip(chain.raw_types, states, strict=True))
        traits = list(map(cache.get, keys))
        if any(map(operator.is_, traits, repeat(None))):
            for index, key in enumerate(keys):
                if traits[index] is None:
                    trait = cache.get(key)
                    if trait is None:
                        trait = cache[key] = chain.classes[index](
                            chain.ids[index], key[0], key[1])
                    traits[index] = trait
        inner_key = (chain.inner, inner_state)
        inner = self._inners.get(inner_key)
        if inner is None:
            inner = self._inners[inner_key] = _decode_inner(chain.inner, inner_state)
        return Piece(cast("list[Trait]", traits), inner)

    def _chain(self, type_: str) -> _TypeChain:
        *levels, innermost = _type_levels(type_)
        # Equal level strings of different piece types become one string object.
        raw_types = tuple(self._raw_types.setdefault(raw, raw) for raw in levels)
        ids = tuple(map(trait_id, raw_types))
        classes = tuple(TRAITS.get(ident, UnknownTrait) for ident in ids)
        return _TypeChain(classes, ids, raw_types, innermost)


def apply_state(piece: Piece, new_state: str, old_state: str | None = None) -> Piece:
    """Return `piece` with a ChangePiece's state applied (FORMAT.md §6.3); `piece` is kept.

    Without `old_state` every level takes its new state. With `old_state` (the merge rule)
    a trait changes only if its new and old per-trait strings differ, and the innermost
    piece only if the whole innermost strings differ, so concurrent changes to other traits
    survive. Levels missing from a short new state keep their current state when merging,
    and are left missing (read as defaults) otherwise.
    """
    count = len(piece.traits)
    new_states, new_inner = _state_levels(new_state, count)
    if old_state is None:
        traits = [
            trait if trait.raw_state == state else trait.with_state(state)
            for trait, state in zip(piece.traits, new_states, strict=True)
        ]
        inner = piece.inner
        if inner.raw_state != new_inner:
            inner = inner.with_state(new_inner)
        return Piece(traits, inner)
    old_states, old_inner = _state_levels(old_state, count)
    traits = []
    for trait, new, old in zip(piece.traits, new_states, old_states, strict=True):
        if new is not None and new != old and new != trait.raw_state:
            trait = trait.with_state(new)
        traits.append(trait)
    inner = piece.inner
    if new_inner is not None and new_inner != old_inner and new_inner != inner.raw_state:
        inner = inner.with_state(new_inner)
    return Piece(traits, inner)


# --------------------------------------------------------------------------------------
# Strict checks and error positions (slow path, only when something is wrong)


def _check_strict(piece: Piece, type_: str, state: str) -> None:
    """Raise PieceFormatError if the strings are not what the engine's encoder writes."""
    depth = len(piece.traits)
    if piece.inner.id not in INNER_IDS:
        # Point at a TAB the innermost level swallowed (a token ending in a backslash,
        # §3.5), if there is one.
        level = _level_text(type_, depth)
        swallowed = level.find(TAB)
        raise PieceFormatError(
            f"innermost type {piece.inner.id[:40]!r} is not a basic piece, stack or deck "
            f"(a backslash may have swallowed a TAB)",
            position=_position(type_, depth, max(swallowed, 0)),
        )
    if piece.inner.raw_state is None:
        present = sum(1 for trait in piece.traits if trait.raw_state is not None)
        raise PieceFormatError(
            f"state has {present} levels, type has {depth + 1}", position=len(state)
        )
    if piece.encode_type() != type_:
        _locate_bad_level(type_, depth, "type")
    if piece.encode_state() != state:
        _locate_bad_level(state, depth, "state")


def _locate_bad_level(whole: str, count: int, what: str) -> None:
    """Find the first level of a chain that does not re-encode, and raise for it."""
    text = whole
    for depth in range(count + 1):
        mine, rest, third = _split_level(text)
        if third >= 0:
            raise PieceFormatError(
                f"{what} level {depth} has more than two TAB-separated tokens",
                position=_position(whole, depth, third),
            )
        if depth < count and _encode_level(mine, rest) != text:
            raise PieceFormatError(
                f"{what} level {depth} has an escape VASSAL never writes",
                position=_position(whole, depth, _first_difference(text)),
            )
        if rest is None or depth == count:
            break
        text = rest
    raise PieceFormatError(f"{what} string does not re-encode to itself", position=0)


def _first_difference(text: str) -> int:
    """Offset in `text` where re-encoding its TAB-tokens first differs (via split_strict)."""
    try:
        sequence.split_strict(text, TAB)
    except SequenceDecodeError as error:
        return error.position or 0
    # split_strict accepts lists of any length; the two-token re-encoding differed.
    return _nth_real_tab(text, 2)


def _nth_real_tab(text: str, n: int) -> int:
    """Offset of the n-th (1-based) unescaped TAB in `text`, or its length."""
    index = -1
    for _ in range(n):
        index = _real_tab(text, index + 1)
        if index < 0:
            return len(text)
    return index


def _level_text(whole: str, depth: int) -> str:
    """The text of level `depth` of a TAB chain (level 0 is `whole`)."""
    text = whole
    for _ in range(depth):
        _, rest, _ = _split_level(text)
        if rest is None:
            break
        text = rest
    return text


_MAPPED_CHARS = 1_000_000
"""Longest piece string whose error positions are mapped back exactly (`_position`); real
piece strings are at most tens of KB."""


def _position(whole: str, depth: int, offset: int) -> int:
    """Map an offset in the text of level `depth` back to an offset in `whole`.

    Replays the engine's decoder character by character, remembering where each character
    of each level came from in `whole` (only used to report an error). That costs tens of
    bytes a character, so in a string longer than `_MAPPED_CHARS` an error below level 0
    points at the string's start instead.
    """
    if depth == 0:
        return min(offset, len(whole))
    if len(whole) > _MAPPED_CHARS:
        return 0
    origins = list(range(len(whole)))
    text = whole
    end = len(whole)
    for _ in range(depth):
        split = _second_token_with_origins(text, origins)
        if split is None:
            break
        text, origins, end = split
    if offset < len(origins):
        return origins[offset]
    return end


def _second_token_with_origins(
    text: str, origins: list[int]
) -> tuple[str, list[int], int] | None:
    """The second TAB-token of `text` with the origin of each character (§3.2)."""
    cut = _real_tab(text, 0)
    if cut < 0:
        return None
    start = cut + 1
    stop = _real_tab(text, start)
    if stop < 0:
        stop = len(text)
    chars: list[str] = []
    kept: list[int] = []
    for index in range(start, stop):
        if text[index] == "\\" and index + 1 < stop and text[index + 1] == TAB:
            continue
        chars.append(text[index])
        kept.append(origins[index])
    token = "".join(chars)
    if len(token) >= 2 and token[0] == "'" and token[-1] == "'":
        token, kept = token[1:-1], kept[1:-1]
    end = origins[stop] if stop < len(origins) else (origins[-1] + 1 if origins else 0)
    return token, kept, end

