"""The combat, forced-march and leader rule families (AR 17.2-17.4, 18, 21.4-21.7,
7.1(2)/18.11) judged on hand-made battle actions, against the fixture data."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from adjudicator.systems.american_revolution.actions import (
    AttritionLosses,
    AttritionRolled,
    BattleDraw,
    BattleRetreat,
    CombatOwed,
    FireRound,
    ForceMoved,
    GroundHeld,
    Holding,
    LeaderSurvival,
    LossesTaken,
    TacticsCommitted,
)
from adjudicator.systems.american_revolution.data import ARData, load_data
from adjudicator.systems.american_revolution.procedure import ARProcedure
from adjudicator.systems.american_revolution.read_battles import (
    BattleReading,
    _ground_kept,
    _ground_left,
    other,
)
from adjudicator.systems.american_revolution.referee import NOT_CHECKABLE
from adjudicator.systems.american_revolution.rules import combat, forced_march, leaders
from adjudicator.systems.american_revolution.rules.combat import amphibious
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.american_revolution.state import ARState, Entity
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.mapgraph import Connection, MapGraph
from adjudicator.systems.common.outcomes import Applied, Computed, Outcome, Severity, Violation
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.sequence import Knowledge, Moment
from adjudicator.systems.common.sequencer import Placement
from adjudicator.systems.common.tracker import Placed, Relocation
from tests.conftest import REPO

DATA = REPO / "fixtures" / "american-revolution" / "data" / "fixture.toml"


@cache
def data() -> ARData:
    return load_data((DATA,))


def context(pieces: tuple[tuple[str, str], ...] = (), phase: str = "campaign_1") -> Context:
    """A context with entities (`unit:us_regular`) in locales, in a Campaign Phase."""
    state = ARState()
    for number, (entity_id, locale) in enumerate(pieces):
        entity = Entity.parse(entity_id)
        assert entity is not None, entity_id
        state.apply(Relocation(f"p{number}", entity_id, None,
                               Placed(entity, Place(PlaceKind.SPACE, locale))))
    found = data()
    graph = MapGraph(found.locales, (Connection(r.a, r.b, str(r.type)) for r in found.routes),
                     complete=found.map_status.routes_complete)
    moment = Moment(turn="1775", phase=phase, knowledge=Knowledge.SHOWN, reason="a test")
    return Context(found, state, ARProcedure(), Placement(moment), graph)


def illegal(outcomes: list[Outcome]) -> list[str]:
    return [o.rule_id for o in outcomes
            if isinstance(o, Violation) and o.severity is Severity.ILLEGAL]


def done(outcomes: list[Outcome]) -> set[str]:
    return {o.rule_id for o in outcomes if isinstance(o, Applied)}


def judge(module: object, action: Action, ctx: Context) -> list[Outcome]:
    return list(module.judge(action, ctx))  # type: ignore[attr-defined]


ARNOLD: Holding = (("leader", "arnold", False), ("unit", "us_regular", False),
                   ("unit", "us_regular", False))
DETACHMENT: Holding = (("unit", "gb_detachment", False),)


def fire(dice: tuple[int, ...], *, firers: Holding = ARNOLD, target: Holding = DETACHMENT,
         tactics_left: int = 0, previous: str | None = None, number: int = 1,
         initiative: str | None = "US", side: str = "US",
         locale: str = "new_york") -> FireRound:
    return FireRound(step=7, side=side, locale=locale, number=number, dice=dice,
                     firers=firers, target=target, tactics_spent=0,
                     tactics_left=tactics_left, previous=previous, initiative=initiative,
                     target_broken=False, firer_broken=False)


# ---------------------------------------------------------------- fire dice


def test_two_regulars_roll_four_dice_and_the_losses_owed_are_reported() -> None:
    outcomes = judge(combat, fire((5, 5, 3, 1)), context())
    assert illegal(outcomes) == []
    assert "AR-CBT-04" in done(outcomes)
    owed = [o for o in outcomes if isinstance(o, Computed) and o.kind == "losses owed"]
    assert owed and owed[0].result["legal"] == "1 removed + 0 flipped"


def test_three_dice_for_four_combat_factors_are_too_few() -> None:
    assert illegal(judge(combat, fire((1, 2, 3)), context())) == ["AR-CBT-04"]


def test_committed_tactics_add_dice_up_to_the_printed_strength() -> None:
    assert illegal(judge(combat, fire((1, 2, 3, 4, 1), tactics_left=1), context())) == []
    assert illegal(judge(combat, fire((1,) * 6, tactics_left=1), context())) == ["AR-CBT-04"]
    # six committed but only 4 printed CF fire: at most 4 spent (AR 18.5)
    assert illegal(judge(combat, fire((1,) * 9, tactics_left=6), context())) == ["AR-CBT-05"]


def test_light_units_fire_an_extra_die_in_the_wilderness() -> None:
    light: Holding = (("unit", "us_light", False),)
    assert illegal(judge(combat, fire((1, 2), firers=light, locale="green_mountains"),
                         context())) == []
    assert illegal(judge(combat, fire((1,), firers=light, locale="green_mountains"),
                         context())) == ["AR-CBT-04"]


def test_disrupted_units_do_not_fire() -> None:
    shaken: Holding = (("unit", "us_regular", True), ("unit", "us_regular", False))
    assert illegal(judge(combat, fire((1, 2), firers=shaken), context())) == []
    assert illegal(judge(combat, fire((1, 2, 3, 4), firers=shaken), context())) == ["AR-CBT-04"]


def test_the_initiative_loser_may_not_fire_first() -> None:
    assert illegal(judge(combat, fire((1,), side="GB", firers=DETACHMENT, target=ARNOLD),
                         context())) == ["AR-CBT-03"]


def test_a_side_fires_twice_in_a_row_only_in_a_final_round_of_light_troops() -> None:
    assert illegal(judge(combat, fire((1, 2, 3, 4), previous="US", number=2),
                         context())) == ["AR-CBT-07"]
    light: Holding = (*ARNOLD, ("unit", "us_light", False))
    assert illegal(judge(combat, fire((4,), firers=light, previous="US", number=3),
                         context())) == []


# ---------------------------------------------------------------- hits


def losses(removed: int, flipped: int, *, sixes: int = 0, fives: int = 0, fresh: int = 1,
           disrupted: int = 0, closing: bool = False) -> LossesTaken:
    return LossesTaken(step=8, side="GB", locale="new_york", sixes=sixes, fives=fives,
                       fresh=fresh, disrupted=disrupted, removed=removed, flipped=flipped,
                       roll_step=7, closing=closing)


def test_two_fives_on_a_lone_unit_eliminate_it() -> None:
    assert illegal(judge(combat, losses(1, 0, fives=2, closing=True), context())) == []
    assert illegal(judge(combat, losses(0, 1, fives=2), context())) == []  # under way


def test_more_removals_than_the_sixes_and_fives_allow_is_illegal_at_the_removal() -> None:
    assert illegal(judge(combat, losses(2, 0, sixes=1, fresh=2), context())) == ["AR-CBT-06"]


def test_a_round_closed_with_hits_untaken_is_illegal() -> None:
    assert illegal(judge(combat, losses(0, 0, sixes=1, fresh=2, closing=True),
                         context())) == ["AR-CBT-06"]


# ---------------------------------------------------------------- tactics and leaders


def committed(count: int, holding: Holding, markers: tuple[str, ...] = ("tactics",)
              ) -> TacticsCommitted:
    return TacticsCommitted(step=5, side="US", locale="new_york", markers=markers,
                            committed=count,
                            leaders=tuple(h for h in holding if h[0] == "leader"))


def pieces(holding: Holding, locale: str = "new_york") -> tuple[tuple[str, str], ...]:
    return tuple((f"{kind}:{key}", locale) for kind, key, _ in holding)


def test_tactics_up_to_the_leadership_value() -> None:
    ctx = context(pieces(ARNOLD))
    assert illegal(judge(combat, committed(3, ARNOLD), ctx)) == []
    assert illegal(judge(combat, committed(4, ARNOLD), ctx)) == ["AR-CBT-03"]
    assert illegal(judge(combat, committed(1, ARNOLD, ("spy",)), ctx)) == ["AR-CBT-03"]


def test_no_tactics_without_a_leader() -> None:
    regulars: Holding = (("unit", "us_regular", False),)
    assert illegal(judge(combat, committed(1, regulars), context(pieces(regulars)))) == [
        "AR-CBT-03"]


def test_a_militia_leader_counts_only_with_militia_and_light() -> None:
    allen = data().leaders["allen"]
    value = allen.value or 0
    mixed: Holding = (("leader", "allen", False), ("unit", "us_regular", False))
    militia: Holding = (("leader", "allen", False), ("unit", "us_militia", False))
    assert illegal(judge(leaders, committed(value, mixed), context(pieces(mixed)))) == [
        "AR-LDR-03"]
    assert illegal(judge(leaders, committed(value, militia), context(pieces(militia)))) == []


# ---------------------------------------------------------------- retreat


def retreat(destination: str, units: tuple[str, ...] = ("us_militia",)) -> BattleRetreat:
    return BattleRetreat(step=9, side="US", move=ForceMoved(
        step=9, side="US", pieces=("x",), units=units, leaders=(), origin="new_york",
        destination=destination, path=("new_york", destination), die=None, retreat=True))


def test_a_retreat_goes_to_an_adjacent_locale_free_of_enemy_units() -> None:
    ctx = context((("unit:gb_regular", "new_york"), ("unit:us_militia", "princeton"),
                   ("unit:gb_detachment", "albany")))
    assert illegal(judge(combat, retreat("princeton"), ctx)) == []
    assert illegal(judge(combat, retreat("albany"), ctx)) == ["AR-CBT-08"]
    assert illegal(judge(combat, retreat("philadelphia"), ctx)) == ["AR-CBT-08"]


def test_a_retreat_to_sea_needs_a_fleet_with_room_and_the_high_seas() -> None:
    """AR 18.9, 24.5, 24.9: four land combat units a fleet, and off by the high seas."""
    ctx = context()
    four = ("us_fleet", "us_regular", "us_regular", "us_light", "us_militia")
    assert done(judge(combat, retreat("boston", four), ctx)) >= {"AR-CBT-09"}
    assert illegal(judge(combat, retreat("boston", four), ctx)) == []
    five = (*four, "us_regular")
    assert illegal(judge(combat, retreat("boston", five), ctx)) == ["AR-CBT-09"]
    assert illegal(judge(combat, retreat("boston", ("us_fleet", *five)), ctx)) == []
    assert illegal(judge(combat, retreat("princeton", ("us_fleet", "us_militia")),
                         ctx)) == ["AR-CBT-09"]


def test_the_winner_holds_its_ground_until_its_next_movement_phase() -> None:
    """AR 18.10: the phasing side's victor moving out in the same phase is illegal."""
    move = retreat("princeton").move
    left = GroundHeld(step=12, side="US", locale="new_york", left=move)
    assert illegal(judge(combat, left, context())) == ["AR-CBT-10"]
    kept = GroundHeld(step=12, side="US", locale="new_york")
    assert illegal(judge(combat, kept, context())) == []
    assert "AR-CBT-10" in done(judge(combat, kept, context()))


