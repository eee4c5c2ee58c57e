"""The Almost a Miracle! referee: the toolkit's pipeline with this game's reading, turn and
rules. Undo goes back to the procedure and the reader's reading, both immutable."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from adjudicator.binding import Binding
from adjudicator.replay import Board, Step
from adjudicator.systems.almost_a_miracle.data import AaMData
from adjudicator.systems.almost_a_miracle.interpret import CUES, Reader
from adjudicator.systems.almost_a_miracle.procedure import SEQUENCER, AaMProcedure
from adjudicator.systems.almost_a_miracle.read_events import TABLE as EVENT_TABLE
from adjudicator.systems.almost_a_miracle.read_events import event_table
from adjudicator.systems.almost_a_miracle.reading import Reading, Shown
from adjudicator.systems.almost_a_miracle.rules import RULES
from adjudicator.systems.almost_a_miracle.rules.context import Context
from adjudicator.systems.almost_a_miracle.rules.major_victory import COMBAT_NOT_JUDGED
from adjudicator.systems.almost_a_miracle.rules.optional import OPTIONAL_RULES
from adjudicator.systems.almost_a_miracle.rules.reinforcements import LATE_NEVER_FROM_A_LOG
from adjudicator.systems.almost_a_miracle.state import AaMState, Entity
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.referee import SequencedReferee
from adjudicator.systems.common.sequencer import Advance
from adjudicator.systems.common.steps import StepReader, drag_waypoints, roster_words
from adjudicator.systems.common.tracker import Relocation

GAME = "aam"
SIDE_WORDS: dict[str | None, tuple[str, ...]] = {"continental": ("cont", "amer", "rebel"),
                                                  "british": ("brit", "crown", "uk")}
NOT_JUDGED_YET = ("not judged yet: Almost a Miracle!'s rules are being built family by "
                  "family (issue 22), and no family judges this one")
# forts and sieges
FORTS_AND_SIEGES_NOT_JUDGED: Mapping[str, str] = MappingProxyType({
    "AAM-FORT-06": ("not judged: the counter mix's number of Fort markers (AaM 2.0 'Fort') is "
                    "not in the data; a module's palette is no limit"),
    "AAM-SIEGE-04": ("not judged: a log shows a baggage train expended, not which force it "
                     "supplied, inside or outside the besieged place (AaM 4.3.3, 5.4.1)"),
    "AAM-SIEGE-05": ("not judged: a log shows a battle's dice, not which SPs each side "
                     "counted, so besieged SPs joining a relief force's battle (AaM 4.4.1) "
                     "cannot be seen; nor do its losses show it: SP counters are broken down "
                     "and combined freely (AaM 2.0), and the relief force's strength is not "
                     "kept once its move is read as a possible reaction"),
    "AAM-SIEGE-15": ("not judged: a log shows the assault's dice, not the table or modifiers "
                     "they were read on (no surprise roll, no cavalry advantage, AaM 4.7.6b)"),
    "AAM-SIEGE-19": ("not judged: a log shows the assault's dice, not which SPs the besieger "
                     "counted (Indians take no part, AaM 4.7.8); nor does his loss show it: "
                     "on a failed assault he loses 1 SP per 10 'in the besieging force' "
                     "(4.7.6b), which may be read with or without the Indians in the Area, "
                     "and which SPs absorb it is not in the reading"),
})
"""Forts and sieges rules no family judges, with why."""
NEVER_FROM_A_LOG: Mapping[str, str] = {
    # supply
    "AAM-SUP-04": "not judged: a log shows the forage rolls, not which stacks each is for "
                  "nor which claim a magazine's or BoO's supply (AaM 5.4.1a), so a path "
                  "traced too far or across a blocked boundary leaves no trace",
    # reinforcements, French, scenarios
    **LATE_NEVER_FROM_A_LOG,
    # movement and stacking (AaM 9.0, 10.2.1, 10.5.2)
    "AAM-MOV-14": "an overrun (AaM 10.4.5-10.4.7) adds no play of its own: its Major Victory "
                  "part is judged as AAM-MV-04 (no marker turns for it); the defending "
                  "leader's retreat before combat (10.4.5) and escape roll (10.4.6) are the "
                  "plays of AaM 11.3 and 11.4.5, the retreat rules' (AAM-RET-01, AAM-RET-10)",
    "AAM-MOV-35": "not judged: a move into the Area an enemy force just entered is a "
                  "reaction (AaM 10.10) or its side's own next endeavor (an attack, legal into "
                  "an Area held by non-moving enemies); the next endeavor tells them apart "
                  "steps later, when the position the reaction met (which enemies did not "
                  "move, 10.10.1) is gone: a false finding is worse than none",
    # forts and sieges
    **FORTS_AND_SIEGES_NOT_JUDGED,
    # combat, retreat and Major Victory
    **COMBAT_NOT_JUDGED,
}
"""Catalog rules no log can ever show being broken, and why."""


def _not_checkable() -> Mapping[str, str]:
    """AaM catalog rules no family declares, and why."""
    from adjudicator.systems.almost_a_miracle.data import bundled_data
    from adjudicator.systems.common.rulebook import declared

    judged = declared(RULES.families)
    return MappingProxyType({rule.id: NEVER_FROM_A_LOG.get(rule.id, NOT_JUDGED_YET)
                             for rule in bundled_data().catalog if rule.id not in judged})


NOT_CHECKABLE = _not_checkable()
Memory = tuple[AaMProcedure, Reading]


class AaMReferee(SequencedReferee[AaMData, AaMState, Entity, AaMProcedure, Context, Memory]):
    """Judges one game of Almost a Miracle!."""

    game = GAME
    rules = RULES
    not_checkable = NOT_CHECKABLE
    optional_rules = OPTIONAL_RULES

    def __init__(self, data: AaMData, binding: Binding) -> None:
        super().__init__(data, binding, entities=Entity, state=AaMState(),
                         sequencer=SEQUENCER, procedure=AaMProcedure())
        self.steps: StepReader[Entity, str | None] = StepReader(
            side_of=roster_words(SIDE_WORDS), is_card=self.is_card, cues=CUES)
        kinds = {key: str(kind.side) for key, kind in data.unit_kinds.items()}
        leaders = {key: str(leader.side) for key, leader in data.leaders.items()}

        def side_of(entity: Entity) -> str | None:
            if entity.kind == "sp":
                return kinds.get(entity.key)
            if entity.kind == "leader":
                return leaders.get(entity.key)
            return entity.key if entity.key in SIDE_WORDS else None

        table = data.tables.get(EVENT_TABLE)
        arrows = frozenset(frozenset((c.a, c.b)) for c in data.connections
                           if c.a and c.b and "crossing" in c.kind.casefold())
        self.reader = Reader(self.state, side_of,
                             event_table(table.rows if table is not None else None), arrows)
        properties = binding.properties
        self.names = {concept: properties.get(concept) for concept in ("year", "month", "phase")}

    def context(self, advance: Advance[AaMProcedure], step_actions: tuple[Action, ...]
                ) -> Context:
        """What the rules read for one placed action."""
        return Context(self.data, self.state, advance.at, advance.placement, step_actions,
                       self.options)

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

        return Shown(year=value("year"), month=value("month"), phase=value("phase"))
