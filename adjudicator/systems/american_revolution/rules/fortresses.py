"""Fortresses & Sieges (optional, AR 28; with AR 4.2 FAQ set-up, 7.9 Engineers, 24.11).

What the log shows of a fortress or a siege is its marker entering and leaving a locale
(`MapMarkerPlaced`, `MapMarkerRemoved`), the units around it, and the dice. Markers carry
no side: a fortress belongs to the side whose land units and leaders stand with it; where
both sides stand, to the side that did not place the Siege marker, or the side that did
not enter this phase (the besieger entered, AR 28.6).

- AR-FORT-05 (AR 28.6): "You may choose to place a Siege marker atop friendly land forces
  at the end of any Movement Phase in which it/they entered a locale containing an enemy
  fortress. The cost is three political points per marker. [...] 1) it's locale must
  contain an enemy fortress and at least one enemy ground combat unit; and 2) your
  besieging force must contain at least one regular unit." A siege placed outside a
  Campaign Phase, without an enemy fortress and ground combat unit, without a regular, by
  a force none of which entered this phase, or never paid for by the phase's end (3 PP
  spent that phase, before or after it; Engineers: free) is illegal (unchecked when the
  log never shows that side's political points: AR 6.1 keeps them on paper). "Regular" reads
  favourably: regulars, detachments (1-strength regulars, FAQ), grenadiers, and Hessians
  and marines ("treated like regulars", AR 27.1, 24.12) all count.
- AR-CM-14 (AR 7.9 Engineers): "Play at the end of any of your Movement Phases. Place a
  Fortress or Siege marker atop any friendly combat unit of any type at no cost." A
  fortress entering the map in a Campaign Phase needs an Engineers marker played that
  phase by its side, and a friendly combat unit there; a second fortress in a locale is
  illegal (AR 15.2). A fortress mobilized in the Mobilization Phase (AR 28.1) is the
  mobilization rules' matter; in any other phase a fortress cannot enter play. The Siege
  placed with Engineers still needs 28.6's enemy fortress and garrison (digest A31).
- AR-FLT-08 (AR 24.11): "fleets may not make any use of friendly fortresses or take part
  in sieges against enemy fortresses": a fortress or siege placed where the side has only
  fleets is illegal; fleets never count as a garrison (read_markers).
- AR-FORT-03 (AR 28.4, FAQ errata): a fortress stays "until [...] all friendly units move
  out of the locale or are eliminated" (a lone leader keeps it, FAQ), or its owner
  removes it "as your last step in any Supply Phase". A fortress left without land units
  or leaders must go; AR 5.1 VI.D has "Both players remove unoccupied fortresses from the
  map" in the Supply Phase, so one still there, still unoccupied, when the End of Turn
  Phase begins is illegal (the finding points at the step that left it). A garrisoned
  fortress removed outside a Supply Phase, its owner's units still there, is illegal.
- AR-FORT-04 (AR 28.5): "If you win a battle against a force defending in a locale
  containing an enemy fortress, roll a die. On a result of one through three, you gain
  control of that fortress; on a four through six, the fortress is eliminated." The
  winner's first single die after the garrison is gone is that roll; a fortress removed
  after 1-3, or still standing at the phase's end after 4-6, is illegal. (With the
  Massacre rule in use and Indians among the winners, that die may be the massacre roll,
  AR 37.3: not judged.)
- AR-FORT-11 (AR 28.14): the Siege marker stays until the besiegers are all gone or the
  fortress is removed or captured; it "may never be captured". A siege left stranded
  must be gone by the phase's end; one removed while fortress, garrison and besiegers all
  remain is illegal.
- AR-FORT-01 (AR 28.2(3)): land units fighting in a locale with their own fortress "may
  generally never retreat from combat (see 28.13 for the exception)": a garrison that did
  not move this phase retreating from its fortress, no siege there, after the enemy
  entered this phase, is illegal. With a Siege marker present a retreat may be a beaten
  sortie's, which may leave (AR 28.13, FAQ "Either way").
- AR-FORT-08 (AR 28.10, digest A42): "A besieging force may attack a fortress in Second
  and Third Combat Phases, but doing so requires [...] the requirements of a forced
  march": a Tactics (or Committee of Correspondence) marker played that phase by the
  besieger and a leader with the besieging force. A hit on the garrison while the
  besieger is the side acting in the phase is read as its siege attack.
- AR-SET-06 (AR 4.2, FAQ: "Forts have to be garrisoned"): the Halifax and Quebec
  fortresses must have land units or leaders with them; judged when the 1775 Political
  Phase begins (set-up and initiative done; once).

- AR-FORT-06 (AR 28.7): "A besieging force negates the advantages given above to
  fortress defenders in rules 28.2(1) and 28.2(2)": a round's losses on a besieged
  garrison that fit only the fortress table (6s disrupt, 5s nothing), not the normal one,
  are illegal (`LossesTaken` at the round's close). The initiative +1 (28.2(1)) is not
  judged: the combat family leaves the first fire in a fortress locale unjudged.

Judged by other families through the hooks below: the fortress's fire protection and its
dice (combat: AR 28.2(2), AR-FORT-02, AR-FORT-07 via `fortress_effects`,
`fortress_owner`) and supply (supply: AR-SUP-05 via `fortress_supplies`); the odds of an
attack on a fortress (digest 6.5, Example G: `siege_odds`). Not judged: the initiative +1
(AR 28.2(1)); relief forces (AR-FORT-09: the battle reading does not yet tell which side
attacks in a Combat Phase where that side made no move, and which pieces entered is
cleared when the phase's owed battles are judged) and sorties (AR-FORT-10, same reason: a
sortie's fire "as if no Fortress ... were present" is not told apart from a garrison
defending a siege attack, so the garrison's fortress dice are allowed under a siege);
naval transport into a besieged port (AR-FORT-12, a permission: not judged).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from adjudicator.systems.american_revolution import attrition
from adjudicator.systems.american_revolution.actions import (
    DiceRolled,
    Disrupted,
    ForceMoved,
    FortressTaken,
    LossesTaken,
    MapMarkerPlaced,
    MapMarkerRemoved,
    MapMarkerStranded,
    PointsShown,
    UnitsRemoved,
)
from adjudicator.systems.american_revolution.data import FormationType, RouteType
from adjudicator.systems.american_revolution.fire import (
    BattleSide,
    Firer,
    Hits,
    UnitKind,
    battle_units,
    check_hits,
)
from adjudicator.systems.american_revolution.fortress_ledger import (
    SIEGE_COST,
    Waiting,
    placer,
)
from adjudicator.systems.american_revolution.procedure import (
    CAMPAIGNS,
    END,
    INITIATIVE,
    MOBILIZATION,
    POLITICAL,
    RABBLE,
    SETUP,
    SUPPLY,
)
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.american_revolution.state import Entity
from adjudicator.systems.common.actions import Action, PhaseChange
from adjudicator.systems.common.outcomes import Check, Computed, Outcome
from adjudicator.systems.common.places import PlaceKind
from adjudicator.systems.common.rulebook import RuleFamily

FAMILY = RuleFamily("fortresses",
                    frozenset({"AR-SET-06", "AR-FLT-08", "AR-CM-14", "AR-FORT-01",
                               "AR-FORT-03", "AR-FORT-04", "AR-FORT-05", "AR-FORT-06",
                               "AR-FORT-08", "AR-FORT-11"}),
                    actions=(MapMarkerPlaced, MapMarkerRemoved, MapMarkerStranded,
                             FortressTaken, PointsShown, DiceRolled, ForceMoved,
                             UnitsRemoved, Disrupted, PhaseChange, LossesTaken))
OPTION = "fortresses"
REGULARS = frozenset({FormationType.REGULAR, FormationType.DETACHMENT,
                      FormationType.GRENADIER, FormationType.HESSIAN, FormationType.MARINE})
"""What counts as a regular for a siege (AR 28.6; read favourably, see above)."""
SET_UP_FORTRESSES = ("halifax", "quebec")
"""The Canada fortresses the FAQ says must be garrisoned at set-up."""
SIDE_NAMES = {"US": "American", "GB": "British"}
FIRST_YEAR = "1775"
ORDER = (SETUP, INITIATIVE, POLITICAL, MOBILIZATION, RABBLE, *CAMPAIGNS, SUPPLY, END)
"""The phases in turn order (AR 5.1)."""


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """Fortress and siege markers, the garrison's retreats and the siege attacks."""
    if not ctx.uses(OPTION):
        return
    if isinstance(action, PhaseChange):
        yield from _phase_ended(action, ctx)
    elif isinstance(action, MapMarkerPlaced) and ctx.phase != SETUP:
        if action.kind == "siege":
            yield from _siege_placed(action, ctx)
        elif action.kind == "fortress":
            yield from _fortress_placed(action, ctx)
    elif isinstance(action, MapMarkerRemoved):
        if action.kind == "fortress":
            yield from _fortress_removed(action, ctx)
        elif action.kind == "siege":
            yield from _siege_removed(action, ctx)
    elif isinstance(action, PointsShown):
        yield from _siege_paid(action, ctx)
    elif isinstance(action, DiceRolled):
        yield from _fate_rolled(action, ctx)
    elif isinstance(action, ForceMoved) and action.retreat:
        yield from _retreat(action, ctx)
    elif isinstance(action, UnitsRemoved | Disrupted):
        yield from _garrison_hit(action, ctx)
    elif isinstance(action, LossesTaken) and action.closing:
        yield from _besieged_losses(action, ctx)


