"""The reading of battles and forced-march attrition (AR 17.2, 18, 21.3-21.4).

A battle is combat in a locale holding both sides' pieces during a Campaign Phase, after
the phasing side's movement (AR 18.1). The log shows it as:

- Tactics markers moved from a hand to the American or British Battle Box (AR 18.4(1)),
  and back to the pool when spent for a round's dice (AR 18.5);
- the initiative dice, one die a side (a tie is rolled again, AR 18.4(1));
- each round's fire dice, one roll by the firing side (AR 18.4(2)), followed by the
  removals ("Eliminated Units") and flips ("(Disrupted)") of the side fired on;
- a retreat (a force leaving the locale the enemy still holds, AR 18.8);
- the markers drawn after the battle (AR 18.11) and each eliminated leader's survival
  die (AR 21.4).

`BattleTracker.read` links each roll with the removals and flips that follow it in the
same locale and emits the battle actions (`BattleFought`, `FireRound`, `LossesTaken`, ...).
Its state is immutable (`BattleReading`), kept in the reader's `Reading` so undo restores
it. The locale of a battle is the one Campaign-Phase locale holding both sides' pieces that
has not been fought yet, or, when there are several, the first one where a removal, flip
or retreat shows.

Forced-march attrition (AR 17.2): after a move in the second or third Campaign Phase (a
forced march, AR 17.5), the moving side's next roll is its attrition roll, one die per
combat unit; the removals from the force that follow are its losses.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from adjudicator.systems.american_revolution.actions import (
    AttritionLosses,
    AttritionRolled,
    BattleDraw,
    BattleEnded,
    BattleFought,
    BattleRetreat,
    CombatOwed,
    DiceRolled,
    FireRound,
    ForceMoved,
    GroundHeld,
    Holding,
    InitiativeRolled,
    LeadersTaken,
    LeaderSurvival,
    LossesTaken,
    MarkersDrawn,
    TacticsCommitted,
)
from adjudicator.systems.american_revolution.procedure import CAMPAIGNS
from adjudicator.systems.american_revolution.state import ARState, Entity
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.steps import StepView
from adjudicator.systems.common.tracker import Relocation

SIDES = ("US", "GB")
DECK = Place(PlaceKind.DECK)
BATTLE_BOXES = {"battle_US": "US", "battle_GB": "GB"}


def other(side: str) -> str:
    """The enemy side."""
    return "GB" if side == "US" else "US"


@dataclass(frozen=True, slots=True)
class Round:
    """A round of fire under way: who fired, the dice, and the target as it stood."""

    firer: str
    step: int
    dice: tuple[int, ...]
    start: tuple[tuple[str, bool], ...]
    """The target's pieces in the locale at the roll: (piece id, disrupted)."""
    removed: frozenset[str] = frozenset()
    flipped: frozenset[str] = frozenset()
    """Target pieces flipped to disrupted since the roll."""

    @property
    def sixes(self) -> int:
        """The 6s rolled."""
        return self.dice.count(6)

    @property
    def fives(self) -> int:
        """The 5s rolled."""
        return self.dice.count(5)


@dataclass(frozen=True, slots=True)
class Battle:
    """A battle under way or just over (its draws and survival dice still to come)."""

    step: int
    locale: str | None = None
    attacker: str | None = None
    committed: tuple[int, int] = (0, 0)
    """Tactics committed (US, GB)."""
    box: tuple[int, int] = (0, 0)
    """Committed Tactics still in the Battle Boxes (US, GB)."""
    spent: tuple[int, int] = (0, 0)
    """Tactics put back in the pool since the last roll (US, GB)."""
    initiative: tuple[tuple[str, int], ...] = ()
    """The initiative dice of the attempt under way (a tie starts another)."""
    winner: str | None = None
    """The side whose initiative total was higher (None: not seen)."""
    totals: tuple[int, int] | None = None
    """The (US, GB) initiative totals that decided `winner` (Frontier Warfare, AR 35.1)."""
    dice: tuple[int, int] | None = None
    """The (US, GB) initiative dice that decided `winner` (the literal AR 18.4(1) text adds
    them to the leadership value)."""
    rounds: int = 0
    last_firer: str | None = None
    round: Round | None = None
    eliminated: tuple[int, int] = (0, 0)
    """Enemy units and leaders eliminated by (US, GB) (AR 18.11)."""
    loser: str | None = None
    over: bool = False
    drawn: tuple[int, int] = (0, 0)
    survivors: tuple[tuple[str, str, str], ...] = ()
    """Eliminated leaders awaiting their survival die: (piece id, side, leader id)."""
    survival_dice: tuple[tuple[str, int], ...] = ()
    """(piece id, die) for leaders whose survival die was rolled."""
    early: tuple[tuple[str, int], ...] = ()
    """(side, die): a survival die rolled before the hit leader was taken off."""
    announced: bool = False
    """`BattleFought` was emitted (once the battle shows more than a lone die)."""


