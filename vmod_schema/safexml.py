"""The one place XML is parsed: module definitions (`buildFile.xml`) and metadata entries.

VASSAL writes plain UTF-8 XML without a DTD (FORMAT.md §1.4, §7.1). The parser therefore
refuses anything a DTD could bring in: a `<!DOCTYPE` or `<!ENTITY` declaration is a
`XmlSecurityError` before and after parsing; entities are never resolved, the network and
external DTDs are never touched, and libxml2's size/depth limits stay on (`huge_tree=False`).
"""

from __future__ import annotations

import re

from lxml import etree

from vmod_schema.errors import BuildFileError, XmlSecurityError

_FORBIDDEN = (b"<!DOCTYPE", b"<!ENTITY")
_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")


def _parser() -> etree.XMLParser:
    return etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        dtd_validation=False,
        huge_tree=False,
        remove_comments=True,
        remove_pis=True,
    )


def _declares_dtd(data: bytes) -> bool:
    if any(marker in data for marker in _FORBIDDEN):
        return True
    if data.startswith(_UTF16_BOMS):
        text = data.decode("utf-16", errors="replace")
        return "<!DOCTYPE" in text or "<!ENTITY" in text
    return False


def _offset(data: bytes, line: int, column: int) -> int:
    """Byte offset of a 1-based (line, column) position as libxml2 reports it."""
    offset = 0
    for _ in range(max(line - 1, 0)):
        newline = data.find(b"\n", offset)
        if newline == -1:
            return len(data)
        offset = newline + 1
    return min(offset + max(column - 1, 0), len(data))


def parse_xml(data: bytes, *, file: str, entry: str | None = None) -> etree._Element:
    """Parse `data` as XML and return the root element.

    Raises:
        XmlSecurityError: the document declares a DOCTYPE or an entity (VASSAL never does).
        BuildFileError: the document is not well-formed XML; the message names line and
            column and `position` is the byte offset of the error.

    >>> parse_xml(b"<data version='1'><name>x</name></data>", file="f").tag
    'data'
    """
    if _declares_dtd(data):
        raise XmlSecurityError("XML declares a DOCTYPE or ENTITY, which VASSAL never writes",
                               file=file, entry=entry)
    try:
        root = etree.fromstring(data, _parser())
    except etree.XMLSyntaxError as error:
        line, column = error.position
        message = re.sub(r", line \d+, column \d+$", "", error.msg or "syntax error")
        raise BuildFileError(
            f"malformed XML at line {line}, column {column}: {message}",
            file=file, entry=entry, position=_offset(data, line, column),
        ) from None
    info = root.getroottree().docinfo
    # lxml-stubs do not declare `doctype`; it is the DOCTYPE text, empty without one.
    doctype: object = getattr(info, "doctype", None)
    if info.internalDTD is not None or doctype:
        raise XmlSecurityError("XML declares a DOCTYPE, which VASSAL never writes",
                               file=file, entry=entry)
    return root
