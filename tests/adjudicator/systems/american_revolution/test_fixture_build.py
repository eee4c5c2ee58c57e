"""The committed American Revolution fixture files are what their builder makes from the
sources (buildFile, module, games, binding), so a source changed without a rebuild fails."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import REPO, load_script, zip_entries

AR = REPO / "fixtures" / "american-revolution"


def test_committed_fixture_module_games_and_binding_equal_a_fresh_build(
        tmp_path: Path) -> None:
    load_script(REPO / "fixtures" / "build_american_revolution.py").build(tmp_path)
    built = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*.v*"))
    committed = sorted(p.relative_to(AR) for p in AR.rglob("*.v*"))
    assert built == committed
    assert Path("games/smoke-first-turn-opens.vlog") in built
    for relative in built:
        assert zip_entries(tmp_path / relative) == zip_entries(AR / relative), relative
    for text in ("module/buildFile.xml", "binding.toml"):
        assert (tmp_path / text).read_text() == (AR / text).read_text(), text


def test_the_buildfile_says_its_layout_is_made_up() -> None:
    builder = load_script(REPO / "fixtures" / "build_american_revolution.py")
    text = builder.buildfile(builder.read_source())
    assert text == (AR / "module" / "buildFile.xml").read_text(encoding="utf-8")
    assert "MADE UP" in text
