"""Major Victory and Catastrophe after a battle (AaM 11.5, 11.5.1, 11.5.4; digest 4.10), on
the battles the reader reads (read_battles.py), with combat.py's `major_victory` and
`catastrophe`.

- AAM-MV-01 (11.5): "In any battle or siege in which both sides have 15 or more SPs
  (regular/militia composition is irrelevant), the marker is adjusted to reflect a Major
  Victory for the 'winner.' Remember that the winner is the side that doesn't retreat."
  SPs are those at the start of the battle (A55).
- AAM-MV-02 (11.5.1): "Any victory by a force containing at least 3 SPs of Indians, or if
  defeating a force containing at least 3 SPs of Indians, is also considered a Major
  Victory."
- AAM-MV-04 (10.4.7): "Overrun is not considered Combat and thus not eligible for a Major
  Victory": the marker turned to the mover's side after an overrun (the enemy taken out
  with no roll) is illegal, at the step that turned it.
- AAM-MV-06 (11.5.4): "If, after combat resolution (Case 11.2.3), one of the following
  conditions exists, the affected force surrenders as if it had lost a Siege Combat": a
  loser of 50 SPs or more against a Major Victory; a loser with no baggage train or
  magazine in a Wilderness or Mountain Area. A loser that retreats instead breaks it. A
  defender that lost in an Area with a fort or city and still has SPs there: unchecked (only
  those standing outside fought, AaM 4.2.4-4.2.5, so "the force involved" is not shown).

- AAM-MV-03 (11.5.2): "Capture of an enemy-controlled Fort Pitt, Penobscot, Fort Niagara,
  or Newtown is considered a Major Victory regardless of the number of SPs involved."
  Judged on a battle there that the attacker wins: the defender's SPs occupied the Area,
  so it was the defender's (an Area the enemy occupies is no longer its default owner's),
  and the marker should show the attacker. A capture of an empty fort is not judged (who
  last occupied it is not read), and an overrun there is left to the player (10.4.7 says
  an overrun is no combat, 11.5.2 that the capture counts whatever the SPs): unchecked.

- AAM-MV-08 (5.1.2, 6.5): "A -1 DRM applies" to the Continental militia attrition and
  militia generation rolls "if the Major Victory marker is on its British side": shown as a
  computation when the Attrition or Reinforcement Phase begins (the rolls themselves are
  judged with it by the supply and reinforcements families).

- AAM-MV-05 (11.5.3, 3.0F): "During the Adjustment Phase, move the French Intervention
  Marker on the Turn Track according to which side of the Major Victory Marker is face up.
  If on the Continental Major Victory side, the French Intervention Marker moves earlier 1
  turn [...] If on the British Major Victory side, the French Intervention marker moves
  later 1 turn." Judged where the module shows the Turn Record Track a box per month
  (`track:turn_1778_10`, read_track.py), when the phase after an Adjustment Phase is shown:
  the marker's net move in that Adjustment Phase against the Major Victory marker's side.
  Not moved at all: a reminder. Moved the wrong way or by another number of turns: illegal,
  at the marker's (last) move; a net move that differs by a multiple of 4 is unchecked (a
  Catastrophe's shift of 4 turns, 11.5.4, may have been made with it). Not judged once the
  French have entered, with the marker off the month boxes (a one-box track), with the
  Major Victory marker off the board, or with the marker at either end of the track.

- AAM-MV-07 (11.5.4, "Large Siege Additional Effect"): "A British Catastrophe moves the
  French Intervention marker earlier 4 turns [...] A Continental Catastrophe moves the
  French Intervention marker later by 4 turns". The rulebook prints it under the large
  siege's effect; the digest (A57) applies it to every Catastrophe, and so does this
  family, but leniently: after a battle whose loser surrendered to a Catastrophe (MV-06),
  with the marker on the Turn Record Track's month boxes and the French not yet come, the
  marker's net move between the battle's start and its end (the next endeavor) is judged:
  4 turns the right way, legal; not moved, a reminder (a player reading 11.5.4 narrowly,
  or moving it later); moved otherwise, illegal at the marker's move. Two Catastrophes in
  one battle (digest E16) are not told apart.

The Major Victory marker is read where the battle ends (the log's step before the next
endeavor); a marker not on the board leaves MV-01 and MV-02 unjudged.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.almost_a_miracle import combat
from adjudicator.systems.almost_a_miracle.actions import BattleEnded, BattleSide
from adjudicator.systems.almost_a_miracle.data import AaMData, Need
from adjudicator.systems.almost_a_miracle.procedure import ADJUSTMENT, ATTRITION, REINFORCEMENT
from adjudicator.systems.almost_a_miracle.read_track import month_name, track_turn
from adjudicator.systems.almost_a_miracle.rules.combat import garrison_kept
from adjudicator.systems.almost_a_miracle.rules.context import Context
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.common.sequencer import PhaseShown

FAMILY = RuleFamily("major_victory", frozenset({"AAM-MV-01", "AAM-MV-02", "AAM-MV-03",
                                                "AAM-MV-04", "AAM-MV-05", "AAM-MV-06",
                                                "AAM-MV-07", "AAM-MV-08"}),
                    actions=(BattleEnded, PhaseShown))
ROUGH = frozenset({"wilderness", "mountain", "mountains"})
FORTS = {"fort pitt": "continental", "penobscot": "continental", "fort niagara": "british",
         "newtown": "british"}
"""The four places whose capture is a Major Victory, and their owner until an enemy SP
occupies them (AaM 11.5.2)."""


COMBAT_NOT_JUDGED: dict[str, str] = {
    "AAM-RET-08": "not judged: a loser unable to retreat has its militia eliminated and half "
                  "(rounded up) of its regulars taken prisoner (AaM 11.4.1); a module may "
                  "keep the POW SPs in POW SP boxes (box:pow_<side>, read at the end of the "
                  "Attrition and Reinforcement Phases for AAM-SUP-18 and AAM-POW-05), but "
                  "the SPs a battle puts there are not yet compared with its losses; a loser "
                  "left in the Area is AAM-RET-07's, a surrounded loser's surrender "
                  "AAM-MV-06's",
    "AAM-RET-11": "judged as AAM-SIEGE-07 (the sieges family): a besieged force whose "
                  "leaders took their endeavor (the sally) leaving the Area while the "
                  "besiegers stay, where a losing sally must retreat back into the city or "
                  "fort (AaM 4.5.2); a sally is fought with no move, so no battle is read",
}
"""The combat, retreat and Major Victory rules no family judges, and why."""


def fort_of(area: str, ctx: Context) -> str | None:
    """The 11.5.2 place an Area is (its name, casefolded), or None."""
    found = ctx.data.areas.get(area)
    name = (found.name or "").casefold() if found is not None else ""
    return name if name in FORTS else None


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The Major Victory marker and the Catastrophe after a fought battle; the marker
    after an overrun."""
    if isinstance(action, PhaseShown) and ctx.proc.adjusting and action.phase != ADJUSTMENT:
        yield from _intervention_marker(action, ctx)
    if isinstance(action, PhaseShown) and action.phase in (ATTRITION, REINFORCEMENT):
        yield from _militia_drm(action, ctx)
        return
    if not isinstance(action, BattleEnded):
        return
    if not action.fought:
        yield from _overrun(action, ctx)
        return
    if action.joined.siege:
        return
    loser = action.loser
    if loser is None:
        return
    joined = action.joined
    lost, won = (joined.attacker, joined.defender) if loser == joined.attacker.side \
        else (joined.defender, joined.attacker)
    reasons = combat.major_victory(joined.attacker.strength, joined.defender.strength,
                                   attacker_indians=_indians(joined.attacker, ctx.data),
                                   defender_indians=_indians(joined.defender, ctx.data))
    yield from _marker(action, ctx, won, reasons)
    yield from _fort(action, ctx, won)
    yield from _catastrophe(action, ctx, lost, won, reasons)


