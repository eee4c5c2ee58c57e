"""The American Revolution's actions: what its interpreter makes of the log's steps.

Every action a side takes within a phase is a `PhaseActed`, so the sequencer notes that
side acted there (the First Player acts in full before the Second, AR 5.1).
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.systems.common.actions import Action


@dataclass(frozen=True, slots=True, kw_only=True)
class PhaseActed(Action):
    """Something a side did in the phase (`side` is the side whose pieces it concerns)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class FirstPlayerShown(Action):
    """The log shows who is First Player this turn (the First Player marker, AR 8.0)."""

    first: str
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class PointsShown(Action):
    """A side's political points as the log's PP record shows them (AR 6.1)."""

    before: int | None
    after: int


@dataclass(frozen=True, slots=True, kw_only=True)
class DiceRolled(Action):
    """A roll of the step: its button and every die."""

    button: str
    dice: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class ForceMoved(PhaseActed):
    """Units and leaders moved together from one locale to another (AR 16): a force."""

    pieces: tuple[str, ...]
    """Their piece ids."""
    units: tuple[str, ...]
    """The formation id of each unit (`gb_regular`), one per unit."""
    leaders: tuple[str, ...]
    origin: str
    destination: str
    path: tuple[str, ...]
    """Every locale from the origin to the destination, both included."""
    die: int | None
    """The movement die rolled for it (AR 16.3), when the log shows one."""
    retreat: bool = False
    """It left a locale the enemy still holds: a retreat after battle (AR 18.8)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Raised(PhaseActed):
    """A unit or leader put into play (AR 13): from the palette, a pool, a box."""

    entity: str
    """`unit` or `leader`."""
    key: str
    """The formation or leader id."""
    locale: str
    origin: str | None
    """Where it came from (a place id such as `box:leader_pool_US`); None: the palette."""


@dataclass(frozen=True, slots=True, kw_only=True)
class UnitsRemoved(PhaseActed):
    """Units or leaders taken out of a locale (eliminated, to a pool, out of play)."""

    units: tuple[str, ...]
    leaders: tuple[str, ...]
    locale: str
    to: str | None
    """Where they went (a place id; None: deleted)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Disrupted(PhaseActed):
    """Units or leaders flipped to their disrupted side (or back) in a locale (AR 18.4)."""

    units: tuple[str, ...]
    leaders: tuple[str, ...]
    locale: str
    restored: bool = False
    """True: flipped back to their good side."""


@dataclass(frozen=True, slots=True, kw_only=True)
class MarkersDrawn(PhaseActed):
    """Campaign markers drawn from the pool into a hand (AR 7.1, 7.3)."""

    count: int
    bought: bool
    """Drawn in the Mobilization Phase: bought (AR 7.1(1))."""
    pool_left: int
    """How many the pool held after the draw."""


@dataclass(frozen=True, slots=True, kw_only=True)
class MarkersReturned(PhaseActed):
    """Campaign markers put back from a hand into the pool, unseen (AR 7.2)."""

    count: int
    held_before: int


@dataclass(frozen=True, slots=True, kw_only=True)
class MarkerPlayed(PhaseActed):
    """An action or tactics marker played face up (AR 7.7, 7.9)."""

    marker: str


@dataclass(frozen=True, slots=True, kw_only=True)
class MarkersCommitted(PhaseActed):
    """Markers revealed on a table: initiative (AR 8.1), or rabble rousing on the
    Revolutionary Progress, Balance of Power or a region's Loyalty table (AR 9.1)."""

    table: str
    """`initiative`, `rp`, `bop` or a colonial region id."""
    markers: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class TrackMoved(Action):
    """A track marker moved: Revolutionary Progress, Balance of Power, a Loyalty track."""

    track: str
    """`rp`, `bop` or `loyalty`."""
    region: str = ""
    before: int | None
    after: int | None


# --- map markers: fortress, siege (AR 28), partisan (AR 29), massacre (AR 37) ---------


