"""The activation D6 of a moving force and the movement points it gives (digest §4.2
LDR-01, LDR-02; §4.3 MOV-01, MOV-02, MOV-14; §6.4).

WfA 12.1-12.7 (table T-10): a force with no leader rolls a D6 minus 2, a result of 1-2
always giving 1 MP (12.2; digest §8 A-27: MP = max(1, D6 − 2)); a force with a leader has
4 MP if the D6 is at most his command value, else 2 (12.6-12.7); a leader moving with no
SP has D6 + 2 (12.1). Washington re-rolls a 6 and fails on a second 6, still with 2 MP
(11.10). In a Winter Turn every unit that begins its AP in the Northern Regions has 2 MP
(18.1; Canada included, digest §8 A-36), whatever the die. Detached units "must still roll
for movement" (11.21).

The MP are reported as a computation (`Check.computed`) with their distribution, from the
existing calculator (`movement_points`); whether the path fits them is `movement`'s job.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome, Value
from adjudicator.systems.common.records import once_per_object
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.war_for_america.actions import Activation, ForceActivated
from adjudicator.systems.war_for_america.data.tables import WfATables
from adjudicator.systems.war_for_america.movement_points import Mover, movement_points
from adjudicator.systems.war_for_america.procedure import NORTHERN_REGIONS
from adjudicator.systems.war_for_america.rules.context import Context, side_name
from adjudicator.systems.war_for_america.rules.forces import (
    WASHINGTON,
    Force,
    colour_allows,
    leader_name,
    rank_allows,
    read_force,
    region_of,
)
from adjudicator.systems.war_for_america.rules.special import french_regulars
from adjudicator.systems.war_for_america.state import ARMY_SIDE

REROLLED: Final = 6
"""The face Washington must re-roll (WfA 11.10)."""

FAMILY = RuleFamily(
    "activation",
    frozenset({"WFA-LDR-01", "WFA-LDR-02", "WFA-MOV-01", "WFA-MOV-02", "WFA-MOV-14"}),
    positional=frozenset({"WFA-LDR-01", "WFA-LDR-02", "WFA-MOV-01", "WFA-MOV-02",
                          "WFA-MOV-14"}),
    actions=(ForceActivated,),
)


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The movement points of a force's activation (a move; a fort's movement roll is the
    fortifications family's)."""
    if not isinstance(action, ForceActivated) or action.kind is not Activation.MOVE:
        return
    force = read_force(action.units, ctx.state, stated_sp=action.sp)
    yield from detached(action, force, ctx)
    yield from movement_roll(action, force, ctx)


def movement_roll(action: ForceActivated, force: Force, ctx: Context) -> Iterator[Outcome]:
    """LDR-01, LDR-02, MOV-01, MOV-02: the MP the activation D6 gave.

    WfA 12.2: "A D6 is rolled with '-2' applied … A result of '1-2' always yields '1' MP."
    WfA 12.6-12.7: "If the result is equal to or less than the leader's command value, the
    designated force can move its full movement value"; "If the result is higher …, the
    designated force receives only '2' MP instead of the standard '4'". WfA 12.1: "Leader
    Moving with No SP: D6 plus 2". WfA 11.10: Washington "must re-roll if he gets a '6'.
    If another '6' results, he fails his activation, but still has '2' MP".
    """
    rule = _rule(force)
    where = ctx.space_name(action.space)
    if force.sp == 0 and not force.leaders:
        return
    if _winter_north(action, ctx):
        winter_mp = ctx.data.tables.t10.winter_north
        yield Check.computed("movement_points", action.step, rule,
                             f"at {where}: a Winter AP begun in the Northern Regions gives "
                             f"{winter_mp} MP whatever the die (WfA 18.1; an Extended March "
                             "card may override it)", inputs={"space": action.space,
                                                              "winter": True},
                             result={"mp": winter_mp})
        yield Check.done(rule)
        return
    if not action.rolls:
        yield Check.unchecked(rule, action.step, f"the {side_name(action.side)} force at "
                              f"{where} moved, but no movement D6 was seen before it "
                              "(WfA 12.2, 12.6)", needs=("the movement D6 in the log",),
                              spaces=(action.space,))
        return
    first = action.rolls[0]
    t10 = ctx.data.tables.t10
    if rule == "WFA-MOV-01":
        mp = max(first + t10.leaderless_die_modifier, t10.leaderless_minimum)
        yield _computed(action, ctx, rule, "leaderless", mp, f"no leader: D6 {first} − 2 = "
                        f"{mp} MP (a result of 1-2 always 1, WfA 12.2)")
        yield Check.done(rule)
        return
    if rule == "WFA-MOV-02":
        mp = first + t10.leader_alone_die_modifier
        yield _computed(action, ctx, rule, "leader_alone", mp,
                        f"{_names(ctx, force.leaders)} alone: D6 {first} + 2 = {mp} MP "
                        "(WfA 12.1)")
        yield Check.done(rule)
        return
    yield from _led(action, force, ctx)


