"""Mutation tests for verdicts: small rule-breaking variants of each game's legal scenarios.

A legal scenario (one that expects no illegal finding) is changed in memory in one small
way that breaks exactly one rule of the rulebook, at one step; the variant names that rule
and step. The referee must stay silent on the original and flag the variant there.

The kinds of change (issue 20), each with the rule it breaks:

- `move-further`: an activated force's move extended, through spaces without units (the
  game's map graph, bundled data merged with the fixture's data file), to a space one MP
  beyond its allowance from where it set out: WW-MOV-02 (British, 4 MP, WW 7.3.A),
  WW-MOV-03 (American, 5 MP, WW 7.3.C), WFA-MOV-03 (the MP its roll gave, WfA 12.0-12.7);
- `move-roundabout`: where no space lies one MP beyond, the same extension doubling back, so
  that the legs moved cost one MP more than the allowance though the end is within reach;
- `...-legs`: either extension dragged one leg a step after the original move, instead of
  all in the move's own step (one drag per leg, as `adjudicator.scenario` writes a path);
- `loss-more` / `loss-fewer`: one CU more or fewer removed after a battle's loss dice
  (WW-BAT-11 the loser, T5; WW-BAT-12 the winner, T6; reported at the battle's first step,
  as the fixtures do), or one SP more lost than the battle table gave (WFA-CBT-04, WfA 13.0
  Step 6);
- `retreat-split` / `retreat-forbidden`: a retreat split over two spaces (WW-RET-01, WW
  9.61.B; WW-RBB-03 for a retreat before battle, WW 7.9.B), or sent where it may not go:
  a defender into an enemy PC's space (WW-RET-01, 9.61.A), a beaten attacker elsewhere than
  the space he came from (WW-RET-02, 9.61.B), a WfA defender into enemy SP or the space the
  attacker came from, a WfA attacker elsewhere than that space (WFA-CBT-13, WfA 13.3);
- `card-late`: a Battle Card played after the battle dice instead of in Step 1 (WW-BAT-02,
  WW 9.2), or the attacker's card after the defender's (WW-CARD-09, 9.2 Step 1);
- `wrong-box`: one CU of a reinforcement taken from stock instead of its box (WW-REIN-03,
  8.1.C; WW-REIN-06, 12.2.B.ii; reported at the card's step, as the fixtures do);
- `roll-early`: a roll made one impulse or pulse early. None is made: in the fixtures each
  such change breaks two rules, or one no rule of the catalogue names; the candidates are
  counted, with why.

Each generator makes a variant only where it can tell from the scenario's position (the
`Board` it follows through the actions) that the change breaks exactly the named rule;
every other candidate is counted as "not applicable" with a reason. Variants end just
after the mutated steps (or keep later play that cannot depend on the change), so that
actions written for the unmutated position cannot go wrong for another reason.

`python -m tests.mutations` prints the variants made per kind and game, caught and missed.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import tomllib
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from adjudicator.check import adjudicate
from adjudicator.findings import Severity
from adjudicator.report import Report
from adjudicator.scenario import build_scenario_log

REPO = Path(__file__).resolve().parent.parent
WW = REPO / "fixtures" / "washingtons-war"
WFA = REPO / "fixtures" / "war-for-america"
KNOWN_MISSES = Path(__file__).resolve().parent / "mutation_misses.toml"

Action = dict[str, Any]
Raw = dict[str, Any]


# --------------------------------------------------------------------------- variants


@dataclasses.dataclass(frozen=True)
class Variant:
    """A legal scenario changed to break `rule_id` at `step`."""

    game: str
    scenario: str
    kind: str
    rule_id: str
    step: int
    what: str
    raw: Raw = dataclasses.field(repr=False, compare=False)
    part: str = ""
    """What tells apart two variants of one kind, rule and step (e.g. the side)."""

    @property
    def id(self) -> str:
        part = f"/{self.part}" if self.part else ""
        return f"{self.game}/{self.scenario}/{self.kind}{part}/{self.rule_id}@{self.step}"


@dataclasses.dataclass
class Made:
    """What a game's generators made: the variants, and why other candidates were left."""

    variants: list[Variant] = dataclasses.field(default_factory=list)
    skipped: Counter[tuple[str, str]] = dataclasses.field(default_factory=Counter)

    def skip(self, kind: str, why: str) -> None:
        self.skipped[(kind, why)] += 1


