"""The Washington's War referee: reads each step's position, groups steps into impulses
(a card played, then what its player did with it), and judges each impulse when the next
card is played (WW 5.3: one card per impulse, each card does one thing, WW 6.2).

Undo steps restore the referee to where it was before the undone step (FORMAT.md §5.3).
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from adjudicator.binding import Binding
from adjudicator.findings import Computation, Finding, Severity
from adjudicator.replay import Board, Step
from adjudicator.systems.base import Verdict
from adjudicator.systems.washingtons_war.data import Card, Nationality, Side, WWData
from adjudicator.systems.washingtons_war.rules.activation import (
    check_activation,
    check_card_destination,
)
from adjudicator.systems.washingtons_war.rules.base import Applied, Computed, Outcome, Violation
from adjudicator.systems.washingtons_war.rules.movement import (
    Leg,
    check_at_rest,
    check_movement,
)
from adjudicator.systems.washingtons_war.rules.political_control import (
    PcChange,
    check_ops_pc_actions,
    check_single_marker,
    pc_changes,
)
from adjudicator.systems.washingtons_war.rules.reinforcements import (
    Arrival,
    arrivals,
    check_reinforcement,
)
from adjudicator.systems.washingtons_war.state import Entity, WWState, read_state
from vmod_schema.commands import MovePiece

GAME = "ww"
IMPLEMENTED = frozenset({
    "WW-OPS-01", "WW-OPS-05", "WW-SEQ-06", "WW-CARD-14", "WW-CAMP-01", "WW-MOV-01", "WW-MOV-02",
    "WW-MOV-03", "WW-MOV-04", "WW-MOV-05", "WW-MOV-06", "WW-MOV-07", "WW-MOV-08",
    "WW-MOV-09", "WW-MOV-10", "WW-MOV-11", "WW-MOV-12", "WW-PC-01", "WW-PC-02", "WW-PC-03",
    "WW-PC-05", "WW-PC-06", "WW-REIN-02", "WW-REIN-03", "WW-REIN-04", "WW-REIN-05",
})
"""Catalog rules this referee checks; every other rule is reported unchecked."""


@dataclass
class Impulse:
    """One card play and everything its player did with it (WW 5.3)."""

    side: Side
    card: str
    destination: str
    step: int
    player: str | None
    start: WWState
    legs: list[Leg] = field(default_factory=list)
    pcs: list[PcChange] = field(default_factory=list)
    arrivals: list[Arrival] = field(default_factory=list)


@dataclass
class _Snapshot:
    impulse: Impulse | None
    uses: Counter[tuple[str | None, Side]]
    outcomes: int


class WWReferee:
    """Judges one game of Washington's War (see `adjudicator.systems.base.Referee`)."""

    def __init__(self, data: WWData, binding: Binding) -> None:
        self.data = data
        self.binding = binding
        self.year_property = binding.properties.get("year")
        self.outcomes: list[tuple[Outcome, str | None]] = []
        self.impulse: Impulse | None = None
        self.uses: Counter[tuple[str | None, Side]] = Counter()
        self.previous = WWState()
        self.snapshots: dict[int, _Snapshot] = {}
        self.last_step = 0
        self.recognised = False
        """Whether any General or card of the game was found on the board."""
        self.started = False
        """Whether a game was seen at all (`rules` asks a referee that saw none)."""

    # ----------------------------------------------------------------- the Referee hooks

    def start(self, step: Step, board: Board) -> None:
        """Read the starting position; check what can be checked on it."""
        self.started = True
        self.previous = self._read(board)
        self._emit(check_single_marker(self.data, self.previous, 0), None)

    def step(self, step: Step, board: Board) -> None:
        """Fold one logged step into the current impulse (or open a new one)."""
        after = self._read(board)
        self.last_step = step.index
        if step.is_undo:
            self._undo(step.undoes)
            self.previous = after
            return
        self.snapshots[step.index] = _Snapshot(copy.deepcopy(self.impulse), Counter(self.uses),
                                               len(self.outcomes))
        player = f"{step.player} ({step.side})" if step.player and step.side else step.player
        for card, side, destination in self._plays(after):
            self._close(step.index - 1)
            self.impulse = Impulse(side, card, destination, step.index, player, self.previous)
        if player is None and self.impulse is not None:
            player = self.impulse.player
        legs = list(self._legs(step, board))
        changes = pc_changes(self.previous, after, step.index)
        arrived = arrivals(self.previous, after, step.index)
        if self.impulse is None:
            for leg in legs:
                self._emit([Violation("WW-MOV-01", step.index, Severity.ILLEGAL,
                                      f"{self._general(leg.general)} moved with no card "
                                      "played", spaces=(leg.origin, leg.destination))], player)
        else:
            # Only the impulse player's Generals are activated; the opponent's moves in his
            # impulse are reactions (interception, retreat before battle, WW 7.8, 7.9).
            self.impulse.legs += [leg for leg in legs
                                  if self._side(leg.general) in (self.impulse.side, None)]
            self.impulse.pcs += changes
            self.impulse.arrivals += arrived
        self._emit(check_single_marker(self.data, after, step.index), player)
        self.previous = after

    def finish(self) -> Verdict:
        """Judge the last impulse and return every finding, computation and coverage."""
        self._close(self.last_step)
        return self._verdict()

    # ----------------------------------------------------------------- reading

    def _read(self, board: Board) -> WWState:
        state = read_state(board, self.binding, year_property=self.year_property)
        self.recognised = self.recognised or bool(state.general_at or state.card_at)
        return state

    def _plays(self, after: WWState) -> Iterable[tuple[str, Side, str]]:
        """Cards that left a player's hand this step: (card id, side, where they went)."""
        for card, place in sorted(after.card_at.items()):
            before = self.previous.card_at.get(card)
            if before is not None and before.startswith("hand:") and place != before:
                yield card, Side(before[5:]), place

    def _legs(self, step: Step, board: Board) -> Iterable[Leg]:
        """One leg per General moved by a drag, with the CUs that moved with him."""
        moves = [c for c in step.commands if isinstance(c, MovePiece)]
        for move in moves:
            for general in self._generals_moved(move, board):
                origin = self._space_of(board, move.old_map, move.old_x, move.old_y)
                target = self._space_of(board, move.new_map, move.new_x, move.new_y)
                if origin is None or target is None:
                    continue
                carried: Counter[str] = Counter()
                for other in moves:
                    if (other.old_map, other.old_x, other.old_y, other.new_map, other.new_x,
                            other.new_y) == (move.old_map, move.old_x, move.old_y,
                                             move.new_map, move.new_x, move.new_y):
                        for entity in self._entities(other.id, board):
                            if entity.kind == "cu":
                                carried[entity.key] += entity.value
                record = self.data.generals.get(general)
                enemy = (Side.AM if record.side is Side.BR else Side.BR) if record else None
                before = self.previous
                yield Leg(step.index, general, origin, target, _nationalities(carried),
                          enemy_at_origin=before.place("space:" + origin).cus_of(enemy)
                          if enemy else 0,
                          enemy_at_destination=before.place("space:" + target).cus_of(enemy)
                          if enemy else 0)

    def _entities(self, piece_id: str, board: Board) -> list[Entity]:
        item = board.get(piece_id)
        if item is None:
            return []
        items = [board[m] for m in item.members if m in board] if item.is_container else [item]
        found = []
        for piece in items:
            entity_id = self.binding.entity(piece.name)
            entity = Entity.parse(entity_id) if entity_id else None
            if entity is not None:
                found.append(entity)
        return found

    def _generals_moved(self, move: MovePiece, board: Board) -> list[str]:
        return [e.key for e in self._entities(move.id, board) if e.kind == "general"]

    def _space_of(self, board: Board, map_id: str, x: str, y: str) -> str | None:
        try:
            px, py = int(x), int(y)
        except ValueError:
            return None
        if map_id == "null":
            return None
        place = self.binding.place(map_id, board.location(map_id, px, py), px, py)
        return place[6:] if place is not None and place.startswith("space:") else None

    def _side(self, general: str) -> Side | None:
        record = self.data.generals.get(general)
        return record.side if record is not None else None

    def _general(self, general: str) -> str:
        record = self.data.generals.get(general)
        return record.name if record is not None else general

    # ----------------------------------------------------------------- judging

    def _card(self, card_id: str) -> Card | None:
        return self.data.cards.get(card_id)

    def _close(self, step: int) -> None:
        impulse = self.impulse
        if impulse is None:
            return
        self.impulse = None
        card = self._card(impulse.card)
        player = impulse.player
        own_pcs = [c for c in impulse.pcs if c.after is impulse.side]
        to_box = "reinforcement" in impulse.destination
        kinds = [kind for kind, done in (("moved a General", impulse.legs),
                                         ("placed or flipped PCs", own_pcs),
                                         ("brought reinforcements", impulse.arrivals))
                 if done]
        # Each card play does exactly one thing (WW 5.3, 6.2).
        if len(kinds) > 1:
            self._emit([Violation("WW-SEQ-06", impulse.step, Severity.ILLEGAL,
                                  f"one card {' and '.join(kinds)}")], player)
        if card is not None and card.kind == "ops":
            self._emit(check_card_destination(impulse.destination, bool(impulse.arrivals),
                                              bool(impulse.legs or own_pcs), impulse.step),
                       player)
        if to_box:
            key = (impulse.start.year, impulse.side)
            self._emit(check_reinforcement(self.data, impulse.side, card, self.uses[key],
                                           impulse.arrivals, impulse.start, impulse.step,
                                           _navy_zone(impulse.start)), player)
            self.uses[key] += 1
        if impulse.legs:
            generals = list(dict.fromkeys(leg.general for leg in impulse.legs))
            first = impulse.legs[0].step
            if "queue" in impulse.destination:
                self._emit([Violation("WW-OPS-01", first, Severity.UNCHECKED,
                                      "activation through an Operations Queue is not "
                                      "interpreted yet")], player)
            else:
                self._emit(check_activation(self.data, card, generals, first), player)
            for general in generals:
                legs = [leg for leg in impulse.legs if leg.general == general]
                self._emit(check_movement(self.data, general, legs, impulse.start,
                                          glover=card is not None
                                          and card.id == "john_glover"), player)
        if own_pcs:
            ops = card.ops if card is not None and card.kind == "ops" else None
            self._emit(check_ops_pc_actions(self.data, impulse.side, ops, own_pcs,
                                            impulse.start), player)
        self._emit(check_at_rest(self.data, self.previous, step), player)

    def _undo(self, undone: int | None) -> None:
        snapshot = self.snapshots.pop(undone, None) if undone is not None else None
        if snapshot is None:
            return
        self.impulse = snapshot.impulse
        self.uses = snapshot.uses
        del self.outcomes[snapshot.outcomes:]

    def _emit(self, outcomes: Iterable[Outcome], player: str | None) -> None:
        self.outcomes.extend((outcome, player) for outcome in outcomes)

    def _verdict(self) -> Verdict:
        verdict = Verdict(recognised=self.recognised or not self.started)
        reasons: dict[str, list[str]] = {}
        for outcome, player in self.outcomes:
            if isinstance(outcome, Applied):
                continue
            citation = self._citation(outcome.rule_id)
            if isinstance(outcome, Computed):
                verdict.computations.append(Computation(
                    game=GAME, kind=outcome.kind, step=outcome.step, rule_id=outcome.rule_id,
                    rule=citation, summary=outcome.summary, inputs=outcome.inputs,
                    result=outcome.result))
                continue
            if outcome.severity is Severity.UNCHECKED:
                reasons.setdefault(outcome.rule_id, []).append(
                    f"step {outcome.step}: {outcome.message}")
            verdict.findings.append(Finding(
                game=GAME, rule_id=outcome.rule_id, rule=citation, severity=outcome.severity,
                step=outcome.step, player=player, message=outcome.message,
                spaces=tuple(self._space_name(s) for s in outcome.spaces),
                pieces=outcome.pieces, expected=outcome.expected, observed=outcome.observed,
                needs=outcome.needs))
        for entry in self.data.catalog:
            if entry.id in reasons:
                verdict.unchecked[entry.id] = "; ".join(reasons[entry.id][:3]) + (
                    f" (and {len(reasons[entry.id]) - 3} more)" if len(reasons[entry.id]) > 3
                    else "")
            elif entry.id in IMPLEMENTED and self.started and not self.recognised:
                verdict.unchecked[entry.id] = (
                    "no Washington's War General or card was recognised in this file: "
                    "check the module and the binding")
            elif entry.id in IMPLEMENTED:
                verdict.checked.add(entry.id)
            else:
                lacking = self.data.unmet(entry.needs)
                verdict.unchecked[entry.id] = "not implemented yet" + (
                    f"; it also needs data: {', '.join(lacking)}" if lacking else "")
        return verdict

    def _citation(self, rule_id: str) -> str:
        try:
            return self.data.rule(rule_id).citation
        except KeyError:
            return rule_id

    def _space_name(self, space: str) -> str:
        record = self.data.spaces.get(space)
        return record.name if record is not None else space


def _nationalities(carried: Counter[str]) -> Counter[Nationality]:
    return Counter({Nationality(k): v for k, v in carried.items()})


def _navy_zone(state: WWState) -> str | None:
    for place_id, place in state.places.items():
        if place.navy and place_id.startswith("zone:"):
            return place_id[5:]
    return None