@dataclass(frozen=True, slots=True)
class March:
    """A forced march just made, awaiting its attrition roll and losses (AR 17.2)."""

    side: str
    locale: str
    pieces: frozenset[str]
    units: int
    step: int
    sixes: int | None = None
    fleets: int = 0
    """Fleets among `units` (whether a fleet rolls for attrition is read both ways)."""
    origin: str = ""
    """Where the march's last leg began."""
    removed_units: int = 0
    removed_leaders: tuple[str, ...] = ()

    def joined_by(self, move: ForceMoved) -> bool:
        """Whether a move is more of this march's force dragged after it (AR 16.3): the
        same side, origin and destination, none of its pieces, no die, no attrition yet."""
        return (move.side == self.side and move.origin == self.origin
                and move.destination == self.locale and move.die is None
                and (self.sixes is None or self.units == 0)
                and not set(move.pieces) & self.pieces)

    def sides_on(self, move: ForceMoved) -> bool:
        """Whether a move is this march going on, dropping units off (AR 16.7): the same
        side, from where it stopped, with some of its pieces, no new die, no attrition yet."""
        return (move.side == self.side and move.origin == self.locale and move.die is None
                and self.sixes is None and bool(set(move.pieces) & self.pieces))


@dataclass(frozen=True, slots=True)
class BattleReading:
    """What the battle reading keeps from step to step (immutable)."""

    phase: str | None = None
    phasing: str | None = None
    """The side whose movement and combat are under way in this Campaign Phase."""
    fought: frozenset[str] = frozenset()
    """Locales fought in this Combat Phase (AR 18.2)."""
    forced: tuple[tuple[str, str], ...] = ()
    """(side, locale) a forced march ended in this phase (AR 17.4)."""
    forced_pieces: frozenset[str] = frozenset()
    battle: Battle | None = None
    march: March | None = None
    held: tuple[tuple[str, str], ...] = ()
    """(locale, victor) battles the phasing side won in this Combat Phase (AR 18.10)."""
    straggling: BattleRetreat | None = None
    """A retreat by land that left some of the force's land pieces in the battle's locale:
    judged once the next step shows whether they followed (a player drags pieces one at a
    time; AR 18.8 wants them all to go together)."""


def _pair(values: tuple[int, int], side: str, add: int) -> tuple[int, int]:
    return (values[0] + add, values[1]) if side == "US" else (values[0], values[1] + add)


def _of(values: tuple[int, int], side: str) -> int:
    return values[0] if side == "US" else values[1]


