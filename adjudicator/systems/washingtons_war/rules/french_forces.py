"""The French forces placed when the French Alliance is carried out (WW 12.2.B.ii; WW-FA-04).

"The American player places the French General Rochambeau and the 5 French CUs in any
single port space that does not contain a British CU or a British PC marker." This is the
alliance's own placement, not a reinforcement: no OPS card is played for it (the card that
brought the alliance is already resolved, WW 12.2.B) and the Blockade does not forbid the
port (only British reinforcements are kept out of a Blockaded Zone, WW 12.3). Only when no
such port exists do they go to the American Reinforcements Box, to come in later as a
reinforcement (WW-REIN-06, rules/reinforcements.py).

The interpreter sets these placements apart from reinforcements (`Impulse.alliance_arrivals`)
when the impulse in which the alliance came ends, whatever the card and whichever player's
impulse it was. Each finding is at the step of the placement that broke the rule.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.washingtons_war.data import Nationality, Side
from adjudicator.systems.washingtons_war.procedure import Arrival, Impulse
from adjudicator.systems.washingtons_war.rules.context import Context

ROCHAMBEAU = "rochambeau"
RULE = "WW-FA-04"


def judge_placement(ctx: Context, impulse: Impulse) -> Iterator[Outcome]:
    """WW-FA-04: the French forces of the alliance, all together, in one port with no
    British CU and no British PC."""
    arrivals = impulse.alliance_arrivals
    if not arrivals:
        return
    name = ctx.general_name(ROCHAMBEAU)
    first = arrivals[0]
    for arrival in arrivals[1:]:
        if arrival.space != first.space:
            yield Check.illegal(RULE, arrival.step, f"French forces were placed in "
                                f"{ctx.space_name(arrival.space)} after others went to "
                                f"{ctx.space_name(first.space)} (step {first.step}): at the "
                                f"French Alliance {name} and the 5 French CUs go into a single "
                                "port (WW 12.2.B.ii)", spaces=(first.space, arrival.space),
                                expected="one port", observed="two spaces")
    for arrival in {a.space: a for a in arrivals}.values():
        yield from _port(ctx, arrival)
    last = arrivals[-1].step
    on_map = {a.space for a in arrivals}
    left = sum(holding.cu.get(Nationality.FR, 0) for place, holding in
               ctx.state.holdings.items() if place.key not in on_map or not place.is_space)
    if left:
        yield Check.illegal(RULE, last, f"{left} French CU{'s' if left != 1 else ''} stayed "
                            f"out of the port the French forces went to: at the French "
                            f"Alliance {name} and all 5 French CUs are placed together "
                            "(WW 12.2.B.ii)", pieces=(name,), expected="all 5 French CUs",
                            observed=f"{left} left out")
    if not any(ROCHAMBEAU in a.generals for a in arrivals):
        yield Check.illegal(RULE, last, f"French CUs were placed without {name}: at the "
                            f"French Alliance {name} and the 5 French CUs are placed together "
                            "(WW 12.2.B.ii)", pieces=(name,), expected=name,
                            observed="not placed")
    yield Check.done(RULE)


def _port(ctx: Context, arrival: Arrival) -> Iterator[Outcome]:
    """The French forces' port: a port with no British CU and no British PC."""
    space, step = arrival.space, arrival.step
    name = ctx.space_name(space)
    port = ctx.is_port(space)
    if port is None:
        yield Check.unchecked(RULE, step, f"the French forces were placed in {name}, a space "
                              "the map data lacks: whether it is a port is not known",
                              needs=("map spaces",), spaces=(space,))
        return
    here = ctx.state.space(space)
    wrong = [why for why, found in (
        ("it is not a port", not port),
        (f"it holds {here.cus_of(Side.BR)} British CUs", here.cus_of(Side.BR) > 0),
        ("it holds a British PC", here.pc is Side.BR)) if found]
    if wrong:
        yield Check.illegal(RULE, step, f"at the French Alliance the French forces were "
                            f"placed in {name}, but {' and '.join(wrong)}: they go into a "
                            "port with no British CU or British PC (WW 12.2.B.ii)",
                            spaces=(space,), expected="a port with no British CU or PC",
                            observed=name)


__all__ = ["judge_placement"]
