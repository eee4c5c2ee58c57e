"""Where a Washington's War game is in its sequence of play, as immutable values.

The sequence of play (WW 5.0–5.7, digest §2) is `SEQUENCE`: a turn is seven phases. In
the Strategy Phase the players alternate *impulses* (one card each, WW 5.3); an impulse
holds what its card did: *activations* (a General's legs, WW 7.x), the *battle* his
movement led to (WW 9.2, with the Battle Cards and rolls of Step 1–4), PC changes,
reinforcement arrivals, a Landing Party. Every record here is frozen: the referee
replaces them as play goes on, so keeping the procedure of a step for undo is keeping a
reference.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from adjudicator.systems.common.places import Place
from adjudicator.systems.common.routes import PricedLeg
from adjudicator.systems.common.sequence import Moment
from adjudicator.systems.common.sequencer import (
    Alternation,
    Position,
    Procedure,
    Stage,
    Turn,
)
from adjudicator.systems.common.values import evolve
from adjudicator.systems.washingtons_war.data import Nationality, Side
from adjudicator.systems.washingtons_war.season import Season

SETUP = "setup"
REINFORCEMENTS = "reinforcements"
STRATEGY_CARDS = "strategy_cards"
STRATEGY = "strategy"
WINTER_ATTRITION = "winter_attrition"
FRENCH_NAVAL = "french_naval"
ARNOLD = "arnold"
"""The General 'Benedict Arnold Treason!' removes (WW 6.33 Clarifications)."""
TREASON = "benedict_arnold_treason"
POLITICAL_CONTROL = "political_control"
END = "end"
ACTIVATION = "activation"
BATTLE = "battle"

TURN = Turn("ww", (
    Stage(SETUP, "Set-up", "WW 4.0", once=True),
    Stage(REINFORCEMENTS, "Reinforcements Phase", "WW 5.1"),
    Stage(STRATEGY_CARDS, "Strategy Cards Phase", "WW 5.2"),
    Stage(STRATEGY, "Strategy Phase", "WW 5.3", alternation=Alternation(
        unit="impulse", sides=(Side.BR.value, Side.AM.value), citation="WW 5.3",
        procedures=(Procedure(ACTIVATION, "Activation", "WW 7.1–7.3", steps=(
            Procedure(BATTLE, "Battle", "WW 9.2"),)),))),
    Stage(WINTER_ATTRITION, "Winter Attrition Phase", "WW 5.4"),
    Stage(FRENCH_NAVAL, "French Naval Phase", "WW 5.5"),
    Stage(POLITICAL_CONTROL, "Political Control Phase", "WW 5.6",
          ("congress", "place_pc", "isolation")),
    Stage(END, "End Phase", "WW 5.7"),
))
"""A turn of Washington's War (WW 5.0): all of a phase ends before the next begins; in
the Strategy Phase the players alternate impulses (WW 5.3), in which a General activated
(WW 7.1–7.3) may give battle (WW 9.2). The set-up (WW 4.0) is played once."""
SEQUENCE = TURN.spec
"""The turn's phases in order."""


Carried = tuple[tuple[Nationality, int], ...]
"""CUs by nationality (sorted), as an immutable value."""


def carried_total(carried: Carried) -> int:
    """How many CUs."""
    return sum(n for _, n in carried)


