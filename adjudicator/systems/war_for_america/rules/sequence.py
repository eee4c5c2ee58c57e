"""The sequence of play, initiative and the Action Pulse (digest §4.1 SEQ; CARD-05, CARD-06).

Each check reads like its rulebook section; `judge` sends every action and sequence fact
to the checks that concern it. A check gives `illegal` only where the log shows the fact
(the dice, the marker, the pulse's side); where the placement is unknown (the log began
mid-turn) it gives `unchecked` with the reason, never a guess. Where the rulebook and the
digest differ, the rulebook wins; the readings of the digest's §8 that are followed are
named in the check's docstring (A-3, A-4, A-5).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.war_for_america.actions import (
    BRITISH,
    COLONIAL,
    ActionCardPlayed,
    Activation,
    ApMarkerMoved,
    CardUse,
    Combat,
    FleetMoved,
    ForceActivated,
    ForceMoved,
    FreeAction,
    LakeNavyMoved,
    MagazinePlaced,
    NavalTransport,
    Pass,
    RaiseKind,
    RetreatBeforeCombat,
    SiegeAttempt,
    UnitsRaised,
)
from adjudicator.systems.war_for_america.procedure import (
    ACTION_CYCLE,
    REINFORCEMENT,
    CycleEnded,
    Pulse,
    PulseClosed,
    PulseOpened,
    RoundOpened,
    TurnBegan,
)
from adjudicator.systems.war_for_america.rules.context import Context, side_name

DEFENSIVE_CARDS: Final = frozenset({25, 41, 46, 47, 48, 49})
"""The only six defensive Action Cards (WfA 20.12)."""
_PLAYED: Final = frozenset({CardUse.ACTION, CardUse.EVENT, CardUse.DEFENSIVE, CardUse.UNKNOWN})

FAMILY = RuleFamily(
    "sequence",
    frozenset({"WFA-SEQ-01", "WFA-SEQ-02", "WFA-SEQ-03", "WFA-SEQ-04", "WFA-SEQ-05",
               "WFA-SEQ-06", "WFA-SEQ-07", "WFA-SEQ-08", "WFA-SEQ-09", "WFA-SEQ-10",
               "WFA-SEQ-11", "WFA-SEQ-12", "WFA-CARD-05", "WFA-CARD-06"}),
    positional=frozenset({"WFA-SEQ-07", "WFA-SEQ-08"}),
    actions=(RoundOpened, PulseOpened, PulseClosed, CycleEnded, TurnBegan, ForceActivated,
             Combat,
             ForceMoved, Pass, ActionCardPlayed, ApMarkerMoved, UnitsRaised, MagazinePlaced,
             FreeAction, FleetMoved, LakeNavyMoved, NavalTransport, RetreatBeforeCombat,
             SiegeAttempt),
)


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """Every sequence check that concerns the action."""
    if isinstance(action, RoundOpened):
        yield from round_opened(action)
    elif isinstance(action, PulseOpened):
        yield from pulse_order(action)
    elif isinstance(action, PulseClosed):
        yield from ap_marker_moved_per_ap(action)
    elif isinstance(action, CycleEnded):
        yield Check.done("WFA-SEQ-05")
    elif isinstance(action, TurnBegan):
        yield from administration(action)
    elif isinstance(action, (ForceActivated, ForceMoved, Pass)):
        yield from one_force_one_space(action, ctx)
    elif isinstance(action, Combat):
        yield from combat_once(action, ctx)
    elif isinstance(action, ActionCardPlayed):
        yield from cards_in_a_pulse(action, ctx)
    elif isinstance(action, ApMarkerMoved):
        yield from ap_marker_one_box(action, ctx)
    elif isinstance(action, (UnitsRaised, MagazinePlaced)):
        yield from british_first(action, ctx)
    elif ctx.placement.free:
        yield from free_action(action, ctx)


def round_opened(fact: RoundOpened) -> Iterator[Outcome]:
    """WFA-SEQ-02, -04, -05, -01 at the start of an Action Round.

    WfA 9.1 Procedure: "Both players roll a D6 for initiative" before each round; on Turn 1
    the first round has none (6.4) — "Each player rolls a D6 to see who moves first for
    the last Action Round" (6.5). WfA 9.7: "players continue taking AP until '4' Action
    Rounds have been completed which ends the Action Cycle"; 9.8: two in Winter Turns;
    6.1: two on Turn 1 ("2 Action Cycles", read as rounds: digest §8 A-3). After a tie
    "the Action Cycle is Over" (9.1, 20.4): a further round breaks WFA-SEQ-04, one beyond
    the count WFA-SEQ-05 (WFA-SEQ-01 on Turn 1: more than 2 APs a side). Both players
    passing (9.6) also ends it, but by A-5 more APs are then not flagged either way.

    A re-roll pair of the same round (a Turn 1 tie) is not a new round: judged once. The
    re-roll that breaks Turn 1's tie concludes WFA-SEQ-03 (6.5: "Only on Turn 1 does a
    'tie' call for a re-roll until one person has the initiative").
    """
    if fact.round is None:
        return
    initiative = fact.initiative
    if initiative is not None and initiative.pairs > 1:
        if (fact.first_turn and not initiative.tie
                and initiative.ties == initiative.pairs - 1):
            yield Check.done("WFA-SEQ-03")
        return
    if fact.beyond is not None and not fact.soft_over:
        rule = ("WFA-SEQ-01" if fact.first_turn else
                "WFA-SEQ-04" if "tie" in fact.beyond else "WFA-SEQ-05")
        yield Check.illegal(rule, fact.step, f"Action Round {fact.round} began, but the "
                            f"Action Cycle was over: {fact.beyond}; play proceeds to the "
                            "Administration Phase (WfA 9.11; or the Year/Season markers "
                            "were not advanced, 7.0 Step 4)",
                            expected="the Administration Phase",
                            observed=f"Action Round {fact.round}")
    yield Check.done("WFA-SEQ-05")
    if fact.first_turn and fact.round == 1:
        yield Check.done("WFA-SEQ-01")
        return
    if initiative is None or not initiative.complete:
        message = (f"Action Round {fact.round} began with no initiative roll seen; every "
                   "round after Turn 1's first begins with both players rolling a D6 "
                   "(WfA 9.1)")
        if fact.dice_logged:
            yield Check.reminder("WFA-SEQ-02", fact.step, message)
        else:
            yield Check.unchecked("WFA-SEQ-02", fact.step, message + "; this log shows no "
                                  "initiative dice", needs=("initiative dice in the log",))
        return
    yield Check.done("WFA-SEQ-02")


def pulse_order(fact: PulseOpened) -> Iterator[Outcome]:
    """Who takes an Action Pulse (WFA-SEQ-01, -02, -03, -04, -05).

    WfA 6.4: "The British player takes the first AP" of Turn 1, with no initiative roll.
    WfA 9.1: "Winner of the initiative takes his 1st AP. The other player takes his 1st
    AP" — back-to-back pulses across rounds are legal (9.1 Note). WfA 6.5: "Only on Turn
    1 does a 'tie' call for a re-roll until one person has the initiative". WfA 9.1, 20.4:
    after any other tie "the player who won the last initiative moves first" (the most
    recent winner, this turn's or the previous turn's: digest §8 A-4), then the other.
    WfA 9.6: "After the initiative player has completed his AP, his opponent takes his AP".
    """
    if fact.beyond is not None and not fact.soft_over:
        return  # judged once, as the round began
    rule = fact.rule
    pulse = fact.pulse
    if rule == "WFA-SEQ-03":
        yield Check.illegal(rule, fact.step, f"the {side_name(fact.side)} took an AP after "
                            f"{fact.why}", expected="an initiative re-roll",
                            observed=f"{side_name(fact.side)} AP")
        return
    if fact.expected is None:
        where = f"round {pulse.round}" if pulse.round is not None else "an unknown round"
        yield Check.unchecked(rule, fact.step, f"who takes the {side_name(fact.side)} AP of "
                              f"{where} cannot be judged: {fact.why}",
                              needs=("the round's initiative dice",))
        return
    if fact.side != fact.expected:
        yield Check.illegal(rule, fact.step, f"the {side_name(fact.side)} took the "
                            f"{'first' if pulse.number == 1 else 'second'} AP of round "
                            f"{pulse.round}; {fact.why}",
                            expected=f"{side_name(fact.expected)} AP",
                            observed=f"{side_name(fact.side)} AP")
    yield Check.done(rule)


def ap_marker_moved_per_ap(fact: PulseClosed) -> Iterator[Outcome]:
    """WFA-SEQ-12 (WfA 6.1, 12.2, 12.4): "As each player takes his AP, he moves his marker
    down one space" — "The player moves his AP marker down one box". Judged only in a log
    that has shown an AP marker move (a module or a group may not log the track), and only
    for a pulse that spent its AP (a main action; a pass forfeits it, 9.6)."""
    pulse = fact.pulse
    if not fact.ap_markers_logged or pulse.main is None:
        return
    if not pulse.ap_marker:
        yield Check.reminder("WFA-SEQ-12", fact.left_at, f"the {side_name(pulse.side)} AP "
                             f"marker was not moved down for the AP begun at step "
                             f"{pulse.step} (WfA 12.2)")
    yield Check.done("WFA-SEQ-12")


def ap_marker_one_box(action: ApMarkerMoved, ctx: Context) -> Iterator[Outcome]:
    """WFA-SEQ-12 (WfA 6.1): the AP marker moves down one space per AP taken; a marker
    placed or moved up is a reset for a new turn and is not judged."""
    if ctx.placement.phase != ACTION_CYCLE or action.before is None or action.after is None:
        return
    if action.after < action.before and action.before - action.after != 1:
        yield Check.reminder("WFA-SEQ-12", action.step, f"the {side_name(action.side)} AP "
                             f"marker went down {action.before - action.after} boxes (from "
                             f"{action.before} to {action.after}); it moves one box per AP "
                             "(WfA 6.1)")
    yield Check.done("WFA-SEQ-12")


def administration(fact: TurnBegan) -> Iterator[Outcome]:
    """WFA-SEQ-11 (WfA 7.0 Step 4): "Check for Victory. Advance Year/Season markers on the
    Turn Record Track": the markers go to the next turn of the calendar (the digest's
    six-season reading, §8 A-2, unless the data gives the printed track)."""
    if not fact.shown or fact.expected is None or fact.year is None or fact.season is None:
        return
    if (fact.year, fact.season) != fact.expected:
        year, season = fact.expected
        yield Check.reminder("WFA-SEQ-11", fact.step, f"the Year/Season markers went from "
                             f"{fact.previous[0]} {fact.previous[1]} to {fact.year} "
                             f"{fact.season}; the next turn is {year} {season} (WfA 7.0 "
                             "Step 4)")
    yield Check.done("WFA-SEQ-11")


def one_force_one_space(action: ForceActivated | ForceMoved | Pass,
                        ctx: Context) -> Iterator[Outcome]:
    """WFA-SEQ-06, -07, -08: what one AP may hold.

    WfA 9.6: "A player is allowed to 'pass' on his AP, but in doing so, forfeits it": no
    main action after his pass in the same AP. WfA 7.0 Step 3, 9.3: the AP "consists of
    moving one single force from one single space"; "Every SP can move and have combat
    only once per AP" (12.2, 12.6: the move "expends the player's only AP"). Free actions
    (9.10: fleets, naval transport, retreat before combat …) are other action types and
    not counted. WfA 9.3: "After this force has combat (not counting overrun), it moves no
    further." A unit dropped off (9.3, 12.3) has moved and may not move again; a unit
    picked up again by the leader (12.8) moves on with the force.
    """
    pulse = ctx.pulse
    if pulse is None or pulse.side != action.side:
        return
    if isinstance(action, Pass):
        yield Check.done("WFA-SEQ-06")
        return
    if pulse.passed:
        yield Check.illegal("WFA-SEQ-06", action.step, f"the {side_name(action.side)} "
                            "passed on this AP and so forfeited it (WfA 9.6), then moved",
                            expected="no action after a pass", observed=type(action).__name__)
    yield Check.done("WFA-SEQ-06")
    card = _card_may_allow(action, ctx, pulse)
    if card is not None:
        yield card
        return
    if isinstance(action, ForceActivated):
        if pulse.activations > 0 or (pulse.main is not None and pulse.force_space is not None
                                     and pulse.force_space != action.space):
            yield Check.illegal("WFA-SEQ-07", action.step, f"a second force was activated "
                                f"(at {action.space}) in the {side_name(action.side)} AP "
                                f"begun at step {pulse.step}; an AP moves one single force "
                                "from one single space (WfA 9.3)", spaces=(action.space,),
                                expected="one force a pulse", observed="a second activation")
        elif pulse.spent_at is not None and action.space != pulse.spent_at:
            what = ("a leader from the Leader Pool was placed"
                    if pulse.main is Activation.LEADER_FROM_POOL else "an army was created")
            yield Check.illegal("WFA-SEQ-07", action.step, f"a force was activated at "
                                f"{ctx.space_name(action.space)} in the "
                                f"{side_name(action.side)} AP begun at step {pulse.step}, "
                                f"whose AP was expended when {what} at "
                                f"{ctx.space_name(pulse.spent_at)} (WfA 11.1: 'by "
                                "expending an AP', and he activates the SP with which he is "
                                "placed; 11.20: 'by expending the pulse'); an AP moves one "
                                "single force (9.3)",
                                spaces=(action.space, pulse.spent_at),
                                expected=f"no force but at {pulse.spent_at}",
                                observed=f"a force at {action.space}")
        yield Check.done("WFA-SEQ-07")
        return
    if pulse.force_space is not None and action.origin != pulse.force_space:
        yield Check.illegal("WFA-SEQ-07", action.step, f"a force moved from {action.origin}"
                            f", but this AP's force is at {pulse.force_space} (it set out "
                            f"from {pulse.origin}); an AP moves one single force from one "
                            "single space (WfA 9.3)", spaces=(action.origin,),
                            expected=f"a move from {pulse.force_space}",
                            observed=f"a move from {action.origin}")
    again = sorted(set(action.units) & pulse.dropped)
    if again:
        yield Check.illegal("WFA-SEQ-07", action.step, f"{', '.join(again)} moved again after "
                            "being dropped off in this AP; every SP can move only once per "
                            "AP (WfA 9.3)", pieces=tuple(again), spaces=(action.origin,))
    yield Check.done("WFA-SEQ-07")
    if pulse.fought:
        yield Check.illegal("WFA-SEQ-08", action.step, f"the force moved from {action.origin} "
                            f"to {action.destination} after its combat at step "
                            f"{pulse.combat_step}; after combat (not counting an overrun) it "
                            "moves no further (WfA 9.3)",
                            spaces=(action.origin, action.destination),
                            expected="no move after combat", observed="a move")
    elif (unsettled := _after_a_free_battle(ctx, pulse)) is not None:
        yield Check.unchecked("WFA-SEQ-08", action.step, f"the force moved from "
                              f"{action.origin} to {action.destination} {unsettled}",
                              needs=("the reading of WfA 9.5 against 9.3 and 9.10",),
                              spaces=(action.origin, action.destination))
        return
    yield Check.done("WFA-SEQ-08")


def _second_force(action: ForceActivated | ForceMoved, pulse: Pulse) -> bool:
    """Whether `action` is more than the AP's one force may do (9.3): a second activation,
    a move from another space than the AP's force's, units dropped off moving again, or a
    move after the force's combat."""
    if isinstance(action, ForceActivated):
        return pulse.activations > 0 or (pulse.main is not None and pulse.force_space is
                                         not None and pulse.force_space != action.space) \
            or (pulse.spent_at is not None and action.space != pulse.spent_at)
    return (pulse.force_space is not None and action.origin != pulse.force_space) \
        or bool(set(action.units) & pulse.dropped) or pulse.fought


