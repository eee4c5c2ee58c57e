"""Movement (AR 16, 17.1, 21.6-21.7, 23, 24.1-24.2, 25, 26.3).

AR 16.3: a force's movement allowance is one die "plus the commander value" (AR 16.12's
example: "a force containing a 2 leader rolls a three. This gives it a total movement of
five"); a leaderless force uses the bare die. AR 16.12: "The cost for traversing a trail
movement route is generally two MP. If, however, a moving force consists entirely of any
mix of leaders, light troops and/or Indians, that force's trail cost is only one MP.
Road, Lake/River and High Seas movement routes each cost one MP". AR 16.5: "No unit or
leader may move more than once per Movement Phase." AR 16.10: a force entering a locale
with enemy units "must stop"; AR 29.4(2) likewise an enemy partisan's. AR 16.9, 24.1:
fleets "may move only into ports and high seas locales and friendly off-map holding
boxes", never along land routes; land units go by sea only carried by fleets. AR 24.2: a
fleet stops on entering a port with enemy combat units. AR 23.1: "Militia combat units
and militia commanders may not cross any regional border [...] may not move out to sea in
any way" (with the optional Militia Expeditions, AR 33.1, they may attempt to cross: the
crossing is then that rule's to judge). AR 26.3: "Until France allies with America, no
non-French units may enter Hispaniola. Until Spain allies with America, no non-Spanish
units may enter Cuba or New Spain." AR 25.1-25.4: the off-map boxes are entered and left
only by fleet; only the British use the Britain box; only French units the France box,
Spanish the Spain box, and only while that nation is allied. AR 14.2, 17.1: in the second
and third Campaign Phases a force moves only by forced march: a Tactics marker spent at
the start of the phase and a leader with the force (Committee of Correspondence: neither
needed, AR 7.9).

Which leader commands is the player's choice and not in the log: the force's best
effective value is used (AR 21.6: a militia leader counts only for a force all militia,
light and militia leaders; 21.7: a general adds nothing to a fleet, an admiral only to
one), so a move is never called too long for a commander it might have had.

A force's move may take several steps of the log. AR 16.7: "you may drop off some of them
as the force moves; however, once a unit has been dropped off, it may not move again, or
any farther, that phase"; 16.8: "No units may be added or in any way picked up as a force
moves"; 16.4: "You must complete the movement of one force before starting to move
another." A move that starts where the side's last move ended, with some of its pieces
and no die of its own, is that force going on (`procedure.continues`): its pieces are not
moving twice (AR-MOV-04), its path is costed from where the force began, against the
force's one die (each part at the trail cost of the force as it then was), it counts as
one force for forced march, and a locale it had to stop in is not left (AR-MOV-07).
Pieces it did not have are picked up, pieces it dropped earlier move again (AR-MOV-05); a
force's move taken up again after another force moved is interleaved (AR-MOV-03). A move
right after another of the same side, from the same origin to the same destination, with
none of its pieces and no die of its own, is more of that force dragged after it
(`procedure.accompanies`): it moves on that force's die and commander, one forced march,
and is costed as the whole force (passengers dragged after their fleet go by sea, AR 24.4).
Land units that moved farther than they could march from a port holding a friendly fleet
may be the passengers of a fleet dragged after them: not called too long (unchecked).

Where a force must stop (AR 16.10, 24.2, 24.3, 29.4(2)): any force, a fleet too, where an
enemy partisan stands ("An enemy force that enters an area containing one of your side's
partisan units must cease movement"); a land force where enemy land units stand, not
where an enemy fleet stands alone (AR FAQ: land units moving into a port leave the fleet
there, blockading; fleets cannot attack land units by themselves, AR 24.7); a fleet in a
port holding enemy combat units of any type, not on the high seas where enemy fleets are
(AR 24.3); nobody in an off-map box (AR 25).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import pairwise

from adjudicator.systems.american_revolution.actions import ForceMoved
from adjudicator.systems.american_revolution.data import (
    FormationType,
    LeaderKind,
    LocaleKind,
    Nation,
    Need,
    RouteType,
)
from adjudicator.systems.american_revolution.procedure import (
    CAMPAIGNS,
    accompanies,
    continues,
    force_of,
)
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.american_revolution.rules.expeditions import is_expedition
from adjudicator.systems.american_revolution.rules.interception import was_interception
from adjudicator.systems.american_revolution.rules.overrun import continues as overruns_on
from adjudicator.systems.american_revolution.rules.overrun import passable
from adjudicator.systems.american_revolution.rules.tracks import in_clean_up
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.mapgraph import Connection, Constraints, MapGraph
from adjudicator.systems.common.outcomes import Check, Computed, Outcome
from adjudicator.systems.common.routes import (
    PricedLeg,
    how_priced,
    legs_of,
    route_data,
)
from adjudicator.systems.common.routes import route_text as priced_text
from adjudicator.systems.common.rulebook import RuleFamily

FAMILY = RuleFamily("movement",
                    frozenset({"AR-MOV-01", "AR-MOV-02", "AR-MOV-03", "AR-MOV-04", "AR-MOV-05",
                               "AR-MOV-06",
                               "AR-MOV-07", "AR-MOV-09", "AR-MOV-10", "AR-MOV-11",
                               "AR-FM-01"}),
                    actions=(ForceMoved,))
NIMBLE = frozenset({FormationType.LIGHT, FormationType.INDIAN})
"""Units whose force, with leaders alone, pays 1 for a trail (AR 16.12)."""
CLOSED = {"hispaniola": (Nation.FR, 2), "cuba": (Nation.SP, 3), "new_spain": (Nation.SP, 3)}
"""Regions closed to other nations' units until their nation allies (AR 26.3, 12.7)."""
BOXES = {"britain_box": Nation.GB, "france_box": Nation.FR, "spain_box": Nation.SP}


