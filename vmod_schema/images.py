"""Pixel sizes from image headers: a board with an image is as large as its image (§7.5).

Only the header is inspected (PNG `IHDR`, GIF logical screen, JPEG first SOF marker);
nothing is decoded.
"""

from __future__ import annotations

import struct

_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_JPEG_SOF = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}
"""Start-of-frame markers; C4 (DHT), C8 (JPG) and CC (DAC) share the range but are not SOFs."""
_JPEG_STANDALONE = frozenset({0x01, *range(0xD0, 0xD8)})


def image_size(data: bytes) -> tuple[int, int] | None:
    """Return (width, height) of a PNG, GIF or JPEG image, or None if not recognised.

    >>> image_size(_PNG_SIGNATURE + bytes.fromhex("0000000d49484452000013ec00001068"))
    (5100, 4200)
    >>> image_size(b"GIF89a" + bytes([0x10, 0x00, 0x20, 0x00]))
    (16, 32)
    >>> image_size(b"not an image") is None
    True
    """
    if data.startswith(_PNG_SIGNATURE) and len(data) >= 24 and data[12:16] == b"IHDR":
        width, height = struct.unpack(">II", data[16:24])
        return int(width), int(height)
    if data[:6] in (b"GIF87a", b"GIF89a") and len(data) >= 10:
        width, height = struct.unpack("<HH", data[6:10])
        return int(width), int(height)
    if data[:2] == b"\xff\xd8":
        return _jpeg_size(data)
    return None


def _jpeg_size(data: bytes) -> tuple[int, int] | None:
    position = 2
    length = len(data)
    while position + 4 <= length:
        if data[position] != 0xFF:
            return None
        marker = data[position + 1]
        if marker == 0xFF:  # fill byte
            position += 1
            continue
        if marker in _JPEG_STANDALONE:
            position += 2
            continue
        if marker in (0xD9, 0xDA):  # end of image / start of scan before any frame
            return None
        (segment,) = struct.unpack(">H", data[position + 2 : position + 4])
        if marker in _JPEG_SOF:
            if position + 9 > length:
                return None
            height, width = struct.unpack(">HH", data[position + 5 : position + 9])
            return int(width), int(height)
        position += 2 + segment
    return None
