"""Political points (AR 6.0; digest 4.4).

AR 6.2: "During each game turn's Political Phase, both players total the number of
political points of towns his forces occupy." AR 6.3: "You must have at least one
friendly combat unit in a locale to gain its political points"; AR 21.1: "Leaders can
control a locale for political point and other purposes"; FAQ: a lone fortress does not
occupy a locale ("You have to garrison it"). Whether a fleet alone occupies a port is not
said (digest 8.2 A20): both readings are accepted, and the one that fits the log is taken.
AR 6.4: "If there is an enemy partisan (Rebel or Tory) unit in a town, you may not collect
the political points for that locale no matter what units you may have there. Friendly
partisan units by themselves don't enable you to collect political points." AR 6.5:
"Zero-value locales never provide any political points"; AR 37.2(3): a Massacre marker
reduces the locale's value to zero. AR 11.6(2): "If a Region's loyalty is at +3 in favor
of (pro) one player's cause, the political points for all towns in that region are doubled
for that player."

Dice. AR 6.6, 25.8-25.9: the British always roll for the Britain box, the American for
France and Spain only while they are belligerents; AR 26.3: "Neither player gains any
political points for a neutral's towns or off-map areas", and AR 6.6: nor "for areas their
units occupy on the map-proper". The number of dice per box is printed on the map only
(digest 5.9, from the fan-made Political Point Tracker): Britain 2, France 2, Spain 1. AR
6.7, 10.5: the American rolls the current Revolutionary Progress level's dice, not a
cumulative count (1/2/3/3/4, digest 5.6); from Declaration of Independence on the British
roll one extra die. The Balance of Power table (digest 5.8): at -1 or below the British
roll an extra die each Political Phase. AR 7.9 Debate in Parliament: played by the British
"he rolls an extra die for political points this turn", by the American "the British roll
one less die". Speculators (AR 7.9) rolls two dice of its own in the Political Phase; with
it played, which dice were the points' is not known; nor with Master Plan (AR 7.9: "You may
re-roll any die roll you make"), which may re-roll them.

AR 6.8: "Political points must be used in the turn they're received; they may not be
accumulated from turn to turn" (zeroed in the Supply Phase, 5.1 VI.C). The digest makes
carrying ILLEGAL (AR-PP-11); a record left standing after the Supply Phase gains nothing by
itself, so it is a reminder, and carrying is illegal where the next Political Phase's total
adds last turn's points to the income. Spending more than a side has (AR-PP-12) shows as a
record below zero.

AR 25.8 says France's and Spain's points are "calculated separately"; whether they are a
separate purse is not said (digest 8.2 A14), and a log keeps one American record: they are
counted in it.

AR 7.9 Indians, and the FAQ: the American "play during any Political Phase to pick one
campaign marker, at no cost, for any Indian unit then anywhere on the map": "Just one."

The income is judged when the side's record changes in the Political Phase (a total
higher than the towns and every die could give is wrong at once) and at the phase's end:
the total the record reached before it first fell (markers bought in the Political Phase,
as AR 7.1(1) also allows, digest 8.2 A3, are spent after the income), against the towns
and the dice rolled before it. With fewer dice logged than the side rolls, or Speculators'
dice among them, the income is unchecked unless no roll could reach it.

Two rules of other chapters are judged here, where they show. AR-LDR-01 (AR 21.1, FAQ:
"may a lone leader [...] control a location for political points [...]? Yes, unless
otherwise stated"): an income that counts a town held by a leader alone concludes it, and
a total short by exactly such towns is illegal under it. AR-ALLY-02 (AR 26.3: "Neither
player gains any political points for a neutral's towns or off-map areas"): an income that
leaves out an occupied neutral town concludes it, and a total over by exactly such towns is
illegal under it (as under AR-PP-06, whose sentence also covers a neutral's units and
dice). A neutral's box shows only in the dice, which AR-PP-06 judges.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import pairwise

from adjudicator.systems.american_revolution.actions import (
    DiceRolled,
    MarkerPlayed,
    MarkersDrawn,
    PointsShown,
)
from adjudicator.systems.american_revolution.data import (
    ARData,
    FormationType,
    LocaleKind,
    Nation,
    OptionalRule,
)
from adjudicator.systems.american_revolution.procedure import (
    POLITICAL,
    SUPPLY,
    PointsRecord,
)
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.american_revolution.state import ARState
from adjudicator.systems.common.actions import Action, PhaseChange
from adjudicator.systems.common.outcomes import Check, Computed, Outcome
from adjudicator.systems.common.places import PlaceKind
from adjudicator.systems.common.rulebook import RuleFamily

IDS = frozenset({f"AR-PP-{n:02d}" for n in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14)}
                | {"AR-LDR-01", "AR-ALLY-02"})
FAMILY = RuleFamily("political", IDS,
                    actions=(PointsShown, DiceRolled, MarkersDrawn, PhaseChange))
LABEL = {"US": "American", "GB": "British"}
ENEMY = {"US": "GB", "GB": "US"}
RP_DICE = (1, 2, 3, 3, 4)
"""The American's dice by Revolutionary Progress level (AR 6.7, 10.5; digest 5.6)."""
DECLARATION = 2
BRITAIN_DICE, FRANCE_DICE, SPAIN_DICE = 2, 2, 1
ALLIED_AT = {Nation.FR: 2, Nation.SP: 3}
"""Balance of Power levels at which France and Spain are allied (AR 12.7, 26.1)."""
SCOFF = -1
"""Balance of Power at or below which the British roll an extra die (Scoff at Rebels)."""
DEBATE, SPECULATORS, INDIANS, MASTER_PLAN = "debate", "speculators", "indians", "master_plan"
SPECULATORS_DICE = 2
EXTRA_ROLLS = (SPECULATORS, MASTER_PLAN)
"""Markers that add rolls of their own: Speculators' two dice, Master Plan's re-roll."""


