"""Campaign markers played: when each may be played, and the effects the log ties to it
(AR 7.1-7.9, 7.11; digest 4.5-4.6).

A marker played face up is a `MarkerPlayed` (hand → Played Markers); its effect follows in
the log: dice, draws, returns, pieces raised or removed. The timing of every marker is
AR 7.9's text:

- own Movement Phase: Bait the Redcoats/Bluecoats; Minutemen "at the start of any of your
  Movement Phases"; enemy Movement Phase: Privateers; a Campaign Phase (battles, forced
  marches, interceptions): Tactics (AR 7.11), Tarleton's Quarter, Shot Heard Round the
  World; Committee of Correspondence, Spy: any phase; Master Plan "at any time other than
  during a combat resolution";
- the Political Phase: Debate in Parliament, Speculators, the American's Indians;
- the Mobilization Phase: Drillmaster, Hessians, the British Indians, Leader Arises,
  Pulaski;
- "the start of any Point & Marker Adjustment Phase" (the Supply Phase's last part, before
  any marker is returned): Mutiny & Treason;
- "the end of turn phase": Politicking Among Generals.

Whose Movement Phase it is: the First Player moves first (AR 5.1 V); once the Second Player
has marched in a Campaign Phase, it is his. A marker the log cannot place (the First
Player's phase before anyone marched) is read in the player's favour.

AR 7.7: a marker goes back to the pool as soon as it is played, except a once-per-game
marker (Shot Heard Round the World: set aside, "permanently remove"), Mutiny & Treason
("give this marker to your opponent"; to the pool with the Spy that negates it) and Leader
Arises (it stays as a leader until the Enlistment Phase; the fixture's leader counter
stands for it, so the marker itself may go back at once). AR 7.2: in the Supply Phase each
side returns half its hand, rounded down, chosen by him; Mutiny & Treason's returns come
first and do not count toward it. AR 7.3: "If the pool is empty, no more markers can be
picked". AR 7.5: "Unless specifically prohibited in its explanation, a marker may be used in
the same phase it was acquired" (a permission: never illegal).

The rulebook wins over the digest: AR 7.1(1) says "During the Political Phase, you may
purchase the right to randomly pick campaign markers" and also "Political points are used
to purchase Campaign Markers in the Mobilization Phase" (AR 5.1 III); the digest (AR-CM-02,
8 A3) keeps only the Mobilization Phase. Read in the player's favour, a draw in either is
legal; a draw in any other phase with no marker or battle to explain it is not. Committee
of Correspondence cites "28.1" for the partisan roll, which is AR 29.2. The digest lists
Engineers (AR-CM-14, the fortress rules) and post-battle draws (AR-CM-03, combat)
elsewhere.
"""

from __future__ import annotations

from collections.abc import Iterator

from adjudicator.systems.american_revolution.actions import (
    DiceRolled,
    MapMarkerPlaced,
    MarkerMoved,
    MarkerPlayed,
    MarkersDrawn,
    MarkersReturned,
    Raised,
    UnitsRemoved,
)
from adjudicator.systems.american_revolution.data import FormationType, LocaleKind
from adjudicator.systems.american_revolution.procedure import (
    CAMPAIGNS,
    END,
    MOBILIZATION,
    POLITICAL,
    SUPPLY,
    TURN,
)
from adjudicator.systems.american_revolution.rules.context import Context
from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.places import Place, PlaceKind
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.common.sequencer import NewTurn, PhaseShown

FAMILY = RuleFamily(
    "action markers",
    frozenset({"AR-CM-02", "AR-CM-04", "AR-CM-05", "AR-CM-06", "AR-CM-08", "AR-CM-09",
               *(f"AR-CM-{n}" for n in (10, 11, 12, 13, *range(15, 29)))}),
    actions=(MarkerPlayed, MarkersDrawn, MarkersReturned, MarkerMoved, Raised, UnitsRemoved,
             PhaseShown, NewTurn, MapMarkerPlaced))

