"""From logged steps to War for America actions (`actions`), read off the board.

`Interpreter.step` sees one step's relocations (pieces whose entity or place changed) and
its dice, reads them against the position *before* the step, applies them to the state
(`state.WfAState`) and returns the typed actions it recognised, in the order they happened:

- Track markers: the Year and Seasonal markers (`TurnMarkerMoved`, WfA 3.1), a side's AP
  marker (`ApMarkerMoved`, 12.2), the Action Round marker (`RoundMarkerMoved`, 9.2), a
  Political Will marker (`PwChanged`, 5.0).
- Cards: a card leaving a hand is an `ActionCardPlayed` (9.9, 20.0) — a discard when the
  hand held more than 3 (20.5, 20.7); defensive when it is one of the six defensive cards
  played by the side whose AP it is not (20.12); an enemy-flag card just drawn and sent to
  the discard pile before anything else is done was offered and rejected (`CardOffered`,
  20.8). A card going from the deck to a hand is a `CardDrawn` (6.2, 20.4).
- Dice: every roll is a `Roll`; the first D6 of each side after the Action Round marker
  moved, before anything else, is that side's `InitiativeDie` (6.5, 9.1); after a tie
  in 1775 (or with the year unseen) the next pair is the Turn 1 re-roll (6.5). Other D6s wait
  for the action that uses them: a force's activation takes its side's (Washington's
  re-rolled 6 gives two, 11.10), a fleet or a retreat before combat its side's last. A D12
  is two dice (WfA 2.0): the `2d6` button.
- Land units of one side leaving one space together for another are one force: the first
  leg of a force in an AP is its `ForceActivated` (with the D6 its side rolled just before,
  12.2-12.7), then `ForceMoved`; units left behind on a space the force passed are
  `DroppedOff`, units joining it `PickedUp` (12.8) unless they are change for counters it
  left there (no nation more SP going on than arrived: a drop-off, 12.3). Entering a
  space with enemy SP (those on the Army Card of an army there too, 11.21) is
  `EnemyEntered` (9.5, 12.10); the two sides' D12s that follow are the `Combat` there
  (13.0), the attacker being the side that entered and `entered_from` the space it came
  from (13.3) — or, on a key space the mover did not attack, the non-moving player once
  his chat line says he counter-attacks (`by_defender`, 12.16, 10.14); a space with only
  an enemy garrison opens a battle too (19.21). Six Nations SP that came in with the
  attacking force fight for it; any already on the space are of a side the log does not
  show (`Combat.six_nations`, 11.2, 13.0 Step 3). The non-moving player's 'pass' right
  after the entry declines a retreat before combat (12.10), not his AP (9.6), unless the
  mover's next AP follows at once. The defender's last SP there removed
  before any die is an `Overrun` (12.13-12.14). The defender leaving that space before the dice is a
  `RetreatBeforeCombat` (12.10-12.11, with the D6 it rolled; so are leaders alone on the
  space the moving force stands on, leaving it, 12.10), after them a `Retreated`
  (13.0 Step 9); so is the attacker leaving while the defender still holds the space
  (`attacker=True`: a tie or a loss). The battle is over at a retreat, the next force, AP
  or turn, or the log's end: its `BattleLosses` give each nation's SP before the dice and
  removed since (13.0 Step 8), with its `Combat` and the space as it was at the dice. A
  side's whole force there removed, not moved, is a `Surrendered` once the log says so —
  a chat line, or the victor's Major Victory marker placed (13.4, 13.9-13.10); without
  either it stays the battle's losses. After a Siege
  Table roll (a D12 with no battle or fleet combat open, by the side besieging the one
  space with a Siege Marker: a `SiegeAttempt`, 17.14) the besieged force removed is a
  `Surrendered`. Such a D12 of the besieged side in its own AP is its attack on the
  besieging army, the first of that battle's dice (17.15).
- SP of one side dragged in one step from two or more spaces onto a space where a
  friendly leader stays are a Leader Muster (`ForceActivated` of kind `muster` and
  `LeaderMustered`, 9.4, 12.9); so is a second group of SP alone pulled one space onto the
  leader whom the AP's first such group joined (that first group was read as a move: the
  log cannot tell them apart until the second comes), each time with every pull so far.
  British SP moved in a Winter Turn from the 13 Colonies or Canada to a British Caribbean
  possession are the British Withdrawal (`FreeAction`, 13.14); Six Nations SP off the Six
  Nations Card, or moving alone where no enemy stands, are a `FreeAction` too (9.10).
- SP counters put on or taken off a place: per nation and place the net change, so making
  change (a 5 for a 2 and a 3) is neither a loss nor a levy: a net loss on a space is
  `LossTaken` (13.0 Step 8), a net gain `UnitsRaised` (8.0, 10.0; its kind from the nation).
  SP sent to the Removed From Play box are a loss too.
- Europe Box: SP leaving it in one step for one space are one stack, a `NavalTransport`
  of reinforcements (8.5-8.11) with the side's last unused D6 as its MP roll (8.7: one per
  stack; none rolled, `roll` None); leaders leaving a Leader Pool or the Europe Box for
  the map are `LeaderPlaced` (11.1, 8.3); an army marker put on a space is `ArmyCreated`
  (11.20).
- Fleets and lake navies moving are `FleetMoved` (with the D6 just rolled, 14.2) and
  `LakeNavyMoved` (19.4); a fleet entering a place with an enemy fleet opens a fleet
  combat: each side's first D6 after it is its weather gauge, the next D12 the attacker's
  (`FleetCombat`, 15.5). A fleet moved to or from the Turn Record Track (repair, 15.7-15.8),
  out of the port where fleets met into its OBZ (15.1 Option 2), or away from a fleet
  combat just fought (19.32-19.33) is `forced`: no D6, no AP. A lake navy leaving a space
  where enemy SP stand retreats (19.7).
- The British Transport Track marker moved is a `TransportTrackMoved` (14.10).
- By sea: a land force's leg to or from a sea area, and British SP (14.7) or French,
  Spanish and Dutch SP (14.13, 19.30) between coastal spaces no land line joins on a map
  the data knows whole, are a `NavalTransport`, not a force's move; a landing on enemy SP
  is `EnemyEntered` (an amphibious attack). A retreat over water is `by_sea` (13.5-13.6).
- Forts, entrenchments, magazines and siege markers placed, flipped or removed are
  `FortBuilt` (a new build with the builder's movement D6 rolled before it, 17.6; a D6
  of the builder written after the placement, in the same AP, is its `FortRolled`),
  `EntrenchmentBuilt`,
  `MagazinePlaced`/`MagazineRemoved`, `SiegeAttempt`; a 'D' marker placed is a
  `DMarkerPlaced` (13.1), removed a `Rallied` (13.2); a Major Victory marker placed a
  `MajorVictoryMarked` (13.10); a Loyalist chit put in an Expended Loyalist Box a
  `FreeAction` (10.18-10.21). An enemy-flag card passed from one hand to the other is a
  `CardOffered` and accepted (20.6-20.7).
- Arnold's counter moved by the British player onto British SP is his treason
  (`ArnoldDefected`, with the last British D12 nothing else used, 19.13); he is British
  from then on. A Tactical Commander coming into play is `TacticalCommanderPlaced` (11.26);
  more dotted start SP in play than before the step is `StartUnitsPlaced` (10.6).
- A chat line announcing the Administration Phase ("Administration" at the start of the
  line, "check for victory") is an `AdministrationStep` (7.0 Step 4).

SP lost off an Army Card are lost where its army stands (11.21). What the log cannot show
stays unknown: a force's whole removal without a word is not called a surrender, Winter
losses are attrition or quartering only after a chat line announces that step, and a
muster from one space alone is a move.
- End-of-winter steps: in a Winter Turn a chat line announcing Continental attrition or
  Winter Quartering ("attrition", "quartering", "WQ") is a `WinterStep` (WfA 18.3-18.10);
  until the next turn or round, Continental SP lost in the attrition step are
  `LossTaken(cause="attrition")`, SP lost in the quartering step `cause="quartering"`.

What the interpreter carries from step to step (`Reading`) is an immutable value, so undo
goes back to it by reference.
"""

from __future__ import annotations

import copy
import itertools
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from adjudicator.replay import Step
from adjudicator.systems.common.actions import Action, Roll
from adjudicator.systems.common.places import Place, PlaceKind, box
from adjudicator.systems.common.steps import (
    Cue,
    DiceQueue,
    Rolled,
    StepReader,
    StepView,
    current,
    key_of,
    net_change,
    on_map,
    track_box,
)
from adjudicator.systems.common.tracker import Relocation
from adjudicator.systems.common.values import evolve
from adjudicator.systems.war_for_america.actions import (
    ARNOLD,
    BRITISH,
    COLONIAL,
    LEADER_POOL,
    SIDES,
    ActionCardPlayed,
    Activation,
    AdministrationStep,
    ApMarkerMoved,
    ArmyCreated,
    ArnoldDefected,
    BattleLosses,
    CardDrawn,
    CardOffered,
    CardUse,
    Combat,
    DMarkerPlaced,
    DroppedOff,
    EnemyEntered,
    EntrenchmentBuilt,
    FleetCombat,
    FleetMoved,
    ForceActivated,
    ForceMoved,
    FortBuilt,
    FortRolled,
    FreeAction,
    FreeKind,
    InitiativeDie,
    LakeNavyMoved,
    LeaderExchanged,
    LeaderMustered,
    LeaderPlaced,
    LossTaken,
    MagazinePlaced,
    MagazineRemoved,
    MajorVictoryMarked,
    MilitiaRaisedMarked,
    MortarMoved,
    NavalTransport,
    Overrun,
    Pass,
    PickedUp,
    PwChanged,
    RaiseKind,
    Rallied,
    RetreatBeforeCombat,
    Retreated,
    RoundMarkerMoved,
    SiegeAttempt,
    StartUnitsPlaced,
    Surrendered,
    TacticalCommanderPlaced,
    TransportTrackMoved,
    TurnMarkerMoved,
    UnitsRaised,
    WinterStep,
    on_turn_track,
    opponent,
)
from adjudicator.systems.war_for_america.data.vocabulary import HAND_LIMIT
from adjudicator.systems.war_for_america.procedure import FIRST_YEAR
from adjudicator.systems.war_for_america.state import (
    ARMY_BOX_PREFIX,
    ARMY_SIDE,
    EUROPE,
    FLEET_CARRIED,
    NATION_SIDE,
    REGULAR_NATIONS,
    REMOVED,
    SIX_NATIONS,
    START,
    TC,
    Entity,
    Holding,
    WfAState,
)

D6_BUTTONS = frozenset({"1d6", "d6", "D6"})
D12_BUTTONS = frozenset({"2d6", "d12", "D12"})
"""Dice buttons by name: a D12 is two six-sided dice (WfA 2.0)."""
LAND_KINDS = frozenset({"sp", "leader", "army", "garrison"})
"""Pieces that move by land as (part of) a force (WfA 9.3, 12.0)."""
RAISE_KIND: Mapping[str, RaiseKind] = {
    "continental": RaiseKind.CONTINENTAL_LEVY, "militia": RaiseKind.MILITIA,
    "loyalist": RaiseKind.LOYALIST}
