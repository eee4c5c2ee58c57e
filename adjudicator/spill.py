"""Long lists kept as their JSON text, on disk once they grow: memory flat in steps (issue 24).

A 100,000-step log yields tens of thousands of computations (War for America: 65,807).
Kept as pydantic models until the report is written they held about 1.5 kB each, and the
report's JSON was then built in memory on top of them. `Spilled` keeps each item as the
text pydantic writes for it (`to_json(item, indent=2)`, what the JSON sidecar holds, only
indented deeper), in a spooled temporary file that moves to disk past `SPOOL_BYTES`, with
the item's step beside it. So:

- the JSON sidecar copies the texts (`adjudicator.report.jsonstream`): nothing is parsed
  or serialised again, and nothing is held whole;
- the Markdown and HTML renderers, and anyone else, iterate models parsed back one at a
  time (the texts round-trip: the audit's report cache relies on the same);
- a referee's undo truncates; dropping undone steps filters by step, no text parsed.

A field typed `Spilled[Model]` accepts a list (or a `Spilled`) and serialises as the list
it stands for, so a report built in a test with a list, or read back from its JSON, is the
report `check` builds.
"""

from __future__ import annotations

import tempfile
import threading
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Generic, TypeVar, get_args, overload

from pydantic import BaseModel, GetCoreSchemaHandler
from pydantic_core import core_schema

SPOOL_BYTES = 1 << 20
"""Texts held in memory before the spool moves to a temporary file (1 MiB)."""

BATCH_BYTES = 1 << 16
"""Texts gathered before they are written to the spool together (64 KiB)."""

NO_STEP = -1
"""The step recorded for an item whose `step` is None."""


M = TypeVar("M", bound=BaseModel)


