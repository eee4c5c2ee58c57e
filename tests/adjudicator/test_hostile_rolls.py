"""Rolls a hostile or unusual log records never crash `check` (issue 18).

The fuzzed file of the issue crashed `check` with a pydantic validation error in the HTML
trace: a roll whose total the log does not tell (a Special Dice button's `SHOW_RESULTS`
that the module does not define, or whose face index is outside the die; a button's
`_result` property that is no number) has `Roll.total` None, which the trace's model
refused. And a die of thousands of digits made Python refuse to read the int.
"""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.replay.chatdice import load_presets
from adjudicator.replay.dice import DiceReader
from tests.conftest import REPO
from vmod_schema.archive import Archive
from vmod_schema.commands import ESC, ShowDiceResults, decode_command
from vmod_schema.obfuscation import PayloadEncoding, decode_payload, encode_payload
from vmod_schema.savefile import SAVED_GAME, atomic_write_zip

WW = REPO / "fixtures" / "washingtons-war"
WW_LOG = WW / "games" / "arnold-line.vlog"
HUGE = "9" * 5000


def with_steps(source: Path, target: Path, *steps: str) -> Path:
    """`source` with `steps` (command texts) logged after its own."""
    with Archive.open(source) as archive:
        entries = [(name, archive.read(name)) for name in archive.names()]
    text = decode_payload(dict(entries)[SAVED_GAME]).text
    text += "".join(ESC + "LOG\t" + step for step in steps)
    atomic_write_zip(target, [(name, encode_payload(text, PayloadEncoding.VCSK, key=0x33)
                               if name == SAVED_GAME else data) for name, data in entries])
    return target


def check(path: Path, out: Path) -> None:
    result = CliRunner().invoke(app, [
        "check", str(path), "--game", "ww", "--module", str(WW / "washingtons-war-fixture.vmod"),
        "--binding", str(WW / "binding.toml"), "--data",
        str(WW / "data" / "fixture-data.toml"), "-f", "html,json", "--out", str(out)])
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        repr(result.exception))
    assert result.exit_code in (0, 1, 3, 4), result.output


def test_a_special_die_the_module_does_not_define_has_no_total_and_the_page_is_written(
        tmp_path: Path) -> None:
    [roll] = DiceReader().rolls([ShowDiceResults("Fate", ["1", "4"])])
    assert (roll.button, roll.total, roll.faces) == ("Fate", None, (1, 4))
    path = with_steps(WW_LOG, tmp_path / "special.vlog", "SHOW_RESULTS\tFate\t1\t4")
    check(path, tmp_path / "out")
    page = (tmp_path / "out" / "special.vlog.adjudication.html").read_text("utf-8")
    assert '"label":"Fate"' in page.replace(" ", "")
    assert '"total":null' in page.replace(" ", "")


def test_a_die_of_thousands_of_digits_is_no_roll() -> None:
    reader = DiceReader(chat_patterns=load_presets(["vasl"]))
    for line in (f"*** 1d6 = {HUGE} *** &lt;Alice&gt;", f"*** 2d6 = 3,{HUGE} *** <Bob>",
                 f"*** {HUGE}d6 = 3 *** <Bob>", f"*** (IFT DR) 3,{HUGE} ***   <Alice>",
                 "*** 1d6 = 1234567890 *** <Bob>"):
        rolls = reader.rolls([decode_command("CHAT" + line)])
        assert all(HUGE not in str(roll.values) for roll in rolls), line
        assert all(len(str(value)) <= 9 for roll in rolls for value in roll.values), line
    [roll] = reader.rolls([decode_command("CHAT*** 2d6 = 3,123456789 *** <Bob>")])
    assert roll.values == (3, 123456789)


def test_a_log_with_a_die_of_thousands_of_digits_is_checked(tmp_path: Path) -> None:
    path = with_steps(WW_LOG, tmp_path / "digits.vlog", f"CHAT*** 1d6 = {HUGE} *** <Abigail>",
                      f"CHAT*** 2d6 = 1,{HUGE} *** <Abigail>")
    check(path, tmp_path / "out")
    assert (tmp_path / "out" / "digits.vlog.adjudication.json").is_file()
