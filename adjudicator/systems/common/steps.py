"""One logged step read for a game: what moved, what was rolled, what was said, by whom.

A game's interpreter used to read each step itself, off the relocations (`tracker`) and the
replay `Step`. `StepReader` does the reading every game does alike and hands the game a
`StepView`, whose parts the game's own rules of reading then turn into actions:

- `side`: the acting side, the roster's side as the game names it (`side_of`);
- `cards`: the card pieces moved, each a `Relocation` from where to where (`is_card`);
  `pieces`: every other relocation, in board order;
- `entered`: pieces that came from no place (new, or out of stock); `left`: pieces that
  went to no place or to a place the game counts as out of play (`off_board`);
- `strength`: per (place, key) the net strength that entered (+) or left (-) there, from
  the game's `strength` weights: making change (a 5 taken off, a 2 and a 3 put on) nets
  to 0, neither a loss nor a gain (`net_change` nets what pieces held before and after
  the step, moves counted at both ends);
- `waypoints`: piece id → every place a drag of the step put it, in order, for pieces
  dragged more than once (`drag_waypoints`, off the replay's `Step.drags`, FORMAT.md
  §4.5); `route` and `groups` read them: pieces of one owner moved together along one
  route, or onto or off the board together, are one `Group`;
- `rolls`: the step's rolls with their button and values (a total alone is one value);
  `DiceQueue` keeps the dice a game has not used yet, from step to step, and gives them
  back by side and button;
- `heard`: each chat line with the cues of the game's table it matches (`Cue`: a pattern
  and the cue's name, data the game declares), and `said(cue)`.

Nothing here knows a game: the game gives the functions and tables.
"""

from __future__ import annotations

import html
import re
from collections import Counter
from collections.abc import Callable, Collection, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from types import MappingProxyType
from typing import Any, Generic, TypeVar

from adjudicator.binding import Binding
from adjudicator.replay import Board, Step
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.tracker import PieceTracker, Relocation

E = TypeVar("E")
S = TypeVar("S", bound=Hashable)
K = TypeVar("K", bound=Hashable)

Route = tuple[str, ...]
"""The keys of the places a move went through: its origin, each place a drag put it on,
its destination."""

CHAT_PREFIX = re.compile(r"^\s*(?:<[^>]*>)?\s*(?:-\s*)?(?:\*+\s*)?")
"""What VASSAL puts before a typed line: the player's `<name>` and ` - `."""


def spoken(line: str) -> str:
    """What the player typed in a chat line: entities unescaped (`&lt;` is `<`), VASSAL's
    `<name> - ` prefix taken off.

    >>> spoken("&lt;Banastre&gt; - I pass")
    'I pass'
    """
    text = html.unescape(line) if "&" in line else line
    return CHAT_PREFIX.sub("", text, count=1).strip()


# ---------------------------------------------------------------------- sides


def roster_words(words: Mapping[S, Sequence[str]]) -> Callable[[str | None], S | None]:
    """A `side_of` for a game whose roster side names begin with its words: the first
    side, in the table's order, one of whose words begins the name (case and the blanks
    around it aside); None for any other name.

    >>> side_of = roster_words({"br": ("brit", "crown"), "am": ("amer",)})
    >>> side_of(" British "), side_of("Americans"), side_of("Observer"), side_of(None)
    ('br', 'am', None, None)
    """
    table = tuple((side, tuple(word.casefold() for word in prefixes))
                  for side, prefixes in words.items())

    @cache
    def side_of(name: str | None) -> S | None:
        if not name:
            return None
        said = name.strip().casefold()
        for side, prefixes in table:
            if said.startswith(prefixes):
                return side
        return None

    return side_of


# ---------------------------------------------------------------------- chat cues


@dataclass(frozen=True, slots=True)
class Cue:
    """A chat line that means something to a game: its `name` when `pattern` matches
    (searched in what the player typed, `spoken`, or in the whole line as logged)."""

    name: str
    pattern: re.Pattern[str]
    whole_line: bool = False
    """Search the line as logged (with VASSAL's `<name> - `), not what was typed."""

    def heard_in(self, line: str, said: str) -> bool:
        """Whether the cue is in a line (`said`: what the player typed of it)."""
        return self.pattern.search(line if self.whole_line else said) is not None


