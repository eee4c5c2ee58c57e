"""The typed actions of Washington's War that the rules judge.

`interpret.Interpreter` turns each logged step into these, placed in the sequence of play
(`procedure`); the `rules/` modules judge them. Each carries the step and side, and the
procedure records it concerns (the impulse, the activation, the battle), so a rule reads
what it needs from the action and the position, never from raw VASSAL commands.
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.systems.common.actions import Action, CardPlay, PhaseChange
from adjudicator.systems.common.places import Place
from adjudicator.systems.washingtons_war.procedure import (
    Activation,
    Arrival,
    Battle,
    Carried,
    Impulse,
    Leg,
    PcChange,
)
from adjudicator.systems.washingtons_war.season import PcRemoval, Snapshot


@dataclass(frozen=True, slots=True, kw_only=True)
class LegMoved(Action):
    """An activated General moved one drag (WW 7.3); judged as it happens."""

    leg: Leg
    activation: Activation
    """The activation before this leg."""
    impulse: Impulse


@dataclass(frozen=True, slots=True, kw_only=True)
class ImpulseOpened(Action):
    """A card left its player's hand as his impulse (WW 5.3)."""

    impulse: Impulse
    previous: Impulse | None
    """The impulse before it this phase (None: the first one seen)."""
    opponent_cards: int
    """Cards in the opponent's hand as this card was played."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ActivationEnded(Action):
    """An activated General's move is over (another General moved, or the card ended)."""

    activation: Activation
    impulse: Impulse


@dataclass(frozen=True, slots=True, kw_only=True)
class ImpulseEnded(Action):
    """A card's impulse is over (the next card was played, or the phase ended)."""

    impulse: Impulse
    log_ended: bool = False
    """The log ended with the impulse still open: what it had not done yet may simply not
    have been recorded."""


@dataclass(frozen=True, slots=True, kw_only=True)
class CardExchanged(Action):
    """A player gave a card from his hand for the Event his opponent just discarded as his
    impulse (WW 6.32.C); `side` is the exchanging player's."""

    given: str
    taken: str


@dataclass(frozen=True, slots=True, kw_only=True)
class BattleCardPlayed(Action):
    """A card played or discarded while a battle is open (WW 6.33, 9.2, 9.45): in Step 1
    unless `after_dice` names the steps of the procedure's dice rolled before it."""

    card: str
    battle: Battle
    impulse: Impulse
    after_dice: tuple[int, ...] = ()
    """The steps of the battle's Step 2+ dice already rolled: such a card is no Step 1
    play of the battle, and gives it no modifier (WW 9.45, 6.33.A)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Interception(Action):
    """An American Army moved into the space a British Army just entered (WW 7.8)."""

    general: str
    origin: str
    destination: str
    carried: Carried
    left_behind: int
    """CUs of the intercepting stack that stayed in the origin."""
    impulse: Impulse
    leg: Leg | None
    """The British leg that entered the space."""
    dice: tuple[int, ...] = ()
    """Dice the American (or an unnamed player) rolled since that leg: the attempt's roll
    (WW 7.8.A) when there is exactly one."""
    battle: Battle | None = None
    """The battle the interception opens in the space (WW 7.8.D), with the interceptors
    and any American CUs already there as defenders."""


@dataclass(frozen=True, slots=True, kw_only=True)
class InterceptionJoined(Action):
    """CUs dragged after an intercepting General from the space he intercepted from, before
    the battle began: part of the same interception (WW 7.8.C)."""

    origin: str
    destination: str
    carried: Carried
    left_behind: int
    """CUs of the stack still in the origin after this drag."""


@dataclass(frozen=True, slots=True, kw_only=True)
class InterceptionAttempted(Action):
    """The American rolled for an interception that no move followed (WW 7.8.A): a failed
    attempt, which still bars the Army's retreat before battle and a second attempt for
    the rest of the British card (WW 7.8.E)."""

    general: str | None
    """The one American Army that could have attempted it (None: several could)."""
    candidates: tuple[str, ...]
    """The American Armies adjacent to the space that could have attempted it."""
    space: str
    """The space the British Army entered."""
    die: int
    leg: Leg
    impulse: Impulse
    """The impulse before the attempt."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RetreatBeforeBattle(Action):
    """An American Army left the space a British Army entered, before battle (WW 7.9)."""

    general: str | None
    origin: str
    destination: str
    carried: Carried
    battle: Battle
    impulse: Impulse
    found: tuple[str, ...] = ()
    """Enemy Generals without CUs in the destination as the CUs entered it (WW 7.6.A)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class BattleSettled(Action):
    """The space of a battle holds only one side again: how it ended (WW 9.1, 9.7, 7.9).

    `outcome` is `battle` (dice were rolled), `overrun` (enemy CUs removed with no roll),
    `retreat before battle` (the defender left and no enemy CU stayed) or `unclear`.
    """

    battle: Battle
    outcome: str
    impulse: Impulse


@dataclass(frozen=True, slots=True, kw_only=True)
class BattleResolved(Action):
    """A fought battle, judged once its impulse is over, so that every die, loss and
    capture of WW 9.2 Steps 2–7 is in (`battle.setup` is the battle as Step 1 began)."""

    battle: Battle
    impulse: Impulse


@dataclass(frozen=True, slots=True, kw_only=True)
class Retreat(Action):
    """The loser of a battle left the battle space (WW 9.6)."""

    generals: tuple[str, ...]
    carried: Carried
    origin: str
    destination: str
    attacker: bool
    battle: Battle
    by_sea: bool = False
    found: tuple[str, ...] = ()
    """Enemy Generals without CUs in the destination as the retreating CUs entered it:
    they are captured (WW 7.6.A, 'whether by Movement, Interception, or Retreat')."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SentToBox(Action):
    """A General went from a map space to his Reinforcement Box (WW 7.4.C, 8.1.C, 8.2.C)."""

    general: str
    origin: str


