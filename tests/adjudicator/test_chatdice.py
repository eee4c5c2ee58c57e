"""Dice rolls reported in chat, read with chat dice patterns and the VASL preset.

Unit tests use made-up lines in VASL's shape; the corpus tests count the rolls of the six
real VASL logs of `../shared/vassal/corpus/vasl-templates` against counts made by hand.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from adjudicator.replay import replay
from adjudicator.replay.chatdice import (
    ChatDicePattern,
    ChatDicePatternError,
    load_patterns,
    load_presets,
    parse_patterns,
    preset_names,
    read_chat_dice,
)
from adjudicator.replay.dice import DiceReader, Roll, RollSource
from tests.conftest import corpus_file
from vmod_schema.commands import ChangeGlobalProperty, Chat
from vmod_schema.savefile import read_save

VASL = load_presets(["vasl"])


def _read(*lines: str, player: str | None = None) -> tuple[Roll, ...]:
    return DiceReader(chat_patterns=VASL).rolls([Chat(line) for line in lines], player)


# ------------------------------------------------------------------ the VASL preset


@pytest.mark.parametrize("line", [
    "*** (IFT DR) 3,1 ***   <Alice>      [2 / 6   avg   4.00 (6.50)]    (01.21)",
    "*** (IFT DR) 3,1 ***   &lt;Alice&gt;      [2 / 6   avg   4.00 (6.50)]    (01.21)",
    "*** (IFT DR) 3,1 ***   &lt;Alice&gt;      Allied SAN    [1 / 8   avg   6,62 (6,62)]"
    "    (01.51 - by random.org)",
])
def test_vasl_two_dice_roll_read_escaped_or_not(line: str) -> None:
    (roll,) = _read(line)
    assert (roll.button, roll.values, roll.total, roll.player) == ("IFT DR", (3, 1), 4, "Alice")
    assert (roll.count, roll.sides, roll.source) == (2, 6, RollSource.CHAT)
    assert roll.text == line


def test_vasl_single_die_roll_has_its_lower_case_label() -> None:
    (roll,) = _read("*** (RS dr) 2 ***   <Bob>      [1 / 3   avg   3.00 (3.00)]    (01.86)")
    assert (roll.button, roll.values, roll.total, roll.count) == ("RS dr", (2,), 2, 1)


def test_vasl_to_hit_roll_keeps_the_roller_not_the_hit_location() -> None:
    (roll,) = _read("*** (TH DR) 6,2 ***   <test>      [1 / 5   avg   8.00 (9.80)]    "
                    "(01.95)<Hull>")
    assert (roll.button, roll.player) == ("TH DR", "test")


@pytest.mark.parametrize(("line", "label", "dice"), [
    ("*** (Other DR) 5,4 ***   <Alice>      [1 / 1   avg   9.00 (9.00)]    (01.82)",
     "Other DR", (5, 4)),  # VASL's plain DR button
    ("*** (Other dr) 6 ***   <Alice>      [1 / 1   avg   6.00 (6.00)]    (01.88)",
     "Other dr", (6,)),  # VASL's plain dr button
    ("*** (DR) 1,2 ***   <Alice>", "DR", (1, 2)),  # no category at all
    ("*** (dr) 4 ***   <Alice>", "dr", (4,)),
    ("*** (IFT DR) 6,5,3 ***   <Alice>      [1 / 4]", "IFT DR", (6, 5, 3)),  # Dust's die
])
def test_vasl_unlabelled_and_dust_forms(line: str, label: str,
                                         dice: tuple[int, ...]) -> None:
    (roll,) = _read(line)
    assert (roll.button, roll.values, roll.count) == (label, dice, len(dice))


@pytest.mark.parametrize("line", [
    "<Bob> - *** (IFT DR) 6,6 ***   <Bob>",  # typed into the chat: a quotation, not a roll
    "&lt;Bob&gt; - *** (IFT DR) 6,6 ***   &lt;Bob&gt;",
    "* UNDO: *** (IFT DR) 6,6 ***   <Bob>",  # VASSAL's undo report
    "*** (IFT DR) 6 ***   <Bob>",  # a DR has two dice
    "*** (RS dr) 2,3 ***   <Bob>",  # a dr has one
    " Data correctly generated",
    "* New: Allied Turn 1 - PFPh *",
    " ",
])
def test_lines_that_are_not_vasl_rolls(line: str) -> None:
    assert _read(line) == ()


def test_default_dice_button_line_is_one_roll_not_two() -> None:
    # VASL's 3d6 Dice Button writes VASSAL's default format: read once, as that button.
    (roll,) = _read("*** 3d6 = 3,4,1 *** <test>")
    assert (roll.button, roll.values, roll.source) == ("3d6", (3, 4, 1), RollSource.DEFAULT)


def test_a_pattern_that_also_matches_a_default_line_never_counts_it_twice() -> None:
    greedy = ChatDicePattern(name="any", regex=r"\*+ (?P<label>\w+) = (?P<dice>[\d,]+) "
                                               r"\*+ <(?P<player>\w+)>")
    reader = DiceReader(chat_patterns=(greedy,))
    (roll,) = reader.rolls([Chat("*** 3d6 = 3,4,1 *** <test>"),
                            ChangeGlobalProperty("3d6_result", "", "3,4,1", "Module")])
    assert roll.source is RollSource.DEFAULT


def test_undo_reports_are_never_rolls_even_for_a_pattern_that_matches_anything() -> None:
    anything = ChatDicePattern(name="anything",
                               regex=r"(?P<player>)(?P<label>)\D*(?P<dice>\d+)")
    line = "* UNDO: *** (IFT DR) 6,6 ***   &lt;Bob&gt;"
    assert anything.read(line) is None
    assert DiceReader(chat_patterns=(anything,)).rolls([Chat(line)]) == ()
    assert anything.read("*** (IFT DR) 6,6 ***") is not None


def test_without_patterns_vasl_lines_stay_chat() -> None:
    assert DiceReader().rolls([Chat("*** (IFT DR) 3,1 ***   <Alice>")]) == ()


def test_rolls_in_the_order_of_their_chat_lines() -> None:
    rolls = _read("*** (RS dr) 2 ***   <Bob>", "*** 2d6 = 1,1 *** <Bob>",
                  "*** (IFT DR) 6,6 ***   <Alice>")
    assert [roll.button for roll in rolls] == ["RS dr", "2d6", "IFT DR"]


def test_an_empty_player_group_takes_the_steps_player() -> None:
    (roll,) = _read("*** (RS dr) 2 ***   <>", player="Carol")
    assert roll.player == "Carol"


# ------------------------------------------------------------------ user patterns


def test_pattern_with_a_total_group_and_a_line_that_needs_no_star() -> None:
    (pattern,) = parse_patterns(r"""
