"""Every command on hostile files: no traceback, a documented exit status, every process
under 1 GB, no password and no concealed name in any output (issue 18, part 6).

The bounded run of the fuzz suite (about a minute); `bench/fuzz_commands.py` is the long
one. Mutants are made from the fixture games (the hidden-information logs, Washington's War
and War for America) and the corpus saves and logs (`tests/fuzzkit.py`); hypothesis draws
the seeds and mutations, without shrinking (each example runs whole processes, and a
failure already says which file, which mutation and which command).
"""

from __future__ import annotations

import dataclasses
import os
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, note, settings
from hypothesis import strategies as st

from tests import fuzzkit
from tests.conftest import require_corpus

pytestmark = pytest.mark.slow

HIDDEN = fuzzkit.FIXTURES / "hidden"
WW = fuzzkit.FIXTURES / "washingtons-war"
SEEDS = fuzzkit.fixture_seeds()
BY_SETUP = {key: [s for s in SEEDS if s.setup.key == key] for key in ("hidden", "ww", "wfa")}
HAND_CARDS_SEED = next(s for s in BY_SETUP["ww"] if s.path.name == "illegal-arnold-line.vlog")
"""A Washington's War log with thirteen cards in the players' hands, never played."""

FUZZ = settings(max_examples=2, deadline=None, phases=[Phase.explicit, Phase.generate],
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow], database=None)
CI_PLAN = fuzzkit.Plan(inspect_every=3, isolate=0, timeout=120)


def _plan(**changes: Any) -> fuzzkit.Plan:
    """The CI run's plan with `changes`."""
    return dataclasses.replace(CI_PLAN, **changes)


def _assert_clean(campaign: fuzzkit.Campaign, mutants: list[fuzzkit.Mutant]) -> None:
    if campaign.failures:
        involved = {tag for failure in campaign.failures for tag in failure.mutants}
        runs: dict[str, int] = {}
        for failure in campaign.failures:
            runs[f"{failure.kind} in {failure.run}"] = runs.get(
                f"{failure.kind} in {failure.run}", 0) + 1
        lines = [f"{count} {where}" for where, count in runs.items()] + [""]
        lines += [str(f) for f in campaign.failures[:30]]
        lines += ["", "mutants:"] + [m.describe() for m in mutants if m.tag in involved]
        pytest.fail(f"{len(campaign.failures)} broken promises "
                    f"({fuzzkit.summarise(campaign.failures)}):\n" + "\n".join(lines))


def _seed_mutants(seeds: list[fuzzkit.Seed]) -> list[fuzzkit.Mutant]:
    """Unmutated seeds, as mutants (the oracles run on the real files too)."""
    return [fuzzkit.Mutant(number, seed, "none", "the seed itself", seed.path.read_bytes(),
                           f"m{number:05d}-{seed.path.name}")
            for number, seed in enumerate(seeds)]


# ----------------------------------------------------------------------------- oracles


def test_the_hidden_fixtures_have_concealed_names_and_passwords() -> None:
    for seed in [*BY_SETUP["hidden"], HAND_CARDS_SEED]:
        secrets = fuzzkit.seed_secrets(seed)
        assert secrets.readable, seed.label
        assert secrets.concealed, f"{seed.label}: no concealed name, the oracle would be vacuous"
        assert len(secrets.passwords) >= 2, seed.label
    part_1 = fuzzkit.seed_secrets(BY_SETUP["hidden"][0])
    assert {"Blue Ambushers", "Card: Forced March"} <= part_1.concealed
    assert "Card: Ambush" not in part_1.concealed  # played face up in step 5


def test_reveal_shows_the_concealed_names_the_oracle_looks_for(tmp_path: Path) -> None:
    for seed in [*BY_SETUP["hidden"], HAND_CARDS_SEED]:
        secrets = fuzzkit.seed_secrets(seed)
        runs = {}
        for reveal in (True, False):
            out = tmp_path / f"{seed.path.stem}-{reveal}"
            args = ["check", *seed.setup.options(with_module=True), "-f", fuzzkit.FORMATS,
                    "-o", str(out), *(["--reveal"] if reveal else []), str(seed.path)]
            runs[reveal] = fuzzkit.run(f"check-{reveal}", args, workdir=tmp_path,
                                       outputs=[out], reveal=reveal)
            assert runs[reveal].status in (0, 3), runs[reveal].stderr
        revealed = "\n".join(path.read_text(encoding="utf-8")
                             for path in fuzzkit.written_files(runs[True].outputs))
        pattern = fuzzkit.name_pattern
        missing = {name for name in secrets.concealed if not pattern([name]).search(revealed)}
        assert not missing, f"{seed.label}: --reveal does not show {sorted(missing)}"
        failures = fuzzkit.check_run(runs[False], {}, tmp_path, seeds=[seed])
        assert not failures, "\n".join(map(str, failures))


