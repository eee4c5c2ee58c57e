"""The sequencer: places each action in a game's sequence of play, as a pure function.

A game declares its turn as nested steps (`Turn`): phases in order (`Stage`), one of
them an `Alternation` in which the sides take turns at *units* (impulses, pulses) and may
pass, and sub-procedures a unit opens (an activation, a battle). Each step carries its
citation. The sequencer's state is the game's own immutable procedure value, which holds
a `Position` (`Positioned`): where in those steps play is. `Sequencer.advance(procedure,
action)` returns an `Advance`: where the action stands (`Placement`), the sequence facts
it gives rise to (a phase entered, a unit opened or closed, a sub-procedure opened or
closed), and the procedure after it. The referee judges the facts, then the action.

The declared steps give the default transitions:

- `PhaseShown`: the log shows a phase (a marker): entered as shown, never overridden by
  what play suggests;
- `PhaseInferred`: play shows a phase began (cards dealt, losses after the cards): entered
  as inferred, unless the log showed the phase; moving back in the turn is a fact too
  (`PhaseChange.forward`), the game cites its own rule;
- `UnitTaken`: a side takes a unit of the alternation (plays a card, passes): the unit
  under way closes, the alternation's phase is entered, a new unit opens;
- `Opened`/`Closed`: a sub-procedure of the unit under way opens or closes (opening one
  closes its open siblings and their children first);
- `NewTurn`: a new turn, in its first phase (the unit under way closes).

A game subclasses `Sequencer` and overrides only where its rules differ: `read()` says
what an action is where play is, before it is placed (WfA reads a leaders-only move in the
Reinforcement Phase as a transfer), `transitions()` maps an action type to where it puts
play (a game extends the mapping), `effects()` to what it then does to the procedure,
and every default step (`enter`, `open_unit`, `close_unit`, `open`, `close_procedure`,
`new_turn`) is a method. A game's own record of a unit (`Position[U]`) and its own
placement (`Sequencer[P, L]`, `Advance[P, L]`) replace the plain ones.
Nothing is mutated: undo keeps a reference to the procedure.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Generic, Protocol, Self, TypeVar, cast

from typing_extensions import TypeVar as DefaultedTypeVar

from adjudicator.systems.common.actions import Action, PhaseChange
from adjudicator.systems.common.sequence import (
    Knowledge,
    Moment,
    PhaseSpec,
    SequenceOfPlay,
    SequenceSpec,
)

# --- The declaration ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Procedure:
    """A sub-procedure a unit (or another sub-procedure) opens: an activation, a battle."""

    id: str
    name: str
    citation: str
    steps: tuple[Procedure, ...] = ()
    """Sub-procedures it opens in turn (a battle inside an activation)."""


@dataclass(frozen=True, slots=True)
class Alternation:
    """The sides take turns at units (impulses, pulses) within a phase (WW 5.3, WfA 9.1)."""

    unit: str
    """What one turn is called: `impulse`, `pulse`."""
    sides: tuple[str, ...]
    citation: str
    passes: bool = False
    """Whether a side may pass instead (its unit is a pass)."""
    procedures: tuple[Procedure, ...] = ()
    """The sub-procedures a unit may open."""


@dataclass(frozen=True, slots=True)
class Stage(PhaseSpec):
    """One phase of a turn (its id, name, citation and segments) and, if the sides
    alternate in it, how."""

    alternation: Alternation | None = None
    once: bool = False
    """Played once, not every turn (the set-up): a new turn begins after it."""


@dataclass(frozen=True, slots=True)
class Turn:
    """A game's turn as nested steps: its phases in order (`SequenceSpec` for the phases
    alone), the alternation within one of them, and its sub-procedures."""

    game: str
    stages: tuple[Stage, ...]
    spec: SequenceSpec = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "spec", SequenceSpec(self.game, self.stages))

    def stage(self, phase: str) -> Stage:
        """The stage with this id.

        Raises:
            KeyError: no such phase.
        """
        return self.stages[self.spec.index(phase)]

    @property
    def first(self) -> str:
        """The phase a new turn begins in."""
        return next(s.id for s in self.stages if not s.once)

    @property
    def alternating(self) -> Stage | None:
        """The phase in which the sides alternate (None: none does)."""
        return next((s for s in self.stages if s.alternation is not None), None)

    def procedure(self, path: Iterable[str]) -> Procedure:
        """The sub-procedure at `path` (ids from the unit down).

        Raises:
            KeyError: no such sub-procedure.
        """
        stage = self.alternating
        found: tuple[Procedure, ...] = stage.alternation.procedures if (
            stage is not None and stage.alternation is not None) else ()
        current: Procedure | None = None
        for key in path:
            current = next((p for p in found if p.id == key), None)
            if current is None:
                raise KeyError(key)
            found = current.steps
        if current is None:
            raise KeyError("()")
        return current

    def citation(self, phase: str, path: Iterable[str] = ()) -> str:
        """The citation of a phase, or of a sub-procedure within its units."""
        path = tuple(path)
        return self.procedure(path).citation if path else self.stage(phase).citation


# --- The calendar ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeasonSpec:
    """One turn of the year on a seasonal turn record track (WfA 3.1)."""

    id: str
    name: str
    winter: bool = False
    """A Winter Turn (WfA: a blue box, two Action Rounds, 2 MP in the North, 3.1, 9.8,
    18.1)."""
    early_spring: bool = False
    """The year's first spring turn (WfA: magazines, the new Draw Deck and the CLT, 7.0
    "Early Spring Turns Only")."""


@dataclass(frozen=True, slots=True)
class Calendar:
    """The seasons of a year, in order, as a game's data gives its turn record track."""

    seasons: tuple[SeasonSpec, ...]

    def __post_init__(self) -> None:
        if not self.seasons:
            raise ValueError("a calendar needs at least one season")

    @classmethod
    def from_track(cls, boxes: Iterable[tuple[str, str, str]], *, winter: str,
                   spring: str) -> Calendar:
        """A calendar from the track's boxes as data gives them: (id, name, colour). A box
        of the game's `winter` colour is a Winter Turn; the year's first box of its `spring`
        colour is its early spring."""
        seasons = []
        spring_seen = False
        for season, name, colour in boxes:
            early = colour == spring and not spring_seen
            spring_seen = spring_seen or colour == spring
            seasons.append(SeasonSpec(season, name, winter=colour == winter,
                                      early_spring=early))
        return cls(tuple(seasons))

    def season(self, season: str | None) -> SeasonSpec | None:
        """The season with this id (None: unknown)."""
        for spec in self.seasons:
            if spec.id == season:
                return spec
        return None

    @property
    def first(self) -> str:
        """The season of the game's first turn."""
        return self.seasons[0].id

    def following(self, year: int, season: str) -> tuple[int, str] | None:
        """The turn after (year, season); None when the season is not in the calendar."""
        ids = [spec.id for spec in self.seasons]
        if season not in ids:
            return None
        index = ids.index(season) + 1
        if index == len(ids):
            return year + 1, ids[0]
        return year, ids[index]

    def name(self, year: int | None, season: str | None) -> str | None:
        """e.g. `1777 Winter` (None: neither is known)."""
        if year is None and season is None:
            return None
        spec = self.season(season)
        shown = spec.name if spec is not None else (season or "unknown season")
        return f"{year if year is not None else 'unknown year'} {shown}"


