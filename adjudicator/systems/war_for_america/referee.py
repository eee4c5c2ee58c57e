"""The War for America referee: the common step driver, the WfA interpreter, WfA rules.

`WfAReferee` is a `SequencedReferee` (adjudicator.systems.common.referee): the tracker
keeps which piece is which entity and where; the `Interpreter` applies each step's
relocations to `WfAState` and turns the step into typed actions; the `Sequencer`
(procedure) places each action in the sequence of play and adds the sequence facts it
gives rise to (a round opened, a pulse closed …); the rule families of `rules/` judge the
facts, then the action, against that placement (`context`). Coverage comes from the
families' declarations (`derive_coverage`): every catalog rule no family judges is
`unchecked` with the reason.
Undo restores the procedure and the interpreter's reading, both immutable values.

The calendar (which seasons a year has, which is Winter) is one for the whole referee:
`rules.context.calendar_of` — the data's Seasonal Turn Record Track (`charts.seasons`),
else the digest's reading (§8 A-2, `procedure.DIGEST_CALENDAR`). The sequencer, the rules'
context and the interpreter's Winter (the British Withdrawal, WfA 13.14) all use it, and the
binding drafts the track's boxes from the same calendar.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType

from adjudicator.binding import Binding
from adjudicator.replay import Board, Step
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.places import Place
from adjudicator.systems.common.referee import SequencedReferee
from adjudicator.systems.common.steps import drag_waypoints, dragged_back, on_map
from adjudicator.systems.common.tracker import Relocation
from adjudicator.systems.war_for_america.data import WfAData
from adjudicator.systems.war_for_america.data.vocabulary import ConnectionKind, Owner, Region
from adjudicator.systems.war_for_america.interpret import LAND_KINDS, Interpreter, Reading
from adjudicator.systems.war_for_america.procedure import (
    FIRST_YEAR,
    TURN_MARKERS_STANDING,
    Advance,
    Sequencer,
    WfAProcedure,
)
from adjudicator.systems.war_for_america.rules import RULES
from adjudicator.systems.war_for_america.rules.context import (
    CardIndex,
    Context,
    calendar_of,
    map_graph,
)
from adjudicator.systems.war_for_america.state import Entity, WfAState

GAME = "wfa"

NOT_CHECKABLE: Mapping[str, str] = MappingProxyType({
    "WFA-VC-05": "not judged: the rulebook fixes no last turn, so a log never shows the game "
                 "ending in a draw (WfA 4.5)",
    "WFA-SIEGE-04": "a definition the control rules apply (WfA 4.8: a besieged space is "
                    "controlled by nobody, WFA-CTL-01); nothing a log shows breaks it",
    "WFA-LOY-04": "a counting rule with nothing of its own to break: dotted and reinforcement "
                  "Loyalists are left out of the chart totals the Loyalist checks count "
                  "(WfA 10.24)",
    "WFA-NAV-03": "not judged: the destination a fleet announces is not in the log, and the "
                  "data has no lines between coastal spaces and sea areas with their MP "
                  "(WfA 14.3)",
    "WFA-TRN-08": "not judged: the log shows no interception roll-off tied to the transport it "
                  "stops (WfA 14.24)",
})
"""WfA catalog rules no family declares, and why: a log can never show them broken, their
inputs (a counter's dot, an announced destination) are not in the log or the data, or they
are not read yet (reported instead of "not implemented yet")."""

UNREAD: Mapping[str, str] = MappingProxyType({
    "WFA-LDR-13": "judged only where the log shows Tactical Commander counters (a binding "
                  "that binds `tc:<nation>`, WfA 11.26)",
    "WFA-LDR-16": "judged only where the log shows Arnold's treason: the interpreter reads it "
                  "where the British player moves his counter onto British SP (WfA 19.13); "
                  "rolls that left him loyal, or were never made, are not in the log",
    "WFA-MIL-06": "judged only where the log shows dotted start militia: a binding that "
                  "marks their counters (`sp:militia:<n>:start`, WfA 10.6)",
    "WFA-WIN-01": "judged only where the log shows winter attrition as such: the interpreter "
                  "reads attrition losses only after a chat line announces the attrition step "
                  "(WfA 18.3-18.4)",
    "WFA-WIN-02": "judged only where the log shows Winter Quartering as such: the interpreter "
                  "reads quartering losses only after a chat line announces the quartering "
                  "step (WfA 18.5-18.8, 18.10)",
})
"""Declared WfA rules whose events the interpreter reads only where the log announces them:
checked only in a game where they were applied, never because nothing called for them.
Winter attrition and quartering (WFA-WIN-01/-02) are read after a chat line announcing the
step (`interpret`); a log that removes the SP without a word shows losses, not attrition.
Arnold's treason (WFA-LDR-16) is read where it happens; a log without it shows no roll.
Dotted start militia (WFA-MIL-06) and Tactical Commanders (WFA-LDR-13) are seen only
through a binding that marks them."""

Memory = tuple[WfAProcedure, Reading]
"""What undo goes back to: the procedure and the interpreter's reading (both immutable)."""


class WfAReferee(SequencedReferee[WfAData, WfAState, Entity, WfAProcedure, Context, Memory]):
    """Judges one game of War for America (see `adjudicator.systems.common.system.Referee`)."""

    game = GAME
    rules = RULES
    not_checkable = NOT_CHECKABLE
    unread = UNREAD

    def __init__(self, data: WfAData, binding: Binding) -> None:
        calendar = calendar_of(data)
        super().__init__(data, binding, entities=Entity, state=WfAState(),
                         sequencer=Sequencer(calendar), procedure=WfAProcedure())
        self.calendar = calendar
        self.interpreter = interpreter_for(data, self.state)
        self.graph = map_graph(data)
        self.cards = CardIndex(
            names={card.id: card.title or card.label for card in data.cards.values()},
            numbers={card.id: card.number for card in data.cards.values()
                     if card.number is not None})

    # ------------------------------------------------------------------ hooks

    def begin(self, arrivals: Sequence[Relocation[Entity]], step: Step, board: Board) -> None:
        """Build the starting position; a log that starts in 1775 starts at the set-up."""
        self.interpreter.begin(arrivals)
        year = self.state.track_value("year")
        season = self.state.season()
        if year in (None, FIRST_YEAR) and season in (None, self.calendar.first):
            self.procedure = WfAProcedure.at_start(self.calendar)
        else:
            # Any turn but 1775's first is not Turn 1 (WfA 6.0-6.1).
            self.procedure = WfAProcedure(year=year, season=season, first_turn=False)
        if year is not None and season is not None:
            # The Year and Season markers stand on their track: the log shows a new turn by
            # moving them, so dice and APs that go on without their move are the same turn
            # (an Action Round after a tie's last round is an extra one, WfA 9.1, 20.4).
            self.procedure = replace(
                self.procedure, evidence=self.procedure.evidence | {TURN_MARKERS_STANDING})

    def interpret(self, step: Step, relocations: Sequence[Relocation[Entity]],
                  board: Board) -> None:
        """Interpret one step and judge its actions in their place in the sequence."""
        waypoints = drag_waypoints(step, board, self.binding)
        self.judge_in_turn(self.interpreter.step(
            step, [*relocations, *dragged_back(self.tracker, relocations, waypoints, _land_on_map)],
            waypoints))

    def context(self, advance: Advance, step_actions: tuple[Action, ...]) -> Context:
        """What the rules read: the procedure and placement of the action, the data, the
        state, the map and the cards."""
        return Context(procedure=advance.at, placement=advance.placement, cards=self.cards,
                       data=self.data, state=self.state, graph=self.graph,
                       step_actions=step_actions)

    def close(self) -> None:
        """The log ended: a battle under way is over, the pulse under way closes; judge
        what that shows."""
        self.judge_in_turn(self.interpreter.close(self.last_step), step_actions=())
        super().close()

    def snapshot(self) -> Memory:
        """The procedure and the reading (kept per step for undo)."""
        return self.procedure, self.interpreter.reading

    def restore(self, procedure: Memory) -> None:
        """Undo: go back to an earlier procedure and reading."""
        self.procedure, self.interpreter.reading = procedure


def _land_on_map(entity: Entity, place: Place) -> bool:
    """The pieces whose drags out and back within a step are a move (land units on the
    map, WfA 12.0)."""
    return entity.kind in LAND_KINDS and on_map(place)


def interpreter_for(data: WfAData, state: WfAState) -> Interpreter:
    """The interpreter with what it reads off the data: leaders' and fleets' sides, the
    defensive cards and card flags, water lines, key spaces, the calendar's Winter, the
    13 Colonies and Canada, the British Caribbean possessions (WfA 13.14), the sea areas,
    coastal spaces and land lines that tell a leg by sea (14.7), and the Six Nations villages
    (18.2)."""
    calendar = calendar_of(data)
    return Interpreter(
        state,
        leader_side={leader.id: str(leader.side) for leader in data.leaders.values()},
        fleet_side={fleet.id: _fleet_side(str(fleet.nation)) for fleet in data.fleets.values()},
        defensive_cards=[card.id for card in data.cards.values() if card.defensive],
        water_lines=[(line.a, line.b) for line in data.connections if line.water],
        key_spaces={key: True if space.is_key else space.key
                    for key, space in data.spaces.items()},
        card_flags={card.id: str(card.flag) for card in data.cards.values()
                    if card.flag is not None},
        winter_seasons=[season.id for season in calendar.seasons if season.winter],
        mainland=[key for key, space in data.spaces.items()
                  if space.region is Region.CANADA or space.colony is not None],
        british_caribbean=[key for key, space in data.spaces.items()
                           if space.region is Region.CARIBBEAN
                           and space.original_owner is Owner.BRITISH],
        sea_areas=list(data.sea_areas),
        coastal=[key for key, space in data.spaces.items() if space.coastal],
        land_lines=[(line.a, line.b) for line in data.connections
                    if line.kind is ConnectionKind.LAND]
        if data.map_status.connections_complete else None,
        villages=[key for key, space in data.spaces.items() if space.village])


def _fleet_side(nation: str) -> str:
    """A fleet's side from its nation (British fleets British; French, Spanish and Dutch
    Colonial, by the digest's reading §8 A-31)."""
    return "british" if nation == "british" else "colonial"


__all__ = ["GAME", "NOT_CHECKABLE", "WfAReferee", "interpreter_for"]