@dataclass(frozen=True, slots=True)
class Heard:
    """One chat line of a step and the cues it matches, in the table's order."""

    line: str
    cues: tuple[str, ...]


def hear(lines: Iterable[str], cues: Sequence[Cue]) -> tuple[Heard, ...]:
    """Each chat line with the cues it matches."""
    heard = []
    for line in lines:
        said = spoken(line)
        heard.append(Heard(line, tuple(cue.name for cue in cues if cue.heard_in(line, said))))
    return tuple(heard)


# ---------------------------------------------------------------------- dice


@dataclass(frozen=True, slots=True)
class Rolled(Generic[S]):
    """One roll of a step: the acting side, the button, each die's value (a roll that
    logs only its total is one value)."""

    side: S | None
    button: str
    values: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Die(Generic[S]):
    """One die waiting in a `DiceQueue`."""

    side: S
    button: str
    value: int
    step: int | None = None
    """The step it was rolled in (None: not said)."""


@dataclass(frozen=True, slots=True)
class DiceQueue(Generic[S]):
    """Dice rolled and not yet used by the action they were for, in the order rolled.
    An immutable value (undo goes back to it by reference): every change returns a new
    queue."""

    dice: tuple[Die[S], ...] = ()

    def __bool__(self) -> bool:
        return bool(self.dice)

    def __len__(self) -> int:
        return len(self.dice)

    def __iter__(self) -> Iterator[Die[S]]:
        return iter(self.dice)

    def add(self, side: S, button: str, value: int, step: int | None = None
            ) -> DiceQueue[S]:
        """The queue with one more die at its end."""
        return DiceQueue((*self.dice, Die(side, button, value, step)))

    def with_rolls(self, side: S, rolls: Iterable[Rolled[Any]], step: int | None = None
                   ) -> DiceQueue[S]:
        """The queue with every die of `rolls`, rolled by `side` in `step`, at its end, in
        the order rolled."""
        added = tuple(Die(side, roll.button, value, step)
                      for roll in rolls for value in roll.values)
        return DiceQueue((*self.dice, *added)) if added else self

    def excluding(self, side: S) -> DiceQueue[S]:
        """The queue without the dice of `side` (a die of no known side stays)."""
        return DiceQueue(tuple(die for die in self.dice if die.side != side))

    def since(self, step: int) -> DiceQueue[S]:
        """The dice rolled after step `step` (those whose step is known)."""
        return DiceQueue(tuple(die for die in self.dice
                               if die.step is not None and die.step > step))

    def values(self, side: S | None = None, buttons: Collection[str] | None = None
               ) -> tuple[int, ...]:
        """The values of the dice of `side` (None: any) rolled with `buttons` (None: any)."""
        return tuple(die.value for die in self.dice if _fits(die, side, buttons))

    def take_last(self, side: S | None = None, buttons: Collection[str] | None = None
                  ) -> tuple[int | None, DiceQueue[S]]:
        """The last die of `side` (None: any) rolled with `buttons` (None: any), and the
        queue without it; (None, this queue) when there is none."""
        for at in range(len(self.dice) - 1, -1, -1):
            if _fits(self.dice[at], side, buttons):
                return self.dice[at].value, DiceQueue((*self.dice[:at], *self.dice[at + 1:]))
        return None, self

    def take_first(self, side: S | None = None, buttons: Collection[str] | None = None
                   ) -> tuple[int | None, DiceQueue[S]]:
        """The first die of `side` (None: any) rolled with `buttons` (None: any), and the
        queue without it; (None, this queue) when there is none."""
        for at, die in enumerate(self.dice):
            if _fits(die, side, buttons):
                return die.value, DiceQueue((*self.dice[:at], *self.dice[at + 1:]))
        return None, self

    def without(self, side: S, value: int) -> DiceQueue[S]:
        """The queue without the first die of `side` showing `value` (if any)."""
        for at, die in enumerate(self.dice):
            if die.side == side and die.value == value:
                return DiceQueue((*self.dice[:at], *self.dice[at + 1:]))
        return self

    def after(self, count: int) -> DiceQueue[S]:
        """The queue without its first `count` dice."""
        return DiceQueue(self.dice[count:])


def _fits(die: Die[S], side: S | None, buttons: Collection[str] | None) -> bool:
    return (side is None or die.side == side) and (buttons is None or die.button in buttons)


