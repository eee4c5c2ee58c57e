"""Where the two transcriptions of the rulebook differ (digest 8.1): the 2016 printing
(with errata, `rules.txt`) and the 2011 printing (`rules-part2.txt`, rules 11.6-24.1).

The checks follow the 2016 printing, as the digest does (it is the later text, and the
designer's note in AR 39.0 confirms one of its changes). A finding that rests on a sentence
only one printing has names both, so a referee with the other printing sees why.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

ONLY_2016: Mapping[str, str] = MappingProxyType({
    "13.7": "Hessian units may not be broken down into detachments",
    "13.8": "militia may be placed in any space not containing enemy units or partisans",
    "16.3": "a leaderless force's movement allowance is the unmodified die",
    "18.4(1)": "a player needs at least one leader in the battle to play Tactics markers",
    "18.4(4b)": "the final round of fire is by light troops and Indians only",
    "18.8": "all units may retreat, disrupted ones included",
    "19.6": "units embarked on a fleet (leaders and marines aside) check supply even in port",
    "21.1": "leaders can control a locale for political points and other purposes",
})
"""Sentences of the 2016 printing that the 2011 printing lacks (or words differently),
by rule."""


def printings(rule: str) -> str:
    """The note a finding resting on `rule` carries, naming both printings ('' when the
    printings agree on it).

    >>> printings("18.8")
    ' (2016 printing, AR 18.8: all units may retreat, disrupted ones included; the 2011 \
printing lacks this sentence)'
    >>> printings("16.12")
    ''
    """
    sentence = ONLY_2016.get(rule)
    if sentence is None:
        return ""
    return (f" (2016 printing, AR {rule}: {sentence}; the 2011 printing lacks this "
            "sentence)")
