"""The sequence rules of War for America (digest §4.1 SEQ, CARD-05, CARD-06) judged on typed
actions driven through the procedure, with legal and illegal plays from the rulebook."""

from __future__ import annotations

import re

from adjudicator.findings import Severity
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Applied, Outcome, Violation
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.war_for_america.actions import (
    BRITISH,
    COLONIAL,
    ActionCardPlayed,
    Activation,
    ApMarkerMoved,
    CardUse,
    Combat,
    DroppedOff,
    FleetMoved,
    ForceActivated,
    ForceMoved,
    InitiativeDie,
    MagazinePlaced,
    Overrun,
    Pass,
    PickedUp,
    RaiseKind,
    TurnMarkerMoved,
    UnitsRaised,
    opponent,
)
from adjudicator.systems.war_for_america.procedure import Sequencer, WfAProcedure
from adjudicator.systems.war_for_america.rules import RULES
from adjudicator.systems.war_for_america.rules.context import CardIndex, Context
from adjudicator.systems.war_for_america.rules.sequence import FAMILY
from tests.conftest import shared_file


class Game:
    """Feeds typed actions through the procedure and every rule family, as a referee."""

    def __init__(self, start: WfAProcedure | None = None,
                 cards: CardIndex | None = None) -> None:
        self.sequencer = Sequencer()
        self.proc = start if start is not None else WfAProcedure.at_start()
        self.cards = cards or CardIndex()
        self.outcomes: list[Outcome] = []
        self.steps = 0

    def step(self) -> int:
        self.steps += 1
        return self.steps

    def feed(self, *actions: Action) -> None:
        for action in actions:
            advance = self.sequencer.advance(self.proc, action)
            ctx = Context(advance.at, advance.placement, self.cards)
            for fact in (*advance.facts, action):
                self.outcomes.extend(RULES.judge(fact, ctx))
            self.proc = advance.after

    def activate(self, side: str, space: str = "boston") -> None:
        self.feed(ForceActivated(step=self.step(), side=side, kind=Activation.MOVE,
                                 space=space))

    def move(self, side: str, origin: str, destination: str, *units: str) -> None:
        self.feed(ForceMoved(step=self.step(), side=side, origin=origin,
                             destination=destination, units=units or ("u1",)))

    def dice(self, british: int, colonial: int) -> None:
        self.feed(InitiativeDie(step=self.step(), side=BRITISH, value=british),
                  InitiativeDie(step=self.step(), side=COLONIAL, value=colonial))

    def round(self, british: int, colonial: int) -> None:
        self.dice(british, colonial)
        first = BRITISH if british > colonial else COLONIAL
        self.activate(first)
        self.activate(opponent(first))

    def card(self, side: str, card: str, use: CardUse = CardUse.UNKNOWN,
             number: int | None = None) -> None:
        self.feed(ActionCardPlayed(step=self.step(), side=side, card=card, name=card,
                                   origin=Place(PlaceKind.HAND, side),
                                   destination=Place(PlaceKind.DISCARD), use=use,
                                   number=number))

    def markers(self, year: int, season: str) -> None:
        self.feed(TurnMarkerMoved(step=self.step(), year=year, season=season))

    def found(self, rule: str, severity: Severity = Severity.ILLEGAL) -> list[Violation]:
        return [o for o in self.outcomes if isinstance(o, Violation)
                and o.rule_id == rule and o.severity is severity]

    def applied(self, rule: str) -> bool:
        return any(isinstance(o, Applied) and o.rule_id == rule for o in self.outcomes)

    def illegal(self) -> list[Violation]:
        return [o for o in self.outcomes if isinstance(o, Violation)
                and o.severity is Severity.ILLEGAL]


def after_turn_one() -> Game:
    """Turn 1 played legally (British, Colonial, dice, the winner, the other) and the
    markers advanced to the second turn."""
    game = Game()
    game.activate(BRITISH)
    game.activate(COLONIAL)
    game.round(2, 5)
    game.markers(1775, "spring")
    return game


def test_every_declared_id_is_in_the_digest_catalog() -> None:
    digest = shared_file("rules/war-for-america.md").read_text(encoding="utf-8")
    catalog = set(re.findall(r"^\| (WFA-[A-Z]+-\d+) \|", digest, flags=re.MULTILINE))
    assert FAMILY.checks <= catalog
    assert FAMILY in RULES.families


