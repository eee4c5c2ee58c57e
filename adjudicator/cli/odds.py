"""`adjudicator odds`: what-if questions answered with the referee's own calculator, one
subcommand per game (`odds ww`, `odds wfa`)."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from typer._click import Command, Context
from typer._click.exceptions import UsageError

from adjudicator.cli.helptext import PlainCommand, PlainGroup
from adjudicator.cli.odds_wfa import odds_wfa
from adjudicator.cli.options import DebugOpt, JsonOpt, emit_json, user_errors

_SIDE = "Battle"
_ATTEMPTS = "Interception and retreat before battle"


class OddsGroup(PlainGroup):
    """`adjudicator odds GAME ...`: a game named by an alias finds its subcommand; an
    unknown game is one line, exit 2 (typer vendors click as `typer._click`)."""

    def resolve_command(self, ctx: Context,
                        args: list[str]) -> tuple[str | None, Command | None, list[str]]:
        """The subcommand of the game named first (id or alias)."""
        name = args[0] if args else ""
        if args and name not in self.commands and not name.startswith("-"):
            from adjudicator.errors import UnknownGameError
            from adjudicator.systems import find_system

            try:
                game = find_system(name).id
            except UnknownGameError:
                game = name
            if game not in self.commands:
                raise UsageError(f"unknown game {name!r}; odds are available for: "
                                       f"{', '.join(self.commands)}", ctx)
            args = [game, *args[1:]]
        return super().resolve_command(ctx, args)


odds_app = typer.Typer(no_args_is_help=True, rich_markup_mode="markdown",
                       help="Exact odds of what the rules leave to dice, per game.")


def _register(app: typer.Typer, name: str, command: Any) -> None:
    app.command(name, cls=PlainCommand)(command)


def odds_ww(
    attacker_cus: Annotated[int | None, typer.Option(
        "--attacker-cus", metavar="N", min=0, rich_help_panel=_SIDE,
        help="The attacker's CUs in the battle.")] = None,
    attacker_rating: Annotated[int | None, typer.Option(
        "--attacker-rating", metavar="N", min=0, rich_help_panel=_SIDE,
        help="The attacking General's Potential Battle Rating (omit: no General).")] = None,
    attacker_agility: Annotated[int | None, typer.Option(
        "--attacker-agility", metavar="N", min=1, rich_help_panel=_SIDE,
        help="The attacking General's Agility (sets the defender's losses if it wins).")]
    = None,
    attacker_drm: Annotated[int, typer.Option(
        "--attacker-drm", metavar="N", rich_help_panel=_SIDE,
        help="Sum of the attacker's fixed modifiers (T4).")] = 0,
    attacker_modifier: Annotated[list[str] | None, typer.Option(
        "--attacker-modifier", metavar="NAME", rich_help_panel=_SIDE,
        help="A named T4 modifier added to --attacker-drm (repeatable): regulars, "
        "royal_navy, militia, winter_offensive, battle_card, event_discard, interception.")]
    = None,
    defender_cus: Annotated[int | None, typer.Option(
        "--defender-cus", metavar="N", min=0, rich_help_panel=_SIDE,
        help="The defender's CUs in the battle.")] = None,
    defender_rating: Annotated[int | None, typer.Option(
        "--defender-rating", metavar="N", min=0, rich_help_panel=_SIDE,
        help="The defending General's Potential Battle Rating (omit: no General).")] = None,
    defender_agility: Annotated[int | None, typer.Option(
        "--defender-agility", metavar="N", min=1, rich_help_panel=_SIDE,
        help="The defending General's Agility.")] = None,
    defender_drm: Annotated[int, typer.Option(
        "--defender-drm", metavar="N", rich_help_panel=_SIDE,
        help="Sum of the defender's fixed modifiers (T4).")] = 0,
    defender_modifier: Annotated[list[str] | None, typer.Option(
        "--defender-modifier", metavar="NAME", rich_help_panel=_SIDE,
        help="A named T4 modifier added to --defender-drm (repeatable).")] = None,
    british: Annotated[str | None, typer.Option(
        "--british", metavar="SIDE", rich_help_panel=_SIDE,
        help="Which side is British (attacker or defender): checks the modifiers' "
        "nationality and adds the French Alliance effects.")] = None,
    no_regulars: Annotated[bool, typer.Option(
        "--no-regulars", rich_help_panel=_SIDE,
        help="The British Regulars' Advantage is already lost.")] = False,
    interception: Annotated[list[int] | None, typer.Option(
        "--interception", metavar="AGILITY", min=0, rich_help_panel=_ATTEMPTS,
        help="An interceptor's Agility (repeatable: several try into one space).")] = None,
    retreat_before_battle: Annotated[int | None, typer.Option(
        "--retreat-before-battle", metavar="AGILITY", min=0, rich_help_panel=_ATTEMPTS,
        help="The Agility of a General retreating before battle.")] = None,
    washington_or_greene: Annotated[bool, typer.Option(
        "--washington-or-greene", rich_help_panel=_ATTEMPTS,
        help="The retreating General is Washington or Greene (+2, WW 7.9.A).")] = False,
    as_json: JsonOpt = False,
    debug: DebugOpt = False,
) -> None:
    """Exact odds of a battle, an interception or a retreat before battle (WW 9, 7.8, 7.9).

    Fractions are exact; decimals are rounded. For example:

    ```
    adjudicator odds ww --attacker-cus 5 --attacker-rating 4 --attacker-drm 1
        --defender-cus 4 --defender-rating 3 --defender-drm 1
    ```
    """
    from adjudicator.errors import AdjudicatorError
    from adjudicator.systems.washingtons_war.data import bundled_data
    from adjudicator.systems.washingtons_war.odds import BattleSide
    from adjudicator.systems.washingtons_war.whatif import (
        answer_attempts,
        answer_battle,
        attempts_text,
        battle_text,
        fixed_drm,
    )

    with user_errors(debug):
        tables = bundled_data().tables
        answers: list[tuple[object, str]] = []
        if interception:
            found = answer_attempts(tables, interception, attempt="interception")
            answers.append((found.model_dump(mode="json"), attempts_text(found)))
        if retreat_before_battle is not None:
            general = "washington" if washington_or_greene else None
            found = answer_attempts(tables, [retreat_before_battle],
                                    attempt="retreat_before_battle", general=general)
            answers.append((found.model_dump(mode="json"), attempts_text(found)))
        if attacker_cus is not None or defender_cus is not None:
            if attacker_cus is None or defender_cus is None:
                raise AdjudicatorError("a battle needs both --attacker-cus and --defender-cus")
            if british not in (None, "attacker", "defender"):
                raise AdjudicatorError("--british is attacker or defender")
            nations = {"attacker": "BR", "defender": "AM"} if british == "attacker" else (
                {"attacker": "AM", "defender": "BR"} if british == "defender" else {})
            attacker = BattleSide(attacker_cus, attacker_rating, attacker_agility, fixed_drm(
                tables, attacker_drm, attacker_modifier or [],
                nationality=nations.get("attacker")))
            defender = BattleSide(defender_cus, defender_rating, defender_agility, fixed_drm(
                tables, defender_drm, defender_modifier or [],
                nationality=nations.get("defender")))
            battle = answer_battle(tables, attacker, defender,
                                   attacker_modifiers=attacker_modifier or [],
                                   defender_modifiers=defender_modifier or [],
                                   british=british, regulars=not no_regulars)
            answers.append((battle.model_dump(mode="json"), battle_text(battle)))
        if not answers:
            raise AdjudicatorError("ask about a battle (--attacker-cus and --defender-cus), "
                                   "--interception or --retreat-before-battle")
    if as_json:
        emit_json(answers[0][0] if len(answers) == 1 else [data for data, _ in answers])
    else:
        typer.echo("\n\n".join(text for _, text in answers))


_register(odds_app, "ww", odds_ww)
_register(odds_app, "wfa", odds_wfa)
