"""Almost a Miracle!'s sequence of play (AaM 3.0, 8.0; digest section 2), on the toolkit's
sequencer: a month of phases A to G, the Endeavors Phase an alternation of endeavors, the
British first, that ends after two passes in a row."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from adjudicator.systems.almost_a_miracle.actions import (
    Arrived,
    BaseShifted,
    DiceRolled,
    EndeavorTaken,
    FiMoved,
    ForceMoved,
    FrenchSeaControl,
    LeaderSpent,
    SeaMoved,
    SiegeEntered,
    SiegeLosses,
    SiegeMarked,
    SiegeRecord,
    SiegeSurrendered,
    StrengthChanged,
    TrainFlipped,
    TransitMoved,
)
from adjudicator.systems.almost_a_miracle.phase_steps import LABELLED, step_labels
from adjudicator.systems.almost_a_miracle.siege import break_loss, surrender_loss
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.sequencer import (
    Alternation,
    Effect,
    NewTurn,
    PhaseShown,
    Position,
    Sequencer,
    Stage,
    Turn,
)

BRITISH, CONTINENTAL = "british", "continental"
SIEGE, ATTRITION, REINFORCEMENT, LOGISTICS = "siege", "attrition", "reinforcement", "logistics"
ENDEAVORS, ADJUSTMENT, LAST_SIEGE = "endeavors", "adjustment", "last_siege"

TURN = Turn("aam", (
    Stage(SIEGE, "Siege Resolution Phase", "AaM 3.0A, 4.7"),
    Stage(ATTRITION, "Attrition Phase", "AaM 3.0B, 5"),
    Stage(REINFORCEMENT, "Reinforcement Phase", "AaM 3.0C, 6"),
    Stage(LOGISTICS, "Logistics and Engineering Phase", "AaM 3.0D, 7"),
    Stage(ENDEAVORS, "Endeavors Phase", "AaM 3.0E, 8.0",
          alternation=Alternation("endeavor", (BRITISH, CONTINENTAL), "AaM 8.0",
                                  passes=True)),
    Stage(ADJUSTMENT, "Adjustment Phase", "AaM 3.0F"),
    Stage(LAST_SIEGE, "Special Siege Resolution Phase", "AaM 3.0G"),
))

PHASE_WORDS: Mapping[str, tuple[str, ...]] = {
    SIEGE: ("siege resolution", "siege resolution phase", "a"),
    ATTRITION: ("attrition", "attrition phase", "b"),
    REINFORCEMENT: ("reinforcement", "reinforcement phase", "reinforcements", "c"),
    LOGISTICS: ("logistics and engineering", "logistics & engineering", "logistics", "d"),
    ENDEAVORS: ("endeavors", "endeavors phase", "endeavours", "e"),
    ADJUSTMENT: ("adjustment", "adjustment phase", "f"),
    LAST_SIEGE: ("special siege resolution", "last siege resolution", "g"),
}
_BY_WORD = {word: phase for phase, words in PHASE_WORDS.items() for word in words}
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December")


def phase_named(text: str | None) -> str | None:
    """The phase a Phase marker's text names (None: none).

    >>> phase_named("Logistics & Engineering"), phase_named(" Endeavors "), phase_named("x")
    ('logistics', 'endeavors', None)
    """
    if not text:
        return None
    return _BY_WORD.get(" ".join(text.casefold().split()))


def turn_named(year: str | None, month: str | None) -> str | None:
    """The turn a Year and Month marker show, as `1775-06` (None: not both known).

    >>> turn_named("1775", "June"), turn_named("1775", None)
    ('1775-06', None)
    """
    if not year or not month or not year.strip().isdigit():
        return None
    folded = month.strip().casefold()
    for number, name in enumerate(MONTHS, 1):
        if folded in (name.casefold(), name[:3].casefold(), str(number)):
            return f"{year.strip()}-{number:02d}"
    return None


@dataclass(frozen=True, slots=True)
class AaMProcedure:
    """Where play is (immutable: undo keeps a reference)."""

    position: Position = field(default_factory=Position)
    passes: int = 0
    """Passes in a row in this Endeavors Phase (two end it, AaM 8.0)."""
    activated: frozenset[str] = frozenset()
    """Leaders that activated or tried to this month (AaM 8.1.1, 11.1.1)."""
    flipped: frozenset[tuple[str, int | None]] = frozenset()
    """Leaders flipped where they stood this month, with their force's activation die: a
    failed activation when the die is over the force's best Audacity (AaM 8.1.1)."""
    trains_moved: frozenset[str] = frozenset()
    """Baggage train pieces moved in an endeavor this month (AaM 8.2)."""
    supply: SupplyRecord = field(default_factory=lambda: SupplyRecord())
    """What the supply and logistics rules remember this month (AaM 5, 7)."""
    # reinforcements
    first_turn: str | None = None
    """The first month the log shows (the scenario's start, when the log starts there)."""
    reinforced: frozenset[str] = frozenset()
    """Sides whose pieces arrived in this month's Reinforcement Phase (AaM 6.2.2)."""
    political_rolled: bool = False
    """Whether a 2d6 was rolled in this month's Reinforcement Phase (AaM 6.6)."""
    french_entry: str | None = None
    """The month French SPs first came onto the map (AaM 14.1, 14.1.7)."""
    phase_dice: tuple[int, ...] = ()
    """The single dice rolled in this month's Reinforcement Phase (militia generation,
    AaM 6.5)."""
    militia_placed: tuple[tuple[str, int], ...] = ()
    """(unit kind, SP) of the militia placed in this month's Reinforcement Phase."""
    phases_shown: int = 0
    """How many times the log showed the phase: while only its first showing is known
    (the marker as the log opened, or its first setting), pieces put on the map may be the
    set-up."""
    month_shown: str | None = None
    """The month the Year and Month last showed (a new month's rules read the one that
    ended here: the sequencer has already moved the position on)."""
    # movement (AaM 9.1, 10.1, 10.3)
    leg: ForceMoved | None = None
    """The last leg of the force moving in this endeavor (None: none yet)."""
    route: tuple[str, ...] = ()
    """The Areas the moving force has gone through in this endeavor, its legs joined."""
    drops: int = 0
    """Drop-offs the moving force has made (AaM 9.1: one at most)."""
    force: ForceMoved | None = None
    """The endeavor's force as composed: its first leg with the pieces dragged after it the
    same way (judged for its leaders when the endeavor ends, AaM 10.2, 10.2.4)."""
    first: ForceMoved | None = None
    """The first drag of that force."""
    prior: ForceMoved | None = None
    """The leg before `leg` when `leg` was counted a drop-off (more of its pieces dragged
    after it along the same way may show it dropped nothing)."""
    rolled: bool = False
    """A die was rolled since the last leg (a battle, a retreat before combat)."""
    embarked: frozenset[str] = frozenset()
    """Pieces embarked this month (AaM 10.5.7: they land next turn at the earliest)."""
    landed: frozenset[str] = frozenset()
    """Pieces landed this month: moved, no further endeavor (AaM 10.5.9-10.5.10)."""
    transit: frozenset[str] = frozenset()
    """Pieces moved into the Transit Area this month (AaM 10.1.6: out next turn)."""
    # sieges
    sieges: tuple[SiegeRecord, ...] = ()
    """The sieges the log showed laid or flipped, with their besieger (AaM 4.3, 4.7)."""
    entered: frozenset[tuple[str, str | None, str | None]] = frozenset()
    """(Area, side, turn) of forces that moved into an Area under siege (AaM 4.4)."""
    lifted: frozenset[tuple[str, str | None]] = frozenset()
    """(Area, turn) of Siege markers removed (AaM 4.4.4, 4.5.1, 4.6, 4.7)."""
    surrenders: frozenset[tuple[str, str | None]] = frozenset()
    """(Area, turn) of surrenders (AaM 4.7.5)."""
    owed: tuple[tuple[str, str | None, str | None, int, str], ...] = ()
    """(Area, besieger, turn, SPs still to lose, rule id) after a surrender or a break
    (AaM 4.7.5, 4.7.6a)."""
    assaults: tuple[tuple[str, str | None, str | None, int, int, int], ...] = ()
    """(Area, besieger, turn, besieging SPs, besieged SPs, besieger SPs lost so far) of the
    final assaults this month (AaM 4.7.6b)."""
    # reactions (AaM 10.10)
    reacted: int | None = None
    """The step of the last move read as a reaction or its side's own endeavor (the reader's
    `within="reaction"`) this month."""
    # phase order (AaM 3.0B-D)
    phase_steps: tuple[tuple[str, str, str | None, int], ...] = ()
    """(phase, step label, side, log step) of the steps of phases B-D seen this month, in
    order (`phase_order.step_label`); a new month clears them."""
    # sallies (AaM 4.5)
    stood: tuple[str | None, str, frozenset[str | None]] | None = None
    """(side, Area, sides that rolled since) of the last leader flipped where he stood in
    this endeavor (a sally's or a march's start): both sides rolling after it is a battle
    fought from that Area (a sally, AaM 4.5)."""
    # the French Intervention marker (AaM 11.5.3)
    fi_moves: tuple[tuple[int, str | None, str | None], ...] = ()
    """(log step, from turn, to turn) of the French Intervention marker's moves on the Turn
    Record Track in this Adjustment Phase (cleared when an Adjustment Phase is shown)."""
    adjusting: bool = False
    """Whether the last phase shown was the Adjustment Phase (the phase shown next ends
    it)."""

    def placed(self, position: Position) -> AaMProcedure:
        """This procedure at another position."""
        return replace(self, position=position)

    @property
    def phase(self) -> str | None:
        """The phase play is known to be in (None: not known)."""
        moment = self.position.moment
        return moment.phase if moment.known else None


