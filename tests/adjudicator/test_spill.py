"""Computations kept as their JSON texts (`adjudicator.spill`) and the report's JSON streamed
from them (`adjudicator.report.jsonstream`): the same report, the same bytes (issue 24)."""

from __future__ import annotations

import copy
import gc
import pickle
import subprocess
import sys
import warnings
from fractions import Fraction

import pytest

from adjudicator import spill
from adjudicator.audit.digest import digest_of
from adjudicator.findings import Computation, Probability
from adjudicator.reading.models import FileReading, RollRecord
from adjudicator.replay.visibility import _may_name
from adjudicator.report.jsonstream import json_chunks
from adjudicator.report.models import Report, SourceFile, held_in_memory
from adjudicator.spill import Spilled
from tests.conftest import REPO


def computation(step: int | None, name: str = "Carleton") -> Computation:
    return Computation(
        game="ww", kind="movement_points", step=step, rule_id="WW-MOV-02", rule="6.3",
        summary=f"{name}: Quebec → Montreal: 1 MP", inputs={"general": name, "legs": (
            {"from": "Quebec", "to": "Montreal", "cost": 1},)},
        result={"spent": 1, "route": ("Quebec", "Montreal")},
        probabilities={f"{name} wins": Probability.of(Fraction(1, 3))})


def report(computations: list[Computation]) -> Report:
    return Report(game="ww", game_name="Washington's War", status="judged",
                  source=SourceFile(path="game.vlog", sha256="0" * 64), tool_version="1",
                  steps=9, computations=computations)


def test_a_spilled_list_gives_back_what_it_was_given() -> None:
    items = [computation(step) for step in (3, None, 5, 7)]
    kept = Spilled(Computation, items)
    assert len(kept) == 4 and list(kept) == items and kept == items
    assert kept[1] == items[1] and kept[-1] == items[-1] and kept[1:3] == items[1:3]
    assert [kept.step(i) for i in range(4)] == [3, None, 5, 7]
    with pytest.raises(IndexError):
        kept[4]
    kept.truncate(2)
    kept.append(items[3])
    assert list(kept) == [items[0], items[1], items[3]]
    assert list(kept.where(lambda step: step != 3)) == [items[1], items[3]]


def test_past_the_threshold_the_texts_go_to_disk_and_still_read_back(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(spill, "SPOOL_BYTES", 2_000)
    monkeypatch.setattr(spill, "BATCH_BYTES", 1_000)
    items = [computation(step) for step in range(40)]
    kept = Spilled(Computation, items)
    assert kept._spool._rolled  # on disk
    assert list(kept) == items
    kept.truncate(10)
    assert list(kept) == items[:10] and kept[9] == items[9]


def test_texts_written_in_batches_read_back_between_appends_and_undos() -> None:
    items = [computation(step) for step in range(20)]
    kept = Spilled(Computation, items[:5])
    assert kept[4] == items[4]  # read while texts were pending
    for item in items[5:10]:
        kept.append(item)
    kept.truncate(7)  # an undo takes back pending texts
    kept.append(items[7])
    assert list(kept) == items[:8] and kept.text(7) == kept.text(-1)


def test_a_list_kept_long_holds_no_file_open(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(spill, "SPOOL_BYTES", 2_000)
    monkeypatch.setattr(spill, "BATCH_BYTES", 1_000)
    items = [computation(step) for step in range(40)]
    kept = Spilled(Computation, items)
    assert kept.on_disk and not kept.in_memory().on_disk
    assert list(kept.in_memory()) == items
    assert not pickle.loads(pickle.dumps(kept)).on_disk  # an audit worker's digest
    small = Spilled(Computation, items[:1])
    assert small.in_memory() is small
    rolls = [RollRecord(step=step, player="Ann", label="1d6", dice=[step % 6 + 1],
                        total=step % 6 + 1, source="button") for step in range(60)]
    built = report([]).model_copy(
        update={"reading": FileReading(kind="log", steps=60, rolls=rolls)})
    assert built.reading is not None and built.reading.rolls.on_disk
    digest = digest_of(built)
    assert digest.reading is not None and not digest.reading.rolls.on_disk
    assert list(digest.reading.rolls) == rolls
    many = report(items).model_copy(update={"reading": built.reading})
    held = held_in_memory(many)  # a watcher's latest report of a file
    assert not held.computations.on_disk and held.reading is not None
    assert not held.reading.rolls.on_disk and held == many


def test_a_dropped_list_closes_its_spool_without_a_warning() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        kept = Spilled(Computation, [computation(1)])
        del kept
        gc.collect()
    assert not [w for w in caught if issubclass(w.category, ResourceWarning)]
    # one still alive when the interpreter exits prints nothing either
    done = subprocess.run([sys.executable, "-W", "always", "-c", (
        "from tests.adjudicator.test_spill import computation\n"
        "from adjudicator.findings import Computation\n"
        "from adjudicator.spill import Spilled\n"
        "kept = Spilled(Computation, [computation(1)])\n")],
        capture_output=True, text=True, check=False, cwd=REPO)
    assert done.returncode == 0 and done.stderr == ""


def test_it_pickles_and_copies_as_its_items() -> None:
    kept = Spilled(Computation, [computation(1), computation(None)])
    assert pickle.loads(pickle.dumps(kept)) == kept
    assert copy.deepcopy(kept) == list(kept)


def test_a_report_streams_the_json_pydantic_writes() -> None:
    for items in ([], [computation(2)], [computation(s) for s in (1, None, 4)]):
        built = report(items)
        assert isinstance(built.computations, Spilled)
        streamed = b"".join(json_chunks(built))
        assert streamed == built.model_dump_json(indent=2).encode("utf-8")
        assert Report.model_validate_json(streamed) == built
        assert list(Report.model_validate_json(streamed).computations) == items


def test_a_spilled_list_deeper_in_the_report_streams_at_its_depth() -> None:
    rolls = [RollRecord(step=step, player="Ann", label="2d6", dice=[3, 4], total=7,
                        source="button", undone=step == 4) for step in (2, 4)]
    for kept in ([], rolls):
        built = report([computation(3)]).model_copy(
            update={"reading": FileReading(kind="log", steps=9, rolls=kept)})
        assert built.reading is not None and isinstance(built.reading.rolls, Spilled)
        streamed = b"".join(json_chunks(built))
        assert streamed == built.model_dump_json(indent=2).encode("utf-8")
        assert list(Report.model_validate_json(streamed).reading.rolls) == kept  # type: ignore[union-attr]


def test_only_texts_that_may_name_a_concealed_piece_are_parsed_for_redaction() -> None:
    kept = Spilled(Computation, [computation(1), computation(2, "Howe")])
    touched: list[int | None] = []

    def change(step: int | None, text: bytes):  # type: ignore[no-untyped-def]
        if not _may_name(text, {"Howe": "?"}):
            return None
        touched.append(step)
        return lambda c: c.model_copy(update={"summary": "?"})

    redacted = kept.mapped(change)
    assert touched == [2]
    assert redacted[0] == kept[0] and redacted[1].summary == "?"
    assert _may_name(b'"no one"', {'Sir "Billy"': "?"})  # escaped in JSON: assumed named
    assert kept.mapped(lambda step, text: None) is kept  # nothing rewritten, nothing copied
