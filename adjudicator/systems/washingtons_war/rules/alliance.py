"""The French Alliance marker and the French Navy's entry (WW 12.1, 12.2; WW-FA-01,
WW-FA-03, WW-NAVY-03).

* WW-FA-01 (WW 12.1): what each card's impulse owes the French Alliance marker, judged
  when the impulse ends against where the marker stood when the card was played: +1 for
  each battle or overrun the British lost (WW 9.2 Step 7), +2 when the British lost the
  Regulars' Advantage (3 CUs in one battle, once per game, WW 9.41), +2 for "Hortelz et
  Cie" played as the event (a discard owes nothing; the log cannot tell them apart, so
  either count is legal), +4 for "Benjamin Franklin" whenever it is played (a Special
  Event, never discarded, WW 6.34.A, 6.34.C.ii), -3 when Washington was captured
  (WW 7.6.B); never below 0, never past the French Alliance space (9), and fixed once the
  alliance has happened. The marker may be moved at any step of the impulse (VASSAL moves
  it after the units, often steps later); a wrong count is found at the step of the
  marker's last move in the impulse, the one that left it wrong, its message naming the
  card and the battles it relied on (a marker never moved is found at the card's step). A
  marker put right only during the next card's play is found wrong at this impulse's end.
* WW-FA-03 (WW 12.2.B.i): the French Navy's first placement in a Blockade Zone happens
  only when the alliance is carried out (the marker on the French Alliance space or showing
  European War); a placement during a card's play is judged when the play ends (the
  marker may be moved after the Navy).
* WW-NAVY-03 (WW 12.2 "d'Estaing…"): the Navy leaves its Blockade Zone for the Turn Track
  only by that card, onto the current turn's space. Its return in the next French Naval
  Phase is WW-NAVY-01 (rules/french_naval.py).
* The alliance carried out (WW 12.2.B), judged when the card whose play brought the marker
  to the French Alliance space ends: the Navy is in a Blockade Zone (WW-FA-03); Rochambeau
  is on the map with the 5 French CUs, together in one port with no British CU or PC, or
  in the American Reinforcement Box only if no such port exists (WW-FA-04, the alliance's
  own placement, rules/french_forces.py; a later entry from that box is a reinforcement,
  WW-REIN-06); the French came
  after the card's last move and battle (WW-FA-02, "after the current Strategy Card has
  been fully resolved").
* By that turn's End Phase the marker shows European War on the next turn's space, and
  in it the British remove 2 CUs from the map (WW-FA-05): a reminder when it begins; the
  CUs are counted when an End Phase the log showed (the phase marker) ends with the next
  year, the British CUs on map spaces at its start against its end;
  the deck is reshuffled at the end of that turn (a reminder, WW-FA-06).

Where the marker is not bound, or a battle's loser cannot be read from its dice, the rule
is unchecked with the reason.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from adjudicator.findings import Severity
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Applied, Check, Outcome, Violation
from adjudicator.systems.common.places import PlaceKind
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.washingtons_war.actions import (
    EndPhaseEnded,
    ImpulseReckoned,
    NavyMoved,
    TurnEnded,
)
from adjudicator.systems.washingtons_war.data import Nationality, Side
from adjudicator.systems.washingtons_war.procedure import Battle, Impulse, Use
from adjudicator.systems.washingtons_war.rules.battle import (
    REGULARS_LOSS,
    Dice,
    abr_of,
    battle_sides,
    read_dice,
)
from adjudicator.systems.washingtons_war.rules.context import Context
from adjudicator.systems.washingtons_war.rules.french_forces import judge_placement
from adjudicator.systems.washingtons_war.rules.victory import LAST_YEAR
from adjudicator.systems.washingtons_war.state import (
    ALLIANCE_SPACE,
    ALLIANCE_TRACK,
    AM_REINFORCEMENTS,
    other,
)

FAMILY = RuleFamily("alliance", frozenset({
    "WW-CARD-18", "WW-FA-01", "WW-FA-02", "WW-FA-03", "WW-FA-04", "WW-FA-05", "WW-FA-06",
    "WW-NAVY-03", "WW-OVR-03"}),
    actions=(ImpulseReckoned, NavyMoved, TurnEnded, EndPhaseEnded))
BRITISH_DEFEAT = 1
"""WW 12.1: +1 each time the British lose a battle (overruns count)."""
REGULARS_LOST = 2
"""WW 12.1, 9.41: +2 when the British lose the Regulars' Advantage."""
WASHINGTON_CAPTURED = -3
"""WW 12.1, 7.6.B: -3 when Washington is captured."""
CARD_EVENTS = {"hortelz_et_cie": 2, "benjamin_franklin": 4}
"""WW 12.1: the two events that advance the marker, and by how much."""
DESTAING = "destaing_sails"
"""WW 12.2: "d'Estaing Sails to the Caribbean" sends the Navy to the Turn Track."""
TURN_TRACK = "turn_"
"""Key prefix of a Turn Track space (`track:turn_1778`)."""
ROCHAMBEAU = "rochambeau"
EUROPEAN_WAR_CUS = 2
"""WW 12.2.B.iii: the British remove 2 CUs from the map in the alliance turn's End Phase."""


