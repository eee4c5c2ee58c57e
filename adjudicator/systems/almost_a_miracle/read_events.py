"""The Endeavor Random Events a log shows (AaM 8.3): the activation die read again on the
month's column of the Endeavor Random Event Table, and whether the Weather Box followed.

Each endeavor whose activation die the log shows (a force's move, a failed activation)
gives a `RandomEvent` when the table is in the data. A Rain result leaves a weather marker
due (AaM 8.3.3: Rain, or Flood after a Rain); when the endeavor is over (the next endeavor,
a pass, a new phase) a `WeatherDue` says what the Weather Box shows against what was due.
VASSAL moves markers after units, so the marker may follow the move by some steps.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from adjudicator.systems.almost_a_miracle.actions import (
    EndeavorTaken,
    ForceMoved,
    LeaderSpent,
    RandomEvent,
    WeatherDue,
)
from adjudicator.systems.almost_a_miracle.procedure import MONTHS
from adjudicator.systems.almost_a_miracle.reading import Due
from adjudicator.systems.almost_a_miracle.state import AaMState, Entity
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.sequencer import NewTurn, PhaseShown
from adjudicator.systems.common.tracker import Relocation

TABLE = "endeavor_random_event_table"
WEATHER_BOX = Place(PlaceKind.BOX, "weather")
EventTable = Mapping[tuple[int, int], str]
"""(month number, die) → the event's word (`rain`, `heavy_snow`, `heat`, `none`, …)."""


def event_table(rows: Iterable[Mapping[str, object]] | None) -> EventTable:
    """The table from a data file's rows (`month`, `dr`, `event`); empty when missing.

    >>> event_table([{"month": "June", "dr": 2, "event": "Rain"}])
    {(6, 2): 'rain'}
    """
    table: dict[tuple[int, int], str] = {}
    for row in rows or ():
        month, die, event = row.get("month"), row.get("dr"), row.get("event")
        number = _month(str(month)) if month is not None else None
        if number is not None and isinstance(die, int) and isinstance(event, str):
            table[(number, die)] = event.strip().casefold().replace(" ", "_")
    return table


def _month(text: str) -> int | None:
    folded = text.strip().casefold()
    for number, name in enumerate(MONTHS, 1):
        if folded in (name.casefold(), name[:3].casefold(), str(number)):
            return number
    return None


def weather_shown(state: AaMState) -> str:
    """What the Weather Box shows: `rain`, `flood` or `clear`."""
    for entity, place in state.pieces.values():
        if entity.kind == "weather" and place == WEATHER_BOX:
            return entity.key or "rain"
    return "clear"


def _weather_before(state: AaMState, relocations: Sequence[Relocation[Entity]]) -> str:
    """The Weather Box before this step's own changes to it."""
    shown = weather_shown(state)
    for relocation in relocations:
        before = relocation.before
        if before is not None and before.entity.kind == "weather":
            return (before.entity.key or "rain") if before.place == WEATHER_BOX else "clear"
        after = relocation.after
        if after is not None and after.entity.kind == "weather":
            return "clear"
    return shown


def read_events(actions: Sequence[Action], *, step: int, turn: str | None,
                state: AaMState, relocations: Sequence[Relocation[Entity]],
                table: EventTable, due: Due | None, last_event: str = ""
                ) -> tuple[list[Action], Due | None, str]:
    """The events of one step's endeavors, the weather checks they leave due and the last
    event read (AaM 8.3.3: Flood needs Rain "a second consecutive time"; a Rain rolled after
    another result with the Rain marker still up may leave Rain or Flood)."""
    found: list[Action] = []
    month = int(turn[-2:]) if turn and turn[-2:].isdigit() else None
    for action in actions:
        if due is not None and _ends_endeavor(action):
            found.append(_due(due, step, weather_shown(state)))
            due = None
        if not isinstance(action, ForceMoved | LeaderSpent) or action.die is None:
            continue
        if (isinstance(action, ForceMoved) and (action.continues or action.within or
                                               action.joins)) or \
                (isinstance(action, LeaderSpent) and action.again):
            continue
        if month is None or not table:
            continue
        event = table.get((month, action.die), "")
        found.append(RandomEvent(step=action.step, side=action.side, player=action.player,
                                 die=action.die, month=month, event=event))
        if event == "rain":
            before = _weather_before(state, relocations)
            due = Due(action.step, "flood" if before in ("rain", "flood") else "rain", before,
                      either=before == "rain" and last_event not in ("", "rain"))
        last_event = event
    return found, due, last_event


def _ends_endeavor(action: Action) -> bool:
    return isinstance(action, EndeavorTaken | PhaseShown | NewTurn)


def _due(due: Due, step: int, shown: str) -> WeatherDue:
    return WeatherDue(step=due.step, expected=due.expected, before=due.before, shown=shown,
                      seen_at=step, either=due.either)
