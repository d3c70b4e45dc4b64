"""The tile-set file format: parsing and validation.

A tile-set file is plain text, one directive per line; ``#`` starts a comment.
The reference set, ``data/amazonas.tiles``, is the worked example; it begins
like this (its first layout shortened here to show the forms of ``copy``)::

    tileset amazonas-reference
    title "Carcassonne – Amazonas (reconstructed reference set)"
    start-side 2-3 river-spaces 16 mouth 6 3        # R-C5, R-C6, R-E5
    start-side 4-5 river-spaces 8 mouth 7 4 1
    expect standard 65 amazon 15 double 4           # checked on load
    icon-totals boats 16 fruit 21 animals 36 caimans 32 piranhas 11  # checked too

    layout S01 standard x10 "straight tributary"
      tributary t  N S           # a side alone: its middle port (N2, S2)
      jungle    w  N1 W S3       # a side alone: all three ports
      jungle    e  N3 E S1
      copy x6                    # six copies without icons
      copy t:boat                # one copy with a Boat icon on segment t
      copy w:animal*2            # one copy with two animals in jungle w

A layout header is ``layout NAME KIND [WxH] [xCOUNT] ["TITLE"]`` with KIND one
of ``standard``, ``amazon``, ``amazon!`` (the "!" tiles), ``double`` and
``start``.  Ports are named as in :mod:`~carcassonne_amazonas.geometry`
(``N1``..``W3``); on multi-cell tiles a port names its cell: ``S2@0,3``.
Icons are ``boat``, ``fruit``, ``animal``, ``caiman`` and ``piranha``.

:func:`parse_tileset` checks every rule of the format (the documentation's
tile-set page lists them) and raises
:class:`~carcassonne_amazonas.errors.TileSetError` listing *all* problems in line
order, each with its line number, layout and port.
"""

from __future__ import annotations

import hashlib
import os
import re
import shlex
from collections import Counter

import attrs

from .errors import TileSetError
from .geometry import PORTS_PER_SIDE, Side, make_port
from .tiles import (
    CellPort,
    Icons,
    Layout,
    Segment,
    StartSide,
    Terrain,
    Tile,
    TileId,
    TileKind,
    TileSet,
    build_variants,
)
from .wording import plural

__all__ = ["load_tileset", "parse_tileset", "tileset_problems"]

MAX_TILES = 400  # keeps every reachable cell inside the engine's cell-key range
MAX_TEXT = 1_000_000
"""The longest tile-set file read, in characters (the reference set has 9,000)."""
MAX_LINE = 1_000  # characters of one line
MAX_SIDE = 8  # the longest side of a tile's footprint, in cells (the start tile: 2x4)
MAX_SEGMENTS = 64  # segments of one layout (a node packs its segment in 6 bits)
MAX_DIGITS = 6  # the longest number in a file
MAX_PROBLEMS = 200  # problems listed; the rest are counted

_ICON_FIELDS = {
    "boat": ("boats", (Terrain.TRIBUTARY,)),
    "fruit": ("fruit", (Terrain.TRIBUTARY, Terrain.VILLAGE)),
    "animal": ("animals", (Terrain.JUNGLE,)),
    "caiman": ("caimans", (Terrain.AMAZON,)),
    "piranha": ("piranhas", (Terrain.AMAZON,)),
}
_TOTAL_FIELDS = {"boats", "fruit", "animals", "caimans", "piranhas"}
_PORT_RE = re.compile(r"^([NESW])([123])?(?:@(-?[0-9]+),(-?[0-9]+))?$")
_ICON_RE = re.compile(r"^([A-Za-z_][\w-]*):([a-z]+)(?:\*([0-9]+))?$")
_SIZE_RE = re.compile(r"^([0-9]+)x([0-9]+)$")
_COUNT_RE = re.compile(r"^x([0-9]+)$")


@attrs.define
class _LayoutDraft:
    line: int
    name: str
    kind: TileKind
    exclamation: bool
    width: int
    height: int
    count: int | None
    title: str
    segments: list[tuple[int, Segment]] = attrs.Factory(list)
    copies: list[tuple[int, int, dict[str, Icons]]] = attrs.Factory(list)