"""How new SP of a nation came (WfA 10.2, 10.7, 10.18); others are reinforcements (8.0)."""
PASS_WORDS = re.compile(
    r"^(?:(?:i|we)\s+)?(?:(?:the\s+)?(?:british|colonials?|americans?)\s+)?pass(?:es|ed)?"
    r"(?:\s+(?:on\s+)?(?:this|my|his|our|the|their)\s+(?:ap|action\s+pulse|pulse|turn))?"
    r"\s*[.!]*$", re.IGNORECASE)
"""A chat line that only says the player passes (WfA 9.6): "pass", "I pass", "British
passes", "Colonial passes this AP"; a line about something else that passes ("Washington
passes his activation roll") is not. Matched on what the player typed (`spoken`)."""
EXPENDED_LOYALIST = "expended_loyalist_"
"""Key prefix of the Expended Loyalist Boxes, one per Region (WfA 10.21; `state`)."""
SURRENDER_WORDS = re.compile(r"\bsurrender(?:s|ed)?\b", re.IGNORECASE)
"""A chat line saying a force surrenders (WfA 13.4, 13.9)."""
COUNTER_ATTACK_WORDS = re.compile(r"\bcounter[- ]?attack(?:s|ed|ing)?\b", re.IGNORECASE)
"""A chat line of the non-moving player saying he attacks the force that entered a key
space and did not attack (WfA 12.16; 10.14: the Colonial "'counter-attack'")."""
ADMINISTRATION_WORDS = re.compile(
    r"^(?:step\s*4\W*)?(?:administration(?:\s+phase)?|check(?:ing)?\s+for\s+victory"
    r"|victory\s+check)\b", re.IGNORECASE)
"""A chat line announcing the Administration Phase (WfA 7.0 Step 4: "Check for Victory"):
the words begin what the player typed, so that a remark about it does not end the turn's
play."""
WINTER_STEP_WORDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("quartering", re.compile(r"^(?:(?:step\s*\d*|the)\W*)?(?:winter\s+quartering|quartering"
                              r"|WQ)\b", re.IGNORECASE)),
    ("attrition", re.compile(r"^(?:(?:step\s*\d*|the)\W*)?(?:continental\s+)?attrition\b",
                             re.IGNORECASE)),
)
"""A chat line announcing an end-of-winter step (WfA 18.3-18.4 Continental attrition,
18.5-18.10 Winter Quartering), by `WinterStep.kind`: the words begin what the player typed
("Continental attrition for 1777", "Winter Quartering"), so a remark in passing does not
end the rounds."""
WINTER_LOSS_CAUSES: Mapping[str, str] = {"attrition": "attrition", "quartering": "quartering"}
"""The `LossTaken.cause` of an unexplained loss during an end-of-winter step."""
PASS, SURRENDER, ADMINISTRATION = "pass", "surrender", "administration"
COUNTER_ATTACK = "counter_attack"
CUES: tuple[Cue, ...] = (
    Cue(PASS, PASS_WORDS),
    Cue(SURRENDER, SURRENDER_WORDS, whole_line=True),
    Cue(COUNTER_ATTACK, COUNTER_ATTACK_WORDS),
    Cue(ADMINISTRATION, ADMINISTRATION_WORDS),
    *(Cue(kind, words) for kind, words in WINTER_STEP_WORDS),
)
"""What the interpreter hears in the chat (`common.steps.Cue`); a surrender is heard
anywhere in the line as logged, the rest in what the player typed."""
WINTER_STEPS = frozenset(kind for kind, _ in WINTER_STEP_WORDS)
SIX_NATIONS_HOME = "six_nations_home"
SIX_NATIONS_SP = "six_nations"
"""The nation of Six Nations SP counters (`sp:six_nations:<n>`)."""
"""The `WinterStep.kind` of the Six Nations' return to their villages (WfA 7.0, 18.2)."""
NO_DICE: DiceQueue[str] = DiceQueue()


@dataclass(frozen=True, slots=True)
class Force:
    """The force moving in the current AP: its side, where it is, what it holds."""

    side: str
    at: str
    units: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class OpenCombat:
    """A space the moving force entered with enemy SP there, awaiting the D12s."""

    space: str
    attacker: str
    attacker_sp: int
    defender_sp: int
    rolls: tuple[tuple[str, int], ...] = ()
    entered_from: str | None = None
    """The space the attacking force moved from into `space` (WfA 13.3)."""
    by_defender: bool = False
    """The mover did not attack a key space and the non-moving player attacks (WfA 12.16,
    10.14): `attacker` is he."""
    six_nations: tuple[int, int] | None = (0, 0)
    """The attacker's and the defender's Six Nations SP there (`Combat.six_nations`)."""
    entered_at: int | None = None
    """The step the mover entered the space."""
    answered: bool = False
    """The mover did something in a later step (said he does not attack, rolled …)."""
    cue_dice: int = 0
    """How many dice waited when he said he attacks: his leader's initiative D6 (12.16)
    is one rolled after."""


@dataclass(frozen=True, slots=True)
class Battle:
    """A land battle whose dice are rolled and which is not over: what each side had and
    what it has lost since (WfA 13.0 Steps 8-9), and who has given way."""

    space: str
    attacker: str
    before: tuple[tuple[str, int], ...]
    """(nation, SP) at the space and on the Army Cards of armies there, at the dice."""
    removed: tuple[tuple[str, int], ...] = ()
    loss_steps: frozenset[tuple[str, int]] = frozenset()
    """(side, step) of every step in which a side lost SP there."""
    losses: tuple[tuple[str, int, int], ...] = ()
    """(side, step, SP) of every step in which a side lost SP there, in order; Six Nations
    SP, whose side the log does not show (WfA 11.2), under `six_nations`."""
    emptied: tuple[tuple[str, int, tuple[str, ...], int | None], ...] = ()
    """(side, step, units, regular SP or None) of a side whose whole force there was
    removed, not moved: a surrender when the log says so (`Surrendered`)."""
    said: bool = False
    """A player said in the chat that a force surrenders."""
    victor_marked: str | None = None
    """The side whose Major Victory marker was placed since the dice (WfA 13.10)."""
    retreated: str | None = None
    surrendered: str | None = None
    combat: Combat | None = None
    """The battle's dice (`BattleLosses.combat`)."""
    position: Holding | None = None
    """The battle space with its armies' cards at the dice (a copy, never changed)."""


@dataclass(frozen=True, slots=True)
class Muster:
    """SP pulled one space onto a friendly leader in this AP (WfA 9.4, 12.9)."""

    side: str
    leader: str
    space: str
    pulled: tuple[tuple[str, int], ...]
    """(origin space, SP) of each group pulled in, in order."""


@dataclass(frozen=True, slots=True)
class OpenFleetCombat:
    """A fleet entered a place holding an enemy fleet: the weather gauge D6s and the
    attacker's D12 may follow (WfA 15.5 Steps 3-4)."""

    place: str
    dice: tuple[tuple[str, int], ...] = ()
    """Every D6 rolled since, (side, value)."""
    port: str | None = None
    """The port the fleets met in, once they went out into its OBZ (15.1 Option 2)."""


@dataclass(frozen=True, slots=True)
class Reading:
    """What the interpreter carries between steps (immutable: undo restores it)."""

    initiative_open: bool = False
    """Whether initiative dice may come now: after the Action Round marker moved, before
    anything else (a log that shows no round marker shows no initiative dice)."""
    initiative_rolled: frozenset[str] = frozenset()
    initiative_values: tuple[int, ...] = ()
    """The initiative D6 of the pair being rolled, in order (a Turn 1 tie is re-rolled)."""
    ap_side: str | None = None
    """The side whose AP it is, as last shown (the AP marker moved, or its force moved)."""
    force: Force | None = None
    d6: DiceQueue[str] = NO_DICE
    """The D6s rolled since the last action that used one, in order: an activation takes
    its side's (Washington re-rolls a 6, WfA 11.10), a fleet its last."""
    combat: OpenCombat | None = None
    fought: OpenCombat | None = None
    """The last battle resolved in this AP (its defender may retreat from its space)."""
    battle: Battle | None = None
    """The battle whose dice are rolled, until it is over (its losses, who gave way)."""
    naval: OpenFleetCombat | None = None
    fleet_fought: tuple[str, str | None] | None = None
    """(place, attacker) of the fleet combat fought in this AP: fleets leaving that place
    afterwards go where the result sends them (WfA 15.7, 19.32-19.33), at no cost."""
    marked: tuple[str, str] | None = None
    """(side, space) of the last retreat, for the 'D' marker put on it (WfA 13.1)."""
    besieged: tuple[str, str] | None = None
    """(space, side besieged) after a Siege Table roll this AP (WfA 17.14)."""
    muster: Muster | None = None
    """The AP's force was leaderless SP moved one space onto a friendly leader: a second
    such group from another space makes it a Leader Muster (WfA 12.9)."""
    landed: tuple[str, str, frozenset[str]] | None = None
    """(side, space, units) of land units just landed by naval transport: they may use a
    single MP more (WfA 14.8), a free move, not the AP's force."""
    arnold: str | None = None
    """Arnold's side once he defected (WfA 19.13; None: his own, the Colonial)."""
    free_d12: tuple[str, int] | None = None
    """The last D12 no battle, fleet combat or siege used, (side, total): Arnold's treason
    roll, when one follows (WfA 19.13)."""
    administration: bool = False
    """The log announced the Administration Phase and nothing but cards and dice followed
    yet (a second announcement is the same phase's)."""
    offers: frozenset[str] = frozenset()
    """Enemy-flag cards just drawn, still in the drawer's hand: offered to the opponent
    (WfA 20.6) until anything else is done."""
    fort_waiting: tuple[str, str, int] | None = None
    """(side, space, step) of a fort's 'Build' counter placed with no movement D6 before
    it: the builder's D6 in the step right after is its roll (WfA 17.6), whatever order
    the log wrote them in (a later D6 may be another action's, e.g. a fleet's)."""
    winter_step: str | None = None
    """The end-of-winter step the log last announced in this Winter Turn (`WinterStep.kind`,
    WfA 18.3-18.10), until the next turn or round."""
    held_pass: tuple[str, int] | None = None
    """(side, step) of a 'pass' read as declining a retreat before combat (`_declines`),
    until the next step of either player: the pass on his AP after all (9.6) when the
    mover's next AP begins at once."""


_CARD_ACTIONS = (CardDrawn, CardOffered, ActionCardPlayed, Roll)
"""What may happen while an enemy-flag card drawn is offered (20.6-20.9: more draws)."""


