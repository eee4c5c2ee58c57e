"""The three political tracks and what fires the instant they move (AR 10-12, 4.9-4.10,
26; digest 4.7 and section 2 "Instant triggers").

- AR-RP-01 (AR 10.2-10.4): "If the American player wins [...] immediately move the
  Revolutionary Progress marker one space right"; on a British win or a tie "the marker
  simply stays in place"; "revolutionary progress is never reversed [...] once the index
  reaches Articles of Confederation, it can move no higher".
- AR-LOY-01 (AR 11.2-11.5): a region's marker shifts one space toward the winner
  (American right, British left), a tie leaves it; at the edge it moves no farther.
- AR-BOP-01 (AR 12.2-12.4, 12.6): the same on the European Balance of Power table.
  Each table is resolved once a phase (AR 9.3), so a track moves at most one space a turn,
  and only in the Rabble Rousing Phase. Who won is read from the commitments and the dice
  (`resolution.py`); where the log's rolls could be paired otherwise, any pairing that
  explains the move is accepted.
- AR-RP-02 (AR 4.10): "The instant the Revolutionary Progress Table reaches Continental
  Congress, the American player places [Washington] with any American unit anywhere on the
  map." Placed beside no American unit is illegal; not placed by the phase's end, a
  reminder.
- AR-RP-03 (AR 4.9): "The instant that the Declaration of Independence goes into effect
  [...] the British receive [Cornwallis, 1 Grenadier, 6 Regulars, 1 Light, 1 Marine, 1
  Fleet] in the Britain Off-Map Holding Box, at no cost." More than these (or others)
  arriving then is illegal; any of them missing at the phase's end, a reminder.
- AR-BOP-03 (AR 26.1, 12.7): France is allied while the Balance of Power is at +2 or
  beyond, Spain at +3: "Once in play, they remain so for as long as the Balance of Power
  remains in or beyond their space on the table." Judged where the log shows a nation
  acting as an ally: a French or Spanish force moving outside the Rabble Rousing Phase
  concludes it when the level allies its nation, and breaks it when the level does not
  (with AR-ALLY-01: the same move also breaks the neutral's freeze); Spain's force moving
  at +2, where France alone is allied, is the case its thresholds decide. The clean-up on
  dropping below (AR 26.4) is AR-ALLY-03's.
- AR-ALLY-03 (AR 26.4): when an ally turns neutral again, "1) All British and American
  units in the again-neutral regions are [...] placed in the nearest space outside of those
  regions not containing any enemy units. 2) All of the again-neutral nation's units
  outside of its original colonial regions are [...] placed anywhere within those original
  territories or its off-map box." Judged when the Rabble Rousing Phase ends: a unit still
  where 26.4 forbids is illegal at the Balance of Power's move. (Whether each unit went to
  the *nearest* space is not judged: the rulebook gives no distance measure.)
- AR-ALLY-01 (AR 26.1): a neutral's "forces are frozen in place": a French or Spanish force
  moving while its nation is not allied is illegal (the 26.4 clean-up in the Rabble
  Rousing Phase aside).
- AR-INIT-04 (AR 8.1-8.2): "Both players then place their committed markers into the
  pool", die-resolved draws included; AR 9.3 says the same of rabble rousing. Markers still
  on the Initiative Box or a rabble-rousing table when the phase ends are a reminder.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product

from adjudicator.systems.american_revolution.actions import ForceMoved, Raised, TrackMoved
from adjudicator.systems.american_revolution.data import Nation
from adjudicator.systems.american_revolution.levels import (
    ALLIES,
    ARTICLES_OF_CONFEDERATION,
    CONTINENTAL_CONGRESS,
    DECLARATION_OF_INDEPENDENCE,
    HIGHEST,
    LOWEST,
    allied,
    rp_level_name,
    signed,
)
from adjudicator.systems.american_revolution.procedure import (
    CAMPAIGNS,
    INITIATIVE,
    POLITICAL,
    RABBLE,
    SETUP,
)
from adjudicator.systems.american_revolution.resolution import (
    Resolution,
    after_reveal,
    committed,
    is_correction,
    one_die_twice,
    points,
    resolve,
    table_name,
    table_of,
    winner,
)
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.american_revolution.rules.rabble import resolved_this_turn
from adjudicator.systems.common.actions import Action, PhaseChange
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.rulebook import RuleFamily

FAMILY = RuleFamily("tracks", frozenset({
    "AR-RP-01", "AR-RP-02", "AR-RP-03", "AR-LOY-01", "AR-BOP-01",
    "AR-ALLY-01", "AR-ALLY-03", "AR-INIT-04", "AR-BOP-03"}),
    positional=frozenset(), actions=(TrackMoved, Raised, PhaseChange, ForceMoved))
RULE = {"rp": "AR-RP-01", "loyalty": "AR-LOY-01", "bop": "AR-BOP-01"}
WHO = {"US": "the American", "GB": "the British", None: "neither side"}
SPECIAL = {"cornwallis": 1, "gb_grenadier": 1, "gb_regular": 6, "gb_light": 1,
           "gb_marine": 1, "gb_fleet": 1}
"""The British special reinforcements (AR 4.9), by leader or formation id."""
BOX = {"FR": "france_box", "SP": "spain_box"}
NATION_NAME = {"FR": "France", "SP": "Spain"}
ADJECTIVE = {"FR": "French", "SP": "Spanish"}
ALLY_NATION = {"FR": Nation.FR, "SP": Nation.SP}


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """A track's move against the table's result, and the instant triggers."""
    if isinstance(action, TrackMoved):
        yield from _moved(action, ctx)
    elif isinstance(action, Raised):
        yield from _raised(action, ctx)
    elif isinstance(action, PhaseChange):
        yield from _phase_over(action, ctx)
    elif isinstance(action, ForceMoved):
        yield from _frozen(action, ctx)


# ---------------------------------------------------------------------- track moves

def _moved(action: TrackMoved, ctx: Context) -> Iterator[Outcome]:
    before, after = action.before, action.after
    if action.step == 0 or ctx.phase in (None, SETUP) or before is None or after is None:
        return
    rule = RULE[action.track]
    where = table_name(table_of(action), ctx.data).removeprefix("the ").removesuffix(
        " table")
    shown = (rp_level_name if action.track == "rp" else signed)
    moved = f"{where} moved from {shown(before)} to {shown(after)}"
    if ctx.phase != RABBLE:
        yield Check.illegal(rule, action.step,
                            f"{moved} outside the Rabble Rousing Phase: the track moves only "
                            "when a side wins on its table", expected="no move",
                            observed=shown(after))
        return
    if is_correction(resolved_this_turn(ctx), action):
        return  # the marker put back where it stood: the earlier move is withdrawn
    if action.track == "rp" and after < before:
        yield Check.illegal(rule, action.step,
                            f"{moved}: revolutionary progress is never reversed",
                            expected=shown(before), observed=shown(after))
        return
    top = ARTICLES_OF_CONFEDERATION if action.track == "rp" else HIGHEST
    bottom = 0 if action.track == "rp" else LOWEST
    if not bottom <= after <= top:
        yield Check.illegal(rule, action.step, f"{moved}: past the table's edge",
                            expected=f"{shown(bottom)} to {shown(top)}", observed=shown(after))
        return
    if abs(after - before) != 1:
        yield Check.illegal(rule, action.step,
                            f"{moved}: a rabble-rousing win moves the marker exactly one "
                            "space", expected=shown(before + (1 if after > before else -1)),
                            observed=shown(after))
        return
    table = table_of(action)
    earlier = [r for r in resolved_this_turn(ctx) if r.table == table]
    if earlier:
        yield Check.illegal(rule, action.step,
                            f"{moved}, but the table was already resolved this phase (step "
                            f"{earlier[0].move.step}): each table is resolved once a turn, "
                            "one space at most", expected="no move", observed=shown(after))
        return
    yield from _result(action, ctx, rule, moved, table)


def _result(action: TrackMoved, ctx: Context, rule: str, moved: str,
            table: str) -> Iterator[Outcome]:
    assert action.before is not None and action.after is not None
    commitments = ctx.proc.commitments
    if not any(committed(commitments, side, table) for side in ("US", "GB")):
        return  # rabble rousing judges a move on a table nobody committed to (AR-RR-02)
    claimed = "US" if action.after > action.before else "GB"
    us = points(ctx.data, commitments, "US", table)
    gb = points(ctx.data, commitments, "GB", table)
    how = "uncommitted by the other side, won without a roll"
    if us and gb:
        found = resolve(ctx.proc.position.moment.turn, commitments, ctx.proc.phase_dice,
                        ctx.proc.rabble, action)
        if found.us_roll is None or found.gb_roll is None:
            yield Check.unchecked(rule, action.step,
                                  f"{moved}: both sides committed markers, and the log shows "
                                  "no roll of each side to say who won",
                                  needs=("each side's rabble-rousing roll",))
            return
        if table == "bop" and one_die_twice(found.us_roll, commitments, ctx.proc.phase_dice) \
                and (ctx.state.level("rp") or 0) >= DECLARATION_OF_INDEPENDENCE:
            yield Check.unchecked(rule, action.step,
                                  f"{moved}: the American rolled one die twice, which may be "
                                  "his two dice; the log does not say which decided the table",
                                  needs=("a single 2d6 roll",))
            return
        won = winner(us, gb, found.us_roll, found.gb_roll)
        if won != claimed and _explained(claimed, us, gb, ctx, table):
            yield Check.done(rule)
            return
        how = (f"{us} + {sum(found.us_roll.dice)} = {us + sum(found.us_roll.dice)} against "
               f"{gb} + {sum(found.gb_roll.dice)} = {gb + sum(found.gb_roll.dice)}")
    else:
        won = "US" if us else "GB"
    if won == claimed:
        yield Check.done(rule)
        return
    if won is None:
        why = "a tie leaves the marker in place"
    elif action.track == "rp":
        why = f"{WHO[won]} won ({how}), and on a British win the marker stays in place"
    else:
        why = (f"{WHO[won]} won ({how}): the marker moves one space in "
               f"{'the American' if won == 'US' else 'the British'} favour")
    if won is None:
        why = f"the totals tied ({how}): {why}"
    yield Check.illegal(rule, action.step, f"{moved}, but {why}",
                        expected=f"{WHO[won]} win" if won else "tie: no move",
                        observed=f"moved toward {WHO[claimed]}")


def _explained(claimed: str, us: int, gb: int, ctx: Context, table: str) -> bool:
    """Whether some pair of the phase's rolls (an American roll and a British one, made
    after the reveal) gives the move's winner: the most favourable reading when the log's
    order of rolls is not the order of the tables (all dice rolled first, say)."""
    rolls = after_reveal(ctx.proc.commitments, ctx.proc.phase_dice)
    return any(winner(us, gb, a, b) == claimed
               for a, b in product([r for r in rolls if r.side == "US"],
                                   [r for r in rolls if r.side == "GB"]))


# ---------------------------------------------------------------------- triggers

def _raised(action: Raised, ctx: Context) -> Iterator[Outcome]:
    rp = ctx.state.level("rp")
    if action.key == "washington" and rp is not None and rp >= CONTINENTAL_CONGRESS:
        american = [e for e in ctx.state.in_locale(action.locale) if e.kind == "unit"
                    and (f := ctx.data.formations.get(e.key)) is not None
                    and f.nation is Nation.US]
        if american:
            yield Check.done("AR-RP-02")
        else:
            yield Check.illegal("AR-RP-02", action.step,
                                f"Washington was placed in {ctx.name(action.locale)}, where "
                                "there is no American unit: he is placed with any American "
                                "unit on the map", spaces=(action.locale,),
                                pieces=("Washington",))
        return
    if action.locale != "britain_box" or action.side != "GB" or ctx.phase != RABBLE:
        return
    reached = _reached(ctx, "rp", DECLARATION_OF_INDEPENDENCE)
    if reached is None:
        return
    arrived = 1 + sum(1 for r in ctx.proc.raised if r.locale == "britain_box"
                      and r.side == "GB" and r.key == action.key and r.step >= reached.move.step)
    allowed = SPECIAL.get(action.key, 0)
    what = ctx.leader_name(action.key) if action.entity == "leader" else ctx.unit_name(
        action.key)
    if arrived > allowed:
        yield Check.illegal("AR-RP-03", action.step,
                            f"{arrived} × {what} arrived in the Britain box at the "
                            "Declaration of Independence: the special reinforcements are "
                            "Cornwallis, 1 Grenadier, 6 Regulars, 1 Light, 1 Marine and 1 "
                            "Fleet", spaces=("britain_box",), pieces=(what,),
                            expected=f"at most {allowed}", observed=str(arrived))
    else:
        yield Check.done("AR-RP-03")


def _reached(ctx: Context, track: str, level: int) -> Resolution | None:
    """This turn's move of a track onto `level` or beyond from below it."""
    for r in resolved_this_turn(ctx):
        move = r.move
        if r.table == track and move.before is not None and move.after is not None and \
                move.before < level <= move.after:
            return r
    return None