class Use(StrEnum):
    """What a card play was used for (WW 5.3 (a)–(d), 6.2, 6.32, 7.1.B, 7.2)."""

    ACTIVATE = "activate"
    PC = "pc"
    REINFORCE = "reinforce"
    QUEUE = "queue"
    CAMPAIGN = "campaign"
    GLOVER = "glover"
    EVENT = "event"
    DISCARD = "discard"
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class Leg:
    """One drag of a General (with what he carries) from one space to another."""

    step: int
    general: str
    origin: str
    destination: str
    carried: Carried
    enemy_cus_at_destination: int = 0
    """Enemy CUs in the destination just before the drag."""
    enemy_general_at_destination: bool = False
    enemy_pc_at_destination: bool = False
    friendly_cus_at_destination: int = 0
    """CUs of the mover's side already in the destination before the drag."""
    low: int | None = None
    """Movement points of the cheapest legal route (None: no route known)."""
    high: int | None = None
    """The same with every line of unstated type counted as a Wilderness line."""
    entered_from: frozenset[str] = frozenset()
    """The spaces the General may have entered the destination from."""
    route_problem: str | None = None
    """Why no legal land route joins origin and destination (the map is complete)."""
    route_rule: str | None = None
    """The rule the only routes break (entering enemy CUs ends a move; a lone General may
    not enter enemy CUs or PCs), when a route exists without those limits."""
    naval: str | None = None
    """For a British port-to-port drag: `eligible`, or why Naval Movement is not allowed
    (WW 7.5); None for any other drag."""
    via: tuple[str, ...] = ()
    """The spaces the step's drags put him on between `origin` and `destination` (several
    drags in one step), in order: the route is priced along them."""
    legs: tuple[PricedLeg, ...] = ()
    """The route priced (`routes.Route.legs`): each line crossed and its cost."""


@dataclass(frozen=True, slots=True)
class Stop:
    """Why an activated General's movement ended before he chose to stop (WW 7.3.B)."""

    step: int
    space: str
    reason: str
    """`battle`, `retreat before battle`, `interception`."""


@dataclass(frozen=True, slots=True)
class Activation:
    """One General activated by the impulse's card (WW 7.1–7.3)."""

    general: str
    step: int
    legs: tuple[Leg, ...] = ()
    stop: Stop | None = None
    overruns: int = 0
    """Overruns this activation made (WW 9.7): an American Army then moves 4, not 5."""
    battles: int = 0
    picked_up_elsewhere: bool = False


@dataclass(frozen=True, slots=True)
class BattleCard:
    """A card a side played (Battle Card, +2) or discarded (+1) in battle Step 1 (WW 9.45)."""

    step: int
    side: Side
    card: str


@dataclass(frozen=True, slots=True)
class BattleDie:
    """One die rolled while a battle was open, and the side of the player who rolled it
    (None: the roster did not say), so each die can be mapped to its step (WW 9.2)."""

    step: int
    value: int
    side: Side | None


@dataclass(frozen=True, slots=True)
class Removal:
    """CUs of one side taken off a battle's space in one step (net of counters put back to
    make change): losses (WW 9.5) or a surrender (WW 9.63)."""

    step: int
    side: Side
    count: int


@dataclass(frozen=True, slots=True)
class RetreatMove:
    """One drag of a retreating side out of the battle's space (WW 7.9.B, 9.6): a General
    and CUs dragged separately to the same space in several steps are one retreat, which
    may not be split up (WW 9.61.B)."""

    step: int
    side: Side
    destination: str
    generals: tuple[str, ...]
    cus: int
    before_battle: bool = False
    """A retreat before battle (WW 7.9.B), not after it (WW 9.6)."""
    found: tuple[str, ...] = ()
    """Enemy Generals without CUs in the destination as CUs entered it (WW 7.6.A)."""


@dataclass(frozen=True, slots=True)
class Modifier:
    """A fixed T4 modifier the position gives one side of a battle (WW 9.41–9.46)."""

    side: Side
    name: str
    """The T4 modifier's id (`regulars`, `royal_navy`, `militia`, ...)."""
    drm: int


