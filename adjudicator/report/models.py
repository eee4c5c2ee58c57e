"""The sidecar report: what `adjudicator check` writes beside a save or log.

The JSON Schema of `Report` is published by `adjudicator schema` so other tools can read
reports. A report is a pure function of the input file, the module, the binding and the
data files: re-running on an unchanged file gives the same report (no timestamps).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from adjudicator.findings import Computation, Finding

_MODEL = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)


class SourceFile(BaseModel):
    """The file that was judged."""

    model_config = _MODEL
    path: str
    sha256: str


class Coverage(BaseModel):
    """Which catalog rules were checked, and why the others were not."""

    model_config = _MODEL
    checked: list[str] = Field(default_factory=list)
    """Rule ids the tool checked on this file."""
    unchecked: dict[str, str] = Field(default_factory=dict)
    """Rule id → why it was not checked (missing data, not implemented yet, …)."""


class Report(BaseModel):
    """Everything the adjudicator found in one save or log."""

    model_config = _MODEL
    game: str
    """Game system id, e.g. `ww`."""
    game_name: str
    source: SourceFile
    module: str | None = None
    """The module file used to name locations, if any."""
    tool_version: str
    steps: int
    """Logged steps read (step 0, the starting position, not counted)."""
    findings: list[Finding] = Field(default_factory=list)
    computations: list[Computation] = Field(default_factory=list)
    coverage: Coverage = Field(default_factory=Coverage)
    problems: list[str] = Field(default_factory=list)
    """Problems reading or replaying the file (bad commands are skipped, not fatal)."""

    def count(self, severity: str) -> int:
        """How many findings have this severity."""
        return sum(1 for finding in self.findings if finding.severity == severity)


def report_schema() -> dict[str, object]:
    """The JSON Schema of a report as it is written (serialization mode)."""
    return Report.model_json_schema(mode="serialization")
