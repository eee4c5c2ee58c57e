"""Findings name what they concern: the card, the Generals (and where they moved), the
spaces whose PCs changed and where reinforcements came, in the message a player reads
and in the finding's `pieces` and `spaces` (which the HTML replay highlights)."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.audit.job import check_file
from adjudicator.folderconfig import config_for
from adjudicator.systems.washingtons_war.rules.context import listed

GAMES = Path(__file__).resolve().parents[4] / "fixtures" / "washingtons-war" / "games"


@pytest.mark.parametrize(("game", "rule_id", "says", "spaces", "pieces"), [
    ("illegal-two-things", "WW-SEQ-06",
     "one card (Fixture OPS 3 A) moved Washington (Lexington and Concord → Hartford) and "
     "placed a PC in Augusta", {"Lexington and Concord", "Hartford", "Augusta"},
     {"Washington"}),
    ("illegal-last-card-pcs-over-its-value", "WW-OPS-05",
     "with Fixture OPS 1 A, a 1-OPS card: placed PCs in Augusta and Eutaw Springs",
     {"Augusta", "Eutaw Springs"}, set()),
    ("illegal-two-landing-parties", "WW-CAMP-04",
     "(Major Campaign): placed a PC in St. Mary's and flipped the PC in Barnstable",
     {"St. Mary's", "Barnstable"}, set()),
    ("illegal-campaign-four-generals", "WW-CAMP-01",
     "4 Generals (Carleton, Howe, Clinton and Cornwallis)", set(),
     {"Carleton", "Howe", "Clinton", "Cornwallis"}),
    ("illegal-reinforce-from-discard", "WW-CARD-14",
     "reinforcements (Clinton to Norfolk) came with Fixture OPS 1 B", {"Norfolk"}, set()),
    ("illegal-american-reinforcement-count", "WW-REIN-05",
     "3 American CUs arrived in Philadelphia with Fixture OPS 2 A", {"Philadelphia"}, set()),
    ("illegal-british-reinforcements-from-stock", "WW-REIN-03",
     "3 British CUs came onto the map in Norfolk from stock", {"Norfolk"}, set()),
])
def test_a_finding_names_its_card_generals_and_spaces(
        game: str, rule_id: str, says: str, spaces: set[str], pieces: set[str]) -> None:
    path = GAMES / f"{game}.vlog"
    report = check_file(path, config_for(path.parent))
    [finding] = [f for f in report.findings if f.rule_id == rule_id
                 and f.severity.value == "illegal"]
    assert says in finding.message
    assert spaces <= set(finding.spaces)
    assert pieces <= set(finding.pieces)


def test_names_are_listed_once_each_in_order() -> None:
    assert listed([]) == ""
    assert listed(["Howe"]) == "Howe"
    assert listed(["Howe", "Clinton", "Howe"]) == "Howe and Clinton"
    assert listed(["A", "B", "C"]) == "A, B and C"