@dataclass(frozen=True, slots=True)
class Force:
    """What the rules read of a moving force."""

    side: str
    types: tuple[FormationType, ...]
    nations: tuple[Nation, ...]
    leaders: tuple[str, ...]

    @property
    def fleet(self) -> bool:
        """Whether a fleet moves with it (by sea)."""
        return FormationType.FLEET in self.types

    @property
    def nimble(self) -> bool:
        """Leaders, light troops and Indians only (AR 16.12)."""
        return all(kind in NIMBLE for kind in self.types)


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """A force's move against the routes, its allowance and the places it may go."""
    if not isinstance(action, ForceMoved) or action.retreat or ctx.phase == "setup":
        return
    if in_clean_up(action, ctx):
        return  # picked up and placed when an ally turns neutral (AR 26.4), not a move
    force = force_read(ctx, action)
    if force is None:
        return
    if not overruns_on(action, ctx):  # going on after an overrun (optional AR 34), judged there
        yield from _twice(action, ctx)
    yield from _forced_march(action, ctx, force)
    yield from _militia(action, ctx, force)
    yield from _closed_regions(action, ctx, force)
    yield from _boxes(action, ctx, force)
    yield from _fleet_ports(action, ctx, force)
    yield from _allowance(action, ctx, force)


def _twice(action: ForceMoved, ctx: Context) -> Iterator[Outcome]:
    """AR 16.4, 16.5, 16.7, 16.8: a force goes on from where its last move ended with some
    of its pieces (dropping others off), but picks nobody up; no piece moves twice; one
    force's move is complete before another's begins."""
    moves = ctx.proc.moves
    route = f"{ctx.name(action.origin)} → {ctx.name(action.destination)}"
    if moves and continues(moves[-1], action):
        force = force_of(moves)
        earlier = {piece for move in force for piece in move.pieces}
        dropped = earlier - set(moves[-1].pieces)
        again = [p for p in action.pieces if p in dropped]
        picked = [p for p in action.pieces if p not in earlier]
        if again:
            yield Check.illegal("AR-MOV-05", action.step,
                                f"{_count(again)} dropped off earlier in its move went on "
                                f"{route} with the force: once dropped off, a unit may not "
                                "move again, or any farther, that phase",
                                spaces=(action.origin,), pieces=_names(ctx, again))
        if picked:
            yield Check.illegal("AR-MOV-05", action.step,
                                f"the force moving {route} picked up {_count(picked)} in "
                                f"{ctx.name(action.origin)}: no units may be added or in any "
                                "way picked up as a force moves", spaces=(action.origin,),
                                pieces=_names(ctx, picked))
        if not again and not picked:
            yield Check.done("AR-MOV-05")
        yield Check.done("AR-MOV-03")
        return
    again = [piece for piece in action.pieces if piece in ctx.proc.moved]
    if not again:
        yield Check.done("AR-MOV-04")
        if moves:
            yield Check.done("AR-MOV-03")
        return
    left_behind = _dropped_off(moves, set(again))
    if left_behind:
        yield Check.illegal("AR-MOV-05", action.step,
                            f"{_count(left_behind)} dropped off by a force earlier this phase "
                            f"moved again, {route}: once dropped off, a unit may not move "
                            "again, or any farther, that phase",
                            spaces=(action.origin,), pieces=_names(ctx, left_behind))
        return
    resumed = [move for move in moves[:-1] if action.die is None
               and move.side == action.side and move.destination == action.origin
               and set(action.pieces) <= set(move.pieces)]
    if resumed:
        yield Check.illegal("AR-MOV-03", action.step,
                            f"the force that moved {ctx.name(resumed[-1].origin)} → "
                            f"{ctx.name(resumed[-1].destination)} (step {resumed[-1].step}) "
                            f"went on {route} after another force had moved: the movement "
                            "of one force is completed before another's is begun",
                            spaces=(action.origin, action.destination))
        return
    if all(any(piece in move.pieces and was_interception(move, ctx) for move in moves)
           for piece in again):
        yield Check.unchecked("AR-MOV-04", action.step,
                              f"{len(again)} of the pieces that moved {route} had moved this "
                              "Campaign Phase in what may have been an interception in the "
                              "enemy's Movement Phase (AR 32.2), after which they may move in "
                              "their own: the log does not show which",
                              spaces=(action.origin, action.destination))
        return
    yield Check.illegal("AR-MOV-04", action.step,
                        f"{len(again)} of the pieces that moved {route} had already moved "
                        "this Movement Phase: no unit or leader moves twice in one",
                        spaces=(action.origin, action.destination),
                        pieces=_names(ctx, again))