class BattleTracker:
    """Reads a step's battle facts (pure functions of the state and the reading)."""

    __slots__ = ("owner", "state")

    def __init__(self, state: ARState, owner: Callable[[Entity], str | None]) -> None:
        self.state = state
        self.owner = owner

    # ------------------------------------------------------------------ positions

    def holders(self, view: StepView[Entity, str | None] | None = None
                ) -> dict[str, dict[str, list[tuple[str, Entity]]]]:
        """Locale → side → its combat pieces (piece id, entity): after the step, or before
        it when `view` is given (the step's relocations taken back)."""
        where: dict[str, tuple[Entity, Place]] = dict(self.state.pieces)
        if view is not None:
            for relocation in view.pieces:
                where.pop(relocation.piece_id, None)
                if relocation.before is not None and relocation.before.place is not None:
                    where[relocation.piece_id] = (relocation.before.entity,
                                                  relocation.before.place)
        found: dict[str, dict[str, list[tuple[str, Entity]]]] = {}
        for piece_id, (entity, place) in where.items():
            if not entity.combat or place.kind is not PlaceKind.SPACE:
                continue
            side = self.owner(entity)
            if side is None:
                continue
            found.setdefault(place.key, {}).setdefault(side, []).append((piece_id, entity))
        return found

    def contested(self, view: StepView[Entity, str | None] | None = None) -> list[str]:
        """Locales holding both sides' pieces (before the step when `view` is given)."""
        return sorted(locale for locale, sides in self.holders(view).items()
                      if all(sides.get(side) for side in SIDES))

    def holding(self, locale: str | None, side: str) -> Holding:
        """A side's pieces in a locale, now."""
        if locale is None:
            return ()
        pieces = self.holders().get(locale, {}).get(side, [])
        return tuple(sorted((e.kind, e.key, e.disrupted) for _, e in pieces))

    def _pieces(self, locale: str | None, side: str) -> list[tuple[str, Entity]]:
        if locale is None:
            return []
        return self.holders().get(locale, {}).get(side, [])

    def broken(self, locale: str | None, side: str) -> bool:
        """Every piece of the side in the locale is gone or disrupted (AR 18.4(4a))."""
        return all(entity.disrupted for _, entity in self._pieces(locale, side))

    # ------------------------------------------------------------------ the step

    def read(self, reading: BattleReading, view: StepView[Entity, str | None],
             actions: Sequence[Action], phase: str | None,
             player: str | None) -> tuple[BattleReading, list[Action]]:
        """The battle actions of one step, and the reading after it."""
        out: list[Action] = []
        index = view.index
        reading, found = _follow(reading, actions)
        out += found
        if phase != reading.phase:
            reading, closed = self._end_combat(reading, index, player, view)
            out += closed
            reading, kept = _ground_kept(reading, index, player)
            out += kept
            reading = replace(reading, phase=phase, phasing=None, fought=frozenset(),
                              forced=(), forced_pieces=frozenset())
        if phase not in CAMPAIGNS:
            return reading, out
        campaign = CAMPAIGNS.index(phase) + 1
        for action in actions:
            if isinstance(action, ForceMoved) and not action.retreat and action.side:
                reading, left = _ground_left(reading, action, player)
                out += left
                reading = _movement_roll(reading, action.side)
                if reading.phasing is not None and action.side != reading.phasing:
                    reading, closed = self._end_combat(reading, index, player, view,
                                                       by_move=True)
                    out += closed
                    reading, kept = _ground_kept(reading, index, player)
                    out += kept
                    reading = replace(reading, fought=frozenset(), forced=(),
                                      forced_pieces=frozenset())
                reading = replace(reading, phasing=action.side)
                march = reading.march
                if campaign > 1 and march is not None and march.joined_by(action):
                    # More of the marching force, dragged after it (AR 16.3): one march.
                    reading = replace(reading, march=replace(
                        march, pieces=march.pieces | frozenset(action.pieces),
                        units=march.units + len(action.units),
                        sixes=None if march.units + len(action.units) else 0,
                        fleets=march.fleets + sum(1 for unit in action.units if _fleet(unit))),
                        forced_pieces=reading.forced_pieces | frozenset(action.pieces))
                    continue
                if campaign > 1 and march is not None and march.sides_on(action):
                    # The same force going on after dropping units off (AR 16.7): one march.
                    reading = replace(reading, march=replace(
                        march, locale=action.destination, pieces=frozenset(action.pieces),
                        units=len(action.units), sixes=None if action.units else 0,
                        fleets=sum(1 for unit in action.units if _fleet(unit)),
                        origin=action.origin),
                        forced=(*reading.forced, (action.side, action.destination)))
                    continue
                if campaign > 1:
                    reading, closed = self._close_march(reading, index, player)
                    out += closed
                    units = len(action.units)
                    reading = replace(
                        reading,
                        march=March(action.side, action.destination,
                                    frozenset(action.pieces), units, index,
                                    sixes=None if units else 0,
                                    fleets=sum(1 for unit in action.units if _fleet(unit)),
                                    origin=action.origin),
                        forced=(*reading.forced, (action.side, action.destination)),
                        forced_pieces=reading.forced_pieces | frozenset(action.pieces))
        reading, found = self._tactics(reading, view, player)
        out += found
        for action in actions:
            if isinstance(action, DiceRolled) and action.side in SIDES:
                reading, found = self._roll(reading, action, view, player)
                out += found
        reading, found = self._losses(reading, view, player)
        out += found
        for action in actions:
            if isinstance(action, ForceMoved) and action.retreat:
                reading, found = self._retreat(reading, action, player)
                out += found
                if reading.straggling is not None and action.retreat and \
                        reading.straggling.move.origin == action.origin:
                    continue  # merged into the retreat it follows (`_follow`)
                if reading.battle is not None and reading.battle.locale == action.origin:
                    retreat = BattleRetreat(step=action.step, side=action.side,
                                            player=player, move=action)
                    if self._straggles(action):
                        reading = replace(reading, straggling=retreat)
                    else:
                        out.append(retreat)
            elif isinstance(action, MarkersDrawn) and not action.bought:
                reading, found = self._drawn(reading, action, player)
                out += found
        reading, found = self._leaders(reading, view, player)
        out += found
        reading, found = self._decided(reading, index, player)
        out += found
        return reading, out

    # ------------------------------------------------------------------ combat phase end

    def _end_combat(self, reading: BattleReading, index: int, player: str | None,
                    view: StepView[Entity, str | None], *, by_move: bool = False
                    ) -> tuple[BattleReading, list[Action]]:
        out: list[Action] = []
        reading, closed = self._close_battle(reading, index, player)
        out += closed
        reading, closed = self._close_march(reading, index, player)
        out += closed
        if reading.phasing is None or reading.phase not in CAMPAIGNS:
            return reading, out
        before = self.holders(view)
        locales: list[tuple[str, Holding, Holding]] = []
        for locale in sorted(before):
            sides = before[locale]
            if all(sides.get(side) for side in SIDES) and locale not in reading.fought:
                us, gb = (tuple(sorted((e.kind, e.key, e.disrupted) for _, e in sides[side]))
                          for side in SIDES)
                locales.append((locale, us, gb))
        forced = tuple(locale for side, locale in reading.forced if side == reading.phasing)
        out.append(CombatOwed(step=index, side=reading.phasing, player=player,
                              locales=tuple(locales),
                              forced=forced, by_move=by_move))
        return reading, out

    # ------------------------------------------------------------------ a battle opens

    def _open(self, reading: BattleReading, index: int, player: str | None,
              locale: str | None = None) -> tuple[BattleReading, list[Action]]:
        out: list[Action] = []
        reading, closed = self._close_battle(reading, index, player)
        out += closed
        if locale is None:
            contested = self.contested()
            left = [loc for loc in contested if loc not in reading.fought]
            if len(left) == 1:
                locale = left[0]
            elif not left and len(contested) == 1:
                locale = contested[0]  # fought already in this phase (AR 18.2)
        battle = Battle(step=index, attacker=reading.phasing)
        reading = replace(reading, battle=battle)
        if locale is not None:
            reading = self._locate(reading, locale)
        return reading, out

    def _locate(self, reading: BattleReading, locale: str) -> BattleReading:
        battle = reading.battle
        assert battle is not None
        return replace(reading, battle=replace(battle, locale=locale))

    def _announce(self, reading: BattleReading, index: int,
                  player: str | None) -> tuple[BattleReading, list[Action]]:
        """`BattleFought`, once: the battle's locale is known and it is surely a battle."""
        battle = reading.battle
        if battle is None or battle.announced or battle.locale is None:
            return reading, []
        locale = battle.locale
        attacker = battle.attacker
        again = locale in reading.fought
        reading = replace(reading, battle=replace(battle, announced=True),
                          fought=reading.fought | {locale})
        if attacker is None:
            return reading, []
        forced = any(piece_id in reading.forced_pieces
                     for piece_id, _ in self._pieces(locale, attacker))
        return reading, [BattleFought(step=index, side=attacker, player=player, locale=locale,
                                      attacker=self.holding(locale, attacker),
                                      defender=self.holding(locale, other(attacker)),
                                      forced=forced, again=again,
                                      tactics=(_of(battle.committed, attacker),
                                               _of(battle.committed, other(attacker))))]

    def _active(self, reading: BattleReading) -> bool:
        return reading.battle is not None and not reading.battle.over

    # ------------------------------------------------------------------ tactics

    def _tactics(self, reading: BattleReading, view: StepView[Entity, str | None],
                 player: str | None) -> tuple[BattleReading, list[Action]]:
        out: list[Action] = []
        committed: dict[str, list[str]] = {}
        spent: dict[str, int] = {}
        for relocation in view.pieces:
            entity = _entity(relocation)
            if entity is None or entity.kind != "marker":
                continue
            to_box = _box(relocation.destination)
            from_box = _box(relocation.origin)
            if to_box is not None and from_box is None:
                committed.setdefault(to_box, []).append(entity.key)
            elif from_box is not None and relocation.destination == DECK:
                spent[from_box] = spent.get(from_box, 0) + 1
        if spent and not committed and not self._active(reading):
            return reading, out  # the unspent Tactics back to the pool at the end (AR 18.5)
        if committed and not self._active(reading):
            reading, found = self._open(reading, view.index, player)
            out += found
        for side, markers in committed.items():
            battle = reading.battle
            assert battle is not None
            battle = replace(battle, committed=_pair(battle.committed, side, len(markers)),
                             box=_pair(battle.box, side, len(markers)))
            reading = replace(reading, battle=battle)
            leaders = tuple(h for h in self.holding(battle.locale, side) if h[0] == "leader")
            reading, found = self._announce(reading, view.index, player)
            out += found
            out.append(TacticsCommitted(step=view.index, side=side, player=player,
                                        locale=battle.locale, markers=tuple(markers),
                                        committed=_of(battle.committed, side),
                                        leaders=leaders))
        for side, count in spent.items():
            battle = reading.battle
            assert battle is not None
            reading = replace(reading, battle=replace(
                battle, spent=_pair(battle.spent, side, count),
                box=_pair(battle.box, side, -count)))
        return reading, out

    # ------------------------------------------------------------------ rolls

    def _roll(self, reading: BattleReading, roll: DiceRolled,
              view: StepView[Entity, str | None],
              player: str | None) -> tuple[BattleReading, list[Action]]:
        side = roll.side
        assert side is not None
        index = view.index
        march = reading.march
        if march is not None and march.sixes is None and march.side == side:
            return replace(reading, march=replace(march, sixes=roll.dice.count(6))), [
                AttritionRolled(step=index, side=side, player=player, locale=march.locale,
                                units=march.units, dice=roll.dice, fleets=march.fleets)]
        battle = reading.battle
        if battle is not None and battle.over:
            waiting = [s for s in battle.survivors if s[1] == side
                       and s[0] not in dict(battle.survival_dice)]
            if waiting and len(roll.dice) == 1:
                piece_id, _, leader = waiting[0]
                battle = replace(battle, survival_dice=(*battle.survival_dice,
                                                         (piece_id, roll.dice[0])))
                place = self.state.pieces.get(piece_id)
                return replace(reading, battle=battle), [LeaderSurvival(
                    step=index, side=side, player=player, leader=leader, die=roll.dice[0],
                    place=str(place[1]) if place is not None else "")]
            if battle.loser == side and len(roll.dice) == 1 and battle.locale is not None \
                    and any(entity.kind == "leader"
                            for _, entity in self._pieces(battle.locale, side)):
                # The loser's leader, eliminated in place with his blocked force (AR 18.8),
                # rolls for survival before he is taken off (AR 21.4).
                return replace(reading, battle=replace(
                    battle, early=(*battle.early, (side, roll.dice[0])))), []
            if battle.loser == side and battle.locale is not None and \
                    self._pieces(battle.locale, other(side)) and \
                    self._pieces(battle.locale, side) and self.broken(battle.locale, side):
                # The beaten side, all disrupted, fires on (AR 18.4(4a) ended the battle).
                return reading, [FireRound(
                    step=index, side=side, player=player, locale=battle.locale,
                    number=battle.rounds + 1, dice=roll.dice,
                    firers=self.holding(battle.locale, side),
                    target=self.holding(battle.locale, other(side)),
                    tactics_spent=0, tactics_left=0, previous=battle.last_firer,
                    initiative=None, target_broken=self.broken(battle.locale, other(side)),
                    firer_broken=True)]
        if not self._active(reading):
            if not self.contested(view):
                return reading, []
            reading, out = self._open(reading, index, player)
        else:
            out = []
        battle = reading.battle
        assert battle is not None
        if self._early_survival(battle, side, roll):
            return replace(reading, battle=replace(
                battle, early=(*battle.early, (side, roll.dice[0])))), out
        if battle.rounds == 0 and battle.winner is None and len(roll.dice) == 1 and \
                (side not in dict(battle.initiative) or len(battle.initiative) == 1):
            rolls = (*(r for r in battle.initiative if r[0] != side), (side, roll.dice[0]))
            if len(rolls) < 2:
                return replace(reading, battle=replace(battle, initiative=rolls)), out
            dice = dict(rolls)
            reading, found = self._announce(reading, index, player)
            out += found
            battle = reading.battle
            assert battle is not None
            us = dice["US"] + battle.committed[0]
            gb = dice["GB"] + battle.committed[1]
            out.append(InitiativeRolled(step=index, side=side, player=player,
                                        locale=battle.locale, us_die=dice["US"],
                                        gb_die=dice["GB"], us_tactics=battle.committed[0],
                                        gb_tactics=battle.committed[1]))
            if us == gb:  # rolled again, unless Frontier Warfare's +1 breaks it (AR 35.1)
                return replace(reading, battle=replace(battle, initiative=(),
                                                       totals=(us, gb),
                                                       dice=(dice["US"], dice["GB"]))), out
            winner = "US" if us > gb else "GB"
            return replace(reading, battle=replace(battle, initiative=(),
                                                   winner=winner, totals=(us, gb),
                                                   dice=(dice["US"], dice["GB"]))), out
        reading, closed = self._close_round(reading, index, player)
        out += closed
        reading, found = self._announce(reading, index, player)
        out += found
        battle = reading.battle
        assert battle is not None
        target = other(side)
        start = tuple((piece_id, entity.disrupted)
                      for piece_id, entity in self._pieces(battle.locale, target))
        out.append(FireRound(
            step=index, side=side, player=player, locale=battle.locale,
            number=battle.rounds + 1, dice=roll.dice,
            firers=self.holding(battle.locale, side),
            target=self.holding(battle.locale, target),
            tactics_spent=_of(battle.spent, side),
            tactics_left=_of(battle.box, side) + _of(battle.spent, side),
            previous=battle.last_firer,
            initiative=battle.winner if battle.rounds == 0 else None,
            target_broken=battle.locale is not None and self.broken(battle.locale, target),
            firer_broken=battle.locale is not None and self.broken(battle.locale, side),
            totals=battle.totals if battle.rounds == 0 else None,
            initiative_dice=battle.dice if battle.rounds == 0 else None))
        battle = replace(battle, rounds=battle.rounds + 1, last_firer=side, spent=(0, 0),
                         round=Round(side, index, roll.dice, start))
        return replace(reading, battle=battle), out

    def _straggles(self, move: ForceMoved) -> bool:
        """A retreat by land that left land pieces of the side in its origin."""
        if move.side is None or any(_fleet(unit) for unit in move.units):
            return False
        return any(not (entity.kind == "unit" and _fleet(entity.key))
                   for _, entity in self._pieces(move.origin, move.side))

    def _early_survival(self, battle: Battle, side: str, roll: DiceRolled) -> bool:
        """A lone die of the side fired on, with a leader of its there and a 6 still
        untaken (or nothing of it left undisrupted, so it cannot fire): his survival die,
        rolled before he is taken off (AR 21.4)."""
        current = battle.round
        if current is None or current.firer == side or len(roll.dice) != 1 or \
                battle.locale is None:
            return False
        leader = any(entity.kind == "leader" for _, entity in self._pieces(battle.locale, side))
        owed = len(current.removed) < current.sixes
        return leader and (owed or self.broken(battle.locale, side))

    # ------------------------------------------------------------------ losses

    def _losses(self, reading: BattleReading, view: StepView[Entity, str | None],
                player: str | None) -> tuple[BattleReading, list[Action]]:
        out: list[Action] = []
        touched: dict[tuple[str, str], list[Relocation[Entity]]] = {}
        for relocation in view.pieces:
            entity = _entity(relocation)
            origin = relocation.origin
            if entity is None or not entity.combat or origin is None or \
                    origin.kind is not PlaceKind.SPACE:
                continue
            destination = relocation.destination
            gone = destination is None or destination.kind is not PlaceKind.SPACE
            flipped = destination == origin and relocation.before is not None and \
                relocation.before.entity.disrupted != entity.disrupted
            side = self.owner(entity)
            if side is None or not (gone or flipped):
                continue
            touched.setdefault((origin.key, side), []).append(relocation)
        for (locale, side), relocations in touched.items():
            removed = [r for r in relocations if r.destination is None
                       or r.destination.kind is not PlaceKind.SPACE]
            march = reading.march
            if march is not None and march.side == side and march.locale == locale and \
                    not self._active(reading):
                units = sum(1 for r in removed if _kind(r) == "unit")
                leaders = tuple(_key(r) for r in removed if _kind(r) == "leader")
                march = replace(march, removed_units=march.removed_units + units,
                                removed_leaders=march.removed_leaders + leaders)
                reading = replace(reading, march=march)
                out.append(AttritionLosses(step=view.index, side=side, player=player,
                                           locale=locale, sixes=march.sixes,
                                           units=march.removed_units,
                                           leaders=march.removed_leaders))
                continue
            battle = reading.battle
            lone = self._lone(view, locale, side, removed)
            blocked = battle is not None and battle.over and battle.locale == locale and \
                battle.loser == side  # eliminated in place, the retreat blocked (AR 18.8)
            if lone and not blocked and (battle is None or battle.over or battle.round is None
                                         or battle.locale not in (None, locale)):
                out.append(LeadersTaken(step=view.index, side=side, player=player,
                                        locale=locale, leaders=lone))
                continue
            if battle is None:
                continue
            if battle.locale is None and not battle.over and \
                    locale in self.contested(view):
                reading = self._locate(reading, locale)
                battle = reading.battle
                assert battle is not None
                if battle.round is not None and not battle.round.start:
                    target = other(battle.round.firer)  # the roll came before the locale
                    start = tuple((piece_id, entity.disrupted) for piece_id, entity
                                  in self.holders(view).get(locale, {}).get(target, []))
                    battle = replace(battle, round=replace(battle.round, start=start))
                    reading = replace(reading, battle=battle)
            if battle.locale != locale:
                continue
            reading, found = self._announce(reading, view.index, player)
            out += found
            battle = reading.battle
            assert battle is not None
            if removed:
                battle = replace(battle, eliminated=_pair(battle.eliminated, other(side),
                                                          len(removed)))
                fallen = tuple((r.piece_id, side, _key(r)) for r in removed
                               if _kind(r) == "leader")
                battle = replace(battle, survivors=battle.survivors + fallen)
                for piece_id, _, _ in fallen:
                    early = next((e for e in battle.early if e[0] == side), None)
                    if early is not None:
                        rest = list(battle.early)
                        rest.remove(early)
                        battle = replace(battle, early=tuple(rest), survival_dice=(
                            *battle.survival_dice, (piece_id, early[1])))
            current = battle.round
            if current is not None and current.firer == other(side) and not battle.over:
                turned = {r.piece_id for r in relocations if r not in removed
                          and r.after is not None and r.after.entity.disrupted}
                back = {r.piece_id for r in relocations if r not in removed
                        and r.after is not None and not r.after.entity.disrupted}
                current = replace(current, removed=current.removed | {
                    r.piece_id for r in removed}, flipped=(current.flipped | turned) - back)
                battle = replace(battle, round=current)
                out.append(self._taken(current, locale, side, view.index, player))
            reading = replace(reading, battle=battle)
        return reading, out

    def _lone(self, view: StepView[Entity, str | None], locale: str, side: str,
              removed: Sequence[Relocation[Entity]]) -> tuple[str, ...]:
        """Leaders removed from a locale where, before the step, the enemy stood with
        nothing of `side` but leaders (AR 21.3: they must still be fired on)."""
        before = self.holders(view).get(locale, {})
        mine = before.get(side, [])
        if not removed or not before.get(other(side)) or \
                any(entity.kind != "leader" for _, entity in mine) or \
                any(_kind(r) != "leader" for r in removed):
            return ()
        return tuple(_key(r) for r in removed)

    def _taken(self, current: Round, locale: str, side: str, index: int,
               player: str | None, closing: bool = False) -> LossesTaken:
        fresh = sum(1 for _, disrupted in current.start if not disrupted)
        flipped = sum(1 for piece_id, disrupted in current.start if not disrupted
                      and piece_id in current.flipped and piece_id not in current.removed)
        firer_fleets = any(entity.kind == "unit" and _fleet(entity.key)
                           for _, entity in self._pieces(locale, current.firer))
        fleets = [disrupted for piece_id, disrupted in current.start
                  if (found := self.state.pieces.get(piece_id)) is not None
                  and found[0].kind == "unit" and _fleet(found[0].key)]
        spared = (0, 0) if firer_fleets else (fleets.count(False), fleets.count(True))
        return LossesTaken(step=index, side=side, player=player, locale=locale,
                           sixes=current.sixes, fives=current.fives, fresh=fresh,
                           disrupted=len(current.start) - fresh,
                           removed=len(current.removed), flipped=flipped,
                           roll_step=current.step, closing=closing, spared=spared)

    def _close_round(self, reading: BattleReading, index: int,
                     player: str | None) -> tuple[BattleReading, list[Action]]:
        battle = reading.battle
        if battle is None or battle.round is None:
            return reading, []
        current = battle.round
        reading = replace(reading, battle=replace(battle, round=None))
        if battle.locale is None:
            return reading, []
        return reading, [self._taken(current, battle.locale, other(current.firer), index,
                                     player, closing=True)]

    # ------------------------------------------------------------------ the end

    def _retreat(self, reading: BattleReading, move: ForceMoved,
                 player: str | None) -> tuple[BattleReading, list[Action]]:
        battle = reading.battle
        if battle is None or battle.over or move.side is None:
            return reading, []
        if battle.locale is None:
            reading = self._locate(reading, move.origin)
            battle = reading.battle
            assert battle is not None
        if battle.locale != move.origin:
            return reading, []
        reading, found = self._announce(reading, move.step, player)
        reading, closed = self._close_round(reading, move.step, player)
        reading, ended = self._end(reading, move.side, move.step, player)
        return reading, found + closed + ended

    def _end(self, reading: BattleReading, loser: str | None, index: int,
             player: str | None) -> tuple[BattleReading, list[Action]]:
        battle = reading.battle
        assert battle is not None
        battle = replace(battle, over=True, loser=loser, round=None)
        reading = replace(reading, battle=battle)
        if battle.locale is not None and loser is not None and \
                other(loser) == battle.attacker == reading.phasing:
            reading = replace(reading, held=(*reading.held, (battle.locale, other(loser))))
        if battle.locale is None:
            return reading, []
        return reading, [BattleEnded(step=index, side=None if loser is None else other(loser),
                                     player=player, locale=battle.locale, loser=loser,
                                     eliminated_by_us=battle.eliminated[0],
                                     eliminated_by_gb=battle.eliminated[1])]

    def _decided(self, reading: BattleReading, index: int,
                 player: str | None) -> tuple[BattleReading, list[Action]]:
        """A battle whose one side has no piece left in the locale is over."""
        battle = reading.battle
        if battle is None or battle.over or battle.locale is None or not battle.announced:
            return reading, []
        left = [side for side in SIDES if self._pieces(battle.locale, side)]
        current = battle.round
        fired_on = other(current.firer) if current is not None else None
        applied = current is not None and \
            len(current.removed) + len(current.flipped) >= current.sixes + current.fives
        if len(left) == 2 and fired_on is not None and applied and \
                self.broken(battle.locale, fired_on):
            # AR 18.4(4a): a side whose units are all disrupted once the round's hits are
            # taken has lost; what it loses after is a blocked retreat's (18.8), not fire.
            reading, closed = self._close_round(reading, index, player)
            reading, ended = self._end(reading, fired_on, index, player)
            return reading, closed + ended
        if len(left) == 2:
            return reading, []
        reading, closed = self._close_round(reading, index, player)
        loser = other(left[0]) if left else None
        reading, ended = self._end(reading, loser, index, player)
        return reading, closed + ended

    def _drawn(self, reading: BattleReading, draw: MarkersDrawn,
               player: str | None) -> tuple[BattleReading, list[Action]]:
        battle = reading.battle
        if battle is None or draw.side not in SIDES or battle.locale is None:
            return reading, []
        side = draw.side
        assert side is not None
        out: list[Action] = []
        if not battle.over:
            reading, found = self._close_round(reading, draw.step, player)
            out += found
            loser = next((s for s in SIDES if self.broken(battle.locale, s)), None)
            reading, found = self._end(reading, loser, draw.step, player)
            out += found
            battle = reading.battle
            assert battle is not None
        battle = replace(battle, drawn=_pair(battle.drawn, side, draw.count))
        reading = replace(reading, battle=battle)
        out.append(self._draw(battle, side, draw.step, player, draw.count))
        return reading, out

    def _draw(self, battle: Battle, side: str, index: int, player: str | None,
              count: int, closing: bool = False) -> BattleDraw:
        assert battle.locale is not None
        victor = None if battle.loser is None else other(battle.loser)
        return BattleDraw(step=index, side=side, player=player, locale=battle.locale,
                          count=count, drawn=_of(battle.drawn, side),
                          owed=_of(battle.eliminated, side), victor=victor,
                          victor_drawn=_of(battle.drawn, victor) if victor else 0,
                          victor_owed=_of(battle.eliminated, victor) if victor else 0,
                          closing=closing)

    def _leaders(self, reading: BattleReading, view: StepView[Entity, str | None],
                 player: str | None) -> tuple[BattleReading, list[Action]]:
        battle = reading.battle
        if battle is None or not battle.survivors:
            return reading, []
        out: list[Action] = []
        dice = dict(battle.survival_dice)
        waiting = {s[0]: s for s in battle.survivors}
        for relocation in view.pieces:
            found = waiting.get(relocation.piece_id)
            destination = relocation.destination
            if found is None or destination is None or \
                    destination.kind is PlaceKind.SPACE:
                continue
            if destination.key.startswith(("leader_pool", "removed")):
                out.append(LeaderSurvival(step=view.index, side=found[1], player=player,
                                          leader=found[2], die=dice.get(found[0]),
                                          place=str(destination)))
        return reading, out

    def _close_battle(self, reading: BattleReading, index: int,
                      player: str | None) -> tuple[BattleReading, list[Action]]:
        battle = reading.battle
        if battle is None:
            return reading, []
        if not battle.announced:
            return replace(reading, battle=None), []
        out: list[Action] = []
        if not battle.over:
            reading, found = self._close_round(reading, index, player)
            out += found
            loser = next((s for s in SIDES if battle.locale is not None
                          and self.broken(battle.locale, s)), None)
            reading, found = self._end(reading, loser, index, player)
            out += found
            battle = reading.battle
            assert battle is not None
        if battle.locale is not None:
            for side in SIDES:
                out.append(self._draw(battle, side, index, player, 0, closing=True))
        return replace(reading, battle=None), out

    def _close_march(self, reading: BattleReading, index: int,
                     player: str | None) -> tuple[BattleReading, list[Action]]:
        march = reading.march
        if march is None:
            return reading, []
        return replace(reading, march=None), [AttritionLosses(
            step=index, side=march.side, player=player, locale=march.locale,
            sixes=march.sixes, units=march.removed_units, leaders=march.removed_leaders,
            closing=True, fleets_only=march.units > 0 and march.units == march.fleets)]


