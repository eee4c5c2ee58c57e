"""Retreats before and after combat (AaM 11.3, 11.4; digest 4.10), on the battles the
reader reads (read_battles.py).

- AAM-RET-01 (11.3, 11.3.1): "A player may attempt to retreat his forces (if led by a
  Leader) or a Leader alone prior to combat when enemy forces enter their Area. Roll the
  die; if the result is equal to or less than the tactical rating of his highest-ranking
  Leader in the Area, he may retreat into one Area that he can legally enter." Which leader
  ranks highest is often not in the data: the best Tactical rating among the force's
  leaders is used (the player's favour). Two exceptions need no roll: Swamp Foxes (11.3.5),
  a force of Continental militia only, commanded by a Continental militia leader, into a
  swamp "even if the commanding Leader's tactical rating is zero"; and an all-Indian force
  into Wilderness or Mountain (11.3.6), "regardless of the presence of a Leader". Where
  they may apply and the terrain (or the leaders' category) is not in the data, the
  retreat is unchecked.
- AAM-RET-02 (11.3.2): "He must retreat all of his forces in the Area which can retreat."
  Militia left behind may be barred from the Area (10.8): unchecked.
- AAM-RET-06 (11.3.6): "If this option is chosen, the British player must roll to escape
  (Case 11.4.5) for the Indian Leader": a reminder when no roll follows.
- AAM-RET-10 (11.4.5): "Leaders that cannot retreat or are alone (no friendly SPs in their
  Area after combat) make a DR. If the DR is equal to or less than their tactical rating,
  they escape and are placed with the nearest unbesieged friendly force. If the DR is
  greater than their tactical rating, they are captured": a leader alone leaving the Area
  after the combat on a die above his Tactical rating is illegal (which force is nearest
  is not judged).
- AAM-RET-02 / -07 with a fort or city in the Area (4.2.4-4.2.5): "the defender must
  immediately choose [...] how many SPs, baggage trains, and leaders will stand outside the
  fort or city. The moving force must then fight a battle with the defender's force outside
  [...] If the attackers eliminate or retreat all the defender's outside forces, they can then
  lay siege": SPs left behind there may be the garrison inside, unchecked.
- AAM-RET-07 (11.4): "All of the loser's remaining Leaders, SPs, and baggage trains must
  retreat to an adjacent Area that is not: occupied by enemy forces, or across a river
  boundary during rain unless crossed by a road, or across any river boundary during flood
  (whether a road crosses it or not)." One Area, next to the battle's. Into an Area where
  a siege goes on and the retreating side has SPs, unchecked: if that side besieges, 4.3.2
  lets friendly forces "move into and through that Area as though there were no enemy
  forces there", and which side besieges is not shown.

- AAM-RET-03 (11.3.3): "The attacker may continue to move his force (if he has remaining
  MPs to do so), even into the Area to which the defending player retreated": the attacker
  moving on after a retreat before combat is judged legal here (its MPs are movement's).
- AAM-RET-04 (11.3.4): "Baggage trains alone in an Area may not retreat before combat (and
  magazines of course, cannot retreat under any circumstances)": trains leaving before
  combat with no SP or leader, or a magazine moved out in a retreat's step, are illegal
  (a lone train is never attacked, so only a train with no SP or leader leaving among
  others can show; the magazine's move is also AAM-MOV-40's).
- AAM-RET-05 (11.3.5): the Swamp Foxes' retreat with no roll is judged legal.
- AAM-RET-09 (11.4.3-11.4.4): "Magazines can never retreat; replace them with a captured
  baggage train belonging to the victorious player if available." "The BoO can never
  retreat. Replace the BoO with a victorious player's captured baggage train if available
  and place the BoO unit on the next game turn box": the loser's magazine or Base of
  Operations still in the battle's Area when the battle ends, its force gone, is illegal;
  the winner's captured baggage train there shows the capture made.

Rulebook against the digest: 11.4 lists the three bans only; the digest's "one adjacent
Area" is the rulebook's "an adjacent Area" (every piece to the same one, as 11.3.1 says of
the retreat before combat). A retreat across a river in Clear weather is legal (A83).
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.almost_a_miracle.actions import BattleEnded, MagazineMoved, Retreated
from adjudicator.systems.almost_a_miracle.data import AaMData, Need
from adjudicator.systems.almost_a_miracle.rules.context import Context
from adjudicator.systems.almost_a_miracle.rules.forts import NONE, fortification
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.places import PlaceKind
from adjudicator.systems.common.probability import Distribution
from adjudicator.systems.common.rulebook import RuleFamily

FAMILY = RuleFamily("retreat", frozenset({"AAM-RET-01", "AAM-RET-02", "AAM-RET-03",
                                          "AAM-RET-04", "AAM-RET-05", "AAM-RET-06", "AAM-RET-09",
                                          "AAM-RET-07", "AAM-RET-10"}),
                    actions=(Retreated, BattleEnded))
ROUGH = frozenset({"wilderness", "mountain", "mountains"})


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """A retreat's destination when it is made; the whole retreat when the battle ends."""
    if isinstance(action, Retreated):
        yield from _magazine(action, ctx)
        yield from _destination(action, ctx)
    elif isinstance(action, BattleEnded):
        yield from _follow(action)
        yield from _captured(action, ctx)
        yield from _trains_alone(action, ctx)
        yield from _before_combat(action, ctx)
        yield from _all_retreat(action, ctx)
        yield from _escapes(action, ctx)


