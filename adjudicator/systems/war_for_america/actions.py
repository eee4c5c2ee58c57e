"""The typed actions of War for America: what interpretation makes of the log's steps.

The interpreter turns each VASSAL step into these (a card left a hand, a force crossed a
transit line, both players rolled a D6 for initiative …); `procedure.Sequencer` places each
in the sequence of play (phase, Action Round, Action Pulse, or `unknown` with why) and the
`rules/` modules judge them. Every action carries the step and the side (`"british"` or
`"colonial"`, WfA 2.0: "Colonial" = "American"); the side is None when the log does not
say who acted. Pieces are named by the binding's entity ids; spaces by space ids.

Actions record what the log shows, never a verdict: a `ForceMoved` is a move whether or not
it was legal, and a roll's value is the dice as rolled.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Final

from adjudicator.systems.common.actions import Action, CardPlay, PhaseChange, Roll
from adjudicator.systems.war_for_america.sides import BRITISH, COLONIAL, SIDES

if TYPE_CHECKING:
    from adjudicator.systems.war_for_america.state import Holding

ARNOLD: Final = "arnold"
"""Benedict Arnold, "the only leader who defects to the British" (WfA 11.13, 19.13)."""
LEADER_POOL: Final = "leader_pool"
"""`LeaderPlaced.origin` for a leader taken from his side's Leader Pool Box (WfA 11.1: it
costs the AP)."""


TURN_TRACK_PREFIXES: Final = ("year_", "season_", "turn_")
"""How the binding names the boxes of the Turn Record Track, where a beaten fleet is
repaired (WfA 15.7-15.8)."""


def on_turn_track(key: str | None) -> bool:
    """Whether a place key is a box of the Turn Record Track (a fleet there is repaired).

    >>> on_turn_track("season_fall"), on_turn_track("halifax")
    (True, False)
    """
    return key is not None and key.startswith(TURN_TRACK_PREFIXES)


def opponent(side: str) -> str:
    """The other side.

    >>> opponent("british")
    'colonial'
    """
    if side not in SIDES:
        raise ValueError(f"not a War for America side: {side!r}")
    return COLONIAL if side == BRITISH else BRITISH


# --- Turn, season, round and Action Point markers ---------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnMarkerMoved(Action):
    """The Year or Seasonal marker moved on the Turn Record Tracks (WfA 3.1, 6.0; advanced in
    the Administration Phase, 7.0 Step 4). `year`/`season` are where it now stands (None:
    that marker did not move or its box is unknown)."""

    year: int | None = None
    season: str | None = None
    """A season id of the calendar (`procedure.Calendar`)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ApMarkerMoved(Action):
    """A side's AP marker moved on the AP Track (WfA 6.1, 12.2: down one box per AP taken)."""

    before: int | None
    after: int | None


@dataclass(frozen=True, slots=True, kw_only=True)
class TransportTrackMoved(Action):
    """The marker of the British Transport Track moved (WfA 14.10: "The British Transport
    Track printed on the map is used to keep track of transport expenditure")."""

    before: int | None
    after: int | None


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundMarkerMoved(Action):
    """An Action Round marker placed or moved on the Action Track (WfA 9.2): it records who
    moves in a round. `round` is the round's box (None: unknown); `mover` the side the
    marker shows (None: not shown)."""

    round: int | None = None
    mover: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class PwChanged(Action):
    """A Political Will marker moved (WfA 5.0: 15 boxes, 0 loses; never above 15). `side`
    is the marker's side, which need not be the player who moved it."""

    before: int | None
    after: int | None
    cause: str | None = None
    """What the log or a rule names as the cause (an event, a Major Victory, …)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class AdministrationStep(Action):
    """A step of the Administration Phase the log shows (WfA 7.0 Step 4): `victory_check`
    (4.0) or `markers_advanced`."""

    kind: str


# --- Initiative ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class InitiativeDie(Action):
    """One player's D6 for the initiative (WfA 6.5, 7.0 Step 2, 9.1): the procedure pairs
    the two sides' dice of a round; `side` must be set (a die of no known side cannot be
    paired)."""

    value: int


# --- Cards ---------------------------------------------------------------------------------


class CardUse(StrEnum):
    """What a card left its hand for (WfA 9.9, 20.4–20.12)."""

    ACTION = "action"
    """Played for its text in its owner's own AP (9.9: "like having an extra AP")."""
    EVENT = "event"
    """An event resolved on being played (a PW event, 5.1–5.2)."""
    DEFENSIVE = "defensive"
    """One of the six defensive cards, playable in the opponent's AP (20.12)."""
    DISCARD = "discard"
    """Discarded down to three (20.5, 20.7) or in the Early Spring rebuild (20.10)."""
    REJECTED = "rejected"
    """An enemy-flag card offered and rejected (20.8)."""
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionCardPlayed(CardPlay):
    """An Action Card left a hand (WfA 9.9, 20.0): the card, what for, and its printed
    number when the data knows it (the defensive cards are #25, 41, 46, 47, 48, 49)."""

    use: CardUse = CardUse.UNKNOWN
    number: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class CardDrawn(Action):
    """A card went from the Draw Deck to a hand (WfA 6.2, 7.0, 20.4, 20.9, 20.10)."""

    card: str
    why: str = ""
    """`deal`, `initiative tie`, `refill`, `redraw` (after an enemy flag) or ``."""