@dataclass(frozen=True, slots=True)
class BattleSetup:
    """The forces and position-given modifiers of a battle when its procedure began (WW 9.2
    Step 1), read once so the odds and the checks see the battle as it was fought."""

    step: int
    """The step at which the procedure began."""
    attacker_cus: int
    defender_cus: int
    attacker_general: str | None
    defender_general: str | None
    modifiers: tuple[Modifier, ...] = ()
    unresolved: tuple[str, ...] = ()
    """Modifiers the position cannot settle (why), e.g. the Turn marker's side unknown."""
    uncertain: tuple[Modifier, ...] = ()
    """Those modifiers, each as the most it may add to a side (0 or this)."""
    opened_at: int = 0
    """How many of the battle's dice came before the procedure (interception or retreat-
    before-battle attempts)."""

    @property
    def dice_due(self) -> int:
        """Dice WW 9.2 rolls: one Actual Battle Rating die per side with a General (Step
        2), two battle dice (Step 4), the loser's and the winner's loss dice (Step 5)."""
        return 4 + (self.attacker_general is not None) + (self.defender_general is not None)


@dataclass(frozen=True, slots=True)
class Battle:
    """A battle (or an overrun, or a retreat before battle) in one space (WW 9.1, 9.2)."""

    space: str
    attacker: Side
    general: str | None
    """The activated General (None: a leaderless battle after Arnold's treason)."""
    entered_from: frozenset[str]
    """Where the attacker may have entered the space from (one space, unless a drag
    crossed several spaces at once)."""
    step: int
    attacker_cus: int = 0
    """CUs of the attacking Army as it entered (an overrun needs 4 or 5, WW 9.7)."""
    defender_cus: int = 0
    """Enemy CUs in the space as the attacker entered."""
    defender_general: bool = False
    """Whether an enemy General was in the space as the attacker entered."""
    congress: bool = False
    """Whether the Continental Congress stood in the space as the attacker entered (WW 7.7:
    it is dispersed if the American forces there are eliminated or forced to retreat)."""
    intercepted: bool = False
    interceptor: str | None = None
    """The intercepting General (WW 7.8.C)."""
    intercepted_from: str | None = None
    """The space his Army intercepted from."""
    intercepting: tuple[tuple[int, int], ...] = ()
    """(step, CUs) of each drag that brought his Army in: his own, and CUs dragged after
    him from the same space before the battle began (one interception)."""
    left_behind: int = 0
    """CUs of his stack still in the space he intercepted from after the last drag."""
    cards: tuple[BattleCard, ...] = ()
    rolls: tuple[int, ...] = ()
    """Every die rolled while the battle was open (an interception or retreat-before-
    battle attempt included)."""
    attacker_rolls: int = 0
    """How many of those the attacking side rolled (its player known from the roster)."""
    rbb: bool = False
    """The defender retreated before battle (WW 7.9)."""
    losses: bool = False
    """CUs were removed in the space (losses, or an overrun)."""
    loss_steps: tuple[int, ...] = ()
    """The steps that removed them."""
    dice: tuple[BattleDie, ...] = ()
    """`rolls` with who rolled each."""
    setup: BattleSetup | None = None
    """Set when the Combat Resolution Procedure began (`fought`)."""
    removals: tuple[Removal, ...] = ()
    """CUs each side had removed from the space (to stock or elsewhere off the map), step
    by step."""
    captured: tuple[str, ...] = ()
    """Generals moved from the space to the Captured Generals Box."""
    capture_steps: tuple[int, ...] = ()
    """The steps at which they were (one per General, in order)."""
    retreats: tuple[RetreatMove, ...] = ()
    """The retreating drags out of the space, before battle (WW 7.9) or after (WW 9.6)."""
    marker_steps: tuple[int, ...] = ()
    """Steps that moved the Turn or French Alliance marker once the procedure had begun:
    VASSAL players move them after the units, for Step 7 (WW 9.2)."""

    def retreat_moves(self, side: Side, *, before_battle: bool) -> tuple[RetreatMove, ...]:
        """The side's drags of one kind of retreat out of the space."""
        return tuple(r for r in self.retreats
                     if r.side is side and r.before_battle is before_battle)
    last_card: bool | None = None
    """Whether the impulse's card was the last of the Strategy Phase (both hands empty as
    the attacker entered; None: the hands are not tracked), for WW 9.44."""
    treason: bool = False
    """'Benedict Arnold Treason!' was played as the event in Step 1: Arnold was removed
    from the game while the battle was open (WW 6.33 Clarifications, 9.2 Step 1)."""

    @property
    def lost(self) -> tuple[tuple[Side, int], ...]:
        """CUs each side lost in the space (sides that lost none left out)."""
        return tuple((side, n) for side in Side if (n := self.lost_by(side)) > 0)

    def lost_by(self, side: Side) -> int:
        """CUs the side lost in the space."""
        return max(0, sum(r.count for r in self.removals if r.side is side))

    @property
    def last_step(self) -> int:
        """The last step of the battle's procedure the log shows: its last die, card, CU
        removal, retreat drag, capture or marker move (WW 9.2 Steps 1–7)."""
        steps = [self.step, *(d.step for d in self.dice), *(c.step for c in self.cards),
                 *(r.step for r in self.removals), *(r.step for r in self.retreats),
                 *self.loss_steps,
                 *self.capture_steps, *self.marker_steps]
        if self.setup is not None:
            steps.append(self.setup.step)
        return max(steps)

    @property
    def fought(self) -> bool:
        """Whether the Combat Resolution Procedure (WW 9.2) has begun: a card was played in
        Step 1, the attacker rolled, or more than one die was rolled. A single American
        roll before that is a retreat-before-battle (or interception) attempt (WW 7.9.A),
        rolled before the battle; so are several, each rolled by the defender's player one
        at a time, before the attacker rolled anything: other Armies' interception
        attempts into the space come first, then the retreat before battle attempt (WW
        7.9.B, 7.8.D), and Step 2 begins with the attacker's die."""
        defender_attempts = all(
            die.side is not None and die.side is not self.attacker for die in self.dice
        ) and len({die.step for die in self.dice}) == len(self.dice)
        return bool(self.cards) or self.attacker_rolls > 0 or (
            len(self.rolls) > 1 and not defender_attempts)

    @property
    def procedure_dice(self) -> int:
        """Dice rolled once the Combat Resolution Procedure began (not the interception or
        retreat-before-battle attempts before it)."""
        return len(self.dice) - (self.setup.opened_at if self.setup is not None else 0)

    @property
    def rolled(self) -> bool:
        """Whether the Combat Resolution Procedure has begun and any of its dice (Step 2
        on) was rolled."""
        return self.setup is not None and self.procedure_dice > 0

    @property
    def treason_overrun(self) -> bool:
        """WW 9.7 Clarification: Treason in Step 1 left the defender 1 CU and no General
        (Arnold was its only General) against an attacking Army of 4 or 5 CUs, so an
        overrun happens instead of the battle — never when Arnold was the attacker."""
        setup = self.setup
        return (self.treason and setup is not None and self.general != ARNOLD
                and setup.defender_general == ARNOLD and setup.defender_cus == 1
                and setup.attacker_cus in (4, 5))

    @property
    def overrun_allowed(self) -> bool:
        """WW 9.7: an Army of 4 or 5 CUs entering a space with exactly 1 enemy CU and no
        enemy General overruns it instead of fighting."""
        return self.attacker_cus in (4, 5) and self.defender_cus == 1 and (
            not self.defender_general)


