"""The American Revolution variants (see `tests.mutations`).

- `die-short`: a force's movement die lowered until the route it took costs more than the
  die plus its best leader's value (AR-MOV-02, AR 16.3, 16.12);
- `out-of-phase`: the Phase marker set to the Political Phase before a Campaign Phase move,
  so that the force moves outside a Movement Phase (AR-SEQ-01, AR 5.1, 16.1);
- `first-player`: the British made First Player on the first turn (AR-INIT-01, AR 4.7);
- `loss-more`: after a round of fire with no 5 (no disruption to double), one more unit of
  the side fired on taken off than the round's 6s (AR-CBT-06, AR 18.4(2)), at that removal.
"""

from __future__ import annotations

import itertools
from functools import cache
from pathlib import Path
from typing import Any

from tests.mutations.core import AR, Action, Board, Made, Raw, phase_before, variant

CAMPAIGN = ("Campaign 1", "Campaign 2", "Campaign 3")


@cache
def ar_data() -> Any:
    from adjudicator.systems.american_revolution.data import load_data
    return load_data([AR / "data" / "fixture.toml"])


@cache
def ar_names() -> dict[str, str]:
    """Every locale's name (and the off-map boxes' module names) → its id."""
    out = {}
    for lid, locale in ar_data().locales.items():
        for name in (locale.name, *locale.aliases):
            out[name.casefold()] = lid
    for box in ("britain", "france", "spain"):
        out[f"{box} box"] = f"{box}_box"
    return out


def ar_route_cost(path: list[str], nimble: bool) -> int | None:
    """The cost of a land route along the fixture's routes (AR 16.12); None: a leg on no
    land route."""
    data = ar_data()
    total = 0
    for a, b in itertools.pairwise(path):
        ia, ib = ar_names().get(a.casefold()), ar_names().get(b.casefold())
        kind = data.route(ia, ib) if ia and ib else None
        if kind is None or str(kind) == "high seas":
            return None
        total += (1 if nimble else 2) if str(kind) == "trail" else 1
    return total


def _formation(piece: str) -> Any:
    name = piece.split("#")[0].removesuffix(" (Disrupted)")
    for formation in ar_data().formations.values():
        if name in (formation.name, *formation.aliases):
            return formation
    return None


def _leader(piece: str) -> Any:
    name = piece.split("#")[0].removesuffix(" (Disrupted)")
    for leader in ar_data().leaders.values():
        if name in (leader.name, *leader.aliases):
            return leader
    return None


def _side(piece: str) -> str | None:
    found = _formation(piece) or _leader(piece)
    return None if found is None else str(found.side)


def _enemies_at(board: Board, locale: str, mover: str) -> bool:
    side = _side(mover)
    return any(_side(piece) not in (None, side) for piece in board.pieces(locale))


def ar_die_short(path: Path, raw: Raw, pos: list[Board], made: Made) -> None:
    kind = "die-short"
    actions = raw["actions"]
    for i, action in enumerate(actions):
        if action["do"] != "move" or len(action["path"]) < 2:
            continue
        phase = phase_before(actions, i)
        if phase is None or phase[1] not in CAMPAIGN:
            continue
        before = actions[i - 1] if i else None
        if before is None or before["do"] != "roll" or before["button"] != "1d6" or \
                before["player"] != action["player"]:
            made.skip(kind, "no movement die rolled by the mover just before the move")
            continue
        units = [_formation(p) for p in action["pieces"]]
        leaders = [_leader(p) for p in action["pieces"]]
        if any(u is None and ldr is None for u, ldr in zip(units, leaders, strict=True)):
            made.skip(kind, "a piece that is neither a unit nor a leader moved")
            continue
        if any(u is not None and str(u.type) == "fleet" for u in units):
            made.skip(kind, "a fleet moves by sea")
            continue
        nimble = all(str(u.type) in ("light", "indian") for u in units if u is not None)
        cost = ar_route_cost(action["path"], nimble)
        if cost is None:
            made.skip(kind, "not a land move along the fixture's routes")
            continue
        values = [ldr.value for ldr in leaders if ldr is not None]
        if any(v is None for v in values):
            made.skip(kind, "a leader without a value")
            continue
        best = max(values, default=0)
        die = cost - best - 1
        if die < 1:
            made.skip(kind, "no die lower than the route's cost less the leader's value")
            continue
        changed = [dict(a) for a in actions[:i + 1]]
        changed[i - 1] = {**before, "result": [die]}
        made.variants.append(variant(
            "ar", path, kind, "AR-MOV-02", i + 1,
            f"the movement die of the force that moved {' → '.join(action['path'])} "
            f"lowered to {die}: the route costs {cost} MP, more than {die} + {best}",
            changed))