def _ground_left(reading: BattleReading, move: ForceMoved,
                 player: str | None) -> tuple[BattleReading, list[Action]]:
    """The phasing side's move out of a locale where it won a battle in this Combat Phase
    (AR 18.10: the winner stays there until its next Movement Phase)."""
    found = next((h for h in reading.held if h == (move.origin, move.side)), None)
    if found is None:
        return reading, []
    rest = tuple(h for h in reading.held if h != found)
    return replace(reading, held=rest), [GroundHeld(
        step=move.step, side=move.side, player=player, locale=found[0], left=move)]


def _ground_kept(reading: BattleReading, index: int,
                 player: str | None) -> tuple[BattleReading, list[Action]]:
    """The battles won by the phasing side whose winners stayed till its Combat Phase ended."""
    out: list[Action] = [GroundHeld(step=index, side=side, player=player, locale=locale)
                         for locale, side in reading.held]
    return replace(reading, held=()), out


def _movement_roll(reading: BattleReading, side: str) -> BattleReading:
    """A battle that showed only one die of the moving side was its movement roll."""
    battle = reading.battle
    if battle is not None and not battle.announced and battle.rounds == 0 and \
            battle.committed == (0, 0) and all(s == side for s, _ in battle.initiative):
        return replace(reading, battle=None)
    return reading


