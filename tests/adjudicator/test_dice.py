"""Die rolls read from chat reports and result properties, and re-rolls (FORMAT.md §5.6).

The logs written here by `GameBuilder` use made-up pieces, buttons and a made-up map; only
the command shapes are VASSAL's.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.replay import Timeline, replay
from adjudicator.replay.dice import (
    DEFAULT_REPORT_FORMAT,
    DiceReader,
    Roll,
    RollSource,
    compile_report_format,
)
from adjudicator.replay.rerolls import find_rerolls
from tests.conftest import CORPUS, REPO
from vmod_schema.builder import GameBuilder, moved
from vmod_schema.buildfile import (
    DiceButton,
    Module,
    SpecialDiceButton,
    SpecialDie,
    SpecialDieFace,
    open_module,
)
from vmod_schema.commands import ChangeGlobalProperty, Chat, Command, ShowDiceResults
from vmod_schema.savefile import read_save

EXAMPLE = REPO / "fixtures" / "example"
MAP = "Made-up Map"
TWO_D6 = DiceButton(name="2d6", n_dice=2, n_sides=6)
COMBAT = DiceButton(name="Combat", n_dice=1, n_sides=10, report_total=True, add_to_total=1,
                    report_format="$PlayerName$ ($PlayerSide$) rolls $nDice$d$nSides$ "
                                  "for $name$: total $numericalTotal$")
SILENT = DiceButton(name="Hidden", n_dice=2, n_sides=6, report_format="")
WEATHER = SpecialDiceButton(name="Weather", format="** $name$ = [$result1$] *** <$PlayerName$>",
                            dice=(SpecialDie(name="Sky", faces=(
                                SpecialDieFace(text="Clear", value=0),
                                SpecialDieFace(text="Rain", value=1),
                                SpecialDieFace(text="Storm", value=2))),))
MADE_UP = Module(name="Made-up Dice", root_class="VASSAL.build.GameModule",
                 dice_buttons=(TWO_D6, COMBAT, SILENT), special_dice_buttons=(WEATHER,))


def _rolls(*commands: Command, module: Module | None = MADE_UP) -> tuple[Roll, ...]:
    return DiceReader.for_module(module).rolls(commands)


def _roll(name: str, value: str, old: str = "") -> ChangeGlobalProperty:
    return ChangeGlobalProperty(f"{name}_result", old, value, "Module")


# ------------------------------------------------------------------- report formats


@pytest.mark.parametrize("line", ["*** 2d6 = 3,5 *** <Alice>",
                                  "*** 2d6 = 3,5 *** &lt;Alice&gt;",
                                  "*** 2d6 = 3, 5 ***  &lt;Alice&gt; "])
def test_default_format_matches_both_bracket_spellings(line: str) -> None:
    pattern = compile_report_format(DEFAULT_REPORT_FORMAT, name="2d6")
    assert pattern is not None
    match = pattern.fullmatch(line)
    assert match is not None
    assert match.group("PlayerName") == "Alice"


def test_format_of_a_button_matches_only_its_own_name() -> None:
    pattern = compile_report_format(DEFAULT_REPORT_FORMAT, name="2d6")
    assert pattern is not None
    assert pattern.fullmatch("*** 3d6 = 3,5,1 *** <Alice>") is None


def test_empty_and_beanshell_formats_write_no_matchable_line() -> None:
    assert compile_report_format("", name="x") is None
    assert compile_report_format("{Roll > 3}", name="x") is None


def test_format_with_a_dollar_escape_and_an_unknown_property() -> None:
    pattern = compile_report_format("Cost \\$5: $name$ = $result$ (turn $Turn$)", name="d")
    assert pattern is not None
    assert pattern.fullmatch("* Cost $5: d = 4 (turn 3)") is not None


# ------------------------------------------------------------------- plain dice buttons


def test_module_button_roll_has_player_count_sides_values_total_and_is_confirmed() -> None:
    (roll,) = _rolls(Chat("*** 2d6 = 3,5 *** &lt;Alice&gt;"), _roll("2d6", "3,5"))
    assert (roll.button, roll.player, roll.count, roll.sides) == ("2d6", "Alice", 2, 6)
    assert (roll.values, roll.total) == ((3, 5), 8)
    assert roll.source is RollSource.BUTTON
    assert roll.confirmed
    assert roll.text == "*** 2d6 = 3,5 *** &lt;Alice&gt;"


def test_report_that_disagrees_with_the_result_property_is_not_confirmed() -> None:
    (roll,) = _rolls(Chat("*** 2d6 = 6,6 *** <Alice>"), _roll("2d6", "1,2"))
    assert roll.values == (6, 6)
    assert not roll.confirmed


def test_custom_format_reads_dice_count_sides_total_and_player() -> None:
    (roll,) = _rolls(Chat("* Carol (Red) rolls 1d10 for Combat: total 8"))
    assert (roll.button, roll.player, roll.count, roll.sides) == ("Combat", "Carol", 1, 10)
    assert (roll.values, roll.total) == ((), 8)


def test_default_format_without_module_reads_dice_shape_from_a_2d6_name() -> None:
    (roll,) = _rolls(Chat("*** 2d6 = 1,4 *** <Bob>"), module=None)
    assert (roll.button, roll.count, roll.sides, roll.values, roll.total) == (
        "2d6", 2, 6, (1, 4), 5)
    assert roll.source is RollSource.DEFAULT


def test_default_format_for_an_unknown_button_keeps_a_single_number_as_total() -> None:
    (roll,) = _rolls(Chat("*** Morale = 9 *** <Bob>"), module=None)
    assert (roll.count, roll.sides, roll.values, roll.total) == (None, None, (), 9)


def test_silent_button_roll_is_read_from_its_result_property() -> None:
    (roll,) = _rolls(_roll("Hidden", "2,6"))
    assert (roll.button, roll.values, roll.total) == ("Hidden", (2, 6), 8)
    assert roll.source is RollSource.PROPERTY


@pytest.mark.parametrize("text", [
    "&lt;Alice&gt; - *** 2d6 = 6,6 *** &lt;Alice&gt;",  # typed into the chat
    "* UNDO: 2d6 = 3,5 *** &lt;Alice&gt;",  # an undo's report
    "* Red Infantry moves Hill -> Ford *",
    "Resetting teams",
])
def test_chat_that_is_not_a_roll_stays_text(text: str) -> None:
    assert _rolls(Chat(text)) == ()


# ------------------------------------------------------------------- special dice


def test_special_dice_results_give_face_values_labels_and_player() -> None:
    (roll,) = _rolls(ShowDiceResults("Weather", ["2"]),
                     Chat("*** Weather = [Storm] *** &lt;Dana&gt;"), _roll("Weather", "2"))
    assert (roll.button, roll.player, roll.values, roll.total) == ("Weather", "Dana", (2,), 2)
    assert (roll.faces, roll.labels, roll.count, roll.sides) == ((2,), ("Storm",), 1, 3)
    assert roll.source is RollSource.SPECIAL


def test_special_dice_are_found_by_their_engine_identifier_too() -> None:
    (roll,) = _rolls(ShowDiceResults("SpecialDiceButton0", ["1"]))
    assert (roll.button, roll.labels) == ("Weather", ("Rain",))


def test_special_dice_of_an_unknown_button_keep_face_indices_only() -> None:
    (roll,) = _rolls(ShowDiceResults("Block Dice", ["0", "4"]), module=None)
    assert (roll.button, roll.values, roll.total, roll.faces) == ("Block Dice", (), None,
                                                                 (0, 4))


@pytest.mark.corpus
def test_corpus_blood_bowl_block_dice_read_with_their_face_names() -> None:
    module = open_module(CORPUS / "BBVassal" / "buildFile")
    reader = DiceReader.for_module(module)
    (roll,) = reader.rolls([ShowDiceResults("Two Die Block", ["0", "4"])])
    assert roll.labels == ("ATTACKER DOWN", "DEFENDER STUMBLES")


# ------------------------------------------------------------------- in replayed logs


def test_example_roll_is_alices_1d6_with_its_module() -> None:
    timeline = replay(read_save(EXAMPLE / "example.vlog"), open_module(EXAMPLE / "example.vmod"))
    step = timeline[2]
    (roll,) = step.rolls
    assert (roll.button, roll.player, roll.count, roll.sides, roll.values, roll.total) == (
        "1d6", "Alice", 1, 6, (4,), 4)
    assert roll.confirmed
    assert (step.player, step.side) == ("Alice", "Red")
    assert step.chat == ("*** 1d6 = 4 *** &lt;Alice&gt;",)


def test_example_roll_reads_without_the_module_by_vassals_default_format() -> None:
    (roll,) = replay(read_save(EXAMPLE / "example.vlog"))[2].rolls
    assert (roll.button, roll.values, roll.total, roll.source) == (
        "1d6", (4,), 4, RollSource.DEFAULT)


def test_undo_step_of_a_roll_has_no_rolls() -> None:
    timeline = replay(read_save(EXAMPLE / "example.vlog"))
    assert [s.index for s in timeline if s.is_undo] == [4, 8]
    assert timeline[8].rolls == ()


@pytest.mark.corpus
def test_corpus_vasl_3d6_lines_are_rolls_and_its_own_dr_reports_stay_text() -> None:
    # VASL's `*** (IFT DR) 6,6 ***   <test>  [stats]` lines come from VASL's own button
    # classes (the module is not in the corpus): no VASSAL format matches them honestly.
    timeline = replay(read_save(CORPUS / "vasl-templates" / "3d6.vlog"))
    rolls = [(step.index, roll) for step in timeline for roll in step.rolls]
    assert [(index, roll.button, roll.values, roll.player, roll.confirmed)
            for index, roll in rolls] == [(3, "3d6", (3, 4, 1), "test", True),
                                          (6, "3d6", (2, 4, 2), "test", True)]
    assert timeline[1].chat[0].startswith("*** (IFT DR) 6,6 ***")


def test_corpus_logs_have_no_rolls_but_the_3d6_ones() -> None:
    for path in sorted(CORPUS.rglob("*.vlog")):
        rolls = [roll for step in replay(read_save(path)) for roll in step.rolls]
        assert len(rolls) == (2 if path.name == "3d6.vlog" else 0), path.name


# ------------------------------------------------------------------- re-rolls


def _dice_game() -> tuple[GameBuilder, str]:
    game = GameBuilder()
    game.add_player("made-up-password", "Alice", "Red")
    unit = game.place_piece("Made-up Unit", MAP, 100, 100, gpid="7")
    return game, unit


def _rolled(value: str, old: str = "") -> tuple[Chat, ChangeGlobalProperty]:
    return Chat(f"*** 2d6 = {value} *** &lt;Alice&gt;"), _roll("2d6", value, old)


def _replayed(game: GameBuilder, tmp_path: Path) -> Timeline:
    return replay(read_save(game.write(tmp_path / "dice.vlog")), MADE_UP)


def test_roll_undone_and_rolled_again_is_a_reroll(tmp_path: Path) -> None:
    game, _ = _dice_game()
    game.step(*_rolled("1,2"))
    game.undo()
    game.step(Chat("&lt;Alice&gt; - oops"))  # chat is not a game action
    game.step(*_rolled("6,6", "1,2"))
    (reroll,) = find_rerolls(_replayed(game, tmp_path))
    assert (reroll.button, reroll.first, reroll.undo, reroll.again) == ("2d6", 1, 2, 4)
    assert (reroll.before.values, reroll.after.values, reroll.player) == ((1, 2), (6, 6),
                                                                          "Alice")


def test_roll_undone_then_a_move_then_a_roll_is_not_a_reroll(tmp_path: Path) -> None:
    game, unit = _dice_game()
    game.step(*_rolled("1,2"))
    game.undo()
    game.step(moved(unit, (MAP, 200, 100), (MAP, 100, 100), player="made-up-password"))
    game.step(*_rolled("6,6", "1,2"))
    assert find_rerolls(_replayed(game, tmp_path)) == []


def test_roll_undone_and_another_button_rolled_is_not_a_reroll(tmp_path: Path) -> None:
    game, _ = _dice_game()
    game.step(*_rolled("1,2"))
    game.undo()
    game.step(Chat("* Alice (Red) rolls 1d10 for Combat: total 4"))
    game.step(*_rolled("6,6", "1,2"))
    assert find_rerolls(_replayed(game, tmp_path)) == []


def test_compound_move_and_roll_undone_and_rolled_again_is_a_reroll(tmp_path: Path) -> None:
    game, unit = _dice_game()
    attack = moved(unit, (MAP, 200, 100), (MAP, 100, 100), player="made-up-password")
    game.step(attack, *_rolled("1,1"))
    game.undo()
    game.step(attack, *_rolled("5,6", "1,1"))
    timeline = _replayed(game, tmp_path)
    assert timeline[1].undone and len(timeline[1].moves) == 1
    (reroll,) = find_rerolls(timeline)
    assert (reroll.first, reroll.again) == (1, 3)


def test_repeated_rerolls_are_each_flagged(tmp_path: Path) -> None:
    game, _ = _dice_game()
    game.step(*_rolled("1,1"))
    game.undo()
    game.step(*_rolled("2,2"))
    game.undo()
    game.step(*_rolled("3,3"))
    assert [(r.first, r.again) for r in find_rerolls(_replayed(game, tmp_path))] == [
        (1, 3), (3, 5)]


def test_example_has_one_reroll_of_alices_1d6() -> None:
    timeline = replay(read_save(EXAMPLE / "example.vlog"), open_module(EXAMPLE / "example.vmod"))
    assert [(r.button, r.first, r.undo, r.again, r.player) for r in find_rerolls(timeline)] == [
        ("1d6", 7, 8, 9, "Alice")]
