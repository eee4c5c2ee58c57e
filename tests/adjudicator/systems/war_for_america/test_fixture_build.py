"""The committed War for America fixture files are what their builder makes from the
sources (buildFile, module, games, binding), so a source changed without a rebuild fails."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import REPO, load_script, zip_entries

WFA = REPO / "fixtures" / "war-for-america"


def test_committed_fixture_module_games_and_binding_equal_a_fresh_build(
        tmp_path: Path) -> None:
    load_script(REPO / "fixtures" / "build_war_for_america.py").build(tmp_path)
    built = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*.v*"))
    committed = sorted(p.relative_to(WFA) for p in WFA.rglob("*.v*"))
    assert built == committed
    for relative in built:
        assert zip_entries(tmp_path / relative) == zip_entries(WFA / relative), relative
    for text in ("module/buildFile.xml", "binding.toml"):
        assert (tmp_path / text).read_text() == (WFA / text).read_text(), text