def _side_of_kind(kind: str, data: AaMData) -> str | None:
    found = data.unit_kinds.get(kind)
    return str(found.side) if found is not None else None


def _destination(retreat: Retreated, ctx: Context) -> Iterator[Outcome]:
    """11.4: an adjacent Area, not enemy-occupied, no river in Rain (unless a road) or in
    Flood. Leaders alone may be escaping to the nearest friendly force (11.4.5): not
    judged here."""
    if not retreat.sp and not retreat.trains:
        return
    route = f"{ctx.name(retreat.area)} → {ctx.name(retreat.destination)}"
    there = ctx.state.in_area(retreat.destination)
    enemy = [e for e in there
             if e.kind == "sp" and _side_of_kind(e.key, ctx.data) not in (None, retreat.side)]
    if enemy and any(e.kind == "siege" for e in there) and any(
            e.kind == "sp" and e.key not in retreat.pieces and
            _side_of_kind(e.key, ctx.data) == retreat.side for e in there):
        yield Check.unchecked("AAM-RET-07", retreat.step,
                              f"the {retreat.side} force retreated {route}, where a siege "
                              "goes on: if its side is the besieger, \"friendly forces may "
                              "move into and through that Area as though there were no enemy "
                              "forces there\" (AaM 4.3.2); who besieges whom is not shown",
                              spaces=(retreat.area, retreat.destination))
        return
    if enemy:
        yield Check.illegal("AAM-RET-07", retreat.step,
                            f"the {retreat.side} force retreated {route}, an Area occupied "
                            f"by {sum(e.value for e in enemy)} enemy SP: a retreat may not "
                            "enter an Area occupied by enemy forces (AaM 11.4)",
                            spaces=(retreat.area, retreat.destination), pieces=retreat.pieces)
        return
    if len(retreat.path) > 2:
        yield Check.illegal("AAM-RET-07", retreat.step,
                            f"the {retreat.side} force retreated {route} through "
                            f"{len(retreat.path) - 2} Area(s) between: a retreat goes to an "
                            "adjacent Area (AaM 11.3.1, 11.4)",
                            spaces=retreat.path, pieces=retreat.pieces)
        return
    edges = [c for c in ctx.data.connections
             if {c.a, c.b} == {retreat.area, retreat.destination}]
    if not edges:
        if ctx.data.map_status.connections_complete:
            yield Check.illegal("AAM-RET-07", retreat.step,
                                f"the {retreat.side} force retreated {route}: the Areas are "
                                "not adjacent, and a retreat goes to an adjacent Area "
                                "(AaM 11.4)", spaces=(retreat.area, retreat.destination),
                                pieces=retreat.pieces)
        else:
            yield Check.unchecked("AAM-RET-07", retreat.step,
                                  f"whether {route} are adjacent Areas is not in the data "
                                  "(AaM 11.4)", needs=(str(Need.ADJACENCY),),
                                  spaces=(retreat.area, retreat.destination))
        return
    weather = {e.key for e, _ in ctx.state.pieces.values() if e.kind == "weather"}
    wet = weather & {"rain", "flood"}
    if not wet:
        yield Check.done("AAM-RET-07")
        return
    kinds = " ".join(c.kind for c in edges).casefold()
    river = "river" in kinds
    road = "road" in kinds
    if river and ("flood" in wet or not road):
        yield Check.illegal("AAM-RET-07", retreat.step,
                            f"the {retreat.side} force retreated {route} across a river "
                            f"boundary{' with a road' if road else ''} in "
                            f"{'Flood' if 'flood' in wet else 'Rain'}: no retreat across a "
                            "river boundary during rain unless crossed by a road, nor across "
                            "any river boundary during flood (AaM 11.4)",
                            spaces=(retreat.area, retreat.destination), pieces=retreat.pieces)
    else:
        yield Check.done("AAM-RET-07")