def ar_out_of_phase(path: Path, raw: Raw, pos: list[Board], made: Made) -> None:
    kind = "out-of-phase"
    actions = raw["actions"]
    for i, action in enumerate(actions):
        first = action["pieces"][0] if action["do"] == "move" else ""
        if action["do"] != "move" or (_leader(first) is None and _formation(first) is None):
            continue
        if any(end.casefold() not in ar_names() for end in (action["path"][0],
                                                            action["path"][-1])):
            continue  # a removal or a placement, not a move between locales
        if _enemies_at(pos[i], action["path"][0], action["pieces"][0]):
            made.skip(kind, "a move out of a locale the enemy holds (a retreat)")
            continue
        phase = phase_before(actions, i)
        if phase is None or phase[1] not in CAMPAIGN:
            continue
        between = actions[phase[0] + 1:i]
        if any(a["do"] not in ("roll",) for a in between):
            made.skip(kind, "other play between the Phase marker and the move")
            continue
        changed = [dict(a) for a in actions[:i + 1]]
        changed[phase[0]] = {**actions[phase[0]], "value": "Political"}
        made.variants.append(variant(
            "ar", path, kind, "AR-SEQ-01", i + 1,
            f"the Phase marker shows the Political Phase when the force moves "
            f"{' → '.join(action['path'])}", changed))


def ar_first_player(path: Path, raw: Raw, pos: list[Board], made: Made) -> None:
    kind = "first-player"
    actions = raw["actions"]
    year = None
    for i, action in enumerate(actions):
        if action["do"] == "set" and action["property"] == "Turn":
            year = action["value"]
        if action["do"] == "set" and action["property"] == "First Player" and \
                action["value"] == "American":
            if year != "1775":
                made.skip(kind, "the Americans are First Player after 1775 (by initiative)")
                continue
            changed = [dict(a) for a in actions[:i + 1]]
            changed[i] = {**action, "value": "British", "player": "British"}
            made.variants.append(variant(
                "ar", path, kind, "AR-INIT-01", i + 1,
                "the British are made First Player on the first turn", changed))


def ar_loss_more(path: Path, raw: Raw, pos: list[Board], made: Made) -> None:
    kind = "loss-more"
    actions = raw["actions"]
    for i, action in enumerate(actions):
        if action["do"] != "roll" or len(action["result"]) < 2:
            continue
        phase = phase_before(actions, i)
        if phase is None or phase[1] not in CAMPAIGN:
            continue
        sixes, fives = action["result"].count(6), action["result"].count(5)
        j = i + 1
        removals: list[Action] = []
        while j < len(actions) and actions[j]["do"] == "move" and \
                actions[j]["path"][-1] == "Eliminated Units":
            removals.append(actions[j])
            j += 1
        taken = sum(len(r["pieces"]) for r in removals)
        if fives or not sixes or taken != sixes:
            made.skip(kind, "a round with a 5, or no 6, or not one removal per 6 after it")
            continue
        locale = removals[0]["path"][0]
        target = _side(removals[0]["pieces"][0])
        board = pos[j]
        others = [p for p in board.pieces(locale) if _side(p) == target
                  and _formation(p) is not None and "Disrupted" not in p]
        roller = {"American": "US", "British": "GB"}.get(action["player"])
        if roller is None or roller == target:
            made.skip(kind, "the roll is the losing side's own (forced-march attrition)")
            continue
        if target is None or not others:
            made.skip(kind, "no other undisrupted unit of the side fired on is there")
            continue
        extra = {"do": "move", "player": removals[-1]["player"],
                 "pieces": [others[0].split("#")[0]], "path": [locale, "Eliminated Units"]}
        changed = [dict(a) for a in actions[:j]] + [extra]
        made.variants.append(variant(
            "ar", path, kind, "AR-CBT-06", j + 1,
            f"one more {others[0].split('#')[0]} taken off in {locale} than the "
            f"{sixes} six(es) of the round rolled at step {i + 1}", changed))


AR_GENERATORS = (ar_die_short, ar_out_of_phase, ar_first_player, ar_loss_more)