[[pattern]]
name = "made-up"
sides = 10
regex = '(?P<player>\w+) rolls (?P<label>\w+): (?P<dice>[\d ]+) total (?P<total>\d+)$'
""", source="made-up.toml")
    (roll,) = DiceReader(chat_patterns=(pattern,)).rolls(
        [Chat("Dana rolls Morale: 7 9 total 17")])
    assert (roll.button, roll.values, roll.total, roll.player, roll.sides) == (
        "Morale", (7, 9), 17, "Dana", 10)
    assert read_chat_dice((pattern,), "Dana rolls Morale: 7 9 total 17 extra") is None


def test_pattern_file_is_read_from_disk(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text("[[pattern]]\nname = 'x'\n"
                    "regex = '(?P<player>\\w+): (?P<label>\\w+) (?P<dice>\\d)'\n",
                    encoding="utf-8")
    (pattern,) = load_patterns(path)
    assert pattern.name == "x"


@pytest.mark.parametrize(("text", "message"), [
    ("[[pattern]]\nname = 'broken'\nregex = '(?P<player>'\n",
     "pattern 'broken': regex: not a valid regular expression"),
    ("[[pattern]]\nname = 'no-dice'\nregex = '(?P<player>\\w+) (?P<label>\\w+)'\n",
     "pattern 'no-dice': regex: lacks the named group(s) (?P<dice>…)"),
    ("[[pattern]]\nregex = '(?P<player>.)(?P<label>.)(?P<dice>.)'\n",
     "pattern #1: name: Field required"),
    ("[[pattern]]\nname = 'typo'\nregx = 'x'\n", "pattern 'typo': regex: Field required"),
    ("[[pattern]]\nname = 'a'\nregex = '(?P<player>.)(?P<label>.)(?P<dice>.)'\nsides = 1\n",
     "pattern 'a': sides:"),
    ("patterns = 1\n", "unknown top-level key(s) patterns"),
    ("", "no [[pattern]] table"),
    ("[[pattern]\n", "not valid TOML"),
    ("[[pattern]]\nname = 'a'\nregex = '(?P<player>.)(?P<label>.)(?P<dice>.)'\n" * 2,
     "pattern 'a' is defined twice"),
])
def test_bad_pattern_file_is_one_line_naming_file_and_pattern(tmp_path: Path, text: str,
                                                               message: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ChatDicePatternError) as caught:
        load_patterns(path)
    shown = str(caught.value)
    assert message in shown
    assert str(path) in shown
    assert "\n" not in shown


def test_missing_pattern_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ChatDicePatternError, match="cannot read chat dice patterns"):
        load_patterns(tmp_path / "absent.toml")


def test_presets_are_listed_and_an_unknown_one_names_the_known() -> None:
    assert "vasl" in preset_names()
    assert [pattern.name for pattern in VASL] == ["vasl-DR", "vasl-dr"]
    with pytest.raises(ChatDicePatternError, match=r"unknown chat dice preset 'asl'.*vasl"):
        load_presets(["asl"])


# ------------------------------------------------------------------ the corpus VASL logs


def _corpus_log(name: str) -> Path:
    """A VASL corpus log; skipped when the corpus is absent, but a failure on CI."""
    return corpus_file(f"vasl-templates/{name}")


def _rolls(name: str) -> list[Roll]:
    timeline = replay(read_save(_corpus_log(name)), chat_patterns=VASL)
    return [roll for step in timeline for roll in step.rolls]


# Counted by hand from the chat lines of each log (read with `adjudicator inspect --steps`),
# one line at a time: (player, label) -> rolls. "3d6" is VASL's VASSAL Dice Button.
HAND_COUNTS: dict[str, dict[tuple[str, str], int]] = {
    "3d6.vlog": {("test", "IFT DR"): 2, ("test", "RS dr"): 1, ("test", "TH DR"): 1,
                 ("test", "3d6"): 2},
    "4players.vlog": {("Alice", "RS dr"): 11, ("Bob", "RS dr"): 8, ("Chuck", "RS dr"): 6,
                      ("Dave", "RS dr"): 10},
    "full.vlog": {("Alice", "Other DR"): 1, ("Alice", "Rally DR"): 4,
                  ("Alice", "Other dr"): 1, ("Alice", "IFT DR"): 4, ("Alice", "TH DR"): 1,
                  ("Alice", "TK DR"): 1, ("Alice", "MC DR"): 1,
                  ("Bob", "Rally DR"): 2, ("Bob", "Other dr"): 2, ("Bob", "MC DR"): 2,
                  ("Bob", "SA dr"): 2, ("Bob", "RS dr"): 1, ("Bob", "IFT DR"): 1},
    "multiple-1.vlog": {("Alice", "IFT DR"): 5, ("Alice", "RS dr"): 3, ("Bob", "IFT DR"): 5,
                        ("Bob", "RS dr"): 1, ("Bob", "SA dr"): 1},
    "multiple-1a.vlog": {("Alice", "IFT DR"): 3, ("Alice", "RS dr"): 2, ("Bob", "IFT DR"): 3,
                         ("Bob", "RS dr"): 1, ("Bob", "SA dr"): 1},
    "multiple-1b.vlog": {("Alice", "IFT DR"): 2, ("Alice", "RS dr"): 1, ("Bob", "IFT DR"): 2},
}


@pytest.mark.parametrize("name", sorted(HAND_COUNTS))
def test_corpus_vasl_rolls_match_the_hand_counts(name: str) -> None:
    counted = Counter((roll.player, roll.button) for roll in _rolls(name))
    assert dict(counted) == HAND_COUNTS[name]


@pytest.mark.parametrize(("name", "player", "label", "faces"), [
    # Counted by hand: Alice's RS dr lines of 4players.vlog read 3,6,1,5,2,4,1,4,1,1,2.
    ("4players.vlog", "Alice", "RS dr", {1: 4, 2: 2, 3: 1, 4: 2, 5: 1, 6: 1}),
    # Dave's: 4,1,1,3,1,6,3,6,1,2.
    ("4players.vlog", "Dave", "RS dr", {1: 4, 2: 1, 3: 2, 4: 1, 6: 2}),
    # Alice's IFT DR lines of multiple-1.vlog: 5,2 4,1 2,1 3,6 4,3.
    ("multiple-1.vlog", "Alice", "IFT DR", {1: 2, 2: 2, 3: 2, 4: 2, 5: 1, 6: 1}),
])
def test_corpus_vasl_face_counts_match_the_hand_counts(name: str, player: str, label: str,
                                                       faces: dict[int, int]) -> None:
    counted = Counter(value for roll in _rolls(name)
                      if (roll.player, roll.button) == (player, label)
                      for value in roll.values)
    assert dict(counted) == faces


def test_corpus_vasl_rolls_are_chat_rolls_of_six_sided_dice_but_the_3d6_button() -> None:
    for name in HAND_COUNTS:
        for roll in _rolls(name):
            if roll.button == "3d6":
                assert roll.source is RollSource.DEFAULT
                continue
            assert roll.source is RollSource.CHAT
            assert roll.sides == 6
            assert len(roll.values) == (2 if roll.button.endswith("DR") else 1)
            assert all(1 <= value <= 6 for value in roll.values)
