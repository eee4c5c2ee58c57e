"""Attrition and supply (AaM 5, 14.1.4; digest 4.4, 6.5).

The Attrition Phase runs in the order of AaM 3.0B: Continental militia (5.1), December's
Expired Enlistment (5.2), Loyalist militia (5.3), then supply and foraging (5.4). The log
shows the first three as single dice and foraging as 2d6 rolls, so the first 2d6 of the
phase closes the militia part: the SPs each Area lost before it are judged then, against
the single dice rolled (the counters may be changed over several steps; only the net loss
counts). What the forage part lost is judged when the phase ends.

- AAM-SUP-01 (5.1.1-5.1.4): "Each Area containing Continental militia of that colony will
  have its Militia SPs reduced by the resulting percentage (rounding fractions down)", the
  roll -1 "if the Major Victory marker is on its British side". Which roll is whose colony
  the log does not say: the losses are legal when any Continental roll of the phase gives
  them. Checked against the Militia Attrition Table when the data has the month's column
  (else unchecked, needing the attrition tables).
- AAM-SUP-03 (5.3): Loyalist militia roll only "If the Major Victory marker is on the
  Continental side"; a Loyalist loss before foraging with the marker British is illegal.
  Canadian militia count as Loyalist (digest A14).
- AAM-SUP-02 (5.2): December's Expired Enlistment; its "listed modifiers" are on the PAC:
  unchecked, needing the attrition tables.
- AAM-SUP-07 (5.4.2): "Washington cannot be affected by these rolls"; a leader leaves on
  an 11 or 12. Each forage roll's chance of a sick (11) or dead (12) leader is computed.
- AAM-SUP-09 (5.4.4, 10.9): December-March, a force that activates, "successfully or
  not, must immediately perform a Winter Attrition roll": a reminder when the next
  endeavor (or the phase's end) comes with no 2d6 rolled by that side.
- AAM-SUP-10 (5.4.5): Continental militia in their own colony "are not considered when
  calculating Foraging Attrition [...] nor can they be used to satisfy attrition inflicted
  on other forces": a forage loss of theirs is illegal.
- AAM-SUP-19 (14.1.4): "French forces are always in supply. They never need to [...]
  forage": a forage loss of French SPs is illegal.
- AAM-SUP-08 (5.4.3): "Troops in the 'At Sea' box cannot be reduced below 1 SP due to
  attrition": SPs At Sea all gone in the Attrition Phase is illegal (the flat rate itself
  is on the Forage Attrition Matrix, PAC).
- AAM-SUP-06: what foraging costs needs the Forage Attrition Matrix and Table (PAC):
  unchecked.
- AAM-SUP-11 (5.4.6): "Loyalist militia must be supplied [...] even if they are in the
  colony in which they were created. Loyalist militia do count for calculating Foraging
  Attrition in any Area they occupy": a forage loss of Loyalist (or Canadian) militia is
  judged legal wherever they are (unlike Continental militia at home, AAM-SUP-10).
- AAM-SUP-20, AAM-OPT-02 (16.2, with `--option simplified-attrition`): "Instead of rolling
  separately for all stacks, roll once and apply the DR to all stacks requiring an
  attrition roll": a side's second forage (2d6) roll in one Attrition Phase is illegal.
  Whose roll it is, one for both sides or one each, the rule does not say: one per side
  is allowed (the reading more favourable to the player). Winter rolls (5.4.4) come in
  the Endeavors Phase and are not affected.

The Militia Attrition Table's rows are data a user supplies (`tables.militia_attrition_table
.rows`: a `roll` and one key per month-group column such as `"June-August" = 20`, or the
long form `column`, `modified_dr`, `result`); the rulebook's example gives one cell (June-
August, 4: 20%), bundled as `militia_attrition_partial`. A roll no row covers is unchecked.

Rulebook against the digest:
- the digest's 6.5 clamps the militia roll; the rulebook says only "A -1 DRM applies"
  (5.1.2): the table's column gives the modified rolls it covers.
- AAM-SUP-03: the rulebook names "Loyalist militia" only; Canadian militia are counted with
  them as the digest reads it (A14). Either way a Canadian loss before foraging with the
  marker British is illegal (no rule removes them there).
- AAM-SUP-09: the rulebook (10.9) says "Any force of units": an activation with SPs, or a
  leader flipped after an attempt, owes the roll; a lone leader's move does not (the
  digest's A17 counts every leader activation: the reading more favourable to the player
  is taken). Reactions (10.10.5) are not followed here.
- AAM-SUP-07: the digest's note that d'Estaing goes back to the French force (14.2.3) is
  not judged.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import Any

from adjudicator.systems.almost_a_miracle.actions import (
    DiceRolled,
    EndeavorTaken,
    ForceMoved,
    LeaderRemoved,
    LeaderSpent,
    PowTotals,
)
from adjudicator.systems.almost_a_miracle.attrition import (
    Attrition,
    attrition_drm,
    attrition_losses,
    forage_leaders,
    forage_sp,
    known_attrition,
    winter_attrition_rolls,
)
from adjudicator.systems.almost_a_miracle.data import AaMData, Need
from adjudicator.systems.almost_a_miracle.procedure import (
    ATTRITION,
    BRITISH,
    ENDEAVORS,
    MONTHS,
    forage_roll,
)
from adjudicator.systems.almost_a_miracle.read_supply import AT_SEA, held_sp
from adjudicator.systems.almost_a_miracle.rules.context import Context
from adjudicator.systems.common.actions import Action, PhaseChange
from adjudicator.systems.common.outcomes import Check, Computed, Outcome
from adjudicator.systems.common.places import PlaceKind
from adjudicator.systems.common.rulebook import RuleFamily

FAMILY = RuleFamily("supply", frozenset({"AAM-SUP-01", "AAM-SUP-02", "AAM-SUP-03",
                                         "AAM-SUP-06", "AAM-SUP-07", "AAM-SUP-08",
                                         "AAM-SUP-09",
                                         "AAM-SUP-10", "AAM-SUP-11", "AAM-SUP-19",
                                         "AAM-SUP-20", "AAM-OPT-02", "AAM-SUP-18"}),
                    positional=frozenset({"AAM-SUP-09"}),
                    actions=(DiceRolled, LeaderRemoved, EndeavorTaken, PhaseChange, ForceMoved,
                             LeaderSpent, PowTotals))
LOYALIST_KINDS = frozenset({"loyalist_militia", "canadian_militia"})
"""Loyalist militia; Canadian militia count as Loyalist (digest A14)."""
WASHINGTON = "washington"
SIMPLIFIED = "simplified-attrition"
"""The switch of the optional Simplified Attrition (AaM 16.2, `rules/optional.py`)."""
MILITIA_TABLES = ("militia_attrition_partial", "militia_attrition_table")
"""The rulebook example's cell, then a user's whole table (which wins where both give a cell)."""
Losses = dict[str, tuple[int, int, int]]
"""Area → (SPs at the start, SPs now, last step that changed them)."""


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The militia part closed by the first forage roll, forage rolls, leaders removed,
    winter rolls owed, and the forage part closed by the phase's end."""
    record = ctx.proc.supply
    if isinstance(action, PowTotals) and action.phase == ATTRITION:
        yield from _pow_attrition(action)
    if isinstance(action, DiceRolled) and ctx.phase == ATTRITION:
        total = forage_roll(action)
        if total is not None:
            if not record.foraging:
                yield from _militia_part(action.step, ctx)
                yield from _forage_strengths(action.step, ctx)
            yield from _forage_roll(action, total)
            yield from _simplified(action, ctx)
    if isinstance(action, DiceRolled) and ctx.phase == ENDEAVORS and \
            record.winter_owed is not None and record.winter_owed[0] == action.side:
        total = forage_roll(action)
        if total is not None:
            yield Check.done("AAM-SUP-09")
            yield from _forage_roll(action, total)
    if isinstance(action, ForceMoved | LeaderSpent) and ctx.phase == ENDEAVORS:
        yield from _winter_rolls(action, ctx)
    if isinstance(action, LeaderRemoved) and ctx.phase == ATTRITION:
        yield from _leader(action, ctx)
    if isinstance(action, EndeavorTaken) or (
            isinstance(action, PhaseChange) and action.previous == ENDEAVORS):
        yield from _winter_owed(action, ctx)
    if isinstance(action, PhaseChange) and action.previous == ATTRITION and action.forward:
        if record.foraging:
            yield from _forage_part(action.step, ctx)
        else:
            yield from _militia_part(action.step, ctx)


