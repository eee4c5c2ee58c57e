"""What Almost a Miracle!'s rules read: the data, the position, where the action stands,
the optional rules in use."""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.systems.almost_a_miracle.data import AaMData
from adjudicator.systems.almost_a_miracle.procedure import AaMProcedure
from adjudicator.systems.almost_a_miracle.state import AaMState
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.sequencer import Placement


@dataclass(frozen=True, slots=True)
class Context:
    """One action's context."""

    data: AaMData
    state: AaMState
    proc: AaMProcedure
    placement: Placement
    step_actions: tuple[Action, ...] = ()
    options: frozenset[str] = frozenset()

    @property
    def phase(self) -> str | None:
        """The phase the action stands in (None: not known)."""
        return self.placement.phase

    def name(self, area: str) -> str:
        """An Area as a finding names it: its id and name (`NE10 Newport`)."""
        found = self.data.areas.get(area)
        return f"{area} {found.name}" if found is not None and found.name else area

    def leader_name(self, leader: str) -> str:
        """A leader's name."""
        found = self.data.leaders.get(leader)
        return found.name if found is not None else leader
