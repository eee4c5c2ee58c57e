"""The one step reader (`adjudicator.systems.common.steps`) and the replay's drag view."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

from adjudicator.binding import Binding, CalibrationPoint
from adjudicator.replay import Board, Drag, PieceId, Step
from adjudicator.replay.dice import Roll
from adjudicator.systems.common.places import Place, PlaceKind, box, hand, space
from adjudicator.systems.common.steps import (
    Cue,
    DiceQueue,
    Rolled,
    StepReader,
    drag_waypoints,
    hear,
    net_change,
    places_of,
    roster_words,
    spoken,
)
from adjudicator.systems.common.tracker import Placed, Relocation
from vmod_schema.commands import Chat, Compound, MovePiece


@dataclass(frozen=True, slots=True)
class Toy:
    """A made-up game's piece: its kind, its nation and its strength."""

    kind: str
    nation: str = ""
    value: int = 0


REMOVED = box("removed")
CUES = (
    Cue("pass", re.compile(r"^pass\b", re.IGNORECASE)),
    Cue("surrender", re.compile(r"\bsurrenders?\b", re.IGNORECASE), whole_line=True),
    Cue("winter", re.compile(r"^winter\b", re.IGNORECASE)),
)


def side_of(roster: str | None) -> str | None:
    return {"Red Player": "red", "Blue Player": "blue"}.get(roster or "")


def strength(entity: Toy) -> tuple[str, int] | None:
    return (entity.nation, entity.value) if entity.kind == "unit" else None


READER: StepReader[Toy, str] = StepReader(
    side_of=side_of, is_card=lambda toy: toy.kind == "card", strength=strength, cues=CUES,
    off_board=(REMOVED,))


def moved(piece: str, entity: Toy, origin: Place | None, destination: Place | None
          ) -> Relocation[Toy]:
    return Relocation(piece, piece, Placed(entity, origin) if origin is not None else None,
                      Placed(entity, destination) if destination is not None else None)


def drag(piece: str, x: int, y: int) -> MovePiece:
    return MovePiece(piece, "Map", str(x), str(y), "null", "Map", "0", "0", "null")


A, B, C = space("a"), space("b"), space("c")


# ---------------------------------------------------------------------- side, cards


def test_the_acting_side_is_the_games_name_for_the_roster_side() -> None:
    assert READER.read(Step(index=1, side="Blue Player"), []).side == "blue"
    assert READER.read(Step(index=1, side="Observer"), []).side is None


def test_roster_words_give_the_first_side_whose_word_begins_the_name() -> None:
    side_of = roster_words({"red": ("red", "r"), "blue": ("blue", "azure", "re")})
    assert [side_of(name) for name in ("Red Player", "  AZURE ", "rebel", "Blues", "green",
                                       "", None)] == ["red", "blue", "red", "blue", None,
                                                      None, None]


def test_cards_are_told_from_pieces_with_where_they_went() -> None:
    card = moved("c1", Toy("card"), hand("red"), Place(PlaceKind.DISCARD, "discard"))
    unit = moved("u1", Toy("unit", "red", 3), A, B)
    view = READER.read(Step(index=2), [unit, card])
    assert view.cards == [card]
    assert view.pieces == [unit]
    assert (view.cards[0].origin, view.cards[0].destination) == (
        hand("red"), Place(PlaceKind.DISCARD, "discard"))


# ---------------------------------------------------------------------- entered, left, strength


def test_making_change_nets_out_a_5_swapped_for_a_2_and_a_3() -> None:
    view = READER.read(Step(index=3), [
        moved("five", Toy("unit", "red", 5), A, None),
        moved("two", Toy("unit", "red", 2), None, A),
        moved("three", Toy("unit", "red", 3), None, A)])
    assert [r.piece_id for r in view.left] == ["five"]
    assert [r.piece_id for r in view.entered] == ["two", "three"]
    assert view.strength == {(A, "red"): 0}


def test_strength_lost_and_gained_per_place_and_nation() -> None:
    view = READER.read(Step(index=4), [
        moved("five", Toy("unit", "red", 5), A, REMOVED),
        moved("two", Toy("unit", "red", 2), None, A),
        moved("blue", Toy("unit", "blue", 4), None, B),
        moved("walker", Toy("unit", "red", 6), B, C)])
    assert view.strength == {(A, "red"): -3, (B, "blue"): 4}
    assert [r.piece_id for r in view.left] == ["five"], "to a place out of play is left"


def test_strength_leaves_out_unresolved_places_and_unweighed_pieces() -> None:
    view = READER.read(Step(index=5), [
        moved("lost", Toy("unit", "red", 5), Place.unresolved("nowhere"), None),
        moved("marker", Toy("marker"), None, A)])
    assert view.strength == {}
    assert [r.piece_id for r in view.entered] == ["marker"]


def test_a_reader_that_weighs_nothing_gives_no_strength() -> None:
    reader: StepReader[Toy, str] = StepReader(side_of=side_of,
                                              is_card=lambda toy: toy.kind == "card")
    view = reader.read(Step(index=5), [moved("five", Toy("unit", "red", 5), A, None),
                                       moved("two", Toy("unit", "red", 2), None, B)])
    assert view.strength == {}
    assert [r.piece_id for r in view.pieces] == ["five", "two"]
    assert ([r.piece_id for r in view.left], [r.piece_id for r in view.entered]) == (
        ["five"], ["two"])


