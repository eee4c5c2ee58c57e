"""Almost a Miracle!'s reading of a step: what its pieces, rolls, chat and properties show,
as typed actions.

- The Year and Month properties: a new turn; the Phase property: the phase shown.
- In the Endeavors Phase, a side's step opens its endeavor (AaM 8.0): a force's move (SP
  counters, leaders, baggage trains from one Area to another), a leader flipped to his
  moved side without moving (a failed activation), or a chat line saying it passes.
- Every roll is its own action; a force's move takes its side's last unused 1d6 as the
  endeavor's activation die (a die is logged as its own step, before the move).
- A move by the other side inside an endeavor does not open one (AaM 8.0 "a sort of
  mini-turn"): leaving the Area the enemy force just entered is a retreat (AaM 11.3,
  11.4); one step into that Area is a reaction move (AaM 10.10) or that side's own next
  endeavor, which the log does not tell apart. The next endeavor decides, in the player's
  favour: if the other side takes it, the move was an endeavor; if the mover's side does,
  it was a reaction.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from adjudicator.systems.almost_a_miracle.actions import (
    DiceRolled,
    EndeavorTaken,
    ForceMoved,
    GovernorPlaced,
    LeaderSpent,
)
from adjudicator.systems.almost_a_miracle.procedure import (
    BRITISH,
    ENDEAVORS,
    phase_named,
)
from adjudicator.systems.almost_a_miracle.read_battles import read_battles
from adjudicator.systems.almost_a_miracle.read_events import EventTable, read_events
from adjudicator.systems.almost_a_miracle.read_movement import read_movement
from adjudicator.systems.almost_a_miracle.read_pow import read_pow
from adjudicator.systems.almost_a_miracle.read_prisoners import read_prisoners
from adjudicator.systems.almost_a_miracle.read_reinforcements import read_reinforcements
from adjudicator.systems.almost_a_miracle.read_sieges import read_sieges
from adjudicator.systems.almost_a_miracle.read_supply import read_supply
from adjudicator.systems.almost_a_miracle.read_track import read_track
from adjudicator.systems.almost_a_miracle.reading import Reading, Shown
from adjudicator.systems.almost_a_miracle.state import AaMState, Entity
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.sequencer import NewTurn, PhaseShown
from adjudicator.systems.common.steps import Cue, DiceQueue, StepView, route_of
from adjudicator.systems.common.tracker import Relocation

PASS = Cue("pass", re.compile(r"^(?:i\s+|we\s+|(?:the\s+)?(?:british|continentals?|americans?)"
                              r"(?:\s+player)?\s+)?pass(?:es|ed)?\b", re.IGNORECASE))
"""A chat line by which a player passes his endeavor (AaM 8.0): "pass", "I pass", "British
passes", "The Continental player passes"."""
CUES = (PASS,)
ACTIVATION = ("1d6",)