def cycle_lengths(due: int, end_chance: Fraction) -> dict[int, Fraction]:
    """How many rounds a cycle of `due` rounds lasts, with its probability, when each
    round before the last ends it with `end_chance` (WfA 9.1, 20.4: an initiative tie).

    >>> cycle_lengths(2, Fraction(1, 6))
    {1: Fraction(1, 6), 2: Fraction(5, 6)}
    """
    found = {k: (1 - end_chance) ** (k - 1) * end_chance for k in range(1, due)}
    found[due] = (1 - end_chance) ** (due - 1)
    return found


# --- Where play is ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Unit:
    """One unit of the alternation (an impulse, a pulse): whose, when, which of the round."""

    side: str
    step: int
    number: int
    """1 for the round's first unit, 2 for the second, ..."""
    passed: bool = False


U = DefaultedTypeVar("U", default=Unit)
"""A game's record of a unit (WfA's `Pulse`, what was done in it); the plain `Unit` by
default."""


@dataclass(frozen=True, slots=True)
class Position(Generic[U]):
    """Where play is within the declared steps."""

    moment: Moment = field(default_factory=Moment)
    unit: U | None = None
    """The unit under way (None: none)."""
    last: U | None = None
    """The unit before it (or the last one, when none is under way)."""
    open: tuple[str, ...] = ()
    """The sub-procedures open in the unit, outermost first."""
    round_sides: tuple[str, ...] = ()
    """The sides that took a unit this round, in order."""
    passes: frozenset[str] = frozenset()
    """The sides that passed this round."""


