"""Almost a Miracle!'s actions: what its reader makes of the log's steps.

An endeavor (AaM 8.0) is a unit of the toolkit's alternation: `EndeavorTaken` opens it
for its side, a pass included.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.sequencer import UnitTaken


@dataclass(frozen=True, slots=True, kw_only=True)
class EndeavorTaken(UnitTaken):
    """A side's endeavor (AaM 8.0): `kind` is `force`, `leader`, `bt`, `sea` or `pass`."""

    kind: str


@dataclass(frozen=True, slots=True, kw_only=True)
class DiceRolled(Action):
    """A roll of the step: its button and every die."""

    button: str
    dice: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class ForceMoved(Action):
    """SP counters, leaders and baggage trains moved together from one Area to another
    (AaM 10): a force (or a lone leader, or a lone baggage train)."""

    pieces: tuple[str, ...]
    leaders: tuple[str, ...]
    sp: tuple[tuple[str, int], ...]
    """(unit kind, SP) of each SP counter."""
    trains: int
    origin: str
    destination: str
    path: tuple[str, ...]
    die: int | None
    """The activation die of the endeavor (AaM 8.1.1), when the log shows one."""
    reroll: int | None = None
    """The die rolled again after an activation die of 1 (AaM 8.3.4), when the log shows
    one."""
    continues: bool = False
    """A later leg of the endeavor's move: the same force going on from where it stopped
    (its die is the endeavor's)."""
    joins: bool = False
    """Pieces from a second Area moving in the same step into the Area the endeavor's force
    moves to: one force composed from two Areas (AaM 8.0 allows one)."""
    train_pieces: tuple[str, ...] = ()
    """The piece ids of its baggage trains."""
    within: str = ""
    """A move inside the other side's endeavor: `retreat` (leaving the Area an enemy force
    just entered: retreat before or after combat, AaM 11.3, 11.4) or `reaction` (a single
    step into the Area an enemy force just entered: a reaction move, AaM 10.10, or the
    side's own next endeavor — which one the next endeavor tells the sequence); `` for
    the mover's own endeavor."""

    @property
    def strength(self) -> int:
        """The force's SPs."""
        return sum(value for _, value in self.sp)

    def with_more(self, more: ForceMoved) -> ForceMoved:
        """This move with the pieces of another that went the same way after it (a force
        dragged piece by piece)."""
        return replace(self, pieces=(*self.pieces, *more.pieces),
                       leaders=(*self.leaders, *more.leaders), sp=(*self.sp, *more.sp),
                       trains=self.trains + more.trains,
                       train_pieces=(*self.train_pieces, *more.train_pieces))


@dataclass(frozen=True, slots=True, kw_only=True)
class LeaderSpent(Action):
    """A leader flipped to his moved side without moving: a failed activation, or a force
    that activated and stayed (AaM 8.1.1)."""

    leader: str
    area: str
    die: int | None
    reroll: int | None = None
    """The die rolled again after an activation die of 1 (AaM 8.3.4)."""
    again: bool = False
    """Another leader of a force already flipped in this endeavor (its die is the
    force's)."""


# movement (AaM 5.4.1a, 10.1.6, 10.5): sea moves, the Transit Area, magazines


@dataclass(frozen=True, slots=True, kw_only=True)
class SeaMoved(Action):
    """A British force embarked from a port Area into the At Sea box, or landed from it in
    an Area (AaM 10.5): `embark` tells which; `area` is the port or the landing Area."""

    pieces: tuple[str, ...]
    leaders: tuple[str, ...]
    sp: tuple[tuple[str, int], ...]
    trains: int
    area: str
    embark: bool
    die: int | None = None
    """The side's last unused 1d6 (an activation, AaM 10.5.1), when the log shows one."""

    @property
    def strength(self) -> int:
        """The force's SPs."""
        return sum(value for _, value in self.sp)


@dataclass(frozen=True, slots=True, kw_only=True)
class TransitMoved(Action):
    """A force moved into the Transit Area from an Area, or out of it into one (AaM
    10.1.6): `entering` tells which; `area` is the Area left or entered."""

    pieces: tuple[str, ...]
    leaders: tuple[str, ...]
    sp: tuple[tuple[str, int], ...]
    area: str
    entering: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class MagazineMoved(Action):
    """A magazine (a baggage train on its MAG side) moved from an Area to another place
    (AaM 5.4.1a: magazines cannot move)."""

    piece: str
    origin: str
    destination: str




# endeavor random events (AaM 8.3)
@dataclass(frozen=True, slots=True, kw_only=True)
class RandomEvent(Action):
    """The activation die read on the Endeavor Random Event Table (AaM 8.3.1): `event` is
    the table's word for the month and die (`rain`, `heavy_snow`, `heat`, `none`, …;
    empty when the table has no such row)."""

    die: int
    month: int
    event: str


