"""How messages name what a card did: the Generals it moved and where, the spaces whose
PCs changed, the reinforcements and where they came (so a finding says which, not only
how many)."""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.systems.washingtons_war.procedure import Activation, Arrival, PcChange
from adjudicator.systems.washingtons_war.rules.context import Context, listed


def pc_changes_text(changes: Sequence[PcChange], ctx: Context) -> str:
    """PC changes in words: `placed a PC in Augusta and flipped the PCs in Boston and
    Salem`."""
    parts = []
    for action, one, many in (("place", "placed a PC in", "placed PCs in"),
                              ("flip", "flipped the PC in", "flipped the PCs in"),
                              ("remove", "removed the PC in", "removed the PCs in")):
        spaces = list(dict.fromkeys(c.space for c in changes if c.action == action))
        if spaces:
            parts.append(f"{one if len(spaces) == 1 else many} {ctx.space_names(spaces)}")
    return " and ".join(parts)


def arrivals_text(arrivals: Sequence[Arrival], ctx: Context) -> str:
    """Reinforcements in words: `Greene and 2 CUs to Boston`."""
    parts = []
    for arrival in arrivals:
        cus = sum(n for _, n in arrival.cu)
        what = [ctx.general_name(g) for g in arrival.generals]
        if cus:
            what.append(f"{cus} CU{'s' if cus != 1 else ''}")
        parts.append(f"{listed(what) or 'units'} to {ctx.space_name(arrival.space)}")
    return "; ".join(parts)


def moves_text(activations: Sequence[Activation], ctx: Context) -> str:
    """Generals moved, in words: `Washington (Boston → Hartford) and Greene`."""
    return listed(_move(a, ctx) for a in activations)


def _move(activation: Activation, ctx: Context) -> str:
    name = ctx.general_name(activation.general)
    if not activation.legs:
        return name
    return (f"{name} ({ctx.space_name(activation.legs[0].origin)} → "
            f"{ctx.space_name(activation.legs[-1].destination)})")


__all__ = ["arrivals_text", "moves_text", "pc_changes_text"]