def _card_may_allow(action: ForceActivated | ForceMoved, ctx: Context, pulse: Pulse
                    ) -> Outcome | None:
    """WFA-SEQ-07 not judged for a second force in an AP where its player played an Action
    Card: WfA 9.9, "he can also use an eligible Action Card ... Depending on the card, it
    could be like having an extra AP"; 20.2, "The text of any Action Card played trumps
    any game rule" — and the card texts are not in the rulebook."""
    if action.side is None or not pulse.cards_of(action.side) \
            or not _second_force(action, pulse):
        return None
    names = ", ".join(ctx.cards.card_name(card) for card in pulse.cards_of(action.side))
    space = action.space if isinstance(action, ForceActivated) else action.origin
    rule = "WFA-SEQ-08" if isinstance(action, ForceMoved) and pulse.fought and not (
        pulse.force_space is not None and action.origin != pulse.force_space) else "WFA-SEQ-07"
    return Check.unchecked(rule, action.step, f"a second force or move (at "
                           f"{ctx.space_name(space)}) in the {side_name(action.side)} AP, "
                           f"after {names} was played in it: a card can be 'like having an "
                           "extra AP' (WfA 9.9) and its text trumps the rules (20.2), but the "
                           "card texts are not in the rulebook", needs=("card texts",),
                           spaces=(space,))


