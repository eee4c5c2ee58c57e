"""What the interpreter makes of a battle's end and of the moves the rule families asked for:
where the attacker came from, who retreated, each side's losses, a surrender, the 'D' and
Major Victory markers, the British Withdrawal, a Leader Muster, a fleet combat and an
enemy-flag card handed over (WfA 12.9, 13.0-13.14, 15.5, 20.6)."""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.replay import Step
from adjudicator.replay.dice import Roll as DiceRoll
from adjudicator.systems.common.actions import Action, Roll
from adjudicator.systems.common.places import Place, PlaceKind, box, space
from adjudicator.systems.common.steps import DiceQueue
from adjudicator.systems.common.tracker import Placed, Relocation
from adjudicator.systems.war_for_america.actions import (
    ActionCardPlayed,
    Activation,
    AdministrationStep,
    ArmyCreated,
    ArnoldDefected,
    BattleLosses,
    CardOffered,
    CardUse,
    Combat,
    DMarkerPlaced,
    EnemyEntered,
    FleetCombat,
    FleetMoved,
    ForceActivated,
    ForceMoved,
    FortBuilt,
    FreeAction,
    FreeKind,
    LakeNavyMoved,
    LeaderMustered,
    LossTaken,
    MajorVictoryMarked,
    NavalTransport,
    Pass,
    Retreated,
    SiegeAttempt,
    StartUnitsPlaced,
    Surrendered,
    TacticalCommanderPlaced,
)
from adjudicator.systems.war_for_america.interpret import Interpreter
from adjudicator.systems.war_for_america.state import Entity, WfAState


def placed(entity_id: str, place: Place) -> Placed[Entity]:
    entity = Entity.parse(entity_id)
    assert entity is not None
    return Placed(entity, place)


def kinds(actions: Sequence[Action]) -> list[str]:
    """The action types, dice left out."""
    return [type(a).__name__ for a in actions if not isinstance(a, Roll)]


def d12(value: tuple[int, int]) -> tuple[DiceRoll, ...]:
    return (DiceRoll("2d6", value, sum(value)),)


def started(*pieces: tuple[str, Placed[Entity]], **options: object) -> Interpreter:
    """An interpreter on a new position holding `pieces` (piece id, where)."""
    interpreter = Interpreter(WfAState(), **options)  # type: ignore[arg-type]
    interpreter.begin([Relocation(key, key, None, where) for key, where in pieces])
    return interpreter


class Battlefield:
    """British SP 5 at Saratoga attack Continentals at Albany (made-up positions)."""

    def __init__(self, defenders: Sequence[tuple[str, str]] = (("c3", "sp:continental:3"),)
                 ) -> None:
        self.state = WfAState()
        self.interpreter = Interpreter(self.state)
        self.pieces: dict[str, Placed[Entity]] = {}
        self.pieces["b5"] = placed("sp:british:5", space("saratoga"))
        for key, entity in defenders:
            self.pieces[key] = placed(entity, space("albany"))
        self.interpreter.begin([Relocation(key, key, None, where)
                                for key, where in self.pieces.items()])

    def move(self, index: int, side: str, key: str, to: str) -> list[Action]:
        before = self.pieces[key]
        after = Placed(before.entity, space(to))
        self.pieces[key] = after
        return self.interpreter.step(Step(index=index, side=side),
                                     [Relocation(key, key, before, after)])

    def remove(self, index: int, side: str, *keys: str, chat: tuple[str, ...] = (),
               extra: Sequence[Relocation[Entity]] = ()) -> list[Action]:
        gone = [Relocation(key, key, self.pieces.pop(key), None) for key in keys]
        return self.interpreter.step(Step(index=index, side=side, chat=chat),
                                     [*gone, *extra])

    def say(self, index: int, side: str, text: str) -> list[Action]:
        return self.interpreter.step(Step(index=index, side=side, chat=(text,)), [])

    def fight(self, attacker: tuple[int, int] = (6, 6), defender: tuple[int, int] = (1, 1)
              ) -> Combat:
        self.move(1, "British", "b5", "albany")
        self.interpreter.step(Step(index=2, side="British", rolls=d12(attacker)), [])
        (combat,) = [a for a in self.interpreter.step(
            Step(index=3, side="Colonial", rolls=d12(defender)), []) if isinstance(a, Combat)]
        return combat


def test_the_attacker_going_back_before_any_die_is_a_cancelled_attacks_retreat() -> None:
    """13.0 Step 2: below 1:3 "the attack is cancelled and the attacker must do a
    compulsory 'retreat'": back where it came from, before the dice, the defender still
    there — a `Retreated`, not a move of the force (no MP spent)."""
    field = Battlefield()
    field.move(1, "British", "b5", "albany")
    out = field.move(2, "British", "b5", "saratoga")
    assert [type(a) for a in out] == [Retreated]
    (back,) = out
    assert isinstance(back, Retreated)
    assert (back.cancelled, back.attacker, back.entered_from) == (True, True, "saratoga")


def test_the_battle_names_the_space_the_attacker_entered_from_wfa_13_3() -> None:
    combat = Battlefield().fight()
    assert (combat.space, combat.entered_from, combat.side) == ("albany", "saratoga",
                                                                "british")


def test_the_beaten_defender_retreats_after_its_losses_and_the_battle_ends_wfa_13_0() -> None:
    field = Battlefield(defenders=(("c3", "sp:continental:3"), ("m1", "sp:militia:1")))
    field.fight()
    (loss,) = [a for a in field.remove(4, "Colonial", "m1") if isinstance(a, LossTaken)]
    assert (loss.cause, loss.sp) == ("combat", 1)
    over, retreat = field.move(5, "Colonial", "c3", "highlands")
    assert isinstance(over, BattleLosses)
    assert over.before == (("british", 5), ("continental", 3), ("militia", 1))
    assert over.removed == (("militia", 1),)
    assert (over.retreated, over.surrendered, over.side) == ("colonial", None, "british")
    assert over.removed_of("colonial", {"militia": "colonial"}) == {"militia": 1}
    assert isinstance(retreat, Retreated) and retreat.attacker is False
    assert retreat.entered_from == "saratoga"  # where the attacker came from (13.3)
    # The 'D' marker on the force that retreated (WfA 13.1).
    marker = Relocation("d", "D Marker", None, placed("marker:d", space("highlands")))
    (d,) = field.interpreter.step(Step(index=6, side="Colonial"), [marker])
    assert isinstance(d, DMarkerPlaced) and (d.side, d.space) == ("colonial", "highlands")


