"""The Layer trait (`emb2;`, and the pre-3.0 `emb;` layout): images and level names.

FORMAT.md §6.5 "Layer": the state value says which level shows (`> 0` active at that
1-based level, `< 0` inactive remembering `-value`, `0` inactive); the active level's name
replaces, prefixes (`X+`) or suffixes (`+X`) the piece name (§6.2).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import lru_cache

from vmod_schema import sequence
from vmod_schema.traits.base import Trait, parse_int, split_type, string_array


@dataclass(slots=True, frozen=True)
class LayerLayout:
    """The parts of a Layer type that decide its names and properties (§6.5)."""

    image_names: list[str]
    level_names: list[str]
    layer_name: str
    activate_key: str
    follow_property: bool
    follow_property_name: str
    first_level_value: int


def _strip_marker(level_name: str) -> str:
    # The engine's strip(): one leading or trailing "+" (prefix/suffix marker) is removed.
    if level_name.startswith("+"):
        return level_name[1:]
    if level_name.endswith("+"):
        return level_name[:-1]
    return level_name


@lru_cache(maxsize=1024)
def _layout(raw_type: str, id_length: int, old: bool) -> LayerLayout:
    """Parse a Layer type (a pure function of the string, memoised in a bounded cache).

    Callers must not change the lists of the result; `Layer.layout` copies them.
    """
    fields = split_type(raw_type, id_length)
    if old:
        return _old_layout(fields)
    get = fields.__getitem__
    count = len(fields)
    images = string_array(get(15)) if count > 15 else []
    names = string_array(get(16)) if count > 16 else []
    if len(names) < len(images):
        names += [""] * (len(images) - len(names))
    if len(names) == 1 and not images:
        # The engine's fix-up: a single empty image name encodes as an empty array.
        images = [""]
    return LayerLayout(
        image_names=images,
        level_names=names,
        layer_name=get(18) if count > 18 else "",
        activate_key=get(2) if count > 2 else "A",
        follow_property=count > 21 and get(21) == "true",
        follow_property_name=get(22) if count > 22 else "",
        first_level_value=parse_int(get(23), 1) if count > 23 else 1,
    )


def _old_layout(fields: tuple[str, ...]) -> LayerLayout:
    # Pre-3.0 `emb;` layout: id; activateKey;reset… (a nested ;-list); activateCommand;
    # upKey; upCommand; downKey; downCommand; x; y; then "image,name" per level.
    activation = sequence.split(fields[0], ";")[0] if fields else ""
    images: list[str] = []
    names: list[str] = []
    for level in fields[8:]:
        parts = sequence.split(level, ",")
        images.append(parts[0])
        names.append(parts[1] if len(parts) > 1 else "")
    return LayerLayout(images, names, "", activation.upper(), False, "", 1)


class Layer(Trait):
    """Layer / Embellishment (`emb2;`, old layout `emb;`), FORMAT.md §6.5.

    >>> layer = Layer("emb2;", "emb2;Activate;2;;;2;;;2;;;;1;false;0;0;a.png,b.png;RU3,(RU3);"
    ...               "true;Status;;;true;CounterLayer;1;1", "2")
    >>> layer.layout().level_names, layer.value(), layer.properties({})["Status_Name"]
    (['RU3', '(RU3)'], 2, '(RU3)')
    """

    __slots__ = ()

    def layout(self) -> LayerLayout:
        """Parse the type into the fields that matter for names and properties."""
        shared = _layout(self.raw_type, len(self.id), self.id == "emb;")
        # The parse is shared between equal types: hand out lists the caller may change.
        return replace(shared, image_names=list(shared.image_names),
                       level_names=list(shared.level_names))

    def _layout(self) -> LayerLayout:
        # The shared parse, for this module's read-only use.
        return _layout(self.raw_type, len(self.id), self.id == "emb;")

    def value(self, layout: LayerLayout | None = None) -> int:
        """The stored level value: `> 0` active at that level, `<= 0` inactive (§6.5).

        A missing state takes the engine's default: active at level 1 for a layer without
        an activate key, otherwise inactive.
        """
        if self.raw_state is None:
            layout = layout or self._layout()
            return -1 if layout.activate_key else 1
        return parse_int(sequence.split(self.raw_state, ";")[0], -1)

    def effective_value(self, lookup: Mapping[str, str]) -> int:
        """The level value, following the layer's property when it has one (§6.5).

        Mirrors the engine's checkPropertyLevel: the followed property's integer value minus
        `firstLevelValue` plus one, clamped to the levels, keeping the active flag. Only a
        plain property name or a `{Name}` expression naming one property can be followed
        here; otherwise (or if the property is unknown) the stored value is kept.
        """
        layout = self._layout()
        value = self.value(layout)
        if not layout.follow_property or not layout.follow_property_name:
            return value
        key = layout.follow_property_name.strip()
        if key.startswith("{") and key.endswith("}"):
            key = key[1:-1].strip()
        if key not in lookup:
            return value
        text = lookup[key] or str(layout.first_level_value)
        try:
            level = int(text.strip()) - layout.first_level_value + 1
        except ValueError:
            return value
        level = max(1, min(level, len(layout.image_names)))
        return level if value > 0 else -level

    def active_level_name(self, lookup: Mapping[str, str]) -> str:
        """The raw name of the active level (with its `+` marker), or `""` if inactive."""
        layout = self._layout()
        value = self.effective_value(lookup)
        if 0 < value <= len(layout.level_names):
            return layout.level_names[value - 1]
        return ""

    def properties(self, lookup: Mapping[str, str]) -> dict[str, str]:
        """`<layer>_Level`, `_Name`, `_Image` and `_Active` (§6.5)."""
        layout = self._layout()
        value = self.effective_value(lookup)
        name = layout.layer_name
        active = value > 0
        level_name = image = ""
        if active and value <= len(layout.level_names):
            level_name = _strip_marker(layout.level_names[value - 1])
        if active and value <= len(layout.image_names):
            image = layout.image_names[value - 1]
        return {
            name + "_Level": str(value),
            name + "_Name": level_name,
            name + "_Image": image,
            name + "_Active": "true" if active else "false",
        }

    def rename(self, name: str, lookup: Mapping[str, str]) -> str:
        """Replace, prefix (`X+`) or suffix (`+X`) the name with the active level's name."""
        level_name = self.active_level_name(lookup)
        if not level_name:
            return name
        parts = sequence.split(level_name, "+")
        if len(parts) == 1:
            return parts[0]
        first, second = parts[0], parts[1]
        return name + second if not first else first + name
