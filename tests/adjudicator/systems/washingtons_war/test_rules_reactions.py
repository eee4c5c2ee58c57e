"""The reaction rules — interception (WW 7.8), retreat before battle (WW 7.9), retreat
after battle (WW 9.61–9.63) — on the rulebook's examples and sentences, each judged on a
position built by hand; the pytest id is the citation."""

from __future__ import annotations

from dataclasses import replace

import pytest

from adjudicator.systems.common.outcomes import Violation
from adjudicator.systems.common.places import Place
from adjudicator.systems.washingtons_war.actions import (
    ImpulseEnded,
    Interception,
    Retreat,
    RetreatBeforeBattle,
)
from adjudicator.systems.washingtons_war.data import Nationality, Side
from adjudicator.systems.washingtons_war.procedure import (
    Battle,
    BattleCard,
    BattleDie,
    carried_total,
)
from adjudicator.systems.washingtons_war.rules import reactions
from adjudicator.systems.washingtons_war.rules.context import Context
from tests.adjudicator.systems.washingtons_war.movekit import (
    ELIGIBLE,
    activation,
    drag,
    illegal,
    impulse,
    position,
    zone,
)

AM, BR = Nationality.AM, Nationality.BR

# WW 7.8 example: "A British Army enters a space containing an American PC Marker, which is
# adjacent to an American Army led by General Arnold. The American player chooses to
# attempt interception ..." Here the British Army (Cornwallis, 5 CUs) enters Camden from
# Ninety Six; Arnold and 3 CUs stand in Eutaw Springs (connections the rulebook states).
ARNOLD = {"ninety_six": ["general:cornwallis", "cu:BR:5"], "camden": ["pc:AM"],
          "eutaw_springs": ["general:arnold", "cu:AM:3"]}


def intercept(ctx: Context, *, cus: int = 3, left: int = 0, origin: str = "eutaw_springs",
              british_cus: int = 5, naval: str | None = None,
              intercepted_by: frozenset[str] = frozenset(),
              battle: Battle | None = None) -> Interception:
    """Arnold's Army intercepts into Camden, which Cornwallis's leg (step 2) just entered."""
    leg = drag(ctx, "cornwallis", "ninety_six", "camden", cus=british_cus, naval=naval)
    moved = activation("cornwallis", (leg,))
    return Interception(step=4, side="AM", general="arnold", origin=origin,
                        destination="camden", carried=((AM, cus),) if cus else (),
                        left_behind=left, leg=leg,
                        impulse=impulse(Side.BR, activations=(moved,),
                                        intercepted_by=intercepted_by, battle=battle))


def arnold(**changes: object) -> dict[str, list[str]]:
    return {**ARNOLD, **changes}  # type: ignore[dict-item]


INTERCEPTIONS = [
    pytest.param(ARNOLD, {}, set(),
                 id="WW 7.8 example (Arnold's Army intercepts into an American PC space)"),
    pytest.param(arnold(camden=[]), {}, {("WW-INT-01", 4)},
                 id="WW 7.8.A (only into a space that contains an American PC marker)"),
    pytest.param(arnold(eutaw_springs=["general:arnold"]), {"cus": 0}, {("WW-INT-01", 4)},
                 id="WW 7.8.A (American Armies intercept: not a General alone)"),
    pytest.param(arnold(charleston=["general:arnold", "cu:AM:3"], eutaw_springs=[]),
                 {"origin": "charleston"}, set(),
                 id="WW 7.8.A (adjacent: unknown on the rulebook's incomplete map)"),
    pytest.param(arnold(ninety_six=["general:cornwallis"]), {"british_cus": 0},
                 {("WW-INT-01", 4)},
                 id="WW 7.8.B (British Generals moving without CUs may not be intercepted)"),
    pytest.param(arnold(camden=["pc:AM", "cu:BR:1"]), {}, {("WW-INT-01", 4)},
                 id="WW 7.8.B (not into spaces which already contain British CUs)"),
    pytest.param(ARNOLD, {"naval": ELIGIBLE}, {("WW-NAV-02", 4)},
                 id="WW 7.8.B (British Armies using Naval Movement may not be intercepted)"),
    pytest.param(ARNOLD, {"intercepted_by": frozenset({"arnold"})}, {("WW-INT-01", 4)},
                 id="WW 7.8.E (no Army may attempt interception more than once per "
                    "Strategy Card)"),
    pytest.param(ARNOLD, {"battle": Battle(space="camden", attacker=Side.BR,
                                           general="cornwallis",
                                           entered_from=frozenset({"ninety_six"}), step=3,
                                           intercepted=True)},
                 {("WW-INT-01", 4)},
                 id="WW 7.8.E (the first successful interception prevents any further "
                    "interceptions)"),
    pytest.param(arnold(eutaw_springs=["general:arnold", "cu:AM:5", "cu:AM:2"]),
                 {"cus": 5, "left": 2}, set(),
                 id="WW 7.8.C (CUs in excess of 5 remain in their original space)"),
    pytest.param(arnold(eutaw_springs=["general:arnold", "cu:AM:3", "cu:AM:1"]),
                 {"cus": 3, "left": 1}, {("WW-INT-03", 4)},
                 id="WW 7.8.C (the intercepting General and all CUs stacked with him)"),
]