@dataclass(frozen=True, slots=True, kw_only=True)
class CardOffered(Action):
    """An enemy-flag card offered to the opponent (WfA 20.6–20.9); `side` is the drawer's.
    `accepted` is None while the log does not show the answer."""

    card: str
    accepted: bool | None = None


# --- The Action Pulse ---------------------------------------------------------------------


class Activation(StrEnum):
    """The one main action an AP spends (WfA 9.3–9.6, 11.1, 11.20, 12.2–12.9, 17.6)."""

    MOVE = "move"
    """Move one force from one space (9.3, 12.2–12.8)."""
    MUSTER = "muster"
    """Leader Muster Action (9.4, 12.9)."""
    LEADER_FROM_POOL = "leader_from_pool"
    """A leader placed from the Leader Pool on friendly SP (11.1)."""
    CREATE_ARMY = "create_army"
    """Create an army (11.20): expends the pulse."""
    BUILD_FORT = "build_fort"
    """Roll for movement to build a fort (17.6: needs 4 MP)."""
    SIEGE = "siege"
    """The army's activation roll to place a Siege Marker (12.18, 17.13)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Pass(Action):
    """A player passed on his AP and so forfeits it (WfA 9.6)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Rallied(Action):
    """A 'D' marker removed from a friendly force, free, at the start of its owner's AP
    (WfA 13.2)."""

    space: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ForceActivated(Action):
    """The AP's main action declared: which force, from which space, under which leader,
    and the activation/movement die (WfA 12.2: D6 − 2; 12.6–12.7: D6 ≤ command ⇒ full MP,
    else 2; 12.1: leader alone D6 + 2; 11.10: Washington's 6 re-rolled)."""

    kind: Activation
    space: str
    leader: str | None = None
    units: tuple[str, ...] = ()
    sp: int | None = None
    destination: str | None = None
    """The destination declared before the roll (12.2, 12.4), when the log shows it."""
    rolls: tuple[int, ...] = ()
    """The D6 rolled for it, in order (Washington's re-roll gives two)."""
    mp: int | None = None
    """Movement points the roll gave, as the interpreter or the players stated them."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ForceMoved(Action):
    """The activated force crossed from one space to the next (WfA 12.0: each transit line
    costs per the Terrain Effects Chart)."""

    origin: str
    destination: str
    units: tuple[str, ...]
    sp: int | None = None
    leader: str | None = None
    water: bool = False
    """Along a continuous water connection (12.1*: the +1 MP bonus)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PickedUp(Action):
    """Units joined the moving force on its route (WfA 9.3, 12.8: only a force with a
    leader may pick up)."""

    space: str
    units: tuple[str, ...]
    sp: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class DroppedOff(Action):
    """Units left the moving force on a space it passed (WfA 9.3, 12.3, 12.8)."""

    space: str
    units: tuple[str, ...]
    sp: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class EnemyEntered(Action):
    """The moving force entered a space holding enemy SP (WfA 9.5, 12.10, 12.13–12.17)."""

    space: str
    sp: int | None = None
    enemy_sp: int | None = None
    key: bool | None = None
    """A control/key space (combat optional, 12.15) or not (compulsory, 12.17); None:
    the data does not say."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RetreatBeforeCombat(Action):
    """The non-moving force's retreat before combat (WfA 12.10–12.12; a free action, 9.10):
    its D6 and, if it left, where to. `side` is the retreating side."""

    origin: str
    destination: str | None
    roll: int | None = None
    units: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Overrun(Action):
    """A moving force at 8:1 or better removed the stationary force without combat
    (WfA 12.13–12.14); the mover may continue. `side` is the mover's."""

    space: str
    sp: int | None = None
    enemy_sp: int | None = None
    removed: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Combat(Action):
    """A land battle (WfA 13.0): `side` attacks. Both players' D12 (2d6) rolls and what
    the log shows of the result; the losses and retreats follow as their own actions."""

    space: str
    attacker_sp: int | None = None
    defender_sp: int | None = None
    attacker_roll: int | None = None
    defender_roll: int | None = None
    by_defender: bool = False
    """The non-moving player's attack after the mover declined on a key space (12.16)."""
    initiative_roll: int | None = None
    """With `by_defender`: his leader's initiative D6, rolled after he said he attacks
    (12.16: "He must roll for his leader's initiative"); None when the log shows none."""
    winner: str | None = None
    entered_from: str | None = None
    """The space the attacking force last moved from into the battle's space (the attacker
    retreats there, the defender may not, WfA 13.3); None when the log does not show it."""
    six_nations: tuple[int, int] | None = (0, 0)
    """The Six Nations SP on the battle space that fight for the attacker and for the
    defender (WfA 13.0 Step 3: "Each player adds up all his SP"; 11.2: red, orange and
    dark blue leaders command them; a tribe's side is the Six Nations Card's): those that
    came in with the attacking force are its; None when the log does not show whose some
    are (they stood on the space before the battle)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class LossTaken(Action):
    """SP removed from a space in combat, siege, surrender or winter (WfA 13.0 Step 8,
    13.4, 13.8, 18.4, 18.7). `cause`: `combat`, `retreat`, `surrender`, `attrition`,
    `quartering`, `overrun` or ``."""

    space: str
    units: tuple[str, ...] = ()
    sp: int | None = None
    cause: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Retreated(Action):
    """A beaten force moved back one space and took a 'D' marker (WfA 13.0 Step 9, 13.1–
    13.3, 13.5–13.7)."""

    origin: str
    destination: str
    units: tuple[str, ...] = ()
    by_sea: bool = False
    attacker: bool | None = None
    """Whether the retreating side attacked in the battle (True: it goes back to the space
    it entered from, 13.3; a tie or a loss, 13.0 Step 7) or defended (False: the winner
    made it retreat); None when the log does not show a battle there."""
    entered_from: str | None = None
    """The space the attacker last moved from into the battle's space (13.3: the attacker
    must retreat there, the defender may not); None when the log does not show it."""
    cancelled: bool = False
    """The attacker went back before any battle die with the defender still there: the
    retreat of an attack cancelled below 1:3 (13.0 Steps 2-3), no move of the force."""


@dataclass(frozen=True, slots=True, kw_only=True)
class BattleLosses(Action):
    """A land battle's SP, side by side, when the battle is over (WfA 13.0 Step 8: the
    order of SP removal, Six Nations, then regulars, then Loyalists or militia; the French
    sharing losses with the Colonials). `side` attacked. `before` is every SP at the
    battle's space and on the Army Cards of armies there when the D12s were rolled,
    (nation, SP); `removed` what went out of play there from the dice until the battle
    ended (a retreat, a surrender, the next AP or force). A surrendered force's SP are in
    `removed` too (`surrendered` names its side), so that side's loss order is not shown."""

    space: str
    before: tuple[tuple[str, int], ...] = ()
    removed: tuple[tuple[str, int], ...] = ()
    retreated: str | None = None
    """The side whose force retreated from the space after the dice (the loser, or the
    attacker after a tie, 13.0 Steps 7 and 9); None when none did."""
    surrendered: str | None = None
    combat: Combat | None = field(default=None, compare=False)
    """The battle's `Combat` (its two D12s), to judge the winner the log shows by who gave
    way (WfA 13.0 Steps 7, 9); a view of the battle, not part of its losses."""
    position: Holding | None = field(default=None, compare=False)
    """The battle space, with the Army Cards of armies there, when the D12s were rolled."""
    losses: tuple[tuple[str, int, int], ...] = field(default=(), compare=False)
    """(side, step, SP) of each step in which a side lost SP there, in order (the step
    whose loss took a side past its battle table result, WfA 13.0 Step 6); Six Nations SP,
    of either side (WfA 11.2), under `six_nations`."""

    def before_of(self, side: str, sides: Mapping[str, str | None]) -> dict[str, int]:
        """One side's SP by nation before the battle (`sides`: nation → side)."""
        return {nation: sp for nation, sp in self.before if sides.get(nation) == side}

    def removed_of(self, side: str, sides: Mapping[str, str | None]) -> dict[str, int]:
        """One side's SP removed, by nation (`sides`: nation → side)."""
        return {nation: sp for nation, sp in self.removed if sides.get(nation) == side}