def rolls_of(step: Step, side: S | None) -> tuple[Rolled[S], ...]:
    """The step's rolls as `Rolled`, all by the acting side."""
    out = []
    for roll in step.rolls:
        values = tuple(roll.values)
        if not values and roll.total is not None:
            values = (roll.total,)
        out.append(Rolled(side, roll.button, values))
    return tuple(out)


# ---------------------------------------------------------------------- moves


@dataclass(slots=True)
class Group(Generic[E, K]):
    """Pieces of one owner moved together: from one place to another along one route, or
    onto the board or off it together."""

    owner: K
    origin: Place | None
    destination: Place | None
    route: Route
    """Empty when the group came from no place or went to none."""
    members: list[Relocation[E]] = field(default_factory=list)


def route_of(origin: Place, destination: Place, waypoints: Sequence[Place],
             on_route: Callable[[Place], bool]) -> Route:
    """The places a piece went through in one step: its origin, each place a drag put it
    on that `on_route` accepts (repeats left out), its destination."""
    route = [origin.key]
    for place in waypoints:
        if on_route(place) and place.key != route[-1]:
            route.append(place.key)
    if route[-1] != destination.key:
        route.append(destination.key)
    return tuple(route)


def places_of(relocations: Iterable[Relocation[E]],
              accept: Callable[[Place], bool] = lambda place: True) -> list[Place]:
    """The places the relocations went from or to that `accept` takes, each once, in the
    order first met (a piece's origin before its destination)."""
    found: dict[Place, None] = {}
    for relocation in relocations:
        for place in (relocation.origin, relocation.destination):
            if place is not None and place not in found and accept(place):
                found[place] = None
    return list(found)


def net_change(relocations: Iterable[Relocation[E]],
               weigh: Callable[[E, Place], tuple[K, int] | None]) -> dict[K, int]:
    """Per key, the strength the step's pieces hold after it less what they held before:
    `weigh(entity, place)` is what a piece at a place counts for (None: nothing). A piece
    moved from one counted place to another counts at both; making change nets to 0."""
    net: dict[K, int] = {}
    for relocation in relocations:
        for placed, sign in ((relocation.before, -1), (relocation.after, 1)):
            if placed is None or placed.place is None:
                continue
            weight = weigh(placed.entity, placed.place)
            if weight is not None:
                key, value = weight
                net[key] = net.get(key, 0) + sign * value
    return net


# ---------------------------------------------------------------------- the view


def key_of(place: Place | None) -> str | None:
    """A place's key (None: no place)."""
    return None if place is None else place.key


def on_map(place: Place | None) -> bool:
    """A map space or a sea zone (where pieces move and fight)."""
    return place is not None and place.kind in (PlaceKind.SPACE, PlaceKind.ZONE)


def track_box(place: Place | None) -> int | None:
    """The number of a track box (`track:pw_13` → 13, `track:year_1776` → 1776; None: not
    a numbered track box)."""
    if place is None or place.kind is not PlaceKind.TRACK:
        return None
    _, _, number = place.key.rpartition("_")
    return int(number) if number.isdigit() else None


def current(relocation: Relocation[E]) -> E | None:
    """The entity a relocation is about: as it is after the step, else as it was."""
    placed = relocation.after or relocation.before
    return placed.entity if placed is not None else None


