"""Winter Attrition (WW 5.4, 11; table T8): the losses of each space, judged on the
position at the start of the phase against the position at its end.

Per space and side (WW 11.1–11.3): British CUs lose nothing in Winter Quarters or south of
the Winter Attrition Line, half (rounded down) of 2 or more elsewhere, and a lone CU
without a General rolls (lost on 1–3). American CUs lose half of 2 or more anywhere; a
lone one rolls unless a General is with it. Washington shelters 5 of his CUs in Winter
Quarters or the south; the excess is treated as if alone (digest A21). French CUs count
with the Americans when stacked with American CUs, as British when alone (WW 11.3; with an
American or French General a lone French CU is an Army, digest A20). Generals, the
Congress and the French Navy are immune (WW 11.0). Where the log shows the phase begin,
both hands must be empty (WW 5.3, WW-SEQ-05: cards may not be saved).

The exact loss distribution of each space comes from `odds.winter_attrition` (T8 read from
the data): its least value is the guaranteed loss, and a space whose distribution is not a
single value needs a die. A loss the distribution cannot give is illegal; the losses of
the rolling spaces must match the dice rolled in the phase. The log does not say which die
was rolled for which space, so they are compared as counts; with one die for each rolling
space, counts that differ are illegal however the dice are matched (one lone CU and one die
leave a single reading), and a CHECK only where a rolling space is one the rulebook leaves
ambiguous (digest A20, A21) and its other reading could agree. A space whose
Winter Quarters shape or side of the line the data lacks is unchecked, unless both
answers give the same losses.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from dataclasses import dataclass
from fractions import Fraction

from adjudicator.findings import Severity
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome, Violation
from adjudicator.systems.common.probability import Distribution
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.washingtons_war.actions import WinterAttritionEnded
from adjudicator.systems.washingtons_war.data import Nationality, Side
from adjudicator.systems.washingtons_war.odds import winter_attrition
from adjudicator.systems.washingtons_war.rules.context import Context
from adjudicator.systems.washingtons_war.season import SpaceAt

FAMILY = RuleFamily("winter", frozenset({
    "WW-WINT-01", "WW-WINT-02", "WW-WINT-03", "WW-WINT-04", "WW-WINT-05", "WW-SEQ-05"}),
    actions=(WinterAttritionEnded,))
LOST_ON = 3
"""T8: a lone CU's die loses it on 1–3."""


@dataclass(frozen=True, slots=True)
class Stack:
    """One side's CUs in one space as T8 reads them."""

    space: str
    side: Side
    rule_id: str
    label: str
    """e.g. `British CUs`, `American and French CUs`, `French CUs (alone: British rules)`."""
    nationality: str
    """The T8 row: `AM` or `BR`."""
    cus: int
    with_general: bool
    washington: bool


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """Every space's winter losses, at the end of the phase."""
    if not isinstance(action, WinterAttritionEnded) or not action.seen:
        return
    yield from _hands(action)
    rolling: list[tuple[Stack, int]] = []
    changed = {space for space, _ in action.changed}
    for space in sorted(action.start.keys() | action.end.keys()):
        before, after = action.start.at(space), action.end.at(space)
        if not action.complete and space not in changed and before == after:
            continue  # the log ended in the phase: nothing done here yet, nothing to judge
        step = _step_of(action, space)
        yield from _immune(before, after, step, ctx)
        for stack in stacks(before, ctx):
            lost = before.cus_of(stack.side) - after.cus_of(stack.side)
            outcome = yield from _stack(stack, lost, step, _open(action), ctx)
            if outcome is not None and len(outcome.support) > 1:
                rolling.append((stack, lost))
    yield from _dice(rolling, action, ctx)


