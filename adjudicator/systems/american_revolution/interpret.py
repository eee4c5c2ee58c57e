"""The American Revolution's reading of a step: what its pieces, tracks, rolls and
properties show, as typed actions.

- The Turn (year), Phase, First Player and PP properties: a new turn, the phase shown, the
  First Player (AR 8.0), each side's political points (AR 6.1).
- Campaign markers: pool → hand is a draw (bought in the Mobilization Phase, AR 7.1);
  hand → pool a return (AR 7.2); hand → Played Markers a play (AR 7.7); hand → the
  Initiative Box or a rabble-rousing table a commitment revealed (AR 8.1, 9.1).
- Units and leaders: from the palette, a pool or a box onto a locale, raised (AR 13);
  locale to locale, a force's move (AR 16) with the side's last unused movement die;
  off a locale, removed (AR 18, 19, 20); flipped, disrupted (AR 18.4).
- Track markers: Revolutionary Progress, Balance of Power, Loyalty (AR 10-12).
- Every roll is its own action, and the die a move uses is linked to it (a die is logged
  as its own step, before the move).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace

from adjudicator.systems.american_revolution.actions import (
    DiceRolled,
    Disrupted,
    FirstPlayerShown,
    ForceMoved,
    MarkerPlayed,
    MarkersCommitted,
    MarkersDrawn,
    MarkersReturned,
    PointsShown,
    Raised,
    TrackMoved,
    UnitsRemoved,
)
from adjudicator.systems.american_revolution.procedure import MOBILIZATION, phase_named
from adjudicator.systems.american_revolution.read_battles import (
    BattleReading,
    close_log,
    read_step,
)
from adjudicator.systems.american_revolution.read_markers import map_markers
from adjudicator.systems.american_revolution.read_played import marker_moves
from adjudicator.systems.american_revolution.state import TRACKS, ARState, Entity, track_level
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.sequencer import NewTurn, PhaseShown
from adjudicator.systems.common.steps import DiceQueue, StepView, route_of
from adjudicator.systems.common.tracker import Relocation

SIDES = ("US", "GB")
DECK = Place(PlaceKind.DECK)
PLAYED = Place(PlaceKind.ZONE, "played")
MOVE_BUTTONS = ("1d6",)
"""The dice button of a movement roll (AR 16.3: one die)."""


def commitment_table(place: Place | None) -> str | None:
    """The table a commitment zone is (`zone:initiative` → `initiative`, `zone:rr_bop` →
    `bop`, `zone:rr_new_england` → `new_england`); None: not one."""
    if place is None or place.kind is not PlaceKind.ZONE:
        return None
    if place.key == "initiative":
        return "initiative"
    return place.key[3:] if place.key.startswith("rr_") else None


@dataclass(frozen=True, slots=True)
class Properties:
    """The global properties the log showed last (what a change is measured against)."""

    turn: str | None = None
    phase: str | None = None
    first: str | None = None
    points: tuple[int | None, int | None] = (None, None)


@dataclass(frozen=True, slots=True)
class Reading:
    """What the reader keeps from step to step (immutable: undo goes back to it)."""

    shown: Properties = field(default_factory=Properties)
    dice: DiceQueue[str] = field(default_factory=DiceQueue)
    battles: BattleReading = field(default_factory=BattleReading)


@dataclass(frozen=True, slots=True)
class Shown:
    """The global properties as the board holds them after a step."""

    turn: str | None
    phase: str | None
    first: str | None
    points: tuple[int | None, int | None]


class Reader:
    """Turns one step into actions (the state is already moved on by the step)."""

    __slots__ = ("reading", "side_of_formation", "side_of_leader", "state")

    def __init__(self, state: ARState, *, side_of_formation: Callable[[str], str | None],
                 side_of_leader: Callable[[str], str | None]) -> None:
        self.state = state
        self.reading = Reading()
        self.side_of_formation = side_of_formation
        self.side_of_leader = side_of_leader

    def owner(self, entity: Entity) -> str | None:
        """The side whose unit or leader this is."""
        if entity.kind == "unit":
            return self.side_of_formation(entity.key)
        if entity.kind == "leader":
            return self.side_of_leader(entity.key)
        return None

    # ------------------------------------------------------------------ the step

    def begin(self, shown: Shown) -> list[Action]:
        """The starting position's properties: its year and phase, known from the start."""
        self.reading = replace(self.reading, shown=Properties(
            turn=shown.turn, phase=shown.phase, first=shown.first, points=shown.points))
        actions: list[Action] = []
        if shown.turn is not None:
            actions.append(NewTurn(step=0, turn=shown.turn, reason="the Turn marker"))
        phase = phase_named(shown.phase)
        if phase is not None:
            actions.append(PhaseShown(step=0, phase=phase,
                                      reason=f"the Phase marker shows {shown.phase!r}"))
        if shown.first in SIDES:
            actions.append(FirstPlayerShown(step=0, first=shown.first,
                                            reason="the First Player marker"))
        return actions

    def step(self, view: StepView[Entity, str | None], shown: Shown, player: str | None,
             phase: str | None) -> list[Action]:
        """The actions of one step, in the order the rules judge them: properties first
        (a new turn, the phase), then rolls, then pieces."""
        actions = self._properties(view.index, shown, player)
        side = view.side
        for roll in view.rolls:
            actions.append(DiceRolled(step=view.index, side=side, player=player,
                                      button=roll.button, dice=roll.values))
            if side is not None:
                self.reading = replace(self.reading, dice=self.reading.dice.with_rolls(
                    side, (roll,), view.index))
        if phase_named(shown.phase) is not None:
            phase = phase_named(shown.phase)
        actions += self._markers(view, player, phase)
        actions += marker_moves(view, player)
        actions += self._forces(view, player)
        actions += self._tracks(view, player)
        actions += map_markers(view, player, self.state, self.owner)
        battles, found = read_step(self.reading.battles, self.state, self.owner, view,
                                   actions, phase, player)
        self.reading = replace(self.reading, battles=battles)
        return actions + found

    def close(self, step: int) -> list[Action]:
        """The log ended: what is under way closes (a battle's round of fire)."""
        battles, found = close_log(self.reading.battles, self.state, self.owner, step)
        self.reading = replace(self.reading, battles=battles)
        return found

    def _properties(self, index: int, shown: Shown, player: str | None) -> list[Action]:
        last = self.reading.shown
        actions: list[Action] = []
        if shown.turn is not None and shown.turn != last.turn:
            actions.append(NewTurn(step=index, player=player, turn=shown.turn,
                                   reason=f"the Turn marker shows {shown.turn}"))
        phase = phase_named(shown.phase)
        if phase is not None and (shown.phase != last.phase or shown.turn != last.turn):
            actions.append(PhaseShown(step=index, player=player, phase=phase,
                                      reason=f"the Phase marker shows {shown.phase!r}"))
        if shown.first in SIDES and shown.first != last.first:
            actions.append(FirstPlayerShown(step=index, player=player, first=shown.first,
                                            reason="the First Player marker"))
        for side, before, after in zip(SIDES, last.points, shown.points, strict=True):
            if after is not None and after != before:
                actions.append(PointsShown(step=index, side=side, player=player,
                                           before=before, after=after))
        new_phase = any(isinstance(action, NewTurn | PhaseShown) for action in actions)
        self.reading = replace(
            self.reading, shown=Properties(turn=shown.turn, phase=shown.phase,
                                           first=shown.first, points=shown.points),
            # A force's movement die is rolled in the Campaign Phase it moves in (AR 16.3):
            # dice left from a phase that ended (initiative, income) are never taken for it.
            dice=DiceQueue() if new_phase else self.reading.dice)
        return actions

    # ------------------------------------------------------------------ markers

    def _markers(self, view: StepView[Entity, str | None], player: str | None,
                 phase: str | None) -> list[Action]:
        drawn: dict[str, int] = {}
        returned: dict[str, int] = {}
        committed: dict[tuple[str, str], list[str]] = {}
        actions: list[Action] = []
        for relocation in view.pieces:
            entity = _entity(relocation)
            if entity is None or entity.kind != "marker":
                continue
            origin, destination = relocation.origin, relocation.destination
            hand_from = origin.key if origin is not None and origin.kind is PlaceKind.HAND \
                else None
            hand_to = destination.key if destination is not None and \
                destination.kind is PlaceKind.HAND else None
            if origin == DECK and hand_to is not None:
                drawn[hand_to] = drawn.get(hand_to, 0) + 1
            elif hand_from is not None and destination == DECK:
                returned[hand_from] = returned.get(hand_from, 0) + 1
            elif hand_from is not None and destination == PLAYED:
                actions.append(MarkerPlayed(step=view.index, side=hand_from, player=player,
                                            marker=entity.key))
            elif hand_from is not None and (table := commitment_table(destination)):
                committed.setdefault((hand_from, table), []).append(entity.key)
        pool = self.state.count("marker", DECK)
        for side, count in drawn.items():
            actions.append(MarkersDrawn(step=view.index, side=side, player=player, count=count,
                                        bought=phase == MOBILIZATION, pool_left=pool))
        for side, count in returned.items():
            held = self.state.count("marker", Place(PlaceKind.HAND, side))
            actions.append(MarkersReturned(step=view.index, side=side, player=player,
                                           count=count, held_before=held + count))
        for (side, table), markers in committed.items():
            actions.append(MarkersCommitted(step=view.index, side=side, player=player,
                                            table=table, markers=tuple(markers)))
        return actions

    # ------------------------------------------------------------------ forces

    def _forces(self, view: StepView[Entity, str | None], player: str | None) -> list[Action]:
        moves: dict[tuple[str, str, str, tuple[str, ...]], list[Relocation[Entity]]] = {}
        actions: list[Action] = []
        for relocation in view.pieces:
            entity = _entity(relocation)
            if entity is None or not entity.combat:
                continue
            side = self.owner(entity)
            origin, destination = relocation.origin, relocation.destination
            before = relocation.before.entity if relocation.before is not None else None
            if _locale(origin) and _locale(destination) and origin != destination:
                assert origin is not None and destination is not None
                route = route_of(origin, destination,
                                 view.waypoints.get(relocation.piece_id, ()), _locale)
                moves.setdefault((side or "", origin.key, destination.key, route),
                                 []).append(relocation)
            elif _locale(destination) and not _locale(origin):
                assert destination is not None
                actions.append(Raised(step=view.index, side=side, player=player,
                                      entity=entity.kind, key=entity.key,
                                      locale=destination.key,
                                      origin=None if origin is None else str(origin)))
            elif _locale(origin) and not _locale(destination):
                assert origin is not None
                actions.append(UnitsRemoved(
                    step=view.index, side=side, player=player,
                    units=(entity.key,) if entity.kind == "unit" else (),
                    leaders=(entity.key,) if entity.kind == "leader" else (),
                    locale=origin.key, to=None if destination is None else str(destination)))
            elif origin == destination and _locale(origin) and before is not None \
                    and before.disrupted != entity.disrupted:
                assert origin is not None
                actions.append(Disrupted(
                    step=view.index, side=side, player=player,
                    units=(entity.key,) if entity.kind == "unit" else (),
                    leaders=(entity.key,) if entity.kind == "leader" else (),
                    locale=origin.key, restored=not entity.disrupted))
        for (side, origin_key, destination_key, route), members in moves.items():
            retreat = any(self.owner(entity) not in (None, side)
                          for entity in self.state.in_locale(origin_key) if entity.combat)
            die = None
            if not retreat:
                die, dice = self.reading.dice.take_last(side or None, MOVE_BUTTONS)
                self.reading = replace(self.reading, dice=dice)
            entities = [_entity(member) for member in members]
            actions.append(ForceMoved(
                step=view.index, side=side or None, player=player,
                pieces=tuple(member.piece_id for member in members),
                units=tuple(e.key for e in entities if e is not None and e.kind == "unit"),
                leaders=tuple(e.key for e in entities if e is not None and e.kind == "leader"),
                origin=origin_key, destination=destination_key, path=route, die=die,
                retreat=retreat))
        return _merged(actions)

    # ------------------------------------------------------------------ tracks

    def _tracks(self, view: StepView[Entity, str | None], player: str | None) -> list[Action]:
        actions: list[Action] = []
        for relocation in view.pieces:
            entity = _entity(relocation)
            if entity is None or entity.kind not in TRACKS:
                continue
            box = f"loyalty_{entity.key}" if entity.kind == "loyalty" else entity.kind
            before = track_level(relocation.origin, box)
            after = track_level(relocation.destination, box)
            if before != after:
                actions.append(TrackMoved(step=view.index, side=view.side, player=player,
                                          track=entity.kind, region=entity.key,
                                          before=before, after=after))
        return actions