def test_the_attacker_leaving_while_the_defender_holds_the_space_retreats_wfa_13_3() -> None:
    field = Battlefield()
    field.fight(attacker=(1, 1), defender=(6, 6))
    over, retreat = field.move(4, "British", "b5", "saratoga")
    assert isinstance(over, BattleLosses) and over.retreated == "british"
    assert isinstance(retreat, Retreated)
    assert (retreat.side, retreat.origin, retreat.destination, retreat.attacker,
            retreat.entered_from) == ("british", "albany", "saratoga", True, "saratoga")


def test_the_winner_moving_on_from_an_emptied_space_is_no_retreat() -> None:
    field = Battlefield()
    field.fight()
    field.move(4, "Colonial", "c3", "highlands")
    actions = field.move(5, "British", "b5", "kingston")
    assert "Retreated" not in kinds(actions) and "ForceMoved" in kinds(actions)


def test_a_force_removed_after_its_losses_and_said_to_surrender_surrenders_wfa_13_4() -> None:
    field = Battlefield(defenders=(("c3", "sp:continental:3"), ("c5", "sp:continental:5"),
                                   ("m1", "sp:militia:1")))
    field.fight()
    field.remove(4, "Colonial", "m1")
    # No retreat: the rest goes, and the player says why (WfA 13.4, 13.9).
    gone = field.remove(5, "Colonial", "c3", "c5")
    assert "Surrendered" not in kinds(gone)
    said = field.say(6, "Colonial", "no retreat: they surrender")
    (surrendered,) = said
    assert isinstance(surrendered, Surrendered)
    assert (surrendered.side, surrendered.space, surrendered.regular_sp) == (
        "colonial", "albany", 8)
    # The next AP ends the battle: the surrendered side is named.
    ap = Relocation("ap", "British AP", placed("ap:british", Place(PlaceKind.TRACK, "ap_2")),
                    placed("ap:british", Place(PlaceKind.TRACK, "ap_1")))
    over = field.interpreter.step(Step(index=7, side="British"), [ap])[0]
    assert isinstance(over, BattleLosses)
    assert (over.surrendered, over.retreated) == ("colonial", None)
    assert dict(over.removed) == {"militia": 1, "continental": 8}


def test_the_victors_major_victory_marker_says_the_force_surrendered_wfa_13_10() -> None:
    field = Battlefield(defenders=(("c5", "sp:continental:5"),))
    field.fight()
    flag = Relocation("mv", "British Major Victory", None,
                      placed("major_victory:british", Place(PlaceKind.TRACK, "year_1775")))
    actions = field.remove(4, "Colonial", "c5", extra=[flag])
    assert kinds(actions) == ["MajorVictoryMarked", "LossTaken", "Surrendered"]
    marked, loss, surrendered = actions
    assert isinstance(marked, MajorVictoryMarked) and marked.side == "british"
    assert isinstance(loss, LossTaken) and loss.cause == "surrender"
    # Removed in the step of the battle's losses: the surrendered regulars are not told
    # apart from the losses (digest §8 A-15), so they stay unknown.
    assert isinstance(surrendered, Surrendered) and surrendered.regular_sp is None


def test_a_force_removed_without_a_word_is_the_battles_losses_only() -> None:
    field = Battlefield()
    field.fight()
    actions = field.remove(4, "Colonial", "c3")
    assert kinds(actions) == ["LossTaken"]
    assert field.interpreter.close(5) == [BattleLosses(
        step=5, side="british", space="albany", before=(("british", 5), ("continental", 3)),
        removed=(("continental", 3),))]


def test_sp_lost_off_an_army_card_are_lost_where_the_army_stands_wfa_11_21() -> None:
    state = WfAState()
    interpreter = Interpreter(state)
    army_box = box("army_n_colonial")
    pieces = [Relocation("a", "Colonial Army N", None, placed("army:n_colonial",
                                                             space("albany"))),
              Relocation("c", "Continental SP 3", None, placed("sp:continental:3", army_box))]
    interpreter.begin(pieces)
    (loss,) = interpreter.step(Step(index=1, side="Colonial"),
                               [Relocation("c", "Continental SP 3", pieces[1].after, None)])
    assert isinstance(loss, LossTaken) and (loss.space, loss.sp) == ("albany", 3)


def test_british_sp_to_a_british_caribbean_possession_in_winter_are_the_withdrawal() -> None:
    state = WfAState()
    interpreter = Interpreter(state, winter_seasons=["winter"], mainland=["boston"],
                              british_caribbean=["st_lucia"])
    season = Relocation("s", "Season", None, placed("season", Place(PlaceKind.TRACK,
                                                                     "season_winter")))
    troops = Relocation("b", "British SP 3", None, placed("sp:british:3", space("boston")))
    interpreter.begin([season, troops])
    (withdrawal,) = interpreter.step(Step(index=1, side="British"), [Relocation(
        "b", "British SP 3", troops.after, placed("sp:british:3", space("st_lucia")))])
    assert isinstance(withdrawal, FreeAction)
    assert (withdrawal.kind, withdrawal.origin, withdrawal.destination, withdrawal.units) == (
        FreeKind.BRITISH_WITHDRAWAL, "boston", "st_lucia", ("sp:british:3",))


def test_the_same_move_outside_winter_is_a_force_moving() -> None:
    state = WfAState()
    interpreter = Interpreter(state, winter_seasons=["winter"], mainland=["boston"],
                              british_caribbean=["st_lucia"])
    troops = Relocation("b", "British SP 3", None, placed("sp:british:3", space("boston")))
    interpreter.begin([troops])
    actions = interpreter.step(Step(index=1, side="British"), [Relocation(
        "b", "British SP 3", troops.after, placed("sp:british:3", space("st_lucia")))])
    assert kinds(actions) == ["ForceActivated", "ForceMoved"]