def _follow(ended: BattleEnded) -> Iterator[Outcome]:
    """11.3.3: the attacker moving on after the defender retreated before combat."""
    attacker = ended.joined.attacker.side
    if ended.before_combat and not ended.fought and \
            any(move.side == attacker for move in ended.moved_on):
        yield Check.done("AAM-RET-03")


def _captured(ended: BattleEnded, ctx: Context) -> Iterator[Outcome]:
    """11.4.3-11.4.4: the loser's magazine and BoO are captured, never left or retreated."""
    joined = ended.joined
    loser = ended.loser
    if not ended.fought or joined.siege or loser is None:
        return
    winner = joined.defender.side if loser == joined.attacker.side else joined.attacker.side
    held = {force.side: force for force in ended.left}
    if loser in held and (held[loser].sp or held[loser].leaders):
        return
    if winner not in held or not held[winner].sp:
        return
    left = [(piece, entity) for piece, (entity, place) in ctx.state.pieces.items()
            if place.kind is PlaceKind.SPACE and place.key == joined.area and entity.key == loser
            and ((entity.kind == "bt" and entity.flag == "mag") or entity.kind == "boo")]
    where = ctx.name(joined.area)
    step = max((r.step for r in ended.retreats if r.side == loser), default=ended.step)
    for piece, entity in left:
        what = "magazine" if entity.kind == "bt" else "Base of Operations"
        turn_box = " and goes to the next game turn box" if entity.kind == "boo" else ""
        yield Check.illegal("AAM-RET-09", step,
                            f"the {loser} {what} stayed in {where} after its force lost the "
                            f"battle: a {what} can never retreat; it is replaced by a "
                            "captured baggage train of the victorious player if available"
                            f"{turn_box}"
                            " (AaM 11.4.3-11.4.4)", spaces=(joined.area,), pieces=(piece,),
                            expected="captured", observed="left in the Area")
    if not left and any(e.kind == "bt" and e.flag == "captured" and e.key == winner
                        for e in ctx.state.in_area(joined.area)):
        yield Check.done("AAM-RET-09")


def _magazine(retreat: Retreated, ctx: Context) -> Iterator[Outcome]:
    """11.3.4: a magazine carried along in a retreat's step (read as a magazine's move)."""
    for action in ctx.step_actions:
        if isinstance(action, MagazineMoved) and action.origin == retreat.area and \
                action.side == retreat.side:
            yield Check.illegal("AAM-RET-04", action.step,
                                f"a magazine retreated from {ctx.name(retreat.area)} to "
                                f"{ctx.name(action.destination)} with the "
                                f"{retreat.side} force: magazines cannot retreat under any "
                                "circumstances (AaM 11.3.4)",
                                spaces=(retreat.area, action.destination),
                                pieces=(action.piece,))


def _trains_alone(ended: BattleEnded, ctx: Context) -> Iterator[Outcome]:
    """11.3.4: no baggage trains alone retreating before combat; no magazine retreating."""
    for retreat in ended.retreats:
        mags = [p for p in retreat.pieces
                if (found := ctx.state.pieces.get(p)) is not None and found[0].kind == "bt"
                and found[0].flag == "mag"]
        where = ctx.name(retreat.area)
        if mags:
            yield Check.illegal("AAM-RET-04", retreat.step,
                                f"a magazine retreated from {where}: magazines cannot retreat "
                                "under any circumstances (AaM 11.3.4)",
                                spaces=(retreat.area, retreat.destination), pieces=tuple(mags))
        elif retreat.before_combat and retreat.trains and not retreat.sp and \
                not retreat.leaders and not any(
                    r.sp or r.leaders for r in ended.retreats if r.before_combat):
            yield Check.illegal("AAM-RET-04", retreat.step,
                                f"{retreat.trains} baggage train(s) alone retreated before "
                                f"combat from {where}: baggage trains alone in an Area may "
                                "not retreat before combat (AaM 11.3.4)",
                                spaces=(retreat.area, retreat.destination),
                                pieces=retreat.pieces)
        elif retreat.before_combat and retreat.trains:
            yield Check.done("AAM-RET-04")