def test_the_reading_keeps_the_attackers_won_locale_until_its_phase_ends() -> None:
    """A move of the victor out of the locale is reported once; the phase's end reports
    the ground kept (AR 18.10)."""
    move = retreat("princeton").move
    reading = BattleReading(phase="campaign_1", phasing="US",
                            held=(("new_york", "US"),))
    after, found = _ground_left(reading, move, None)
    assert after.held == () and [type(a) for a in found] == [GroundHeld]
    other_side = ForceMoved(step=9, side="GB", pieces=("y",), units=("gb_regular",),
                            leaders=(), origin="new_york", destination="albany",
                            path=("new_york", "albany"), die=None)
    same, none = _ground_left(reading, other_side, None)
    assert same.held == reading.held and none == []
    cleared, kept = _ground_kept(reading, 20, None)
    assert cleared.held == () and [a.left for a in kept if isinstance(a, GroundHeld)] == [
        None]


# ---------------------------------------------------------------- mandatory combat


def owed(*locales: tuple[str, Holding, Holding], forced: tuple[str, ...] = ()) -> CombatOwed:
    return CombatOwed(step=5, side="US", locales=locales, forced=forced)


def test_combat_is_mandatory_but_an_enemy_fleet_alone_in_port_is_exempt() -> None:
    assert illegal(judge(combat, owed(("new_york", ARNOLD, DETACHMENT)), context())) == [
        "AR-CBT-01"]
    fleet: Holding = (("unit", "gb_fleet", False),)
    assert illegal(judge(combat, owed(("new_york", ARNOLD, fleet)), context())) == []


