"""Almost a Miracle!'s sea moves, the Transit Area and magazines (AaM 10.5, 10.1.6, 5.4.1a).

- AAM-MOV-15 (10.5.1): "The British player does not have to activate a Leader if only 12 or
  less SPs are embarking. If more than 12 SPs are embarking, then the ranking Leader in
  command in the Area must activate and accompany the embarking troops." More than 12 SPs
  with no leader is illegal; the activation roll is judged against the best Audacity of the
  leaders going (who ranks is read in the player's favour), and only where no other roll of
  10.5.11-10.5.12 could be the die read (the New York ports in Dec-Mar, the French Field
  Force on the map).
- AAM-MOV-16 (10.5.2): "Embarking or debarking troops in a port does not cause an Endeavor
  Random Events check." A permission: an embarkation or landing is judged legal under it and
  no Random Event is read from its die (read_events reads one only for a land move or a
  failed activation); no weather marker is owed for it.
- AAM-MOV-17 (10.5.3-10.5.4): "Up to 100 SPs in a port Area may be embarked"; "Baggage
  trains ... count as 3 SPs of troops toward the embarking limits."
- AAM-MOV-18 (10.5.6-10.5.7): the force lands "the next turn", "at a single port Area";
  "multiple endeavors to land troops at different ports". A landing where enemy SPs are is
  an amphibious landing (10.5.10, digest A40), not bound to a port.
- AAM-MOV-21 (10.5.10): an amphibious landing "can only be made into an Area that has a road
  or Settlement in it" (a road crossing one of its boundaries; a city counts as a
  settlement). That the losers go back At Sea is not judged.
- AAM-MOV-19 (10.5.8): "As long as there are British forces in the "At Sea" box, no other
  British forces may be embarked. Reinforcements are exempt" (they are placed, not embarked).
- AAM-MOV-20 (10.5.9): forces that land "are considered moved and may not conduct further
  endeavors that turn": a landed piece moving again that month.
- AAM-MOV-22 (10.5.11): once the Sea Control marker turns to its French side this turn, "no
  British force may be embarked" (the roll itself is the players'; the marker is the
  evidence). Rulebook against the digest: the 10.5 introduction bars free British sea
  movement while the French Field Force is on the map; 10.5.11 allows it subject to the roll
  (digest A39): followed.
- AAM-MOV-24 (10.5.12): "New York and Staten Island: If attempting Sea Movement from
  December through March, roll a single die. On a roll of 4 through 6, Sea Movement into
  either of these ports is not possible": the die before a landing there (or an embarkation
  of 12 SPs or fewer) is the ice roll; with an activation or a French roll besides, unchecked.
- AAM-MOV-23 (10.5.12): "Quebec: Not available (frozen over) December through March" (the
  sea-movement dates; the BoO's Dec-Apr in 7.1.3 is another rule, digest A26).
- AAM-MOV-25 (10.5.12): "Philadelphia: If any type of Continental units are in Areas next to
  Philadelphia marked with the British Invasion Defense (Soldier) symbol, roll a single die.
  On a roll of 5 or 6, the movement is repulsed". With no Continental unit in any Area next
  to Philadelphia (the data's connections, when complete) no roll is owed: legal. With one
  there, a die of 1-4 lets the move go on: legal; a 5-6 or no die shown is unchecked, since
  which of those Areas carry the symbol is not in the data (map.json lists it as missing),
  nor (for more than 12 SPs embarking) is that die told from the activation roll.
- AAM-MOV-26 (10.5.12): "sea movement can be made to the port of Philadelphia, but not
  beyond": a sea move at Philadelphia is judged legal under it. Which ports lie up the
  Delaware beyond Philadelphia is not in the data (a landing at an Area that is no port is
  AAM-MOV-18's).
- AAM-MOV-42 (17.2.2, Scenario 2, a log whose first month is April 1776): "The British
  troops in Halifax [...] may not move until the June turn": a British move out of Halifax
  (by land or by sea) before June 1776 carrying a leader the set-up puts there (Howe,
  Clinton, Percy, Pigot, D. Jones, V. Jones, Grant) is illegal; one with none of them (a
  reinforcement arrived at the BoO) is legal, as is any move from June. The At Sea group
  (Burgoyne, Phillips, St. Leger) "must land in Quebec as the first endeavor on the May
  turn": their landing in May 1776 elsewhere than Quebec is illegal, at Quebec legal; that
  it is the British player's first endeavor of the month is not judged (a landing of other
  troops cannot come first: one force at sea at a time, 10.5.8, but a land endeavor could).
- AAM-MOV-06 (10.1.6): "Units can use the Transit Area to move between Areas C7 and C8 to
  I7, Y48, or Y49 ... Next turn they are eligible to be moved (when activated) from the
  Transit Area to the desired destination Area (which could be back to where they started)."
- AAM-MOV-40 (5.4.1a, 10.5.4, 11.3.4): magazines never move; a baggage train moving on its
  train side is legal.
- AAM-MOV-39 (13.1.4): the Royal Governor never moves from the Area he was placed in (set
  aside to a box, he is not moving); a force moving out and leaving him is legal.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.almost_a_miracle.actions import (
    ForceMoved,
    GovernorPlaced,
    MagazineMoved,
    SeaMoved,
    TransitMoved,
)
from adjudicator.systems.almost_a_miracle.data import Need
from adjudicator.systems.almost_a_miracle.rules.context import Context
from adjudicator.systems.almost_a_miracle.rules.movement_map import boundaries
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.places import PlaceKind
from adjudicator.systems.common.rulebook import RuleFamily

FAMILY = RuleFamily("sea and transit", frozenset({
    "AAM-MOV-06", "AAM-MOV-15", "AAM-MOV-16", "AAM-MOV-17", "AAM-MOV-18", "AAM-MOV-19",
    "AAM-MOV-20", "AAM-MOV-21", "AAM-MOV-22", "AAM-MOV-23", "AAM-MOV-24", "AAM-MOV-25",
    "AAM-MOV-26", "AAM-MOV-39", "AAM-MOV-40", "AAM-MOV-42"}),
    actions=(SeaMoved, TransitMoved, MagazineMoved, ForceMoved, GovernorPlaced))

TRANSIT_ENDS = frozenset({"C7", "C8", "I7", "Y48", "Y49"})
"""The Areas the Transit Arrow joins (AaM 10.1.6)."""
QUEBEC = "C24"
NEW_YORK_PORTS = frozenset({"Y13", "Y12"})
WINTER = frozenset({12, 1, 2, 3})
"""December through March (AaM 10.5.12)."""
ICE_ROLL = 4
"""New York's ports are closed on 4 through 6 (AaM 10.5.12)."""
EMBARK_LIMIT = 100
TRAIN_SP = 3
FREE_EMBARK = 12
PHILADELPHIA = "P20"
REPULSE_ROLL = 5
"""Philadelphia's sea moves are repulsed on 5 or 6 (AaM 10.5.12)."""
HALIFAX = "C33"
SCENARIO_2 = "1776-04"
"""Scenario 2's first month (AaM 17.2)."""
HALIFAX_1776 = frozenset({"howe", "clinton", "percy", "pigot", "d_jones", "v_jones", "grant"})
"""The leaders Scenario 2 puts in Halifax (AaM 17.2.2)."""
AT_SEA_1776 = frozenset({"burgoyne", "phillips", "st_leger"})
"""The leaders Scenario 2 puts in the At Sea box (AaM 17.2.2)."""


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """Sea moves, Transit Area moves, magazines, and landed forces moving again."""
    if isinstance(action, MagazineMoved):
        yield Check.illegal("AAM-MOV-40", action.step,
                            f"a magazine moved out of {ctx.name(action.origin)}: magazines "
                            "cannot move, by land or by sea (AaM 5.4.1a, 10.5.4)",
                            spaces=(action.origin,), pieces=(action.piece,))
    elif isinstance(action, GovernorPlaced) and action.origin is not None:
        yield Check.illegal("AAM-MOV-39", action.step,
                            f"the Royal Governor moved from {ctx.name(action.origin)} to "
                            f"{ctx.name(action.area)}: a Royal Governor never moves or "
                            "retreats; left alone with enemy SPs he is set aside (AaM 13.1.4)",
                            spaces=(action.origin, action.area), pieces=(action.piece,))
    elif isinstance(action, SeaMoved):
        yield Check.done("AAM-MOV-16")  # no Endeavor Random Events check (10.5.2)
        yield from _quebec(action, ctx)
        yield from _philadelphia(action, ctx)
        yield from _scenario_two(action, ctx, action.area if action.embark else None,
                                 None if action.embark else action.area)
        yield from _new_york(action, ctx)
        if action.embark:
            yield from _sea_control(action, ctx)
        yield from (_embark(action, ctx) if action.embark else _land(action, ctx))
    elif isinstance(action, TransitMoved):
        yield from _transit(action, ctx)
    elif isinstance(action, ForceMoved):
        if any(e.kind == "governor" for e in ctx.state.in_area(action.origin)):
            yield Check.done("AAM-MOV-39")  # the governor stays where he was placed
        if action.trains:
            yield Check.done("AAM-MOV-40")  # baggage trains on their train side move
        yield from _moved_again(action, ctx)
        if not action.within:
            yield from _scenario_two(action, ctx, action.origin, None)