# --------------------------------------------------------------------------- scenarios


def scenario_paths(game: str) -> list[Path]:
    folder = (WW if game == "ww" else WFA) / "scenarios"
    return sorted(p for p in folder.glob("*.toml") if p.name != "t1-setup.toml")


def load_raw(path: Path) -> Raw:
    return tomllib.loads(path.read_text(encoding="utf-8"))


def is_legal(raw: Raw) -> bool:
    return not any(e.get("severity", "illegal") == "illegal" for e in raw.get("expect", []))


def legal_scenarios(game: str) -> list[Path]:
    return [p for p in scenario_paths(game) if is_legal(load_raw(p))]


def absolute(raw: Raw, folder: Path) -> Raw:
    """The scenario with its module, data and set-up files as absolute paths, so that it
    can be written anywhere."""
    out = dict(raw)
    out["module"] = str((folder / raw["module"]).resolve())
    out["data"] = [str((folder / d).resolve()) for d in raw.get("data", [])]
    out["setup_files"] = [str((folder / s).resolve()) for s in raw.get("setup_files", [])]
    if "binding" in raw:
        out["binding"] = str((folder / raw["binding"]).resolve())
    return out


def to_toml(raw: Raw) -> str:
    """TOML for a scenario: scalars and lists as JSON (a subset of TOML), tables inline."""
    def value(v: Any) -> str:
        if isinstance(v, dict):
            return "{" + ", ".join(f"{json.dumps(k)} = {value(x)}" for k, x in v.items()) + "}"
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        if isinstance(v, bool):
            return "true" if v else "false"
        return json.dumps(v)
    return "\n".join(f"{key} = {value(v)}" for key, v in raw.items()) + "\n"


# --------------------------------------------------------------------------- position


def label(piece: str, level: str | None) -> str:
    return f"{piece}#{level}" if level else piece


@dataclasses.dataclass
class Board:
    """Where each piece is before a step: location name -> piece labels (a multi-level
    piece as `name#level`, e.g. `PC#British PC`)."""

    at: dict[str, list[str]]

    @classmethod
    def initial(cls, raw: Raw, folder: Path) -> Board:
        at: dict[str, list[str]] = {}
        placements = []
        for setup in raw.get("setup_files", []):
            placements += load_raw(folder / setup).get("setup", [])
        placements += raw.get("setup", [])
        for p in placements:
            at.setdefault(p["at"], []).extend(
                [label(p["piece"], p.get("level"))] * p.get("count", 1))
        return cls(at)

    def copy(self) -> Board:
        return Board({k: list(v) for k, v in self.at.items()})

    def pieces(self, where: str) -> list[str]:
        return self.at.get(where, [])

    def _take(self, where: str, name: str) -> str:
        here = self.at.get(where, [])
        for piece in reversed(here):
            if piece == name or piece.split("#")[0] == name:
                here.remove(piece)
                return piece
        return name

    def apply(self, action: Action) -> None:
        do = action["do"]
        if do == "move":
            start, end = action["path"][0], action["path"][-1]
            for name in action["pieces"]:
                self.at.setdefault(end, []).append(self._take(start, name))
        elif do == "place":
            self.at.setdefault(action["at"], []).append(
                label(action["piece"], action.get("level")))
        elif do == "remove":
            self._take(action["at"], action["piece"])
        elif do == "flip":
            self._take(action["at"], action["piece"])
            self.at.setdefault(action["at"], []).append(label(action["piece"],
                                                              action["level"]))
        elif do == "exchange":
            for name in action["remove"]:
                self._take(action["at"], name)
            self.at.setdefault(action["at"], []).extend(action["place"])


def boards(raw: Raw, folder: Path) -> list[Board] | None:
    """The position before each action (index i: before action i+1), and after the last;
    None for a scenario with an undo (positions are not followed through undos)."""
    actions = raw.get("actions", [])
    if any(a["do"] == "undo" for a in actions):
        return None
    board = Board.initial(raw, folder)
    out = [board.copy()]
    for action in actions:
        board.apply(action)
        out.append(board.copy())
    return out


def variant(game: str, path: Path, kind: str, rule: str, step: int, what: str,
            actions: Sequence[Action], part: str = "") -> Variant:
    raw = absolute(load_raw(path), path.parent)
    raw["source"] = f"mutation {kind} of {path.name}: {what}"
    raw["actions"] = list(actions)
    raw["expect"] = [{"rule_id": rule, "step": step}]
    return Variant(game, path.stem, kind, rule, step, what, raw, part)


