"""Almost a Miracle!'s reading of the Turn Record Track (AaM 3.0F, 11.5.3, 14.1): the
French Intervention marker moved onto, off or along the track's month boxes
(`track:turn_<year>_<month>`, e.g. `track:turn_1778_10`), as one `FiMoved` action. A module
whose track is one box (`box:turn_track`) shows no month: nothing is read there."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from adjudicator.systems.almost_a_miracle.actions import FiMoved
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.steps import StepView

if TYPE_CHECKING:
    from adjudicator.systems.almost_a_miracle.state import Entity

MONTH_BOX = re.compile(r"turn_(\d{4})_(\d{2})")


def track_turn(place: Place | None) -> str | None:
    """The turn (`1778-10`) a month box of the Turn Record Track stands for, or None.

    >>> track_turn(Place(PlaceKind.TRACK, "turn_1778_10"))
    '1778-10'
    """
    if place is None or place.kind is not PlaceKind.TRACK:
        return None
    found = MONTH_BOX.fullmatch(place.key)
    return f"{found.group(1)}-{found.group(2)}" if found else None


def month_name(turn: str) -> str:
    """A turn id as the Turn Record Track prints it (`1778-10` → `Oct 1778`).

    >>> month_name("1778-10")
    'Oct 1778'
    """
    months = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov",
              "Dec")
    if len(turn) == 7 and turn[:4].isdigit() and turn[5:].isdigit() and \
            1 <= int(turn[5:]) <= 12:
        return f"{months[int(turn[5:]) - 1]} {turn[:4]}"
    return turn


def read_track(view: StepView[Entity, str | None], player: str | None) -> list[Action]:
    """The French Intervention marker's moves on the month boxes in one step."""
    actions: list[Action] = []
    for relocation in view.pieces:
        placed = relocation.after or relocation.before
        if placed is None or placed.entity.kind != "fi":
            continue
        origin, destination = track_turn(relocation.origin), track_turn(relocation.destination)
        if origin == destination:
            continue
        actions.append(FiMoved(step=view.index, player=player, piece=relocation.piece_id,
                               origin=origin, destination=destination))
    return actions
