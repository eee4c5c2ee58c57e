"""Text from a file, cut to a length a report can carry: a chat line of 85 MB or a piece
named by a whole HTML document is shown by its start and a note of how much was cut.

Every chat line and piece name passes here when the replay reads it
(`adjudicator.replay.timeline`, `adjudicator.replay.board`), so every output (findings,
computations, the trace, audit summaries, `inspect`) carries the cut text.

>>> clip("Howe", 10)
'Howe'
>>> clip("x" * 1500, 1000)[995:]
'xxxxx… [500 more characters cut]'
"""

from __future__ import annotations

CHAT_LINE_LIMIT = 1000
"""Characters of a chat line a report shows (a dice report is under 200)."""
NAME_LIMIT = 200
"""Characters of a piece's name a report shows (real names are under 60)."""


def clip(text: str, limit: int) -> str:
    """`text`, or its first `limit` characters and a note of how many more were cut."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… [{len(text) - limit:,} more characters cut]"


def clip_name(name: str) -> str:
    """A piece's name as reports show it."""
    return clip(name, NAME_LIMIT)


def clip_chat(line: str) -> str:
    """A chat line as reports show it."""
    return clip(line, CHAT_LINE_LIMIT)