@dataclass(frozen=True, slots=True, kw_only=True)
class DMarkerPlaced(Action):
    """A 'D' (disrupted) marker put on a force (WfA 13.1: a retreating force "is marked
    with a 'D' marker"); `side` is the marked force's when the log shows it."""

    space: str


@dataclass(frozen=True, slots=True, kw_only=True)
class MilitiaRaisedMarked(Action):
    """A Militia Raised counter placed on a space (WfA 10.7-10.8: the Region's militia has
    been raised by the Regional triggering, "never to be repeated")."""

    space: str


@dataclass(frozen=True, slots=True, kw_only=True)
class MajorVictoryMarked(Action):
    """A Major Victory marker placed (WfA 13.10: "A marker, corresponding to the flag of
    the victor, is placed on the TRT in the same turn"); `side` is the victor's flag.
    `place` is where it was put (a track box or a space id)."""

    place: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Surrendered(Action):
    """A force with no legal retreat removed from play (WfA 13.4, 13.9); 5 SP of regulars
    or more is a Major Victory for the other side."""

    space: str
    units: tuple[str, ...] = ()
    regular_sp: int | None = None
    """The regular SP the surrender removed (digest §8 A-15); None when the log does not
    set them apart from the battle's losses removed with them."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SiegeAttempt(Action):
    """A siege: the army's activation roll placing the Siege Marker, and/or a roll on the
    Siege Table (WfA 12.18, 17.13–17.16; both free actions, 9.10)."""

    space: str
    activation_roll: int | None = None
    table_roll: int | None = None
    marker_placed: bool | None = None
    surrendered: bool | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class FortBuilt(Action):
    """A fort counter placed on its 'Build' side, or flipped to its fort side (completing a
    fort already on 'Build' is free, 9.10) (WfA 17.5–17.9)."""

    space: str
    completed: bool = False
    roll: int | None = None
    """The movement D6 rolled for the build (17.6: the SP must get 4 MP), when the log
    shows one rolled by the builder since his last action."""


@dataclass(frozen=True, slots=True, kw_only=True)
class FortRolled(Action):
    """The movement D6 of a fort's build rolled after its 'Build' counter was placed (WfA
    17.6: "by utilizing an AP and rolling for movement. If the SP get at least '4' MP, a
    fort counter on its 'Build' side is placed"): the log wrote the placement first."""

    space: str
    roll: int
    placed: int
    """The step the 'Build' counter was placed in."""