def _militia_drm(shown: PhaseShown, ctx: Context) -> Iterator[Outcome]:
    side = next((e.key for e, _ in ctx.state.pieces.values() if e.kind == "mv"), None)
    turn = ctx.placement.moment.turn or ""
    if side is None or (shown.phase == REINFORCEMENT and turn[-2:] not in ("03", "06", "09",
                                                                           "12")):
        return  # militia are generated in March, June, September and December (AaM 6.5)
    drm = -1 if side == "british" else 0
    rolls = "Continental militia attrition" if shown.phase == ATTRITION \
        else "Continental militia generation"
    yield Check.computed("major_victory_drm", shown.step, "AAM-MV-08",
                         f"the Major Victory marker shows its {side} side: the {rolls} rolls "
                         f"take a DRM of {drm} (a -1 DRM if the marker is on its British "
                         "side, AaM 5.1.2, 6.5)", inputs={"marker": side},
                         result={"militia_drm": drm})
    yield Check.done("AAM-MV-08")


def _indians(force: BattleSide, data: AaMData) -> int:
    return sum(value for kind, value in force.sp
               if (found := data.unit_kinds.get(kind)) is not None and found.type == "indian")


def _marker(ended: BattleEnded, ctx: Context, won: BattleSide,
            reasons: tuple[str, ...]) -> Iterator[Outcome]:
    if not reasons or ended.major_victory is None:
        return
    rule = "AAM-MV-01" if "AaM 11.5" in reasons else "AAM-MV-02"
    if ended.major_victory == won.side:
        yield Check.done(rule)
        return
    joined = ended.joined
    why = ("both sides had 15 or more SPs (AaM 11.5)" if rule == "AAM-MV-01"
           else "a force with 3 or more Indian SPs took part (AaM 11.5.1)")
    yield Check.reminder(rule, ended.step,
                         f"the {won.side} side won the battle in {ctx.name(joined.area)} "
                         f"({joined.attacker.strength} SP attacking "
                         f"{joined.defender.strength}) and the Major Victory marker still "
                         f"shows its {ended.major_victory} side: {why}, the marker is "
                         "adjusted to a Major Victory for the winner, the side that doesn't "
                         "retreat", spaces=(joined.area,))


