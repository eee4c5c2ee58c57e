"""The three encodings of a `savedGame` payload: `!VCSK` hex+XOR, `VOBS` raw XOR, plain.

FORMAT.md §2. Decoding works on bytes (the XOR is applied to the UTF-8 bytes of the text).

>>> decode_payload(bytes.fromhex("564f42531e7c7b797770416d7f687b05")).text
'begin_save\\x1b'
>>> encode_payload("begin_save\\x1b", PayloadEncoding.VOBS, key=0x1E).hex()
'564f42531e7c7b797770416d7f687b05'
"""

from __future__ import annotations

import binascii
import secrets
from dataclasses import dataclass
from enum import StrEnum

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


def _xor(data: bytes, key: int) -> bytes:
    table = _XOR_TABLES.get(key)
    if table is None:
        table = bytes(b ^ key for b in range(256))
        _XOR_TABLES[key] = table
    return data.translate(table)


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
        body = data[len(VCSK_HEADER) :]
        if len(body) < 2:
            raise ObfuscationError("!VCSK payload has no key", position=len(VCSK_HEADER))
        try:
            key = binascii.unhexlify(body[:2])[0]
        except (binascii.Error, ValueError):
            raise ObfuscationError(f"!VCSK key is not hex: {body[:2]!r}",
                                   position=len(VCSK_HEADER)) from None
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
        text, charset = _text(_xor(plain, key))
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


def _first_non_hex(digits: bytes) -> int:
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