# --------------------------------------------------------------------------- the map


@dataclasses.dataclass(frozen=True)
class MapGraph:
    """A game's map from its data (bundled facts merged with the fixture's data file):
    space names, and each connection's kind and movement cost."""

    names: Mapping[str, str]  # id -> name
    ids: Mapping[str, str]  # name (any case) -> id
    edges: Mapping[str, Mapping[str, tuple[str, int]]]  # id -> id -> (kind, cost)
    facts: Mapping[str, Any]  # id -> the space record

    def id_of(self, name: str) -> str | None:
        return self.ids.get(name.casefold())

    def link(self, a: str, b: str) -> tuple[str, int] | None:
        ia, ib = self.id_of(a), self.id_of(b)
        if ia is None or ib is None:
            return None
        return self.edges.get(ia, {}).get(ib)

    def neighbours(self, name: str) -> list[tuple[str, str, int]]:
        """(name, kind, cost) of each space adjacent to `name`, in a stable order."""
        sid = self.id_of(name)
        if sid is None:
            return []
        return sorted((self.names[b], kind, cost)
                      for b, (kind, cost) in self.edges.get(sid, {}).items())


@cache
def ww_data() -> Any:
    from adjudicator.systems.washingtons_war.data import load_data
    return load_data([WW / "data" / "fixture-data.toml"])


@cache
def wfa_data() -> Any:
    from adjudicator.systems.war_for_america.data import load_data
    return load_data([WFA / "data" / "fixture.toml"])


def _graph(data: Any, kind_cost: Callable[[Any], tuple[str, int] | None]) -> MapGraph:
    names = {sid: s.name for sid, s in data.spaces.items()}
    ids: dict[str, str] = {}
    for sid, s in data.spaces.items():
        for n in (s.name, *s.aliases):
            ids[n.casefold()] = sid
    edges: dict[str, dict[str, tuple[str, int]]] = {}
    for c in data.connections:
        kc = kind_cost(c)
        if kc is None or c.a not in names or c.b not in names:
            continue
        edges.setdefault(c.a, {})[c.b] = kc
        edges.setdefault(c.b, {})[c.a] = kc
    return MapGraph(names, ids, edges, dict(data.spaces))


@cache
def ww_graph() -> MapGraph:
    def kind_cost(c: Any) -> tuple[str, int] | None:
        if c.kind is None:
            return None
        kind = "arnold" if c.arnold_only else str(c.kind.value)
        return kind, 3 if kind != "normal" else 1
    return _graph(ww_data(), kind_cost)


@cache
def wfa_graph() -> MapGraph:
    data = wfa_data()

    def kind_cost(c: Any) -> tuple[str, int] | None:
        kind = str(c.kind.value)
        if kind != "land":
            return kind, 0
        if c.terrain is None or c.terrain not in data.terrain:
            return None
        return ("water" if c.water else "land"), int(data.terrain[c.terrain].mp)
    return _graph(data, kind_cost)


def path_cost(graph: MapGraph, path: Sequence[str]) -> int | None:
    total = 0
    for a, b in itertools.pairwise(path):
        link = graph.link(a, b)
        if link is None:
            return None
        total += link[1]
    return total


def distances(graph: MapGraph, start: str, kinds: frozenset[str]) -> dict[str, int]:
    """The cheapest cost from `start` to every space over connections of `kinds`,
    whatever stands in the way (a lower bound on any legal route)."""
    import heapq

    best = {start: 0}
    queue = [(0, start)]
    while queue:
        cost, at = heapq.heappop(queue)
        if cost > best.get(at, cost):
            continue
        for name, kind, step in graph.neighbours(at):
            if kind in kinds and cost + step < best.get(name, cost + step + 1):
                best[name] = cost + step
                heapq.heappush(queue, (cost + step, name))
    return best