@dataclass(frozen=True, slots=True, kw_only=True)
class UnactivatedMove(Action):
    """Pieces moved between map spaces with no activation or reaction to explain it."""

    generals: tuple[str, ...]
    carried: Carried
    origin: str
    destination: str
    why: str
    """Why it is not an activation or a reaction (the finding's explanation)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ReinforcementArrived(Action):
    """Pieces entered the map from a box or stock (WW 8.1.C, 8.2.C, 12.2.B.ii)."""

    arrival: Arrival


@dataclass(frozen=True, slots=True, kw_only=True)
class PcChanged(Action):
    """A PC marker placed, flipped or removed, in whatever phase (WW 10)."""

    change: PcChange
    impulse: Impulse | None
    phase: str | None


@dataclass(frozen=True, slots=True, kw_only=True)
class AtRest(Action):
    """The position after an impulse: stacking at rest (WW 3.0, 7.4.C)."""

    spaces: frozenset[str] | None = None
    """The spaces to look at (those the impulse touched); None: every space."""
    unsettled: frozenset[str] = frozenset()
    """Spaces of a battle still open when the log ended: not at rest yet."""


@dataclass(frozen=True, slots=True, kw_only=True)
class WinterAttritionEnded(Action):
    """The Winter Attrition Phase is over (WW 5.4, 11): the position at its start and end,
    and the dice rolled in it. `complete` is False when the log ended during the phase
    (losses still to come are then not missing)."""

    start: Snapshot
    end: Snapshot
    rolls: tuple[int, ...]
    changed: tuple[tuple[str, int], ...]
    """Space → the last step at which its CUs changed in the phase."""
    complete: bool = True
    seen: bool = True
    """False: the log went from the cards to a later phase with no sign of this one (no
    loss, no marker); what T8 takes is then not judged as missing."""
    began: int = 0
    """The step at which the phase began."""
    hands: tuple[tuple[str, int], ...] = ()
    """Cards in each hand when the log showed the phase begin (empty: not shown)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class IsolationSegmentEnded(Action):
    """The Political Control Phase is over (WW 5.6, 10.2.3): the position when its Remove
    Isolated PC Markers segment began, and the markers removed in it."""

    start: Snapshot
    removals: tuple[PcRemoval, ...]
    complete: bool = True
    phase_start: Snapshot | None = None
    """The position when the phase began (its Congress Segment, WW 10.2.1)."""
    dispersed_at_start: bool = False
    """The Congress was in its Dispersed Box when the phase began."""
    dispersed_at_end: bool = False
    """The Congress is still in its Dispersed Box as the phase ends."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnEnded(Action):
    """The End Phase of a turn (WW 5.7): shown by the log, or implied by the next year.

    `next_year` is the year that began (None: the log showed the End Phase, or ended)."""

    year: str | None
    next_year: str | None
    war_ends: tuple[str, ...]
    """The cards in the War Ends box (WW 6.34.C.iii)."""
    final: bool = False
    """The log ended here: the game may end now."""


@dataclass(frozen=True, slots=True, kw_only=True)
class EndPhaseEnded(Action):
    """The End Phase the log showed (WW 5.7) ended: the next year began. The positions at
    its start and end, and the steps in it that took CUs off or onto map spaces."""

    year: str | None
    start: Snapshot
    end: Snapshot
    changed: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class CongressPlaced(Action):
    """The Continental Congress came onto a map space (from its Dispersed Box, or from
    another space) (WW 10.2.1)."""

    origin: str
    """The box or space it came from (`congress_dispersed` for the Dispersed Box)."""
    space: str
    from_dispersed: bool
    phase: str | None
    """The phase (None: unknown)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class StrategyBegan(Action):
    """A new turn's Strategy Phase began (its first card): what the last turn's End Phase
    should have cleared (WW 5.7)."""

    leftovers: tuple[tuple[str, str], ...]
    """(card box, card) still in an OPS queue or a Reinforcement Card box."""



