"""The commented TOML template a user fills with what the rulebook does not print: the
game's prose around the `[table]` blocks the toolkit derives from the missing facts."""

from __future__ import annotations

import textwrap

from adjudicator.systems.almost_a_miracle.data.models import AaMData
from adjudicator.systems.almost_a_miracle.data.vocabulary import Need
from adjudicator.systems.common.facts import MissingFact, missing_facts, template_blocks


def template_toml(data: AaMData) -> str:
    """A commented TOML file listing every missing fact with the key that supplies it and
    the catalog rules that need it. Unfilled, it merges as a no-op."""
    facts = missing_facts(data)
    keys = {fact.key for fact in facts}
    lines = [
        "# Almost a Miracle! (Against the Odds): data the rulebook does not print (digest",
        "# 3.4, 5.3): the map's Areas, adjacency and terrain, the Player's Aid Charts, the",
        "# reinforcement schedule and the leaders' ratings. Fill in what you read on the map,",
        "# the counters and the charts. Uncomment a line and give its value; lines left",
        "# commented change nothing. Values the rulebook states cannot be changed.",
        "# Optional on every table: source = \"where you read it\".",
        "#",
        "# Missing facts and the rules whose checks need them:",
        *_summary(facts),
        "",
        "[map]",
        "# Set once every Area (and every adjacency) of the printed map is listed.",
        *(f"# {flag} = true" for flag in ("areas_complete", "connections_complete")
          if f"map.{flag}" in keys),
        "",
        "# --- Adjacencies (AaM 10.1): kind land, river, road, crossing_arrow, transit_arrow.",
        "# [[connections]]",
        "# a = \"NE10\"",
        "# b = \"NE13\"",
        "# kind = \"land\"",
        "",
        "# --- Areas (terrain as printed; a new Area is added the same way, with its name).",
        *template_blocks(facts, data.areas.values(), "areas.{id}", "{id}"),
        "",
        "# --- Unit values (movement allowance, counter mix).",
        *template_blocks(facts, data.unit_kinds.values(), "unit_kinds.{id}", "{name}"),
        "",
        "# --- Leaders (AaM 11.1): ratings printed on the counters.",
        *template_blocks(facts, data.leaders.values(), "leaders.{id}", "{name}"),
        "",
        "# --- The Player's Aid Charts and schedules the rulebook references (digest 5.3):",
        "# each as rows, e.g. [[tables.battle_winner_table.rows]] then its columns.",
        "# The Battle Winner Determination Table's rows are structured, one DRM each:",
        "#   condition = \"commander_tactical\"  # always, commander_tactical,"
        " militia_majority,",
        "#     bayonets, surprise, professional_army, fort_defender",
        "#   side = \"each\"  # each, attacker, defender",
        "#   drm = 1  # an integer (per rating point for commander_tactical)",
        *(f"# [[tables.{table.id}.rows]]  # {table.label}" for table in data.missing_tables),
        "",
    ]
    return "\n".join(lines)


def _summary(facts: list[MissingFact[Need]]) -> list[str]:
    first: dict[str, MissingFact[Need]] = {}
    counts: dict[str, int] = {}
    for fact in facts:
        need = str(fact.need)
        first.setdefault(need, fact)
        counts[need] = counts.get(need, 0) + 1
    lines: list[str] = []
    for need, fact in first.items():
        lines += textwrap.wrap(f"{need} ({counts[need]} missing): {fact.why}", width=92,
                               initial_indent="#   ", subsequent_indent="#       ",
                               break_on_hyphens=False)
    return lines