# ---------------------------------------------------------------- the income, computed


@dataclass(frozen=True, slots=True)
class Holding:
    """One occupied town's points for a side."""

    locale: str
    pv: int
    value: int
    note: str = ""


@dataclass(frozen=True, slots=True)
class Towns:
    """What a side's occupied towns give (AR 6.2-6.5, 11.6(2), 26.3)."""

    side: str
    held: tuple[Holding, ...]
    fleet_only: tuple[str, ...] = ()
    """Towns held only by a fleet (digest 8.2 A20: counted in `total`)."""
    denied: dict[str, str] = field(default_factory=dict)
    """Occupied towns that give nothing, and why (partisan, massacre, neutral)."""
    leader_only: tuple[str, ...] = ()
    """Towns held by leaders alone (AR 21.1: counted in `total`)."""

    @property
    def total(self) -> int:
        return sum(h.value for h in self.held)

    @property
    def without_fleets(self) -> int:
        """The total if a fleet alone does not occupy a town."""
        return self.total - sum(h.value for h in self.held if h.locale in self.fleet_only)

    @property
    def printed(self) -> int:
        """The printed values, without doubling (military victory, AR 3.1; digest A7)."""
        return sum(h.pv for h in self.held if h.value)


def allied(state: ARState, nation: Nation) -> bool:
    """Whether France or Spain is at war on the American side (AR 12.7, 26.1)."""
    level = state.level("bop")
    return nation in ALLIED_AT and level is not None and level >= ALLIED_AT[nation]


def neutral(state: ARState, nation: str | Nation | None) -> bool:
    """Whether a nation is a neutral one (France or Spain not allied, AR 26.1)."""
    if nation is None:
        return False
    try:
        found = Nation(str(nation).casefold())
    except ValueError:
        return False
    return found in ALLIED_AT and not allied(state, found)