class Reader:
    """Turns one step into actions (the state is already moved on by the step)."""

    __slots__ = ("arrows", "events", "reading", "side_of", "state")

    def __init__(self, state: AaMState, side_of: Callable[[Entity], str | None],
                 events: EventTable | None = None,
                 arrows: frozenset[frozenset[str]] = frozenset()) -> None:
        self.state = state
        self.side_of = side_of
        self.events: EventTable = events or {}
        self.arrows = arrows
        """The pairs of Areas a Crossing Arrow joins (AaM 10.1.4)."""
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
            actions += self._taken(EndeavorTaken(step=view.index, side=side, player=player,
                                                 kind="pass", passed=True,
                                                 reason="the player says he passes"))
            self.reading = replace(self.reading, last=None)
        actions += self._moves(view, player, phase)
        actions += self._governor(view, player, phase)
        actions += self._marked(view, player, phase)
        actions += read_movement(self, view, player, phase)
        actions += read_supply(view, self.state, self.side_of, player, phase)
        actions += read_reinforcements(self, view, player, phase)
        actions += read_prisoners(self, view, player)
        actions += read_sieges(self, view, player, phase)
        actions += read_track(view, player)
        pow_reading, totals = read_pow(self.reading.pow, self.state, view.index, phase)
        self.reading = replace(self.reading, pow=pow_reading)
        actions += totals
        events, due, last_event = read_events(
            actions, step=view.index, turn=shown.turn, state=self.state,
            relocations=view.pieces, table=self.events, due=self.reading.due,
            last_event=self.reading.last_event)
        self.reading = replace(self.reading, due=due, last_event=last_event)
        actions = read_battles(self, view, actions)
        return actions + events

    def _properties(self, index: int, shown: Shown, player: str | None) -> list[Action]:
        last = self.reading.shown
        actions: list[Action] = []
        if shown.turn is not None and shown.turn != last.turn:
            actions.append(NewTurn(step=index, player=player, turn=shown.turn,
                                   reason=f"the Year and Month show {shown.turn}"))
        phase = phase_named(shown.phase)
        if phase is not None and shown.phase != last.phase:
            actions.append(PhaseShown(step=index, player=player, phase=phase,
                                      reason=f"the Phase marker shows {shown.phase!r}"))
        if actions:
            # Dice left from the phase (or month) that ended belong to it: an endeavor's
            # activation die (AaM 8.1.1, 8.3.4; a recruitment's, 12.1) or a siege's is
            # rolled in its own phase, never taken from an earlier phase's attrition or
            # events dice.
            self.reading = replace(self.reading, last=None, pending=None, dice=DiceQueue())
        self.reading = replace(self.reading, shown=shown)
        return actions

    def _move(self, step: int, player: str | None, phase: str | None, side: str, start: str,
              end: str, route: tuple[str, ...], members: list[Relocation[Entity]],
              opened: ForceMoved | None) -> ForceMoved:
        """One group's move: a later leg, a move inside the other side's endeavor, a second
        Area's pieces joining the force opened this step (`opened`), or a new endeavor's
        force, with its activation die (a lone baggage train rolls none, AaM 8.2)."""
        entities = [entity for m in members if (entity := _entity(m)) is not None]
        last = self.reading.last
        stayed = self.reading.stayed
        going_on = any(force is not None and force.side == side and
                       force.destination == start and
                       bool({m.piece_id for m in members} & set(force.pieces))
                       for force in (last, stayed))
        if going_on and (last is None or last.destination != start) and stayed is not None:
            last = stayed
        # more of the force's pieces dragged after it, in a later step, along the same way
        follows = not going_on and phase == ENDEAVORS and last is not None and \
            last.side == side and not last.within and last.origin == start and \
            last.destination == end and last.path == route
        going_on = going_on or follows
        within = "" if going_on or phase != ENDEAVORS else _within(last, side, start, end,
                                                                    route)
        if not within and not going_on and phase == ENDEAVORS and stayed is not None and \
                stayed.side not in (None, side) and start == stayed.destination and \
                self._fought_since(stayed, side):
            within = "retreat"  # the loser of a battle the force that stood fought (a sally)
        joins = opened is not None and not going_on and not within
        die = reroll = None
        if going_on and last is not None:
            die, reroll = last.die, last.reroll
        elif joins and opened is not None:
            die, reroll = opened.die, opened.reroll
        elif any(entity.kind != "bt" for entity in entities):
            if len(route) > 1 and frozenset(route[:2]) in self.arrows:
                self._crossing_roll(side or None, step)
            die, reroll = self._activation_die(side or None)
        move = ForceMoved(
            step=step, side=side or None, player=player,
            pieces=tuple(m.piece_id for m in members),
            leaders=tuple(e.key for e in entities if e.kind == "leader"),
            sp=tuple((e.key, e.value) for e in entities if e.kind == "sp"),
            trains=sum(1 for e in entities if e.kind == "bt"),
            origin=start, destination=end, path=route, die=die, reroll=reroll,
            continues=going_on, within=within, joins=joins,
            train_pieces=tuple(m.piece_id for m, e in zip(members, entities, strict=False)
                               if e.kind == "bt"))
        if within == "reaction" and side:
            self.reading = replace(self.reading, pending=self._endeavor_of(move))
        return move

    def _opened(self, move: ForceMoved, phase: str | None) -> list[Action]:
        """The endeavor a force's first move opens (in the Endeavors Phase)."""
        if phase != ENDEAVORS or not move.side:
            return []
        return self._taken(self._endeavor_of(move))

    @staticmethod
    def _endeavor_of(move: ForceMoved) -> EndeavorTaken:
        kind = "force" if move.sp else ("leader" if move.leaders else "bt")
        return EndeavorTaken(step=move.step, side=move.side, player=move.player, kind=kind,
                             reason=f"a {kind} moved")

    def _fought_since(self, stayed: ForceMoved, side: str) -> bool:
        """Whether both the force that stood (a sally, AaM 4.5) and `side` rolled after it
        did: a battle between them, whose loser leaves the Area (AaM 4.5.2, 11.4)."""
        after = {die.side for die in self.reading.dice
                 if die.step is not None and die.step > stayed.step}
        return {stayed.side, side} <= after

    def _crossing_roll(self, side: str | None, step: int) -> None:
        """AaM 10.1.4: a force crossing a Crossing Arrow must "successfully activate, and then
        roll ≤ 5 on 1d6" (no roll with an engineer; "If the attempt fails, the unit/force must
        remain in place and is considered to have activated"): when the side rolled two 1d6
        in the last steps (not a 1 and the die rolled again after it, 8.3.4), the last is the
        crossing roll, not the activation die (set aside)."""
        queue = self.reading.dice
        mine = [die for die in queue if die.button in ACTIVATION and
                (side is None or die.side == side)]
        if len(mine) >= 2 and mine[-2].step is not None and step - mine[-2].step <= 2 and \
                (mine[-2].value != 1 or (len(mine) >= 3 and mine[-3].value == 1 and
                                         mine[-3].step is not None and
                                         step - mine[-3].step <= 3)):
            _, rest = queue.take_last(side, ACTIVATION)
            self.reading = replace(self.reading, dice=rest)

    def _activation_die(self, side: str | None) -> tuple[int | None, int | None]:
        """The endeavor's activation die and, when it was a 1, the die rolled again right
        after it (AaM 8.3.4): the side's last 1d6, or its last two when the one before the
        last is a 1 rolled in the step before (or the same step)."""
        queue = self.reading.dice
        last, rest = queue.take_last(side, ACTIVATION)
        if last is None:
            return None, None
        mine = [die for die in queue if die.button in ACTIVATION and
                (side is None or die.side == side)]
        before, after = (mine[-2], mine[-1]) if len(mine) >= 2 else (None, mine[-1])
        if before is not None and before.value == 1 and before.step is not None and \
                after.step is not None and 0 <= after.step - before.step <= 1:
            first, rest = rest.take_last(side, ACTIVATION)
            self.reading = replace(self.reading, dice=rest)
            return first, last
        self.reading = replace(self.reading, dice=rest)
        return last, None

    def _marked(self, view: StepView[Entity, str | None], player: str | None,
                phase: str | None) -> list[Action]:
        """A Moved marker put on a force that did not move (AaM 8.1.1: the force that failed
        to activate, or that activated where it stands, is spent for the month): an
        endeavor of the side whose leaders are there, when the marker does not mark a move
        just made (AaM 3.0F, 8.2)."""
        if phase != ENDEAVORS:
            return []
        actions: list[Action] = []
        for relocation in view.pieces:
            placed = relocation.after
            destination = relocation.destination
            if placed is None or placed.entity.kind != "moved" or not _area(destination) or \
                    relocation.origin == destination:
                continue
            assert destination is not None
            last, stayed = self.reading.last, self.reading.stayed
            if any(force is not None and destination.key in (force.origin, force.destination)
                   for force in (last, stayed)) or any(
                    entity.kind == "leader" and entity.key in self.reading.leaders
                    for entity in self.state.in_area(destination.key)):
                continue  # it marks the force that just moved, or was flipped, there (or
                # its part dropped off on the way, AaM 9.1)
            sides = {self.side_of(entity) for entity in self.state.in_area(destination.key)
                     if entity.kind == "leader" and entity.flag != "moved"}
            if len(sides) != 1 or None in sides:
                continue  # no leader, or both sides' (a siege): whose force is not known
            side = sides.pop()
            assert side is not None
            die, reroll = self._activation_die(side)
            actions += self._taken(EndeavorTaken(step=view.index, side=side, player=player,
                                                 kind="force",
                                                 reason="a Moved marker was put on a force"))
            self.reading = replace(self.reading, last=None, stayed=ForceMoved(
                step=view.index, side=side, player=player, pieces=(), leaders=(), sp=(),
                trains=0, origin=destination.key, destination=destination.key,
                path=(destination.key,), die=die, reroll=reroll))
        return actions

    def _governor(self, view: StepView[Entity, str | None], player: str | None,
                  phase: str | None) -> list[Action]:
        """The Royal Governor put into an Area: a Governor Placement endeavor in the
        Endeavors Phase (AaM 13.1.4)."""
        actions: list[Action] = []
        for relocation in view.pieces:
            placed = relocation.after
            if placed is None or placed.entity.kind != "governor" or \
                    not _area(relocation.destination) or \
                    relocation.origin == relocation.destination:
                continue
            assert relocation.destination is not None
            origin = relocation.origin.key if _area(relocation.origin) and \
                relocation.origin is not None else None
            side = view.side or BRITISH  # a placement names no player: the governor's side
            if phase == ENDEAVORS and origin is None:
                actions += self._taken(EndeavorTaken(
                    step=view.index, side=side, player=player, kind="governor",
                    reason="the Royal Governor was placed"))
                self.reading = replace(self.reading, last=None)
            actions.append(GovernorPlaced(step=view.index, side=side, player=player,
                                          piece=relocation.piece_id,
                                          area=relocation.destination.key, origin=origin))
        return actions

    def _taken(self, taken: EndeavorTaken) -> list[Action]:
        """An endeavor, after the one a move left pending if it was one: the other side's
        endeavor now means it was (AaM 8.0)."""
        pending = self.reading.pending
        self.reading = replace(self.reading, pending=None, stayed=None, landed=None,
                               leaders=frozenset())
        if pending is not None and pending.side != taken.side:
            return [pending, taken]
        return [taken]

    def _moves(self, view: StepView[Entity, str | None], player: str | None,
               phase: str | None) -> list[Action]:
        groups: dict[tuple[str, str, str, tuple[str, ...]], list[Relocation[Entity]]] = {}
        spent: list[tuple[str, Entity, str, str]] = []
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
                last = self.reading.last
                if (last is None or entity.key not in last.leaders) and \
                        entity.key not in self.reading.leaders:
                    # not a force marked as moved
                    spent.append((side, entity, origin.key, relocation.piece_id))
        actions: list[Action] = []
        opened: dict[tuple[str, str], ForceMoved] = {}
        for (side, start, end, route), members in groups.items():
            move = self._move(view.index, player, phase, side, start, end, route, members,
                              opened.get((side, end)))
            last = self.reading.last
            if move.continues and last is not None and last.origin == move.origin and \
                    last.destination == move.destination:
                # more of the same force (dragged in a later step): one force from here on
                self.reading = replace(self.reading, last=last.with_more(move))
            elif move.within != "retreat" and not move.joins:
                self.reading = replace(self.reading, last=move)
            if not move.continues and not move.within and not move.joins:
                opened[(side, end)] = move
                actions += self._opened(move, phase)
            if not move.within and not move.joins:
                self.reading = replace(self.reading,
                                       leaders=self.reading.leaders | set(move.leaders))
            actions.append(move)
        for side, entity, area, piece in spent:
            actions += self._spent(view.index, player, phase, side, entity.key, area, piece)
        return actions

    def _spent(self, step: int, player: str | None, phase: str | None, side: str,
               leader: str, area: str, piece: str) -> list[Action]:
        """A leader flipped to his moved side where he stands: a new endeavor's force with
        its die, or one more leader of the force flipped in this endeavor (AaM 8.1.1)."""
        if phase not in (ENDEAVORS, None):
            return []
        stayed = self.reading.stayed
        actions: list[Action] = []
        again = stayed is not None and stayed.side == side and stayed.origin == area
        if stayed is not None and again:
            die, reroll = stayed.die, stayed.reroll
            force = replace(stayed, pieces=(*stayed.pieces, piece),
                            leaders=(*stayed.leaders, leader))
        else:
            if any(area in pair for pair in self.arrows):
                self._crossing_roll(side, step)  # a failed crossing (AaM 10.1.4)
            die, reroll = self._activation_die(side)
            if phase == ENDEAVORS:
                actions += self._taken(EndeavorTaken(step=step, side=side, player=player,
                                                     kind="force",
                                                     reason="a leader was spent"))
            force = ForceMoved(step=step, side=side, player=player, pieces=(piece,),
                               leaders=(leader,), sp=(), trains=0, origin=area,
                               destination=area, path=(area,), die=die, reroll=reroll)
        self.reading = replace(self.reading, last=None, stayed=force)
        actions.append(LeaderSpent(step=step, side=side, player=player, leader=leader,
                                   area=area, die=die, reroll=reroll, again=again))
        return actions


def _within(last: ForceMoved | None, side: str, start: str, end: str,
            route: tuple[str, ...]) -> str:
    """How a move stands to the endeavor's force: `retreat` out of the Area it just
    entered, `reaction` one step into it, `` a move of its own."""
    if last is None or not side or not last.side or last.side == side:
        return ""
    if start == last.destination:
        return "retreat"
    if end == last.destination and len(route) == 2:
        return "reaction"
    return ""


def _entity(relocation: Relocation[Entity]) -> Entity | None:
    placed = relocation.after or relocation.before
    return placed.entity if placed is not None else None


def _area(place: Place | None) -> bool:
    return place is not None and place.kind is PlaceKind.SPACE