def stacks(here: SpaceAt, ctx: Context) -> list[Stack]:
    """The stacks T8 is applied to in one space (WW 11.1–11.3)."""
    generals = {side: [g for g in here.generals if ctx.sides.get(g) is side]
                for side in (Side.AM, Side.BR)}
    found = []
    american, french = here.cus(Nationality.AM), here.cus(Nationality.FR)
    washington = any((record := ctx.data.generals.get(g)) is not None
                     and record.winter_exempt_cus > 0 for g in generals[Side.AM])
    if american:
        found.append(Stack(here.space, Side.AM,
                           "WW-WINT-04" if washington else
                           "WW-WINT-05" if french else "WW-WINT-03",
                           "American and French CUs" if french else "American CUs",
                           "AM", american + french, bool(generals[Side.AM]), washington))
    elif french:
        found.append(Stack(here.space, Side.AM, "WW-WINT-05",
                           "French CUs (alone: British rules)", "BR", french,
                           bool(generals[Side.AM]), False))
    british = here.cus(Nationality.BR)
    if british:
        found.append(Stack(here.space, Side.BR, "WW-WINT-02", "British CUs", "BR", british,
                           bool(generals[Side.BR]), False))
    return found


def losses(stack: Stack, ctx: Context) -> tuple[Distribution[int] | None, bool | None, str]:
    """The stack's loss distribution, whether the space shelters it (None: unknown, and
    it does not matter), and what the data lacks when it matters (else empty)."""
    t8 = ctx.data.tables.t8
    record = ctx.data.spaces.get(stack.space)

    def of(sheltered: bool) -> Distribution[int]:
        return winter_attrition(t8, nationality=stack.nationality, cus=stack.cus,
                                with_general=stack.with_general, sheltered=sheltered,
                                washington=stack.washington)

    quarters = record.winter_quarters if record is not None else None
    south = record.south_of_winter_line if record is not None else None
    if quarters or south:
        return of(True), True, ""
    if quarters is False and south is False:
        return of(False), False, ""
    sheltered, exposed = of(True), of(False)
    if sheltered == exposed:
        return exposed, None, ""
    name = ctx.space_name(stack.space)
    if record is None:
        return None, None, f"{name} is not a known space"
    lacking = [what for what, value in (("whether it is a Winter Quarters space", quarters),
                                        ("which side of the Winter Attrition Line it is",
                                         south)) if value is None]
    return None, None, f"the data does not say {' or '.join(lacking)} ({name})"


def _stack(stack: Stack, lost: int, step: int, still_open: str | None, ctx: Context
           ) -> Generator[Outcome, None, Distribution[int] | None]:
    """One stack's losses against T8; returns its distribution (None: not judged).
    `still_open` says why losses may still be to come (None: the phase is over)."""
    name = ctx.space_name(stack.space)
    dist, sheltered, lacking = losses(stack, ctx)
    if dist is None:
        yield Check.unchecked(stack.rule_id, step, f"winter attrition of {_counted(stack)} "
                              f"in {name}: {lacking}",
                              needs=("winter quarters", "winter attrition line"),
                              spaces=(stack.space,))
        return None
    yield _computation(stack, dist, sheltered, lost, step, ctx)
    low, high = min(dist.support), max(dist.support)
    where = f"{_counted(stack)} in {name}"
    if lost > high or lost < 0:
        yield Check.illegal(stack.rule_id, step, f"{where} lost {lost} to winter attrition; "
                            f"T8 allows {_range(low, high)}{ambiguity(stack, sheltered, ctx)}",
                            spaces=(stack.space,),
                            expected=_range(low, high), observed=str(lost))
    elif lost < low and still_open is None:
        yield Check.illegal(stack.rule_id, step, f"{where} lost {lost} to winter attrition; "
                            f"T8 takes {_range(low, high)}{ambiguity(stack, sheltered, ctx)}",
                            spaces=(stack.space,),
                            expected=_range(low, high), observed=str(lost))
    elif lost < low:
        yield Check.unchecked(stack.rule_id, step, f"{where} lost {lost} of the {low} T8 "
                              f"takes, but {still_open}", spaces=(stack.space,))
    yield Check.done(stack.rule_id)
    return dist