def towns_of(data: ARData, state: ARState, side: str, *, partisans: bool = True,
             massacres: bool = True, doubling: int = 1, neutrals: bool = True,
             leaders: bool = True) -> Towns:
    """The towns a side occupies and what each gives it. The keywords switch a rule off
    (to name the one a wrong total ignored): `doubling` 1 doubles as AR 11.6(2), 0 never,
    -1 for the wrong side; `leaders` False leaves out what leaders alone hold."""
    held: list[Holding] = []
    fleet_only: list[str] = []
    denied: dict[str, str] = {}
    occupants: dict[str, list[tuple[str, bool]]] = {}
    enemy_partisan: set[str] = set()
    massacre: set[str] = set()
    alone: dict[str, bool] = {}
    for entity, where in state.pieces.values():
        if where.kind is not PlaceKind.SPACE:
            continue
        if entity.kind == "partisan" and entity.key == ENEMY[side]:
            enemy_partisan.add(where.key)
        elif entity.kind == "massacre":
            massacre.add(where.key)
        elif entity.kind == "unit":
            formation = data.formations.get(entity.key)
            if formation is None or str(formation.side) != side:
                continue
            if neutrals and neutral(state, formation.nation):
                continue
            occupants.setdefault(where.key, []).append(
                (entity.key, formation.type is FormationType.FLEET))
            alone[where.key] = False
        elif entity.kind == "leader" and leaders:
            leader = data.leaders.get(entity.key)
            if leader is None or str(leader.side) != side:
                continue
            if neutrals and neutral(state, leader.nation):
                continue
            occupants.setdefault(where.key, []).append((entity.key, False))
            alone.setdefault(where.key, True)
    for locale_id in sorted(occupants):
        locale = data.locales.get(locale_id)
        if locale is None or locale.kind is LocaleKind.BOX or locale.pv <= 0:
            continue
        region = data.regions.get(locale.region or "")
        if neutrals and region is not None and neutral(state, region.nation):
            denied[locale_id] = "a neutral nation's town"
            continue
        if partisans and locale_id in enemy_partisan:
            denied[locale_id] = f"a {'Tory' if side == 'US' else 'Rebel'} Partisan there"
            held.append(Holding(locale_id, locale.pv, 0, "enemy partisan"))
            continue
        if massacres and locale_id in massacre:
            denied[locale_id] = "a Massacre marker there"
            held.append(Holding(locale_id, locale.pv, 0, "massacre"))
            continue
        value, note = locale.pv, ""
        loyalty = state.level("loyalty", locale.region) if locale.region else None
        favour = 3 if side == "US" else -3
        if doubling and loyalty == favour * doubling:
            value, note = 2 * locale.pv, f"doubled, loyalty {loyalty:+d}"
        held.append(Holding(locale_id, locale.pv, value, note))
        if all(fleet for _, fleet in occupants[locale_id]):
            fleet_only.append(locale_id)
    return Towns(side, tuple(held), tuple(fleet_only), denied,
                 tuple(t for t, lone in sorted(alone.items()) if lone and any(
                     h.locale == t and h.value for h in held)))


@dataclass(frozen=True, slots=True)
class DiceCount:
    """How many dice a side rolls for political points, and from what (AR 6.6-6.7)."""

    count: int | None
    """None: the Revolutionary Progress level is not known."""
    parts: tuple[str, ...]
    rules: tuple[str, ...]
    """The catalog rules that set the count."""


def dice_count(state: ARState, side: str, played: tuple[tuple[str | None, str], ...]
               ) -> DiceCount:
    """The dice a side rolls in its Political Phase: `played` are (side, marker) plays."""
    rp = state.level("rp")
    bop = state.level("bop")
    parts: list[str] = []
    rules: list[str] = []
    if side == "US":
        if rp is None or not 0 <= rp < len(RP_DICE):
            return DiceCount(None, ("the Revolutionary Progress level is not shown",),
                             ("AR-PP-07",))
        count = RP_DICE[rp]
        parts.append(f"{count} for Revolutionary Progress (level {rp})")
        rules.append("AR-PP-07")
        if allied(state, Nation.FR):
            count += FRANCE_DICE
            parts.append(f"{FRANCE_DICE} for France")
            rules += ["AR-PP-05", "AR-PP-06"]
        if allied(state, Nation.SP):
            count += SPAIN_DICE
            parts.append(f"{SPAIN_DICE} for Spain")
            rules += ["AR-PP-05", "AR-PP-06"]
        return DiceCount(count, tuple(parts), tuple(dict.fromkeys(rules)))
    count = BRITAIN_DICE
    parts.append(f"{BRITAIN_DICE} for Britain")
    rules.append("AR-PP-05")
    if rp is None:
        return DiceCount(None, ("the Revolutionary Progress level is not shown",),
                         ("AR-PP-08",))
    if rp >= DECLARATION:
        count += 1
        parts.append("1 for Declaration of Independence")
        rules.append("AR-PP-08")
    if bop is not None and bop <= SCOFF:
        count += 1
        parts.append("1 for Scoff at Rebels (Balance of Power -1 or below)")
        rules.append("AR-PP-09")
    for who, marker in played:
        if marker == DEBATE and who == "GB":
            count += 1
            parts.append("1 for Debate in Parliament")
            rules.append("AR-PP-10")
        elif marker == DEBATE and who == "US":
            count -= 1
            parts.append("-1 for the American's Debate in Parliament")
            rules.append("AR-PP-10")
    return DiceCount(max(count, 0), tuple(parts), tuple(rules))