# -- the militia part (AaM 5.1-5.3)


def _side(kind: str, data: AaMData) -> str | None:
    found = data.unit_kinds.get(kind)
    return str(found.side) if found is not None else None


def _losses(ctx: Context, kind: str) -> Losses:
    """Every Area with SPs of `kind` at the start of this part: (start, now, last step)."""
    found: Losses = {}
    for area, changed, start, step in ctx.proc.supply.changes:
        if changed == kind and area != AT_SEA:
            found[area] = (start, held_sp(ctx.state, area, kind), step)
    for entity, where in ctx.state.pieces.values():
        if entity.kind == "sp" and entity.key == kind and where.key not in found and \
                where.kind is PlaceKind.SPACE:
            found[where.key] = (ctx.state.sp_in(where.key, frozenset({kind})),) * 2 + (0,)
    return found


def _mv_british(ctx: Context) -> bool | None:
    """The Major Victory marker's side up: British (True), Continental (False), unknown."""
    for entity, _ in ctx.state.pieces.values():
        if entity.kind == "mv":
            return entity.key == BRITISH
    return None


def _month(ctx: Context) -> int | None:
    turn = ctx.placement.moment.turn
    return int(turn[-2:]) if turn and turn[-2:].isdigit() else None


def _percent(value: Any) -> Fraction | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return Fraction(value).limit_denominator(1000)
    if isinstance(value, str) and value.strip().rstrip("%").strip().replace(".", "", 1).isdigit():
        return Fraction(value.strip().rstrip("%").strip())
    return None


