"""The game's charts the rulebook refers to but does not print (digest 5 T-17, 8 A-1).

The Continental Levy Table (CLT), the Loyalist and Militia Muster Chart (LMMC), the Militia
Maximums Chart (MMC), the British Transport Capacity Chart, the Colonial Reinforcement
Chart's attrition fractions and French arrival range, the reinforcement charts and the
seasons of the Turn Record Tracks. The few values the rulebook does give (1776 transport
cap 10, WfA 14.10; Winter 1777 attrition 2/3, WfA 18.4) are bundled with their section;
everything else is `None` until a user file supplies it. The battle, Petite Guerre, siege
and fleet combat tables are in `tables` (their own module).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Literal

from pydantic import Field, model_validator

from adjudicator.systems.common.facts import Needs
from adjudicator.systems.war_for_america.data.vocabulary import (
    FIRST_YEAR,
    LAST_YEAR,
    Colony,
    MusterPortion,
    Need,
    Record,
    Region,
    Side,
    Source,
)

D12_ROLLS = tuple(range(2, 13))
"""A 'D12' is two six-sided dice, 2..12 (WfA 2.0)."""
D6_ROLLS = tuple(range(1, 7))
LEVY_REGIONS = (Region.NEW_ENGLAND, Region.MIDDLE_STATES, Region.TIDEWATER, Region.DEEP_SOUTH)
"""The Regions the CLT is rolled for: those made of colonies (WfA 10.2, 10.4)."""
TRANSPORT_YEARS = tuple(range(1776, LAST_YEAR + 1))
"""Years of the British Transport Capacity Chart (WfA 14.10; 1776 is the first stated)."""
ATTRITION_YEARS = tuple(range(1777, LAST_YEAR + 1))
"""The Winters with Continental attrition: 1777-1782 (WfA 18.3)."""
ATTRITION_RANGE = (Fraction(1, 4), Fraction(3, 4))
"""'from one-quarter to three-quarters' (WfA 18.3)."""

SeasonColour = Literal["green", "white", "yellow", "blue"]
"""STRT box colours: blue Winter, green Spring, yellow Late Summer (WfA 3.1); white other."""


class Levy(Record):
    """One Region's row of the CLT: Continental SP by modified D12 (WfA 10.2-10.4)."""

    region: Region
    sp: dict[Annotated[int, Field(ge=2, le=12)], Annotated[int, Field(ge=0)]]
    """SP raised for each roll 2..12."""
    colonies: tuple[Colony, ...]
    """The colonies listed, among which the SP are divided (WfA 10.4)."""
    source: Source

    @model_validator(mode="after")
    def _complete(self) -> Levy:
        if set(self.sp) != set(D12_ROLLS):
            raise ValueError("the levy row needs a value for every roll 2..12")
        if any(colony.region is not self.region for colony in self.colonies):
            raise ValueError(f"a listed colony is not in {self.region}")
        return self

    @property
    def lowest(self) -> int:
        """The lowest value, used from 1780 (WfA 19.12)."""
        return min(self.sp.values())


class Muster(Record):
    """The LMMC: militia and Loyalist portions by D6 (WfA 10.7, 10.9, 10.20)."""

    militia: dict[Annotated[int, Field(ge=1, le=6)], MusterPortion]
    loyalists: dict[Annotated[int, Field(ge=1, le=6)], MusterPortion]
    source: Source

    @model_validator(mode="after")
    def _complete(self) -> Muster:
        for name in ("militia", "loyalists"):
            if set(getattr(self, name)) != set(D6_ROLLS):
                raise ValueError(f"{name} needs a portion for every roll 1..6")
        # Loyalists come as half or the full amount (WfA 10.20).
        if MusterPortion.NONE in self.loyalists.values():
            raise ValueError("a Loyalist result is half or full (WfA 10.20)")
        return self


class Season(Record):
    """One box of the Seasonal Turn Record Track (WfA 3.1)."""

    id: Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]
    name: str
    colour: SeasonColour
    source: Source