def sovereignty(data: ARData, state: ARState, side: str) -> int:
    """Indian Sovereignty points (optional, AR 30.1-30.2): Indian locales that hold the
    other side's non-Indian units and none of this side's."""
    sides: dict[str, set[str]] = {}
    for entity, where in state.pieces.values():
        if entity.kind != "unit" or where.kind is not PlaceKind.SPACE:
            continue
        formation = data.formations.get(entity.key)
        locale = data.locales.get(where.key)
        if formation is None or locale is None or locale.kind is not LocaleKind.INDIAN:
            continue
        if formation.type is FormationType.INDIAN:
            continue
        sides.setdefault(where.key, set()).add(str(formation.side))
    return sum(1 for present in sides.values() if present == {ENEMY[side]})


# ---------------------------------------------------------------- judging


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """Political points shown, dice rolled and markers drawn in the Political Phase; the
    Political and Supply Phases' ends."""
    if isinstance(action, PointsShown):
        yield from _shown(action, ctx)
    elif isinstance(action, DiceRolled):
        yield from _rolled(action, ctx)
    elif isinstance(action, MarkersDrawn):
        yield from _indians(action, ctx)
    elif isinstance(action, PhaseChange):
        if action.previous == POLITICAL and action.phase != POLITICAL:
            yield from _political_over(action, ctx)
        elif action.previous == SUPPLY and action.phase != SUPPLY:
            yield from _supply_over(action, ctx)


def _plays(played: tuple[MarkerPlayed, ...]) -> tuple[tuple[str | None, str], ...]:
    return tuple((play.side, play.marker) for play in played)


def _shown(action: PointsShown, ctx: Context) -> Iterator[Outcome]:
    side = action.side
    if side not in LABEL or action.step == 0:
        return
    who = LABEL[side]
    if action.after < 0:
        yield Check.illegal("AR-PP-12", action.step,
                            f"the {who} political points fell to {action.after}: a player "
                            "may never spend more points than he has",
                            expected="at least 0", observed=str(action.after))
    elif action.before is not None and action.after < action.before:
        yield Check.done("AR-PP-12")
    if ctx.phase != POLITICAL:
        return
    income = _Income.of(ctx, side, ctx.proc.phase_dice, ctx.proc.played, ctx.proc.has_played(
        side, *EXTRA_ROLLS))
    yield income.computed(action.step)
    if income.high is not None and action.after > income.high + income.bonus:
        yield income.illegal(action, ctx, over=True)
        yield from income.own_words(action)


def _rolled(action: DiceRolled, ctx: Context) -> Iterator[Outcome]:
    side = action.side
    if ctx.phase != POLITICAL or side not in LABEL:
        return
    plays = _plays(ctx.proc.played)
    count = dice_count(ctx.state, side, plays)
    if count.count is None:
        return
    rolled = sum(len(r.dice) for r in ctx.proc.phase_dice if r.side == side) + len(action.dice)
    allowed = count.count + (SPECULATORS_DICE if (side, SPECULATORS) in plays else 0) + (
        count.count if (side, MASTER_PLAN) in plays else 0)
    if rolled <= allowed:
        return
    rule = _count_rule(ctx, side, rolled - allowed, plays)
    yield Check.illegal(rule, action.step,
                        f"the {LABEL[side]} player has rolled {rolled} dice in the Political "
                        f"Phase; he rolls {count.count} for political points "
                        f"({'; '.join(count.parts)})"
                        f"{' and those of the markers played' if allowed > count.count else ''}",
                        expected=str(allowed), observed=str(rolled))


def _count_rule(ctx: Context, side: str, extra: int,
                plays: tuple[tuple[str | None, str], ...]) -> str:
    """The rule a side's extra dice break."""
    state = ctx.state
    if side == "US":
        if (extra in (FRANCE_DICE, FRANCE_DICE + SPAIN_DICE) and not allied(state, Nation.FR)) \
                or (extra == SPAIN_DICE and allied(state, Nation.FR)
                    and not allied(state, Nation.SP)):
            return "AR-PP-06"
        return "AR-PP-07"
    if ("US", DEBATE) in plays or ("GB", DEBATE) in plays:
        return "AR-PP-10"
    if (state.level("rp") or 0) < DECLARATION:
        return "AR-PP-08"
    if (state.level("bop") or 0) > SCOFF:
        return "AR-PP-09"
    return "AR-PP-05"