def _candidates(force: Force, ctx: Context) -> list[str]:
    """The leaders who may command the force (rank and circle not known to bar them; the
    player chooses among them, WfA 12.4-12.5), else every leader in it."""
    able = [leader for leader in force.leaders
            if rank_allows(ctx.data, leader, force.sp).allowed is not False
            and colour_allows(ctx.data, leader, force,
                              french_regulars=french_regulars(ctx)).allowed is not False]
    return able or list(force.leaders)


def _leader_mp(action: ForceActivated, leader: str, command: int, ctx: Context) -> int:
    """The MP a leader's activation D6 gives (WfA 12.6-12.7; Washington 11.10)."""
    t10 = ctx.data.tables.t10
    if leader == WASHINGTON:
        return _washington_mp(action, command, ctx)[0]
    return t10.with_leader if action.rolls[0] <= command else t10.failed_activation


def rolled_mp(action: ForceActivated, ctx: Context) -> int | None:
    """The MP an activation gave the force, as `movement_roll` reports them; None when no
    die was seen, a command value is unknown, or the commanders the player may choose
    would give different MP."""
    force = read_force(action.units, ctx.state, stated_sp=action.sp)
    t10 = ctx.data.tables.t10
    if _winter_north(action, ctx):
        return t10.winter_north
    if not action.rolls or (force.sp == 0 and not force.leaders):
        return None
    rule = _rule(force)
    if rule == "WFA-MOV-01":
        return max(action.rolls[0] + t10.leaderless_die_modifier, t10.leaderless_minimum)
    if rule == "WFA-MOV-02":
        return action.rolls[0] + t10.leader_alone_die_modifier
    found: set[int] = set()
    for leader in _candidates(force, ctx):
        record = ctx.data.leaders.get(leader)
        if record is None or record.command is None:
            return None
        found.add(_leader_mp(action, leader, record.command, ctx))
    return found.pop() if len(found) == 1 else None


def _led(action: ForceActivated, force: Force, ctx: Context) -> Iterator[Outcome]:
    """LDR-01 and LDR-02: a force with a leader (12.6-12.7, 11.10)."""
    candidates = _candidates(force, ctx)
    outcomes: dict[str, int] = {}
    for leader in candidates:
        record = ctx.data.leaders.get(leader)
        if record is None or record.command is None:
            yield Check.unchecked("WFA-LDR-01", action.step, f"the MP of "
                                  f"{leader_name(ctx.data, leader)}'s force need his command "
                                  "value (WfA 12.6)", needs=("leader command values",),
                                  pieces=(leader,))
            return
        if leader == WASHINGTON:
            finding = _washington_mp(action, record.command, ctx)[1]
            if finding is not None:
                yield finding
            yield Check.done("WFA-LDR-02")
        outcomes[leader] = _leader_mp(action, leader, record.command, ctx)
    values = set(outcomes.values())
    commander = max(candidates, key=lambda c: (outcomes[c], c))
    record = ctx.data.leaders[commander]
    assert record.command is not None
    if len(values) == 1:
        summary = (f"{record.name} commanding, activation D6 {_rolled(action)} against "
                   f"command {record.command}: {outcomes[commander]} MP (WfA 12.6-12.7)")
    else:
        summary = ("the commander is the player's choice (WfA 12.4-12.5): " + "; ".join(
            f"{leader_name(ctx.data, c)} {outcomes[c]} MP" for c in candidates))
    yield _computed(action, ctx, "WFA-LDR-01", "leader", outcomes[commander], summary,
                    command=record.command, washington=commander == WASHINGTON)
    yield Check.done("WFA-LDR-01")


