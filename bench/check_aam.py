"""Benchmark: `adjudicator check` on long Almost a Miracle! logs, against replay alone.

    .venv/bin/python bench/check_aam.py                 # 1,000, 10,000 and 100,000 steps
    .venv/bin/python bench/check_aam.py --quick         # 1,000 and 10,000 steps only
    .venv/bin/python bench/check_aam.py --steps 1000,50000 --repeat 1 --timeout 120

The Almost a Miracle! ("aam") twin of bench/check.py, whose measuring and reporting it
imports: it shows whether the AaM referee's cost per step stays flat on long logs.

Generates, into a temporary folder, legal Almost a Miracle! logs of each size on the
fixture module (`fixtures/almost-a-miracle/`). The position is MADE UP, as the fixture's
map is: Clinton with British Regulars 10 SP in Y13 New York City and Washington with
Continental Regulars 10 SP in P20 Philadelphia (no Base of Operations, no baggage train,
no militia; Clinton rather than Howe, whom the fixture's schedule withdraws in November
1776), written by `adjudicator.scenario.build_scenario_log`. Then month after month from
June 1776, the Phase property set to each phase in turn as the fixture's games set it
(AaM 3.0): Siege Resolution; Attrition (a 1d6 for militia attrition; in December the
Expired Enlistment 1d6 too); Reinforcement (the Political Events 2d6, always 6 to 8: no
event); Logistics and Engineering; Endeavors (AaM 8.0): the British first, Clinton's
activation 1d6 (2, his Audacity; fixture data) and his force one clear Area along a road,
Y13 New York City <-> Y20, Clinton then flipped to his Moved side; Washington's 1d6 (2 or
3, his Audacity 3) and his force P20 Philadelphia <-> P19 Valley Forge, Washington
flipped; in winter (December to March, AaM 5.4.4) each move followed by its Winter
Attrition 2d6 (10.9; 3+4, no loss); then both pass, British first; Adjustment: both
leaders flipped back (3.0F), then the Year and Month properties set in one step (as one
click of a turn counter: set one at a time, the log would show a month in between, e.g.
December 1779 between December 1778 and January 1779). The campaign's last turn is
November 1779 (AaM 17.0): after October 1779 the log starts again at June 1776 (the
referee judges months past the end, AAM-SCN-03, and nothing judges a month going back).
About every 25 steps the British move is undone and made again. No reinforcement,
withdrawal or event is played, so each cycle of 41 months draws two reminders (each
reported ten times at most): AAM-REINF-14 (July 1777, Brant's automatic Indian Uprising)
and AAM-REINF-02 (June 1778, the schedule's 10 SP withdrawal). The steps after the set-up
are written through `GameBuilder` (bench/check.py's writer). Every size's check is read
for legality: it should have no illegal finding, else a WARNING names the first three
(the generator or the referee needs fixing). Generation time is not measured.

Measured and reported as bench/check.py does (see its docstring): check and replay alone
in fresh processes at each size, the cost of each step added, the flat target and
issue 24's targets (PASS/MISS printed, never asserted; the exit status is 0).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from check import Bench, WWLogWriter, measure, report, scenario_save

from adjudicator.scenario import set_level, set_position
from vmod_schema.buildfile import Module
from vmod_schema.commands import AddPiece, ChangeGlobalProperty, ChangePiece, Chat
from vmod_schema.pieces import Piece, decode_piece
from vmod_schema.savefile import SaveFile

REPO = Path(__file__).resolve().parents[1]
FIXTURE = REPO / "fixtures" / "almost-a-miracle"
MODULE = FIXTURE / "almost-a-miracle-fixture.vmod"
BINDING = FIXTURE / "binding.toml"
DATA = FIXTURE / "data" / "fixture.toml"
UNDO_EVERY = 25
PLAYERS = {"British": "Banastre", "Continental": "Nathanael"}
SIDES = ("British", "Continental")
"""In the order of their endeavors (AaM 8.0: the British always first)."""
FORCES = {
    # side: its leader, his SPs, the two Areas his force shuttles between (a road, 1 Area)
    "British": ("Clinton", "British Regulars 10 SP", ("Y13 New York City", "Y20")),
    "Continental": ("Washington", "Continental Regulars 10 SP",
                    ("P20 Philadelphia", "P19 Valley Forge")),
}
ACTIVATION = {"British": (2,), "Continental": (2, 3)}
"""Activation dice at or under the leader's Audacity (fixture data: Clinton 2, Washington 3;
AaM 8.1.1), none a 1 (a 1 is rolled again for the random event, AaM 8.3)."""
SET_UP = tuple((piece, spaces[0]) for leader, sp, spaces in FORCES.values()
               for piece in (leader, sp))
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December")
WINTER = frozenset({"December", "January", "February", "March"})
"""Winter turns (AaM 5.4.4): an activation is followed by a Winter Attrition roll (10.9)."""
FIRST_TURN = (1776, 6)
LAST_TURN = (1779, 10)
"""The last month played before the log starts again at FIRST_TURN (the campaign's last
turn, November 1779, AaM 17.0, is left out: its Adjustment Phase is replaced, 3.0G)."""
PHASES_BEFORE = ("Siege Resolution", "Attrition", "Reinforcement",
                 "Logistics and Engineering", "Endeavors")
"""The phases A to E, as the Phase property names them (AaM 3.0)."""

# --------------------------------------------------------------------------- the logs


class AaMLogWriter(WWLogWriter):
    """bench/check.py's writer on the Almost a Miracle! set-up, with global properties and
    leaders flipped to their Moved side and back."""

    description = "bench/check_aam.py"

    def __init__(self, setup: SaveFile, module: Module) -> None:
        super().__init__(setup, module, wanted=[piece for piece, _ in SET_UP],
                         players=PLAYERS)
        self.properties: dict[str, str] = {}
        self.shown: dict[str, Piece] = {}
        for command in setup.restore_commands():
            if isinstance(command, AddPiece) and command.id in {
                    mover.piece_id for mover in self.movers.values()}:
                piece = decode_piece(command.type, command.state)
                self.shown[piece.name] = piece

    def chat(self, side: str, text: str) -> None:
        self.game.step(Chat(f"&lt;{self.players[side]}&gt; - {text}"))
        self._before = []

    def set(self, name: str, value: str) -> None:
        """A global property (Year, Month, Phase) set to `value`."""
        self.game.step(ChangeGlobalProperty(name, self.properties.get(name, ""), value,
                                            "Module"))
        self.properties[name] = value
        self._before = []

    def turn(self, year: str, month: str) -> None:
        """The Year and Month properties set in one step (one click of a turn counter)."""
        self.game.step(*(ChangeGlobalProperty(name, self.properties.get(name, ""), value,
                                              "Module")
                         for name, value in (("Year", year), ("Month", month))))
        self.properties.update(Year=year, Month=month)
        self._before = []

    def dice(self, side: str, values: tuple[int, ...]) -> None:
        """A press of the module's 1d6 or 2d6 button."""
        button = f"{len(values)}d6"
        shown = ",".join(map(str, values))
        self.game.step(Chat(f"*** {button} = {shown} *** &lt;{self.players[side]}&gt;"),
                       ChangeGlobalProperty(f"{button}_result",
                                            self.properties.get(button, ""), shown, "Module"))
        self.properties[button] = shown
        self._before = []

    def flip(self, name: str, level: str) -> None:
        """The piece `name` turned to its layer's `level` where it stands."""
        mover = self.movers[name]
        old = self.shown[name]
        map_id, x, y = mover.at
        new = set_level(set_position(old, map_id, x, y), level)
        self.game.step(ChangePiece(mover.piece_id, new.encode_state(),
                                   set_position(old, map_id, x, y).encode_state()))
        self.shown[name] = new
        self._before = []


