"""Work done once per object and shared: a value derived from a frozen object (a game's
data, a module) is kept by the object's identity for the latest few objects, so checking a
thousand files with the same data or module derives it once. The object is kept with its
value, so an id is never mistaken for a later object's.

`once_per_object` decorates a function of one object; `PerModule` is a class whose
instances are built from a module alone, one per module object
(`vmod_schema.buildfile.open_module_once` hands out one object per module file).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import update_wrapper
from typing import Any, ClassVar, Generic, Self, TypeVar, cast

from vmod_schema.buildfile import Module

ArgT = TypeVar("ArgT")
ResultT = TypeVar("ResultT")


class OncePerObject(Generic[ArgT, ResultT]):
    """A function of one object, its value kept for the latest `limit` objects."""

    def __init__(self, derive: Callable[[ArgT], ResultT], limit: int) -> None:
        self.derive = derive
        self.limit = limit
        self.remembered: dict[int, tuple[ArgT, ResultT]] = {}
        update_wrapper(self, derive)

    def __call__(self, obj: ArgT) -> ResultT:
        entry = self.remembered.get(id(obj))
        if entry is None or entry[0] is not obj:
            if len(self.remembered) >= self.limit:
                del self.remembered[next(iter(self.remembered))]
            entry = self.remembered[id(obj)] = (obj, self.derive(obj))
        return entry[1]

    def forget(self) -> None:
        """Drop every kept value (a test's fresh start)."""
        self.remembered.clear()


def once_per_object(limit: int = 8) -> Callable[[Callable[[ArgT], ResultT]],
                                               OncePerObject[ArgT, ResultT]]:
    """Remember what a function derives from a frozen object, by the object's identity,
    for the latest `limit` objects (see the module docstring)."""
    def decorate(derive: Callable[[ArgT], ResultT]) -> OncePerObject[ArgT, ResultT]:
        return OncePerObject(derive, limit)
    return decorate


class PerModule:
    """A value built from a module alone, kept for each of the latest `KEPT_MODULES`
    module objects: `of(module)` builds it on first use."""

    KEPT_MODULES: ClassVar[int] = 4
    _made: ClassVar[OncePerObject[Module, Any]]

    def __init_subclass__(cls) -> None:
        cls._made = once_per_object(cls.KEPT_MODULES)(cls)  # each kind its own table

    def __init__(self, module: Module) -> None:
        self.module = module

    @classmethod
    def of(cls, module: Module) -> Self:
        """The value kept for this module object (by identity), built on first use."""
        return cast(Self, cls._made(module))

    @classmethod
    def forget(cls) -> None:
        """Drop the values of every module (a test's fresh start)."""
        cls._made.forget()


__all__ = ["OncePerObject", "PerModule", "once_per_object"]