# ---------------------------------------------------------------------- reading the board


def _is_land(ctx: Context, entity: Entity) -> bool:
    if entity.kind == "leader":
        return True
    if entity.kind != "unit":
        return False
    formation = ctx.data.formations.get(entity.key)
    return formation is None or formation.type is not FormationType.FLEET


def _side_of(ctx: Context, entity: Entity) -> str | None:
    if entity.kind == "unit":
        formation = ctx.data.formations.get(entity.key)
        return str(formation.side) if formation is not None else None
    if entity.kind == "leader":
        leader = ctx.data.leaders.get(entity.key)
        return str(leader.side) if leader is not None else None
    return None


def land(ctx: Context, locale: str) -> dict[str, list[tuple[str, Entity]]]:
    """Side → the land units and leaders (piece id, entity) in a locale."""
    found: dict[str, list[tuple[str, Entity]]] = {}
    for piece, (entity, where) in ctx.state.pieces.items():
        if where.kind is PlaceKind.SPACE and where.key == locale and _is_land(ctx, entity):
            side = _side_of(ctx, entity)
            if side is not None:
                found.setdefault(side, []).append((piece, entity))
    return found


def _has(ctx: Context, kind: str, locale: str) -> int:
    return sum(1 for entity in ctx.state.in_locale(locale) if entity.kind == kind)


