"""A module's board image, made small enough to embed in the replay page.

The page must open from a mail attachment, so the image goes in as a `data:` URI. A real
map image is large (Washington's War: 3300 × 5100 pixels, several MB), so it is
downscaled to at most `MAX_SIDE` pixels on its longer side and saved as a JPEG; if the
result still exceeds the page's image budget, it is left out and the page says why.

The module is a file a player sends: its entry is read with the archive's own bounds,
Pillow's decompression-bomb limit is lowered to `MAX_PIXELS`, and any failure to decode
becomes one line of reason, never a traceback. Pillow is optional (the `images` extra);
without it, a PNG, JPEG or GIF small enough for the budget is embedded as it is.
"""

from __future__ import annotations

import base64
import io
import warnings
from dataclasses import dataclass

from adjudicator.report.trace import TraceImage
from vmod_schema.archive import Archive
from vmod_schema.errors import VassalFormatError

MAX_SIDE = 1400
"""Longest side, in pixels, of an embedded board image."""
MAX_PIXELS = 80_000_000
"""Largest board image decoded (a real map is ~17 million pixels)."""
MAX_ENTRY_BYTES = 64 * 1024 * 1024
"""Largest board image entry read from a module."""
IMAGE_BUDGET = 1_500_000
"""Bytes of embedded images a page may carry (base64 counted)."""
JPEG_QUALITY = 70

_TYPES = {b"\x89PNG": "image/png", b"\xff\xd8\xff": "image/jpeg", b"GIF8": "image/gif"}


@dataclass(frozen=True, slots=True)
class Embedded:
    """An image ready for the page, or the reason it is not there."""

    uri: str | None
    reason: str = ""


def _raw_type(data: bytes) -> str | None:
    return next((kind for magic, kind in _TYPES.items() if data.startswith(magic)), None)


def _downscaled(data: bytes) -> bytes | None:
    """The image as a JPEG of at most `MAX_SIDE` pixels a side; None without Pillow."""
    try:
        from PIL import Image  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return None
    Image.MAX_IMAGE_PIXELS = MAX_PIXELS
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        with Image.open(io.BytesIO(data)) as image:
            image.draft("RGB", (MAX_SIDE, MAX_SIDE))  # JPEG: decode at a reduced size
            image.thumbnail((MAX_SIDE, MAX_SIDE))
            rgb = image.convert("RGB")
    out = io.BytesIO()
    rgb.save(out, "JPEG", quality=JPEG_QUALITY, optimize=True)
    return out.getvalue()


def _failed(image: TraceImage, error: BaseException) -> Embedded:
    reason = str(error).splitlines()[0] if str(error) else type(error).__name__
    return Embedded(None, f"{image.entry} could not be read: {reason[:200]}")


def embed(image: TraceImage, *, budget: int = IMAGE_BUDGET) -> Embedded:
    """The board image as a `data:` URI within `budget` bytes, or why it is left out."""
    try:
        with Archive.open(image.archive) as archive:
            if not archive.has(image.entry):
                return Embedded(None, f"{image.entry} is not in the module")
            data = archive.read(image.entry, max_bytes=MAX_ENTRY_BYTES)
        small = _downscaled(data)
    except (VassalFormatError, OSError, ValueError, MemoryError, Warning) as error:
        return _failed(image, error)
    except Exception as error:
        # Pillow raises many kinds on a hostile file (a decompression bomb, a truncated
        # stream): a hostile image is a reason on the page, not a crash.
        return _failed(image, error)
    if small is not None:
        kind, payload = "image/jpeg", small
    else:
        raw_kind = _raw_type(data)
        if raw_kind is None:
            return Embedded(None, f"{image.entry}: not a PNG, JPEG or GIF (and no Pillow "
                                  "to convert it)")
        kind, payload = raw_kind, data
    encoded = base64.b64encode(payload).decode("ascii")
    if len(encoded) > budget:
        return Embedded(None, f"{image.entry} is {len(encoded):,} bytes embedded, over the "
                              f"page's {budget:,}-byte image budget")
    return Embedded(f"data:{kind};base64,{encoded}")


__all__ = ["IMAGE_BUDGET", "MAX_SIDE", "Embedded", "embed"]