def test_sp_pulled_from_two_spaces_onto_a_leader_are_a_leader_muster_wfa_12_9() -> None:
    state = WfAState()
    interpreter = Interpreter(state, leader_side={"washington": "colonial"})
    leader = Relocation("w", "George Washington", None, placed("leader:washington",
                                                                space("philadelphia")))
    north = Relocation("n", "Continental SP 2", None, placed("sp:continental:2",
                                                             space("trenton")))
    south = Relocation("s", "Militia SP 1", None, placed("sp:militia:1",
                                                          space("wilmington_de")))
    interpreter.begin([leader, north, south])
    interpreter.step(Step(index=1, side="Colonial", rolls=(DiceRoll("1d6", (3,), 3),)), [])
    actions = interpreter.step(Step(index=2, side="Colonial"), [
        Relocation("n", "Continental SP 2", north.after,
                   placed("sp:continental:2", space("philadelphia"))),
        Relocation("s", "Militia SP 1", south.after,
                   placed("sp:militia:1", space("philadelphia")))])
    activated, mustered = actions
    assert isinstance(activated, ForceActivated)
    assert (activated.kind, activated.space, activated.leader, activated.rolls,
            activated.sp) == (Activation.MUSTER, "philadelphia", "washington", (3,), 3)
    assert isinstance(mustered, LeaderMustered)
    assert mustered.pulled == (("trenton", 2), ("wilmington_de", 1))


def test_enemy_fleets_meeting_then_gauge_dice_and_a_d12_are_a_fleet_combat_wfa_15_5() -> None:
    state = WfAState()
    interpreter = Interpreter(state, fleet_side={"british_3": "british",
                                                 "french_2": "colonial"})
    obz = Place(PlaceKind.ZONE, "new_england_obz")
    british = Relocation("b", "British Fleet 3", None, placed("fleet:british_3",
                                                               space("halifax")))
    french = Relocation("f", "French Fleet 2", None, placed("fleet:french_2", obz))
    interpreter.begin([british, french])
    interpreter.step(Step(index=1, side="British", rolls=(DiceRoll("1d6", (4,), 4),)), [])
    (sailed,) = interpreter.step(Step(index=2, side="British"), [
        Relocation("b", "British Fleet 3", british.after, placed("fleet:british_3", obz))])
    assert isinstance(sailed, FleetMoved) and sailed.roll == 4
    interpreter.step(Step(index=3, side="British", rolls=(DiceRoll("1d6", (5,), 5),)), [])
    interpreter.step(Step(index=4, side="Colonial", rolls=(DiceRoll("1d6", (2,), 2),)), [])
    (fought,) = [a for a in interpreter.step(Step(index=5, side="British", rolls=d12((4, 5))),
                                             []) if not isinstance(a, Roll)]
    assert isinstance(fought, FleetCombat)
    assert (fought.side, fought.place, fought.gauge_rolls, fought.roll) == (
        "british", "new_england_obz", (("british", 5), ("colonial", 2)), 9)
    # The gauge dice are used: a later activation does not take them.
    assert interpreter.reading.d6 == DiceQueue()


class Fleets:
    """A British fleet at Halifax, a French one at Newport (made-up positions)."""

    def __init__(self) -> None:
        self.state = WfAState()
        self.interpreter = Interpreter(self.state, fleet_side={"british_3": "british",
                                                               "french_2": "colonial"})
        self.at = {"b": placed("fleet:british_3", space("halifax")),
                   "f": placed("fleet:french_2", space("newport"))}
        self.interpreter.begin([Relocation(k, k, None, p) for k, p in self.at.items()])

    def sail(self, index: int, side: str, key: str, to: Place, *,
             d6: int | None = None) -> FleetMoved:
        rolls = (DiceRoll("1d6", (d6,), d6),) if d6 is not None else ()
        before = self.at[key]
        self.at[key] = Placed(before.entity, to)
        found = [a for a in self.interpreter.step(
            Step(index=index, side=side, rolls=rolls),
            [Relocation(key, key, before, self.at[key])]) if isinstance(a, FleetMoved)]
        assert len(found) == 1
        return found[0]


def test_the_non_moving_fleet_going_out_to_the_obz_is_no_move_of_its_own_wfa_15_1() -> None:
    """15.1 Option 2: "The non-moving fleet decides to move into the OBZ": no D6, no AP."""
    fleets = Fleets()
    entered = fleets.sail(1, "British", "b", space("newport"), d6=5)
    assert not entered.forced and entered.roll == 5
    obz = Place(PlaceKind.ZONE, "new_england_obz")
    out = fleets.sail(2, "Colonial", "f", obz, d6=3)
    assert out.forced and out.roll is None
    # The D6 was not a move's: it is left for the weather gauge.
    assert 3 in fleets.interpreter.reading.d6.values("colonial")
    # "Both fleets, now in the OBZ, follow Fleet Combat Procedure" (15.5).
    follows = fleets.sail(3, "British", "b", obz)
    assert follows.forced
    fought = [a for a in fleets.interpreter.step(Step(index=4, side="British",
                                                      rolls=d12((3, 4))), [])
              if isinstance(a, FleetCombat)]
    assert [f.place for f in fought] == ["new_england_obz"]


def test_fleets_leaving_the_place_of_a_fleet_combat_go_where_the_result_sends_them(
        ) -> None:
    """15.7: the loser "is moved immediately to its TRT two turns later"; 19.33: the
    defending fleet "retreats to the closest friendly port". Neither is its own move."""
    fleets = Fleets()
    fleets.sail(1, "British", "b", space("newport"), d6=5)
    fleets.interpreter.step(Step(index=2, side="British", rolls=(DiceRoll("1d6", (6,), 6),)),
                            [])
    fleets.interpreter.step(Step(index=3, side="Colonial",
                                 rolls=(DiceRoll("1d6", (1,), 1),)), [])
    fought = [a for a in fleets.interpreter.step(Step(index=4, side="British",
                                                      rolls=d12((6, 6))), [])
              if isinstance(a, FleetCombat)]
    assert fought
    repaired = fleets.sail(5, "Colonial", "f", box("season_fall"))
    assert repaired.forced


def test_a_fleet_to_or_from_the_turn_record_track_is_repair_wfa_15_8() -> None:
    fleets = Fleets()
    assert fleets.sail(1, "British", "b", box("year_1777")).forced
    back = fleets.sail(2, "British", "b", box("europe_box"))
    assert back.forced


def test_a_fleets_own_move_takes_its_d6() -> None:
    fleets = Fleets()
    moved = fleets.sail(1, "Colonial", "f", Place(PlaceKind.ZONE, "new_england_obz"), d6=2)
    assert not moved.forced and moved.roll == 2


