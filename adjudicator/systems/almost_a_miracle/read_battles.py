"""Almost a Miracle!'s battles read from the log (AaM 10.3, 11.2-11.4).

A battle begins when a force moves into an Area holding enemy SPs (AaM 10.3); the mover is
the attacker (a reacting force too: it moves, AaM 11.2). VASSAL logs each roll as its own
step before the removals it is for, so the battle is read step by step until the next
endeavor, phase or turn:

- the rolls after the entry (surprise, battle winner, casualties), by the roller's side;
- the losses: SP counters of a side taken out of the Area, or replaced by smaller ones (a
  counter replaced by a smaller one is a loss of the difference, AaM 2.0), leaders and
  baggage trains taken off the map;
- a chat line of the attacker's player (or of no known side) declaring fixed bayonets
  before the combat (AaM 11.2.1: "he elects whether or not to go in with 'fixed
  bayonets'"), one with "no", "not" or "without" aside;
- a side's pieces leaving the Area: the defender before any combat is a retreat before
  combat (AaM 11.3); after the combat, the first side to leave is the loser retreating
  (AaM 11.4); the other side leaving afterwards moves on (AaM 10.3 forbids it to the
  attacker). A retreat's move stays as the reader gave it (a move inside the other side's
  endeavor, `within="retreat"`), followed by a `Retreated`.

`BattleJoined` is given once the battle shows (a roll, a loss by the attacker, or a
retreat), with both forces as they stood; `BattleEnded` carries the whole battle when the
next endeavor, phase or turn begins. An entry followed only by the removal of the enemy
with no roll (an overrun, AaM 10.4) gives no `BattleJoined`, and a `BattleEnded` that was
not fought; an entry followed by nothing (a siege, AaM 4) gives neither.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from adjudicator.systems.almost_a_miracle.actions import (
    BattleEnded,
    BattleJoined,
    BattleSide,
    DiceRolled,
    EndeavorTaken,
    ForceMoved,
    LossTaken,
    Retreated,
)
from adjudicator.systems.almost_a_miracle.reading import Battle, ReaderLike
from adjudicator.systems.almost_a_miracle.state import AaMState, Entity
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.sequencer import NewTurn, PhaseShown
from adjudicator.systems.common.steps import StepView, spoken

SideOf = Callable[[Entity], "str | None"]


def read_battles(reader: ReaderLike, view: StepView[Entity, str | None],
                 actions: list[Action]) -> list[Action]:
    """This step's actions with the battles read: a `Retreated` after each retreat's move,
    and `BattleJoined` / `LossTaken` / `BattleEnded` where they show."""
    battle = reader.reading.battle
    state, side_of = reader.state, reader.side_of
    out: list[Action] = []
    events = False
    for action in actions:
        if battle is not None and isinstance(action, ForceMoved) and \
                action.origin == battle.area and action.side in battle.sides:
            battle, retreat = _leaving(battle, action)
            events = True
            out.append(action)
            if retreat is not None:
                out.append(retreat)
            else:
                battle = _entered(battle, action, state, side_of, out)
            continue
        if battle is not None and isinstance(action, (NewTurn, PhaseShown, EndeavorTaken)):
            out += _ended(battle, state)
            battle = None
        out.append(action)
        if isinstance(action, DiceRolled) and battle is not None and \
                action.side in battle.sides and (
                    _present(battle, action.side, state, side_of)
                    or any(r.side == action.side for r in battle.retreats)):
            battle = replace(battle, rolls=(*battle.rolls,
                                            (action.side, action.step, action.dice)))
            events = True
        if isinstance(action, ForceMoved):
            battle = _entered(battle, action, state, side_of, out)
    if battle is not None and battle.bayonets is None and not battle.combat_begun and \
            view.side in (None, battle.sides[0]) and any(_bayonets(line) for line in view.chat):
        battle = replace(battle, bayonets=view.index)
    if battle is not None:
        losses = _losses(battle, view, side_of)
        if losses:
            battle = replace(battle, losses=(*battle.losses, *losses))
            events = True
        if events and not battle.shown and _shows(battle):
            out.insert(_before_losses(out), battle.joined)
            battle = replace(battle, shown=True)
        out += losses
        if not battle.shown and not (battle.rolls or battle.losses or battle.retreats
                                     or battle.moved_on):
            battle = replace(battle, joined=_forces(battle.joined, state, side_of))
        marker = _marker(state)
        if marker is not None and battle.marker is not None and marker != battle.marker:
            battle = replace(battle, marker_turned=(*battle.marker_turned,
                                                    (view.index, marker)))
        battle = replace(battle, left=_in_area(battle, state, side_of), last_step=view.index,
                         marker=marker)
    reader.reading = replace(reader.reading, battle=battle)
    return out


BAYONETS = re.compile(r"\bbayonets?\b", re.IGNORECASE)
NOT = re.compile(r"\b(?:no|not|without|don'?t|won'?t)\b", re.IGNORECASE)


def _bayonets(line: str) -> bool:
    """A chat line declaring fixed bayonets (AaM 11.2.1), not one refusing them."""
    text = spoken(line)
    return bool(BAYONETS.search(text)) and not NOT.search(text)


def _present(battle: Battle, side: str, state: AaMState, side_of: SideOf) -> bool:
    """Whether a side still has pieces in the battle's Area (a roll of a side with nothing
    left there, and no retreat from it, is for something else: the next endeavor's
    activation)."""
    return any(entity.force and side_of(entity) == side for entity in state.in_area(battle.area))


def _shows(battle: Battle) -> bool:
    """A roll, a loss by the attacker or a retreat shows a battle (an overrun shows only
    the defender's removal, with no roll)."""
    attacker = battle.sides[0]
    return bool(battle.rolls) or bool(battle.retreats) or \
        any(loss.side == attacker for loss in battle.losses)


def _before_losses(out: list[Action]) -> int:
    for at, action in enumerate(out):
        if isinstance(action, (Retreated, ForceMoved)):
            return at
    return len(out)


def _leaving(battle: Battle, move: ForceMoved) -> tuple[Battle, Retreated | None]:
    """A side's pieces leaving the battle's Area: a retreat (given), or a move on (None).
    The defender leaving before any loss or roll of the attacker retreats before combat;
    after them, the first side to leave retreats. The attacker leaving with no sign of
    combat (no roll of both sides, no loss of his) goes on after an overrun or a retreat
    before combat."""
    attacker = battle.sides[0]
    done = battle.retreated
    if (move.side == attacker and not battle.fought) or done not in (None, move.side):
        return replace(battle, moved_on=(*battle.moved_on, move)), None
    retreat = _retreat(move, before_combat=not battle.combat_begun)
    return replace(battle, retreats=(*battle.retreats, retreat)), retreat


def _retreat(move: ForceMoved, *, before_combat: bool) -> Retreated:
    return Retreated(step=move.step, side=move.side, player=move.player, area=move.origin,
                     destination=move.destination, path=move.path, pieces=move.pieces,
                     leaders=move.leaders, sp=move.sp, trains=move.trains,
                     before_combat=before_combat)


def _entered(battle: Battle | None, move: ForceMoved, state: AaMState, side_of: SideOf,
             out: list[Action]) -> Battle | None:
    """A move into an Area with enemy SPs begins a battle (or adds to the attacker's force
    before the combat)."""
    if move.side is None:
        return battle
    enemy = [e for e in state.in_area(move.destination)
             if e.kind == "sp" and side_of(e) not in (None, move.side)]
    if not enemy:
        return battle
    if battle is not None and battle.area == move.destination and \
            battle.sides[0] == move.side and not battle.combat_begun:
        return replace(battle, joined=_forces(battle.joined, state, side_of))
    if battle is not None:
        out.extend(_ended(battle, state))
    defender = side_of(enemy[0]) or ""
    joined = BattleJoined(step=move.step, side=move.side, player=move.player,
                          area=move.destination,
                          attacker=BattleSide(side=move.side), defender=BattleSide(side=defender),
                          siege=any(e.kind == "siege" for e in state.in_area(move.destination)))
    return Battle(_forces(joined, state, side_of), last_step=move.step, marker=_marker(state))


def _forces(joined: BattleJoined, state: AaMState, side_of: SideOf) -> BattleJoined:
    attacker, defender = _sides(joined.area, (joined.attacker.side, joined.defender.side),
                                state, side_of)
    return replace(joined, attacker=attacker, defender=defender)


def _sides(area: str, sides: tuple[str, str], state: AaMState, side_of: SideOf
           ) -> tuple[BattleSide, BattleSide]:
    found: dict[str, list[tuple[str, Entity]]] = {side: [] for side in sides}
    for piece, (entity, place) in state.pieces.items():
        if place.kind is not PlaceKind.SPACE or place.key != area or not entity.force:
            continue
        side = side_of(entity)
        if side in found:
            found[side].append((piece, entity))
    forces = tuple(BattleSide(
        side=side,
        sp=tuple((e.key, e.value) for _, e in found[side] if e.kind == "sp"),
        leaders=tuple(e.key for _, e in found[side] if e.kind == "leader"),
        trains=sum(1 for _, e in found[side] if e.kind == "bt"),
        pieces=tuple(piece for piece, _ in found[side])) for side in sides)
    return forces[0], forces[1]


def _in_area(battle: Battle, state: AaMState, side_of: SideOf) -> tuple[BattleSide, ...]:
    return _sides(battle.area, battle.sides, state, side_of)


def _losses(battle: Battle, view: StepView[Entity, str | None], side_of: SideOf
            ) -> list[LossTaken]:
    """Each side's net SPs, leaders and trains taken out of the battle's Area in this step
    (and the retreating side's, out of the Area it retreated to)."""
    found = _losses_in(battle.area, battle.sides, view, side_of)
    for retreat in battle.retreats:
        if retreat.side is not None and not retreat.before_combat and \
                retreat.destination != battle.area:
            found += _losses_in(retreat.destination, (retreat.side,), view, side_of)
    return found


def _losses_in(area: str, sides: tuple[str, ...], view: StepView[Entity, str | None],
               side_of: SideOf) -> list[LossTaken]:
    sp: dict[str, dict[str, int]] = {}
    leaders: dict[str, list[str]] = {}
    trains: dict[str, int] = {}
    pieces: dict[str, list[str]] = {}
    for relocation in view.pieces:
        before, after = relocation.before, relocation.after
        was_in = before is not None and _at(before.place, area)
        now_in = after is not None and _at(after.place, area)
        came = before is not None and _elsewhere(before.place, area)
        went = after is not None and _elsewhere(after.place, area)
        if came or went or not (was_in or now_in):
            continue  # moves between Areas are read as moves
        placed = before if was_in else after
        assert placed is not None
        entity = placed.entity
        side = side_of(entity)
        if side not in sides:
            continue
        if entity.kind == "sp":
            out = before.entity.value if before is not None and was_in and \
                before.entity.kind == "sp" else 0
            back = after.entity.value if after is not None and now_in and \
                after.entity.kind == "sp" else 0
            by_kind = sp.setdefault(side, {})
            by_kind[entity.key] = by_kind.get(entity.key, 0) + out - back
            pieces.setdefault(side, []).append(relocation.piece_id)
        elif entity.kind == "leader" and was_in and not now_in:
            leaders.setdefault(side, []).append(entity.key)
            pieces.setdefault(side, []).append(relocation.piece_id)
        elif entity.kind == "bt" and entity.flag != "mag" and was_in and not now_in:
            trains[side] = trains.get(side, 0) + 1
            pieces.setdefault(side, []).append(relocation.piece_id)
    found: list[LossTaken] = []
    for side in sides:
        total = sum(sp.get(side, {}).values())
        lost = tuple((kind, n) for kind, n in sp.get(side, {}).items() if n > 0)
        if total > 0 or leaders.get(side) or trains.get(side):
            found.append(LossTaken(step=view.index, side=side, area=area,
                                   lost=lost if total > 0 else (),
                                   leaders=tuple(leaders.get(side, ())),
                                   trains=trains.get(side, 0),
                                   pieces=tuple(pieces.get(side, ()))))
    return found


def _at(place: Place | None, area: str) -> bool:
    return place is not None and place.kind is PlaceKind.SPACE and place.key == area


def _elsewhere(place: Place | None, area: str) -> bool:
    return place is not None and place.kind is PlaceKind.SPACE and place.key != area


def _marker(state: AaMState) -> str | None:
    return next((e.key for e, _ in state.pieces.values() if e.kind == "mv"), None)


def _ended(battle: Battle, state: AaMState) -> list[Action]:
    """The battle as read, when it showed one or the enemy was taken out with no roll (an
    overrun); else nothing."""
    if not battle.shown and not battle.losses:
        return []
    return [BattleEnded(step=battle.last_step, side=battle.sides[0],
                        player=battle.joined.player, joined=battle.joined,
                        rolls=battle.rolls, losses=battle.losses, retreats=battle.retreats,
                        moved_on=battle.moved_on, left=battle.left,
                        major_victory=_marker(state), last_step=battle.last_step,
                        marker_turned=battle.marker_turned, bayonets=battle.bayonets)]