def ambiguity(stack: Stack, sheltered: bool | None, ctx: Context) -> str:
    """The digest's note where the rulebook is ambiguous for this stack (empty if not):
    A20, a lone French CU "as British" with an American or French General, read as an Army
    that never loses; A21, Washington's excess "as if alone", read as leaderless."""
    if stack.rule_id == "WW-WINT-05" and stack.nationality == "BR" and stack.cus == 1 \
            and stack.with_general:
        return (" (WW 11.1/11.3 are ambiguous here, digest A20: read as an Army of 1 CU, "
                "which never loses; read as British CUs with no British General, it would "
                "roll, lost on 1-3)")
    exempt = ctx.data.tables.t8.washington.exempt_cus
    if stack.washington and sheltered and stack.cus - exempt == 1:
        return (" (WW 11.2 is ambiguous here, digest A21: the excess CU is read as "
                "leaderless and rolls; read as still with Washington, it would not roll)")
    return ""


def _computation(stack: Stack, dist: Distribution[int], sheltered: bool | None, lost: int,
                 step: int, ctx: Context) -> Outcome:
    guaranteed = min(dist.support)
    dice = 1 if len(dist.support) > 1 else 0
    where = ("in Winter Quarters or south of the line" if sheltered else
             "north of the line, not in Winter Quarters" if sheltered is False else
             "(sheltered or not, the same)")
    exempt = min(ctx.data.tables.t8.washington.exempt_cus, stack.cus) \
        if stack.washington and sheltered else 0
    shown = ", ".join(f"{value}: {p}" for value, p in dist.items())
    summary = (f"{ctx.space_name(stack.space)}: {_counted(stack)} {where}"
               f"{f', {exempt} exempt with Washington' if exempt else ''}: lose "
               f"{guaranteed}{' + 1 on a die of 1-3' if dice else ''}; {lost} lost")
    return Check.computed("winter_attrition", step, stack.rule_id, summary, inputs={
        "space": stack.space, "side": stack.side.value, "cus": stack.cus,
        "t8_row": stack.nationality, "with_general": stack.with_general,
        "washington": stack.washington, "sheltered": sheltered}, result={
        "guaranteed": guaranteed, "dice": dice,
        "expected": float(dist.expectation()), "expected_fraction": str(dist.expectation()),
        "distribution": shown, "lost": lost})


def _hands(action: WinterAttritionEnded) -> Iterator[Outcome]:
    """WW-SEQ-05 (WW 5.3): cards may not be saved; both hands are empty when the Strategy
    Phase ends. Judged where the log showed the Winter Attrition Phase begin (inferred, it
    began because the hands were empty)."""
    if not action.hands:
        return
    for side, cards in action.hands:
        if cards > 0:
            owner = {"AM": "American", "BR": "British"}.get(side, side)
            yield Check.illegal("WW-SEQ-05", action.began, f"the {owner} hand still held "
                                f"{cards} card{'s' if cards != 1 else ''} when the Winter "
                                "Attrition Phase began: cards may not be saved",
                                expected="0", observed=str(cards))
    yield Check.done("WW-SEQ-05")


def _immune(before: SpaceAt, after: SpaceAt, step: int, ctx: Context) -> Iterator[Outcome]:
    """WW-WINT-01 (WW 11.0): Generals and the Congress suffer no attrition."""
    name = ctx.space_name(before.space)
    for general in sorted(set(before.generals) - set(after.generals)):
        yield Check.illegal("WW-WINT-01", step, f"{ctx.general_name(general)} left {name} "
                            "in the Winter Attrition Phase: Generals are immune to winter "
                            "attrition and nothing moves in it", spaces=(before.space,),
                            pieces=(general,))
    if before.congress and not after.congress:
        yield Check.illegal("WW-WINT-01", step, f"the Continental Congress left {name} in "
                            "the Winter Attrition Phase: it is immune to winter attrition",
                            spaces=(before.space,))
    yield Check.done("WW-WINT-01")


