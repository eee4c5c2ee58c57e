"""Almost a Miracle!'s actions: what its reader makes of the log's steps.

An endeavor (AaM 8.0) is a unit of the toolkit's alternation: `EndeavorTaken` opens it
for its side, a pass included.
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.sequencer import UnitTaken


@dataclass(frozen=True, slots=True, kw_only=True)
class EndeavorTaken(UnitTaken):
    """A side's endeavor (AaM 8.0): `kind` is `force`, `leader`, `bt`, `sea` or `pass`."""

    kind: str


@dataclass(frozen=True, slots=True, kw_only=True)
class DiceRolled(Action):
    """A roll of the step: its button and every die."""

    button: str
    dice: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class ForceMoved(Action):
    """SP counters, leaders and baggage trains moved together from one Area to another
    (AaM 10): a force (or a lone leader, or a lone baggage train)."""

    pieces: tuple[str, ...]
    leaders: tuple[str, ...]
    sp: tuple[tuple[str, int], ...]
    """(unit kind, SP) of each SP counter."""
    trains: int
    origin: str
    destination: str
    path: tuple[str, ...]
    die: int | None
    """The activation die of the endeavor (AaM 8.1.1), when the log shows one."""

    @property
    def strength(self) -> int:
        """The force's SPs."""
        return sum(value for _, value in self.sp)


@dataclass(frozen=True, slots=True, kw_only=True)
class LeaderSpent(Action):
    """A leader flipped to his moved side without moving: a failed activation, or a force
    that activated and stayed (AaM 8.1.1)."""

    leader: str
    area: str
    die: int | None


# supply


@dataclass(frozen=True, slots=True, kw_only=True)
class StrengthChanged(Action):
    """The SPs of one unit kind in one Area changed in an Attrition Phase step (AaM 5):
    `before` and `after` are that kind's SPs there around the step."""

    area: str
    kind: str
    before: int
    after: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TrainFlipped(Action):
    """A baggage train or magazine counter turned over in an Area (AaM 7.2): its flag
    before and after (`` a train, `mag` a magazine, `captured` a captured train)."""

    piece: str
    area: str
    owner: str
    before: str
    after: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TrainRemoved(Action):
    """A baggage train or magazine taken off the map (to the Baggage Train Pool, or set
    aside): its flag and the Area it left (AaM 5.4.1b, 5.4.7, 5.4.8)."""

    piece: str
    area: str
    owner: str
    flag: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TrainPlaced(Action):
    """A baggage train, magazine or captured train put on the map from off it (AaM 5.4.7,
    6.4)."""

    piece: str
    area: str
    owner: str
    flag: str


@dataclass(frozen=True, slots=True, kw_only=True)
class BaseShifted(Action):
    """A Base of Operations taken off the map (`destination` None), put on it (`origin`
    None) or moved from one Area to another (AaM 7.1)."""

    owner: str
    origin: str | None
    destination: str | None


@dataclass(frozen=True, slots=True, kw_only=True)
class LeaderRemoved(Action):
    """A leader taken off the map in the Attrition Phase (AaM 5.4.2)."""

    leader: str
    area: str


@dataclass(frozen=True, slots=True, kw_only=True)
class FrenchSeaControl(Action):
    """The Sea Control marker turned to its French side (AaM 10.5.11)."""