@dataclass(frozen=True, slots=True)
class Owed:
    """What one impulse owes the French Alliance marker, and what could not be read."""

    total: int
    reasons: tuple[str, ...]
    unresolved: tuple[str, ...]
    optional: tuple[int, str] | None = None
    """A card's bonus owed only if it was played as the event, where the log cannot tell
    the event from a discard (both go to the discard pile): either total is legal."""


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """WW-FA-01, WW-FA-03 and WW-NAVY-03 for one action."""
    if isinstance(action, ImpulseReckoned):
        yield from _mirrored(action, ctx, _marker(action, ctx))
        if action.allied_before is False and ctx.state.allied:
            yield from _carried_out(action, ctx)
        elif ctx.state.allied is False and not action.navy_before and (
                ctx.state.navy_zone() is not None):
            placed = action.navy_steps[0] if action.navy_steps else action.step
            yield Check.illegal("WW-FA-03", placed, f"the French Navy was put into the "
                                f"{ctx.state.navy_zone()} Blockade Zone during the play of "
                                f"{ctx.card_name(action.impulse.card)} (step {action.step}), "
                                "with the French "
                                f"Alliance marker on {ctx.state.alliance}: it enters play "
                                "only when the alliance is carried out (WW 12.2.B.i)",
                                pieces=("French Navy",), expected="French Alliance space (9)",
                                observed=str(ctx.state.alliance))
    elif isinstance(action, NavyMoved):
        yield from _navy(action, ctx)
    elif isinstance(action, TurnEnded):
        yield from _european_war(action, ctx)
    elif isinstance(action, EndPhaseEnded):
        yield from _european_war_losses(action, ctx)


def battle_loser(ctx: Context, battle: Battle) -> Side | str:
    """The side that lost a fought battle, by its logged dice (WW 9.2 Step 4, ties to the
    attacker), or why it cannot be read."""
    setup = battle.setup
    if setup is None:
        return "the battle's forces were not read"
    sides = battle_sides(ctx, battle, setup)
    if sides.missing:
        return "; ".join(sides.missing)
    tables = ctx.data.tables
    dice = read_dice(battle, setup, tables)
    if not isinstance(dice, Dice):
        return dice
    a, d = sides.attacker, sides.defender
    if (dice.attacker_abr is None and a.rating is not None) or (
            dice.defender_abr is None and d.rating is not None):
        return "an Actual Battle Rating die is missing"
    abr_a = abr_of(dice.attacker_abr.value if dice.attacker_abr else 0, a, tables)
    abr_d = abr_of(dice.defender_abr.value if dice.defender_abr else 0, d, tables)
    total_a = dice.attacker_battle.value + a.cus + abr_a + a.drm
    total_d = dice.defender_battle.value + d.cus + abr_d + d.drm
    return other(battle.attacker) if total_a >= total_d else battle.attacker


