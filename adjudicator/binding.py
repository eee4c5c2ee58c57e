"""Bindings: which VASSAL piece is which game entity, which location is which map space.

Real modules name pieces and places their own way. A binding is a small TOML file a user
can read and edit:

    game = "ww"
    module = "Washington's War"
    [pieces]            # piece name (as VASSAL reports it) → entity id
    "Washington" = "general:washington"
    [locations]         # location name → space or box id
    "Lexington & Concord" = "space:lexington_and_concord"
    [maps]              # a whole map (e.g. a player's hand) → a zone id
    "American Hand" = "hand:AM"
    [calibration]       # modules without a grid: space id → map, pixel point, radius
    "space:quebec" = { map = "Main Map", x = 1500, y = 120, radius = 60 }
    "stock:british" = { map = "Main Map", x = 250, y = 4850, radius = 60 }
    [properties]        # game concept → the module's global property holding it
    year = "Turn"

Entity ids are the game system's own strings. A place id `stock` or `stock:<name>` is a
stock pool drawn on the map: a piece there is off the map, as if in the box of pieces
(`is_stock`); a calibration may name several (`stock:british`, `stock:pc`).
`draft_binding` matches names the way a person would (case, punctuation, "and"/"&",
common abbreviations) and lists what it could not match, so the user knows what to fill in.
"""

from __future__ import annotations

import math
import re
import tomllib
import unicodedata
from collections.abc import Iterable, Mapping
from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from adjudicator.errors import BindingError
from vmod_schema.files import FileStamp

_MODEL = ConfigDict(frozen=True, extra="forbid")


STOCK = "stock"
"""The place id (or `stock:<name>` prefix) of a stock pool: pieces there are off the map."""


def is_stock(place: str) -> bool:
    """Whether a bound place id is a stock pool (`stock`, `stock:british`).

    >>> is_stock("stock"), is_stock("stock:pc"), is_stock("space:stockbridge")
    (True, True, False)
    """
    return place == STOCK or place.startswith(STOCK + ":")


class CalibrationPoint(BaseModel):
    """Where a space sits on a map without a grid: a pixel point and a capture radius."""

    model_config = _MODEL
    map: str
    x: int
    y: int
    radius: int = Field(gt=0)


class Unmatched(BaseModel):
    """Names the drafting could not match (for the user to fill in or ignore)."""

    model_config = _MODEL
    pieces: list[str] = Field(default_factory=list)
    locations: list[str] = Field(default_factory=list)
    entities: list[str] = Field(default_factory=list)
    """Game entities no module name matched."""


class Binding(BaseModel):
    """A module's names bound to one game's entities."""

    model_config = _MODEL
    game: str
    module: str = ""
    pieces: dict[str, str] = Field(default_factory=dict)
    locations: dict[str, str] = Field(default_factory=dict)
    maps: dict[str, str] = Field(default_factory=dict)
    calibration: dict[str, CalibrationPoint] = Field(default_factory=dict)
    properties: dict[str, str] = Field(default_factory=dict)
    """Game concept → the module's global property holding it (e.g. `year = "Turn"`)."""
    unmatched: Unmatched = Field(default_factory=Unmatched)

    def entity(self, piece_name: str) -> str | None:
        """The entity id a piece name is bound to, if any."""
        return self.pieces.get(piece_name)

    def place(self, map_id: str | None, location: str | None, x: int, y: int) -> str | None:
        """The space or box id of a position: by map, then location name, then calibration."""
        if map_id is None:
            return None
        whole_map = self.maps.get(map_id)
        if whole_map is not None:
            return whole_map
        if location is not None and location in self.locations:
            return self.locations[location]
        return self.calibrated(map_id, x, y)

    def calibrated(self, map_id: str, x: int, y: int) -> str | None:
        """The nearest calibrated space within its radius of (x, y) on `map_id`, if any."""
        best: tuple[float, str] | None = None
        for space, point in self.calibration.items():
            if point.map != map_id:
                continue
            distance = math.hypot(point.x - x, point.y - y)
            if distance <= point.radius and (best is None or distance < best[0]):
                best = (distance, space)
        return None if best is None else best[1]


def load_binding(path: Path) -> Binding:
    """Read a binding TOML file (once per process while it is unchanged: checking many
    games with one binding reads it once; the binding is immutable).

    Raises:
        BindingError: unreadable TOML or a wrong field, naming the file and the key.
    """
    return _load_binding(FileStamp.of(path))


@lru_cache(maxsize=16)
def _load_binding(stamp: FileStamp) -> Binding:
    path = Path(stamp.path)
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise BindingError(f"not valid TOML: {error}", file=path) from None
    except OSError as error:
        raise BindingError(f"cannot read binding: {error.strerror}", file=path) from None
    try:
        return Binding.model_validate(raw)
    except ValidationError as error:
        raise BindingError(f"bad binding: {validation_problems(error)}", file=path) from None


def validation_problems(error: ValidationError, *, limit: int | None = None) -> str:
    """A validation error as one line: each problem's key path and message (the first
    `limit` problems when given)."""
    return "; ".join(f"key {'.'.join(str(p) for p in item['loc'])}: {item['msg']}"
                     for item in error.errors()[:limit])