def _dropped(ctx: Context, level: int) -> Resolution | None:
    """This turn's Balance of Power move from `level` or beyond to below it."""
    for r in resolved_this_turn(ctx):
        move = r.move
        if r.table == "bop" and move.before is not None and move.after is not None and \
                move.after < level <= move.before:
            return r
    return None


def _phase_over(action: PhaseChange, ctx: Context) -> Iterator[Outcome]:
    """The end of the Initiative or Rabble Rousing Phase: the phase play left (or, when the
    log did not show it, the phase that follows it entered)."""
    if action.previous == INITIATIVE or (action.previous is None and action.phase == POLITICAL):
        yield from _left_on("AR-INIT-04", action, ctx, ("initiative",), "the Initiative Box")
    if action.previous != RABBLE and not (action.previous is None
                                          and action.phase == CAMPAIGNS[0]):
        return
    tables = tuple(f"rr_{t}" for t in ("rp", "bop", *sorted(ctx.data.regions)))
    yield from _left_on("AR-INIT-04", action, ctx, tables, "the rabble-rousing tables (AR 9.3)")
    yield from _unmoved(action, ctx)
    yield from _washington(ctx)
    yield from _special(ctx)
    yield from _clean_up(ctx)


def _left_on(rule: str, action: PhaseChange, ctx: Context, zones: tuple[str, ...],
             where: str) -> Iterator[Outcome]:
    left = sum(1 for zone in zones for _ in ctx.state.at(Place(PlaceKind.ZONE, zone)))
    if not any(c.table != "initiative" if zones[0] != "initiative" else c.table ==
               "initiative" for c in ctx.proc.commitments):
        return
    if left:
        yield Check.reminder(rule, action.step,
                             f"{left} committed marker{'s' if left > 1 else ''} still in "
                             f"{where} after the phase: all committed markers go back into "
                             "the pool, win or lose")
    else:
        yield Check.done(rule)