def _fleets(ctx: Context, side: str, locale: str) -> bool:
    for entity in ctx.state.in_locale(locale):
        formation = ctx.data.formations.get(entity.key) if entity.kind == "unit" else None
        if formation is not None and formation.type is FormationType.FLEET and \
                str(formation.side) == side:
            return True
    return False


def fortress_owner(ctx: Context, locale: str) -> str | None:
    """The side a fortress in a locale belongs to (None: no fortress, or not known).

    One side's land units or leaders there: that side. Both: the side that did not place
    the Siege marker; with no siege, the side none of whose pieces entered this phase."""
    if not _has(ctx, "fortress", locale):
        return None
    sides = land(ctx, locale)
    if len(sides) == 1:
        return next(iter(sides))
    if len(sides) != 2:
        return None
    besieger = ctx.proc.fortresses.besieger(locale)
    if besieger is not None:
        return _other(besieger)
    stayed = [side for side, pieces in sides.items()
              if not any(piece in ctx.proc.moved for piece, _ in pieces)]
    return stayed[0] if len(stayed) == 1 else None


def _other(side: str) -> str:
    return "GB" if side == "US" else "US"


def _who(side: str | None) -> str:
    return SIDE_NAMES.get(side or "", "a")


# ---------------------------------------------------------------------- placing markers


def _siege_placed(action: MapMarkerPlaced, ctx: Context) -> Iterator[Outcome]:
    side, locale = placer(action, ctx.proc.acted, ctx.proc.engineers_played), action.locale
    where = ctx.name(locale)
    spaces = (locale,)
    if side is None:
        yield Check.unchecked("AR-FORT-05", action.step,
                              f"a Siege marker was placed in {where}, and neither the log nor "
                              "the play so far shows by which side", spaces=spaces)
        return
    if ctx.phase not in CAMPAIGNS:
        yield Check.illegal("AR-FORT-05", action.step,
                            f"a Siege marker was placed in {where} outside a Campaign Phase: "
                            "it is placed at the end of a Movement Phase in which the force "
                            "entered a locale with an enemy fortress", spaces=spaces)
        return
    sides = land(ctx, locale)
    own = sides.get(side, [])
    enemy_units = [e for _, e in sides.get(_other(side), []) if e.kind == "unit"]
    broken = False
    if not own and _fleets(ctx, side, locale):
        broken = True
        yield Check.illegal("AR-FLT-08", action.step,
                            f"a Siege marker was placed in {where} where the {_who(side)} "
                            "side has only fleets: fleets may not take part in sieges",
                            spaces=spaces)
    elif _fleets(ctx, side, locale):
        yield Check.done("AR-FLT-08")
    if not _has(ctx, "fortress", locale) or not enemy_units:
        broken = True
        missing = "no fortress" if not _has(ctx, "fortress", locale) else \
            "no enemy ground combat unit"
        yield Check.illegal("AR-FORT-05", action.step,
                            f"a Siege marker was placed in {where}, which holds {missing}: a "
                            "siege needs an enemy fortress and at least one enemy ground "
                            "combat unit in the locale", spaces=spaces)
    regulars = [e for _, e in own if e.kind == "unit" and _type(ctx, e) in REGULARS]
    if own and not regulars:
        broken = True
        yield Check.illegal("AR-FORT-05", action.step,
                            f"the {_who(side)} force besieging {where} has no regular unit: "
                            "a besieging force must contain at least one regular",
                            spaces=spaces)
    entered = [piece for piece, _ in own if piece in ctx.proc.moved]
    if own and not entered:
        broken = True
        yield Check.illegal("AR-FORT-05", action.step,
                            f"a Siege marker was placed on the {_who(side)} force in {where}, "
                            "none of which entered the locale this Movement Phase: a siege is "
                            "placed at the end of the Movement Phase in which the force "
                            "entered", spaces=spaces)
    if broken:
        return
    ledger = ctx.proc.fortresses
    turn = ctx.proc.position.moment.turn
    engineers = sum(1 for p in ctx.proc.played if p.side == side and p.marker == "engineers")
    if ledger.credit_of(side, turn, ctx.phase) >= SIEGE_COST:
        yield Check.done("AR-FORT-05")
    elif engineers > ledger.engineers_used(side, turn, ctx.phase):
        yield Check.done("AR-FORT-05")
        yield Check.done("AR-CM-14")
    # otherwise the cost is judged when paid, or when the phase ends unpaid