class _Reader:
    """Collects problems instead of stopping at the first one."""

    def __init__(self) -> None:
        self.problems: list[str] = []
        self.lines: list[int] = []
        self.count = 0

    def problem(self, line: int, text: str) -> None:
        """Record a problem; line 0 means the file as a whole.  Past
        :data:`MAX_PROBLEMS`, problems are only counted."""
        self.count += 1
        if len(self.problems) < MAX_PROBLEMS:
            self.problems.append(f"line {line}: {text}" if line else text)
            self.lines.append(line)

    def in_line_order(self) -> list[str]:
        """The problems listed, by line, in the order found within a line, the file's own
        last; then how many more there were."""
        order = sorted(range(len(self.problems)),
                       key=lambda i: (self.lines[i] == 0, self.lines[i], i))
        more = self.count - len(self.problems)
        tail = [f"... and {plural(more, 'more problem')}"] if more else []
        return [self.problems[i] for i in order] + tail


def _short(token: str) -> str:
    return repr(token) if len(token) <= 40 else f"{token[:40]!r}... ({len(token)} characters)"


def _number(digits: str, reader: _Reader, line: int, what: str) -> int | None:
    """``digits`` (ASCII, optionally signed) as an int, or None after reporting a number
    too long to be meant (and too long for Python to format in a message)."""
    if len(digits.lstrip("-")) > MAX_DIGITS:
        reader.problem(line, f"{what}: {len(digits)} digits is too large a number (at most "
                             f"{MAX_DIGITS})")
        return None
    return int(digits)


def _parse_int(token: str, reader: _Reader, line: int, what: str) -> int | None:
    if not (token.isascii() and token.isdigit()):
        reader.problem(line, f"{what} must be a whole number, not {_short(token)}")
        return None
    return _number(token, reader, line, what)


def _parse_ports(tokens: list[str], terrain: Terrain, draft: _LayoutDraft,
                 reader: _Reader, line: int, seg_name: str) -> tuple[CellPort, ...]:
    ports: list[CellPort] = []
    for token in tokens:
        match = _PORT_RE.match(token)
        if match is None:
            reader.problem(line, f"layout {draft.name}, segment {seg_name}: {_short(token)} is not "
                                 "a port (expected N, N1..N3, or with a cell: S2@0,3)")
            continue
        side = Side("NESW".index(match.group(1)))
        dx = _number(match.group(3) or "0", reader, line, f"layout {draft.name}, port cell")
        dy = _number(match.group(4) or "0", reader, line, f"layout {draft.name}, port cell")
        if dx is None or dy is None:
            continue
        if match.group(2) is not None:
            indices = [int(match.group(2))]
        elif terrain in (Terrain.TRIBUTARY, Terrain.AMAZON):
            indices = [2]
        else:
            indices = [1, 2, 3]
        for index in indices:
            ports.append(CellPort(dx, dy, make_port(side, index)))
    return tuple(ports)


def _parse_copy(tokens: list[str], draft: _LayoutDraft, reader: _Reader, line: int) -> None:
    count: int | None = 1
    if tokens and _COUNT_RE.match(tokens[0]):
        count = _number(tokens[0][1:], reader, line, f"layout {draft.name}, copy count")
        tokens = tokens[1:]
    if count is None or count > MAX_TILES:
        if count is not None:
            reader.problem(line, f"layout {draft.name}: {count} copies is more than the "
                                 f"{MAX_TILES} tiles a set may have")
        count = 0
    icons: dict[str, Icons] = {}
    for token in tokens:
        match = _ICON_RE.match(token)
        if match is None:
            reader.problem(line, f"layout {draft.name}: {_short(token)} is not an icon "
                                 "(expected SEGMENT:ICON or SEGMENT:ICON*N)")
            continue
        seg_name, icon = match.group(1), match.group(2)
        times = _number(match.group(3) or "1", reader, line, f"layout {draft.name}, icon count")
        if times is None:
            continue
        if icon not in _ICON_FIELDS:
            reader.problem(line, f"layout {draft.name}: unknown icon {icon!r} "
                                 f"(known: {', '.join(_ICON_FIELDS)})")
            continue
        field, _ = _ICON_FIELDS[icon]
        before = icons.get(seg_name, Icons())
        icons[seg_name] = attrs.evolve(before, **{field: getattr(before, field) + times})
    draft.copies.append((line, count, icons))