@dataclass(frozen=True, slots=True)
class _Income:
    """A side's income in its Political Phase: its towns and the dice it rolled."""

    side: str
    towns: Towns
    count: DiceCount
    dice: tuple[int, ...]
    extra_rolls: bool
    """Speculators or Master Plan played: rolls of their own among the dice."""
    bonus: int
    """Indian Sovereignty points it may also have (optional AR 30)."""
    ctx: Context

    @classmethod
    def of(cls, ctx: Context, side: str, phase_dice: tuple[DiceRolled, ...],
           played: tuple[MarkerPlayed, ...], extra_rolls: bool) -> _Income:
        towns = towns_of(ctx.data, ctx.state, side)
        count = dice_count(ctx.state, side, _plays(played))
        dice = tuple(d for roll in phase_dice if roll.side == side for d in roll.dice)
        bonus = sovereignty(ctx.data, ctx.state, side) if ctx.uses(
            OptionalRule.INDIAN_SOVEREIGNTY.value) else 0
        return cls(side, towns, count, dice, extra_rolls, bonus, ctx)

    @property
    def complete(self) -> bool:
        """Whether the dice for points are known: as many as the side rolls, and no
        marker's rolls among them."""
        return (self.count.count is not None and not self.extra_rolls
                and len(self.dice) >= self.count.count)

    @property
    def exact(self) -> int | None:
        """The income (fleets counting), when every die is known."""
        return self.towns.total + sum(self.dice) if self.complete else None

    @property
    def high(self) -> int | None:
        """The most the income can be with the dice not yet rolled (None: unknown)."""
        if self.count.count is None:
            return None
        if self.extra_rolls:
            return self.towns.total + 6 * self.count.count
        missing = max(self.count.count - len(self.dice), 0)
        return self.towns.total + sum(self.dice) + 6 * missing

    def accepts(self, value: int) -> bool:
        """Whether a total fits the income (either reading of a lone fleet; Indian
        Sovereignty points, when in use, may be added or not yet)."""
        if self.exact is None:
            return False
        dice = sum(self.dice)
        return any(base + dice <= value <= base + dice + self.bonus
                   for base in (self.towns.total, self.towns.without_fleets))

    def breakdown(self) -> str:
        parts = [f"{self.ctx.name(h.locale)} {h.value}" + (f" ({h.note})" if h.note else "")
                 for h in self.towns.held]
        dice = (f"dice {'+'.join(map(str, self.dice))} = {sum(self.dice)}" if self.dice
                else "no dice yet")
        return (f"towns {self.towns.total} ({', '.join(parts) or 'none'}); {dice} of "
                f"{self.count.count if self.count.count is not None else '?'} "
                f"({'; '.join(self.count.parts)})")

    def computed(self, step: int) -> Computed:
        exact = self.exact
        return Computed(
            kind="political points", step=step, rule_id="AR-PP-01",
            summary=f"{LABEL[self.side]} political points: "
                    f"{exact if exact is not None else '?'} — {self.breakdown()}",
            inputs={"side": self.side, "dice rolled": ", ".join(map(str, self.dice)),
                    "dice due": self.count.count,
                    "towns": ", ".join(f"{self.ctx.name(h.locale)} {h.value}"
                                       for h in self.towns.held),
                    "denied": ", ".join(f"{self.ctx.name(k)}: {v}"
                                        for k, v in self.towns.denied.items())},
            result={"towns": self.towns.total, "dice": sum(self.dice), "total": exact,
                    "fleet-only towns": ", ".join(self.ctx.name(t)
                                                  for t in self.towns.fleet_only)})

    def explain(self, value: int, before: int | None) -> tuple[str, str]:
        """The rule a wrong total broke, and what it would be."""
        dice = sum(self.dice) if self.complete else None
        data, state, side = self.ctx.data, self.ctx.state, self.side
        if dice is not None:
            if before and value == before + (self.exact or 0):
                return "AR-PP-11", (f"the {before} points of the turn before added to this "
                                    "turn's income")
            rivals = (
                ("AR-PP-02", towns_of(data, state, side, partisans=False),
                 "a town counted despite an enemy partisan"),
                ("AR-PP-03", towns_of(data, state, side, massacres=False),
                 "a town counted despite a Massacre marker"),
                ("AR-PP-04", towns_of(data, state, side, doubling=0),
                 "towns at loyalty +3/-3 for this side not doubled"),
                ("AR-PP-04", towns_of(data, state, side, doubling=-1),
                 "towns doubled for the wrong side"),
                ("AR-PP-06", towns_of(data, state, side, neutrals=False),
                 "a neutral nation's towns or units counted"),
            ("AR-LDR-01", towns_of(data, state, side, leaders=False),
                 "a town held by a leader alone left out (AR 21.1: a lone leader controls "
                 "a locale for political points)"),
            )
            gap = value - (self.exact or 0)
            for rule, rival, what in rivals:
                if _explains(self.towns, rival, gap):
                    return rule, what
        return "AR-PP-01", "the towns occupied and the dice do not give it"

    def own_words(self, action: PointsShown) -> Iterator[Outcome]:
        """AR-ALLY-02 beside AR-PP-06, when the gap is exactly a neutral's towns counted
        (AR 26.3)."""
        rule, _ = self.explain(action.after, action.before)
        if rule != "AR-PP-06" or not self.complete:
            return
        found = _neutral_towns(self.ctx, self.side, self.towns)
        gap = action.after - (self.exact or 0)
        one = [h for h in found if h.value == gap]
        if not one and gap != sum(h.value for h in found):
            return
        towns = tuple(h.locale for h in (one[:1] or found))
        yield Check.illegal(
            "AR-ALLY-02", action.step,
            f"the {LABEL[self.side]} political points count "
            f"{', '.join(self.ctx.name(t) for t in towns)}: neither player gains any "
            "political points for a neutral's towns or off-map areas",
            spaces=towns, expected=str(self.exact), observed=str(action.after))

    def illegal(self, action: PointsShown, ctx: Context, *, over: bool) -> Outcome:
        rule, why = self.explain(action.after, action.before)
        due = (str(self.exact) if self.exact is not None
               else f"at most {self.high}")
        return Check.illegal(
            rule, action.step,
            f"the {LABEL[self.side]} political points show {action.after}, "
            f"{'more' if over else 'other'} than the towns it occupies and its dice give "
            f"({due}: {self.breakdown()}); {why}",
            spaces=tuple(h.locale for h in self.towns.held),
            expected=due, observed=str(action.after))