class Interpreter:
    """Turns steps into War for America actions (see the module docstring)."""

    def __init__(self, state: WfAState, *, leader_side: Mapping[str, str] | None = None,
                 fleet_side: Mapping[str, str] | None = None,
                 defensive_cards: Iterable[str] = (),
                 water_lines: Iterable[tuple[str, str]] = (),
                 key_spaces: Mapping[str, bool | None] | None = None,
                 card_flags: Mapping[str, str] | None = None,
                 winter_seasons: Iterable[str] = (),
                 mainland: Iterable[str] = (),
                 british_caribbean: Iterable[str] = (),
                 sea_areas: Iterable[str] = (),
                 coastal: Iterable[str] = (),
                 land_lines: Iterable[tuple[str, str]] | None = None,
                 villages: Iterable[str] = ()) -> None:
        self.state = state
        self.leader_side = dict(leader_side or {})
        self.fleet_side = dict(fleet_side or {})
        self.defensive_cards = frozenset(defensive_cards)
        self.water_lines = frozenset(frozenset(line) for line in water_lines)
        """Land lines that are continuous water connections (WfA 12.1*), from the data."""
        self.key_spaces = dict(key_spaces or {})
        """Space id → whether it is a key space (WfA 2.0; None: the data does not say)."""
        self.card_flags = dict(card_flags or {})
        """Card id → the side whose flag it shows (WfA 20.6), from the data."""
        self.winter_seasons = frozenset(winter_seasons)
        """Season ids of Winter Turns (the calendar's, WfA 3.1)."""
        self.mainland = frozenset(mainland)
        """Spaces of the 13 Colonies and Canada (the British Withdrawal's origins, 13.14)."""
        self.british_caribbean = frozenset(british_caribbean)
        """The British possessions in the Caribbean (the Withdrawal's destinations, 13.14)."""
        self.sea_areas = frozenset(sea_areas)
        """OBZ and Caribbean arrow spaces: a land force's leg to or from one is by sea."""
        self.villages = frozenset(villages)
        """The Six Nations villages (Six Nations Card), where they go home after Winter."""
        self.coastal = frozenset(coastal)
        """Coastal/port spaces (WfA 2.0), from the data."""
        self.land_lines = (None if land_lines is None
                           else frozenset(frozenset(line) for line in land_lines))
        """Every land transit line, when the data says it knows them all (None: not)."""
        self.reading = Reading()
        self.reader: StepReader[Entity, str] = StepReader(
            side_of=_side, is_card=_is_card, strength=_strength, cues=CUES,
            off_board=(REMOVED,))

    # ------------------------------------------------------------------ public

    def step(self, step: Step, relocations: Sequence[Relocation[Entity]],
             waypoints: Mapping[str, Sequence[Place]] | None = None) -> list[Action]:
        """The actions of one step (`read` of the reader's view of it).

        `waypoints`: piece id → the places each drag of the step put it, in order
        (`common.steps.drag_waypoints`), so that a force dragged space by space in one
        step moves leg by leg; without them a move is one leg from where the piece was
        to where it is."""
        return self.read(self.reader.read(step, relocations, waypoints))

    def read(self, view: StepView[Entity, str]) -> list[Action]:
        """The actions of one step read by `reader`; its relocations are applied to the
        state."""
        side, index = view.side, view.index
        out: list[Action] = []
        out += self._markers(index, view.pieces, side)
        out += self._cards(index, view.cards, side)
        out += self._dice(index, view.rolls)
        out += self._winter_step(view)
        out += self._administration(view)
        out += self._pieces(view)
        for relocation in view.relocations:
            self.state.apply(relocation)
        held = self.reading.held_pass
        if held is not None and side is not None and index > held[1]:
            self.reading = evolve(self.reading, held_pass=None)
            if side == opponent(held[0]) and any(
                    isinstance(a, ApMarkerMoved) and a.side == side and a.before is not None
                    and a.after is not None and a.after < a.before for a in out):
                out.insert(0, Pass(step=held[1], side=held[0]))
        if side is not None and view.said(PASS):
            if self._declines(side):
                self.reading = evolve(self.reading, held_pass=(side, index))
            else:
                out.append(Pass(step=index, side=side))
        combat = self.reading.combat
        if combat is not None and side == combat.attacker and not combat.answered \
                and combat.entered_at is not None and index > combat.entered_at:
            self.reading = evolve(self.reading, combat=evolve(combat, answered=True))
        if side is not None and view.said(COUNTER_ATTACK):
            self._counter_attack(side)
        if self.reading.battle is not None and view.said(SURRENDER):
            self.reading = evolve(self.reading, battle=evolve(self.reading.battle,
                                                                said=True))
            out += self._surrenders(index)
        if self.reading.offers and any(not isinstance(a, _CARD_ACTIONS) for a in out):
            self.reading = evolve(self.reading, offers=frozenset())
        if self.reading.administration and any(
                not isinstance(a, (AdministrationStep, *_CARD_ACTIONS)) for a in out):
            # Play went on: the next Administration Phase is another turn's.
            self.reading = evolve(self.reading, administration=False)
        return out

    def begin(self, relocations: Sequence[Relocation[Entity]]) -> None:
        """The starting position (step 0): applied, nothing interpreted."""
        for relocation in relocations:
            self.state.apply(relocation)

    def close(self, index: int) -> list[Action]:
        """The log ended at step `index`: a battle not yet over is over (`BattleLosses`)."""
        return self._end_battle(index)

    # ------------------------------------------------------------------ markers

    def _markers(self, index: int, relocations: Sequence[Relocation[Entity]],
                 side: str | None) -> list[Action]:
        out: list[Action] = []
        for relocation in relocations:
            entity = current(relocation)
            if entity is not None and entity.kind == "transport" and (
                    relocation.origin != relocation.destination):
                out.append(TransportTrackMoved(step=index, side=side,
                                               before=track_box(relocation.origin),
                                               after=track_box(relocation.destination)))
                continue
            if entity is None or entity.kind not in ("year", "season", "ap", "round", "pw"):
                continue
            before = track_box(relocation.origin)
            after = track_box(relocation.destination)
            if entity.kind != "pw":
                out += self._end_battle(index)
                self.reading = evolve(self.reading, naval=None, besieged=None, muster=None,
                                       fleet_fought=None, landed=None)
            if entity.kind in ("year", "season"):
                season = (relocation.destination.key.removeprefix("season_")
                          if entity.kind == "season" and relocation.destination is not None
                          and relocation.destination.key.startswith("season_") else None)
                out.append(TurnMarkerMoved(step=index, side=side,
                                           year=after if entity.kind == "year" else None,
                                           season=season))
                # A new turn begins with its Reinforcement Phase, not with initiative.
                self._new_round()
                self.reading = evolve(self.reading, initiative_open=False,
                                       administration=False)
            elif entity.kind == "ap":
                out.append(ApMarkerMoved(step=index, side=entity.key, before=before,
                                         after=after))
                self.reading = evolve(self.reading, ap_side=entity.key, force=None,
                                       combat=None, fought=None, initiative_open=False,
                                       fort_waiting=None)
            elif entity.kind == "round":
                out.append(RoundMarkerMoved(step=index, side=side, round=after))
                self._new_round()
            else:
                out.append(PwChanged(step=index, side=entity.key, before=before, after=after))
        return out

    def _new_round(self) -> None:
        self.reading = evolve(self.reading, initiative_open=True,
                               initiative_rolled=frozenset(), force=None, combat=None,
                               fought=None, ap_side=None, d6=NO_DICE, winter_step=None,
                               fleet_fought=None, fort_waiting=None)

    # ------------------------------------------------------------------ winter

    def _winter_step(self, view: StepView[Entity, str]) -> list[Action]:
        """A chat line in a Winter Turn announcing Continental attrition or Winter
        Quartering starts that end-of-winter step (WfA 7.0 Winter, 18.3-18.10): a
        `WinterStep`, once per step and turn; the unexplained losses that follow are its
        (`_loss_cause`). Outside a Winter Turn, or when the season is not known to be
        Winter, the words are only words. The step's own relocations are applied before
        the step is judged: announce a step in its own log step to have what is due
        computed on the position before the losses."""
        if self.state.season() not in self.winter_seasons:
            return []
        out: list[Action] = []
        for heard in view.heard:
            kind = next((cue for cue in heard.cues if cue in WINTER_STEPS), None)
            if kind is None or kind == self.reading.winter_step:
                continue
            out += self._end_battle(view.index)
            self.reading = evolve(self.reading, winter_step=kind, force=None, combat=None,
                                   fought=None, muster=None, initiative_open=False)
            out.append(WinterStep(step=view.index, side=view.side, kind=kind))
        return out

    def _administration(self, view: StepView[Entity, str]) -> list[Action]:
        """A chat line announcing the Administration Phase (WfA 7.0 Step 4), once a turn:
        the turn's play is over."""
        if self.reading.administration or not view.said(ADMINISTRATION):
            return []
        out = self._end_battle(view.index)
        self.reading = evolve(self.reading, administration=True, force=None, combat=None,
                               fought=None, muster=None, initiative_open=False)
        out.append(AdministrationStep(step=view.index, side=view.side,
                                      kind="victory_check"))
        return out

    # ------------------------------------------------------------------ cards

    def _cards(self, index: int, cards: Sequence[Relocation[Entity]],
               side: str | None) -> list[Action]:
        """Cards drawn, played, discarded, offered. A card leaving a hand that holds more
        than 3 is a discard down to the limit (WfA 20.5: after a draw for an initiative
        tie; 20.7: after accepting an offered card), never a play."""
        out: list[Action] = []
        held: Counter[str] | None = None
        for relocation in cards:
            entity = current(relocation)
            if entity is None:
                continue
            if held is None:  # the hands before the step, copied once a card moves
                held = Counter(self.state.hand_size)
            origin, destination = relocation.origin, relocation.destination
            for place, sign in ((origin, -1), (destination, +1)):
                if place is not None and place.kind is PlaceKind.HAND:
                    held[place.key] += sign
            if (origin is not None and origin.kind is PlaceKind.HAND
                    and (destination is None or destination.kind is not PlaceKind.HAND)):
                owner = origin.key if origin.key in SIDES else side
                use = CardUse.UNKNOWN
                if held[origin.key] + 1 > HAND_LIMIT:
                    use = CardUse.DISCARD
                elif (entity.key in self.defensive_cards and owner is not None
                        and self.reading.ap_side == opponent(owner)):
                    use = CardUse.DEFENSIVE
                if (entity.key in self.reading.offers and destination is not None
                        and destination.kind is PlaceKind.DISCARD and owner in SIDES
                        and self.card_flags.get(entity.key) == opponent(owner)):
                    # Offered as drawn and rejected: "placed in the discard pile" (20.8).
                    use = CardUse.REJECTED
                    out.append(CardOffered(step=index, side=owner, card=entity.key,
                                           accepted=False))
                out.append(ActionCardPlayed(
                    step=index, side=owner, card=entity.key, name=relocation.name,
                    origin=origin, destination=destination or REMOVED, use=use))
                self.reading = evolve(self.reading, initiative_open=False)
            elif (origin is not None and destination is not None
                  and origin.kind is PlaceKind.HAND and destination.kind is PlaceKind.HAND
                  and origin.key in SIDES and destination.key in SIDES
                  and origin.key != destination.key
                  and self.card_flags.get(entity.key) == destination.key):
                # An enemy-flag card handed to the opponent: offered and accepted (20.6-20.7).
                out.append(CardOffered(step=index, side=origin.key, card=entity.key,
                                       accepted=True))
            elif (destination is not None and destination.kind is PlaceKind.HAND
                  and (origin is None or origin.kind is PlaceKind.DECK)):
                out.append(CardDrawn(step=index, side=destination.key, card=entity.key))
                if (destination.key in SIDES
                        and self.card_flags.get(entity.key) == opponent(destination.key)):
                    self.reading = evolve(self.reading,
                                           offers=self.reading.offers | {entity.key})
        return out

    # ------------------------------------------------------------------ dice

    def _dice(self, index: int, rolls: Sequence[Rolled[str]]) -> list[Action]:
        out: list[Action] = []
        for roll in rolls:
            side, values = roll.side, roll.values
            out.append(Roll(step=index, side=side, button=roll.button, values=values))
            if roll.button in D6_BUTTONS and len(values) == 1 and side is not None:
                reading = self.reading
                if reading.initiative_open and side not in reading.initiative_rolled:
                    out.append(InitiativeDie(step=index, side=side, value=values[0]))
                    rolled = reading.initiative_rolled | {side}
                    pair = (*(reading.initiative_values if reading.initiative_rolled
                              else ()), values[0])
                    if len(rolled) == 2 and pair[0] == pair[-1] and \
                            self.state.track_value("year") in (None, FIRST_YEAR):
                        # 6.5: "Only on Turn 1 does a 'tie' call for a re-roll until one
                        # person has the initiative": the next pair is the re-roll.
                        rolled, pair = frozenset(), ()
                    self.reading = evolve(reading, initiative_rolled=rolled,
                                           initiative_values=pair)
                elif reading.fort_waiting is not None and reading.fort_waiting[0] == side \
                        and index <= reading.fort_waiting[2] + 1:
                    _, space, placed = reading.fort_waiting
                    out.append(FortRolled(step=index, side=side, space=space,
                                          roll=values[0], placed=placed))
                    self.reading = evolve(reading, fort_waiting=None, initiative_open=False)
                else:
                    naval = reading.naval
                    if naval is not None:
                        naval = evolve(naval, dice=(*naval.dice, (side, values[0])))
                    self.reading = evolve(reading,
                                           d6=reading.d6.add(side, roll.button, values[0]),
                                           initiative_open=False, naval=naval)
            elif roll.button in D12_BUTTONS and side is not None:
                self.reading = evolve(self.reading, free_d12=None)
                if self.reading.combat is None and self.reading.naval is not None:
                    out += self._fleet_combat(index, side, sum(values))
                elif self.reading.combat is None:
                    siege = (self._sortie(index, side, sum(values))
                             or self._siege_roll(index, side, sum(values)))
                    if not siege:
                        self.reading = evolve(self.reading, free_d12=(side, sum(values)))
                    out += siege
                else:
                    out += self._combat_roll(index, side, sum(values))
        return out

    def _sortie(self, index: int, side: str, total: int) -> list[Action]:
        """A D12 with no battle open, in its own AP, by the side besieged on one space (a
        Siege Marker there, its SP and an enemy army, none of its own: only an army lays
        siege, 17.13): its attack on the besieger, the battle's first D12 (17.15: "The
        only way to remove a Siege Marker after it has been placed, is for the besieged
        or an outside force to attack")."""
        if self.reading.ap_side != side:
            return []
        enemy = opponent(side)
        spaces = [key for key, holding in self.state.spaces()
                  if holding.markers["siege"] > 0 and holding.sp_of(side) > 0
                  and any(ARMY_SIDE.get(army) == enemy for army in holding.armies)
                  and not any(ARMY_SIDE.get(army) == side for army in holding.armies)]
        if len(spaces) != 1:
            return []
        here = self.state.with_armies(spaces[0])
        self.reading = evolve(self.reading, combat=OpenCombat(
            spaces[0], side, here.sp_of(side), here.sp_of(enemy)))
        return self._combat_roll(index, side, total)

    def _siege_roll(self, index: int, side: str, total: int) -> list[Action]:
        """A D12 with no battle or fleet combat open, by a side besieging one space (a
        Siege Marker there, its SP and the enemy's): the Siege Table roll (WfA 17.14)."""
        sieges = [key for key, holding in self.state.spaces()
                  if holding.markers["siege"] > 0 and holding.sp_of(opponent(side)) > 0
                  and sum(h.sp_of(side) for h in self._holdings(key)) > 0]
        if len(sieges) != 1:
            return []
        self.reading = evolve(self.reading, besieged=(sieges[0], opponent(side)))
        return [SiegeAttempt(step=index, side=side, space=sieges[0], table_roll=total,
                             marker_placed=False)]

    def _fleet_combat(self, index: int, side: str, total: int) -> list[Action]:
        """The attacker's D12 after fleets met (WfA 15.5 Step 4): the fleet combat, with
        each side's first D6 since they met as its weather gauge (Step 3)."""
        naval = self.reading.naval
        assert naval is not None
        gauge: dict[str, int] = {}
        for who, value in naval.dice:
            gauge.setdefault(who, value)
        used = self.reading.d6
        for who, value in gauge.items():
            used = used.without(who, value)
        self.reading = evolve(self.reading, naval=None, d6=used,
                               fleet_fought=(naval.place, side))
        return [FleetCombat(step=index, side=side, place=naval.place,
                            gauge_rolls=tuple(gauge.items()), roll=total)]

    def _combat_roll(self, index: int, side: str, total: int) -> list[Action]:
        combat = self.reading.combat
        if combat is None or any(s == side for s, _ in combat.rolls):
            return []
        combat = evolve(combat, rolls=(*combat.rolls, (side, total)))
        if len(combat.rolls) < 2:
            self.reading = evolve(self.reading, combat=combat)
            return []
        rolled = dict(combat.rolls)
        initiative = None
        if combat.by_defender:
            dice = self.reading.d6
            initiative, rest = dice.after(combat.cue_dice).take_last(combat.attacker)
            if initiative is not None:
                self.reading = evolve(self.reading, d6=DiceQueue(
                    (*dice.dice[:combat.cue_dice], *rest.dice)))
        action = Combat(step=index, side=combat.attacker, space=combat.space,
                        attacker_sp=combat.attacker_sp, defender_sp=combat.defender_sp,
                        attacker_roll=rolled.get(combat.attacker),
                        defender_roll=rolled.get(opponent(combat.attacker)),
                        entered_from=combat.entered_from, by_defender=combat.by_defender,
                        six_nations=combat.six_nations,
                        initiative_roll=initiative)
        battle = Battle(combat.space, combat.attacker,
                        before=tuple(sorted(_sp_by_nation(self._holdings(combat.space)).items())),
                        combat=action,
                        position=copy.deepcopy(self.state.with_armies(combat.space)))
        self.reading = evolve(self.reading, combat=None, fought=combat, battle=battle)
        return [action]

    def _declines(self, side: str) -> bool:
        """Whether a 'pass' of `side` answers the opponent's force that just entered his
        space, before the mover did anything more: he declines a retreat before combat
        (WfA 12.10: "the non-moving player may attempt to retreat"), in the mover's AP; it
        is not the pass on his own AP (9.6: "A player is allowed to 'pass' on his AP"),
        unless the mover's next AP begins right after it (`Reading.held_pass`). After the
        mover said or did more (he does not attack a key space, 12.15) a pass may be
        either, and is read as the AP's."""
        combat = self.reading.combat
        return combat is not None and combat.attacker == opponent(side) \
            and not combat.answered and not combat.rolls

    def _counter_attack(self, side: str) -> None:
        """The non-moving player says he attacks the force that entered a key space without
        attacking it, before any battle die (WfA 12.15-12.16: "If the moving player does
        not attack, the non-moving player has the option to do so"; 10.14 the Colonial
        "counter-attack"): the battle that follows is his (`Combat.by_defender`), and he
        moved from nowhere into it."""
        combat = self.reading.combat
        if combat is None or combat.rolls or combat.by_defender \
                or side != opponent(combat.attacker) \
                or self.key_spaces.get(combat.space) is not True:
            return
        self.reading = evolve(self.reading, combat=evolve(
            combat, attacker=side, attacker_sp=combat.defender_sp,
            defender_sp=combat.attacker_sp, entered_from=None, by_defender=True,
            six_nations=None if combat.six_nations is None else combat.six_nations[::-1],
            cue_dice=len(self.reading.d6)))

    def _six_nations_on(self, destination: str, moved: int) -> tuple[int, int] | None:
        """The Six Nations SP that fight for a force entering `destination` and for the
        enemy there (`Combat.six_nations`; WfA 13.0 Step 3, 11.2): those moving in with
        the force are its; None when Six Nations already stand there, whose side (the Six
        Nations Card's) the log does not show."""
        if self.state.with_armies(destination).sp[SIX_NATIONS_SP] > 0:
            return None
        return (moved, 0)

    def _holdings(self, space_key: str) -> list[Holding]:
        """A space's contents and those of the Army Cards of armies there (WfA 11.21)."""
        holding = self.state.space(space_key)
        return [holding, *(self.state.at(_army_box(army)) for army in holding.armies)]

    # ------------------------------------------------------------------ pieces

    def _pieces(self, view: StepView[Entity, str]) -> list[Action]:
        index, side = view.index, view.side
        out: list[Action] = []
        land: list[Relocation[Entity]] = []
        six_nations: dict[str, list[str]] = {}
        from_europe: dict[tuple[str | None, str], list[Entity]] = {}
        replaced = _armies_taken_off(view.pieces)
        for relocation in view.pieces:
            entity = current(relocation)
            if entity is None or entity.kind in ("card", "year", "season", "ap", "round",
                                                 "pw", "transport"):
                continue
            origin, destination = relocation.origin, relocation.destination
            if entity.kind == "army" and on_map(destination) and destination is not None \
                    and origin != destination and (
                    gone := replaced.get(destination.key)) is not None \
                    and gone != entity.key and ARMY_SIDE.get(gone) == entity.side:
                # 11.23: "An army that has moved out of its operational Region is replaced
                # by the army counter of the new Region" (placed, or brought from where it
                # stood): no creation, no move.
                leaders = self.state.space(destination.key).leaders
                out.append(ArmyCreated(step=index, side=entity.side, army=entity.key,
                                       space=destination.key,
                                       leader=leaders[0] if leaders else None, replaces=gone))
                continue
            if self._defects(entity, side, destination):
                out.append(self._defection(index, origin, destination))
                continue
            owner = self._side_of(entity) or side
            if (entity.kind in LAND_KINDS and on_map(origin) and on_map(destination)
                    and (origin != destination or _dragged_away(view, relocation))
                    and owner is not None):
                land.append(relocation)
                continue
            if entity.kind == "sp" and origin == SIX_NATIONS and on_map(destination):
                assert destination is not None
                six_nations.setdefault(destination.key, []).append(entity.entity_id)
                continue
            if entity.kind == "sp":
                # Its strength entered or left: `view.strength`.
                if origin == EUROPE and on_map(destination) and destination is not None:
                    from_europe.setdefault((owner, destination.key), []).append(entity)
                continue
            out += self._other(index, relocation, entity, owner)
        # Reinforcements off the Europe Box, one stack per destination, each with its
        # side's last D6 (WfA 8.5, 8.7: the MP roll, one per stack).
        out += [NavalTransport(step=index, side=owner, origin=EUROPE.key, destination=to,
                               units=tuple(sorted(e.entity_id for e in stack)),
                               sp=sum(e.value for e in stack), roll=self._take_d6(owner),
                               reinforcement=True)
                for (owner, to), stack in from_europe.items()]
        if len(from_europe) == 1:
            ((owner, to), stack), = from_europe.items()
            if owner is not None and to not in self.sea_areas \
                    and self.state.space(to).sp_of(opponent(owner)) == 0:
                self.reading = evolve(self.reading, landed=(
                    owner, to, frozenset(e.entity_id for e in stack)))
        # Six Nations units activated off the Six Nations Card (WfA 9.10, SNC).
        out += [FreeAction(step=index, side=side, kind=FreeKind.SIX_NATIONS,
                           origin=SIX_NATIONS.key, destination=to, units=tuple(sorted(units)))
                for to, units in six_nations.items()]
        if land:
            out += self._land_moves(index, {
                (group.owner, group.route): group.members
                for group in view.groups(land, lambda r: self._owner(r, side), on_map)})
        out += self._sp_totals(index, view.strength, side)
        out += self._start_units(index, view.relocations)
        return out

    def _owner(self, relocation: Relocation[Entity], side: str | None) -> str | None:
        """Whose piece moved: its own side, else the acting side."""
        entity = current(relocation)
        return (self._side_of(entity) if entity is not None else None) or side

    def _start_units(self, index: int, relocations: Sequence[Relocation[Entity]]
                     ) -> list[Action]:
        """Dotted start SP in play (on the map or an Army Card) after the step beyond
        those before it, by nation (WfA 10.6, 10.24): making change keeps the count."""
        net = net_change(relocations, _start_sp)
        if not any(amount > 0 for amount in net.values()):
            return []
        places = {r.after.place.key for r in relocations if r.after is not None
                  and r.after.place is not None and _start_sp(r.after.entity, r.after.place)}
        return [StartUnitsPlaced(step=index, side=Entity("sp", nation, 1).side,
                                 nation=nation, sp=amount, places=tuple(sorted(places)))
                for nation, amount in sorted(net.items()) if amount > 0]

    def _land_moves(self, index: int,
                    legs: dict[tuple[str, tuple[str, ...]], list[Relocation[Entity]]]
                    ) -> list[Action]:
        """The step's land moves, grouped by side and route: a British Withdrawal, a
        Leader Muster, else a force's legs (or a retreat)."""
        out: list[Action] = []
        remaining = dict(legs)
        for (owner, route), group in legs.items():
            withdrawal = self._withdrawal(index, owner, route, group)
            if withdrawal is not None:
                out.append(withdrawal)
                del remaining[(owner, route)]
            home = self._six_nations_home(index, owner, route, group)
            if home is not None:
                out += home
                del remaining[(owner, route)]
            free = self._six_nations_free(index, owner, route, group)
            if free is not None and (owner, route) in remaining:
                out.append(free)
                del remaining[(owner, route)]
        out += self._muster(index, remaining)
        for (owner, route), group in remaining.items():
            if self._pulled_too(index, owner, route, group, out):
                continue
            moved: list[Action] = []
            for origin_key, destination_key in itertools.pairwise(route):
                moved += self._leg(index, owner, origin_key, destination_key, group)
            self._may_be_muster(owner, route, group, moved)
            out += moved
        return out

    def _may_be_muster(self, owner: str, route: tuple[str, ...],
                       group: Sequence[Relocation[Entity]], moved: Sequence[Action]) -> None:
        """A new force of SP alone moved one space onto a friendly leader who stays: a
        move, or the first pull of a Leader Muster (told apart by a second, 12.9)."""
        target = self.state.space(route[-1])
        leader = next((name for name in target.leaders
                       if self.leader_side.get(name) == owner), None)
        fresh = bool(moved) and isinstance(moved[0], ForceActivated)
        if fresh:
            self.reading = evolve(self.reading, muster=None)
        if (fresh and leader is not None and len(route) == 2
                and all((e := current(r)) is not None and e.kind == "sp" for r in group)):
            self.reading = evolve(self.reading, muster=Muster(
                owner, leader, route[-1], ((route[0], _sp_of(group)),)))

    def _pulled_too(self, index: int, owner: str, route: tuple[str, ...],
                    group: Sequence[Relocation[Entity]], out: list[Action]) -> bool:
        """SP alone moved one space onto the leader whom this AP's first group joined, from
        another space: the AP is a Leader Muster (WfA 9.4, 12.9), and `LeaderMustered`
        gives every group pulled in so far (appended to `out`). Once groups came from two
        spaces, a later group from one of them is pulled in too (12.9: "any friendly SP
        according to his rank, from all adjacent spaces"), not a second force."""
        muster, force = self.reading.muster, self.reading.force
        origins = {origin for origin, _ in muster.pulled} if muster is not None else set()
        if (muster is None or force is None or owner != muster.side or len(route) != 2
                or route[-1] != muster.space or force.at != muster.space
                or not all((e := current(r)) is not None and e.kind == "sp" for r in group)):
            return False
        muster = evolve(muster, pulled=(*muster.pulled, (route[0], _sp_of(group))))
        self.reading = evolve(self.reading, muster=muster, force=evolve(
            force, units=tuple(sorted({*force.units, *(_entity_id(r) for r in group)}))))
        if route[0] in origins and len(origins) < 2:
            # More SP from the first group's space, dragged after it: the same force's
            # move in two drags or a muster's pull (told apart by a pull from elsewhere);
            # either way not a second force (9.3, 12.9).
            return True
        out.append(LeaderMustered(step=index, side=owner, leader=muster.leader,
                                  space=muster.space, pulled=muster.pulled))
        return True

    def _withdrawal(self, index: int, owner: str, route: tuple[str, ...],
                    group: Sequence[Relocation[Entity]]) -> FreeAction | None:
        """British SP moved in a Winter Turn from the 13 Colonies or Canada straight to a
        British possession in the Caribbean: the British Withdrawal (WfA 13.14, 18.11; a
        free action, 9.10). Which SP go (British regulars, 4 a space) is the rules'."""
        if (owner != BRITISH or self.state.season() not in self.winter_seasons
                or route[0] not in self.mainland or route[-1] not in self.british_caribbean
                or any((e := current(r)) is None or e.kind != "sp" for r in group)):
            return None
        return FreeAction(step=index, side=BRITISH, kind=FreeKind.BRITISH_WITHDRAWAL,
                          origin=route[0], destination=route[-1],
                          units=tuple(sorted(_entity_id(r) for r in group)))

    def _six_nations_home(self, index: int, owner: str, route: tuple[str, ...],
                          group: Sequence[Relocation[Entity]]) -> list[Action] | None:
        """Six Nations SP alone moved onto one of their villages, no enemy there, in a
        Winter Turn whose Action Cycle is over (both AP markers on 0): the end-of-winter
        return (WfA 7.0 Winter Turns Only: "Six Nations units return to their villages";
        18.2), a `WinterStep` once a turn, not a force's AP. None: not that."""
        aps = [self.state.track_value(f"ap:{side}") for side in SIDES]
        if (self.state.season() not in self.winter_seasons or aps != [0, 0]
                or route[-1] not in self.villages
                or self.state.space(route[-1]).sp_of(opponent(owner)) > 0
                or any((e := current(r)) is None or e.kind != "sp" or e.key != "six_nations"
                       for r in group)):
            return None
        if self.reading.winter_step == SIX_NATIONS_HOME:
            return []
        out = self._end_battle(index)
        self.reading = evolve(self.reading, winter_step=SIX_NATIONS_HOME, force=None,
                               combat=None, fought=None, muster=None, initiative_open=False)
        return [*out, WinterStep(step=index, side=owner, kind=SIX_NATIONS_HOME)]

    def _six_nations_free(self, index: int, owner: str, route: tuple[str, ...],
                          group: Sequence[Relocation[Entity]]) -> FreeAction | None:
        """Six Nations SP alone moved where no enemy SP stand: "Six Nations units (if they
        have been activated)" move as a free action, "completely 'free' and outside the AP
        system" (WfA 9.10; when they are activated is the Six Nations Card's, not in the
        data), not the AP's force. None: not that (with other units, or onto enemy SP or
        a garrison)."""
        if any((e := current(r)) is None or e.kind != "sp" or e.key != SIX_NATIONS_SP
               for r in group) or any(
                   self.state.space(key).sp_of(opponent(owner)) > 0
                   or any(NATION_SIDE.get(nation) == opponent(owner)
                          for nation in +self.state.space(key).garrisons)
                   for key in route[1:]):
            return None
        return FreeAction(step=index, side=owner, kind=FreeKind.SIX_NATIONS, origin=route[0],
                          destination=route[-1],
                          units=tuple(sorted(_entity_id(r) for r in group)))

    def _muster(self, index: int,
                legs: dict[tuple[str, tuple[str, ...]], list[Relocation[Entity]]]
                ) -> list[Action]:
        """SP of one side dragged in one step from two or more spaces, one space each, onto
        a space where a friendly leader stays: a Leader Muster Action (WfA 9.4, 12.9; the
        mustered entries are taken out of `legs`). From one space alone it is a move."""
        targets: dict[tuple[str, str], list[tuple[str, ...]]] = {}
        for (owner, route), group in legs.items():
            if len(route) == 2 and all((e := current(r)) is not None and e.kind == "sp"
                                       for r in group):
                targets.setdefault((owner, route[-1]), []).append(route)
        out: list[Action] = []
        for (owner, target), routes in targets.items():
            leader = next((name for name in self.state.space(target).leaders
                           if self.leader_side.get(name) == owner), None)
            if leader is None or len({route[0] for route in routes}) < 2:
                continue
            pulled: list[tuple[str, int]] = []
            units: list[str] = []
            for route in routes:
                group = legs.pop((owner, route))
                pulled.append((route[0], _sp_of(group)))
                units += (_entity_id(r) for r in group)
            out += self._end_battle(index)
            rolls = self._activation_dice(owner)
            out.append(ForceActivated(step=index, side=owner, kind=Activation.MUSTER,
                                      space=target, leader=leader, units=tuple(sorted(units)),
                                      sp=sum(sp for _, sp in pulled), rolls=rolls))
            out.append(LeaderMustered(step=index, side=owner, leader=leader, space=target,
                                      pulled=tuple(sorted(pulled))))
            self.reading = evolve(self.reading, force=None, ap_side=owner, d6=NO_DICE,
                                   initiative_open=False)
        return out

    def _sp_totals(self, index: int, change: Mapping[tuple[Place, str], int],
                   side: str | None) -> list[Action]:
        """Per nation and place the net change: a loss (SP off an Army Card count where
        its army stands, WfA 11.21), or new SP on a space or in the Europe Box."""
        out: list[Action] = []
        overrun_at: set[str] = set()
        surrendered = self._note_battle(index, change) if self.reading.battle else []
        surrendered += self._siege_surrender(index, change)
        gave_up = {(action.side, action.space) for action in surrendered
                   if isinstance(action, Surrendered)}
        for place, nation in sorted(change, key=lambda k: (str(k[0]), k[1])):
            net = change[(place, nation)]
            where = self._loss_space(place)
            if net == 0 or where is None or (net > 0 and where != place.key):
                continue
            owner = Entity("sp", nation, 1).side or side
            if net < 0:
                overrun = self._overrun(index, where, owner, change)
                out += overrun
                if overrun:
                    overrun_at.add(where)
                cause = ("overrun" if where in overrun_at else
                         "surrender" if (owner, where) in gave_up
                         else self._loss_cause(where, nation))
                out.append(LossTaken(step=index, side=owner, space=where,
                                     units=(f"sp:{nation}",), sp=-net, cause=cause))
            else:
                kind = RAISE_KIND.get(nation, RaiseKind.REINFORCEMENT)
                # 10.20: the chit spent, "the British player rolls a D6 and consults the
                # LMMC": the side's last unused D6 is that roll.
                roll = self._take_d6(owner) if kind is RaiseKind.LOYALIST else None
                out.append(UnitsRaised(step=index, side=owner, kind=kind, place=place.key,
                                       units=(f"sp:{nation}",), sp=net, roll=roll))
        return out + surrendered

    def _loss_space(self, place: Place) -> str | None:
        """Where SP leaving `place` are lost: a space, the Europe Box, or the space of the
        army whose Army Card box it is (None: elsewhere)."""
        if place.is_space or place == EUROPE:
            return place.key
        army = place.key.removeprefix(ARMY_BOX_PREFIX) if place.kind is PlaceKind.BOX \
            and place.key.startswith(ARMY_BOX_PREFIX) else None
        at = self.state.army_at.get(army) if army is not None else None
        return at.key if at is not None and at.is_space else None

    def _note_battle(self, index: int, change: Mapping[tuple[Place, str], int]
                     ) -> list[Action]:
        """Count the SP the open battle's sides lost this step (WfA 13.0 Step 8); a side
        whose whole force there went out of play, not moved, is noted as emptied, and is a
        `Surrendered` once the log says so (`_surrenders`)."""
        battle = self.reading.battle
        assert battle is not None
        lost: Counter[str] = Counter()
        for (place, nation), net in change.items():
            if place != EUROPE and self._loss_space(place) == battle.space:
                lost[nation] -= net  # SP moved between the space and its Army Cards net out
        lost = +lost
        if not lost:
            return []
        removed = Counter(dict(battle.removed))
        removed.update(lost)
        holdings = self._holdings(battle.space)
        emptied = list(battle.emptied)
        steps = set(battle.loss_steps)
        losses = list(battle.losses)
        if lost.get(SIX_NATIONS_SP):
            # Six Nations SP fight for either side (WfA 11.2): their own entry
            losses.append((SIX_NATIONS_SP, index, lost[SIX_NATIONS_SP]))
        for side in SIDES:
            mine = {nation: sp for nation, sp in lost.items() if NATION_SIDE.get(nation) == side}
            if not mine:
                continue
            steps.add((side, index))
            losses.append((side, index, sum(mine.values())))
            if sum(holding.sp_of(side) for holding in holdings) > sum(mine.values()):
                continue
            # The regulars the surrender took, when the side's battle losses came earlier
            # (digest §8 A-15); removed in one step with them, they cannot be told apart.
            earlier = any(who == side and at < index for who, at in battle.loss_steps)
            regular = (sum(sp for nation, sp in mine.items() if nation in REGULAR_NATIONS)
                       if earlier else None)
            emptied.append((side, index, tuple(f"sp:{nation}" for nation in sorted(mine)),
                            regular))
        self.reading = evolve(self.reading, battle=evolve(
            battle, removed=tuple(sorted(removed.items())), loss_steps=frozenset(steps),
            losses=tuple(losses), emptied=tuple(emptied)))
        return self._surrenders(index)

    def _siege_surrender(self, index: int, change: Mapping[tuple[Place, str], int]
                         ) -> list[Action]:
        """The besieged side's whole force removed after the Siege Table roll: it
        surrendered (WfA 17.13-17.14; 5 SP of regulars or more is a Major Victory, 17.16)."""
        besieged = self.reading.besieged
        if besieged is None:
            return []
        space_key, side = besieged
        lost: Counter[str] = Counter()
        for (place, nation), net in change.items():
            if net < 0 and NATION_SIDE.get(nation) == side and place != EUROPE \
                    and self._loss_space(place) == space_key:
                lost[nation] -= net
        had = sum(holding.sp_of(side) for holding in self._holdings(space_key))
        if not lost or had > sum(lost.values()):
            return []
        self.reading = evolve(self.reading, besieged=None)
        return [Surrendered(step=index, side=side, space=space_key,
                            units=tuple(f"sp:{nation}" for nation in sorted(lost)),
                            regular_sp=sum(sp for nation, sp in lost.items()
                                           if nation in REGULAR_NATIONS))]

    def _surrenders(self, index: int) -> list[Action]:
        """A side whose whole force at the battle's space was removed after the dice, once
        the log says it surrendered — a player's chat line, or the other side's Major
        Victory marker placed (WfA 13.4, 13.9, 13.10). Without either, the removal stays
        the battle's losses (the tables decide whether they took the whole force)."""
        battle = self.reading.battle
        if battle is None or battle.surrendered is not None:
            return []
        for side, _, units, regular in battle.emptied:
            if battle.said or battle.victor_marked == opponent(side):
                self.reading = evolve(self.reading, battle=evolve(battle, surrendered=side))
                return [Surrendered(step=index, side=side, space=battle.space, units=units,
                                    regular_sp=regular)]
        return []

    def _end_battle(self, index: int) -> list[Action]:
        """The open battle is over: its `BattleLosses` (WfA 13.0 Steps 8-9)."""
        battle = self.reading.battle
        if battle is None:
            return []
        self.reading = evolve(self.reading, battle=None)
        return [BattleLosses(step=index, side=battle.attacker, space=battle.space,
                             before=battle.before, removed=battle.removed,
                             retreated=battle.retreated, surrendered=battle.surrendered,
                             combat=battle.combat, position=battle.position,
                             losses=battle.losses)]

    def _overrun(self, index: int, space_key: str, side: str | None,
                 change: Mapping[tuple[Place, str], int]) -> list[Action]:
        """The defender of the entered space removed before any battle die: an overrun
        (WfA 12.13-12.14), once, when its last SP there goes."""
        combat = self.reading.combat
        if combat is None or combat.rolls or combat.space != space_key \
                or side != opponent(combat.attacker):
            return []
        holding = self.state.space(space_key)
        left = holding.sp_of(side) + sum(
            n for (place, nation), n in change.items()
            if place.key == space_key and place.is_space and Entity("sp", nation, 1).side == side)
        if left > 0:
            return []
        self.reading = evolve(self.reading, combat=None)
        return [Overrun(step=index, side=combat.attacker, space=space_key,
                        sp=combat.attacker_sp,
                        enemy_sp=combat.defender_sp if combat.six_nations is not None else None,
                        removed=tuple(f"sp:{nation}" for nation in holding.sp
                                      if NATION_SIDE.get(nation) == side))]

    def _loss_cause(self, space_key: str, nation: str) -> str:
        """`combat` for SP lost where this AP's battle was fought (WfA 13.0 Step 8);
        during an announced end-of-winter step, `attrition` for Continental SP lost in the
        attrition step (only Continentals suffer it, 18.3; other SP lost then stay
        unexplained) and `quartering` for any SP lost in the quartering step (18.7)."""
        fought = self.reading.fought
        if fought is not None and fought.space == space_key:
            return "combat"
        step = self.reading.winter_step
        if step == "attrition" and nation == "continental":
            return WINTER_LOSS_CAUSES[step]
        if step == "quartering":
            return WINTER_LOSS_CAUSES[step]
        return ""

    def _leg(self, index: int, side: str, origin: str, destination: str,
             group: Sequence[Relocation[Entity]]) -> list[Action]:
        """One force's move from `origin` to `destination` (WfA 9.3, 12.0), or the
        defender's retreat before combat (12.10) or after it (13.0 Step 9)."""
        out: list[Action] = []
        units = tuple(sorted(_entity_id(r) for r in group))
        retreat = self._retreat(index, side, origin, destination, units)
        if retreat is None:
            retreat = self._lone_leaders_leave(index, side, origin, destination, group)
        if retreat is not None:
            return retreat
        sp = sum(e.value for r in group if (e := current(r)) is not None and e.kind == "sp")
        nations = frozenset(e.key for r in group
                            if (e := current(r)) is not None and e.kind == "sp")
        landed = self.reading.landed
        if (landed is not None and landed[0] == side and landed[1] == origin
                and set(units) <= landed[2] and not self._by_sea(side, origin, destination, sp,
                                                                 nations)):
            # 14.8: "Once disembarked, units can use a single MP": free, not a force.
            self.reading = evolve(self.reading, landed=None)
            return [FreeAction(step=index, side=side, kind=FreeKind.NAVAL_TRANSPORT,
                               origin=origin, destination=destination, units=units)]
        if self._by_sea(side, origin, destination, sp, nations):
            return self._transport(index, side, origin, destination, units, sp)
        leaders = [e.key for r in group if (e := current(r)) is not None and e.kind == "leader"]
        leader = leaders[0] if leaders else None
        force = self.reading.force
        battle = self.reading.battle
        if force is None or force.side != side or force.at != origin or (
                battle is not None and battle.space == origin):
            out += self._end_battle(index)
        if force is None or force.side != side or force.at != origin:
            rolls = self._activation_dice(side)
            out.append(ForceActivated(step=index, side=side, kind=Activation.MOVE,
                                      space=origin, leader=leader, units=units, sp=sp,
                                      rolls=rolls))
        elif set(units) != set(force.units):
            left = tuple(sorted(set(force.units) - set(units)))
            joined = tuple(sorted(set(units) - set(force.units)))
            if left:
                out.append(DroppedOff(step=index, side=side, space=origin, units=left))
            if joined and not _change_made(joined, units, force.units):
                out.append(PickedUp(step=index, side=side, space=origin, units=joined))
        out.append(ForceMoved(step=index, side=side, origin=origin, destination=destination,
                              units=units, sp=sp, leader=leader,
                              water=frozenset((origin, destination)) in self.water_lines))
        enemy = self.state.with_armies(destination).sp_of(opponent(side))
        six = self._six_nations_on(destination, sum(
            e.value for r in group if (e := current(r)) is not None and e.kind == "sp"
            and e.key == SIX_NATIONS_SP))
        combat = self.reading.combat
        if combat is not None and combat.space == origin and not combat.rolls \
                and not combat.defender_sp:
            combat = None  # moved on from a lone garrison before any die: no battle there
        if enemy > 0:
            out.append(EnemyEntered(step=index, side=side, space=destination, sp=sp,
                                    enemy_sp=enemy if six is not None else None,
                                    key=self.key_spaces.get(destination)))
            combat = OpenCombat(destination, side, sp, enemy, entered_from=origin,
                                six_nations=six, entered_at=index)
        elif any(NATION_SIDE.get(nation) == opponent(side)
                 for nation in self.state.space(destination).garrisons):
            # 19.21: a lone garrison defends (on the '<1' Petite Guerre column): the
            # battle's D12s may follow, with no SP against the mover.
            combat = OpenCombat(destination, side, sp, 0, entered_from=origin,
                                six_nations=six, entered_at=index)
        fleet_fought = self.reading.fleet_fought if side == self.reading.ap_side else None
        self.reading = evolve(self.reading, force=Force(side, destination, units),
                               ap_side=side, d6=NO_DICE, combat=combat,
                               initiative_open=False,
                               fleet_fought=fleet_fought)
        return out

    def _by_sea(self, side: str, origin: str, destination: str, sp: int,
                nations: frozenset[str] = frozenset()) -> bool:
        """Whether a land force's leg is by sea (WfA 14.7-14.16): to or from a sea area;
        or, between two coastal spaces that no land line joins on a map the data knows
        whole, British SP, whose Naval Transport needs no fleet (14.7: "British/German/
        Loyalist SP can move by sea"), and French, Spanish or Dutch SP, who move by sea
        only with their fleets (14.13, 19.30). A leader alone is transferred or moves by
        land; Continentals and militia go by sea only through a card (14.16)."""
        if not self._over_water(origin, destination):
            return False
        at_sea = origin in self.sea_areas or destination in self.sea_areas
        carried = side == BRITISH or (bool(nations) and nations <= FLEET_CARRIED)
        return at_sea or (carried and sp > 0)

    def _over_water(self, origin: str, destination: str) -> bool:
        """Whether two coastal spaces are joined by no land line, on a map the data knows
        whole, or one end is a sea area: a way only by sea (WfA 14.1, 14.7)."""
        if origin in self.sea_areas or destination in self.sea_areas:
            return True
        return (self.land_lines is not None and origin in self.coastal
                and destination in self.coastal
                and frozenset((origin, destination)) not in self.land_lines)

    def _transport(self, index: int, side: str, origin: str, destination: str,
                   units: tuple[str, ...], sp: int) -> list[Action]:
        """Land units by sea: a `NavalTransport`, not the AP's force (British Naval
        Transport is free, 9.10, 14.7), with the side's D6 when it sets out from land
        (14.2, 14.7); a landing on enemy SP is an amphibious attack (14.7, 14.12)."""
        roll = None if origin in self.sea_areas else self._take_d6(side)
        out: list[Action] = [NavalTransport(step=index, side=side, origin=origin,
                                            destination=destination, units=units, sp=sp,
                                            roll=roll)]
        enemy = self.state.with_armies(destination).sp_of(opponent(side))
        combat = self.reading.combat
        if enemy > 0 and destination not in self.sea_areas:
            out += self._end_battle(index)
            six = self._six_nations_on(destination, sum(
                int(unit.rsplit(":", 1)[-1]) for unit in units
                if unit.startswith(f"sp:{SIX_NATIONS_SP}:") and unit[-1].isdigit()))
            out.append(EnemyEntered(step=index, side=side, space=destination, sp=sp,
                                    enemy_sp=enemy if six is not None else None,
                                    key=self.key_spaces.get(destination)))
            combat = OpenCombat(destination, side, sp, enemy, entered_from=origin,
                                six_nations=six, entered_at=index)
        landed = (None if destination in self.sea_areas or enemy > 0
                  else (side, destination, frozenset(units)))
        self.reading = evolve(self.reading, ap_side=side, combat=combat,
                               initiative_open=False, landed=landed)
        return out

    def _lone_leaders_leave(self, index: int, side: str, origin: str, destination: str,
                            group: Sequence[Relocation[Entity]]) -> list[Action] | None:
        """Leaders alone on the space the enemy's moving force stands on, leaving it before
        it moves on: a retreat before combat that needs no die (WfA 12.10: "Leaders alone
        on a space can always retreat before combat if a path of retreat is available")."""
        force, here = self.reading.force, self.state.space(origin)
        if (force is None or force.side != opponent(side) or force.at != origin
                or any((e := current(r)) is None or e.kind != "leader" for r in group)
                or here.sp_of(side) > 0
                or any(NATION_SIDE.get(nation) == side for nation in here.garrisons)):
            return None
        units = tuple(sorted(_entity_id(r) for r in group))
        return [RetreatBeforeCombat(step=index, side=side, origin=origin,
                                    destination=destination, roll=self._take_d6(side),
                                    units=units)]

    def _retreat(self, index: int, side: str, origin: str, destination: str,
                 units: tuple[str, ...]) -> list[Action] | None:
        """The defender leaving the space the moving force entered: before the battle's
        dice a retreat before combat (with the D6 it rolled for it, WfA 12.10-12.11), after
        them a retreat (13.0 Step 9, 13.1). The attacker leaving the battle's space while
        the defender is still there retreats too (a tie or a loss, 13.0 Step 7, 13.3); a
        winner moving on from an emptied space does not."""
        combat, fought = self.reading.combat, self.reading.fought
        if combat is not None and not combat.rolls and origin == combat.space \
                and side == opponent(combat.attacker):
            roll = self._take_d6(side)
            self.reading = evolve(self.reading, combat=None)
            return [RetreatBeforeCombat(step=index, side=side, origin=origin,
                                        destination=destination, roll=roll, units=units)]
        if combat is not None and not combat.rolls and origin == combat.space \
                and side == combat.attacker and destination == combat.entered_from \
                and self.state.space(origin).sp_of(opponent(side)) > 0:
            # 13.0 Step 2: below 1:3 "the attack is cancelled and the attacker must do a
            # compulsory 'retreat'" -- back where it came from, before any die.
            self.reading = evolve(self.reading, combat=None, marked=(side, destination))
            return [Retreated(step=index, side=side, origin=origin, destination=destination,
                              units=units, by_sea=self._over_water(origin, destination),
                              attacker=True, entered_from=combat.entered_from,
                              cancelled=True)]
        if fought is None or origin != fought.space:
            return None
        attacker: bool | None
        if side == opponent(fought.attacker):
            attacker = False
        elif side == fought.attacker and self.state.space(origin).sp_of(opponent(side)) > 0:
            attacker = True
        else:
            return None
        if not fought.by_defender and self.key_spaces.get(fought.space) is True \
                and fought.attacker_sp * 3 < fought.defender_sp:
            # The mover's attack on a key space would be below 1:3: the battle may have
            # been the non-moving player's (12.15-12.16), which the log does not say.
            attacker = None
        out: list[Action] = []
        battle = self.reading.battle
        if battle is not None and battle.space == origin:
            self.reading = evolve(self.reading, battle=evolve(battle, retreated=side))
            out += self._end_battle(index)
        self.reading = evolve(self.reading, marked=(side, destination))
        return [*out, Retreated(step=index, side=side, origin=origin, destination=destination,
                                units=units, by_sea=self._over_water(origin, destination),
                                attacker=attacker, entered_from=fought.entered_from)]

    def _other(self, index: int, relocation: Relocation[Entity], entity: Entity,
               side: str | None) -> list[Action]:
        """Everything but land moves, SP totals, cards and track markers."""
        origin, destination = relocation.origin, relocation.destination
        kind = entity.kind
        to_space = destination.key if on_map(destination) and destination else None
        from_space = origin.key if on_map(origin) and origin else None
        if kind == "fleet" and origin != destination:
            forced = self._forced_fleet(key_of(origin), key_of(destination))
            roll = None if forced else self._take_d6(side)
            naval = self.reading.naval
            if naval is not None and naval.place == key_of(origin) and destination is not None:
                # 15.1 Option 2: the fleets go out into the OBZ and fight there (15.5).
                self.reading = evolve(self.reading, naval=evolve(
                    naval, place=destination.key, port=naval.place))
            if not forced and destination is not None and side is not None and any(
                    self.fleet_side.get(fleet) == opponent(side)
                    for fleet in self.state.at(destination).fleets):
                # Enemy fleets meet: a fleet combat may follow (WfA 15.0-15.5).
                self.reading = evolve(self.reading,
                                       naval=OpenFleetCombat(destination.key))
            return [FleetMoved(step=index, side=side, fleet=entity.key, origin=key_of(origin),
                               destination=key_of(destination), roll=roll, forced=forced)]
        if kind == "lake_navy" and origin != destination:
            # 19.7: "If a land unit ends its turn on a space with an enemy Lake Navy, the navy
            # must retreat": leaving a space where enemy SP stand is that retreat.
            retreat = from_space is not None and entity.key in SIDES and self.state.space(
                from_space).sp_of(opponent(entity.key)) > 0
            return [LakeNavyMoved(step=index, side=entity.key, navy=entity.key,
                                  origin=key_of(origin), destination=key_of(destination),
                                  retreat=retreat)]
        if kind == "mortar" and from_space is not None and to_space is not None \
                and from_space != to_space:
            # 19.16: once landed the Siege Mortars "can be moved only '1' space".
            return [MortarMoved(step=index, side=side, origin=from_space,
                                destination=to_space)]
        if kind == "leader" and to_space is not None and origin is not None \
                and origin.kind is PlaceKind.BOX:
            # `leader_pool` for either side's pool (WfA 11.1), else the box's id.
            pool = origin.key.endswith("_leader_pool")
            return [LeaderPlaced(step=index, side=side, leader=entity.key, space=to_space,
                                 origin=LEADER_POOL if pool else origin.key)]
        if kind == "leader" and from_space is not None and side in SIDES and (
                destination is None or destination == REMOVED
                or destination.key.endswith("_leader_pool")) \
                and self.state.with_armies(from_space).sp_of(side) == 0:
            # 19.14: a leader whose force surrendered or was destroyed rolls a D6: 1 out
            # of play, 2-6 his side's Leader Pool.
            return [LeaderExchanged(step=index, side=side, leader=entity.key,
                                    space=from_space,
                                    destination=None if destination is None
                                    else destination.key, roll=self._take_d6(side))]
        if kind == TC and destination is not None and _in_play(destination) \
                and not _in_play(origin):
            return [TacticalCommanderPlaced(step=index, side=entity.side, nation=entity.key,
                                            place=destination.key, origin=key_of(origin))]
        if kind == "garrison" and entity.key == BRITISH and to_space is not None \
                and from_space is None:
            # 19.18-19.19: British garrisons "Are placed only by armies", left on a space
            # the army moves through: one put there from off the map is left by the force.
            return [DroppedOff(step=index, side=BRITISH, space=to_space,
                               units=(entity.entity_id,))]
        if kind == "army" and to_space is not None and from_space is None:
            leaders = self.state.space(to_space).leaders
            return [ArmyCreated(step=index, side=side, army=entity.key, space=to_space,
                                leader=leaders[0] if leaders else None)]
        if kind == "fort" and to_space is not None:
            before = relocation.before.entity if relocation.before is not None else None
            if from_space is None or (before is not None and before.detail != entity.detail):
                completed = entity.detail == "complete" and from_space is not None
                roll = None if completed else self._take_d6(side)
                if not completed and roll is None and side is not None:
                    self.reading = evolve(self.reading, fort_waiting=(side, to_space, index))
                return [FortBuilt(step=index, side=side, space=to_space, completed=completed,
                                  roll=roll)]
            return []
        if kind == "entrenchment" and to_space is not None and from_space is None:
            return [EntrenchmentBuilt(step=index, side=side, space=to_space)]
        if kind == "magazine":
            return self._magazine(index, relocation, entity, side)
        if kind == "siege" and to_space is not None and from_space is None:
            combat = self.reading.combat
            if combat is not None and combat.space == to_space and not combat.rolls:
                # A siege instead of a battle (17.13): the next D12 is the Siege Table's.
                self.reading = evolve(self.reading, combat=None)
            return [SiegeAttempt(step=index, side=side, space=to_space,
                                 activation_roll=self._take_d6(side), marker_placed=True)]
        if kind == "marker" and entity.key == "d" and from_space is not None \
                and to_space is None:
            # 13.2: the marked force's owner rallies it (whoever dragged the marker off).
            return [Rallied(step=index, side=self._marked_side(from_space) or side,
                            space=from_space)]
        if kind == "marker" and entity.key == "d" and to_space is not None \
                and from_space is None:
            return [DMarkerPlaced(step=index, side=self._marked_side(to_space),
                                  space=to_space)]
        if kind == "marker" and entity.key == "militia_raised" and to_space is not None \
                and from_space is None:
            return [MilitiaRaisedMarked(step=index, side=COLONIAL, space=to_space)]
        if kind == "marker" and entity.key == "loyalist_chit" and destination is not None \
                and destination.kind is PlaceKind.BOX and origin != destination \
                and destination.key.startswith(EXPENDED_LOYALIST):
            # A chit expended: placed in its Region's Expended Loyalist Box (WfA 10.18-10.21).
            return [FreeAction(step=index, side=BRITISH, kind=FreeKind.LOYALIST_CHIT,
                               origin=key_of(origin), destination=destination.key)]
        if kind == "major_victory" and destination is not None and (
                origin is None or origin.kind is PlaceKind.BOX):
            return self._major_victory(index, entity.key, destination.key)
        return []

    def _forced_fleet(self, origin: str | None, destination: str | None) -> bool:
        """Whether a fleet's move is one the rules make, not its own movement (no D6, no
        AP): to or from the Turn Record Track for repair (WfA 15.7-15.8); the fleets going
        out of the port where they met, to fight in its OBZ (15.1 Option 2: "Both fleets,
        now in the OBZ"); a fleet leaving the place of the fleet combat just fought (the
        loser to the closest friendly port, 19.32-19.33). Off the track anywhere but the
        Europe Box it takes its side's D6, if any: one drag for 15.8's return to the Europe
        Box and the voyage on from there (14.2)."""
        if on_turn_track(destination) or (on_turn_track(origin)
                                          and destination == EUROPE.key):
            return True
        if on_turn_track(origin):
            return False
        naval = self.reading.naval
        if naval is not None and origin in (naval.place, naval.port):
            return True
        fought = self.reading.fleet_fought
        return fought is not None and origin == fought[0]

    def _marked_side(self, space_key: str) -> str | None:
        """Whose force a 'D' marker put on `space_key` marks: the force that just retreated
        there (WfA 13.1), else the one side with SP there (None: neither or both)."""
        marked = self.reading.marked
        if marked is not None and marked[1] == space_key:
            return marked[0]
        holding = self.state.space(space_key)
        present = [side for side in SIDES if holding.sp_of(side) > 0]
        return present[0] if len(present) == 1 else None

    def _major_victory(self, index: int, victor: str, place: str) -> list[Action]:
        """The victor's Major Victory marker placed (WfA 13.10); during a battle it says
        the beaten force surrendered (13.9)."""
        out: list[Action] = [MajorVictoryMarked(step=index, side=victor, place=place)]
        battle = self.reading.battle
        if battle is not None:
            self.reading = evolve(self.reading, battle=evolve(battle, victor_marked=victor))
            out += self._surrenders(index)
        return out

    def _magazine(self, index: int, relocation: Relocation[Entity], entity: Entity,
                  side: str | None) -> list[Action]:
        origin, destination = relocation.origin, relocation.destination
        before = relocation.before.entity if relocation.before is not None else None
        if on_map(destination) and destination is not None:
            if not on_map(origin):
                return [MagazinePlaced(step=index, side=entity.key, space=destination.key)]
            if before is not None and before.key != entity.key:
                return [MagazineRemoved(step=index, side=before.key, space=destination.key,
                                        captured=True)]
            return []
        if on_map(origin) and origin is not None and before is not None:
            return [MagazineRemoved(step=index, side=before.key, space=origin.key)]
        return []

    def _defects(self, entity: Entity, side: str | None, destination: Place | None) -> bool:
        """Whether the step is Arnold's treason (WfA 19.13: "the counter is flipped and
        immediately placed with the closest British SP"): the British player moves the
        Colonial Arnold onto a space with British SP."""
        return (entity.kind == "leader" and entity.key == ARNOLD and self.reading.arnold is None
                and side == BRITISH and on_map(destination) and destination is not None
                and self.state.with_armies(destination.key).sp_of(BRITISH) > 0)

    def _defection(self, index: int, origin: Place | None, destination: Place | None
                   ) -> ArnoldDefected:
        assert destination is not None
        rolled = self.reading.free_d12
        roll = rolled[1] if rolled is not None and rolled[0] == BRITISH else None
        self.reading = evolve(self.reading, arnold=BRITISH, free_d12=None)
        return ArnoldDefected(step=index, side=BRITISH, origin=key_of(origin),
                              destination=destination.key, roll=roll)

    def _activation_dice(self, side: str) -> tuple[int, ...]:
        """The side's D6s since the last action that used one, for an activation (12.2-12.7;
        Washington's re-rolled 6 gives two, 11.10). A leading pair of one D6 each side,
        followed by the mover's own, is a round's initiative the log did not mark (no
        Action Round marker moved, 9.1): it is not the activation's roll."""
        dice = self.reading.d6
        first = dice.dice[:2]
        if len(dice) >= 3 and first[0].side != first[1].side and {
                first[0].side, first[1].side} == set(SIDES) and dice.after(2).values(side):
            dice = dice.after(2)
        return dice.values(side)

    def _take_d6(self, side: str | None) -> int | None:
        """The last D6 of `side` not yet used (it is used now), if any."""
        value, left = self.reading.d6.take_last(side)
        if value is not None:
            self.reading = evolve(self.reading, d6=left)
        return value

    def _side_of(self, entity: Entity) -> str | None:
        if entity.kind == "leader":
            if entity.key == ARNOLD and self.reading.arnold is not None:
                return self.reading.arnold
            return self.leader_side.get(entity.key)
        if entity.kind == "fleet":
            return self.fleet_side.get(entity.key)
        return entity.side


