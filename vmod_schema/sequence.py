"""VASSAL's SequenceEncoder/SequenceDecoder: the escaping scheme of every structured string.

Nothing in this module is game-specific or even command-specific. It reproduces the
engine's decoder exactly (FORMAT.md §3.2), quirks included, so a token list read here is
what VASSAL itself reads; `join` is the engine's encoder (§3.1), so re-encoding decoded
tokens gives back the original text byte for byte (§3.8).

>>> split("A,B\\\\,C", ",")
['A', 'B,C']
>>> split("'\\\\x',b", ",")
['\\\\x', 'b']
>>> join(["A", "B,C"], ",")
'A,B\\\\,C'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from itertools import repeat
from operator import getitem

from vmod_schema.errors import SequenceDecodeError

BACKSLASH = "\\"
QUOTE = "'"
_JAVA_INT = re.compile(r"[+-]?[0-9]+")
_JAVA_INT_RANGE = range(-(2**31), 2**31)


def unquote(token: str) -> str:
    """Remove one outer pair of apostrophes from a token of 2+ characters (§3.2 step 5).

    >>> unquote("'a'"), unquote("'"), unquote("a'")
    ('a', "'", "a'")
    """
    if len(token) >= 2 and token[0] == QUOTE and token[-1] == QUOTE:
        return token[1:-1]
    return token


def split(text: str, delimiter: str) -> list[str]:
    """Decode `text` into its tokens exactly as VASSAL's SequenceDecoder does.

    A non-null string always yields at least one token (the empty string yields `[""]`).

    >>> split("a;", ";")
    ['a', '']
    >>> split("", ";")
    ['']
    >>> split("''q'',z", ",")
    ["'q'", 'z']
    >>> split("ab\\\\,c", ",")
    ['ab,c']
    """
    escaped = BACKSLASH + delimiter
    if escaped not in text:
        # Without escaped delimiters the decoder is a plain split plus unquoting.
        tokens = text.split(delimiter)
    elif len(delimiter) == 1:
        tokens = _split_escaped(text, delimiter)
    else:
        return list(_scan(text, delimiter))
    if QUOTE in text:
        return [unquote(token) for token in tokens]
    return tokens


_DROP_LAST = slice(None, -1)


def _split_escaped(text: str, delimiter: str) -> list[str]:
    """`split` before unquoting, for a one-character delimiter that is escaped somewhere.

    Equivalent to `_scan`, at C speed: a delimiter preceded by a backslash is never a real
    one, wherever its token began (§3.2 step 3), and the decoder drops exactly that
    backslash. So split on every delimiter, then rejoin each part that ends in a backslash
    (minus that backslash) with the parts after it, up to the first part that does not.
    """
    parts = text.split(delimiter)
    last = len(parts) - 1
    escaped = list(map(str.endswith, parts, repeat(BACKSLASH)))
    escaped[last] = False  # the last part is not followed by a delimiter
    tokens: list[str] = []
    start = 0
    while start <= last:
        try:
            first = escaped.index(True, start)
        except ValueError:
            tokens += parts[start:]
            break
        tokens += parts[start:first]
        end = escaped.index(False, first)
        joined: list[str] = list(map(getitem, parts[first:end], repeat(_DROP_LAST)))
        joined.append(parts[end])
        tokens.append(delimiter.join(joined))
        start = end + 1
    return tokens


def _scan(text: str, delimiter: str) -> Iterable[str]:
    """The engine's character-level decoder (FORMAT.md §3.2), for strings with escapes."""
    start = 0
    length = len(text)
    while True:
        if start == length:
            yield ""
            return
        pieces: list[str] = []
        i = text.find(delimiter, start)
        while i != -1:
            # The backslash is looked up in the whole string, wherever the token began.
            if i > 0 and text[i - 1] == BACKSLASH:
                pieces.append(text[start : i - 1])
                start = i
                i = text.find(delimiter, i + 1)
                continue
            break
        if i == -1:
            pieces.append(text[start:])
            yield unquote("".join(pieces))
            return
        pieces.append(text[start:i])
        yield unquote("".join(pieces))
        start = i + 1