def test_a_forced_march_into_the_enemy_must_attack() -> None:
    action = owed(("new_york", ARNOLD, DETACHMENT), forced=("new_york",))
    assert illegal(judge(forced_march, action, context())) == ["AR-FM-04"]
    assert illegal(judge(combat, action, context())) == []


# ---------------------------------------------------------------- after the battle


def draw(side: str, count: int, drawn: int, owed_: int, *, victor: str = "US",
         victor_drawn: int = 0, victor_owed: int = 0, closing: bool = False) -> BattleDraw:
    return BattleDraw(step=10, side=side, locale="new_york", count=count, drawn=drawn,
                      owed=owed_, victor=victor, victor_drawn=victor_drawn,
                      victor_owed=victor_owed, closing=closing)


def test_each_side_draws_as_many_markers_as_it_eliminated_victor_first() -> None:
    ctx = context((("marker:tactics", "x"),))
    ctx.state.pieces["p0"] = (Entity("marker", "tactics"), Place(PlaceKind.DECK))
    assert illegal(judge(combat, draw("US", 1, 1, 1), ctx)) == []
    assert illegal(judge(combat, draw("US", 2, 2, 1), ctx)) == ["AR-CM-03"]
    assert illegal(judge(combat, draw("GB", 1, 1, 1, victor_owed=2), ctx)) == ["AR-CM-03"]
    assert illegal(judge(combat, draw("US", 0, 0, 1, closing=True), ctx)) == ["AR-CM-03"]


