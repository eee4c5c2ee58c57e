"""Almost a Miracle!'s optional rules (AaM 16.1-16.3) and the Historical Duration
Campaign Game (AaM 13.4), each switched on by name (`--option historical-duration`).

Rulebook against the digest: the digest lists 13.4's Historical Duration as a variant
(AAM-VIC-06) and 16.3's Alternate History Duration as an optional rule (AAM-OPT-03,
AAM-VIC-07); both play past November 1779 (16.3 is the Campaign Game played to the
historical end, the British refusing the October 1778, January 1780 and March 1780
withdrawals), so either switch moves the last turn to October 1781 (`setup.py`).

A Battle Scenario (AaM 17.0: "Scenarios can also be played as Battle Scenarios") is a
choice of play the log does not show, like the long games: `--option battle-scenario`
judges its end in December of the first year and its victory conditions (AAM-SCN-04,
AAM-VIC-08).
"""

from __future__ import annotations

from enum import StrEnum

from adjudicator.systems.common.referee import OptionalRule


class Optional(StrEnum):
    """The names of the optional rules."""

    BACKWOODS_GENERALS = "backwoods-generals"
    SIMPLIFIED_ATTRITION = "simplified-attrition"
    ALTERNATE_HISTORY = "alternate-history"
    HISTORICAL_DURATION = "historical-duration"
    BATTLE_SCENARIO = "battle-scenario"


OPTIONAL_RULES = (
    OptionalRule(Optional.BACKWOODS_GENERALS.value, "Backwoods Generals", "AaM 16.1",
                 frozenset({"AAM-OPT-01"})),
    OptionalRule(Optional.SIMPLIFIED_ATTRITION.value, "Simplified Attrition", "AaM 16.2",
                 frozenset({"AAM-OPT-02", "AAM-SUP-20"})),
    OptionalRule(Optional.ALTERNATE_HISTORY.value, "Alternate History Duration Campaign Game",
                 "AaM 16.3", frozenset({"AAM-OPT-03", "AAM-VIC-07"})),
    OptionalRule(Optional.HISTORICAL_DURATION.value, "Historical Duration Campaign Game",
                 "AaM 13.4", frozenset({"AAM-VIC-06"})),
    OptionalRule(Optional.BATTLE_SCENARIO.value, "Battle Scenario (a scenario played to "
                 "December of its first year)", "AaM 17.0", frozenset({"AAM-SCN-04",
                                                                       "AAM-VIC-08"})),
)
"""The optional rules, each with the catalog rules that exist only while it is in use."""

LONG_GAMES = frozenset({Optional.ALTERNATE_HISTORY.value, Optional.HISTORICAL_DURATION.value})
"""The switches that play the Campaign Game past November 1779 (to October 1781)."""