def _before_combat(ended: BattleEnded, ctx: Context) -> Iterator[Outcome]:
    """11.3, 11.3.1, 11.3.5, 11.3.6: who may retreat before combat, and on what roll."""
    retreats = [r for r in ended.retreats if r.before_combat]
    if not retreats:
        return
    first = retreats[0]
    force = ended.joined.defender
    where = ctx.name(ended.joined.area)
    destinations = {r.destination for r in retreats}
    if len(destinations) > 1:
        yield Check.illegal("AAM-RET-01", retreats[-1].step,
                            f"the force in {where} retreated before combat into "
                            f"{len(destinations)} Areas: it retreats into one Area "
                            "(AaM 11.3.1)", spaces=tuple(sorted(destinations)),
                            pieces=tuple(p for r in retreats for p in r.pieces))
        return
    kinds = {kind for kind, _ in force.sp}
    types = {ctx.data.unit_kinds[k].type if k in ctx.data.unit_kinds else None for k in kinds}
    all_indian = bool(kinds) and types == {"indian"}
    categories = {ctx.data.leaders[k].category if k in ctx.data.leaders else None
                  for k in force.leaders}
    all_militia = bool(kinds) and types == {"militia"} and force.side == "continental" \
        and bool(categories & {"militia", None})
    known_fox = all_militia and "militia" in categories
    terrain = _terrain(first.destination, ctx)
    free = (all_indian and terrain in ROUGH) or (known_fox and terrain == "swamp")
    may_be_free = free or (all_indian and terrain is None) or \
        (all_militia and terrain in ("swamp", None))
    if free:
        yield Check.done("AAM-RET-01")
        if known_fox and terrain == "swamp":
            yield Check.done("AAM-RET-05")
        if all_indian and force.leaders:
            yield from _indian_escape(ended, first, ctx, where)
        return
    if not force.leaders:
        if may_be_free:
            yield _unknown_terrain(first, ctx, where)
            return
        yield Check.illegal("AAM-RET-01", first.step,
                            f"the {force.strength} SP in {where} retreated before combat to "
                            f"{ctx.name(first.destination)} with no leader: a player may "
                            "attempt to retreat his forces only if led by a Leader "
                            "(AaM 11.3)", spaces=(ended.joined.area, first.destination),
                            pieces=first.pieces)
        return
    rolled = [dice for side, step, dice in ended.rolls
              if side == force.side and step <= first.step]
    if not rolled or len(rolled[-1]) != 1:
        if may_be_free:
            yield _unknown_terrain(first, ctx, where)
            return
        if not rolled:
            yield Check.illegal("AAM-RET-01", first.step,
                                f"the force in {where} retreated before combat to "
                                f"{ctx.name(first.destination)} with no roll: it retreats "
                                "on a die equal to or less than the tactical rating of its "
                                "highest-ranking leader (AaM 11.3.1)",
                                spaces=(ended.joined.area, first.destination),
                                pieces=first.pieces, expected="a 1d6 roll", observed="none")
        return
    die = rolled[-1][0]
    ratings = [ctx.data.leaders[k].tactical if k in ctx.data.leaders else None
               for k in force.leaders]
    if any(r is None for r in ratings):
        yield Check.unchecked("AAM-RET-01", first.step,
                              f"the retreat before combat from {where} rolled {die}: the "
                              "tactical ratings of its leaders are not in the data",
                              needs=(str(Need.LEADERS),), spaces=(ended.joined.area,))
        return
    best = max(r for r in ratings if r is not None)
    yield Check.computed("retreat_before_combat", first.step, "AAM-RET-01",
                         f"retreat before combat from {where}: a die of {best} or less "
                         f"succeeds, rolled {die} (AaM 11.3.1)",
                         inputs={"tactical": best, "die": die},
                         result={"retreats": die <= best},
                         probabilities={"retreats": Distribution.die().prob(
                             lambda d: d <= best)})
    if die <= best:
        yield Check.done("AAM-RET-01")
    elif may_be_free:
        yield _unknown_terrain(first, ctx, where)
    else:
        yield Check.illegal("AAM-RET-01", first.step,
                            f"the force in {where} retreated before combat to "
                            f"{ctx.name(first.destination)} on a {die}, above the tactical "
                            f"rating ({best}) of its best leader: it may retreat only on a "
                            "die equal to or less than the tactical rating of its "
                            "highest-ranking leader (AaM 11.3.1)",
                            spaces=(ended.joined.area, first.destination),
                            pieces=first.pieces, expected=f"{best} or less", observed=str(die))