@dataclass(frozen=True, slots=True, kw_only=True)
class EntrenchmentBuilt(Action):
    """An entrenchment counter placed (WfA 17.10–17.12: 2 MP)."""

    space: str


@dataclass(frozen=True, slots=True, kw_only=True)
class MagazinePlaced(Action):
    """A magazine placed on the map (WfA 16.10–16.12: Early Spring, British first)."""

    space: str


@dataclass(frozen=True, slots=True, kw_only=True)
class MagazineRemoved(Action):
    """A magazine removed: voluntarily during its owner's AP, captured (flipped), or at the
    end of every Winter Turn (WfA 16.13, 18.9)."""

    space: str
    captured: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class LeaderMustered(Action):
    """A Leader Muster Action's result: SP pulled from adjacent spaces into the leader's
    (WfA 9.4, 12.9). `pulled` is (origin space, SP) per space."""

    leader: str
    space: str
    pulled: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class LeaderPlaced(Action):
    """A leader came onto the map from the Leader Pool (AP cost, WfA 11.1), from the
    Europe Box, from the STRT, or as a reinforcement (8.1–8.3, 11.15). `origin` is the box
    (`LEADER_POOL` for the Leader Pool Box)."""

    leader: str
    space: str
    origin: str


@dataclass(frozen=True, slots=True, kw_only=True)
class LeaderExchanged(Action):
    """A leader taken off a map space where his side has no SP left, into a Leader Pool
    Box or out of play: the prisoner exchange of a leader whose force surrendered or was
    destroyed (WfA 19.14, 12.13). `destination` is the box (None: deleted from the map);
    `roll` the side's last unused D6, the exchange roll (None: none was seen)."""

    leader: str
    space: str
    destination: str | None
    roll: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class LeaderTransferred(Action):
    """Leaders moved alone in the Reinforcement Phase (WfA 8.1): a transfer, not an AP's
    move. The sequencer reads a leaders-only `ForceMoved` as this in that phase
    (`procedure.Sequencer`); `certain` is False when the log never showed initiative dice,
    so that the move may as well have been the first AP of the Action Cycle."""

    origin: str
    destination: str
    leaders: tuple[str, ...]
    certain: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class ArnoldDefected(Action):
    """Benedict Arnold's counter taken by the British player and placed with British SP
    (WfA 11.13, 19.13): his treason. `roll` is the British D12 rolled for it, when the log
    shows one no battle, fleet combat or siege used."""

    origin: str | None
    destination: str
    roll: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class TacticalCommanderPlaced(Action):
    """A Tactical Commander (small unit leader) came into play on a space or an Army Card
    (WfA 11.26: "through the use of an Action Card"); `origin` is the box it came from
    (None: new from the counter mix)."""

    nation: str
    place: str
    origin: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ArmyCreated(Action):
    """An army marker placed and its units moved to the Army Card (WfA 11.17–11.25)."""

    army: str
    space: str
    leader: str | None = None
    replaces: str | None = None
    """The army of the same side taken off this space in the same step: no creation but
    the replacement of an army that moved out of its Region (11.23)."""