class AaMSequencer(Sequencer[AaMProcedure]):
    """The declared turn, with the passes in a row and the leaders spent this month."""

    def effects(self) -> Mapping[type[Action], Effect[AaMProcedure]]:
        """A new month clears the spent leaders; endeavors count passes in a row; a leader
        flipped without moving failed his activation."""
        return _with_fi(_with_order(_with_sally(  # phase order (AaM 3.0B-D), sallies (4.5)
            _with_movement(_with_supply({NewTurn: _month_begun, EndeavorTaken: _endeavor,
                             ForceMoved: _moved, LeaderSpent: _spent,
                             # reinforcements
                             Arrived: _arrived, DiceRolled: _rolled,
                             PhaseShown: _phase_shown,
                             # sieges
                             SiegeMarked: _siege_marked, SiegeEntered: _siege_entered,
                             SiegeSurrendered: _siege_surrendered, SiegeLosses: _siege_losses})))))


def _new_turn(proc: AaMProcedure, action: Action) -> AaMProcedure:
    return replace(proc, passes=0, activated=frozenset(), flipped=frozenset(),
                   trains_moved=frozenset())


def _month_begun(proc: AaMProcedure, action: Action) -> AaMProcedure:
    """A new month: nothing has arrived and no Political Events roll was made yet."""
    assert isinstance(action, NewTurn)
    return replace(_new_turn(proc, action), reinforced=frozenset(), political_rolled=False,
                   phase_dice=(), militia_placed=(),
                   first_turn=proc.first_turn or action.turn, month_shown=action.turn)


