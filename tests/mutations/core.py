"""The mutation tests' machinery: variants, scenarios as data, the position followed
through a scenario's actions, each game's map graph, and running a variant through the
scenario kit's path."""

from __future__ import annotations

import dataclasses
import itertools
import json
import tomllib
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from adjudicator.findings import Severity
from adjudicator.report import Report
from tests.adjudicator.systems.scenariokit import check_scenario

REPO = Path(__file__).resolve().parents[2]
WW = REPO / "fixtures" / "washingtons-war"
WFA = REPO / "fixtures" / "war-for-america"
AR = REPO / "fixtures" / "american-revolution"
AAM = REPO / "fixtures" / "almost-a-miracle"
GAMES = ("ww", "wfa", "ar", "aam")
"""The games whose legal scenarios are mutated."""
FIXTURES = {"ww": WW, "wfa": WFA, "ar": AR, "aam": AAM}
KNOWN_MISSES = Path(__file__).resolve().parent / "misses.toml"

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
    folder = FIXTURES[game] / "scenarios"
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


DENOMINATIONS = (5, 3, 2, 1)

def change(total: int, prefix: str) -> list[str]:
    """Counters making `total` CUs or SP (both games' counters are worth 5, 3, 2 and 1),
    largest first."""
    out = []
    for value in DENOMINATIONS:
        while total >= value:
            out.append(f"{prefix} {value}")
            total -= value
    return out


def phase_before(actions: Sequence[Action], i: int) -> tuple[int, str] | None:
    """The last Phase marker setting before action `i`: its index and value."""
    for j in range(i - 1, -1, -1):
        a = actions[j]
        if a["do"] == "set" and a["property"] == "Phase":
            return j, a["value"]
    return None


# --------------------------------------------------------------------------- running

def adjudicate_raw(game: str, raw: Raw, tmp: Path, name: str) -> Report:
    """The report on a scenario given as its (absolute-path) fields: written as a TOML
    file under `tmp` and checked by the scenario kit (`build_scenario_log`, then
    `adjudicate`), with each game's data files as its scenario tests pass them."""
    scenario = tmp / f"{name}.toml"
    scenario.write_text(to_toml(raw), encoding="utf-8")
    if game == "ww":
        return check_scenario(scenario, tmp, game="ww",
                              data_files=[Path(d) for d in raw.get("data", [])])
    fixture = FIXTURES[game]
    return check_scenario(scenario, tmp, game=game, data_files=[fixture / "data" / "fixture.toml"],
                          binding_file=fixture / "binding.toml")


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