RULE_OF = {"bait": "AR-CM-10", "committee": "AR-CM-11", "debate": "AR-CM-12",
           "drillmaster": "AR-CM-13", "hessians": "AR-CM-15", "indians": "AR-CM-16",
           "leader_arises": "AR-CM-17", "master_plan": "AR-CM-18", "minutemen": "AR-CM-19",
           "mutiny": "AR-CM-20", "politicking": "AR-CM-21", "privateers": "AR-CM-22",
           "pulaski": "AR-CM-23", "shot_heard": "AR-CM-24", "speculators": "AR-CM-25",
           "spy": "AR-CM-26", "tarleton": "AR-CM-27", "tactics": "AR-CM-28"}
"""Each action or tactics marker's catalog rule (AR 7.9, 7.11)."""
ANY = "any"
OWN_MOVE = "own Movement Phase"
START_OF_OWN_MOVE = "start of own Movement Phase"
ENEMY_MOVE = "enemy Movement Phase"
CAMPAIGN = "Campaign Phase"
WHEN: dict[str, tuple[str, str]] = {
    "bait": (OWN_MOVE, "during any friendly Movement Phase"),
    "committee": (ANY, "during a 2nd or 3rd Movement Phase, or during any phase"),
    "debate": (POLITICAL, "during the Political Phase"),
    "drillmaster": (MOBILIZATION, "during any Mobilization Phase"),
    "hessians": (MOBILIZATION, "during any Mobilization Phase"),
    "leader_arises": (MOBILIZATION, "during any Mobilization Phase"),
    "master_plan": (ANY, "at any time other than during a combat resolution"),
    "minutemen": (START_OF_OWN_MOVE, "at the start of any of your Movement Phases"),
    "mutiny": (SUPPLY, "at the start of any Point & Marker Adjustment Phase"),
    "politicking": (END, "during the end of turn phase"),
    "privateers": (ENEMY_MOVE, "during any enemy Movement Phase as your opponent is "
                               "starting a naval move"),
    "pulaski": (MOBILIZATION, "during any Mobilization Phase"),
    "shot_heard": (CAMPAIGN, "after any battle"),
    "speculators": (POLITICAL, "during any Political Phase"),
    "spy": (ANY, "at any time"),
    "tarleton": (CAMPAIGN, "at the start of any battle"),
    "tactics": (CAMPAIGN, "at the start of a 2nd or 3rd Movement Phase, in an enemy "
                          "Movement Phase (interception) or in battle"),
}
"""Each marker's phase and AR 7.9's words for it (Indians: by side, below)."""
INDIANS_WHEN = {"GB": (MOBILIZATION, "the British play it during any Mobilization Phase"),
                "US": (POLITICAL, "the American plays it during any Political Phase")}
UNTIED = {
    "drillmaster": "the regulars the American recruits with it (up to the leader's value, at "
                   "two political points each) cannot be told in the log from those bought "
                   "normally in the same phase",
    "pulaski": "the free regular or light unit cannot be told in the log from those bought "
               "normally in the same phase",
    "bait": "the markers its die gives cannot be told in the log from the battle draws of the "
            "same Campaign Phase",
    "tarleton": "the log does not tie the play to a battle's locale (no play where a massacre "
                "took place), nor its doubled draws to that battle",
    "privateers": "the log does not tie the play to the naval move it stalls, nor the carried "
                  "units' later moves to it",
}
"""Effects the log cannot tie to the marker played (unchecked, with the reason)."""
BATTLE_BOXES = (Place(PlaceKind.ZONE, "battle_US"), Place(PlaceKind.ZONE, "battle_GB"))
DECK = "deck"
SET_ASIDE = ("box:set_aside", "box:removed")
LEADER_POOL = {"US": "box:leader_pool_US", "GB": "box:leader_pool_GB"}
ARISES = {"leader_arises_us": "US", "leader_arises_gb": "GB"}
"""The leader counters that stand for a played Leader Arises marker."""


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """Markers played out of time, their effects, draws, returns and where played markers
    go."""
    if ctx.phase == "setup":
        return
    if isinstance(action, MarkerPlayed):
        yield from _played(action, ctx)
    elif isinstance(action, MarkersDrawn):
        yield from _drawn(action, ctx)
        yield from _speculated(action, ctx, draw=True)
    elif isinstance(action, MarkersReturned):
        yield from _speculated(action, ctx, draw=False)
    elif isinstance(action, MarkerMoved):
        yield from _moved(action, ctx)
    elif isinstance(action, Raised):
        yield from _raised(action, ctx)
    elif isinstance(action, UnitsRemoved):
        yield from _politicking(action, ctx)
    elif isinstance(action, PhaseShown | NewTurn):
        yield from _phase_end(action, ctx)
    elif isinstance(action, MapMarkerPlaced) and action.kind == "partisan":
        yield from _committee(action, ctx)