def test_an_enemy_flag_card_handed_to_the_opponent_was_offered_and_accepted_wfa_20_7(
        ) -> None:
    state = WfAState()
    interpreter = Interpreter(state, card_flags={"card_7": "colonial"})
    card = Relocation("c", "Card 7", None, placed("card:card_7",
                                                   Place(PlaceKind.HAND, "british")))
    interpreter.begin([card])
    (offered,) = interpreter.step(Step(index=1, side="British"), [Relocation(
        "c", "Card 7", card.after, placed("card:card_7", Place(PlaceKind.HAND, "colonial")))])
    assert isinstance(offered, CardOffered)
    assert (offered.side, offered.card, offered.accepted) == ("british", "card_7", True)
    assert state.hand_size["colonial"] == 1


def _drawn(interpreter: Interpreter, index: int, card: str, hand_of: str
           ) -> Relocation[Entity]:
    after = placed(f"card:{card}", Place(PlaceKind.HAND, hand_of))
    move = Relocation(card, card, placed(f"card:{card}", Place(PlaceKind.DECK)), after)
    interpreter.step(Step(index=index, side=hand_of.capitalize()), [move])
    return move


def test_a_card_leaving_a_hand_of_four_is_a_discard_wfa_20_5() -> None:
    """20.5: drawing a 4th card (an initiative tie, 20.4), the player "must discard one
    card of his choice. It can be the one he just drew": a discard, not a play."""
    interpreter = Interpreter(WfAState())
    cards = [placed(f"card:card_{n}", Place(PlaceKind.HAND, "british")) for n in (1, 2, 3)]
    interpreter.begin([Relocation(f"c{n}", f"Card {n}", None, c)
                       for n, c in enumerate(cards, start=1)])
    drawn = _drawn(interpreter, 1, "card_4", "british")
    out = interpreter.step(Step(index=2, side="British"), [Relocation(
        "card_4", "card_4", drawn.after, placed("card:card_4", Place(PlaceKind.DISCARD)))])
    assert [a.use for a in out if isinstance(a, ActionCardPlayed)] == [CardUse.DISCARD]
    # Back at 3, the next card out is played (its use is for the rules to weigh).
    played = interpreter.step(Step(index=3, side="British"), [Relocation(
        "c1", "Card 1", cards[0], placed("card:card_1", Place(PlaceKind.DISCARD)))])
    assert [a.use for a in played if isinstance(a, ActionCardPlayed)] == [CardUse.UNKNOWN]


def test_a_draw_and_its_discard_in_one_step_is_a_discard() -> None:
    interpreter = Interpreter(WfAState())
    cards = [placed(f"card:card_{n}", Place(PlaceKind.HAND, "colonial")) for n in (1, 2, 3)]
    interpreter.begin([Relocation(f"c{n}", f"Card {n}", None, c)
                       for n, c in enumerate(cards, start=1)])
    hand = placed("card:card_4", Place(PlaceKind.HAND, "colonial"))
    out = interpreter.step(Step(index=1, side="Colonial"), [
        Relocation("d", "Card 4", placed("card:card_4", Place(PlaceKind.DECK)), hand),
        Relocation("c2", "Card 2", cards[1], placed("card:card_2", Place(PlaceKind.DISCARD)))])
    assert [a.use for a in out if isinstance(a, ActionCardPlayed)] == [CardUse.DISCARD]


def test_an_enemy_flag_card_drawn_then_discarded_was_offered_and_rejected_wfa_20_8(
        ) -> None:
    """20.6: "he must immediately offer it"; 20.8: rejected, "it is placed in the discard
    pile". Discarded at once from the drawer's hand, it was not played: its use is
    `rejected`, so it opens no AP and is no card of the pulse."""
    interpreter = Interpreter(WfAState(), card_flags={"card_7": "colonial"})
    drawn = _drawn(interpreter, 1, "card_7", "british")
    out = interpreter.step(Step(index=2, side="Colonial"), [Relocation(
        "card_7", "card_7", drawn.after, placed("card:card_7", Place(PlaceKind.DISCARD)))])
    offer = [a for a in out if isinstance(a, CardOffered)]
    played = [a for a in out if isinstance(a, ActionCardPlayed)]
    assert [(o.side, o.accepted) for o in offer] == [("british", False)]
    assert [p.use for p in played] == [CardUse.REJECTED]


def test_an_enemy_flag_card_kept_past_other_play_is_not_read_as_rejected() -> None:
    """Once anything else is done, the card was not offered at once: its discard may be a
    play (WfA 20.6), so its use stays unknown for the card rule to weigh."""
    battle = Battlefield()
    battle.interpreter.card_flags["card_7"] = "colonial"
    drawn = _drawn(battle.interpreter, 1, "card_7", "british")
    battle.move(2, "British", "b5", "albany")
    out = battle.interpreter.step(Step(index=3, side="British"), [Relocation(
        "card_7", "card_7", drawn.after, placed("card:card_7", Place(PlaceKind.DISCARD)))])
    assert [a.use for a in out if isinstance(a, ActionCardPlayed)] == [CardUse.UNKNOWN]
    assert not [a for a in out if isinstance(a, CardOffered)]


def test_the_acceptors_own_discard_of_the_card_is_no_rejection_wfa_20_7() -> None:
    """20.7: accepted with 3 cards in hand, the opponent discards one, perhaps this one."""
    interpreter = Interpreter(WfAState(), card_flags={"card_7": "colonial"})
    drawn = _drawn(interpreter, 1, "card_7", "british")
    taken = placed("card:card_7", Place(PlaceKind.HAND, "colonial"))
    interpreter.step(Step(index=2, side="British"),
                     [Relocation("card_7", "card_7", drawn.after, taken)])
    out = interpreter.step(Step(index=3, side="Colonial"), [Relocation(
        "card_7", "card_7", taken, placed("card:card_7", Place(PlaceKind.DISCARD)))])
    assert [a.use for a in out if isinstance(a, ActionCardPlayed)] == [CardUse.UNKNOWN]


def test_a_chat_line_announcing_administration_is_its_step_wfa_7_0() -> None:
    """7.0 Step 4: "Check for Victory" — announced once a turn; a remark that only mentions
    administration mid-line is not."""
    interpreter = Interpreter(WfAState())
    remark = interpreter.step(Step(index=1, side="British",
                                   chat=("no need for administration yet",)), [])
    assert not [a for a in remark if isinstance(a, AdministrationStep)]
    said = interpreter.step(Step(index=2, side="British",
                                 chat=("Administration phase: check for victory",)), [])
    assert [a.kind for a in said if isinstance(a, AdministrationStep)] == ["victory_check"]
    again = interpreter.step(Step(index=3, side="Colonial", chat=("Victory check: none",)),
                             [])
    assert not [a for a in again if isinstance(a, AdministrationStep)]
    # Play goes on (the next turn's): its Administration Phase is read again.
    interpreter.step(Step(index=4, side="British", chat=("I pass",)), [])
    later = interpreter.step(Step(index=5, side="British", chat=("Administration",)), [])
    assert [type(a) for a in later] == [AdministrationStep]