def _parse_layout_header(tokens: list[str], reader: _Reader, line: int) -> _LayoutDraft | None:
    if len(tokens) < 3:
        reader.problem(line, "layout needs at least a name and a kind: layout NAME KIND ...")
        return None
    name, kind_token = tokens[1], tokens[2]
    exclamation = kind_token.endswith("!")
    try:
        kind = TileKind(kind_token.rstrip("!"))
    except ValueError:
        reader.problem(line, f"layout {name}: unknown kind {kind_token!r} "
                             "(expected standard, amazon, amazon!, double or start)")
        return None
    if exclamation and kind is not TileKind.AMAZON:
        reader.problem(line, f"layout {name}: only Amazon tiles can carry '!'")
    width, height, count, title = 1, 1, None, ""
    for token in tokens[3:]:
        if (size := _SIZE_RE.match(token)) is not None:
            width = _number(size.group(1), reader, line, f"layout {name}, width") or 0
            height = _number(size.group(2), reader, line, f"layout {name}, height") or 0
            if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
                reader.problem(line, f"layout {name}: a footprint of {width}x{height} cells; "
                                     f"each side has 1 to {MAX_SIDE} cells")
                width, height = 1, 1
        elif _COUNT_RE.match(token):
            count = _number(token[1:], reader, line, f"layout {name}, copy count")
        elif not title:
            title = token
        else:
            reader.problem(line, f"layout {name}: unexpected {token!r} in the header")
    return _LayoutDraft(line, name, kind, exclamation, width, height, count, title)


def _side_is_outer(dx: int, dy: int, side: Side, width: int, height: int) -> bool:
    ddx, ddy = ((0, -1), (1, 0), (0, 1), (-1, 0))[side]
    nx, ny = dx + ddx, dy + ddy
    return not (0 <= nx < width and 0 <= ny < height)