def _type(ctx: Context, entity: Entity) -> FormationType | None:
    formation = ctx.data.formations.get(entity.key)
    return formation.type if formation is not None else None


def _fortress_placed(action: MapMarkerPlaced, ctx: Context) -> Iterator[Outcome]:
    side, locale = placer(action, ctx.proc.acted, ctx.proc.engineers_played), action.locale
    where = ctx.name(locale)
    spaces = (locale,)
    if ctx.phase is None or ctx.phase == MOBILIZATION:
        return
    if _has(ctx, "fortress", locale) > 1:
        yield Check.illegal("AR-CM-14", action.step,
                            f"a second Fortress marker was placed in {where}: a locale holds "
                            "at most one", spaces=spaces)
        return
    if ctx.phase not in CAMPAIGNS:
        yield Check.illegal("AR-CM-14", action.step,
                            f"a Fortress marker was placed in {where} in a phase where none "
                            "may enter play: fortresses are mobilized (Mobilization Phase) or "
                            "placed with Engineers at the end of a Movement Phase",
                            spaces=spaces)
        return
    turn = ctx.proc.position.moment.turn
    engineers = sum(1 for p in ctx.proc.played if p.side == side and p.marker == "engineers")
    if engineers <= ctx.proc.fortresses.engineers_used(side, turn, ctx.phase):
        yield Check.illegal("AR-CM-14", action.step,
                            f"a Fortress marker was placed in {where} in a Campaign Phase "
                            "without an Engineers marker played: only Engineers places one "
                            "at the end of a Movement Phase", spaces=spaces)
        return
    own = land(ctx, locale).get(side or "", [])
    if not own and side is not None and _fleets(ctx, side, locale):
        yield Check.illegal("AR-FLT-08", action.step,
                            f"a Fortress marker was placed in {where} atop fleets only: "
                            "fleets may not make any use of fortresses", spaces=spaces)
        return
    if not any(e.kind == "unit" for _, e in own):
        yield Check.illegal("AR-CM-14", action.step,
                            f"Engineers placed a Fortress marker in {where}, where the "
                            f"{_who(side)} side has no combat unit: it goes atop a friendly "
                            "combat unit", spaces=spaces)
        return
    yield Check.done("AR-CM-14")


def _siege_paid(action: PointsShown, ctx: Context) -> Iterator[Outcome]:
    if action.before is None or action.after >= action.before:
        return
    turn = ctx.proc.position.moment.turn
    waiting = [w for w in ctx.proc.fortresses.in_phase("cost", turn, ctx.phase)
               if w.side == action.side]
    if waiting and action.before - action.after >= SIEGE_COST:
        yield Check.done("AR-FORT-05")


# ---------------------------------------------------------------------- removing markers


