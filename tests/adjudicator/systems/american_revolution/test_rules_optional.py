"""The optional rules other than Fortresses and Honors of War (AR 29-37, 39): each legal
scenario is judged and found legal by its rule (`Check.done`), with the exact chances the
rule's rolls give; and with its option off, a rule yields nothing."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest

from adjudicator.systems.american_revolution.rules import RULES
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Applied, Computed, Outcome
from tests.adjudicator.systems.scenariokit import check_scenario
from tests.conftest import REPO

AR = REPO / "fixtures" / "american-revolution"
SCENARIOS = AR / "scenarios"

JUDGED_LEGAL = {
    "part-legal-placed-on-roll-replaces-enemy": ("AR-PART-01", "AR-PART-02", "AR-PART-04"),
    "part-legal-committee-any-phase": ("AR-PART-02",),
    "part-legal-retry-after-a-failed-roll": ("AR-PART-01",),
    "part-legal-force-leaves-partisan-locale": ("AR-PART-03",),
    "mas-legal-after-battle-won": ("AR-MAS-01", "AR-MAS-02", "AR-PART-04"),
    "mas-legal-bait-result": ("AR-MAS-01",),
    "mas-legal-removed-after-supply": ("AR-MAS-04",),
    "mup-legal-upgrade-beside-regular": ("AR-MUP-01",),
    "mup-legal-upgrade-to-light-beside-light": ("AR-MUP-01",),
    "mexp-legal-militia-cross-with-commander": ("AR-MEXP-01",),
    "mexp-legal-general-commands-expedition": ("AR-MEXP-01",),
    "mexp-legal-retreat-across-border-with-commander": ("AR-MEXP-02",),
    "ovr-legal-overrun-and-move-on": ("AR-OVR-01",),
    "ovr-legal-overrun-in-one-drag": ("AR-OVR-01",),
    "ovr-legal-lone-leader-by-ten": ("AR-OVR-01",),
    "unof-legal-commander-rallies": ("AR-UNOF-01",),
    "forg-legal-light-lost-on-a-five": ("AR-FORG-01",),
}
"""Legal scenario → the optional rules it must be judged legal by."""


def outcomes(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[Outcome]:
    """Every outcome the rule families yield on a scenario (before options filter them)."""
    seen: list[Outcome] = []
    judge = RULES.judge

    def recording(action: Action, ctx: Context) -> Iterator[Outcome]:
        for outcome in judge(action, ctx):
            seen.append(outcome)
            yield outcome

    monkeypatch.setattr(RULES, "judge", recording)
    check_scenario(SCENARIOS / f"{name}.toml", tmp_path, game="ar",
                   data_files=[AR / "data" / "fixture.toml"], binding_file=AR / "binding.toml")
    return seen


@pytest.mark.parametrize("name", sorted(JUDGED_LEGAL))
def test_legal_play_is_judged_legal_by_its_optional_rule(
        name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    done = {o.rule_id for o in outcomes(name, tmp_path, monkeypatch) if isinstance(o, Applied)}
    assert set(JUDGED_LEGAL[name]) <= done


def computed(name: str, kind: str, tmp_path: Path,
             monkeypatch: pytest.MonkeyPatch) -> list[Computed]:
    return [o for o in outcomes(name, tmp_path, monkeypatch)
            if isinstance(o, Computed) and o.kind == kind]


def test_a_partisan_is_placed_on_half_the_rolls_at_a_cost_by_loyalty(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # New England at +1 is pro-American: 2 PP (AR 29.2).
    [placement] = computed("part-legal-placed-on-roll-replaces-enemy", "partisan placement",
                           tmp_path, monkeypatch)
    assert placement.probabilities == {"placed": Fraction(1, 2)}
    assert placement.result["cost"] == 2


def test_a_militia_expedition_under_clark_crosses_on_two_in_six(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    [expedition] = computed("mexp-legal-militia-cross-with-commander", "militia expedition",
                            tmp_path, monkeypatch)
    assert expedition.probabilities == {"crosses": Fraction(1, 3), "stops": Fraction(1, 2),
                                        "removed": Fraction(1, 6)}


def test_a_retreating_expedition_loses_every_militia_that_fails(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    [expedition] = computed("mexp-legal-retreat-across-border-with-commander",
                            "militia expedition", tmp_path, monkeypatch)
    assert expedition.probabilities == {"crosses": Fraction(1, 3), "stops": Fraction(0),
                                        "removed": Fraction(2, 3)}


def test_an_overrun_needs_ten_times_the_enemy_strength(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    [overrun] = computed("ovr-legal-overrun-and-move-on", "overrun", tmp_path, monkeypatch)
    assert overrun.inputs["moving CF"] == 10
    assert overrun.result == {"needed": 10, "overrun": True}
    [weak] = computed("ovr-illegal-too-weak", "overrun", tmp_path, monkeypatch)
    assert weak.result == {"needed": 10, "overrun": False}


def test_a_massacre_gives_the_opponent_markers_equal_to_the_printed_value(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    [massacre] = computed("mas-legal-after-battle-won", "massacre", tmp_path, monkeypatch)
    assert massacre.result == {"markers the opponent draws": 2}  # Albany's PV (fixture)


def test_indian_sovereignty_counts_the_locales_the_enemy_alone_occupies(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    [points] = computed("isov-points-shown-unchecked", "Indian sovereignty", tmp_path,
                        monkeypatch)
    assert points.result == {"points": 1}


@pytest.mark.parametrize("name", ["part-off-low-roll-not-judged",
                                  "mas-off-no-battle-not-judged",
                                  "unof-off-unit-undisrupted-alone"])
def test_with_its_option_off_an_optional_rule_reports_nothing(name: str,
                                                              tmp_path: Path) -> None:
    report = check_scenario(SCENARIOS / f"{name}.toml", tmp_path, game="ar",
                            data_files=[AR / "data" / "fixture.toml"],
                            binding_file=AR / "binding.toml")
    optional = ("AR-PART", "AR-MAS", "AR-UNOF")
    assert not [f for f in report.findings if f.rule_id.startswith(optional)]


def test_an_interception_succeeds_on_a_die_at_most_the_commanders_value(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Wayne (2) intercepts after a roll of 2 (AR 32.2): chance 2/6.
    [interception] = computed("int-possible-interception-unchecked", "interception",
                              tmp_path, monkeypatch)
    assert interception.probabilities == {"success": Fraction(1, 3)}
    assert interception.result == {"succeeded": True}


def test_forage_gives_light_troops_a_third_and_regulars_two_thirds(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    [light] = computed("forg-legal-light-lost-on-a-five", "forage", tmp_path, monkeypatch)
    assert light.probabilities == {"light-or-indian": Fraction(1, 3)}
    [regular] = computed("forg-unchecked-regular-lost-after-a-two", "forage", tmp_path,
                         monkeypatch)
    assert regular.probabilities == {"regular": Fraction(2, 3)}


def _context(*pieces: tuple[str, str], options: frozenset[str]) -> Context:
    """A context with these entities (id, locale) on the fixture map."""
    from adjudicator.systems.american_revolution.data.user import load_data
    from adjudicator.systems.american_revolution.procedure import ARProcedure
    from adjudicator.systems.american_revolution.state import ARState, Entity
    from adjudicator.systems.common.mapgraph import MapGraph
    from adjudicator.systems.common.places import Place, PlaceKind
    from adjudicator.systems.common.sequence import Moment
    from adjudicator.systems.common.sequencer import Placement

    data = load_data([AR / "data" / "fixture.toml"])
    state = ARState()
    for n, (entity, locale) in enumerate(pieces):
        parsed = Entity.parse(entity)
        assert parsed is not None
        state.pieces[f"p{n}"] = (parsed, Place(PlaceKind.SPACE, locale))
    graph = MapGraph((), (), complete=False)
    return Context(data, state, ARProcedure(), Placement(Moment()), graph, options=options)


def test_an_enemy_partisan_or_a_massacre_makes_a_towns_value_zero() -> None:
    from adjudicator.systems.american_revolution.rules.partisans import political_value

    both = frozenset({"partisans", "massacre"})
    ctx = _context(("partisan:US", "boston"), ("massacre", "albany"), options=both)
    assert political_value(ctx, "boston", "GB") == 0  # AR 29.4(1)
    assert political_value(ctx, "boston", "US") == 5  # a friendly partisan: no effect
    assert political_value(ctx, "albany", "US") == 0  # AR 37.2(3)
    off = _context(("partisan:US", "boston"), options=frozenset())
    assert political_value(off, "boston", "GB") == 5
