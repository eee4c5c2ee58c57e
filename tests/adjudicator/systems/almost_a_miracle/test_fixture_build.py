"""The committed Almost a Miracle! fixture files are what their builder makes from the
sources (buildFile, module, games, binding), so a source changed without a rebuild fails."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import REPO, load_script, zip_entries

AAM = REPO / "fixtures" / "almost-a-miracle"


def test_committed_fixture_module_games_and_binding_equal_a_fresh_build(
        tmp_path: Path) -> None:
    load_script(REPO / "fixtures" / "build_almost_a_miracle.py").build(tmp_path)
    built = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*.v*"))
    committed = sorted(p.relative_to(AAM) for p in AAM.rglob("*.v*"))
    assert built == committed
    assert Path("games/smoke-first-endeavor.vlog") in built
    assert Path("almost-a-miracle-fixture.vmod") in built
    for relative in built:
        assert zip_entries(tmp_path / relative) == zip_entries(AAM / relative), relative
    for text in ("module/buildFile.xml", "binding.toml"):
        assert (tmp_path / text).read_text() == (AAM / text).read_text(), text


def test_the_buildfile_says_its_layout_is_made_up() -> None:
    builder = load_script(REPO / "fixtures" / "build_almost_a_miracle.py")
    text = builder.buildfile(builder.read_source())
    assert text == (AAM / "module" / "buildFile.xml").read_text(encoding="utf-8")
    assert "MADE UP" in text
    assert 'name="Almost a Miracle (fixture)"' in text


def test_the_folder_configuration_names_the_game_and_the_fixture_files() -> None:
    import tomllib

    config = tomllib.loads((AAM / "games" / "adjudicator.toml").read_text(encoding="utf-8"))
    assert config["game"] == "aam"
    for key in ("module", "binding"):
        assert (AAM / "games" / config[key]).resolve().is_file(), key
    assert all((AAM / "games" / path).resolve().is_file() for path in config["data"])