@dataclass(frozen=True, slots=True)
class PcChange:
    """A PC marker placed, flipped or removed in a space during one step."""

    step: int
    space: str
    before: Side | None
    after: Side | None
    maybe_phase: bool = False
    """Charged to the last card of the Strategy Phase, though it may as well be the
    Political Control Phase's (both hands were empty and the player had an Army there)."""
    american_units: bool | None = None
    """An American General, CU or the Congress was in the space just before the change
    (None: not recorded)."""
    added: bool = False
    """The new marker was put beside the old one, still there (a flip made as "place the
    new marker, then remove the old", or a second marker, WW 10.0.A)."""
    units: bool | None = None
    """Any General or CU, or the Congress, was in the space just before the change (None:
    not recorded): a Landing Party is judged on the space as it was made (WW 7.2.B)."""

    @property
    def action(self) -> str:
        """`place`, `flip` or `remove`."""
        if self.before is None:
            return "place"
        return "remove" if self.after is None else "flip"


@dataclass(frozen=True, slots=True)
class Arrival:
    """Generals and CUs that came onto a map space from a box or from stock."""

    step: int
    space: str
    generals: tuple[str, ...] = ()
    cu: Carried = ()
    from_stock: Carried = ()
    """The CUs among `cu` that came from stock (no box)."""
    present: tuple[str, ...] = ()
    """Generals of the arriving side already in the space as these arrived."""


