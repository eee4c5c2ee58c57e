"""Discarding an Event card as a play for one minor action (WW 6.32.B, 10.12.B; T13).

WW 6.32.B: "When a player discards an Event Strategy Card as his play during the Strategy
Phase, he also takes *one* of the following actions: (i) the card is simply discarded ...;
(ii) place or flip one PC adjacent to a friendly PC subject to the additional restrictions
in Rule 10.11; or (iii) remove one enemy PC from a space which is adjacent to a space
containing a friendly PC counter and that is not occupied by an enemy CU, an American
General or the Continental Congress." WW 10.12.B adds that the adjacency "applies to both
sides in this case". Play Note: "An OPS Card cannot be discarded to remove an opponent's PC
marker. Only an Event card (even a friendly Event, but not a Special Event) can."

The log never says whether an Event was played or discarded (both go to the discard pile),
so a card is judged as a discard only when the play proves it: the opponent took it in
exchange (WW 6.32.C: only a discarded Event can be taken), or it bears the opponent's flag
(WW 6.32.A: such a card *must* be discarded). Any other Event's PC changes may be its own
text (WW 10.12.A), which the card list lacks: then the minor-action limits are judged only
where both readings agree — a single change within them is legal either way; anything else
is unchecked, naming the missing card text.

What changed is read per space over the whole impulse (first marker before, last after), so
a flip made as "remove, then place" is one flip. Friendly PCs are those before the card.
For the British, ports count as adjacent to each other (WW 10.11.B Important): read
leniently for a discard too, so no legal play is called illegal.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from adjudicator.systems.common.actions import Action
from adjudicator.systems.common.outcomes import Check, Outcome
from adjudicator.systems.common.rulebook import RuleFamily
from adjudicator.systems.washingtons_war.actions import ImpulseEnded
from adjudicator.systems.washingtons_war.data import Card, CardKind, Side
from adjudicator.systems.washingtons_war.procedure import Impulse
from adjudicator.systems.washingtons_war.rules.context import Context
from adjudicator.systems.washingtons_war.state import other

FAMILY = RuleFamily("event_discard", frozenset({"WW-CARD-05", "WW-CARD-06", "WW-PC-07"}),
                    positional=frozenset({"WW-CARD-05", "WW-PC-07"}),
                    actions=(ImpulseEnded,))
MINOR_ACTIONS = 1
"""WW 6.32.B: a discarded Event allows *one* minor action."""
NEEDS_TEXT = ("card texts",)


@dataclass(frozen=True, slots=True)
class NetChange:
    """What one space's PC did over a whole impulse."""

    space: str
    before: Side | None
    after: Side | None
    step: int
    maybe_phase: bool = False
    """The last change may as well be the Political Control Phase's (`PcChange`)."""

    @property
    def action(self) -> str:
        """`place`, `flip` or `remove`."""
        if self.before is None:
            return "place"
        return "remove" if self.after is None else "flip"


def judge(action: Action, ctx: Context) -> Iterator[Outcome]:
    """The discard rules of one ended impulse."""
    if not isinstance(action, ImpulseEnded):
        return
    impulse = action.impulse
    changes = net_changes(impulse)
    card = ctx.card(impulse.card)
    if not changes or card is None or impulse.activations:
        return
    if card.kind is CardKind.OPS:
        yield from _ops_never_removes(impulse, card, changes, ctx)
    elif not card.special:
        yield from _minor_action(impulse, card, changes, ctx)


def net_changes(impulse: Impulse) -> list[NetChange]:
    """The impulse player's PC changes, one per space, first `before` to last `after`
    (a change that came back to where it started is none)."""
    first: dict[str, NetChange] = {}
    for change in impulse.pcs:
        seen = first.get(change.space)
        before = seen.before if seen is not None else change.before
        first[change.space] = NetChange(change.space, before, change.after, change.step,
                                        change.maybe_phase)
    return [c for c in first.values() if c.before != c.after]


def _ops_never_removes(impulse: Impulse, card: Card, changes: list[NetChange],
                       ctx: Context) -> Iterator[Outcome]:
    """WW-CARD-06 (WW 6.32.B Play Note): an OPS card places or flips PCs (WW 10.11); it can
    never be discarded to remove an enemy PC."""
    for change in changes:
        if change.action == "remove":
            yield Check.illegal("WW-CARD-06", change.step, f"an enemy PC was removed from "
                                f"{ctx.space_name(change.space)} with {card.name}, an OPS "
                                "card: only a discarded Event card removes a PC (WW 6.32.B "
                                "Play Note)", spaces=(change.space,))
    yield Check.done("WW-CARD-06")


def proven_discard(impulse: Impulse, card: Card) -> str | None:
    """Why the play shows the Event was discarded, or None if it may have been the event."""
    if impulse.exchanged:
        return "the opponent took it in exchange (WW 6.32.C)"
    if card.flag is not None and card.flag.value == other(impulse.side).value:
        return f"it bears the {other(impulse.side).value} flag and must be discarded (WW 6.32.A)"
    return None