class Positioned(Protocol):
    """A game's procedure value: immutable, holding a `Position`."""

    @property
    def position(self) -> Position[Any]: ...

    def placed(self, position: Position[Any]) -> Self:
        """This procedure with its position replaced."""
        ...


P = TypeVar("P", bound=Positioned)


@dataclass(frozen=True, slots=True)
class Placement:
    """Where one action stands in the sequence of play (unknown: why)."""

    moment: Moment
    unit: Unit | None = None
    open: tuple[str, ...] = ()

    @property
    def known(self) -> bool:
        """Whether the phase is known."""
        return self.moment.known

    @property
    def phase(self) -> str | None:
        """The phase, if known."""
        return self.moment.phase if self.moment.known else None


L = DefaultedTypeVar("L", default=Placement)
"""A game's placement (WfA's carries its round, pulse, free action and Winter); the plain
`Placement` by default."""


@dataclass(slots=True)
class Advance(Generic[P, L]):
    """What one action did to the procedure (made once per action, read once by the
    referee: not frozen, which costs a third of its making; its procedures are)."""

    at: P
    """The procedure the action is judged against (its own effect not yet counted)."""
    after: P
    placement: L
    facts: tuple[Action, ...] = ()
    """The sequence facts it gave rise to, in order (judged before the action)."""
    action: Action | None = None
    """The action as the sequencer read it (`Sequencer.read`; None: the log's end, or an
    action the sequencer consumed)."""


# --- What the sequencer consumes -------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class PhaseShown(Action):
    """The log shows the phase (a phase marker the binding names)."""

    phase: str
    reason: str = "the log's phase marker shows it"


@dataclass(frozen=True, slots=True, kw_only=True)
class PhaseInferred(Action):
    """Play shows that a phase began (e.g. cards were dealt: the card phase)."""

    phase: str
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class UnitTaken(Action):
    """A side takes a unit of the alternation (`side` is required)."""

    passed: bool = False
    reason: str = "a unit was taken"


@dataclass(frozen=True, slots=True, kw_only=True)
class Opened(Action):
    """A sub-procedure of the unit under way opened (`procedure` is its id)."""

    procedure: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Closed(Action):
    """A sub-procedure of the unit under way closed (with those it opened)."""

    procedure: str


@dataclass(frozen=True, slots=True, kw_only=True)
class NewTurn(Action):
    """A new turn began."""

    turn: str
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class LogEnded(Action):
    """The log ended (after the sequencer closed what was under way): judged only by the
    families that declare it, e.g. a game's victory at the end of the game."""


# --- The facts it gives rise to --------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class UnitOpened(Action):
    """A unit of the alternation began: whose, and whose it was due to be."""

    unit: Unit
    expected: str | None
    """The side due (None: not known, e.g. the round's first unit)."""
    previous: Unit | None


@dataclass(frozen=True, slots=True, kw_only=True)
class UnitClosed(Action):
    """A unit of the alternation ended."""

    unit: Unit
    round_over: bool = False
    """Every side took its unit this round."""
    all_passed: bool = False
    """Every side passed this round (in many games, the phase ends: WfA 9.6)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ProcedureOpened(Action):
    """A sub-procedure began (`path`: its ids from the unit down)."""

    path: tuple[str, ...]
    citation: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ProcedureClosed(Action):
    """A sub-procedure ended."""

    path: tuple[str, ...]


# --- The machine -----------------------------------------------------------------------------

Facts = list[Action]
Transition = Callable[[P, Action, Facts], P]
"""Where an action puts play before its own effect, adding the facts it gives rise to."""
Effect = Callable[[P, Action], P]
"""An action's own effect on the procedure, once it is placed."""