def _fort(ended: BattleEnded, ctx: Context, won: BattleSide) -> Iterator[Outcome]:
    joined = ended.joined
    fort = fort_of(joined.area, ctx)
    if fort is None or won.side != joined.attacker.side or joined.defender.strength < 1 or \
            ended.major_victory is None:
        return
    if ended.major_victory == won.side:
        yield Check.done("AAM-MV-03")
        return
    yield Check.reminder("AAM-MV-03", ended.step,
                         f"the {won.side} side captured {ctx.name(joined.area)} from the "
                         f"{joined.defender.side} force that held it, and the Major Victory "
                         f"marker still shows its {ended.major_victory} side: capture of an "
                         "enemy-controlled Fort Pitt, Penobscot, Fort Niagara, or Newtown is "
                         "considered a Major Victory regardless of the number of SPs "
                         "involved (AaM 11.5.2)", spaces=(joined.area,))


def _catastrophe(ended: BattleEnded, ctx: Context, lost: BattleSide, won: BattleSide,
                 reasons: tuple[str, ...]) -> Iterator[Outcome]:
    joined = ended.joined
    area = ctx.data.areas.get(joined.area)
    terrain = area.terrain.casefold() if area is not None and area.terrain else None
    magazine = any(e.kind == "bt" and e.flag == "mag" and e.key == lost.side
                   for e in ctx.state.in_area(joined.area))
    supplied = lost.trains > 0 or magazine
    found = combat.catastrophe(loser_sp=lost.strength, major_victory_against=bool(reasons),
                               supplied=supplied, wilderness=terrain in ROUGH)
    retreats = [r for r in ended.retreats
                if not r.before_combat and r.side == lost.side and (r.sp or r.trains)]
    if not found:
        if retreats and not supplied and terrain is None:
            yield Check.unchecked("AAM-MV-06", retreats[0].step,
                                  f"the {lost.side} loser in {ctx.name(joined.area)} had no "
                                  "baggage train or magazine: in a Wilderness or Mountain "
                                  "Area that is a Catastrophe (AaM 11.5.4), and the Area's "
                                  "terrain is not in the data",
                                  needs=(str(Need.ADJACENCY),), spaces=(joined.area,))
        return
    if not retreats:
        yield Check.done("AAM-MV-06")
        yield from _catastrophe_shift(ended, ctx, lost.side)
        return
    garrison = garrison_kept(ended, ctx) if lost.side == joined.defender.side else ""
    if garrison:  # the force in the battle may be smaller than all there (AaM 4.2.4-4.2.5)
        yield Check.unchecked("AAM-MV-06", retreats[0].step,
                              f"the {lost.side} force that lost the battle in "
                              f"{ctx.name(joined.area)} retreated; a Catastrophe would apply "
                              f"({'; '.join(found)}) to the whole force there, but {garrison}",
                              spaces=(joined.area,))
        return
    yield Check.illegal("AAM-MV-06", retreats[0].step,
                        f"the {lost.side} force that lost the battle in "
                        f"{ctx.name(joined.area)} retreated, but a Catastrophe applies "
                        f"({'; '.join(found)}): the force surrenders as if it had lost a "
                        "Siege Combat, all remaining militia and baggage trains eliminated, "
                        "all surviving leaders and regular SPs prisoners of war (AaM 11.5.4)",
                        spaces=(joined.area, retreats[0].destination),
                        pieces=tuple(p for r in retreats for p in r.pieces),
                        expected="surrender", observed="retreat")