def owed(ctx: Context, impulse: Impulse, *, washington_lost: bool) -> Owed:
    """What an impulse owes the marker (WW 12.1), before the alliance."""
    total = 0
    reasons: list[str] = []
    unresolved: list[str] = []
    for battle in impulse.battles:
        place = ctx.space_name(battle.space)
        if battle.fought:
            found = battle_loser(ctx, battle)
            if not isinstance(found, Side):  # Side is a str too: test it first
                unresolved.append(f"who lost the battle at {place}: {found}")
                continue
            loser = found
        elif battle.losses and not battle.rbb:
            loser = other(battle.attacker)  # an overrun
        else:
            continue
        if loser is Side.BR:
            total += BRITISH_DEFEAT
            what = "battle" if battle.fought else "overrun"
            reasons.append(f"+1 the British lost the {what} at {place}, step {battle.step} "
                           "(WW-BAT-14)")
        regulars = battle.setup is not None and any(
            m.name == "regulars" for m in battle.setup.modifiers)
        if regulars and battle.lost_by(Side.BR) >= REGULARS_LOSS:
            total += REGULARS_LOST
            reasons.append(f"+2 the British lost the Regulars' Advantage at {place}, step "
                           f"{battle.step} (WW-BAT-13)")
    bonus = CARD_EVENTS.get(impulse.card)
    optional: tuple[int, str] | None = None
    if bonus is not None:
        what = f"+{bonus} {ctx.card_name(impulse.card)} played as the event"
        record = ctx.card(impulse.card)
        # A Special Event ("Benjamin Franklin") may not be discarded under any
        # circumstances (WW 6.34.A): its play is always the event.
        if impulse.use is Use.EVENT or (record is not None and record.special):
            total += bonus
            reasons.append(what)
        elif impulse.use in (Use.DISCARD, Use.UNKNOWN):
            optional = (bonus, what)
    if washington_lost:
        total += WASHINGTON_CAPTURED
        reasons.append("-3 Washington was captured (WW 7.6.B)")
    return Owed(total, tuple(reasons), tuple(unresolved), optional)


FRANKLIN = "benjamin_franklin"


def american_overrun(ctx: Context, impulse: Impulse) -> bool:
    """Whether an American Army overran British CUs during the impulse (WW 9.7)."""
    return any(not battle.fought and battle.losses and not battle.rbb
               and battle.attacker is Side.AM for battle in impulse.battles)


def _mirrored(action: ImpulseReckoned, ctx: Context,
              outcomes: Iterator[Outcome]) -> Iterator[Outcome]:
    """Rules judged by WW-FA-01's count of what a card's play owes the marker: for their
    impulses they are applied, or could not be checked, exactly when WW-FA-01 was (a
    wrong count is reported once, as WW-FA-01, its reasons naming them).

    * WW-CARD-18 (WW 6.34.C.ii): Franklin moves the marker +4.
    * WW-OVR-03 (WW 12.1, 9.7): an American overrun of a British CU is a British battle
      loss, +1 (its other half, the Congress dispersed by an overrun in its space, is
      WW-CONG-02's).
    """
    mirrors = []
    if action.impulse.card == FRANKLIN:
        mirrors.append("WW-CARD-18")
    if american_overrun(ctx, action.impulse):
        mirrors.append("WW-OVR-03")
    for outcome in outcomes:
        yield outcome
        if outcome.rule_id != "WW-FA-01":
            continue
        for rule in mirrors:
            if isinstance(outcome, Applied):
                yield Check.done(rule)
            elif isinstance(outcome, Violation) and outcome.severity is Severity.UNCHECKED:
                yield Check.unchecked(rule, outcome.step, outcome.message,
                                      needs=outcome.needs)


