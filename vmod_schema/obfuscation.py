"""The three encodings of a `savedGame` payload: `!VCSK` hex+XOR, `VOBS` raw XOR, plain.

FORMAT.md §2. Decoding works on bytes (the XOR is applied to the UTF-8 bytes of the text).

>>> decode_payload(bytes.fromhex("564f42531e7c7b797770416d7f687b05")).text
'begin_save\\x1b'
>>> encode_payload("begin_save\\x1b", PayloadEncoding.VOBS, key=0x1E).hex()
'564f42531e7c7b797770416d7f687b05'
"""

from __future__ import annotations

import binascii
import codecs
import secrets
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from itertools import chain

from vmod_schema.errors import ObfuscationError

VCSK_HEADER = b"!VCSK"
VOBS_HEADER = b"VOBS"
VCSZ_HEADER = b"!VCSZ"


class PayloadEncoding(StrEnum):
    """How a `savedGame` entry is stored."""

    VCSK = "!VCSK"
    """Hex digits of each byte XOR a key (VASSAL 3.x)."""
    VOBS = "VOBS"
    """Raw bytes XOR a key (VASSAL 3.8 line)."""
    PLAIN = "plain"
    """The text itself (2.x era, or written by hand)."""


@dataclass(frozen=True, slots=True)
class Payload:
    """A decoded `savedGame` payload: its text and how it was stored."""

    text: str
    encoding: PayloadEncoding
    key: int | None
    text_encoding: str = "utf-8"


_XOR_TABLES: dict[int, bytes] = {}


def _xor_table(key: int) -> bytes:
    table = _XOR_TABLES.get(key)
    if table is None:
        table = bytes(b ^ key for b in range(256))
        _XOR_TABLES[key] = table
    return table


def _xor(data: bytes, key: int) -> bytes:
    return data.translate(_xor_table(key))


def _text(plain: bytes) -> tuple[str, str]:
    try:
        return plain.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        # Very old engines on Windows wrote cp1252 (FORMAT.md §2.4).
        return plain.decode("cp1252", errors="replace"), "cp1252"


def decode_payload(data: bytes) -> Payload:
    """Detect the payload's encoding, undo it and decode the text.

    Raises:
        ObfuscationError: a `!VCSK` payload with a bad key, odd-length or non-hex text, a
            `VOBS` payload without a key byte, or the unmerged `!VCSZ` format.
    """
    if data.startswith(VCSK_HEADER):
        # A memoryview: the (often tens of MB) hex digits are not copied to cut the header.
        body = memoryview(data)[len(VCSK_HEADER) :]
        if len(body) < 2:
            raise ObfuscationError("!VCSK payload has no key", position=len(VCSK_HEADER))
        key = _vcsk_key(body[:2])
        digits = body[2:]
        if len(digits) % 2:
            raise ObfuscationError(
                f"!VCSK payload has an odd number of hex digits ({len(digits)})",
                position=len(data))
        try:
            plain = binascii.unhexlify(digits)
        except (binascii.Error, ValueError):
            raise ObfuscationError(
                "!VCSK payload holds a character that is not a hex digit",
                position=len(VCSK_HEADER) + 2 + _first_non_hex(digits)) from None
        plain = _xor(plain, key)  # the unhexlified bytes are freed here
        text, charset = _text(plain)
        return Payload(text, PayloadEncoding.VCSK, key, charset)
    if data.startswith(VOBS_HEADER):
        if len(data) < len(VOBS_HEADER) + 1:
            raise ObfuscationError("VOBS payload has no key byte", position=len(VOBS_HEADER))
        key = data[len(VOBS_HEADER)]
        text, charset = _text(_xor(data[len(VOBS_HEADER) + 1 :], key))
        return Payload(text, PayloadEncoding.VOBS, key, charset)
    if data.startswith(VCSZ_HEADER):
        raise ObfuscationError("payload header b'!VCSZ' is a proposed format no VASSAL writes",
                               position=0)
    text, charset = _text(data)
    return Payload(text, PayloadEncoding.PLAIN, None, charset)


def _vcsk_key(digits: bytes | memoryview) -> int:
    try:
        return binascii.unhexlify(digits)[0]
    except (binascii.Error, ValueError):
        raise ObfuscationError(f"!VCSK key is not hex: {bytes(digits)!r}",
                               position=len(VCSK_HEADER)) from None


_HEADER_BYTES = len(VCSK_HEADER) + 2
"""Enough leading bytes to tell every encoding apart and read its key."""


@dataclass(slots=True)
class PayloadStream:
    """A payload decoded chunk by chunk (`decode_payload_stream`): how it was stored, and
    an iterator over its text in pieces."""

    encoding: PayloadEncoding
    key: int | None
    pieces: Iterator[str]
    """The text, in order; ''.join(pieces) is `decode_payload(data).text`."""