class Reinforcement(Record):
    """One entry of the British or Colonial Reinforcement Chart (WfA 8.1-8.4)."""

    side: Side
    year: Annotated[int, Field(ge=FIRST_YEAR, le=LAST_YEAR)]
    season: str
    units: str
    """What arrives, as the chart prints it."""
    sp: Annotated[int, Field(ge=0)] = 0
    place: str | None = None
    """Where: a space id, or None for the Europe Box (British) or the chart's space."""
    source: Source


class Charts(Record):
    """Every chart value the referee may use; None where neither the text nor a file says."""

    levy: dict[Region, Levy | None]
    muster: Annotated[Muster | None, Needs(
        Need.MUSTER, "the Loyalist and Militia Muster Chart (WfA 10.9)")] = None
    militia_maximums: Annotated[dict[Colony, Annotated[int, Field(ge=0)] | None], Needs(
        Need.MILITIA_MAXIMUMS, "the militia maximum of {item} (MMC, WfA 10.9)", each=True)]
    """Militia SP each colony may have (the MMC, WfA 10.9, 10.17)."""
    loyalist_amounts: Annotated[dict[Region, Annotated[int, Field(ge=0)] | None], Needs(
        Need.MUSTER, "the full Loyalist amount of {item} (WfA 10.20)",
        key="charts.loyalists.{item}", each=True)]
    """The full Loyalist amount per Region (LMMC, WfA 10.20)."""
    transport: Annotated[dict[int, Annotated[int, Field(ge=0)] | None], Needs(
        Need.TRANSPORT, "British Naval Transport capacity in {item} (WfA 14.10)", each=True)]
    """SP the British may move by Naval Transport each year (WfA 14.10)."""
    attrition: Annotated[dict[int, Fraction | None], Needs(
        Need.ATTRITION, "Continental attrition in the Winter of {item} (CRC, WfA 18.3)",
        each=True)]
    """Continental attrition fraction each Winter 1777-1782 (CRC, WfA 18.3-18.4)."""
    french_arrival: Annotated[tuple[Annotated[int, Field(ge=1, le=6)],
                                    Annotated[int, Field(ge=1, le=6)]] | None, Needs(
        Need.FRENCH_ARRIVAL,
        "the D6 range bringing d'Estaing in Early Spring 1778 (CRC, WfA 8.4)")] = None
    """The D6 range (low, high) bringing d'Estaing in Early Spring 1778 (CRC, WfA 8.4)."""
    season_names: tuple[str, ...] = ()
    """The turns the rulebook names (WfA 3.1, 6.0, 8.4, 13.11-13.14), not their order."""
    seasons: Annotated[tuple[Season, ...] | None, Needs(
        Need.CALENDAR, "the turns of a year in order, with their STRT colours (WfA 3.1; "
        "digest A-2)")] = None
    """The turns of one year, in order (STRT; digest 8 A-2: the text never lists them)."""
    reinforcements: tuple[Reinforcement, ...] = ()
    reinforcements_complete: bool = False
    """Whether `reinforcements` is the whole of both charts."""
    sources: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    """Where each chart value came from, by its dotted key (`transport.1776`)."""

    @model_validator(mode="after")
    def _in_range(self) -> Charts:
        low, high = ATTRITION_RANGE
        for year, fraction in self.attrition.items():
            if fraction is not None and not low <= fraction <= high:
                raise ValueError(f"attrition for {year} must be 1/4..3/4 (WfA 18.3), "
                                 f"got {fraction}")
        if self.french_arrival is not None and self.french_arrival[0] > self.french_arrival[1]:
            raise ValueError("the French arrival range runs from low to high")
        if self.seasons is not None:
            ids = [season.id for season in self.seasons]
            if len(set(ids)) != len(ids):
                raise ValueError("a season is listed twice")
            colours = [season.colour for season in self.seasons]
            # WfA 3.1: a Winter (blue) turn, Spring (green) and a Late Summer (yellow) one.
            if "blue" not in colours or "green" not in colours or "yellow" not in colours:
                raise ValueError("the year needs a blue (Winter), a green (Spring) and a "
                                 "yellow (Late Summer) turn (WfA 3.1)")
        return self