def over(action: Interception, *drags: tuple[int, int], left: int | None = None
         ) -> ImpulseEnded:
    """The impulse of an interception once it is over: the battle it opened, with the
    drags that brought the Army in (by default, the General's own)."""
    battle = Battle(space=action.destination, attacker=Side.BR, general="cornwallis",
                    entered_from=frozenset({"ninety_six"}), step=action.step,
                    intercepted=True, interceptor=action.general,
                    intercepted_from=action.origin,
                    intercepting=drags or ((action.step, carried_total(action.carried)),),
                    left_behind=action.left_behind if left is None else left)
    return ImpulseEnded(step=1, side="BR", impulse=replace(action.impulse, battles=(battle,)))


@pytest.mark.parametrize(("pieces", "extra", "expected"), INTERCEPTIONS)
def test_interception(pieces: dict[str, list[str]], extra: dict[str, object],
                      expected: set[tuple[str, int]]) -> None:
    ctx = position(pieces)
    action = intercept(ctx, **extra)  # type: ignore[arg-type]
    # The Army's CUs are judged once the impulse is over (they may be dragged after him).
    assert illegal(reactions, action, ctx) | illegal(reactions, over(action), ctx) == expected


def test_cus_dragged_after_the_intercepting_general_are_his_army() -> None:
    # WW 7.8.C: Arnold moves in alone (step 4) and his 3 CUs follow (step 5): one Army.
    ctx = position(arnold(camden=["pc:AM", "general:arnold", "cu:AM:3"], eutaw_springs=[]))
    action = intercept(ctx, cus=0, left=3)
    assert illegal(reactions, action, ctx) == set()
    assert illegal(reactions, over(action, (4, 0), (5, 3), left=0), ctx) == set()
    # Only 2 of the 3 follow: the last drag left 1 behind.
    assert illegal(reactions, over(action, (4, 0), (5, 2), left=1), ctx) == {
        ("WW-INT-03", 5)}


def test_adjacency_is_judged_on_a_complete_map() -> None:
    # WW 7.8.A on a made-up complete map: Charleston is not next to Camden.
    lines = [("ninety_six", "camden"), ("camden", "eutaw_springs"),
             ("eutaw_springs", "charleston")]
    ctx = position(arnold(charleston=["general:arnold", "cu:AM:3"], eutaw_springs=[]),
                   made_up_lines=lines, complete=True)
    assert illegal(reactions, intercept(ctx, origin="charleston"), ctx) == {("WW-INT-01", 4)}


def rbb(ctx: Context, destination: str, *, cus: int = 3, general: str | None = "arnold",
        attacker: Side = Side.BR, intercepted: bool = False,
        intercepted_by: frozenset[str] = frozenset()) -> RetreatBeforeBattle:
    """Arnold's Army, attacked in Camden by Cornwallis from Ninety Six, retreats before
    battle."""
    battle = Battle(space="camden", attacker=attacker, general="cornwallis",
                    entered_from=frozenset({"ninety_six"}), step=2, intercepted=intercepted)
    return RetreatBeforeBattle(step=4, side="AM", general=general, origin="camden",
                               destination=destination, carried=((AM, cus),) if cus else (),
                               battle=battle,
                               impulse=impulse(Side.BR, intercepted_by=intercepted_by,
                                               battle=battle))


ATTACKED = {"camden": ["general:arnold", "cu:AM:3", "pc:AM"],
            "ninety_six": ["general:cornwallis", "cu:BR:5"]}

