"""Mutation tests for verdicts: small rule-breaking variants of each game's legal scenarios.

A legal scenario (one that expects no illegal finding) is changed in memory in one small
way that breaks exactly one rule of the rulebook, at one step; the variant names that rule
and step. The referee must stay silent on the original and flag the variant there.

The kinds of change (issue 20; The American Revolution's in `ar`), each with the rule it
breaks:

- `move-further`: an activated force's move extended, through spaces without units (the
  game's map graph, bundled data merged with the fixture's data file), to a space one MP
  beyond its allowance from where it set out: WW-MOV-02 (British, 4 MP, WW 7.3.A),
  WW-MOV-03 (American, 5 MP, WW 7.3.C), WFA-MOV-03 (the MP its roll gave, WfA 12.0-12.7);
- `move-roundabout`: where no space lies one MP beyond, the same extension doubling back, so
  that the legs moved cost one MP more than the allowance though the end is within reach;
- `...-legs`: either extension dragged one leg a step after the original move, instead of
  all in the move's own step (one drag per leg, as `adjudicator.scenario` writes a path);
- `loss-more` / `loss-fewer`: one CU more or fewer removed after a battle's loss dice
  (WW-BAT-11 the loser, T5; WW-BAT-12 the winner, T6; reported at the removal that goes
  over, or at the battle's last step for a loss not taken), or one SP more lost than the
  battle table gave (WFA-CBT-04, WfA 13.0
  Step 6);
- `retreat-split` / `retreat-forbidden`: a retreat split over two spaces (WW-RET-01, WW
  9.61.B; WW-RBB-03 for a retreat before battle, WW 7.9.B), or sent where it may not go:
  a defender into an enemy PC's space (WW-RET-01, 9.61.A), a beaten attacker elsewhere than
  the space he came from (WW-RET-02, 9.61.B), a WfA defender into enemy SP or the space the
  attacker came from, a WfA attacker elsewhere than that space (WFA-CBT-13, WfA 13.3);
- `card-late`: a Battle Card played after the battle dice instead of in Step 1 (WW-CARD-08,
  WW 6.33.A, 9.45), or the attacker's card after the defender's (WW-CARD-09, 9.2 Step 1);
  `card-early`: a WfA card played one pulse early, in the opponent's AP (WFA-CARD-06, WfA
  9.9, 20.12);
- `wrong-box`: one CU of a reinforcement taken from stock instead of its box (WW-REIN-03,
  8.1.C; WW-REIN-06, 12.2.B.ii; reported at the placement from stock);
- `roll-early`: a roll made one impulse or pulse early. None is made: in the fixtures each
  such change breaks two rules, or one no rule of the catalogue names; the candidates are
  counted, with why.

Each generator makes a variant only where it can tell from the scenario's position (the
`Board` it follows through the actions) that the change breaks exactly the named rule;
every other candidate is counted as "not applicable" with a reason. Variants end just
after the mutated steps (or keep later play that cannot depend on the change), so that
actions written for the unmutated position cannot go wrong for another reason.

The package: `core` (variants, positions, map graphs, running), `ww` and `wfa` (each
game's generators); `misses.toml` lists the variants the referee does not catch yet, with
why. `python -m tests.mutations [--draft-misses]` (or `bench/mutations.py`) prints the
variants made per kind and game, caught and missed.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from tests.mutations.aam import AAM_GENERATORS
from tests.mutations.ar import AR_GENERATORS
from tests.mutations.core import (
    GAMES,
    KNOWN_MISSES,
    Made,
    Variant,
    absolute,
    adjudicate_raw,
    boards,
    illegal,
    known_misses,
    legal_scenarios,
    load_raw,
    said,
    scenario_paths,
)
from tests.mutations.wfa import WFA_GENERATORS
from tests.mutations.ww import WW_GENERATORS


def make(game: str) -> Made:
    made = Made()
    for path in legal_scenarios(game):
        raw = load_raw(path)
        pos = boards(raw, path.parent)
        generators = {"ww": WW_GENERATORS, "wfa": WFA_GENERATORS, "ar": AR_GENERATORS,
                      "aam": AAM_GENERATORS}[game]
        if pos is None:
            made.skip("all", "the scenario has an undo")
            continue
        for generator in generators:
            generator(path, raw, pos, made)
    return made


@cache
def all_variants() -> tuple[Variant, ...]:
    return tuple(v for game in GAMES for v in make(game).variants)


def main(argv: Sequence[str] = ()) -> None:
    """Print each game's variants per kind, caught and missed, each miss with what the
    referee said and its listed reason, and the candidates not mutated with why. With
    `--draft-misses`, then print a `[[miss]]` entry for each miss not yet listed, its
    reason to be written (and list the listed misses now caught, to be removed)."""
    import tempfile

    misses = known_misses()
    unlisted: list[tuple[Variant, str]] = []
    now_caught: list[str] = []
    total: Counter[str] = Counter()
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        for game in GAMES:
            made = make(game)
            table: dict[str, Counter[str]] = {}
            lines = []
            for n, v in enumerate(made.variants):
                report = adjudicate_raw(game, v.raw, tmp, f"v{n}")
                caught = (v.rule_id, v.step) in illegal(report)
                table.setdefault(v.kind, Counter())["caught" if caught else "missed"] += 1
                total["caught" if caught else "missed"] += 1
                extra = illegal(report) - {(v.rule_id, v.step)}
                if caught and extra:
                    lines.append(f"  caught {v.id}, also flagged: "
                                 + ", ".join(f"{r} at step {st}"
                                             for r, st in sorted(extra, key=str)))
                if caught and v.id in misses:
                    now_caught.append(v.id)
                if not caught:
                    lines.append(f"  MISSED {v.id}: {v.rule_id} at step {v.step} -- {v.what}"
                                 f"\n    referee said: {said(report)}"
                                 f"\n    listed reason: {misses.get(v.id, '(not listed)')}")
                    if v.id not in misses:
                        unlisted.append((v, said(report)))
            print(f"== {game}: {len(made.variants)} variants")
            for kind, counts in sorted(table.items()):
                print(f"  {kind:20} made {sum(counts.values()):3}  caught "
                      f"{counts['caught']:3}  missed {counts['missed']:3}")
            for (kind, why), count in sorted(made.skipped.items()):
                print(f"  not applicable  {kind:18} ×{count}: {why}")
            print("\n".join(lines))
    print(f"== both games: {sum(total.values())} variants, {total['caught']} caught, "
          f"{total['missed']} missed ({len(misses)} listed in {KNOWN_MISSES.name})")
    if "--draft-misses" in argv:
        for v, words in unlisted:
            print(f"\n[[miss]]\nid = {json.dumps(v.id)}\nreason = "
                  + json.dumps(f"bug: not flagged: {v.what}; the referee said: {words}",
                               ensure_ascii=False))
        for vid in now_caught:
            print(f"# now caught, remove from {KNOWN_MISSES.name}: {vid}")


__all__ = ["GAMES", "KNOWN_MISSES", "Variant", "absolute", "adjudicate_raw", "all_variants",
           "illegal", "known_misses", "legal_scenarios", "load_raw", "main", "make", "said",
           "scenario_paths"]