def _month(ctx: Context) -> int | None:
    turn = ctx.placement.moment.turn
    if not turn or "-" not in turn:
        return None
    month = turn.rpartition("-")[2]
    return int(month) if month.isdigit() else None


def _quebec(action: SeaMoved, ctx: Context) -> Iterator[Outcome]:
    if action.area != QUEBEC:
        return
    month = _month(ctx)
    if month is None:
        yield Check.unchecked("AAM-MOV-23", action.step,
                              "a sea move at Quebec in a month the log does not show",
                              spaces=(QUEBEC,))
    elif month in WINTER:
        yield Check.illegal("AAM-MOV-23", action.step,
                            f"a force {'embarked at' if action.embark else 'landed at'} "
                            f"{ctx.name(QUEBEC)} in a winter month: Quebec is not available "
                            "(frozen over) December through March (AaM 10.5.12)",
                            spaces=(QUEBEC,), pieces=action.pieces)
    else:
        yield Check.done("AAM-MOV-23")


def _philadelphia(action: SeaMoved, ctx: Context) -> Iterator[Outcome]:
    """AaM 10.5.12: Continental units next to Philadelphia may repulse a sea move there."""
    if action.area != PHILADELPHIA:
        return
    where = ctx.name(PHILADELPHIA)
    yield Check.done("AAM-MOV-26")  # sea movement reaches Philadelphia (10.5.12)
    near = {c.b if c.a == PHILADELPHIA else c.a for c in ctx.data.connections
            if PHILADELPHIA in (c.a, c.b) and c.kind != "sea"} - {None}
    if not ctx.data.map_status.connections_complete and not near:
        yield Check.unchecked("AAM-MOV-25", action.step,
                              f"which Areas are next to {where} is not in the data",
                              needs=(str(Need.ADJACENCY),), spaces=(PHILADELPHIA,))
        return
    continentals = sorted(area for area in near if area is not None and any(
        e.kind in ("sp", "leader") and _continental(e.kind, e.key, ctx)
        for e in ctx.state.in_area(area)))
    if not continentals:
        yield Check.done("AAM-MOV-25")
        return
    if action.die is not None and action.die < REPULSE_ROLL:
        yield Check.done("AAM-MOV-25")
        return
    shown = "no die shown" if action.die is None else f"a die of {action.die}"
    yield Check.unchecked("AAM-MOV-25", action.step,
                          f"Continental units are next to {where} ("
                          f"{', '.join(ctx.name(a) for a in continentals)}) and the sea move "
                          f"went on with {shown}: whether those Areas carry the British "
                          "Invasion Defense symbol (then 5 or 6 repulses it, AaM 10.5.12) is "
                          "not in the data", needs=(str(Need.AREAS),),
                          spaces=(PHILADELPHIA, *continentals))