RETREATS_BEFORE_BATTLE = [
    pytest.param(ATTACKED, ("eutaw_springs",), {}, set(),
                 id="WW 7.9.A-B (an American Army retreats before battle)"),
    pytest.param(ATTACKED, ("eutaw_springs",), {"intercepted_by": frozenset({"arnold"})},
                 {("WW-INT-04", 4)},
                 id="WW 7.8 example (if any British Army attacks Arnold's Army during "
                    "this card, they may not attempt to Retreat Before Battle)"),
    pytest.param(ATTACKED, ("eutaw_springs",), {"intercepted": True}, {("WW-INT-04", 4)},
                 id="WW 7.8.D (once an interception takes place, no retreat before battle)"),
    pytest.param({**ATTACKED, "camden": ["general:arnold", "cu:AM:5", "cu:AM:1", "pc:AM"]},
                 ("eutaw_springs",), {"cus": 6}, {("WW-RBB-03", 4)},
                 id="WW 7.9.B (only the General and 5 CUs may be retreated)"),
    pytest.param({**ATTACKED, "eutaw_springs": ["pc:BR"]}, ("eutaw_springs",), {},
                 {("WW-RBB-03", 4)},
                 id="WW 7.9.B, 9.61.A (not into a space with an enemy PC)"),
    pytest.param(ATTACKED, ("ninety_six",), {}, {("WW-RBB-03", 4)},
                 id="WW 7.9.B, 9.61.B (not into the space the attack came from)"),
    pytest.param(ATTACKED, ("eutaw_springs",), {"general": None}, {("WW-RBB-01", 4)},
                 id="WW 7.9.A (an American Army: CUs without a General do not)"),
    pytest.param(ATTACKED, ("eutaw_springs",), {"attacker": Side.AM}, {("WW-RBB-01", 4)},
                 id="WW 7.9 (Americans only)"),
]


@pytest.mark.parametrize(("pieces", "to", "extra", "expected"), RETREATS_BEFORE_BATTLE)
def test_retreat_before_battle(pieces: dict[str, list[str]], to: tuple[str],
                               extra: dict[str, object],
                               expected: set[tuple[str, int]]) -> None:
    ctx = position(pieces)
    assert illegal(reactions, rbb(ctx, *to, **extra), ctx) == expected  # type: ignore[arg-type]


def retreat(general: str, origin: str, destination: str, entered_from: str, *,
            attacker: bool, side: Side, cus: int = 3) -> Retreat:
    battle = Battle(space=origin, attacker=side if attacker else (
        Side.AM if side is Side.BR else Side.BR), general=None,
        entered_from=frozenset({entered_from}), step=2)
    nationality = AM if side is Side.AM else BR
    return Retreat(step=9, side=side.value, generals=(general,),
                   carried=((nationality, cus),) if cus else (), origin=origin,
                   destination=destination, attacker=attacker, battle=battle)


# WW 9.63 Combat Example: "Burgoyne and 5 CUs march into Saratoga by way of Ticonderoga
# ... Since Burgoyne was the attacker and must retreat, he must retreat to the space from
# which he entered combat — in this case, Ticonderoga. Unfortunately, this space is
# American-controlled. This results in Burgoyne surrendering the remainder of his Army."
SARATOGA = {"saratoga": ["general:burgoyne", "cu:BR:3", "general:gates", "cu:AM:4"],
            "ticonderoga": ["pc:AM"]}
# WW 7.8.F: the intercepted British Army (Cornwallis, from Ninety Six into Camden) and the
# intercepting American one (Arnold, from Eutaw Springs). Made up: a Camden-Charlotte line.
CAMDEN = {"camden": ["general:cornwallis", "cu:BR:4", "general:arnold", "cu:AM:2", "pc:AM"]}
CAMDEN_LINES = [("camden", "charlotte")]