class Coast:
    """A made-up coast: Boston and New York City coastal, joined by no land line; Albany
    inland, joined to Boston; the New England OBZ off Boston."""

    def __init__(self, *, complete: bool = True) -> None:
        self.state = WfAState()
        self.interpreter = Interpreter(
            self.state, sea_areas=["new_england_obz"], coastal=["boston", "new_york_city"],
            land_lines=[("albany", "boston")] if complete else None)
        self.at = {"b3": placed("sp:british:3", space("boston")),
                   "c2": placed("sp:continental:2", space("boston")),
                   "f4": placed("sp:french:4", space("boston")),
                   "howe": placed("leader:howe", space("boston"))}
        self.interpreter.begin([Relocation(k, k, None, p) for k, p in self.at.items()])

    def drag(self, index: int, side: str, key: str, to: Place,
             d6: int | None = None) -> list[Action]:
        rolls = (DiceRoll("1d6", (d6,), d6),) if d6 is not None else ()
        before = self.at[key]
        self.at[key] = Placed(before.entity, to)
        return [a for a in self.interpreter.step(Step(index=index, side=side, rolls=rolls),
                                                 [Relocation(key, key, before, self.at[key])])
                if not isinstance(a, Roll)]


def test_british_sp_between_coastal_spaces_no_land_line_joins_sail_wfa_14_7() -> None:
    """14.7: British SP "can move by sea, at no AP cost, with no fleet necessary": a drag
    from Boston to New York City, which no land line joins, is Naval Transport with its
    D6 (14.2), not the AP's force."""
    (sailed,) = Coast().drag(1, "British", "b3", space("new_york_city"), d6=4)
    assert isinstance(sailed, NavalTransport)
    assert (sailed.origin, sailed.destination, sailed.sp, sailed.roll) == (
        "boston", "new_york_city", 3, 4)


def test_french_sp_between_coastal_spaces_go_by_sea_with_their_fleet_wfa_14_13() -> None:
    """14.13: French land units "must move with their fleets"; 19.30: Spanish and Dutch
    too. A drag between coastal spaces no land line joins is their sea move."""
    (sailed,) = Coast().drag(1, "Colonial", "f4", space("new_york_city"))
    assert isinstance(sailed, NavalTransport) and sailed.side == "colonial"
    assert sailed.units == ("sp:french:4",)


def test_a_leg_onto_a_sea_area_is_by_sea_for_either_side() -> None:
    coast = Coast()
    (out,) = coast.drag(1, "Colonial", "c2", Place(PlaceKind.ZONE, "new_england_obz"), d6=2)
    assert isinstance(out, NavalTransport) and out.side == "colonial" and out.roll == 2
    (landed,) = coast.drag(2, "Colonial", "c2", space("new_york_city"))
    assert isinstance(landed, NavalTransport) and landed.roll is None


def test_a_beaten_amphibious_attacker_retreats_by_sea_wfa_13_6() -> None:
    """14.7: British Naval Transport may land on an enemy space (an amphibious attack);
    13.6: beaten, the SP "move with the fleet to the closest friendly coastal space": a
    retreat by sea, not one space along a land line."""
    coast = Coast()
    defenders = placed("sp:continental:2", space("new_york_city"))
    coast.interpreter.step(Step(index=1, side="Colonial"),
                           [Relocation("d", "Continental SP 2", None, defenders)])
    landed = coast.drag(2, "British", "b3", space("new_york_city"), d6=5)
    assert [type(a) for a in landed] == [NavalTransport, EnemyEntered]
    coast.interpreter.step(Step(index=3, side="British", rolls=d12((1, 1))), [])
    fought = [a for a in coast.interpreter.step(Step(index=4, side="Colonial",
                                                     rolls=d12((6, 6))), [])
              if isinstance(a, Combat)]
    assert fought
    retreat = [a for a in coast.drag(5, "British", "b3", space("boston"))
               if isinstance(a, Retreated)]
    assert [(r.attacker, r.by_sea, r.entered_from) for r in retreat] == [
        (True, True, "boston")]


def test_landed_units_may_use_a_single_mp_more_as_a_free_move_wfa_14_8() -> None:
    """14.8: "Once disembarked, units can use a single MP, if they have any left": their
    land leg after the landing is part of the free naval transport, not a force of the AP
    (no `ForceActivated`); a later land leg of other units is a force again."""
    state = WfAState()
    interpreter = Interpreter(state, sea_areas=["new_england_obz"],
                              coastal=["boston", "new_york_city"],
                              land_lines=[("albany", "boston"),
                                          ("new_york_city", "sandy_hook")])
    pieces = {"b3": placed("sp:british:3", space("boston")),
              "b2": placed("sp:british:2", space("albany"))}
    interpreter.begin([Relocation(k, k, None, p) for k, p in pieces.items()])

    def drag(index: int, key: str, to: str) -> list[Action]:
        before = pieces[key]
        pieces[key] = Placed(before.entity, space(to))
        return [a for a in interpreter.step(Step(index=index, side="British"),
                                            [Relocation(key, key, before, pieces[key])])
                if not isinstance(a, Roll)]

    assert [type(a) for a in drag(1, "b3", "new_york_city")] == [NavalTransport]
    (ashore,) = drag(2, "b3", "sandy_hook")
    assert isinstance(ashore, FreeAction) and ashore.kind is FreeKind.NAVAL_TRANSPORT
    assert (ashore.origin, ashore.destination) == ("new_york_city", "sandy_hook")
    assert [type(a) for a in drag(3, "b2", "boston")] == [ForceActivated, ForceMoved]


def test_what_is_not_read_as_by_sea() -> None:
    """A land line's leg; a leader alone (14.7 carries SP); the Colonials' coast-to-coast
    drag (their transport needs the card, 14.16: judged as a move); a map not known whole
    (a land line may join the two spaces)."""
    coast = Coast()
    assert [type(a) for a in coast.drag(1, "British", "b3", space("albany"))] == [
        ForceActivated, ForceMoved]
    assert NavalTransport not in [type(a) for a in coast.drag(
        2, "British", "howe", space("new_york_city"))]
    assert NavalTransport not in [type(a) for a in coast.drag(
        3, "Colonial", "c2", space("new_york_city"))]
    partial = Coast(complete=False)
    assert NavalTransport not in [type(a) for a in partial.drag(
        1, "British", "b3", space("new_york_city"))]