@dataclass(frozen=True, slots=True, kw_only=True)
class WeatherDue(Action):
    """What the Weather Box shows once an endeavor with a Rain result is over, against what
    AaM 8.3.3 makes due (`step` is the endeavor's roll)."""

    expected: str
    before: str
    shown: str
    seen_at: int
    either: bool = False
    """Rain or Flood both accepted (a Rain not consecutive, the Rain marker still up)."""


# governor placement (AaM 13.1.4)
@dataclass(frozen=True, slots=True, kw_only=True)
class GovernorPlaced(Action):
    """The Royal Governor put into an Area (`origin`: where he was, None when off the map
    or in a box)."""

    piece: str
    area: str
    origin: str | None


# supply


@dataclass(frozen=True, slots=True, kw_only=True)
class StrengthChanged(Action):
    """The SPs of one unit kind in one Area changed in an Attrition Phase step (AaM 5):
    `before` and `after` are that kind's SPs there around the step."""

    area: str
    kind: str
    before: int
    after: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TrainFlipped(Action):
    """A baggage train or magazine counter turned over in an Area (AaM 7.2): its flag
    before and after (`` a train, `mag` a magazine, `captured` a captured train)."""

    piece: str
    area: str
    owner: str
    before: str
    after: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TrainRemoved(Action):
    """A baggage train or magazine taken off the map (to the Baggage Train Pool, or set
    aside): its flag and the Area it left (AaM 5.4.1b, 5.4.7, 5.4.8)."""

    piece: str
    area: str
    owner: str
    flag: str
    to: str = ""
    """The place it went to (`box:bt_expended_british`...; empty: the counter deleted)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TrainPlaced(Action):
    """A baggage train, magazine or captured train put on the map from off it (AaM 5.4.7,
    6.4)."""

    piece: str
    area: str
    owner: str
    flag: str


@dataclass(frozen=True, slots=True, kw_only=True)
class BaseShifted(Action):
    """A Base of Operations taken off the map (`destination` None), put on it (`origin`
    None) or moved from one Area to another (AaM 7.1)."""

    owner: str
    origin: str | None
    destination: str | None


@dataclass(frozen=True, slots=True, kw_only=True)
class LeaderRemoved(Action):
    """A leader taken off the map in the Attrition Phase (AaM 5.4.2)."""

    leader: str
    area: str


@dataclass(frozen=True, slots=True, kw_only=True)
class FrenchSeaControl(Action):
    """The Sea Control marker turned to its French side (AaM 10.5.11)."""


# reinforcements


@dataclass(frozen=True, slots=True, kw_only=True)
class Arrived(Action):
    """Pieces of one side put into one Area from off the map (a pool, a box, the Turn
    Record Track; not the At Sea box or the Transit Area): reinforcements, new baggage
    trains, militia, recruited Loyalists, the French (AaM 6, 12, 14.1). `sp` holds the SPs
    new to the map only: change made with the counter mix nets out."""

    area: str
    pieces: tuple[str, ...]
    sp: tuple[tuple[str, int], ...]
    """(unit kind, SP) new to the map in this Area."""
    leaders: tuple[str, ...] = ()
    trains: int = 0
    """Baggage trains (not magazines, not captured ones)."""
    die: int | None = None
    """A Loyalist recruitment's activation die (AaM 12.1, 8.1), when the log shows one."""
    origins: tuple[str, ...] = ()
    """Where the pieces came from (`box:turn_track`, `box:leader_pow_british`...; empty
    for a new counter), one per piece that came from somewhere."""

    @property
    def strength(self) -> int:
        """The SPs new to the map."""
        return sum(value for _, value in self.sp)


@dataclass(frozen=True, slots=True, kw_only=True)
class Left(Action):
    """Pieces of one side taken off the map from one Area (a withdrawal, a loss, SPs or
    trains put back in a pool) (AaM 6.2); change made with the counter mix nets out."""

    area: str
    pieces: tuple[str, ...]
    sp: tuple[tuple[str, int], ...]
    leaders: tuple[str, ...] = ()
    trains: int = 0
    to: tuple[tuple[str, str], ...] = ()
    """(leader, the place he went to: `box:eliminated`, `box:leader_pow_continental`...)."""

    @property
    def strength(self) -> int:
        """The SPs that left the map."""
        return sum(value for _, value in self.sp)


@dataclass(frozen=True, slots=True, kw_only=True)
class PrisonerReleased(Action):
    """A leader taken out of a Leader POW box to somewhere off the map (not back onto it):
    withdrawn, eliminated, or put on the Turn Record Track (AaM 6.2.4, 15.5)."""

    leader: str
    piece: str
    origin: str
    to: str
    """The place he went to (empty: the counter was deleted)."""


