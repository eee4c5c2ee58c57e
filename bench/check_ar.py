"""Benchmark: `adjudicator check` on long American Revolution logs, against replay alone.

    .venv/bin/python bench/check_ar.py                  # 1,000, 10,000 and 100,000 steps
    .venv/bin/python bench/check_ar.py --quick          # 1,000 and 10,000 steps only
    .venv/bin/python bench/check_ar.py --steps 1000,50000 --repeat 1 --timeout 120

The American Revolution ("ar", S&T #270) twin of bench/check.py, whose measuring and
reporting it imports (as bench/check_wfa.py does): it shows whether the AR referee's cost
per step stays flat on long logs.

Generates, into a temporary folder, legal American Revolution logs of each size on the
fixture module (`fixtures/american-revolution/`, a small made-up map and data). The game is
made up: a mid-game set-up (so the set-up is not judged, AR 4.0) of the track markers at
their standard places but Revolutionary Progress at Continental Army Professionalizes (so the
American regular no longer checks enlistment, AR 20.2), an American Regular at
Philadelphia and a Tory Militia at Camden (British militia never check, AR 20.3; each town
feeds its one unit, AR 19.2); written by `adjudicator.scenario.build_scenario_log`. Then
year after year of the sequence of play (AR 5.1), each phase shown on the module's Phase
property:

- the Turn property, the year: from 1776 (1775's first-turn rules never apply) on past
  1782, the full game's last turn, following the calendar (as bench/check_wfa.py does; the
  referee does not judge play past the last turn, AR 3.3-3.4);
- Initiative: no markers committed, so both roll 1d6 and the higher wins (AR 8.2; never a
  tie; the winner alternates), and the First Player property shows him;
- Political: the First Player, then the Second, rolls his dice and shows his political
  points (AR 6.2-6.7): the American 3d6 for Revolutionary Progress plus his town
  (Philadelphia 4 or Wilmington (Delaware) 1), the British 2d6 for Britain and 1d6 for the
  Declaration of Independence plus his town (Camden or Charlotte, 1);
- Mobilization and Rabble Rousing: nothing bought, nothing committed;
- the First Campaign Phase: each side, the First Player first, rolls 1d6 for his
  leaderless force's movement allowance (AR 16.3) and moves it one road (1 MP): the
  American Philadelphia <-> Wilmington (Delaware), the British Camden <-> Charlotte (no
  enemy there or next to it); about every 25 steps the first move is undone and made again;
- the Second and Third Campaign Phases (nobody forced-marches), the Supply Phase, in which
  both sides zero their points (AR 6.8, 5.1 VI.C), and the End of Turn Phase.

The steps after the set-up are written through `GameBuilder` (bench/check.py's writer).
Every size's check is read for legality: it should have no illegal finding, else a WARNING
names the first three (the generator or the referee needs fixing). Generation time is not
measured.

Measured and reported as bench/check.py does (see its docstring): check and replay alone
in fresh processes at each size, the cost of each step added, the flat target and
issue 24's targets (PASS/MISS printed, never asserted; the exit status is 0).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path

from check import Bench, WWLogWriter, measure, report, scenario_save

from vmod_schema.buildfile import Module
from vmod_schema.commands import ChangeGlobalProperty, Chat
from vmod_schema.savefile import SaveFile

REPO = Path(__file__).resolve().parents[1]
FIXTURE = REPO / "fixtures" / "american-revolution"
MODULE = FIXTURE / "american-revolution-fixture.vmod"
BINDING = FIXTURE / "binding.toml"
DATA = FIXTURE / "data" / "fixture.toml"
UNDO_EVERY = 25
PLAYERS = {"American": "Abigail", "British": "Banastre"}
SIDES = ("American", "British")
FORCES = {
    # side: its force, and the two adjacent towns (one road, 1 MP) it shuttles between
    "American": ("American Regular", ("Philadelphia", "Wilmington (Delaware)")),
    "British": ("Tory Militia", ("Camden", "Charlotte")),
}
TOWN_VALUES = {"Philadelphia": 4, "Wilmington (Delaware)": 1, "Camden": 1, "Charlotte": 1}
"""The fixture's political values of the four towns (none doubled: their regions' loyalty
is +1, +2 and +1, AR 11.6(2))."""
POINTS = {"American": "American PP", "British": "British PP"}
INCOME_DICE = {"American": (("3d6", 3),), "British": (("2d6", 2), ("1d6", 1))}
"""The dice each side rolls for political points at Continental Army Professionalizes and
Balance of Power 0: the American 3 for Revolutionary Progress (AR 6.7, 10.5); the British 2
for Britain (AR 6.6) and 1 from the Declaration of Independence on (AR 6.7)."""
FIRST_YEAR = 1776
"""The first turn played (1775 has first-turn rules); later years follow the calendar."""
PHASES_BEFORE_CAMPAIGN = ("Mobilization", "Rabble Rousing", "Campaign 1")
PHASES_AFTER_CAMPAIGN = ("Campaign 2", "Campaign 3", "Supply")
SET_UP = (
    ("Revolutionary Progress", "Continental Army Professionalizes"),
    ("Balance of Power", "BoP 0"),
    ("New England Loyalty", "New England Loyalty +3"),
    ("Mid-Atlantic Loyalty", "Mid-Atlantic Loyalty +1"),
    ("Virginia Loyalty", "Virginia Loyalty +2"),
    ("Deep South Loyalty", "Deep South Loyalty +1"),
    ("West Loyalty", "West Loyalty 0"),
    ("Florida Loyalty", "Florida Loyalty -1"),
    ("Canada Loyalty", "Canada Loyalty -2"),
    *((force, towns[0]) for force, towns in FORCES.values()),
)

# --------------------------------------------------------------------------- the logs


class ARLogWriter(WWLogWriter):
    """bench/check.py's writer on the American Revolution set-up, with the module's global
    properties (Turn, Phase, First Player, each side's points) and dice of any button."""

    description = "bench/check_ar.py"

    def __init__(self, setup: SaveFile, module: Module) -> None:
        super().__init__(setup, module, wanted=[force for force, _ in FORCES.values()],
                         players=PLAYERS)
        self.values: dict[str, str] = {}

    def set(self, name: str, value: str) -> None:
        """The module's global property `name` set to `value`."""
        self.game.step(ChangeGlobalProperty(name, self.values.get(name, ""), value, "Module"))
        self.values[name] = value
        self._before = []

    def dice(self, side: str, button: str, values: tuple[int, ...]) -> None:
        """A roll of the module's `button` (1d6, 2d6, 3d6) by `side`."""
        shown = ",".join(str(value) for value in values)
        result = f"{button}_result"
        self.game.step(Chat(f"*** {button} = {shown} *** &lt;{self.players[side]}&gt;"),
                       ChangeGlobalProperty(result, self.values.get(result, ""), shown,
                                            "Module"))
        self.values[result] = shown
        self._before = []


@dataclass(frozen=True)
class _Act:
    """One step to write: `kind` is set (property `name` to `value`), roll (`button`,
    `dice`), move (the side's force; `value` "first" for the phase's first move, the one
    undone now and then) or undo."""

    kind: str
    side: str
    name: str = ""
    value: str = ""
    dice: tuple[int, ...] = ()


def _set(name: str, value: str, side: str = "American") -> _Act:
    return _Act("set", side, name, value)


def _roll(side: str, button: str, dice: tuple[int, ...]) -> _Act:
    return _Act("roll", side, button, dice=dice)


@dataclass
class _Game:
    """Where the generated game is: the turns played, where each force stands."""

    turns: int = 0
    at: dict[str, str] = field(
        default_factory=lambda: {side: towns[0] for side, (_, towns) in FORCES.items()})

    def next_turn(self) -> list[_Act]:
        """One year's steps (AR 5.1)."""
        n = self.turns
        year = FIRST_YEAR + n
        first, second = SIDES[n % 2], SIDES[1 - n % 2]  # the initiative winner alternates
        acts = [_set("Turn", str(year)), _set("Phase", "Initiative")]
        rolls = {first: 4 + n % 3, second: 1 + n % 3}  # 4..6 over 1..3: never a tie
        acts += [_roll(side, "1d6", (rolls[side],)) for side in SIDES]
        acts += [_set("First Player", first), _set("Phase", "Political")]
        for i, side in enumerate((first, second)):
            income = TOWN_VALUES[self.at[side]]
            for j, (button, count) in enumerate(INCOME_DICE[side]):
                dice = tuple(1 + (n + i + j + 2 * k) % 6 for k in range(count))
                acts.append(_roll(side, button, dice))
                income += sum(dice)
            acts.append(_set(POINTS[side], str(income), side))
        acts += [_set("Phase", phase) for phase in PHASES_BEFORE_CAMPAIGN]
        for i, side in enumerate((first, second)):
            acts += [_roll(side, "1d6", (1 + (n + i) % 6,)),
                     _Act("move", side, value="first" if i == 0 else "")]
        acts += [_set("Phase", phase) for phase in PHASES_AFTER_CAMPAIGN]
        acts += [_set(POINTS[side], "0", side) for side in (first, second)]
        acts.append(_set("Phase", "End of Turn"))
        self.turns += 1
        return acts


def write_setup(folder: Path) -> Path:
    """The made-up mid-game set-up as a save."""
    return scenario_save(folder, "bench/check_ar.py: a made-up mid-game set-up", MODULE, PLAYERS,
                         setup=SET_UP)


def generate_log(path: Path, steps: int, setup: SaveFile, module: Module) -> Path:
    """Write a legal log of exactly `steps` steps (see the module docstring)."""
    writer = ARLogWriter(setup, module)
    game = writer.game
    play = _Game()
    since_undo = 0
    acts: list[_Act] = []
    while len(game.steps) < steps:
        if not acts:
            acts = play.next_turn()
            acts.reverse()
        act = acts.pop()
        since_undo += 1
        if act.kind == "set":
            writer.set(act.name, act.value)
        elif act.kind == "roll":
            writer.dice(act.side, act.name, act.dice)
        elif act.kind == "move":
            force, (home, there) = FORCES[act.side]
            origin = play.at[act.side]
            destination = there if origin == home else home
            writer.move(act.side, [force], writer.place(destination),
                        f"* {force} moves {origin} -> {destination} *")
            play.at[act.side] = destination
            if act.value == "first" and since_undo >= UNDO_EVERY:
                acts += [_Act("move", act.side), _Act("undo", act.side)]  # popped undo first
        else:
            writer.undo()
            _, (home, there) = FORCES[act.side]
            play.at[act.side] = there if play.at[act.side] == home else home
            since_undo = 0
    return writer.write(path)


# --------------------------------------------------------------------------- measuring


AR = Bench("ar", MODULE, BINDING, DATA, write_setup, generate_log, "bench/check_ar.py",
           every_size_legal=True)


def main(argv: list[str] | None = None) -> int:
    """Generate the logs, run the jobs, print the report."""
    sizes, start, repeat = measure(AR, argv)
    report(sizes, start, repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