def _dropped_off(moves: tuple[ForceMoved, ...], pieces: set[str]) -> list[str]:
    """The pieces a force dropped off as it went on (in one of its moves, not the next)."""
    found: list[str] = []
    for before, after in pairwise(moves):
        if continues(before, after):
            found += [p for p in before.pieces if p in pieces and p not in after.pieces
                      and p not in found]
    return found


def _count(pieces: list[str]) -> str:
    return "a unit" if len(pieces) == 1 else f"{len(pieces)} units"


def _names(ctx: Context, pieces: Iterable[str]) -> tuple[str, ...]:
    names = []
    for piece in pieces:
        found = ctx.state.pieces.get(piece)
        if found is None:
            continue
        entity = found[0]
        names.append(ctx.unit_name(entity.key) if entity.kind == "unit"
                     else ctx.leader_name(entity.key))
    return tuple(names)


def _forced_march(action: ForceMoved, ctx: Context, force: Force) -> Iterator[Outcome]:
    if ctx.phase not in CAMPAIGNS[1:]:
        return
    if ctx.proc.moves and (continues(ctx.proc.moves[-1], action)
                           or accompanies(ctx.proc.moves[-1], action)):
        return  # the same force going on, or dragged in parts: judged at its first move
    side = action.side
    plays = [p for p in ctx.proc.played if p.side == side and p.marker in ("tactics",
                                                                              "committee")]
    committee = any(p.marker == "committee" for p in plays)
    marches = ctx.proc.marches.of(str(side))
    route = f"{ctx.name(action.origin)} → {ctx.name(action.destination)}"
    if marches + 1 > len(plays):
        yield Check.illegal("AR-FM-01", action.step,
                            f"a force moved {route} in the {_ordinal(ctx.phase)} Campaign "
                            f"Phase with {len(plays)} Tactics or Committee of "
                            f"Correspondence markers spent for {marches + 1} forces: after "
                            "the first Campaign Phase a force moves only by forced march, "
                            "one marker each", spaces=(action.origin, action.destination))
        return
    if not force.leaders and not committee:
        yield Check.illegal("AR-FM-01", action.step,
                            f"a force without a leader forced-marched {route}: a forced "
                            "march needs a leader to command it (only Committee of "
                            "Correspondence needs none)",
                            spaces=(action.origin, action.destination))
        return
    yield Check.done("AR-FM-01")