def _continental(kind: str, key: str, ctx: Context) -> bool:
    if kind == "sp":
        unit = ctx.data.unit_kinds.get(key)
        return unit is not None and str(unit.side) == "continental"
    leader = ctx.data.leaders.get(key)
    return leader is not None and str(leader.side) == "continental"


def _scenario_two(action: SeaMoved | ForceMoved, ctx: Context, left: str | None,
                  landed: str | None) -> Iterator[Outcome]:
    """AaM 17.2.2: Scenario 2's Halifax troops stay until June 1776; its At Sea group lands
    at Quebec in May."""
    turn = ctx.placement.moment.turn
    if ctx.proc.first_turn != SCENARIO_2 or action.side != "british" or \
            turn not in ("1776-04", "1776-05"):
        return
    if left == HALIFAX:
        held = sorted(set(action.leaders) & HALIFAX_1776)
        if held:
            names = ", ".join(ctx.leader_name(leader) for leader in held)
            yield Check.illegal("AAM-MOV-42", action.step,
                                f"{names} moved out of {ctx.name(HALIFAX)} before June 1776: "
                                "\"The British troops in Halifax, having evacuated Boston, "
                                "are refitting, and may not move until the June turn\" "
                                "(AaM 17.2.2)", spaces=(HALIFAX,), pieces=action.pieces,
                                expected="June 1776 or later", observed=turn)
        else:
            yield Check.done("AAM-MOV-42")
    elif landed is not None and turn == "1776-05" and set(action.leaders) & AT_SEA_1776:
        if landed == QUEBEC:
            yield Check.done("AAM-MOV-42")
            return
        yield Check.illegal("AAM-MOV-42", action.step,
                            f"Scenario 2's At Sea troops landed at {ctx.name(landed)}: "
                            "\"These troops must land in Quebec as the first endeavor on the "
                            "May turn\" (AaM 17.2.2)", spaces=(landed, QUEBEC),
                            pieces=action.pieces, expected=ctx.name(QUEBEC),
                            observed=ctx.name(landed))