def _shown(ctx: Context) -> str | None:
    """The phase, when the log's Phase marker shows it this turn (None: only inferred)."""
    last = ctx.proc.last_shown()
    if last is None or last.turn != ctx.proc.position.moment.turn or last.phase != ctx.phase:
        return None
    return ctx.phase


def _who(side: str | None) -> str:
    return "American" if side == "US" else "British"


def _phase_name(phase: str | None) -> str:
    return TURN.stage(phase).name if phase is not None else "unknown phase"


def _enemy(side: str | None) -> str:
    return "GB" if side == "US" else "US"


# ---------------------------------------------------------------------------- timing


def _played(action: MarkerPlayed, ctx: Context) -> Iterator[Outcome]:
    marker = action.marker
    rule = RULE_OF.get(marker)
    yield Check.done("AR-CM-08")
    if marker == "spy":
        yield Check.reminder("AR-CM-09", action.step,
                             "a Spy was played: it lets its player examine the enemy units "
                             "in one colonial region or off-map box, or the enemy's whole "
                             "hand; without one nobody may look at the enemy's markers")
    if rule is None or _shown(ctx) is None:
        return  # timing is judged on phases the log shows
    name = ctx.data.markers[marker].name if marker in ctx.data.markers else marker
    when, words = INDIANS_WHEN.get(action.side or "", (ANY, "")) if marker == "indians" \
        else WHEN.get(marker, (ANY, ""))
    late = _out_of_time(action, ctx, when)
    if late is not None:
        yield Check.illegal(rule, action.step,
                            f"the {_who(action.side)} player played {name} in the "
                            f"{_phase_name(ctx.phase)}{late}: AR 7.9 says to play it "
                            f"{words}", pieces=(name,))
        return
    if marker == "master_plan" and any(True for box in BATTLE_BOXES
                                       for _ in ctx.state.at(box)):
        yield Check.illegal(rule, action.step,
                            f"the {_who(action.side)} player played Master Plan during a "
                            "battle: it may be played at any time other than during a "
                            "combat resolution", pieces=(name,))
        return
    yield Check.done(rule)
    if marker == "bait":
        yield from _bait(action, ctx, name)
    if marker in UNTIED and (marker != "drillmaster" or action.side == "US"):
        yield Check.unchecked(rule, action.step, f"{name}: {UNTIED[marker]}", pieces=(name,))


def _out_of_time(action: MarkerPlayed, ctx: Context, when: str) -> str | None:
    """Why the marker is out of time (None: in time, or the log cannot tell)."""
    phase = ctx.phase
    side = action.side
    if when == ANY:
        return None
    if when in (POLITICAL, MOBILIZATION, SUPPLY, END):
        if phase != when:
            return ""
        if when == SUPPLY and ctx.proc.noted_in(SUPPLY, MarkersReturned):
            return " after markers had been returned"
        return None
    if phase not in CAMPAIGNS:
        return ""
    if when == CAMPAIGN:
        return None
    first, second = ctx.proc.first, ctx.proc.second
    if first is None or side is None:
        return None
    second_marched = ctx.proc.marches.of(second) > 0 if second is not None else False
    if when in (OWN_MOVE, START_OF_OWN_MOVE):
        if side == first and second_marched:
            return ", during the Second Player's turn to move"
        if when == START_OF_OWN_MOVE and ctx.proc.marches.of(side) > 0:
            return " after his forces had begun to move"
        return None
    if side == second and second_marched:
        return " during his own Movement Phase"
    return None


