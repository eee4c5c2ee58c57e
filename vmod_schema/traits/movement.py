"""Movement-related traits: Mark When Moved, Movement Trail, Send to Location, rotation, …

FORMAT.md §6.4 and §6.5 ("Mark When Moved", "Movement Trail", "Send to Location",
"Can Rotate", "Does not stack").
"""

from __future__ import annotations

from collections.abc import Mapping

from vmod_schema import sequence
from vmod_schema.traits.base import Trait, parse_int


class MarkWhenMoved(Trait):
    """Mark When Moved (`markmoved;`): state `true`/`false`, exposed as property `Moved`.

    >>> MarkWhenMoved("markmoved;", "markmoved;;-52;-52;Clear", "true").properties({})
    {'Moved': 'true'}
    """

    __slots__ = ()

    def has_moved(self) -> bool:
        """Whether the piece is marked as moved."""
        return self.state == "true"

    def properties(self, lookup: Mapping[str, str]) -> dict[str, str]:
        """`Moved` = `true`/`false`."""
        return {"Moved": "true" if self.has_moved() else "false"}


class Footprint(Trait):
    """Movement Trail (`footprint;`): state `visible;startMapId;n;x,y…;…` (§6.5).

    >>> trail = Footprint("footprint;", "footprint;84,130", "false;Map0;1;3252,1304;true")
    >>> trail.is_visible(), trail.start_map_id(), trail.points()
    (False, 'Map0', [(3252, 1304)])
    """

    __slots__ = ()

    def _state_fields(self) -> list[str]:
        return sequence.split(self.state, ";")

    def is_visible(self) -> bool:
        """Whether the trail is shown (state field 0)."""
        return self._state_fields()[0] == "true"

    def start_map_id(self) -> str | None:
        """The internal id (`Map0`…) of the map the trail starts on, None if none."""
        fields = self._state_fields()
        start = fields[1] if len(fields) > 1 else ""
        return start if start and start != "null" else None

    def points(self) -> list[tuple[int, int]]:
        """The trail's points, oldest first."""
        fields = self._state_fields()
        count = parse_int(fields[2], 0) if len(fields) > 2 else 0
        points = []
        for token in fields[3 : 3 + count]:
            x, _, y = token.partition(",")
            points.append((parse_int(x, 0), parse_int(y, 0)))
        return points


class SendToLocation(Trait):
    """Send to Location (`sendto;`): state `backMap;backX;backY` (§6.5)."""

    __slots__ = ()

    def destination_map(self) -> str:
        """The destination map name format (type field 2)."""
        return self.field(2)

    def back_map(self) -> str | None:
        """The map "send back" returns to, None if none."""
        first = sequence.split(self.state, ";")[0]
        return first if first and first != "null" else None

    def back_position(self) -> tuple[int, int] | None:
        """The (x, y) "send back" returns to, None if there is no back map."""
        if self.back_map() is None:
            return None
        fields = sequence.split(self.state, ";")
        x = parse_int(fields[1], 0) if len(fields) > 1 else 0
        y = parse_int(fields[2], 0) if len(fields) > 2 else 0
        return (x, y)


class ReturnToDeck(Trait):
    """Return to Deck (`return;`): no state."""

    __slots__ = ()


class Translate(Trait):
    """Move Fixed Distance (`translate;`): no state."""

    __slots__ = ()


class Immobilized(Trait):
    """Does not stack (`immob;`): selection, movement and stacking options (§6.5)."""

    __slots__ = ()

    def movement_option(self) -> str:
        """`N` normal, `I` only if selected, `V` never move (type field 1)."""
        return self.field(1, "N") or "N"

    def never_stacks(self) -> bool:
        """Whether the piece never stacks (type field 2, `R`, the default)."""
        return (self.field(2, "R") or "R") == "R"


class Rotate(Trait):
    """Can Rotate / FreeRotator (`rotate;`): facing index or free angle (§6.5).

    >>> Rotate("rotate;", "rotate;1;84,130;Adjust Facing", "90.0").angle()
    90.0
    >>> Rotate("rotate;", "rotate;6;;", "2").angle()
    -120.0
    """

    __slots__ = ()

    def angle_count(self) -> int:
        """Number of allowed facings (type field 0); 1 means free rotation."""
        return parse_int(self.field(0), 6)

    def angle(self) -> float:
        """The current angle in degrees (facing `i` of `n` is `-i·360/n`)."""
        count = self.angle_count()
        text = sequence.split(self.state, ";")[0].strip()
        if count == 1:
            try:
                return float(text)
            except ValueError:
                return 0.0
        return -parse_int(text, 0) * 360.0 / max(count, 1)


class Pivot(Trait):
    """Pivot (`pivot;`): no state."""

    __slots__ = ()