def _unmoved(action: PhaseChange, ctx: Context) -> Iterator[Outcome]:
    """A table only one side committed to is won without a roll (AR 9.4), so its marker
    must have moved, unless it stood at the edge toward the winner (or it was the RP table
    and the British won, AR 10.3)."""
    commitments = ctx.proc.commitments
    tables = dict.fromkeys(c.table for c in commitments if c.table != "initiative")
    done = {r.table for r in resolved_this_turn(ctx)}
    for table in tables:
        sides = [side for side in ("US", "GB") if committed(commitments, side, table)]
        if len(sides) != 1 or table in done:
            continue
        won = sides[0]
        if table == "rp":
            track, level = "rp", ctx.state.level("rp")
            stays = won == "GB" or (level is not None and level >= ARTICLES_OF_CONFEDERATION)
        else:
            track = "bop" if table == "bop" else "loyalty"
            level = ctx.state.level(track, "" if table == "bop" else table)
            stays = level is not None and level == (HIGHEST if won == "US" else LOWEST)
        if stays or level is None:
            continue
        yield Check.reminder(RULE[track], action.step,
                             f"{WHO[won].capitalize()} player alone committed markers to "
                             f"{table_name(table, ctx.data)} and wins it without a roll, yet "
                             "its marker did not move: it moves one space in his favour")