def _after_a_free_battle(ctx: Context, pulse: Pulse) -> str | None:
    """Why a move or a battle of the AP's force after a battle of units its owner brought
    by Naval Transport in the AP is not judged, or None when it may follow. Those units
    move "completely 'free' and outside the AP system" (WfA 9.10) and are not the AP's
    force, which alone "moves no further" after its combat (9.3: "Every SP can move and have
    combat only once per AP. After this force has combat ..."); but "A force entering an
    enemy occupied non-key/control space must have combat ... and the player's AP is over"
    (9.5): on a non-key space (or one the data does not class) the two readings differ.
    On a key space the battle was optional (9.5, 12.15) and ends no AP."""
    if pulse.free_battle is None:
        return None
    space, step = pulse.free_battle
    record = ctx.data.spaces.get(space)
    if record is not None and record.is_key:
        return None
    return (f"after the battle at step {step} at {ctx.space_name(space)}, of units brought "
            "by Naval Transport (free, WfA 9.10), not this AP's force (9.3: only the force "
            "that had combat moves no further); whether that battle on a non-key space "
            "ended the AP (9.5: 'and the player's AP is over') is not settled")


def combat_once(action: Combat, ctx: Context) -> Iterator[Outcome]:
    """WFA-SEQ-07 (WfA 9.3): "Every SP can move and have combat only once per AP": the
    moving player's force has at most one combat in its AP. An overrun is no combat
    (12.13); the non-moving player's attack on a key space the mover declined to attack
    (12.16) is a combat of the moving force too, so the mover may not attack after it.
    A battle of units brought by Naval Transport (free, 9.10) is not the force's: one
    after the force's battle, or the force's after one, is judged by
    `_after_a_free_battle`."""
    pulse = ctx.pulse
    if pulse is None or action.by_defender or pulse.side != action.side:
        return
    free = action.space in pulse.landings and action.space != pulse.force_space
    if free and pulse.fought and pulse.force_space is not None:
        record = ctx.data.spaces.get(pulse.force_space)
        if record is None or not record.is_key:
            yield Check.unchecked("WFA-SEQ-07", action.step, f"the battle at "
                                  f"{ctx.space_name(action.space)} of units brought by Naval "
                                  "Transport (free, WfA 9.10) came after this AP's force had "
                                  f"combat at {ctx.space_name(pulse.force_space)}, no key "
                                  "space: whether that ended the AP (9.5: 'and the player's "
                                  "AP is over') or only stopped the force (9.3) is not settled",
                                  needs=("the reading of WfA 9.5 against 9.3 and 9.10",),
                                  spaces=(action.space,))
            return
    if free:
        yield Check.done("WFA-SEQ-07")
        return
    if not pulse.fought and (
            unsettled := _after_a_free_battle(ctx, pulse)) is not None:
        yield Check.unchecked("WFA-SEQ-07", action.step, f"the battle at "
                              f"{ctx.space_name(action.space)} came {unsettled}",
                              needs=("the reading of WfA 9.5 against 9.3 and 9.10",),
                              spaces=(action.space,))
        return
    if pulse.fought and pulse.cards_of(action.side):
        names = ", ".join(ctx.cards.card_name(card) for card in pulse.cards_of(action.side))
        yield Check.unchecked("WFA-SEQ-07", action.step, f"a second combat (at "
                              f"{ctx.space_name(action.space)}) in the "
                              f"{side_name(action.side)} AP, after {names} was played in it: "
                              "a card can be 'like having an extra AP' (WfA 9.9) and its text "
                              "trumps the rules (20.2), but the card texts are not in the "
                              "rulebook", needs=("card texts",), spaces=(action.space,))
        return
    if pulse.fought:
        yield Check.illegal("WFA-SEQ-07", action.step, f"a second combat (at {action.space}) "
                            f"in the {side_name(action.side)} AP, after the one at step "
                            f"{pulse.combat_step}; every SP can have combat only once per AP"
                            " (WfA 9.3)", spaces=(action.space,),
                            expected="one combat", observed="a second combat")
    yield Check.done("WFA-SEQ-07")