def _names_month(label: str, month: int) -> bool:
    """Whether a column label (`June-August`, `Jun-Aug`, `December`) covers a month."""
    words = [w.strip().casefold()[:3] for w in label.replace("–", "-").split("-")]
    names = [m.casefold()[:3] for m in MONTHS]
    if not all(w in names for w in words) or not words:
        return False
    first, last = names.index(words[0]) + 1, names.index(words[-1]) + 1
    if first <= last:
        return first <= month <= last
    return month >= first or month <= last


def militia_column(data: AaMData, month: int) -> dict[int, Fraction]:
    """The Militia Attrition Table's column for a month (modified roll → %), from the rows a
    user supplies (`roll` and one key per month-group column, or `column`, `modified_dr`
    and `result`) and the rulebook example's cell (digest 5.2)."""
    column: dict[int, Fraction] = {}
    for table in MILITIA_TABLES:
        found = data.tables.get(table)
        for row in (found.rows or ()) if found is not None else ():
            roll = row.get("roll", row.get("modified_dr"))
            if not isinstance(roll, int):
                continue
            if "column" in row:
                pct = _percent(row.get("result"))
                if _names_month(str(row["column"]), month) and pct is not None:
                    column[roll] = pct
                continue
            for label, value in row.items():
                pct = _percent(value)
                if label not in ("roll", "modified_dr") and pct is not None and \
                        _names_month(label, month):
                    column[roll] = pct
    return column


