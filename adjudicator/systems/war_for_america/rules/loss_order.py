"""The order in which a side removes its battle losses (WfA 13.0 Step 8, 10.16).

WfA 13.0 Step 8, "Assigning Losses": "The priority order of SP removal is: 1st SP Six
Nations, 2nd SP Regular Unit, 3rd SP Loyalist Unit (British) / Militia Unit (American), 4th
SP Player's Choice. Note: If Colonial and French SP occupy the same space, losses must be
divided as evenly as possible between them." (10.16: militia losses follow the same chart.)

What the battle's `BattleLosses` shows is each side's SP by nation before the dice and what
was removed until the battle ended. The checks are read so that no legal play is called
illegal:

* the *n*-th priority binds only when the side lost at least *n* SP and had SP of that kind
  in the battle: a side that lost 2 or more SP with regulars present removed at least one
  regular; one that lost 3 or more with Loyalists (British) or militia (American) present
  removed at least one of them. Whether a missing kind passes its place to the next (a
  first loss then due from the regulars) the rulebook does not say: that stricter reading
  is never applied, and a finding names the reading it used.
* Six Nations SP ally with either side (the Six Nations Card), which the position does not
  show: with Six Nations SP in the battle the first priority is unchecked.
* The Colonial/French split: the two removals may differ by more than one only where the
  side with fewer removed had no SP left to lose.
* SP removed that need not be battle losses: a force already marked 'D' "forced to retreat
  again" loses "an extra '1' SP" (13.2, 13.8), which SP the rulebook does not say; and
  militia "forced to retreat out of their Region ... are removed from the board" (10.15).
  For the side that gave way (or may have), an order broken only if those SP are counted
  as battle losses is `unchecked`, not illegal.
* A force that surrendered lost everything: its order is not shown. A card played in the AP
  may override the order (WfA 20.2): its verdicts are withheld.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.war_for_america.actions import BRITISH, COLONIAL, BattleLosses, opponent
from adjudicator.systems.war_for_america.rules.context import Context, side_name
from adjudicator.systems.war_for_america.rules.placing import withheld
from adjudicator.systems.war_for_america.state import NATION_SIDE, REGULAR_NATIONS

FAMILY = RuleFamily("loss_order", frozenset({"WFA-CBT-11"}), actions=(BattleLosses,))
RULE = "WFA-CBT-11"
SIX_NATIONS = "six_nations"
IRREGULARS = {BRITISH: ("loyalist", "Loyalist"), COLONIAL: ("militia", "militia")}
"""The third priority of each side (WfA 13.0 Step 8)."""
FRENCH = "french"
COLONIALS = ("continental", "militia")


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """WFA-CBT-11 for both sides of a battle that is over."""
    if not isinstance(action, BattleLosses) or action.side is None:
        return
    for side in (action.side, opponent(action.side)):
        if action.surrendered == side:
            continue
        yield from withheld(_side_order(action, side, ctx), ctx)


def _side_order(action: BattleLosses, side: str, ctx: Context) -> Iterator[Outcome]:
    before = action.before_of(side, NATION_SIDE)
    removed = action.removed_of(side, NATION_SIDE)
    lost = sum(removed.values())
    if not lost:
        return
    name = ctx.space_name(action.space)
    who = side_name(side)
    problems: list[tuple[str, bool]] = []
    if dict(action.before).get(SIX_NATIONS):
        yield Check.unchecked(RULE, action.step, f"Six Nations SP fought at {name}: whose "
                              "ally they are is on the Six Nations Card, not in the position, "
                              "so whether the first loss was theirs is not judged",
                              spaces=(action.space,))
    # SP that may not be battle losses, of a side that gave way (or may have): the extra
    # SP of a force marked 'D' (13.2, 13.8) and militia retreating out of their Region
    # (10.15); an order broken only when they are counted is not judged.
    gave_way = action.retreated in (None, side)
    d_marked = action.position is not None and action.position.markers.get("marker:d", 0) > 0
    spare = 1 if d_marked and gave_way else 0
    militia_out = removed.get("militia", 0) if side == COLONIAL and gave_way else 0
    regulars = sum(sp for nation, sp in before.items() if nation in REGULAR_NATIONS)
    if lost >= 2 and regulars and not any(removed.get(n) for n in REGULAR_NATIONS):
        problems.append((f"lost {lost} SP and no regular, though regulars fought: the 2nd SP "
                         "lost is a Regular Unit", lost - spare - militia_out >= 2))
    nation, word = IRREGULARS[side]
    if lost >= 3 and before.get(nation) and not removed.get(nation):
        problems.append((f"lost {lost} SP and no {word}, though {word} SP fought: the 3rd SP "
                         f"lost is a {word} unit", lost - spare >= 3))
    if side == COLONIAL:
        problems += [(problem, bool(_split(before, removed, spare + militia_out)))
                     for problem in _split(before, removed)]
    for problem, sure in problems:
        finding = Check.illegal(RULE, action.step, f"{who} at {name} {problem} (WfA 13.0 "
                                "Step 8; read so that a kind absent from the battle passes "
                                "no priority on)", spaces=(action.space,))
        if not sure:
            finding = finding.withheld(
                "SP not lost to the battle table may be among those removed: the extra '1' SP "
                "of a force marked 'D' forced to retreat again (WfA 13.2, 13.8) or militia "
                "retreating out of their Region (WfA 10.15), which the log does not tell "
                "from battle losses")
        yield finding
    yield Check.done(RULE)


def _split(before: dict[str, int], removed: dict[str, int], spare: int = 0) -> list[str]:
    """The Colonial/French note of Step 8: losses divided as evenly as possible (`spare`:
    how many of the SP removed may not be battle losses, 13.8, 10.15)."""
    french_before = before.get(FRENCH, 0)
    colonial_before = sum(before.get(n, 0) for n in COLONIALS)
    if not french_before or not colonial_before:
        return []
    french = removed.get(FRENCH, 0)
    colonial = sum(removed.get(n, 0) for n in COLONIALS)
    if french > colonial + 1 + spare and colonial < colonial_before:
        return [f"lost {french} French SP and {colonial} Colonial: losses are divided as "
                "evenly as possible between them"]
    if colonial > french + 1 + spare and french < french_before:
        return [f"lost {colonial} Colonial SP and {french} French: losses are divided as "
                "evenly as possible between them"]
    return []


__all__ = ["FAMILY", "judge"]