def _terrain(area: str, ctx: Context) -> str | None:
    found = ctx.data.areas.get(area)
    return found.terrain.casefold() if found is not None and found.terrain else None


def _unknown_terrain(retreat: Retreated, ctx: Context, where: str) -> Outcome:
    return Check.unchecked("AAM-RET-01", retreat.step,
                           f"the retreat before combat from {where} to "
                           f"{ctx.name(retreat.destination)} needs no roll if that Area is a "
                           "swamp (Swamp Foxes, AaM 11.3.5) or Wilderness/Mountain (Indian "
                           "forces, AaM 11.3.6): its terrain is not in the data",
                           needs=(str(Need.ADJACENCY),),
                           spaces=(retreat.area, retreat.destination))


def _all_retreat(ended: BattleEnded, ctx: Context) -> Iterator[Outcome]:
    """11.3.2 and 11.4: every piece of the retreating side goes, to one Area."""
    if ended.joined.siege:
        return
    where = ctx.name(ended.joined.area)
    for before, rule, cite in ((True, "AAM-RET-02", "AaM 11.3.2"),
                               (False, "AAM-RET-07", "AaM 11.4")):
        retreats = [r for r in ended.retreats if r.before_combat is before
                    and (r.sp or r.trains)]
        if not retreats:
            if not before:
                yield from _nobody_left(ended, ctx, where)
            continue
        side = retreats[0].side
        destinations = {r.destination for r in retreats}
        if not before and len(destinations) > 1:
            yield Check.illegal(rule, retreats[-1].step,
                                f"the loser of the battle in {where} retreated into "
                                f"{len(destinations)} Areas: the loser retreats to an "
                                f"adjacent Area ({cite})", spaces=tuple(sorted(destinations)),
                                pieces=tuple(p for r in retreats for p in r.pieces))
            continue
        left = next((force for force in ended.left if force.side == side), None)
        if left is None or (not left.sp and not left.leaders and not left.trains):
            yield Check.done(rule)
            continue
        if _walls(ended.joined.area, ctx):
            yield Check.unchecked(rule, retreats[-1].step,
                                  f"the {side} force retreated from {where} and left "
                                  f"{left.strength} SP behind, in an Area with a fort or city "
                                  "(or one the data does not describe): the defender chose "
                                  "which SPs stand outside, the battle is fought with them and "
                                  "the rest may stay within the walls to be besieged "
                                  "(AaM 4.2.4-4.2.5, 4.3)",
                                  needs=(str(Need.AREAS),), spaces=(ended.joined.area,))
            continue
        if before and left.sp and all(
                (found := ctx.data.unit_kinds.get(kind)) is not None and
                found.type == "militia" for kind, _ in left.sp) and not left.trains:
            yield Check.unchecked(rule, retreats[-1].step,
                                  f"militia stayed in {where} when the force retreated "
                                  "before combat: militia barred from the Area retreated to "
                                  "(AaM 10.8) cannot retreat with it (AaM 11.3.2)",
                                  spaces=(ended.joined.area,), pieces=left.pieces)
            continue
        what = ", ".join(part for part in (
            f"{left.strength} SP" if left.sp else "",
            f"{len(left.leaders)} leader(s)" if left.leaders else "",
            f"{left.trains} baggage train(s)" if left.trains else "") if part)
        text = ("he must retreat all of his forces in the Area which can retreat" if before
                else "all of the loser's remaining Leaders, SPs, and baggage trains must "
                     "retreat")
        yield Check.illegal(rule, retreats[-1].step,
                            f"the {side} force retreated from {where} "
                            f"{'before' if before else 'after'} combat and left {what} "
                            f"behind: {text} ({cite})",
                            spaces=(ended.joined.area,), pieces=left.pieces)