class StepView(Generic[E, S]):
    """One step as read for a game (see the module docstring)."""

    __slots__ = ("_cues", "_heard", "_nets", "_off_board", "_typed", "cards", "chat", "index",
                 "pieces", "relocations", "rolls", "side", "strength", "waypoints")

    def __init__(self, index: int, side: S | None, relocations: Sequence[Relocation[E]], *,
                 cards: Sequence[Relocation[E]], pieces: Sequence[Relocation[E]],
                 strength: Mapping[tuple[Place, str], int], rolls: tuple[Rolled[S], ...],
                 chat: tuple[str, ...], cues: Mapping[str, tuple[Cue, ...]],
                 off_board: frozenset[Place], waypoints: Mapping[str, Sequence[Place]]
                 ) -> None:
        self.index = index
        self.side = side
        self.relocations = relocations
        self.cards = cards
        """The card pieces moved, in board order."""
        self.pieces = pieces
        """Every other relocation, in board order."""
        self._off_board = off_board
        self.strength = strength
        """(place, key) → net strength that entered (+) or left (-) there; a key whose
        changes netted out stays, at 0."""
        self.rolls = rolls
        self.chat = chat
        self.waypoints = waypoints
        self._cues = cues
        self._heard: tuple[Heard, ...] | None = None
        self._typed: tuple[str, ...] | None = None
        self._nets: dict[Callable[[E, Place], Any], Mapping[Any, int]] | None = None

    def net(self, weigh: Callable[[E, Place], tuple[K, int] | None]) -> Mapping[K, int]:
        """`net_change` of the step's relocations by `weigh`, worked out when first asked
        for that `weigh`: per key, the strength its pieces hold after the step less what
        they held before."""
        if self._nets is None:
            self._nets = {}
        found = self._nets.get(weigh)
        if found is None:
            found = self._nets[weigh] = net_change(self.relocations, weigh)
        return found

    @property
    def dice(self) -> tuple[int, ...]:
        """Every die of the step's rolls, in the order rolled (a total alone is one)."""
        return tuple(value for roll in self.rolls for value in roll.values)

    @property
    def entered(self) -> list[Relocation[E]]:
        """Pieces that came from no place (new, or out of stock)."""
        return [r for r in self.relocations if r.origin is None]

    @property
    def left(self) -> list[Relocation[E]]:
        """Pieces that went to no place, or to one out of play."""
        return [r for r in self.relocations
                if (place := r.destination) is None or place in self._off_board]

    @property
    def heard(self) -> tuple[Heard, ...]:
        """Each chat line with the cues it matches (read when first asked)."""
        if self._heard is None:
            self._heard = hear(self.chat, [c for cues in self._cues.values() for c in cues])
        return self._heard

    def said(self, cue: str) -> bool:
        """Whether a chat line of the step matches the cue (only that cue is searched)."""
        if not self.chat:
            return False
        if self._heard is not None:
            return any(cue in heard.cues for heard in self._heard)
        for table_cue in self._cues.get(cue, ()):
            if table_cue.whole_line:
                if any(table_cue.pattern.search(line) for line in self.chat):
                    return True
                continue
            if self._typed is None:
                self._typed = tuple(spoken(line) for line in self.chat)
            if any(table_cue.pattern.search(typed) for typed in self._typed):
                return True
        return False

    def route(self, relocation: Relocation[E], on_route: Callable[[Place], bool]) -> Route:
        """The route of a piece moved from one place to another (both ends known)."""
        origin, destination = relocation.origin, relocation.destination
        assert origin is not None and destination is not None
        return route_of(origin, destination, self.waypoints.get(relocation.piece_id, ()),
                        on_route)

    def groups(self, relocations: Iterable[Relocation[E]],
               owner: Callable[[Relocation[E]], K | None],
               on_route: Callable[[Place], bool]) -> list[Group[E, K]]:
        """`relocations` grouped by owner, origin, destination and route (through the
        places `on_route` accepts), in the order of their first piece; a piece without an
        owner is in none."""
        found: dict[tuple[K, Place | None, Place | None, Route], Group[E, K]] = {}
        for relocation in relocations:
            who = owner(relocation)
            if who is None:
                continue
            origin, destination = relocation.origin, relocation.destination
            route = () if origin is None or destination is None else route_of(
                origin, destination, self.waypoints.get(relocation.piece_id, ()), on_route)
            key = (who, origin, destination, route)
            group = found.get(key)
            if group is None:
                group = found[key] = Group(who, origin, destination, route)
            group.members.append(relocation)
        return list(found.values())