def _arrived(proc: AaMProcedure, action: Action) -> AaMProcedure:
    assert isinstance(action, Arrived)
    if proc.french_entry is None and any(kind == "french_regular" for kind, _ in action.sp):
        proc = replace(proc, french_entry=proc.position.moment.turn)
    if proc.phase == REINFORCEMENT and action.side is not None:
        proc = replace(proc, reinforced=proc.reinforced | {action.side},
                       militia_placed=proc.militia_placed + tuple(
                           (kind, value) for kind, value in action.sp
                           if kind.endswith("_militia")))
    return proc


def _phase_shown(proc: AaMProcedure, action: Action) -> AaMProcedure:
    return replace(proc, phases_shown=proc.phases_shown + 1)


def _rolled(proc: AaMProcedure, action: Action) -> AaMProcedure:
    assert isinstance(action, DiceRolled)
    two = len(action.dice) == 2 or "2d6" in action.button.casefold() or \
        "polit" in action.button.casefold() or any(die > 6 for die in action.dice)
    if proc.phase == REINFORCEMENT and two:
        return replace(proc, political_rolled=True)
    if proc.phase == REINFORCEMENT and len(action.dice) == 1:
        return replace(proc, phase_dice=proc.phase_dice + action.dice)
    return proc


def _endeavor(proc: AaMProcedure, action: Action) -> AaMProcedure:
    assert isinstance(action, EndeavorTaken)
    return replace(proc, passes=proc.passes + 1 if action.passed else 0)