def _at_sea(ctx: Context) -> Iterator[Outcome]:
    """AaM 5.4.3: "Troops in the 'At Sea' box cannot be reduced below 1 SP due to
    attrition"."""
    changes = [(kind, start, last) for area, kind, start, last in ctx.proc.supply.changes
               if area == AT_SEA]
    if not changes:
        return
    before = sum(start for _, start, _ in changes)
    now = sum(held_sp(ctx.state, AT_SEA, kind) for kind, _, _ in changes)
    untouched = sum(e.value for e, w in ctx.state.pieces.values() if e.kind == "sp" and
                    w.kind is PlaceKind.BOX and w.key == "at_sea" and
                    e.key not in {kind for kind, _, _ in changes})
    if before > 0 and now + untouched == 0:
        yield Check.illegal("AAM-SUP-08", max(last for _, _, last in changes),
                            f"the troops At Sea went from {before} SP to none in the "
                            "Attrition Phase: troops in the At Sea box cannot be reduced below "
                            "1 SP due to attrition (AaM 5.4.3)", expected="at least 1 SP",
                            observed="0 SP")
    elif now < before:
        yield Check.done("AAM-SUP-08")


def _militia_part(step: int, ctx: Context) -> Iterator[Outcome]:
    yield from _at_sea(ctx)
    month = _month(ctx)
    mv = _mv_british(ctx)
    colonies = sorted({kind for _, kind, _, _ in ctx.proc.supply.changes
                       if (found := ctx.data.unit_kinds.get(kind)) is not None
                       and found.type == "militia" and str(found.side) != BRITISH})
    for kind in colonies:
        yield from _militia(kind, ctx, month, mv, Attrition.MILITIA, "AAM-SUP-01")
    if any(kind in LOYALIST_KINDS for _, kind, _, _ in ctx.proc.supply.changes):
        for kind in sorted(LOYALIST_KINDS):
            if mv is True:
                yield from _loyalists_while_british(kind, ctx)
            elif mv is False:
                yield from _militia(kind, ctx, month, mv, Attrition.LOYALIST, "AAM-SUP-03")
    regulars = [(area, kind) for area, kind, start, _ in ctx.proc.supply.changes
                if (found := ctx.data.unit_kinds.get(kind)) is not None
                and found.type == "regular" and str(found.side) != BRITISH
                and kind != "french_regular" and held_sp(ctx.state, area, kind) < start]
    if regulars and month == 12:
        yield Check.unchecked("AAM-SUP-02", step,
                              "Continental regulars were removed for Expired Enlistment: the "
                              "Expired Enlistment Table and its listed modifiers are on the "
                              "Player's Aid Card (AaM 5.2.2-5.2.3)",
                              needs=(str(Need.ATTRITION),))


def _loyalists_while_british(kind: str, ctx: Context) -> Iterator[Outcome]:
    for area, (start, now, step) in sorted(_losses(ctx, kind).items()):
        if now < start:
            yield Check.illegal("AAM-SUP-03", step,
                                f"{start - now} Loyalist militia SP removed in "
                                f"{ctx.name(area)} before foraging while the Major Victory "
                                "marker is on its British side: the British roll Loyalist "
                                "militia attrition only if the marker is on the Continental "
                                "side (AaM 5.3)", spaces=(area,),
                                expected=f"{start} SP", observed=f"{now} SP")