class Spilled(Sequence[M], Generic[M]):
    """An append-only list of `model` items kept as their JSON texts (module docstring).

    Items must have a `step` (int or None). Reading is safe from several threads; appending
    and truncating belong to the one owner that builds the list.
    """

    __slots__ = ("_ends", "_lock", "_pending", "_pending_bytes", "_spool", "_steps", "model")

    def __init__(self, model: type[M], items: Iterable[M] = (), *,
                 spool_bytes: int | None = None) -> None:
        """`spool_bytes`: texts held in memory before they move to disk (default
        `SPOOL_BYTES`; 0: never)."""
        self.model = model
        # The spool lives as long as the list, and closes when the list is collected.
        self._spool = tempfile.SpooledTemporaryFile(  # noqa: SIM115
            max_size=SPOOL_BYTES if spool_bytes is None else spool_bytes)
        self._ends = array("q")
        self._steps = array("q")
        self._lock = threading.Lock()
        self._pending: list[bytes] = []
        """Texts not yet written to the spool (written in batches of `BATCH_BYTES`)."""
        self._pending_bytes = 0
        for item in items:
            self.append(item)

    def __del__(self) -> None:
        """Close the spool with the list (a spool collected open warns, even at exit)."""
        spool = getattr(self, "_spool", None)
        if spool is not None:
            spool.close()

    # ---- building

    def append(self, item: M) -> None:
        """Keep one item (its text is written now; the model is not kept)."""
        self._add(item.__pydantic_serializer__.to_json(item, indent=2), _step_of(item))

    def _add(self, text: bytes, step: int) -> None:
        with self._lock:
            self._ends.append(self._end(len(self._ends)) + len(text))
            self._steps.append(step)
            self._pending.append(text)
            self._pending_bytes += len(text)
            if self._pending_bytes >= BATCH_BYTES:
                self._flush()

    def _flush(self) -> None:
        """Write the pending texts at the spool's end (the lock held)."""
        if self._pending:
            self._spool.seek(self._end(len(self._ends)) - self._pending_bytes)
            self._spool.write(b"".join(self._pending))
            self._pending.clear()
            self._pending_bytes = 0

    def truncate(self, length: int) -> None:
        """Keep the first `length` items (a referee's undo takes back later ones)."""
        if length >= len(self._ends):
            return
        with self._lock:
            self._flush()
            del self._ends[length:]
            del self._steps[length:]
            self._spool.truncate(self._end(length))

    # ---- reading

    def __len__(self) -> int:
        return len(self._ends)

    def step(self, index: int) -> int | None:
        """The step of item `index`, without parsing it."""
        step = self._steps[index]
        return None if step == NO_STEP else step

    def text(self, index: int) -> bytes:
        """Item `index`'s JSON text (pydantic's, indent 2)."""
        if index < 0:
            index += len(self._ends)
        if not 0 <= index < len(self._ends):
            raise IndexError(index)
        with self._lock:
            self._flush()
            start = self._end(index)
            self._spool.seek(start)
            return self._spool.read(self._ends[index] - start)

    def texts(self) -> Iterator[bytes]:
        """Every item's text, in order."""
        for index in range(len(self._ends)):
            yield self.text(index)

    @overload
    def __getitem__(self, index: int) -> M: ...

    @overload
    def __getitem__(self, index: slice) -> list[M]: ...

    def __getitem__(self, index: int | slice) -> M | list[M]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        return self.model.model_validate_json(self.text(index))

    def __iter__(self) -> Iterator[M]:
        parse = self.model.model_validate_json
        for text in self.texts():
            yield parse(text)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Spilled):
            return (self.model is other.model and len(self) == len(other)
                    and all(a == b for a, b in zip(self.texts(), other.texts(), strict=True)))
        if isinstance(other, list | tuple):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Spilled[{self.model.__name__}]({len(self)} items)"

    def __reduce__(self) -> tuple[Callable[..., Spilled[M]], tuple[Any, ...]]:
        """Pickled (and deep-copied) as its texts and steps: a spool does not pickle."""
        return _from_texts, (self.model, list(self.texts()), self._steps.tolist())

    @property
    def on_disk(self) -> bool:
        """Whether the texts have moved to a temporary file (it stays open while the list
        lives)."""
        return bool(getattr(self._spool, "_rolled", False))

    # ---- deriving

    def in_memory(self) -> Spilled[M]:
        """This list, or a copy of it held in memory when its texts are on disk: for a
        list kept long among many (an audit's file digests: each file open while it
        lives would run out of file descriptors on a season of long logs)."""
        if not self.on_disk:
            return self
        copy = Spilled(self.model, spool_bytes=0)
        for index in range(len(self)):
            copy._add(self.text(index), self._steps[index])
        return copy

    def where(self, keep: Callable[[int | None], bool]) -> Spilled[M]:
        """The items whose step `keep` accepts (texts copied, none parsed)."""
        kept = Spilled(self.model)
        for index in range(len(self)):
            if keep(self.step(index)):
                kept._add(self.text(index), self._steps[index])
        return kept

    def mapped(self, change: Callable[[int | None, bytes], Callable[[M], M] | None]
               ) -> Spilled[M]:
        """The items with some rewritten: `change(step, text)` says how (None: kept as
        it is); only items it rewrites are parsed. This list itself when it rewrites none
        (no text is copied)."""
        rewrites = {index: rewrite for index in range(len(self))
                    if (rewrite := change(self.step(index), self.text(index))) is not None}
        if not rewrites:
            return self
        out = Spilled(self.model)
        for index in range(len(self)):
            rewrite = rewrites.get(index)
            if rewrite is None:
                out._add(self.text(index), self._steps[index])
            else:
                out.append(rewrite(self[index]))
        return out

    def _end(self, index: int) -> int:
        """Where item `index` starts (the end of the one before it)."""
        return self._ends[index - 1] if index else 0

    # ---- pydantic

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler
                                     ) -> core_schema.CoreSchema:
        (model,) = get_args(source)
        items = core_schema.list_schema(handler.generate_schema(model))
        from_list = core_schema.no_info_after_validator_function(
            lambda value: cls(model, value), items)
        return core_schema.json_or_python_schema(
            json_schema=from_list,
            python_schema=core_schema.union_schema(
                [core_schema.is_instance_schema(cls), from_list]),
            serialization=core_schema.plain_serializer_function_ser_schema(
                list, return_schema=items))


def _from_texts(model: type[M], texts: list[bytes], steps: list[int]) -> Spilled[M]:
    """An unpickled list (an audit worker's digest): held in memory (`in_memory`)."""
    spilled = Spilled(model, spool_bytes=0)
    for text, step in zip(texts, steps, strict=True):
        spilled._add(text, step)
    return spilled


def _step_of(item: object) -> int:
    step = getattr(item, "step", None)
    return NO_STEP if step is None else int(step)


__all__ = ["BATCH_BYTES", "NO_STEP", "SPOOL_BYTES", "Spilled"]
