"""VASSAL's formatted strings: `$property$` substitution (FORMAT.md §7.11).

Report formats, location formats and label texts are all evaluated the same way. BeanShell
expressions (`{…}`) cannot be evaluated without BeanShell and are returned unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from vmod_schema.archive import MAX_FORMATTED_CHARS
from vmod_schema.errors import VassalFormatError
from vmod_schema.sequence import split

_INTEGER = re.compile(r"[+-]?[0-9]+")
_INT_MIN, _INT_MAX = -(2**31), 2**31 - 1

PropertySource = Callable[[str], str | None]
"""A fallback lookup for properties the caller did not supply (piece, map, module)."""


def is_beanshell(fmt: str) -> bool:
    """Return whether `fmt` is a BeanShell expression (trimmed, wrapped in braces).

    >>> is_beanshell(" {Ops > 2} "), is_beanshell("$Ops$")
    (True, False)
    """
    trimmed = fmt.strip()
    return len(trimmed) >= 2 and trimmed[0] == "{" and trimmed[-1] == "}"


def format_string(
    fmt: str | None,
    props: Mapping[str, str | None] | None = None,
    *,
    lookup: PropertySource | None = None,
    localized: bool = False,
) -> str:
    """Evaluate a VASSAL format string `fmt` as the engine does (FORMAT.md §7.11).

    `props` are the properties the caller supplies (e.g. `name`, `gridLocation`): one with a
    `None` value contributes nothing. Other names go to `lookup`; a name nobody knows is left
    as its bare name (or contributes nothing when `localized`). `\\$` is a literal dollar
    (the §3 decoder); a `$name` without a closing `$` is kept as literal text without its `$`.

    >>> format_string("$name$ ($gridLocation$)", {"name": "Virginia", "gridLocation": "A1"})
    'Virginia (A1)'
    >>> format_string("  007 ")
    '7'
    >>> format_string("{Ops > 2}")
    '{Ops > 2}'
    >>> format_string("cost \\\\$5 in $where", {"where": "x"})
    'cost $5 in where'
    >>> format_string("$unknown$ here")
    'unknown here'
    """
    if fmt is None or not fmt.strip():
        return ""
    trimmed = fmt.strip()
    if is_beanshell(trimmed):
        return fmt
    if _INTEGER.fullmatch(trimmed):
        number = int(trimmed)
        if _INT_MIN <= number <= _INT_MAX:
            return str(number)
    if "$" not in fmt:
        return fmt
    return substitute(trimmed, props, lookup=lookup, localized=localized)


def substitute(
    text: str,
    props: Mapping[str, str | None] | None = None,
    *,
    lookup: PropertySource | None = None,
    localized: bool = False,
) -> str:
    """Replace `$name$` references in `text` (§7.11 step 4), without trimming it first.

    The text is split on `$` with the §3 decoder; tokens alternate literal, name, literal…;
    a name token is substituted only if another token follows it. Prototype parameters
    (§7.9) use this on a definition's whole text.

    Raises:
        VassalFormatError: the result would be longer than `MAX_FORMATTED_CHARS`.

    >>> substitute("a $x$ b $y$ c $z", {"x": "1"})
    'a 1 b y c z'
    """
    supplied = props or {}
    tokens = split(text, "$")
    out: list[str] = []
    size = len(text)  # the literal text is at most the text itself
    last = len(tokens) - 1
    for index, token in enumerate(tokens):
        if not token:
            continue
        # Only odd tokens with a token after them are `$name$` references.
        if index % 2 == 0 or index == last:
            out.append(token)
            continue
        if token in supplied:
            value = supplied[token]
        else:
            value = lookup(token) if lookup is not None else None
            if value is None and not localized:
                value = token
        if value is not None:
            size += len(value)
            if size > MAX_FORMATTED_CHARS:
                # Each `$name$` copies a value: a name format repeating `$pieceName$`,
                # applied by label after label, doubles the name each time.
                raise VassalFormatError(
                    f"formatted text would be longer than the limit MAX_FORMATTED_CHARS = "
                    f"{MAX_FORMATTED_CHARS} (a format repeats long values)")
            out.append(value)
    return "".join(out)
