"""Benchmark: `adjudicator check` on long War for America logs, against replay alone.

    .venv/bin/python bench/check_wfa.py                 # 1,000, 10,000 and 100,000 steps
    .venv/bin/python bench/check_wfa.py --quick         # 1,000 and 10,000 steps only
    .venv/bin/python bench/check_wfa.py --steps 1000,50000 --repeat 1 --timeout 120

The War for America ("wfa") twin of bench/check.py, whose measuring and reporting it
imports: it shows whether the WfA referee's cost per step stays flat on long logs.

Generates, into a temporary folder, legal War for America logs of each size on the fixture
module (`fixtures/war-for-america/`): a set-up in 1777, Early Summer (PW 8/9, both AP
markers on 4, the Action Round marker on the last turn's Round 4, a British SP 3 at Albany
and a Continental SP 3 at Philadelphia; written by `adjudicator.scenario.build_scenario_log`),
then turn after turn of Action Rounds (WfA 7.0, 9.1): the Action Round marker moves, both
players roll a D6 for initiative (never a tie; the winner alternates), and each side takes
its AP, the winner first: its AP marker moves down one box, it rolls a D6 for the
leaderless force's MP (3 to 6: D6 - 2 >= 1, WfA 12.2) and moves its SP one clear space
(1 MP), the British Albany <-> Saratoga, the Continentals Philadelphia <-> Wilmington, DE
(no enemy there or next to it). After the turn's rounds (four; two in Winter, WfA 9.8) a
chat line announces the Administration Phase, the Year marker (while the fixture's track
has a box for the year: it ends at 1782; later years follow the calendar) and the Season
marker advance, both PW markers move one box left in the Early Spring of 1780-1782 (War
Weariness, WfA 19.12), and both AP markers are moved back up (a reset). Every third or
fourth round a move is undone and made again. The steps after the set-up are written
through `GameBuilder` (bench/check.py's writer). Every size's check is read for legality:
it should have no illegal finding, else a WARNING names the first three (the generator or
the referee needs fixing). Generation time is not measured.

Measured and reported as bench/check.py does (see its docstring): check and replay alone
in fresh processes at each size, the cost of each step added, the flat target and
issue 24's targets (PASS/MISS printed, never asserted; the exit status is 0).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from check import Bench, WWLogWriter, measure, report, scenario_save

from vmod_schema.buildfile import Module
from vmod_schema.commands import Chat
from vmod_schema.savefile import SaveFile

REPO = Path(__file__).resolve().parents[1]
FIXTURE = REPO / "fixtures" / "war-for-america"
MODULE = FIXTURE / "war-for-america-fixture.vmod"
BINDING = FIXTURE / "binding.toml"
DATA = FIXTURE / "data" / "fixture.toml"
UNDO_EVERY = 25
PLAYERS = {"British": "Banastre", "Colonial": "Abigail"}
SIDES = ("British", "Colonial")
FORCES = {
    # side: its force, and the two adjacent spaces (clear, 1 MP) it shuttles between
    "British": ("British SP 3", ("Albany", "Saratoga")),
    "Colonial": ("Continental SP 3", ("Philadelphia", "Wilmington, DE")),
}
AP_MARKERS = {"British": "British AP", "Colonial": "Colonial AP"}
PW_MARKERS = {"British": "British PW", "Colonial": "Colonial PW"}
START_PW = {"British": 8, "Colonial": 9}
WEARY_YEARS = (1780, 1781, 1782)
"""War Weariness: both PW markers one box left in these years' Early Spring (WfA 19.12)."""
SEASONS = ("Early Spring", "Late Spring", "Early Summer", "Late Summer", "Fall", "Winter")
"""The fixture's Seasonal Turn Record Track (`charts.seasons` of the data)."""
WINTER = "Winter"
ROUNDS, WINTER_ROUNDS = 4, 2
"""Action Rounds a turn (WfA 9.1, 9.7); in Winter Turns (9.8)."""
FIRST_YEAR, FIRST_SEASON = 1777, "Early Summer"
LAST_YEAR_BOX = 1782
"""The fixture's Year track ends here; later years are read off the Season marker."""
SET_UP = (
    *((PW_MARKERS[side], f"PW {pw}") for side, pw in START_PW.items()),
    ("Year", f"Turn {FIRST_YEAR}"),
    ("Season", FIRST_SEASON),
    ("Action Round", f"Round {ROUNDS}"),  # the previous turn's last round
    ("British AP", f"AP {ROUNDS}"),
    ("Colonial AP", f"AP {ROUNDS}"),
    *((force, spaces[0]) for force, spaces in FORCES.values()),
)

# --------------------------------------------------------------------------- the logs


class WfALogWriter(WWLogWriter):
    """bench/check.py's writer on the War for America set-up."""

    description = "bench/check_wfa.py"

    def __init__(self, setup: SaveFile, module: Module) -> None:
        super().__init__(setup, module, wanted=[piece for piece, _ in SET_UP],
                         players=PLAYERS)

    def chat(self, side: str, text: str) -> None:
        self.game.step(Chat(f"&lt;{self.players[side]}&gt; - {text}"))
        self._before = []