def _check_layout(draft: _LayoutDraft, reader: _Reader) -> bool:
    """Validate one layout's geometry; True when it is sound."""
    name, line = draft.name, draft.line
    before = reader.count
    expected_size = {TileKind.STANDARD: (1, 1), TileKind.AMAZON: (1, 1), TileKind.DOUBLE: (1, 2)}
    if draft.kind in expected_size and (draft.width, draft.height) != expected_size[draft.kind]:
        w, h = expected_size[draft.kind]
        reader.problem(line, f"layout {name}: a {draft.kind.value} tile is {w}x{h}, "
                             f"not {draft.width}x{draft.height}")
        return False
    owner: dict[tuple[int, int, int], str] = {}
    terrain_at: dict[tuple[int, int, int], Terrain] = {}
    seen_names: set[str] = set()
    for seg_line, segment in draft.segments:
        where = f"layout {name}, segment {segment.name}"
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
                continue
            if not _side_is_outer(cp.dx, cp.dy, Side(cp.port // PORTS_PER_SIDE),
                                  draft.width, draft.height):
                reader.problem(seg_line, f"{where}: port {cp} is inside the tile, not on an edge")
                continue
            if key in owner:
                reader.problem(seg_line, f"{where}: port {cp} already belongs to "
                                         f"segment {owner[key]} (ports not partitioned)")
                continue
            owner[key] = segment.name
            terrain_at[key] = segment.terrain
    for dy in range(draft.height):
        for dx in range(draft.width):
            for side in Side:
                if not _side_is_outer(dx, dy, side, draft.width, draft.height):
                    continue
                keys = [(dx, dy, make_port(side, i)) for i in (1, 2, 3)]
                missing = [k for k in keys if k not in owner]
                for k in missing:
                    reader.problem(line, f"layout {name}: port {CellPort(*k)} belongs to no "
                                         "segment (ports not partitioned)")
                if missing:
                    continue
                _check_edge(draft, [terrain_at[k] for k in keys], [owner[k] for k in keys],
                            CellPort(dx, dy, make_port(side, 2)), reader)
    if draft.kind is not TileKind.STANDARD:
        _check_river(draft, owner, terrain_at, reader)
    return reader.count == before


def _check_edge(draft: _LayoutDraft, terrains: list[Terrain], owners: list[str],
                middle: CellPort, reader: _Reader) -> None:
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


def _check_river(draft: _LayoutDraft, owner: dict[tuple[int, int, int], str],
                 terrain_at: dict[tuple[int, int, int], Terrain], reader: _Reader) -> None:
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


def _check_copies(draft: _LayoutDraft, segments: tuple[Segment, ...],
                  reader: _Reader, build: bool = True) -> list[tuple[Icons, ...]]:
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
            for icon, (field, allowed) in _ICON_FIELDS.items():
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


def _parse_start_side(tokens: list[str], reader: _Reader, line: int) -> StartSide | None:
    # start-side 2-3 river-spaces 16 mouth 6 3
    match = re.match(r"^([0-9]{1,2})-([0-9]{1,2})$", tokens[1]) if len(tokens) > 1 else None
    if match is None or len(tokens) < 6 or tokens[2] != "river-spaces" or tokens[4] != "mouth":
        reader.problem(line, "expected: start-side MIN-MAX river-spaces N mouth P1 [P2 ...]")
        return None
    numbers = [_parse_int(t, reader, line, "a start-side number") for t in [tokens[3], *tokens[5:]]]
    if any(n is None for n in numbers):
        return None
    values = [n for n in numbers if n is not None]
    if values[0] < 1:
        reader.problem(line, "the start tile needs at least one river space")
        return None
    return StartSide(int(match.group(1)), int(match.group(2)), values[0], tuple(values[1:]))


def _parse_pairs(tokens: list[str], reader: _Reader, line: int) -> dict[str, int] | None:
    if len(tokens) % 2 == 0:
        reader.problem(line, f"{tokens[0]}: expected NAME NUMBER pairs")
        return None
    pairs: dict[str, int] = {}
    for key, value in zip(tokens[1::2], tokens[2::2]):
        number = _parse_int(value, reader, line, key)
        if number is not None:
            pairs[key] = number
    return pairs


def tileset_problems(text: str) -> list[str]:
    """Every problem in a tile-set file's text (empty when the file is valid)."""
    try:
        parse_tileset(text)
    except TileSetError as error:
        return list(error.problems)
    return []


def parse_tileset(text: str, source_name: str = "tile set") -> TileSet:
    """Read and validate a tile set from the text of a tile-set file.

    Raises :class:`TileSetError` listing every problem found.
    """
    if not isinstance(text, str):
        raise TypeError(f"a tile-set file's text must be a str, not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise TileSetError([f"{len(text)} characters is too long for a tile-set file (at most "
                            f"{MAX_TEXT})"], source_name)
    reader = _Reader()
    names: set[str] = set()
    name = title = ""
    start_sides: list[StartSide] = []
    expect: dict[str, int] = {}
    totals: dict[str, int] = {}
    drafts: list[_LayoutDraft] = []
    current: _LayoutDraft | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        if len(raw) > MAX_LINE:
            reader.problem(number, f"{len(raw)} characters is too long for a line (at most "
                                   f"{MAX_LINE})")
            continue
        try:
            tokens = shlex.split(raw, comments=True)
        except ValueError as error:
            reader.problem(number, f"cannot split the line into words: {error}")
            continue
        if not tokens:
            continue
        word = tokens[0]
        if word == "tileset" and len(tokens) == 2:
            name = tokens[1]
        elif word == "title" and len(tokens) == 2:
            title = tokens[1]
        elif word == "start-side":
            side = _parse_start_side(tokens, reader, number)
            if side is not None:
                start_sides.append(side)
        elif word in ("expect", "icon-totals"):
            pairs = _parse_pairs(tokens, reader, number)
            if pairs is not None:
                (expect if word == "expect" else totals).update(pairs)
        elif word == "layout":
            current = _parse_layout_header(tokens, reader, number)
            if current is not None:
                if current.name in names:
                    reader.problem(number, f"layout {current.name}: the name is used twice")
                names.add(current.name)
                drafts.append(current)
        elif word in {t.label for t in Terrain} or word == "copy":
            if current is None:
                reader.problem(number, f"{word!r} line outside a layout block")
            elif word == "copy":
                _parse_copy(tokens[1:], current, reader, number)
            elif len(tokens) < 3:
                reader.problem(number, f"layout {current.name}: expected {word} NAME PORT...")
            elif len(current.segments) == MAX_SEGMENTS:
                reader.problem(number, f"layout {current.name}: more than {MAX_SEGMENTS} "
                                       "segments")
            else:
                terrain = Terrain[word.upper()]
                ports = _parse_ports(tokens[2:], terrain, current, reader, number, tokens[1])
                current.segments.append((number, Segment(tokens[1], terrain, ports)))
        else:
            reader.problem(number, f"unknown directive {_short(word)} (or wrong number of "
                                   "words)")
    if not name:
        reader.problem(0, "the file needs a 'tileset NAME' line")
    copies_in_all = sum(count for draft in drafts for _, count, _ in draft.copies)
    if copies_in_all > MAX_TILES:
        reader.problem(0, f"at most {MAX_TILES} tiles are supported, this set has "
                          f"{copies_in_all}")

    layouts: list[Layout] = []
    tiles: list[Tile] = []
    for draft in drafts:
        sound = _check_layout(draft, reader)
        segments = tuple(segment for _, segment in draft.segments)
        # Copies are checked even on a broken layout, so that every problem shows at once;
        # a broken layout gets no variants, and the set is not returned anyway.
        # Over the tile limit the set is refused anyway: no list of many copies is made.
        copies = _check_copies(draft, segments, reader, build=copies_in_all <= MAX_TILES)
        variants = build_variants(draft.kind, draft.width, draft.height, segments) if sound else ()
        layout = Layout(draft.name, draft.kind, draft.title, draft.width, draft.height, segments,
                        draft.exclamation, variants)
        layouts.append(layout)
        for k, icons in enumerate(copies, start=1):
            tiles.append(Tile(TileId(len(tiles)), f"{draft.name}.{k}", layout, icons))
    _check_whole_set(tiles, start_sides, expect, totals, reader)
    if reader.count:
        raise TileSetError(reader.in_line_order(), source_name)
    checksum = hashlib.sha256("\n".join(text.splitlines()).encode("utf-8")).hexdigest()
    return TileSet(name, title, tuple(layouts), tuple(tiles), tuple(start_sides), checksum, text)


def _check_whole_set(tiles: list[Tile], start_sides: list[StartSide], expect: dict[str, int],
                     totals: dict[str, int], reader: _Reader) -> None:
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
        if field not in _TOTAL_FIELDS:
            reader.problem(0, f"icon-totals: unknown icon {field!r} "
                              f"(known: {', '.join(sorted(_TOTAL_FIELDS))})")
        elif getattr(icon_totals, field) != wanted:
            reader.problem(0, f"icon-totals: header says {wanted} {field}, the copies show "
                              f"{getattr(icon_totals, field)}")


def load_tileset(path: str | os.PathLike[str]) -> TileSet:
    """Read and validate a tile-set file.  Raises :class:`TileSetError` for any content
    (text that is not UTF-8 or longer than :data:`MAX_TEXT` included), ``OSError`` when
    the file cannot be read."""
    name = os.fspath(path)
    with open(path, encoding="utf-8") as handle:
        try:
            text = handle.read(MAX_TEXT + 1)
        except UnicodeDecodeError as error:
            raise TileSetError([f"not UTF-8 text ({error.reason} at byte {error.start})"],
                               str(name)) from None
    return parse_tileset(text, str(name))

