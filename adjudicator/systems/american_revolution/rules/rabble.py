"""Rabble rousing (AR 9.0; digest 4.7 AR-RR-01..05).

AR 9.3: "both players secretly commit [...] the number of Rabble Rousing markers from
their hand that they want to use on each of the Rabble Rousing Tables [...] both players
simultaneously reveal their own marker commitments. That turn's First Player chooses which
of the three tables will be consulted first. For each table, add up the number of Rabble
Rousing points you've committed to it. Then roll a die and add that number to your total.
The player who rolls higher wins on that table. In the event of ties, neither player wins.
[...] All committed Rabble Rousing markers are then returned to the pool." AR 11.1: a
separate commitment and resolution for each colonial region.

AR 9.4: "If you commit no Rabble Rousing markers to a particular table, you may not roll a
die for it. If the other player committed one or more markers to that table, he
automatically wins there. If neither player commits [...] nothing happens [...] If a
Rabble Rousing marker has a value of more than one, it may only be committed to one roll,
not split up." AR 7.10: Adams, Franklin, Jefferson and Paine are worth 3 to the American,
1 to the British.

AR 12.5: once Revolutionary Progress has reached the Declaration of Independence, "the
American player rolls two dice, instead of one, when resolving the European Balance of
Power Table" (only there). The First Player's order of the tables (AR 9.3) decides whether
the RP reached the Declaration before the Balance of Power was rolled: the log's order of
track moves shows that order, and the RP level at the moment of the American's roll is the
one that counts (AR-RR-04).

In the log a commitment is markers moved from a hand onto a table (`MarkersCommitted`); a
table is resolved by each side's roll and then the track's move (`resolution.py`). Each
resolved table reports the contest's exact chances (`rabble.contest`).

What a track move must be once a side has won is judged by the tracks family
(`tracks.py`); this family judges the commitments, the rolls and the reported odds.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.american_revolution.actions import (
    DiceRolled,
    MarkersCommitted,
    TrackMoved,
)
from adjudicator.systems.american_revolution.data import MarkerCategory
from adjudicator.systems.american_revolution.levels import (
    DECLARATION_OF_INDEPENDENCE,
    rp_level_name,
)
from adjudicator.systems.american_revolution.procedure import RABBLE, SETUP
from adjudicator.systems.american_revolution.rabble import RabbleTable, contest, us_dice
from adjudicator.systems.american_revolution.resolution import (
    SIDES,
    Resolution,
    after_reveal,
    committed,
    effective,
    is_correction,
    one_die_twice,
    points,
    resolve,
    table_name,
    table_of,
)
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Computed, Outcome, Value
from adjudicator.systems.common.rulebook import RuleFamily

FAMILY = RuleFamily("rabble rousing",
                    frozenset({"AR-RR-01", "AR-RR-02", "AR-RR-04", "AR-RR-05"}),
                    positional=frozenset(), actions=(MarkersCommitted, DiceRolled, TrackMoved))
WHO = {"US": "the American", "GB": "the British"}


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """Commitments, the dice of the phase and each table's resolution."""
    if isinstance(action, MarkersCommitted) and action.table != "initiative":
        yield from _commitment(action, ctx)
    elif isinstance(action, DiceRolled) and ctx.phase == RABBLE:
        yield from _roll(action, ctx)
    elif isinstance(action, TrackMoved) and ctx.phase == RABBLE:
        yield from _resolved(action, ctx)


def _commitment(action: MarkersCommitted, ctx: Context) -> Iterator[Outcome]:
    side = action.side or ""
    where = table_name(action.table, ctx.data)
    if ctx.phase is not None and ctx.phase not in (RABBLE, SETUP):
        yield Check.illegal("AR-RR-01", action.step,
                            f"{WHO.get(side, 'a')} player committed markers to {where} "
                            "outside the Rabble Rousing Phase: markers are committed to the "
                            "rabble-rousing tables in that phase only")
        return
    wrong = [ctx.data.markers[m].name for m in action.markers if m in ctx.data.markers
             and ctx.data.markers[m].category is not MarkerCategory.RABBLE]
    if wrong:
        # Revealed on the table: the marker is face up, its name may be given.
        yield Check.illegal("AR-RR-01", action.step,
                            f"{WHO.get(side, 'a')} player committed {', '.join(wrong)} to "
                            f"{where}: only Rabble Rousing markers are committed to the "
                            "rabble-rousing tables", pieces=tuple(wrong))
    else:
        yield Check.done("AR-RR-01")


