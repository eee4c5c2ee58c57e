"""The commented TOML template a user fills with the facts the rulebook does not print: the
game's prose around the `[table]` blocks the toolkit derives from the missing facts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudicator.systems.common.facts import MissingFact, missing_facts, template_blocks
from adjudicator.systems.washingtons_war.data.models import WWData
from adjudicator.systems.washingtons_war.data.vocabulary import RATING_NAMES, Need

Facts = Sequence[MissingFact[Need]]


def template_toml(data: WWData) -> str:
    """A commented TOML file listing every missing fact with the key that supplies it.

    Unfilled, it parses and merges as a no-op; uncommenting a line and writing its value
    supplies that fact.
    """
    facts = missing_facts(data)
    why = {fact.need: fact.why for fact in facts}
    lines = [
        "# Washington's War: data the rulebook does not print.",
        "# Fill in what you know from the printed map, counters and cards, then run",
        "#   adjudicator check GAME.vlog --game ww --data my-ww.toml",
        "# Uncomment a line and give its value; lines left commented change nothing.",
        "# Values already in the bundled data (with a rulebook citation) cannot be changed;",
        "# a contradicting value is an error naming this file and the key.",
        "# Optional on every table: source = \"where you read it\".",
        "",
        "[map]",
        "# Set once every space (connection) of the printed map is listed below or bundled.",
        f"# {why.get(Need.SPACES, '')}",
        "# spaces_complete = true",
        f"# {why.get(Need.CONNECTIONS, '')}",
        "# connections_complete = true",
        "",
    ]
    lines += _template_generals(data, facts)
    lines += _template_spaces(data, facts, why)
    lines += _template_connections(data, why)
    lines += _template_cards(data, facts, why)
    lines += ["# --- British reinforcements: CUs printed on each Turn Track space (WW 5.1, 8.1.A)",
              f"# {why.get(Need.SCHEDULE, '')}", "[reinforcements]"]
    lines += [f"# {turn.year} = " for turn in data.reinforcements if turn.british_cus is None]
    lines += ["", "# Not fillable here: " + next(f.what for f in facts
                                                   if f.need is Need.CARD_TEXTS), ""]
    return "\n".join(lines)


def _template_generals(data: WWData, facts: Facts) -> list[str]:
    lines = ["# --- Generals' ratings (WW 2.2.B): Strategy top left (1..3), Potential Battle",
             "# top right (1..6), Agility lower right (1..3) of the stand-up counter."]
    for need in (Need.STRATEGY, Need.BATTLE, Need.AGILITY):
        rules = next((f.why for f in facts if f.need is need), "")
        lines.append(f"# {need}: {rules}")
    missing = {f.key for f in facts}
    for g in data.generals.values():
        lines += ["", f"[generals.{g.id}]  # {g.name} ({g.side}, starts in {g.start})"]
        for name in RATING_NAMES:
            rating = g.rating(name)
            if f"generals.{g.id}.{name}" not in missing:
                lines.append(f"# {name} = {rating.value} is known ({rating.source})")
                continue
            low, high = data.rating_bounds.of(name)
            hint = (f"one of {', '.join(map(str, rating.allowed))} ({rating.source})"
                    if rating.allowed else f"{low}..{high}")
            lines += [f"# {name}: {hint}", f"# {name} = "]
    return [*lines, ""]


def _template_spaces(data: WWData, facts: Facts, why: Mapping[Need, str]) -> list[str]:
    lines = ["# --- Spaces (WW 2.1). Known spaces with a missing fact are listed; to add a space",
             "# of the printed map, copy this block (new spaces are never ports: WW 12.3 lists",
             "# all 20; colony one of NH MA RI CT NY NJ PA DE MD VA NC SC GA Canada):",
             "# [spaces.example_space]        # lower-case id, used by connections",
             "# name = \"Example Space\"      # as printed on the map",
             "# colony = \"NJ\"",
             "# winter_quarters = false      # true if the space is a square",
             "# south_of_winter_line = false # defaults from the colony (NC, SC, GA are south)",
             f"# colony: {why.get(Need.COLONIES, '')}",
             f"# winter_quarters: {why.get(Need.WINTER_QUARTERS, '')}",
             f"# south_of_winter_line: {why.get(Need.WINTER_LINE, '')}"]
    lines += template_blocks(facts, data.spaces.values(), "spaces.{id}", "{name}",
                             fields=("colony", "winter_quarters", "south_of_winter_line"))
    return [*lines, ""]


def _template_connections(data: WWData, why: Mapping[Need, str]) -> list[str]:
    lines = ["# --- Connections (WW 3.0 Adjacent, 7.3.D): kind \"normal\" (solid line) or",
             "# \"wilderness\" (dashed, costs 3). Add one block per line of the printed map:",
             "# [[connections]]",
             "# a = \"example_space\"",
             "# b = \"another_space\"",
             "# kind = \"normal\"",
             f"# {why.get(Need.CONNECTIONS, '')}",
             "# Known connections whose line type is not stated:"]
    for c in data.connections:
        if c.kind is None:
            lines += ["# [[connections]]", f"# a = \"{c.a}\"", f"# b = \"{c.b}\"", "# kind = "]
    return [*lines, ""]


def _template_cards(data: WWData, facts: Facts, why: Mapping[Need, str]) -> list[str]:
    lines = ["# --- Cards (WW 2.0: 110 in the deck; only the Events below are named in the text).",
             "# Add each other card; OPS cards have kind = \"ops\" and ops = 1, 2 or 3:",
             "# [cards.example_card]    # lower-case id",
             "# number = 0             # the card's number, 1..110",
             "# name = \"Example Card\"   # its title as printed",
             "# kind = \"ops\"          # or \"event\" with flag = \"AM\" | \"BR\" | \"none\"",
             "# ops = 0                # the value at top left, 1..3",
             f"# card list: {why.get(Need.CARD_LIST, '')}",
             f"# ops values: {why.get(Need.CARD_OPS, '')}",
             f"# flags: {why.get(Need.CARD_FLAGS, '')}",
             f"# battle: {why.get(Need.CARD_KINDS, '')}",
             f"# once_per_game: {why.get(Need.ONCE_PER_GAME, '')}",
             f"# reshuffle: {why.get(Need.RESHUFFLE, '')}",
             f"# war_end_year: {why.get(Need.WAR_END_YEARS, '')}"]
    lines += template_blocks(facts, data.cards.values(), "cards.{id}", "{name}")
    return [*lines, ""]