def test_the_british_player_moving_arnold_onto_british_sp_is_his_treason_wfa_19_13(
        ) -> None:
    """19.13: on a British D12 of 2-7 "the counter is flipped and immediately placed with the
    closest British SP"; from then on Arnold is British."""
    state = WfAState()
    interpreter = Interpreter(state, leader_side={"arnold": "colonial"})
    arnold = placed("leader:arnold", space("albany"))
    british = placed("sp:british:3", space("saratoga"))
    interpreter.begin([Relocation("a", "Arnold", None, arnold),
                       Relocation("b", "British SP 3", None, british)])
    interpreter.step(Step(index=1, side="British", rolls=d12((3, 2))), [])
    turned = placed("leader:arnold", space("saratoga"))
    (defected,) = [a for a in interpreter.step(Step(index=2, side="British"), [
        Relocation("a", "Arnold", arnold, turned)]) if not isinstance(a, Roll)]
    assert isinstance(defected, ArnoldDefected)
    assert (defected.origin, defected.destination, defected.roll) == ("albany", "saratoga", 5)
    later = interpreter.step(Step(index=3, side="British"), [
        Relocation("a", "Arnold", turned, placed("leader:arnold", space("albany"))),
        Relocation("b", "British SP 3", british, placed("sp:british:3", space("albany")))])
    assert [a.side for a in later if isinstance(a, ForceMoved)] == ["british"]


def test_the_colonial_player_moving_arnold_at_the_british_is_no_treason() -> None:
    state = WfAState()
    interpreter = Interpreter(state, leader_side={"arnold": "colonial"})
    arnold = placed("leader:arnold", space("albany"))
    interpreter.begin([Relocation("a", "Arnold", None, arnold), Relocation(
        "b", "British SP 3", None, placed("sp:british:3", space("saratoga")))])
    out = interpreter.step(Step(index=1, side="Colonial"), [
        Relocation("a", "Arnold", arnold, placed("leader:arnold", space("saratoga")))])
    assert not [a for a in out if isinstance(a, ArnoldDefected)]


def test_dotted_start_militia_are_counted_apart_and_a_return_is_read_wfa_10_6() -> None:
    """Making change for a loss (a dotted 2 for a dotted 1) keeps them; a dotted counter
    put back in play is more of them than before."""
    militia = Entity.parse("sp:militia:2:start")
    assert militia is not None and (militia.detail, militia.value) == ("start", 2)
    assert militia.entity_id == "sp:militia:2:start"
    assert Entity.parse("sp:british:2:start") is None
    state = WfAState()
    interpreter = Interpreter(state)
    two = placed("sp:militia:2:start", space("boston"))
    interpreter.begin([Relocation("m", "Start Militia SP 2", None, two)])
    assert state.space("boston").start_sp["militia"] == 2
    assert state.space("boston").sp["militia"] == 2
    one = placed("sp:militia:1:start", space("boston"))
    change = interpreter.step(Step(index=1, side="Colonial"), [
        Relocation("m", "Start Militia SP 2", two, None),
        Relocation("n", "Start Militia SP 1", None, one)])
    assert not [a for a in change if isinstance(a, StartUnitsPlaced)]
    assert state.space("boston").start_sp["militia"] == 1
    back = interpreter.step(Step(index=2, side="Colonial"), [
        Relocation("m", "Start Militia SP 2", None, placed("sp:militia:2:start",
                                                             space("newport")))])
    (returned,) = [a for a in back if isinstance(a, StartUnitsPlaced)]
    assert (returned.nation, returned.sp, returned.places) == ("militia", 2, ("newport",))


def test_a_tactical_commander_coming_into_play_is_read_wfa_11_26() -> None:
    """From the counter mix or a box onto a space or an Army Card: it came into play;
    moved with its SP between spaces, it did not."""
    state = WfAState()
    interpreter = Interpreter(state)
    (tc,) = interpreter.step(Step(index=1, side="British"), [Relocation(
        "t", "British TC", None, placed("tc:british", space("boston")))])
    assert isinstance(tc, TacticalCommanderPlaced)
    assert (tc.side, tc.nation, tc.place, tc.origin) == ("british", "british", "boston", None)
    assert state.space("boston").tcs["british"] == 1
    back = interpreter.step(Step(index=2, side="British"), [Relocation(
        "u", "German TC", placed("tc:german", box("removed")),
        placed("tc:german", box("army_r")))])
    assert [(a.place, a.origin) for a in back if isinstance(a, TacticalCommanderPlaced)] == [
        ("army_r", "removed")]
    moved = interpreter.step(Step(index=3, side="British"), [Relocation(
        "t", "British TC", placed("tc:british", space("boston")),
        placed("tc:british", space("newport")))])
    assert not [a for a in moved if isinstance(a, TacticalCommanderPlaced)]


def test_a_lake_navy_leaving_enemy_land_units_retreats_wfa_19_7() -> None:
    """19.7: a land unit ends its turn on the navy's space: the navy must retreat (a
    reaction in the enemy's AP); sailing from a space free of the enemy is its own move."""
    navy = placed("lake_navy:colonial", space("valcour"))
    interpreter = started(("n", navy), ("b", placed("sp:british:2", space("valcour"))))
    away = placed("lake_navy:colonial", space("ticonderoga"))
    (retreat,) = interpreter.step(Step(index=1, side="Colonial"), [
        Relocation("n", "Colonial Lake Navy", navy, away)])
    assert isinstance(retreat, LakeNavyMoved) and retreat.retreat
    (sailed,) = interpreter.step(Step(index=2, side="Colonial"), [
        Relocation("n", "Colonial Lake Navy", away, placed("lake_navy:colonial",
                                                          space("valcour")))])
    assert isinstance(sailed, LakeNavyMoved) and not sailed.retreat


def test_only_a_line_that_says_the_player_passes_is_a_pass_wfa_9_6() -> None:
    """9.6: "A player is allowed to 'pass' on his AP": "I pass", "British passes this AP";
    a remark in which something else passes ("passes his activation roll", "passes
    through Albany") is no pass, so no false "passed, then moved"."""
    for line, passed in (("I pass", True), ("<Banastre> British passes this AP.", True),
                         ("pass", True), ("Howe passes his activation roll", False),
                         ("the column passes through Albany", False)):
        out = Interpreter(WfAState()).step(Step(index=1, side="British", chat=(line,)), [])
        assert bool([a for a in out if isinstance(a, Pass)]) is passed, line


