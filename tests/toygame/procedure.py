"""Skirmish's sequence of play (Toy 3.1): each turn, the sides alternate one move each, Red
first. Declared as data; the toolkit's sequencer places every move."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from adjudicator.systems.common.sequencer import Alternation, Position, Sequencer, Stage, Turn

RED, BLUE = "Red", "Blue"

TURN = Turn("toy", (
    Stage("movement", "Movement Phase", "Toy 3.1",
          alternation=Alternation("move", (RED, BLUE), "Toy 3.1")),
))


@dataclass(frozen=True, slots=True)
class SkirmishProcedure:
    """Where play is (immutable: undo keeps a reference)."""

    position: Position = field(default_factory=Position)

    def placed(self, position: Position) -> SkirmishProcedure:
        """This procedure at another position."""
        return replace(self, position=position)


SEQUENCER: Sequencer[SkirmishProcedure] = Sequencer(TURN)
"""Skirmish writes no transition of its own: the declared turn is its whole sequence."""
