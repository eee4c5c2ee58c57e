"""Chat dice patterns are read once per process while their file is unchanged (issue 12)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from adjudicator.replay.chatdice import ChatDicePatternError, chat_patterns

PATTERNS = '''[[pattern]]
name = "roll"
sides = 6
regex = '^(?P<player>\\w+) rolls (?P<label>dr) (?P<dice>\\d+)$'
'''


def test_a_pattern_file_is_read_again_only_when_it_changes(tmp_path: Path) -> None:
    file = tmp_path / "dice.toml"
    file.write_text(PATTERNS, encoding="utf-8")
    first = chat_patterns((), file)
    assert chat_patterns((), file) is first and len(first) == 1
    file.write_text(PATTERNS + PATTERNS.replace('"roll"', '"again"'), encoding="utf-8")
    os.utime(file, ns=(1, 1))
    assert len(chat_patterns((), file)) == 2
    assert chat_patterns(("vasl",), None) == chat_patterns(["vasl"], None)


def test_a_missing_pattern_file_is_the_loader_s_own_error(tmp_path: Path) -> None:
    with pytest.raises(ChatDicePatternError, match="cannot read chat dice patterns"):
        chat_patterns((), tmp_path / "gone.toml")