def _overrun(ended: BattleEnded, ctx: Context) -> Iterator[Outcome]:
    joined = ended.joined
    attacker, defender = joined.attacker.side, joined.defender.side
    overrun = ended.lost(defender) > 0 and ended.lost(attacker) == 0 and not ended.rolls \
        and not ended.retreats
    if not overrun:
        return
    turned = [(step, side) for step, side in ended.marker_turned if side == attacker]
    if not turned:
        if ended.major_victory is not None:
            yield Check.done("AAM-MV-04")
        return
    step, side = turned[0]
    if fort_of(joined.area, ctx) is not None:
        yield Check.unchecked("AAM-MV-04", step,
                              f"the Major Victory marker was turned to its {side} side after "
                              f"an overrun of {ctx.name(joined.area)}: an overrun is no "
                              "combat (AaM 10.4.7), but capturing this place is a Major "
                              "Victory whatever the SPs (AaM 11.5.2); left to the players",
                              spaces=(joined.area,))
        return
    yield Check.illegal("AAM-MV-04", step,
                        f"the Major Victory marker was turned to its {side} side after the "
                        f"{side} force overran {ended.lost(defender)} SP in "
                        f"{ctx.name(joined.area)}: overrun is not considered combat and thus "
                        "not eligible for a Major Victory (AaM 10.4.7)",
                        spaces=(joined.area,), expected="the marker left as it was",
                        observed=f"turned to {side}")


FIRST_TURN, LAST_TURN = "1775-06", "1781-10"
"""The ends of the Turn Record Track (AaM 3.0F; the game's months)."""


def _months(start: str, end: str) -> int:
    return (int(end[:4]) - int(start[:4])) * 12 + int(end[5:7]) - int(start[5:7])


