"""`evolve` copies a frozen dataclass with some fields changed, as `dataclasses.replace`
does, whichever way it copies (slot by slot, or through `__init__`)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import pytest

from adjudicator.systems.common.values import evolve


@dataclass(frozen=True, slots=True)
class Slotted:
    turn: int
    moved: tuple[str, ...] = ()
    note: str = field(default="", compare=False)


@dataclass(frozen=True, slots=True)
class Later(Slotted):
    battle: str | None = None


@dataclass(frozen=True)
class Plain:
    turn: int
    moved: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Checked:
    turn: int

    def __post_init__(self) -> None:
        if self.turn < 0:
            raise ValueError("no turn before the first")


@pytest.mark.parametrize("value", [Slotted(1, ("Howe",), "n"), Later(1, ("Howe",), "n", "B"),
                                   Plain(1, ("Howe",))])
def test_evolve_is_replace(value: Slotted | Plain) -> None:
    changed = evolve(value, turn=2)
    assert changed == dataclasses.replace(value, turn=2) and type(changed) is type(value)
    assert [getattr(changed, f.name) for f in dataclasses.fields(value)] == [
        getattr(dataclasses.replace(value, turn=2), f.name) for f in dataclasses.fields(value)]
    assert value.turn == 1  # the original is untouched
    with pytest.raises(dataclasses.FrozenInstanceError):
        changed.turn = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        evolve(value, season="Winter")


def test_a_class_that_checks_itself_is_still_checked() -> None:
    assert evolve(Checked(1), turn=4) == Checked(4)
    with pytest.raises(ValueError, match="no turn"):
        evolve(Checked(1), turn=-1)