@dataclass(frozen=True, slots=True, kw_only=True)
class MapMarkerPlaced(PhaseActed):
    """A map marker put into a locale: a partisan (`partisan`, key `US`/`GB`), a
    massacre (`massacre`), a fortress or a siege."""

    kind: str
    key: str
    locale: str
    origin: str | None = None
    """Where it came from (a place id, a locale when it moved); None: the palette."""


@dataclass(frozen=True, slots=True, kw_only=True)
class MapMarkerRemoved(PhaseActed):
    """A map marker taken out of a locale."""

    kind: str
    key: str
    locale: str
    to: str | None = None
    """Where it went (a place id; None: deleted)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class MapMarkerStranded(Action):
    """After this step a map marker stands where the rules no longer let it stay: a fortress
    with no land unit or leader (AR 28.4), a siege with no fortress or no two sides facing
    each other (AR 28.14)."""

    kind: str
    locale: str


@dataclass(frozen=True, slots=True, kw_only=True)
class FortressTaken(Action):
    """After this step a fortress locale holds only `side`'s land units and leaders where
    the other side's stood before: the other side's garrison is gone (AR 28.5)."""

    locale: str
    loser: str
    pieces: tuple[str, ...] = ()
    """The loser's pieces that left the locale in this step."""
    marched: bool = False
    """Some of them went to another locale (a retreat, a march out), not off the map."""


# --- Campaign markers after play, supply and the end of the turn (AR 7.7, 19-20, 5.1 VI-VII)


@dataclass(frozen=True, slots=True, kw_only=True)
class MarkerMoved(PhaseActed):
    """A campaign marker leaving the Played Markers zone (AR 7.7: to the pool, set aside,
    or the opponent's hand), passed from one hand to the other (Mutiny & Treason, AR 7.9),
    or put into a hand from outside the pool (a new counter)."""

    marker: str
    origin: str | None
    """Where it was (a place id; None: the palette)."""
    destination: str | None
    """Where it went (a place id; None: deleted)."""



# --- Battles (AR 17.2, 18, 21.3-21.4): read by read_battles.py ---------------------------


Holding = tuple[tuple[str, str, bool], ...]
"""Pieces of one side in a locale: (kind `unit`/`leader`, formation or leader id,
disrupted)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class BattleFought(Action):
    """A battle begins in a locale (AR 18.4): the attacker is the side whose Combat Phase
    it is (`side`); both forces as they stand."""

    locale: str
    attacker: Holding
    defender: Holding
    forced: bool
    """Some attacking unit or leader forced-marched into the locale this phase (AR 17.4)."""
    again: bool
    """A battle was already fought in this locale in this Combat Phase (AR 18.2)."""
    tactics: tuple[int, int] = (0, 0)
    """Tactics committed so far by the attacker and the defender (AR 18.4(1))."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TacticsCommitted(Action):
    """Campaign markers put in a side's Battle Box: Tactics committed (AR 18.4(1))."""

    locale: str | None
    markers: tuple[str, ...]
    committed: int
    """All markers the side has committed to this battle so far."""
    leaders: Holding
    """The side's leaders in the battle."""


@dataclass(frozen=True, slots=True, kw_only=True)
class InitiativeRolled(Action):
    """Both sides' initiative dice for a battle (AR 18.4(1)); a tie is rolled again."""

    locale: str | None
    us_die: int
    gb_die: int
    us_tactics: int
    gb_tactics: int