def _minor_action(impulse: Impulse, card: Card, changes: list[NetChange],
                  ctx: Context) -> Iterator[Outcome]:
    """WW-CARD-05 and WW-PC-07 for an Event card's PC changes."""
    proof = proven_discard(impulse, card)
    problems = _discard_problems(impulse, changes, ctx)
    if problems is None:
        yield Check.unchecked("WW-PC-07", changes[0].step, "no known connection joins "
                              f"{ctx.space_names(c.space for c in changes)} to a friendly "
                              "PC", needs=("map connections",))
        return
    for change, doubt in _american_removal_doubt(impulse, changes, ctx):
        yield Check.unchecked("WW-PC-07", change.step, doubt, spaces=(change.space,))
    if not problems:
        yield Check.done("WW-CARD-05")
        yield Check.done("WW-PC-07")
        return
    if proof is None:
        for rule, change, problem in problems:
            yield Check.unchecked(rule, change.step, f"{card.name}'s PC changes would break "
                                  f"the one minor action of a discard ({problem}); they may "
                                  "be the event's own text, which the card list lacks",
                                  needs=NEEDS_TEXT, spaces=(change.space,))
        return
    certain = sum(1 for c in changes if not c.maybe_phase)
    for rule, change, problem in problems:
        if change.maybe_phase or (rule == "WW-CARD-05" and certain <= MINOR_ACTIONS):
            # Both hands are empty and the player's Army is there: the change may be the
            # Political Control Phase's (WW 10.2.2), not the discard's.
            yield Check.unchecked(rule, change.step, f"{card.name} was discarded ({proof}) "
                                  f"and {problem}, unless a change in a space with the "
                                  "player's Army was the Political Control Phase's (WW "
                                  "10.2.2): the log does not show the phase",
                                  spaces=(change.space,))
            continue
        yield Check.illegal(rule, change.step, f"{card.name} was discarded ({proof}), but "
                            f"{problem}", spaces=(change.space,))
    yield Check.done("WW-CARD-05")
    yield Check.done("WW-PC-07")


def _discard_problems(impulse: Impulse, changes: list[NetChange], ctx: Context
                      ) -> list[tuple[str, NetChange, str]] | None:
    """What in these changes a discard's one minor action does not allow; None when the
    adjacency cannot be judged (the map's connections are incomplete)."""
    problems: list[tuple[str, NetChange, str]] = []
    if len(changes) > MINOR_ACTIONS:
        listed = ", ".join(f"{c.action} in {ctx.space_name(c.space)}" for c in changes)
        problems.append(("WW-CARD-05", changes[1], f"{len(changes)} PC actions were taken "
                         f"({listed}); a discard allows one (WW 6.32.B)"))
    for change in changes:
        adjacent = _next_to_friendly(impulse, change, ctx)
        if adjacent is None:
            return None
        name = ctx.space_name(change.space)
        if not adjacent:
            problems.append(("WW-PC-07", change, f"{name} is not adjacent to a space with a "
                             f"{impulse.side.value} PC (WW 10.12.B, for both sides)"))
        problem = _restriction(impulse.side, change, ctx)
        if problem is not None:
            problems.append(("WW-PC-07", change, f"{name} {problem}"))
    return problems


def _american_removal_doubt(impulse: Impulse, changes: list[NetChange], ctx: Context
                            ) -> list[tuple[NetChange, str]]:
    """American removals of a British PC in a space with an American General or the
    Congress (and no British CU). WW 6.32.B.iii reads "not occupied by an enemy CU, an
    American General or the Continental Congress" for both sides, which taken literally
    forbids them; the digest's A14 reads the General and Congress clauses as shielding
    American PCs from British removal only. The text does not settle which: unchecked."""
    if impulse.side is not Side.AM:
        return []
    doubts = []
    for change in changes:
        here = ctx.state.space(change.space)
        if change.action != "remove" or here.cus_of(Side.BR):
            continue
        if here.generals_of(Side.AM, ctx.sides) or here.congress:
            doubts.append((change, f"an American discard removed the British PC in "
                           f"{ctx.space_name(change.space)}, where an American General or "
                           "the Congress stands: WW 6.32.B.iii literally forbids removal "
                           "there (\"not occupied by an enemy CU, an American General or "
                           "the Continental Congress\"), but the General and Congress "
                           "clauses may protect only American PCs from British removal "
                           "(digest A14); the rulebook does not settle which"))
    return doubts


def _next_to_friendly(impulse: Impulse, change: NetChange, ctx: Context) -> bool | None:
    """Whether the space is adjacent to one holding a friendly PC before the card (for the
    British, any port to any port; never along the Falmouth–Quebec line, adjacent "to
    Arnold only", WW 3.0 Adjacent); None when the map cannot tell."""
    side = impulse.side
    friendly = {space for space, holding in ctx.state.spaces()
                if space != change.space and impulse.pc_at_start(space, holding.pc) is side}
    if friendly & ctx.pc_neighbours(change.space):
        return True
    if side is Side.BR and ctx.is_port(change.space) and any(ctx.is_port(s) for s in friendly):
        return True
    return False if ctx.graph.complete else None


def _restriction(side: Side, change: NetChange, ctx: Context) -> str | None:
    """The WW 10.11 restriction (place, flip) or WW 6.32.B.iii's (remove) the change
    breaks, in words, or None."""
    here = ctx.state.space(change.space)
    enemy = other(side)
    if change.action == "remove":
        if here.cus_of(enemy) or (side is Side.BR and (
                here.generals_of(Side.AM, ctx.sides) or here.congress)):
            return ("holds an enemy CU, an American General or the Congress: no PC is "
                    "removed there (WW 6.32.B.iii)")
        return None
    if change.action == "place":
        if side is Side.AM and here.cus_of(Side.BR):
            return "holds British CUs: no American PC is placed there (WW 10.11.A.ii)"
        if side is Side.BR and here.has_units_of(Side.AM, ctx.sides):
            return "holds an American Unit: no British PC is placed there (WW 10.11.B.ii)"
        return None
    if side is Side.AM and not here.generals_of(Side.AM, ctx.sides):
        return "holds no American General: an American flip needs one (WW 10.11.A.iii)"
    if side is Side.BR and not (here.cus_of(Side.BR) and here.generals_of(Side.BR, ctx.sides)):
        return "holds no British Army: a British flip needs one (WW 10.11.B.iii)"
    return None


__all__ = ["FAMILY", "NetChange", "judge", "net_changes", "proven_discard"]