def test_the_leak_oracle_finds_a_name_and_a_password_without_printing_it(
        tmp_path: Path) -> None:
    seed = BY_SETUP["hidden"][0]
    secrets = fuzzkit.seed_secrets(seed)
    fake = fuzzkit.Run("fake", "check", [], 0, 1, 0.0,
                       f"Blue Ambushers moved; id {secrets.passwords[0]}", "", [])
    failures = fuzzkit.check_run(fake, {}, tmp_path, seeds=[seed])
    assert {f.kind for f in failures} == {"password", "concealed"}
    assert not any(password in str(f) for f in failures for password in secrets.passwords)


def test_the_same_seed_makes_the_same_mutants() -> None:
    first = list(fuzzkit.make_mutants(SEEDS, 30, 18, fuzzkit.CI_BUDGET))
    again = list(fuzzkit.make_mutants(SEEDS, 30, 18, fuzzkit.CI_BUDGET))
    assert [(m.name, m.kind, m.detail, m.data) for m in first] == \
        [(m.name, m.kind, m.detail, m.data) for m in again]
    assert len({m.kind for m in first}) > 5


# ----------------------------------------------------------------------------- the seeds


def test_the_hidden_fixtures_leak_nothing_in_any_command(tmp_path: Path) -> None:
    mutants = _seed_mutants([*BY_SETUP["hidden"], HAND_CARDS_SEED])
    plan = _plan(inspect_every=1, every_mode=True)
    _assert_clean(fuzzkit.run_campaign(mutants, tmp_path, plan), mutants)


# ----------------------------------------------------------------------------- mutants


@FUZZ
@given(rng=st.randoms(use_true_random=False), setup=st.sampled_from(["hidden", "ww", "wfa"]))
def test_mutated_fixture_games_through_every_command(tmp_path_factory: pytest.TempPathFactory,
                                                     rng: random.Random, setup: str) -> None:
    seeds = BY_SETUP[setup]
    mutants = [fuzzkit.make_mutant(number, rng.choice(seeds), rng, fuzzkit.CI_BUDGET)
               for number in range(6)]
    for mutant in mutants:
        note(mutant.describe())
    work = tmp_path_factory.mktemp("fuzz")
    plan = _plan(modules=(rng.random() < 0.5,))
    _assert_clean(fuzzkit.run_campaign(mutants, work, plan), mutants)


@pytest.mark.corpus
@FUZZ
@given(rng=st.randoms(use_true_random=False))
def test_mutated_corpus_games_through_every_command(tmp_path_factory: pytest.TempPathFactory,
                                                    rng: random.Random) -> None:
    corpus = require_corpus()
    seeds = [s for s in fuzzkit.corpus_seeds(corpus) if s.path.stat().st_size < 100_000]
    assert seeds, f"no small save or log in {corpus}"
    seed = rng.choice(seeds)
    mutants = [fuzzkit.make_mutant(number, seed, rng, fuzzkit.CI_BUDGET) for number in range(5)]
    for mutant in mutants:
        note(mutant.describe())
    work = tmp_path_factory.mktemp("fuzz")
    plan = _plan(commands=frozenset({"check", "audit", "series", "inspect"}), modules=(True,))
    _assert_clean(fuzzkit.run_campaign(mutants, work, plan), mutants)


@FUZZ
@given(rng=st.randoms(use_true_random=False))
def test_mutated_modules_and_data_files_through_the_other_commands(
        tmp_path_factory: pytest.TempPathFactory, rng: random.Random) -> None:
    work = tmp_path_factory.mktemp("other")
    failures = []
    for label, args, outputs, stdout_to, detail in fuzzkit.other_runs(
            rng, work, 4, fuzzkit.CI_BUDGET):
        note(f"{label}: {args} ({detail})")
        result = fuzzkit.run(label, args, workdir=work / "runs", outputs=outputs,
                             stdout_to=stdout_to, timeout=60)
        failures += [f"{failure} ({detail})" for failure in
                     fuzzkit.check_run(result, {}, work, seeds=[])]
    assert not failures, "\n".join(failures)


