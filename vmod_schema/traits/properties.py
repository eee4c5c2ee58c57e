"""Traits that hold piece properties: Marker, Dynamic/Calculated Property, sheets, tables.

FORMAT.md §6.5: Marker (`mark;`), Dynamic Property (`PROP;`), Calculated Property
(`calcProp;`), Property Sheet (`propertysheet;`) and Spreadsheet (`table;`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from vmod_schema import sequence
from vmod_schema.archive import MAX_TABLE_CELLS
from vmod_schema.errors import PieceFormatError
from vmod_schema.traits.base import Trait, parse_int, split_type, string_array


class Marker(Trait):
    """Marker (`mark;`): read-only properties; names in the type, values in the state.

    >>> Marker("mark;", "mark;Layer,Side", "Hidden,CP").properties({})
    {'Layer': 'Hidden', 'Side': 'CP'}
    """

    __slots__ = ()

    def names(self) -> list[str]:
        """The property names (the `,`-list after `mark;`)."""
        return list(split_type(self.raw_type, len(self.id), ","))

    def values(self) -> list[str]:
        """The values, aligned with `names()`; missing ones are empty (§3.6)."""
        return self._values(len(split_type(self.raw_type, len(self.id), ",")))

    def _values(self, count: int) -> list[str]:
        values = sequence.split(self.state, ",")
        if len(values) < count:
            values += [""] * (count - len(values))
        return values[:count]

    def properties(self, lookup: Mapping[str, str]) -> dict[str, str]:
        """Each name with its value."""
        names = split_type(self.raw_type, len(self.id), ",")
        return dict(zip(names, self._values(len(names)), strict=True))


@dataclass(slots=True, frozen=True)
class NumericConstraints:
    """A Dynamic Property's `numeric,min,max,wrap` constraints (§6.5)."""

    numeric: bool = False
    minimum: int = 0
    maximum: int = 100
    wrap: bool = False


class DynamicProperty(Trait):
    """Dynamic Property (`PROP;`): a named value changed by menu/key commands (§6.5).

    >>> prop = DynamicProperty("PROP;", "PROP;CounterLayer;true,1,2,true;:Flip:I\\\\,1;", "1")
    >>> prop.name(), prop.constraints().maximum, prop.properties({})
    ('CounterLayer', 2, {'CounterLayer': '1'})
    """

    __slots__ = ()

    def name(self) -> str:
        """The property name (type field 0)."""
        return self.field(0)

    def constraints(self) -> NumericConstraints:
        """The numeric constraints (type field 1), engine defaults when missing."""
        parts = sequence.split(self.field(1), ",")
        get = parts.__getitem__
        count = len(parts)
        return NumericConstraints(
            numeric=count > 0 and get(0) == "true",
            minimum=parse_int(get(1), 0) if count > 1 else 0,
            maximum=parse_int(get(2), 100) if count > 2 else 100,
            wrap=count > 3 and get(3) == "true",
        )

    def key_commands(self) -> list[str]:
        """The raw key-command entries (type field 2), each a `:`-list (§6.5)."""
        return string_array(self.field(2))

    def value(self) -> str:
        """The current value: the whole state, unencoded."""
        return self.state

    def properties(self, lookup: Mapping[str, str]) -> dict[str, str]:
        """The property name with its value."""
        return {self.name(): self.value()}


class CalculatedProperty(Trait):
    """Calculated Property (`calcProp;`): name and expression, no state (§6.5).

    Its value needs BeanShell, so it is not listed among the piece's properties.
    """

    __slots__ = ()

    def name(self) -> str:
        """The property name (type field 0)."""
        return self.field(0)

    def expression(self) -> str:
        """The expression (usually BeanShell `{…}`, kept opaque, §3.7)."""
        return self.field(1)


class PropertySheet(Trait):
    """Property Sheet (`propertysheet;`): `~`-list definition and values (§6.5).

    >>> sheet = PropertySheet("propertysheet;", "propertysheet;0Name~0MA~1Notes;Props", "Lina~6~")
    >>> sheet.names(), sheet.properties({})
    (['Name', 'MA', 'Notes'], {'Name': 'Lina', 'MA': '6', 'Notes': ''})
    """

    __slots__ = ()

    def names(self) -> list[str]:
        """Property names: each definition entry without its leading type digit."""
        definition = self.field(0)
        if not definition:
            return []
        return [entry[1:] for entry in sequence.split(definition, "~")]

    def values(self) -> list[str]:
        """The values aligned with `names()` (the state's `~`-list), missing ones empty."""
        names = self.names()
        values = sequence.split(self.state, "~")
        if len(values) < len(names):
            values += [""] * (len(names) - len(values))
        return values[: len(names)]

    def properties(self, lookup: Mapping[str, str]) -> dict[str, str]:
        """Each sheet entry name with its value."""
        return dict(zip(self.names(), self.values(), strict=True))


class Spreadsheet(Trait):
    """Spreadsheet / TableInfo (`table;`): `rows;cols;…`, cells row-major in the state."""

    __slots__ = ()

    def rows(self) -> int:
        """Number of rows (type field 0)."""
        return parse_int(self.field(0), 0)

    def columns(self) -> int:
        """Number of columns (type field 1)."""
        return parse_int(self.field(1), 0)

    def cells(self) -> list[str]:
        """All cells, row-major, padded to `rows × columns`.

        Raises:
            PieceFormatError: the type claims more than `MAX_TABLE_CELLS` cells.
        """
        cells = sequence.split(self.state, ",") if self.state else []
        size = max(self.rows(), 0) * max(self.columns(), 0)
        if size > MAX_TABLE_CELLS:
            raise PieceFormatError(
                f"spreadsheet claims {self.rows()} × {self.columns()} cells, more than the "
                f"limit MAX_TABLE_CELLS = {MAX_TABLE_CELLS}")
        if len(cells) < size:
            cells += [""] * (size - len(cells))
        return cells
