"""War for America variants (see `tests.mutations`)."""

from __future__ import annotations

import itertools
from functools import cache
from pathlib import Path
from typing import Any

from tests.mutations.core import (
    Action,
    Board,
    Made,
    Raw,
    change,
    distances,
    extension,
    path_cost,
    variant,
    wfa_data,
    wfa_graph,
)

# --------------------------------------------------------------------------- War for America


def wfa_side_of_piece(piece: str) -> str | None:
    name = piece.split("#")[0]
    if name.startswith(("British", "German", "Loyalist", "Six Nations")) and " SP " in name:
        return "British"
    if name.startswith(("Continental", "Militia", "French", "Spanish", "Dutch",
                        "Start Militia")) and " SP " in name:
        return "Colonial"
    if name.startswith("Start Loyalist"):
        return "British"
    if name in ("British Garrison", "British Fort", "British Army N", "British Army S",
                "British TC", "German TC"):
        return "British"
    if name in ("Colonial Garrison", "Colonial Fort", "Colonial Army N", "Colonial Army S",
                "Continental TC", "French Garrison", "Spanish Garrison"):
        return "Colonial"
    leader = wfa_leader(name)
    if leader is not None:
        return "British" if str(leader.side.value).casefold().startswith("b") else "Colonial"
    return None


@cache
def wfa_leaders() -> dict[str, Any]:
    """Leader pieces by name (and alias), from the game's data."""
    out = {}
    for leader in wfa_data().leaders.values():
        for name in (leader.name, *leader.aliases):
            out[name.casefold()] = leader
    return out


def wfa_leader(piece: str) -> Any:
    return wfa_leaders().get(piece.split("#")[0].casefold())


def wfa_is_sp(piece: str) -> bool:
    return " SP " in piece


def wfa_year_season(board: Board) -> tuple[str | None, str | None]:
    year = next((w for w, ps in board.at.items() if "Year" in ps), None)
    season = next((w for w, ps in board.at.items() if "Season" in ps), None)
    return year, season