def _bait(action: MarkerPlayed, ctx: Context, name: str) -> Iterator[Outcome]:
    side = action.side
    for locale in ctx.data.locales:
        entities = ctx.state.in_locale(locale)
        if any(e.kind == "partisan" and e.key == side for e in entities) and any(
                e.kind == "unit" and _side_of(ctx, e.key) == _enemy(side) for e in entities):
            return
    yield Check.illegal("AR-CM-10", action.step,
                        f"the {_who(side)} player played {name} but no locale holds both a "
                        "friendly partisan and enemy combat units: AR 7.9 says to indicate "
                        "such a locale", pieces=(name,))


def _side_of(ctx: Context, formation: str) -> str | None:
    found = ctx.data.formations.get(formation)
    return str(found.side) if found is not None else None


# ---------------------------------------------------------------------------- draws


def _drawn(action: MarkersDrawn, ctx: Context) -> Iterator[Outcome]:
    side = action.side
    yield Check.done("AR-CM-05")  # drawn from the pool: it held them
    phase = _shown(ctx)
    if phase == MOBILIZATION:
        yield Check.done("AR-CM-02")
        return
    if phase is None or phase in CAMPAIGNS:
        return  # after battles (AR-CM-03), Bait the Redcoats
    if phase == POLITICAL:
        yield Check.done("AR-CM-02")  # AR 7.1(1): the right to pick is bought then too
        return
    yield Check.illegal("AR-CM-02", action.step,
                        f"the {_who(side)} player drew {action.count} campaign marker(s) "
                        f"in the {_phase_name(phase)} with no marker that lets him: "
                        "markers are bought in the Mobilization Phase (AR 5.1 III, 7.1)",
                        expected="no draw", observed=str(action.count))


def _dice_after(ctx: Context, side: str | None, step: int) -> list[int]:
    """The single dice a side rolled this phase after a step."""
    return [d for roll in ctx.proc.phase_dice
            if roll.side == side and roll.step > step for d in roll.dice]


def _play_step(ctx: Context, side: str | None, marker: str) -> int | None:
    steps = [p.step for p in ctx.proc.played if p.side == side and p.marker == marker]
    return steps[-1] if steps else None


def _speculated(action: MarkersDrawn | MarkersReturned, ctx: Context, *,
                draw: bool) -> Iterator[Outcome]:
    side = action.side
    if ctx.phase != POLITICAL:
        return
    step = _play_step(ctx, side, "speculators")
    if step is None:
        return
    dice = _dice_after(ctx, side, step)
    if len(dice) < 2:
        yield Check.unchecked("AR-CM-25", action.step,
                              "Speculators' two dice are not both in the log before this "
                              "draw or return")
        return
    first, count = dice[0], dice[1]
    wants_draw = first >= 3
    same = [a for a in ctx.proc.noted_in(POLITICAL, MarkersDrawn if draw else MarkersReturned)
            if a.side == side and a.step > step]
    total = sum(a.count for a in same if isinstance(a, MarkersDrawn | MarkersReturned)) \
        + action.count
    allowed = count + (1 if draw and side == "US" and ctx.proc.has_played(side, "indians")
                       else 0)
    verb = "drew" if draw else "returned"
    if wants_draw != draw:
        yield Check.illegal("AR-CM-25", action.step,
                            f"Speculators rolled {first}, then {count}: on 1-2 the player "
                            "randomly returns that many markers, on 3-6 he picks that many "
                            f"free; the {_who(side)} player {verb} markers instead",
                            expected=("pick " if wants_draw else "return ") + str(count),
                            observed=f"{verb} {total}")
    elif total > allowed:
        yield Check.illegal("AR-CM-25", action.step,
                            f"Speculators rolled {first}, then {count}: the {_who(side)} "
                            f"player {verb} {total} markers, more than the second die",
                            expected=f"at most {allowed}", observed=str(total))
    else:
        yield Check.done("AR-CM-25")