def _french_on_the_map(ctx: Context) -> bool:
    return any(e.kind == "sp" and e.key == "french_regular" and place.kind is PlaceKind.SPACE
               for e, place in ctx.state.pieces.values())


def _sea_control(action: SeaMoved, ctx: Context) -> Iterator[Outcome]:
    """AaM 10.5.11: no British embarkation once the French have sea control this turn."""
    if ctx.proc.supply.french_sea is not None and \
            ctx.proc.supply.french_sea == ctx.placement.moment.turn:
        yield Check.illegal("AAM-MOV-22", action.step,
                            f"a British force embarked at {ctx.name(action.area)} after the "
                            "French Navy obtained sea control this turn: no British force may "
                            "be embarked for the remainder of the turn (AaM 10.5.11)",
                            spaces=(action.area,), pieces=action.pieces)
    elif _french_on_the_map(ctx):
        yield Check.done("AAM-MOV-22")


def _new_york(action: SeaMoved, ctx: Context) -> Iterator[Outcome]:
    """AaM 10.5.12: from December through March, a roll of 4-6 closes New York City and
    Staten Island to sea movement: the force stays At Sea, or in port."""
    if action.area not in NEW_YORK_PORTS or _month(ctx) not in WINTER:
        return
    where = ctx.name(action.area)
    if (action.embark and action.strength > FREE_EMBARK) or _french_on_the_map(ctx):
        yield Check.unchecked("AAM-MOV-24", action.step,
                              f"the ice roll for the sea move at {where} cannot be told from "
                              "the activation or French sea-control roll", spaces=(action.area,))
    elif action.die is None:
        yield Check.unchecked("AAM-MOV-24", action.step,
                              f"no ice roll shown for the winter sea move at {where} "
                              "(AaM 10.5.12: roll a single die)", spaces=(action.area,))
    elif action.die >= ICE_ROLL:
        yield Check.illegal("AAM-MOV-24", action.step,
                            f"a British force {'left' if action.embark else 'landed at'} "
                            f"{where} by sea after an ice roll of {action.die}: on 4 through 6 "
                            "sea movement into or out of New York and Staten Island is not "
                            "possible for the remainder of the turn (AaM 10.5.12)",
                            spaces=(action.area,), pieces=action.pieces,
                            expected="1 to 3", observed=str(action.die))
    else:
        yield Check.done("AAM-MOV-24")


