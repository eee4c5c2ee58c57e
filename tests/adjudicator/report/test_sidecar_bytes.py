"""The JSON sidecar is streamed in chunks (issue 24): the same bytes as the text `render`
gives, without holding the text, its copy with the newline and its encoding at once."""

from __future__ import annotations

from pathlib import Path

from adjudicator.audit.job import check_file
from adjudicator.folderconfig import config_for
from adjudicator.report import ReportFormat, write_sidecars
from adjudicator.report.sidecar import render, sidecar_chunks, sidecar_path, stamped
from tests.conftest import REPO

GAMES = REPO / "fixtures" / "washingtons-war" / "games"


def test_every_format_is_written_as_the_rendered_text(tmp_path: Path) -> None:
    source = GAMES / "battle-and-retreat.vlog"
    report = check_file(source, config_for(GAMES))
    chunks = list(sidecar_chunks(report, ReportFormat.JSON))
    assert report.computations and len(chunks) > len(report.computations)
    assert chunks[-1] == b"\n"
    assert b"".join(chunks) == render(report, ReportFormat.JSON).encode("utf-8")
    assert b"".join(chunks) == (report.model_dump_json(indent=2) + "\n").encode("utf-8")
    written = write_sidecars(report, source, list(ReportFormat), out_dir=tmp_path)
    assert len(written) == len(ReportFormat)
    for fmt in ReportFormat:
        on_disk = sidecar_path(source, fmt, tmp_path).read_bytes()
        assert on_disk == stamped(report, fmt).encode("utf-8"), fmt