def _ordinal(phase: str | None) -> str:
    return {"campaign_2": "second", "campaign_3": "third"}.get(phase or "", "first")


def _militia(action: ForceMoved, ctx: Context, force: Force) -> Iterator[Outcome]:
    militia = FormationType.MILITIA in force.types or any(
        _kind(ctx, leader) is LeaderKind.MILITIA for leader in force.leaders)
    if not militia:
        return
    if force.fleet:
        yield Check.illegal("AR-MOV-09", action.step,
                            "militia went to sea with a fleet: militia units and leaders "
                            "may not move out to sea in any way",
                            spaces=(action.origin, action.destination))
        return
    a, b = ctx.data.region_of(action.origin), ctx.data.region_of(action.destination)
    if a is None or b is None:
        yield Check.unchecked("AR-MOV-09", action.step,
                              "the region of "
                              f"{ctx.name(action.origin if a is None else action.destination)}"
                              " is not known: whether militia crossed a regional border "
                              "cannot be checked", needs=(str(Need.REGIONS),))
        return
    if a.id != b.id and is_expedition(action, ctx):
        return  # AR 33.1: militia may attempt to cross with a commander (AR-MEXP-01)
    if a.id != b.id:
        yield Check.illegal("AR-MOV-09", action.step,
                            f"militia moved {ctx.name(action.origin)} ({a.name}) → "
                            f"{ctx.name(action.destination)} ({b.name}): militia units and "
                            "militia leaders may not cross a regional border",
                            spaces=(action.origin, action.destination))
        return
    yield Check.done("AR-MOV-09")


def _kind(ctx: Context, leader: str) -> LeaderKind | None:
    found = ctx.data.leaders.get(leader)
    return found.kind if found is not None else None


def _closed_regions(action: ForceMoved, ctx: Context, force: Force) -> Iterator[Outcome]:
    region = ctx.data.region_of(action.destination)
    if region is None or region.id not in CLOSED:
        return
    nation, level = CLOSED[region.id]
    bop = ctx.state.level("bop")
    if bop is None:
        return
    strangers = [n for n in force.nations if n is not nation]
    if strangers and bop < level:
        yield Check.illegal("AR-MOV-10", action.step,
                            f"a force with non-{'French' if nation is Nation.FR else 'Spanish'}"
                            f" units entered {ctx.name(action.destination)} ({region.name}) "
                            f"with the Balance of Power at {bop:+d}: that nation's regions "
                            "are closed to other units until it allies",
                            spaces=(action.destination,))
    else:
        yield Check.done("AR-MOV-10")