def _washington(ctx: Context) -> Iterator[Outcome]:
    reached = _reached(ctx, "rp", CONTINENTAL_CONGRESS)
    if reached is None:
        return
    if any(place.kind is PlaceKind.SPACE and not place.key.endswith("_box")
           for place in ctx.state.where_is("leader", "washington")):
        return
    yield Check.reminder("AR-RP-02", reached.move.step,
                         "Revolutionary Progress reached Continental Congress: Washington is "
                         "placed at once with any American unit on the map, and the log "
                         "does not show him placed", pieces=("Washington",))


def _special(ctx: Context) -> Iterator[Outcome]:
    reached = _reached(ctx, "rp", DECLARATION_OF_INDEPENDENCE)
    if reached is None:
        return
    missing: list[str] = []
    for key, wanted in SPECIAL.items():
        arrived = sum(1 for r in ctx.proc.raised if r.locale == "britain_box"
                      and r.side == "GB" and r.key == key and r.step >= reached.move.step)
        if arrived < wanted:
            name = ctx.leader_name(key) if key in ctx.data.leaders else ctx.unit_name(key)
            missing.append(f"{wanted - arrived} × {name}" if wanted > 1 else name)
    if missing:
        yield Check.reminder("AR-RP-03", reached.move.step,
                             "Revolutionary Progress reached the Declaration of Independence: "
                             "the British special reinforcements arrive in the Britain box "
                             f"at once, and the log does not show {', '.join(missing)}",
                             spaces=("britain_box",))
    else:
        yield Check.done("AR-RP-03")


