"""PBEM series across the audited files: grouping, playing order, breaks, forks, roster
changes and the time between files, from each file's `reading` and, to name the pieces
that differ at a break, the positions each file started and ended with (`SeriesEnds`,
sent back by the worker that checked it: no file is read or replayed again; a file whose
positions were not sent back, such as a report from the cache, is re-read).

Rules:

- **Grouping.** The files of one folder with the same module (the module named in their
  metadata) form one candidate series; a group of one file is no series. Unreadable files
  have no reading and take no part.
- **Copies.** Files with the same content (SHA-256) are one file of the series: the first
  in order stands for them and lists the others as `copies`. A copy is never a fork.
- **Continuation.** File B continues A when B's starting position is A's final position
  (`FileReading.start_position == end_position`, fingerprints that ignore piece ids). When
  several files end where B starts, B continues the latest of them saved before it (a file
  that changes nothing ends where it starts, so a chain through it stays one chain); a link
  that would make a cycle is not made.
- **Order.** Chains are walked from their first file, a file's continuations in order of
  saving time, then name; chains follow one another in the same order of their first files.
- **Break.** A chain that is not the first starts a break: it does not start where the file
  before it in order ended. The pieces that differ come from comparing the positions
  (`compare_positions`), as the other player sees them (`conceal_differences`).
- **Fork.** Two or more different files continuing the same file: a turn replayed and sent
  again, or a game taken two ways.
- **Dice.** The rolls of the series' distinct files, in playing order, pooled per player,
  label and number of dice (`adjudicator.audit.dice`), corrected for the tests of the series.
- **Roster changes.** Players in a file's roster that the file it follows lacked (joined),
  and the reverse (left), when both rosters are known.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path, PurePath
from typing import TYPE_CHECKING

from adjudicator.audit.dice import DiceEntry, dice_entries, with_verdicts
from adjudicator.audit.digest import SeriesEnds
from adjudicator.audit.summary_models import (
    RerollTaken,
    RosterChange,
    SeriesBreak,
    SeriesFile,
    SeriesFork,
    SeriesSummary,
)
from adjudicator.errors import AdjudicatorError
from adjudicator.reading.models import FileReading
from adjudicator.replay.series import (
    Difference,
    SeriesLog,
    SeriesReport,
    SeriesRoll,
    Snapshot,
    compare_positions,
)
from vmod_schema.errors import VassalFormatError
from vmod_schema.files import printable_path

if TYPE_CHECKING:
    from adjudicator.replay.chatdice import ChatDicePattern
    from vmod_schema.buildfile import Module

READ_ERRORS = (OSError, MemoryError, VassalFormatError, AdjudicatorError)
"""What reading a file for its positions may raise (its text goes in the break's note)."""
NO_CONTINUATION_NOTE = ("no file starts where another ended: these may be separate games "
                        "rather than one series (give each game its own folder)")


@dataclass(frozen=True, slots=True)
class SeriesMember:
    """A file with its reading, and the module to re-read it with at a break."""

    path: Path
    sha256: str
    reading: FileReading
    module: Path | None = None
    label: str = ""
    """How reports name the file (default: its path as given; `audit` names files relative
    to the folders audited unless `--full-paths`)."""
    ends: SeriesEnds | None = None
    """Where its position started and ended, when the worker that checked it sent them
    (else the file is re-read at a break)."""

    @property
    def name(self) -> str:
        """The file as reports name it."""
        return self.label or printable_path(self.path)


Rereader = Callable[[SeriesMember, SeriesMember], tuple[list[Difference], str | None]]
"""Given the files on either side of a break, the pieces that differ (and a note when they
could not be found)."""


def series_summaries(members: Iterable[SeriesMember], *,
                     differences: Rereader | None = None) -> list[SeriesSummary]:
    """Group the files into candidate series and describe each (module docstring).

    `differences` names the pieces at a break (default: `break_differences`, from the
    positions sent back, else by re-reading); series come sorted by folder and module name.
    """
    find = differences if differences is not None else break_differences
    groups: dict[tuple[str, str], list[SeriesMember]] = {}
    for member in members:
        key = (str(PurePath(member.name).parent), member.reading.module_name or "")
        groups.setdefault(key, []).append(member)
    summaries = []
    for (folder, module_name), group in sorted(groups.items()):
        if len({member.sha256 for member in group}) < 2:
            continue
        summaries.append(_summary(folder, module_name or None, group, find))
    return summaries


def _time_key(member: SeriesMember) -> tuple[bool, datetime, str, str]:
    saved = member.reading.saved_at
    return saved is None, saved or datetime.min, member.path.name, str(member.path)


def _summary(folder: str, module_name: str | None, group: Sequence[SeriesMember],
             find: Rereader) -> SeriesSummary:
    ordered = sorted(group, key=_time_key)
    files, copies = _distinct(ordered)
    parent = _link(files)
    playing = _playing_order(files, parent)
    entries: list[SeriesFile] = []
    breaks: list[SeriesBreak] = []
    changes: list[RosterChange] = []
    for position, index in enumerate(playing):
        member = files[index]
        linked = parent.get(index)
        previous = (files[linked] if linked is not None
                    else files[playing[position - 1]] if position else None)
        joined, left = _roster_change(previous, member)
        if previous is not None and linked is None:
            found, note = find(previous, member)
            breaks.append(SeriesBreak(after=previous.name,
                                      before=member.name,
                                      differences=found, note=note))
        if previous is not None and (joined or left):
            changes.append(RosterChange(after=previous.name,
                                        before=member.name,
                                        joined=joined, left=left))
        entries.append(SeriesFile(
            path=member.name, sha256=member.sha256,
            saved_at=member.reading.saved_at,
            previous=previous.name if previous is not None else None,
            continues=linked is not None, gap_seconds=_gap(previous, member),
            saved_before_previous=_saved_before(previous, member),
            joined=joined, left=left, copies=copies[index]))
    children: dict[int, list[int]] = {}
    for child in playing:
        if (linked := parent.get(child)) is not None:
            children.setdefault(linked, []).append(child)
    forks = [SeriesFork(parent=files[p].name,
                        children=[files[c].name for c in kids])
             for p, kids in children.items() if len(kids) > 1]
    return SeriesSummary(folder=folder, module_name=module_name, files=entries,
                         continued=len(parent), breaks=breaks, forks=forks,
                         roster_changes=changes,
                         note=NO_CONTINUATION_NOTE if not parent else None,
                         dice=with_verdicts(dice_entries(
                             roll for index in playing for roll in files[index].reading.rolls)))


def _distinct(ordered: Sequence[SeriesMember]) -> tuple[list[SeriesMember], list[list[str]]]:
    """The files with distinct contents, and for each the paths of its identical copies."""
    files: list[SeriesMember] = []
    copies: list[list[str]] = []
    first: dict[str, int] = {}
    for member in ordered:
        if member.sha256 in first:
            copies[first[member.sha256]].append(member.name)
            continue
        first[member.sha256] = len(files)
        files.append(member)
        copies.append([])
    return files, copies


def _link(files: Sequence[SeriesMember]) -> dict[int, int]:
    """Each file's predecessor (by index), where it has one: the latest file in time order
    before it whose end is its start, else the first after it; never a cycle."""
    ends: dict[str, list[int]] = {}
    for index, member in enumerate(files):
        if member.reading.end_position:
            ends.setdefault(member.reading.end_position, []).append(index)
    parent: dict[int, int] = {}

    def makes_cycle(child: int, candidate: int) -> bool:
        current: int | None = candidate
        while current is not None:
            if current == child:
                return True
            current = parent.get(current)
        return False

    for index, member in enumerate(files):
        candidates = [c for c in ends.get(member.reading.start_position, ()) if c != index]
        earlier = [c for c in candidates if c < index]
        later = [c for c in candidates if c > index]
        for candidate in [*reversed(earlier), *later]:
            if not makes_cycle(index, candidate):
                parent[index] = candidate
                break
    return parent


def _playing_order(files: Sequence[SeriesMember], parent: dict[int, int]) -> list[int]:
    """Depth first from each chain's first file, continuations in time order."""
    children: dict[int, list[int]] = {}
    for child, linked in sorted(parent.items()):
        children.setdefault(linked, []).append(child)
    order: list[int] = []
    for root in (i for i in range(len(files)) if i not in parent):
        stack = [root]
        while stack:
            current = stack.pop()
            order.append(current)
            stack.extend(reversed(children.get(current, [])))
    return order


def _roster(member: SeriesMember) -> list[str]:
    return [player.name for player in member.reading.players]


def _roster_change(previous: SeriesMember | None,
                   member: SeriesMember) -> tuple[list[str], list[str]]:
    if previous is None:
        return [], []
    before, after = _roster(previous), _roster(member)
    if not before or not after:
        return [], []
    return ([name for name in after if name not in before],
            [name for name in before if name not in after])


def _seconds_after(previous: SeriesMember | None, member: SeriesMember) -> float | None:
    """Seconds from `previous`'s save to `member`'s, by their metadata (None: unknown)."""
    if previous is None:
        return None
    earlier, later = previous.reading.saved_at, member.reading.saved_at
    if earlier is None or later is None:
        return None
    return (later - earlier).total_seconds()


def _gap(previous: SeriesMember | None, member: SeriesMember) -> float | None:
    """The time between two files; None when unknown, or when the later file says it was
    saved first (a clock set wrong, or a file edited: `_saved_before`), never negative."""
    seconds = _seconds_after(previous, member)
    return seconds if seconds is not None and seconds >= 0 else None


def _saved_before(previous: SeriesMember | None, member: SeriesMember) -> bool:
    """Whether a file says it was saved before the one it follows."""
    seconds = _seconds_after(previous, member)
    return seconds is not None and seconds < 0


def break_differences(earlier: SeriesMember,
                      later: SeriesMember) -> tuple[list[Difference], str | None]:
    """The pieces where `later` starts differently from where `earlier` ended: from the
    positions both files' workers sent back (`SeriesMember.ends`), else by re-reading
    both (`reread_differences`)."""
    if earlier.ends is None or later.ends is None:
        return reread_differences(earlier, later)
    for member, ends in ((earlier, earlier.ends), (later, later.ends)):
        if ends.failure is not None:
            return [], _unread(member, ends.failure)
    return position_differences(earlier.ends.end_snapshot(), later.ends.start_snapshot())


def reread_differences(earlier: SeriesMember,
                       later: SeriesMember) -> tuple[list[Difference], str | None]:
    """The pieces where `later` starts differently from where `earlier` ended, by replaying
    both files again (with each one's module, to name locations)."""
    logs: list[SeriesLog] = []
    for member in (earlier, later):
        try:
            logs.append(read_ends(member.path, member.module))
        except READ_ERRORS as error:
            return [], _unread(member, str(error))
    return position_differences(logs[0].end, logs[1].start)


def read_ends(path: Path, module_path: Path | None) -> SeriesLog:
    """Replay a file (with its module, to name locations) for its starting and final
    positions.

    Raises:
        OSError, MemoryError, VassalFormatError, AdjudicatorError: it cannot be read.
    """
    from adjudicator.replay.series import read_series_log
    from vmod_schema.buildfile import open_module_once

    module = open_module_once(module_path) if module_path is not None else None
    return read_series_log(path, module)


def _unread(member: SeriesMember, error: str) -> str:
    return f"{member.name} could not be re-read to list the differences: {error}"


def position_differences(end: Snapshot,
                         start: Snapshot) -> tuple[list[Difference], str | None]:
    """The pieces where `start` differs from `end`, as the other player sees them, and a
    note (differences only in ids or stacking, or pieces counted but not named)."""
    from adjudicator.replay.series import conceal_differences
    from adjudicator.replay.visibility import counted_text

    differences = compare_positions(end, start)
    if not differences:
        return [], ("the positions differ only in pieces' ids or stacking (same pieces at "
                    "the same places)")
    # Hidden information stays hidden (`adjudicator.replay.visibility`): pieces in a hand,
    # a face-down deck or invisible are counted, masked ones shown by their mask name.
    shown, counted = conceal_differences(differences, end, start)
    if counted:
        return shown, f"{counted_text(counted)} also differ, not named: hidden information"
    return shown, None


def series_dice(logs: Sequence[SeriesLog], sha256s: Sequence[str] | None = None
                ) -> list[DiceEntry]:
    """Whole-game dice statistics of replayed logs (`adjudicator series`): their rolls in
    playing order (`order_logs`), an identical copy (same entry of `sha256s`) counted once,
    pooled per player, label and number of dice, corrected for the tests among them."""
    return _dice_of(_played_once(logs, sha256s))


def _dice_of(once: Sequence[SeriesLog]) -> list[DiceEntry]:
    rolls: list[SeriesRoll] = []
    for log in once:
        rolls += log.rolls
    return with_verdicts(dice_entries(rolls))


def _played_once(logs: Sequence[SeriesLog], sha256s: Sequence[str] | None
                 ) -> list[SeriesLog]:
    """The logs in playing order (`order_logs`), an identical copy (same entry of
    `sha256s`) left out."""
    from adjudicator.replay.series import order_logs

    key = {id(log): sha256s[index] if sha256s is not None else f"#{index}"
           for index, log in enumerate(logs)}
    seen: set[str] = set()
    once: list[SeriesLog] = []
    for log in order_logs(logs):
        if key[id(log)] not in seen:
            seen.add(key[id(log)])
            once.append(log)
    return once


class SeriesReroll(RerollTaken):
    """A re-roll in a file of a series (`adjudicator series`): who rolled, and the step of
    the undo that took the first roll back."""

    player: str | None
    undo: int


def series_rerolls(logs: Sequence[SeriesLog], sha256s: Sequence[str] | None = None
                   ) -> list[SeriesReroll]:
    """Every re-roll in the series' files, in playing order (`order_logs`), an identical
    copy (same entry of `sha256s`) counted once."""
    return _rerolls_of(_played_once(logs, sha256s))


def _rerolls_of(once: Sequence[SeriesLog]) -> list[SeriesReroll]:
    found: list[SeriesReroll] = []
    for log in once:
        found += [SeriesReroll(file=printable_path(log.path), label=r.button,
                               player=r.player, first=r.first, undo=r.undo, again=r.again,
                               before=list(r.before.values), after=list(r.after.values))
                  for r in log.rerolls]
    return found


def forks_among(logs: Sequence[SeriesLog], sha256s: Sequence[str] | None = None
                ) -> list[SeriesFork]:
    """Forks among replayed logs (`adjudicator series`): each log that two or more
    different logs continue (start exactly where it ended), with those logs by name.

    `sha256s` (one per log) makes identical copies one log: a copy is never a fork.
    """
    distinct: list[SeriesLog] = []
    seen: set[str] = set()
    for index, log in enumerate(logs):
        key = sha256s[index] if sha256s is not None else f"#{index}"
        if key not in seen:
            seen.add(key)
            distinct.append(log)
    forks = []
    for earlier in distinct:
        children = sorted((later for later in distinct if later is not earlier
                           and not compare_positions(earlier.end, later.start)),
                          key=lambda log: log.path.name)
        if len(children) > 1:
            forks.append(SeriesFork(parent=printable_path(earlier.path),
                                    children=[printable_path(c.path) for c in children]))
    return forks


@dataclass(frozen=True, slots=True)
class SeriesFindings:
    """What `adjudicator series` finds in a game's logs: their order and breaks, forks,
    re-rolls and whole-game dice."""

    report: SeriesReport
    forks: list[SeriesFork]
    rerolls: list[SeriesReroll]
    dice: list[DiceEntry]

    def json(self) -> dict[str, object]:
        """The findings as one JSON object (`series --json`)."""
        return {**self.report.model_dump(mode="json", by_alias=True),
                "forks": [fork.model_dump(mode="json") for fork in self.forks],
                "rerolls": [reroll.model_dump(mode="json") for reroll in self.rerolls],
                "dice": [entry.model_dump(mode="json") for entry in self.dice]}

    def lines(self) -> list[str]:
        """The findings as the terminal shows them."""
        from adjudicator.audit.render import series_dice_lines
        from adjudicator.report.text import series_text

        lines = series_text(self.report, forked=bool(self.forks)).splitlines()
        lines += [f"fork: {len(fork.children)} logs continue {fork.parent}: "
                  + ", ".join(fork.children) for fork in self.forks]
        lines += [f"re-roll: {r.file}: {r.player or '(not recorded)'}'s {r.label} rolled "
                  f"{','.join(map(str, r.before))} at step {r.first}, undone at step "
                  f"{r.undo}, rolled again {','.join(map(str, r.after))} at step {r.again}"
                  for r in self.rerolls]
        return lines + series_dice_lines(self.dice)


def find_in_series(paths: Iterable[Path], module: Module | None = None, *,
                   chat_patterns: Sequence[ChatDicePattern] = (),
                   reveal: bool = False) -> SeriesFindings:
    """Read a game's logs (files, or folders holding them), each within the per-file
    ceilings, and find their order, breaks, forks, re-rolls and whole-game dice.

    Raises:
        AdjudicatorError: no file, or a file that cannot be read (naming it).
    """
    from adjudicator.ceilings import one_file
    from adjudicator.check import file_sha256
    from adjudicator.replay.series import check_series, read_series_log, series_files

    files = series_files(paths)
    logs = []
    for path in files:
        with one_file(path):
            logs.append(read_series_log(path, module, chat_patterns=chat_patterns))
    sha256s = [file_sha256(path) for path in files]
    once = _played_once(logs, sha256s)
    return SeriesFindings(check_series(logs, reveal=reveal), forks_among(logs, sha256s),
                          _rerolls_of(once), _dice_of(once))