def _walls(area: str, ctx: Context) -> bool:
    """Whether an Area may hold SPs within walls: a city or a fort, or the data does not
    say (AaM 4.2.4)."""
    return fortification(area, ctx) != NONE


def _nobody_left(ended: BattleEnded, ctx: Context, where: str) -> Iterator[Outcome]:
    """11.2.3, 11.4: after a fought battle the loser leaves the Area (retreating, or
    eliminated or surrendered when it cannot); both sides still there is a loser that
    stayed."""
    if not ended.fought or ended.joined.siege or \
            any(e.kind == "siege" for e in ctx.state.in_area(ended.joined.area)):
        return  # a side inside its walls stays (AaM 4.5, 10.5.10)
    staying = [force for force in ended.left if force.sp]
    if len(staying) < 2:
        return
    step = max((loss.step for loss in ended.losses), default=ended.step)
    yield Check.illegal("AAM-RET-07", step,
                        f"after the battle in {where} both sides' SPs are still in the Area: "
                        "the side with the lower total must retreat to an adjacent Area "
                        "after casualties are determined (AaM 11.2.3, 11.4)",
                        spaces=(ended.joined.area,),
                        pieces=tuple(p for force in staying for p in force.pieces),
                        expected="the loser's retreat", observed="no retreat")


def _indian_escape(ended: BattleEnded, retreat: Retreated, ctx: Context,
                   where: str) -> Iterator[Outcome]:
    """11.3.6: the Indian leader rolls to escape after the free retreat."""
    side = ended.joined.defender.side
    rolled = [step for roller, step, _ in ended.rolls if roller == side and step >= retreat.step]
    if rolled:
        yield Check.done("AAM-RET-06")
        return
    names = ", ".join(ctx.leader_name(leader) for leader in ended.joined.defender.leaders)
    yield Check.reminder("AAM-RET-06", retreat.step,
                         f"the Indian force retreated from {where} before combat with no "
                         f"roll: the British player must roll to escape for the Indian leader "
                         f"({names}) (AaM 11.3.6, 11.4.5)",
                         spaces=(ended.joined.area, retreat.destination),
                         pieces=tuple(ended.joined.defender.leaders))


def _escapes(ended: BattleEnded, ctx: Context) -> Iterator[Outcome]:
    """11.4.5: a leader alone after the combat leaves on a die of his Tactical or less."""
    first_loss = min((loss.step for loss in ended.losses), default=None)
    if first_loss is None:
        return
    where = ctx.name(ended.joined.area)
    for retreat in ended.retreats:
        if retreat.before_combat or retreat.sp or retreat.trains or len(retreat.leaders) != 1:
            continue
        (leader,) = retreat.leaders
        dice = [dice for side, step, dice in ended.rolls
                if side == retreat.side and first_loss <= step <= retreat.step]
        found = ctx.data.leaders.get(leader)
        tactical = found.tactical if found is not None else None
        if not dice or len(dice[-1]) != 1:
            continue  # no escape roll shown: the roll may be elsewhere in the log
        die = dice[-1][0]
        if tactical is None:
            yield Check.unchecked("AAM-RET-10", retreat.step,
                                  f"{ctx.leader_name(leader)} left {where} alone on a {die}: "
                                  "his Tactical rating is not in the data",
                                  needs=(str(Need.LEADERS),), spaces=(ended.joined.area,))
            continue
        yield Check.computed("leader_escape", retreat.step, "AAM-RET-10",
                             f"{ctx.leader_name(leader)} escapes on {tactical} or less: "
                             f"rolled {die} (AaM 11.4.5)",
                             inputs={"tactical": tactical, "die": die},
                             result={"escapes": die <= tactical},
                             probabilities={"escapes": Distribution.die().at_most(tactical)})
        if die <= tactical:
            yield Check.done("AAM-RET-10")
            continue
        yield Check.illegal("AAM-RET-10", retreat.step,
                            f"{ctx.leader_name(leader)} left {where} alone after the battle "
                            f"on a {die}, above his Tactical rating ({tactical}): a leader "
                            "whose escape DR is greater than his tactical rating is captured "
                            "and becomes a Prisoner of War (AaM 11.4.5)",
                            spaces=(retreat.area, retreat.destination), pieces=retreat.pieces,
                            expected=f"{tactical} or less", observed=str(die))
