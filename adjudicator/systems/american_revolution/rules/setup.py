"""The set-up (AR 4.0-4.11), judged once, when play begins.

The starting position is judged when the first phase after the set-up shows (the Phase
marker leaving `setup`, or showing a phase for the first time), and only when the log
starts at the beginning: Turn 1775 before its Initiative Phase. A log that starts later
(a save of 1777) has no set-up to judge: every set-up rule is `unchecked` with that
reason, never illegal. Findings point at that step: the set-up as it stood when play
began.

AR 4.1 Design Note: "whenever it reads "Canada" or "Florida" means "anywhere in Canada"
or "anywhere in Florida""; so are the regions the American list names (AR 4.3: "New
England: Leader Ward, 5 x Militia"), and "Hispaniola" (AR 4.4). Those lines are compared
per region; the lines that name a locale ("Boston", "New York", "Camden or Charlotte")
per locale; "Caribbean: 3 x Detachments (one each in Bahamas, West Indies & Jamaica)" as
three detachments in the West Indies region, at most one per locale.

- AR-SET-01 (AR 4.2): the British list; "Starting Campaign Markers: none"; "Other than
  Cornwallis, all remaining British leaders go in the pool".
- AR-SET-02 (AR 4.3): the American list; "American units may not be placed in the same
  locales as British units"; six campaign markers; the leaders but Washington in the
  pool.
- AR-SET-03 (AR 4.4, 4.5): the French and Spanish lists, set up by the American.
- AR-SET-04 (AR 4.6, 10.1, 11.1, 12.1): Revolutionary Progress in Don't Tread on Me,
  Balance of Power Neutral, each Loyalty marker where its table shows (digest 5.7).
- AR-SET-05 (AR 4.9, 4.10): Cornwallis, 1 Grenadier, 6 Regulars, 1 Light, 1 Marine,
  1 Fleet and Washington set aside, not placed.
- AR-SET-07 (AR 1.4): with an optional rule off, its markers are set aside: fortresses
  (AR 28) and partisans (AR 29) on the map without those rules are a reminder, and the
  lists' fortresses and partisans are compared only when their rule is in use.

The leaders' starting places are the lists' (`LEADERS`); Cornwallis and Washington are
set aside (AR 4.9, 4.10), and every other leader
starts in his side's pool, so one on the map is not where the lists put him.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from adjudicator.systems.american_revolution.data import Need, OptionalRule
from adjudicator.systems.american_revolution.procedure import INITIATIVE, SETUP
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.american_revolution.rules.mobilization_costs import article
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.common.sequencer import PhaseShown

FAMILY = RuleFamily("setup",
                    frozenset({"AR-SET-01", "AR-SET-02", "AR-SET-03", "AR-SET-04",
                               "AR-SET-05", "AR-SET-07"}),
                    actions=(PhaseShown,))


@dataclass(frozen=True, slots=True)
class Line:
    """One line of a set-up list: where (locales, or a region) and what."""

    label: str
    locales: frozenset[str] = frozenset()
    region: str | None = None
    units: tuple[tuple[str, int], ...] = ()
    one_per_locale: bool = False


def _line(label: str, *, at: tuple[str, ...] = (), region: str | None = None,
          one_per_locale: bool = False, **units: int) -> Line:
    return Line(label, frozenset(at), region, tuple(units.items()), one_per_locale)


LISTS: dict[str, tuple[str, tuple[Line, ...]]] = {
    "gb": ("AR-SET-01", (
        _line("Boston", at=("boston",), gb_regular=3, gb_light=1, gb_fleet=1),
        _line("Canada", region="canada", gb_regular=1, gb_militia=2),
        _line("Ticonderoga", at=("ticonderoga",), gb_detachment=1),
        _line("New York", at=("new_york",), gb_detachment=1),
        _line("Yorktown", at=("yorktown",), gb_militia=1),
        _line("Camden or Charlotte", at=("camden", "charlotte"), gb_militia=1),
        _line("Fort Detroit", at=("fort_detroit",), gb_detachment=1),
        _line("Florida", region="florida", gb_detachment=2, gb_militia=1),
        _line("the Caribbean (Bahamas, West Indies, Jamaica)", region="west_indies",
              one_per_locale=True, gb_detachment=3),
        _line("the Britain box", at=("britain_box",), gb_regular=2, gb_light=1, gb_fleet=1),
    )),
    "us": ("AR-SET-02", (
        _line("New England", region="new_england", us_militia=5),
        _line("the Mid-Atlantic", region="mid_atlantic", us_militia=3),
        _line("Virginia", region="virginia", us_militia=3),
        _line("the Deep South", region="deep_south", us_militia=2),
        _line("Boonesboro", at=("boonesboro",), us_militia=1),
    )),
    "fr": ("AR-SET-03", (
        _line("Hispaniola", region="hispaniola", fr_regular=1),
        _line("the France box", at=("france_box",), fr_regular=5, fr_marine=1, fr_fleet=2),
    )),
    "sp": ("AR-SET-03", (
        _line("New Orleans", at=("new_orleans",), sp_regular=1, sp_militia=1),
        _line("St. Louis", at=("st_louis",), sp_militia=1),
        _line("Havana", at=("havana",), sp_regular=1, sp_militia=1, sp_fleet=1),
        _line("Santiago", at=("santiago",), sp_militia=1),
        _line("the Spain box", at=("spain_box",), sp_regular=3, sp_marine=1),
    )),
}
"""AR 4.2-4.5, unit by unit (the leaders: `LEADERS`)."""
FORTRESSES = (("boston", None), ("quebec", None), ("halifax", None), ("ticonderoga", None),
              ("havana", None), (None, "hispaniola"))
"""AR 4.2, 4.4, 4.5: a fortress in each (a locale, or anywhere in a region)."""
PARTISANS = ("boston", "richmond")
"""AR 4.3: an American partisan in each."""
LEADERS = {"gage": "boston", "carleton": "canada", "hamilton": "fort_detroit",
           "clinton": "britain_box", "w_howe": "britain_box", "r_howe": "britain_box",
           "ward": "new_england", "arnold": "mid_atlantic", "allen": "mid_atlantic",
           "rochambeau": "france_box", "de_grasse": "france_box", "galvez": "new_orleans"}
"""AR 4.2-4.5: where each leader the lists name starts (a locale, or a region: "Canada:
Leader Carleton" is anywhere in Canada, AR 4.1 Design Note). The rulebook's lists, not
the data's `at_start`, which may name one locale of the region."""
SET_ASIDE = {"gb_grenadier": 1, "gb_regular": 6, "gb_light": 1, "gb_marine": 1,
             "gb_fleet": 1}
"""AR 4.9's units (its leader Cornwallis and AR 4.10's Washington: `SET_ASIDE_LEADERS`)."""
SET_ASIDE_LEADERS = ("cornwallis", "washington")
LOYALTY = {"new_england": 3, "mid_atlantic": 1, "virginia": 2, "deep_south": 1, "west": 0,
           "florida": -1, "canada": -2}
"""Each region's starting Loyalty (AR 11.1; digest 5.7)."""
AMERICAN_MARKERS = 6
RULES = ("AR-SET-01", "AR-SET-02", "AR-SET-03", "AR-SET-04", "AR-SET-05", "AR-SET-07")


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The starting position, the first time play shows a phase past the set-up."""
    if not isinstance(action, PhaseShown) or action.phase == SETUP or ctx.proc.begun:
        return
    if ctx.proc.turn != 1 or action.phase != INITIATIVE:
        year = "not shown" if ctx.proc.turn is None else str(ctx.proc.turn + 1774)
        for rule in RULES:
            yield Check.unchecked(rule, action.step,
                                  "the log does not start at the beginning of the game (Turn "
                                  f"{year}, {action.phase.replace('_', ' ')}): the set-up is "
                                  "judged only from the 1775 turn before its Initiative "
                                  "Phase")
        return
    yield from _lists(action, ctx)
    yield from _markers_and_hands(action, ctx)
    yield from _tracks(action, ctx)
    yield from _set_aside(action, ctx)


def _on_map(ctx: Context) -> list[tuple[str, str, str]]:
    """(kind, key, locale) of every unit and leader in a locale."""
    return [(entity.kind, entity.key, where.key)
            for entity, where in ctx.state.pieces.values()
            if where.kind is PlaceKind.SPACE and entity.kind in ("unit", "leader")]


def _group(ctx: Context, kind: str, key: str) -> str | None:
    if kind == "unit":
        formation = ctx.data.formations.get(key)
        return str(formation.nation) if formation is not None else None
    leader = ctx.data.leaders.get(key)
    return str(leader.nation) if leader is not None else None


def _lists(action: PhaseShown, ctx: Context) -> Iterator[Outcome]:
    broken: set[str] = set()
    pieces = _on_map(ctx)
    for group, (rule, lines) in LISTS.items():
        leader_lines = _leader_lines(ctx, group)
        expected: dict[int, Counter[str]] = {}
        found: dict[int, Counter[str]] = {}
        per_locale: dict[int, Counter[str]] = {}
        all_lines = (*lines, *leader_lines)
        for index, line in enumerate(all_lines):
            expected[index] = Counter(dict(line.units))
            found[index] = Counter()
            per_locale[index] = Counter()
        stray: list[tuple[str, str]] = []
        for kind, key, locale in pieces:
            if _group(ctx, kind, key) != group:
                continue
            name = ctx.unit_name(key) if kind == "unit" else ctx.leader_name(key)
            where = _line_for(ctx, all_lines, expected, found, key, locale)
            if where is None:
                stray.append((name, locale))
                continue
            found[where][key] += 1
            per_locale[where][locale] += 1
        for name, locale in stray:
            broken.add(rule)
            yield Check.illegal(rule, action.step,
                                f"{name} starts in {ctx.name(locale)}, which the set-up "
                                f"list does not give it (AR {_section(rule)})",
                                spaces=(locale,), pieces=(name,))
        for index, line in enumerate(all_lines):
            for key in (expected[index] | found[index]):
                want, have = expected[index][key], found[index][key]
                if want == have:
                    continue
                broken.add(rule)
                name = ctx.unit_name(key) if key in ctx.data.formations else \
                    ctx.leader_name(key)
                yield Check.illegal(rule, action.step,
                                    f"{line.label} starts with {have} × {name}: the set-up "
                                    f"list (AR {_section(rule)}) gives {want}",
                                    spaces=tuple(sorted(line.locales)), pieces=(name,),
                                    expected=str(want), observed=str(have))
            crowded = [locale for locale, n in per_locale[index].items() if n > 1]
            if line.one_per_locale and crowded:
                broken.add(rule)
                yield Check.illegal(rule, action.step,
                                    f"{line.label}: more than one unit in "
                                    f"{ctx.name(crowded[0])}; the list puts one in each "
                                    "of its three locales", spaces=(crowded[0],))
    yield from _american_apart(action, ctx, pieces, broken)
    for rule in ("AR-SET-01", "AR-SET-02", "AR-SET-03"):
        if rule not in broken:
            yield Check.done(rule)


def _leader_lines(ctx: Context, group: str) -> tuple[Line, ...]:
    lines = []
    for leader in ctx.data.leaders.values():
        start = LEADERS.get(leader.id)
        if str(leader.nation) != group or start is None:
            continue
        if start in ctx.data.regions:
            lines.append(Line(f"{ctx.data.regions[start].name} ({leader.name})",
                              region=start, units=((leader.id, 1),)))
        else:
            lines.append(Line(ctx.name(start), locales=frozenset({start}),
                              units=((leader.id, 1),)))
    return tuple(lines)


def _line_for(ctx: Context, lines: tuple[Line, ...], expected: dict[int, Counter[str]],
              found: dict[int, Counter[str]], key: str, locale: str) -> int | None:
    """The list line a piece counts for: a line naming its locale before one naming its
    region, one with room for it before a full one."""
    region = ctx.data.region_of(locale)
    region_id = region.id if region is not None else None
    matches = [i for i, line in enumerate(lines) if locale in line.locales and
               expected[i][key]]
    matches += [i for i, line in enumerate(lines) if line.region is not None and
                line.region == region_id and expected[i][key]]
    for index in matches:
        if found[index][key] < expected[index][key]:
            return index
    return matches[0] if matches else None


def _american_apart(action: PhaseShown, ctx: Context, pieces: list[tuple[str, str, str]],
                    broken: set[str]) -> Iterator[Outcome]:
    british = {locale for kind, key, locale in pieces
               if kind == "unit" and _side(ctx, key) == "GB"}
    for kind, key, locale in pieces:
        if kind == "unit" and _side(ctx, key) == "US" and locale in british:
            broken.add("AR-SET-02")
            name = ctx.unit_name(key)
            yield Check.illegal("AR-SET-02", action.step,
                                f"{article(name)} starts in {ctx.name(locale)}, which holds "
                                "British units: American units may not be placed in the same "
                                "locales as British units", spaces=(locale,), pieces=(name,))


def _side(ctx: Context, key: str) -> str | None:
    formation = ctx.data.formations.get(key)
    return str(formation.side) if formation is not None else None


def _section(rule: str) -> str:
    return {"AR-SET-01": "4.2", "AR-SET-02": "4.3", "AR-SET-03": "4.4-4.5"}[rule]


def _markers_and_hands(action: PhaseShown, ctx: Context) -> Iterator[Outcome]:
    fortresses = [where.key for entity, where in ctx.state.pieces.values()
                  if entity.kind == "fortress" and where.kind is PlaceKind.SPACE]
    partisans = [where.key for entity, where in ctx.state.pieces.values()
                 if entity.kind == "partisan" and where.kind is PlaceKind.SPACE]
    reminded = False
    if ctx.uses(OptionalRule.FORTRESSES.value):
        yield from _fortresses(action, ctx, fortresses)
    elif fortresses:
        reminded = True
        yield Check.reminder("AR-SET-07", action.step,
                             f"{len(fortresses)} fortress markers are on the map, but the "
                             "Fortresses & Sieges rule (AR 28) is not in use: set its "
                             "fortress and siege markers aside", spaces=tuple(fortresses))
    if ctx.uses(OptionalRule.PARTISANS.value):
        yield from _partisans(action, ctx)
    elif partisans:
        reminded = True
        yield Check.reminder("AR-SET-07", action.step,
                             f"{len(partisans)} partisan markers are on the map, but the "
                             "Partisans rule (AR 29) is not in use: set them aside",
                             spaces=tuple(partisans))
    unused = [marker.name for marker in ctx.data.markers.values()
              if marker.optional_rule and not ctx.uses(marker.optional_rule)
              and _anywhere_but_aside(ctx, marker.id)]
    if unused:
        reminded = True
        yield Check.reminder("AR-SET-07", action.step,
                             f"{len(unused)} campaign markers of optional rules not in use "
                             "are in play: set them aside")
    if not reminded:
        yield Check.done("AR-SET-07")
    gb_hand = ctx.state.count("marker", Place(PlaceKind.HAND, "GB"))
    if gb_hand:
        yield Check.illegal("AR-SET-01", action.step,
                            f"the British start with {gb_hand} campaign markers: their "
                            "starting campaign markers are none (AR 4.2)",
                            expected="0", observed=str(gb_hand))
    us_hand = ctx.state.count("marker", Place(PlaceKind.HAND, "US"))
    if us_hand == 0:
        yield Check.reminder("AR-SET-02", action.step,
                             "the American hand holds no campaign markers: the American "
                             f"starts with {AMERICAN_MARKERS} drawn at random from the pool")
    elif us_hand != AMERICAN_MARKERS:
        yield Check.illegal("AR-SET-02", action.step,
                            f"the American starts with {us_hand} campaign markers: six drawn "
                            "at random from the pool (AR 4.3)",
                            expected=str(AMERICAN_MARKERS), observed=str(us_hand))


def _anywhere_but_aside(ctx: Context, marker: str) -> bool:
    return any(where.key not in ("set_aside", "removed") for where in
               ctx.state.where_is("marker", marker))


def _fortresses(action: PhaseShown, ctx: Context, fortresses: list[str]) -> Iterator[Outcome]:
    left = list(fortresses)
    missing = []
    for locale, region in FORTRESSES:
        hit = next((f for f in left if f == locale or (
            region is not None and (r := ctx.data.region_of(f)) is not None
            and r.id == region)), None)
        if hit is None:
            missing.append(ctx.name(locale) if locale else ctx.data.regions[region or ""].name
                           if region in ctx.data.regions else str(region))
        else:
            left.remove(hit)
    for where in missing:
        rule = "AR-SET-03" if where in ("Havana", "Hispaniola") else "AR-SET-01"
        yield Check.illegal(rule, action.step,
                            f"no fortress starts in {where}: the set-up list gives one there",
                            pieces=("Fortress",))
    for locale in left:
        yield Check.illegal("AR-SET-01", action.step,
                            f"a fortress starts in {ctx.name(locale)}, which the set-up "
                            "lists do not give one", spaces=(locale,), pieces=("Fortress",))


def _partisans(action: PhaseShown, ctx: Context) -> Iterator[Outcome]:
    placed = [(entity.key, where.key) for entity, where in ctx.state.pieces.values()
              if entity.kind == "partisan" and where.kind is PlaceKind.SPACE]
    want = sorted(("US", locale) for locale in PARTISANS)
    if sorted(placed) != want:
        shown = ", ".join(f"{ctx.name(loc)} ({side})" for side, loc in sorted(placed))
        yield Check.illegal("AR-SET-02", action.step,
                            f"the starting partisans are {shown or 'none'}"
                            ": the set-up gives an American partisan in each of Boston and "
                            "Richmond", spaces=PARTISANS, pieces=("Rebel Partisan",))


def _tracks(action: PhaseShown, ctx: Context) -> Iterator[Outcome]:
    wanted = [("rp", "", 0, "Revolutionary Progress", "Don't Tread on Me"),
              ("bop", "", 0, "Balance of Power", "Neutral (0)")]
    wanted += [("loyalty", region, level, f"{ctx.data.regions[region].name} Loyalty"
                if region in ctx.data.regions else region, f"{level:+d}")
               for region, level in LOYALTY.items()]
    wrong, unknown = False, []
    for track, region, level, name, box in wanted:
        shown = ctx.state.level(track, region)
        if shown is None:
            unknown.append(name)
        elif shown != level:
            wrong = True
            yield Check.illegal("AR-SET-04", action.step,
                                f"the {name} marker starts at {shown:+d}: it starts in "
                                f"{box} (AR 4.6, 10.1, 11.1, 12.1)",
                                pieces=(name,), expected=box, observed=f"{shown:+d}")
    if unknown:
        yield Check.unchecked("AR-SET-04", action.step,
                              f"the {', '.join(unknown)} marker(s) are not on their tracks: "
                              "where they start cannot be checked", needs=(str(Need.TRACKS),))
    elif not wrong:
        yield Check.done("AR-SET-04")


def _set_aside(action: PhaseShown, ctx: Context) -> Iterator[Outcome]:
    broken = False
    for key in SET_ASIDE_LEADERS:
        leader = ctx.data.leaders.get(key)
        if leader is None:
            continue
        places = ctx.state.where_is("leader", leader.id)
        wrong = [p for p in places if p.kind is PlaceKind.SPACE or
                 p.key.startswith("leader_pool")]
        if wrong:
            broken = True
            yield Check.illegal("AR-SET-05", action.step,
                                f"{leader.name} starts in play ({_where(ctx, wrong[0])}): "
                                "he is set aside, and comes only as the rules' special "
                                "reinforcement (AR 4.9, 4.10)", pieces=(leader.name,))
    aside = Place(PlaceKind.BOX, "set_aside")
    held = Counter(entity.key for _, entity in ctx.state.at(aside) if entity.kind == "unit")
    if held:
        for key, want in SET_ASIDE.items():
            if held[key] != want:
                broken = True
                name = ctx.unit_name(key)
                yield Check.illegal("AR-SET-05", action.step,
                                    f"{held[key]} × {name} are set aside: AR 4.9 sets aside "
                                    f"{want}", pieces=(name,), expected=str(want),
                                    observed=str(held[key]))
    if not broken:
        yield Check.done("AR-SET-05")


def _where(ctx: Context, place: Place) -> str:
    return ctx.name(place.key) if place.kind is PlaceKind.SPACE else "the leader pool"