def test_turn_one_british_first_is_legal_x11() -> None:
    """X-11 (WfA 6.4–6.6): British AP, Colonial AP, a tie re-rolled, the winner, Admin."""
    game = Game()
    game.activate(BRITISH)
    game.activate(COLONIAL)
    game.dice(4, 4)
    game.dice(1, 3)
    game.activate(COLONIAL)
    game.activate(BRITISH)
    game.markers(1775, "spring")
    assert game.illegal() == []
    for rule in ("WFA-SEQ-01", "WFA-SEQ-02", "WFA-SEQ-05", "WFA-SEQ-11"):
        assert game.applied(rule), rule


def test_colonial_first_on_turn_one_is_illegal() -> None:
    """WFA-SEQ-01 (WfA 6.4): the British take the first AP."""
    game = Game()
    game.activate(COLONIAL)
    assert [v.observed for v in game.found("WFA-SEQ-01")] == ["Colonial AP"]


def test_a_third_round_on_turn_one_is_illegal() -> None:
    """WFA-SEQ-01 (WfA 6.1, 6.6): 2 APs per player on Turn 1, then Administration (the
    log keeps the Turn Record Track; without it a third round reads as the next turn)."""
    game = Game()
    game.markers(1775, "early_spring")
    game.activate(BRITISH)
    game.activate(COLONIAL)
    game.round(2, 5)
    game.round(6, 1)
    assert len(game.found("WFA-SEQ-01")) == 1


def test_the_lower_roller_moving_first_is_illegal_and_back_to_back_is_legal() -> None:
    """WFA-SEQ-02 (WfA 9.1 and its Note)."""
    game = after_turn_one()
    game.round(6, 1)      # British, Colonial
    game.round(1, 6)      # Colonial again first: back to back, legal
    assert game.illegal() == []
    game.dice(5, 2)
    game.activate(COLONIAL)
    found = game.found("WFA-SEQ-02")
    assert len(found) == 1 and found[0].expected == "British AP"


def test_a_turn_one_tie_must_be_rerolled() -> None:
    """WFA-SEQ-03 (WfA 6.5): only on Turn 1 does a tie call for a re-roll."""
    game = Game()
    game.activate(BRITISH)
    game.activate(COLONIAL)
    game.dice(3, 3)
    game.activate(BRITISH)
    assert len(game.found("WFA-SEQ-03")) == 1


def test_after_a_tie_the_last_winner_moves_then_the_cycle_is_over() -> None:
    """WFA-SEQ-04 (WfA 9.1, 20.4; A-4): the last winner first, then the other, then
    Administration; a further round is illegal."""
    game = after_turn_one()
    game.round(6, 1)          # the British won last
    game.dice(2, 2)
    game.activate(BRITISH)
    game.activate(COLONIAL)
    assert game.illegal() == []
    game.round(6, 1)          # a further round after the tie round
    found = game.found("WFA-SEQ-04")
    assert len(found) == 1 and "tie" in found[0].message


def test_after_a_tie_the_loser_of_the_last_initiative_moving_first_is_illegal() -> None:
    game = after_turn_one()
    game.round(6, 1)
    game.dice(2, 2)
    game.activate(COLONIAL)
    assert [v.expected for v in game.found("WFA-SEQ-04")] == ["British AP"]


def test_a_fifth_round_and_a_third_winter_round_are_illegal() -> None:
    """WFA-SEQ-05 (WfA 9.7, 9.8)."""
    game = after_turn_one()
    for _ in range(4):
        game.round(6, 1)
    assert game.illegal() == []
    game.round(6, 1)
    assert len(game.found("WFA-SEQ-05")) == 1
    winter = Game(WfAProcedure(year=1777, season="winter", first_turn=False, round=0,
                               moment=WfAProcedure.at_start().moment))
    winter.markers(1777, "winter")  # the markers are logged
    winter.round(6, 1)
    winter.round(6, 1)
    assert winter.illegal() == []
    winter.round(6, 1)
    assert len(winter.found("WFA-SEQ-05")) == 1


