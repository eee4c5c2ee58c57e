"""Property and example tests for the SequenceEncoder codec (FORMAT.md §3).

The reference decoder and encoder below are written straight from the prose of §3.1/§3.2,
character by character, so that the module's fast path (a plain `str.split` when no escaped
delimiter is present) and its scanner can both be checked against an independent reading of
the specification.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from vmod_schema.errors import SequenceDecodeError, VassalFormatError
from vmod_schema.sequence import SequenceDecoder, _scan, escape, join, split, split_strict

ESC = "\x1b"
TAB = "\t"
BACKSLASH = "\\"
QUOTE = "'"

# Every delimiter FORMAT.md §3 lists as seen in practice.
DELIMITERS = [ESC, TAB, "/", ";", ",", "|", "~", ":", "=", "+", "$"]

PROPERTY = settings(max_examples=200, deadline=None)


# --------------------------------------------------------------------------------------------
# An independent, literal reading of FORMAT.md §3.1 and §3.2
# --------------------------------------------------------------------------------------------


def reference_split(text: str, delimiter: str) -> list[str]:
    """Decode `text` following the numbered steps of FORMAT.md §3.2 literally."""
    tokens: list[str] = []
    start = 0
    exhausted = False
    while not exhausted:
        # Step 2: at the end of the string, one empty token, then exhausted.
        if start == len(text):
            tokens.append("")
            break
        pieces: list[str] = []
        token: str | None = None
        i = start
        # Step 3: scan character by character for the delimiter.
        while i < len(text):
            if text[i] == delimiter:
                if i > 0 and text[i - 1] == BACKSLASH:
                    pieces.append(text[start : i - 1])
                    start = i
                else:
                    token = "".join(pieces) + text[start:i]
                    start = i + 1
                    break
            i += 1
        # Step 4: no real delimiter remains.
        if token is None:
            token = "".join(pieces) + text[start:]
            exhausted = True
        # Step 5: strip one outer pair of apostrophes.
        if len(token) >= 2 and token[0] == QUOTE and token[-1] == QUOTE:
            token = token[1:-1]
        tokens.append(token)
    return tokens


def reference_join(tokens: list[str], delimiter: str) -> str:
    """Encode `tokens` following FORMAT.md §3.1 literally."""
    out: list[str] = []
    for token in tokens:
        if not token:
            out.append("")
            continue
        escaped = "".join(BACKSLASH + c if c == delimiter else c for c in token)
        if token.startswith(BACKSLASH) or (token.startswith(QUOTE) and token.endswith(QUOTE)):
            escaped = QUOTE + escaped + QUOTE
        out.append(escaped)
    return delimiter.join(out)


def hits_quirk(tokens: list[str]) -> bool:
    """Whether a non-final token ends with a backslash that the encoder leaves bare (§3.5)."""
    return any(
        token.endswith(BACKSLASH) and not token.startswith(BACKSLASH) for token in tokens[:-1]
    )


# --------------------------------------------------------------------------------------------
# Strategies
# --------------------------------------------------------------------------------------------

SPECIAL = [BACKSLASH, QUOTE, *DELIMITERS]


def chars_for(delimiter: str) -> st.SearchStrategy[str]:
    """Characters biased towards the ones that matter for `delimiter`.

    The delimiter itself, backslashes and apostrophes come up often; other delimiters,
    ASCII letters and arbitrary unicode (astral-plane characters included) fill the rest.
    """
    return st.one_of(
        st.sampled_from([delimiter, BACKSLASH, QUOTE]),
        st.sampled_from([delimiter, "a", "b"]),
        st.sampled_from(SPECIAL),
        st.characters(exclude_categories=["Cs"]),
    )


def texts_for(delimiter: str, max_size: int = 10) -> st.SearchStrategy[str]:
    """Token texts, often with the shapes the encoder treats specially (§3.1 rule 4, §3.5)."""
    plain = st.text(alphabet=chars_for(delimiter), max_size=max_size)
    return st.one_of(
        plain,
        plain.map(lambda t: t + BACKSLASH),
        plain.map(lambda t: BACKSLASH + t),
        plain.map(lambda t: QUOTE + t + QUOTE),
        st.sampled_from(["", QUOTE, QUOTE * 2, BACKSLASH, delimiter, BACKSLASH + delimiter]),
    )


def raw_strings_for(delimiter: str) -> st.SearchStrategy[str]:
    """Arbitrary strings rich in escapes: delimiters often follow runs of backslashes."""
    runs = st.sampled_from(["\\", "\\\\", "'", "''", "\\'", "'\\"]).map(lambda run: run + delimiter)
    return st.lists(st.one_of(chars_for(delimiter), runs), max_size=24).map("".join)


delimiters = st.sampled_from(DELIMITERS)
# (delimiter, tokens) pairs whose tokens are built around that delimiter.
token_cases = delimiters.flatmap(
    lambda d: st.tuples(st.just(d), st.lists(texts_for(d), min_size=1, max_size=8))
)


def _without_trailing_backslashes(case: tuple[str, list[str]]) -> tuple[str, list[str]]:
    d, tokens = case
    last = len(tokens) - 1
    return d, [t + "x" if i < last and t.endswith(BACKSLASH) else t for i, t in enumerate(tokens)]


# The same, with no non-final token ending in a backslash (so the §3.5 quirk cannot apply).
quirk_free_cases = token_cases.map(_without_trailing_backslashes)
raw_cases = delimiters.flatmap(lambda d: st.tuples(st.just(d), raw_strings_for(d)))


# --------------------------------------------------------------------------------------------
# §3.3 examples
# --------------------------------------------------------------------------------------------

FORMAT_3_3_TABLE = [
    pytest.param("A,B\\,C", ["A", "B,C"], id="escaped-delimiter"),
    pytest.param("a,", ["a", ""], id="trailing-delimiter"),
    pytest.param(",", ["", ""], id="lone-delimiter"),
    pytest.param("", [""], id="empty-string-is-one-empty-token"),
    pytest.param("'\\x',b", ["\\x", "b"], id="quoted-leading-backslash"),
    pytest.param("''q'',z", ["'q'", "z"], id="quoted-apostrophes"),
]


@pytest.mark.parametrize(("encoded", "tokens"), FORMAT_3_3_TABLE)
def test_split_decodes_each_row_of_the_format_table(encoded: str, tokens: list[str]) -> None:
    assert split(encoded, ",") == tokens


@pytest.mark.parametrize(("encoded", "tokens"), FORMAT_3_3_TABLE)
def test_join_re_encodes_each_row_of_the_format_table(encoded: str, tokens: list[str]) -> None:
    assert join(tokens, ",") == encoded


@pytest.mark.parametrize(("encoded", "tokens"), FORMAT_3_3_TABLE)
def test_split_strict_accepts_each_row_of_the_format_table(encoded: str, tokens: list[str]) -> None:
    assert split_strict(encoded, ",") == tokens


def test_report_state_type_decodes_level_by_level() -> None:
    # FORMAT.md §3.3, the ReportState example: a `;`-list holding a `,`-list.
    text = "report;57816\\,0\\,RandomizerReport;!$playerName$ <b>RANDOMIZED<\\/b>"
    fields = split(text, ";")
    assert fields == [
        "report",
        "57816\\,0\\,RandomizerReport",
        "!$playerName$ <b>RANDOMIZED<\\/b>",
    ]
    assert split(fields[1], ",") == ["57816,0,RandomizerReport"]
    assert split(split(fields[1], ",")[0], ",") == ["57816", "0", "RandomizerReport"]


def test_nested_list_from_the_engine_javadoc_encodes_with_one_backslash() -> None:
    # {A,{B,C}} encodes as A,B\,C and decodes back level by level.
    inner = join(["B", "C"], ",")
    outer = join(["A", inner], ",")
    assert outer == "A,B\\,C"
    assert split(outer, ",") == ["A", "B,C"]
    assert split(split(outer, ",")[1], ",") == ["B", "C"]


def test_delimiter_depth_shows_as_that_many_backslashes() -> None:
    # FORMAT.md §3.4: a delimiter at nesting depth n is preceded by n backslashes.
    level2 = join(["x", "y"], ";")
    level1 = join(["p", level2], ";")
    level0 = join(["q", level1], ";")
    assert level0 == "q;p\\;x\\\\;y"
    assert split(split(split(level0, ";")[1], ";")[1], ";") == ["x", "y"]


@pytest.mark.parametrize(
    ("tokens", "encoded"),
    [
        pytest.param(["a", "", "b"], "a;;b", id="empty-middle-token"),
        pytest.param(["a", ""], "a;", id="empty-final-token"),
        pytest.param([""], "", id="one-empty-token"),
        pytest.param([], "", id="no-tokens-encode-as-nothing"),
        pytest.param([None, "x"], ";x", id="none-writes-nothing"),
        pytest.param(["\\x"], "'\\x'", id="leading-backslash-is-quoted"),
        pytest.param(["'"], "'''", id="single-apostrophe-is-quoted"),
        pytest.param(["'a"], "'a", id="unbalanced-apostrophe-is-not-quoted"),
        pytest.param(["a\\b"], "a\\b", id="inner-backslash-is-not-escaped"),
        pytest.param(["a;b;c"], "a\\;b\\;c", id="each-delimiter-escaped"),
    ],
)
def test_join_follows_the_encoding_rules(tokens: list[str | None], encoded: str) -> None:
    assert join(tokens, ";") == encoded


def test_escape_of_an_empty_token_is_empty() -> None:
    assert escape("", ";") == ""


# --------------------------------------------------------------------------------------------
# §3.5 quirk
# --------------------------------------------------------------------------------------------


def test_token_ending_in_backslash_swallows_the_following_delimiter() -> None:
    encoded = join(["ab\\", "c"], ",")
    assert encoded == "ab\\,c"
    assert split(encoded, ",") == ["ab,c"]


def test_token_ending_in_backslash_swallows_a_trailing_delimiter_too() -> None:
    encoded = join(["ab\\", ""], ",")
    assert encoded == "ab\\,"
    assert split(encoded, ",") == ["ab,"]


def test_token_both_starting_and_ending_with_backslash_is_protected_by_quoting() -> None:
    encoded = join(["\\ab\\", "c"], ",")
    assert encoded == "'\\ab\\',c"
    assert split(encoded, ",") == ["\\ab\\", "c"]


def test_swallowed_delimiter_text_is_still_accepted_by_split_strict() -> None:
    # The encoder could have written `ab\,c` (from ["ab,c"]), so strict decoding accepts it.
    assert split_strict("ab\\,c", ",") == ["ab,c"]


@PROPERTY
@given(token_cases)
def test_round_trip_fails_exactly_when_the_quirk_applies(case: tuple[str, list[str]]) -> None:
    d, tokens = case
    assert (split(join(tokens, d), d) == tokens) == (not hits_quirk(tokens))


# --------------------------------------------------------------------------------------------
# Round-trip properties
# --------------------------------------------------------------------------------------------


@PROPERTY
@given(quirk_free_cases)
def test_split_inverts_join_when_no_token_ends_in_a_backslash(
    case: tuple[str, list[str]],
) -> None:
    d, tokens = case
    assert split(join(tokens, d), d) == tokens


@PROPERTY
@given(quirk_free_cases)
def test_join_inverts_split_on_text_the_encoder_wrote(case: tuple[str, list[str]]) -> None:
    d, tokens = case
    encoded = join(tokens, d)
    assert join(split(encoded, d), d) == encoded
    assert split_strict(encoded, d) == tokens


@PROPERTY
@given(token_cases)
def test_join_matches_the_literal_encoding_rules(case: tuple[str, list[str]]) -> None:
    d, tokens = case
    assert join(tokens, d) == reference_join(tokens, d)


@PROPERTY
@given(token_cases)
def test_decoding_encoded_lists_matches_the_literal_decoder_even_for_the_quirk(
    case: tuple[str, list[str]],
) -> None:
    d, tokens = case
    encoded = join(tokens, d)
    assert split(encoded, d) == reference_split(encoded, d)


# Leaves draw on every delimiter's special characters; none ends in a backslash (§3.5).
# Trailing backslashes are stripped rather than filtered out: filtering discarded so many
# draws that Hypothesis's too-much-filtering health check failed now and then.
leaf_texts = st.one_of([texts_for(d, max_size=6) for d in DELIMITERS]).map(
    lambda t: t.rstrip(BACKSLASH)
)
nested_lists = st.lists(
    st.lists(st.lists(leaf_texts, min_size=1, max_size=4), min_size=1, max_size=4),
    min_size=1,
    max_size=4,
)


@PROPERTY
@given(nested_lists, delimiters, delimiters, delimiters)
def test_three_level_nested_lists_round_trip(
    outer: list[list[list[str]]], d0: str, d1: str, d2: str
) -> None:
    encoded = join([join([join(leaf, d2) for leaf in middle], d1) for middle in outer], d0)
    decoded = [[split(inner, d2) for inner in split(middle, d1)] for middle in split(encoded, d0)]
    assert decoded == outer


@PROPERTY
@given(nested_lists, delimiters)
def test_three_level_nesting_with_one_delimiter_round_trips(
    outer: list[list[list[str]]], d: str
) -> None:
    # The same delimiter at every level: depth is carried by backslashes alone (§3.4).
    encoded = join([join([join(leaf, d) for leaf in middle], d) for middle in outer], d)
    decoded = [[split(inner, d) for inner in split(middle, d)] for middle in split(encoded, d)]
    assert decoded == outer


# --------------------------------------------------------------------------------------------
# Fast path versus scanner versus the literal decoder
# --------------------------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(raw_cases)
def test_split_agrees_with_the_literal_decoder_on_arbitrary_text(case: tuple[str, str]) -> None:
    d, text = case
    assert split(text, d) == reference_split(text, d)


@settings(max_examples=300, deadline=None)
@given(raw_cases)
def test_the_scanner_agrees_with_the_literal_decoder_on_arbitrary_text(
    case: tuple[str, str],
) -> None:
    d, text = case
    # `_scan` is the slow path; run it even on text the fast path would normally take.
    assert list(_scan(text, d)) == reference_split(text, d)


@PROPERTY
@given(raw_cases)
def test_fast_path_and_scanner_agree_on_text_without_escapes(case: tuple[str, str]) -> None:
    d, text = case
    text = text.replace(BACKSLASH + d, d)
    assume(BACKSLASH + d not in text)
    assert split(text, d) == list(_scan(text, d))


@PROPERTY
@given(raw_cases)
def test_split_always_yields_one_more_token_than_real_delimiters(case: tuple[str, str]) -> None:
    d, text = case
    real = sum(1 for i, c in enumerate(text) if c == d and not (i > 0 and text[i - 1] == "\\"))
    assert len(split(text, d)) == real + 1


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        pytest.param("a\\,\\,b", ["a,,b"], id="two-escapes-in-one-token"),
        pytest.param("\\,x", [",x"], id="escape-at-start"),
        pytest.param("a\\\\,b", ["a\\,b"], id="double-backslash-escapes-once"),
        pytest.param("a\\,", ["a,"], id="escape-at-end"),
        pytest.param("'a\\,b'", ["a,b"], id="quotes-stripped-after-joining-pieces"),
        pytest.param("'a',b',c'", ["a", "b'", "c'"], id="quotes-per-token"),
        pytest.param("'", ["'"], id="single-apostrophe-kept"),
        pytest.param("''", [""], id="two-apostrophes-strip-to-empty"),
        pytest.param("x\\", ["x\\"], id="trailing-backslash-kept"),
    ],
)
def test_split_handles_escape_edge_cases_like_the_engine(text: str, tokens: list[str]) -> None:
    assert split(text, ",") == tokens
    assert reference_split(text, ",") == tokens


# --------------------------------------------------------------------------------------------
# split_strict
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "position"),
    [
        pytest.param("'a';b", 0, id="needless-quotes"),
        pytest.param("\\x;y", 0, id="unquoted-leading-backslash"),
        pytest.param("ab;\\c", 3, id="unquoted-leading-backslash-later"),
        pytest.param("ab;''", 3, id="quoted-empty-token"),
    ],
)
def test_split_strict_rejects_text_the_encoder_never_writes(text: str, position: int) -> None:
    with pytest.raises(SequenceDecodeError) as caught:
        split_strict(text, ";")
    error = caught.value
    assert type(error) is SequenceDecodeError
    assert isinstance(error, VassalFormatError)
    assert error.position == position
    assert "\n" not in str(error)


@PROPERTY
@given(raw_cases)
def test_split_strict_either_round_trips_or_names_a_position_inside_the_text(
    case: tuple[str, str],
) -> None:
    d, text = case
    try:
        tokens = split_strict(text, d)
    except SequenceDecodeError as error:
        assert error.position is not None
        assert 0 <= error.position <= len(text)
        assert join(split(text, d), d) != text
    else:
        assert tokens == split(text, d)
        assert join(tokens, d) == text


# --------------------------------------------------------------------------------------------
# SequenceDecoder: typed reads and defaults (§3.6)
# --------------------------------------------------------------------------------------------


def test_decoder_supplies_defaults_for_fields_an_older_writer_left_out() -> None:
    decoder = SequenceDecoder("5", ";")
    assert decoder.next_int(0) == 5
    assert not decoder.has_more()
    assert decoder.next_int(9) == 9
    assert decoder.next_bool(True) is True
    assert decoder.next_bool(False) is False
    assert decoder.next_str("x") == "x"
    assert decoder.next_str() == ""
    assert decoder.next_float(1.5) == 1.5


def test_decoder_on_null_text_has_no_tokens() -> None:
    decoder = SequenceDecoder(None, ";")
    assert not decoder.has_more()
    assert decoder.next_str("d") == "d"
    assert decoder.next_int(4) == 4
    assert decoder.rest() == []


def test_decoder_on_empty_text_has_exactly_one_empty_token() -> None:
    decoder = SequenceDecoder("", ";")
    assert decoder.has_more()
    assert decoder.next_str("d") == ""
    assert not decoder.has_more()
    assert decoder.next_str("d") == "d"


def test_decoder_yields_the_empty_token_after_a_trailing_delimiter() -> None:
    decoder = SequenceDecoder("a;", ";")
    assert decoder.next_str("d") == "a"
    assert decoder.has_more()
    assert decoder.next_str("d") == ""
    assert decoder.next_str("d") == "d"


def test_an_unparsable_int_gives_the_default_and_still_consumes_the_token() -> None:
    decoder = SequenceDecoder("x;7;;-3;+4", ";")
    assert decoder.next_int(3) == 3
    assert decoder.next_int(0) == 7
    assert decoder.next_int(11) == 11
    assert decoder.next_int(0) == -3
    assert decoder.next_int(0) == 4
    assert decoder.next_int(42) == 42


def test_an_unparsable_float_gives_the_default_and_still_consumes_the_token() -> None:
    decoder = SequenceDecoder("x;227.90000000000052;1.0;-0.5", ";")
    assert decoder.next_float(2.5) == 2.5
    assert decoder.next_float(0.0) == 227.90000000000052
    assert decoder.next_float(0.0) == 1.0
    assert decoder.next_float(0.0) == -0.5
    assert decoder.next_float(9.0) == 9.0


@pytest.mark.parametrize(
    ("token", "expected"),
    [
        ("true", True),
        ("false", False),
        ("True", False),
        ("TRUE", False),
        ("1", False),
        ("yes", False),
        (" true", False),
        ("", False),
    ],
)
def test_a_present_bool_is_true_only_for_the_exact_text_true(token: str, expected: bool) -> None:
    # A present token never falls back to the default, even when it is empty.
    decoder = SequenceDecoder(join([token, "z"], ";"), ";")
    assert decoder.next_bool(not expected) is expected


@pytest.mark.parametrize(
    "token",
    [
        pytest.param(" 7", id="leading-space"),
        pytest.param("7 ", id="trailing-space"),
        pytest.param("1_000", id="underscore-separator"),
        pytest.param("2147483648", id="above-java-int-range"),
        pytest.param("-2147483649", id="below-java-int-range"),
    ],
)
def test_an_int_java_cannot_parse_gives_the_default(token: str) -> None:
    assert SequenceDecoder(token, ";").next_int(-1) == -1


def test_the_java_int_range_limits_still_parse() -> None:
    decoder = SequenceDecoder("2147483647;-2147483648", ";")
    assert decoder.next_int(0) == 2147483647
    assert decoder.next_int(0) == -2147483648


def test_rest_returns_the_remaining_tokens_and_exhausts_the_decoder() -> None:
    decoder = SequenceDecoder("a;b\\;c;;d", ";")
    assert decoder.next_str() == "a"
    assert decoder.rest() == ["b;c", "", "d"]
    assert not decoder.has_more()
    assert decoder.rest() == []


@PROPERTY
@given(quirk_free_cases, st.integers(min_value=0, max_value=10))
def test_decoder_reads_the_tokens_positionally_then_defaults(
    case: tuple[str, list[str]], extra: int
) -> None:
    d, tokens = case
    decoder = SequenceDecoder(join(tokens, d), d)
    assert [decoder.next_str("\x00default") for _ in tokens] == tokens
    assert [decoder.next_str("\x00default") for _ in range(extra)] == ["\x00default"] * extra
