"""A segment of a tile in words: the one vocabulary of every text that names one.

A tile-set file names its segments as its author likes (``v``, ``t``, ``north``,
``inner``; R-F1), and those names describe the tile unturned. A person needs the
segment as it lies: :func:`segment_name` words it by its terrain and the places of the
tile's outline it reaches once turned (R-G5), clockwise from the north (upstream) side::

    the village                      (the tile's only village)
    the tributary on the south edge
    the jungle on the north and west edges
    the jungle at the south-west corner
    the jungle on the east edge and at the south-west corner
    the Amazon

A segment reaches an edge when it holds the edge's middle port (where a tributary or
the Amazon crosses, R-F2) or, on a big tile, a port away from the footprint's corners;
it reaches a corner when it holds only the corner's third of a side there. A corner
next to one of the segment's edges goes unsaid. When the tile has one segment of that
terrain, the terrain alone names it.

The command-line tool's menus and explanations, the tile descriptions, the SVG's
segment labels and the rules' refusals of a piece use it; a frontend that names a
segment should too.

The same places, abbreviated, are the *compass points* a person types to name a segment
in the action notation (``m0,4,E``, ``c0,4,NE``; R-T5): ``N``, ``E``, ``S``, ``W`` for
the edges and ``NE``, ``SE``, ``SW``, ``NW`` for the corners (:data:`COMPASS_POINTS`).
Each port of the turned footprint's outline (R-F2) lies under exactly one point, as
above: a corner's point holds the corner's third of each of its two sides, an edge's
point the rest of that side (the middle port alone, on a 1×1 tile). A segment *answers
to* every point under which it holds a port (:func:`compass_points`), so an edge's
point names one segment of a 1×1 tile and a corner's point at most two, which the kind
of piece tells apart (:func:`segments_at` lists them; the notation chooses).
"""

from __future__ import annotations

from .._support.exact import check_exact
from .._support.i18n import Texts, texts
from .geometry import PORTS_PER_SIDE, Rotation
from .layout import Layout, Terrain, Variant

__all__ = ["COMPASS_POINTS", "compass_points", "segment_name", "segments_at"]

_CORNER_WORDS = ("north-east", "south-east", "south-west", "north-west")
_SIDE_WORDS = ("north", "east", "south", "west")
# The points are the initials of the words: N for north, NE for north-east.
_SIDE_POINTS = tuple(word[0].upper() for word in _SIDE_WORDS)
_CORNER_POINTS = tuple("".join(part[0].upper() for part in word.split("-"))
                       for word in _CORNER_WORDS)
#: The compass points that name a segment in the notation, clockwise from the north
#: (upstream) edge: ``N NE E SE S SW W NW``; an edge is one letter, a corner two.
COMPASS_POINTS: tuple[str, ...] = tuple(
    point for pair in zip(_SIDE_POINTS, _CORNER_POINTS) for point in pair)


def _terrain_words(terrain: Terrain, t: Texts) -> str:
    """The terrain with its article: ``the village``."""
    return {Terrain.JUNGLE: t.gettext("the jungle"), Terrain.TRIBUTARY: t.gettext("the tributary"),
            Terrain.VILLAGE: t.gettext("the village"),
            Terrain.AMAZON: t.gettext("the Amazon")}[terrain]


def _direction(index: int, corner: bool, t: Texts) -> str:
    """A side (0 north .. 3 west) or a corner (0 north-east .. 3 north-west) in words."""
    if corner:
        return (t.gettext("north-east"), t.gettext("south-east"), t.gettext("south-west"),
                t.gettext("north-west"))[index]
    return (t.gettext("north"), t.gettext("east"), t.gettext("south"), t.gettext("west"))[index]


def _series(words: list[str], t: Texts) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(words) == 1:
        return words[0]
    return t.gettext("{first} and {last}").format(first=", ".join(words[:-1]), last=words[-1])


def _outline(variant: Variant) -> list[tuple[int, bool, int]]:
    """Every port of the footprint's outline as ``(segment, at a corner, where)``: where is
    the side (``Side`` value) or the corner (0 north-east .. 3 north-west, clockwise)."""
    xs = [cell.dx for cell in variant.cells]
    ys = [cell.dy for cell in variant.cells]
    corner_cells = ((max(xs), min(ys)), (max(xs), max(ys)), (min(xs), max(ys)),
                    (min(xs), min(ys)))
    ports = []
    for cell in variant.cells:
        for port, owner in enumerate(cell.port_segments):
            if owner < 0:
                continue  # a side inside the footprint
            side, offset = divmod(port, PORTS_PER_SIDE)
            # The first third of a side ends at the corner before it, clockwise.
            corner = side if offset == PORTS_PER_SIDE - 1 else (side - 1) % 4
            if offset != 1 and corner_cells[corner] == (cell.dx, cell.dy):
                ports.append((owner, True, corner))
            else:
                ports.append((owner, False, side))
    return ports