@dataclass(frozen=True, slots=True)
class Impulse:
    """One card play and everything its player did with it (WW 5.3)."""

    side: Side
    card: str
    destination: Place
    step: int
    player: str | None
    use: Use = Use.UNKNOWN
    queue_total: int | None = None
    """For an activation through an Operations Queue: the queue's total OPS (also for an
    OPS card played straight to the discard pile while its side had a queue: it may be the
    card that completes the queue, WW 7.1.B.ii-iii)."""
    queue: tuple[str, ...] = ()
    """For a card played into an Operations Queue: the queue's cards with it (WW 7.1.B)."""
    activations: tuple[Activation, ...] = ()
    battle: Battle | None = None
    battles: tuple[Battle, ...] = ()
    pcs: tuple[PcChange, ...] = ()
    landing_party: tuple[PcChange, ...] = ()
    arrivals: tuple[Arrival, ...] = ()
    alliance_arrivals: tuple[Arrival, ...] = ()
    """The French forces placed when the alliance that came in this impulse was carried out
    (WW 12.2.B.ii): not reinforcements, so not among `arrivals` (set when it ends)."""
    pc_before: tuple[tuple[str, Side | None], ...] = ()
    """The PC of each space whose PC changed in this impulse, before the card (WW 10.11.B)."""
    intercepted_by: frozenset[str] = frozenset()
    """American Generals whose Armies attempted an interception this card, successful or
    not (WW 7.8.E)."""
    chance: Leg | None = None
    """The British leg that last gave the Americans a chance to intercept (WW 7.8.A),
    until an interception, the next leg or the activation's end settles it."""
    may_have_intercepted: frozenset[str] = frozenset()
    """American Generals one of whom (the log does not say which) attempted an
    interception this card."""
    unresolved: bool = False
    other_pcs: tuple[PcChange, ...] = ()
    """PC changes by the other side during this impulse (events, removals)."""
    exchanged: bool = False
    """The opponent already took this impulse's discarded Event in exchange (WW 6.32.C)."""
    drawn: tuple[tuple[str, int], ...] = ()
    """(card, step): the cards this impulse's Event drew at random from the opponent's hand
    (WW 6.31); a Special Event among them is carried out at once (WW 6.34.B)."""
    touched: frozenset[str] = frozenset()
    """Spaces where Generals, CUs or the Congress came or went during this impulse."""
    line_mutinies: str | None = None
    """"Pennsylvania and New Jersey Line Mutinies" earlier this turn, when this card was
    played (`Season.line_mutinies`): American placements with OPS cards or Event discards
    are then forbidden (WW 10.11.A.iv)."""
    held: tuple[int, str, str, Carried, str | None] | None = None
    """CUs of the impulse side dragged with no General and along no leg of one (step,
    origin, destination, CUs, player): if the next drag is a General of the side along the
    same way, they moved with him (WW 7.3.A, the counters of one stack dragged in another
    order); otherwise they moved alone (WW 7.0)."""
    opens_turn: bool = False
    """The first card of a turn whose start the log showed (WW 5.3: who goes first)."""
    maybe_drawn: bool = False
    """Its card went from its player's hand to the discard pile, moved by him, during the
    opponent's Event impulse: it may be a card that Event drew at random, which is no play
    (WW 6.31), its owner moving it because his hand is hidden from the opponent."""
    alliance_moves: tuple[tuple[str, int], ...] = ()
    """(`marker`, `navy` or `french`, step): the steps of this impulse that moved the French
    Alliance marker, the French Navy or the French forces (WW 12.1, 12.2.B); VASSAL moves
    them after the units, often in a later step. Kept here so that undo drops an undone
    step's."""

    def moved(self, what: str) -> tuple[int, ...]:
        """The steps of this impulse that moved `what` (see `alliance_moves`)."""
        return tuple(step for kind, step in self.alliance_moves if kind == what)

    @property
    def activation(self) -> Activation | None:
        """The General being activated now."""
        return self.activations[-1] if self.activations else None

    def with_activation(self, activation: Activation) -> Impulse:
        """This impulse with its current activation replaced."""
        return evolve(self, activations=(*self.activations[:-1], activation))

    def pc_at_start(self, space: str, now: Side | None) -> Side | None:
        """The PC a space held before this card was played."""
        for key, before in self.pc_before:
            if key == space:
                return before
        return now