def _roll(action: DiceRolled, ctx: Context) -> Iterator[Outcome]:
    """AR 9.4: "You roll only for tables on which you've committed Rabble Rousing markers",
    and only where the other side committed too (an uncontested table is won without a
    roll). Commitments are revealed before any roll (AR 9.3)."""
    side = action.side
    if side not in SIDES or not any(c.table != "initiative" for c in _this_turn(ctx)):
        return
    contested = _contested(ctx)
    rolls = 1 + sum(1 for roll in after_reveal(ctx.proc.commitments, ctx.proc.phase_dice)
                    if roll.side == side)
    allowed = len(contested)
    if side == "US" and "bop" in contested and (
            ctx.state.level("rp") or 0) >= DECLARATION_OF_INDEPENDENCE:
        allowed += 1  # his two dice on the Balance of Power may be two clicks of one die
    if rolls <= allowed:
        yield Check.done("AR-RR-02")
        return
    if not contested:
        why = "no table was committed to by both sides"
    else:
        why = (f"only {len(contested)} table{'s' if len(contested) > 1 else ''} "
               f"({', '.join(table_name(t, ctx.data) for t in contested)}) "
               f"{'were' if len(contested) > 1 else 'was'} committed to by both sides")
    yield Check.illegal("AR-RR-02", action.step,
                        f"{WHO[side]} player rolled {_times(rolls)} in the Rabble Rousing "
                        f"Phase, but {why}: a side rolls once for each table both sides "
                        "committed markers to, and a table only one side committed to is "
                        "won without a roll", expected=f"at most {allowed}",
                        observed=str(rolls))


def _resolved(action: TrackMoved, ctx: Context) -> Iterator[Outcome]:
    if is_correction(resolved_this_turn(ctx), action):
        return  # the marker put back: the table's earlier move is withdrawn
    table = table_of(action)
    commitments = _this_turn(ctx)
    us = points(ctx.data, commitments, "US", table)
    gb = points(ctx.data, commitments, "GB", table)
    found = resolve(ctx.proc.position.moment.turn, commitments, ctx.proc.phase_dice,
                    ctx.proc.rabble, action)
    if not committed(commitments, "US", table) and not committed(commitments, "GB", table):
        yield Check.illegal("AR-RR-02", action.step,
                            f"{table_name(table, ctx.data)} moved, but neither side "
                            "committed rabble-rousing markers to it: if neither commits, "
                            "nothing happens on the table")
        return
    kind = RabbleTable.BALANCE if table == "bop" else (
        RabbleTable.PROGRESS if table == "rp" else RabbleTable.LOYALTY)
    rp_then = _rp_at(found.us_roll, ctx)
    dice_us = us_dice(kind, rp_then if rp_then is not None else 0)
    if not (us and gb):
        yield Check.done("AR-RR-02")
    elif found.us_roll is not None and found.gb_roll is not None:
        yield from _dice_count(found, kind, dice_us, rp_then, ctx)
    odds = contest(us, gb, dice_us=dice_us)
    result: dict[str, Value] = {}
    if odds.rolled and found.us_roll is not None and found.gb_roll is not None:
        result = {"American dice": " + ".join(map(str, found.us_roll.dice)),
                  "British die": " + ".join(map(str, found.gb_roll.dice)),
                  "American total": us + sum(found.us_roll.dice),
                  "British total": gb + sum(found.gb_roll.dice)}
    elif not odds.rolled:
        result = {"winner": "American" if us else "British", "rolled": "no (uncontested)"}
    yield Computed("rabble rousing", action.step, "AR-RR-01",
                   f"{table_name(table, ctx.data)}: American {us} points + "
                   f"{dice_us}d6 against British {gb} points + 1d6"
                   if odds.rolled else
                   f"{table_name(table, ctx.data)}: uncontested, won without a roll",
                   inputs={"table": table, "American points": us, "British points": gb,
                           "American dice": dice_us if odds.rolled else 0},
                   result=result,
                   probabilities={"American wins": odds.us, "tie (no change)": odds.tie,
                                  "British wins": odds.gb})


