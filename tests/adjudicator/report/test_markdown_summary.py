"""The Markdown report's summary fits in one Discord message whatever the report holds:
many findings, long messages, hostile names (markup, line breaks, mentions, emoji), and
every bundled game; `--format discord` writes that summary alone."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.audit.job import check_file
from adjudicator.findings import Finding, Severity
from adjudicator.folderconfig import config_for
from adjudicator.report import Coverage, Report, ReportStatus, SourceFile
from adjudicator.report.legend import legend_line
from adjudicator.report.markdown import (
    DISCORD_LIMIT,
    clip,
    escape,
    measure,
    render_markdown,
    render_summary,
)
from adjudicator.report.sidecar import (
    ReportFormat,
    parse_formats,
    sidecar_path,
    sidecar_sha256,
    stamped,
    write_sidecars,
)

GAMES = sorted((Path(__file__).resolve().parents[3] / "fixtures" / "washingtons-war"
                / "games").glob("*.vlog"))
MORE = re.compile(r"^- …and (\d+) more", re.MULTILINE)
LINE_STARTS = ("## Adjudication: ", "File: ", "**", "Findings: ", "No findings.", "- **step ",
               "- **whole game**", "- …and ", "_Severities: ")
BARE_MENTION = re.compile(r"(?<!\\)@")
"""An `@` Discord would read as a mention (an escaped one, `\\@`, is shown as is)."""
BULLET = re.compile(r"^- \*\*(step \d+|whole game)\*\*", re.MULTILINE)

PIECES = [*"ab *_`~|<>#[]()@!\\-=:.\n\r\t\u2028", "@everyone", "🔔", "é", "\u0301", "\u200d",
          "👨‍👩‍👧", "\U0001f600", "Howe moved 5 MP "]
hostile_text = st.lists(st.sampled_from(PIECES), max_size=120).map("".join)
"""Text made of Markdown's and Discord's special characters, line breaks, mentions,
combining marks, emoji outside the BMP and plain words."""


def _finding(severity: Severity, step: int | None, message: str,
             player: str | None) -> Finding:
    return Finding(game="ww", rule_id="WW-SEQ-06", rule="WW 5.3", severity=severity,
                   step=step, player=player, message=message)


findings = st.builds(_finding, st.sampled_from(list(Severity)),
                     st.one_of(st.none(), st.integers(0, 10**9)), hostile_text,
                     st.one_of(st.none(), hostile_text))


def _report(items: list[Finding], *, name: str = "game.vlog", game_name: str = "WW",
            problems: tuple[str, ...] = ()) -> Report:
    return Report(game="ww", game_name=game_name, status=ReportStatus.JUDGED,
                  source=SourceFile(path=name, sha256="ab" * 32), tool_version="0.1.0",
                  steps=12, findings=items, problems=list(problems),
                  coverage=Coverage(checked=["WW-SEQ-06"]))


def _shown(summary: str) -> int:
    return len(BULLET.findall(summary))


def _left_out(summary: str) -> int:
    found = MORE.search(summary)
    return int(found[1]) if found else 0


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(findings, max_size=120), hostile_text, hostile_text,
       st.lists(hostile_text, max_size=3))
def test_the_summary_always_fits_and_accounts_for_every_finding(
        items: list[Finding], name: str, game_name: str, problems: list[str]) -> None:
    report = _report(items, name=name or "x", game_name=game_name or "x",
                     problems=tuple(problems))
    summary = render_summary(report)
    assert measure(summary) <= DISCORD_LIMIT
    assert _shown(summary) + _left_out(summary) == len(items)
    # Only our own lines start a line: a name or message never opens a heading, a list,
    # a quote or a code block.
    for line in summary.splitlines():
        assert line == "" or line.startswith(LINE_STARTS), line


@settings(max_examples=60, deadline=None)
@given(hostile_text)
def test_clipping_never_leaves_a_dangling_escape_or_a_line_break(text: str) -> None:
    for room in (0, 1, 5, 17, 60):
        clipped = clip(text, room)
        assert measure(clipped) <= room
        assert "\n" not in clipped and "\r" not in clipped and "\u2028" not in clipped
        body = clipped.removesuffix("…")
        assert (len(body) - len(body.rstrip("\\"))) % 2 == 0  # every backslash escapes
        assert BARE_MENTION.search(clipped) is None


def test_many_long_findings_end_with_the_count_of_those_left_out() -> None:
    items = [_finding(Severity.ILLEGAL, n, "Howe moved far too far " * 20, "Bea (British)")
             for n in range(300)]
    summary = render_summary(_report(items))
    assert measure(summary) <= DISCORD_LIMIT
    shown = _shown(summary)
    assert 1 <= shown < 300
    assert f"- …and {300 - shown} more (see the full report)" in summary
    assert "Findings: 300 ❌ illegal" in summary


def test_the_most_serious_findings_come_first_and_the_legend_when_it_fits() -> None:
    items = [_finding(Severity.INFO, 1, "context", None),
             _finding(Severity.ILLEGAL, 9, "Howe moved too far", "Bea")]
    summary = render_summary(_report(items))
    assert summary.index("Howe moved too far") < summary.index("context")
    assert summary.rstrip().endswith(f"_{escape(legend_line())}_")
    assert "Findings: 1 ❌ illegal · 1 ℹ️ info" in summary


def test_the_full_markdown_opens_with_the_summary_and_ends_with_the_legend() -> None:
    items = [_finding(Severity.CHECK, n, f"recompute battle {n}: 3 dice", "Ann") for n in range(40)]
    report = _report(items)
    text = render_markdown(report)
    summary = render_summary(report, with_legend=False)
    assert text.startswith(summary)
    assert text.rstrip().endswith(f"_{escape(legend_line())}_")
    assert text.count("recompute battle 0:") == 2  # in the summary and in the full list
    assert "recompute battle 39:" not in summary and "recompute battle 39:" in text
    assert "_Severities" not in summary


def test_a_hostile_name_cannot_mention_everyone_or_break_lines() -> None:
    report = _report([_finding(Severity.ILLEGAL, 3, "x\n# heading @everyone", "<@123>\n- y")])
    summary = render_summary(report)
    assert BARE_MENTION.search(summary) is None and "<@123>" not in summary
    assert "\n# heading" not in summary and "\n- y" not in summary


@cache
def _bundled(path: Path) -> Report:
    return check_file(path, config_for(path.parent))


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.stem)
def test_every_bundled_game_has_a_discord_summary_under_the_limit(game: Path) -> None:
    report = _bundled(game)
    sidecar = stamped(report, ReportFormat.DISCORD)
    assert measure(sidecar) <= DISCORD_LIMIT
    assert sidecar.startswith(render_summary(report, limit=100_000, with_legend=False)[:60])
    assert _shown(sidecar) + _left_out(sidecar) == len(report.findings)


def test_bundled_games_are_found() -> None:
    assert len(GAMES) > 50


def test_discord_is_a_sidecar_format_with_its_own_stamp(tmp_path: Path) -> None:
    assert parse_formats("json,discord") == [ReportFormat.JSON, ReportFormat.DISCORD]
    source = tmp_path / "game.vlog"
    source.write_bytes(b"x")
    report = _report([_finding(Severity.ILLEGAL, 1, "Howe moved too far", "Bea")])
    written = write_sidecars(report, source, [ReportFormat.DISCORD, ReportFormat.JSON])
    discord = sidecar_path(source, ReportFormat.DISCORD)
    assert discord.name == "game.vlog.adjudication.discord.md" and discord in written
    text = discord.read_text(encoding="utf-8")
    assert text.endswith(f"\n-# adjudication-set sha256={'ab' * 32}\n")
    assert measure(text) <= DISCORD_LIMIT
    assert sidecar_sha256(discord) == "ab" * 32
    # Asked for Markdown only later, the Discord sidecar is stale and goes.
    write_sidecars(report, source, [ReportFormat.MARKDOWN])
    assert not discord.exists()
    assert sidecar_path(source, ReportFormat.MARKDOWN).exists()


def test_a_bullet_whose_head_overflows_leaves_room_for_the_more_line() -> None:
    """Found by the property above: a finding with an empty message and a long player name
    makes a bullet whose head alone is longer than the room left; it must not eat the room
    kept for "…and N more"."""
    for count in (16, 20, 30):
        for name_length in range(0, 90, 3):
            items = [_finding(Severity.ILLEGAL, None, "", "p" * name_length)
                     for _ in range(count)]
            summary = render_summary(_report(items))
            assert measure(summary) <= DISCORD_LIMIT
            assert _shown(summary) + _left_out(summary) == len(items), (count, name_length)