def _marker(action: ImpulseReckoned, ctx: Context) -> Iterator[Outcome]:
    """WW-FA-01 for one impulse."""
    impulse = action.impulse
    card = ctx.card_name(impulse.card)
    moved = action.marker_steps[-1] if action.marker_steps else action.step
    if action.allied_before:
        if not action.european_war and action.after != action.before:
            yield Check.illegal("WW-FA-01", moved, f"the French Alliance marker moved "
                                f"from {action.before} to {action.after} during the play of "
                                f"{card} (step {action.step}), after the alliance: it no "
                                "longer moves (WW 12.2.A)",
                                expected=str(action.before), observed=str(action.after))
        yield Check.done("WW-FA-01")
        return
    due = owed(ctx, impulse, washington_lost=action.washington_lost)
    if not ctx.state.alliance_seen or action.before is None:
        if due.reasons:
            yield Check.unchecked("WW-FA-01", action.step, f"the play of {card} moves the "
                                  f"French Alliance marker ({'; '.join(due.reasons)}), and "
                                  "where the marker stood is not known",
                                  needs=("the French Alliance marker in the binding",))
        return
    if due.unresolved:
        yield Check.unchecked("WW-FA-01", action.step, f"what the play of {card} owes the "
                              f"French Alliance marker is not known: "
                              f"{'; '.join(due.unresolved)}", needs=due.unresolved)
        return
    expected = max(0, min(ALLIANCE_SPACE, action.before + due.total))
    reasons = list(due.reasons)
    target = str(expected)
    if due.optional is not None:
        bonus, what = due.optional
        played = max(0, min(ALLIANCE_SPACE, action.before + due.total + bonus))
        # The event and a discard look alike in the log: the marker tells which it was.
        reasons.append(f"{what}, or 0 if it was discarded")
        target = f"{played} (the event) or {expected} (a discard)"
        if played != expected and (ALLIANCE_SPACE if action.european_war
                                   else action.after) == played:
            expected = played
    observed = ALLIANCE_SPACE if action.european_war else action.after
    if observed is None:
        yield Check.unchecked("WW-FA-01", action.step, f"after the play of {card} the French "
                              "Alliance marker is off its track", needs=(
                                  "the French Alliance marker on its track",))
        return
    if observed != expected:
        why = "; ".join(reasons) if reasons else "nothing moves it"
        done = (f"went from {action.before} to {observed} at step {moved}, in the play "
                f"of {card} (step {action.step})" if action.marker_steps else
                f"stayed on {observed} through the play of {card} (step {action.step})")
        yield Check.illegal("WW-FA-01", moved, f"the French Alliance marker {done}; WW 12.1 "
                            f"puts it on {target} ({why})", expected=target,
                            observed=str(observed))
    yield Check.done("WW-FA-01")