class StepReader(Generic[E, S]):
    """Reads steps for one game: its sides, cards, strength weights and chat cues."""

    __slots__ = ("_cues", "_is_card", "_off_board", "_side_of", "_strength")

    def __init__(self, *, side_of: Callable[[str | None], S | None],
                 is_card: Callable[[E], bool],
                 strength: Callable[[E], tuple[str, int] | None] | None = None,
                 cues: Sequence[Cue] = (), off_board: Iterable[Place] = ()) -> None:
        self._side_of = side_of
        self._is_card = is_card
        self._strength = strength
        """An entity → (key, strength) it counts for (None: it counts for none); None:
        the game weighs no piece (`StepView.strength` stays empty)."""
        self._cues: dict[str, tuple[Cue, ...]] = {}
        """The table by cue name, in order (a name may have several patterns)."""
        for cue in cues:
            self._cues[cue.name] = (*self._cues.get(cue.name, ()), cue)
        self._off_board = frozenset(off_board)
        """Places whose pieces are out of play (a Removed From Play box)."""

    def side(self, roster_side: str | None) -> S | None:
        """The game's side for a roster side (`Step.side`)."""
        return self._side_of(roster_side)

    def read(self, step: Step, relocations: Sequence[Relocation[E]],
             waypoints: Mapping[str, Sequence[Place]] | None = None) -> StepView[E, S]:
        """One step's view; `relocations` are the tracker's for it, `waypoints` the places
        of its drags (`drag_waypoints`; None: each move is one leg)."""
        side = self._side_of(step.side)
        rolls = rolls_of(step, side) if step.rolls else ()
        if not relocations:
            return StepView(step.index, side, relocations, cards=(), pieces=(),
                            strength=_NOTHING, rolls=rolls, chat=step.chat, cues=self._cues,
                            off_board=self._off_board, waypoints=waypoints or _NOTHING)
        cards: list[Relocation[E]] = []
        pieces: list[Relocation[E]] = []
        strength: dict[tuple[Place, str], int] = {}
        off_board, is_card, weigh = self._off_board, self._is_card, self._strength
        for relocation in relocations:
            before, after = relocation.before, relocation.after
            placed = after or before
            entity = placed.entity if placed is not None else None
            if entity is not None and is_card(entity):
                cards.append(relocation)
            else:
                pieces.append(relocation)
            if weigh is None:
                continue
            origin = before.place if before is not None else None
            destination = after.place if after is not None else None
            gone = destination is None or destination in off_board
            new = origin is None
            weight = weigh(entity) if entity is not None and (gone or new) else None
            if weight is None:
                continue
            key, value = weight
            if gone and origin is not None and origin.resolved:
                strength[(origin, key)] = strength.get((origin, key), 0) - value
            if new and destination is not None and destination.resolved:
                strength[(destination, key)] = strength.get((destination, key), 0) + value
        return StepView(
            step.index, side, relocations, cards=cards, pieces=pieces, strength=strength,
            rolls=rolls, chat=step.chat, cues=self._cues, off_board=off_board,
            waypoints=waypoints or _NOTHING)


_NOTHING: Mapping[Any, Any] = MappingProxyType({})


def drag_waypoints(step: Step, board: Board, binding: Binding
                   ) -> dict[str, tuple[Place, ...]]:
    """Piece id → the place each of the step's drags put it (`Step.drags`, FORMAT.md
    §4.5), in order, for pieces dragged more than once in the step."""
    drags = step.drags
    if len(drags) < 2:
        return {}
    counted = Counter(drag.piece_id for drag in drags)
    found: dict[str, list[Place]] = {}
    for drag in drags:
        if counted[drag.piece_id] < 2:
            continue
        bound = binding.place(drag.map, board.location(drag.map, drag.x, drag.y),
                              drag.x, drag.y)
        place = Place.parse(bound) if bound is not None else None
        if place is not None:
            found.setdefault(drag.piece_id, []).append(place)
    return {piece: tuple(places) for piece, places in found.items() if len(places) > 1}


def dragged_back(tracker: PieceTracker[E], relocations: Sequence[Relocation[E]],
                 waypoints: Mapping[str, Sequence[Place]],
                 moves: Callable[[E, Place], bool]) -> list[Relocation[E]]:
    """Pieces the step's drags took elsewhere and brought back to where they were (several
    drags in one step): the tracker sees no relocation, yet every space entered costs, so
    each is read as a move from its place to itself (its `waypoints` give the route).
    `moves`: the game's entities and places that move so (its land pieces on the map)."""
    if not waypoints:
        return []
    moved = {relocation.piece_id for relocation in relocations}
    back: list[Relocation[E]] = []
    for piece_id, name, placed in tracker.placed():
        places = waypoints.get(piece_id)
        here = placed.place
        if piece_id in moved or not places or here is None or not moves(placed.entity, here) \
                or places[-1] != here or all(place == here for place in places):
            continue
        back.append(Relocation(piece_id, name, placed, placed))
    return back


__all__ = ["CHAT_PREFIX", "Cue", "DiceQueue", "Die", "Group", "Heard", "Rolled", "Route",
           "StepReader", "StepView", "current", "drag_waypoints", "dragged_back", "hear",
           "net_change", "places_of", "rolls_of", "roster_words", "route_of", "spoken"]