@dataclass(frozen=True)
class _Act:
    """One step to write: `kind` is marker (move `name` to `box`), roll (`value`), move
    (the side's force), undo, or admin (the Administration chat line)."""

    kind: str
    side: str
    name: str = ""
    box: str = ""
    value: int = 0


@dataclass
class _Game:
    """Where the generated game is: its turn and round, the AP markers' boxes."""

    year: int = FIRST_YEAR
    season: str = FIRST_SEASON
    round: int = 1
    rounds: int = 0
    """Action Rounds played in all."""

    def __post_init__(self) -> None:
        self.ap = dict.fromkeys(SIDES, ROUNDS)
        self.pw = dict(START_PW)

    def rounds_due(self) -> int:
        return WINTER_ROUNDS if self.season == WINTER else ROUNDS

    def next_acts(self, undo: bool) -> list[_Act]:
        """The next Action Round's steps, or the turn's end once its rounds are played."""
        if self.round > self.rounds_due():
            return self._end_of_turn()
        n = self.rounds
        first, second = SIDES[n % 2], SIDES[1 - n % 2]  # the initiative winner alternates
        acts = [_Act("marker", "British", "Action Round", f"Round {self.round}")]
        rolls = {first: 2 + n % 5, second: 1 + n % 5 // 2}  # 2..6 over 1..3: never a tie
        acts += [_Act("roll", side, value=rolls[side]) for side in SIDES]
        for i, side in enumerate((first, second)):
            self.ap[side] -= 1
            acts += [_Act("marker", side, AP_MARKERS[side], f"AP {self.ap[side]}"),
                     _Act("roll", side, value=3 + (n + i) % 4),  # D6 - 2 >= 1 MP
                     _Act("move", side)]
            if undo and i == 0:
                acts += [_Act("undo", side), _Act("move", side)]
        self.round += 1
        self.rounds += 1
        return acts

    def _end_of_turn(self) -> list[_Act]:
        """Administration, the Year/Season markers, the AP markers reset (WfA 7.0)."""
        acts = [_Act("admin", "British")]
        index = SEASONS.index(self.season) + 1
        if index == len(SEASONS):
            self.year += 1
            if self.year <= LAST_YEAR_BOX:
                acts.append(_Act("marker", "British", "Year", f"Turn {self.year}"))
        self.season = SEASONS[index % len(SEASONS)]
        acts.append(_Act("marker", "British", "Season", self.season))
        if self.season == SEASONS[0] and self.year in WEARY_YEARS:
            for side in SIDES:  # War Weariness (WfA 19.12)
                self.pw[side] -= 1
                acts.append(_Act("marker", side, PW_MARKERS[side], f"PW {self.pw[side]}"))
        for side in SIDES:
            self.ap[side] = self.rounds_due()
            acts.append(_Act("marker", side, AP_MARKERS[side], f"AP {self.ap[side]}"))
        self.round = 1
        return acts


def write_setup(folder: Path) -> Path:
    """The 1777 set-up as a save."""
    return scenario_save(folder, "bench/check_wfa.py: a made-up 1777 set-up", MODULE, PLAYERS,
                         setup=SET_UP)


def generate_log(path: Path, steps: int, setup: SaveFile, module: Module) -> Path:
    """Write a legal log of exactly `steps` steps (see the module docstring)."""
    writer = WfALogWriter(setup, module)
    game = writer.game
    play = _Game()
    away = dict.fromkeys(SIDES, False)  # the force is at its second space, going back
    since_undo = 0
    acts: list[_Act] = []
    while len(game.steps) < steps:
        if not acts:
            acts = play.next_acts(undo=since_undo >= UNDO_EVERY)
            acts.reverse()
        act = acts.pop()
        since_undo += 1
        if act.kind == "marker":
            writer.move(act.side, [act.name], writer.place(act.box), None)
        elif act.kind == "roll":
            writer.roll(act.side, act.value)
        elif act.kind == "admin":
            writer.chat(act.side, "Administration: check for victory - none")
        elif act.kind == "move":
            force, (home, there) = FORCES[act.side]
            origin, destination = (there, home) if away[act.side] else (home, there)
            writer.move(act.side, [force], writer.place(destination),
                        f"* {force} moves {origin} -> {destination} *")
            away[act.side] = not away[act.side]
        else:
            writer.undo()
            away[act.side] = not away[act.side]
            since_undo = 0
    return writer.write(path)


# --------------------------------------------------------------------------- measuring


WFA = Bench("wfa", MODULE, BINDING, DATA, write_setup, generate_log, "bench/check_wfa.py",
            every_size_legal=True)


def main(argv: list[str] | None = None) -> int:
    """Generate the logs, run the jobs, print the report."""
    sizes, start, repeat = measure(WFA, argv)
    report(sizes, start, repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
