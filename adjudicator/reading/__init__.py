"""Reading a save or log whatever its game: what `check`, `report`, `audit` and `watch` all
show of a file (players, steps, dice, undos with what they took back, re-rolls, the
fingerprints of its first and last positions).

- `models`: the `FileReading` model and its records, the `reading` of every report;
- `reader`: `FileReader`, which collects a `FileReading` as the replayed steps stream by.

It sits below the report and the checking that use it, and knows no game.
"""