def _militia(kind: str, ctx: Context, month: int | None, mv: bool | None,
             attrition: Attrition, rule: str) -> Iterator[Outcome]:
    """One colony's (or the Loyalists') losses against the phase's rolls."""
    losses = _losses(ctx, kind)
    areas = sorted(losses)
    if not areas or all(losses[a][0] == losses[a][1] for a in areas):
        return
    last = max(losses[a][2] for a in areas)
    what = "Loyalist" if attrition is Attrition.LOYALIST else f"{kind.replace('_', ' ')}"
    changed = tuple(a for a in areas if losses[a][0] != losses[a][1])
    if any(losses[a][1] > losses[a][0] for a in areas):
        yield Check.unchecked(rule, last, f"{what} SPs grew in the militia attrition step "
                              "(counters being changed): the losses cannot be read",
                              spaces=changed)
        return
    roller = BRITISH if attrition is Attrition.LOYALIST else "continental"
    rolls = sorted({die for side, die in ctx.proc.supply.rolls if side == roller})
    if not rolls:
        yield Check.unchecked(rule, last, f"{what} SPs were removed in the attrition step "
                              "with no single die rolled for them (AaM 5.1.1, 5.3)",
                              spaces=changed)
        return
    column = militia_column(ctx.data, month) if month is not None else {}
    starts = [losses[a][0] for a in areas]
    observed = tuple(losses[a][0] - losses[a][1] for a in areas)
    drms = {0, -1} if mv is None else {attrition_drm(attrition, mv_british=mv)}
    modified = sorted({die + drm for die in rolls for drm in drms})
    expected = {roll: known_attrition(starts, column[roll])
                for roll in modified if roll in column}
    shown = ", ".join(f"{ctx.name(a)} {s}→{s - o}" for a, s, o in zip(areas, starts, observed,
                                                                       strict=True))
    if mv is not None:
        try:
            spread = attrition_losses(attrition, starts, column, mv_british=mv)
        except ValueError:
            spread = None
        if spread is not None:
            yield Computed(kind="militia attrition", step=last, rule_id=rule,
                           summary=f"{what}: {shown}",
                           inputs={"areas": ", ".join(areas), "month": month,
                                   "rolls": ", ".join(map(str, rolls))},
                           result={"losses": ", ".join(map(str, observed))},
                           probabilities={", ".join(map(str, loss)): p
                                          for loss, p in spread.items()})
    for roll, loss in sorted(expected.items()):
        yield Computed(kind="militia attrition expected", step=last, rule_id=rule,
                       summary=f"{what}: a modified roll of {roll} is {column[roll]}% of each "
                       "Area's SPs, fractions rounded down (AaM 5.1.4)",
                       inputs={"areas": ", ".join(areas),
                               "sp": ", ".join(map(str, starts)), "modified roll": roll,
                               "percent": str(column[roll])},
                       result={"losses": ", ".join(map(str, loss))})
    if observed in expected.values():
        yield Check.done(rule)
        return
    if len(expected) < len(modified):
        yield Check.unchecked(rule, last, f"{what} attrition ({shown}): the Militia "
                              "Attrition Table's column for this month does not give "
                              f"modified roll(s) {[r for r in modified if r not in column]}",
                              needs=(str(Need.ATTRITION),), spaces=changed)
        return
    wanted = " or ".join(", ".join(map(str, loss)) for loss in sorted(set(expected.values())))
    rolled = ", ".join(map(str, rolls))
    table = "; ".join(f"{roll}: {column[roll]}%" for roll in sorted(expected))
    yield Check.illegal(rule, last, f"{what} attrition: {shown}. The roll(s) {rolled}, "
                        f"modified ({table}), give losses of {wanted} SP in "
                        f"{', '.join(ctx.name(a) for a in areas)}: each Area loses the "
                        "table's percentage of its militia SPs, fractions rounded down "
                        "(AaM 5.1.2-5.1.4)", spaces=changed, expected=wanted,
                        observed=", ".join(map(str, observed)))


# -- foraging (AaM 5.4)


def _simplified(action: DiceRolled, ctx: Context) -> Iterator[Outcome]:
    """AaM 16.2: with Simplified Attrition, one forage roll (per side) for every stack."""
    if SIMPLIFIED not in ctx.options or action.side is None:
        return
    before = [step for phase, label, side, step in ctx.proc.phase_steps
              if phase == ATTRITION and label == "forage" and side == action.side
              and step < action.step]
    if before:
        yield Check.illegal("AAM-SUP-20", action.step,
                            f"a second {action.side.title()} forage roll in the Attrition "
                            f"Phase (the first at step {before[0]}): with Simplified Attrition, "
                            "instead of rolling separately for all stacks, roll once and apply "
                            "the DR to all stacks requiring an attrition roll (AaM 16.2)",
                            expected="one forage roll", observed=f"{len(before) + 1} rolls")
    else:
        yield Check.done("AAM-SUP-20")
        yield Check.done("AAM-OPT-02")



def _forage_roll(action: DiceRolled, total: int) -> Iterator[Outcome]:
    chances = forage_leaders()
    yield Computed(kind="forage leaders", step=action.step, rule_id="AAM-SUP-07",
                   summary=f"a forage roll of {total}: 11 sends a leader away sick, 12 kills "
                   "one (AaM 5.4.2)", inputs={"roll": total},
                   result={"sick": total == 11, "dead": total == 12},
                   probabilities={"sick": chances.sick, "dead": chances.dead})