@dataclass(frozen=True, slots=True, kw_only=True)
class FireRound(Action):
    """A side's round of fire in a battle (AR 18.4(2)): `side` fires `dice`."""

    locale: str | None
    number: int
    """1 for the first round of the battle."""
    dice: tuple[int, ...]
    firers: Holding
    """The firing side's pieces in the locale (disrupted ones do not fire)."""
    target: Holding
    tactics_spent: int
    """Committed Tactics markers put back in the pool for this round (AR 18.5)."""
    tactics_left: int
    """Committed Tactics markers still in the Battle Box before this round."""
    previous: str | None
    """The side that fired the last round (None: none yet)."""
    initiative: str | None
    """The side whose initiative total was higher (round 1 only; None: not seen)."""
    target_broken: bool
    """Before this round, every unit of the target was eliminated or disrupted."""
    firer_broken: bool
    totals: tuple[int, int] | None = None
    """Frontier Warfare (AR 35.1): the (US, GB) initiative totals, die + Tactics committed,
    of the attempt that decided `initiative` (round 1 only; None: not seen)."""
    initiative_dice: tuple[int, int] | None = None
    """The (US, GB) initiative dice of that attempt (round 1 only; None: not seen)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class LossesTaken(Action):
    """Removals and flips a round's target took so far (AR 18.4(2), 18.7): `side` owns
    them. `closing`: the round is over (another round, a retreat or the battle's end)."""

    locale: str
    sixes: int
    fives: int
    fresh: int
    disrupted: int
    removed: int
    flipped: int
    roll_step: int
    closing: bool = False
    spared: tuple[int, int] = (0, 0)
    """The target's fleets (undisrupted, disrupted) when the firer had no fleet there: land
    units' fire does not affect fleets (AR 24.6(4))."""


@dataclass(frozen=True, slots=True, kw_only=True)
class BattleEnded(Action):
    """A battle is over (AR 18.4(4), 18.10): the victor (`side`), and how many enemy units
    and leaders each side eliminated (AR 18.11)."""

    locale: str
    loser: str | None
    eliminated_by_us: int
    eliminated_by_gb: int


@dataclass(frozen=True, slots=True, kw_only=True)
class BattleRetreat(Action):
    """A force left the locale of the battle it fought there (AR 18.8): its move, judged
    as a retreat. A move out of a locale the enemy holds with no battle there (a besieger
    lifting its siege, a garrison marching out with the honors of war) is not one."""

    move: ForceMoved


@dataclass(frozen=True, slots=True, kw_only=True)
class BattleDraw(Action):
    """Markers drawn after a battle (AR 7.1(2), 18.11): `side` drew `count`, and owed."""

    locale: str
    count: int
    drawn: int
    """All the side has drawn after this battle, this draw included."""
    owed: int
    victor: str | None
    victor_drawn: int
    victor_owed: int
    closing: bool = False
    """The battle's draws are over (the next battle, move or phase came)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class LeaderSurvival(Action):
    """A leader eliminated in battle and his survival die (AR 21.4): to the pool or out."""

    leader: str
    die: int | None
    place: str
    """Where the leader is now (a place id)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class AttritionRolled(Action):
    """Forced-march attrition (AR 17.2): `side` rolled for the force now in `locale`."""

    locale: str
    units: int
    """Combat units in the force that marched (leaders never roll, AR 21.5)."""
    dice: tuple[int, ...]
    fleets: int = 0
    """Fleets among `units`."""


@dataclass(frozen=True, slots=True, kw_only=True)
class AttritionLosses(Action):
    """Units and leaders removed from a force after its attrition roll (AR 17.2, 21.5)."""

    locale: str
    sixes: int | None
    """None: no attrition roll was seen."""
    units: int
    leaders: tuple[str, ...]
    closing: bool = False
    fleets_only: bool = False
    """The force that marched had no combat unit but fleets."""


@dataclass(frozen=True, slots=True, kw_only=True)
class CombatOwed(Action):
    """A side's Combat Phase is over (the other side moves, or the phase ends): the
    locales still holding both sides' pieces (AR 18.1), each with both sides' pieces."""

    locales: tuple[tuple[str, Holding, Holding], ...]
    """(locale, US pieces, GB pieces)."""
    forced: tuple[str, ...]
    """Locales a forced march of this side ended in this phase (AR 17.4)."""
    by_move: bool = False
    """The other side's move ended it (not the phase's end)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class LeadersTaken(Action):
    """Lone leaders (no unit of theirs with them) removed from a locale the enemy holds
    with no round of fire at them (AR 21.3)."""

    locale: str
    leaders: tuple[str, ...]


# --- Holding ground after a battle (AR 18.10)


@dataclass(frozen=True, slots=True, kw_only=True)
class GroundHeld(Action):
    """The side whose Combat Phase it is won a battle in `locale` (`side`): `left` is its
    move out of the locale before its next Movement Phase, None when it stayed there until
    its Combat Phase ended (AR 18.10)."""

    locale: str
    left: ForceMoved | None = None