def wfa_move_further(path: Path, raw: Raw, pos: list[Board], made: Made) -> None:
    kind = "move-further"
    actions = raw["actions"]
    graph = wfa_graph()
    for i, action in enumerate(actions):
        kind = "move-further"
        if action["do"] != "move" or not action["player"] or action["pieces"][0].endswith(" AP"):
            continue
        if graph.id_of(action["path"][0]) is None:
            continue
        # The force's MP roll: right after the mover's AP marker moved (WfA 12.2).
        j = i - 1
        while j >= 0 and actions[j]["do"] == "move" and \
                actions[j]["pieces"] == action["pieces"]:
            j -= 1
        if j < 1 or actions[j]["do"] != "roll" or actions[j]["button"] != "1d6" or \
                actions[j]["player"] != action["player"] or actions[j - 1]["do"] != "move" \
                or not actions[j - 1]["pieces"][0].endswith(" AP"):
            made.skip(kind, "not a move on an MP roll made at its AP's start")
            continue
        if i + 1 < len(actions) and actions[i + 1]["do"] == "move" and \
                actions[i + 1]["pieces"] == action["pieces"]:
            continue  # the force moves on: extend its last leg
        following = [a for a in actions[j + 1:] if a["do"] == "move"
                     and a["player"] == action["player"]]
        following = following[:next((k for k, a in enumerate(following)
                                     if a["pieces"][0].endswith(" AP")), len(following))]
        if any(a["pieces"] != action["pieces"] for a in following):
            made.skip(kind, "several forces move in the AP (a leader's muster, WfA 12.9)")
            continue
        leaders = [wfa_leader(p) for p in action["pieces"] if not wfa_is_sp(p)]
        if None in leaders or len(leaders) > 1:
            made.skip(kind, "the force has several leaders or a piece not an SP nor a leader")
            continue
        leader = leaders[0] if leaders else None
        if leader is not None and (leader.command is None or len(action["pieces"]) == 1):
            made.skip(kind, "a lone leader (D6 + 2) or a leader without a command value")
            continue
        year, season = wfa_year_season(pos[i])
        if (season is None and year != "Turn 1775") or "Winter" in (season or ""):
            # The game starts in the Spring of 1775 (WfA 6.0).
            made.skip(kind, "winter, or no season marker (WfA 18.1: 2 MP in winter)")
            continue
        legs = [s for a in actions[j + 1:i + 1] for s in a["path"]]
        route = [legs[0]] + [s for k, s in enumerate(legs[1:], 1) if s != legs[k - 1]]
        cost = path_cost(graph, route)
        if cost is None or any((graph.link(a, b) or ("", 0))[0] not in ("land", "water")
                               for a, b in itertools.pairwise(route)):
            made.skip(kind, "not a land move along known clear/rough/wilderness lines")
            continue
        roll = actions[j]["result"][0]
        # WfA 12.1-12.2: D6 - 2 (1-2 give 1) without a leader; 12.6-12.7: with one, the
        # full 4 on a roll within his command value, else 2.
        mp = max(1, roll - 2) if leader is None else 4 if roll <= leader.command else 2
        how = (f"D6 - 2 = {mp} MP, WfA 12.2" if leader is None else
               f"{leader.name}'s command {leader.command}: {mp} MP, WfA 12.6-12.7")
        board = pos[i]
        side = action["player"]
        if any(p for s in route[1:] for p in board.pieces(s)
               if wfa_side_of_piece(p) not in (side, None)):
            made.skip(kind, "the move meets enemy pieces")
            continue
        if cost > mp:
            made.skip(kind, "the original is the one-space move (WfA 12.0)")
            continue
        region = graph.facts[graph.id_of(route[-1]) or ""].region

        def empty(name: str, board: Board = board, region: Any = region) -> bool:
            facts = graph.facts[graph.id_of(name) or ""]
            # No piece at all, the same Region (no first-entry halt, WfA 10.8), no water
            # line from it (no +1 MP, WfA 12.1*), not the Caribbean.
            return not board.pieces(name) and facts.region == region and all(
                k == "land" for _, k, _ in graph.neighbours(name))
        reach = distances(graph, route[0], frozenset({"land", "water"}))

        def dry(name: str) -> bool:
            # Ending off every water line: no +1 MP (WfA 12.1*).
            return all(k == "land" for _, k, _ in graph.neighbours(name))

        def beyond(name: str, reach: dict[str, int] = reach, mp: int = mp) -> bool:
            return dry(name) and reach.get(name) == mp + 1
        more = extension(graph, route, mp + 1 - cost, empty, frozenset({"land"}), beyond)
        kind = "move-further"
        if more is None:
            # A roundabout route instead: one MP more than the MP though its end is
            # within reach (each leg logged as a drag).
            more = extension(graph, route, mp + 1 - cost, empty, frozenset({"land"}), dry)
            kind = "move-roundabout"
        if more is None:
            kind = "move-further"
            made.skip(kind, "no path of empty land spaces costing exactly one MP more")
            continue
        mutated = [*actions[:i], {**action, "path": [*action["path"], *more]}]
        made.variants.append(variant(
            "wfa", path, kind, "WFA-MOV-03", i + 1,
            f"the force's move at step {i + 1} extended through {' -> '.join(more)} (empty, "
            f"ending off any water line) to {mp + 1} MP on a rolled {roll} ({how}; "
            f"WfA 12.0); the end is {reach.get(more[-1])} MP from {route[0]}", mutated))
        # The same extension dragged one leg per step, after the original move.
        legs = [{**action, "path": [a, b]}
                for a, b in itertools.pairwise([action["path"][-1], *more])]
        made.variants.append(variant(
            "wfa", path, f"{kind}-legs", "WFA-MOV-03", i + 1 + len(legs),
            f"the force's move at step {i + 1} continued in steps {i + 2}-{i + 1 + len(legs)},"
            f" one leg a step, through {' -> '.join(more)} (empty, ending off any water "
            f"line) to {mp + 1} MP on a rolled {roll} ({how}; WfA 12.0); the end is "
            f"{reach.get(more[-1])} MP from {route[0]}", [*actions[:i + 1], *legs]))