def _entity(relocation: Relocation[Entity]) -> Entity | None:
    placed = relocation.after or relocation.before
    return placed.entity if placed is not None else None


def _locale(place: Place | None) -> bool:
    return place is not None and place.kind is PlaceKind.SPACE


def _merged(actions: Sequence[Action]) -> list[Action]:
    """Removals and disruptions of one side in one locale and step as one action each."""
    out: list[Action] = []
    for action in actions:
        last = out[-1] if out else None
        if _same(last, action):
            assert isinstance(last, UnitsRemoved | Disrupted)
            assert isinstance(action, UnitsRemoved | Disrupted)
            out[-1] = replace(last, units=last.units + action.units,
                              leaders=last.leaders + action.leaders)
        else:
            out.append(action)
    return out


def _same(last: Action | None, action: Action) -> bool:
    if isinstance(action, UnitsRemoved) and isinstance(last, UnitsRemoved):
        return (last.side, last.locale, last.to) == (action.side, action.locale, action.to)
    if isinstance(action, Disrupted) and isinstance(last, Disrupted):
        return (last.side, last.locale, last.restored) == (
            action.side, action.locale, action.restored)
    return False


def sides_of(items: Iterable[tuple[str, str]]) -> dict[str, str]:
    """Id → side, from (id, side) pairs."""
    return dict(items)