def _moved(proc: AaMProcedure, action: Action) -> AaMProcedure:
    assert isinstance(action, ForceMoved)
    if action.within:
        return proc  # a retreat, or a reaction that may not have been an endeavor
    return replace(proc, activated=proc.activated | frozenset(action.leaders),
                   trains_moved=proc.trains_moved | frozenset(action.train_pieces))


def _spent(proc: AaMProcedure, action: Action) -> AaMProcedure:
    assert isinstance(action, LeaderSpent)
    return replace(proc, activated=proc.activated | {action.leader},
                   flipped=proc.flipped | {(action.leader, action.die)})


# movement (AaM 9.1, 10.1, 10.3): the moving force's legs, drop-offs and rolls between legs


def continues(proc: AaMProcedure, move: ForceMoved) -> bool:
    """Whether a move is the next leg of the force that moved last in this endeavor: the same
    side, from where that leg ended, some of the same pieces."""
    leg = proc.leg
    return leg is not None and leg.side == move.side and leg.destination == move.origin \
        and bool(set(leg.pieces) & set(move.pieces))


def dropped_off(leg: ForceMoved, move: ForceMoved) -> bool:
    """Whether a leg left leaders or SPs behind (AaM 9.1): fewer SPs or a leader left."""
    return move.strength < leg.strength or bool(set(leg.leaders) - set(move.leaders))


def _leg(proc: AaMProcedure, action: Action) -> AaMProcedure:
    assert isinstance(action, ForceMoved)
    if action.within == "reaction":
        return replace(proc, reacted=action.step)  # the other side reacting (or not)
    if action.within or action.joins:
        return proc  # a retreat by the other side, or a second Area joining
    path = action.path or (action.origin, action.destination)
    leg = proc.leg
    if action.continues and leg is not None and leg.side == action.side and \
            leg.origin == action.origin and leg.destination == action.destination:
        # more of the force dragged after it along the same way: one force, one leg; a
        # drop-off counted when its first pieces went on is undone if none was left
        merged = leg.with_more(action)
        force = merged if proc.force == leg else proc.force
        if proc.prior is not None and not dropped_off(proc.prior, merged):
            return replace(proc, leg=merged, drops=max(proc.drops - 1, 0), prior=None,
                           force=force)
        return replace(proc, leg=merged, force=force)
    if continues(proc, action) and not proc.rolled:
        assert proc.leg is not None
        dropped = dropped_off(proc.leg, action)
        return replace(proc, leg=action, route=proc.route + path[1:], rolled=False,
                       drops=proc.drops + dropped, prior=proc.leg if dropped else None)
    return replace(proc, leg=action, route=path, drops=0, rolled=False, prior=None,
                   force=proc.force if action.continues else action,
                   first=proc.first if action.continues else action)


def _new_endeavor(proc: AaMProcedure, action: Action) -> AaMProcedure:
    return replace(proc, leg=None, route=(), drops=0, rolled=False, prior=None, force=None,
                   first=None)


