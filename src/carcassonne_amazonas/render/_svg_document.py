"""SVG building blocks shared by the tile and board pictures: the palette, a pen that
turns tile units into SVG units, and the document itself (standard library only).

Every picture is an :class:`SvgDocument`: the text of a complete ``<svg>`` element
(UTF-8, no XML declaration, so it can be written to a file or inlined into HTML),
which Jupyter also displays as a picture.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from xml.sax.saxutils import escape, quoteattr

from .._support.exact import check_number
from ._plane import Point

__all__ = [
    "AMAZON",
    "BACKGROUND",
    "BANK",
    "HIGHLIGHT",
    "INK",
    "JUNGLE",
    "JUNGLE_EDGE",
    "OPEN_CELL",
    "ROCK",
    "SVG_NS",
    "TRACK",
    "TRIBUTARY",
    "TRIBUTARY_EDGE",
    "VILLAGE",
    "VILLAGE_EDGE",
    "Pen",
    "SvgDocument",
    "check_cell_size",
    "number",
    "svg_document",
]

#: The SVG namespace (``xmlns``).
SVG_NS = "http://www.w3.org/2000/svg"

# The palette.
JUNGLE = "#4e8a3e"
JUNGLE_EDGE = "#2f5d25"
VILLAGE = "#c9923f"
VILLAGE_EDGE = "#6e4718"
TRIBUTARY = "#5bb0e8"
TRIBUTARY_EDGE = "#1f5f8f"
AMAZON = "#2c6fb7"
BANK = "#d8c48c"
ROCK = "#9b9b96"
BACKGROUND = "#f3eedf"
TRACK = "#cfe3f3"
INK = "#222222"
OPEN_CELL = "#8a8370"
HIGHLIGHT = "#ffd21f"


def check_cell_size(value: object) -> float:
    """A picture's ``cell_size`` (SVG units per cell) as a float, checked the same way for
    every picture: an ``int`` or a ``float`` (not a ``bool``, not text), finite and
    positive; ``TypeError`` or ``ValueError`` saying so otherwise."""
    check_number(value, "cell_size")
    assert isinstance(value, (int, float))
    size = float(value)
    if not (math.isfinite(size) and size > 0):
        raise ValueError(f"cell_size must be a finite number above 0, not {value!r}")
    return size


def number(value: float) -> str:
    """A coordinate as short text: at most two decimals, no trailing zeros, no ``-0``."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


class Pen:
    """Turns tile or board units into SVG units: ``origin + units * size``."""

    def __init__(self, x: float, y: float, size: float) -> None:
        self.x, self.y, self.size = x, y, size

    def at(self, dx: float, dy: float) -> Pen:
        """A pen whose origin is the point ``(dx, dy)`` of this one (same size)."""
        return Pen(self.x + dx * self.size, self.y + dy * self.size, self.size)

    def sx(self, x: float) -> float:
        """The SVG x coordinate of ``x``."""
        return self.x + x * self.size

    def sy(self, y: float) -> float:
        """The SVG y coordinate of ``y``."""
        return self.y + y * self.size

    def pt(self, point: Point) -> str:
        """``"x,y"`` of a point, for path data."""
        return f"{number(self.sx(point[0]))},{number(self.sy(point[1]))}"

    def px(self, units: float) -> str:
        """A length in SVG units."""
        return number(units * self.size)

    def xy(self, point: Point, names: tuple[str, str] = ("x", "y")) -> str:
        """Two attributes placing a point: ``x="..." y="..."`` (or other names)."""
        return (f'{names[0]}="{number(self.sx(point[0]))}" '
                f'{names[1]}="{number(self.sy(point[1]))}"')

    def rect(self, corner: Point, width: float, height: float) -> str:
        """The attributes ``x y width height`` of a rectangle."""
        return f'{self.xy(corner)} width="{self.px(width)}" height="{self.px(height)}"'


class SvgDocument(str):
    """The text of an SVG document; Jupyter and IPython display it as a picture."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        return f'<div style="max-width:100%;overflow:auto">{self}</div>'


def svg_document(width: float, height: float, body: Iterable[str], title: str,
                 attributes: Mapping[str, str] | None = None) -> SvgDocument:
    """A complete ``<svg>`` of ``width`` × ``height`` SVG units (``viewBox`` and size),
    with a ``<title>``, a background and ``body``; ``attributes`` go on the root."""
    extra = "".join(f" {name}={quoteattr(value)}" for name, value in (attributes or {}).items())
    return SvgDocument("\n".join([
        f'<svg xmlns="{SVG_NS}" width="{number(width)}" height="{number(height)}" '
        f'viewBox="0 0 {number(width)} {number(height)}"{extra}>',
        f"<title>{escape(title)}</title>",
        f'<rect class="background" x="0" y="0" width="{number(width)}" '
        f'height="{number(height)}" fill="{BACKGROUND}"/>',
        *body,
        "</svg>",
    ]) + "\n")
