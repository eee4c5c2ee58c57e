"""The action markers' timing and effects, marker returns and where played markers go
(AR 7.0-7.11): each finding names its marker and quotes the rule's substance; legal plays
are silent and counted as checked."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.adjudicator.systems.american_revolution._markers_kit import illegal, report_of


@pytest.mark.parametrize(("name", "rule", "words"), [
    ("cm-illegal-debate-in-mobilization", "AR-CM-12", "during the Political Phase"),
    ("cm-illegal-minutemen-after-moving", "AR-CM-19", "after his forces had begun to move"),
    ("cm-illegal-privateers-own-movement", "AR-CM-22", "during his own Movement Phase"),
    ("cm-illegal-mutiny-after-returns", "AR-CM-20", "after markers had been returned"),
    ("cm-illegal-master-plan-mid-battle", "AR-CM-18", "during a battle"),
])
def test_a_marker_out_of_time_is_illegal_with_its_timing(name: str, rule: str, words: str,
                                                          tmp_path: Path) -> None:
    found = illegal(report_of(name, tmp_path))
    assert [(r, m) for r, _, m in found if r == rule and words in m]


def test_minutemen_militia_must_go_in_a_region_pro_its_side(tmp_path: Path) -> None:
    found = illegal(report_of("cm-illegal-minutemen-pro-enemy-region", tmp_path))
    assert found == [("AR-CM-19", 5, found[0][2])]
    assert "Loyalty there is -2" in found[0][2]


def test_politicking_reads_its_die(tmp_path: Path) -> None:
    found = illegal(report_of("cm-illegal-politicking-one-to-pool", tmp_path))
    assert [r for r, _, _ in found] == ["AR-CM-21"]
    assert "permanently removed" in found[0][2]
    assert not illegal(report_of("cm-legal-politicking-to-leader-pool", tmp_path))


def test_half_the_hand_rounded_down_after_mutiny_returns(tmp_path: Path) -> None:
    report = report_of("cm-legal-mutiny-and-treason", tmp_path)
    assert not illegal(report)
    assert {"AR-CM-04", "AR-CM-20"} <= set(report.coverage.checked)
    found = illegal(report_of("cm-illegal-mutiny-returns-not-extra", tmp_path))
    assert [(r, s) for r, s, _ in found] == [("AR-CM-04", 10)]


def test_a_played_marker_that_is_not_once_per_game_goes_to_the_pool(tmp_path: Path) -> None:
    assert not illegal(report_of("cm-legal-played-marker-to-pool", tmp_path))
    assert not illegal(report_of("cm-legal-shot-heard-set-aside", tmp_path))
    found = illegal(report_of("cm-illegal-shot-heard-back-to-pool", tmp_path))
    assert [r for r, _, _ in found] == ["AR-CM-06"]


def test_speculators_second_die_caps_the_draw(tmp_path: Path) -> None:
    assert not illegal(report_of("cm-legal-speculators-draw", tmp_path))
    found = illegal(report_of("cm-illegal-speculators-too-many", tmp_path))
    assert [(r, s) for r, s, _ in found] == [("AR-CM-25", 8)]
