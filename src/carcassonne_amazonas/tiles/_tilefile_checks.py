"""The rules of the tile-set format that a whole layout or a whole set must keep
(R-F2, R-F7, R-G1, R-G5, R-G6, R-C4, R-C5): part of
:func:`~carcassonne_amazonas.tiles.tilefile.parse_tileset`.

:func:`check_layout` validates a layout's ports, edges and river; :func:`check_copies`
the icons of its copies and their count; :func:`check_whole_set` what only the whole set
can show (one start tile, start sides for every player count, the expected counts and
icon totals).  Each reports to a :class:`~carcassonne_amazonas.tiles._tilefile_lines.ProblemLog`.
"""

from __future__ import annotations

from collections import Counter

from ._tilefile_lines import ICON_FIELDS, TOTAL_FIELDS, LayoutDraft, ProblemLog
from .geometry import PORTS_PER_SIDE, Side, make_port
from .layout import CellPort, Segment, Terrain, TileKind
from .tileset import Icons, StartSide, Tile

__all__ = ["check_copies", "check_layout", "check_whole_set"]


def _side_is_outer(dx: int, dy: int, side: Side, width: int, height: int) -> bool:
    ddx, ddy = ((0, -1), (1, 0), (0, 1), (-1, 0))[side]
    nx, ny = dx + ddx, dy + ddy
    return not (0 <= nx < width and 0 <= ny < height)


_Key = tuple[int, int, int]  # a cell's dx, dy and a port of it


def check_layout(draft: LayoutDraft, reader: ProblemLog) -> bool:
    """Validate one layout's geometry; True when it is sound."""
    before = reader.count
    expected_size = {TileKind.STANDARD: (1, 1), TileKind.AMAZON: (1, 1), TileKind.DOUBLE: (1, 2)}
    if draft.kind in expected_size and (draft.width, draft.height) != expected_size[draft.kind]:
        w, h = expected_size[draft.kind]
        reader.problem(draft.line, f"layout {draft.name}: a {draft.kind.value} tile is {w}x{h}, "
                                   f"not {draft.width}x{draft.height}")
        return False
    owner, terrain_at = _claim_ports(draft, reader)
    _check_outer_sides(draft, owner, terrain_at, reader)
    if draft.kind is not TileKind.STANDARD:
        _check_river(draft, owner, terrain_at, reader)
    return reader.count == before