def _dice(rolling: list[tuple[Stack, int]], action: WinterAttritionEnded,
          ctx: Context) -> Iterator[Outcome]:
    """The rolling stacks' losses against the dice of the phase (counts: the log does not
    say which die was rolled for which space)."""
    if not rolling:
        return
    step = max(_step_of(action, stack.space) for stack, _ in rolling)
    names = ", ".join(ctx.space_name(stack.space) for stack, _ in rolling)
    rolls = [r for r in action.rolls if 1 <= r <= 6]
    rule = rolling[0][0].rule_id
    if len(rolls) != len(rolling):
        if _open(action) is None or len(rolls) > len(rolling):
            yield Check.unchecked(rule, step, f"{len(rolling)} winter attrition "
                                  f"{'die is' if len(rolling) == 1 else 'dice are'} needed "
                                  f"({names}) and {len(rolls)} "
                                  f"{'was' if len(rolls) == 1 else 'were'} rolled: the "
                                  "losses cannot be matched to the dice")
        return
    expected = sum(1 for r in rolls if r <= LOST_ON)
    observed = sum(1 for _, lost in rolling if lost > 0)
    # A CU removed that the dice spare stays wrong whatever comes later; one the dice take
    # may still be removed while the phase is open.
    if expected != observed and (_open(action) is None or observed > expected):
        shown = ", ".join(str(r) for r in rolls)
        doubt = _doubt(rolling, expected, observed, ctx)
        yield Violation(rule, step, Severity.CHECK if doubt else Severity.ILLEGAL,
                        f"the winter attrition dice ({shown}) lose {expected} "
                        f"CU{'s' if expected != 1 else ''} (1-3 loses one) in {names}, but "
                        f"{observed} {'were' if observed != 1 else 'was'} removed{doubt}",
                        spaces=tuple(stack.space for stack, _ in rolling),
                        expected=str(expected), observed=str(observed))


def _doubt(rolling: list[tuple[Stack, int]], expected: int, observed: int,
           ctx: Context) -> str:
    """Why the dice and the losses may still agree (empty: they cannot). As many dice as
    rolling stacks, each die deciding one CU (T8), so counts that differ are wrong however
    the dice are matched to the spaces ("On a die roll of 1-3, remove the CU from the map.
    On a die roll of 4-6, the CU avoids Winter Attrition", WW 11.1, 11.2) — unless a stack
    is one the rulebook leaves ambiguous (digest A20, A21), whose other reading loses
    nothing and needs no die: then only more losses than the dice take stay certain."""
    notes = [note for stack, _ in rolling
             if (note := ambiguity(stack, losses(stack, ctx)[1], ctx))]
    if not notes or observed > expected:
        return ""
    return "".join(notes)


def _counted(stack: Stack) -> str:
    """e.g. `5 British CUs`, `1 British CU`."""
    label = stack.label.replace("CUs", "CU", 1) if stack.cus == 1 else stack.label
    return f"{stack.cus} {label}"


def _open(action: WinterAttritionEnded) -> str | None:
    """Why losses may still be to come (None: the phase is over)."""
    if not action.seen:
        return "the log shows no Winter Attrition Phase (no marker, no loss)"
    if not action.complete:
        return "the log ended during the Winter Attrition Phase"
    return None


def _step_of(action: WinterAttritionEnded, space: str) -> int:
    for key, step in reversed(action.changed):
        if key == space:
            return step
    return action.step


def _range(low: int, high: int) -> str:
    return str(low) if low == high else f"{low} or {high}" if high == low + 1 else \
        f"{low}..{high}"


def expected_losses(stack: Stack, ctx: Context) -> Fraction | None:
    """The expected number of CUs a stack loses (None: the data lacks what it needs)."""
    dist, _, _ = losses(stack, ctx)
    return dist.expectation() if dist is not None else None


__all__ = ["FAMILY", "Stack", "expected_losses", "judge", "losses", "stacks"]
