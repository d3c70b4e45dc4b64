"""Sphinx extension: the tile gallery, generated from the tile-set data at build time.

On ``builder-inited`` it loads the reference tile set (or the file named by the
``tileset_gallery_file`` config value), draws every layout and every distinct copy
with the library's own renderer, :func:`carcassonne_amazonas.render.svg.tile_svg`, into
``docs/_generated/tiles/*.svg``, and writes ``docs/_generated/tileset_gallery.md``: per
layout its picture, its lines of the tile-set file, and a table of its copies and
their icons; ``docs/_generated/bonus_river_gallery.md`` does the same for the
layouts of the Amazon Bonus River tiles.  ``tileset.md`` includes both pages.
``docs/_generated/`` is git-ignored; files are only rewritten when their content
changes, so incremental builds stay incremental.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.util import logging

from carcassonne_amazonas import Rotation, Tile, TileKind, TileSet, load_tileset, reference_tileset
from carcassonne_amazonas.render.svg import tile_svg
from carcassonne_amazonas.render.text import icons_text
from carcassonne_amazonas.tiles.layout import Layout
from carcassonne_amazonas.tiles.tileset import Icons

logger = logging.getLogger(__name__)

GENERATED = "_generated"
PAGE = "tileset_gallery.md"
BONUS_PAGE = "bonus_river_gallery.md"

KIND_TITLES = {
    TileKind.START: "The start tile",
    TileKind.STANDARD: "Standard tiles",
    TileKind.AMAZON: "Amazon tiles",
    TileKind.DOUBLE: "Amazon double tiles",
}
KIND_ORDER = (TileKind.STANDARD, TileKind.AMAZON, TileKind.DOUBLE, TileKind.START)


def _write_if_changed(path: Path, text: str) -> bool:
    """Write ``text`` to ``path`` unless it already holds exactly that; True if written."""
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return True


def layout_source(tileset: TileSet, layout: Layout) -> str:
    """The lines of the tile-set file that define ``layout``: its header, segments, copies."""
    lines = tileset.source.splitlines()
    start = next(i for i, line in enumerate(lines)
                 if line.split()[:2] == ["layout", layout.name])
    block = [lines[start]]
    for line in lines[start + 1:]:
        stripped = line.strip()
        if stripped.startswith(("layout ", "# ---")):
            break
        block.append(line)
    while block and not block[-1].strip():
        block.pop()
    return "\n".join(block)


def bare_tile(layout: Layout, like: Tile) -> Tile:
    """A copy of ``layout`` without icons, to draw the layout itself."""
    return Tile(like.id, f"{layout.name}", layout, tuple(Icons() for _ in layout.segments))


def copy_groups(tiles: list[Tile]) -> list[list[Tile]]:
    """The copies of one layout, grouped by identical design (same icons on the same
    segments), in the order of the file."""
    groups: list[list[Tile]] = []
    for tile in tiles:
        for group in groups:
            if group[0].design == tile.design:
                group.append(tile)
                break
        else:
            groups.append([tile])
    return groups


def icons_cell(tile: Tile) -> str:
    """The icons of one copy in words, segment by segment."""
    parts = [f"{icons_text(icons)} on *{segment.name}*"
             for segment, icons in zip(tile.layout.segments, tile.icons) if icons]
    return "; ".join(parts) if parts else "none"


def names_cell(group: list[Tile]) -> str:
    """``S01.1``, or ``S01.1–S01.3`` with the count for a run of identical copies."""
    if len(group) == 1:
        return f"`{group[0].name}`"
    return f"`{group[0].name}` … `{group[-1].name}` (×{len(group)})"


def layout_section(tileset: TileSet, layout: Layout, picture: Callable[[str, str], str]
                   ) -> list[str]:
    """The gallery's section for one layout: heading, bare picture, source lines and a
    table of its copies (``picture(name, svg)`` writes a picture, returns its path)."""
    out: list[str] = []
    kind = layout.kind
    copies = [tile for tile in tileset.tiles if tile.layout is layout]
    mark = ', "!" tile' if layout.exclamation else ""
    noun = "copy" if len(copies) == 1 else "copies"
    size = f", {layout.width}×{layout.height} cells" if layout.width * layout.height > 1 \
        else ""
    out += [
        f"#### {layout.name} — {layout.title}",
        "",
        f"{kind.value.capitalize()} layout, {len(copies)} {noun}{size}{mark}; "
        f"segments: " + ", ".join(f"*{s.name}* ({s.terrain.label})"
                                  for s in layout.segments) + ".",
        "",
    ]
    cell = 128 if layout.width * layout.height == 1 else 96
    bare = picture(f"{layout.name}", tile_svg(bare_tile(layout, copies[0]), Rotation.R0,
                                              cell_size=cell, label=False))
    out += [
        f"```{{image}} /{GENERATED}/{bare}",
        # (no colon in an option value: older MyST parses options as YAML)
        f":alt: layout {layout.name}, {layout.title.replace(':', ' –')}, without icons",
        "```",
        "",
        "```text",
        layout_source(tileset, layout),
        "```",
        "",
        "| copies | icons | picture |",
        "|---|---|---|",
    ]
    for group in copy_groups(copies):
        first = group[0]
        small = 72 if layout.width * layout.height == 1 else 48
        if layout.kind is TileKind.START:
            small = 40
        image = picture(first.name, tile_svg(first, Rotation.R0, cell_size=small,
                                             label=False))
        out.append(f"| {names_cell(group)} | {icons_cell(first)} | "
                   f"![{first.name}](/{GENERATED}/{image}) |")
    out.append("")
    return out


def generate(tileset: TileSet, outdir: Path) -> list[str]:
    """Write the pictures and the gallery page; returns the names of the files written."""
    written: list[str] = []
    tiles_dir = outdir / "tiles"

    def picture(name: str, svg: str) -> str:
        if _write_if_changed(tiles_dir / f"{name}.svg", svg):
            written.append(f"tiles/{name}.svg")
        return f"tiles/{name}.svg"

    out: list[str] = [
        "<!-- Generated by docs/_ext/tileset_gallery.py from the tile-set data; do not edit. -->",
        "",
    ]
    counts = {kind: len(tileset.of_kind(kind)) for kind in TileKind}
    layouts_by_kind = {kind: [layout for layout in tileset.layouts if layout.kind is kind]
                       for kind in TileKind}
    pieces = sum(len(layouts) for layouts in layouts_by_kind.values())
    totals = tileset.icon_totals
    out += [
        f"The gallery shows the tile set `{tileset.name}` ({tileset.title}): "
        f"{pieces} pieces — {len(layouts_by_kind[TileKind.STANDARD])} standard layouts "
        f"({counts[TileKind.STANDARD]} tiles), {len(layouts_by_kind[TileKind.AMAZON])} Amazon "
        f"layouts ({counts[TileKind.AMAZON]} tiles), {counts[TileKind.DOUBLE]} double tiles "
        f"and the start tile. Its icons: {totals.boats} Boat icons, {totals.fruit} Fruit "
        f"icons, {totals.animals} animals, {totals.caimans} caimans and {totals.piranhas} "
        "piranhas. Every picture is drawn at build time by "
        "{func}`carcassonne_amazonas.render.svg.tile_svg` from the data of "
        "`src/carcassonne_amazonas/data/amazonas.tiles`, the same data the engine plays "
        f"with (SHA-256 `{tileset.checksum[:16]}…`).",
        "",
        "Icons are drawn as small labelled circles: **B** Boat icon, **F** Fruit icon, "
        "**A** animal, **C** caiman, **P** piranha, with a count when there are several. "
        "Standard tiles are shown unturned (0°); the engine turns them to any of the four "
        "rotations. Amazon and double tiles are shown with the river flowing down (0°); "
        "they may also be turned 180°.",
        "",
    ]
    for kind in KIND_ORDER:
        layouts = layouts_by_kind[kind]
        if not layouts:
            continue
        out += [f"### {KIND_TITLES[kind]}", ""]
        for layout in layouts:
            out += layout_section(tileset, layout, picture)
    if _write_if_changed(outdir / PAGE, "\n".join(out) + "\n"):
        written.append(PAGE)
    return written


def generate_bonus(bonus: TileSet, base: TileSet, outdir: Path) -> list[str]:
    """Write the pictures and the page of the layouts that ``bonus`` adds to ``base``
    (the Amazon Bonus River tiles); returns the names of the files written."""
    written: list[str] = []

    def picture(name: str, svg: str) -> str:
        if _write_if_changed(outdir / "tiles" / f"{name}.svg", svg):
            written.append(f"tiles/{name}.svg")
        return f"tiles/{name}.svg"

    known = {layout.name for layout in base.layouts}
    out = ["<!-- Generated by docs/_ext/tileset_gallery.py from the tile-set data; "
           "do not edit. -->", ""]
    for layout in bonus.layouts:
        if layout.name not in known:
            out += layout_section(bonus, layout, picture)
    if _write_if_changed(outdir / BONUS_PAGE, "\n".join(out) + "\n"):
        written.append(BONUS_PAGE)
    return written


def on_builder_inited(app: Sphinx) -> None:
    """Generate the gallery before Sphinx looks for source files."""
    path = app.config.tileset_gallery_file
    tileset = load_tileset(path) if path else reference_tileset()
    outdir = Path(app.srcdir) / GENERATED
    written = generate(tileset, outdir)
    written += generate_bonus(reference_tileset(bonus_river=True), reference_tileset(), outdir)
    logger.info("tileset gallery: %d pieces of %s, %d file(s) rewritten",
                len(tileset.layouts), tileset.name, len(written))


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the config value and the event handler."""
    app.add_config_value("tileset_gallery_file", None, "env")
    app.connect("builder-inited", on_builder_inited)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