def test_chat_lines_are_read_as_vassal_writes_them() -> None:
    """VASSAL logs a typed line as `&lt;name&gt; - text`: a pass, the Administration Phase
    and an end-of-winter step are read from what follows the prefix; a remark that only
    mentions attrition is no end-of-winter step."""
    def kinds(line: str, season: str | None = None) -> list[str]:
        state = WfAState()
        interpreter = Interpreter(state, winter_seasons=["winter"])
        if season is not None:
            interpreter.begin([Relocation("s", "Season", None,
                                          placed("season", Place(PlaceKind.TRACK,
                                                                 f"season_{season}")))])
        return [type(a).__name__ for a in interpreter.step(
            Step(index=1, side="Colonial", chat=(line,)), [])]

    assert kinds("&lt;Abigail&gt; - I pass") == ["Pass"]
    assert kinds("&lt;Abigail&gt; - Administration phase") == ["AdministrationStep"]
    assert kinds("&lt;Abigail&gt; - Continental attrition, 1777", "winter") == ["WinterStep"]
    assert kinds("&lt;Abigail&gt; - mind the attrition later", "winter") == []
    assert kinds("&lt;Abigail&gt; - Lincoln passes his activation roll") == []


def test_an_army_replaced_on_leaving_its_region_is_no_creation_wfa_11_23() -> None:
    """11.23: "An army that has moved out of its operational Region is replaced by the
    army counter of the new Region" -- placed new, or, when already on the board, brought
    from where it stood: an `ArmyCreated` that replaces, not a creation or a move."""
    north = placed("army:n_british", space("philadelphia"))
    south = placed("army:s_british", space("charleston"))
    interpreter = started(("n", north), ("s", south))
    out = interpreter.step(Step(index=1, side="British"), [
        Relocation("n", "British Army N", north, None),
        Relocation("s", "British Army S", south, placed("army:s_british",
                                                         space("philadelphia")))])
    (created,) = [a for a in out if not isinstance(a, Roll)]
    assert isinstance(created, ArmyCreated)
    assert (created.army, created.space, created.replaces) == (
        "s_british", "philadelphia", "n_british")
    fresh = interpreter.step(Step(index=2, side="British"), [Relocation(
        "r", "Army R", None, placed("army:r", space("boston")))])
    assert [a.replaces for a in fresh if isinstance(a, ArmyCreated)] == [None]


def test_an_unmarked_initiative_pair_is_not_the_movers_activation_roll() -> None:
    """9.1: "Both players roll a D6 for initiative"; with no Action Round marker moved the
    log does not mark them, but a leading pair of one D6 each side before the mover's own
    D6 is not his activation roll (12.2: the MP die is the one rolled for the move)."""
    field = Battlefield()
    for index, (who, value) in enumerate((("British", 2), ("Colonial", 5), ("British", 6)),
                                         start=1):
        field.interpreter.step(Step(index=index, side=who,
                                    rolls=(DiceRoll("1d6", (value,), value),)), [])
    activated = [a for a in field.move(4, "British", "b5", "albany")
                 if isinstance(a, ForceActivated)]
    assert [a.rolls for a in activated] == [(6,)]


def test_a_movers_own_dice_are_all_kept() -> None:
    """11.10: Washington re-rolls a 6: both of his dice are the activation's."""
    field = Battlefield()
    for index, value in enumerate((6, 3), start=1):
        field.interpreter.step(Step(index=index, side="British",
                                    rolls=(DiceRoll("1d6", (value,), value),)), [])
    activated = [a for a in field.move(3, "British", "b5", "albany")
                 if isinstance(a, ForceActivated)]
    assert [a.rolls for a in activated] == [(6, 3)]


def test_a_fort_begun_takes_the_builders_movement_die_wfa_17_6() -> None:
    state = WfAState()
    interpreter = Interpreter(state)
    interpreter.step(Step(index=1, side="Colonial", rolls=(DiceRoll("1d6", (5,), 5),)), [])
    build = placed("fort:colonial:build", space("albany"))
    (begun,) = interpreter.step(Step(index=2, side="Colonial"),
                                [Relocation("f", "Colonial Fort (Build)", None, build)])
    assert isinstance(begun, FortBuilt) and (begun.roll, begun.completed) == (5, False)
    (done,) = interpreter.step(Step(index=3, side="Colonial"), [
        Relocation("f", "Colonial Fort", build, placed("fort:colonial:complete",
                                                       space("albany")))])
    assert isinstance(done, FortBuilt) and (done.roll, done.completed) == (None, True)


def test_six_nations_sp_off_their_card_are_a_free_action() -> None:
    state = WfAState()
    interpreter = Interpreter(state)
    tribe = Relocation("s", "Six Nations SP 2", None, placed("sp:six_nations:2",
                                                             box("six_nations")))
    interpreter.begin([tribe])
    (freed,) = interpreter.step(Step(index=1, side="British"), [Relocation(
        "s", "Six Nations SP 2", tribe.after, placed("sp:six_nations:2", space("oswego")))])
    assert isinstance(freed, FreeAction)
    assert (freed.kind, freed.origin, freed.destination, freed.units) == (
        FreeKind.SIX_NATIONS, "six_nations", "oswego", ("sp:six_nations:2",))


def test_the_siege_table_roll_and_the_besieged_force_removed_wfa_17_14() -> None:
    state = WfAState()
    interpreter = Interpreter(state)
    pieces = [Relocation("m", "Siege Marker", None, placed("siege", space("quebec"))),
              Relocation("b", "British SP 5", None, placed("sp:british:5", space("quebec"))),
              Relocation("l", "Loyalist SP 1", None, placed("sp:loyalist:1", space("quebec"))),
              Relocation("c", "Continental SP 5", None, placed("sp:continental:5",
                                                                 space("quebec")))]
    interpreter.begin(pieces)
    (roll,) = [a for a in interpreter.step(Step(index=1, side="Colonial", rolls=d12((6, 5))),
                                           []) if not isinstance(a, Roll)]
    assert isinstance(roll, SiegeAttempt)
    assert (roll.side, roll.space, roll.table_roll, roll.marker_placed) == (
        "colonial", "quebec", 11, False)
    actions = interpreter.step(Step(index=2, side="British"), [
        Relocation("b", "British SP 5", pieces[1].after, None),
        Relocation("l", "Loyalist SP 1", pieces[2].after, None)])
    assert kinds(actions) == ["LossTaken", "LossTaken", "Surrendered"]
    assert {a.cause for a in actions if isinstance(a, LossTaken)} == {"surrender"}
    surrendered = actions[-1]
    assert isinstance(surrendered, Surrendered)
    # 5 SP of regulars: a Major Victory for the besieger (WfA 17.16).
    assert (surrendered.side, surrendered.regular_sp) == ("british", 5)


