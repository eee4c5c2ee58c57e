"""`adjudicator audit` end to end: fixture games copied into made-up season folders (a
continuing series, a fork, identical copies, a break), the whole corpus (games without a
system get reports, not errors), the cache, and the exit statuses."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from adjudicator.audit.summary_models import AuditReport
from adjudicator.cli.audit import audit
from tests.conftest import CORPUS, REPO, corpus_file

WW = REPO / "fixtures" / "washingtons-war"
GAMES = WW / "games"
# The fixture games are independent scenarios, but some chain: this one ends where it
# starts (its phase marker goes out and back), in the opening position that the others
# below start from.
OPENING = "illegal-phase-marker-goes-back.vlog"
FROM_OPENING = ("opening-turn.vlog", "queue-activation.vlog")
ELSEWHERE = "glover-overrun-six.vlog"
ILLEGAL = "illegal-two-things.vlog"

runner = CliRunner()


def _app() -> typer.Typer:
    app = typer.Typer()
    app.command()(audit)
    app.command("version")(lambda: None)  # two commands: `audit` is named on the line
    return app


def _season(folder: Path, *names: str, copies: dict[str, str] | None = None) -> Path:
    """A folder holding these fixture games and an adjudicator.toml for them."""
    folder.mkdir(parents=True)
    for name in names:
        shutil.copy(GAMES / name, folder / name)
    for copy, original in (copies or {}).items():
        shutil.copy(GAMES / original, folder / copy)
    (folder / "adjudicator.toml").write_text(
        'game = "ww"\n'
        f'module = "{(WW / "washingtons-war-fixture.vmod").as_posix()}"\n'
        f'binding = "{(WW / "binding.toml").as_posix()}"\n'
        f'data = ["{(WW / "data" / "fixture-data.toml").as_posix()}"]\n'
        'formats = ["json", "md"]\n', encoding="utf-8")
    return folder


def _run(tmp_path: Path, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(_app(), ["audit", *args, "--cache", str(tmp_path / "cache"),
                                    "--out", str(tmp_path / "out")])
    return result.exit_code, result.stdout, result.stderr


def _audit_json(tmp_path: Path) -> AuditReport:
    return AuditReport.model_validate_json((tmp_path / "out" / "audit.json").read_bytes())


def test_a_continuing_series_is_audited_with_sidecars_and_a_summary(tmp_path: Path) -> None:
    season = _season(tmp_path / "season" / "match", OPENING, FROM_OPENING[0])
    code, out, err = _run(tmp_path, str(tmp_path / "season"), "--jobs", "0",
                          "--format", "md,html,json", "--fail-on", "break,fork")
    assert code == 0, out + err
    assert "audited 2 files (0 from the cache)" in out
    for name in (OPENING, FROM_OPENING[0]):
        assert (season / f"{name}.adjudication.json").is_file()
        assert (season / f"{name}.adjudication.md").is_file()
    for fmt in ("md", "html", "json"):
        assert (tmp_path / "out" / f"audit.{fmt}").is_file()
    report = _audit_json(tmp_path)
    (series,) = report.series
    assert [Path(f.path).name for f in series.files] == [OPENING, FROM_OPENING[0]]
    assert series.files[1].continues and not series.breaks and not series.forks
    assert all(file.sidecars for file in report.files)


def test_two_files_continuing_one_are_a_fork_and_fail_on_fork_exits_1(tmp_path: Path) -> None:
    _season(tmp_path / "season", OPENING, *FROM_OPENING)
    code, out, err = _run(tmp_path, str(tmp_path / "season"), "--jobs", "0",
                          "--fail-on", "fork")
    assert code == 1, out + err
    assert "found 1 fork (--fail-on)" in err
    (fork,) = _audit_json(tmp_path).series[0].forks
    assert Path(fork.parent).name == OPENING
    assert sorted(Path(c).name for c in fork.children) == sorted(FROM_OPENING)
    assert "Fork:" in (tmp_path / "out" / "audit.md").read_text(encoding="utf-8")


def test_identical_copies_are_not_a_fork(tmp_path: Path) -> None:
    _season(tmp_path / "season", OPENING, FROM_OPENING[0],
            copies={"resent.vlog": FROM_OPENING[0]})
    code, out, err = _run(tmp_path, str(tmp_path / "season"), "--jobs", "0",
                          "--fail-on", "fork,break")
    assert code == 0, out + err
    (series,) = _audit_json(tmp_path).series
    assert not series.forks
    assert [Path(c).name for f in series.files for c in f.copies] == ["resent.vlog"]


def test_a_break_lists_the_pieces_and_fail_on_break_exits_1(tmp_path: Path) -> None:
    _season(tmp_path / "season", OPENING, ELSEWHERE)
    code, out, err = _run(tmp_path, str(tmp_path / "season"), "--jobs", "0",
                          "--fail-on", "break")
    assert code == 1, out + err
    (found,) = _audit_json(tmp_path).series[0].breaks
    assert found.differences, "the pieces that differ are named"
    assert all(d.kind in ("moved", "changed", "missing", "added") for d in found.differences)


def test_fail_on_illegal_exits_1_only_when_an_illegal_finding_was_made(tmp_path: Path) -> None:
    _season(tmp_path / "legal", FROM_OPENING[0])
    assert _run(tmp_path, str(tmp_path / "legal"), "--jobs", "0",
                "--fail-on", "illegal")[0] == 0
    _season(tmp_path / "illegal", ILLEGAL)
    code, _, err = _run(tmp_path, str(tmp_path / "illegal"), "--jobs", "0",
                        "--fail-on", "illegal")
    assert code == 1 and "illegal finding" in err


def test_a_second_audit_reuses_the_cache_through_the_process_pool(tmp_path: Path) -> None:
    _season(tmp_path / "season", OPENING, *FROM_OPENING)
    code, out, err = _run(tmp_path, str(tmp_path / "season"), "--jobs", "2")
    assert code == 0, out + err
    first = _audit_json(tmp_path)
    code, out, _ = _run(tmp_path, str(tmp_path / "season"), "--jobs", "2")
    assert code == 0 and "audited 3 files (3 from the cache)" in out
    again = _audit_json(tmp_path)
    assert [f.cached for f in again.files] == [True] * 3
    assert again.model_copy(update={"files": []}) == first.model_copy(update={"files": []})


@pytest.mark.parametrize(("args", "message"), [
    (["EMPTY"], "no .vlog or .vsav file found"),
    (["EMPTY/missing.vlog"], "no such file or folder"),
    (["SEASON", "--fail-on", "typo"], "--fail-on: unknown typo"),
    (["SEASON", "--format", "pdf"], "unknown summary format"),
    (["SEASON", "--config", "BAD"], "bad folder configuration"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path: Path, args: list[str],
                                          message: str) -> None:
    (tmp_path / "empty").mkdir()
    season = _season(tmp_path / "season", FROM_OPENING[0])
    bad = tmp_path / "bad.toml"
    bad.write_text('game = 3\n', encoding="utf-8")
    named = {"EMPTY": str(tmp_path / "empty"), "SEASON": str(season), "BAD": str(bad)}
    given = [named.get(arg, arg.replace("EMPTY", str(tmp_path / "empty"))) for arg in args]
    code, out, err = _run(tmp_path, *given, "--jobs", "0")
    assert code == 2, out + err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and message in lines[0] and "Traceback" not in err


def test_a_folder_with_a_bad_adjudicator_toml_exits_2(tmp_path: Path) -> None:
    season = _season(tmp_path / "season", FROM_OPENING[0])
    (season / "adjudicator.toml").write_text("game = [", encoding="utf-8")
    code, _, err = _run(tmp_path, str(season), "--jobs", "0")
    assert code == 2 and "cannot read the folder configuration" in err


def test_the_whole_corpus_gets_reports_not_errors(tmp_path: Path) -> None:
    corpus_file("vasl-templates/4players.vlog")  # skips (fails on CI) without the corpus
    games = sorted(p for p in CORPUS.rglob("*") if p.suffix in (".vlog", ".vsav"))
    before = {p: p.stat().st_mtime_ns for p in CORPUS.rglob("*")}
    code, out, err = _run(tmp_path, str(CORPUS), "--jobs", "2", "--dice", "vasl",
                          "--sidecars", str(tmp_path / "sidecars"))
    assert code == 0, out + err
    assert {p: p.stat().st_mtime_ns for p in CORPUS.rglob("*")} == before, \
        "nothing is written into the corpus"
    report = _audit_json(tmp_path)
    assert len(report.files) == len(games)
    assert all(file.status != "unreadable" for file in report.files)
    assert any(file.status == "no-system" for file in report.files)
    assert all(file.sidecars and all(s.startswith("sidecars/") for s in file.sidecars)
               for file in report.files), "named under the sidecar folder, no home folder"
    vasl = {entry.player for entry in report.dice if entry.label.endswith(("DR", "dr"))}
    assert {"Alice", "Bob", "Chuck", "Dave"} <= vasl


# --------------------------------------------------------------------------------------
# `adjudicator series --fail-on break,fork`


def _series_app() -> typer.Typer:
    from adjudicator.cli.series import series

    app = typer.Typer()
    app.command()(series)
    app.command("version")(lambda: None)
    return app


def test_series_fails_on_a_fork_it_finds_among_its_logs(tmp_path: Path) -> None:
    for name in (OPENING, *FROM_OPENING):
        shutil.copy(GAMES / name, tmp_path / name)
    result = runner.invoke(_series_app(), ["series", str(tmp_path), "--fail-on", "fork"])
    assert result.exit_code == 1, result.output
    assert f"fork: 2 logs continue {tmp_path / OPENING}" in result.stdout
    assert "found 1 fork (--fail-on)" in result.stderr
    plain = runner.invoke(_series_app(), ["series", str(tmp_path)])
    assert plain.exit_code == 0, "without --fail-on a fork is reported, not an error"


def test_series_copies_are_not_forks_and_a_continuous_series_passes(tmp_path: Path) -> None:
    shutil.copy(GAMES / OPENING, tmp_path / OPENING)
    shutil.copy(GAMES / FROM_OPENING[0], tmp_path / "a.vlog")
    shutil.copy(GAMES / FROM_OPENING[0], tmp_path / "b.vlog")
    result = runner.invoke(_series_app(), ["series", str(tmp_path / OPENING),
                                           str(tmp_path / "a.vlog"), "--fail-on", "fork",
                                           "--json"])
    assert result.exit_code == 0, result.output
    shutil.copy(GAMES / ELSEWHERE, tmp_path / ELSEWHERE)
    broken = runner.invoke(_series_app(), ["series", str(tmp_path), "--fail-on", "break,fork"])
    assert broken.exit_code == 1 and "break" in broken.stderr
    assert "fork" not in broken.stderr, "identical copies a.vlog and b.vlog are no fork"


def test_series_rejects_an_unknown_fail_on(tmp_path: Path) -> None:
    shutil.copy(GAMES / OPENING, tmp_path / OPENING)
    result = runner.invoke(_series_app(), ["series", str(tmp_path), "--fail-on", "illegal"])
    assert result.exit_code == 2 and "--fail-on: unknown illegal" in result.stderr


def test_the_summary_names_files_relative_to_the_audited_folder_unless_full_paths(
        tmp_path: Path) -> None:
    _season(tmp_path / "season" / "match", OPENING, FROM_OPENING[0])
    code, out, err = _run(tmp_path, str(tmp_path / "season"), "--jobs", "0",
                          "--format", "json,md")
    assert code == 0, out + err
    text = (tmp_path / "out" / "audit.json").read_text() + (tmp_path / "out" /
                                                            "audit.md").read_text()
    assert str(tmp_path) not in text, "no absolute path (a home folder) in the summary"
    report = _audit_json(tmp_path)
    assert sorted(f.path for f in report.files) == sorted(
        f"season/match/{name}" for name in (OPENING, FROM_OPENING[0]))
    assert report.series[0].folder == "season/match"
    code, out, err = _run(tmp_path, str(tmp_path / "season"), "--jobs", "0",
                          "--format", "json", "--full-paths")
    assert code == 0, out + err
    assert all(f.path.startswith(str(tmp_path)) for f in _audit_json(tmp_path).files)


def test_a_season_with_an_unreadable_file_fails_unless_told_not_to(tmp_path: Path) -> None:
    folder = _season(tmp_path / "season", FROM_OPENING[0])
    (folder / "truncated.vlog").write_bytes((GAMES / ILLEGAL).read_bytes()[:300])
    code, out, err = _run(tmp_path, str(folder))
    assert code == 1, out + err
    assert "found 1 unreadable file (--fail-on)" in err
    assert (folder / "truncated.vlog.adjudication.json").is_file()
    assert (tmp_path / "out" / "audit.md").is_file()
    code, out, err = _run(tmp_path, str(folder), "--fail-on", "none")
    assert code == 0, out + err


def test_a_piece_named_by_a_whole_document_is_cut_in_the_summary(tmp_path: Path) -> None:
    from tests.adjudicator.test_replay import _piece, _step, _undo_step, _write_log
    from vmod_schema.commands import MovePiece

    document = "<!DOCTYPE html><html><body>" + "lorem ipsum " * 20_000 + "</body></html>"
    folder = tmp_path / "vasl"
    folder.mkdir()
    move = MovePiece("1", "Map", "200", "200", "null", "Map", "100", "100", "null",
                     player="hunter2")
    back = MovePiece("1", "Map", "100", "100", "null", "Map", "200", "200", "null",
                     player="hunter2")
    _write_log(folder, [_piece("1", document, 100, 100)], [_step(move), _undo_step(back)])
    code, out, err = _run(tmp_path, str(folder), "--format", "md,html,json")
    assert code == 0, out + err
    for fmt in ("md", "html", "json"):
        text = (tmp_path / "out" / f"audit.{fmt}").read_text(encoding="utf-8")
        assert "lorem ipsum lorem" in text, fmt  # the undo names the piece ...
        assert len(text) < 60_000, fmt           # ... by its start
        assert "more characters cut" in text, fmt


VASL = CORPUS / "vasl-templates"


def _series_dice(*logs: str) -> dict[tuple[str, str, int], dict[str, object]]:
    result = runner.invoke(_series_app(), ["series", *logs, "--dice", "vasl", "--json"])
    assert result.exit_code == 0, result.output
    return {(e["player"], e["label"], e["dice"]): e for e in json.loads(result.stdout)["dice"]}


def test_series_gives_whole_game_dice_per_player_across_its_logs(tmp_path: Path) -> None:
    # multiple-1b continues multiple-1a (a continuous two-log series). (multiple-1 holds
    # the steps of both, so it is left out: its rolls would be counted twice.)
    first, second = (str(corpus_file(f"vasl-templates/{name}"))
                     for name in ("multiple-1a.vlog", "multiple-1b.vlog"))
    pooled, alone = _series_dice(first, second), [_series_dice(first), _series_dice(second)]
    assert set(pooled) == set(alone[0]) | set(alone[1])
    for key, entry in pooled.items():
        parts = [one[key] for one in alone if key in one]
        assert entry["rolls"] == sum(part["rolls"] for part in parts)  # type: ignore[misc]
        for face, count in entry["faces"].items():  # type: ignore[attr-defined]
            assert count == sum(part["faces"].get(face, 0) for part in parts)  # type: ignore[attr-defined]
    bob = pooled[("Bob", "IFT DR", 2)]
    assert (bob["rolls"], bob["faces"]) == (5, {"1": 0, "2": 2, "3": 0, "4": 6, "5": 0,
                                                "6": 2})
    # 10 dice of a d6: fewer than 3 per face, no verdict and not one of the tests.
    assert (bob["verdict"], bob["tests"], bob["unusual"]) == (None, 0, False)
    assert bob["verdict_note"] == "too few dice (10; a verdict needs 18, 3 per face)"
    assert bob["p_method"] == "exact" and bob["p_value"] is not None
    text = runner.invoke(_series_app(), ["series", first, second, "--dice", "vasl"])
    assert "dice across the series: 0 tests with a verdict" in text.stdout
    assert "Bob · IFT DR · 2 dice: 5 rolls, p = " in text.stdout
    assert "RS dr · 1 die: " in text.stdout
    without = runner.invoke(_series_app(), ["series", first, second])
    assert "IFT DR" not in without.stdout, "chat dice are read only with --dice vasl"