# ---------------------------------------------------------------------------- after play


def _moved(action: MarkerMoved, ctx: Context) -> Iterator[Outcome]:
    marker = ctx.data.markers.get(action.marker)
    name = marker.name if marker is not None else "campaign"
    if action.origin is None:
        if ctx.state.count("marker", Place(PlaceKind.DECK)) == 0:
            yield Check.illegal("AR-CM-05", action.step,
                                "a campaign marker was put into the {_who(action.side)} hand "
                                "while the pool was empty: no more markers can be picked "
                                "until some are returned to the pool")
        return
    if action.origin != "zone:played":
        return
    where = action.destination
    expected: tuple[str, ...]
    if marker is not None and marker.once_per_game:
        expected, words = SET_ASIDE, "set aside for the rest of the game"
    elif action.marker == "mutiny":
        opponent = f"hand:{_enemy(action.side)}"
        expected, words = (opponent,), "given to the opponent"
        if any(p.marker == "spy" and p.side != action.side for p in ctx.proc.played):
            expected, words = (opponent, DECK), "given to the opponent (or, negated by a " \
                                                "Spy, returned to the pool)"
    else:
        expected, words = (DECK,), "returned to the pool"
    if where in expected:
        yield Check.done("AR-CM-06")
    else:
        yield Check.illegal("AR-CM-06", action.step,
                            f"the played {name} marker went to {_place_name(where)}: once "
                            f"played it is {words} (AR 7.7)", pieces=(name,),
                            expected=" or ".join(_place_name(p) for p in expected),
                            observed=_place_name(where))


def _place_name(place: str | None) -> str:
    names = {"deck": "the pool", "hand:US": "the American hand", "hand:GB": "the British hand",
             "box:set_aside": "Set Aside", "box:removed": "Removed From Play",
             None: "nowhere (deleted)"}
    return names.get(place, place or "nowhere")


# ---------------------------------------------------------------------------- pieces


def _raised(action: Raised, ctx: Context) -> Iterator[Outcome]:
    side = action.side
    if action.entity == "leader" and action.key in ARISES:
        yield from _arises(action, ctx)
        return
    formation = ctx.data.formations.get(action.key)
    if formation is None:
        return
    if formation.type is FormationType.HESSIAN and ctx.phase == MOBILIZATION:
        if ctx.proc.has_played("US", "hessians"):
            step = _play_step(ctx, "US", "hessians")
            yield Check.illegal("AR-CM-15", action.step,
                                "a Hessian was recruited after the American played Hessians "
                                f"(step {step}): it prevents all British recruiting of "
                                "Hessian units this turn",
                                spaces=(action.locale,), pieces=("Hessian",))
        elif ctx.proc.has_played("GB", "hessians"):
            yield Check.done("AR-CM-15")
    if formation.type is FormationType.MILITIA and ctx.phase in CAMPAIGNS and \
            ctx.proc.has_played(side, "minutemen"):
        yield from _minutemen(action, ctx)
    if side == "GB" and ctx.phase == MOBILIZATION and formation.type in (
            FormationType.REGULAR, FormationType.LIGHT) and \
            action.locale != "britain_box" and ctx.proc.has_played("GB", "drillmaster"):
        yield from _drillmaster(action, ctx)