def _boxes(action: ForceMoved, ctx: Context, force: Force) -> Iterator[Outcome]:
    ends = [end for end in (action.origin, action.destination) if end in BOXES]
    if not ends:
        return
    broken = False
    if not force.fleet:
        broken = True
        yield Check.illegal("AR-MOV-11", action.step,
                            f"a force moved {ctx.name(action.origin)} → "
                            f"{ctx.name(action.destination)} without a fleet: the off-map "
                            "boxes are entered and left only by fleet",
                            spaces=(action.origin, action.destination))
    for box in ends:
        nation = BOXES[box]
        name = ctx.name(box)
        if nation is Nation.GB and force.side != "GB":
            broken = True
            yield Check.illegal("AR-MOV-11", action.step,
                                f"American units used the {name} box: only the British may",
                                spaces=(box,))
        elif nation is not Nation.GB:
            others = [n for n in force.nations if n is not nation]
            if others:
                broken = True
                yield Check.illegal("AR-MOV-11", action.step,
                                    f"units of another nation used the {name} box: only "
                                    f"{'French' if nation is Nation.FR else 'Spanish'} units "
                                    "may enter or leave it", spaces=(box,))
            bop = ctx.state.level("bop")
            allied = 2 if nation is Nation.FR else 3
            if bop is not None and bop < allied:
                broken = True
                yield Check.illegal("AR-MOV-11", action.step,
                                    f"the {name} box was used while its nation is neutral "
                                    f"(Balance of Power {bop:+d})", spaces=(box,))
    if not broken:
        yield Check.done("AR-MOV-11")


def _fleet_ports(action: ForceMoved, ctx: Context, force: Force) -> Iterator[Outcome]:
    if not force.fleet:
        return
    locale = ctx.data.locales.get(action.destination)
    if locale is None:
        return
    if locale.kind in (LocaleKind.HIGH_SEAS, LocaleKind.BOX):
        yield Check.done("AR-MOV-06")
        return
    if locale.port is None:
        yield Check.unchecked("AR-MOV-06", action.step,
                              f"whether {locale.name} is a port is not known: a fleet may "
                              "enter only ports, high seas and friendly boxes",
                              needs=(str(Need.PORTS),), spaces=(action.destination,))
    elif not locale.port:
        yield Check.illegal("AR-MOV-06", action.step,
                            f"a fleet entered {locale.name}, which is not a port: fleets "
                            "enter only ports, high seas and friendly off-map boxes",
                            spaces=(action.destination,))
    else:
        yield Check.done("AR-MOV-06")


def _enemy_held(ctx: Context, force: Force, locale: str) -> bool:
    """Whether a moving force must stop in a locale (AR 16.10, 29.4(2), 24.2, 24.3).

    A fleet stops on entering a port holding enemy combat units of any type (AR 24.2),
    never for enemy fleets on the high seas (AR 24.3: it "may move into and through" them).
    Any force, a fleet too, stops where an enemy partisan stands (AR 29.4(2): "An enemy
    force that enters an area containing one of your side's partisan units must cease
    movement in that locale"; AR 24.1: fleets "otherwise follow normal rules of
    movement"), as AR-PART-03 reads it.
    A land force stops where enemy land units or an enemy partisan stand; an enemy fleet
    alone in a port does not stop it (AR FAQ: land units moving into a port leave the
    fleet there, blockading; fleets cannot attack land units by themselves, AR 24.7).
    Nothing stops a force in an off-map box (AR 25)."""
    found = ctx.data.locales.get(locale)
    kind = found.kind if found is not None else None
    if kind is LocaleKind.BOX:
        return False
    for entity in ctx.state.in_locale(locale):
        if entity.kind == "partisan" and entity.key not in ("", force.side):
            return True  # AR 29.4(2): "An enemy force" of any kind, a fleet's too
        if entity.kind != "unit":
            continue
        formation = ctx.data.formations.get(entity.key)
        if formation is None or str(formation.side) == force.side:
            continue
        if force.fleet:
            if kind is not LocaleKind.HIGH_SEAS:
                return True
        elif formation.type is not FormationType.FLEET:
            return True
    return False


def _costs(force: Force) -> dict[str, int | None]:
    trail = 1 if force.nimble else 2
    if force.fleet:
        return {RouteType.HIGH_SEAS.value: 1}
    return {RouteType.ROAD.value: 1, RouteType.LAKE_RIVER.value: 1,
            RouteType.TRAIL.value: trail}


def _dragged_after(moves: tuple[ForceMoved, ...], action: ForceMoved) -> tuple[ForceMoved, ...]:
    """The earlier parts of the force a move is dragged after (`procedure.accompanies`),
    first to last: none if it is not."""
    parts: list[ForceMoved] = []
    later = action
    for move in reversed(moves):
        if not accompanies(move, later):
            break
        parts.append(move)
        later = move
    return tuple(reversed(parts))


