"""The digest's tables T1-T17 (digest section 5), as read from `tables.json`."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from adjudicator.systems.washingtons_war.data.vocabulary import (
    BlockadeZone,
    CardId,
    GeneralId,
    Nationality,
    Record,
    Side,
    Source,
    SpaceId,
)


class _Table(Record):
    id: str
    title: str
    source: Source


class Placement(Record):
    """One line of the set-up (WW 4.0)."""

    side: Side
    location: str
    generals: tuple[GeneralId, ...] = ()
    cus: int = 0
    nationality: Nationality | None = None
    pc: bool = False
    congress: bool = False
    french_navy: bool = False


class PcPlacement(Record):
    side: Side
    pcs: int
    per_colony: int | None = None
    source: str


class SetupTotals(Record):
    br_cus_on_map: int
    am_cus_on_map: int
    fr_cus_on_map: int
    br_pcs_before_for_the_king: int
    am_pcs_before_committees: int
    source: str


class T1Setup(_Table):
    """T1 -- Set-up (WW 4.0)."""

    placements: tuple[Placement, ...]
    committees_of_correspondence: PcPlacement
    for_the_king: PcPlacement
    turn: int
    regulars: bool
    french_alliance: int
    set_aside: tuple[CardId, ...]
    deck_at_start: int
    totals: SetupTotals


class OpsActivation(Record):
    ops: int
    max_strategy: int


class CampaignActivation(Record):
    major: int
    minor: int
    ratings_ignored: bool


class GloverActivation(Record):
    generals: int
    side: Side
    movement: int
    may_battle: bool


class T2Activation(_Table):
    """T2 -- Activating a General (WW 3.0, 6.2, 7.1.A, 7.2.A, 7.3.C)."""

    ops: tuple[OpsActivation, ...]
    rule: str
    campaigns: CampaignActivation
    glover: GloverActivation


class DieRange(Record):
    die_min: int = Field(ge=1, le=6)
    die_max: int = Field(ge=1, le=6)


class AbrRow(DieRange):
    rating: Literal["half", "full"]


class T3ActualBattleRating(_Table):
    """T3 -- Actual Battle Rating (WW 9.3)."""

    rows: tuple[AbrRow, ...]
    rounding: Literal["down"]
    capped_by_cus: bool
    no_general: int


class Modifier(Record):
    id: str
    drm: int | None
    """None: the modifier is a variable (X CUs, Y Actual Battle Rating)."""
    applies_to: Literal["BR", "AM", "either"]
    condition: str
    source: str


class T4Modifiers(_Table):
    """T4 -- Combat Resolution DRMs (WW 9.4, 9.41-9.46)."""

    modifiers: tuple[Modifier, ...]


class LossRow(DieRange):
    lost: int


class T5LoserLosses(_Table):
    """T5 -- Loser's CU losses (WW 9.5)."""

    rows: tuple[LossRow, ...]
    capped_by_cus: bool
    capped_note: str


class WinnerLossRow(Record):
    losing_general_agility: int | None
    """None: the losing side had no General."""
    loses_one_on_max: int


class T6WinnerLosses(_Table):
    """T6 -- Winner's CU losses (WW 9.5)."""

    rows: tuple[WinnerLossRow, ...]
    max_lost: int


class AgilityAttempt(Record):
    attempt: Literal["interception", "retreat_before_battle"]
    succeeds_on: str
    agility_bonus: int
    bonus_generals: tuple[GeneralId, ...]


class T7Agility(_Table):
    """T7 -- Interception and retreat before battle (WW 7.8.A, 7.9.A)."""

    attempts: tuple[AgilityAttempt, ...]


class AttritionOutcome(Record):
    kind: Literal["none", "half", "roll"]
    lost_on_max: int | None = None


class AttritionRow(Record):
    nationality: Literal["BR", "AM"]
    cus: Literal["1", "2+"]
    with_general: bool | None
    in_winter_quarters_or_south: AttritionOutcome
    north_not_winter_quarters: AttritionOutcome
    note: str | None = None


class WashingtonExemption(Record):
    exempt_cus: int
    where: str
    excess: str
    source: str


