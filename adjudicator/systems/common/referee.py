"""`ActionReferee`: the step driver every game's referee is built on.

Per logged step it:
1. updates the `PieceTracker` (only the pieces the step touched) into `Relocation`s;
2. reports an `unchecked` finding (`REPLAY-LOCATION`) for every bound piece that went to
   or came from a location the binding cannot resolve, naming the piece and the raw
   location;
3. hands the step and its relocations to the game's `interpret` hook, which applies them
   to the game's state, advances its sequence of play and procedure (impulse, battle …)
   and judges the actions it recognises, emitting outcomes;
4. folds outcomes into findings: an `illegal` outcome of a rule that needs positions is
   withheld (reported `unchecked`, with the reason) while any bound piece is at an
   unresolved location, because the verdict could rest on a piece we cannot see.

Undo (FORMAT.md §5.3): an undo step's relocations are applied like any other (they are
the board's inverse changes), and the game's procedure — an immutable value — is restored
to what it was before the undone step: a reference kept per recent step, never a deep
copy. Outcomes of the undone step are dropped.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any, Generic, Protocol, TypeVar, cast

from typing_extensions import TypeVar as DefaultedTypeVar

from adjudicator.binding import Binding
from adjudicator.errors import AdjudicatorError
from adjudicator.findings import Computation, Finding, Probability, Severity
from adjudicator.replay import Board, Step
from adjudicator.spill import Spilled
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.catalog import Catalog
from adjudicator.systems.common.datafiles import MissingFactLike, needs_by_rule
from adjudicator.systems.common.outcomes import Applied, Computed, Outcome, Violation
from adjudicator.systems.common.places import Place
from adjudicator.systems.common.records import UnknownRule, once_per_object
from adjudicator.systems.common.rulebook import (
    CoverageLedger,
    Dispatch,
    RuleFamily,
    declared,
    derive_coverage,
    positional_ids,
)
from adjudicator.systems.common.sequencer import LogEnded
from adjudicator.systems.common.system import Verdict
from adjudicator.systems.common.tracker import (
    EntityForms,
    PieceTracker,
    Relocation,
    classifier,
)

E = TypeVar("E")
P = TypeVar("P")

LOCATION_RULE = ("REPLAY-LOCATION", "binding: VASSAL location → game place")
"""The replay-level rule of an unresolved location (not a rule of the game's catalog)."""
UNDO_DEPTH = 1024
"""How many recent steps keep their procedure for undo (VASSAL undoes recent steps)."""


@dataclass(frozen=True, slots=True)
class OptionalRule:
    """An optional rule of a game, switched on by its name (`options = ["forage"]` in the
    folder's `adjudicator.toml`, or `--option forage`). While it is off, the catalog rules
    that exist only with it are never judged, and the report says why."""

    name: str
    title: str
    citation: str
    rules: frozenset[str]
    """Catalog ids that apply only while it is in use."""

    def not_in_use(self) -> str:
        """Why its rules were not checked."""
        return (f"optional rule {self.title} ({self.citation}) is not in use: switch it on "
                f"with --option {self.name}, or options = [\"{self.name}\"] in "
                "adjudicator.toml")


class ActionReferee(ABC, Generic[E, P]):
    """Drives one game's referee over a replay (see the module docstring).

    Subclasses provide `game`, `families` and the abstract hooks: `classify`, `begin`,
    `interpret`, `reapply`, `close`, and `snapshot`/`restore` of the immutable procedure
    that undo goes back to.
    """

    game: str = ""
    families: tuple[RuleFamily, ...] = ()
    not_checkable: Mapping[str, str] = MappingProxyType({})
    """Catalog ids no family checks because a log can never show them, and why (reported
    instead of "not implemented yet")."""
    unread: Mapping[str, str] = MappingProxyType({})
    """Declared rules whose events the interpreter does not read yet, and what the log would
    have to show: checked only where applied (`derive_coverage`)."""
    optional_rules: tuple[OptionalRule, ...] = ()
    """The game's optional rules (none by default); `use_options` says which are in use."""

    def __init__(self, binding: Binding, citations: Mapping[str, str],
                 catalog: Sequence[str]) -> None:
        self.binding = binding
        self.citations = citations
        self.catalog = tuple(catalog)
        self.tracker: PieceTracker[E] = PieceTracker(binding, self.classify)
        self.ledger = CoverageLedger()
        self._positional = positional_ids(self.families)
        self._findings: list[Finding] = []
        self._computations = Spilled(Computation)  # flat memory on long logs (issue 24)
        self._history: OrderedDict[int, tuple[P, int, int]] = OrderedDict()
        self._unresolved: dict[str, tuple[str, bool]] = {}
        """Piece id → (the raw location, whether it is a card) of a bound piece we cannot
        place. An unplaced card hides card plays, so then every rule is affected."""
        self._player: str | None = None
        self._players: OrderedDict[int, str | None] = OrderedDict()
        """Recent steps' acting players (as findings name them), so that a finding names
        the one who made the step it points at."""
        self.last_step = 0
        self.started = False
        self.recognised = False
        self.options: frozenset[str] = frozenset()
        """The optional rules in use (`use_options`)."""
        self._off: dict[str, OptionalRule] = self._rules_off()

    def use_options(self, options: Iterable[str]) -> None:
        """Judge with these optional rules in use (the others stay off).

        Raises:
            AdjudicatorError: a name that is none of the game's optional rules.
        """
        known = {rule.name: rule for rule in self.optional_rules}
        wanted = frozenset(options)
        unknown = sorted(wanted - set(known))
        if unknown:
            names = (f"its optional rules: {', '.join(known)}" if known
                     else "the game has no optional rules")
            raise AdjudicatorError(f"no optional rule {', '.join(map(repr, unknown))} in "
                                   f"{self.game}; {names}")
        self.options = wanted
        self._off = self._rules_off()

    def _rules_off(self) -> dict[str, OptionalRule]:
        """Rule id → the optional rule not in use that it belongs to."""
        return {rule_id: rule for rule in self.optional_rules if rule.name not in self.options
                for rule_id in rule.rules}

    # ------------------------------------------------------------------ game hooks

    @abstractmethod
    def classify(self, name: str, entity_id: str | None, place: Place | None) -> E | None:
        """The game entity a piece is (None: not a game piece)."""

    @abstractmethod
    def begin(self, arrivals: Sequence[Relocation[E]], step: Step, board: Board) -> None:
        """Build the state from the starting position (step 0)."""

    @abstractmethod
    def interpret(self, step: Step, relocations: Sequence[Relocation[E]],
                  board: Board) -> None:
        """Apply one step to the state and procedure; judge its actions (via `emit`)."""

    @abstractmethod
    def reapply(self, step: Step, relocations: Sequence[Relocation[E]]) -> None:
        """Apply an undo step's relocations to the state (no judging)."""

    @abstractmethod
    def close(self) -> None:
        """The log ended: judge what is still open."""

    @abstractmethod
    def snapshot(self) -> P:
        """The game's immutable procedure state (impulse, battle, sequence moment …),
        kept by reference for each recent step."""

    @abstractmethod
    def restore(self, procedure: P) -> None:
        """Go back to a procedure `snapshot` returned (an undo)."""

    def space_label(self, space: str) -> str:
        """How a finding names a space (its printed name; the id by default)."""
        return space

    def missing_data(self) -> Mapping[str, str]:
        """Rule id → the data facts it lacks (for coverage of rules never triggered)."""
        return {}

    # ------------------------------------------------------------------ Referee protocol

    def start(self, step: Step, board: Board) -> None:
        """See step 0: the starting position."""
        self.started = True
        arrivals = self.tracker.scan(board)
        self._note_positions(arrivals)
        self.recognised = self.recognised or bool(arrivals)
        self._player = None
        self.begin(arrivals, step, board)
        for relocation in arrivals:
            if relocation.unresolved:
                self._report_unresolved(0, relocation)

    def step(self, step: Step, board: Board) -> None:
        """See one logged step and the board after it."""
        self.last_step = step.index
        relocations = self.tracker.update(step, board)
        self._note_positions(relocations)
        if step.is_undo:
            self.reapply(step, relocations)
            self._undo(step.undoes)
            return
        self._remember(step.index)
        self.recognised = self.recognised or bool(relocations)
        self._player = _who(step)
        self._players[step.index] = self._player
        if len(self._players) > UNDO_DEPTH:
            self._players.popitem(last=False)
        for relocation in relocations:
            if relocation.unresolved:
                self._report_unresolved(step.index, relocation)
        self.interpret(step, relocations, board)

    def finish(self) -> Verdict:
        """Judge what is still open and return every finding, computation and coverage."""
        self._player = None
        self.close()
        if not self.started:
            # No game seen (`adjudicator rules`): report what the referee implements.
            empty = CoverageLedger(applied=set(declared(self.families)) - set(self.unread))
            checked, partial, unchecked = derive_coverage(
                self.catalog, self.families, empty, recognised=True, missing_data={},
                not_checkable=self.not_checkable, unread=self.unread)
            self._switched_off(checked, partial, unchecked)
            return Verdict(checked=set(checked), unchecked=unchecked)
        checked, partial, unchecked = derive_coverage(
            self.catalog, self.families, self.ledger,
            recognised=self.recognised, missing_data=self.missing_data(),
            not_checkable=self.not_checkable, unread=self.unread)
        self._switched_off(checked, partial, unchecked)
        return Verdict(findings=list(self._findings), computations=self._computations,
                       checked=set(checked), partial=partial, unchecked=unchecked,
                       recognised=self.recognised)

    def _switched_off(self, checked: list[str], partial: dict[str, str],
                      unchecked: dict[str, str]) -> None:
        """The rules of optional rules not in use: unchecked, saying so."""
        if not self._off:
            return
        checked[:] = [rule_id for rule_id in checked if rule_id not in self._off]
        for rule_id in self._off:
            partial.pop(rule_id, None)
        before = dict(unchecked)
        unchecked.clear()
        for rule_id in self.catalog:
            rule = self._off.get(rule_id)
            if rule is not None:
                unchecked[rule_id] = rule.not_in_use()
            elif rule_id in before:
                unchecked[rule_id] = before[rule_id]

    # ------------------------------------------------------------------ emitting

    @property
    def player(self) -> str | None:
        """The acting player of the step being judged, as findings name them
        (`Al (American)`); None at the start and the end of the log."""
        return self._player

    @property
    def positions_unknown(self) -> str | None:
        """Why positions cannot be trusted now (a bound piece at an unresolved place)."""
        if not self._unresolved:
            return None
        raw = next(iter(self._unresolved.values()))[0]
        more = len(self._unresolved) - 1
        return (f"a piece is at '{raw}', which the binding does not resolve"
                + (f" (and {more} more)" if more else ""))

    def _affected(self, rule_id: str) -> bool:
        """Whether an unresolved location could change the verdict of `rule_id` now."""
        if not self._unresolved:
            return False
        if rule_id in self._positional:
            return True
        return any(is_card for _, is_card in self._unresolved.values())

    def emit(self, outcomes: Iterable[Outcome], player: str | None = None) -> None:
        """Record what checks found. A finding names the player who made the step it points
        at (when the log names one); else `player`, which defaults to the step's acting
        player."""
        who = player if player is not None else self._player
        unknown = self.positions_unknown
        off = self._off
        for outcome in outcomes:
            if off and outcome.rule_id in off:
                continue
            if isinstance(outcome, Applied):
                if not self._affected(outcome.rule_id):
                    self.ledger.applied.add(outcome.rule_id)
                continue
            citation = self.citations.get(outcome.rule_id)
            if not citation:
                raise UnknownRule(outcome.rule_id)
            if isinstance(outcome, Computed):
                self._computations.append(Computation(
                    game=self.game, kind=outcome.kind, step=outcome.step,
                    rule_id=outcome.rule_id, rule=citation, summary=outcome.summary,
                    inputs=outcome.inputs, result=outcome.result,
                    probabilities={name: Probability.of(value)
                                   for name, value in outcome.probabilities.items()}))
                continue
            if unknown is not None and self._affected(outcome.rule_id):
                outcome = outcome.withheld(unknown)
            # The player who made the step that broke the rule (a removal, a retreat), where
            # the log names him; else the player of the action judged.
            self._add(outcome, citation, self._players.get(outcome.step) or who)

    def _add(self, outcome: Violation, citation: str, player: str | None) -> None:
        if outcome.severity is Severity.UNCHECKED:
            self.ledger.note_unchecked(outcome.rule_id,
                                       f"step {outcome.step}: {outcome.message}")
        self._findings.append(Finding(
            game=self.game, rule_id=outcome.rule_id, rule=citation,
            severity=outcome.severity, step=outcome.step, player=player,
            message=outcome.message,
            spaces=tuple(self.space_label(space) for space in outcome.spaces),
            pieces=outcome.pieces,
            expected=outcome.expected, observed=outcome.observed, needs=outcome.needs))

    # ------------------------------------------------------------------ internals

    def is_card(self, entity: E) -> bool:
        """Whether an entity is a card (cards hide plays when unplaced)."""
        return False

    def _note_positions(self, relocations: Iterable[Relocation[E]]) -> None:
        for relocation in relocations:
            place = relocation.destination
            if place is not None and not place.resolved and relocation.after is not None:
                self._unresolved[relocation.piece_id] = (
                    place.key, self.is_card(relocation.after.entity))
                if self._unresolved[relocation.piece_id][1]:
                    self.ledger.cards_unresolved = True
            else:
                self._unresolved.pop(relocation.piece_id, None)

    def _report_unresolved(self, step: int, relocation: Relocation[E]) -> None:
        ends = [place for place in (relocation.origin, relocation.destination)
                if place is not None and not place.resolved]
        raw = ends[-1].key
        if not self.ledger.unresolved_steps or self.ledger.unresolved_steps[-1] != step:
            self.ledger.unresolved_steps.append(step)
        where = "is at" if step == 0 else (
            "moved to" if ends[-1] == relocation.destination else "moved from")
        self._findings.append(Finding(
            game=self.game, rule_id=LOCATION_RULE[0], rule=LOCATION_RULE[1],
            severity=Severity.UNCHECKED, step=step, player=self._player,
            message=f"{relocation.name} {where} '{raw}', which the binding does not "
                    "resolve to a space or box: moves involving it are not judged",
            pieces=(relocation.name,)))

    def _remember(self, index: int) -> None:
        self._history[index] = (self.snapshot(), len(self._findings),
                                len(self._computations))
        if len(self._history) > UNDO_DEPTH:
            self._history.popitem(last=False)

    def _undo(self, undone: int | None) -> None:
        if undone is None:
            return
        saved = self._history.pop(undone, None)
        if saved is None:
            return
        procedure, findings, computations = saved
        # Later steps (interleaved online play) are taken back with it: the history is in
        # step order, so they are its last entries.
        while self._history and next(reversed(self._history)) > undone:
            self._history.popitem()
        self.restore(procedure)
        del self._findings[findings:]
        self._computations.truncate(computations)


class PieceEntity(Protocol):
    """A game entity: at least its kind (`card` for a card)."""

    @property
    def kind(self) -> str:
        """What the piece is (`general`, `cu`, `card`, …)."""
        ...


K = TypeVar("K", bound=PieceEntity)


class PlayState(Protocol[K]):
    """A game's state: it follows the pieces' relocations."""

    def apply(self, relocation: Relocation[K]) -> None:
        """Move, add or remove one piece."""
        ...


class _Named(Protocol):
    @property
    def name(self) -> str: ...


class RefereeData(Protocol):
    """What a game's data gives its referee: the catalog, the missing facts, the spaces'
    printed names."""

    @property
    def catalog(self) -> Catalog[Any]: ...

    @property
    def missing(self) -> Sequence[MissingFactLike]: ...

    @property
    def spaces(self) -> Mapping[str, _Named]: ...


D = TypeVar("D", bound=RefereeData)
S = TypeVar("S", bound=PlayState[Any])


@once_per_object()
def _needs(data: RefereeData) -> Mapping[str, str]:
    """Rule id → the facts it lacks, worked out once per data object (the data is frozen):
    every file checked with the same data shares it, read-only."""
    return MappingProxyType(needs_by_rule(data.missing))


class GameReferee(ActionReferee[K, P], Generic[D, S, K, P]):
    """An `ActionReferee` over a game's data, its entity class and its state, with the hooks
    every game writes alike: the catalog and citations from the data, pieces classified
    through the entity class (an unbound piece among cards is still a card), an undo's
    relocations applied to the state, spaces named as the data prints them, and the facts
    each rule lacks from the data's missing facts."""

    def __init__(self, data: D, binding: Binding, *, entities: EntityForms[K],
                 state: S) -> None:
        self.data = data
        self.state = state
        self._classify = classifier(entities)
        super().__init__(binding, data.catalog.citations, data.catalog.ids)

    def classify(self, name: str, entity_id: str | None, place: Place | None) -> K | None:
        """The entity of a piece (an unbound piece in a card-only place is an unknown
        card)."""
        return self._classify(name, entity_id, place)

    def is_card(self, entity: K) -> bool:
        """Cards are entities of kind `card`."""
        return entity.kind == "card"

    def reapply(self, step: Step, relocations: Sequence[Relocation[K]]) -> None:
        """An undo step: the board's inverse changes move the pieces back."""
        for relocation in relocations:
            self.state.apply(relocation)

    def space_label(self, space: str) -> str:
        """A space's printed name (its id when the data does not know it)."""
        found = self.data.spaces.get(space)
        return found.name if found is not None else space

    def missing_data(self) -> Mapping[str, str]:
        """Rule id → the facts it lacks (worked out once per data set)."""
        return _needs(self.data)


P_contra = TypeVar("P_contra", contravariant=True)


class PlacesActions(Protocol[P_contra]):
    """A game's sequencer: places an action in its turn, closes the turn at the log's end;
    each returns an `Advance` (`common.sequencer`): the procedure `after`, the `facts` the
    action gave rise to, the `action` placed, the `placement`."""

    def advance(self, proc: P_contra, action: Action, /) -> Any:
        """Where the action stands and what follows."""
        ...

    def close(self, proc: P_contra, step: int, /) -> Any:
        """The log ended: close what is under way."""
        ...


C = TypeVar("C")
M = DefaultedTypeVar("M", default=P)
"""What undo goes back to: the procedure by default; a game whose reader keeps state of its
own (WfA's reading) remembers both."""


class SequencedReferee(GameReferee[D, S, K, M], Generic[D, S, K, P, C, M]):
    """The pipeline every game runs, after its own reading: each action is placed in the
    turn by the game's sequencer (the procedure before it and after it, the sequence facts
    it gives rise to), then the game's rules judge the facts and the action in the
    `context` of where they stand. Undo goes back to the sequencer's procedure, an
    immutable value kept by reference (a game whose reader keeps its own immutable state
    overrides `snapshot` and `restore` to keep both, with its memory type as `M`).

    A game gives its `rules` (a `Dispatch`), its sequencer and first procedure, and the
    `context` its rules read; it writes `begin` and `interpret` (reading steps into actions
    for `judge_in_turn`)."""

    rules: Dispatch[Any]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game's families are those of its `rules`."""
        super().__init_subclass__(**kwargs)
        if "rules" in cls.__dict__:
            cls.families = cls.rules.families

    def __init__(self, data: D, binding: Binding, *, entities: EntityForms[K], state: S,
                 sequencer: PlacesActions[P], procedure: P) -> None:
        super().__init__(data, binding, entities=entities, state=state)
        self.sequencer = sequencer
        self.procedure = procedure
        self.actions: list[Action] | None = None
        """Set to a list to record every action placed, as the sequencer read it, in order
        (tests); off by default, so a long game's memory does not grow with its actions."""

    @abstractmethod
    def context(self, advance: Any, step_actions: tuple[Action, ...]) -> C:
        """What the rules read for one placed action (`step_actions`: all of its step's)."""

    def place(self, action: Action) -> Any:
        """Place one action in the turn now: the procedure moves on, and the `Advance`
        (where the action stands, the facts it gave rise to) is returned for
        `judge_placed` (`judge_in_turn` judges it at once; a reader that places each
        action as it reads it, `common.sequencer.Collector`, after its step)."""
        advance = self.sequencer.advance(self.procedure, action)
        self.procedure = advance.after
        if self.actions is not None:
            self.actions.append(advance.action or action)
        return advance

    def judge_in_turn(self, actions: Sequence[Action],
                      step_actions: tuple[Action, ...] | None = None) -> None:
        """Place each action in the turn and judge its facts, then it; `step_actions` are
        all of its log step's (by default `actions`; `()` for actions no step shows, such
        as those the log's end closes)."""
        if step_actions is None:
            step_actions = tuple(actions)
        for action in actions:
            self.judge_placed((self.place(action),), step_actions)

    def close(self) -> None:
        """The log ended: the sequencer closes what is under way; judge what that shows."""
        advance = self.sequencer.close(self.procedure, self.last_step)
        self.procedure = advance.after
        ended = LogEnded(step=self.last_step)
        if self.started and self.rules.judged(ended):
            # Only a game whose families judge the log's end sees it (its reports alone
            # change): judged where play stood when the log ended.
            advance = replace(advance, facts=(*advance.facts, ended))
        self.judge_placed((advance,))

    def snapshot(self) -> M:
        """The procedure (kept per step for undo)."""
        # `M` is `P` unless a game overrides this and `restore`.
        return cast(M, self.procedure)

    def restore(self, procedure: M) -> None:
        """Undo: go back to an earlier procedure."""
        self.procedure = cast(P, procedure)

    def judge_placed(self, advances: Iterable[Any],
                     step_actions: tuple[Action, ...] = ()) -> None:
        """Judge placed actions, in order: each one's sequence facts, then the action, in
        the `context` of where it stands."""
        rules = self.rules
        for advance in advances:
            ctx = self.context(advance, step_actions)
            for fact in advance.facts:
                if rules.judged(fact):
                    self.emit(rules.judge(fact, ctx), fact.player)
            action = advance.action
            if action is not None and rules.judged(action):
                self.emit(rules.judge(action, ctx), action.player)


def _who(step: Step) -> str | None:
    if step.player is None:
        return None
    return f"{step.player} ({step.side})" if step.side else step.player


__all__ = ["LOCATION_RULE", "ActionReferee", "GameReferee", "OptionalRule", "PieceEntity",
           "PlacesActions", "PlayState", "RefereeData", "SequencedReferee"]