# --- Free actions, naval, raising --------------------------------------------------------


class FreeKind(StrEnum):
    """The twelve free actions of WfA 9.10, outside the AP system."""

    EUROPE_BOX = "europe_box"
    NAVAL_TRANSPORT = "naval_transport"
    FLEETS_AND_LAKE_NAVIES = "fleets_and_lake_navies"
    RETREAT_BEFORE_COMBAT = "retreat_before_combat"
    SIEGE_ACTIVATION = "siege_activation"
    SIEGE_TABLE = "siege_table"
    FORT_COMPLETION = "fort_completion"
    LOYALIST_CHIT = "loyalist_chit"
    BRITISH_WITHDRAWAL = "british_withdrawal"
    SIX_NATIONS = "six_nations"
    WINTER_FLEET_WITHDRAWAL = "winter_fleet_withdrawal"
    CARIBBEAN_FLEET_WITHDRAWAL = "caribbean_fleet_withdrawal"


@dataclass(frozen=True, slots=True, kw_only=True)
class FreeAction(Action):
    """A free action (WfA 9.10) that has no more specific action type: Europe Box moves,
    a Loyalist chit, British Withdrawal, activated Six Nations units."""

    kind: FreeKind
    origin: str | None = None
    destination: str | None = None
    units: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class FleetMoved(Action):
    """A fleet moved alone with its own D6 (WfA 14.2–14.5; free, 9.10); `forced` for the
    winter and Late Summer withdrawals (14.17–14.18, 14.22)."""

    fleet: str
    origin: str | None
    destination: str | None
    roll: int | None = None
    forced: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class LakeNavyMoved(Action):
    """A lake navy moved among Ticonderoga, Valcour and St. Jean (WfA 19.4, 19.6: free, not
    in Winter), or retreated from an enemy land unit (19.7)."""

    navy: str
    origin: str | None
    destination: str | None
    retreat: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class MortarMoved(Action):
    """Rochambeau's Siege Mortars moved from one map space to another (WfA 19.15-19.16:
    once landed "they can be moved only '1' space")."""

    origin: str
    destination: str