def wfa_retreats(path: Path, raw: Raw, pos: list[Board], made: Made) -> None:
    """A beaten force's retreat (a move out of the battle space right after both D12
    rolls) sent where WfA 13.3 forbids: a defender into a space not vacant of enemy
    forces or into the space the attacker moved from; an attacker anywhere but the space
    he last moved from."""
    kind = "retreat-forbidden"
    actions = raw["actions"]
    graph = wfa_graph()
    for i, action in enumerate(actions):
        if action["do"] != "move" or i < 3:
            continue
        rolls = actions[i - 2:i]
        attack = actions[i - 3]
        space = action["path"][0]
        if not all(r["do"] == "roll" and r["button"] == "2d6" for r in rolls) or \
                attack["do"] != "move" or attack["path"][-1] != space or \
                len(action["path"]) != 2:
            continue
        side = action["player"]
        board = pos[i]
        origin = attack["path"][-2]
        dest = action["path"][-1]
        militia = any(p.startswith(("Militia", "Start Militia")) for p in action["pieces"])
        region = graph.facts[graph.id_of(space) or ""].region

        def near(n: str, region: Any = region, militia: bool = militia) -> bool:
            # Militia leaving their Region are removed (WfA 10.15): stay in it.
            return not militia or graph.facts[graph.id_of(n) or ""].region == region
        around = [n for n, k, _ in graph.neighbours(space)
                  if k in ("land", "water") and n != dest and near(n)]

        def enemy_only(n: str, board: Board = board, side: str = side) -> bool:
            return bool(board.pieces(n)) and any(wfa_is_sp(p) for p in board.pieces(n)) \
                and all(wfa_side_of_piece(p) not in (side, None) for p in board.pieces(n))
        targets: list[tuple[str, str, str]] = []
        if side == attack["player"]:
            vacant = [n for n in around if n != origin and not board.pieces(n)]
            targets += [(n, "attacker-elsewhere", f"the beaten attacker retreats from "
                            f"{space} to {n}, not to {origin}, the space he last moved from "
                            "(WfA 13.3)") for n in vacant[:1]]
        else:
            targets += [(n, "into-enemy", f"the beaten {side} defender retreats from {space} "
                            f"into {n}, which holds enemy SP (WfA 13.3: a space vacant of "
                            "enemy forces)") for n in around if n != origin and enemy_only(n)
                        ][:1]
            if origin in around and not any(wfa_side_of_piece(p) not in (side, None)
                                            for p in board.pieces(origin)):
                targets.append((origin, "into-attack-origin", f"the beaten {side} defender "
                                f"retreats from {space} to {origin}, the space the attacker "
                                "moved from (WfA 13.3)"))
        if not targets:
            made.skip(kind, "no adjacent space the retreat may not enter, free of other "
                            "effects")
        for target, part, what in targets:
            made.variants.append(variant(
                "wfa", path, kind, "WFA-CBT-13", i + 1, what,
                [*actions[:i], {**action, "path": [space, target]}], part=part))


def wfa_losses(path: Path, raw: Raw, pos: list[Board], made: Made) -> None:
    """One SP more lost after a battle than the legal original removed: the table's
    result is each side's loss (WfA 13.0 Step 6). Made for a side that keeps SP in the
    space after its losses (one fewer could turn a loss into a surrender, another rule)."""
    kind = "loss-more"
    actions = raw["actions"]
    for i, attack in enumerate(actions):
        if attack["do"] != "move" or i + 2 >= len(actions):
            continue
        space = attack["path"][-1]
        rolls = actions[i + 1:i + 3]
        if not all(r["do"] == "roll" and r["button"] == "2d6" for r in rolls) or \
                rolls[0]["player"] == rolls[1]["player"]:
            continue
        end = i + 3
        while end < len(actions) and actions[end]["do"] in ("remove", "exchange") and \
                actions[end]["at"] == space:
            end += 1
        after = pos[end]
        for side in (rolls[0]["player"], rolls[1]["player"]):
            counters = [p for p in after.pieces(space) if wfa_is_sp(p)
                        and wfa_side_of_piece(p) == side]
            big = [p for p in counters if int(p.rsplit(" ", 1)[1]) >= 2]
            if not big:
                made.skip(kind, "WFA-CBT-04: the side has no SP counter to take one from "
                                "without eliminating it")
                continue
            counter = big[0]
            prefix, value = counter.rsplit(" ", 1)
            smaller = change(int(value) - 1, prefix)
            exchange = {"do": "exchange", "player": side, "at": space, "remove": [counter],
                        "place": smaller}
            tail: list[Action] = []
            if end < len(actions) and actions[end]["do"] == "move" and \
                    actions[end]["path"][0] == space:
                retreat = actions[end]
                pieces = list(retreat["pieces"])
                if counter in pieces:
                    pieces.remove(counter)
                    pieces += smaller
                tail = [{**retreat, "pieces": pieces}]
            mutated = [*actions[:end], exchange, *tail]
            made.variants.append(variant(
                "wfa", path, kind, "WFA-CBT-04", end + 1,
                f"after the battle at {space} the {side} side loses 1 SP more than the "
                f"legal original ({counter} made {' + '.join(smaller)}), off the battle "
                "table's result (WfA 13.0 Step 6)", mutated, part=side))