def test_more_aps_after_both_passed_are_not_flagged() -> None:
    """WFA-SEQ-06 (WfA 9.6; digest §8 A-5): do not flag either way."""
    game = after_turn_one()
    game.dice(5, 1)
    game.feed(Pass(step=game.step(), side=BRITISH), Pass(step=game.step(), side=COLONIAL))
    game.round(5, 1)
    assert game.illegal() == []
    assert game.applied("WFA-SEQ-06")


def test_moving_after_passing_is_illegal() -> None:
    """WFA-SEQ-06 (WfA 9.6): a pass forfeits the AP."""
    game = after_turn_one()
    game.dice(5, 1)
    game.feed(Pass(step=game.step(), side=BRITISH))
    game.move(BRITISH, "boston", "salem")
    assert len(game.found("WFA-SEQ-06")) == 1


def test_one_force_from_one_space() -> None:
    """WFA-SEQ-07 (WfA 9.3): a second activation, a move from another space, a unit
    dropped off moving again are illegal; the leader picking a unit up again is legal."""
    game = after_turn_one()
    game.dice(5, 1)
    game.activate(BRITISH, "boston")
    game.move(BRITISH, "boston", "salem", "u1", "u2")
    game.feed(DroppedOff(step=game.step(), side=BRITISH, space="salem", units=("u2",)))
    game.feed(PickedUp(step=game.step(), side=BRITISH, space="salem", units=("u2",)))
    game.move(BRITISH, "salem", "ipswich", "u1", "u2")
    assert game.illegal() == []
    game.feed(DroppedOff(step=game.step(), side=BRITISH, space="ipswich", units=("u2",)))
    game.move(BRITISH, "ipswich", "newbury", "u1", "u2")
    game.move(BRITISH, "providence", "newport", "u9")
    game.activate(BRITISH, "halifax")
    found = game.found("WFA-SEQ-07")
    assert len(found) == 3
    assert found[0].pieces == ("u2",)
    assert found[1].spaces == ("providence",)
    assert "second force" in found[2].message


def test_no_move_after_combat_but_after_an_overrun() -> None:
    """WFA-SEQ-08 (WfA 9.3): after combat (not counting overrun) the force moves no
    further."""
    game = after_turn_one()
    game.dice(5, 1)
    game.activate(BRITISH, "boston")
    game.move(BRITISH, "boston", "salem")
    game.feed(Overrun(step=game.step(), side=BRITISH, space="salem", sp=8, enemy_sp=1))
    game.move(BRITISH, "salem", "ipswich")
    assert game.illegal() == []
    game.feed(Combat(step=game.step(), side=BRITISH, space="ipswich", attacker_roll=7,
                     defender_roll=5))
    game.move(BRITISH, "ipswich", "newbury")
    assert len(game.found("WFA-SEQ-08")) == 1


def test_free_actions_are_classified_and_do_not_count_as_the_force() -> None:
    """WFA-SEQ-09 (WfA 9.10): a fleet's move in the AP is no second force."""
    game = after_turn_one()
    game.dice(5, 1)
    game.activate(BRITISH, "boston")
    game.feed(FleetMoved(step=game.step(), side=BRITISH, fleet="howe", origin="newport",
                         destination="halifax", roll=3))
    game.move(BRITISH, "boston", "salem")
    assert game.illegal() == [] and game.applied("WFA-SEQ-09")


def test_one_card_per_pulse() -> None:
    """WFA-CARD-05 (WfA 20.11): one card per AP; no limit per cycle."""
    game = after_turn_one()
    game.dice(5, 1)
    game.card(BRITISH, "c1", CardUse.ACTION)
    game.activate(BRITISH)
    game.card(COLONIAL, "c2", CardUse.ACTION)   # the Colonial's own AP
    assert game.illegal() == []
    game.card(COLONIAL, "c3", CardUse.ACTION)
    assert len(game.found("WFA-CARD-05")) == 1