def _entity(relocation: Relocation[Entity]) -> Entity | None:
    placed = relocation.after or relocation.before
    return placed.entity if placed is not None else None


def _kind(relocation: Relocation[Entity]) -> str:
    entity = _entity(relocation)
    return entity.kind if entity is not None else ""


def _key(relocation: Relocation[Entity]) -> str:
    entity = _entity(relocation)
    return entity.key if entity is not None else ""


def _box(place: Place | None) -> str | None:
    if place is None or place.kind is not PlaceKind.ZONE:
        return None
    return BATTLE_BOXES.get(place.key)


def holding_units(holding: Iterable[tuple[str, str, bool]]) -> list[tuple[str, bool]]:
    """The units of a holding: (formation id, disrupted)."""
    return [(key, disrupted) for kind, key, disrupted in holding if kind == "unit"]


def read_step(battles: BattleReading, state: ARState, owner: Callable[[Entity], str | None],
              view: StepView[Entity, str | None], actions: Sequence[Action],
              phase: str | None, player: str | None) -> tuple[BattleReading, list[Action]]:
    """The battles' reading after one step, and the step's battle actions (one call a step
    from `interpret.Reader.step`, which keeps the reading)."""
    return BattleTracker(state, owner).read(battles, view, actions, phase, player)


def close_log(battles: BattleReading, state: ARState, owner: Callable[[Entity], str | None],
              step: int) -> tuple[BattleReading, list[Action]]:
    """The log ended: the round of fire under way is closed, so that its hits are judged
    (the last of them may be the log's last step), and a retreat left straggling judged."""
    battles, out = _follow(battles, ())
    battles, closed = BattleTracker(state, owner)._close_round(battles, step, None)
    return battles, out + closed


def _fleet(formation: str) -> bool:
    return formation.endswith("_fleet")


def _follow(reading: BattleReading, actions: Sequence[Action]
            ) -> tuple[BattleReading, list[Action]]:
    """A retreat left straggling (`BattleReading.straggling`): the same side's next retreat
    drag by land from the same locale to the same place is the same force going on, and
    joins it; anything else and it is judged as it stands, with what the state now shows
    left behind (AR 18.8)."""
    pending = reading.straggling
    if pending is None:
        return reading, []
    first = pending.move
    drag = next((a for a in actions if isinstance(a, ForceMoved) and a.retreat
                 and a.side == first.side and a.origin == first.origin
                 and a.destination == first.destination
                 and not any(_fleet(unit) for unit in a.units)), None)
    if drag is None:
        return replace(reading, straggling=None), [pending]
    merged = replace(first, pieces=(*first.pieces, *drag.pieces),
                     units=(*first.units, *drag.units), leaders=(*first.leaders, *drag.leaders))
    return replace(reading, straggling=replace(pending, move=merged)), []
