"""A report's JSON written in pieces, never held whole (issue 24).

`json_chunks(report)` yields, byte for byte, what `report.model_dump_json(indent=2)`
returns, as a sequence of chunks: every field but the spilled ones (`adjudicator.spill`)
is serialised by pydantic on its own; a spilled list's items are copied from the texts it
keeps, indented to their depth. A 100,000-step log's sidecar (tens of MB) is written
without a copy of it in memory, nor of its computations as models.
"""

from __future__ import annotations

from collections.abc import Iterator

from pydantic import BaseModel

from adjudicator.spill import Spilled

_INDENT = b"  "


def json_chunks(model: BaseModel) -> Iterator[bytes]:
    """`model.model_dump_json(indent=2)` as UTF-8 bytes, in chunks (module docstring)."""
    serializer = model.__pydantic_serializer__
    separator = b"{\n"
    for name in type(model).model_fields:
        value = getattr(model, name)
        if isinstance(value, Spilled):
            yield separator
            yield from _spilled_field(name, value)
        else:
            text = serializer.to_json(model, include={name}, indent=2)
            if text == b"{}":
                continue  # excluded from the JSON
            yield separator
            yield text[2:-2]  # `  "name": value`, without the object's braces
        separator = b",\n"
    yield b"{}" if separator == b"{\n" else b"\n}"


def _spilled_field(name: str, items: Spilled[BaseModel]) -> Iterator[bytes]:
    """`  "name": [ … ]` at the report's first level, each item at the second."""
    yield _INDENT + b'"' + name.encode("utf-8") + b'": '
    if not items:
        yield b"[]"
        return
    pad = _INDENT * 2
    separator = b"[\n"
    for text in items.texts():
        yield separator + pad + text.replace(b"\n", b"\n" + pad)
        separator = b",\n"
    yield b"\n" + _INDENT + b"]"


__all__ = ["json_chunks"]
