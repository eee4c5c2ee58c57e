"""What the American Revolution's rules read: the data, the position, where the action
stands in the sequence of play, and the optional rules in use."""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.systems.american_revolution.data import ARData, Locale
from adjudicator.systems.american_revolution.procedure import ARProcedure
from adjudicator.systems.american_revolution.state import ARState
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.mapgraph import MapGraph
from adjudicator.systems.common.sequencer import Placement


@dataclass(frozen=True, slots=True)
class Context:
    """One action's context."""

    data: ARData
    state: ARState
    proc: ARProcedure
    """The procedure the action is judged against (its own effect not yet counted)."""
    placement: Placement
    graph: MapGraph
    step_actions: tuple[Action, ...] = ()
    options: frozenset[str] = frozenset()
    """The optional rules in use (`OptionalRule` values: `fortresses`, `forage`, ...)."""

    def uses(self, option: str) -> bool:
        """Whether an optional rule is in use."""
        return option in self.options

    @property
    def phase(self) -> str | None:
        """The phase the action stands in (None: not known)."""
        return self.placement.phase

    def name(self, locale: str) -> str:
        """A locale's printed name (its id when the data does not know it)."""
        found: Locale | None = self.data.locales.get(locale)
        return found.name if found is not None else locale

    def unit_name(self, formation: str) -> str:
        """A formation's name (`British Regular`)."""
        found = self.data.formations.get(formation)
        return found.name if found is not None else formation

    def leader_name(self, leader: str) -> str:
        """A leader's name."""
        found = self.data.leaders.get(leader)
        return found.name if found is not None else leader
