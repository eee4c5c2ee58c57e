"""Metadata entries: `moduledata`, `savedata` and `extensiondata` (FORMAT.md §1.4).

Each is a small XML document `<data version="1">` whose child elements hold text. An element
that is absent reads as `None`; an empty element (`<version/>`) reads as `""`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from vmod_schema.errors import BuildFileError
from vmod_schema.safexml import parse_xml

if TYPE_CHECKING:
    from lxml import etree

_FIELDS: dict[str, str] = {
    "version": "version",
    "VassalVersion": "vassal_version",
    "dateSaved": "date_saved",
    "description": "description",
    "name": "name",
    "extra1": "extra1",
    "extra2": "extra2",
    "moduleName": "module_name",
    "moduleVersion": "module_version",
}
"""Element name → field name, for every element FORMAT.md §1.4 lists."""


MAX_DATE_DIGITS = 15
"""Digits of a `dateSaved` read as a date (milliseconds: 15 digits reach the year 33658)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Metadata:
    """The metadata of a module, extension or save, as its `…data` entry states it.

    A plain dataclass rather than a pydantic model: reading a save needs nothing more, and
    it keeps pydantic out of the save-reading path (FORMAT.md §1.4).
    """

    version: str | None = None
    """Module version (in `savedata`: usually empty)."""
    vassal_version: str | None = None
    """Engine version that wrote the file, e.g. `3.6.4`."""
    date_saved: str | None = None
    """Milliseconds since 1970-01-01 UTC, as written."""
    description: str | None = None
    name: str | None = None
    extra1: str | None = None
    extra2: str | None = None
    module_name: str | None = None
    """Extensions only: the base module's name."""
    module_version: str | None = None
    """Extensions only: the base module's version."""

    @property
    def saved_at(self) -> datetime | None:
        """`date_saved` as an aware UTC datetime, or None if absent, not a number, or past
        what a date can hold (a file edited by hand: 25 nines).

        >>> Metadata(date_saved="9" * 25).saved_at is None
        True
        """
        text = (self.date_saved or "").strip()
        if not text.isdigit() or len(text) > MAX_DATE_DIGITS:
            return None
        try:
            return datetime.fromtimestamp(int(text) / 1000, tz=UTC)
        except (OverflowError, OSError, ValueError):
            return None


def parse_metadata(xml: bytes, *, file: str, entry: str | None = None) -> Metadata:
    """Parse a `moduledata`, `savedata` or `extensiondata` entry (FORMAT.md §1.4).

    Translatable elements may repeat; the first one **without** a `lang` attribute is the
    default text. (3.2.x writers swapped attribute and text of the translated copies, so the
    element without `lang` is the only trustworthy one.)

    Raises:
        XmlSecurityError: the XML declares a DTD or entity.
        BuildFileError: malformed XML, or a root element other than `data`.

    >>> parse_metadata(b'<data version="1"><name lang="de">X</name><name>Y</name></data>',
    ...                file="m").name
    'Y'
    """
    root = parse_xml(xml, file=file, entry=entry)
    if root.tag != "data":
        raise BuildFileError(f"metadata root element is {root.tag!r}, expected 'data'",
                             file=file, entry=entry)
    values: dict[str, str] = {}
    for child in root:
        if not isinstance(child.tag, str):
            continue
        field = _FIELDS.get(child.tag)
        if field is None or field in values or child.get("lang") is not None:
            continue
        values[field] = _text(child)
    return Metadata(**values)


def _text(element: etree._Element) -> str:
    return "".join(text for text in element.itertext() if isinstance(text, str))
