"""Traits that hide pieces or restrict who may use them: Mask, Invisible, Restricted Access.

FORMAT.md §6.5 "Mask", "Invisible", "Restricted Access" and §6.5.1. The states of these
traits hold the **user id of a player, which is that player's VASSAL password** in clear
(§4.3 PLAYER). The accessor methods return it because a replay must join it to a player,
but `repr()` shows `<redacted>` instead of the state, and nothing here logs it.
"""

from __future__ import annotations

from vmod_schema import sequence
from vmod_schema.traits.base import Trait


class Mask(Trait):
    """Mask / Obscurable (`obs;`): state `obscuredBy;options` (§6.5).

    >>> mask = Mask("obs;", "obs;70,130;back.png;Flip;Gback.png;General;player:", "hunter2;")
    >>> mask.is_masked(), mask.mask_name(), "hunter2" in repr(mask)
    (True, 'General', False)
    """

    __slots__ = ()
    SENSITIVE_STATE = True

    def mask_name(self) -> str:
        """The name shown to players who may not see the piece (type field 4), default `?`."""
        return self.field(4, "?")

    def mask_image(self) -> str:
        """The image shown to players who may not see the piece (type field 1), or `""`.

        >>> Mask("obs;", "obs;70,130;back.png;Flip;Gback.png;General;player:", "").mask_image()
        'back.png'
        """
        return self.field(1)

    def access(self) -> str:
        """The access rule (type field 5): `player:`, `side:` or `sides:A:B…` (§6.5.1)."""
        return self.field(5, "player:") or "player:"

    def display_style(self) -> str:
        """How the masked piece is drawn (type field 3, first character is the style)."""
        return self.field(3)

    def obscured_by(self) -> str | None:
        """Who masked the piece (a user id = password, or a side name), None if unmasked.

        Sensitive: never log or display this value.
        """
        first = sequence.split(self.state, ";")[0] if self.raw_state else "null"
        return None if first in ("null", "") else first

    def is_masked(self) -> bool:
        """Whether the piece is currently masked."""
        return self.obscured_by() is not None


class Invisible(Trait):
    """Invisible / Hideable (`hide;`): state `hiddenBy` or `null` (§6.5).

    Sensitive: the state is a user id (password); repr() redacts it.
    """

    __slots__ = ()
    SENSITIVE_STATE = True

    def access(self) -> str:
        """The access rule (type field 3), default `player:` (§6.5.1)."""
        return self.field(3, "player:") or "player:"

    def hidden_by(self) -> str | None:
        """Who hid the piece (user id = password, or side), None if visible. Never log it."""
        first = sequence.split(self.state, ";")[0] if self.raw_state else "null"
        return None if first in ("null", "") else first

    def is_hidden(self) -> bool:
        """Whether the piece is currently invisible to others."""
        return self.hidden_by() is not None


class Restricted(Trait):
    """Restricted Access (`restrict;`): allowed sides in the type, owner id in the state.

    >>> Restricted("restrict;", "restrict;Blue,Red,Solitaire;false;true", "").sides()
    ['Blue', 'Red', 'Solitaire']
    """

    __slots__ = ()
    SENSITIVE_STATE = True

    def sides(self) -> list[str]:
        """Side names allowed to use the piece (type field 0)."""
        text = self.field(0)
        return sequence.split(text, ",") if text else []

    def restrict_by_player(self) -> bool:
        """Whether only the owning player may use it (type field 1)."""
        return self.field(1) == "true"

    def owner(self) -> str | None:
        """The owning player's user id (a password: never log it), None if none."""
        return self.state or None


class RestrictCommands(Trait):
    """Restrict/Hide menu commands (`hideCmd;`): no state (§6.4)."""

    __slots__ = ()