# --------------------------------------------------------------------------- names

_ABBREVIATIONS = {
    "ft": "fort", "st": "saint", "mt": "mount", "pt": "point", "gen": "general",
    "genl": "general", "n": "north", "s": "south", "e": "east", "w": "west",
}
_WORD = re.compile(r"[a-z0-9]+")
_SIGN = re.compile(r"(?<![\w.])[+-](?=\d)")
"""A sign before a number that starts a word (`BoP -3`, `Loyalty +2`): kept as a word, so
the boxes of a signed track stay apart; a hyphen inside a word or range (`Mid-Atlantic`,
`1775-1782`) is not one."""


def normalize_name(name: str) -> str:
    """A form of a name that ignores case, accents, punctuation, "and"/"&" and
    common abbreviations, so `Ft. Detroit` and `fort detroit` compare equal.

    >>> normalize_name("Lexington & Concord") == normalize_name("Lexington and Concord")
    True
    >>> normalize_name("Ft. Detroit"), normalize_name("St. Mary's")
    ('fort detroit', 'saint marys')
    >>> normalize_name("BoP -3"), normalize_name("BoP +3"), normalize_name("Mid-Atlantic 1")
    ('bop minus 3', 'bop plus 3', 'mid atlantic 1')
    """
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    text = text.replace("&", " and ").replace("'", "")
    text = _SIGN.sub(lambda sign: " plus " if sign.group(0) == "+" else " minus ", text)
    words = [_ABBREVIATIONS.get(word, word) for word in _WORD.findall(text)]
    return " ".join(word for word in words if word != "and")


def match_names(module_names: Iterable[str], entities: Mapping[str, Iterable[str]]
                ) -> tuple[dict[str, str], list[str], list[str]]:
    """Match module names to entity ids by their names and aliases.

    Returns (name → entity id, module names left unmatched, entity ids left unmatched).
    """
    index: dict[str, str] = {}
    for entity, names in entities.items():
        for name in names:
            index.setdefault(normalize_name(name), entity)
    matched: dict[str, str] = {}
    unmatched: list[str] = []
    for name in sorted(set(module_names)):
        found = index.get(normalize_name(name))
        if found is None:
            unmatched.append(name)
        else:
            matched[name] = found
    used = set(matched.values())
    missing = sorted(entity for entity in entities if entity not in used)
    return matched, unmatched, missing


def dump_binding(binding: Binding) -> str:
    """The binding as TOML text (comments say what each table is for)."""
    lines = [f"game = {_toml_string(binding.game)}", f"module = {_toml_string(binding.module)}",
             "", "# piece name (as VASSAL reports it) -> game entity", "[pieces]"]
    lines += [f"{_toml_string(k)} = {_toml_string(v)}" for k, v in sorted(binding.pieces.items())]
    lines += ["", "# location name -> space or box", "[locations]"]
    lines += [f"{_toml_string(k)} = {_toml_string(v)}"
              for k, v in sorted(binding.locations.items())]
    lines += ["", "# a whole map (e.g. a player's hand) -> zone", "[maps]"]
    lines += [f"{_toml_string(k)} = {_toml_string(v)}" for k, v in sorted(binding.maps.items())]
    lines += ["", "# modules without a grid: space -> { map, x, y, radius } in map pixels",
              "[calibration]"]
    for space, point in sorted(binding.calibration.items()):
        lines.append(f"{_toml_string(space)} = {{ map = {_toml_string(point.map)}, "
                     f"x = {point.x}, y = {point.y}, radius = {point.radius} }}")
    lines += ["", "# game concept -> the module's global property that holds it", "[properties]"]
    lines += [f"{_toml_string(k)} = {_toml_string(v)}"
              for k, v in sorted(binding.properties.items())]
    lines += ["", "# what drafting could not match: bind these above, or leave them",
              "[unmatched]",
              f"pieces = {_toml_list(binding.unmatched.pieces)}",
              f"locations = {_toml_list(binding.unmatched.locations)}",
              f"entities = {_toml_list(binding.unmatched.entities)}"]
    return "\n".join(lines) + "\n"


def _toml_string(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    escaped = "".join(c if c >= " " or c == "\t" else f"\\u{ord(c):04x}" for c in escaped)
    return f'"{escaped}"'


def _toml_list(items: Iterable[str]) -> str:
    """A TOML array on one line, or one item a line when that would be long (a module
    with hundreds of unmatched names).

    >>> _toml_list(["a", "b"])
    '["a", "b"]'
    >>> print(_toml_list(["x" * 60, "y" * 60]))
    [
      "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
      "yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy",
    ]
    """
    strings = [_toml_string(item) for item in items]
    line = "[" + ", ".join(strings) + "]"
    if len(line) <= TOML_LINE:
        return line
    return "[\n" + "".join(f"  {text},\n" for text in strings) + "]"


TOML_LINE = 100
"""Characters of a one-line array in a drafted binding."""