def test_a_loyalist_chit_put_in_its_regions_expended_box_is_a_free_action_wfa_10_21(
        ) -> None:
    state = WfAState()
    interpreter = Interpreter(state)
    chit = Relocation("l", "Loyalist Chit", None, placed("marker:loyalist_chit",
                                                         box("british_leader_pool")))
    interpreter.begin([chit])
    (spent,) = interpreter.step(Step(index=1, side="British"), [Relocation(
        "l", "Loyalist Chit", chit.after, placed("marker:loyalist_chit",
                                                 box("expended_loyalist_deep_south")))])
    assert isinstance(spent, FreeAction)
    assert (spent.side, spent.kind, spent.destination) == (
        "british", FreeKind.LOYALIST_CHIT, "expended_loyalist_deep_south")


def test_the_battle_over_carries_its_dice_and_the_space_as_it_was_at_them() -> None:
    """BattleLosses keeps the battle's `Combat` and the battle space at the D12s, so that
    who gave way can be judged against the table (WfA 13.0 Steps 7, 9)."""
    field = Battlefield()
    combat = field.fight()
    over, _ = field.move(4, "Colonial", "c3", "highlands")
    assert isinstance(over, BattleLosses) and over.combat == combat
    assert over.position is not None
    assert dict(over.position.sp) == {"british": 5, "continental": 3}
    assert field.state.space("albany").sp_of("colonial") == 0  # the copy is not the space


def test_the_non_movers_counter_attack_on_a_key_space_is_his_battle_wfa_12_16() -> None:
    """12.16: "If the moving player does not attack, the non-moving player has the option
    to do so"; 10.14: the Colonial "counter-attack". Said before any die, the battle that
    follows is the non-mover's (`Combat.by_defender`); he entered from nowhere."""
    field = Battlefield()
    field.interpreter.key_spaces["albany"] = True
    field.move(1, "British", "b5", "albany")
    field.say(2, "Colonial", "Counter-attack at Albany!")
    field.interpreter.step(Step(index=3, side="Colonial", rolls=d12((6, 6))), [])
    (combat,) = [a for a in field.interpreter.step(
        Step(index=4, side="British", rolls=d12((1, 1))), []) if isinstance(a, Combat)]
    assert (combat.side, combat.by_defender, combat.entered_from) == ("colonial", True, None)
    assert (combat.attacker_roll, combat.defender_roll) == (12, 2)
    assert (combat.attacker_sp, combat.defender_sp) == (3, 5)


def test_the_counter_attack_takes_the_initiative_d6_rolled_after_it_is_said() -> None:
    """12.16: "He must roll for his leader's initiative": his D6 after the words, not one
    rolled before them (a militia die, 12.15), is the battle's `initiative_roll`."""
    field = Battlefield()
    field.interpreter.key_spaces["albany"] = True
    field.move(1, "British", "b5", "albany")
    field.interpreter.step(Step(index=2, side="Colonial",
                                rolls=(DiceRoll("1d6", (6,), 6),)), [])
    field.say(3, "Colonial", "Counter-attack at Albany!")
    field.interpreter.step(Step(index=4, side="Colonial",
                                rolls=(DiceRoll("1d6", (2,), 2),)), [])
    field.interpreter.step(Step(index=5, side="Colonial", rolls=d12((6, 6))), [])
    (combat,) = [a for a in field.interpreter.step(
        Step(index=6, side="British", rolls=d12((1, 1))), []) if isinstance(a, Combat)]
    assert (combat.by_defender, combat.initiative_roll) == (True, 2)


def test_a_counter_attack_said_on_a_space_not_known_as_key_is_not_read() -> None:
    """12.17: on a non-key space combat is compulsory for the mover; a 'counter-attack'
    said there (or where the data does not say) leaves the mover the attacker."""
    field = Battlefield()
    field.move(1, "British", "b5", "albany")
    field.say(2, "Colonial", "counter-attack")
    field.interpreter.step(Step(index=3, side="Colonial", rolls=d12((6, 6))), [])
    (combat,) = [a for a in field.interpreter.step(
        Step(index=4, side="British", rolls=d12((1, 1))), []) if isinstance(a, Combat)]
    assert (combat.side, combat.by_defender) == ("british", False)


def test_a_siege_marker_placed_instead_of_the_battle_takes_the_next_d12_wfa_17_13() -> None:
    """The mover entered the defenders' space and lays a siege (17.13) instead of fighting:
    the next D12 is the Siege Table's (17.14), not a battle die."""
    field = Battlefield()
    field.move(1, "British", "b5", "albany")
    marker = Relocation("s", "Siege Marker", None, placed("siege", space("albany")))
    (laid,) = field.interpreter.step(Step(index=2, side="British"), [marker])
    assert isinstance(laid, SiegeAttempt) and laid.marker_placed
    (roll,) = [a for a in field.interpreter.step(
        Step(index=3, side="British", rolls=d12((5, 5))), []) if not isinstance(a, Roll)]
    assert isinstance(roll, SiegeAttempt) and roll.table_roll == 10


def test_a_lone_garrison_entered_opens_a_battle_its_dice_decide_wfa_19_21() -> None:
    """19.21: "A garrison unit alone ... always rolls on the <1 column": entering its
    space, the two D12s that follow are a battle (no SP against the mover); moving on from
    it before any die, there is none."""
    field = Battlefield(defenders=(("g", "garrison:colonial"),))
    combat = field.fight()
    assert (combat.space, combat.side, combat.defender_sp) == ("albany", "british", 0)
    moved = Battlefield(defenders=(("g", "garrison:colonial"),))
    moved.move(1, "British", "b5", "albany")
    moved.move(2, "British", "b5", "highlands")
    rolled = moved.interpreter.step(Step(index=3, side="British", rolls=d12((6, 6))), [])
    assert "Combat" not in kinds(rolled)
    assert moved.interpreter.reading.combat is None
