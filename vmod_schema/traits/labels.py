"""Traits that change a piece's name: Text Label (`label;`) and Basic Name (`basicName;`).

FORMAT.md §6.2 "Name of a piece as shown in reports" and §6.5 "Text Label".
"""

from __future__ import annotations

from collections.abc import Mapping

from vmod_schema.traits.base import Trait, evaluate_format

DEFAULT_NAME_FORMAT = "$pieceName$ ($label$)"


class Label(Trait):
    """Text Label (`label;`): a text shown on the piece and folded into its name (§6.5).

    >>> label = Label("label;", "label;;;40;;51,51,0;c;0;c;0;c;c;$label$;Serif;1;0;TextLabel",
    ...               " Draw ")
    >>> label.text(), label.rename("Marker", {}), label.properties({})
    ('Draw', 'Draw', {'TextLabel': 'Draw'})
    """

    __slots__ = ()

    def text(self) -> str:
        """The label text as stored (the engine trims it); may contain `$prop$` references."""
        return self.state.strip()

    def name_format(self) -> str:
        """The name format (type field 11), default `$pieceName$ ($label$)`."""
        return self.field(11, DEFAULT_NAME_FORMAT)

    def property_name(self) -> str:
        """The property exposing the label (type field 15), default `TextLabel`."""
        return self.field(15, "TextLabel")

    def evaluated_text(self, lookup: Mapping[str, str]) -> str:
        """The label text with its `$prop$` references evaluated (§7.11)."""
        return evaluate_format(self.text(), lookup)

    def properties(self, lookup: Mapping[str, str]) -> dict[str, str]:
        """The label's property (`TextLabel` or the configured name) with the label text."""
        name = self.property_name()
        return {name: self.evaluated_text(lookup)} if name else {}

    def rename(self, name: str, lookup: Mapping[str, str]) -> str:
        """A non-empty label applies the name format with `pieceName` and `label` (§6.2)."""
        if not self.text():
            return name
        values = dict(lookup)
        values["pieceName"] = name
        values["label"] = self.evaluated_text(lookup)
        return evaluate_format(self.name_format(), values)


class BasicName(Trait):
    """Basic Name (`basicName;`): overrides the basic piece's name (§6.2)."""

    __slots__ = ()

    def name(self) -> str:
        """The overriding name (type field 0)."""
        return self.field(0)

    def properties(self, lookup: Mapping[str, str]) -> dict[str, str]:
        """`BasicName` = the overriding name, as the engine reports it."""
        return {"BasicName": self.name()}