class Sequencer(Generic[P, L]):
    """Places actions in a declared turn (see the module docstring)."""

    __slots__ = ("_by_type", "_effects", "_reads", "_transitions", "turn")

    def __init__(self, turn: Turn) -> None:
        self.turn = turn
        self._transitions = dict(self.transitions())
        self._effects = dict(self.effects())
        self._by_type: dict[type[Action], tuple[Transition[P] | None, Effect[P] | None]] = {}
        """Each action type's transition and effect, found once through its bases."""
        self._reads = type(self).read is not Sequencer.read
        """Whether the game reads actions in their phase (`read`): the others skip it."""

    # -- the one entry point --

    def advance(self, proc: P, action: Action) -> Advance[P, L]:
        """Place one action: the procedure it is judged against (its transition), the
        facts it gave rise to, and the procedure after it (its effect)."""
        facts: Facts | None = None
        if self._reads:
            facts = []
            proc, read = self.read(proc, action, facts)
            if read is None:
                return Advance(proc, proc, self.placement(proc, action), tuple(facts))
            action = read
        kind = type(action)
        try:
            transition, effect = self._by_type[kind]
        except KeyError:
            transition, effect = self._by_type[kind] = self._resolve(kind)
        if transition is None:
            at = proc
        else:
            if facts is None:
                facts = []
            at = transition(proc, action, facts)
        found: tuple[Action, ...] = () if facts is None else tuple(facts)
        after = at if effect is None else effect(at, action)
        return Advance(at, after, self.placement(at, action), found, action)

    def close(self, proc: P, step: int) -> Advance[P, L]:
        """The log ended: close the unit under way."""
        facts: Facts = []
        after = self.close_unit(proc, step, facts)
        return Advance(at=proc, after=after, placement=self.placement(proc, None),
                       facts=tuple(facts))

    def _resolve(self, kind: type[Action]) -> tuple[Transition[P] | None, Effect[P] | None]:
        """The transition and effect of an action type: its own, or its nearest base's."""
        bases = kind.__mro__
        return (next((self._transitions[b] for b in bases if b in self._transitions), None),
                next((self._effects[b] for b in bases if b in self._effects), None))

    # -- what a game overrides --

    def read(self, proc: P, action: Action, facts: Facts) -> tuple[P, Action | None]:
        """What the action is where play is, before it is placed: the action itself by
        default. A game whose log shows a move alike in every phase reads it here (WfA: a
        leaders-only move in the Reinforcement Phase is a transfer); None: the action is
        none of its own there (the procedure returned, with the facts added, stands)."""
        return proc, action

    def transitions(self) -> Mapping[type[Action], Transition[P]]:
        """The transition for each kind of action (a game extends this mapping); an
        action with none leaves play where it is."""
        return {PhaseShown: self._shown, PhaseInferred: self._inferred,
                UnitTaken: self._unit_taken, Opened: self._opened, Closed: self._closed,
                NewTurn: self._turn_began}

    def effects(self) -> Mapping[type[Action], Effect[P]]:
        """The effect of each kind of action on the procedure once placed (none by
        default: a game adds its own)."""
        return {}

    def placement(self, proc: P, action: Action | None) -> L:
        """Where an action judged against `proc` stands (a game with its own placement
        type `L` overrides this)."""
        position = proc.position
        return cast(L, Placement(moment=position.moment, unit=position.unit,
                                 open=position.open))

    def expected(self, proc: P, side: str) -> str | None:
        """The side due to take the next unit: the other side of the round's first (None:
        the round's first unit, which the game's initiative decides)."""
        position = proc.position
        stage = self.turn.alternating
        if stage is None or stage.alternation is None or not position.round_sides:
            return None
        sides = stage.alternation.sides
        taken = position.round_sides
        due = [s for s in sides if s not in taken and s not in position.passes]
        return due[0] if due else None

    # -- the default steps --

    def enters(self, proc: P, phase: str, knowledge: Knowledge) -> bool:
        """Whether entering `phase` so known changes anything: not when play is known to
        be in it already (a marker upgrades an inferred phase to shown), nor when play
        suggests a phase other than the one the log shows."""
        moment = proc.position.moment
        if moment.known and moment.phase == phase and (
                knowledge is not Knowledge.SHOWN or moment.knowledge is Knowledge.SHOWN):
            return False
        return moment.knowledge is not Knowledge.SHOWN or knowledge is Knowledge.SHOWN

    def enter(self, proc: P, phase: str, step: int, *, knowledge: Knowledge, reason: str,
              facts: Facts, player: str | None = None) -> P:
        """Enter a phase (a `PhaseChange` fact) if that changes anything (`enters`);
        leaving the alternation's phase closes its unit."""
        if not self.enters(proc, phase, knowledge):
            return proc
        alternating = self.turn.alternating
        if alternating is None or phase != alternating.id:
            proc = self.close_unit(proc, step, facts)
        moment = proc.position.moment
        machine = SequenceOfPlay(self.turn.spec, moment)
        previous = moment.phase if moment.knowledge is Knowledge.SHOWN else None
        forward = machine.advance(phase, step, knowledge=knowledge, reason=reason)
        facts.append(PhaseChange(step=step, player=player, turn=moment.turn, phase=phase,
                                 knowledge=knowledge, reason=reason, forward=forward,
                                 previous=previous))
        return proc.placed(replace(proc.position, moment=machine.moment))

    def open_unit(self, proc: P, side: str, step: int, facts: Facts, *,
                  passed: bool = False) -> P:
        """A side's unit opens (the one under way closes first; a new round begins once
        every side had its unit or the side already had one)."""
        proc = self.close_unit(proc, step, facts)
        position = proc.position
        stage = self.turn.alternating
        sides = stage.alternation.sides if stage is not None and stage.alternation else ()
        if side in position.round_sides or (sides and len(position.round_sides) >= len(sides)):
            position = replace(position, round_sides=(), passes=frozenset())
            proc = proc.placed(position)
        expected = self.expected(proc, side)
        unit = Unit(side=side, step=step, number=len(position.round_sides) + 1, passed=passed)
        facts.append(UnitOpened(step=step, side=side, unit=unit, expected=expected,
                                previous=position.last))
        passes = position.passes | ({side} if passed else set())
        return proc.placed(replace(position, unit=unit, open=(), passes=passes,
                                   round_sides=(*position.round_sides, side)))

    def close_unit(self, proc: P, step: int, facts: Facts) -> P:
        """The unit under way closes, with the sub-procedures it opened."""
        position = proc.position
        unit = position.unit
        if unit is None:
            return proc
        proc = self._close_from(proc, 0, step, facts)
        position = proc.position
        stage = self.turn.alternating
        sides = stage.alternation.sides if stage is not None and stage.alternation else ()
        over = bool(sides) and len(position.round_sides) >= len(sides)
        facts.append(UnitClosed(step=step, side=unit.side, unit=unit, round_over=over,
                                all_passed=bool(sides) and position.passes >= set(sides)))
        return proc.placed(replace(position, unit=None, last=unit, open=()))

    def open(self, proc: P, procedure: str, step: int, facts: Facts) -> P:
        """A sub-procedure opens: inside the innermost open one that declares it, else at
        the unit's level (closing its open siblings first)."""
        position = proc.position
        if position.unit is None:
            return proc
        for depth in range(len(position.open), -1, -1):
            path = (*position.open[:depth], procedure)
            try:
                found = self.turn.procedure(path)
            except KeyError:
                continue
            proc = self._close_from(proc, depth, step, facts)
            facts.append(ProcedureOpened(step=step, side=position.unit.side, path=path,
                                         citation=found.citation))
            return proc.placed(replace(proc.position, open=path))
        raise KeyError(f"{self.turn.game}: no sub-procedure {procedure!r} under "
                       f"{position.open or 'the unit'}")

    def close_procedure(self, proc: P, procedure: str, step: int, facts: Facts) -> P:
        """A sub-procedure closes, with those it opened (not open: nothing happens)."""
        position = proc.position
        if procedure not in position.open:
            return proc
        return self._close_from(proc, position.open.index(procedure), step, facts)

    def _close_from(self, proc: P, depth: int, step: int, facts: Facts) -> P:
        """Close the open sub-procedures from `depth` on, innermost first."""
        position = proc.position
        side = position.unit.side if position.unit is not None else None
        for end in range(len(position.open), depth, -1):
            facts.append(ProcedureClosed(step=step, side=side, path=position.open[:end]))
        if len(position.open) <= depth:
            return proc
        return proc.placed(replace(position, open=position.open[:depth]))

    def new_turn(self, proc: P, turn: str, step: int, *, reason: str, facts: Facts,
                 player: str | None = None) -> P:
        """A new turn begins in its first phase (the unit under way closes)."""
        proc = self.close_unit(proc, step, facts)
        first = self.turn.first
        machine = SequenceOfPlay(self.turn.spec, proc.position.moment)
        machine.new_turn(turn, step, first_phase=first, reason=reason)
        facts.append(PhaseChange(step=step, player=player, turn=turn, phase=first,
                                 knowledge=Knowledge.INFERRED, reason=reason))
        return proc.placed(Position(moment=machine.moment))

    # -- the default transitions --

    def _shown(self, proc: P, action: Action, facts: Facts) -> P:
        assert isinstance(action, PhaseShown)
        return self.enter(proc, action.phase, action.step, knowledge=Knowledge.SHOWN,
                          reason=action.reason, facts=facts, player=action.player)

    def _inferred(self, proc: P, action: Action, facts: Facts) -> P:
        assert isinstance(action, PhaseInferred)
        return self.enter(proc, action.phase, action.step, knowledge=Knowledge.INFERRED,
                          reason=action.reason, facts=facts, player=action.player)

    def _unit_taken(self, proc: P, action: Action, facts: Facts) -> P:
        assert isinstance(action, UnitTaken) and action.side is not None
        stage = self.turn.alternating
        if stage is not None:
            proc = self.enter(proc, stage.id, action.step, knowledge=Knowledge.INFERRED,
                              reason=action.reason, facts=facts)
        return self.open_unit(proc, action.side, action.step, facts, passed=action.passed)

    def _opened(self, proc: P, action: Action, facts: Facts) -> P:
        assert isinstance(action, Opened)
        return self.open(proc, action.procedure, action.step, facts)

    def _closed(self, proc: P, action: Action, facts: Facts) -> P:
        assert isinstance(action, Closed)
        return self.close_procedure(proc, action.procedure, action.step, facts)

    def _turn_began(self, proc: P, action: Action, facts: Facts) -> P:
        assert isinstance(action, NewTurn)
        return self.new_turn(proc, action.turn, action.step, reason=action.reason,
                             facts=facts, player=action.player)