def _fortress_removed(action: MapMarkerRemoved, ctx: Context) -> Iterator[Outcome]:
    locale = action.locale
    where = ctx.name(locale)
    spaces = (locale,)
    ledger = ctx.proc.fortresses
    fate = ledger.fate(locale)
    if fate is not None:
        if _massacre_roll_possible(ctx, fate):
            yield Check.unchecked("AR-FORT-04", action.step,
                                  f"the winner at {where} has Indians and the Massacre rule is "
                                  "in use: the die read as the fortress roll may be the "
                                  "massacre roll (AR 37.3)", spaces=spaces)
        elif fate.die is None:
            yield Check.unchecked("AR-FORT-04", action.step,
                                  f"the fortress in {where} was removed after its garrison "
                                  "was beaten, with no die rolled for it: the winner rolls, "
                                  "1-3 capture, 4-6 eliminated", spaces=spaces)
        elif fate.die <= 3:
            yield Check.illegal("AR-FORT-04", action.step,
                                f"the fortress in {where} was removed although the winner "
                                f"rolled {fate.die} for it: on 1-3 the winner gains control "
                                "of the fortress; only 4-6 eliminates it", spaces=spaces,
                                expected="the fortress stays, captured",
                                observed="removed")
        else:
            yield Check.done("AR-FORT-04")
        return
    if any(w.what == "stranded" and w.kind == "fortress" and w.locale == locale
           for w in ledger.waiting):
        yield Check.done("AR-FORT-03")
        return
    if ctx.phase == SUPPLY or ctx.phase is None or ctx.phase == SETUP:
        yield Check.done("AR-FORT-03")
        return
    sides = land(ctx, locale)
    if len(sides) != 1:
        return
    ((holder, pieces),) = sides.items()
    if ledger.besieger(locale) == holder or any(piece in ctx.proc.moved for piece, _ in pieces):
        # The side left there besieged it or entered this phase: the owner's units are gone.
        yield Check.done("AR-FORT-03")
    else:
        yield Check.illegal("AR-FORT-03", action.step,
                            f"the garrisoned fortress in {where} was removed in the "
                            f"{_phase_text(ctx.phase)}: a fortress stays until its units "
                            "leave or are eliminated, or its owner removes it as the last "
                            "step of a Supply Phase", spaces=spaces)


def _siege_removed(action: MapMarkerRemoved, ctx: Context) -> Iterator[Outcome]:
    locale = action.locale
    ledger = ctx.proc.fortresses
    if any(w.what == "stranded" and w.kind == "siege" and w.locale == locale
           for w in ledger.waiting):
        yield Check.done("AR-FORT-11")
        return
    if _has(ctx, "fortress", locale) and len(land(ctx, locale)) == 2:
        yield Check.illegal("AR-FORT-11", action.step,
                            f"the Siege marker in {ctx.name(locale)} was removed while the "
                            "besiegers, the fortress and its garrison all remain: a siege "
                            "lasts until the besiegers are gone or the fortress is removed "
                            "or captured", spaces=(locale,))
    else:
        yield Check.done("AR-FORT-11")


def _phase_text(phase: str | None) -> str:
    return {"campaign_1": "first Campaign Phase", "campaign_2": "second Campaign Phase",
            "campaign_3": "third Campaign Phase"}.get(phase or "", f"{phase} phase")


# ---------------------------------------------------------------------- the end of a phase


def _phase_ended(action: PhaseChange, ctx: Context) -> Iterator[Outcome]:
    """Judge what waited for the end of the phase just left: the one right before the
    phase entered (the last phase of a turn before a new turn's first). Phases skipped
    by the log leave their matters unjudged."""
    if action.turn == FIRST_YEAR and action.phase == POLITICAL:
        yield from _set_up(action, ctx)
    for entry in ctx.proc.fortresses.waiting:
        if entry.what == "stranded" and entry.kind == "fortress":
            # Unoccupied fortresses go at the latest in the Supply Phase (AR 5.1 VI.D).
            if action.turn == entry.turn and action.phase == END and action.step > entry.step:
                yield from _still_stranded(entry, ctx)
            continue
        if not _follows(entry, action):
            continue
        if entry.what == "cost" and entry.side not in dict(ctx.proc.last_points):
            # AR 6.1: points are "recorded by both players using pencil and paper": a log
            # that never shows the side's PP record cannot show the siege unpaid.
            yield Check.unchecked("AR-FORT-05", entry.step,
                                  f"whether the Siege marker placed in "
                                  f"{ctx.name(entry.locale)} was paid for ({SIEGE_COST} "
                                  "political points, or Engineers) is not known: the log "
                                  "never shows that side's political points",
                                  spaces=(entry.locale,))
        elif entry.what == "cost":
            yield Check.illegal("AR-FORT-05", entry.step,
                                f"the Siege marker placed in {ctx.name(entry.locale)} was "
                                f"never paid for: a siege costs {SIEGE_COST} political points "
                                "(free only with Engineers), and none were spent that phase",
                                spaces=(entry.locale,),
                                expected=f"{SIEGE_COST} PP or Engineers", observed="nothing")
        elif entry.what == "stranded":
            yield from _still_stranded(entry, ctx)
        elif entry.what == "fate":
            yield from _fate_at_end(entry, ctx)