@dataclass(frozen=True, slots=True)
class WWProcedure:
    """The whole procedure state: sequence moment, impulse, queues, change-making."""

    moment: Moment = field(default_factory=Moment)
    impulse: Impulse | None = None
    last: Impulse | None = None
    """The previous impulse (for exchanges, WW 6.32.C, and alternation, WW 5.3)."""
    queues: tuple[tuple[Side, tuple[str, ...]], ...] = ()
    """Each side's Operations Queue (WW 7.1.B): the cards in it."""
    change_credit: tuple[tuple[str, Nationality, int], ...] = ()
    """CUs taken off a space to be exchanged for other counters (WW 2.2.A, 3.0)."""
    change_debit: tuple[tuple[str, Nationality, int], ...] = ()
    """CUs put into a space from stock since the impulse began (or, outside one, since the
    last impulse ended) that CUs taken off the space later may turn into making change."""
    season: Season = field(default_factory=Season)
    """The turn's phases after the cards: Winter Attrition and PC isolation under way."""
    regulars: bool | None = None
    """Whether the Turn marker shows British Regulars (WW 9.41): True from a log that
    begins at set-up until a battle costs the British 3 CUs; None when unknown."""

    @property
    def position(self) -> Position:
        """Where play is in the turn, as the common sequencer sees it: the moment (the
        impulse, its activations and its battle are WW's own records, `impulse`)."""
        return Position(moment=self.moment)

    def placed(self, position: Position) -> WWProcedure:
        """This procedure at a new position (its moment: see `position`)."""
        return evolve(self, moment=position.moment)

    def queue(self, side: Side) -> tuple[str, ...]:
        """The cards in a side's Operations Queue."""
        for owner, cards in self.queues:
            if owner is side:
                return cards
        return ()

    def with_queue(self, side: Side, cards: tuple[str, ...]) -> WWProcedure:
        """This procedure with a side's queue replaced."""
        others = tuple(item for item in self.queues if item[0] is not side)
        return evolve(self, queues=(*others, (side, cards)) if cards else others)


__all__ = [
    "ACTIVATION",
    "BATTLE",
    "END",
    "FRENCH_NAVAL",
    "POLITICAL_CONTROL",
    "REINFORCEMENTS",
    "SEQUENCE",
    "SETUP",
    "STRATEGY",
    "STRATEGY_CARDS",
    "TURN",
    "WINTER_ATTRITION",
    "Activation",
    "Arrival",
    "Battle",
    "BattleCard",
    "BattleDie",
    "BattleSetup",
    "Carried",
    "Impulse",
    "Leg",
    "Modifier",
    "PcChange",
    "Removal",
    "RetreatMove",
    "Stop",
    "Use",
    "WWProcedure",
    "carried_total",
]