def cards_in_a_pulse(action: ActionCardPlayed, ctx: Context) -> Iterator[Outcome]:
    """WFA-CARD-05 and WFA-CARD-06: cards during an Action Pulse.

    WfA 20.11: "only one card can be played during an Action Pulse" (no limit per cycle):
    a second card of the pulse's owner is illegal; the opponent's defensive card does not
    count against the owner (the reading of "one card" per player). WfA 9.9: "Very few
    cards can be used during the opponent's AP" — 20.12: "only six defensive Action
    Cards: #25, 41, 46, 47, 48, 49". A card whose number the data lacks is unchecked.
    Discards (20.5, 20.10) and rejected enemy-flag cards (20.8) are not plays.
    """
    pulse = ctx.pulse
    if action.use not in _PLAYED or pulse is None or action.side is None:
        return
    name = ctx.cards.card_name(action.card)
    if action.side == pulse.side:
        earlier = pulse.cards_of(action.side)
        if earlier:
            yield Check.illegal("WFA-CARD-05", action.step, f"{name} is the "
                                f"{side_name(action.side)} player's second card in this AP "
                                f"(after {ctx.cards.card_name(earlier[0])}); only one card "
                                "can be played during an Action Pulse (WfA 20.11)",
                                expected="one card", observed=f"{len(earlier) + 1} cards")
        yield Check.done("WFA-CARD-05")
        return
    number = action.number if action.number is not None else ctx.cards.card_number(
        action.card)
    if number is None:
        yield Check.unchecked("WFA-CARD-06", action.step, f"{name} was played in the "
                              f"{side_name(pulse.side)} AP; whether it is one of the six "
                              "defensive cards (WfA 20.12) needs its number",
                              needs=("Action Card numbers",))
        return
    if number not in DEFENSIVE_CARDS:
        yield Check.illegal("WFA-CARD-06", action.step, f"{name} (#{number}) was played by "
                            f"the {side_name(action.side)} in the {side_name(pulse.side)} AP;"
                            " only the defensive cards #25, 41, 46, 47, 48, 49 may be played "
                            "in the opponent's AP (WfA 9.9, 20.12)",
                            expected="a defensive card", observed=f"card #{number}")
    yield Check.done("WFA-CARD-06")


