"""The Skirmish referee: the toolkit's pipeline with Skirmish's reading, turn and rules."""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.binding import Binding
from adjudicator.replay import Board, Step
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.referee import SequencedReferee
from adjudicator.systems.common.sequencer import Advance, NewTurn
from adjudicator.systems.common.steps import StepReader, drag_waypoints
from adjudicator.systems.common.tracker import Relocation
from tests.toygame.data import SkirmishData
from tests.toygame.interpret import read
from tests.toygame.procedure import SEQUENCER, SkirmishProcedure
from tests.toygame.rules import RULES
from tests.toygame.rules.context import Context
from tests.toygame.state import Entity, SkirmishState


class SkirmishReferee(SequencedReferee[SkirmishData, SkirmishState, Entity, SkirmishProcedure,
                                       Context]):
    """Judges one game of Skirmish."""

    game = "toy"
    rules = RULES

    def __init__(self, data: SkirmishData, binding: Binding) -> None:
        super().__init__(data, binding, entities=Entity, state=SkirmishState(),
                         sequencer=SEQUENCER, procedure=SkirmishProcedure())
        self.reader: StepReader[Entity, str] = StepReader(side_of=lambda side: side,
                                                          is_card=self.is_card)
        self.turn_property = binding.properties.get("turn")

    def context(self, advance: Advance[SkirmishProcedure],
                step_actions: tuple[Action, ...]) -> Context:
        """What the rules read for one placed action."""
        return Context(self.data, self.state, advance.placement)

    def begin(self, arrivals: Sequence[Relocation[Entity]], step: Step, board: Board) -> None:
        """The starting position, in the turn the Turn marker shows."""
        for relocation in arrivals:
            self.state.apply(relocation)
        turn = self._turn(board)
        if turn is not None:
            self.judge_in_turn([NewTurn(step=0, turn=turn, reason="the Turn marker")])

    def interpret(self, step: Step, relocations: Sequence[Relocation[Entity]],
                  board: Board) -> None:
        """Apply the step, read its actions and judge each where it stands."""
        for relocation in relocations:
            self.state.apply(relocation)
        turn = self._turn(board)
        known = self.procedure.position.moment.turn
        new_turn = turn if turn is not None and turn != known else None
        view = self.reader.read(step, relocations, drag_waypoints(step, board, self.binding))
        self.judge_in_turn(read(view, self.data, self.state, new_turn, self.player))

    def _turn(self, board: Board) -> str | None:
        return board.global_property(self.turn_property) if self.turn_property else None