def _claim_ports(draft: LayoutDraft, reader: ProblemLog,
                 ) -> tuple[dict[_Key, str], dict[_Key, Terrain]]:
    """Each outer port's segment and terrain, as the segment lines claim them; a port
    claimed twice, off the tile or inside it is reported (ports are partitioned, R-F2)."""
    owner: dict[_Key, str] = {}
    terrain_at: dict[_Key, Terrain] = {}
    seen_names: set[str] = set()
    for seg_line, segment in draft.segments:
        where = f"layout {draft.name}, segment {segment.name}"
        if segment.name in seen_names:
            reader.problem(seg_line, f"{where}: the name is used twice")
        seen_names.add(segment.name)
        if not segment.ports:
            reader.problem(seg_line, f"{where}: lists no port")
        if segment.terrain is Terrain.AMAZON and draft.kind is TileKind.STANDARD:
            reader.problem(seg_line, f"{where}: standard tiles show no Amazon")
        for cp in segment.ports:
            key = (cp.dx, cp.dy, cp.port)
            if not (0 <= cp.dx < draft.width and 0 <= cp.dy < draft.height):
                reader.problem(seg_line, f"{where}: port {cp} lies outside the "
                                         f"{draft.width}x{draft.height} tile")
            elif not _side_is_outer(cp.dx, cp.dy, Side(cp.port // PORTS_PER_SIDE),
                                    draft.width, draft.height):
                reader.problem(seg_line, f"{where}: port {cp} is inside the tile, not on an edge")
            elif key in owner:
                reader.problem(seg_line, f"{where}: port {cp} already belongs to "
                                         f"segment {owner[key]} (ports not partitioned)")
            else:
                owner[key] = segment.name
                terrain_at[key] = segment.terrain
    return owner, terrain_at


def _check_outer_sides(draft: LayoutDraft, owner: dict[_Key, str],
                       terrain_at: dict[_Key, Terrain], reader: ProblemLog) -> None:
    """Every port of the tile's outline belongs to a segment, and each side is an edge of
    one of the four kinds (R-F2)."""
    for dy in range(draft.height):
        for dx in range(draft.width):
            for side in Side:
                if not _side_is_outer(dx, dy, side, draft.width, draft.height):
                    continue
                keys = [(dx, dy, make_port(side, i)) for i in (1, 2, 3)]
                missing = [k for k in keys if k not in owner]
                for k in missing:
                    reader.problem(draft.line, f"layout {draft.name}: port {CellPort(*k)} "
                                               "belongs to no segment (ports not partitioned)")
                if not missing:
                    _check_edge(draft, [terrain_at[k] for k in keys], [owner[k] for k in keys],
                                CellPort(dx, dy, make_port(side, 2)), reader)


def _check_edge(draft: LayoutDraft, terrains: list[Terrain], owners: list[str],
                middle: CellPort, reader: ProblemLog) -> None:
    """R-F2: the three ports of a side form one of the four edge kinds."""
    side = f"{'NESW'[middle.port // PORTS_PER_SIDE]}"
    cell = "" if (middle.dx, middle.dy) == (0, 0) else f"@{middle.dx},{middle.dy}"
    where = f"layout {draft.name}, edge {side}{cell}"
    first, _mid, last = terrains
    if Terrain.VILLAGE in terrains:
        if terrains != [Terrain.VILLAGE] * 3:
            reader.problem(draft.line, f"{where}: a village edge mixed with other ports "
                                       f"({', '.join(t.label for t in terrains)}); a village "
                                       "edge is village along its whole length")
        elif len(set(owners)) != 1:
            reader.problem(draft.line, f"{where}: a village edge split between segments "
                                       f"{', '.join(sorted(set(owners)))}")
        return
    if first is not Terrain.JUNGLE or last is not Terrain.JUNGLE:
        reader.problem(draft.line, f"{where}: the ports beside the middle must be jungle, "
                                   f"not {first.label} and {last.label}")


def _check_river(draft: LayoutDraft, owner: dict[_Key, str],
                 terrain_at: dict[_Key, Terrain], reader: ProblemLog) -> None:
    """The Amazon on river and start tiles (R-G1, R-G5, R-G6)."""
    name, line = draft.name, draft.line
    amazon = [s for _, s in draft.segments if s.terrain is Terrain.AMAZON]
    if len(amazon) != 1:
        reader.problem(line, f"layout {name}: needs exactly one amazon segment, has {len(amazon)}")
        return
    river_ports = {(cp.dx, cp.dy, cp.port) for cp in amazon[0].ports}
    bottom = draft.height - 1
    if draft.kind is TileKind.START:
        mouths = [k for k in river_ports if k[1] == bottom and k[2] == make_port(Side.SOUTH, 2)]
        if len(river_ports) != 1 or len(mouths) != 1:
            reader.problem(line, f"layout {name}: the Amazon must rise on the start tile and "
                                 "leave it through one S2 port of its bottom row (R-G1)")
        return
    upstream = (0, 0, make_port(Side.NORTH, 2))
    downstream = (0, bottom, make_port(Side.SOUTH, 2))
    if river_ports != {upstream, downstream}:
        reader.problem(line, f"layout {name}: the Amazon must run from {CellPort(*upstream)} "
                             f"to {CellPort(*downstream)}, not through "
                             f"{', '.join(str(CellPort(*k)) for k in sorted(river_ports))}")
    for cell_y, side in ((0, Side.NORTH), (bottom, Side.SOUTH)):
        terrains = [terrain_at.get((0, cell_y, make_port(side, i))) for i in (1, 2, 3)]
        if terrains != [Terrain.JUNGLE, Terrain.AMAZON, Terrain.JUNGLE]:
            shown = ", ".join(t.label if t else "nothing" for t in terrains)
            reader.problem(line, f"layout {name}: edge {side.letter}@0,{cell_y} must be jungle "
                                 f"bank | Amazon | jungle bank, not {shown}")


def check_copies(draft: LayoutDraft, segments: tuple[Segment, ...],
                  reader: ProblemLog, build: bool = True) -> list[tuple[Icons, ...]]:
    """Each copy's icons per segment (checked; the list is left empty unless ``build``)."""
    by_name = {s.name: i for i, s in enumerate(segments)}
    copies: list[tuple[Icons, ...]] = []
    for line, count, icons in draft.copies:
        per_segment = [Icons()] * len(segments)
        for seg_name, seg_icons in icons.items():
            if seg_name not in by_name:
                reader.problem(line, f"layout {draft.name}: copy names unknown segment "
                                     f"{seg_name!r} (segments: {', '.join(list(by_name)[:12])})")
                continue
            segment = segments[by_name[seg_name]]
            for icon, (field, allowed) in ICON_FIELDS.items():
                if getattr(seg_icons, field) and segment.terrain not in allowed:
                    reader.problem(line, f"layout {draft.name}: a {icon} icon cannot lie on "
                                         f"{segment.terrain.label} segment {seg_name} "
                                         f"(R-F7: {icon} icons lie on "
                                         f"{' or '.join(t.label for t in allowed)})")
            per_segment[by_name[seg_name]] = seg_icons
        if draft.kind.is_river and not any(i.caimans or i.piranhas for i in per_segment):
            reader.problem(line, f"layout {draft.name}: every Amazon and double tile shows at "
                                 "least one caiman or piranha")
        if build:
            copies.extend([tuple(per_segment)] * count)
    given = sum(count for _, count, _ in draft.copies)
    if draft.count is not None and draft.count != given:
        reader.problem(draft.line, f"layout {draft.name}: header says x{draft.count} but its "
                                   f"copy lines give {given} copies (wrong counts)")
    if not given:
        reader.problem(draft.line, f"layout {draft.name}: has no copy line")
    return copies


def check_whole_set(tiles: list[Tile], start_sides: list[StartSide], expect: dict[str, int],
                     totals: dict[str, int], reader: ProblemLog) -> None:
    """What only the whole set shows: one start tile (R-C5), a double tile for every "!"
    tile (R-C4, R-T3), one start side per player count 2-5 (R-C5), and the counts and icon
    totals its header expects."""
    counts = Counter(tile.kind.value for tile in tiles)
    if counts[TileKind.START.value] != 1:
        reader.problem(0, f"a tile set needs exactly one start tile, this one has "
                          f"{counts[TileKind.START.value]}")
    exclamations = sum(1 for t in tiles if t.layout.exclamation)
    if exclamations > counts[TileKind.DOUBLE.value]:
        reader.problem(0, f"{exclamations} '!' tiles need at least as many double tiles, "
                          f"there are {counts[TileKind.DOUBLE.value]} (R-C4, R-T3)")
    for players in range(2, 6):
        matching = [s for s in start_sides if s.min_players <= players <= s.max_players]
        if len(matching) != 1:
            reader.problem(0, f"{len(matching)} start-side lines cover {players} players; "
                              "each player count 2-5 needs exactly one (R-C5)")
    for kind, wanted in expect.items():
        if kind not in {k.value for k in TileKind}:
            reader.problem(0, f"expect: unknown tile kind {kind!r}")
        elif counts[kind] != wanted:
            reader.problem(0, f"expect: {wanted} {kind} tiles, the layouts give {counts[kind]} "
                              "(wrong counts)")
    icon_totals = Icons()
    for tile in tiles:
        icon_totals = icon_totals + tile.total_icons
    for field, wanted in totals.items():
        if field not in TOTAL_FIELDS:
            reader.problem(0, f"icon-totals: unknown icon {field!r} "
                              f"(known: {', '.join(sorted(TOTAL_FIELDS))})")
        elif getattr(icon_totals, field) != wanted:
            reader.problem(0, f"icon-totals: header says {wanted} {field}, the copies show "
                              f"{getattr(icon_totals, field)}")


