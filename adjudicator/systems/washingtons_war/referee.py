"""The Washington's War referee: the common pipeline, the WW interpreter, WW rules.

`WWReferee` is a `SequencedReferee` (adjudicator.systems.common.referee): the tracker keeps
which piece is which entity and where; `WWState` applies each step's relocations; the
`Interpreter` turns steps into actions, which the WW sequencer places in the sequence of
play as they are read (`Advance`: where each stands, the facts it gave rise to); the rule
families of `rules/` judge the facts, then the action. Undo restores the immutable
procedure.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from adjudicator.binding import Binding, normalize_name
from adjudicator.replay import Board, Step
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.referee import SequencedReferee
from adjudicator.systems.common.sequencer import Advance
from adjudicator.systems.common.steps import drag_waypoints, dragged_back
from adjudicator.systems.common.tracker import Relocation
from adjudicator.systems.washingtons_war.data import WWData
from adjudicator.systems.washingtons_war.interpret import READER, Interpreter
from adjudicator.systems.washingtons_war.procedure import SEQUENCE, WWProcedure
from adjudicator.systems.washingtons_war.rules import RULES
from adjudicator.systems.washingtons_war.rules.context import Context, map_graph
from adjudicator.systems.washingtons_war.sequencer import SEQUENCER
from adjudicator.systems.washingtons_war.state import Entity, WWState

GAME = "ww"
PHASE_NAMES = {normalize_name(text): phase.id for phase in SEQUENCE.phases
               for text in (phase.id.replace("_", " "), phase.name,
                            phase.name.removesuffix(" Phase"))}
"""A phase marker's text (normalised) → the phase id."""


NOT_CHECKABLE: Mapping[str, str] = MappingProxyType({
    "WW-SEQ-08": "cannot be seen in a log: the order within a segment is the players' "
                 "agreement, or the American's choice when disputed (WW 5.0)",
    "WW-CONG-03": "cannot be seen in a log: who chose the first player is not recorded, and "
                  "the British may choose either side (WW 5.3.b)",
    "WW-REIN-07": "nothing a log could show breaks it: reinforcing is always optional "
                  "(WW 8.0)",
    "WW-CARD-02": "not judged: whether an Event's conditions can be met is the card's text, "
                  "which the rulebook does not give, and a log never shows whether an Event "
                  "was played or discarded (both go to the discard pile, WW 6.3.C, 6.32.A)",
    "WW-CARD-04": "not judged: a card drawn at random is read (WW 6.1.D), but whether a "
                  "Special Event so drawn was carried out at once needs its text",
    "WW-CARD-16": "not judged: events are carried out by their card text, which the "
                  "rulebook does not give (WW 6.31); events whose effects the rulebook "
                  "states are judged under their own rules",
    "WW-PC-08": "not judged: an event's PC wording ('place' or 'flip') is its card text, "
                "which the rulebook does not give (WW 10.12.A)",
    "WW-CARD-20": "not judged: an Optional Tournament Rule (WW 6.34.C.i), and a log does not "
                  "say whether the players use it",
    "WW-CARD-10": "not judged: replacement draws are not read from the deck yet, so when a "
                  "Battle Card's replacement was drawn, and by whom first, is not followed",
    "WW-CAMP-05": "not judged: replacement draws are not read from the deck yet (see "
                  "WW-CARD-10)",
    "WW-REIN-01": "not judged: the number of British CUs the Turn Track prints for each year "
                  "is not in the rulebook text (a map fact), and CUs entering the British "
                  "Reinforcement Box are not followed yet",
})
"""WW catalog rules the referee does not judge, and why: a log can never show them broken,
or their inputs (a card's text, the printed map) are not in the rulebook, or they are not
followed yet."""


class WWReferee(SequencedReferee[WWData, WWState, Entity, WWProcedure, Context]):
    """Judges one game of Washington's War (see `adjudicator.systems.common.system.Referee`)."""

    game = GAME
    rules = RULES
    not_checkable = NOT_CHECKABLE

    def __init__(self, data: WWData, binding: Binding) -> None:
        super().__init__(data, binding, entities=Entity, state=WWState(),
                         sequencer=SEQUENCER, procedure=WWProcedure())
        self.year_property = binding.properties.get("year")
        self.phase_property = binding.properties.get("phase")
        self.phase_shown = False
        """Whether the log ever showed a phase (else WW-SEQ-01 cannot be checked)."""
        self._phase_of: dict[str, str | None] = {}
        self.ctx = Context(data, self.state, map_graph(data))
        self.interpreter = Interpreter(self.ctx, self)

    # ------------------------------------------------------------------ hooks

    def begin(self, arrivals: Sequence[Relocation[Entity]], step: Step, board: Board) -> None:
        """Build the starting position."""
        for relocation in arrivals:
            self.state.apply(relocation)
        self.judge_placed(self.interpreter.begin(self._year(board)))

    def interpret(self, step: Step, relocations: Sequence[Relocation[Entity]],
                  board: Board) -> None:
        """Interpret and judge one step: what it did read against the position before it,
        then (the step applied) against the position after it."""
        waypoints = drag_waypoints(step, board, self.binding)
        view = READER.read(step, [*relocations, *dragged_back(
            self.tracker, relocations, waypoints, lambda _, place: place.is_space)], waypoints)
        self.judge_placed(self.interpreter.read(view, self.player, self._year(board),
                                                self._phase(board)))
        self.judge_placed(self.interpreter.apply())

    def close(self) -> None:
        """The log ended: judge the open impulse."""
        self.judge_placed(self.interpreter.close(self.last_step))

    def context(self, advance: Advance[WWProcedure], step_actions: tuple[Action, ...]
                ) -> Context:
        """What the rules read: the state and data, at the action's moment."""
        self.ctx.moment = advance.placement.moment
        return self.ctx

    def restore(self, procedure: WWProcedure) -> None:
        """Undo: go back to an earlier procedure (and its year)."""
        super().restore(procedure)
        self.state.year = procedure.moment.turn or self.state.year

    def missing_data(self) -> Mapping[str, str]:
        """Rule id → the facts it lacks."""
        missing = super().missing_data()
        if not self.phase_shown:
            return {**missing, "WW-SEQ-01": "a phase marker in the log (the binding's "
                    "`phase` property): the order of phases cannot be judged on inferred "
                    "phases"}
        return missing

    # ------------------------------------------------------------------ internals

    def _phase(self, board: Board) -> str | None:
        """The phase the module's phase property names, if the binding has one (matched
        to the phases of WW 5.0 by id or name, e.g. `Political Control Phase`)."""
        if not self.phase_property:
            return None
        value = board.global_property(self.phase_property)
        if not value:
            return None
        found = self._phase_of.get(value)
        if value not in self._phase_of:
            found = self._phase_of[value] = PHASE_NAMES.get(normalize_name(value))
        if found is not None:
            self.phase_shown = True
        return found

    def _year(self, board: Board) -> str | None:
        if not self.year_property:
            return None
        return board.global_property(self.year_property)


__all__ = ["WWReferee"]
