"""`adjudicator odds wfa`: War for America's what-if questions (battle, siege, fleet combat,
movement, retreat before combat, winter losses, initiative rounds, lake navies), answered by
the referee's calculators."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from adjudicator.cli.options import DataOpt, DebugOpt, JsonOpt, emit_json, user_errors

if TYPE_CHECKING:
    from adjudicator.systems.war_for_america.data.tables import WfATables

_BATTLE = "Land battle"
_SIEGE = "Siege"
_FLEET = "Fleet combat"
_MOVE = "Movement"
_RETREAT = "Retreat before combat"
_WINTER = "Winter, initiative and lake navies"



def odds_wfa(
    attacker_sp: Annotated[int | None, typer.Option(
        "--attacker-sp", metavar="N", min=1, rich_help_panel=_BATTLE,
        help="SP attacking.")] = None,
    attacker_stars: Annotated[int | None, typer.Option(
        "--attacker-stars", metavar="N", min=1, max=3, rich_help_panel=_BATTLE,
        help="The commanding leader's stars (omit: no leader).")] = None,
    attacker_rating: Annotated[str | None, typer.Option(
        "--attacker-rating", metavar="A-D", rich_help_panel=_BATTLE,
        help="The senior leader's battle rating (A +3 .. D +0).")] = None,
    attacker_second_rating: Annotated[str | None, typer.Option(
        "--attacker-second-rating", metavar="A-D", rich_help_panel=_BATTLE,
        help="An army's second leader's rating (with --attacker-army).")] = None,
    attacker_army: Annotated[bool, typer.Option(
        "--attacker-army", rich_help_panel=_BATTLE, help="The attacker is an army.")] = False,
    attacker_tc: Annotated[bool, typer.Option(
        "--attacker-tc", rich_help_panel=_BATTLE,
        help="A Tactical Commander in the attacking army (+1).")] = False,
    attacker_no_loc: Annotated[bool, typer.Option(
        "--attacker-no-loc", rich_help_panel=_BATTLE,
        help="The attacker has no LOC (one column lower above 2 SP).")] = False,
    attacker_modifier: Annotated[list[str] | None, typer.Option(
        "--attacker-modifier", metavar="NAME", rich_help_panel=_BATTLE,
        help="A modifier of your battle table card by id (repeatable; needs --data).")] = None,
    attacker_card_drm: Annotated[int, typer.Option(
        "--attacker-card-drm", metavar="N", rich_help_panel=_BATTLE,
        help="An action card's modifier to the attacker's D12.")] = 0,
    defender_sp: Annotated[int | None, typer.Option(
        "--defender-sp", metavar="N", min=0, rich_help_panel=_BATTLE,
        help="SP defending.")] = None,
    defender_stars: Annotated[int | None, typer.Option(
        "--defender-stars", metavar="N", min=1, max=3, rich_help_panel=_BATTLE,
        help="The defending leader's stars (omit: no leader).")] = None,
    defender_rating: Annotated[str | None, typer.Option(
        "--defender-rating", metavar="A-D", rich_help_panel=_BATTLE,
        help="The defending senior leader's battle rating.")] = None,
    defender_second_rating: Annotated[str | None, typer.Option(
        "--defender-second-rating", metavar="A-D", rich_help_panel=_BATTLE,
        help="A defending army's second leader's rating.")] = None,
    defender_army: Annotated[bool, typer.Option(
        "--defender-army", rich_help_panel=_BATTLE, help="The defender is an army.")] = False,
    defender_tc: Annotated[bool, typer.Option(
        "--defender-tc", rich_help_panel=_BATTLE,
        help="A Tactical Commander in the defending army (+1).")] = False,
    defender_no_loc: Annotated[bool, typer.Option(
        "--defender-no-loc", rich_help_panel=_BATTLE, help="The defender has no LOC.")] = False,
    defender_garrison: Annotated[bool, typer.Option(
        "--defender-garrison", rich_help_panel=_BATTLE,
        help="The defender is a lone garrison counter ('<1' column).")] = False,
    defender_modifier: Annotated[list[str] | None, typer.Option(
        "--defender-modifier", metavar="NAME", rich_help_panel=_BATTLE,
        help="A battle table card modifier for the defender (repeatable).")] = None,
    defender_card_drm: Annotated[int, typer.Option(
        "--defender-card-drm", metavar="N", rich_help_panel=_BATTLE,
        help="An action card's modifier to the defender's D12.")] = 0,
    ground: Annotated[str, typer.Option(
        "--ground", metavar="KIND", rich_help_panel=_BATTLE,
        help="open, fort, fortress or caribbean (amphibious attack).")] = "open",
    entrenchment: Annotated[bool, typer.Option(
        "--entrenchment", rich_help_panel=_BATTLE,
        help="The defender is entrenched (attacker -1).")] = False,
    amphibious: Annotated[bool, typer.Option(
        "--amphibious", rich_help_panel=_BATTLE,
        help="The attacker landed amphibiously (defender +1).")] = False,
    siege: Annotated[bool, typer.Option(
        "--siege", rich_help_panel=_SIEGE,
        help="Ask about a siege on the Siege Table of --data.")] = False,
    siege_threshold: Annotated[int | None, typer.Option(
        "--siege-threshold", metavar="N", rich_help_panel=_SIEGE,
        help="What-if Siege Table: surrender on N or more.")] = None,
    mortar: Annotated[bool, typer.Option(
        "--mortar", rich_help_panel=_SIEGE, help="The Siege Mortars have landed (+4).")] = False,
    siege_card_drm: Annotated[int, typer.Option(
        "--siege-card-drm", metavar="N", rich_help_panel=_SIEGE,
        help="A Siege action card's modifier.")] = 0,
    siege_rolls: Annotated[int, typer.Option(
        "--siege-rolls", metavar="N", min=1, max=50, rich_help_panel=_SIEGE,
        help="Action Phases to add up (chance of surrender within N rolls).")] = 1,
    fleet_attacker: Annotated[int | None, typer.Option(
        "--fleet-attacker", metavar="N", min=1, rich_help_panel=_FLEET,
        help="The attacking fleets' strength.")] = None,
    fleet_defender: Annotated[int | None, typer.Option(
        "--fleet-defender", metavar="N", min=1, rich_help_panel=_FLEET,
        help="The defending fleets' strength.")] = None,
    rodney: Annotated[bool, typer.Option(
        "--rodney", rich_help_panel=_FLEET, help="Rodney's fleet attacks (+1).")] = False,
    spanish_attacking: Annotated[bool, typer.Option(
        "--spanish-attacking", rich_help_panel=_FLEET,
        help="A Spanish fleet attacks alone (-2).")] = False,
    spanish_defending: Annotated[bool, typer.Option(
        "--spanish-defending", rich_help_panel=_FLEET,
        help="A Spanish fleet defends alone (-1, as printed).")] = False,
    in_port: Annotated[bool, typer.Option(
        "--in-port", rich_help_panel=_FLEET,
        help="The defender stays in port (attacker -1, no weather gauge).")] = False,
    fleet_wins_on: Annotated[int | None, typer.Option(
        "--fleet-wins-on", metavar="N", rich_help_panel=_FLEET,
        help="What-if Fleet Combat Table: the attacker wins on N or more.")] = None,
    gauge_reading: Annotated[str, typer.Option(
        "--gauge-reading", metavar="READING", rich_help_panel=_FLEET,
        help="signed (the defender's gauge is -2 on the attacker's roll) or attacker_only; "
        "the answer gives both.")] = "signed",
    move: Annotated[str | None, typer.Option(
        "--move", metavar="MOVER", rich_help_panel=_MOVE,
        help="leaderless, leader, leader_alone or fleet.")] = None,
    command: Annotated[int | None, typer.Option(
        "--command", metavar="N", min=0, rich_help_panel=_MOVE,
        help="The moving leader's command value.")] = None,
    washington: Annotated[bool, typer.Option(
        "--washington", rich_help_panel=_MOVE,
        help="The leader is Washington (re-rolls a 6).")] = False,
    move_rodney: Annotated[bool, typer.Option(
        "--move-rodney", rich_help_panel=_MOVE, help="Rodney's fleet moves (+1).")] = False,
    winter: Annotated[bool, typer.Option(
        "--winter", rich_help_panel=_MOVE, help="A Winter AP (no water bonus).")] = False,
    winter_north: Annotated[bool, typer.Option(
        "--winter-north", rich_help_panel=_MOVE,
        help="A Winter AP begun in the Northern Regions (2 MP).")] = False,
    water: Annotated[bool, typer.Option(
        "--water", rich_help_panel=_MOVE,
        help="Starts and ends on one continuous water connection (+1 MP).")] = False,
    path_cost: Annotated[list[int] | None, typer.Option(
        "--path-cost", metavar="MP", min=0, rich_help_panel=_MOVE,
        help="The cost of each connection of the path, in order (repeatable).")] = None,
    retreat_command: Annotated[int | None, typer.Option(
        "--retreat-command", metavar="N", min=0, rich_help_panel=_RETREAT,
        help="The retreating leader's command value.")] = None,
    retreat_no_leader: Annotated[bool, typer.Option(
        "--retreat-no-leader", rich_help_panel=_RETREAT,
        help="No leader, or one of too low a rank for the stack (needs 1-2).")] = False,
    retreat_army: Annotated[bool, typer.Option(
        "--retreat-army", rich_help_panel=_RETREAT, help="The force is an army (-1).")] = False,
    attrition_sp: Annotated[int | None, typer.Option(
        "--attrition-sp", metavar="N", min=0, rich_help_panel=_WINTER,
        help="Continental SP in a stack at Continental attrition.")] = None,
    attrition_fraction: Annotated[str | None, typer.Option(
        "--attrition-fraction", metavar="P/Q", rich_help_panel=_WINTER,
        help="The CRC's attrition fraction for the year, e.g. 2/3.")] = None,
    quarter_sp: Annotated[int | None, typer.Option(
        "--quarter-sp", metavar="N", min=0, rich_help_panel=_WINTER,
        help="A side's SP on a space at Winter Quartering.")] = None,
    quarter_space: Annotated[str, typer.Option(
        "--quarter-space", metavar="KIND", rich_help_panel=_WINTER,
        help="key_coastal, coastal, key_inland or circle.")] = "coastal",
    magazine: Annotated[bool, typer.Option(
        "--magazine", rich_help_panel=_WINTER, help="A magazine on the space (+5 SP).")] = False,
    shared_space: Annotated[bool, typer.Option(
        "--shared-space", rich_help_panel=_WINTER,
        help="Both sides quarter on the space (half the limit each).")] = False,
    rounds: Annotated[bool, typer.Option(
        "--rounds", rich_help_panel=_WINTER,
        help="How many Action Rounds the turn plays (with --winter or --first-turn).")]
    = False,
    first_turn: Annotated[bool, typer.Option(
        "--first-turn", rich_help_panel=_WINTER, help="Turn 1 (two rounds, ties re-rolled).")]
    = False,
    lake_british: Annotated[int | None, typer.Option(
        "--lake-british", metavar="N", rich_help_panel=_WINTER,
        help="The British Lake Navy counter's modifier.")] = None,
    lake_colonial: Annotated[int | None, typer.Option(
        "--lake-colonial", metavar="N", rich_help_panel=_WINTER,
        help="The Colonial Lake Navy counter's modifier.")] = None,
    data: DataOpt = None,
    as_json: JsonOpt = False,
    debug: DebugOpt = False,
) -> None:
    """Exact odds of a War for America battle, siege, fleet combat, move, retreat before
    combat, winter losses, initiative or lake battle (WfA 9-19).

    The rulebook prints no battle, siege or fleet combat table: give yours with `--data`,
    or a what-if threshold for sieges and fleets. Without a battle table the answer still
    gives the odds, overrun, columns and modifiers. For example:

    ```
    adjudicator odds wfa --attacker-sp 14 --attacker-stars 3
        --attacker-rating B --attacker-army --attacker-second-rating C
        --defender-sp 13 --defender-stars 1 --defender-rating C --entrenchment
    ```
    """
    from adjudicator.errors import AdjudicatorError
    from adjudicator.systems.war_for_america import whatif as w

    with user_errors(debug):
        tables = _tables(data or [])
        answers: list[tuple[object, str]] = []
        if attacker_sp is not None or defender_sp is not None or defender_garrison:
            question = _ask(w.BattleQuestion, attacker=_ask(
                w.BattleSideQuestion, sp=attacker_sp or 0, stars=attacker_stars,
                rating=_rating("--attacker-rating", attacker_rating),
                second_rating=_rating("--attacker-second-rating", attacker_second_rating),
                army=attacker_army, tactical_commander=attacker_tc,
                has_loc=not attacker_no_loc, modifiers=tuple(attacker_modifier or ()),
                card_drm=attacker_card_drm), defender=_ask(
                w.BattleSideQuestion, sp=defender_sp or 0, stars=defender_stars,
                rating=_rating("--defender-rating", defender_rating),
                second_rating=_rating("--defender-second-rating", defender_second_rating),
                army=defender_army, tactical_commander=defender_tc,
                has_loc=not defender_no_loc, lone_garrison=defender_garrison,
                modifiers=tuple(defender_modifier or ()), card_drm=defender_card_drm),
                ground=_choice("--ground", ground, ("open", "fort", "fortress", "caribbean")),
                entrenchment=entrenchment, amphibious=amphibious)
            battle = w.answer_battle(tables, question)
            answers.append((battle.model_dump(mode="json"), w.battle_text(battle)))
        if siege or siege_threshold is not None:
            found = w.answer_siege(tables, _ask(
                w.SiegeQuestion, threshold=siege_threshold, mortar=mortar,
                card_drm=siege_card_drm, rolls=siege_rolls))
            answers.append((found.model_dump(mode="json"), w.siege_text(found)))
        if fleet_attacker is not None or fleet_defender is not None:
            if fleet_attacker is None or fleet_defender is None:
                raise AdjudicatorError("a fleet combat needs --fleet-attacker and "
                                       "--fleet-defender")
            fleet = w.answer_fleet(tables, _ask(
                w.FleetQuestion, attacker=fleet_attacker, defender=fleet_defender,
                attacker_rodney=rodney, attacker_spanish_alone=spanish_attacking,
                defender_spanish_alone=spanish_defending, in_port=in_port,
                wins_on=fleet_wins_on, reading=_choice("--gauge-reading", gauge_reading,
                                                       ("signed", "attacker_only"))))
            answers.append((fleet.model_dump(mode="json"), w.fleet_text(fleet)))
        if move is not None:
            moved = w.answer_movement(tables, _ask(
                w.MovementQuestion, mover=_choice("--move", move, (
                    "leaderless", "leader", "leader_alone", "fleet")), command=command,
                washington=washington, rodney=move_rodney, winter=winter,
                winter_north=winter_north, water_bonus=water,
                path_costs=tuple(path_cost or ())))
            answers.append((moved.model_dump(mode="json"), w.movement_text(moved)))
        if retreat_command is not None or retreat_no_leader:
            retreat = w.answer_retreat(tables, _ask(
                w.RetreatQuestion, command=retreat_command,
                commands_stack=not retreat_no_leader, army=retreat_army))
            answers.append((retreat.model_dump(mode="json"), w.retreat_text(retreat)))
        if attrition_sp is not None or quarter_sp is not None:
            cold = w.answer_winter(tables, _ask(
                w.WinterQuestion, attrition_sp=attrition_sp,
                attrition_fraction=attrition_fraction, quarter_sp=quarter_sp,
                quarter_space=_choice("--quarter-space", quarter_space, (
                    "key_coastal", "coastal", "key_inland", "circle")),
                magazine=magazine, shared_space=shared_space))
            answers.append((cold.model_dump(mode="json"), w.winter_text(cold)))
        if rounds:
            played = w.answer_rounds(tables, winter=winter, first_turn=first_turn)
            answers.append((played.model_dump(mode="json"), w.rounds_text(played)))
        if lake_british is not None or lake_colonial is not None:
            lake = w.answer_lake(lake_british or 0, lake_colonial or 0)
            answers.append((lake.model_dump(mode="json"), w.lake_text(lake)))
        if not answers:
            raise AdjudicatorError("ask about a battle (--attacker-sp and --defender-sp), a "
                                   "siege (--siege-threshold or --siege), a fleet combat "
                                   "(--fleet-attacker and --fleet-defender), a move (--move), "
                                   "a retreat before combat (--retreat-command), winter "
                                   "losses (--attrition-sp, --quarter-sp), --rounds or lake "
                                   "navies (--lake-british, --lake-colonial)")
    if as_json:
        emit_json(answers[0][0] if len(answers) == 1 else [found for found, _ in answers])
    else:
        typer.echo("\n\n".join(text for _, text in answers))


def _tables(paths: list[Path]) -> WfATables:
    """The rulebook's tables, with the user's merged when data files are given."""
    if not paths:
        from adjudicator.systems.war_for_america.data.tables import bundled_tables

        return bundled_tables()
    from adjudicator.systems.war_for_america.data import load_data

    return load_data(paths).tables


def _ask(model: Any, **fields: Any) -> Any:
    """A question model, its validation errors as one line."""
    from pydantic import ValidationError

    from adjudicator.errors import AdjudicatorError

    try:
        return model(**fields)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise AdjudicatorError(f"{where}: {first['msg']}") from None


def _rating(option: str, value: str | None) -> Any:
    if value is None:
        return None
    from adjudicator.systems.war_for_america.data.vocabulary import BattleRating

    return BattleRating(_choice(option, value.upper(), tuple(r.value for r in BattleRating)))


def _choice(option: str, value: str, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        from adjudicator.errors import AdjudicatorError

        raise AdjudicatorError(f"{option} is one of {', '.join(allowed)}, not {value!r}")
    return value


__all__ = ["odds_wfa"]