# sieges


@dataclass(frozen=True, slots=True, kw_only=True)
class SiegeMarked(Action):
    """A siege marker placed (`before` 0), flipped (1 → 2) or removed (`after` 0) in an
    Area (AaM 4.3.1, 4.6, 4.7), with what the step shows around it."""

    area: str
    before: int
    """The marker's level before the step (0: none there)."""
    after: int
    """Its level after the step (0: removed)."""
    besieger: str | None
    """The side laying or holding the siege, as the log shows it (None: not known)."""
    turn: str | None = None
    garrison: tuple[tuple[str, int], ...] = ()
    """(unit kind, SP) of the besieged side's SP counters in the Area before the step."""
    besiegers: tuple[tuple[str, int], ...] = ()
    """(unit kind, SP) of the besieging side's SP counters in the Area before the step."""
    surrendered: int = 0
    """Besieged SPs put on the Turn Track in the step (AaM 4.7.5)."""
    besieger_removed: int = 0
    """Besieging SPs that left the Area for no Area in the step (losses)."""
    dice: tuple[tuple[str, int], ...] = ()
    """(side, die) of the last unused 1d6 of each side: the final assault's rolls."""


@dataclass(frozen=True, slots=True, kw_only=True)
class FortMarked(Action):
    """A fort marker placed, flipped or removed, or a Destroyed Fort marker placed or
    removed, in an Area (AaM 4.1, 4.7.5, 4.7.6b, 4.8). `before` and `after` are `build`,
    `fort`, `destroyed` or None (none there)."""

    area: str
    before: str | None
    after: str | None
    owner: str | None
    """The fort marker's side (None: a Destroyed Fort marker)."""


@dataclass(frozen=True, slots=True)
class SiegeRecord:
    """A siege on the map as the log showed it laid or flipped (AaM 4.3.1, 4.7.3)."""

    area: str
    besieger: str | None
    level: int
    since: tuple[str | None, str | None]
    """The (turn, phase) the marker took its level (None: at set-up)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SiegeEntered(Action):
    """A force moved into an Area under siege (a relief force, AaM 4.4, or besiegers
    coming and going, 4.3.2, 4.6)."""

    area: str
    turn: str | None


@dataclass(frozen=True, slots=True, kw_only=True)
class SiegeSurrendered(Action):
    """Besieged SPs put on the Turn Track from an Area under siege: a surrender
    (AaM 4.7.5), seen at the step that moves them."""

    area: str
    level: int
    """The Siege marker's level there before the step."""
    besieger: str | None
    turn: str | None
    garrison: tuple[tuple[str, int], ...]
    """(unit kind, SP) of the besieged side's SP counters in the Area before the step."""
    besiegers: tuple[tuple[str, int], ...]
    surrendered: int
    besieger_removed: int
    surrendered_sp: tuple[tuple[str, int], ...] = ()
    """(unit kind, SP) of the counters put on the Turn Track."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SiegeLosses(Action):
    """SPs of one side taken off the map from an Area in a Siege Resolution Phase, in a
    step that neither removes a Siege marker nor surrenders: a surrender's or a break's
    loss taken after it (AaM 4.7.5, 4.7.6a)."""

    area: str
    sp: int
    turn: str | None


# combat


@dataclass(frozen=True, slots=True, kw_only=True)
class BattleSide:
    """One side's force in a battle's Area: its SP counters, leaders and baggage trains."""

    side: str
    sp: tuple[tuple[str, int], ...] = ()
    """(unit kind, SP) of each SP counter."""
    leaders: tuple[str, ...] = ()
    trains: int = 0
    pieces: tuple[str, ...] = ()

    @property
    def strength(self) -> int:
        """The force's SPs."""
        return sum(value for _, value in self.sp)


@dataclass(frozen=True, slots=True, kw_only=True)
class BattleJoined(Action):
    """A force entered an Area holding enemy SPs (AaM 10.3): the mover is the attacker (a
    reacting force too, AaM 11.2). `side` is the attacker's."""

    area: str
    attacker: BattleSide
    defender: BattleSide
    siege: bool = False
    """A siege marker is in the Area (the defender may be inside its walls)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class LossTaken(Action):
    """SPs, leaders or baggage trains of one side taken out of a battle's Area in one step
    (an SP counter replaced by a smaller one is a loss of the difference). `side` is the
    side that lost them."""

    area: str
    lost: tuple[tuple[str, int], ...] = ()
    """(unit kind, net SP lost)."""
    leaders: tuple[str, ...] = ()
    trains: int = 0
    pieces: tuple[str, ...] = ()

    @property
    def strength(self) -> int:
        """The SPs lost."""
        return sum(value for _, value in self.lost)


@dataclass(frozen=True, slots=True, kw_only=True)
class Retreated(Action):
    """A side's pieces leaving a battle's Area: a retreat before combat (AaM 11.3) or the
    loser's retreat after it (AaM 11.4). No endeavor of its own."""

    area: str
    destination: str
    path: tuple[str, ...] = ()
    pieces: tuple[str, ...] = ()
    leaders: tuple[str, ...] = ()
    sp: tuple[tuple[str, int], ...] = ()
    trains: int = 0
    before_combat: bool = False

    @property
    def strength(self) -> int:
        """The SPs that retreated."""
        return sum(value for _, value in self.sp)


