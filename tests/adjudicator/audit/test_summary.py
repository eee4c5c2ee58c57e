"""The season summary: per game, per player, dice, undone rolls; its JSON Schema; its
Markdown and HTML (escaped, neutral words)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator.audit.dice import DiceEntry
from adjudicator.audit.job import check_file
from adjudicator.audit.render import DICE_NOTE, render_html, render_markdown
from adjudicator.audit.summary import CheckedFile, summarise
from adjudicator.audit.summary_models import AuditReport, audit_schema
from adjudicator.folderconfig import FolderConfig
from adjudicator.reading.models import (
    FileReading,
    Player,
    RerollRecord,
    RollRecord,
    UndoRecord,
)
from adjudicator.report.models import Report, ReportStatus, SourceFile
from tests.conftest import REPO

WW = REPO / "fixtures" / "washingtons-war"
WW_CONFIG = FolderConfig(game="ww", module=WW / "washingtons-war-fixture.vmod",
                         binding=WW / "binding.toml",
                         data=(WW / "data" / "fixture-data.toml",))
WW_GAMES = ("undone-card-play.vlog", "illegal-two-things.vlog", "battle-and-retreat.vlog",
            "illegal-lone-general.vlog")


@pytest.fixture(scope="module")
def ww_audit() -> tuple[list[CheckedFile], AuditReport]:
    checked = [CheckedFile(WW / "games" / name, check_file(WW / "games" / name, WW_CONFIG),
                           module=WW_CONFIG.module) for name in WW_GAMES]
    return checked, summarise(checked)


def test_per_game_counts_add_up_to_the_files_findings(
        ww_audit: tuple[list[CheckedFile], AuditReport]) -> None:
    checked, audit = ww_audit
    (game,) = audit.games
    assert (game.game, game.game_name, game.files) == ("ww", "Washington's War", 4)
    illegal = sum(item.report.count("illegal") for item in checked)
    assert illegal >= 2, "two of the fixture games break rules"
    assert game.severities["illegal"] == illegal == audit.totals.findings["illegal"]
    assert sum(rule.findings for rule in game.rules if rule.severity == "illegal") == illegal
    cited = {rule.rule_id: rule.rule for rule in game.rules}
    assert cited["WW-SEQ-06"] == "WW 5.3, 6.2", "each rule comes with its citation"
    assert sum(game.statuses.values()) == 4


def test_per_player_undos_say_what_they_took_back(
        ww_audit: tuple[list[CheckedFile], AuditReport]) -> None:
    _, audit = ww_audit
    players = {player.name: player for player in audit.players}
    assert set(players) == {"Abigail", "Banastre"}
    abigail = players["Abigail"]
    assert abigail.files == 4 and abigail.sides == ["American"]
    assert abigail.undos == 2
    took_back = [line for undo in abigail.undone for line in undo.took_back]
    assert "Washington: Lexington and Concord -> Hartford" in took_back
    assert players["Banastre"].undos == 0


def test_dice_entries_cover_every_roll_read(
        ww_audit: tuple[list[CheckedFile], AuditReport]) -> None:
    checked, audit = ww_audit
    rolls = sum(len(item.report.reading.rolls) for item in checked
                if item.report.reading is not None)
    assert rolls > 0
    assert sum(entry.rolls for entry in audit.dice) == rolls == audit.totals.rolls
    assert all(isinstance(entry, DiceEntry) for entry in audit.dice)


def _made_up(path: str, reading: FileReading, *, status: ReportStatus = ReportStatus.NO_SYSTEM
             ) -> CheckedFile:
    report = Report(game=None, game_name="Made-up Game", status=status,
                    source=SourceFile(path=path, sha256=f"sha-{path}"), tool_version="test",
                    steps=reading.steps, reading=reading)
    return CheckedFile(Path(path), report)


def _roll(step: int, player: str, dice: list[int], *, undone: bool = False,
          reroll: bool = False) -> RollRecord:
    return RollRecord(step=step, player=player, label="2d6", dice=dice, total=sum(dice),
                      sides=6, source="button", undone=undone, reroll=reroll)


REROLLING = FileReading(
    kind="log", module_name="Made-up Module", steps=4, undo_steps=1,
    players=[Player(name="<script>alert(1)</script>", side="Red")],
    undos=[UndoRecord(step=2, undoes=1, player="<script>alert(1)</script>",
                      took_back=["roll 2d6: 1,1"])],
    rolls=[_roll(1, "<script>alert(1)</script>", [1, 1], undone=True),
           _roll(3, "<script>alert(1)</script>", [6, 5], reroll=True)],
    rerolls=[RerollRecord(label="2d6", player="<script>alert(1)</script>", first=1, undo=2,
                          again=3, before=[1, 1], after=[6, 5])])


def test_rolls_undone_and_re_rolled_are_listed_per_player() -> None:
    audit = summarise([_made_up("/x/game.vlog", REROLLING)])
    (player,) = audit.players
    assert player.undos == 1 and player.rolls == 2
    (reroll,) = player.rerolls
    assert (reroll.before, reroll.after, reroll.first, reroll.again) == ([1, 1], [6, 5], 1, 3)
    (undone,) = audit.undone_rolls
    assert (undone.step, undone.dice, undone.rerolled) == (1, [1, 1], True)
    (entry,) = audit.dice
    assert (entry.rolls, entry.undone, entry.rerolls, entry.all_ones) == (2, 1, 1, 1)


def test_the_json_validates_against_the_published_schema(
        ww_audit: tuple[list[CheckedFile], AuditReport]) -> None:
    _, audit = ww_audit
    text = audit.model_dump_json(by_alias=True)
    assert AuditReport.model_validate_json(text) == audit
    schema = audit_schema()
    data = json.loads(text)
    properties = schema["properties"]
    assert isinstance(properties, dict)
    assert set(data) == set(properties)
    assert {"files", "games", "players", "series", "dice"} <= set(schema["required"])  # type: ignore[operator]
    dice_keys = {"player", "label", "dice", "rolls", "faces", "totals", "mean",
                 "expected_mean", "chi_square_p", "longest_streak"}
    assert all(dice_keys <= set(entry) for entry in data["dice"])
    file_keys = {"path", "sidecars", "status", "game", "steps", "counts"}
    assert all(file_keys <= set(entry) for entry in data["files"])
    try:
        import jsonschema
    except ImportError:
        return
    jsonschema.validate(data, schema)  # pragma: no cover - only where jsonschema is installed


def test_markdown_and_html_escape_names_and_word_statistics_neutrally() -> None:
    audit = summarise([_made_up("/x/game.vlog", REROLLING),
                       _made_up("/x/next.vlog", REROLLING.model_copy(
                           update={"start_position": "A", "end_position": "B"}))])
    html = render_html(audit)
    markdown = render_markdown(audit)
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "<script>" not in markdown and "\\<script\\>" in markdown
    assert html.startswith("<!DOCTYPE html>") and "<link" not in html and "src=" not in html
    for text in (html, markdown):
        assert DICE_NOTE.split(".")[0] in text
        lowered = text.lower()
        for accusing in ("cheat", "suspicious", "fraud", "tamper"):
            assert accusing not in lowered
        assert "Dice statistics" in text and "Rolls made and then undone" in text


def test_an_unreadable_file_is_listed_with_its_problem_and_left_out_of_series() -> None:
    report = Report(game=None, game_name="an unknown game", status=ReportStatus.UNREADABLE,
                    source=SourceFile(path="/x/bad.vlog", sha256="bad"), tool_version="t",
                    steps=0, problems=["/x/bad.vlog: not a zip file"])
    audit = summarise([CheckedFile(Path("/x/bad.vlog"), report),
                       _made_up("/x/game.vlog", REROLLING)])
    bad = next(file for file in audit.files if file.path == "/x/bad.vlog")
    assert bad.problem == "/x/bad.vlog: not a zip file"
    assert audit.series == [], "one readable file is no series"
    assert audit.totals.statuses == {"no-system": 1, "unreadable": 1}


# ------------------------------------------------------------------ dice verdicts, series


def _d6_rolls(player: str, faces: list[int], label: str = "dr") -> list[RollRecord]:
    return [RollRecord(step=n, player=player, label=label, dice=[face], total=face, sides=6,
                       source="button") for n, face in enumerate(faces, 1)]


def _series_file(name: str, start: str, end: str, rolls: list[RollRecord]) -> CheckedFile:
    reading = FileReading(kind="log", module_name="Made-up Module", steps=len(rolls),
                          players=[Player(name="Ann"), Player(name="Ben")],
                          start_position=start, end_position=end, rolls=rolls)
    return _made_up(f"/season/{name}", reading)


def _season() -> AuditReport:
    # Ann throws only sixes, 10 per file; Ben throws each face once per file, twice over.
    first = _series_file("t1.vlog", "P0", "P1", _d6_rolls("Ann", [6] * 10)
                         + _d6_rolls("Ben", [1, 2, 3, 4, 5, 6] * 2))
    second = _series_file("t2.vlog", "P1", "P2", _d6_rolls("Ann", [6] * 10)
                          + _d6_rolls("Ben", [6, 5, 4, 3, 2, 1] * 2))
    copy = CheckedFile(Path("/season/t2-copy.vlog"), second.report)  # same SHA-256
    return summarise([first, second, copy])


def test_a_series_pools_each_players_rolls_across_its_files_counting_a_copy_once() -> None:
    audit = _season()
    (series,) = audit.series
    by_player = {entry.player: entry for entry in series.dice}
    assert by_player["Ann"].rolls == 20 and by_player["Ann"].faces["6"] == 20
    assert by_player["Ben"].rolls == 24
    assert by_player["Ben"].faces == {str(face): 4 for face in range(1, 7)}
    # Twenty sixes in 20 throws: exact p = 6 / 6^20; one file alone (10 dice) gets no verdict.
    assert by_player["Ann"].p_method == "exact"
    assert by_player["Ann"].p_value == pytest.approx(6 / 6 ** 20, rel=1e-5)
    assert by_player["Ann"].unusual and by_player["Ann"].tests == 2
    assert by_player["Ben"].verdict == "consistent with fair dice"
    assert by_player["Ben"].p_value == 1.0
    # The audit's own table pools every file, the copy too (it was checked as a file).
    audit_ann = next(entry for entry in audit.dice if entry.player == "Ann")
    assert audit_ann.rolls == 30
    assert (audit.totals.dice_tests, audit.totals.dice_unusual) == (2, 1)


def test_one_file_of_the_series_alone_is_too_small_for_a_verdict() -> None:
    alone = summarise([_series_file("t1.vlog", "P0", "P1", _d6_rolls("Ann", [6] * 10))])
    (entry,) = alone.dice
    assert entry.p_value is not None and entry.p_value < 1e-6
    assert (entry.verdict, entry.unusual, entry.tests) == (None, False, 0)
    assert entry.verdict_note is not None and "too few dice" in entry.verdict_note
    html, markdown = render_html(alone), render_markdown(alone)
    assert 'class="unusual"' not in html
    assert "unusual:" not in markdown
    assert "no verdict: too few dice (10; a verdict needs 18, 3 per face)" in markdown


def test_the_renderers_give_the_verdict_and_colour_only_unusual_rows() -> None:
    audit = _season()
    html, markdown = render_html(audit), render_markdown(audit)
    for text, below in ((html, "q &lt; 0.01"), (markdown, "q \\< 0.01")):
        assert "Whole game: /season · Made-up Module" in text
        assert "consistent with fair dice" in text
        assert "after correction for 2 tests" in text
        assert below in text
    # The audit table and the series table each have one unusual row (Ann's), Ben's not.
    assert html.count('<tr class="unusual">') == 2
    rows = [row for row in html.split("<tr") if "consistent with fair dice" in row]
    assert rows and all('class="unusual"' not in row for row in rows)
    data = json.loads(audit.model_dump_json())
    ann = next(entry for entry in data["series"][0]["dice"] if entry["player"] == "Ann")
    assert ann["verdict"].startswith("unusual: p = ") and ann["tests"] == 2
    assert ann["p_method"] == "exact" and ann["q_value"] <= 2 * ann["p_value"]