def _sp_of(group: Iterable[Relocation[Entity]]) -> int:
    """The SP of the counters moved."""
    return sum(e.value for r in group if (e := current(r)) is not None and e.kind == "sp")


def _sp_by_nation(holdings: Iterable[Holding]) -> Counter[str]:
    """Nation → SP in these holdings."""
    total: Counter[str] = Counter()
    for holding in holdings:
        total.update(holding.sp)
    return total


def _army_box(army: str) -> Place:
    """The Army Card box of an army (`box:army_w`, WfA 11.21)."""
    return box(f"{ARMY_BOX_PREFIX}{army}")


def _side(roster_side: str | None) -> str | None:
    """A roster side (`British`, `Colonial`, `American`) as an action side."""
    if roster_side is None:
        return None
    folded = roster_side.strip().casefold()
    if folded == "american":
        return "colonial"
    return folded if folded in SIDES else None


def _is_card(entity: Entity) -> bool:
    return entity.kind == "card"


def _start_sp(entity: Entity, place: Place) -> tuple[str, int] | None:
    """A dotted start SP counter in play (WfA 10.6): its nation and SP."""
    if entity.kind == "sp" and entity.detail == START and _in_play(place):
        return entity.key, entity.value
    return None


def _strength(entity: Entity) -> tuple[str, int] | None:
    """An SP counter's nation and SP (what `view.strength` nets per place)."""
    return (entity.key, entity.value) if entity.kind == "sp" else None


