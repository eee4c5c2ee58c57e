"""Endeavor Random Events (AaM 8.3).

AaM 8.3: "The *same* DR that determined whether or not the Leader was activated is also
used to check if an Endeavor Random Event occurs." 8.3.1: cross-reference it with the
month on the Endeavor Random Event Table (a Player's Aid Chart: data a user supplies).
8.3.2: the event happens before the force moves, "or [...] anyway if the Leader fails to
activate". 8.3.3: "For Rain, place the Rain marker in the Weather Box. If Rain is rolled a
second consecutive time, flip the marker over to its Flood side. If Rain is rolled while
Flood conditions exist, the marker remains on its Flood side." 8.3.4: "If a 1 is rolled,
the die is rolled again. If this second DR is also a 1, then the British player receives 3
SPs (total) of Loyalist militia in any one Area of Tryon County".

- AAM-END-06: the event the activation die gives, reported (needs the table).
- AAM-END-07: after a Rain result the Weather Box shows Rain, or Flood after Rain or Flood.
  Flood needs Rain "a second consecutive time" (8.3.3): a Rain rolled with the Rain marker
  still up from an earlier Rain, another result rolled between, may leave Rain or Flood
  (the marker stays "until another random event changes it", 8.2).
- AAM-END-09: an activation die of 1 is rolled again; two 1s are a Loyalist uprising.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from adjudicator.systems.almost_a_miracle.actions import (
    ForceMoved,
    LeaderSpent,
    RandomEvent,
    WeatherDue,
)
from adjudicator.systems.almost_a_miracle.data import Need
from adjudicator.systems.almost_a_miracle.procedure import MONTHS
from adjudicator.systems.almost_a_miracle.read_events import TABLE
from adjudicator.systems.almost_a_miracle.rules.context import Context
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Computed, Outcome
from adjudicator.systems.common.rulebook import RuleFamily

FAMILY = RuleFamily("random events", frozenset({"AAM-END-06", "AAM-END-07", "AAM-END-09"}),
                    actions=(RandomEvent, WeatherDue, ForceMoved, LeaderSpent))
WEATHER = {"rain": "Rain", "flood": "Flood", "clear": "no weather marker"}


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The month's event for an activation die, the Weather Box after Rain, the 1 rolled
    again."""
    if isinstance(action, RandomEvent):
        yield from _event(action, ctx)
    elif isinstance(action, WeatherDue):
        yield from _weather(action)
    elif isinstance(action, ForceMoved | LeaderSpent):
        yield from _reroll(action, ctx)


def _event(action: RandomEvent, ctx: Context) -> Iterator[Outcome]:
    month = MONTHS[action.month - 1]
    if not action.event:
        yield Check.unchecked("AAM-END-06", action.step,
                              f"the Endeavor Random Event Table has no row for {month} and a "
                              f"die of {action.die}", needs=(str(Need.RANDOM),))
        return
    words = action.event.replace("_", " ")
    yield Computed(kind="random event", step=action.step, rule_id="AAM-END-06",
                   summary=f"the activation die {action.die} read on {month}'s column of the "
                           f"Endeavor Random Event Table: {words}",
                   inputs={"month": month, "die": action.die},
                   result={"event": action.event},
                   probabilities=_chances(action.month, ctx))
    yield Check.done("AAM-END-06")


def _chances(month: int, ctx: Context) -> dict[str, Fraction]:
    """Each event's chance on one die in this month's column."""
    table = ctx.data.tables.get(TABLE)
    chances: dict[str, Fraction] = {}
    for row in (table.rows or ()) if table is not None else ():
        if str(row.get("month", "")).strip().casefold() == MONTHS[month - 1].casefold():
            event = str(row.get("event", "")).strip().casefold().replace(" ", "_")
            chances[event] = chances.get(event, Fraction(0)) + Fraction(1, 6)
    return chances


def _weather(action: WeatherDue) -> Iterator[Outcome]:
    if action.shown == action.expected or (action.either and action.shown in ("rain", "flood")):
        yield Check.done("AAM-END-07")
        return
    after = "a second Rain in a row flips the marker to Flood" if action.before == "rain" \
        else ("Rain while Flood leaves the Flood side up" if action.before == "flood"
              else "Rain puts the Rain marker in the Weather Box")
    yield Check.illegal("AAM-END-07", action.step,
                        f"Rain was rolled on the Endeavor Random Event Table and the Weather "
                        f"Box shows {WEATHER.get(action.shown, action.shown)} when the "
                        f"endeavor is over (step {action.seen_at}): {after} (AaM 8.3.3)",
                        expected=WEATHER[action.expected],
                        observed=WEATHER.get(action.shown, action.shown))


def _reroll(action: ForceMoved | LeaderSpent, ctx: Context) -> Iterator[Outcome]:
    if action.die != 1 or (isinstance(action, ForceMoved) and (
            action.continues or action.within or action.joins)) or \
            (isinstance(action, LeaderSpent) and action.again):
        return
    if action.reroll is None:
        yield Check.reminder("AAM-END-09", action.step,
                             "the activation die was a 1: the die is rolled again, and a "
                             "second 1 gives the British 3 SPs of Loyalist militia in one "
                             "Tryon County Area with no Continental forces (AaM 8.3.4); the "
                             "log shows no second die")
        return
    uprising = action.reroll == 1
    yield Computed(kind="loyalist uprising", step=action.step, rule_id="AAM-END-09",
                   summary="an activation die of 1 rolled again: "
                           + ("a second 1, a Loyalist uprising: the British receive 3 SPs of "
                              "Loyalist militia in one Tryon County Area with no Continental "
                              "forces" if uprising else f"{action.reroll}, no uprising"),
                   inputs={"die": 1, "again": action.reroll},
                   result={"uprising": uprising},
                   probabilities={"uprising": Fraction(1, 6)})
    yield Check.done("AAM-END-09")
