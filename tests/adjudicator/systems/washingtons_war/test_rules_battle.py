"""The Battle family (WW 9.2–9.6) on made-up positions: the rulebook's Saratoga example
(WW 9.63, digest EX-11 and N1) judged from its dice, and the same battle with one thing
wrong, or with a fact the checks need missing (then `unchecked`, never `illegal`)."""

from __future__ import annotations

from fractions import Fraction

from adjudicator.systems.common.mapgraph import Connection, MapGraph
from adjudicator.systems.common.outcomes import Computed, Violation
from adjudicator.systems.common.places import space
from adjudicator.systems.common.values import evolve
from adjudicator.systems.washingtons_war.actions import BattleResolved
from adjudicator.systems.washingtons_war.data import Side, bundled_data
from adjudicator.systems.washingtons_war.procedure import (
    Battle,
    BattleCard,
    BattleDie,
    Impulse,
    Removal,
)
from adjudicator.systems.washingtons_war.rules import RULES
from adjudicator.systems.washingtons_war.rules.battle import battle_setup
from adjudicator.systems.washingtons_war.rules.context import Context
from adjudicator.systems.washingtons_war.state import CAPTURED
from tests.adjudicator.systems.washingtons_war.rulekit import (
    Position,
    applied,
    state_of,
    violations,
)

BR, AM = Side.BR, Side.AM
BEFORE = {"saratoga": ["general:burgoyne", "cu:BR:5", "general:gates", "cu:AM:5"],
          "ticonderoga": ["pc:AM"]}
"""WW 9.63: Burgoyne and 5 CUs enter Saratoga from Ticonderoga (an American PC); Gates
and 5 CUs are there."""
AFTER = {"saratoga": ["general:gates", "cu:AM:4"], "ticonderoga": ["pc:AM"],
         CAPTURED: ["general:burgoyne"]}
"""The book's outcome: Burgoyne surrenders (captured, his CUs eliminated); Gates loses 1."""
LINES = [("saratoga", "ticonderoga"), ("saratoga", "genesee")]
DICE = ((4, BR), (1, AM), (3, BR), (4, AM), (5, BR), (2, AM))
"""ABR Burgoyne 4 (full, 2), Gates 1 (half, 1); battle 3 and 4; loser 5; winner 2 (steps
5–10)."""
REMOVED_AT = 11
"""The step of the first side's CU removal (`lost`), the next side's one step later."""


def saratoga(before: dict[object, list[str]] | None = None,
             after: dict[object, list[str]] | None = None, *,
             dice: tuple[tuple[int, Side | None], ...] = DICE,
             lost: tuple[tuple[Side, int], ...] = ((BR, 5), (AM, 1)),
             regulars: bool | None = True,
             intercepted: bool = False) -> tuple[BattleResolved, Context]:
    """The Saratoga battle as the referee sees it once its impulse is over: cards at steps
    3 and 4, dice from step 5, each side's CUs of `lost` removed in a step of its own from
    step 11."""
    start = Position(before or BEFORE, LINES).context()  # type: ignore[arg-type]
    battle = Battle(space="saratoga", attacker=BR, general="burgoyne",
                    entered_from=frozenset({"ticonderoga"}), step=2, attacker_cus=5,
                    defender_cus=5, defender_general=True, intercepted=intercepted,
                    cards=(BattleCard(3, BR, "benjamin_franklin"),
                           BattleCard(4, AM, "morgans_riflemen")))
    battle = evolve(battle, setup=battle_setup(start, battle, 3, regulars=regulars),
                    dice=tuple(BattleDie(5 + i, v, side) for i, (v, side) in enumerate(dice)),
                    removals=tuple(Removal(REMOVED_AT + i, side, n)
                                   for i, (side, n) in enumerate(lost)))
    end = Position(after or AFTER, LINES).context()  # type: ignore[arg-type]
    impulse = Impulse(side=BR, card="fixture_ops_3_b", destination=space("discard"), step=1,
                      player=None, battles=(battle,))
    return BattleResolved(step=3, side="BR", battle=battle, impulse=impulse), end


def computations(action: BattleResolved, ctx: Context) -> list[Computed]:
    return [o for o in RULES.judge(action, ctx) if isinstance(o, Computed)]


def test_saratoga_odds_are_the_digests_n1() -> None:
    action, ctx = saratoga()
    before, given = computations(action, ctx)
    assert before.kind == "battle_odds"
    assert before.result["attacker_wins"] == "61/144"  # digest N1
    # Burgoyne cannot retreat (Ticonderoga has an American PC): a loss is a surrender.
    assert before.result["regulars_lost"] == str(Fraction(83, 144))
    assert before.inputs["attacker_drm"] == 2 and before.inputs["defender_drm"] == 3
    assert "militia +1" in str(before.inputs["defender_modifiers"])
    assert given.result["attacker_wins"] == "7/12"  # ABR 2 vs 1: 9 against 9