RETREATS = [
    pytest.param(SARATOGA, (), ("burgoyne", "saratoga", "ticonderoga", "ticonderoga"),
                 {"attacker": True, "side": Side.BR}, {("WW-RET-01", 9)},
                 id="WW 9.63 example (Burgoyne must go back to Ticonderoga, "
                    "American-controlled: he surrenders, a retreat there is illegal)"),
    pytest.param({**SARATOGA, "ticonderoga": []}, (),
                 ("burgoyne", "saratoga", "ticonderoga", "ticonderoga"),
                 {"attacker": True, "side": Side.BR}, set(),
                 id="WW 9.61.B (the attacker retreats into the space from which it entered "
                    "the battle)"),
    pytest.param(CAMDEN, CAMDEN_LINES, ("cornwallis", "camden", "ninety_six", "ninety_six"),
                 {"attacker": True, "side": Side.BR}, set(),
                 id="WW 7.8.F (the British Army retreats back into the space it left)"),
    pytest.param(CAMDEN, CAMDEN_LINES, ("cornwallis", "camden", "charlotte", "ninety_six"),
                 {"attacker": True, "side": Side.BR}, {("WW-RET-02", 9)},
                 id="WW 7.8.F (... and nowhere else)"),
    pytest.param(CAMDEN, CAMDEN_LINES, ("arnold", "camden", "charlotte", "ninety_six"),
                 {"attacker": False, "side": Side.AM}, set(),
                 id="WW 7.8.F (the intercepting Army need not retreat to the space it "
                    "intercepted from)"),
    pytest.param(CAMDEN, CAMDEN_LINES, ("arnold", "camden", "eutaw_springs", "ninety_six"),
                 {"attacker": False, "side": Side.AM}, set(),
                 id="WW 9.61.B (... though it may)"),
    pytest.param(CAMDEN, CAMDEN_LINES, ("arnold", "camden", "ninety_six", "ninety_six"),
                 {"attacker": False, "side": Side.AM}, {("WW-RET-03", 9)},
                 id="WW 9.61.B (the defender may not retreat into the space the attack "
                    "originated from)"),
    pytest.param({**CAMDEN, "charlotte": ["pc:BR"]}, CAMDEN_LINES,
                 ("arnold", "camden", "charlotte", "ninety_six"),
                 {"attacker": False, "side": Side.AM}, {("WW-RET-01", 9)},
                 id="WW 9.61.A (not into a space with an enemy PC)"),
    pytest.param({**CAMDEN, "charlotte": ["cu:BR:1"]}, CAMDEN_LINES,
                 ("arnold", "camden", "charlotte", "ninety_six"),
                 {"attacker": False, "side": Side.AM}, {("WW-RET-01", 9)},
                 id="WW 9.61.A (not into a space with an enemy CU)"),
]


@pytest.mark.parametrize(("pieces", "lines", "move", "extra", "expected"), RETREATS)
def test_retreat(pieces: dict[str, list[str]], lines: list[tuple[str, str]],
                 move: tuple[str, str, str, str], extra: dict[str, object],
                 expected: set[tuple[str, int]]) -> None:
    ctx = position(pieces, made_up_lines=lines)
    action = retreat(*move, **extra)  # type: ignore[arg-type]
    assert illegal(reactions, action, ctx) == expected


# WW 9.62: "A defending British General and any surviving CUs that lose a battle in a port
# space may be able to retreat by sea ... to any other non-Blockaded port that does not
# contain an American CU or PC marker."
BOSTON: dict[str | Place, list[str]] = {
    "boston": ["general:howe", "cu:BR:2", "general:washington", "cu:AM:5", "pc:BR"]}


@pytest.mark.parametrize(("pieces", "destination", "expected"), [
    pytest.param(BOSTON, "new_york", set(), id="WW 9.62 (retreat by sea to another port)"),
    pytest.param({**BOSTON, "new_york": ["pc:AM"]}, "new_york", {("WW-RET-04", 9)},
                 id="WW 9.62 (not to a port with an American PC)"),
    pytest.param({**BOSTON, zone("New England"): ["navy"]}, "new_york", {("WW-RET-04", 9)},
                 id="WW 9.62 (not from a blockaded port)"),
    pytest.param({**BOSTON, zone("Long Island Sound"): ["navy"]}, "new_york",
                 {("WW-RET-04", 9)}, id="WW 9.62 (not to a Blockaded port)"),
    pytest.param({"philadelphia": ["general:howe", "cu:BR:2", "general:washington",
                                   "cu:AM:5", "pc:AM"]}, "new_york", {("WW-RET-04", 9)},
                 id="WW 9.62 (not from a fortified port without a British PC)"),
])
def test_british_retreat_by_sea(pieces: dict[str | Place, list[str]], destination: str,
                                expected: set[tuple[str, int]]) -> None:
    ctx = position(pieces)
    origin = next(iter(p for p in pieces if isinstance(p, str)))
    action = retreat("howe", origin, destination, "lexington_and_concord",
                     attacker=False, side=Side.BR, cus=2)
    assert illegal(reactions, action, ctx) == expected