def _reach(variant: Variant, segment: int) -> tuple[set[int], set[int]]:
    """The sides (``Side`` values) and corners (0 north-east .. 3 north-west, clockwise)
    of the footprint's outline that ``segment`` reaches in ``variant``; a corner next to
    one of those sides goes unsaid."""
    sides: set[int] = set()
    corners: set[int] = set()
    for owner, at_corner, where in _outline(variant):
        if owner == segment:
            (corners if at_corner else sides).add(where)
    return sides, {c for c in corners if c not in sides and (c + 1) % 4 not in sides}


def _places(variant: Variant, segment: int, t: Texts) -> str:
    """Where ``segment`` reaches the outline: ``on the north and west edges``, ``at the
    south-west corner``, ``on the east edge and at the north-west corner``."""
    sides, corners = _reach(variant, segment)
    places = []
    if len(sides) == 4:
        places.append(t.gettext("on all four edges"))
    elif sides:
        words = _series([_direction(s, False, t) for s in sorted(sides)], t)
        places.append((t.gettext("on the {sides} edge") if len(sides) == 1
                       else t.gettext("on the {sides} edges")).format(sides=words))
    if corners:
        words = _series([_direction(c, True, t) for c in sorted(corners)], t)
        places.append((t.gettext("at the {corners} corner") if len(corners) == 1
                       else t.gettext("at the {corners} corners")).format(corners=words))
    if len(places) == 2:
        return t.gettext("{edges} and {corners}").format(edges=places[0], corners=places[1])
    return places[0] if places else t.gettext("inside the tile")


def segment_name(layout: Layout, rotation: Rotation, segment: int, *,
                 lang: str | None = None) -> str:
    """Segment ``segment`` of ``layout`` turned by ``rotation``, in words (R-F1, R-G5).

    ``the village``, ``the tributary on the south edge``, ``the jungle at the
    south-west corner``: the terrain, and where the segment reaches the tile's outline
    when the tile has more than one segment of that terrain (the module's docstring
    gives the vocabulary). Should a tile-set file give two segments of one terrain the
    same places, each also says its number: ``the jungle on the west edge (segment 3)``.
    ``lang``: the language of the words (``None``: English; ``"fr"``: ``l'affluent du
    bord sud``).  Raises ``IndexError`` for a segment the layout does not have,
    ``TypeError`` unless ``layout`` is exactly a
    :class:`~carcassonne_amazonas.tiles.layout.Layout`.
    """
    check_exact(layout, Layout, "layout")
    t = texts(lang)
    terrain = layout.segments[segment].terrain
    words = _terrain_words(terrain, t)
    same = [i for i, s in enumerate(layout.segments) if s.terrain is terrain]
    if len(same) == 1:
        return words
    variant = layout.variant(rotation)
    places = _places(variant, segment, t)
    if any(_places(variant, i, t) == places for i in same if i != segment):
        return t.gettext("{segment} {places} (segment {number})").format(
            segment=words, places=places, number=segment)
    return t.gettext("{segment} {places}").format(segment=words, places=places)


def _point_of(at_corner: bool, where: int) -> str:
    return _CORNER_POINTS[where] if at_corner else _SIDE_POINTS[where]


def compass_points(layout: Layout, rotation: Rotation, segment: int) -> tuple[str, ...]:
    """The compass points segment ``segment`` of ``layout`` turned by ``rotation`` answers
    to in the notation (R-F2, R-G5): those under which it holds a port of the outline, in
    the order of :data:`COMPASS_POINTS`. The straight tributary turned 0° answers to
    ``('N', 'S')``, its west jungle to ``('SW', 'W', 'NW')``; a segment inside the tile
    (none of the shipped tiles has one) to nothing. Raises ``IndexError`` for a segment
    the layout does not have, ``ValueError`` for a rotation the tile does not take."""
    layout.segments[segment]  # IndexError, as segment_name raises
    held = {_point_of(at_corner, where)
            for owner, at_corner, where in _outline(layout.variant(rotation))
            if owner == segment}
    return tuple(point for point in COMPASS_POINTS if point in held)


def segments_at(layout: Layout, rotation: Rotation, point: str) -> tuple[int, ...]:
    """The segments of ``layout`` turned by ``rotation`` that answer to compass point
    ``point`` (one of :data:`COMPASS_POINTS`), in segment order: one for an edge of a
    1×1 tile, one or two for a corner, and on a big tile as many as hold a port of that
    side. Raises ``ValueError`` for text that is not a compass point or a rotation the
    tile does not take."""
    if point not in COMPASS_POINTS:
        raise ValueError(f"a compass point is one of {' '.join(COMPASS_POINTS)}, not {point!r}")
    return tuple(sorted({owner for owner, at_corner, where in _outline(layout.variant(rotation))
                         if _point_of(at_corner, where) == point}))