def _change_made(joined: Sequence[str], going: Sequence[str], arrived: Sequence[str]
                 ) -> bool:
    """Whether the SP counters `joined` to the force where it left others are change for
    them (SP counters are like money, WfA 2.0: a `3` exchanged for a `2` and a `1`, the `2`
    going on): only SP joined, and of no nation do more SP go on than arrived. The force
    then drops SP off (9.3, 12.3: "can drop them off on spaces through which they move")
    and picks nothing up."""
    if any((entity := Entity.parse(unit)) is None or entity.kind != "sp" for unit in joined):
        return False
    went, came = Counter[str](), Counter[str]()
    for units, total in ((going, went), (arrived, came)):
        for unit in units:
            entity = Entity.parse(unit)
            if entity is not None and entity.kind == "sp":
                total[entity.key] += entity.value
    return all(sp <= came[nation] for nation, sp in went.items())


def _entity_id(relocation: Relocation[Entity]) -> str:
    entity = current(relocation)
    return entity.entity_id if entity is not None else relocation.name


def _dragged_away(view: StepView[Entity, str], relocation: Relocation[Entity]) -> bool:
    """Whether a piece that ends the step where it began was dragged elsewhere on the map
    in it (and back): a move, every space entered costing MP (WfA 12.0)."""
    return any(on_map(place) and place != relocation.origin
               for place in view.waypoints.get(relocation.piece_id, ()))


def _armies_taken_off(relocations: Sequence[Relocation[Entity]]) -> dict[str, str]:
    """Space → the army marker taken off the map from it in this step."""
    found: dict[str, str] = {}
    for relocation in relocations:
        entity = current(relocation)
        if (entity is not None and entity.kind == "army" and on_map(relocation.origin)
                and relocation.origin is not None and not on_map(relocation.destination)):
            found[relocation.origin.key] = entity.key
    return found


def _in_play(place: Place | None) -> bool:
    """On the map or on an Army Card (WfA 11.21: the army's SP are in play there)."""
    return on_map(place) or (place is not None and place.kind is PlaceKind.BOX
                              and place.key.startswith(ARMY_BOX_PREFIX))


__all__ = ["D6_BUTTONS", "D12_BUTTONS", "Battle", "Force", "Interpreter", "Muster",
           "OpenCombat", "OpenFleetCombat", "Reading"]