def test_saratoga_is_legal_and_owes_the_markers() -> None:
    action, ctx = saratoga()
    assert violations(action, ctx) == set()
    applied = {o.rule_id for o in RULES.judge(action, ctx) if not isinstance(o, (Violation,
                                                                           Computed))}
    assert {"WW-BAT-10", "WW-BAT-11", "WW-BAT-12", "WW-RET-05", "WW-CAPT-06"} <= applied
    # Regulars lost (5 British CUs) and the American win: the markers cannot be seen; they
    # are due once the battle is over, after its last step (the American removal).
    assert violations(action, ctx, "unchecked") == {("WW-BAT-13", 12), ("WW-BAT-14", 12)}


def test_a_surrender_with_a_retreat_open_is_illegal() -> None:
    # Ticonderoga without its American PC is open; New York's keeps the NY militia.
    before = {**BEFORE, "ticonderoga": [], "new_york": ["pc:AM"]}
    after = {**AFTER, "ticonderoga": [], "new_york": ["pc:AM"]}
    action, ctx = saratoga(before, after)
    # At the removal of the 5 British CUs (step 11), where the loss die 5 took 2.
    assert ("WW-RET-05", 11) in violations(action, ctx)


def test_a_surrendering_general_must_be_captured() -> None:
    after = {"saratoga": ["general:gates", "cu:AM:4"], "ticonderoga": ["pc:AM"],
             space("genesee"): ["general:burgoyne"]}
    action, ctx = saratoga(after=after)
    # Missing: by the battle's last step (the American removal, step 12).
    assert ("WW-CAPT-06", 12) in violations(action, ctx)


def test_the_winner_must_take_his_t6_loss() -> None:
    # Winner's die 2 <= Burgoyne's Agility 1 + 1: Gates loses 1, not 0.
    after = {**AFTER, "saratoga": ["general:gates", "cu:AM:5"]}
    action, ctx = saratoga(after=after, lost=((BR, 5),))
    # Missing: by the battle's last step (the British removal, step 11).
    assert ("WW-BAT-12", 11) in violations(action, ctx)


def test_a_winner_loss_beyond_the_table_is_found_at_its_removal() -> None:
    # Winner's die 3 > Burgoyne's Agility 1 + 1: Gates loses none, but 1 is removed.
    dice = (*DICE[:5], (3, AM))
    action, ctx = saratoga(dice=dice)
    assert violations(action, ctx) == {("WW-BAT-12", 12)}


def test_the_loser_holding_the_space_is_a_wrong_winner() -> None:
    # The dice make the Americans win; Gates leaves and Burgoyne stays.
    after = {"saratoga": ["general:burgoyne", "cu:BR:3"], space("genesee"): [
        "general:gates", "cu:AM:4"]}
    action, ctx = saratoga(after=after, lost=((BR, 2), (AM, 1)))
    # No drag out of the space is recorded: the battle's last step (step 12).
    assert violations(action, ctx) == {("WW-BAT-10", 12)}


def test_dice_rolled_by_the_wrong_player_are_unchecked_not_illegal() -> None:
    dice = ((4, AM), (1, BR), *DICE[2:])
    action, ctx = saratoga(dice=dice)
    assert violations(action, ctx) == set()
    assert ("WW-BAT-10", 3) in violations(action, ctx, "unchecked")


def test_missing_dice_are_unchecked() -> None:
    action, ctx = saratoga(dice=DICE[:3])
    assert violations(action, ctx) == set()
    assert ("WW-BAT-10", 3) in violations(action, ctx, "unchecked")


def test_an_unknown_regulars_side_leaves_the_odds_unknown_and_the_winner_if_it_decides() -> None:
    # The book's dice: 12 against 13 with the Regulars' +1, 11 against 13 without: the
    # Americans win either way, so the outcome is judged (and legal).
    action, ctx = saratoga(regulars=None)
    (odds,) = computations(action, ctx)
    assert "Regulars" in str(odds.result["missing"])
    assert violations(action, ctx) == set()
    assert violations(action, ctx, "unchecked") >= {("WW-BAT-13", 12)}
    assert ("WW-BAT-10", 3) not in violations(action, ctx, "unchecked")
    assert "WW-BAT-10" in applied(action, ctx)
    # Battle dice 4 and 4: 13 against 13 with it (a tie, the attacker's), 12 against 13
    # without: the winner turns on the Turn marker, so the outcome is unchecked.
    tied = ((4, BR), (1, AM), (4, BR), (4, AM), (5, BR), (2, AM))
    action, ctx = saratoga(regulars=None, dice=tied)
    assert violations(action, ctx) == set()
    assert ("WW-BAT-10", 3) in violations(action, ctx, "unchecked")