# ---------------------------------------------------------------------- dice


def test_rolls_keep_button_and_values_and_a_total_alone_is_one_value() -> None:
    step = Step(index=6, side="Red Player", rolls=(
        Roll("1d6", (4,), 4), Roll("2d6", (), 9)))
    assert READER.read(step, []).rolls == (
        Rolled("red", "1d6", (4,)), Rolled("red", "2d6", (9,)))


def test_the_dice_queue_gives_dice_back_by_side_and_button() -> None:
    queue: DiceQueue[str] = DiceQueue().add("red", "1d6", 2).add("blue", "1d6", 5) \
        .add("red", "2d6", 11).add("red", "1d6", 6)
    value, rest = queue.take_last("red", {"1d6"})
    assert value == 6
    assert rest.values() == (2, 5, 11)
    value, rest = rest.take_last("red", {"1d6"})
    assert (value, rest.values()) == (2, (5, 11))
    assert rest.take_last("red", {"1d6"}) == (None, rest)
    assert queue.values("red") == (2, 11, 6)
    assert queue.take_first("blue") == (5, DiceQueue(tuple(
        die for die in queue if die.side == "red")))
    assert queue.take_last()[0] == 6, "no side, no button: any die"
    assert queue.without("red", 11).values() == (2, 5, 6)
    assert queue.without("blue", 11) == queue
    assert queue.after(2).values() == (11, 6)
    assert len(queue) == 4 and not DiceQueue()


def test_the_dice_queue_gives_the_dice_rolled_since_a_step() -> None:
    queue: DiceQueue[str] = DiceQueue().add("red", "1d6", 1, step=3) \
        .add("blue", "1d6", 2, step=5).add("red", "1d6", 3, step=6).add("red", "1d6", 4)
    assert queue.since(4).values() == (2, 3)
    assert queue.since(5).values("red") == (3,)


def test_the_steps_dice_are_every_die_of_its_rolls_in_order() -> None:
    step = Step(index=8, side="Red Player", rolls=(
        Roll("2d6", (3, 5), 8), Roll("1d10", (), 7), Roll("1d6", (2,), 2)))
    assert READER.read(step, []).dice == (3, 5, 7, 2)
    assert READER.read(Step(index=9), []).dice == ()


def test_the_dice_queue_takes_a_steps_rolls_and_leaves_out_a_side() -> None:
    rolls = READER.read(Step(index=8, rolls=(Roll("2d6", (3, 5), 8), Roll("1d6", (), 4))),
                        []).rolls
    queue: DiceQueue[str | None] = DiceQueue().add("red", "1d6", 1, step=2)
    queue = queue.with_rolls(None, rolls, step=8).with_rolls("blue", rolls[1:], step=9)
    assert [(die.side, die.button, die.value, die.step) for die in queue] == [
        ("red", "1d6", 1, 2), (None, "2d6", 3, 8), (None, "2d6", 5, 8),
        (None, "1d6", 4, 8), ("blue", "1d6", 4, 9)]
    assert queue.with_rolls("red", ()) is queue
    assert queue.excluding("red").values() == (3, 5, 4, 4), "a die of no side stays"
    assert queue.since(2).excluding("blue").values() == (3, 5, 4)


# ---------------------------------------------------------------------- chat cues


def test_chat_is_matched_against_the_games_cue_table() -> None:
    step = Step(index=7, chat=("&lt;Ann&gt; - pass", "&lt;Ann&gt; - winter quarters now",
                               "&lt;Bob&gt; - the fort surrenders"))
    view = READER.read(step, [])
    assert [heard.cues for heard in view.heard] == [("pass",), ("winter",), ("surrender",)]
    assert view.said("pass") and view.said("surrender") and not view.said("attrition")
    fresh = READER.read(step, [])
    assert fresh.said("surrender") and fresh.said("winter"), "asked before `heard` is read"
    assert not fresh.said("attrition") and not READER.read(Step(index=7), []).said("pass")


def test_a_cue_on_what_was_typed_ignores_the_players_name() -> None:
    assert spoken("&lt;Pass Master&gt; - hello") == "hello"
    assert hear(["&lt;Pass Master&gt; - hello"], CUES)[0].cues == ()
    surrender = Cue("surrender", re.compile(r"Surrender"))
    assert hear(["<Surrender Sam> - hi"], [surrender])[0].cues == ()
    whole = Cue("surrender", re.compile(r"Surrender"), whole_line=True)
    assert hear(["<Surrender Sam> - hi"], [whole])[0].cues == ("surrender",)


# ---------------------------------------------------------------------- drags, routes, groups


def test_the_replay_gives_each_drag_of_a_step_in_order() -> None:
    step = Step(index=8, commands=(
        Compound([drag("u1", 100, 100), Chat("moving")]),
        drag("u1", 200, 200),
        MovePiece("u2", "null", "0", "0", "null", "Map", "1", "1", "null")))
    piece = PieceId("u1")
    assert step.drags == (Drag(piece, "Map", 100, 100), Drag(piece, "Map", 200, 200))


