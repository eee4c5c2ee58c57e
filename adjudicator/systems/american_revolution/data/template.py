"""The commented TOML template a user fills with the facts the rulebook does not print:
the game's prose around the `[table]` blocks the toolkit derives from the missing facts."""

from __future__ import annotations

import textwrap

from adjudicator.systems.american_revolution.data.models import ARData
from adjudicator.systems.american_revolution.data.vocabulary import LocaleKind, Need, RouteType
from adjudicator.systems.common.facts import MissingFact, missing_facts, template_blocks


def template_toml(data: ARData) -> str:
    """A commented TOML file listing every missing fact with the key that supplies it and
    the catalog rules that need it. Unfilled, it merges as a no-op."""
    facts = missing_facts(data)
    keys = {fact.key for fact in facts}
    lines = [
        "# The American Revolution (S&T #270): data the rulebook does not print",
        "# (digest 5.14: the map's routes, ports and region borders, the Mobilization Table,",
        "# counter strengths, leader values and the counter mix).",
        "# Fill in what you read on the printed map and counters, then run",
        "#   adjudicator check GAME.vlog --game ar --data my-ar.toml",
        "# Uncomment a line and give its value; lines left commented change nothing.",
        "# Values the rulebook states cannot be changed: a contradiction is an error naming",
        "# this file and the key. Optional on every table: source = \"where you read it\".",
        "#",
        "# Missing facts and the rules whose checks need them:",
        *_summary(facts),
        "",
        "[map]",
        "# Set once every route (and every Indian locale) of the printed map is listed.",
        *(f"# {flag} = true" for flag in ("routes_complete", "indian_locales_complete")
          if f"map.{flag}" in keys),
        "",
        f"# --- Routes (AR 2.6, 16.2): type is one of {', '.join(t.value for t in RouteType)}.",
        "# [[routes]]",
        "# a = \"boston\"",
        "# b = \"newport\"",
        "# type = \"road\"",
        "",
        f"# --- Locales (AR 2.1-2.8): kind is one of "
        f"{', '.join(k.value for k in LocaleKind)}; region an id of: "
        f"{', '.join(data.regions)}.",
        "# A locale the rulebook does not name is added the same way, with its name.",
        *template_blocks(facts, data.locales.values(), "locales.{id}", "{name}"),
        "",
        "# --- Combat factors printed on the counters (AR 2.11-2.14, 24.6, 24.12, 27.1).",
        *template_blocks(facts, data.formations.values(), "formations.{id}", "{name}"),
        "",
        "# --- Leaders (AR 2.10, 21.0): kind general, militia or admiral; value as printed.",
        *template_blocks(facts, data.leaders.values(), "leaders.{id}", "{name}"),
        "",
        "# --- The Mobilization Table (AR 7.1, 11.6, 13.1; printed on the map).",
        *template_blocks(facts, data.costs.values(), "costs.{id}", "{name}"),
        "",
        "# --- The counter mix: how many of each campaign marker (AR 7.0, 13.10).",
        *template_blocks(facts, data.markers.values(), "markers.{id}", "{name}"),
        "",
        "[counters]",
        *(["# fortress_cf = "] if "counters.fortress_cf" in keys else []),
    ]
    return "\n".join(lines) + "\n"


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
