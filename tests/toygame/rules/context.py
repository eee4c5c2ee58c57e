"""What Skirmish's rules read: the data, the position, where the action stands."""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.systems.common.sequencer import Placement
from tests.toygame.data import SkirmishData
from tests.toygame.state import SkirmishState


@dataclass(frozen=True, slots=True)
class Context:
    """One action's context."""

    data: SkirmishData
    state: SkirmishState
    placement: Placement