def _new_month(proc: AaMProcedure, action: Action) -> AaMProcedure:
    return replace(proc, leg=None, route=(), drops=0, rolled=False, prior=None, force=None,
                   first=None, embarked=frozenset(), landed=frozenset(), transit=frozenset(),
                   reacted=None)


def _by_sea(proc: AaMProcedure, action: Action) -> AaMProcedure:
    assert isinstance(action, SeaMoved)
    if action.embark:
        return replace(proc, embarked=proc.embarked | set(action.pieces))
    return replace(proc, landed=proc.landed | set(action.pieces),
                   activated=proc.activated | set(action.leaders))


def _through_transit(proc: AaMProcedure, action: Action) -> AaMProcedure:
    assert isinstance(action, TransitMoved)
    proc = replace(proc, activated=proc.activated | set(action.leaders))
    if action.entering:
        return replace(proc, transit=proc.transit | set(action.pieces))
    return proc


def _leg_rolled(proc: AaMProcedure, action: Action) -> AaMProcedure:
    return replace(proc, rolled=True) if proc.leg is not None else proc


MOVEMENT_EFFECTS: Mapping[type[Action], Effect[AaMProcedure]] = {
    ForceMoved: _leg, EndeavorTaken: _new_endeavor, NewTurn: _new_month, DiceRolled: _leg_rolled,
    SeaMoved: _by_sea, TransitMoved: _through_transit}
"""The movement family's effects, each run after the sequence's own for its action
(`_with_movement`): the moving force's legs, sea moves and the Transit Area."""


def _with_movement(effects: Mapping[type[Action], Effect[AaMProcedure]]
                   ) -> Mapping[type[Action], Effect[AaMProcedure]]:
    """The effects with the movement family's, one after the other where both act."""
    merged = dict(effects)
    for kind, effect in MOVEMENT_EFFECTS.items():
        first = merged.get(kind)
        merged[kind] = effect if first is None else _then(first, effect)
    return merged
# supply


@dataclass(frozen=True, slots=True)
class SupplyRecord:
    """What the supply and logistics rules remember (AaM 5, 7; immutable). A new month
    clears all but where each Base of Operations went off the map."""

    rolls: tuple[tuple[str, int], ...] = ()
    """(side, die) of the single dice rolled in this Attrition Phase before foraging: the
    militia, enlistment and Loyalist rolls (AaM 3.0B, 5.1-5.3)."""
    foraging: bool = False
    """A 2d6 has been rolled in this Attrition Phase: play is at the forage step (5.4)."""
    changes: tuple[tuple[str, str, int, int], ...] = ()
    """(Area, unit kind, SPs when first changed, last step changing them) in this part of
    the Attrition Phase (before foraging, or foraging)."""
    highs: frozenset[str] = frozenset()
    """Sides that rolled an 11 or 12 on a forage roll this Attrition Phase (5.4.2)."""
    winter_owed: tuple[str, int] | None = None
    """(side, step) of a winter activation whose Winter Attrition roll is not seen yet
    (5.4.4, 10.9)."""
    flipped: frozenset[str] = frozenset()
    """Sides that turned baggage trains or magazines over in this Logistics Phase (7.2)."""
    bases: frozenset[str] = frozenset()
    """Sides that took off or placed their BoO in this Logistics Phase (7.1)."""
    base_off: tuple[tuple[str, str, str], ...] = ()
    """(side, turn, phase) each BoO went off the map (7.1.1, 5.4.7c)."""
    french_sea: str | None = None
    """The turn the French last took Sea Control (10.5.11)."""
    entered: tuple[tuple[str, int], ...] = ()
    """(Area, step) of each move of the endeavor under way: where trains, magazines and a
    BoO left alone must be captured (5.4.7)."""


def _month(proc: AaMProcedure) -> int | None:
    turn = proc.position.moment.turn
    return int(turn[-2:]) if turn and turn[-2:].isdigit() else None


