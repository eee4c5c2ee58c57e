"""Almost a Miracle!'s reading of a step: what its pieces, rolls, chat and properties show,
as typed actions.

- The Year and Month properties: a new turn; the Phase property: the phase shown.
- In the Endeavors Phase, a side's step opens its endeavor (AaM 8.0): a force's move (SP
  counters, leaders, baggage trains from one Area to another), a leader flipped to his
  moved side without moving (a failed activation), or a chat line saying it passes.
- Every roll is its own action; a force's move takes its side's last unused 1d6 as the
  endeavor's activation die (a die is logged as its own step, before the move).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from adjudicator.systems.almost_a_miracle.actions import (
    DiceRolled,
    EndeavorTaken,
    ForceMoved,
    LeaderSpent,
)
from adjudicator.systems.almost_a_miracle.procedure import ENDEAVORS, phase_named, turn_named
from adjudicator.systems.almost_a_miracle.read_battles import Battle, read_battles
from adjudicator.systems.almost_a_miracle.state import AaMState, Entity
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.sequencer import NewTurn, PhaseShown
from adjudicator.systems.common.steps import Cue, DiceQueue, StepView, route_of
from adjudicator.systems.common.tracker import Relocation

PASS = Cue("pass", re.compile(r"^(?:i\s+)?pass(?:es|ed)?\b", re.IGNORECASE))
"""A chat line by which a player passes his endeavor (AaM 8.0)."""
CUES = (PASS,)
ACTIVATION = ("1d6",)


@dataclass(frozen=True, slots=True)
class Shown:
    """The global properties as the board holds them after a step."""

    year: str | None
    month: str | None
    phase: str | None

    @property
    def turn(self) -> str | None:
        """The turn they show (`1775-06`)."""
        return turn_named(self.year, self.month)


@dataclass(frozen=True, slots=True)
class Reading:
    """What the reader keeps from step to step (immutable: undo goes back to it)."""

    shown: Shown = Shown(None, None, None)
    dice: DiceQueue[str] = field(default_factory=DiceQueue)
    last: ForceMoved | None = None
    battle: Battle | None = None
    """The battle being read (read_battles.py)."""


class Reader:
    """Turns one step into actions (the state is already moved on by the step)."""

    __slots__ = ("reading", "side_of", "state")

    def __init__(self, state: AaMState, side_of: Callable[[Entity], str | None]) -> None:
        self.state = state
        self.side_of = side_of
        self.reading = Reading()

    def begin(self, shown: Shown) -> list[Action]:
        """The starting position's turn and phase."""
        self.reading = replace(self.reading, shown=shown)
        actions: list[Action] = []
        if shown.turn is not None:
            actions.append(NewTurn(step=0, turn=shown.turn, reason="the Year and Month"))
        phase = phase_named(shown.phase)
        if phase is not None:
            actions.append(PhaseShown(step=0, phase=phase,
                                      reason=f"the Phase marker shows {shown.phase!r}"))
        return actions

    def step(self, view: StepView[Entity, str | None], shown: Shown, player: str | None,
             phase: str | None) -> list[Action]:
        """The actions of one step: properties, rolls, passes, then moves."""
        actions = self._properties(view.index, shown, player)
        phase = phase_named(shown.phase) or phase
        side = view.side
        for roll in view.rolls:
            actions.append(DiceRolled(step=view.index, side=side, player=player,
                                      button=roll.button, dice=roll.values))
            if side is not None:
                self.reading = replace(self.reading, dice=self.reading.dice.with_rolls(
                    side, (roll,), view.index))
        if phase == ENDEAVORS and side is not None and view.said(PASS.name):
            actions.append(EndeavorTaken(step=view.index, side=side, player=player,
                                         kind="pass", passed=True,
                                         reason="the player says he passes"))
        actions += self._moves(view, player, phase)
        actions = read_battles(self, view, actions)
        return actions

    def _properties(self, index: int, shown: Shown, player: str | None) -> list[Action]:
        last = self.reading.shown
        actions: list[Action] = []
        if shown.turn is not None and shown.turn != last.turn:
            actions.append(NewTurn(step=index, player=player, turn=shown.turn,
                                   reason=f"the Year and Month show {shown.turn}"))
        phase = phase_named(shown.phase)
        if phase is not None and (shown.phase != last.phase or shown.turn != last.turn):
            actions.append(PhaseShown(step=index, player=player, phase=phase,
                                      reason=f"the Phase marker shows {shown.phase!r}"))
        self.reading = replace(self.reading, shown=shown)
        return actions

    def _moves(self, view: StepView[Entity, str | None], player: str | None,
               phase: str | None) -> list[Action]:
        groups: dict[tuple[str, str, str, tuple[str, ...]], list[Relocation[Entity]]] = {}
        spent: list[tuple[str, Entity, str]] = []
        for relocation in view.pieces:
            placed = relocation.after or relocation.before
            entity = placed.entity if placed is not None else None
            if entity is None or not entity.force:
                continue
            side = self.side_of(entity)
            origin, destination = relocation.origin, relocation.destination
            if _area(origin) and _area(destination) and origin != destination:
                assert origin is not None and destination is not None
                route = route_of(origin, destination,
                                 view.waypoints.get(relocation.piece_id, ()), _area)
                groups.setdefault((side or "", origin.key, destination.key, route),
                                  []).append(relocation)
            elif origin == destination and _area(origin) and entity.kind == "leader" and \
                    entity.flag == "moved" and relocation.before is not None and \
                    relocation.before.entity.flag != "moved" and side is not None:
                assert origin is not None
                spent.append((side, entity, origin.key))
        actions: list[Action] = []
        for (side, start, end, route), members in groups.items():
            entities = [entity for m in members if (entity := _entity(m)) is not None]
            last = self.reading.last
            going_on = last is not None and last.side == side and \
                last.destination == start and \
                bool({m.piece_id for m in members} & set(last.pieces))
            die = None
            if not going_on:
                die, dice = self.reading.dice.take_last(side or None, ACTIVATION)
                self.reading = replace(self.reading, dice=dice)
                if phase == ENDEAVORS and side:
                    kind = "force" if any(e.kind == "sp" for e in entities) else (
                        "leader" if any(e.kind == "leader" for e in entities) else "bt")
                    actions.append(EndeavorTaken(step=view.index, side=side, player=player,
                                                 kind=kind, reason=f"a {kind} moved"))
            elif last is not None:
                die = last.die
            move = ForceMoved(
                step=view.index, side=side or None, player=player,
                pieces=tuple(m.piece_id for m in members),
                leaders=tuple(e.key for e in entities if e.kind == "leader"),
                sp=tuple((e.key, e.value) for e in entities if e.kind == "sp"),
                trains=sum(1 for e in entities if e.kind == "bt"),
                origin=start, destination=end, path=route, die=die)
            actions.append(move)
            self.reading = replace(self.reading, last=move)
        for side, entity, area in spent:
            die, dice = self.reading.dice.take_last(side, ACTIVATION)
            self.reading = replace(self.reading, dice=dice)
            if phase == ENDEAVORS:
                actions.append(EndeavorTaken(step=view.index, side=side, player=player,
                                             kind="force", reason="a leader was spent"))
            actions.append(LeaderSpent(step=view.index, side=side, player=player,
                                       leader=entity.key, area=area, die=die))
        return actions


def _entity(relocation: Relocation[Entity]) -> Entity | None:
    placed = relocation.after or relocation.before
    return placed.entity if placed is not None else None


def _area(place: Place | None) -> bool:
    return place is not None and place.kind is PlaceKind.SPACE
