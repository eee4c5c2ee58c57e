"""Almost a Miracle! variants (see `tests.mutations`).

- `die-high`: a force's activation die raised above its best leader's Audacity, so that
  the force moves though its activation failed (AAM-END-05, AaM 8.1.1), at the move;
- `leaderless`: the leaders left out of a force's first move, so that SPs march with no
  leader (AAM-END-03, AaM 8.1), at the move;
- `one-pass`: the second of the two passes that end the Endeavors Phase left out
  (AAM-SOP-04, AaM 8.0), at the Phase marker's move.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from tests.mutations.core import AAM, Action, Board, Made, Raw, phase_before, variant


@cache
def aam_data() -> Any:
    from adjudicator.systems.almost_a_miracle.data import load_data
    return load_data([AAM / "data" / "fixture.toml"])


def _leader(piece: str) -> Any:
    name = piece.split(" @ ")[0].removesuffix(" (Moved)")
    for leader in aam_data().leaders.values():
        if name in (leader.name, *leader.aliases):
            return leader
    return None


def _area(place: str) -> bool:
    """Whether a place is one of the map's Areas (`Y13 New York City`, `Y20`)."""
    return place.split(" ")[0] in aam_data().areas


def _first_moves(actions: list[Action]) -> list[int]:
    """The endeavor moves in the Endeavors Phase that follow their own activation roll
    (the roll just before, by the mover): a force's first leg."""
    found = []
    for i, action in enumerate(actions):
        phase = phase_before(actions, i)
        if action["do"] != "move" or phase is None or phase[1] != "Endeavors" or i == 0:
            continue
        before = actions[i - 1]
        if not all(_area(place) for place in (action["path"][0], action["path"][-1])):
            continue  # a move into or out of a box (At Sea, the Transit Area)
        enemy = [a for a in actions[:i] if a["do"] == "move" and a["player"] != action["player"]]
        if enemy and enemy[-1]["path"][-1] == action["path"][0]:
            continue  # a retreat out of the Area the enemy just entered (AaM 11.3)
        if before["do"] == "roll" and before["button"] == "1d6" and \
                before["player"] == action["player"] and len(before["result"]) == 1:
            found.append(i)
    return found


def aam_die_high(path: Path, raw: Raw, pos: list[Board], made: Made) -> None:
    kind = "die-high"
    actions = raw["actions"]
    for i in _first_moves(actions):
        action, before = actions[i], actions[i - 1]
        if i >= 2 and actions[i - 2]["do"] == "roll" and actions[i - 2]["result"] == [1]:
            made.skip(kind, "the roll is a 1 rolled again (AaM 8.3.4)")
            continue
        leaders = [_leader(p) for p in action["pieces"] if _leader(p) is not None]
        if not leaders or any(ldr.audacity is None for ldr in leaders):
            made.skip(kind, "no leader with an Audacity in the force")
            continue
        best = max(ldr.audacity for ldr in leaders)
        if best >= 5:
            made.skip(kind, "no die above an Audacity of 5 short of a 6 (the weather die)")
            continue
        changed = [dict(a) for a in actions[:i + 1]]
        changed[i - 1] = {**before, "result": [best + 1]}
        made.variants.append(variant(
            "aam", path, kind, "AAM-END-05", i + 1,
            f"the activation die of the force that moved {' → '.join(action['path'])} "
            f"raised to {best + 1}, above the Audacity {best}", changed))


def aam_leaderless(path: Path, raw: Raw, pos: list[Board], made: Made) -> None:
    kind = "leaderless"
    actions = raw["actions"]
    for i in _first_moves(actions):
        action = actions[i]
        pieces = [p for p in action["pieces"] if _leader(p) is None]
        if len(pieces) == len(action["pieces"]) or not any("SP" in p for p in pieces):
            made.skip(kind, "no leader, or no SP, in the force")
            continue
        changed = [dict(a) for a in actions[:i + 1]]
        changed[i] = {**action, "pieces": pieces}
        made.variants.append(variant(
            "aam", path, kind, "AAM-END-03", i + 1,
            f"the force that moved {' → '.join(action['path'])} without its leaders",
            changed))


def aam_one_pass(path: Path, raw: Raw, pos: list[Board], made: Made) -> None:
    kind = "one-pass"
    actions = raw["actions"]
    for i, action in enumerate(actions):
        if action["do"] != "set" or action["property"] != "Phase" or \
                action["value"] != "Adjustment" or i < 2:
            continue
        first, second = actions[i - 2], actions[i - 1]
        if not all(a["do"] == "chat" and a["text"] == "pass" for a in (first, second)):
            made.skip(kind, "the Endeavors Phase does not end on two passes just before")
            continue
        changed = [dict(a) for a in actions[:i - 1]] + [dict(action)]
        made.variants.append(variant(
            "aam", path, kind, "AAM-SOP-04", i,
            "the Endeavors Phase ends after a single pass", changed))


AAM_GENERATORS = (aam_die_high, aam_leaderless, aam_one_pass)