def _follows(entry: Waiting, action: PhaseChange) -> bool:
    """Whether the phase entered comes right after the entry's phase."""
    if entry.phase not in ORDER or action.phase not in ORDER or action.step <= entry.step:
        return False
    at = ORDER.index(entry.phase)
    if action.turn == entry.turn:
        return ORDER.index(action.phase) == at + 1
    return entry.phase == ORDER[-1] and action.phase in (ORDER[0], ORDER[1])


def _still_stranded(entry: Waiting, ctx: Context) -> Iterator[Outcome]:
    where = ctx.name(entry.locale)
    if not _has(ctx, entry.kind, entry.locale):
        return
    if entry.kind == "fortress":
        if land(ctx, entry.locale):
            return
        yield Check.illegal("AR-FORT-03", entry.step,
                            f"the fortress in {where} was left with no land unit or leader "
                            "and was still on the map when the turn's Supply Phase ended: a "
                            "fortress is removed when all its units move out or are "
                            "eliminated, unoccupied fortresses at the latest in the Supply "
                            "Phase", spaces=(entry.locale,))
    else:
        yield Check.illegal("AR-FORT-11", entry.step,
                            f"the Siege marker in {where} stayed on the map after the "
                            "besiegers or the fortress's garrison were gone: a siege ends "
                            "when the besiegers leave or the fortress is removed or captured",
                            spaces=(entry.locale,))


def _massacre_roll_possible(ctx: Context, fate: Waiting) -> bool:
    """A winner with Indians rolls for a massacre after the battle (AR 37.3): its first die
    may be that, not the fortress roll."""
    return ctx.uses("massacre") and any(
        _type(ctx, e) is FormationType.INDIAN
        for _, e in land(ctx, fate.locale).get(fate.side or "", []))


def _fate_at_end(entry: Waiting, ctx: Context) -> Iterator[Outcome]:
    where = ctx.name(entry.locale)
    if not _has(ctx, "fortress", entry.locale) or _massacre_roll_possible(ctx, entry):
        return
    if entry.die is None:
        yield Check.unchecked("AR-FORT-04", entry.step,
                              f"the garrison of the fortress in {where} was beaten and no "
                              "die was rolled for the fortress: the winner rolls, 1-3 "
                              "capture, 4-6 eliminated", spaces=(entry.locale,))
    elif entry.die >= 4:
        yield Check.illegal("AR-FORT-04", entry.die_step or entry.step,
                            f"the winner rolled {entry.die} for the fortress in {where} and "
                            "it stayed on the map: on 4-6 the fortress is eliminated",
                            spaces=(entry.locale,), expected="fortress eliminated",
                            observed="fortress kept")
    else:
        yield Check.done("AR-FORT-04")


def _fate_rolled(action: DiceRolled, ctx: Context) -> Iterator[Outcome]:
    if len(action.dice) != 1:
        return
    for entry in ctx.proc.fortresses.waiting:
        if entry.what == "fate" and entry.side == action.side and entry.die is None:
            fate = attrition.FortressFate.CAPTURED if action.dice[0] <= 3 else \
                attrition.FortressFate.DESTROYED
            yield Computed(kind="fortress fate", step=action.step, rule_id="AR-FORT-04",
                           summary=f"{ctx.name(entry.locale)}: rolled {action.dice[0]}, "
                                   f"the fortress is {fate}",
                           inputs={"die": action.dice[0]}, result={"fate": str(fate)},
                           probabilities={str(k): p for k, p in attrition.FORTRESS_ROLL.items()})
            return


def _set_up(action: PhaseChange, ctx: Context) -> Iterator[Outcome]:
    for locale in SET_UP_FORTRESSES:
        if locale not in ctx.data.locales or not _has(ctx, "fortress", locale):
            continue
        if land(ctx, locale).get("GB"):
            yield Check.done("AR-SET-06")
        else:
            yield Check.illegal("AR-SET-06", action.step,
                                f"the {ctx.name(locale)} fortress starts with no British "
                                "unit or leader: the Halifax and Quebec fortresses must be "
                                "garrisoned from the Canada units, or they are removed",
                                spaces=(locale,))


# ---------------------------------------------------------------------- combat