@dataclass(frozen=True, slots=True, kw_only=True)
class BattleEnded(Action):
    """Everything the log showed of one battle, read when the next endeavor, phase or turn
    begins. `side` is the attacker's."""

    joined: BattleJoined
    rolls: tuple[tuple[str, int, tuple[int, ...]], ...] = ()
    """(side, step, dice) of every roll after the battle began, in order."""
    losses: tuple[LossTaken, ...] = ()
    retreats: tuple[Retreated, ...] = ()
    moved_on: tuple[ForceMoved, ...] = ()
    """Moves out of the Area by the side that did not retreat, after the combat."""
    left: tuple[BattleSide, ...] = ()
    """Each side's pieces in the Area at the battle's last step."""
    major_victory: str | None = None
    """The side the Major Victory marker showed at the battle's last step (None: none)."""
    last_step: int = 0
    marker_turned: tuple[tuple[int, str], ...] = ()
    """(step, side) each time the Major Victory marker changed side during the battle."""
    bayonets: int | None = None
    """The step of a chat line declaring fixed bayonets before the combat (AaM 11.2.1)."""

    def lost(self, side: str) -> int:
        """The SPs a side lost in the battle."""
        return sum(loss.strength for loss in self.losses if loss.side == side)

    @property
    def fought(self) -> bool:
        """Whether combat was resolved: both sides rolled, or the attacker lost SPs."""
        sides = {side for side, _, _ in self.rolls}
        attacker, defender = self.joined.attacker.side, self.joined.defender.side
        return {attacker, defender} <= sides or self.lost(attacker) > 0

    @property
    def before_combat(self) -> bool:
        """Whether the defender retreated before combat (AaM 11.3)."""
        return any(r.before_combat for r in self.retreats)

    @property
    def loser(self) -> str | None:
        """The side that retreated after combat, else the side left with nothing in the
        Area (None: not shown)."""
        for retreat in self.retreats:
            if not retreat.before_combat and retreat.side is not None:
                return retreat.side
        remaining = {force.side for force in self.left if force.strength > 0}
        sides = (self.joined.attacker.side, self.joined.defender.side)
        if len(remaining) == 1:
            (held,) = remaining
            return sides[1] if held == sides[0] else sides[0]
        return None


# prisoners (AaM 15)


@dataclass(frozen=True, slots=True, kw_only=True)
class Boxed(Action):
    """One piece put into a POW box, taken out of one onto the map, or taken off the At Sea
    box (AaM 15.1-15.4, 14.1.6): `read_prisoners.py`."""

    piece: str
    kind: str
    """The entity's kind: `sp`, `leader`..."""
    key: str
    """Its unit kind or leader id."""
    value: int
    origin: str
    """Where it was (`box:at_sea`, `space:P20`...; empty: a new counter)."""
    destination: str
    """Where it went (empty: deleted)."""
    area: str | None = None
    """The Area it left or entered, if either end is one."""


# the French Intervention marker on the Turn Record Track (AaM 11.5.3, 11.5.4, 14.1)


@dataclass(frozen=True, slots=True, kw_only=True)
class FiMoved(Action):
    """The French Intervention marker moved to, from or along the Turn Record Track's
    month boxes (`track:turn_1778_10`): `read_track.py`."""

    piece: str
    origin: str | None
    """The turn it stood on (`1778-10`; None: not on a month box)."""
    destination: str | None
    """The turn it went to (None: off the month boxes)."""


# the POW SP tracks (AaM 15.1, 15.3, 15.4)


@dataclass(frozen=True, slots=True, kw_only=True)
class PowTotals(Action):
    """The SP totals of the two POW SP boxes (`box:pow_<side>`, the prisoners OF that side)
    when an Attrition or Reinforcement Phase began and when it ended: `read_pow.py`."""

    phase: str
    before: tuple[tuple[str, int], ...]
    """(side, SPs) in each side's POW box when the phase began."""
    after: tuple[tuple[str, int], ...]
    """(side, SPs) when it ended."""
    changed: int | None = None
    """The last step of the phase that changed a POW box (None: none did)."""