def _neutral_towns(ctx: Context, side: str, base: Towns) -> list[Holding]:
    """The towns of a neutral nation a side's pieces (its own or the neutral's) hold, each
    with the points it would give were it counted (AR 26.3: it gives none)."""
    rival = towns_of(ctx.data, ctx.state, side, neutrals=False)
    kept = {h.locale for h in base.held}
    found = []
    for held in rival.held:
        locale = ctx.data.locales.get(held.locale)
        region = ctx.data.regions.get(locale.region or "") if locale is not None else None
        if held.locale not in kept and held.value and region is not None and neutral(
                ctx.state, region.nation):
            found.append(held)
    return found


def _explains(base: Towns, rival: Towns, gap: int) -> bool:
    """Whether counting one of the towns a rule changes, or all of them, as `rival` does
    gives `gap` more (or fewer) points than `base`."""
    if gap == 0:
        return False
    was = {h.locale: h.value for h in base.held}
    deltas = [h.value - was.get(h.locale, 0) for h in rival.held]
    kept = {h.locale for h in rival.held}
    deltas += [-h.value for h in base.held if h.locale not in kept]
    deltas = [d for d in deltas if d and (d > 0) == (gap > 0)]
    return gap in deltas or gap == sum(deltas)


def _political_over(action: PhaseChange, ctx: Context) -> Iterator[Outcome]:
    """The Political Phase is over: each side's last total against its income."""
    records = [r for r in ctx.proc.points if r.phase == POLITICAL
               and r.turn == ctx.proc.turn]
    for side in LABEL:
        own = [r for r in records if r.shown.side == side]
        if not own:
            yield Check.unchecked("AR-PP-01", action.step,
                                  f"the log does not show the {LABEL[side]} political "
                                  "points in this Political Phase")
            continue
        yield from _final(_income_record(own), ctx)


