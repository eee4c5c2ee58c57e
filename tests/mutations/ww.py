"""Washington's War variants (see `tests.mutations`)."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Iterator, Sequence
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
    ww_data,
    ww_graph,
)

# --------------------------------------------------------------------------- Washington's War

WW_CU = {"British": "British CU", "American": "American CU", "French": "French CU"}


def ww_side_of_piece(piece: str) -> str | None:
    """`British` or `American` (French pieces are American) for a unit or PC label."""
    name = piece.split("#")[0]
    if piece.startswith("PC#"):
        return "British" if piece.endswith("British PC") else "American"
    general = ww_data().generals.get(name.casefold().replace(" ", "_"))
    if general is not None:
        return "British" if general.side.value == "BR" else "American"
    if name.startswith("British CU"):
        return "British"
    if name.startswith(("American CU", "French CU")):
        return "American"
    return None


def ww_general(name: str) -> Any:
    return ww_data().generals.get(name.casefold().replace(" ", "_"))



def cu_value(piece: str) -> int | None:
    for prefix in WW_CU.values():
        if piece.startswith(prefix + " "):
            return int(piece.rsplit(" ", 1)[1])
    return None




@dataclasses.dataclass(frozen=True)
class WWBattle:
    """A battle in a scenario: the move into it, its six rolls, the losses and retreats."""

    move: int  # index of the attacker's move into the battle
    first: int  # index of the first action of the battle (Step 1)
    rolls: tuple[int, ...]  # indices of the six rolls (ABR A, D; battle A, D; losses)
    space: str
    attacker: str
    defender: str
    loser: str
    origin: str  # where the attack came from


def ww_battles(actions: Sequence[Action]) -> list[WWBattle]:
    """Battles as the fixture scenarios log them: a move, any cards, then six 1d6 rolls
    in the order of WW 9.2 (ABR attacker, defender; battle attacker, defender; the loser's
    then the winner's loss die)."""
    out = []
    for i, action in enumerate(actions):
        if action["do"] != "move":
            continue
        j = i + 1
        while j < len(actions) and actions[j]["do"] == "play":
            j += 1
        rolls: list[int] = []
        k = j
        while k < len(actions) and actions[k]["do"] == "roll" and len(rolls) < 6:
            rolls.append(k)
            k += 1
        if len(rolls) < 6:
            continue
        a, d = actions[rolls[0]]["player"], actions[rolls[1]]["player"]
        attacker = action["player"]
        if a != attacker or d == attacker or actions[rolls[2]]["player"] != a or \
                actions[rolls[3]]["player"] != d:
            continue
        loser = actions[rolls[4]]["player"]
        if actions[rolls[5]]["player"] == loser:
            continue
        out.append(WWBattle(i, i + 1, tuple(rolls), action["path"][-1], attacker, d, loser,
                            action["path"][-2]))
    return out


def ww_activation_moves(actions: Sequence[Action]) -> Iterator[tuple[int, str]]:
    """Indices of moves that are a General's whole move on an OPS or Campaign card: the
    nearest earlier card is the mover's, played to the discard pile, with only other
    Generals' moves since; and the card played (its name)."""
    for i, action in enumerate(actions):
        if action["do"] != "move":
            continue
        j = i - 1
        while j >= 0 and actions[j]["do"] == "move":
            if actions[j]["pieces"][0] == action["pieces"][0]:
                break
            j -= 1
        if j < 0 or actions[j]["do"] != "play" or actions[j]["player"] != action["player"]:
            continue
        if actions[j].get("to", "Discard") != "Discard":
            continue
        yield i, actions[j]["card"]


def ww_move_further(path: Path, raw: Raw, pos: list[Board], made: Made) -> None:
    actions = raw["actions"]
    graph = ww_graph()
    for i, card in ww_activation_moves(actions):
        kind = "move-further"
        move = actions[i]
        general = ww_general(move["pieces"][0])
        if general is None:
            made.skip(kind, "the move is not a General's")
            continue
        if not (card.startswith("Fixture OPS") or card.endswith("Campaign")):
            made.skip(kind, "activated by an event card (its allowance is the card's)")
            continue
        steps = move["path"]
        if any(graph.id_of(s) is None for s in steps) or path_cost(graph, steps) is None:
            made.skip(kind, "not a land move along known connections (naval, or a box)")
            continue
        side = "British" if general.side.value == "BR" else "American"
        before = pos[i]
        if any(ww_side_of_piece(p) not in (side, None) and "#" not in p
               for s in steps[1:] for p in before.pieces(s)):
            made.skip(kind, "the move meets enemy units (battle, overrun or capture)")
            continue
        if any(ww_side_of_piece(p) == side and "#" not in p and ww_general(p.split("#")[0])
               for s in steps[1:] for p in before.pieces(s)):
            made.skip(kind, "the move meets a friendly General")
            continue
        if general.id == "arnold":
            made.skip(kind, "Arnold (Falmouth-Quebec line)")
            continue
        # WW 7.3.A: a British General 4 MP; 7.3.C: an American 5 when he does not overrun
        # nor end facing enemy CUs (the extension ends in an empty space).
        limit, rule = (4, "WW-MOV-02") if side == "British" else (5, "WW-MOV-03")
        cost = path_cost(graph, steps) or 0
        if cost > limit:
            made.skip(kind, "the original move already exceeds the allowance")
            continue

        alone = not any(cu_value(p) for p in move["pieces"])
        enemy_pc = "PC#American PC" if side == "British" else "PC#British PC"

        def empty(name: str, before: Board = before, alone: bool = alone,
                  enemy_pc: str = enemy_pc) -> bool:
            # No unit, Congress or marker; a PC only where it changes nothing (a lone
            # General may not enter an enemy PC's space, WW 7.4.B).
            return all(p.startswith("PC#") and not (alone and p == enemy_pc)
                       for p in before.pieces(name))

        def inland(name: str, side: str = side) -> bool:
            # A British move ending in a port could be read as Naval Movement (WW 7.5).
            facts = graph.facts[graph.id_of(name) or ""]
            return side == "American" or not facts.port

        reach = distances(graph, steps[0], frozenset({"normal", "wilderness"}))

        def beyond(name: str, reach: dict[str, int] = reach, limit: int = limit,
                   inland: Callable[[str], bool] = inland) -> bool:
            return inland(name) and reach.get(name) == limit + 1
        more = extension(graph, steps, limit + 1 - cost, empty,
                         frozenset({"normal", "wilderness"}), beyond)
        kind = "move-further"
        if more is None:
            # No space one MP beyond reach: a roundabout route, each leg logged, costing
            # one MP more than the allowance though its end is within reach.
            more = extension(graph, steps, limit + 1 - cost, empty, frozenset({"normal"}),
                             inland)
            kind = "move-roundabout"
        if more is None:
            made.skip("move-further", "no route of spaces without units long enough")
            continue
        mutated = [*actions[:i], {**move, "path": [*steps, *more]}]
        cite = "WW 7.3.A" if side == "British" else "WW 7.3.C"
        made.variants.append(variant(
            "ww", path, kind, rule, i + 1,
            f"{move['pieces'][0]}'s move at step {i + 1} extended through {' -> '.join(more)} "
            f"(no unit there, each leg a drag of the step) to {limit + 1} MP, "
            f"one more than his {limit}; the end is {reach.get(more[-1])} MP from the start "
            f"({cite})", mutated))
        # The same extension dragged one leg per step, after the original move.
        legs = [{**move, "path": [a, b]} for a, b in itertools.pairwise([steps[-1], *more])]
        made.variants.append(variant(
            "ww", path, f"{kind}-legs", rule, i + 1 + len(legs),
            f"{move['pieces'][0]}'s move at step {i + 1} continued in steps {i + 2}-"
            f"{i + 1 + len(legs)}, one leg a step, through {' -> '.join(more)} (no unit "
            f"there) to {limit + 1} MP, one more than his {limit}; the end is "
            f"{reach.get(more[-1])} MP from the start ({cite})", [*actions[:i + 1], *legs]))


def ww_detour(path: Path, raw: Raw, pos: list[Board], made: Made) -> None:
    """A move into enemy CUs (a battle or an overrun) that first goes out and back through
    spaces without units, to one MP more than the allowance, then on as before: the same
    battle follows, so the rest of the scenario is kept. An American Army that ends facing
    enemy CUs or overruns has 4 MP, not 5 (WW 7.3.C; WW-MOV-03, WW-OVR-02)."""
    kind = "move-roundabout"
    actions = raw["actions"]
    graph = ww_graph()
    for i, card in ww_activation_moves(actions):
        move = actions[i]
        general = ww_general(move["pieces"][0])
        steps = move["path"]
        if general is None or general.id == "arnold" or not (
                card.startswith("Fixture OPS") or card.endswith("Campaign")) or \
                any(graph.id_of(s) is None for s in steps) or \
                path_cost(graph, steps) is None:
            continue
        side = "British" if general.side.value == "BR" else "American"
        before = pos[i]

        def enemy_cus(where: str, before: Board = before, side: str = side) -> bool:
            return any(cu_value(p) and ww_side_of_piece(p) != side
                       for p in before.pieces(where))
        if not enemy_cus(steps[-1]) or any(
                "#" not in p and ww_side_of_piece(p) not in (None,)
                and (ww_side_of_piece(p) != side or ww_general(p) is not None)
                for s in steps[1:-1] for p in before.pieces(s)):
            continue
        if not any(cu_value(p) for p in move["pieces"]):
            made.skip(kind, "detour: a lone General into enemy CUs (WW 7.4.A)")
            continue
        overrun = i + 1 < len(actions) and actions[i + 1]["do"] == "remove" and \
            actions[i + 1]["at"] == steps[-1]
        # WW 7.3.A: a British General 4 MP; WW 7.3.C: an American Army 4 when it overruns
        # or ends facing enemy CUs.
        rule = ("WW-MOV-02" if side == "British" else "WW-OVR-02" if overrun
                else "WW-MOV-03")
        limit = 4
        cost = path_cost(graph, steps) or 0
        need = limit + 1 - cost
        if need < 2:
            made.skip(kind, "detour: the move already uses all but one MP")
            continue
        def free(name: str, before: Board = before) -> bool:
            return all(p.startswith("PC#") for p in before.pieces(name))
        def home(name: str, start: str = steps[0]) -> bool:
            return name == start
        loop = extension(graph, [steps[0]], need, free, frozenset({"normal"}), home)
        if loop is None:
            made.skip(kind, "detour: no way out and back through spaces without units "
                            "costing exactly one MP more")
            continue
        walk = [steps[0], *loop]
        what = (f"{move['pieces'][0]}'s move at step {i + 1} into the enemy CUs at "
                f"{steps[-1]} first goes {' -> '.join(walk)} (no unit there), "
                f"{limit + 1} MP in all, one more than his {limit} "
                f"({'WW 7.3.A' if side == 'British' else 'WW 7.3.C'}"
                f"{', an overrun' if overrun else ''})")
        made.variants.append(variant(
            "ww", path, kind, rule, i + 1, what + "; each leg a drag of the step",
            [*actions[:i], {**move, "path": [*walk, *steps[1:]]}, *actions[i + 1:]],
            part="detour"))
        legs = [{**move, "path": [a, b]} for a, b in itertools.pairwise(walk)]
        made.variants.append(variant(
            "ww", path, f"{kind}-legs", rule, i + 1 + len(legs),
            what + f"; the detour dragged one leg a step (steps {i + 1}-{i + len(legs)})",
            [*actions[:i], *legs, *actions[i:]], part="detour"))


def ww_loss_block(actions: Sequence[Action], battle: WWBattle) -> tuple[int, int]:
    """The indices [start, end) of the loss actions after the loss dice: removes, places
    and exchanges at the battle space."""
    start = end = battle.rolls[5] + 1
    while end < len(actions) and actions[end]["do"] in ("remove", "place", "exchange") and \
            actions[end]["at"] == battle.space:
        end += 1
    return start, end


def ww_step_seven(action: Action) -> bool:
    """Whether an action is a Step 7 marker move of a battle (WW 9.2 Step 7: the Turn
    marker flipped, the French Alliance marker moved)."""
    return (action["do"] == "flip" and action.get("piece") == "Game Turn") or (
        action["do"] == "move" and action.get("pieces") == ["French Alliance Marker"])


def ww_losses(path: Path, raw: Raw, pos: list[Board], made: Made) -> None:
    actions = raw["actions"]
    for battle in ww_battles(actions):
        start, end = ww_loss_block(actions, battle)
        before, after = pos[start], pos[end]
        for side, rule, cite in ((battle.loser, "WW-BAT-11", "T5, WW 9.5"),
                                 (battle.defender if battle.loser == battle.attacker
                                  else battle.attacker, "WW-BAT-12", "T6, WW 9.5")):
            prefix = WW_CU[side]
            counters = [p for p in before.pieces(battle.space) if p.startswith(prefix)]
            had = sum(cu_value(p) or 0 for p in counters)
            left = sum(cu_value(p) or 0 for p in after.pieces(battle.space)
                       if p.startswith(prefix))
            lost = had - left
            others = [a for a in actions[start:end] if a["player"] != side]
            for kind, delta in (("loss-more", 1), ("loss-fewer", -1)):
                new = lost + delta
                if new < 0:
                    made.skip(kind, f"{rule}: no loss to take one from")
                    continue
                if new >= had:
                    made.skip(kind, f"{rule}: one more would eliminate the side (read as a "
                                    "surrender, WW 9.63)")
                    continue
                if side == "British" and (lost >= 3) != (new >= 3):
                    made.skip(kind, f"{rule}: the change crosses the 3 British CUs of "
                                    "WW 9.2 Step 7 (WW-BAT-13 would break too)")
                    continue
                block: list[Action] = list(others)
                if new:
                    block.append({"do": "exchange", "player": side, "at": battle.space,
                                  "remove": counters, "place": change(had - new, prefix)})
                tail: list[Action] = []
                # A winner left alone captured first (WW 9.5 Special): a move out of the
                # space by the winner, kept as it was, before the loser's retreat.
                lead = end
                while lead < len(actions) and actions[lead]["do"] == "move" and \
                        actions[lead]["path"][0] == battle.space and \
                        actions[lead]["player"] != battle.loser:
                    lead += 1
                if any(p.startswith(prefix) for a in actions[end:lead] for p in a["pieces"]):
                    made.skip(kind, f"{rule}: the winner's counters leave the space before "
                                    "the retreat")
                    continue
                if lead < len(actions) and actions[lead]["do"] == "move" and \
                        actions[lead]["path"][0] == battle.space:
                    # The retreat that follows, with the counters the side now has.
                    retreat = actions[lead]
                    pieces = retreat["pieces"]
                    if retreat["player"] == side:
                        pieces = [p for p in pieces if not p.startswith(prefix)]
                        pieces += change(had - new, prefix)
                    tail = [*actions[end:lead], {**retreat, "pieces": pieces}]
                    # Later play, up to the first action naming the side's counters.
                    taken_later = False
                    for later in actions[lead + 1:]:
                        names = [later.get("piece", ""), *later.get("pieces", []),
                                 *later.get("remove", [])]
                        if any(n.startswith(prefix) for n in names):
                            # The loss taken off the retreated stack (counted as the
                            # battle's, WW 9.5): the original's loss is not `lost`.
                            taken_later = later["do"] in ("remove", "exchange") and \
                                later["at"] == retreat["path"][-1] and \
                                retreat["player"] == side
                            break
                        tail.append(later)
                    if taken_later:
                        made.skip(kind, f"{rule}: the loss is taken after the retreat, off "
                                        "the battle space")
                        continue
                elif lead > end:
                    made.skip(kind, f"{rule}: a move out of the space with no retreat after")
                    continue
                mutated = [*actions[:start], *block, *tail]
                # A removal that goes over the table is the step that broke it; a loss
                # not taken is missing at the battle's last step: the retreat that follows,
                # if any, and the Turn and French Alliance marker moves right after it
                # (WW 9.2 Step 7), else the last removal.
                removal = start + len(block)
                at = removal
                if delta < 0 and tail:
                    moved = lead - end
                    at = removal + 1 + moved + sum(
                        1 for _ in itertools.takewhile(ww_step_seven, tail[moved + 1:]))
                made.variants.append(variant(
                    "ww", path, kind, rule, at,
                    f"the {side} {'loser' if side == battle.loser else 'winner'} of the "
                    f"battle at {battle.space} removes {new} CUs instead of {lost} ({cite}); "
                    f"the finding is at the step that broke it, {at}", mutated))


@dataclasses.dataclass(frozen=True)
class WWRetreat:
    """A beaten or evading force's move away from a battle space."""

    index: int
    space: str
    side: str
    attacker: str
    origin: str  # where the attacking Army entered from
    before_battle: bool  # a retreat before battle (WW 7.9), not after one (WW 9.6)


def ww_retreat_moves(actions: Sequence[Action]) -> Iterator[WWRetreat]:
    """Moves out of a space right after its battle (two or more rolls, then any losses)
    or after a retreat-before-battle roll (one roll by the mover, right after the enemy
    Army entered), with the attacking side (the player of the last card) and the space
    the attacking Army came from."""
    for k, move in enumerate(actions):
        if move["do"] != "move" or len(move["path"]) < 2:
            continue
        space, side = move["path"][0], move["player"]
        j = k - 1
        while j >= 0 and actions[j]["do"] in ("remove", "place", "exchange") and \
                actions[j]["at"] == space:
            j -= 1
        rolls = 0
        while j >= 0 and actions[j]["do"] == "roll":
            rolls, j = rolls + 1, j - 1
        while j >= 0 and actions[j]["do"] == "play":
            j -= 1
        if rolls == 0 or j < 0 or actions[j]["do"] != "move" or \
                actions[j]["path"][-1] != space:
            continue
        card = next((a for a in reversed(actions[:j]) if a["do"] == "play"), None)
        if card is None:
            continue
        attacker = card["player"]
        entry = next((a for a in reversed(actions[:j + 1]) if a["do"] == "move"
                      and a["player"] == attacker and a["path"][-1] == space), None)
        if entry is None:
            continue
        rbb = rolls == 1 and actions[j] is entry and actions[k - 1]["player"] == side \
            and side != attacker and k - 1 == j + 1
        if rolls == 1 and not rbb:
            continue
        yield WWRetreat(k, space, side, attacker, entry["path"][-2], rbb)


def ww_attacker_elsewhere(path: Path, actions: Sequence[Action], pos: list[Board],
                          r: WWRetreat, made: Made) -> None:
    """A beaten attacker sent to a space other than the one he entered the battle from,
    though one he could otherwise retreat to (no enemy CU, PC or piece at all): WW 9.61.B
    alone is broken (WW-RET-02)."""
    retreat = actions[r.index]
    if r.before_battle or len(retreat["path"]) != 2:
        made.skip("retreat-forbidden", "not a single-leg retreat after a battle")
        return
    friendly = "PC#British PC" if r.side == "British" else "PC#American PC"
    board = pos[r.index]
    elsewhere = [n for n, k, _ in ww_graph().neighbours(r.space)
                 if k == "normal" and n not in (r.origin, retreat["path"][1])
                 and all(p == friendly for p in board.pieces(n))]
    if not elsewhere:
        made.skip("retreat-forbidden", "the beaten attacker has no other space free of "
                                       "enemy CUs and PCs")
        return
    made.variants.append(variant(
        "ww", path, "retreat-forbidden", "WW-RET-02", r.index + 1,
        f"the beaten attacker ({r.side}) retreats from {r.space} to {elsewhere[0]} (no enemy "
        f"piece there), not to {r.origin}, the space he entered the battle from (WW 9.61.B, "
        "7.8.F)", [*actions[:r.index], {**retreat, "path": [r.space, elsewhere[0]]}],
        part="attacker-elsewhere"))


def ww_retreats(path: Path, raw: Raw, pos: list[Board], made: Made) -> None:
    """A beaten defender's retreat split or sent into an enemy PC's space (WW 9.61.A:
    one adjacent space with no enemy CU nor PC; the force does not split), and the same
    for a retreat before battle (WW 7.9.B: together, to one adjacent space with no
    British CU nor PC)."""
    actions = raw["actions"]
    graph = ww_graph()
    for r in ww_retreat_moves(actions):
        retreat = actions[r.index]
        if r.side == r.attacker:
            made.skip("retreat-split", "the attacker retreats (WW 9.61.B sends him back: a "
                                       "part sent elsewhere also breaks WW-RET-02)")
            ww_attacker_elsewhere(path, actions, pos, r, made)
            continue
        if len(retreat["path"]) != 2:
            for kind in ("retreat-split", "retreat-forbidden"):
                made.skip(kind, "a retreat of more than one leg")
            continue
        rule, cite, split_cite = (
            ("WW-RBB-03", "WW 7.9.B", "WW 7.9.B: the General and his CUs together to one "
             "space") if r.before_battle else
            ("WW-RET-01", "WW 9.61.A", "WW 9.61.B: the retreating force may not be split "
             "up; all must retreat to the same space"))
        what = "evading (retreat before battle)" if r.before_battle else "beaten"
        board = pos[r.index]
        friendly = "PC#British PC" if r.side == "British" else "PC#American PC"
        enemy_pc = "PC#American PC" if r.side == "British" else "PC#British PC"
        dest = retreat["path"][1]
        neighbours = [n for n, k, _ in graph.neighbours(r.space)
                      if k == "normal" and n not in (dest, r.origin)]
        # Split: the last piece goes to a second space it could have gone to alone.
        second = [n for n in neighbours if all(p == friendly for p in board.pieces(n))]
        if len(retreat["pieces"]) < 2:
            made.skip("retreat-split", "a single piece retreats")
        elif not second:
            made.skip("retreat-split", "no second legal retreat space")
        else:
            first = {**retreat, "pieces": retreat["pieces"][:-1]}
            split = {**retreat, "pieces": retreat["pieces"][-1:],
                     "path": [r.space, second[0]]}
            made.variants.append(variant(
                "ww", path, "retreat-split", rule, r.index + 2,
                f"the {what} {r.side} force's retreat from {r.space} is split: "
                f"{', '.join(first['pieces'])} to {dest}, {split['pieces'][0]} to "
                f"{second[0]} (no enemy piece there) ({split_cite})",
                [*actions[:r.index], first, split]))
        # Forbidden: into a space with an enemy PC and no piece else.
        bad = [n for n in neighbours if board.pieces(n) == [enemy_pc]]
        if not bad:
            made.skip("retreat-forbidden", "no adjacent space with only an enemy PC")
            continue
        made.variants.append(variant(
            "ww", path, "retreat-forbidden", rule, r.index + 1,
            f"the {what} {r.side} force retreats from {r.space} to {bad[0]}, which holds "
            f"an enemy PC ({cite})",
            [*actions[:r.index], {**retreat, "path": [r.space, bad[0]]}]))


def ww_winter_rule(board: Board, space: str, side: str) -> str | None:
    """The rule of WW 11.1-11.3 that sets a side's winter losses in a space (None: the
    case the digest reads as ambiguous, A20, a lone French CU with an American General)."""
    pieces = board.pieces(space)
    if side == "British":
        return "WW-WINT-02"
    american = sum(cu_value(p) or 0 for p in pieces if p.startswith("American CU"))
    french = sum(cu_value(p) or 0 for p in pieces if p.startswith("French CU"))
    if "Washington" in pieces and american:
        return "WW-WINT-04"
    if french:
        generals = [p for p in pieces if ww_general(p) is not None]
        return None if not american and french == 1 and generals else "WW-WINT-05"
    return "WW-WINT-03"


def ww_winter_losses(path: Path, raw: Raw, pos: list[Board], made: Made) -> None:
    """One CU more or fewer lost to Winter Attrition in a space than the legal original
    (WW 11.1-11.3, T8; a die of 1-3 loses a lone or excess CU, so after a die that spared
    it, one more is the roll not followed). The phase: its rolls and losses, up to the
    French Naval Phase marker."""
    actions = raw["actions"]
    for end, action in enumerate(actions):
        if not (action["do"] == "set" and action.get("value") == "French Naval Phase"):
            continue
        start = end
        while start > 0 and actions[start - 1]["do"] in ("roll", "remove", "exchange"):
            start -= 1
        before, after = pos[start], pos[end]
        for space in sorted(before.at):
            for side in ("British", "American"):
                mine = [p for p in before.pieces(space) if "#" not in p and cu_value(p)
                        and ww_side_of_piece(p) == side]
                if not mine:
                    continue
                rule = ww_winter_rule(before, space, side)
                if rule is None:
                    made.skip("loss-more", "winter: a lone French CU with an American General "
                                           "(WW 11.1/11.3 ambiguous, digest A20)")
                    continue
                had = sum(cu_value(p) or 0 for p in mine)
                left_pieces = [p for p in after.pieces(space) if "#" not in p
                               and cu_value(p) and ww_side_of_piece(p) == side]
                left = sum(cu_value(p) or 0 for p in left_pieces)
                lost = had - left
                kept = actions[start:end]
                # One more: an exchange (or removal) of the side's counters at the end.
                if left >= 1:
                    prefix = left_pieces[-1].rsplit(" ", 1)[0]
                    extra: Action = (
                        {"do": "exchange", "player": side, "at": space,
                         "remove": [left_pieces[-1]],
                         "place": change((cu_value(left_pieces[-1]) or 0) - 1, prefix)}
                        if (cu_value(left_pieces[-1]) or 0) > 1 else
                        {"do": "remove", "player": side, "at": space,
                         "piece": left_pieces[-1]})
                    at = start + len(kept)
                    made.variants.append(variant(
                        "ww", path, "loss-more", rule, at + 1,
                        f"winter: the {side} CUs in {space} lose {lost + 1} instead of "
                        f"{lost} ({left_pieces[-1]} "
                        + (f"made {' + '.join(extra['place'])}" if extra["do"] == "exchange"
                           else "removed") + " after the phase's losses, WW 11.1-11.3, T8)",
                        [*actions[:start], *kept, extra, *actions[end:]], part=f"winter {space}"))
                # One fewer: the side's last loss action there takes one CU less.
                losing = [i for i in range(start, end) if actions[i]["do"] in
                          ("remove", "exchange") and actions[i]["at"] == space
                          and actions[i]["player"] == side]
                if not lost or not losing:
                    continue
                i = losing[-1]
                act = actions[i]
                if act["do"] != "exchange" or len(act["remove"]) != 1:
                    made.skip("loss-fewer", "winter: the loss is a removal of a whole counter "
                                            "(one fewer would remove nothing: no step)")
                    continue
                prefix = act["remove"][0].rsplit(" ", 1)[0]
                placed = sum(cu_value(p) or 0 for p in act["place"]) + 1
                if placed >= (cu_value(act["remove"][0]) or 0):
                    made.skip("loss-fewer", "winter: one fewer leaves the counter as it was")
                    continue
                fewer = {**act, "place": change(placed, prefix)}
                made.variants.append(variant(
                    "ww", path, "loss-fewer", rule, i + 1,
                    f"winter: the {side} CUs in {space} lose {lost - 1} instead of {lost} "
                    f"({act['remove'][0]} made {' + '.join(fewer['place'])}, WW 11.1-11.3, "
                    "T8)", [*actions[:i], fewer, *actions[i + 1:]], part=f"winter {space}"))


def ww_battle_card(name: str) -> bool:
    """Whether the fixture's data knows the card of this name as a Battle Card (WW 6.33):
    its late play breaks WW-CARD-08; any other card played or discarded late in a battle,
    WW-CARD-09, as the referee reads it."""
    key = name.casefold()
    return any(card.battle and key in {n.casefold() for n in (card.name, *card.aliases)}
               for card in ww_data().cards.values())


def ww_card_late(path: Path, raw: Raw, pos: list[Board], made: Made) -> None:
    actions = raw["actions"]
    for battle in ww_battles(actions):
        cards = [i for i in range(battle.first, battle.rolls[0])
                 if actions[i]["do"] == "play"]
        if not cards:
            made.skip("card-late", "no card played in the battle")
            continue
        i = cards[-1]
        card = actions[i]
        rest = [a for j, a in enumerate(actions) if j != i]
        # The card now comes after both battle dice (WW 9.2 Step 4): Step 1 is over.
        at = battle.rolls[3]
        mutated = [*rest[:at], card, *rest[at:]]
        if ww_battle_card(card["card"]):
            made.variants.append(variant(
                "ww", path, "card-late", "WW-CARD-08", at + 1,
                f"{card['card']} ({card['player']}) played after the battle dice at "
                f"{battle.space} instead of before the Actual Battle Ratings (WW 6.33.A, "
                "9.45: a Battle Card is played as the event only in Step 1)", mutated))
        else:  # an Event discarded for +1, or a card the data does not call a Battle Card
            made.variants.append(variant(
                "ww", path, "card-late", "WW-CARD-09", at + 1,
                f"{card['card']} ({card['player']}) discarded after the battle dice at "
                f"{battle.space} instead of in Step 1 (WW 9.2 Step 1, 9.45: a side plays or "
                "discards its Event before the Actual Battle Rating dice)", mutated))
        # The attacker's card one step late: after the defender's (WW 9.2 Step 1, the
        # attacker decides first).
        if len(cards) == 2 and actions[cards[0]]["player"] == battle.attacker and \
                actions[cards[1]]["player"] == battle.defender:
            a, d = cards
            swapped = [*actions[:a], actions[d], actions[a], *actions[d + 1:]]
            made.variants.append(variant(
                "ww", path, "card-late", "WW-CARD-09", d + 1,
                f"the attacker's {actions[a]['card']} played after the defender's "
                f"{actions[d]['card']} in the battle at {battle.space} (WW 6.33.D, 9.2 "
                "Step 1: the attacker decides first)", swapped))


WW_BOXES = {
    "British Reinforcement Box": ("British Reinforcement Cards", "WW-REIN-03", "WW 8.1.C: "
                                  "CUs from the British Reinforcements Box"),
    "French Reinforcement Box": ("American Reinforcement Cards", "WW-REIN-06", "WW 12.2.B.ii: "
                                 "Rochambeau and all the French CUs of the box together"),
}


def ww_wrong_box(path: Path, raw: Raw, pos: list[Board], made: Made) -> None:
    """One CU of a reinforcement taken from stock (the counter mix) instead of its box."""
    actions = raw["actions"]
    for i, action in enumerate(actions):
        if action["do"] == "move" and action["path"][0] == "American Reinforcement Box":
            made.skip("wrong-box", "an American General from his box (WW 8.2.C): no other "
                                   "box holds an American General in the position, and his "
                                   "CUs come from stock, so a wrong box needs another set-up")
            continue
        if action["do"] != "move" or action["path"][0] not in WW_BOXES:
            continue
        cards, rule, cite = WW_BOXES[action["path"][0]]
        if i == 0 or actions[i - 1]["do"] != "play" or actions[i - 1].get("to") != cards:
            made.skip("wrong-box", "not a reinforcement right after its card")
            continue
        cus = [p for p in action["pieces"] if cu_value(p)]
        if not cus:
            made.skip("wrong-box", "no CU in the reinforcement")
            continue
        kept = [p for p in action["pieces"] if p != cus[-1]]
        where = action["path"][-1]
        mutated = [*actions[:i], {**action, "pieces": kept},
                   {"do": "place", "player": action["player"], "piece": cus[-1],
                    "at": where}]
        made.variants.append(variant(
            "ww", path, "wrong-box", rule, i + 2,
            f"one of the reinforcing CUs ({cus[-1]}) is taken from stock instead of the "
            f"{action['path'][0]} and placed in {where} ({cite}); the finding is at that "
            f"placement, step {i + 2}", mutated))


def ww_roll_early(path: Path, raw: Raw, pos: list[Board], made: Made) -> None:
    """Rolls that could be made one impulse early: none is made, since each breaks two
    rules (counted as not applicable, with why)."""
    actions = raw["actions"]
    for i, action in enumerate(actions):
        if action["do"] != "roll" or i == 0:
            continue
        before = actions[i - 1]
        if before["do"] == "move" and before["player"] != action["player"]:
            made.skip("roll-early", "an interception or retreat-before-battle roll made "
                                    "before the British Army entered: the attempt is not "
                                    "allowed yet (WW-INT-01/RBB-01) and the later reaction "
                                    "has no roll (WW-INT-02/RBB-02), two rules")
        elif before["do"] == "move" and before["player"] == action["player"]:
            made.skip("roll-early", "a battle roll made before the Army entered the space: "
                                    "no battle is due yet and the steps run out of order "
                                    "(WW-BAT-01, WW-BAT-02), two rules")
        elif before["do"] == "play":
            made.skip("roll-early", "a roll after the last card (Winter Attrition, WW 11.2) "
                                    "made before that card: no rule ties the roll to the "
                                    "phase in the catalogue")


WW_GENERATORS = (ww_move_further, ww_detour, ww_losses, ww_winter_losses, ww_retreats,
                 ww_card_late, ww_wrong_box, ww_roll_early)