def _retreat(action: ForceMoved, ctx: Context) -> Iterator[Outcome]:
    locale = action.origin
    if not _has(ctx, "fortress", locale) or action.side is None:
        return
    if ctx.proc.fortresses.besieger(locale) is not None:
        yield Check.done("AR-FORT-01")
        return
    defenders = not any(piece in ctx.proc.moved for piece in action.pieces)
    attackers = [piece for piece, _ in land(ctx, locale).get(_other(action.side), [])
                 if piece in ctx.proc.moved]
    if defenders and attackers:
        yield Check.illegal("AR-FORT-01", action.step,
                            f"the {_who(action.side)} garrison retreated from its fortress in "
                            f"{ctx.name(locale)}: land units fighting in a locale with a "
                            "friendly fortress may never retreat (only a sortie may)",
                            spaces=(locale, action.destination))
    elif not defenders:
        yield Check.done("AR-FORT-01")


def _garrison_hit(action: UnitsRemoved | Disrupted, ctx: Context) -> Iterator[Outcome]:
    locale = action.locale
    side = action.side
    if side is None or ctx.phase not in CAMPAIGNS or not action.units:
        return
    besieger = ctx.proc.fortresses.besieger(locale)
    if besieger is None or besieger == side or not _has(ctx, "fortress", locale):
        return
    if not acting(ctx, besieger, side):
        return
    garrison = land(ctx, locale).get(side, [])
    disrupted = sum(e.disrupted for _, e in garrison)
    # The attack's first hit: no garrison unit disrupted before it.
    if isinstance(action, Disrupted):
        first_hit = disrupted == len(action.units) and not action.restored
    else:
        first_hit = disrupted == 0
    odds = siege_odds(ctx, locale, besieger, step=action.step) if first_hit else None
    if odds is not None:
        yield odds
    if ctx.phase == CAMPAIGNS[0]:
        return
    tactics = ctx.proc.has_played(besieger, "tactics", "committee")
    leaders = [e for _, e in land(ctx, locale).get(besieger, []) if e.kind == "leader"]
    if tactics and (leaders or ctx.proc.has_played(besieger, "committee")):
        yield Check.done("AR-FORT-08")
        return
    lacking = "a Tactics marker" if not tactics else "a leader with the besieging force"
    yield Check.illegal("AR-FORT-08", action.step,
                        f"the {_who(besieger)} besiegers of {ctx.name(locale)} attacked in "
                        f"the {_phase_text(ctx.phase)} without {lacking}: a siege attack in "
                        "the second or third Combat Phase must meet a forced march's "
                        "requirements", spaces=(locale,))


def _besieged_losses(action: LossesTaken, ctx: Context) -> Iterator[Outcome]:
    """AR 28.7: a siege negates the fortress's fire protection (AR 28.2(2)): a round's hits
    on a besieged garrison read on the normal table, 6s eliminate and 5s disrupt. Losses
    that fit only the fortress table are this rule's finding; losses fitting neither are
    the combat family's (AR-CBT-06)."""
    side, locale = action.side, action.locale
    if side is None or fortress_owner(ctx, locale) != side or \
            ctx.proc.fortresses.besieger(locale) not in (_other(side),):
        return
    normal, shielded = (check_hits(sixes=action.sixes, fives=action.fives, fresh=action.fresh,
                                   disrupted=action.disrupted, removed=action.removed,
                                   flipped=action.flipped, protected=shield)
                        for shield in (False, True))
    if normal.fits:
        yield Check.done("AR-FORT-06")
    elif shielded.fits:
        yield Check.illegal("AR-FORT-06", action.step,
                            f"the {_who(side)} garrison of the besieged fortress in "
                            f"{ctx.name(locale)} took {action.removed} eliminated and "
                            f"{action.flipped} disrupted for {action.sixes} six(es) and "
                            f"{action.fives} five(s), read on the fortress's table: a "
                            "besieging force negates the fortress's fire protection, so 6s "
                            "eliminate and 5s disrupt (AR 28.7, 28.2(2))", spaces=(locale,),
                            expected=_pairs(normal.legal),
                            observed=f"{action.removed} removed + {action.flipped} flipped")


def _pairs(legal: frozenset[tuple[int, int]]) -> str:
    return "; ".join(f"{r} removed + {f} flipped" for r, f in sorted(legal))


def acting(ctx: Context, side: str, other: str) -> bool:
    """Whether `side` is the side acting in the phase, judging an action of `other`'s
    pieces: the last to act, or the last before `other`, whose action it is that put it
    in the record (the record is kept before the action is judged)."""
    acted = ctx.proc.acted
    return bool(acted) and (acted[-1] == side or acted[-2:] == (side, other))


# ---------------------------------------------------------------------- hooks for battles