def _carried_out(action: ImpulseReckoned, ctx: Context) -> Iterator[Outcome]:
    """WW-FA-02/03/04: the alliance carried out once the card that reached it is done."""
    impulse, state = action.impulse, ctx.state
    # What was left undone is found where the alliance came (the marker's move to the
    # French Alliance space); a wrong placement at its own step.
    step = action.marker_steps[-1] if action.marker_steps else action.step
    card = ctx.card_name(impulse.card)
    if state.navy_zone() is None:
        yield Check.illegal("WW-FA-03", step, f"the French Alliance came with the play of "
                            f"{card} (step {action.step}), and the French Navy was not put "
                            "into a Blockade Zone before the next card (WW 12.2.B.i)",
                            pieces=("French Navy",), expected="in a Blockade Zone",
                            observed="not placed")
    yield Check.done("WW-FA-03")
    where = state.general_at.get(ROCHAMBEAU)
    name = ctx.general_name(ROCHAMBEAU)
    if where is not None and where.is_space:
        yield from judge_placement(ctx, impulse)
        yield Check.done("WW-FA-04")
    elif where == AM_REINFORCEMENTS:
        ports = [key for key, record in ctx.data.spaces.items() if record.port
                 and not state.space(key).cus_of(Side.BR) and state.space(key).pc is not Side.BR]
        if ports:
            boxed = action.french_steps[-1] if action.french_steps else step
            yield Check.illegal("WW-FA-04", boxed, f"at the French Alliance {name} and the "
                                "French CUs went to the American Reinforcement Box, but "
                                f"{ctx.space_names(sorted(ports))} had no British CU or PC: "
                                "they go at once into such a port (WW 12.2.B.ii)",
                                spaces=tuple(sorted(ports)), pieces=(name,),
                                expected="a port", observed="American Reinforcement Box")
        yield Check.done("WW-FA-04")
    else:
        yield Check.illegal("WW-FA-04", step, f"the French Alliance came with the play of "
                            f"{card} (step {action.step}), and {name} and the French CUs "
                            "were not placed before the next card: they go at once into a "
                            "port with no British CU or PC, or to the American "
                            "Reinforcement Box if there is none (WW 12.2.B.ii)",
                            pieces=(name,), expected="placed", observed="not placed")
        yield Check.done("WW-FA-04")
    last = max([leg.step for a in impulse.activations for leg in a.legs]
               + [b.step for b in impulse.battles] + [0])
    placed = (*impulse.alliance_arrivals, *impulse.arrivals)
    early = [a.step for a in placed if a.step < last and (
        ROCHAMBEAU in a.generals or any(nat is Nationality.FR for nat, _ in a.cu))]
    if early:
        yield Check.illegal("WW-FA-02", min(early), f"the French forces came in at step "
                            f"{min(early)}, before the play of {card} was fully resolved "
                            f"(its last move or battle at step {last}): the alliance is "
                            "carried out after the card, Campaign activations included "
                            "(WW 12.2.B)", pieces=(name,), expected=f"after step {last}",
                            observed=f"step {min(early)}")
    yield Check.done("WW-FA-02")


def _european_war(action: TurnEnded, ctx: Context) -> Iterator[Outcome]:
    """WW-FA-05/06: the End Phase of the turn in which the alliance came."""
    state = ctx.state
    year = action.year
    if action.final or year is None or state.allied_in != year:
        return
    # After the last turn there is no next turn's space: the marker is only flipped.
    following = (f"{TURN_TRACK}{int(year) + 1}" if year.isdigit() and int(year) < LAST_YEAR
                 else None)
    place = state.alliance_place
    if not state.european_war or (following is not None and (
            place is None or place.key != following)):
        shown = "European War" if state.european_war else "French Alliance"
        where = ("nowhere" if place is None else
                 f"the Turn Track's {place.key.removeprefix(TURN_TRACK)}"
                 if place.key.startswith(TURN_TRACK) else
                 f"the French Alliance track's {place.key.removeprefix(ALLIANCE_TRACK)}"
                 if place.key.startswith(ALLIANCE_TRACK) else place.key)
        due = ("European War" if following is None else
               f"European War on {following.removeprefix(TURN_TRACK)}")
        yield Check.illegal("WW-FA-05", action.step, f"the French Alliance came in {year}, "
                            f"and at the End Phase the marker shows {shown} on {where}: it "
                            "is flipped to European War" + (
                                "" if following is None else " on the next turn's space "
                                f"({following.removeprefix(TURN_TRACK)})") +
                            " (WW 12.2.B.iii)", pieces=("French Alliance marker",),
                            expected=due, observed=f"{shown} on {where}")
    yield Check.reminder("WW-FA-05", action.step, f"the French Alliance came in {year}: in "
                         f"this End Phase the British remove {EUROPEAN_WAR_CUS} British CUs "
                         "from the map, from one or two spaces, blockaded ports included, "
                         "not from the Reinforcement Box (WW 12.2.B.iii)")
    yield Check.done("WW-FA-05")
    yield Check.reminder("WW-FA-06", action.step, f"the French Alliance came in {year}: the "
                         "deck is reshuffled at the end of this turn (WW 12.2.B.iv)")
    yield Check.done("WW-FA-06")