def _embark(action: SeaMoved, ctx: Context) -> Iterator[Outcome]:
    where = ctx.name(action.area)
    load = action.strength + TRAIN_SP * action.trains
    port = ctx.data.areas[action.area].port if action.area in ctx.data.areas else None
    if load > EMBARK_LIMIT:
        yield Check.illegal("AAM-MOV-17", action.step,
                            f"{load} SPs embarked at {where} (each baggage train counts as 3): "
                            "up to 100 SPs in a port Area may be embarked (AaM 10.5.3-10.5.4)",
                            spaces=(action.area,), pieces=action.pieces,
                            expected="≤ 100", observed=str(load))
    elif port is False:
        yield Check.illegal("AAM-MOV-17", action.step,
                            f"a force embarked at {where}, which is not a port: SPs in a port "
                            "Area may be embarked (AaM 10.5.3)", spaces=(action.area,),
                            pieces=action.pieces)
    elif port is None:
        yield Check.unchecked("AAM-MOV-17", action.step,
                              f"whether {where} is a port is not in the data",
                              needs=(str(Need.AREAS),), spaces=(action.area,))
    else:
        yield Check.done("AAM-MOV-17")
    yield from _alone_at_sea(action, ctx)
    yield from _activation(action, ctx, where)


def _alone_at_sea(action: SeaMoved, ctx: Context) -> Iterator[Outcome]:
    """AaM 10.5.8: no embarkation while another British force is At Sea."""
    moving = set(action.pieces)
    others = [piece for piece, (entity, place) in ctx.state.pieces.items()
              if place.kind is PlaceKind.BOX and place.key == "at_sea" and entity.force
              and piece not in moving]
    if others:
        yield Check.illegal("AAM-MOV-19", action.step,
                            f"a force embarked at {ctx.name(action.area)} while {len(others)} "
                            "British piece(s) were At Sea: as long as there are British forces "
                            "in the At Sea box, no other British forces may be embarked "
                            "(AaM 10.5.8)", spaces=(action.area,), pieces=action.pieces)
    else:
        yield Check.done("AAM-MOV-19")


def _activation(action: SeaMoved, ctx: Context, where: str) -> Iterator[Outcome]:
    """AaM 10.5.1: more than 12 SPs need the ranking leader, activated."""
    if action.strength <= FREE_EMBARK:
        yield Check.done("AAM-MOV-15")
        return
    if not action.leaders:
        yield Check.illegal("AAM-MOV-15", action.step,
                            f"{action.strength} SPs embarked at {where} with no leader: if "
                            "more than 12 SPs are embarking, the ranking Leader in command in "
                            "the Area must activate and accompany them (AaM 10.5.1)",
                            spaces=(action.area,), pieces=action.pieces)
        return
    audacities = [ctx.data.leaders[k].audacity if k in ctx.data.leaders else None
                  for k in action.leaders]
    other_rolls = (_month(ctx) in WINTER and action.area in NEW_YORK_PORTS) or \
        _french_on_the_map(ctx)
    if action.die is None or any(a is None for a in audacities) or other_rolls:
        yield Check.unchecked("AAM-MOV-15", action.step,
                              f"the activation of the leader of the {action.strength} SPs "
                              f"embarking at {where} cannot be read (no die, a rating missing, "
                              "or another sea-movement roll this step)",
                              needs=(str(Need.LEADERS),), spaces=(action.area,))
        return
    best = max(a for a in audacities if a is not None)
    if action.die <= best:
        yield Check.done("AAM-MOV-15")
    else:
        yield Check.illegal("AAM-MOV-15", action.step,
                            f"{action.strength} SPs embarked at {where} though the leader "
                            f"failed to activate (rolled {action.die}, Audacity {best}): more "
                            "than 12 SPs embark only with the ranking Leader activated "
                            "(AaM 10.5.1, 8.1.1)", spaces=(action.area,),
                            pieces=action.pieces, expected=f"≤ {best}",
                            observed=str(action.die))