class FrenchAttrition(Record):
    with_american_cus: Literal["AM"]
    alone: Literal["BR"]
    source: str


class T8WinterAttrition(_Table):
    """T8 -- Winter Attrition (WW 11.0-11.3)."""

    rows: tuple[AttritionRow, ...]
    washington: WashingtonExemption
    french: FrenchAttrition
    immune: tuple[str, ...]


class AllianceChange(Record):
    event: str
    change: int
    note: str | None


class T9FrenchAlliance(_Table):
    """T9 -- French Alliance track changes (WW 12.1, 12.2, 7.6.B, 6.34.C.ii)."""

    changes: tuple[AllianceChange, ...]
    minimum: int
    alliance_space: int
    spaces: int


class T10BlockadeZones(_Table):
    """T10 -- Blockade Zones and their ports (WW 12.3)."""

    zones: dict[BlockadeZone, tuple[SpaceId, ...]]
    complete: bool


class BlockadeEffect(Record):
    n: int
    effect: str
    reference: str


class T11BlockadeEffects(_Table):
    """T11 -- Effects on ports in the Blockaded Zone (WW 12.3, 12.2.C bullets)."""

    effects: tuple[BlockadeEffect, ...]
    no_effect: str


class FirstPlayerRow(Record):
    priority: Literal["a", "b", "c"]
    condition: str
    result: str


class T12FirstPlayer(_Table):
    """T12 -- Who picks the first player (WW 5.3)."""

    rows: tuple[FirstPlayerRow, ...]


class PcActionRow(Record):
    action: str
    american: str | None
    british: str | None


class T13PcActions(_Table):
    """T13 -- Legality of PC actions (WW 10.11, 10.12.B, 6.32.B, 7.2.B, 10.2.2)."""

    rows: tuple[PcActionRow, ...]


class RetreatRow(Record):
    force: str
    allowed: str
    if_none: str | None


class T14Retreats(_Table):
    """T14 -- Retreat destinations (WW 9.61-9.63, 7.8.F, 7.9.B)."""

    rows: tuple[RetreatRow, ...]


class ReinforcementRules(Record):
    uses_per_turn: int
    card: str
    cus: str
    general: str
    destination: str
    french: str | None = None


class T15Reinforcements(_Table):
    """T15 -- Reinforcements (WW 8.1, 8.2, 12.2.B.ii)."""

    british: ReinforcementRules
    american: ReinforcementRules
    british_cus_per_turn: None
    """Not in the text: see `WWData.reinforcements`."""
    british_cus_per_turn_note: str


class AutomaticVictory(Record):
    winner: Side
    condition: str
    when: str


class GameEndVictory(Record):
    units: int
    british_target: int
    american_target: int
    default_winner: Side
    when: str


class CanadaControl(Record):
    spaces: tuple[SpaceId, ...]
    ignored: tuple[SpaceId, ...]


class T16Victory(_Table):
    """T16 -- Victory (WW 13.1, 13.2, 10.0.B)."""

    automatic: tuple[AutomaticVictory, ...]
    game_end: GameEndVictory
    colony_control: str
    canada_control: CanadaControl


class DifferenceRow(Record):
    k: int
    numerator: int


class T17TwoDice(_Table):
    """T17 -- W(k) = P(d6_A - d6_D >= k), in 36ths (derived from WW 9.2 Step 4)."""

    denominator: int
    k_min: int
    k_max: int
    rows: tuple[DifferenceRow, ...]


class Tables(Record):
    """The digest's tables T1-T17."""

    t1: T1Setup
    t2: T2Activation
    t3: T3ActualBattleRating
    t4: T4Modifiers
    t5: T5LoserLosses
    t6: T6WinnerLosses
    t7: T7Agility
    t8: T8WinterAttrition
    t9: T9FrenchAlliance
    t10: T10BlockadeZones
    t11: T11BlockadeEffects
    t12: T12FirstPlayer
    t13: T13PcActions
    t14: T14Retreats
    t15: T15Reinforcements
    t16: T16Victory
    t17: T17TwoDice