def test_no_draw_is_owed_from_an_empty_pool() -> None:
    assert illegal(judge(combat, draw("US", 0, 0, 1, closing=True), context())) == []


def test_leader_survival_die_against_his_value() -> None:
    gage = data().leaders["gage"].value or 0
    pool = "box:leader_pool_GB"

    def survival(die: int, place: str) -> LeaderSurvival:
        return LeaderSurvival(step=11, side="GB", leader="gage", die=die, place=place)

    assert illegal(judge(combat, survival(gage, pool), context())) == []
    assert illegal(judge(combat, survival(gage + 1, pool), context())) == ["AR-CBT-12"]
    assert illegal(judge(combat, survival(1, "box:removed"), context())) == ["AR-CBT-12"]


# ---------------------------------------------------------------- forced-march attrition


def test_attrition_one_die_per_combat_unit_and_a_loss_per_six() -> None:
    ctx = context()
    rolled = AttritionRolled(step=6, side="US", locale="new_york", units=2, dice=(6, 2))
    assert illegal(judge(forced_march, rolled, ctx)) == []
    assert illegal(judge(forced_march, AttritionRolled(
        step=6, side="US", locale="new_york", units=2, dice=(6, 2, 1)), ctx)) == ["AR-FM-02"]

    def lost(units: int, *, closing: bool = False,
             leaders_: tuple[str, ...] = ()) -> AttritionLosses:
        return AttritionLosses(step=7, side="US", locale="new_york", sixes=1, units=units,
                               leaders=leaders_, closing=closing)

    assert illegal(judge(forced_march, lost(1, closing=True), ctx)) == []
    assert illegal(judge(forced_march, lost(2), ctx)) == ["AR-FM-02"]
    assert illegal(judge(forced_march, lost(0, closing=True), ctx)) == ["AR-FM-02"]
    assert illegal(judge(leaders, lost(0, leaders_=("arnold",)), ctx)) == ["AR-LDR-02"]