# --- Reading as one goes ------------------------------------------------------------------

class Placer(Protocol[P]):
    """What places actions as they are read (a `SequencedReferee`): it keeps the
    procedure."""

    procedure: P

    def place(self, action: Action, /) -> Any:
        """Place `action` now (the procedure moves on) and return its `Advance`."""
        ...


class Collector(Generic[P, L]):
    """For an interpreter that places each action as it reads it (it reads the procedure
    the last one left): its placer places the action, the procedure (`proc`, the
    placer's) moves on, and the advance is kept, in order, until the step's actions are
    taken (`take`) to judge."""

    __slots__ = ("_out", "placer")

    def __init__(self, placer: Placer[P]) -> None:
        self.placer = placer
        self._out: list[Advance[P, L]] = []

    @property
    def proc(self) -> P:
        """The procedure as the actions read so far left it."""
        return self.placer.procedure

    @proc.setter
    def proc(self, procedure: P) -> None:
        self.placer.procedure = procedure

    def emit(self, action: Action) -> Advance[P, L]:
        """An action read: placed, the procedure moved on, the advance kept to judge."""
        advance: Advance[P, L] = self.placer.place(action)
        self._out.append(advance)
        return advance

    def take(self) -> list[Advance[P, L]]:
        """The advances kept since the last `take`, in order."""
        out, self._out = self._out, []
        return out