def wfa_roll_early(path: Path, raw: Raw, pos: list[Board], made: Made) -> None:
    """The MP roll of a force made one pulse early: before its side's AP marker moves,
    i.e. in the previous Action Pulse (WfA 9.2, 12.2: the moving player rolls for the
    force in his AP)."""
    kind = "roll-early"
    actions = raw["actions"]
    for i, action in enumerate(actions):
        if action["do"] != "roll" or i == 0:
            continue
        marker = actions[i - 1]
        if marker["do"] != "move" or not marker["pieces"][0].endswith(" AP") or \
                marker["player"] != action["player"]:
            continue
        if i + 1 >= len(actions) or actions[i + 1]["do"] != "move":
            made.skip(kind, "no move follows the roll")
            continue
        made.skip(kind, "an MP roll made before its AP marker moved (in the previous "
                        "pulse): WfA 12.2 orders marker, designation, roll, but nothing in "
                        "the log ties an early roll to the later move (a stray roll, then a "
                        "move without its roll): no one rule at one step")


def wfa_card_early(path: Path, raw: Raw, pos: list[Board], made: Made) -> None:
    """A card its player played in his own AP, played one pulse early instead: before his
    AP marker moved, in the opponent's AP, where only the six defensive cards may be
    played (WfA 9.9, 20.12; WFA-CARD-06)."""
    kind = "card-early"
    actions = raw["actions"]
    for i, play in enumerate(actions):
        if play["do"] != "play":
            continue
        side = play["player"]
        markers = [j for j in range(i) if actions[j]["do"] == "move"
                   and actions[j]["pieces"][0].endswith(" AP")]
        if not markers or actions[markers[-1]]["pieces"][0] != f"{side} AP" or any(
                a["do"] == "move" and a["pieces"][0] == "Action Round"
                for a in actions[markers[-1]:i]):
            made.skip(kind, "not a card of the player's own AP")
            continue
        j = markers[-1]
        if len(markers) < 2 or actions[markers[-2]]["pieces"][0] == f"{side} AP" or any(
                a["do"] == "move" and a["pieces"][0] == "Action Round"
                for a in actions[markers[-2]:j]):
            made.skip(kind, "no opponent's AP just before, in the same round")
            continue
        if play["card"].startswith("Fixture Defence"):
            made.skip(kind, "a defensive card (may be played in the opponent's AP)")
            continue
        mutated = [*actions[:j], play, *actions[j:i], *actions[i + 1:]]
        made.variants.append(variant(
            "wfa", path, kind, "WFA-CARD-06", j + 1,
            f"{play['card']}, the {side} player's card of step {i + 1}, played one pulse "
            f"early: before his AP marker moves (step {j + 2}), in the opponent's AP, where "
            "only the six defensive cards may be played (WfA 9.9, 20.12)", mutated))


def wfa_wrong_box(path: Path, raw: Raw, pos: list[Board], made: Made) -> None:
    """Pieces brought from a box (the Europe Box, a Leader Pool): none is made, the
    position holding no second box such a piece could wrongly come from."""
    graph = wfa_graph()
    for action in raw["actions"]:
        if action["do"] != "move" or graph.id_of(action["path"][0]) is not None or \
                graph.id_of(action["path"][-1]) is None:
            continue
        made.skip("wrong-box", f"from the {action['path'][0]}: no other box holds such a "
                               "piece in the position (a wrong box needs another set-up)")


WFA_GENERATORS = (wfa_move_further, wfa_retreats, wfa_losses, wfa_card_early, wfa_wrong_box,
                  wfa_roll_early)
