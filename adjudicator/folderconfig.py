"""A folder's configuration, `adjudicator.toml`: set a folder up once.

A PBEM referee or a tournament director writes, in the folder where the files arrive:

```toml
game = "ww"                         # a game id (`adjudicator rules ww`); omit to recognise
module = "Washingtons_War.vmod"     # paths are relative to this file
binding = "binding.toml"
data = ["my-ww.toml"]
formats = ["json", "md"]            # sidecar formats
dice = ["vasl"]                     # chat dice presets, and/or
dice_patterns = "my-dice.toml"      # a file of chat dice patterns
full_paths = false                  # true: reports name files by full path, not name
reveal = false                      # true: show hidden information (a trusted referee)
options = ["fortresses"]            # the game's optional rules in use (`adjudicator rules GAME`)
```

Every key is optional. Without a `game`, each file's game is recognised from the module
named in its metadata (`GameSystem.module_names`), else from a single `*.binding.toml` or
`binding.toml` in the folder whose `game` says it; a file no system recognises is still read
and reported (players, steps, dice, undos), never an error.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from adjudicator.errors import AdjudicatorError
from adjudicator.report.sidecar import ReportFormat

CONFIG_NAME = "adjudicator.toml"


class FolderConfig(BaseModel):
    """What to check a folder's files with. Paths are absolute once loaded."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    game: str | None = None
    """Game id; None: recognise each file's game from its module name."""
    module: Path | None = None
    binding: Path | None = None
    data: tuple[Path, ...] = ()
    formats: tuple[ReportFormat, ...] = (ReportFormat.JSON, ReportFormat.MARKDOWN)
    dice: tuple[str, ...] = ()
    """Chat dice presets by name (e.g. `vasl`)."""
    dice_patterns: Path | None = None
    """A TOML file of chat dice patterns."""
    full_paths: bool = False
    """Reports name each file (and the module) by its full path rather than by its name
    (`--full-paths`)."""
    reveal: bool = False
    """Show hidden information: masked and invisible pieces by name, the pieces in each
    hand (`--reveal`, for a referee both players trust); by default reports show pieces as
    VASSAL shows them to the other player."""
    options: tuple[str, ...] = ()
    """The game's optional rules in use (`--option`): each game names its own
    (`adjudicator rules GAME` lists them); the others are reported as not in use."""
    source: Path | None = Field(default=None, exclude=True)
    """The file this was read from (None: defaults and command-line options only)."""


def load_folder_config(path: Path) -> FolderConfig:
    """Read an `adjudicator.toml`; relative paths are taken from its folder.

    Raises:
        AdjudicatorError: unreadable TOML or an unknown or mistyped key (named).
    """
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise AdjudicatorError(f"cannot read the folder configuration: {error}",
                               file=path) from None
    base = path.parent.resolve()
    for key in ("module", "binding", "dice_patterns"):
        if isinstance(raw.get(key), str):
            raw[key] = (base / raw[key]).resolve()
    if isinstance(raw.get("data"), list):
        raw["data"] = [(base / item).resolve() if isinstance(item, str) else item
                       for item in raw["data"]]
    try:
        return FolderConfig(**raw, source=path)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise AdjudicatorError(f"bad folder configuration: {where}: {first['msg']}",
                               file=path) from None


def config_for(folder: Path, explicit: Path | None = None) -> FolderConfig:
    """The configuration for files in `folder`: `explicit` if given, else the folder's
    `adjudicator.toml`, else defaults.

    Raises:
        AdjudicatorError: the configuration file is malformed.
    """
    if explicit is not None:
        return load_folder_config(explicit)
    candidate = folder / CONFIG_NAME
    return load_folder_config(candidate) if candidate.is_file() else FolderConfig()


def with_options(config: FolderConfig, **options: object) -> FolderConfig:
    """The configuration with command-line options laid over it (None: not given).

    Raises:
        AdjudicatorError: an option of the wrong kind (e.g. an unknown format).
    """
    given = {key: value for key, value in options.items()
             if value is not None and value != () and value != []}
    merged = {**config.model_dump(), **given, "source": config.source}
    try:
        return FolderConfig.model_validate(merged)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise AdjudicatorError(f"bad option {where}: {first['msg']}",
                               file=config.source) from None