def test_only_defensive_cards_in_the_opponents_pulse() -> None:
    """WFA-CARD-06 (WfA 9.9, 20.12): #25, 41, 46, 47, 48, 49 only."""
    game = after_turn_one()
    game.dice(5, 1)
    game.activate(BRITISH)
    game.card(COLONIAL, "c25", number=25)
    assert game.illegal() == []
    game.card(COLONIAL, "c12", number=12)
    game.card(COLONIAL, "mystery")
    assert [v.observed for v in game.found("WFA-CARD-06")] == ["card #12"]
    assert len(game.found("WFA-CARD-06", Severity.UNCHECKED)) == 1


def test_british_reinforcements_and_magazines_first() -> None:
    """WFA-SEQ-10 (WfA 7.0 Step 1)."""
    game = after_turn_one()
    game.feed(UnitsRaised(step=game.step(), side=BRITISH, kind=RaiseKind.REINFORCEMENT,
                          place="europe_box"),
              UnitsRaised(step=game.step(), side=COLONIAL, kind=RaiseKind.REINFORCEMENT,
                          place="boston"))
    assert game.found("WFA-SEQ-10", Severity.REMINDER) == []
    game.feed(MagazinePlaced(step=game.step(), side=COLONIAL, space="albany"),
              MagazinePlaced(step=game.step(), side=BRITISH, space="quebec"))
    assert len(game.found("WFA-SEQ-10", Severity.REMINDER)) == 1


def test_markers_skipping_a_turn_are_a_reminder() -> None:
    """WFA-SEQ-11 (WfA 7.0 Step 4): the markers advance to the next turn."""
    game = after_turn_one()
    assert game.found("WFA-SEQ-11", Severity.REMINDER) == []
    game.round(6, 1)
    game.markers(1775, "late_summer")
    assert len(game.found("WFA-SEQ-11", Severity.REMINDER)) == 1


def test_the_ap_marker_moves_down_one_box_per_ap() -> None:
    """WFA-SEQ-12 (WfA 6.1, 12.2): judged once the log shows the AP Track."""
    game = after_turn_one()
    game.dice(5, 1)
    game.feed(ApMarkerMoved(step=game.step(), side=BRITISH, before=4, after=3))
    game.activate(BRITISH)
    game.activate(COLONIAL)            # no marker moved
    game.feed(ApMarkerMoved(step=game.step(), side=BRITISH, before=3, after=1))
    reminders = game.found("WFA-SEQ-12", Severity.REMINDER)
    assert len(reminders) == 2
    assert "Colonial AP marker was not moved" in reminders[0].message
    assert "2 boxes" in reminders[1].message


def test_a_log_begun_mid_turn_leaves_the_order_unchecked_not_illegal() -> None:
    """The log starts mid-turn: nothing shows the round's initiative."""
    game = Game(WfAProcedure())
    game.move(COLONIAL, "albany", "saratoga")
    game.move(BRITISH, "boston", "salem")
    assert game.illegal() == []
    assert game.found("WFA-SEQ-02", Severity.UNCHECKED)


def test_a_round_without_dice_in_a_log_that_logs_them_is_a_reminder() -> None:
    """WFA-SEQ-02 (WfA 9.1): every later round begins with both rolling."""
    game = after_turn_one()
    game.round(6, 1)
    game.activate(COLONIAL)
    assert len(game.found("WFA-SEQ-02", Severity.REMINDER)) == 1


def test_a_second_combat_in_one_ap_is_illegal() -> None:
    """WFA-SEQ-07 (WfA 9.3, 12.16): one combat per AP, the defender's attack counting."""
    game = after_turn_one()
    game.dice(5, 1)
    game.activate(BRITISH, "boston")
    game.move(BRITISH, "boston", "salem")
    game.feed(Combat(step=game.step(), side=BRITISH, space="salem"))
    assert game.found("WFA-SEQ-07") == []
    game.feed(Combat(step=game.step(), side=BRITISH, space="salem"))
    assert [v.observed for v in game.found("WFA-SEQ-07")] == ["a second combat"]
    declined = after_turn_one()
    declined.dice(5, 1)
    declined.move(BRITISH, "boston", "salem")
    declined.feed(Combat(step=declined.step(), side=COLONIAL, space="salem",
                         by_defender=True))
    declined.feed(Combat(step=declined.step(), side=BRITISH, space="salem"))
    assert len(declined.found("WFA-SEQ-07")) == 1