def test_an_attacker_never_retreats_by_sea() -> None:
    # WW 9.62: "the British may not retreat by sea when they are the attacker".
    ctx = position(BOSTON)
    action = retreat("howe", "boston", "new_york", "barnstable", attacker=True,
                     side=Side.BR, cus=2)
    assert ("WW-RET-02", 9) in illegal(reactions, action, ctx)
    assert illegal(reactions, replace(action, destination="barnstable"), ctx) == set()


def rbb_rolled(ctx: Context, *dice: tuple[int, Side | None], general: str = "arnold",
               fought: bool = False) -> RetreatBeforeBattle:
    """`rbb` with the dice rolled in the battle before the retreat (`fought`: a Battle
    Card was played first, so the battle had begun)."""
    action = rbb(ctx, "eutaw_springs", general=general)
    battle = replace(action.battle, dice=tuple(BattleDie(3, v, s) for v, s in dice),
                     rolls=tuple(v for v, _ in dice),
                     attacker_rolls=sum(1 for _, s in dice if s is Side.BR))
    if fought:
        battle = replace(battle, cards=(BattleCard(3, Side.BR, "fixture_ops_1_b"),))
    return replace(action, battle=battle, general=general)


RBB_DICE = [
    pytest.param(((2, Side.AM),), "arnold", set(), set(),
                 id="WW 7.9.A, T7 (d6 2 <= Arnold's Agility 2: the retreat succeeds)"),
    pytest.param(((3, Side.AM),), "arnold", {("WW-RBB-02", 4)}, set(),
                 id="WW 7.9.B (d6 3 > Agility 2: failed, the battle follows, no retreat)"),
    pytest.param(((3, None),), "arnold", {("WW-RBB-02", 4)}, set(),
                 id="WW 7.9.A (a die the roster does not name is the attempt's)"),
    pytest.param((), "arnold", set(), {("WW-RBB-02", 4)},
                 id="WW 7.9.A (no die in the log: unchecked)"),
    pytest.param(((2, Side.AM), (5, Side.AM)), "arnold", set(), {("WW-RBB-02", 4)},
                 id="WW 7.9.A (two dice: which is the attempt's is not shown)"),
    pytest.param(((2, Side.AM),), "arnold", set(), {("WW-RBB-02", 4)}, True,
                 id="WW 7.9.B (the battle had begun: the die is not the attempt's)"),
    pytest.param(((5, Side.AM),), "greene", set(), {("WW-RBB-02", 4)},
                 id="T7 (Greene's Agility not in the rulebook's data: unchecked)"),
]


@pytest.mark.parametrize(("dice", "general", "illegal_ids", "unchecked_ids", "fought"),
                         [p if len(p.values) == 5 else pytest.param(*p.values, False, id=p.id)
                          for p in RBB_DICE])
def test_retreat_before_battle_die(dice: tuple[tuple[int, Side | None], ...], general: str,
                                   illegal_ids: set[tuple[str, int]],
                                   unchecked_ids: set[tuple[str, int]], fought: bool) -> None:
    ctx = position({**ATTACKED, "camden": [f"general:{general}", "cu:AM:3", "pc:AM"]})
    action = rbb_rolled(ctx, *dice, general=general, fought=fought)
    assert illegal(reactions, action, ctx) == illegal_ids
    assert {(o.rule_id, o.step) for o in reactions.judge(action, ctx)
            if isinstance(o, Violation) and o.severity.value == "unchecked"
            and o.rule_id == "WW-RBB-02"} == unchecked_ids


def test_washington_adds_two_to_retreat_before_battle() -> None:
    # T7: Washington or Greene +2. With the fixture's made-up Agility 2 for Washington
    # (the rulebook gives none), a 4 succeeds and a 5 fails.
    ctx = position({**ATTACKED, "camden": ["general:washington", "cu:AM:3", "pc:AM"]})
    record = ctx.data.generals["washington"]
    made_up = record.model_copy(update={"agility": record.agility.model_copy(
        update={"value": 2})})
    ctx.data = ctx.data.model_copy(update={"generals": {**ctx.data.generals,
                                                        "washington": made_up}})
    passed = rbb_rolled(ctx, (4, Side.AM), general="washington")
    failed = rbb_rolled(ctx, (5, Side.AM), general="washington")
    assert illegal(reactions, passed, ctx) == set()
    assert illegal(reactions, failed, ctx) == {("WW-RBB-02", 4)}


