"""A module's board image and piece images, made small enough to embed in the replay page.

The page must open from a mail attachment, so the image goes in as a `data:` URI. A real
map image is large (Washington's War: 3300 × 5100 pixels, several MB), so it is
downscaled to at most `MAX_SIDE` pixels on its longer side and saved as a JPEG; if the
result still exceeds the page's image budget, it is left out and the page says why.

The module is a file a player sends: its entry is read with the archive's own bounds,
Pillow's decompression-bomb limit is lowered to `MAX_PIXELS`, and any failure to decode
becomes one line of reason, never a traceback. Pillow is optional (the `images` extra);
without it, a PNG, JPEG or GIF small enough for the budget is embedded as it is.

Piece images (`embed_pieces`) are read the same way from one opened module: each distinct
image once, downscaled to at most `PIECE_SIDE` pixels a side as a PNG (transparency kept),
within the page's piece-image budget; the page draws each at its size in the module.
"""

from __future__ import annotations

import base64
import io
import warnings
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from adjudicator.report.trace import TraceImage
from vmod_schema.archive import Archive
from vmod_schema.errors import VassalFormatError
from vmod_schema.images import image_size

MAX_SIDE = 1400
"""Longest side, in pixels, of an embedded board image."""
MAX_PIXELS = 80_000_000
"""Largest board image decoded (a real map is ~17 million pixels)."""
MAX_ENTRY_BYTES = 64 * 1024 * 1024
"""Largest board image entry read from a module."""
IMAGE_BUDGET = 1_500_000
"""Bytes of embedded images a page may carry (base64 counted)."""
JPEG_QUALITY = 70
PIECE_SIDE = 96
"""Longest side, in pixels, of an embedded piece image (drawn at its module size)."""
PIECE_IMAGE_BUDGET = 600_000
"""Bytes of embedded piece images a page may carry (base64 counted), within what the
board images left of `IMAGE_BUDGET`."""
MAX_PIECE_PIXELS = 4_000_000
"""Largest piece image decoded (a counter is ~10,000 pixels, a card ~100,000)."""
MAX_PIECE_ENTRY_BYTES = 4 * 1024 * 1024
"""Largest piece image entry read from a module."""
MAX_RAW_PIECE_BYTES = 48_000
"""Largest piece image embedded as it is when Pillow is not installed."""
MAX_PIECE_IMAGES = 1_000
"""Distinct piece images a page tries (a module's counters and cards)."""

_TYPES = {b"\x89PNG": "image/png", b"\xff\xd8\xff": "image/jpeg", b"GIF8": "image/gif"}


@dataclass(frozen=True, slots=True)
class Embedded:
    """An image ready for the page, or the reason it is not there."""

    uri: str | None
    reason: str = ""


def _raw_type(data: bytes) -> str | None:
    return next((kind for magic, kind in _TYPES.items() if data.startswith(magic)), None)


def _downscaled(data: bytes, *, side: int = MAX_SIDE, pixels: int = MAX_PIXELS,
                png: bool = False) -> tuple[bytes, tuple[int, int]] | None:
    """The image at most `side` pixels a side, as a JPEG (or a PNG with its transparency),
    and its size before; None without Pillow. Raises on an image over `pixels` pixels
    (Pillow's decompression-bomb limit) or one that does not decode."""
    try:
        from PIL import Image  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return None
    Image.MAX_IMAGE_PIXELS = pixels
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        with Image.open(io.BytesIO(data)) as image:
            size = image.size
            if not png:
                image.draft("RGB", (side, side))  # JPEG: decode at a reduced size
            image.thumbnail((side, side))
            small = image.convert("RGBA" if png else "RGB")
    out = io.BytesIO()
    if png:
        small.save(out, "PNG", optimize=True)
    else:
        small.save(out, "JPEG", quality=JPEG_QUALITY, optimize=True)
    return out.getvalue(), size


def _reason(error: BaseException) -> str:
    """One line saying why an image could not be read."""
    reason = str(error).splitlines()[0] if str(error) else type(error).__name__
    return reason[:200]


def _failed(image: TraceImage, error: BaseException) -> Embedded:
    return Embedded(None, f"{image.entry} could not be read: {_reason(error)}")


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
        kind, payload = "image/jpeg", small[0]
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


@dataclass(frozen=True, slots=True)
class PieceImage:
    """A piece image ready for the page (a `data:` URI and its size in the module, in
    map pixels), or the reason it is not there."""

    uri: str | None
    width: int = 0
    height: int = 0
    reason: str = ""


def _piece_image(archive: Archive, entry: str, budget: int) -> PieceImage:
    """One piece image of an opened module, within `budget` bytes, or why not."""
    if not archive.has(entry):
        return PieceImage(None, reason=f"{entry} is not in the module")
    try:
        data = archive.read(entry, max_bytes=MAX_PIECE_ENTRY_BYTES)
        small = _downscaled(data, side=PIECE_SIDE, pixels=MAX_PIECE_PIXELS, png=True)
    except Exception as error:
        # Pillow raises many kinds on a hostile file (a decompression bomb, a truncated
        # stream), the archive its own: a reason on the page, not a crash.
        return PieceImage(None, reason=f"{entry} could not be read: {_reason(error)}")
    if small is not None:
        kind, payload, size = "image/png", small[0], small[1]
    else:
        raw_kind, raw_size = _raw_type(data), image_size(data)
        if raw_kind is None or raw_size is None:
            return PieceImage(None, reason=f"{entry}: not a PNG, JPEG or GIF (and no "
                                           "Pillow to convert it)")
        if len(data) > MAX_RAW_PIECE_BYTES:
            return PieceImage(None, reason=f"{entry} is {len(data):,} bytes (and no Pillow "
                                           "to downscale it)")
        kind, payload, size = raw_kind, data, raw_size
    if size[0] <= 0 or size[1] <= 0:
        return PieceImage(None, reason=f"{entry} has no pixels")
    encoded = base64.b64encode(payload).decode("ascii")
    uri = f"data:{kind};base64,{encoded}"
    if len(uri) > budget:
        return PieceImage(None, reason=f"{entry} is over what is left of the page's "
                                       "piece-image budget")
    return PieceImage(uri, size[0], size[1])


def embed_pieces(archive: str | Path, entries: Iterable[str], *,
                 budget: int = PIECE_IMAGE_BUDGET) -> dict[str, PieceImage]:
    """Each distinct piece image of `entries` (most wanted first) as a `data:` URI, while
    `budget` bytes last, or why it is left out; at most `MAX_PIECE_IMAGES` are tried."""
    wanted = list(dict.fromkeys(entries))
    found: dict[str, PieceImage] = {}
    try:
        with Archive.open(archive) as opened:
            for entry in wanted[:MAX_PIECE_IMAGES]:
                image = _piece_image(opened, entry, budget)
                if image.uri is not None:
                    budget -= len(image.uri)
                found[entry] = image
    except Exception as error:  # the module itself is unreadable: every image says so
        reason = f"the module could not be read: {_reason(error)}"
        return {entry: PieceImage(None, reason=reason) for entry in wanted}
    for entry in wanted[MAX_PIECE_IMAGES:]:
        found[entry] = PieceImage(None, reason=f"more than {MAX_PIECE_IMAGES:,} piece "
                                               "images")
    return found


__all__ = ["IMAGE_BUDGET", "MAX_SIDE", "PIECE_IMAGE_BUDGET", "PIECE_SIDE", "Embedded",
           "PieceImage", "embed", "embed_pieces"]