@dataclass(frozen=True)
class _Act:
    """One step to write: `kind` is set (property `name` to `value`), turn (Year `name`
    and Month `value` in one step), roll (`dice`), move
    (the side's force), flip (the side's leader to `value`), undo, or pass."""

    kind: str
    side: str
    name: str = ""
    value: str = ""
    dice: tuple[int, ...] = ()


class _Game:
    """Where the generated game is: its month, and how many months were played."""

    def __init__(self) -> None:
        self.year, self.month = FIRST_TURN
        self.months = 0

    def month_acts(self, undo: bool) -> list[_Act]:
        """One month's steps (AaM 3.0 A to F), the turn's markers moved on at its end."""
        name = MONTHS[self.month - 1]
        n = self.months
        acts = [_Act("set", "British", "Phase", PHASES_BEFORE[0])]
        if self.months == 0:
            acts.insert(0, _Act("turn", "British", str(self.year), name))
        acts += [_Act("set", "British", "Phase", "Attrition"),
                 _Act("roll", "Continental", dice=(1 + n % 6,))]  # militia attrition
        if name == "December":
            acts.append(_Act("roll", "Continental", dice=(1 + (n + 3) % 6,)))  # enlistment
        acts += [_Act("set", "British", "Phase", "Reinforcement"),
                 _Act("roll", "British" if n % 2 else "Continental",
                      dice=(2 + n % 3, 4)),  # Political Events: 6 to 8, no event
                 _Act("set", "British", "Phase", "Logistics and Engineering"),
                 _Act("set", "British", "Phase", "Endeavors")]
        for i, side in enumerate(SIDES):
            leader = FORCES[side][0]
            choices = ACTIVATION[side]
            acts += [_Act("roll", side, dice=(choices[(n + i) % len(choices)],)),
                     _Act("move", side)]
            if undo and i == 0:
                acts += [_Act("undo", side), _Act("move", side)]
            if name in WINTER:
                acts.append(_Act("roll", side, dice=(3, 4)))  # Winter Attrition, no loss
            acts.append(_Act("flip", side, leader, f"{leader} (Moved)"))
        acts += [_Act("pass", side) for side in SIDES]
        acts.append(_Act("set", "British", "Phase", "Adjustment"))
        acts += [_Act("flip", side, FORCES[side][0], FORCES[side][0]) for side in SIDES]
        self.months += 1
        if (self.year, self.month) == LAST_TURN:
            self.year, self.month = FIRST_TURN
        elif self.month == 12:
            self.year, self.month = self.year + 1, 1
        else:
            self.month += 1
        acts.append(_Act("turn", "British", str(self.year), MONTHS[self.month - 1]))
        return acts


