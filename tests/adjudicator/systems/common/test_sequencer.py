"""The common sequencer on a made-up turn: nested steps, alternation with passes, and a
game's transition override."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

import pytest

from adjudicator.systems.common.actions import Action, PhaseChange
from adjudicator.systems.common.sequence import Knowledge
from adjudicator.systems.common.sequencer import (
    Alternation,
    Closed,
    Effect,
    Facts,
    NewTurn,
    Opened,
    PhaseInferred,
    PhaseShown,
    Position,
    Procedure,
    ProcedureClosed,
    ProcedureOpened,
    Sequencer,
    Stage,
    Transition,
    Turn,
    UnitClosed,
    UnitOpened,
    UnitTaken,
)

TURN = Turn("toy", (
    Stage("draw", "Draw Phase", "T 1.0"),
    Stage("action", "Action Phase", "T 2.0", alternation=Alternation(
        unit="pulse", sides=("red", "blue"), citation="T 2.1", passes=True,
        procedures=(Procedure("activation", "Activation", "T 3.0", steps=(
            Procedure("battle", "Battle", "T 4.0"),)),))),
    Stage("end", "End Phase", "T 5.0"),
))


@dataclass(frozen=True, slots=True)
class Toy:
    """A made-up game's procedure: its position and a count of cards dealt."""

    position: Position = field(default_factory=Position)
    dealt: int = 0

    def placed(self, position: Position) -> Toy:
        return replace(self, position=position)


@dataclass(frozen=True, slots=True, kw_only=True)
class Dealt(Action):
    """A card dealt: the toy's Draw Phase, unless the log shows another phase."""


def run(sequencer: Sequencer[Toy], actions: list[Action], proc: Toy | None = None
        ) -> tuple[Toy, list[Action]]:
    proc = proc or Toy()
    facts: list[Action] = []
    for action in actions:
        advance = sequencer.advance(proc, action)
        facts.extend(advance.facts)
        proc = advance.after
    return proc, facts


def test_a_unit_opens_nested_procedures_and_closing_it_closes_them_innermost_first() -> None:
    sequencer: Sequencer[Toy] = Sequencer(TURN)
    proc, facts = run(sequencer, [UnitTaken(step=1, side="red"),
                                  Opened(step=2, procedure="activation"),
                                  Opened(step=3, procedure="battle")])
    assert proc.position.open == ("activation", "battle")
    assert [type(f) for f in facts] == [PhaseChange, UnitOpened, ProcedureOpened,
                                        ProcedureOpened]
    assert isinstance(facts[3], ProcedureOpened)
    assert facts[3].path == ("activation", "battle") and facts[3].citation == "T 4.0"
    # An action judged now stands inside the battle of red's pulse.
    placement = sequencer.advance(proc, Action(step=4, side="red")).placement
    assert placement.open == ("activation", "battle") and placement.phase == "action"
    assert placement.unit is not None and placement.unit.side == "red"
    advance = sequencer.advance(proc, UnitTaken(step=5, side="blue"))
    assert [(type(f), getattr(f, "path", None)) for f in advance.facts] == [
        (ProcedureClosed, ("activation", "battle")), (ProcedureClosed, ("activation",)),
        (UnitClosed, None), (UnitOpened, None)]
    assert advance.after.position.open == ()


def test_closing_an_outer_procedure_closes_the_one_it_opened() -> None:
    sequencer: Sequencer[Toy] = Sequencer(TURN)
    proc, _ = run(sequencer, [UnitTaken(step=1, side="red"),
                              Opened(step=2, procedure="activation"),
                              Opened(step=3, procedure="battle")])
    advance = sequencer.advance(proc, Closed(step=4, procedure="activation"))
    assert [f.path for f in advance.facts if isinstance(f, ProcedureClosed)] == [
        ("activation", "battle"), ("activation",)]
    # Reopening an activation inside an open one opens a sibling, not a child.
    proc, _ = run(sequencer, [Opened(step=5, procedure="activation")], advance.after)
    again = sequencer.advance(proc, Opened(step=6, procedure="activation"))
    assert [type(f) for f in again.facts] == [ProcedureClosed, ProcedureOpened]
    assert again.after.position.open == ("activation",)


def test_an_undeclared_procedure_is_an_error_that_names_it() -> None:
    sequencer: Sequencer[Toy] = Sequencer(TURN)
    proc, _ = run(sequencer, [UnitTaken(step=1, side="red")])
    with pytest.raises(KeyError, match="siege"):
        sequencer.advance(proc, Opened(step=2, procedure="siege"))


def test_sides_alternate_and_a_round_ends_when_both_took_a_unit_or_passed() -> None:
    sequencer: Sequencer[Toy] = Sequencer(TURN)
    proc, facts = run(sequencer, [UnitTaken(step=1, side="red", passed=True),
                                  UnitTaken(step=2, side="blue"),
                                  UnitTaken(step=3, side="blue")])
    opened = [f for f in facts if isinstance(f, UnitOpened)]
    closed = [f for f in facts if isinstance(f, UnitClosed)]
    assert [(f.unit.side, f.unit.number, f.expected) for f in opened] == [
        ("red", 1, None), ("blue", 2, "blue"), ("blue", 1, None)]
    assert opened[0].unit.passed and not opened[1].unit.passed
    # Blue's first unit completed the round; red's pass did not.
    assert [(f.unit.side, f.round_over) for f in closed] == [("red", False), ("blue", True)]
    assert opened[2].previous == closed[1].unit
    assert proc.position.round_sides == ("blue",) and proc.position.passes == frozenset()
    assert not any(f.all_passed for f in closed)