def _leader(action: LeaderRemoved, ctx: Context) -> Iterator[Outcome]:
    if action.leader == WASHINGTON:
        yield Check.illegal("AAM-SUP-07", action.step,
                            f"Washington was taken off the map from {ctx.name(action.area)} "
                            "in the Attrition Phase: Washington cannot be affected by the "
                            "forage rolls, and is not put in the draw (AaM 5.4.2)",
                            spaces=(action.area,), pieces=(action.leader,))
    elif action.side is not None and action.side in ctx.proc.supply.highs:
        yield Check.done("AAM-SUP-07")
    else:
        yield Check.unchecked("AAM-SUP-07", action.step,
                              f"{ctx.leader_name(action.leader)} left the map in the "
                              "Attrition Phase with no 11 or 12 seen on his side's forage "
                              "rolls (AaM 5.4.2): why is not in the log",
                              spaces=(action.area,), pieces=(action.leader,))


def _forage_strengths(step: int, ctx: Context) -> Iterator[Outcome]:
    """Each side's foraging SPs in each Area at the forage step: its SPs less Continental
    militia in their own colony (5.4.5) and French SPs (14.1.4)."""
    stacks: dict[tuple[str, str], list[tuple[str, int]]] = {}
    for entity, where in ctx.state.pieces.values():
        side = _side(entity.key, ctx.data) if entity.kind == "sp" else None
        if side is not None and where.kind is PlaceKind.SPACE:
            stacks.setdefault((where.key, side), []).append((entity.key, entity.value))
    for (area, side), counters in sorted(stacks.items()):
        home = sum(sp for kind, sp in counters if _home(area, kind, ctx.data))
        french = sum(sp for kind, sp in counters if kind == "french_regular")
        total = sum(sp for _, sp in counters)
        yield Computed(kind="forage strength", step=step, rule_id="AAM-SUP-06",
                       summary=f"{side.title()} SPs in {ctx.name(area)} that forage: {total} "
                       f"less {home} militia in their own colony and {french} French "
                       "(AaM 5.4.5, 14.1.4)",
                       inputs={"area": area, "side": side, "sp": total,
                               "home militia": home, "french": french},
                       result={"forage sp": forage_sp(total, home_militia=home,
                                                      french=french)})


def _home(area: str, kind: str, data: AaMData) -> bool | None:
    """Whether Continental militia of `kind` are in their own colony in `area`."""
    found, unit = data.areas.get(area), data.unit_kinds.get(kind)
    if unit is None or unit.home_colony is None:
        return None
    if found is None or found.region is None:
        return None
    region = data.regions.get(found.region)
    colony = region.part_of if region is not None and region.part_of else found.region
    return colony == unit.home_colony