def extension(graph: MapGraph, path: Sequence[str], need: int, ok: Callable[[str], bool],
              kinds: frozenset[str], last: Callable[[str], bool] = lambda _: True
              ) -> list[str] | None:
    """Spaces to add at the end of `path` (each passing `ok`, the final one `last`, joined
    by connections of one of `kinds`) costing exactly `need` MP: new spaces if possible,
    else doubling back over the path (no rule forbids entering a space twice); the first
    found in a stable depth-first order, or None."""
    def search(at: str, left: int, seen: list[str], again: bool) -> list[str] | None:
        if left == 0:
            return [] if last(at) else None
        for name, kind, cost in graph.neighbours(at):
            if kind in kinds and 0 < cost <= left and (again or name not in seen) \
                    and (name in path or ok(name)):
                if name in path and not again:
                    continue
                rest = search(name, left - cost, [*seen, name], again)
                if rest is not None:
                    return [name, *rest]
        return None
    return search(path[-1], need, list(path), False) or search(path[-1], need, list(path),
                                                                 True)


# --------------------------------------------------------------------------- Washington's War

WW_CU = {"British": "British CU", "American": "American CU", "French": "French CU"}
WW_DENOMINATIONS = (5, 3, 2, 1)


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


def ww_units(board: Board, where: str) -> list[str]:
    """The Generals and CUs (not PCs, markers or Congress) at a location."""
    return [p for p in board.pieces(where) if "#" not in p and ww_side_of_piece(p)]


def cu_value(piece: str) -> int | None:
    for prefix in WW_CU.values():
        if piece.startswith(prefix + " "):
            return int(piece.rsplit(" ", 1)[1])
    return None


def change(total: int, prefix: str) -> list[str]:
    """Counters making `total` CUs, largest first."""
    out = []
    for value in WW_DENOMINATIONS:
        while total >= value:
            out.append(f"{prefix} {value}")
            total -= value
    return out


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


def ww_loss_block(actions: Sequence[Action], battle: WWBattle) -> tuple[int, int]:
    """The indices [start, end) of the loss actions after the loss dice: removes, places
    and exchanges at the battle space."""
    start = end = battle.rolls[5] + 1
    while end < len(actions) and actions[end]["do"] in ("remove", "place", "exchange") and \
            actions[end]["at"] == battle.space:
        end += 1
    return start, end


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
                if end < len(actions) and actions[end]["do"] == "move" and \
                        actions[end]["path"][0] == battle.space:
                    # The retreat that follows, with the counters the side now has.
                    retreat = actions[end]
                    pieces = retreat["pieces"]
                    if retreat["player"] == side:
                        pieces = [p for p in pieces if not p.startswith(prefix)]
                        pieces += change(had - new, prefix)
                    tail = [{**retreat, "pieces": pieces}]
                    # Later play, up to the first action naming the side's counters.
                    for later in actions[end + 1:]:
                        names = [later.get("piece", ""), *later.get("pieces", []),
                                 *later.get("remove", [])]
                        if any(n.startswith(prefix) for n in names):
                            break
                        tail.append(later)
                mutated = [*actions[:start], *block, *tail]
                made.variants.append(variant(
                    "ww", path, kind, rule, battle.first + 1,
                    f"the {side} {'loser' if side == battle.loser else 'winner'} of the "
                    f"battle at {battle.space} removes {new} CUs instead of {lost} ({cite}); "
                    f"the battle's findings are reported at its first step, "
                    f"{battle.first + 1}", mutated))


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
        made.variants.append(variant(
            "ww", path, "card-late", "WW-BAT-02", at + 1,
            f"{card['card']} ({card['player']}) played after the battle dice at "
            f"{battle.space} instead of before the Actual Battle Ratings (WW 9.2: cards in "
            "Step 1; the steps run in order)", mutated))
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
            "ww", path, "wrong-box", rule, i,
            f"one of the reinforcing CUs ({cus[-1]}) is taken from stock instead of the "
            f"{action['path'][0]} and placed in {where} ({cite}); reinforcement findings "
            f"are reported at the card's step, {i}", mutated))


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


WW_GENERATORS = (ww_move_further, ww_losses, ww_winter_losses, ww_retreats, ww_card_late,
                 ww_wrong_box, ww_roll_early)


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
        made.skip(kind, "no rule of the catalogue names an MP roll out of its AP "
                        "(WFA-SEQ-12 is a reminder): not judged")


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


WFA_GENERATORS = (wfa_move_further, wfa_retreats, wfa_losses, wfa_wrong_box, wfa_roll_early)


# --------------------------------------------------------------------------- running


def make(game: str) -> Made:
    made = Made()
    for path in legal_scenarios(game):
        raw = load_raw(path)
        pos = boards(raw, path.parent)
        generators = WW_GENERATORS if game == "ww" else WFA_GENERATORS
        if pos is None:
            made.skip("all", "the scenario has an undo")
            continue
        for generator in generators:
            generator(path, raw, pos, made)
    return made