def _dice_count(found: Resolution, kind: RabbleTable, dice_us: int, rp_then: int | None,
                ctx: Context) -> Iterator[Outcome]:
    us_roll, gb_roll = found.us_roll, found.gb_roll
    assert us_roll is not None and gb_roll is not None
    if kind is RabbleTable.BALANCE and any(
            r.table == "rp" for r in _resolved_this_phase(ctx)):
        # The order the First Player chose decided the dice (AR 9.3, 12.5).
        yield Check.done("AR-RR-04")
    if dice_us == 2 and one_die_twice(us_roll, ctx.proc.commitments, ctx.proc.phase_dice):
        yield Check.unchecked("AR-RR-05", us_roll.step,
                              "the American rolled one die twice for the European Balance of "
                              "Power table: the two rolls may be his two dice, but which "
                              "decided the table the log does not say",
                              needs=("a single 2d6 roll",))
        return
    if len(us_roll.dice) != dice_us:
        where = table_name(found.table, ctx.data)
        now = ctx.state.level("rp")
        if kind is RabbleTable.BALANCE and us_dice(kind, now or 0) == len(us_roll.dice):
            # The dice fit the level RP reached later in the phase: the roll came first.
            yield Check.illegal("AR-RR-04", us_roll.step,
                                f"the American player rolled {_dice(len(us_roll.dice))} for "
                                f"{where} while Revolutionary Progress stood at "
                                f"{rp_level_name(rp_then)}; it reached "
                                f"{rp_level_name(now)} only on a table resolved after that "
                                "roll, and the tables are resolved one after another in the "
                                "order the First Player chose",
                                expected=f"{dice_us}d6", observed=f"{len(us_roll.dice)}d6")
            return
        if kind is RabbleTable.BALANCE:
            why = (f"Revolutionary Progress stood at {rp_level_name(rp_then)} when he "
                   f"rolled, so he rolls {'two dice' if dice_us == 2 else 'one die'} "
                   "on the European Balance of Power table")
        else:
            why = "the American rolls two dice only on the European Balance of Power table"
        yield Check.illegal("AR-RR-05", us_roll.step,
                            f"the American player rolled {_dice(len(us_roll.dice))} for "
                            f"{where}: {why}", expected=f"{dice_us}d6",
                            observed=f"{len(us_roll.dice)}d6")
    elif kind is RabbleTable.BALANCE:
        yield Check.done("AR-RR-05")
    if len(gb_roll.dice) != 1:
        yield Check.illegal("AR-RR-01", gb_roll.step,
                            f"the British player rolled {_dice(len(gb_roll.dice))} for "
                            f"{table_name(found.table, ctx.data)}: each side rolls one die "
                            "(the American two only on the Balance of Power table after "
                            "the Declaration of Independence)", expected="1d6",
                            observed=f"{len(gb_roll.dice)}d6")


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def _dice(n: int) -> str:
    return "one die" if n == 1 else f"{n} dice"


def _this_turn(ctx: Context) -> tuple[MarkersCommitted, ...]:
    return ctx.proc.commitments


def resolved_this_turn(ctx: Context) -> list[Resolution]:
    """The rabble-rousing tables resolved this turn, in the order the log resolved them."""
    turn = ctx.proc.position.moment.turn
    return effective(r for r in ctx.proc.rabble if r.turn == turn)


def _resolved_this_phase(ctx: Context) -> list[Resolution]:
    """The tables resolved so far this turn (there is one Rabble Rousing Phase a turn, and
    only its track moves are recorded)."""
    return resolved_this_turn(ctx)


def _contested(ctx: Context) -> list[str]:
    tables: list[str] = []
    for c in _this_turn(ctx):
        if c.table == "initiative" or c.table in tables:
            continue
        if all(committed(_this_turn(ctx), side, c.table) for side in SIDES):
            tables.append(c.table)
    return tables


def _rp_at(roll: DiceRolled | None, ctx: Context) -> int | None:
    """Revolutionary Progress when `roll` was made: the level now, unless the RP track
    moved this phase after that roll."""
    now = ctx.state.level("rp")
    if roll is None:
        return now
    later = [r.move for r in _resolved_this_phase(ctx)
             if r.table == "rp" and r.move.step > roll.step]
    return later[0].before if later else now


__all__ = ["DECLARATION_OF_INDEPENDENCE", "FAMILY", "judge", "resolved_this_turn"]