def _land(action: SeaMoved, ctx: Context) -> Iterator[Outcome]:
    where = ctx.name(action.area)
    early = sorted(set(action.pieces) & ctx.proc.embarked)
    others = {a.area for a in ctx.step_actions
              if isinstance(a, SeaMoved) and not a.embark and a.side == action.side}
    if early:
        yield Check.illegal("AAM-MOV-18", action.step,
                            f"a force landed at {where} in the month it embarked: forces "
                            "moving by sea may be landed the next turn (AaM 10.5.7)",
                            spaces=(action.area,), pieces=tuple(early))
        return
    if len(others) > 1:
        yield Check.illegal("AAM-MOV-18", action.step,
                            f"forces landed at {', '.join(sorted(others))} in one step: they "
                            "may be landed at a single port Area; landing at different ports "
                            "takes multiple endeavors (AaM 10.5.7)",
                            spaces=tuple(sorted(others)), pieces=action.pieces)
        return
    enemy = any(e.kind == "sp" and e.key in ctx.data.unit_kinds and
                str(ctx.data.unit_kinds[e.key].side) != action.side
                for e in ctx.state.in_area(action.area))
    port = ctx.data.areas[action.area].port if action.area in ctx.data.areas else None
    if enemy:
        yield from _amphibious(action, ctx)
        return
    if port is False:
        yield Check.illegal("AAM-MOV-18", action.step,
                            f"a force landed unopposed at {where}, which is not a port: forces "
                            "At Sea may be landed at a single port Area (AaM 10.5.7)",
                            spaces=(action.area,), pieces=action.pieces)
    elif port is None:
        yield Check.unchecked("AAM-MOV-18", action.step,
                              f"whether {where} is a port is not in the data",
                              needs=(str(Need.AREAS),), spaces=(action.area,))
    else:
        yield Check.done("AAM-MOV-18")


def _amphibious(action: SeaMoved, ctx: Context) -> Iterator[Outcome]:
    """AaM 10.5.10: "These landings can only be made into an Area that has a road or
    Settlement in it" (a road: one crossing a boundary of the Area)."""
    where = ctx.name(action.area)
    known = ctx.data.areas.get(action.area)
    roads = [b for b in boundaries(ctx.data).get(action.area, {}).values() if b.road]
    if roads or (known is not None and (known.settlement or known.city)):
        yield Check.done("AAM-MOV-21")
    elif known is not None and known.settlement is False and \
            ctx.data.map_status.connections_complete:
        yield Check.illegal("AAM-MOV-21", action.step,
                            f"an amphibious landing into {where}, which has neither a road nor "
                            "a Settlement: these landings can only be made into an Area that "
                            "has a road or Settlement in it (AaM 10.5.10)",
                            spaces=(action.area,), pieces=action.pieces)
    else:
        yield Check.unchecked("AAM-MOV-21", action.step,
                              f"whether {where} has a road or a Settlement is not in the data",
                              needs=(str(Need.AREAS), str(Need.ADJACENCY)),
                              spaces=(action.area,))


def _moved_again(action: ForceMoved, ctx: Context) -> Iterator[Outcome]:
    """AaM 10.5.9-10.5.10: landed forces are moved for the rest of the month."""
    if not ctx.proc.landed or action.within:
        return
    again = sorted(set(action.pieces) & ctx.proc.landed)
    if again:
        yield Check.illegal("AAM-MOV-20", action.step,
                            f"a force that landed this month moved again from "
                            f"{ctx.name(action.origin)}: British forces which land are "
                            "considered moved and may not conduct further endeavors that turn "
                            "(AaM 10.5.9)", spaces=(action.origin,), pieces=tuple(again))
    else:
        yield Check.done("AAM-MOV-20")


def _transit(action: TransitMoved, ctx: Context) -> Iterator[Outcome]:
    where = ctx.name(action.area)
    if action.area not in TRANSIT_ENDS:
        verb = "from" if action.entering else "to"
        yield Check.illegal("AAM-MOV-06", action.step,
                            f"a force used the Transit Area {verb} {where}: units use it to "
                            "move between Areas C7 and C8 and I7, Y48 or Y49 (AaM 10.1.6)",
                            spaces=(action.area,), pieces=action.pieces)
        return
    early = sorted(set(action.pieces) & ctx.proc.transit)
    if not action.entering and early:
        yield Check.illegal("AAM-MOV-06", action.step,
                            f"a force left the Transit Area for {where} in the month it "
                            "entered: next turn they are eligible to be moved out (AaM "
                            "10.1.6)", spaces=(action.area,), pieces=tuple(early))
        return
    yield Check.done("AAM-MOV-06")