def _arises(action: Raised, ctx: Context) -> Iterator[Outcome]:
    side = ARISES[action.key]
    name = ctx.leader_name(action.key)
    if ctx.phase != MOBILIZATION or not ctx.proc.has_played(side, "leader_arises"):
        yield Check.illegal("AR-CM-17", action.step,
                            f"{name} came into play in {ctx.name(action.locale)} with no "
                            "Leader Arises marker played in this Mobilization Phase",
                            spaces=(action.locale,), pieces=(name,))
        return
    if not any(e.kind == "unit" and _side_of(ctx, e.key) == side
               for e in ctx.state.in_locale(action.locale)):
        yield Check.illegal("AR-CM-17", action.step,
                            f"{name} was placed in {ctx.name(action.locale)}, where there is "
                            "no friendly combat unit: Leader Arises is played atop a "
                            "friendly combat unit", spaces=(action.locale,), pieces=(name,))
        return
    yield Check.done("AR-CM-17")


def _minutemen(action: Raised, ctx: Context) -> Iterator[Outcome]:
    side = action.side
    step = _play_step(ctx, side, "minutemen") or 0
    plays = sum(1 for p in ctx.proc.played if p.side == side and p.marker == "minutemen")
    militia = [r for r in ctx.proc.raised if r.side == side and r.step > step
               and r.key.endswith("_militia")]
    name = ctx.unit_name(action.key)
    where = ctx.name(action.locale)
    if len(militia) + 1 > plays:
        yield Check.illegal("AR-CM-19", action.step,
                            f"a second {name} came into play in {where} after Minutemen: "
                            "the marker mobilizes one militia unit",
                            spaces=(action.locale,), pieces=(name,))
        return
    locale = ctx.data.locales.get(action.locale)
    region = ctx.data.region_of(action.locale)
    loyalty = ctx.state.level("loyalty", region.id) if region is not None else None
    pro = loyalty is not None and (loyalty > 0 if side == "US" else loyalty < 0)
    if region is not None and region.colonial and loyalty is None:
        yield Check.unchecked("AR-CM-19", action.step,
                              f"the {region.name} Loyalty marker is not on its track: whether "
                              "the region is pro the side is not known",
                              spaces=(action.locale,), pieces=(name,))
        return
    if locale is None or locale.kind not in (LocaleKind.TOWN, LocaleKind.WILDERNESS) \
            or region is None or not region.colonial or not pro:
        yield Check.illegal("AR-CM-19", action.step,
                            f"Minutemen put a {name} in {where}: it must go in a town or "
                            "wilderness locale of a colonial region that is pro your side"
                            + (f" (Loyalty there is {loyalty:+d})" if loyalty is not None
                               else ""), spaces=(action.locale,), pieces=(name,))
        return
    enemy = _enemy(side)
    if any((e.kind == "unit" and _side_of(ctx, e.key) == enemy)
           or (e.kind == "partisan" and e.key == enemy)
           for e in ctx.state.in_locale(action.locale)):
        yield Check.illegal("AR-CM-19", action.step,
                            f"Minutemen put a {name} in {where}, which holds an enemy "
                            "combat unit or partisan: the chosen locale may not",
                            spaces=(action.locale,), pieces=(name,))
        return
    yield Check.done("AR-CM-19")


def _drillmaster(action: Raised, ctx: Context) -> Iterator[Outcome]:
    step = _play_step(ctx, "GB", "drillmaster") or 0
    plays = sum(1 for p in ctx.proc.played if p.side == "GB" and p.marker == "drillmaster")
    swaps = [r for r in ctx.proc.raised if r.side == "GB" and r.step > step
             and r.key in ("gb_regular", "gb_light") and r.locale != "britain_box"]
    name = ctx.unit_name(action.key)
    where = ctx.name(action.locale)
    entities = ctx.state.in_locale(action.locale)
    if len(swaps) + 1 > plays:
        yield Check.illegal("AR-CM-13", action.step,
                            f"a second {name} replaced militia in {where}: the British "
                            "Drillmaster replaces one militia unit",
                            spaces=(action.locale,), pieces=(name,))
    elif not any(e.kind == "leader" and ctx.data.leaders.get(e.key) is not None
                 and str(ctx.data.leaders[e.key].side) == "GB" for e in entities):
        yield Check.illegal("AR-CM-13", action.step,
                            f"Drillmaster put a {name} in {where}, where there is no British "
                            "leader: it replaces a militia unit in the designated leader's "
                            "locale", spaces=(action.locale,), pieces=(name,))
    elif not any(e.kind == "unit" and e.key == "gb_militia" for e in entities) and not any(
            isinstance(r, UnitsRemoved) and r.locale == action.locale and r.step > step
            and "gb_militia" in r.units for r in ctx.proc.noted_in(MOBILIZATION, UnitsRemoved)):
        yield Check.illegal("AR-CM-13", action.step,
                            f"Drillmaster put a {name} in {where}, where no Tory Militia "
                            "stood to be replaced", spaces=(action.locale,), pieces=(name,))
    else:
        yield Check.done("AR-CM-13")