def write_setup(folder: Path) -> Path:
    """The made-up position as a save."""
    return scenario_save(folder, "bench/check_aam.py: a made-up position", MODULE, PLAYERS,
                         setup=SET_UP)


def generate_log(path: Path, steps: int, setup: SaveFile, module: Module) -> Path:
    """Write a legal log of exactly `steps` steps (see the module docstring)."""
    writer = AaMLogWriter(setup, module)
    game = writer.game
    play = _Game()
    away = dict.fromkeys(SIDES, False)  # the force is at its second Area, going back
    since_undo = 0
    acts: list[_Act] = []
    while len(game.steps) < steps:
        if not acts:
            acts = play.month_acts(undo=since_undo >= UNDO_EVERY)
            acts.reverse()
        act = acts.pop()
        since_undo += 1
        if act.kind == "set":
            writer.set(act.name, act.value)
        elif act.kind == "turn":
            writer.turn(act.name, act.value)
        elif act.kind == "roll":
            writer.dice(act.side, act.dice)
        elif act.kind == "pass":
            writer.chat(act.side, "pass")
        elif act.kind == "flip":
            writer.flip(act.name, act.value)
        elif act.kind == "move":
            leader, sp, (home, there) = FORCES[act.side]
            origin, destination = (there, home) if away[act.side] else (home, there)
            writer.move(act.side, [leader, sp], writer.place(destination),
                        f"* {writer.shown[leader].name}, {sp} moves {origin} -> "
                        f"{destination} *")
            away[act.side] = not away[act.side]
        else:
            writer.undo()
            away[act.side] = not away[act.side]
            since_undo = 0
    return writer.write(path)


# --------------------------------------------------------------------------- measuring


AAM = Bench("aam", MODULE, BINDING, DATA, write_setup, generate_log, "bench/check_aam.py",
            every_size_legal=True)


def main(argv: list[str] | None = None) -> int:
    """Generate the logs, run the jobs, print the report."""
    sizes, start, repeat = measure(AAM, argv)
    report(sizes, start, repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
