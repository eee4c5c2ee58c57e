"""Calibration for maps without a grid: which pixel point is which space.

`adjudicator.systems.common.calibration_seed` finds the points the module's at-start
stacks already give (matched to the game's set-up), `build` reads the module for it,
`page` writes the HTML page where a user clicks the remaining places once and
exports the calibration TOML, and `file` reads that TOML back for `bind --calibration`.
"""
