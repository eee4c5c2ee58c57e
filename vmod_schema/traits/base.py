"""The base class of every piece trait, and the small text helpers traits share.

A trait (FORMAT.md §6.1) is one level of a piece's TAB chain: a type string that starts with
the trait id (§6.4) and a state string. Every trait object keeps both strings exactly as
decoded, so re-encoding the chain reproduces the file byte for byte (§3.8); parsed values are
computed from those strings on demand (cheap `;`-splits), which keeps decoding a 70,000-trait
save fast and lets trait objects stay immutable.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import ClassVar

from vmod_schema import sequence
from vmod_schema.formats import format_string

REDACTED = "<redacted>"
"""What repr() shows instead of a state that may hold a player's password (§4.3 PLAYER)."""


def trait_id(type_: str) -> str:
    """Return the trait id of a type string: up to and including the first `;` (§6.1).

    A type without `;` is its own id (`stack`, the custom `ScatterTrait`).

    >>> trait_id("emb2;Activate;2"), trait_id("stack"), trait_id("ScatterTrait")
    ('emb2;', 'stack', 'ScatterTrait')
    """
    cut = type_.find(";")
    return type_ if cut < 0 else type_[: cut + 1]


@lru_cache(maxsize=4096)
def split_type(raw_type: str, id_length: int, delimiter: str = ";") -> tuple[str, ...]:
    """The `delimiter`-tokens of a trait type after its id (`id_length` characters).

    A pure function of immutable strings, memoised in a bounded LRU cache: a save holds
    thousands of traits but only a few thousand distinct type strings, and pieces share
    their trait objects (`pieces.PieceDecoder`), so the same type is parsed again and
    again by `type_fields`, `properties` and `Piece.name`. Returns a tuple (immutable) so
    cached results cannot be changed by a caller.

    >>> split_type("mark;Layer,Side", 5, ",")
    ('Layer', 'Side')
    """
    return tuple(sequence.split(raw_type[id_length:], delimiter))


def string_array(token: str) -> list[str]:
    """Decode a `,`-encoded string array; the empty string is zero elements (§3.7).

    >>> string_array("a,b\\\\,c"), string_array("")
    (['a', 'b,c'], [])
    """
    return sequence.split(token, ",") if token else []


def parse_int(text: str, default: int) -> int:
    """Return `text` as an int like the engine's typed reads, or `default` (§3.6).

    A number outside Java's 32-bit `int` is not one (the engine's `parseInt` fails on it),
    so a count or coordinate read from a file is never larger than 2**31 - 1.

    >>> parse_int(" 7", 0), parse_int("x", -1), parse_int("2147483648", 0)
    (7, -1, 0)
    """
    try:
        value = int(text.strip())
    except ValueError:
        return default
    return value if _JAVA_INT_MIN <= value <= _JAVA_INT_MAX else default


_JAVA_INT_MIN = -(2**31)
_JAVA_INT_MAX = 2**31 - 1


def evaluate_format(text: str, properties: Mapping[str, str]) -> str:
    """Evaluate a `$prop$` format string the way the engine does for names (§7.11).

    >>> evaluate_format("$pieceName$ ($label$)", {"pieceName": "RU3", "label": "x"})
    'RU3 (x)'
    >>> evaluate_format(" 007 ", {}), evaluate_format("$missing$!", {})
    ('7', 'missing!')
    """
    return format_string(text, properties)


@dataclass(slots=True, frozen=True, repr=False)
class Trait:
    """One decorator level of a piece (FORMAT.md §6.1): its id, raw type and raw state.

    `raw_state` is None when the state string had no level for this trait (lenient decoding
    of a malformed piece); `state` then reads as the empty default (§6.3 last bullet).
    Subclasses add parsed views of the two strings as methods; they never add fields.
    """

    id: str
    raw_type: str
    raw_state: str | None = None

    SENSITIVE_STATE: ClassVar[bool] = False
    """True for traits whose state holds a player's user id, i.e. a password (§6.5 Mask)."""

    @property
    def state(self) -> str:
        """The state string, or `""` if the state chain had no level for this trait."""
        return "" if self.raw_state is None else self.raw_state

    def type_fields(self) -> list[str]:
        """The `;`-tokens of the type after the trait id (§6.5 layouts)."""
        return list(split_type(self.raw_type, len(self.id)))

    def field(self, index: int, default: str = "") -> str:
        """Type field `index` after the id, or `default` if the type is shorter (§3.6)."""
        fields = split_type(self.raw_type, len(self.id))
        return fields[index] if index < len(fields) else default

    def with_state(self, raw_state: str | None) -> Trait:
        """Return a copy of this trait with another state (traits are immutable)."""
        return replace(self, raw_state=raw_state)

    def properties(self, lookup: Mapping[str, str]) -> dict[str, str]:
        """The piece properties this trait defines, given the piece's other properties.

        `lookup` holds the properties of the whole piece (for traits whose values follow
        other properties, like a Layer that follows a property); most traits ignore it.
        """
        del lookup
        return {}

    def rename(self, name: str, lookup: Mapping[str, str]) -> str:
        """Return the piece name as seen through this trait (§6.2 "Name of a piece")."""
        del lookup
        return name

    def redacted_state(self) -> str | None:
        """The state safe to show or log: redacted for traits holding a user id."""
        if self.SENSITIVE_STATE and self.raw_state:
            return REDACTED
        return self.raw_state

    def __repr__(self) -> str:
        shown = self.raw_type if len(self.raw_type) <= 60 else self.raw_type[:57] + "..."
        return f"{type(self).__name__}({shown!r}, state={self.redacted_state()!r})"