def _joined(ctx: Context, parts: tuple[ForceMoved, ...], force: Force) -> Force:
    """The whole force a move dragged after its other parts belongs to (AR 16.3: it moves
    as one): a fleet among the parts carries the rest by sea (AR 24.4), at its costs."""
    types, nations, leaders = list(force.types), list(force.nations), list(force.leaders)
    for part in parts:
        read = force_read(ctx, part)
        if read is None:
            continue
        types += read.types
        nations += read.nations
        leaders += read.leaders
    return Force(force.side, tuple(types), tuple(nations), tuple(leaders))


def _fleet_may_follow(action: ForceMoved, ctx: Context, force: Force) -> bool:
    """Whether a land force's move may be the first part of a force a friendly fleet in its
    origin carries, the fleet dragged after it (AR 16.3, 24.4): the log shows the fleet's
    part only in a later step."""
    if force.fleet:
        return False
    for entity in ctx.state.in_locale(action.origin):
        formation = ctx.data.formations.get(entity.key) if entity.kind == "unit" else None
        if formation is not None and formation.type is FormationType.FLEET \
                and str(formation.side) == force.side:
            return True
    return False


def _fleet_to_follow(action: ForceMoved, ctx: Context) -> Outcome:
    return Check.unchecked("AR-MOV-02", action.step,
                           f"land units moved {ctx.name(action.origin)} → "
                           f"{ctx.name(action.destination)} farther than they could march, "
                           f"from a port holding a friendly fleet: the fleet may carry them "
                           "by sea, dragged after them as part of the same force",
                           spaces=(action.origin, action.destination))


def force_read(ctx: Context, action: ForceMoved) -> Force | None:
    """What the rules read of a move's force (None: a unit the data does not know)."""
    types, nations = [], []
    for key in action.units:
        formation = ctx.data.formations.get(key)
        if formation is None:
            return None
        types.append(formation.type)
        nations.append(formation.nation)
    return Force(str(action.side), tuple(types), tuple(nations), action.leaders)