def _income_record(records: list[PointsRecord]) -> PointsRecord:
    """The record that shows the income: the last before the first fall (points spent in
    the Political Phase, AR 7.1(1) and digest 8.2 A3, come after the income)."""
    for earlier, later in pairwise(records):
        if later.shown.after < earlier.shown.after:
            return earlier
    return records[-1]


def _final(record: PointsRecord, ctx: Context) -> Iterator[Outcome]:
    shown = record.shown
    side = shown.side
    assert side is not None
    plays = _plays(record.played)
    income = _Income.of(ctx, side, record.dice, record.played,
                        any((side, marker) in plays for marker in EXTRA_ROLLS))
    if income.exact is None:
        high = income.high
        if high is not None and shown.after > high + income.bonus:
            return  # reported when it was shown
        why = ("the Revolutionary Progress level is not shown" if income.count.count is None
               else "Speculators or Master Plan was played, and which dice were for points "
               "is not known"
               if income.extra_rolls
               else f"the log shows {len(income.dice)} of the {income.count.count} dice")
        yield Check.unchecked("AR-PP-01", shown.step,
                              f"the {LABEL[side]} political points show {shown.after}, "
                              f"towns {income.towns.total}, but {why}")
        return
    if income.accepts(shown.after):
        yield from (Check.done(rule) for rule in _applied(income))
        first = next(r for r in ctx.proc.points if r.phase == POLITICAL
                     and r.turn == record.turn and r.shown.side == side)
        if first.shown.before:
            yield Check.done("AR-PP-11")
        return
    if shown.after > (income.high or 0) + income.bonus:
        return  # reported when it was shown
    first = next(r for r in ctx.proc.points if r.phase == POLITICAL
                 and r.turn == record.turn and r.shown.side == side)
    wrong = PointsShown(step=shown.step, side=side, before=first.shown.before,
                        after=shown.after)
    yield income.illegal(wrong, ctx, over=False)
    yield from income.own_words(wrong)


def _applied(income: _Income) -> Iterator[str]:
    yield "AR-PP-01"
    yield from income.count.rules
    notes = {h.note for h in income.towns.held}
    if "enemy partisan" in notes:
        yield "AR-PP-02"
    if "massacre" in notes:
        yield "AR-PP-03"
    if any(h.note.startswith("doubled") for h in income.towns.held):
        yield "AR-PP-04"
    if any("neutral" in why for why in income.towns.denied.values()):
        yield "AR-PP-06"
    if _neutral_towns(income.ctx, income.side, income.towns):
        yield "AR-ALLY-02"
    if income.towns.leader_only:
        yield "AR-LDR-01"


def _supply_over(action: PhaseChange, ctx: Context) -> Iterator[Outcome]:
    """The Supply Phase is over: unspent points are lost (AR 6.8, 5.1 VI.C)."""
    for side, value in ctx.proc.last_points:
        if value > 0:
            yield Check.reminder("AR-PP-11", action.step,
                                 f"the {LABEL[side]} political points still show {value} "
                                 "after the Supply Phase: unspent points are lost, never "
                                 "carried to the next turn")
        else:
            yield Check.done("AR-PP-11")


def _indians(action: MarkersDrawn, ctx: Context) -> Iterator[Outcome]:
    """AR 7.9 Indians, American: one marker free in the Political Phase if any Indian
    unit is on the map (FAQ: just one)."""
    if ctx.phase != POLITICAL or action.side != "US" or not ctx.proc.has_played(
            "US", INDIANS) or ctx.proc.has_played("US", SPECULATORS):
        return
    on_map = any(entity.kind == "unit" and entity.key == "gb_indian"
                 and where.kind is PlaceKind.SPACE
                 and (found := ctx.data.locales.get(where.key)) is not None
                 and found.kind is not LocaleKind.BOX
                 for entity, where in ctx.state.pieces.values())
    if not on_map:
        yield Check.illegal("AR-PP-14", action.step,
                            f"the American player drew {action.count} marker(s) with the "
                            "Indians marker while no Indian unit is on the map: it gives a "
                            "marker only for an Indian unit then anywhere on the map")
    elif action.count > 1:
        yield Check.illegal("AR-PP-14", action.step,
                            f"the American player drew {action.count} markers with the "
                            "Indians marker: it gives just one, however many Indian units "
                            "are on the map", expected="1", observed=str(action.count))
    else:
        yield Check.done("AR-PP-14")
