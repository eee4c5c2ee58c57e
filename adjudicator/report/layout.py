"""A deterministic schematic layout of a game's spaces from their connections alone.

For a game system that knows which spaces are joined but not where they are drawn, the
replay page still needs a picture: a Fruchterman–Reingold force-directed layout (joined
spaces attract, all spaces repel, the moves cool down) started from a circle in sorted
order, with a fixed number of iterations, so the same connections always give the same
picture. Pure Python: a game map has at most a few hundred spaces.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

ITERATIONS = 200
"""Layout rounds: enough for a few hundred spaces to settle."""


def schematic_layout(connections: Sequence[tuple[str, str]], *, width: float = 1000,
                     height: float = 800, margin: float = 40) -> dict[str, tuple[float, float]]:
    """Space → (x, y) within `width` × `height` (less `margin`), for every space named
    in `connections`. Deterministic: no randomness, sorted start."""
    names = sorted({name for pair in connections for name in pair})
    count = len(names)
    if count == 0:
        return {}
    index = {name: i for i, name in enumerate(names)}
    edges = sorted({(min(index[a], index[b]), max(index[a], index[b]))
                    for a, b in connections if a != b})
    xs = [math.cos(2 * math.pi * i / count) for i in range(count)]
    ys = [math.sin(2 * math.pi * i / count) for i in range(count)]
    k = math.sqrt(4.0 / count)  # ideal distance in a 2 × 2 box
    temperature = 0.2
    for _ in range(ITERATIONS):
        dx = [0.0] * count
        dy = [0.0] * count
        for i in range(count):
            for j in range(i + 1, count):
                ddx, ddy = xs[i] - xs[j], ys[i] - ys[j]
                distance = math.hypot(ddx, ddy) or 1e-6
                force = k * k / distance
                fx, fy = ddx / distance * force, ddy / distance * force
                dx[i] += fx
                dy[i] += fy
                dx[j] -= fx
                dy[j] -= fy
        for a, b in edges:
            ddx, ddy = xs[a] - xs[b], ys[a] - ys[b]
            distance = math.hypot(ddx, ddy) or 1e-6
            force = distance * distance / k
            fx, fy = ddx / distance * force, ddy / distance * force
            dx[a] -= fx
            dy[a] -= fy
            dx[b] += fx
            dy[b] += fy
        for i in range(count):
            length = math.hypot(dx[i], dy[i])
            if length > 0:
                step = min(length, temperature)
                xs[i] += dx[i] / length * step
                ys[i] += dy[i] / length * step
        temperature *= 0.98
    return _fit(names, xs, ys, width=width, height=height, margin=margin)


def _fit(names: Sequence[str], xs: Sequence[float], ys: Sequence[float], *, width: float,
         height: float, margin: float) -> dict[str, tuple[float, float]]:
    """Scale the layout into the box, keeping its proportions."""
    min_x, max_x, min_y, max_y = min(xs), max(xs), min(ys), max(ys)
    span = max(max_x - min_x, max_y - min_y) or 1.0
    scale = min(width - 2 * margin, height - 2 * margin) / span
    return {name: (margin + (x - min_x) * scale, margin + (y - min_y) * scale)
            for name, x, y in zip(names, xs, ys, strict=True)}