@pytest.mark.parametrize(("dice", "illegal_ids", "unchecked_ids"), [
    pytest.param((2,), set(), set(),
                 id="WW 7.8.A, T7 (d6 2 <= Arnold's Agility 2: the interception succeeds)"),
    pytest.param((3,), {("WW-INT-02", 4)}, set(),
                 id="WW 7.8 example (on a 3-6 the interception attempt fails)"),
    pytest.param((), set(), {("WW-INT-02", 4)},
                 id="WW 7.8.A (no die in the log: unchecked)"),
    pytest.param((5, 1), set(), {("WW-INT-02", 4)},
                 id="WW 7.8.A (two dice since the British entered: which is not shown)"),
])
def test_interception_die(dice: tuple[int, ...], illegal_ids: set[tuple[str, int]],
                          unchecked_ids: set[tuple[str, int]]) -> None:
    ctx = position(ARNOLD)
    action = replace(intercept(ctx), dice=dice)
    assert illegal(reactions, action, ctx) == illegal_ids
    assert {(o.rule_id, o.step) for o in reactions.judge(action, ctx)
            if isinstance(o, Violation) and o.severity.value == "unchecked"
            and o.rule_id == "WW-INT-02"} == unchecked_ids


@pytest.mark.parametrize(("there", "expected"), [
    pytest.param([], set(),
                 id="WW 9.61 Retreat Clarification (leaderless British survivors retreat by "
                    "sea if eligible)"),
    pytest.param(["pc:AM"], {("WW-RET-04", 9)},
                 id="WW 9.62 (not by sea into a port with an American PC, leaderless too)"),
])
def test_leaderless_survivors_retreat(there: list[str], expected: set[tuple[str, int]]) -> None:
    ctx = position({"new_york": ["cu:BR:2", "general:washington", "cu:AM:4"],
                    "charleston": there})
    action = replace(retreat("howe", "new_york", "charleston", "new_brunswick",
                             attacker=False, side=Side.BR, cus=2), generals=())
    assert illegal(reactions, action, ctx) == expected
    assert "WW-RET-06" in {o.rule_id for o in reactions.judge(action, ctx)
                           if not isinstance(o, Violation)}


def test_after_an_interception_the_british_goes_back_where_he_left() -> None:
    # WW 7.8.F: "it must retreat back into the space it left upon entering the intercept
    # space" — judged as WW-RET-02, and WW-INT-06 is applied.
    ctx = position(CAMDEN, made_up_lines=CAMDEN_LINES)
    action = retreat("cornwallis", "camden", "charlotte", "ninety_six", attacker=True,
                     side=Side.BR)
    action = replace(action, battle=replace(action.battle, intercepted=True))
    assert illegal(reactions, action, ctx) == {("WW-RET-02", 9)}
    assert "WW-INT-06" in {o.rule_id for o in reactions.judge(action, ctx)
                           if not isinstance(o, Violation)}


@pytest.mark.parametrize(("settled", "reminded"), [
    pytest.param({}, False, id="WW 9.7 (an interception before anything else is settled)"),
    pytest.param({"rbb": True}, True,
                 id="WW 7.9.B (interceptions come before any retreat before battle)"),
    pytest.param({"losses": True}, True,
                 id="WW 9.7 (interceptions come before an overrun is carried out)"),
])
def test_interceptions_are_settled_first(settled: dict[str, bool], reminded: bool) -> None:
    """WW-INT-07: an interception into Camden after the battle there began to be settled
    (a retreat before battle, an overrun) is out of order."""
    ctx = position(ARNOLD)
    battle = Battle(space="camden", attacker=Side.BR, general="cornwallis",
                    entered_from=frozenset({"ninety_six"}), step=2, **settled)
    outcomes = list(reactions.judge(intercept(ctx, battle=battle), ctx))
    reminders = {(o.rule_id, o.step) for o in outcomes
                 if isinstance(o, Violation) and o.severity.value == "reminder"}
    assert reminders == ({("WW-INT-07", 4)} if reminded else set())
    assert any(o.rule_id == "WW-INT-07" and not isinstance(o, Violation) for o in outcomes)
