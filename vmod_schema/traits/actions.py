"""Command traits: menu and key actions, reports, links between pieces, decorations.

FORMAT.md §6.4. Most of these have no state (their state slot is usually empty); the
exceptions parsed here are Report Action (cycle index), Area of Effect (active flag), the
Mat / Mat Cargo / Attachment links (piece ids) and the Prototype reference (§7.9).
"""

from __future__ import annotations

from vmod_schema import sequence
from vmod_schema.traits.base import Trait, parse_int


class ReportState(Trait):
    """Report Action (`report;`): state = cycle index, `-1` = none (§6.5)."""

    __slots__ = ()

    def report_format(self) -> str:
        """The chat format (type field 1), default `$location$: $newPieceName$ *`."""
        return self.field(1, "$location$: $newPieceName$ *")

    def cycle_index(self) -> int:
        """The current cycle index, -1 when not cycling."""
        return parse_int(self.state, -1)


class TriggerAction(Trait):
    """Trigger Action (`macro;`): no state."""

    __slots__ = ()


class GlobalKeyCommand(Trait):
    """Global Key Command trait (`globalkey;`): no state."""

    __slots__ = ()


class SetGlobalProperty(Trait):
    """Set Global Property (`setprop;`): no state."""

    __slots__ = ()


class SetPieceProperty(Trait):
    """Set Piece Property (`setpieceprop;`): no state."""

    __slots__ = ()


class PlaceMarker(Trait):
    """Place Marker (`placemark;`): creates a piece; field 2 is its definition (§7.9)."""

    __slots__ = ()

    def marker_spec(self) -> str:
        """The marker definition: an escaped `+/null/type/state`, a component path or `null`."""
        return self.field(2)


class Replace(PlaceMarker):
    """Replace with Other (`replace;`): same type layout as Place Marker (§7.9)."""

    __slots__ = ()


class Clone(Trait):
    """Clone (`clone;`): no state."""

    __slots__ = ()


class Delete(Trait):
    """Delete (`delete;`): no state."""

    __slots__ = ()


class SubMenu(Trait):
    """Sub-menu (`submenu;`): no state."""

    __slots__ = ()


class MenuSeparator(Trait):
    """Menu separator (`menuSeparator;`): no state."""

    __slots__ = ()


class PlaySound(Trait):
    """Play Sound (`playSound;`): no state."""

    __slots__ = ()


class ActionButton(Trait):
    """Action Button (`button;`): no state."""

    __slots__ = ()


class GlobalHotKey(Trait):
    """Global Hotkey (`globalhotkey;`): no state."""

    __slots__ = ()


class Deselect(Trait):
    """Deselect (`deselect;`): no state."""

    __slots__ = ()


class TranslatableMessage(Trait):
    """Translatable message (`locmsg;`): no state."""

    __slots__ = ()


class NonRectangular(Trait):
    """Non-rectangular shape (`nonRect;`, `nonRect2;`): no state."""

    __slots__ = ()


class AreaOfEffect(Trait):
    """Area of Effect (`AreaOfEffect;`): state `true`/`false` (active)."""

    __slots__ = ()

    def is_active(self) -> bool:
        """Whether the area is shown."""
        return sequence.split(self.state, ";")[0] == "true"


class MultiLocationCommand(Trait):
    """Multi-location command (`locCommand;`): no state."""

    __slots__ = ()


class BorderOutline(Trait):
    """Border outline (`border;`): no state."""

    __slots__ = ()


class Comment(Trait):
    """Comment (`cmt;`): no state; dropped when prototypes are expanded (§7.9)."""

    __slots__ = ()


class UsePrototype(Trait):
    """Prototype reference (`prototype;name[;params]`), only in definitions (§7.9).

    >>> ref = UsePrototype("prototype;", "prototype;Infantry;side=CP,size=3", "")
    >>> ref.prototype_name(), ref.parameters()
    ('Infantry', {'side': 'CP', 'size': '3'})
    """

    __slots__ = ()

    def prototype_name(self) -> str:
        """The referenced PrototypeDefinition's name."""
        return self.field(0)

    def parameters(self) -> dict[str, str] | None:
        """The `key=value` parameters, or None when the type has no params field.

        Like the engine, an entry without `=value` is ignored, and a later key wins.
        """
        fields = self.type_fields()
        if len(fields) < 2:
            return None
        params: dict[str, str] = {}
        for entry in sequence.split(fields[1], ","):
            parts = sequence.split(entry, "=")
            if len(parts) >= 2:
                params[parts[0]] = parts[1]
        return params


def _piece_ids(state: str) -> list[str]:
    # `count ; id ; id …` (Mat, Attachment): read `count` ids, tolerating a short list.
    fields = sequence.split(state, ";")
    count = parse_int(fields[0], 0)
    return [piece_id for piece_id in fields[1 : 1 + count] if piece_id]


class Mat(Trait):
    """Mat (`mat;`): state `count;cargoId…` — the pieces riding on this mat."""

    __slots__ = ()

    def mat_name(self) -> str:
        """The mat's name (type field 0)."""
        return self.field(0)

    def cargo_ids(self) -> list[str]:
        """Ids of the cargo pieces on this mat."""
        return _piece_ids(self.state)


class MatCargo(Trait):
    """Mat Cargo (`matPiece;`): state = id of the mat it rides on, or `noMat`."""

    __slots__ = ()

    def mat_id(self) -> str | None:
        """The mat piece's id, None when on no mat."""
        first = sequence.split(self.state, ";")[0]
        return None if first in ("", "noMat", "null") else first


class Attachment(Trait):
    """Attachment (`attach;`): state `count;pieceId…` — the attached pieces."""

    __slots__ = ()

    def attachment_name(self) -> str:
        """The attachment's name (type field 0)."""
        return self.field(0)

    def attached_ids(self) -> list[str]:
        """Ids of the attached pieces."""
        return _piece_ids(self.state)