def _supply(proc: AaMProcedure, **changes: object) -> AaMProcedure:
    return replace(proc, supply=replace(proc.supply, **changes))  # type: ignore[arg-type]


def _sup_turn(proc: AaMProcedure, action: Action) -> AaMProcedure:
    return replace(proc, supply=SupplyRecord(base_off=proc.supply.base_off,
                                             french_sea=proc.supply.french_sea))


def forage_roll(action: DiceRolled) -> int | None:
    """A 2d6 roll's total (None: not a 2d6 roll): two dice, a total above 6, or a button
    named 2d6."""
    if len(action.dice) == 2 or "2d6" in action.button.casefold().replace(" ", "") or \
            (len(action.dice) == 1 and action.dice[0] > 6):
        return sum(action.dice)
    return None


def _sup_rolled(proc: AaMProcedure, action: Action) -> AaMProcedure:
    assert isinstance(action, DiceRolled)
    record, total = proc.supply, forage_roll(action)
    if proc.phase == ATTRITION:
        if total is not None:
            highs = record.highs | ({action.side} if action.side and total >= 11
                                    else frozenset())
            changes = () if not record.foraging else record.changes
            return _supply(proc, foraging=True, highs=highs, changes=changes)
        if not record.foraging and action.side and len(action.dice) == 1:
            return _supply(proc, rolls=(*record.rolls, (action.side, action.dice[0])))
    if proc.phase == ENDEAVORS and total is not None and record.winter_owed is not None \
            and record.winter_owed[0] == action.side:
        return _supply(proc, winter_owed=None)
    return proc


def _sup_changed(proc: AaMProcedure, action: Action) -> AaMProcedure:
    assert isinstance(action, StrengthChanged)
    changes = list(proc.supply.changes)
    for index, (area, kind, start, _) in enumerate(changes):
        if (area, kind) == (action.area, action.kind):
            changes[index] = (area, kind, start, action.step)
            break
    else:
        changes.append((action.area, action.kind, action.before, action.step))
    return _supply(proc, changes=tuple(changes))


def _sup_moved(proc: AaMProcedure, action: Action) -> AaMProcedure:
    return _sup_activated(_sup_entered(proc, action), action)


def _sup_activated(proc: AaMProcedure, action: Action) -> AaMProcedure:
    month = _month(proc)
    if proc.phase != ENDEAVORS or month not in (12, 1, 2, 3) or action.side is None:
        return proc
    if isinstance(action, ForceMoved) and (action.die is None or not action.sp):
        return proc
    return _supply(proc, winter_owed=(action.side, action.step))


def _sup_endeavor(proc: AaMProcedure, action: Action) -> AaMProcedure:
    return _supply(proc, winter_owed=None, entered=())


def _sup_entered(proc: AaMProcedure, action: Action) -> AaMProcedure:
    assert isinstance(action, ForceMoved)
    return _supply(proc, entered=(*proc.supply.entered, (action.destination, action.step)))


def _sup_flipped(proc: AaMProcedure, action: Action) -> AaMProcedure:
    if proc.phase != LOGISTICS or action.side is None:
        return proc
    return _supply(proc, flipped=proc.supply.flipped | {action.side})


def _sup_base(proc: AaMProcedure, action: Action) -> AaMProcedure:
    assert isinstance(action, BaseShifted)
    record = proc.supply
    bases = record.bases | ({action.owner} if proc.phase == LOGISTICS else frozenset())
    off = tuple(entry for entry in record.base_off if entry[0] != action.owner)
    if action.destination is None:
        off = (*off, (action.owner, proc.position.moment.turn or "", proc.phase or ""))
    elif action.origin is not None:
        off = record.base_off
    return _supply(proc, bases=bases, base_off=off)


def _sup_sea(proc: AaMProcedure, action: Action) -> AaMProcedure:
    return _supply(proc, french_sea=proc.position.moment.turn)


