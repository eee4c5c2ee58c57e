"""Mutation tests for verdicts (issue 20): each legal scenario of both games is left legal
by the referee, and each small rule-breaking variant of it (`tests.mutations`) is flagged
with the rule it breaks at the step it breaks it. A variant the referee does not catch yet
is listed in `tests/mutations/misses.toml` with its reason, and expected to fail
(strictly: a fix makes the test fail until the list is updated)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mutations import (
    GAMES,
    Variant,
    absolute,
    adjudicate_raw,
    all_variants,
    illegal,
    known_misses,
    legal_scenarios,
    load_raw,
    said,
    scenario_paths,
)

VARIANTS = all_variants()
MISSES = known_misses()
ORIGINALS = [(game, path.stem) for game in GAMES for path in legal_scenarios(game)]


def _param(variant: Variant) -> object:
    reason = MISSES.get(variant.id)
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(variant, id=variant.id, marks=marks)


@pytest.mark.parametrize(("game", "scenario"), ORIGINALS,
                         ids=[f"{game}/{scenario}" for game, scenario in ORIGINALS])
def test_the_referee_is_silent_on_the_legal_original(game: str, scenario: str,
                                                     tmp_path: Path) -> None:
    path = next(p for p in scenario_paths(game) if p.stem == scenario)
    report = adjudicate_raw(game, absolute(load_raw(path), path.parent), tmp_path, scenario)
    assert illegal(report) == set()


@pytest.mark.parametrize("variant", [_param(v) for v in VARIANTS])
def test_the_variant_is_flagged_with_its_rule_at_its_step(variant: Variant,
                                                          tmp_path: Path) -> None:
    report = adjudicate_raw(variant.game, variant.raw, tmp_path, "variant")
    assert (variant.rule_id, variant.step) in illegal(report), (
        f"{variant.what}; the referee said: {said(report)}")


def test_every_known_miss_is_a_variant_with_a_reason() -> None:
    ids = {v.id for v in VARIANTS}
    assert set(MISSES) <= ids, sorted(set(MISSES) - ids)
    assert all(reason.startswith(("bug: ", "cannot be judged from a log: "))
               for reason in MISSES.values())


def test_variant_ids_are_unique_and_name_a_catalogued_rule() -> None:
    from adjudicator.systems import find_system

    assert len({v.id for v in VARIANTS}) == len(VARIANTS)
    for game in GAMES:
        catalog = {rule.id for rule in find_system(game).catalog()}
        assert {v.rule_id for v in VARIANTS if v.game == game} <= catalog


def test_both_games_have_variants_of_several_kinds() -> None:
    kinds = {(v.game, v.kind) for v in VARIANTS}
    assert {k for g, k in kinds if g == "ww"} >= {
        "move-further", "move-further-legs", "move-roundabout", "move-roundabout-legs",
        "loss-more", "loss-fewer", "retreat-split", "retreat-forbidden", "card-late",
        "wrong-box"}
    assert {k for g, k in kinds if g == "wfa"} >= {
        "retreat-forbidden", "loss-more", "move-roundabout", "move-roundabout-legs",
        "card-early"}
