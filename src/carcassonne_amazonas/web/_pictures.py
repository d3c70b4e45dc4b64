"""Tile pictures, each served once from an address a browser may cache for good.

A view (the tile in hand, the double tiles on offer) and a live-stream update (the
tiles placed) name each tile's picture by its address, :func:`picture_url`::

    /api/tiles/{SET}/{ID}/{DEGREES}.svg?v={DIGEST}

``SET`` is the start of the tile set's checksum (a game's set may be a custom one,
:func:`~carcassonne_amazonas.tiles.tilefile.load_tileset`), ``ID`` the first copy of the
tile's design (copies with the same design look the same, R-F7, so a design is fetched
once), ``DEGREES`` the turn (R-G5) and ``DIGEST`` a version: the start of a SHA-256 of
the address and the source of the renderer (:mod:`~carcassonne_amazonas.render`), so
that it changes whenever the picture may, and naming a picture never draws it.  A
picture is the library's :func:`~carcassonne_amazonas.render.svg.tile_svg` without its
label, cropped to the tile's outline, so that it can be laid over the tile's cells as
it is.  :func:`tile_picture` answers ``GET`` on that address: with the ``v`` of the
picture it serves, it may be cached for a year (``immutable``); without it (or with a
stale one), a browser asks again with the ``ETag``, and gets a 304 while the picture is
the same.  An address whose name is malformed answers 400, one of a tile set, tile or
turn this server does not know 404.
"""

from __future__ import annotations

import collections
import functools
import hashlib
import re
import threading
from importlib import resources

from starlette.requests import Request
from starlette.responses import Response

from ..render.svg import tile_svg
from ..tiles.geometry import Rotation
from ..tiles.reference import reference_tileset
from ..tiles.tileset import Tile, TileSet
from ._requests import ApiError

__all__ = ["picture_url", "tile_picture"]

#: How many custom tile sets the server remembers for their pictures' addresses
#: (the shipped ones always).
MAX_TILE_SETS = 64

_SET_KEY = 16
_DIGEST = 16
_CELL = 96
_OUTLINE = re.compile(r'<rect class="outline" x="([0-9.]+)" y="([0-9.]+)" '
                      r'width="([0-9.]+)" height="([0-9.]+)"')
_NAME = re.compile(r"(0|90|180|270)\.svg")
_FOREVER = "public, max-age=31536000, immutable"

_lock = threading.Lock()
_sets: collections.OrderedDict[str, TileSet] = collections.OrderedDict()


def _key(tileset: TileSet) -> str:
    return tileset.checksum[:_SET_KEY]


def _remember(tileset: TileSet) -> None:
    """Keep ``tileset`` findable by its key (the most recent :data:`MAX_TILE_SETS`)."""
    with _lock:
        _sets[_key(tileset)] = tileset
        _sets.move_to_end(_key(tileset))
        while len(_sets) > MAX_TILE_SETS:
            _sets.popitem(last=False)


def _tileset(key: str) -> TileSet | None:
    """The tile set whose key is ``key``: a shipped one, or one a game has shown."""
    for shipped in (reference_tileset(), reference_tileset(bonus_river=True)):
        if _key(shipped) == key:
            return shipped
    with _lock:
        return _sets.get(key)


@functools.lru_cache(maxsize=256)
def _first_copies(tileset: TileSet) -> dict[int, Tile]:
    """Each tile id of ``tileset`` to the first copy of its design (R-F7)."""
    first: dict[tuple[object, ...], Tile] = {}
    return {int(tile.id): first.setdefault(tile.design, tile) for tile in tileset.tiles}


@functools.cache
def _renderer() -> str:
    """The SHA-256 of the renderer's source, read once: pictures change only with it."""
    digest = hashlib.sha256()
    package = resources.files(tile_svg.__module__.rpartition(".")[0])
    for source in sorted((f for f in package.iterdir() if f.name.endswith(".py")),
                         key=lambda f: f.name):
        digest.update(source.name.encode() + b"\0" + source.read_bytes())
    return digest.hexdigest()


def _version(path: str) -> str:
    return hashlib.sha256(f"{_renderer()} {path}".encode()).hexdigest()[:_DIGEST]


@functools.lru_cache(maxsize=1024)
def _picture(tile: Tile, rotation: Rotation) -> str:
    """A tile's picture cropped to its outline (drawn only when it is asked for)."""
    text = str(tile_svg(tile, rotation, cell_size=_CELL, label=False))
    outline = _OUTLINE.search(text)
    if outline is not None:
        x, y, width, height = outline.groups()
        head, _, body = text.partition("\n")
        xmlns = re.search(r'xmlns="[^"]*"', head)
        head = (f"<svg {xmlns.group(0) if xmlns else ''} width=\"{width}\" "
                f'height="{height}" viewBox="{x} {y} {width} {height}">')
        text = f"{head}\n{body}"
    return text


def picture_url(tileset: TileSet, tile: Tile, rotation: Rotation) -> str:
    """The address of the picture of ``tile`` (of ``tileset``) turned by ``rotation``:
    the same for every copy of its design (R-F7), and for as long as the picture is."""
    _remember(tileset)
    first = _first_copies(tileset)[int(tile.id)]
    path = f"/api/tiles/{_key(tileset)}/{int(first.id)}/{rotation.degrees}.svg"
    return f"{path}?v={_version(path)}"


def tile_picture(request: Request) -> Response:
    """``GET /api/tiles/{SET}/{ID}/{DEGREES}.svg``: a tile's picture (see the module)."""
    key, tile_id, name = (request.path_params[k] for k in ("key", "tile", "name"))
    turn = _NAME.fullmatch(name)
    if not tile_id.isdigit() or len(tile_id) > 6 or turn is None:
        raise ApiError(400, "a tile picture's address is /api/tiles/SET/ID/DEGREES.svg "
                            "with a tile id and 0, 90, 180 or 270 degrees, as a view gives it")
    tileset = _tileset(key)
    if tileset is None:
        raise ApiError(404, f"no tile set {key[:20]!r} on this server (its games show "
                            "their tiles' addresses)")
    copies = _first_copies(tileset)
    rotation = Rotation.from_degrees(int(turn.group(1)))
    tile = copies.get(int(tile_id))
    if tile is None or rotation not in tile.layout.rotations:
        raise ApiError(404, f"tile set {key} has no tile {tile_id} turned {rotation.degrees}°")
    digest = _version(f"/api/tiles/{key}/{int(tile.id)}/{rotation.degrees}.svg")
    etag = f'"{digest}"'
    fresh = request.query_params.get("v") == digest
    headers = {"etag": etag, "cache-control": _FOREVER if fresh else "no-cache"}
    if request.headers.get("if-none-match", "").strip().removeprefix("W/") == etag:
        return Response(status_code=304, headers=headers)
    return Response(_picture(tile, rotation), media_type="image/svg+xml", headers=headers)