def _washington_mp(action: ForceActivated, command: int, ctx: Context
                   ) -> tuple[int, Outcome | None]:
    """Washington's activation (WfA 11.10): a first 6 is re-rolled; a second 6 fails (2 MP).
    Returns the MP and the LDR-02 finding (None: the rule was followed)."""
    t10 = ctx.data.tables.t10
    success = min(command, REROLLED - 1)
    first = action.rolls[0]
    if first != REROLLED:
        return (t10.with_leader if first <= command else t10.failed_activation), None
    if len(action.rolls) < 2:
        return t10.failed_activation, Check.reminder(
            "WFA-LDR-02", action.step, "Washington's activation D6 was a 6 and was not "
            "re-rolled; a 6 must be re-rolled (WfA 11.10) — until it is, the activation "
            "counts as failed (2 MP)", spaces=(action.space,), pieces=("leader:washington",))
    second = action.rolls[1]
    return (t10.with_leader if second <= success else t10.failed_activation), None


def detached(action: ForceActivated, force: Force, ctx: Context) -> Iterator[Outcome]:
    """MOV-14 (WfA 11.21): "There is no cost to detach, but detached units must still roll
    for movement." A force leaving a space where its side's army marker stands, without
    that army, has detached from it; it must have rolled its movement D6."""
    here = ctx.state.space(action.space)
    own = [army for army in here.armies if ARMY_SIDE.get(army) == action.side]
    if not own or force.armies:
        return
    if not action.rolls:
        yield Check.reminder("WFA-MOV-14", action.step, f"units detached from the army at "
                             f"{ctx.space_name(action.space)} moved without a movement D6; "
                             "detached units must still roll for movement (WfA 11.21)",
                             spaces=(action.space,))
    yield Check.done("WFA-MOV-14")


def _rule(force: Force) -> str:
    if not force.leaders:
        return "WFA-MOV-01"
    if force.leader_alone and not force.armies:
        return "WFA-MOV-02"
    return "WFA-LDR-01"


def _winter_north(action: ForceActivated, ctx: Context) -> bool:
    region = region_of(ctx.data, action.space)
    return bool(ctx.placement.winter) and region is not None and region in NORTHERN_REGIONS


def _rolled(action: ForceActivated) -> str:
    return " then ".join(str(r) for r in action.rolls[:2])


def _names(ctx: Context, leaders: tuple[str, ...]) -> str:
    return ", ".join(leader_name(ctx.data, leader) for leader in leaders)


@dataclass(frozen=True, slots=True)
class _RollShown:
    """A movement roll's distribution as the report shows it (worked out once)."""

    result: dict[str, Value]
    probabilities: dict[str, Fraction]


@once_per_object()
def _rolls_shown(tables: WfATables) -> dict[tuple[Mover, int | None, bool], _RollShown]:
    """The movement rolls shown so far with these tables, by (mover, command, Washington):
    a game rolls the same few many times."""
    return {}


def _computed(action: ForceActivated, ctx: Context, rule: str, mover: Mover, mp: int,
              summary: str, *, command: int | None = None,
              washington: bool = False) -> Outcome:
    """The MP rolled and their distribution before the roll (digest 6.4, W-3)."""
    memo = _rolls_shown(ctx.data.tables)
    shown = memo.get((mover, command, washington))
    if shown is None:
        roll = movement_points(ctx.data.tables, mover, command=command, washington=washington)
        shown = memo[(mover, command, washington)] = _RollShown(
            result={"expected_mp": str(roll.mp.expectation()),
                    **{f"p_{value}_mp": str(p) for value, p in roll.mp.items()}},
            probabilities={f"{value} MP": p for value, p in roll.mp.items()})
    return Check.computed(
        "movement_points", action.step, rule, f"at {ctx.space_name(action.space)}: {summary}",
        inputs={"space": action.space, "rolls": " ".join(str(r) for r in action.rolls),
                "command": command, "sp": action.sp},
        result={"mp": mp, **shown.result}, probabilities=shown.probabilities)


__all__ = ["FAMILY", "REROLLED", "detached", "judge", "movement_roll", "rolled_mp"]