SUPPLY_EFFECTS: Mapping[type[Action], Effect[AaMProcedure]] = {
    NewTurn: _sup_turn, DiceRolled: _sup_rolled, StrengthChanged: _sup_changed,
    ForceMoved: _sup_moved, LeaderSpent: _sup_activated, EndeavorTaken: _sup_endeavor,
    TrainFlipped: _sup_flipped, BaseShifted: _sup_base, FrenchSeaControl: _sup_sea}


def _with_supply(effects: dict[type[Action], Effect[AaMProcedure]]
                 ) -> Mapping[type[Action], Effect[AaMProcedure]]:
    """The effects with the supply record's, one after the other where both act."""
    merged = dict(effects)
    for kind, effect in SUPPLY_EFFECTS.items():
        first = merged.get(kind)
        merged[kind] = effect if first is None else _then(first, effect)
    return merged


def _then(first: Effect[AaMProcedure], second: Effect[AaMProcedure]
          ) -> Effect[AaMProcedure]:
    def both(proc: AaMProcedure, action: Action) -> AaMProcedure:
        return second(first(proc, action), action)
    return both


def _siege_marked(proc: AaMProcedure, action: Action) -> AaMProcedure:
    assert isinstance(action, SiegeMarked)
    kept = tuple(record for record in proc.sieges if record.area != action.area)
    if action.after == 0:
        turn = proc.position.moment.turn
        lifted = replace(proc, sieges=kept, lifted=proc.lifted | {(action.area, turn)})
        sides = {side for side, _ in action.dice}
        garrison = sum(sp for _, sp in action.garrison)
        if proc.phase in (SIEGE, LAST_SIEGE) and action.before == 2 and garrison and \
                not action.surrendered and len(sides) == 2:
            return replace(lifted, assaults=(*proc.assaults, (
                action.area, action.besieger, turn, sum(sp for _, sp in action.besiegers),
                garrison, action.besieger_removed)))
        if proc.phase in (SIEGE, LAST_SIEGE) and action.before == 2 and garrison and \
                not action.surrendered and (action.area, turn) not in proc.surrenders and \
                len(sides) < 2:
            return replace(lifted, owed=_owing(
                proc, action.area, action.besieger, turn,
                break_loss(garrison) - action.besieger_removed, "AAM-SIEGE-14"))
        return lifted
    old = next((record for record in proc.sieges if record.area == action.area), None)
    besieger = action.besieger or (old.besieger if old is not None else None)
    since = old.since if old is not None and old.level == action.after else (
        proc.position.moment.turn, proc.phase)
    return replace(proc, sieges=(*kept, SiegeRecord(action.area, besieger, action.after, since)))


def _siege_entered(proc: AaMProcedure, action: Action) -> AaMProcedure:
    assert isinstance(action, SiegeEntered)
    return replace(proc, entered=proc.entered | {(action.area, action.side, action.turn)})


def _siege_surrendered(proc: AaMProcedure, action: Action) -> AaMProcedure:
    assert isinstance(action, SiegeSurrendered)
    if (action.area, action.turn) in proc.surrenders:
        return proc  # the rest of a garrison surrendering over several steps: owed kept
    owed = surrender_loss(sum(sp for _, sp in action.garrison)) - action.besieger_removed
    return replace(proc, surrenders=proc.surrenders | {(action.area, action.turn)},
                   owed=_owing(proc, action.area, action.besieger, action.turn, owed,
                               "AAM-SIEGE-13"))


def _owing(proc: AaMProcedure, area: str, side: str | None, turn: str | None, sp: int,
           rule_id: str) -> tuple[tuple[str, str | None, str | None, int, str], ...]:
    kept = tuple(entry for entry in proc.owed if entry[0] != area)
    return (*kept, (area, side, turn, sp, rule_id)) if sp > 0 else kept


