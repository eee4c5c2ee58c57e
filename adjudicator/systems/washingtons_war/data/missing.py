"""The facts the checks need that the data still lacks, each with the key that supplies it."""

from __future__ import annotations

from adjudicator.systems.common.records import MissingFacts, once_per_object
from adjudicator.systems.washingtons_war.data.models import MissingFact, WWData
from adjudicator.systems.washingtons_war.data.vocabulary import (
    DECK_SIZE,
    RATING_NAMES,
    CardKind,
    Need,
)


def missing_facts(data: WWData) -> list[MissingFact]:
    """Every fact a check needs that the data still lacks, with the key that supplies it.

    Worked out once per data object in a process (the data is frozen): checking a
    thousand files with the same data derives them once, not once per file.
    """
    return list(_missing(data))


@once_per_object()
def _missing(data: WWData) -> tuple[MissingFact, ...]:
    return tuple(_derive(data))


def _derive(data: WWData) -> list[MissingFact]:
    """`missing_facts`, worked out."""
    gathered = MissingFacts(data.catalog, MissingFact)
    add = gathered.add

    if not data.map_status.spaces_complete:
        add(Need.SPACES, "map.spaces_complete",
            f"the rest of the printed map's spaces ({len(data.spaces)} known); add each as "
            "[spaces.<id>], then set map.spaces_complete = true")
    if not data.map_status.connections_complete:
        add(Need.CONNECTIONS, "map.connections_complete",
            f"the rest of the map's connections ({len(data.connections)} known); add each "
            "as [[connections]], then set map.connections_complete = true")
    for c in data.connections:
        if c.kind is None:
            add(Need.CONNECTIONS, f"connections[{c.a},{c.b}].kind",
                f"line type of {c.a}-{c.b}: normal (solid) or wilderness (dashed)")
    for s in data.spaces.values():
        if s.colony is None:
            add(Need.COLONIES, f"spaces.{s.id}.colony", f"colony of {s.name}")
        if s.winter_quarters is None:
            add(Need.WINTER_QUARTERS, f"spaces.{s.id}.winter_quarters",
                f"whether {s.name} is a square (Winter Quarters) space")
        if s.south_of_winter_line is None:
            add(Need.WINTER_LINE, f"spaces.{s.id}.south_of_winter_line",
                f"whether {s.name} is south of the Winter Attrition Line")
    rating_need = {"strategy": Need.STRATEGY, "battle": Need.BATTLE, "agility": Need.AGILITY}
    for g in data.generals.values():
        for name in RATING_NAMES:
            if g.rating(name).value is None:
                low, high = data.rating_bounds.of(name)
                add(rating_need[name], f"generals.{g.id}.{name}",
                    f"{g.name}'s {name} rating ({low}..{high})")
    total = sum(card.copies or 1 for card in data.cards.values())
    if total < DECK_SIZE or any(card.copies is None for card in data.cards.values()):
        add(Need.CARD_LIST, "cards", f"the card list: {total} of the {DECK_SIZE} cards are "
                                     "listed; add the others as [cards.<id>]")
    if not any(card.kind is CardKind.OPS for card in data.cards.values()):
        add(Need.CARD_OPS, "cards", "the OPS cards and their values (none listed)")
    for card in data.cards.values():
        key = f"cards.{card.id}"
        if card.number is None:
            add(Need.CARD_LIST, f"{key}.number", f"the number printed on {card.name!r}")
        if card.copies is None:
            add(Need.CARD_LIST, f"{key}.copies", f"how many {card.name!r} cards the deck has")
        if card.kind is CardKind.OPS and card.ops is None:
            add(Need.CARD_OPS, f"{key}.ops", f"the OPS value of {card.name!r}")
        if card.kind is CardKind.EVENT:
            if card.flag is None:
                add(Need.CARD_FLAGS, f"{key}.flag", f"the flag of {card.name!r}")
            if card.battle is None:
                add(Need.CARD_KINDS, f"{key}.battle", f"whether {card.name!r} is a Battle Card")
            if card.once_per_game is None:
                add(Need.ONCE_PER_GAME, f"{key}.once_per_game",
                    f"whether {card.name!r} is removed after its event")
            for flag, when in (("reshuffle_on_play", "played"),
                               ("reshuffle_on_discard", "discarded")):
                if getattr(card, flag) is None:
                    add(Need.RESHUFFLE, f"{key}.{flag}",
                        f"whether {card.name!r} triggers a reshuffle when {when}")
        if card.ends_war and card.war_end_year is None:
            add(Need.WAR_END_YEARS, f"{key}.war_end_year",
                f"the year (1779..1783) on {card.name!r} ({card.id})")
    add(Need.CARD_TEXTS, None, "the event texts of the cards (not in the rulebook and not "
                               "modelled: event effects are checked by hand)")
    for turn in data.reinforcements:
        if turn.british_cus is None:
            add(Need.SCHEDULE, f"reinforcements.{turn.year}",
                f"British CUs printed on the {turn.year} Turn Track space")
    return gathered.facts