def calibrated() -> Binding:
    return Binding(game="toy", calibration={
        "space:b": CalibrationPoint(map="Map", x=100, y=100, radius=10),
        "space:c": CalibrationPoint(map="Map", x=200, y=200, radius=10)})


def test_two_drags_give_two_waypoints_and_one_drag_none() -> None:
    step = Step(index=9, commands=(drag("u1", 100, 100), drag("u1", 200, 200),
                                   drag("u2", 200, 200)))
    assert drag_waypoints(step, Board(), calibrated()) == {"u1": (B, C)}


def test_a_route_runs_through_the_waypoints_and_groups_go_together() -> None:
    step = Step(index=10, commands=(drag("u1", 100, 100), drag("u1", 200, 200),
                                    drag("u2", 100, 100), drag("u2", 200, 200)))
    first = moved("u1", Toy("unit", "red", 2), A, C)
    second = moved("u2", Toy("unit", "red", 3), A, C)
    straight = moved("u3", Toy("unit", "red", 1), A, C)
    blue = moved("u4", Toy("unit", "blue", 1), A, C)
    relocations = [first, second, straight, blue]
    view = READER.read(step, relocations, drag_waypoints(step, Board(), calibrated()))
    assert view.route(first, lambda place: place.is_space) == ("a", "b", "c")
    assert view.route(straight, lambda place: place.is_space) == ("a", "c")
    groups = view.groups(relocations, lambda r: r.after.entity.nation if r.after else None,
                         lambda place: place.is_space)
    assert [(g.owner, g.route, [r.piece_id for r in g.members]) for g in groups] == [
        ("red", ("a", "b", "c"), ["u1", "u2"]),
        ("red", ("a", "c"), ["u3"]),
        ("blue", ("a", "c"), ["u4"])]
    assert (groups[0].origin, groups[0].destination) == (A, C)


def test_groups_put_pieces_entering_or_leaving_together() -> None:
    relocations = [moved("u1", Toy("unit", "red", 2), None, A),
                   moved("u2", Toy("unit", "red", 3), None, A),
                   moved("u3", Toy("unit", "red", 1), B, None)]
    groups = READER.read(Step(index=12), relocations).groups(
        relocations, lambda r: "all", lambda place: place.is_space)
    assert [(g.origin, g.destination, g.route, len(g.members)) for g in groups] == [
        (None, A, (), 2), (B, None, (), 1)]


def test_net_change_counts_moves_at_both_ends_and_nets_out_making_change() -> None:
    def on_space(toy: Toy, place: Place) -> tuple[tuple[str, str], int] | None:
        return ((place.key, toy.nation), toy.value) if place.is_space else None

    net = net_change([moved("five", Toy("unit", "red", 5), A, None),
                      moved("two", Toy("unit", "red", 2), None, A),
                      moved("three", Toy("unit", "red", 3), B, A),
                      moved("boxed", Toy("unit", "red", 4), C, REMOVED)], on_space)
    assert net == {("a", "red"): 0, ("b", "red"): -3, ("c", "red"): -4}


def test_places_of_gives_each_end_once_in_the_order_first_met() -> None:
    relocations = [moved("walker", Toy("unit"), B, A), moved("new", Toy("unit"), None, C),
                   moved("back", Toy("unit"), A, B), moved("gone", Toy("unit"), C, REMOVED)]
    assert places_of(relocations) == [B, A, C, REMOVED]
    assert places_of(relocations, lambda place: place.is_space) == [B, A, C]
    assert places_of([]) == []


def test_the_views_net_is_net_change_of_its_relocations_worked_out_once() -> None:
    weighed: list[str] = []

    def on_space(toy: Toy, place: Place) -> tuple[str, int] | None:
        weighed.append(place.key)
        return (place.key, toy.value) if place.is_space else None

    view = READER.read(Step(index=10), [moved("five", Toy("unit", "red", 5), A, None),
                                        moved("three", Toy("unit", "red", 3), B, A)])
    assert view.net(on_space) == {"a": -2, "b": -3}
    assert view.net(on_space) is view.net(on_space)
    assert weighed == ["a", "b", "a"], "weighed once, whatever the times asked"
    assert READER.read(Step(index=11), []).net(on_space) == {}


def test_waypoints_off_the_route_and_repeats_are_left_out() -> None:
    view = READER.read(Step(index=11), [], {"u1": (B, REMOVED, B, C)})
    walker = moved("u1", Toy("unit", "red", 2), A, C)
    assert view.route(walker, lambda place: place.is_space) == ("a", "b", "c")


def test_no_game_reads_raw_vassal_commands() -> None:
    """Games read drags through the replay (`Step.drags`), never `vmod_schema.commands`."""
    systems = Path(__file__).resolve().parents[4] / "adjudicator" / "systems"
    readers = []
    for path in sorted(systems.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            if any(name.startswith("vmod_schema.commands") for name in names):
                readers.append(path.relative_to(systems).as_posix())
    assert readers == []