def decode_payload_stream(chunks: Iterable[bytes]) -> PayloadStream:
    """`decode_payload` for a payload that arrives in chunks (e.g. from `Archive.stream`).

    Only one chunk and its decoded text are held at a time: the hex digits, the raw bytes
    and the whole text never sit in memory together. The header is read at once; the text
    is decoded as `pieces` is iterated.

    The text is decoded as UTF-8 only. Where `decode_payload` would fall back to cp1252
    (very old files, FORMAT.md §2.4) iterating raises `UnicodeDecodeError` instead; and an
    `ObfuscationError` reports the first problem met in stream order (with several problems,
    `decode_payload` may name another). A caller wanting `decode_payload`'s exact outcome
    in those cases starts again with it, as `read_save` does.

    >>> stream = decode_payload_stream([b"VOBS", bytes.fromhex("1e7c7b797770416d7f687b05")])
    >>> stream.encoding, stream.key, "".join(stream.pieces)
    (<PayloadEncoding.VOBS: 'VOBS'>, 30, 'begin_save\\x1b')

    Raises:
        ObfuscationError: as `decode_payload` (the header at once, the rest while iterating).
        UnicodeDecodeError: while iterating, if the text is not UTF-8.
    """
    rest = iter(chunks)
    head = b""
    while len(head) < _HEADER_BYTES:
        chunk = next(rest, None)
        if chunk is None:
            break
        head += chunk
    if head.startswith(VCSK_HEADER):
        if len(head) < _HEADER_BYTES:
            raise ObfuscationError("!VCSK payload has no key", position=len(VCSK_HEADER))
        key = _vcsk_key(head[len(VCSK_HEADER) : _HEADER_BYTES])
        return PayloadStream(PayloadEncoding.VCSK, key,
                             _vcsk_pieces(head[_HEADER_BYTES:], rest, key))
    if head.startswith(VOBS_HEADER):
        if len(head) < len(VOBS_HEADER) + 1:
            raise ObfuscationError("VOBS payload has no key byte", position=len(VOBS_HEADER))
        key = head[len(VOBS_HEADER)]
        return PayloadStream(PayloadEncoding.VOBS, key,
                             _text_pieces(head[len(VOBS_HEADER) + 1 :], rest, key))
    if head.startswith(VCSZ_HEADER):
        raise ObfuscationError("payload header b'!VCSZ' is a proposed format no VASSAL writes",
                               position=0)
    return PayloadStream(PayloadEncoding.PLAIN, None, _text_pieces(head, rest, None))


def _vcsk_pieces(first: bytes, rest: Iterator[bytes], key: int) -> Iterator[str]:
    """Hex digits → bytes → XOR → UTF-8 text, one chunk at a time."""
    table = _xor_table(key)
    decoder = codecs.getincrementaldecoder("utf-8")()
    carry = b""  # an odd digit left over from the previous chunk
    position = _HEADER_BYTES  # offset of the chunk's first digit in the payload
    for chunk in chain((first,), rest):
        if carry:
            chunk = carry + chunk
        even = len(chunk) - len(chunk) % 2
        carry = chunk[even:]
        try:
            plain = binascii.unhexlify(memoryview(chunk)[:even])
        except (binascii.Error, ValueError):
            raise ObfuscationError(
                "!VCSK payload holds a character that is not a hex digit",
                position=position + _first_non_hex(chunk)) from None
        position += even
        text = decoder.decode(plain.translate(table))
        if text:
            yield text
    if carry:
        digits = position + 1 - _HEADER_BYTES
        raise ObfuscationError(f"!VCSK payload has an odd number of hex digits ({digits})",
                               position=position + 1)
    text = decoder.decode(b"", final=True)
    if text:
        yield text


def _text_pieces(first: bytes, rest: Iterator[bytes], key: int | None) -> Iterator[str]:
    """Raw bytes (XOR `key` unless None) → UTF-8 text, one chunk at a time."""
    table = None if key is None else _xor_table(key)
    decoder = codecs.getincrementaldecoder("utf-8")()
    for chunk in chain((first,), rest):
        text = decoder.decode(chunk if table is None else chunk.translate(table))
        if text:
            yield text
    text = decoder.decode(b"", final=True)
    if text:
        yield text


def _first_non_hex(digits: bytes | memoryview) -> int:
    allowed = b"0123456789abcdefABCDEF"
    for index, byte in enumerate(digits):
        if byte not in allowed:
            return index
    return len(digits)


def encode_payload(text: str, encoding: PayloadEncoding = PayloadEncoding.VCSK, *,
                   key: int | None = None, text_encoding: str = "utf-8") -> bytes:
    """Encode `text` as a `savedGame` payload; a random key is chosen when none is given.

    `!VCSK` is read by every 3.x engine; `VOBS` only by the 3.8 line.
    """
    plain = text.encode(text_encoding)
    if encoding is PayloadEncoding.PLAIN:
        return plain
    if encoding is PayloadEncoding.VCSK:
        if key is None:
            key = secrets.randbelow(256)
        return VCSK_HEADER + f"{key:02x}".encode("ascii") + _xor(plain, key).hex().encode("ascii")
    if key is None:
        key = 1 + secrets.randbelow(255)
    if not 1 <= key <= 255:
        raise ValueError(f"VOBS key must be 1..255, got {key}")
    return VOBS_HEADER + bytes([key]) + _xor(plain, key)