def _politicking(action: UnitsRemoved, ctx: Context) -> Iterator[Outcome]:
    if ctx.phase != END or not action.leaders:
        return
    player = _enemy(action.side)
    step = _play_step(ctx, player, "politicking")
    if step is None:
        return
    for leader in action.leaders:
        name = ctx.leader_name(leader)
        if leader == "washington":
            yield Check.illegal("AR-CM-21", action.step,
                                "Politicking Among Generals removed Washington: it names an "
                                "enemy leader in play other than Washington",
                                spaces=(action.locale,), pieces=(name,))
            continue
        dice = _dice_after(ctx, player, step)
        if not dice:
            yield Check.unchecked("AR-CM-21", action.step,
                                  f"{name} was removed after Politicking Among Generals with "
                                  "no die in the log", pieces=(name,))
            continue
        die = dice[0]
        pool = LEADER_POOL.get(action.side or "")
        if die >= 4:
            yield Check.illegal("AR-CM-21", action.step,
                                f"Politicking Among Generals rolled {die} (no effect on 4-6) "
                                f"but {name} was removed", spaces=(action.locale,),
                                pieces=(name,), expected="no effect", observed="removed")
        elif die == 1 and action.to == pool:
            yield Check.illegal("AR-CM-21", action.step,
                                f"Politicking Among Generals rolled 1: {name} is permanently "
                                "removed from play, not returned to the leader pool",
                                spaces=(action.locale,), pieces=(name,),
                                expected="removed from play", observed="leader pool")
        elif die in (2, 3) and action.to != pool:
            yield Check.illegal("AR-CM-21", action.step,
                                f"Politicking Among Generals rolled {die}: {name} returns to "
                                "the leader pool", spaces=(action.locale,), pieces=(name,),
                                expected="leader pool", observed=_place_name(action.to))
        else:
            yield Check.done("AR-CM-21")


def _committee(action: MapMarkerPlaced, ctx: Context) -> Iterator[Outcome]:
    """A partisan placed outside the Mobilization Phase after Committee of Correspondence:
    a colonial region pro the side, and the AR 29.2 roll of 4-6 still made."""
    side = action.side
    step = _play_step(ctx, side, "committee")
    if (action.origin or "").startswith("space:"):
        return  # moved from a locale: not a placement
    if step is None or _shown(ctx) in (None, MOBILIZATION):
        return  # a Mobilization Phase partisan may be bought (AR 29.2): not tied to it
    where = ctx.name(action.locale)
    what = "Rebel Partisan" if side == "US" else "Tory Partisan"
    region = ctx.data.region_of(action.locale)
    loyalty = ctx.state.level("loyalty", region.id) if region is not None else None
    pro = loyalty is not None and (loyalty > 0 if side == "US" else loyalty < 0)
    if region is not None and region.colonial and loyalty is None:
        yield Check.unchecked("AR-CM-11", action.step,
                              f"the {region.name} Loyalty marker is not on its track: whether "
                              "the region is pro the side is not known",
                              spaces=(action.locale,), pieces=(what,))
        return
    if region is None or not region.colonial or not pro:
        yield Check.illegal("AR-CM-11", action.step,
                            f"Committee of Correspondence placed a {what} in {where}: it "
                            "places a friendly partisan in a colonial region that is pro your "
                            "side" + (f" (Loyalty there is {loyalty:+d})" if loyalty is not None
                                      else ""), spaces=(action.locale,), pieces=(what,))
        return
    dice = _dice_after(ctx, side, step)
    if not dice:
        yield Check.unchecked("AR-CM-11", action.step,
                              f"a {what} was placed in {where} after Committee of "
                              "Correspondence with no placement die in the log",
                              spaces=(action.locale,), pieces=(what,))
    elif dice[-1] <= 3:
        yield Check.illegal("AR-CM-11", action.step,
                            f"Committee of Correspondence's placement die was {dice[-1]}, yet "
                            f"a {what} was placed in {where}: you must still roll, and on "
                            "1-3 no partisan is placed (AR 29.2)",
                            spaces=(action.locale,), pieces=(what,), expected="4-6",
                            observed=str(dice[-1]))
    else:
        yield Check.done("AR-CM-11")