@dataclass(frozen=True, slots=True, kw_only=True)
class NavalTransport(Action):
    """Land SP carried by sea (WfA 8.5–8.11, 14.7–14.16): British Naval Transport is free
    (9.10); the Colonial one needs the card (14.16)."""

    origin: str | None
    destination: str | None
    units: tuple[str, ...] = ()
    sp: int | None = None
    roll: int | None = None
    reinforcement: bool = False
    """From the Europe Box as reinforcements (not counted on the Transport Track, 14.10)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class FleetCombat(Action):
    """Fleets fought (WfA 15.0–15.8; weather gauge D6 each, then the attacker's D12)."""

    place: str
    gauge_rolls: tuple[tuple[str, int], ...] = ()
    """(side, D6) for the weather gauge."""
    roll: int | None = None


class RaiseKind(StrEnum):
    """How new SP came onto the board (WfA 8.0, 10.0)."""

    REINFORCEMENT = "reinforcement"
    """From a Reinforcement Chart (8.1–8.4)."""
    CONTINENTAL_LEVY = "continental_levy"
    """Continentals from the CLT, Early Spring, 1776+ (10.2–10.5)."""
    MILITIA = "militia"
    """Militia from the LMMC (10.7–10.17)."""
    LOYALIST = "loyalist"
    """Loyalists from a chit (10.18–10.24)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class UnitsRaised(Action):
    """New SP placed on the map or in the Europe Box (WfA 7.0 Step 1, 8.0, 10.0)."""

    kind: RaiseKind
    place: str
    units: tuple[str, ...] = ()
    sp: int | None = None
    region: str | None = None
    roll: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class StartUnitsPlaced(Action):
    """More dotted start SP of a nation in play after the step than before it (WfA 10.6:
    start militia "if destroyed, never return to the game"): `sp` the increase, `places`
    where dotted counters were put."""

    nation: str
    sp: int
    places: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class WinterStep(Action):
    """A step of a Winter Turn after its two rounds (WfA 7.0 Winter, 18.3–18.11):
    `attrition`, `quartering`, `magazines_removed`, `six_nations_home`, `withdrawal`,
    `fleets_based`."""

    kind: str


__all__ = [
    "ARNOLD",
    "BRITISH",
    "COLONIAL",
    "LEADER_POOL",
    "SIDES",
    "TURN_TRACK_PREFIXES",
    "Action",
    "ActionCardPlayed",
    "Activation",
    "AdministrationStep",
    "ApMarkerMoved",
    "ArmyCreated",
    "ArnoldDefected",
    "BattleLosses",
    "CardDrawn",
    "CardOffered",
    "CardPlay",
    "CardUse",
    "Combat",
    "DMarkerPlaced",
    "DroppedOff",
    "EnemyEntered",
    "EntrenchmentBuilt",
    "FleetCombat",
    "FleetMoved",
    "ForceActivated",
    "ForceMoved",
    "FortBuilt",
    "FortRolled",
    "FreeAction",
    "FreeKind",
    "InitiativeDie",
    "LakeNavyMoved",
    "LeaderExchanged",
    "LeaderMustered",
    "LeaderPlaced",
    "LeaderTransferred",
    "LossTaken",
    "MagazinePlaced",
    "MagazineRemoved",
    "MajorVictoryMarked",
    "MilitiaRaisedMarked",
    "MortarMoved",
    "NavalTransport",
    "Overrun",
    "Pass",
    "PhaseChange",
    "PickedUp",
    "PwChanged",
    "RaiseKind",
    "Rallied",
    "RetreatBeforeCombat",
    "Retreated",
    "Roll",
    "RoundMarkerMoved",
    "SiegeAttempt",
    "StartUnitsPlaced",
    "Surrendered",
    "TacticalCommanderPlaced",
    "TransportTrackMoved",
    "TurnMarkerMoved",
    "UnitsRaised",
    "WinterStep",
    "on_turn_track",
    "opponent",
]
