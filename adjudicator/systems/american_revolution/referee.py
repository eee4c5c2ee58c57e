"""The American Revolution referee: the toolkit's pipeline with this game's reading, turn
and rules.

The tracker keeps which piece is which entity and where; the `Reader` applies nothing
itself (the state follows the tracker's relocations) and turns each step into typed
actions; the sequencer places each in the turn (AR 5.1); the rule families judge them.
Undo goes back to the procedure and the reader's reading, both immutable.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from adjudicator.binding import Binding
from adjudicator.replay import Board, Step
from adjudicator.systems.american_revolution.data import ARData
from adjudicator.systems.american_revolution.data import OptionalRule as OptionalName
from adjudicator.systems.american_revolution.interpret import Reader, Reading, Shown
from adjudicator.systems.american_revolution.procedure import SEQUENCER, ARProcedure
from adjudicator.systems.american_revolution.rules import RULES
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.american_revolution.state import ARState, Entity
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.mapgraph import Connection, MapGraph
from adjudicator.systems.common.referee import OptionalRule, SequencedReferee
from adjudicator.systems.common.sequencer import Advance
from adjudicator.systems.common.steps import StepReader, drag_waypoints, roster_words
from adjudicator.systems.common.tracker import Relocation

GAME = "ar"
SIDE_WORDS: dict[str | None, tuple[str, ...]] = {"US": ("amer", "us", "colon", "rebel", "patriot"),
              "GB": ("brit", "gb", "uk", "crown", "loyal")}

NOT_JUDGED_YET = ("not judged yet: The American Revolution's rules are being built family by "
                  "family (issue 21), and no family judges this one")

NEVER_IN_A_LOG: Mapping[str, str] = MappingProxyType({
    # rabble rousing (AR 9.4)
    "AR-RR-03": ("a rabble-rousing marker is one piece, and a log shows it committed to one "
                 "table only: its value cannot be seen split across tables"),
    # frontier warfare (AR 35.2-35.3, optional)
    "AR-FRW-02": ("a permission: the enemy's final round against a retreat is his to fire "
                  "or not (AR 18.4(4b) 'gets one final round'), so a retreat not fired on is "
                  "never illegal; and whether the retreating player declared a Frontier "
                  "Warfare retreat (which no one may fire on) or an ordinary one is his "
                  "choice, which a log does not record"),
})
"""Catalog rules a log can never show broken, and why."""


NEVER_JUDGED: Mapping[str, str] = {
    "AR-MOV-08": ("judged within AR-MOV-02: each force's path is costed against its own die "
                  "and commander alone (a force going on after dropping units off keeps its "
                  "first die), so MP saved from one move or lent by another force show "
                  "there as a move too long; nothing else of it is in a log"),
    "AR-FOG-01": ("a log shows every piece of every stack to whoever replays it; whether a "
                  "player looked beneath the top unit of an enemy stack outside a battle or a "
                  "Spy (AR 22.1) is not recorded"),
}
"""AR catalog rules no log can show on their own, and why."""


NOT_JUDGED: Mapping[str, str] = MappingProxyType({
    "AR-CBT-16": ("not judged: a log does not show whether land units in a port are aboard "
                  "a fleet or ashore, so which a sunk fleet took with it is not known; an "
                  "amphibious assault's losses are judged by AR-CBT-06 and AR-CBT-14"),
    "AR-FORT-09": ("not judged: telling a relief force (AR 28.12, 28.15) from the besiegers' "
                   "own reinforcements needs which pieces entered the siege locale in which "
                   "phase, which the battle reading does not keep"),
    "AR-FORT-10": ("not judged: a sortie (AR 28.13) is not told from a siege attack: the battle "
                   "reading takes the attacker to be the side that last moved"),
    "AR-FORT-12": ("a permission (AR 28.16: a besieged port may still be entered and left by "
                   "friendly naval transport) that no movement check forbids: nothing a log "
                   "shows breaks it"),
    "AR-UNOF-02": ("not judged: Battle Tactics (unofficial, AR 39) needs line and reserve boxes, "
                   "which neither the fixture module nor any known module of the game has"),
})
"""AR catalog rules no family judges, with why."""


def _not_checkable() -> Mapping[str, str]:
    """AR catalog rules no family declares, and why."""
    from adjudicator.systems.american_revolution.data import bundled_data
    from adjudicator.systems.common.rulebook import declared

    judged = declared(RULES.families)
    never = {**NEVER_JUDGED, **NEVER_IN_A_LOG, **NOT_JUDGED}
    return MappingProxyType({rule.id: never.get(rule.id, NOT_JUDGED_YET)
                             for rule in bundled_data().catalog if rule.id not in judged})


NOT_CHECKABLE = _not_checkable()

def _optional(name: OptionalName, title: str, citation: str, *ids: str) -> OptionalRule:
    return OptionalRule(name.value, title, citation, frozenset(ids))


OPTIONAL_RULES = (
    _optional(OptionalName.FORTRESSES, "Fortresses & Sieges", "AR 28", "AR-SET-06",
              "AR-SUP-05", "AR-FLT-08", "AR-CM-14",
              *(f"AR-FORT-{n:02d}" for n in range(1, 13))),
    _optional(OptionalName.PARTISANS, "Partisans", "AR 29",
              *(f"AR-PART-{n:02d}" for n in range(1, 5))),
    _optional(OptionalName.INDIAN_SOVEREIGNTY, "Indian Sovereignty", "AR 30", "AR-PP-13",
              "AR-ISOV-01"),
    _optional(OptionalName.MILITIA_UPGRADES, "Militia Upgrades", "AR 31", "AR-MUP-01"),
    _optional(OptionalName.INTERCEPTION, "Interception", "AR 32", "AR-INT-01"),
    _optional(OptionalName.MILITIA_EXPEDITIONS, "Militia Expeditions", "AR 33",
              "AR-MEXP-01", "AR-MEXP-02"),
    _optional(OptionalName.OVERRUN, "Overrun", "AR 34", "AR-OVR-01"),
    _optional(OptionalName.FRONTIER_WARFARE, "Frontier Warfare", "AR 35", "AR-FRW-01",
              "AR-FRW-02"),
    _optional(OptionalName.FORAGE, "Forage", "AR 36", "AR-FORG-01"),
    _optional(OptionalName.MASSACRE, "Massacre", "AR 37",
              *(f"AR-MAS-{n:02d}" for n in range(1, 5))),
    _optional(OptionalName.HONORS_OF_WAR, "Honors of War", "AR 38", "AR-HON-01"),
    _optional(OptionalName.DEMORALIZATION, "Demoralization (unofficial)", "AR 39",
              "AR-UNOF-01"),
    _optional(OptionalName.BATTLE_TACTICS, "Battle Tactics (unofficial)", "AR 39",
              "AR-UNOF-02"),
)
"""The optional rules (AR 28-38) and the designer's unofficial ones (AR 39), each with the
catalog rules that exist only while it is in use."""

Memory = tuple[ARProcedure, Reading]


class ARReferee(SequencedReferee[ARData, ARState, Entity, ARProcedure, Context, Memory]):
    """Judges one game of The American Revolution."""

    game = GAME
    rules = RULES
    not_checkable = NOT_CHECKABLE
    optional_rules = OPTIONAL_RULES

    def __init__(self, data: ARData, binding: Binding) -> None:
        super().__init__(data, binding, entities=Entity, state=ARState(),
                         sequencer=SEQUENCER, procedure=ARProcedure())
        self.steps: StepReader[Entity, str | None] = StepReader(
            side_of=roster_words(SIDE_WORDS),
            is_card=self.is_card)
        sides = {key: str(f.side) for key, f in data.formations.items()}
        leader_sides = {key: str(leader.side) for key, leader in data.leaders.items()}
        self.reader = Reader(self.state, side_of_formation=sides.get,
                             side_of_leader=leader_sides.get)
        self.graph = MapGraph(data.locales, (Connection(r.a, r.b, str(r.type))
                                             for r in data.routes),
                              complete=data.map_status.routes_complete)
        properties = binding.properties
        self.names = {concept: properties.get(concept) for concept in
                      ("turn", "phase", "first_player", "pp:US", "pp:GB")}

    def context(self, advance: Advance[ARProcedure], step_actions: tuple[Action, ...]
                ) -> Context:
        """What the rules read for one placed action."""
        return Context(self.data, self.state, advance.at, advance.placement, self.graph,
                       step_actions, self.options)

    def begin(self, arrivals: Sequence[Relocation[Entity]], step: Step, board: Board) -> None:
        """The starting position, in the turn and phase its markers show."""
        for relocation in arrivals:
            self.state.apply(relocation)
        self.judge_in_turn(self.reader.begin(self._shown(board)))

    def interpret(self, step: Step, relocations: Sequence[Relocation[Entity]],
                  board: Board) -> None:
        """Apply the step, read its actions and judge each where it stands."""
        for relocation in relocations:
            self.state.apply(relocation)
        view = self.steps.read(step, relocations, drag_waypoints(step, board, self.binding))
        self.judge_in_turn(self.reader.step(view, self._shown(board), self.player,
                                            self.procedure.phase))

    def close(self) -> None:
        """The log ended: a round of fire under way closes; then the turn under way."""
        self.judge_in_turn(self.reader.close(self.last_step), step_actions=())
        super().close()

    def snapshot(self) -> Memory:
        """The procedure and the reading (kept per step for undo)."""
        return self.procedure, self.reader.reading

    def restore(self, procedure: Memory) -> None:
        """Undo: go back to an earlier procedure and reading."""
        self.procedure, self.reader.reading = procedure

    def _shown(self, board: Board) -> Shown:
        def value(concept: str) -> str | None:
            name = self.names.get(concept)
            return board.global_property(name) if name else None

        return Shown(turn=value("turn"), phase=value("phase"),
                     first=_side(value("first_player")),
                     points=(_number(value("pp:US")), _number(value("pp:GB"))))


def _number(text: str | None) -> int | None:
    try:
        return int(text) if text is not None and text.strip() else None
    except ValueError:
        return None


def _side(text: str | None) -> str | None:
    if not text:
        return None
    folded = text.strip().casefold()
    for side, words in SIDE_WORDS.items():
        if side is not None and any(folded.startswith(word) for word in words):
            return side
    return None
