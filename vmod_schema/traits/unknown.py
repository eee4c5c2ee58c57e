"""Traits this package does not know, kept losslessly (FORMAT.md §6.4 last paragraph)."""

from __future__ import annotations

from vmod_schema.traits.base import Trait


class UnknownTrait(Trait):
    """A trait id no engine class defines (e.g. a module's custom `ScatterTrait`).

    The raw type and state are kept unchanged so the piece re-encodes byte for byte; the
    engine itself treats such a trait as a do-nothing Marker.

    >>> UnknownTrait("ScatterTrait", "ScatterTrait", "")
    UnknownTrait('ScatterTrait', state='')
    """

    __slots__ = ()