def test_a_missing_rating_is_named_and_nothing_is_illegal() -> None:
    data = bundled_data()  # no full rating set: Gates's Battle Rating is unknown
    lines = [Connection(a, b, "normal") for a, b in LINES]
    graph = MapGraph(sorted(data.spaces), lines, complete=True)
    action, _ = saratoga()
    start = Context(data, state_of(BEFORE), graph)  # type: ignore[arg-type]
    battle = evolve(action.battle, setup=battle_setup(start, action.battle, 3, regulars=True))
    end = Context(data, state_of(AFTER), graph)  # type: ignore[arg-type]
    action = evolve(action, battle=battle)
    (odds,) = computations(action, end)
    assert "Gates's Battle Rating" in str(odds.result["missing"])
    assert violations(action, end) == set()


def test_royal_navy_and_winter_offensive_follow_the_position() -> None:
    # Boston is a port (not fortified, no Blockaded Zone): +1 British; Washington attacks
    # with the last card of the phase: +2 American.
    ctx = Position({"boston": ["general:howe", "cu:BR:2", "general:washington", "cu:AM:3",
                               "pc:BR"]}).context()
    battle = Battle(space="boston", attacker=AM, general="washington",
                    entered_from=frozenset({"lexington_and_concord"}), step=1, last_card=True)
    setup = battle_setup(ctx, battle, 1, regulars=False)
    names = {(m.side, m.name, m.drm) for m in setup.modifiers}
    assert (BR, "royal_navy", 1) in names
    assert (AM, "winter_offensive", 2) in names
    assert not any(name == "regulars" for _, name, _ in names)
    unknown_hands = battle_setup(ctx, evolve(battle, last_card=None), 1, regulars=False)
    assert any("hands" in why for why in unknown_hands.unresolved)


def test_an_interception_gives_the_americans_one_more_and_that_decides_a_tie() -> None:
    """WW 9.46 (WW-INT-05): +1 for the Americans after a successful interception. Battle
    dice 4 and 4 make 13 against 13 without it (a tie: the British attacker wins, WW 9.2
    Step 4), 13 against 14 with it: the Americans win and hold Saratoga, as AFTER says."""
    tied = ((4, BR), (1, AM), (4, BR), (4, AM), (5, BR), (2, AM))
    action, ctx = saratoga(dice=tied, intercepted=True)
    assert violations(action, ctx) == set()
    assert action.battle.setup is not None
    assert "interception" in [m.name for m in action.battle.setup.modifiers]
    plain, plain_ctx = saratoga(dice=tied)
    assert ("WW-BAT-10", 12) in violations(plain, plain_ctx), "without it the British won"


def defended_port(port: str, pc: list[str]) -> tuple[BattleResolved, Context]:
    """WW 9.62: Washington attacks Howe's 2 CUs in a port from Lexington and Concord, its
    only land neighbour here, and wins; Howe surrenders both CUs (removed at step 11, the
    loss die 1 took 1) and is captured (step 12)."""
    before = {port: ["general:howe", "cu:BR:2", "general:washington", "cu:AM:5", *pc]}
    lines = [(port, "lexington_and_concord")]
    start = Position(before, lines).context()  # type: ignore[arg-type]
    battle = Battle(space=port, attacker=AM, general="washington",
                    entered_from=frozenset({"lexington_and_concord"}), step=2,
                    attacker_cus=5, defender_cus=2, defender_general=True, last_card=False)
    dice = ((5, AM), (5, BR), (6, AM), (1, BR), (1, BR), (6, AM))
    battle = evolve(battle, setup=battle_setup(start, battle, 3, regulars=False),
                    dice=tuple(BattleDie(5 + i, v, side) for i, (v, side) in enumerate(dice)),
                    removals=(Removal(11, BR, 2),), captured=("howe",), capture_steps=(12,))
    after = {port: ["general:washington", "cu:AM:5", *pc], CAPTURED: ["general:howe"]}
    end = Position(after, lines).context()  # type: ignore[arg-type]
    impulse = Impulse(side=AM, card="fixture_ops_3_a", destination=space("discard"), step=1,
                      player=None, battles=(battle,))
    return BattleResolved(step=3, side="AM", battle=battle, impulse=impulse), end


def test_a_british_defender_in_a_port_could_retreat_by_sea_so_may_not_surrender() -> None:
    # Boston is a port, not fortified, not blockaded: other ports are open (WW 9.62).
    action, ctx = defended_port("boston", [])
    assert violations(action, ctx) == {("WW-RET-05", 11)}


def test_no_retreat_by_sea_from_a_fortified_port_without_a_british_pc() -> None:
    # Charleston is a fortified port; with an American PC no retreat by sea (WW 9.62),
    # and the only land neighbour is where the attack came from: Howe surrenders (9.63.B).
    action, ctx = defended_port("charleston", ["pc:AM"])
    assert violations(action, ctx) == set()
    assert "WW-RET-05" in applied(action, ctx)
