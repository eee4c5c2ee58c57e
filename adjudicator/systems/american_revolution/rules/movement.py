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
any way." AR 26.3: "Until France allies with America, no non-French units may enter
Hispaniola. Until Spain allies with America, no non-Spanish units may enter Cuba or New
Spain." AR 25.1-25.4: the off-map boxes are entered and left only by fleet; only the
British use the Britain box; only French units the France box, Spanish the Spain box, and
only while that nation is allied. AR 14.2, 17.1: in the second and third Campaign Phases
a force moves only by forced march: a Tactics marker spent at the start of the phase and
a leader with the force (Committee of Correspondence: neither needed, AR 7.9).

Which leader commands is the player's choice and not in the log: the force's best
effective value is used (AR 21.6: a militia leader counts only for a force all militia,
light and militia leaders; 21.7: a general adds nothing to a fleet, an admiral only to
one), so a move is never called too long for a commander it might have had.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from adjudicator.systems.american_revolution.actions import ForceMoved
from adjudicator.systems.american_revolution.data import (
    FormationType,
    LeaderKind,
    LocaleKind,
    Nation,
    Need,
    RouteType,
)
from adjudicator.systems.american_revolution.procedure import CAMPAIGNS
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.american_revolution.rules.tracks import in_clean_up
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.mapgraph import Connection, Constraints, MapGraph
from adjudicator.systems.common.outcomes import Check, Computed, Outcome
from adjudicator.systems.common.rulebook import RuleFamily

FAMILY = RuleFamily("movement",
                    frozenset({"AR-MOV-01", "AR-MOV-02", "AR-MOV-04", "AR-MOV-06",
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
    types, nations = [], []
    for key in action.units:
        formation = ctx.data.formations.get(key)
        if formation is None:
            return
        types.append(formation.type)
        nations.append(formation.nation)
    force = Force(str(action.side), tuple(types), tuple(nations), action.leaders)
    yield from _twice(action, ctx)
    yield from _forced_march(action, ctx, force)
    yield from _militia(action, ctx, force)
    yield from _closed_regions(action, ctx, force)
    yield from _boxes(action, ctx, force)
    yield from _fleet_ports(action, ctx, force)
    yield from _allowance(action, ctx, force)


def _twice(action: ForceMoved, ctx: Context) -> Iterator[Outcome]:
    again = [piece for piece in action.pieces if piece in ctx.proc.moved]
    if again:
        yield Check.illegal("AR-MOV-04", action.step,
                            f"{len(again)} of the pieces that moved {ctx.name(action.origin)}"
                            f" → {ctx.name(action.destination)} had already moved this "
                            "Movement Phase: no unit or leader moves twice in one",
                            spaces=(action.origin, action.destination))
    else:
        yield Check.done("AR-MOV-04")


def _forced_march(action: ForceMoved, ctx: Context, force: Force) -> Iterator[Outcome]:
    if ctx.phase not in CAMPAIGNS[1:]:
        return
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


def _enemy_held(ctx: Context, side: str, locale: str) -> bool:
    for entity in ctx.state.in_locale(locale):
        if entity.kind == "partisan" and entity.key not in ("", side):
            return True
        if entity.kind == "unit":
            formation = ctx.data.formations.get(entity.key)
            if formation is not None and str(formation.side) != side:
                return True
    return False


def _costs(force: Force) -> dict[str, int | None]:
    trail = 1 if force.nimble else 2
    if force.fleet:
        return {RouteType.HIGH_SEAS.value: 1}
    return {RouteType.ROAD.value: 1, RouteType.LAKE_RIVER.value: 1,
            RouteType.TRAIL.value: trail}


def _allowance(action: ForceMoved, ctx: Context, force: Force) -> Iterator[Outcome]:
    graph: MapGraph = ctx.graph
    table = _costs(force)
    route_text = f"{ctx.name(action.origin)} → {ctx.name(action.destination)}"
    spaces = (action.origin, action.destination)

    def cost(connection: Connection) -> int | None:
        return table.get(connection.kind)

    stops = {locale for locale in graph.spaces if _enemy_held(ctx, force.side, locale)}
    constraints = Constraints(cost=cost, stops=stops)
    legs = list(zip(action.path, action.path[1:], strict=False))
    total, through = 0, [action.origin]
    for start, end in legs:
        leg = graph.cheapest(start, end, constraints)
        if leg is None:
            if graph.complete:
                yield Check.illegal("AR-MOV-02", action.step,
                                    f"a force moved {ctx.name(start)} → {ctx.name(end)} "
                                    "along no route it may use (or only through a locale "
                                    "where it had to stop)", spaces=(start, end))
            else:
                yield Check.unchecked("AR-MOV-02", action.step,
                                      f"no known route joins {ctx.name(start)} and "
                                      f"{ctx.name(end)}: the map's routes are incomplete",
                                      needs=(str(Need.ROUTES),), spaces=(start, end))
            return
        total += leg.cost
        through += list(leg.spaces[1:])
    stopped = [locale for locale in through[1:-1] if locale in stops]
    if stopped:
        yield Check.illegal("AR-MOV-07", action.step,
                            f"a force moved on from {ctx.name(stopped[0])}, which holds enemy "
                            "units or an enemy partisan: a force entering such a locale "
                            "stops there", spaces=(stopped[0],))
    else:
        yield Check.done("AR-MOV-07")
    if action.die is None:
        yield Check.unchecked("AR-MOV-01", action.step,
                              f"no movement die was rolled for the force that moved "
                              f"{route_text}", spaces=spaces)
        return
    yield Check.done("AR-MOV-01")
    value, unknown = _commander(ctx, force)
    allowance = action.die + value
    computed = Computed(kind="movement points", step=action.step, rule_id="AR-MOV-02",
                        summary=f"{route_text}: {total} MP of {allowance}"
                                f"{' or more' if unknown else ''}",
                        inputs={"die": action.die, "commander value": value,
                                "route": " → ".join(ctx.name(p) for p in through)},
                        result={"cost": total, "allowance": allowance,
                                "left": allowance - total})
    yield computed
    if total <= allowance:
        yield Check.done("AR-MOV-02")
    elif unknown:
        yield Check.unchecked("AR-MOV-02", action.step,
                              f"{route_text} costs at least {total} MP, more than the die "
                              f"({action.die}) plus the known leader values ({value}): the "
                              f"value of {', '.join(unknown)} is needed",
                              needs=(str(Need.LEADERS),), spaces=spaces)
    elif not graph.complete:
        yield Check.unchecked("AR-MOV-02", action.step,
                              f"{route_text} costs {total} MP on the routes known, more than "
                              f"its allowance of {allowance}; the map's routes are incomplete",
                              needs=(str(Need.ROUTES),), spaces=spaces)
    else:
        yield Check.illegal("AR-MOV-02", action.step,
                            f"{route_text} costs at least {total} MP, more than the force's "
                            f"movement allowance of {allowance} (die {action.die} + "
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
