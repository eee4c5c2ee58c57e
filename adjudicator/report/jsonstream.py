"""A report's JSON written in pieces, never held whole (issue 24).

`json_chunks(report)` yields, byte for byte, what `report.model_dump_json(indent=2)`
returns, as a sequence of chunks: a spilled list's items (`adjudicator.spill`) are copied
from the texts it keeps, indented to their depth; a model holding one is written field by
field; every other field is serialised by pydantic on its own. A 100,000-step log's
sidecar (tens of MB) is written without a copy of it in memory, nor of its computations
and rolls as models.
"""

from __future__ import annotations

from collections.abc import Iterator

from pydantic import BaseModel

from adjudicator.spill import Spilled

_INDENT = b"  "


def json_chunks(model: BaseModel, depth: int = 0) -> Iterator[bytes]:
    """`model.model_dump_json(indent=2)` as UTF-8 bytes, in chunks, for a model written
    `depth` levels deep (its first line not indented: it follows its key)."""
    serializer = model.__pydantic_serializer__
    outer = _INDENT * depth
    inner = outer + _INDENT
    separator = b"{\n"
    for name in type(model).model_fields:
        value = getattr(model, name)
        if isinstance(value, Spilled):
            yield separator + inner + _key(name)
            yield from _items(value, depth + 1)
        elif isinstance(value, BaseModel) and _holds_spilled(value):
            yield separator + inner + _key(name)
            yield from json_chunks(value, depth + 1)
        else:
            text = serializer.to_json(model, include={name}, indent=2)
            if text == b"{}":
                continue  # excluded from the JSON
            # `  "name": value` without the object's braces, at this depth
            yield separator + outer + text[2:-2].replace(b"\n", b"\n" + outer)
        separator = b",\n"
    yield b"{}" if separator == b"{\n" else b"\n" + outer + b"}"


def _key(name: str) -> bytes:
    return b'"' + name.encode("utf-8") + b'": '


def _items(items: Spilled[BaseModel], depth: int) -> Iterator[bytes]:
    """A spilled list whose key is `depth` levels deep: `[`, each item a level deeper."""
    if not items:
        yield b"[]"
        return
    pad = _INDENT * (depth + 1)
    separator = b"[\n"
    for text in items.texts():
        yield separator + pad + text.replace(b"\n", b"\n" + pad)
        separator = b",\n"
    yield b"\n" + _INDENT * depth + b"]"


def _holds_spilled(model: BaseModel) -> bool:
    """Whether a spilled list is among the model's fields, or theirs."""
    return any(isinstance(value, Spilled)
               or (isinstance(value, BaseModel) and _holds_spilled(value))
               for value in (getattr(model, name) for name in type(model).model_fields))


__all__ = ["json_chunks"]