# ----------------------------------------------------------------------------- the holes


def _one(tmp_path: Path, seed: fuzzkit.Seed, kind: str, detail: str, text: str,
         name: str = "m00000.vlog") -> fuzzkit.Mutant:
    decoded = fuzzkit._payload(seed.path.read_bytes())
    assert decoded is not None
    _, payload, entries = decoded
    return fuzzkit.Mutant(0, seed, kind, detail, fuzzkit._rezip(text, payload, entries), name)


def _text(seed: fuzzkit.Seed) -> str:
    decoded = fuzzkit._payload(seed.path.read_bytes())
    assert decoded is not None
    return decoded[0]


def test_a_huge_property_count_stays_under_the_ceiling_in_check_and_inspect(
        tmp_path: Path) -> None:
    seed = BY_SETUP["hidden"][0]
    text = _text(seed)
    match = fuzzkit.BASIC_STATE.search(text)
    assert match is not None
    mutated = text[: match.start(2)] + "999999999" + text[match.end(2):]
    mutants = [_one(tmp_path, seed, "property-count", "999999999 properties", mutated)]
    plan = _plan(commands=frozenset({"check", "inspect"}), modules=(True,), inspect_every=1)
    _assert_clean(fuzzkit.run_campaign(mutants, tmp_path, plan), mutants)


def test_a_huge_chat_line_stays_under_the_ceiling_and_is_cut_in_reports(tmp_path: Path) -> None:
    seed = HAND_CARDS_SEED
    chat = "\\\x1bLOG\tCHAT<Abigail> " + fuzzkit.noise(random.Random(18), 6_000_000)
    mutants = [_one(tmp_path, seed, "chat-huge", "a 6 MB chat line", _text(seed) + chat)]
    plan = _plan(commands=frozenset({"check"}), modules=(True,))
    campaign = fuzzkit.run_campaign(mutants, tmp_path, plan)
    _assert_clean(campaign, mutants)
    sizes = {path.name: path.stat().st_size
             for path in fuzzkit.written_files(campaign.runs[0].outputs)}
    assert sizes and max(sizes.values()) < 2_000_000, sizes


@pytest.mark.parametrize("command", ["inspect", "check"])
def test_a_fifo_named_like_a_log_is_refused(tmp_path: Path, command: str) -> None:
    fifo = tmp_path / "x.vlog"
    os.mkfifo(fifo)
    args = ["inspect", str(fifo)] if command == "inspect" else [
        "check", "-g", "ww", "-o", str(tmp_path / "out"), str(fifo)]
    result = fuzzkit.run(command, args, workdir=tmp_path / "runs", timeout=10)
    assert result.killed is None, f"{command} on a FIFO: {result.killed}"
    assert result.status == 2 and fuzzkit.TRACEBACK not in result.stderr, result.stderr


@pytest.mark.parametrize("args", [["rules", "ww"], ["schema"], ["rules", "wfa", "--json"]])
def test_a_full_disk_on_stdout_is_one_line_and_status_2(tmp_path: Path,
                                                         args: list[str]) -> None:
    result = fuzzkit.run("full", args, workdir=tmp_path, stdout_to="/dev/full", timeout=60)
    assert fuzzkit.TRACEBACK not in result.stderr, result.stderr
    assert result.status == 2, (result.status, result.stderr)


def test_a_masked_general_is_named_in_no_line_of_any_format(tmp_path: Path) -> None:
    seed = next(s for s in BY_SETUP["ww"] if s.path.name == "illegal-carleton-too-far.vlog")
    kind, detail, text = fuzzkit.mask_pieces(_text(seed), random.Random(18), count=3)
    assert kind == "mask", detail
    mutants = [_one(tmp_path, seed, "text-mask", detail, text)]
    plan = _plan(commands=frozenset({"check", "inspect", "series"}), modules=(True,),
                 inspect_every=1)
    masked = tmp_path / "masked.vlog"
    masked.write_bytes(mutants[0].data)
    secrets = fuzzkit.read_secrets(masked, seed.setup.module)
    assert "Carleton" in secrets.concealed  # the oracle looks for the General
    _assert_clean(fuzzkit.run_campaign(mutants, tmp_path, plan), mutants)