def _allowance(action: ForceMoved, ctx: Context, force: Force) -> Iterator[Outcome]:
    graph: MapGraph = ctx.graph
    moves = ctx.proc.moves
    earlier = force_of(moves) if moves and continues(moves[-1], action) else ()
    first = earlier[0] if earlier else action
    parts = _dragged_after(moves, action) if not earlier else ()
    if parts:
        first = force_of(moves)[0]  # more of that force, dragged after it: its die
        force = _joined(ctx, parts, force)  # costed as the whole force (a fleet carries)
    alone = not earlier and not parts  # a first part: a fleet may be dragged after it
    route_text = f"{ctx.name(first.origin)} → {ctx.name(action.destination)}"
    spaces = (first.origin, action.destination)
    total = 0
    priced: list[PricedLeg] = []
    for index, move in enumerate((*earlier, action)):
        mover = force if move is action else force_read(ctx, move)
        if mover is None:
            return
        table = _costs(mover)

        def cost(connection: Connection, table: dict[str, int | None] = table) -> int | None:
            return table.get(connection.kind)

        stops = {locale for locale in graph.spaces if _enemy_held(ctx, mover, locale)
                 and not passable(ctx, mover.side, locale)}  # an overrun (optional AR 34)
        constraints = Constraints(cost=cost, stops=stops)
        own = [move.origin]
        for start, end in zip(move.path, move.path[1:], strict=False):
            leg = graph.cheapest(start, end, constraints)
            if leg is None:
                if move is not action:
                    return
                if alone and _fleet_may_follow(action, ctx, force):
                    yield _fleet_to_follow(action, ctx)
                elif graph.complete:
                    yield Check.illegal("AR-MOV-02", action.step,
                                        f"a force moved {ctx.name(start)} → {ctx.name(end)} "
                                        "along no route it may use (or only through a "
                                        "locale where it had to stop)", spaces=(start, end))
                else:
                    yield Check.unchecked("AR-MOV-02", action.step,
                                          f"no known route joins {ctx.name(start)} and "
                                          f"{ctx.name(end)}: the map's routes are incomplete",
                                          needs=(str(Need.ROUTES),), spaces=(start, end))
                return
            total += leg.cost
            priced += legs_of(graph, leg, constraints)
            own += list(leg.spaces[1:])
        if move is action:
            inner = own[:-1] if index > 0 else own[1:-1]
            stopped = [locale for locale in inner if locale in stops]
            if stopped:
                yield Check.illegal("AR-MOV-07", action.step,
                                    f"a force moved on from {ctx.name(stopped[0])}, which "
                                    "holds enemy units or an enemy partisan: a force entering "
                                    "such a locale stops there", spaces=(stopped[0],))
            else:
                yield Check.done("AR-MOV-07")
    if priced:
        # The route priced, line by line, and how it is known (the drags, or the cheapest).
        route_text = f"{priced_text(priced, ctx.name)}, {how_priced(priced)}"
    if first.die is None:
        yield Check.unchecked("AR-MOV-01", action.step,
                              f"no movement die was rolled for the force that moved "
                              f"{route_text}", spaces=spaces)
        return
    yield Check.done("AR-MOV-01")
    starting = force_read(ctx, first) if earlier or first is not action else force
    value, unknown = _commander(ctx, starting or force)
    if first is not action and not earlier:  # dragged in parts: the force's commander
        own_value, own_unknown = _commander(ctx, force)
        value, unknown = max(value, own_value), [*unknown, *own_unknown]
    allowance = first.die + value
    computed = Computed(kind="movement points", step=action.step, rule_id="AR-MOV-02",
                        summary=f"{route_text}: {total} MP of {allowance}"
                                f"{' or more' if unknown else ''}",
                        inputs={"die": first.die, "commander value": value,
                                **route_data(priced, ctx.name)},
                        result={"cost": total, "allowance": allowance,
                                "left": allowance - total})
    yield computed
    if total <= allowance:
        yield Check.done("AR-MOV-02")
    elif unknown:
        yield Check.unchecked("AR-MOV-02", action.step,
                              f"{route_text} costs at least {total} MP, more than the die "
                              f"({first.die}) plus the known leader values ({value}): the "
                              f"value of {', '.join(unknown)} is needed",
                              needs=(str(Need.LEADERS),), spaces=spaces)
    elif alone and _fleet_may_follow(action, ctx, force):
        yield _fleet_to_follow(action, ctx)
    elif not graph.complete:
        yield Check.unchecked("AR-MOV-02", action.step,
                              f"{route_text} costs {total} MP on the routes known, more than "
                              f"its allowance of {allowance}; the map's routes are incomplete",
                              needs=(str(Need.ROUTES),), spaces=spaces)
    else:
        yield Check.illegal("AR-MOV-02", action.step,
                            f"{route_text} costs at least {total} MP, more than the force's "
                            f"movement allowance of {allowance} (die {first.die} + "
                            f"commander {value})", spaces=spaces,
                            expected=f"at most {allowance} MP", observed=f"{total} MP")


def _commander(ctx: Context, force: Force) -> tuple[int, list[str]]:
    """The best effective value any leader of the force gives (AR 16.3, 21.6-21.7), and
    the leaders whose value is not known."""
    best, unknown = 0, []
    militia_force = all(t in (FormationType.MILITIA, FormationType.LIGHT) for t in force.types)
    for key in force.leaders:
        leader = ctx.data.leaders.get(key)
        if leader is None:
            continue
        if leader.kind is LeaderKind.MILITIA and not militia_force:
            continue
        if leader.kind is LeaderKind.ADMIRAL and not force.fleet:
            continue
        if leader.kind is LeaderKind.GENERAL and force.fleet and all(
                t is FormationType.FLEET for t in force.types):
            continue
        if leader.value is None:
            unknown.append(leader.name)
            continue
        best = max(best, leader.value)
    return best, unknown
