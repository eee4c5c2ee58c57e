"""The route a movement check priced, leg by leg, for its findings and computations.

A drag shows where a piece started and where it was put down; between two places the log
shows, a game's movement rules price the cheapest route they allow. Each `PricedLeg` is one
line crossed (one space entered) with what it cost, and says whether the log showed the
piece there (`shown`) or the rules' cheapest route was assumed. `route_text` writes the
route for a message ("Quebec → Montreal (1) → Ticonderoga (3) → Hartford (1)", each cost
that of entering the space before it); `route_data` gives the same as structured values
for a computation's inputs (the JSON sidecar).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise

from adjudicator.systems.common.mapgraph import Constraints, MapGraph, Path
from adjudicator.systems.common.outcomes import Value


@dataclass(frozen=True, slots=True)
class PricedLeg:
    """One line of a priced route: from `start` into `end`, at `cost` (at least; `high`,
    when the data leaves the line's cost a range, at most; None: not known)."""

    start: str
    end: str
    cost: int | None
    high: int | None = None
    line: str | None = None
    """The connection's kind (`normal`, `wilderness`, ...) when the game's map has kinds."""
    shown: bool = False
    """Whether the log showed the piece in `end` (a drag ended there); False: the space is
    on the cheapest route the rules allow between two places the log showed."""


def legs_of(graph: MapGraph, path: Path | Sequence[str], constraints: Constraints, *,
            shown_ends: bool = True, high: Constraints | None = None) -> tuple[PricedLeg, ...]:
    """The legs of a path found on `graph`, each priced by `constraints` (and by `high`, a
    second cost function for an upper bound); its last space is one the log showed when
    `shown_ends`."""
    spaces = tuple(path.spaces if isinstance(path, Path) else path)
    legs = []
    for index, (start, end) in enumerate(pairwise(spaces)):
        line = graph.connection(start, end)
        cost = constraints.cost_of(line) if line is not None else None
        top = high.cost_of(line) if high is not None and line is not None else None
        legs.append(PricedLeg(start, end, cost, top if top != cost else None,
                              line.kind if line is not None else None,
                              shown=shown_ends and index == len(spaces) - 2))
    return tuple(legs)


def _cost(leg: PricedLeg) -> str:
    if leg.cost is None:
        return "?"
    return str(leg.cost) if leg.high is None else f"{leg.cost}–{leg.high}"


def route_text(legs: Sequence[PricedLeg], name: Callable[[str], str] = str) -> str:
    """The route as a player reads it: "A → B (1) → C (3)", each space with the cost of
    entering it ("?": not known; "1–3": a range). `how_priced` says how it was known."""
    if not legs:
        return ""
    parts = [name(legs[0].start)]
    parts += [f"{name(leg.end)} ({_cost(leg)})" for leg in legs]
    return " → ".join(parts)


def how_priced(legs: Sequence[PricedLeg]) -> str:
    """How the route was known: all from the log's drags, or the cheapest the rules price
    between the places the log shows."""
    shown = [leg.shown for leg in legs]
    if all(shown):
        return "as the log shows it"
    if not any(shown[:-1]):
        return "by the cheapest route the rules allow (the log shows only its ends)"
    return "along the log's drags, by the cheapest route the rules allow between them"


def route_data(legs: Iterable[PricedLeg], name: Callable[[str], str] = str
               ) -> dict[str, Value]:
    """The route as structured values for a computation: `route` (the spaces, in order)
    and `legs` (each line's `from`, `to`, `mp`, `mp_high` when a range, `line`, `shown`)."""
    legs = tuple(legs)
    if not legs:
        return {}
    records: list[dict[str, str | int | float | bool | None]] = []
    for leg in legs:
        record: dict[str, str | int | float | bool | None] = {
            "from": name(leg.start), "to": name(leg.end), "mp": leg.cost}
        if leg.high is not None:
            record["mp_high"] = leg.high
        if leg.line is not None:
            record["line"] = leg.line
        record["shown"] = leg.shown
        records.append(record)
    return {"route": (name(legs[0].start), *(name(leg.end) for leg in legs)),
            "legs": tuple(records), "priced": how_priced(legs)}


__all__ = ["PricedLeg", "how_priced", "legs_of", "route_data", "route_text"]
