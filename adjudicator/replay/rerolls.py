"""Re-rolls: a roll taken back with VASSAL's undo and rolled again (FORMAT.md §5.3, §5.6).

A roll that is undone and rolled again by the same button before any other game action is
flagged. The window opens at the undo step and closes at the first later step that does
something: moves, adds or removes a piece, changes a piece or a global property, or rolls.
Chat lines and further undo steps (they take back, they do not act) leave it open, so
"roll, undo, undo an earlier move, roll" is flagged too.

>>> from adjudicator.replay.dice import Roll
>>> first = Step(1, rolls=(Roll("2d6", (1, 2), 3),))
>>> undo = Step(2, is_undo=True, undoes=1)
>>> again = Step(3, rolls=(Roll("2d6", (6, 6), 12),))
>>> find_rerolls([Step(0), first, undo, again])
[ReRoll('2d6', first=1, undo=2, again=3)]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from adjudicator.replay.dice import Roll
from adjudicator.replay.timeline import Step
from vmod_schema.commands import ChangeGlobalProperty, SetTurn


@dataclass(frozen=True, slots=True, repr=False)
class ReRoll:
    """A roll (`before`, in step `first`) undone by step `undo` and rolled again with the
    same button (`after`, in step `again`) before any other game action."""

    button: str
    first: int
    undo: int
    again: int
    player: str | None
    before: Roll
    after: Roll

    def __repr__(self) -> str:
        return (f"ReRoll({self.button!r}, first={self.first}, undo={self.undo}, "
                f"again={self.again})")


def is_game_action(step: Step) -> bool:
    """Whether a step does something to the game (a chat-only or empty step does not)."""
    if step.moves or step.added or step.removed or step.changes or step.rolls:
        return True
    return any(isinstance(command, ChangeGlobalProperty | SetTurn)
               for command in step.commands)


class RerollTracker:
    """Re-rolls found as the steps stream by (memory bounded: the rolls of the latest
    `ROLLS_KEPT` rolling steps are kept for an undo to name).

    `add(step)` returns the re-rolls that step completes, in the order `find_rerolls` lists
    them.
    """

    ROLLS_KEPT = 4096

    def __init__(self) -> None:
        self._rolled: dict[int, Step] = {}
        self._pending: list[tuple[Step, Step]] = []
        """(undo step, the undone step with rolls) waiting for the next acting step."""

    def add(self, step: Step) -> list[ReRoll]:
        """Take the next step; the re-rolls it makes."""
        if step.is_undo:
            undone = self._rolled.get(step.undoes) if step.undoes is not None else None
            if undone is not None:
                self._pending.append((step, undone))
            return []
        if step.rolls:
            self._rolled[step.index] = step
            if len(self._rolled) > self.ROLLS_KEPT:
                del self._rolled[next(iter(self._rolled))]
        if not self._pending or not is_game_action(step):
            return []
        found: list[ReRoll] = []
        for undo, undone in self._pending:
            for before in undone.rolls:
                after = next((roll for roll in step.rolls if roll.button == before.button),
                             None)
                if after is not None:
                    found.append(ReRoll(before.button, undone.index, undo.index, step.index,
                                        after.player or before.player, before, after))
        self._pending.clear()
        return found


def find_rerolls(steps: Iterable[Step]) -> list[ReRoll]:
    """Every re-roll in a timeline, in the order the rolls were taken again."""
    tracker = RerollTracker()
    return [reroll for step in steps for reroll in tracker.add(step)]