def _siege_losses(proc: AaMProcedure, action: Action) -> AaMProcedure:
    assert isinstance(action, SiegeLosses)
    owed = tuple((area, side, turn, max(0, sp - action.sp) if area == action.area and
                  side == action.side else sp, rule_id)
                 for area, side, turn, sp, rule_id in proc.owed)
    assaults = tuple((area, side, turn, force, garrison, lost + action.sp)
                     if area == action.area and side == action.side and turn == action.turn
                     else (area, side, turn, force, garrison, lost)
                     for area, side, turn, force, garrison, lost in proc.assaults)
    return replace(proc, owed=tuple(entry for entry in owed if entry[3] > 0),
                   assaults=assaults)


# phase order (AaM 3.0B-D)


def _order_turn(proc: AaMProcedure, action: Action) -> AaMProcedure:
    return replace(proc, phase_steps=())


def _order_step(proc: AaMProcedure, action: Action) -> AaMProcedure:
    phase = proc.phase
    if phase is None:
        return proc
    return replace(proc, phase_steps=(*proc.phase_steps, *(
        (phase, label, action.side, action.step) for label in step_labels(action, phase))))


def _with_order(effects: Mapping[type[Action], Effect[AaMProcedure]]
                ) -> Mapping[type[Action], Effect[AaMProcedure]]:
    """The effects with the phase order's record, one after the other where both act."""
    merged = dict(effects)
    kinds: tuple[type[Action], ...] = (NewTurn, *LABELLED)
    for kind in kinds:
        effect = _order_turn if kind is NewTurn else _order_step
        first = merged.get(kind)
        merged[kind] = effect if first is None else _then(first, effect)
    return merged


# sallies (AaM 4.5): a leader flipped where he stood, then both sides' rolls (the battle)


def _sally_stood(proc: AaMProcedure, action: Action) -> AaMProcedure:
    assert isinstance(action, LeaderSpent)
    if action.again and proc.stood is not None:
        return proc
    return replace(proc, stood=(action.side, action.area, frozenset()))


def _sally_rolled(proc: AaMProcedure, action: Action) -> AaMProcedure:
    if proc.stood is None:
        return proc
    side, area, rolled = proc.stood
    return replace(proc, stood=(side, area, rolled | {action.side}))


def _sally_over(proc: AaMProcedure, action: Action) -> AaMProcedure:
    return replace(proc, stood=None) if proc.stood is not None else proc


SALLY_EFFECTS: Mapping[type[Action], Effect[AaMProcedure]] = {
    LeaderSpent: _sally_stood, DiceRolled: _sally_rolled, EndeavorTaken: _sally_over,
    NewTurn: _sally_over, PhaseShown: _sally_over}


def _with_sally(effects: Mapping[type[Action], Effect[AaMProcedure]]
                ) -> Mapping[type[Action], Effect[AaMProcedure]]:
    """The effects with the sally record's, one after the other where both act."""
    merged = dict(effects)
    for kind, effect in SALLY_EFFECTS.items():
        first = merged.get(kind)
        merged[kind] = effect if first is None else _then(first, effect)
    return merged


# the French Intervention marker (AaM 11.5.3): its moves in the Adjustment Phase


def _fi_moved(proc: AaMProcedure, action: Action) -> AaMProcedure:
    assert isinstance(action, FiMoved)
    return replace(proc, fi_moves=(*proc.fi_moves,
                                   (action.step, action.origin, action.destination)))


def _fi_phase(proc: AaMProcedure, action: Action) -> AaMProcedure:
    assert isinstance(action, PhaseShown)
    if action.phase == ADJUSTMENT:
        return replace(proc, fi_moves=(), adjusting=True)
    return replace(proc, adjusting=False)


def _with_fi(effects: Mapping[type[Action], Effect[AaMProcedure]]
             ) -> Mapping[type[Action], Effect[AaMProcedure]]:
    """The effects with the French Intervention marker's moves this Adjustment Phase."""
    merged = dict(effects)
    merged[FiMoved] = _fi_moved
    first = merged.get(PhaseShown)
    merged[PhaseShown] = _fi_phase if first is None else _then(first, _fi_phase)
    return merged


SEQUENCER = AaMSequencer(TURN)