@dataclass(frozen=True, slots=True, kw_only=True)
class CardsIntoDeck(Action):
    """Cards put into the draw deck from the discard pile, the removed cards, the War Ends
    box or the set-aside cards in one step: a reshuffle (WW 6.1, 6.3.D) or the 1776
    shuffle-in (WW 6.1.E)."""

    cards: tuple[tuple[str, Place], ...]
    """Each card and where it came from."""
    deck_before: int
    """Cards in the draw deck before the step."""
    due: tuple[str, ...]
    """Why a reshuffle may be due (the reshuffle events seen since the last one); empty:
    none."""
    year: str | None


@dataclass(frozen=True, slots=True, kw_only=True)
class NavyMoved(Action):
    """The French Navy changed place (WW 5.5, 12.2, 12.3)."""

    origin: Place | None
    destination: Place | None
    phase: str | None
    """The phase (None: unknown)."""
    card: str | None = None
    """The card of the impulse under way, if any (WW 12.2 "d'Estaing…")."""
    year: str | None = None
    """The current turn (the Turn Track space the Navy may go to, WW 12.2)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class GeneralRemoved(Action):
    """A General went from a map space to the Captured Generals Box or out of play
    (WW 7.6, 9.63)."""

    general: str
    origin: str
    destination: Place
    impulse: Impulse | None


@dataclass(frozen=True, slots=True, kw_only=True)
class ImpulseReckoned(Action):
    """An impulse ended: the French Alliance marker and Washington when its card was played
    and now (WW 7.6.B, 12.1), for what the impulse's events owe the marker."""

    impulse: Impulse
    before: int | None
    """The track space when the card was played (None: not on the track)."""
    after: int | None
    allied_before: bool | None
    """Whether the alliance had happened when the card was played (None: unknown)."""
    european_war: bool
    """The marker shows its European War side now."""
    washington_lost: bool
    """Washington left the map for the Captured Generals Box or out of play."""
    navy_before: bool = False
    """The French Navy was in a Blockade Zone or on the Turn Track when the card was
    played (WW 12.2.B.i: it enters with the alliance)."""
    marker_steps: tuple[int, ...] = ()
    """The steps of the impulse that moved or flipped the French Alliance marker, in
    order: a wrong move is found at the last of them, the one that left it wrong."""
    navy_steps: tuple[int, ...] = ()
    """The steps of the impulse that moved the French Navy (WW 12.2.B.i)."""
    french_steps: tuple[int, ...] = ()
    """The steps of the impulse that moved Rochambeau or French CUs (WW 12.2.B.ii)."""


__all__ = [
    "ActivationEnded",
    "AtRest",
    "BattleCardPlayed",
    "BattleResolved",
    "BattleSettled",
    "CardExchanged",
    "CardPlay",
    "CardsIntoDeck",
    "CongressPlaced",
    "EndPhaseEnded",
    "GeneralRemoved",
    "ImpulseEnded",
    "ImpulseOpened",
    "ImpulseReckoned",
    "Interception",
    "InterceptionAttempted",
    "InterceptionJoined",
    "IsolationSegmentEnded",
    "LegMoved",
    "NavyMoved",
    "PcChanged",
    "PhaseChange",
    "ReinforcementArrived",
    "Retreat",
    "RetreatBeforeBattle",
    "SentToBox",
    "StrategyBegan",
    "TurnEnded",
    "UnactivatedMove",
    "WinterAttritionEnded",
]
