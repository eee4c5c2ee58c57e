"""The commented TOML template a user fills with the facts the rulebook does not print: the
game's prose around the `[table]` blocks the toolkit derives from the missing facts."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from adjudicator.systems.common.facts import MissingFact, missing_facts, template_blocks
from adjudicator.systems.war_for_america.data.models import WfAData
from adjudicator.systems.war_for_america.data.vocabulary import (
    Colony,
    ConnectionKind,
    Need,
    Region,
)

Facts = Sequence[MissingFact[Need]]


def template_toml(data: WfAData) -> str:
    """A commented TOML file listing every missing fact with the key that supplies it and
    the catalog rules that need it.

    Unfilled, it parses and merges as a no-op; uncommenting a line and writing its value
    supplies that fact.
    """
    facts = missing_facts(data)
    keys = {fact.key for fact in facts if fact.key is not None}
    lines = [
        "# War for America: data the rulebook does not print (digest 8 A-1).",
        "# Fill in what you read on the printed map, counters, charts and cards, then run",
        "#   adjudicator check GAME.vlog --game wfa --data my-wfa.toml",
        "# Uncomment a line and give its value; lines left commented change nothing.",
        "# Values already in the bundled data (with a rulebook citation) cannot be changed;",
        "# a contradicting value is an error naming this file and the key.",
        "# Optional on every table: source = \"where you read it\".",
        "#",
        "# Missing facts and the rules whose checks need them:",
    ]
    lines += _needs_summary(facts)
    lines += ["", "[map]", "# Set once every space / line / sea area of the printed map is listed."]
    lines += [f"# {name} = true" for name in ("spaces_complete", "connections_complete",
                                              "sea_areas_complete") if f"map.{name}" in keys]
    lines += [""]
    lines += _template_terrain(data)
    lines += _template_sea_areas(data, facts)
    lines += _template_spaces(data, facts, keys)
    lines += _template_connections(data, keys)
    lines += _template_leaders(data, facts)
    lines += _template_tables(keys)
    lines += _template_charts(data, keys)
    lines += _template_cards(data, facts)
    return "\n".join(lines) + "\n"


def _needs_summary(facts: Facts) -> list[str]:
    seen: dict[str, MissingFact[Need]] = {}
    counts: dict[str, int] = {}
    for fact in facts:
        seen.setdefault(fact.need.value, fact)
        counts[fact.need.value] = counts.get(fact.need.value, 0) + 1
    lines: list[str] = []
    for need, fact in seen.items():
        lines += textwrap.wrap(f"{need} ({counts[need]} missing): {fact.why}", width=96,
                               initial_indent="#   ", subsequent_indent="#       ",
                               break_on_hyphens=False)
    return lines


def _template_terrain(data: WfAData) -> list[str]:
    lines = ["# --- Terrain Effects Chart: each line type and its MP cost (WfA 12.0).",
             "# [terrain.example]          # lower-case id, used by [[connections]] terrain",
             "# name = \"Example\"",
             "# mp = 1"]
    lines += [f"# [terrain.{t.id}]  # {t.name}\n# mp = " for t in data.terrain.values()
              if t.mp is None]
    return [*lines, ""]


def _template_sea_areas(data: WfAData, facts: Facts) -> list[str]:
    lines = ["# --- Sea areas: the OBZs the text does not name and the Caribbean arrow spaces",
             "# (WfA 14.1, 14.6, 14.20). A coastal space names its OBZ with obz = \"<id>\".",
             "# [sea_areas.example_obz]",
             "# name = \"Example OBZ\"",
             "# kind = \"obz\"                # or \"arrow\" with circles = N",
             f"# region = \"{Region.NEW_ENGLAND}\"",
             f"# Known: {', '.join(data.sea_areas)}"]
    lines += template_blocks(facts, data.sea_areas.values(), "sea_areas.{id}", "{name}",
                             blank=False)
    return [*lines, ""]


def _template_spaces(data: WfAData, facts: Facts, keys: set[str]) -> list[str]:
    regions = " ".join(region.value for region in Region)
    colonies = " ".join(colony.value for colony in Colony)
    lines = ["# --- Spaces (WfA 2.0, 3.3). Known spaces with a missing fact are listed; to add a",
             "# space of the printed map, copy this block (fortresses, Major Naval Bases, lake",
             "# spaces and garrison minimums are complete lists in the rulebook):",
             "# [spaces.example_space]     # lower-case id",
             "# name = \"Example Space\"",
             f"# region = \"...\"             # one of: {regions}",
             f"# colony = \"...\"             # one of: {colonies}",
             "# original_owner = \"colonial\" # british colonial french spanish dutch",
             "# key = false                # boxed or fortress symbol",
             "# coastal = false            # a coastal/port space",
             "# circle = false             # a circle space (Winter Quartering 5)",
             "# obz = \"...\"                # the OBZ of a coastal space",
             "# village = false            # a Six Nations village",
             "# Six Nations villages: set village = true on each (none is known yet)."
             if "spaces" in keys else "# Six Nations villages: some are known."]
    lines += template_blocks(facts, data.spaces.values(), "spaces.{id}", "{name}",
                             fields=("region", "colony", "original_owner", "key", "coastal",
                                     "circle", "obz"))
    return [*lines, ""]


def _template_connections(data: WfAData, keys: set[str]) -> list[str]:
    kinds = " ".join(kind.value for kind in ConnectionKind)
    lines = ["# --- Connections (WfA 12.0, 8.8, 14.20-14.21). One block per line of the map:",
             "# [[connections]]",
             "# a = \"example_space\"",
             "# b = \"another_space\"",
             f"# kind = \"land\"          # one of: {kinds}",
             "# terrain = \"example\"     # land: a [terrain.<id>]",
             "# water = false           # land: a continuous water connection (WfA 12.1)",
             "# arrow_from = \"...\"      # caribbean_arrow: the end the arrow leaves",
             "# circles = 0             # caribbean_arrow: circles on the line",
             "# Ocean Transit Lines: a = \"europe_box\", kind = \"ocean_transit\" (WfA 8.8).",
             "# Known lines with a missing fact:"]
    for c in data.connections:
        prefix = f"connections[{c.a},{c.b}]."
        wanted = [key.removeprefix(prefix) for key in sorted(keys) if key.startswith(prefix)]
        if wanted:
            lines += ["# [[connections]]", f"# a = \"{c.a}\"", f"# b = \"{c.b}\"",
                      f"# kind = \"{c.kind}\"", *(f"# {name} = " for name in wanted)]
    return [*lines, ""]


def _template_leaders(data: WfAData, facts: Facts) -> list[str]:
    lines = ["# --- Leaders (WfA 11.2-11.14): stars 1..3, command 1..6, battle A..D, colour",
             "# red | light_blue | orange | dark_blue. New leaders also need name, side",
             "# (british | colonial) and nation."]
    lines += template_blocks(facts, data.leaders.values(), "leaders.{id}", "{name} ({side})",
                             fields=("stars", "command", "battle", "colour"))
    lines += ["", "# --- Fleets (WfA 14.x): strength as printed."]
    lines += template_blocks(facts, data.fleets.values(), "fleets.{id}", "{name}",
                             blank=False)
    return [*lines, ""]


def _template_tables(keys: set[str]) -> list[str]:
    lines = ["# --- Tables of the War for America Table Card (not in the rulebook). Rolls are",
             "# D12 = 2d6; a row covers modified rolls low..high (leave one out: open-ended)."]
    if "tables.battle" in keys:
        lines += ["# Standard Battle Table and Petite Guerre Table (WfA 13.0 Steps 5-7):",
                  "# a column per effective-SP range of the rolling side; results like \"1*\".",
                  "# [tables.battle]",
                  "# [[tables.battle.columns]]",
                  "# label = \"3-7\"",
                  "# table = \"standard\"      # or \"petite_guerre\" (add lone_garrison = true",
                  "#                          # for the '<1' column, WfA 19.21)",
                  "# min_sp = 3",
                  "# max_sp = 7",
                  "# rows = [{high = 6, result = \"-\"}, {low = 7, high = 9, result = \"*\"}, ...]",
                  "# [[tables.battle.modifiers]]",
                  "# id = \"regulars_vs_militia\"",
                  "# drm = 1"]
    if "tables.siege" in keys:
        lines += ["# Siege (Resolution) Table (WfA 17.13-17.14): no_effect or surrender.",
                  "# [tables.siege]",
                  "# rows = [{high = 9, result = \"no_effect\"},",
                  "#         {low = 10, result = \"surrender\"}]"]
    if "tables.fleet_combat" in keys:
        lines += ["# Fleet Combat Table (WfA 15.5, 15.7): defender_to_trt, attacker_to_trt or",
                  "# both_to_trt.",
                  "# [tables.fleet_combat]",
                  "# rows = [{high = 6, result = \"attacker_to_trt\"}, ...]"]
    return [*lines, ""]


def _template_charts(data: WfAData, keys: set[str]) -> list[str]:
    charts = data.charts
    lines = ["# --- Charts (WfA 10.x, 14.10, 18.3, 8.4, 3.1, 8.1-8.4)."]
    for region, row in charts.levy.items():
        if row is None:
            lines += [f"# [charts.levy.{region}]  # Continental Levy Table (WfA 10.2-10.4)",
                      "# sp = {2 = 0, 3 = 0, 4 = 0, 5 = 0, 6 = 0, 7 = 0, 8 = 0, 9 = 0, 10 = 0, "
                      "11 = 0, 12 = 0}",
                      "# colonies = []   # the colonies listed; default: all of the Region's"]
    if "charts.muster" in keys:
        lines += ["# [charts.muster]  # LMMC (WfA 10.9, 10.20): full | half | none by D6",
                  "# militia = {1 = \"none\", 2 = \"half\", 3 = \"half\", 4 = \"full\", "
                  "5 = \"full\", 6 = \"full\"}",
                  "# loyalists = {1 = \"half\", 2 = \"half\", 3 = \"half\", 4 = \"full\", "
                  "5 = \"full\", 6 = \"full\"}"]
    for name, values in (("loyalists", charts.loyalist_amounts),
                         ("militia_maximums", charts.militia_maximums),
                         ("transport", charts.transport), ("attrition", charts.attrition)):
        wanted = [str(item) for item, value in values.items()
                  if value is None and f"charts.{name}.{item}" in keys]
        if wanted:
            hint = "  # fractions as text, \"2/3\"" if name == "attrition" else ""
            lines += [f"[charts.{name}]{hint}", *(f"# {item} = " for item in wanted)]
    lines += ["", "[charts]"]
    if "charts.french_arrival" in keys:
        lines += ["# french_arrival = [1, 2]   # D6 range bringing d'Estaing (WfA 8.4)"]
    if "charts.reinforcements_complete" in keys:
        lines += ["# reinforcements_complete = true"]
    if "charts.seasons" in keys:
        names = ", ".join(charts.season_names)
        lines += [f"# The turns of a year in order; named in the text: {names} (digest A-2).",
                  "# [[charts.seasons]]",
                  "# id = \"early_spring\"",
                  "# name = \"Early Spring\"",
                  "# colour = \"green\"    # blue winter, green spring, yellow late summer, white"]
    lines += ["# [[charts.reinforcements]]   # one per entry of the BRC / CRC",
              "# side = \"british\"", "# year = 1776", "# season = \"early_spring\"",
              "# units = \"4 SP British regulars\"", "# sp = 4", "# place = \"europe_box\""]
    return [*lines, ""]


def _template_cards(data: WfAData, facts: Facts) -> list[str]:
    lines = ["# --- Action cards (WfA 3.0: 51 in the deck; 13 are named in the text).",
             "# [cards.example_card]    # lower-case id",
             "# number = 0             # 1..51",
             "# title = \"Example\"",
             "# year = 1775",
             "# flag = \"none\"          # british | colonial | none",
             "# circled_r = false",
             "# text = \"...\""]
    lines += template_blocks(facts, data.cards.values(), "cards.{id}", "{label}")
    return [*lines, ""]
