"""The referee toolkit: typed places, the sequence-of-play machine, derived coverage,
cheap immutable values, and undo by reference in the step driver."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import pytest

from adjudicator.binding import Binding
from adjudicator.findings import Severity
from adjudicator.replay import Board, Step
from adjudicator.systems.common.outcomes import Check
from adjudicator.systems.common.places import Place, PlaceKind, space
from adjudicator.systems.common.records import UnknownRule
from adjudicator.systems.common.referee import ActionReferee
from adjudicator.systems.common.rulebook import CoverageLedger, RuleFamily, derive_coverage
from adjudicator.systems.common.sequence import Knowledge, SequenceOfPlay, SequenceSpec, phases
from adjudicator.systems.common.tracker import Relocation
from adjudicator.systems.common.values import evolve

# ------------------------------------------------------------------------------ places


@pytest.mark.parametrize(("text", "kind", "key"), [
    ("space:boston", PlaceKind.SPACE, "boston"),
    ("box:captured", PlaceKind.BOX, "captured"),
    ("zone:New England", PlaceKind.ZONE, "New England"),
    ("hand:AM", PlaceKind.HAND, "AM"),
    ("deck", PlaceKind.DECK, ""),
    ("discard", PlaceKind.DISCARD, ""),
])
def test_a_binding_place_id_parses_into_a_typed_place_and_back(text: str, kind: PlaceKind,
                                                               key: str) -> None:
    place = Place.parse(text)
    assert place == Place(kind, key)
    assert str(place) == text


@pytest.mark.parametrize("text", ["nowhere:x", "space:", "deck:extra", "unresolved:x", ""])
def test_an_unknown_place_id_is_none(text: str) -> None:
    assert Place.parse(text) is None


def test_an_unresolved_place_keeps_the_raw_location_and_is_not_a_space() -> None:
    place = Place.unresolved("Map (10, 20)")
    assert not place.resolved and not place.is_space and place.key == "Map (10, 20)"
    assert space("boston").resolved and space("boston").is_space


# ------------------------------------------------------------------------------ sequence

SPEC = SequenceSpec("toy", phases(("one", "First", "T 1"), ("two", "Second", "T 2"),
                                  ("three", "Third", "T 3", ("a", "b"))))


def test_the_machine_starts_unknown_and_says_why() -> None:
    machine = SequenceOfPlay(SPEC)
    assert not machine.moment.known
    assert "not shown" in machine.moment.reason
    assert not machine.is_in("one")


def test_advancing_forward_is_forward_and_backwards_is_not() -> None:
    machine = SequenceOfPlay(SPEC)
    assert machine.advance("two", 3, knowledge=Knowledge.SHOWN, reason="property")
    assert machine.is_in("two") and machine.moment.since_step == 3
    assert not machine.advance("one", 5, knowledge=Knowledge.INFERRED, reason="x")
    assert machine.moment.phase == "one"


def test_a_new_turn_without_a_first_phase_is_unknown_until_shown() -> None:
    machine = SequenceOfPlay(SPEC)
    machine.advance("three", 1, knowledge=Knowledge.SHOWN, reason="p")
    machine.new_turn("1776", 9)
    assert machine.moment.turn == "1776" and not machine.moment.known
    machine.new_turn("1777", 12, first_phase="one")
    assert machine.is_in("one")
    assert machine.describe().startswith("1777, First (inferred")


def test_a_spec_refuses_duplicate_phases_and_unknown_ids() -> None:
    with pytest.raises(ValueError, match="duplicate"):
        SequenceSpec("bad", phases(("a", "A", "1"), ("a", "A again", "2")))
    with pytest.raises(KeyError):
        SequenceOfPlay(SPEC).advance("nine", 1, knowledge=Knowledge.SHOWN, reason="")


# ------------------------------------------------------------------------------ coverage

FAMILIES = (RuleFamily("moves", frozenset({"T-1", "T-2"})),
            RuleFamily("cards", frozenset({"T-3"}), positional=frozenset()))
CATALOG = ["T-1", "T-2", "T-3", "T-4"]


def test_coverage_is_derived_from_declarations_and_applications() -> None:
    ledger = CoverageLedger(applied={"T-1"})
    ledger.note_unchecked("T-2", "step 4: the card's value is not in the data")
    checked, partial, unchecked = derive_coverage(CATALOG, FAMILIES, ledger, recognised=True,
                                                  missing_data={})
    assert checked == ["T-1", "T-3"]
    assert partial == {}
    assert unchecked == {"T-2": "step 4: the card's value is not in the data",
                         "T-4": "not implemented yet"}


def test_unresolved_locations_make_positional_rules_partial_or_unchecked() -> None:
    ledger = CoverageLedger(applied={"T-1", "T-3"}, unresolved_steps=[2, 7])
    checked, partial, unchecked = derive_coverage(CATALOG, FAMILIES, ledger, recognised=True,
                                                  missing_data={})
    assert checked == ["T-3"]
    assert partial == {"T-1": "locations could not be resolved at steps 2, 7"}
    assert unchecked["T-2"] == "locations could not be resolved at steps 2, 7"


def test_an_unplaced_card_affects_even_rules_that_need_no_positions() -> None:
    ledger = CoverageLedger(applied={"T-3"}, unresolved_steps=[1], cards_unresolved=True)
    checked, partial, _ = derive_coverage(CATALOG, FAMILIES, ledger, recognised=True,
                                          missing_data={})
    assert checked == [] and "T-3" in partial


def test_nothing_is_checked_in_a_game_that_was_not_recognised() -> None:
    checked, partial, unchecked = derive_coverage(
        CATALOG, FAMILIES, CoverageLedger(applied={"T-1"}), recognised=False, missing_data={})
    assert checked == [] and partial == {}
    assert all("no piece of this game" in unchecked[r] for r in ("T-1", "T-2", "T-3"))


def test_a_family_cannot_declare_positional_ids_it_does_not_check() -> None:
    with pytest.raises(ValueError, match="not declared"):
        RuleFamily("bad", frozenset({"T-1"}), positional=frozenset({"T-9"}))


# ------------------------------------------------------------------------------ values


@dataclass(frozen=True, slots=True)
class _Pair:
    left: int
    right: tuple[int, ...] = ()


def test_evolve_changes_only_the_named_fields_and_shares_the_rest() -> None:
    first = _Pair(1, (2, 3))
    second = evolve(first, left=5)
    assert second == _Pair(5, (2, 3)) and first == _Pair(1, (2, 3))
    assert second.right is first.right
    with pytest.raises(TypeError):
        evolve(first, middle=1)


# ------------------------------------------------------------------------------ driver


class _Toy(ActionReferee[str, tuple[int, ...]]):
    """Every logged step appends its index to the procedure and reports one finding."""

    game = "toy"
    families = (RuleFamily("toy", frozenset({"T-1"}), positional=frozenset()),)

    def __init__(self) -> None:
        super().__init__(Binding(game="toy"), {"T-1": "T 1"}, ["T-1"])
        self._procedure: tuple[int, ...] = ()

    def classify(self, name: str, entity_id: str | None, place: Place | None) -> str | None:
        return None

    def begin(self, arrivals: Sequence[Relocation[str]], step: Step, board: Board) -> None:
        self.recognised = True

    def interpret(self, step: Step, relocations: Sequence[Relocation[str]],
                  board: Board) -> None:
        self._procedure = (*self._procedure, step.index)
        self.emit([Check.illegal("T-1", step.index, f"step {step.index}"),
                   Check.done("T-1")])

    def reapply(self, step: Step, relocations: Sequence[Relocation[str]]) -> None:
        pass

    def close(self) -> None:
        pass

    @property
    def procedure(self) -> tuple[int, ...]:
        return self._procedure

    def snapshot(self) -> tuple[int, ...]:
        return self._procedure

    def restore(self, procedure: tuple[int, ...]) -> None:
        self._procedure = procedure

    def missing_data(self) -> Mapping[str, str]:
        return {}


def test_undo_restores_the_procedure_by_reference_and_drops_the_undone_findings() -> None:
    referee, board = _Toy(), Board()
    referee.start(Step(0), board)
    referee.step(Step(1), board)
    kept = referee.procedure
    referee.step(Step(2), board)
    referee.step(Step(3), board)
    assert referee.procedure == (1, 2, 3)
    referee.step(Step(4, is_undo=True, undoes=2), board)
    assert referee.procedure is kept
    verdict = referee.finish()
    assert [(f.step, f.severity) for f in verdict.findings] == [(1, Severity.ILLEGAL)]
    assert verdict.checked == {"T-1"}


def test_a_finding_of_a_rule_the_catalog_lacks_is_an_error_never_a_blank_citation() -> None:
    referee = _Toy()
    referee.start(Step(0), Board())
    with pytest.raises(UnknownRule) as raised:
        referee.emit([Check.illegal("T-9", 1, "a rule the catalog does not list")])
    assert raised.value.rule_id == "T-9"