def free_action(action: Action, ctx: Context) -> Iterator[Outcome]:
    """WFA-SEQ-09 (WfA 9.10): the twelve free actions "are completely 'free' and outside
    the AP system": a fleet or lake navy move, British Naval Transport, a retreat before
    combat, a siege roll … neither opens an AP of its own nor counts as the AP's one force
    (the procedure classifies them, `Placement.free`). Nothing here can be illegal."""
    del action, ctx
    yield Check.done("WFA-SEQ-09")


def british_first(action: UnitsRaised | MagazinePlaced, ctx: Context) -> Iterator[Outcome]:
    """WFA-SEQ-10 (WfA 7.0 Step 1): "Both players place reinforcements according to their
    own Reinforcement Chart. British first." (8.1); Early Spring: "Both players position
    their available magazines (British first)" (16.11). Judged in the Reinforcement Phase
    only; Continental levies (the CLT) and militia are not chart reinforcements."""
    if ctx.procedure.moment.phase != REINFORCEMENT or not ctx.procedure.moment.known:
        return
    if isinstance(action, UnitsRaised):
        if action.kind is not RaiseKind.REINFORCEMENT:
            return
        earlier, what = ctx.procedure.reinforced, "reinforcements"
    else:
        earlier, what = ctx.procedure.magazines, "magazines"
    if action.side == BRITISH and COLONIAL in earlier:
        yield Check.reminder("WFA-SEQ-10", action.step, f"British {what} were placed after "
                             f"the Colonial {what}; the British place theirs first (WfA "
                             "7.0 Step 1)")
    yield Check.done("WFA-SEQ-10")


__all__ = ["DEFENSIVE_CARDS", "FAMILY", "judge"]
