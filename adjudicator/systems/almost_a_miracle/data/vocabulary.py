"""Almost a Miracle!'s words: its sides and the kinds of fact the rulebook leaves to the
printed map, counters and Player's Aid Charts (`Need`, the catalog's `needs` words)."""

from __future__ import annotations

from enum import StrEnum


class Need(StrEnum):
    """The kinds of fact a check may lack (the words of the catalog's `needs`)."""

    AREAS = "map areas"
    ADJACENCY = "adjacency and terrain"
    RIVERS = "rivers and crossings"
    TEC = "terrain effects chart"
    SURPRISE = "surprise table"
    BATTLE = "battle winner table"
    CASUALTY = "casualty table"
    ATTRITION = "attrition tables"
    MILITIA = "militia generation table"
    POLITICAL = "political events table"
    RANDOM = "random events table"
    REINFORCEMENTS = "reinforcement schedule"
    LEADERS = "leader ratings"
    UNIT_VALUES = "unit values"
    COUNTER_MIX = "counter mix"
    SCENARIOS = "scenario set-ups"


class Side(StrEnum):
    """The two players (AaM 1.0)."""

    CONTINENTAL = "continental"
    BRITISH = "british"


TABLE_NEEDS: dict[str, Need] = {
    "terrain_effects_chart": Need.TEC,
    "surprise_table": Need.SURPRISE,
    "battle_winner_table": Need.BATTLE,
    "casualty_drm_table": Need.CASUALTY,
    "militia_attrition_table": Need.ATTRITION,
    "expired_enlistment_table": Need.ATTRITION,
    "forage_attrition_matrix": Need.ATTRITION,
    "foraging_attrition_table": Need.ATTRITION,
    "militia_generation_table": Need.MILITIA,
    "political_events_table": Need.POLITICAL,
    "random_events_chart_fort_limit": Need.RANDOM,
    "endeavor_random_event_table": Need.RANDOM,
    "reinforcement_schedule": Need.REINFORCEMENTS,
    "component_data": Need.COUNTER_MIX,
    "scenario_5_battle_victory_conditions": Need.SCENARIOS,
}
"""The Player's Aid Charts and other tables the rulebook references but does not print
(digest 5.3), with the kind of fact each is."""