def escape(token: str, delimiter: str) -> str:
    """Encode one token for a `delimiter`-list (FORMAT.md §3.1 rules 3 and 4)."""
    if not token:
        return ""
    escaped = token.replace(delimiter, BACKSLASH + delimiter) if delimiter in token else token
    if token[0] == BACKSLASH or (token[0] == QUOTE and token[-1] == QUOTE):
        return QUOTE + escaped + QUOTE
    return escaped


def join(tokens: Sequence[str | None], delimiter: str) -> str:
    """Encode `tokens` as VASSAL's SequenceEncoder does (a `None` token writes nothing).

    An empty sequence encodes as the empty string here; VASSAL calls that "null".

    >>> join(["a", "", "b"], ";")
    'a;;b'
    >>> join(["'q'", "z"], ",")
    "''q'',z"
    """
    return delimiter.join(escape(token, delimiter) if token else "" for token in tokens)


def split_strict(text: str, delimiter: str) -> list[str]:
    """Like `split`, but reject text the engine's encoder could not have written.

    Raises:
        SequenceDecodeError: re-encoding the tokens does not give back `text`; `position`
            is the offset of the first character that differs.

    >>> split_strict("a\\\\;b;c", ";")
    ['a;b', 'c']
    >>> split_strict("'a';b", ";")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    vmod_schema.errors.SequenceDecodeError: text has an escape VASSAL never writes ...
    """
    tokens = split(text, delimiter)
    again = join(tokens, delimiter)
    if again != text:
        position = next(
            (i for i, (a, b) in enumerate(zip(text, again, strict=False)) if a != b),
            min(len(text), len(again)),
        )
        excerpt = text[max(0, position - 10) : position + 10]
        raise SequenceDecodeError(
            f"text has an escape VASSAL never writes near {excerpt!r}", position=position
        )
    return tokens


class SequenceDecoder:
    """Read a delimited string token by token with typed defaults (FORMAT.md §3.6).

    Older writers wrote fewer fields: a read past the end returns the default, an integer
    that does not parse returns the default, and a boolean is true only for `true`.

    >>> d = SequenceDecoder("7;true;x", ";")
    >>> d.next_int(0), d.next_bool(False), d.next_str(), d.next_str("default")
    (7, True, 'x', 'default')
    """

    __slots__ = ("_index", "_tokens")

    def __init__(self, text: str | None, delimiter: str) -> None:
        self._tokens: list[str] = [] if text is None else split(text, delimiter)
        self._index = 0

    def has_more(self) -> bool:
        """Return whether any token is left."""
        return self._index < len(self._tokens)

    def next_str(self, default: str = "") -> str:
        """Return the next token, or `default` when the list is exhausted."""
        if self._index >= len(self._tokens):
            return default
        token = self._tokens[self._index]
        self._index += 1
        return token

    def next_int(self, default: int) -> int:
        """Return the next token as an int, or `default` where Java's `parseInt` would fail.

        >>> SequenceDecoder(" 7;1_000;99999999999", ";").next_int(-1)
        -1
        """
        token = self.next_str("")
        if _JAVA_INT.fullmatch(token) is None:
            return default
        value = int(token)
        return value if value in _JAVA_INT_RANGE else default

    def next_float(self, default: float) -> float:
        """Return the next token as a float, or `default` if exhausted or not a number."""
        token = self.next_str("")
        try:
            return float(token.strip())
        except ValueError:
            return default

    def next_bool(self, default: bool) -> bool:
        """Return the next token as a bool: true only for the exact text `true`."""
        if not self.has_more():
            return default
        return self.next_str() == "true"

    def rest(self) -> list[str]:
        """Return every remaining token and exhaust the decoder."""
        remaining = self._tokens[self._index :]
        self._index = len(self._tokens)
        return remaining
