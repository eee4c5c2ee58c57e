"""The HTML replay page as markup: escaping, findings linked to steps, computations with
percentages, the legend, coverage grouped by reason (the page's behaviour is tested in
Chromium, tests/browser)."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path

from adjudicator.audit.job import check_file
from adjudicator.findings import Computation, Finding, Probability, Severity
from adjudicator.folderconfig import config_for
from adjudicator.report.html import render_html, severity_texts
from adjudicator.report.models import Coverage, Report, ReportStatus, SourceFile
from adjudicator.report.trace import (
    ReplayTrace,
    TraceMap,
    TraceMove,
    TracePiece,
    TracePoint,
    TraceStep,
)

GAMES = Path(__file__).parents[3] / "fixtures" / "washingtons-war" / "games"
HOSTILE = "</script><b>x"


class _Scripts(HTMLParser):
    """Collects the text of each <script> and the <b> elements (none should be injected)."""

    def __init__(self) -> None:
        super().__init__()
        self.scripts: list[tuple[dict[str, str | None], str]] = []
        self.bold = 0
        self._open: dict[str, str | None] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "script":
            self._open = dict(attrs)
            self.scripts.append((self._open, ""))
        elif tag == "b":
            self.bold += 1

    def handle_data(self, data: str) -> None:
        if self._open is not None:
            attrs, text = self.scripts[-1]
            self.scripts[-1] = (attrs, text + data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._open = None


def _report(**changes: object) -> Report:
    at = TracePoint(map="Main", x=100, y=200, location="Boston")
    there = TracePoint(map="Main", x=300, y=200, location="Hartford")
    trace = ReplayTrace(
        maps=[TraceMap(id="Main", width=800, height=600)],
        start=[TracePiece(id="1", name=HOSTILE, at=at)],
        steps=[TraceStep(index=1, player="Abigail", side="American",
                         moves=[TraceMove(id="1", name=HOSTILE, origin=at,
                                          destination=there)],
                         chat=[f"<{HOSTILE}> hello & bye"])],
        total_steps=1)
    fields: dict[str, object] = dict(
        game="ww", game_name="Washington's War", status=ReportStatus.JUDGED,
        source=SourceFile(path="game.vlog", sha256="0" * 64), tool_version="0",
        steps=1,
        findings=[Finding(game="ww", rule_id="WW-MOV-02", rule="WW 7.3", step=1,
                          severity=Severity.ILLEGAL, message=f"{HOSTILE} moved too far",
                          pieces=(HOSTILE,))],
        computations=[Computation(game="ww", kind="battle_odds", step=1, summary="wins 5/12",
                                  probabilities={"win": Probability.of(Fraction(5, 12))})],
        coverage=Coverage(checked=["WW-MOV-02"],
                          unchecked={"WW-A": "needs the card list", "WW-B": "needs the card "
                                     "list", "WW-C": "not implemented yet"}),
        replay=trace)
    fields.update(changes)
    return Report.model_validate(fields)


def test_a_hostile_piece_name_cannot_close_the_data_script() -> None:
    page = render_html(_report())
    assert HOSTILE not in page
    parser = _Scripts()
    parser.feed(page)
    assert parser.bold == 0
    data = [text for attrs, text in parser.scripts if attrs.get("type") == "application/json"]
    assert len(data) == 1
    decoded = json.loads(data[0])
    assert decoded["trace"]["start"][0]["name"] == HOSTILE
    assert decoded["trace"]["steps"][0]["chat"] == [f"<{HOSTILE}> hello & bye"]
    assert decoded["findings"][0]["pieces"] == [HOSTILE]
    assert decoded["battles"] == [1]


def test_each_finding_links_to_its_step() -> None:
    page = render_html(_report())
    assert re.search(r'<a href="#step-1" class="goto" data-finding="0">step 1</a>', page)
    assert "&lt;/script&gt;&lt;b&gt;x moved too far" in page


def test_computations_show_fractions_and_percentages_beside_their_step() -> None:
    page = render_html(_report())
    assert "win 5/12 (41.7%)" in page
    assert re.search(r'<p class="computation" data-step="1" hidden', page)


def test_coverage_is_grouped_by_reason_and_collapsed() -> None:
    page = render_html(_report())
    assert "<summary>Not checked: needs the card list (2 rules)</summary>" in page
    assert "<summary>Not checked: not implemented yet (1 rule)</summary>" in page
    assert page.index("Findings (1)") < page.index("Coverage")


def test_the_legend_explains_every_severity() -> None:
    texts = severity_texts()
    assert set(texts) == set(Severity)
    page = render_html(_report())
    for severity in Severity:
        assert f'<dt class="{severity.value}">{severity.value}</dt>' in page
        assert texts[severity].replace("'", "&#x27;") in page or texts[severity] in page


def test_the_page_has_controls_and_one_svg_per_map() -> None:
    page = render_html(_report())
    for control in ("first", "prev", "next", "last", "slider"):
        assert f'id="{control}"' in page
    assert page.count("<svg ") == 1
    assert re.search(r'viewBox="-?[0-9.]+ -?[0-9.]+ [0-9.]+ [0-9.]+"', page)


def test_a_report_without_a_trace_still_renders_its_findings() -> None:
    page = render_html(_report(replay=None))
    assert 'id="replay"' not in page
    assert "moved too far" in page


def test_the_bundled_games_pages_are_self_contained() -> None:
    report = check_file(GAMES / "illegal-two-things.vlog", config_for(GAMES))
    page = render_html(report)
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", page)
    assert "<svg " in page and "one card (Fixture OPS 3 A)" in page