def _clean_up(ctx: Context) -> Iterator[Outcome]:
    for nation, level in ALLIES.items():
        dropped = _dropped(ctx, level)
        if dropped is None:
            continue
        regions = {key for key, region in ctx.data.regions.items() if region.nation == nation}
        home = {key for key, locale in ctx.data.locales.items() if locale.region in regions}
        box = BOX[nation]
        intruders: list[str] = []
        strays: list[str] = []
        for entity, place in ctx.state.pieces.values():
            if entity.kind != "unit" or place.kind is not PlaceKind.SPACE:
                continue
            formation = ctx.data.formations.get(entity.key)
            if formation is None:
                continue
            if formation.nation in (Nation.US, Nation.GB) and place.key in home:
                intruders.append(place.key)
            elif formation.nation is ALLY_NATION[nation] and place.key not in home \
                    and place.key != box:
                strays.append(place.key)
        step = dropped.move.step
        name = NATION_NAME[nation]
        if intruders:
            spaces = tuple(dict.fromkeys(intruders))
            yield Check.illegal("AR-ALLY-03", step,
                                f"{name} turned neutral again, yet American or British units "
                                f"remain in {', '.join(ctx.name(s) for s in spaces)}: they go "
                                "to the nearest space outside its regions with no enemy units",
                                spaces=spaces)
        if strays:
            spaces = tuple(dict.fromkeys(strays))
            yield Check.illegal("AR-ALLY-03", step,
                                f"{name} turned neutral again, yet its units remain in "
                                f"{', '.join(ctx.name(s) for s in spaces)}: they go back to its "
                                "original regions or its box", spaces=spaces)
        if not intruders and not strays:
            yield Check.done("AR-ALLY-03")


def _frozen(action: ForceMoved, ctx: Context) -> Iterator[Outcome]:
    """AR 26.1: a neutral's forces are frozen in place."""
    if action.retreat or ctx.phase in (None, SETUP, RABBLE):
        return
    bop = ctx.state.level("bop")
    for nation, ally in ALLY_NATION.items():
        if not any((f := ctx.data.formations.get(u)) is not None and f.nation is ally
                   for u in action.units):
            continue
        if allied(nation, bop):
            yield Check.done("AR-ALLY-01")
            yield Check.done("AR-BOP-03")
        else:
            yield Check.illegal("AR-ALLY-01", action.step,
                                f"a {ADJECTIVE[nation]} force moved {ctx.name(action.origin)} → "
                                f"{ctx.name(action.destination)} while "
                                f"{NATION_NAME[nation]} is neutral (Balance of Power "
                                f"{signed(bop)}): a neutral's forces are frozen in place",
                                spaces=(action.origin, action.destination))
            if bop is not None:
                yield Check.illegal(
                    "AR-BOP-03", action.step,
                    f"a {ADJECTIVE[nation]} force moved {ctx.name(action.origin)} → "
                    f"{ctx.name(action.destination)} as an ally at Balance of Power "
                    f"{signed(bop)}: {NATION_NAME[nation]} is allied only while the Balance "
                    f"of Power is at {signed(ALLIES[nation])} or beyond",
                    spaces=(action.origin, action.destination))


def in_clean_up(action: ForceMoved, ctx: Context) -> bool:
    """Whether a move is the AR 26.4 clean-up: in the Rabble Rousing Phase after France or
    Spain turned neutral again, a force leaving that nation's regions (American or
    British units) or going home (its own units)."""
    if ctx.phase != RABBLE:
        return False
    for nation, level in ALLIES.items():
        if _dropped(ctx, level) is None:
            continue
        regions = {key for key, region in ctx.data.regions.items() if region.nation == nation}
        home = {key for key, locale in ctx.data.locales.items() if locale.region in regions}
        home_or_box = home | {BOX[nation]}
        nations = {f.nation for u in action.units
                   if (f := ctx.data.formations.get(u)) is not None}
        if nations <= {Nation.US, Nation.GB} and action.origin in home:
            return True
        if nations == {ALLY_NATION[nation]} and action.destination in home_or_box:
            return True
    return False