def _european_war_losses(action: EndPhaseEnded, ctx: Context) -> Iterator[Outcome]:
    """WW-FA-05 (WW 12.2.B.iii): in the End Phase of the turn in which the alliance came,
    the British remove 2 British CUs from map spaces (one or two, blockaded ports
    included), never from the British Reinforcement Box. Judged when an End Phase the log
    showed ends (the next year): the British CUs on the map at its start against its end.
    Too many are found at the last step that took CUs off the map, too few at the step
    that ended the phase."""
    year = action.year
    if year is None or ctx.state.allied_in != year:
        return
    before = sum(held.cus(Nationality.BR) for held in action.start.spaces)
    after = sum(held.cus(Nationality.BR) for held in action.end.spaces)
    removed = before - after
    if removed != EUROPEAN_WAR_CUS:
        step = max(action.changed) if removed > EUROPEAN_WAR_CUS and action.changed else (
            action.step)
        yield Check.illegal("WW-FA-05", step, f"the French Alliance came in {year}, and in "
                            f"its End Phase the British CUs on the map went from {before} to "
                            f"{after}: the British remove {EUROPEAN_WAR_CUS} CUs from the "
                            "map, not from the Reinforcement Box (WW 12.2.B.iii)",
                            expected=f"{EUROPEAN_WAR_CUS} CUs removed",
                            observed=f"{removed} removed")
    yield Check.done("WW-FA-05")


def _navy(action: NavyMoved, ctx: Context) -> Iterator[Outcome]:
    """WW-FA-03 for the Navy's first placement, WW-NAVY-03 for its move to the Turn Track."""
    origin, destination = action.origin, action.destination
    if destination is None:
        return
    in_play = origin is not None and origin.kind in (PlaceKind.ZONE, PlaceKind.TRACK)
    if not in_play and destination.kind is PlaceKind.ZONE:
        allied = ctx.state.allied
        if allied is None:
            yield Check.unchecked("WW-FA-03", action.step, f"the French Navy was placed in "
                                  f"the {destination.key} Blockade Zone; whether the French "
                                  "Alliance has happened is not known",
                                  needs=("the French Alliance marker in the binding",))
            return
        if not allied and action.card is not None:
            return  # the marker may reach 9 later in this card's play: judged at its end
        if not allied:
            yield Check.illegal("WW-FA-03", action.step, f"the French Navy was placed in the "
                                f"{destination.key} Blockade Zone with the French Alliance "
                                f"marker on {ctx.state.alliance}: it enters play only when "
                                "the alliance is carried out (WW 12.2.B.i)",
                                expected="French Alliance space (9)",
                                observed=str(ctx.state.alliance))
        yield Check.done("WW-FA-03")
        return
    if origin is None or origin.kind is not PlaceKind.ZONE or (
            destination.kind is not PlaceKind.TRACK):
        return
    if action.card is None:
        if action.phase is None:
            yield Check.unchecked("WW-NAVY-03", action.step, "the French Navy went to the Turn "
                                  "Track and the log does not show whether a card was being "
                                  "played", needs=("the card under way",))
        else:
            yield Check.illegal("WW-NAVY-03", action.step, "the French Navy went to the Turn "
                                "Track with no card being played: only \"d'Estaing Sails to "
                                "the Caribbean\" sends it there (WW 12.2)")
        return
    if action.card != DESTAING:
        yield Check.illegal("WW-NAVY-03", action.step, "the French Navy went to the Turn Track "
                            f"during the play of {ctx.card_name(action.card)}: only "
                            "\"d'Estaing Sails to the Caribbean\" sends it there (WW 12.2)",
                            expected=ctx.card_name(DESTAING),
                            observed=ctx.card_name(action.card))
    elif action.year is not None and destination.key != f"{TURN_TRACK}{action.year}":
        yield Check.illegal("WW-NAVY-03", action.step, "\"d'Estaing Sails to the Caribbean\" "
                            "puts the French Navy on the current turn's space of the Turn "
                            f"Track ({action.year}), not on "
                            f"{destination.key.removeprefix(TURN_TRACK)}",
                            expected=f"{TURN_TRACK}{action.year}", observed=destination.key)
    yield Check.done("WW-NAVY-03")


__all__ = ["FAMILY", "Owed", "battle_loser", "judge", "owed"]