def _intervention_marker(shown: PhaseShown, ctx: Context) -> Iterator[Outcome]:
    """11.5.3: the French Intervention marker's net move in the Adjustment Phase just
    ended, against the Major Victory marker's side."""
    marker = next(((key, p) for key, (e, p) in ctx.state.pieces.items() if e.kind == "fi"),
                  None)
    side = next((e.key for e, _ in ctx.state.pieces.values() if e.kind == "mv"), None)
    now = track_turn(marker[1]) if marker is not None else None
    if marker is None or now is None or side is None or ctx.proc.french_entry is not None:
        return
    expected = -1 if side == "continental" else 1
    moves = ctx.proc.fi_moves
    direction = "earlier" if expected < 0 else "later"
    rule = (f"with the Major Victory marker on its {side.capitalize()} side the French "
            f"Intervention marker moves {direction} 1 turn in the Adjustment Phase (AaM 11.5.3)")
    if not moves:
        if now in (FIRST_TURN, LAST_TURN):
            return
        yield Check.reminder("AAM-MV-05", shown.step,
                             f"the Adjustment Phase ended with the French Intervention marker "
                             f"still on {month_name(now)}: {rule}", pieces=(marker[0],))
        return
    start = moves[0][1]
    if start is None:
        return
    net = _months(start, now)
    if net == expected:
        yield Check.done("AAM-MV-05")
    elif (net - expected) % 4 == 0:
        yield Check.unchecked("AAM-MV-05", moves[-1][0],
                              "the French Intervention marker moved from "
                              f"{month_name(start)} to {month_name(now)} in the Adjustment "
                              f"Phase: {rule}; the rest may be a Catastrophe's shift of 4 "
                              "turns (AaM 11.5.4)",
                              pieces=(marker[0],))
    else:
        yield Check.illegal("AAM-MV-05", moves[-1][0],
                            "the French Intervention marker moved from "
                            f"{month_name(start)} to {month_name(now)} in the Adjustment "
                            f"Phase: {rule}", pieces=(marker[0],),
                            expected=f"{direction} 1 turn", observed=f"{net:+d} turns")


def _catastrophe_shift(ended: BattleEnded, ctx: Context, loser: str) -> Iterator[Outcome]:
    """11.5.4: the French Intervention marker 4 turns earlier after a British Catastrophe,
    4 later after a Continental one (A57: every Catastrophe)."""
    marker = next(((key, p) for key, (e, p) in ctx.state.pieces.items() if e.kind == "fi"),
                  None)
    now = track_turn(marker[1]) if marker is not None else None
    if marker is None or now is None or ctx.proc.french_entry is not None:
        return
    expected = -4 if loser == "british" else 4
    direction = "earlier" if expected < 0 else "later"
    rule = (f"a {loser.capitalize()} Catastrophe moves the French Intervention marker "
            f"{direction} 4 turns on the Turn Record Track (AaM 11.5.4)")
    moves = [move for move in ctx.proc.fi_moves if move[0] >= ended.joined.step]
    where = ctx.name(ended.joined.area)
    if not moves:
        yield Check.reminder("AAM-MV-07", ended.step,
                             f"the {loser} force that lost the battle in {where} surrendered "
                             f"to a Catastrophe and the French Intervention marker is still on "
                             f"{month_name(now)}: {rule}", pieces=(marker[0],),
                             spaces=(ended.joined.area,))
        return
    start = moves[0][1]
    if start is None:
        return
    net = _months(start, now)
    if net == expected:
        yield Check.done("AAM-MV-07")
        return
    yield Check.illegal("AAM-MV-07", moves[-1][0],
                        f"after the {loser} Catastrophe in {where} the French Intervention "
                        f"marker moved from {month_name(start)} to {month_name(now)}: {rule}",
                        pieces=(marker[0],), spaces=(ended.joined.area,),
                        expected=f"{direction} 4 turns", observed=f"{net:+d} turns")
