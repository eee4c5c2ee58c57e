"""What the procedure keeps of fortresses and sieges between steps (AR 28): which side
placed each Siege marker, the siege costs not yet paid, the markers left stranded and the
fortresses taken whose fate roll is awaited (immutable: undo keeps a reference).

A finding that needs the rest of its phase to be known (a siege paid for after it is
placed, a stranded marker the player removes a step later, the 28.5 die) waits here and is
judged when the phase ends; each waiting entry names the turn and phase it belongs to.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from adjudicator.systems.american_revolution.actions import (
    DiceRolled,
    FortressTaken,
    MapMarkerPlaced,
    MapMarkerRemoved,
    MapMarkerStranded,
    PointsShown,
)

SIEGE_COST = 3
"""Political points per Siege marker (AR 28.6)."""


@dataclass(frozen=True, slots=True)
class Waiting:
    """A fortress or siege matter judged when its phase ends."""

    what: str
    """`cost` (a siege not yet paid for), `stranded` (a marker that must go) or `fate`
    (a fortress taken, its 28.5 die awaited)."""
    step: int
    side: str | None
    locale: str
    turn: str | None
    phase: str | None
    kind: str = ""
    """The marker kind (`fortress`, `siege`) of a stranded marker."""
    die: int | None = None
    die_step: int | None = None


@dataclass(frozen=True, slots=True)
class MarkerLedger:
    """Fortress and siege bookkeeping across steps."""

    sieges: tuple[tuple[str, str | None], ...] = ()
    """(locale, side that placed it) for each Siege marker on the map."""
    waiting: tuple[Waiting, ...] = ()
    credit: tuple[tuple[str | None, str | None, str | None, int], ...] = ()
    """(side, turn, phase, points) paid this phase and not yet spent on a siege."""
    free_used: tuple[tuple[str | None, str | None, str | None], ...] = ()
    """(side, turn, phase) for each Engineers marker spent on a placement."""

    def besieger(self, locale: str) -> str | None:
        """The side that placed the Siege marker in a locale (None: none known)."""
        return next((side for where, side in self.sieges if where == locale), None)

    def credit_of(self, side: str | None, turn: str | None, phase: str | None) -> int:
        """Points a side paid this phase not yet spent."""
        return sum(points for who, t, p, points in self.credit
                   if (who, t, p) == (side, turn, phase))

    def engineers_used(self, side: str | None, turn: str | None, phase: str | None) -> int:
        """Engineers markers a side has spent on placements this phase."""
        return sum(1 for entry in self.free_used if entry == (side, turn, phase))

    def in_phase(self, what: str, turn: str | None, phase: str | None) -> list[Waiting]:
        """The entries of one kind waiting from a phase."""
        return [w for w in self.waiting if w.what == what and (w.turn, w.phase) == (turn, phase)]

    def fate(self, locale: str) -> Waiting | None:
        """The fortress taken in a locale whose fate is awaited."""
        return next((w for w in self.waiting if w.what == "fate" and w.locale == locale), None)


def placer(action: MapMarkerPlaced, acted: tuple[str, ...],
           engineers: tuple[str | None, ...] = ()) -> str | None:
    """The side that placed a marker: the logged player's; else the side that last played
    Engineers this phase (AR 7.9: it places the marker it plays for); else the side acting
    in the phase (the last to act)."""
    if action.side is not None:
        return action.side
    if engineers and engineers[-1] is not None:
        return engineers[-1]
    return acted[-1] if acted else None


def placed(ledger: MarkerLedger, action: MapMarkerPlaced, side: str | None, turn: str | None,
           phase: str | None, engineers: int) -> MarkerLedger:
    """A fortress or siege placed by `side`: a siege is noted, its cost paid from this
    phase's points or an Engineers marker played this phase, or left waiting (AR 28.6, 7.9
    Engineers)."""
    if action.kind not in ("siege", "fortress"):
        return ledger
    free = engineers > ledger.engineers_used(side, turn, phase)
    if action.kind == "fortress":
        if free and phase is not None and phase.startswith("campaign"):
            return replace(ledger, free_used=(*ledger.free_used, (side, turn, phase)))
        return ledger
    ledger = replace(ledger, sieges=(*ledger.sieges, (action.locale, side)))
    if ledger.credit_of(side, turn, phase) >= SIEGE_COST:
        return _spend(ledger, side or "", turn, phase, SIEGE_COST)
    if free:
        return replace(ledger, free_used=(*ledger.free_used, (side, turn, phase)))
    return replace(ledger, waiting=(*ledger.waiting, Waiting(
        "cost", action.step, side, action.locale, turn, phase)))


def _spend(ledger: MarkerLedger, side: str, turn: str | None, phase: str | None,
           points: int) -> MarkerLedger:
    left, credit = points, []
    for entry in ledger.credit:
        who, t, p, have = entry
        if left and (who, t, p) == (side, turn, phase):
            used = min(have, left)
            left -= used
            if have > used:
                credit.append((who, t, p, have - used))
        else:
            credit.append(entry)
    return replace(ledger, credit=tuple(credit))


def removed(ledger: MarkerLedger, action: MapMarkerRemoved) -> MarkerLedger:
    """A marker taken off: its siege record, stranded entry and awaited fate go."""
    sieges = ledger.sieges
    if action.kind == "siege":
        found = [s for s in sieges if s[0] == action.locale]
        if found:
            rest = list(sieges)
            rest.remove(found[0])
            sieges = tuple(rest)
    waiting = tuple(w for w in ledger.waiting if not (
        w.locale == action.locale and (
            (w.what == "stranded" and w.kind == action.kind)
            or (w.what == "fate" and action.kind == "fortress"))))
    return replace(ledger, sieges=sieges, waiting=waiting)


def stranded(ledger: MarkerLedger, action: MapMarkerStranded, turn: str | None,
             phase: str | None) -> MarkerLedger:
    """A marker left where it may not stay (AR 28.4, 28.14)."""
    return replace(ledger, waiting=(*ledger.waiting, Waiting(
        "stranded", action.step, None, action.locale, turn, phase, kind=action.kind)))


def taken(ledger: MarkerLedger, action: FortressTaken, moved: frozenset[str],
          turn: str | None, phase: str | None) -> MarkerLedger:
    """A fortress's garrison gone, the winner standing there: its 28.5 die is awaited.
    Not when the side gone is the besieger, or pieces that entered this phase (attackers
    leaving, not a garrison beaten), nor when they marched out to another locale (a beaten
    sortie's retreat, AR 28.13, after which the fortress goes by 28.4; the Honors of War,
    after which the besieger holds it, AR 38.2): no 28.5 roll follows those."""
    if action.marched or ledger.besieger(action.locale) == action.loser or any(
            piece in moved for piece in action.pieces):
        return ledger
    rest = tuple(w for w in ledger.waiting if not (w.what == "fate"
                                                  and w.locale == action.locale))
    return replace(ledger, waiting=(*rest, Waiting(
        "fate", action.step, action.side, action.locale, turn, phase)))


def paid(ledger: MarkerLedger, action: PointsShown, turn: str | None,
         phase: str | None) -> MarkerLedger:
    """Points a side spent: first on its sieges waiting for payment this phase, the rest
    kept as credit for the phase."""
    side = action.side
    if side is None or action.before is None or action.after >= action.before:
        return ledger
    points = action.before - action.after
    waiting = []
    for entry in ledger.waiting:
        if entry.what == "cost" and entry.side == side and (entry.turn, entry.phase) == (
                turn, phase) and points >= SIEGE_COST:
            points -= SIEGE_COST
            continue
        waiting.append(entry)
    ledger = replace(ledger, waiting=tuple(waiting))
    if points:
        # Credit serves its own phase only: an earlier phase's is dropped (issue 24).
        kept = tuple(entry for entry in ledger.credit if entry[1:3] == (turn, phase))
        ledger = replace(ledger, credit=(*kept, (side, turn, phase, points)))
    return ledger


def rolled(ledger: MarkerLedger, action: DiceRolled) -> MarkerLedger:
    """A winner's first single die after taking a fortress: its 28.5 fate roll."""
    if len(action.dice) != 1 or action.side is None:
        return ledger
    for entry in ledger.waiting:
        if entry.what == "fate" and entry.side == action.side and entry.die is None:
            done = replace(entry, die=action.dice[0], die_step=action.step)
            return replace(ledger, waiting=tuple(done if w is entry else w
                                                 for w in ledger.waiting))
    return ledger