@dataclass(frozen=True, slots=True)
class FortressEffects:
    """What a fortress does for one side in a battle in its locale (AR 28.2, 28.3, 28.7,
    28.12-28.13)."""

    fortress: bool
    """The side fights with its own fortress in the locale."""
    initiative: int
    """Added to its initiative total: +1 unless besieged (AR 28.2(1), 28.7)."""
    protected: bool
    """Enemy fire on its land units: 1-5 nothing, 6 disrupts (AR 28.2(2)), unless besieged."""
    fortress_dice: int
    """The fortress's printed CF, fired only in defence with a friendly land unit there,
    besieged or not (AR 28.3)."""
    may_retreat: bool
    """False for a garrison (AR 28.2(3)); a sortie may (AR 28.13)."""


def fortress_effects(ctx: Context, locale: str, side: str, *, defending: bool,
                     sortie: bool = False, relief: bool = False) -> FortressEffects:
    """The fortress's effects for `side` in a battle in `locale` (for the battle family).

    A sortie or a relief battle is fought "as if no Fortress or Siege markers were
    present" (AR 28.12-28.13): no effects at all, and the sortie may retreat (FAQ)."""
    owner = fortress_owner(ctx, locale)
    if owner != side or sortie or relief:
        return FortressEffects(False, 0, False, 0, True)
    besieged = ctx.proc.fortresses.besieger(locale) not in (None, side)
    cf = ctx.data.fortress_cf or 0
    garrisoned = bool(land(ctx, locale).get(side))
    return FortressEffects(True, 0 if besieged else 1, not besieged,
                           cf if defending and garrisoned else 0, False)


def fortress_supplies(ctx: Context, side: str, locale: str) -> bool:
    """Whether a friendly fortress supplies land units of `side` in `locale` (AR 28.2(4),
    28.8): one in the locale or a route-adjacent one, unless a siege is in the way (the
    fortress's own locale besieged, or the unit's locale besieged by the enemy)."""
    def unbesieged_own(where: str) -> bool:
        return fortress_owner(ctx, where) == side and \
            ctx.proc.fortresses.besieger(where) in (None, side)

    if ctx.proc.fortresses.besieger(locale) not in (None, side):
        return False
    if unbesieged_own(locale):
        return True
    # A high-seas route is read as no adjacency (in the player's favour: the unit may be
    # unsupplied, AR 28.2(4) speaks of "immediately adjacent" locales).
    return any(unbesieged_own(route.b if route.a == locale else route.a)
               for route in ctx.data.routes if locale in (route.a, route.b)
               and route.type is not RouteType.HIGH_SEAS)


def siege_odds(ctx: Context, locale: str, attacker: str, *, step: int,
               tactics: int = 0) -> Computed | None:
    """The odds of `attacker`'s attack on the enemy fortress in `locale` (digest 6.5,
    Example G: `attrition.siege_attack`), from the units there now, every one taken fresh
    (as the attack starts); None when the numbers are not known (a unit's CF, the
    fortress's value) or too large to compute exactly."""
    sides = land(ctx, locale)
    cf = ctx.data.fortress_cf
    if cf is None:
        return None
    attackers = _firers(ctx, [e for _, e in sides.get(attacker, [])])
    garrison = _firers(ctx, [e for _, e in sides.get(_other(attacker), [])])
    if attackers is None or garrison is None or not attackers or not garrison:
        return None
    besieged = ctx.proc.fortresses.besieger(locale) == attacker
    try:
        found = attrition.siege_attack(BattleSide(battle_units(attackers)),
                                       battle_units(garrison), fortress_cf=cf,
                                       besieged=besieged, initiative_lead=tactics)
    except ValueError:
        return None
    hits = found.round_on_garrison
    return Computed(
        kind="siege attack", step=step, rule_id="AR-FORT-04",
        summary=f"attack on the fortress in {ctx.name(locale)}"
                f"{' (besieged)' if besieged else ' (no siege: fortress protection)'}",
        inputs={"attacking units": len(attackers), "garrison units": len(garrison),
                "fortress value": cf, "siege": besieged},
        probabilities={"garrison fires first": found.defender_first,
                       "first round: no effect on the garrison": hits.p(Hits(0, 0)),
                       "attacker wins": found.battle.attacker,
                       "fortress captured": found.captured,
                       "fortress destroyed": found.destroyed})


def _firers(ctx: Context, entities: list[Entity]) -> list[Firer] | None:
    found = []
    for entity in entities:
        if entity.kind != "unit":
            continue
        formation = ctx.data.formations.get(entity.key)
        if formation is None or formation.cf is None:
            return None
        try:
            kind = UnitKind(str(formation.type))
        except ValueError:
            return None
        found.append(Firer(kind, formation.cf))
    return found


__all__ = ["FAMILY", "FortressEffects", "fortress_effects", "fortress_owner",
           "fortress_supplies", "judge", "land", "siege_odds"]
