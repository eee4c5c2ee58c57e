"""What the watcher prints: a plain line per file, problems on stderr, a closing tally."""

from __future__ import annotations

import io
from pathlib import Path

from adjudicator.audit.job import check_file
from adjudicator.folderconfig import FolderConfig
from adjudicator.watch.dispatch import Outcome, Result
from adjudicator.watch.status import PlainStatus

REPO = Path(__file__).resolve().parents[3]
EXAMPLE = REPO / "fixtures" / "example" / "example.vlog"


def test_plain_lines_name_each_file_and_put_failures_on_stderr(tmp_path: Path) -> None:
    broken = tmp_path / "broken.vlog"
    broken.write_bytes(b"not a zip")
    out, err = io.StringIO(), io.StringIO()
    status = PlainStatus("games", out=out, err=err)
    status.seen(3)
    good = check_file(EXAMPLE, FolderConfig())
    status.result(Result(EXAMPLE, Outcome.CHECKED, good, 0.0, 0.1))
    status.result(Result(EXAMPLE, Outcome.CURRENT, None, 0.0, 0.1))
    status.result(Result(broken, Outcome.CHECKED, check_file(broken, FolderConfig()), 0.0, 0.1))
    status.close()
    lines = out.getvalue().splitlines()
    assert lines[0].startswith(f"{EXAMPLE}: Example Skirmish, 9 steps: no game system")
    assert lines[1].startswith("watching games · 3 seen · 2 checked · 1 failed · ")
    assert "broken.vlog" in err.getvalue() and "zip" in err.getvalue()
    assert len(err.getvalue().splitlines()) == 1
