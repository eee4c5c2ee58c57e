"""Skirmish: a made-up toy game, the proof that a game needs only its package (issue 19).

Nothing here is a real game. Its rulebook is these lines, played on the bundled example
module (`fixtures/example/example.vmod`, "Example Skirmish": Red Infantry, Red Artillery,
Blue Cavalry; Hill A, Ford B, Village C, Wood D and a Reserve Box):

- Toy 3.1: Red moves first. Then the sides alternate, one move each, until the turn ends.
- Toy 4.1: A unit moves to an adjacent space: Hill A-Ford B, Ford B-Village C,
  Ford B-Wood D, Village C-Wood D.
- Toy 4.2: Units in the Reserve Box enter on any space.
- Toy 4.3: No more than two units may be in a space.
- Toy 5.1: A unit that enters a space the enemy holds fights: each side rolls one die and
  adds its strength; the higher total wins, the defender wins ties. Strengths: infantry 2,
  cavalry 2; the artillery's is printed on its counter only (a fact a user supplies).

The package is what `docs/adding-a-game.md` tells a new game to write; its test registers
it in `SYSTEMS` (its line, `TOY`, is there) and runs it through every command.
"""

from __future__ import annotations

from typing import ClassVar

from adjudicator.systems.common.game import BundledGame, GameParts
from adjudicator.systems.common.questions import AnyQuestion
from tests.toygame.binding import draft_binding
from tests.toygame.data import bundled_data, load_data, template_toml
from tests.toygame.referee import SkirmishReferee


def _questions() -> tuple[AnyQuestion, ...]:
    from tests.toygame.whatif import questions

    return questions()


class Skirmish(BundledGame):
    """Skirmish, the toy game."""

    id = "toy"
    name = "Skirmish (toy game)"
    aliases: ClassVar[tuple[str, ...]] = ("skirmish",)
    module_names: ClassVar[tuple[str, ...]] = ("example skirmish",)
    parts = GameParts(bundled=bundled_data, load=load_data, template=template_toml,
                      draft=draft_binding, referee=SkirmishReferee, questions=_questions)


__all__ = ["Skirmish"]