def test_fog_of_war_is_never_judged_from_a_log() -> None:
    assert "not recorded" in NOT_CHECKABLE["AR-FOG-01"]
    assert other("US") == "GB"


# ---------------------------------------------------------------- amphibious assault


def arrival(units: tuple[str, ...], origin: str = "halifax") -> ForceMoved:
    return ForceMoved(step=4, side="GB", pieces=tuple(f"a{i}" for i in range(len(units))),
                      units=units, leaders=(), origin=origin, destination="boston",
                      path=(origin, "boston"), die=4)


def assault_retreat(destination: str, units: tuple[str, ...]) -> BattleRetreat:
    return BattleRetreat(step=9, side="GB", move=ForceMoved(
        step=9, side="GB", pieces=("x",), units=units, leaders=(), origin="boston",
        destination=destination, path=("boston", destination), die=None, retreat=True))


def test_a_failed_amphibious_assault_re_embarks_and_leaves_by_sea() -> None:
    """AR 24.6(3): the survivors re-embark and retreat with their fleet(s); AR 24.10: with
    the fleet sunk the force is ashore, its retreat blocked."""
    ctx = context()
    by_sea = (arrival(("gb_fleet", "gb_regular", "gb_regular")),)
    ctx = replace(ctx, proc=replace(ctx.proc, moves=by_sea))
    assert amphibious(ctx, "GB", "boston")
    outcomes = judge(combat, assault_retreat("halifax", ("gb_fleet", "gb_regular")), ctx)
    assert illegal(outcomes) == [] and "AR-CBT-14" in done(outcomes)
    assert illegal(judge(combat, assault_retreat("lexington", ("gb_regular",)), ctx)) == [
        "AR-CBT-14"]


def test_land_and_amphibious_forces_together_are_not_read_as_an_assault() -> None:
    """FAQ: land and amphibious forces may hit the same port in one turn; a fleet alone
    carries no assault force (AR 24.7)."""
    ctx = context()
    mixed = (arrival(("gb_fleet", "gb_regular")), arrival(("gb_regular",), "lexington"))
    assert not amphibious(replace(ctx, proc=replace(ctx.proc, moves=mixed)), "GB", "boston")
    alone = (arrival(("gb_fleet",)),)
    assert not amphibious(replace(ctx, proc=replace(ctx.proc, moves=alone)), "GB", "boston")
    assert not amphibious(ctx, "GB", "boston")


def test_a_defender_that_landed_earlier_in_the_phase_made_no_assault() -> None:
    """The British landed first, then the Americans moved and attacked them: the British
    retreat is an ordinary one (AR 18.8), not an amphibious assault's (AR 24.6(3))."""
    ctx = context()
    us_move = ForceMoved(step=6, side="US", pieces=("u",), units=("us_militia",), leaders=(),
                         origin="lexington", destination="boston",
                         path=("lexington", "boston"), die=3)
    moves = (arrival(("gb_fleet", "gb_regular")), us_move)
    assert not amphibious(replace(ctx, proc=replace(ctx.proc, moves=moves)), "GB", "boston")
