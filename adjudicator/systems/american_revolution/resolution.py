"""Which rabble-rousing table a track move resolves, and which dice decided it (AR 9.3-9.4).

Both sides reveal their commitments, then the First Player chooses the order in which the
tables are consulted (AR 9.3). A VASSAL log shows each contested table as each side's roll
followed by the track marker's move (none on a tie, AR 10.3, 11.4, 12.4), so the order of
the track moves is the order the First Player chose, and the dice a move stands on are each
side's last roll of the phase not already spent on an earlier table. A tied table moves
nothing, so its dice stay unspent; a later table still finds its own dice last.

The procedure keeps every resolution (`ARProcedure.rabble`), each with its turn, so the
rules can read which tables were resolved this phase and in what order.

Readings in the player's favour, where the log cannot say more: rolls made before the first
commitment was revealed belong to no table; when the paired dice do not explain a move,
any pairing of the phase's American and British rolls that does is accepted (all dice
rolled first, then the markers moved); a marker put back where it stood withdraws the
table's earlier move (a correction); two clicks of a one-die button may be the American's
two dice on the Balance of Power (left unchecked).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from adjudicator.systems.american_revolution.actions import (
    DiceRolled,
    MarkersCommitted,
    TrackMoved,
)
from adjudicator.systems.american_revolution.data import ARData

SIDES = ("US", "GB")
TABLE_NAMES = {"rp": "Revolutionary Progress", "bop": "European Balance of Power"}


def table_of(move: TrackMoved) -> str:
    """The rabble-rousing table a track move belongs to: `rp`, `bop` or a region id."""
    return move.region if move.track == "loyalty" else move.track


@dataclass(frozen=True, slots=True)
class Resolution:
    """A table resolved: the track's move and the roll of each side it stands on."""

    turn: str | None
    table: str
    move: TrackMoved
    us_roll: DiceRolled | None
    gb_roll: DiceRolled | None


def effective(resolutions: Iterable[Resolution]) -> list[Resolution]:
    """The resolutions that stand: a move that puts a table's marker back where it stood
    before the phase's first move of it is a correction, and cancels that table's moves
    (the table is then still to be resolved, its dice unspent)."""
    kept: list[Resolution] = []
    for resolution in resolutions:
        same = [r for r in kept if r.table == resolution.table and r.turn == resolution.turn]
        if same and resolution.move.after == same[0].move.before:
            kept = [r for r in kept if r not in same]
        else:
            kept.append(resolution)
    return kept


def is_correction(earlier: Iterable[Resolution], move: TrackMoved) -> bool:
    """Whether a move puts its marker back where it stood before this turn's first standing
    move of the table (see `effective`)."""
    same = [r for r in effective(earlier) if r.table == table_of(move)]
    return bool(same) and move.after == same[0].move.before


def committed(commitments: Iterable[MarkersCommitted], side: str, table: str
              ) -> tuple[str, ...]:
    """The markers a side committed to a table this turn."""
    return tuple(marker for c in commitments if c.side == side and c.table == table
                 for marker in c.markers)


def unspent(rolls: Sequence[DiceRolled], earlier: Iterable[Resolution], side: str
            ) -> list[DiceRolled]:
    """A side's rolls of the phase no earlier table spent, in the order rolled."""
    spent = [roll for r in earlier for roll in (r.us_roll, r.gb_roll) if roll is not None]
    return [roll for roll in rolls if roll.side == side
            and not any(roll is used or roll == used for used in spent)]


def after_reveal(commitments: Sequence[MarkersCommitted], rolls: Sequence[DiceRolled]
                 ) -> list[DiceRolled]:
    """The rolls made once the first rabble-rousing commitment was revealed (a roll before
    it belongs to no table, AR 9.3)."""
    steps = [c.step for c in commitments if c.table != "initiative"]
    return [roll for roll in rolls if steps and roll.step >= min(steps)]


def resolve(turn: str | None, commitments: Sequence[MarkersCommitted],
            rolls: Sequence[DiceRolled], earlier: Sequence[Resolution],
            move: TrackMoved) -> Resolution:
    """The resolution a track move records: on a table both sides committed to, each
    side's last unspent roll of the phase (none on an uncontested table, AR 9.4)."""
    table = table_of(move)
    mine = effective(r for r in earlier if r.turn == turn)
    contested = all(committed(commitments, side, table) for side in SIDES)
    if not contested:
        return Resolution(turn, table, move, None, None)
    rolls = after_reveal(commitments, rolls)
    us, gb = unspent(rolls, mine, "US"), unspent(rolls, mine, "GB")
    return Resolution(turn, table, move, us[-1] if us else None, gb[-1] if gb else None)


def one_die_twice(roll: DiceRolled, commitments: Sequence[MarkersCommitted],
                  rolls: Sequence[DiceRolled]) -> bool:
    """Whether an American one-die roll came straight after another one-die roll of his
    (two clicks of a 1d6 button for his two dice on the Balance of Power, AR 12.5)."""
    made = after_reveal(commitments, rolls)
    at = next((i for i, r in enumerate(made) if r is roll or r == roll), None)
    if not at:
        return False
    before = made[at - 1]
    return roll.side == "US" and len(roll.dice) == 1 and before.side == "US" and len(
        before.dice) == 1


def value(data: ARData, marker: str, side: str) -> int:
    """A marker's rabble-rousing value to a side (Adams, Franklin, Jefferson and Paine:
    3 to the American, 1 to the British, AR 7.10; others as printed, AR 9.2); 0 for a
    marker that is not a rabble-rousing marker."""
    found = data.markers.get(marker)
    if found is None:
        return 0
    points = found.rr_us if side == "US" else found.rr_gb
    return points or 0


def points(data: ARData, commitments: Iterable[MarkersCommitted], side: str,
           table: str) -> int:
    """A side's rabble-rousing points committed to a table this turn (AR 9.3)."""
    return sum(value(data, marker, side) for marker in committed(commitments, side, table))


def winner(us_points: int, gb_points: int, us_roll: DiceRolled | None,
           gb_roll: DiceRolled | None) -> str | None:
    """`US` or `GB`, or None on a tie (AR 9.3: the higher total wins; a tie changes
    nothing). An uncommitted side loses without a roll (AR 9.4); both uncommitted: None."""
    if not us_points and not gb_points:
        return None
    if not gb_points:
        return "US"
    if not us_points:
        return "GB"
    if us_roll is None or gb_roll is None:
        raise ValueError("a contested table needs a roll of each side")
    us = us_points + sum(us_roll.dice)
    gb = gb_points + sum(gb_roll.dice)
    return None if us == gb else ("US" if us > gb else "GB")


def table_name(table: str, data: ARData) -> str:
    """`the Revolutionary Progress table`, `the New England Loyalty table`."""
    if table in TABLE_NAMES:
        return f"the {TABLE_NAMES[table]} table"
    region = data.regions.get(table)
    name = getattr(region, "name", None) or table.replace("_", " ").title()
    return f"the {name} Loyalty table"