@cache
def all_variants() -> tuple[Variant, ...]:
    return tuple(v for game in ("ww", "wfa") for v in make(game).variants)


def adjudicate_raw(game: str, raw: Raw, tmp: Path, name: str) -> Report:
    """The report on a scenario given as its (absolute-path) fields, written under `tmp`
    and run through the scenario kit's path (`build_scenario_log` then `adjudicate`)."""
    scenario = tmp / f"{name}.toml"
    scenario.write_text(to_toml(raw), encoding="utf-8")
    log = build_scenario_log(scenario, tmp / f"{name}.vlog")
    if game == "ww":
        return adjudicate(log, game="ww", module_path=Path(raw["module"]),
                          data_files=[Path(d) for d in raw.get("data", [])])
    return adjudicate(log, game="wfa", module_path=Path(raw["module"]),
                      data_files=[WFA / "data" / "fixture.toml"],
                      binding_file=WFA / "binding.toml")


def illegal(report: Report) -> set[tuple[str, int | None]]:
    return {(f.rule_id, f.step) for f in report.findings if f.severity is Severity.ILLEGAL}


def known_misses() -> dict[str, str]:
    """Variant id -> why the referee does not catch it (`bug: ...` or `cannot be judged
    from a log: ...`)."""
    raw = tomllib.loads(KNOWN_MISSES.read_text(encoding="utf-8"))
    return {m["id"]: m["reason"] for m in raw.get("miss", [])}


def said(report: Report) -> str:
    found = sorted((f.step, f.rule_id, f.severity.value) for f in report.findings
                   if f.severity in (Severity.ILLEGAL, Severity.UNCHECKED))
    return ", ".join(f"{r} {s} at step {st}" for st, r, s in found) or "nothing"


def main(argv: Sequence[str] = ()) -> None:
    """Print each game's variants per kind, caught and missed, each miss with what the
    referee said and its listed reason, and the candidates not mutated with why. With
    `--draft-misses`, then print a `[[miss]]` entry for each miss not yet listed, its
    reason to be written (and list the listed misses now caught, to be removed)."""
    import tempfile

    misses = known_misses()
    unlisted: list[tuple[Variant, str]] = []
    now_caught: list[str] = []
    total: Counter[str] = Counter()
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        for game in ("ww", "wfa"):
            made = make(game)
            table: dict[str, Counter[str]] = {}
            lines = []
            for n, v in enumerate(made.variants):
                report = adjudicate_raw(game, v.raw, tmp, f"v{n}")
                caught = (v.rule_id, v.step) in illegal(report)
                table.setdefault(v.kind, Counter())["caught" if caught else "missed"] += 1
                total["caught" if caught else "missed"] += 1
                extra = illegal(report) - {(v.rule_id, v.step)}
                if caught and extra:
                    lines.append(f"  caught {v.id}, also flagged: "
                                 + ", ".join(f"{r} at step {st}"
                                             for r, st in sorted(extra, key=str)))
                if caught and v.id in misses:
                    now_caught.append(v.id)
                if not caught:
                    lines.append(f"  MISSED {v.id}: {v.rule_id} at step {v.step} -- {v.what}"
                                 f"\n    referee said: {said(report)}"
                                 f"\n    listed reason: {misses.get(v.id, '(not listed)')}")
                    if v.id not in misses:
                        unlisted.append((v, said(report)))
            print(f"== {game}: {len(made.variants)} variants")
            for kind, counts in sorted(table.items()):
                print(f"  {kind:20} made {sum(counts.values()):3}  caught "
                      f"{counts['caught']:3}  missed {counts['missed']:3}")
            for (kind, why), count in sorted(made.skipped.items()):
                print(f"  not applicable  {kind:18} ×{count}: {why}")
            print("\n".join(lines))
    print(f"== both games: {sum(total.values())} variants, {total['caught']} caught, "
          f"{total['missed']} missed ({len(misses)} listed in {KNOWN_MISSES.name})")
    if "--draft-misses" in argv:
        for v, words in unlisted:
            print(f"\n[[miss]]\nid = {json.dumps(v.id)}\nreason = "
                  + json.dumps(f"bug: TODO ({v.what}); the referee said: {words}",
                               ensure_ascii=False))
        for vid in now_caught:
            print(f"# now caught, remove from {KNOWN_MISSES.name}: {vid}")


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
