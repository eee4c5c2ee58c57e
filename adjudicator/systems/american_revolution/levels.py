"""The levels of the three political tracks (AR 10-12; digest 5.6-5.8), for every rule that
reads them.

Revolutionary Progress runs 0 (Don't Tread on Me) to 4 (Articles of Confederation) and
never moves left (AR 10.4). Colonial Loyalty and the European Balance of Power run -3
(pro-British) to +3 (pro-American) and stop at either edge (AR 11.5, 12.6).
"""

from __future__ import annotations

from typing import Final

DONT_TREAD_ON_ME: Final = 0
CONTINENTAL_CONGRESS: Final = 1
"""Washington is placed the instant RP reaches it (AR 4.10)."""
DECLARATION_OF_INDEPENDENCE: Final = 2
"""The British special reinforcements arrive (AR 4.9); the American rolls two dice on the
Balance of Power table (AR 12.5)."""
PROFESSIONALIZES: Final = 3
"""Continental Army Professionalizes: American regulars cost 3, not 4 (AR 13.4), and
American regulars and light stop checking enlistments (AR 20.2)."""
ARTICLES_OF_CONFEDERATION: Final = 4
"""The table's last level: RP moves no higher (AR 10.4)."""

RP_LEVELS: Final = ("Don't Tread on Me", "Continental Congress",
                    "Declaration of Independence", "Continental Army Professionalizes",
                    "Articles of Confederation")
"""The Revolutionary Progress Table's boxes, left to right (digest 5.6)."""

LOWEST, HIGHEST = -3, 3
"""The edges of the Loyalty and Balance of Power tracks (AR 11.5, 12.6)."""
GENERAL_EUROPEAN_SUPPORT: Final = 1
FRENCH_ALLIANCE: Final = 2
"""France is allied while the Balance of Power is here or beyond (AR 26.1)."""
SPANISH_ALLIANCE: Final = 3
"""Spain is allied while the Balance of Power is here (AR 26.1)."""
ALLIES: Final = {"FR": FRENCH_ALLIANCE, "SP": SPANISH_ALLIANCE}
"""Each ally's nation (as the data's regions name it) and the level that allies it."""


def rp_level_name(level: int | None) -> str:
    """The Revolutionary Progress box at `level` (the level itself when off the table).

    >>> rp_level_name(2), rp_level_name(None)
    ('Declaration of Independence', 'an unknown level')
    """
    if level is None:
        return "an unknown level"
    if 0 <= level < len(RP_LEVELS):
        return RP_LEVELS[level]
    return f"level {level}"


def professionalized(level: int | None) -> bool:
    """Whether the Continental Army has professionalized (RP at level 3 or beyond: AR 13.4,
    20.2)."""
    return level is not None and level >= PROFESSIONALIZES


def allied(nation: str, bop: int | None) -> bool:
    """Whether France (`FR`) or Spain (`SP`) is allied at Balance of Power `bop` (AR 26.1).

    >>> allied("FR", 2), allied("SP", 2), allied("SP", None)
    (True, False, False)
    """
    threshold = ALLIES.get(nation)
    return threshold is not None and bop is not None and bop >= threshold


def signed(level: int | None) -> str:
    """A Loyalty or Balance of Power level as printed (`+2`, `0`, `-1`)."""
    if level is None:
        return "an unknown level"
    return f"+{level}" if level > 0 else str(level)