def _forage_part(step: int, ctx: Context) -> Iterator[Outcome]:
    yield from _at_sea(ctx)
    others: list[str] = []
    for area, kind, start, last in ctx.proc.supply.changes:
        now = held_sp(ctx.state, area, kind)
        if now >= start or area == AT_SEA:
            continue
        unit = ctx.data.unit_kinds.get(kind)
        if kind in LOYALIST_KINDS:
            yield Check.done("AAM-SUP-11")
        if kind == "french_regular":
            yield Check.illegal("AAM-SUP-19", last,
                                f"{start - now} French SP removed in {ctx.name(area)} at the "
                                "forage step: French forces are always in supply and never "
                                "forage (AaM 14.1.4)", spaces=(area,),
                                expected=f"{start} SP", observed=f"{now} SP")
            continue
        if unit is not None and unit.type == "militia" and str(unit.side) != BRITISH:
            home = _home(area, kind, ctx.data)
            if home is None:
                yield Check.unchecked("AAM-SUP-10", last,
                                      f"whether the {kind.replace('_', ' ')} in "
                                      f"{ctx.name(area)} are in their own colony is not in "
                                      "the data", needs=(str(Need.AREAS),), spaces=(area,))
            elif home:
                yield Check.illegal("AAM-SUP-10", last,
                                    f"{start - now} {kind.replace('_', ' ')} SP removed in "
                                    f"{ctx.name(area)}, their own colony, at the forage "
                                    "step: Continental militia in their own colony are not "
                                    "counted for Foraging Attrition, nor can they take other "
                                    "forces' losses (AaM 5.4.5)", spaces=(area,),
                                    expected=f"{start} SP", observed=f"{now} SP")
                continue
            else:
                yield Check.done("AAM-SUP-10")
        others.append(area)
    if others:
        yield Check.unchecked("AAM-SUP-06", step,
                              "what foraging costs each stack is on the Forage Attrition "
                              "Matrix and the Foraging Attrition Table (PAC, AaM 5.4.1c)",
                              needs=(str(Need.ATTRITION),), spaces=tuple(sorted(set(others))))
    french = any(e.kind == "sp" and e.key == "french_regular" and w.kind is PlaceKind.SPACE
                 for e, w in ctx.state.pieces.values())
    if french and not any(kind == "french_regular" and held_sp(ctx.state, area, kind) < start
                          for area, kind, start, _ in ctx.proc.supply.changes):
        yield Check.done("AAM-SUP-19")


# -- winter (AaM 5.4.4, 10.9)


def _winter_rolls(action: ForceMoved | LeaderSpent, ctx: Context) -> Iterator[Outcome]:
    """The Winter Attrition rolls an activation attempt owes (none April-November)."""
    month = _month(ctx)
    if month is None or action.die is None or action.side is None:
        return
    if isinstance(action, ForceMoved) and (not action.sp or action.within):
        return
    rolls = winter_attrition_rolls(month, activation_attempted=True)
    if rolls:
        yield Computed(kind="winter attrition", step=action.step, rule_id="AAM-SUP-09",
                       summary=f"a {action.side.title()} activation attempt in a winter month "
                       "owes a Winter Attrition roll on the Foraging Attrition Table "
                       "(AaM 5.4.4, 10.9)", inputs={"month": month},
                       result={"winter rolls": rolls})


def _winter_owed(action: Action, ctx: Context) -> Iterator[Outcome]:
    owed = ctx.proc.supply.winter_owed
    if owed is None:
        return
    side, step = owed
    yield Check.reminder("AAM-SUP-09", action.step,
                         f"the {side.title()} force that tried to activate at step {step} "
                         "(a winter month) rolled no Winter Attrition: December through "
                         "March, a force that attempts to activate, successfully or not, "
                         "makes a 2d6 roll on the Foraging Attrition Table right after its "
                         "move or failed attempt (AaM 5.4.4, 10.9)")


def _pow_attrition(totals: PowTotals) -> Iterator[Outcome]:
    """15.3: "In the POW attrition step of the Attrition Phase, 1 SP is deducted from each
    side's total on the POW track (due to the aforementioned disease and starvation).
    Leader POWs are not affected." Read from the POW SP boxes' totals when the phase began
    and ended (read_pow.py); a side with no POWs has nothing to lose."""
    after = dict(totals.after)
    for side, before in totals.before:
        if before <= 0:
            continue
        now = after.get(side, 0)
        if now == before - 1:
            yield Check.done("AAM-SUP-18")
        elif now == before:
            yield Check.reminder("AAM-SUP-18", totals.step,
                                 f"the Attrition Phase ended with the {side.capitalize()} "
                                 f"POWs still at {before} SP: in the POW attrition step 1 SP "
                                 "is deducted from each side's total on the POW track (AaM "
                                 "15.3)")
        else:
            yield Check.illegal("AAM-SUP-18", totals.changed or totals.step,
                                f"the {side.capitalize()} POWs went from {before} SP to {now} "
                                "SP in the Attrition Phase: 1 SP is deducted from each side's "
                                "total on the POW track (AaM 15.3)",
                                expected=f"{before - 1} SP", observed=f"{now} SP")