# ---------------------------------------------------------------------------- returns


def _phase_end(action: PhaseShown | NewTurn, ctx: Context) -> Iterator[Outcome]:
    """The turn advancing: each side returned half its hand in the Point & Marker
    Adjustment (AR 7.2, 5.1 VI.C.2). Returns made late, in the End of Turn Phase, are
    counted too (read in the player's favour). The procedure is already in the new turn:
    the turn left is the one of the last phase the log showed."""
    if not isinstance(action, NewTurn):
        return
    last = ctx.proc.last_shown()
    if last is None or last.phase not in (SUPPLY, END):
        return
    for side in ("US", "GB"):
        yield from _returns(action, ctx, last.turn, side)


def _returns(action: Action, ctx: Context, turn: str | None, side: str) -> Iterator[Outcome]:
    def of(*kinds: type[Action]) -> list[Action]:
        return [*ctx.proc.noted_of(turn, SUPPLY, *kinds), *ctx.proc.noted_of(turn, END, *kinds)]

    returns = [a for a in of(MarkersReturned) if a.side == side]
    played = [a for a in of(MarkerPlayed) if isinstance(a, MarkerPlayed)]
    held_now = ctx.state.count("marker", Place(PlaceKind.HAND, side))
    mutiny = [p for p in played if p.marker == "mutiny" and p.side != side]
    negated = bool(mutiny) and any(p.marker == "spy" and p.side == side
                                   and p.step >= mutiny[-1].step for p in played)
    extra_max = 0
    if mutiny and not negated:
        dice = [d for roll in of(DiceRolled) if isinstance(roll, DiceRolled)
                and roll.side == _enemy(side) and roll.step > mutiny[-1].step
                for d in roll.dice]
        if not dice:
            yield Check.unchecked("AR-CM-04", action.step,
                                  "Mutiny & Treason's die is not in the log: the "
                                  f"{_who(side)} half-hand return cannot be counted")
            return
        extra_max = dice[0]
    total = sum(a.count for a in returns if isinstance(a, MarkersReturned))
    passed = any(isinstance(a, MarkerMoved) and a.marker == "mutiny"
                 and a.destination == f"hand:{side}" for a in of(MarkerMoved))
    held = held_now + total
    fits = []
    for hand in ({held, held - 1} if passed else {held}):
        extra = min(extra_max, hand)
        fits.append(extra + (hand - extra) // 2)
    if total == 0 and not (mutiny and not negated):
        return  # the return skipped altogether: AR-SEQ-03's reminder at the turn advance
    if total in fits:
        yield Check.done("AR-CM-04")
        if mutiny and not negated:
            yield Check.done("AR-CM-20")
        return
    yield Check.illegal("AR-CM-04", action.step,
                        f"the {_who(side)} player held {held} campaign markers in the Point "
                        f"& Marker Adjustment Phase and returned {total}: half the hand, "
                        "rounded down, goes back to the pool"
                        + (f" after Mutiny & Treason's {extra_max}" if extra_max else ""),
                        expected=" or ".join(str(n) for n in sorted(set(fits))),
                        observed=str(total))


__all__ = ["FAMILY", "judge"]