def test_a_round_in_which_every_side_passed_says_so() -> None:
    sequencer: Sequencer[Toy] = Sequencer(TURN)
    proc, _ = run(sequencer, [UnitTaken(step=1, side="red", passed=True),
                              UnitTaken(step=2, side="blue", passed=True)])
    closed = sequencer.close(proc, 3).facts
    assert len(closed) == 1 and isinstance(closed[0], UnitClosed)
    assert closed[0].all_passed and closed[0].round_over


def test_the_log_end_closes_the_unit_under_way() -> None:
    sequencer: Sequencer[Toy] = Sequencer(TURN)
    proc, _ = run(sequencer, [UnitTaken(step=1, side="red"),
                              Opened(step=2, procedure="activation")])
    advance = sequencer.close(proc, 9)
    assert [type(f) for f in advance.facts] == [ProcedureClosed, UnitClosed]
    assert advance.action is None and advance.after.position.unit is None
    assert advance.after.position.last is not None


def test_a_shown_phase_is_not_overridden_by_play_and_going_back_is_a_fact() -> None:
    sequencer: Sequencer[Toy] = Sequencer(TURN)
    proc, facts = run(sequencer, [PhaseShown(step=1, phase="end"),
                                  PhaseInferred(step=2, phase="draw", reason="a card"),
                                  UnitTaken(step=3, side="red")])
    assert proc.position.moment.phase == "end"
    assert proc.position.moment.knowledge is Knowledge.SHOWN
    # The unit opened, in the phase the log shows.
    assert [type(f) for f in facts] == [PhaseChange, UnitOpened]
    back = sequencer.advance(proc, PhaseShown(step=4, phase="draw")).facts
    assert [type(f) for f in back] == [UnitClosed, PhaseChange]
    change = back[1]
    assert isinstance(change, PhaseChange)
    assert change.forward is False and change.previous == "end"


def test_a_new_turn_begins_in_its_first_phase_with_a_fresh_round() -> None:
    sequencer: Sequencer[Toy] = Sequencer(TURN)
    proc, _ = run(sequencer, [UnitTaken(step=1, side="red")])
    advance = sequencer.advance(proc, NewTurn(step=2, turn="2", reason="the year"))
    assert [type(f) for f in advance.facts] == [UnitClosed, PhaseChange]
    moment = advance.after.position.moment
    assert (moment.turn, moment.phase, moment.since_step) == ("2", "draw", 2)
    assert advance.after.position.round_sides == ()


class Initiative(Sequencer[Toy]):
    """A game whose rules differ in two places: a dealt card is the Draw Phase's (and
    counted), and blue always takes a round's first unit."""

    def transitions(self) -> Mapping[type[Action], Transition[Toy]]:
        return {**super().transitions(), Dealt: self._dealt}

    def _dealt(self, proc: Toy, action: Action, facts: Facts) -> Toy:
        return self.enter(proc, "draw", action.step, knowledge=Knowledge.INFERRED,
                          reason="a card was dealt", facts=facts)

    def effects(self) -> Mapping[type[Action], Effect[Toy]]:
        return {Dealt: lambda proc, action: replace(proc, dealt=proc.dealt + 1)}

    def expected(self, proc: Toy, side: str) -> str | None:
        if not proc.position.round_sides:
            return "blue"
        return super().expected(proc, side)


def test_a_game_overrides_only_the_transitions_its_rules_change() -> None:
    sequencer = Initiative(TURN)
    proc, facts = run(sequencer, [Dealt(step=1), Dealt(step=2),
                                  UnitTaken(step=3, side="red")])
    assert proc.dealt == 2
    changes = [f for f in facts if isinstance(f, PhaseChange)]
    assert [(c.phase, c.reason) for c in changes] == [
        ("draw", "a card was dealt"), ("action", "a unit was taken")]
    opened = [f for f in facts if isinstance(f, UnitOpened)]
    assert opened[0].expected == "blue"
    # The plain sequencer neither moves nor counts on a dealt card.
    plain, plain_facts = run(Sequencer(TURN), [Dealt(step=1)])
    assert plain == Toy() and plain_facts == []


def test_advancing_never_changes_the_procedure_it_was_given() -> None:
    sequencer: Sequencer[Toy] = Sequencer(TURN)
    start = Toy()
    first = sequencer.advance(start, UnitTaken(step=1, side="red"))
    second = sequencer.advance(first.after, Opened(step=2, procedure="activation"))
    assert start == Toy() and first.after.position.open == ()
    assert second.at.position.open == ("activation",)
    # Undo keeps a reference: advancing again from it gives the same result.
    assert sequencer.advance(first.after, Opened(step=2, procedure="activation")) == second


def test_the_declaration_gives_citations_and_the_phase_order() -> None:
    assert TURN.citation("action") == "T 2.0"
    assert TURN.citation("action", ("activation", "battle")) == "T 4.0"
    assert TURN.spec.index("end") == 2
    assert TURN.alternating is not None and TURN.alternating.id == "action"
    with pytest.raises(KeyError):
        TURN.procedure(("battle",))


def test_a_new_turn_begins_after_the_stages_played_once() -> None:
    turn = Turn("toy-setup", (Stage("setup", "Set-up", "T 0.0", once=True), *TURN.stages))
    advance = Sequencer[Toy](turn).advance(Toy(), NewTurn(step=1, turn="2", reason="r"))
    assert turn.first == "draw" and advance.after.position.moment.phase == "draw"
    assert TURN.first == "draw"
