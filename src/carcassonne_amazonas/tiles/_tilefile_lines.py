"""Reading the lines of a tile-set file (:mod:`~carcassonne_amazonas.tiles.tilefile`): each
directive into a draft, every problem into a log.

The reader never stops at the first problem: :class:`ProblemLog` collects them all,
with their line numbers, so that :func:`~carcassonne_amazonas.tiles.tilefile.parse_tileset`
reports every one at once.  A layout's lines become a :class:`LayoutDraft`, which
:mod:`~carcassonne_amazonas.tiles._tilefile_checks` validates.  The limits below bound what a
file may ask for, so that reading any file costs bounded time and memory.
"""

from __future__ import annotations

import re
import shlex

import attrs

from .._support.reprs import repr_pretty
from .._support.wording import plural
from .geometry import Side, make_port
from .layout import CellPort, Segment, Terrain, TileKind
from .tileset import Icons, StartSide

__all__ = [
    "ICON_FIELDS",
    "MAX_COPY_ICONS",
    "MAX_DIGITS",
    "MAX_LINE",
    "MAX_PROBLEMS",
    "MAX_SEGMENTS",
    "MAX_SIDE",
    "MAX_TILES",
    "TOTAL_FIELDS",
    "FileDraft",
    "LayoutDraft",
    "ProblemLog",
    "parse_copy",
    "parse_int",
    "parse_layout_header",
    "parse_number",
    "parse_pairs",
    "parse_ports",
    "parse_start_side",
    "read_lines",
    "short_token",
]

#: The most tiles a set may have: keeps every reachable cell inside the engine's cell-key range.
MAX_TILES = 400
#: The longest line, in characters.
MAX_LINE = 1_000
#: The longest side of a tile's footprint, in cells (the start tile is 2x4).
MAX_SIDE = 8
#: The most segments of one layout (a feature-graph node packs its segment in 6 bits).
MAX_SEGMENTS = 64
#: The longest number in a file, in digits.
MAX_DIGITS = 6
#: The most icons one copy may carry, all its segments and icon kinds together.  Icons are
#: points (R-T7, R-A2, R-E4): with :data:`MAX_TILES`, this bounds every point total a
#: game on the set can reach, and so the cost of checking a snapshot's scores.
MAX_COPY_ICONS = 99
#: Problems listed; the rest are counted.
MAX_PROBLEMS = 200

#: Icon name in a file -> (the :class:`~carcassonne_amazonas.tiles.tileset.Icons` field, the
#: terrains it may lie on, R-F7).
ICON_FIELDS = {
    "boat": ("boats", (Terrain.TRIBUTARY,)),
    "fruit": ("fruit", (Terrain.TRIBUTARY, Terrain.VILLAGE)),
    "animal": ("animals", (Terrain.JUNGLE,)),
    "caiman": ("caimans", (Terrain.AMAZON,)),
    "piranha": ("piranhas", (Terrain.AMAZON,)),
}
#: The icon counts an ``icon-totals`` line may name.
TOTAL_FIELDS = {"boats", "fruit", "animals", "caimans", "piranhas"}
_PORT_RE = re.compile(r"^([NESW])([123])?(?:@(-?[0-9]+),(-?[0-9]+))?$")
_ICON_RE = re.compile(r"^([A-Za-z_][\w-]*):([a-z]+)(?:\*([0-9]+))?$")
_SIZE_RE = re.compile(r"^([0-9]+)x([0-9]+)$")
_COUNT_RE = re.compile(r"^x([0-9]+)$")


@attrs.define
class LayoutDraft:
    """A layout as its lines give it, before it is checked: the header's fields, its
    segments and its copy lines, each with its line number."""

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

    _repr_pretty_ = repr_pretty


@attrs.define
class FileDraft:
    """A whole file as its lines give it, before its layouts are checked: the set's name
    and title, its start sides, the ``expect`` and ``icon-totals`` lines and the layouts
    (``open_layout`` is the one whose block the reader is in: None before the first
    header and after a header too broken to read)."""

    name: str = ""
    title: str = ""
    start_sides: list[StartSide] = attrs.Factory(list)
    expect: dict[str, int] = attrs.Factory(dict)
    totals: dict[str, int] = attrs.Factory(dict)
    layouts: list[LayoutDraft] = attrs.Factory(list)
    layout_names: set[str] = attrs.Factory(set)
    open_layout: LayoutDraft | None = None

    _repr_pretty_ = repr_pretty


class ProblemLog:
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


def short_token(token: str) -> str:
    """``repr(token)``, cut short after 40 characters (a file may hold any text)."""
    return repr(token) if len(token) <= 40 else f"{token[:40]!r}... ({len(token)} characters)"


def parse_number(digits: str, reader: ProblemLog, line: int, what: str) -> int | None:
    """``digits`` (ASCII, optionally signed) as an int, or None after reporting a number
    too long to be meant (and too long for Python to format in a message)."""
    if len(digits.lstrip("-")) > MAX_DIGITS:
        reader.problem(line, f"{what}: {len(digits)} digits is too large a number (at most "
                             f"{MAX_DIGITS})")
        return None
    return int(digits)


def parse_int(token: str, reader: ProblemLog, line: int, what: str) -> int | None:
    """``token`` as a whole number, or None after reporting what it is not."""
    if not (token.isascii() and token.isdigit()):
        reader.problem(line, f"{what} must be a whole number, not {short_token(token)}")
        return None
    return parse_number(token, reader, line, what)


def parse_ports(tokens: list[str], terrain: Terrain, draft: LayoutDraft,
                 reader: ProblemLog, line: int, seg_name: str) -> tuple[CellPort, ...]:
    """The ports a segment line names (R-F2): a side alone is its middle port for a
    tributary or the Amazon, all three ports otherwise; ``S2@0,3`` names a cell."""
    ports: list[CellPort] = []
    for token in tokens:
        match = _PORT_RE.match(token)
        if match is None:
            reader.problem(line, f"layout {draft.name}, segment {seg_name}: "
                                 f"{short_token(token)} is not a port (expected N, N1..N3, or "
                                 "with a cell: S2@0,3)")
            continue
        side = Side("NESW".index(match.group(1)))
        dx = parse_number(match.group(3) or "0", reader, line, f"layout {draft.name}, port cell")
        dy = parse_number(match.group(4) or "0", reader, line, f"layout {draft.name}, port cell")
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


def parse_copy(tokens: list[str], draft: LayoutDraft, reader: ProblemLog, line: int) -> None:
    """A ``copy [xN] SEGMENT:ICON[*N]...`` line of ``draft``: how many copies, with which
    icons on which segments (R-F7 is checked later, against the segments)."""
    count: int | None = 1
    if tokens and _COUNT_RE.match(tokens[0]):
        count = parse_number(tokens[0][1:], reader, line, f"layout {draft.name}, copy count")
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
            reader.problem(line, f"layout {draft.name}: {short_token(token)} is not an icon "
                                 "(expected SEGMENT:ICON or SEGMENT:ICON*N)")
            continue
        seg_name, icon = match.group(1), match.group(2)
        times = parse_number(match.group(3) or "1", reader, line,
                             f"layout {draft.name}, icon count")
        if times is None:
            continue
        if icon not in ICON_FIELDS:
            reader.problem(line, f"layout {draft.name}: unknown icon {icon!r} "
                                 f"(known: {', '.join(ICON_FIELDS)})")
            continue
        field, _ = ICON_FIELDS[icon]
        before = icons.get(seg_name, Icons())
        icons[seg_name] = attrs.evolve(before, **{field: getattr(before, field) + times})
    carried = sum(sum(attrs.astuple(seg_icons)) for seg_icons in icons.values())
    if carried > MAX_COPY_ICONS:
        reader.problem(line, f"layout {draft.name}: a copy with {carried} icons; a copy "
                             f"carries at most {MAX_COPY_ICONS} icons in all")
    draft.copies.append((line, count, icons))


def parse_layout_header(tokens: list[str], reader: ProblemLog, line: int) -> LayoutDraft | None:
    """A ``layout NAME KIND [WxH] [xCOUNT] ["TITLE"]`` line as a new draft, or None when it
    is too broken to read a layout from."""
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
            width = parse_number(size.group(1), reader, line, f"layout {name}, width") or 0
            height = parse_number(size.group(2), reader, line, f"layout {name}, height") or 0
            if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
                reader.problem(line, f"layout {name}: a footprint of {width}x{height} cells; "
                                     f"each side has 1 to {MAX_SIDE} cells")
                width, height = 1, 1
        elif _COUNT_RE.match(token):
            count = parse_number(token[1:], reader, line, f"layout {name}, copy count")
        elif not title:
            title = token
        else:
            reader.problem(line, f"layout {name}: unexpected {token!r} in the header")
    return LayoutDraft(line, name, kind, exclamation, width, height, count, title)


def parse_start_side(tokens: list[str], reader: ProblemLog, line: int) -> StartSide | None:
    """A ``start-side MIN-MAX river-spaces N mouth P1 [P2 ...]`` line (R-C5, R-C6, R-E5),
    or None after reporting what is wrong."""
    # start-side 2-3 river-spaces 16 mouth 6 3
    match = re.match(r"^([0-9]{1,2})-([0-9]{1,2})$", tokens[1]) if len(tokens) > 1 else None
    if match is None or len(tokens) < 6 or tokens[2] != "river-spaces" or tokens[4] != "mouth":
        reader.problem(line, "expected: start-side MIN-MAX river-spaces N mouth P1 [P2 ...]")
        return None
    numbers = [parse_int(t, reader, line, "a start-side number") for t in [tokens[3], *tokens[5:]]]
    if any(n is None for n in numbers):
        return None
    values = [n for n in numbers if n is not None]
    if values[0] < 1:
        reader.problem(line, "the start tile needs at least one river space")
        return None
    return StartSide(int(match.group(1)), int(match.group(2)), values[0], tuple(values[1:]))


def parse_pairs(tokens: list[str], reader: ProblemLog, line: int) -> dict[str, int] | None:
    """The ``NAME NUMBER`` pairs of an ``expect`` or ``icon-totals`` line, or None."""
    if len(tokens) % 2 == 0:
        reader.problem(line, f"{tokens[0]}: expected NAME NUMBER pairs")
        return None
    pairs: dict[str, int] = {}
    for key, value in zip(tokens[1::2], tokens[2::2]):
        number = parse_int(value, reader, line, key)
        if number is not None:
            pairs[key] = number
    return pairs




_BLANKS = re.compile(r"[ \t\r\n]+")


def _words(raw: str) -> list[str]:
    """A line's words as ``shlex.split(raw, comments=True)`` gives them; a line without
    quotes or backslashes (nearly every line) is split without shlex, which reads a
    character at a time and would make a long file take seconds."""
    if '"' in raw or "'" in raw or "\\" in raw:
        return shlex.split(raw, comments=True)
    return [word for word in _BLANKS.split(raw.split("#", 1)[0]) if word]


def read_lines(text: str, reader: ProblemLog) -> FileDraft:
    """Every line of a tile-set file read into a draft; each problem reported with its line
    number."""
    file = FileDraft()
    for number, raw in enumerate(text.splitlines(), start=1):
        if len(raw) > MAX_LINE:
            reader.problem(number, f"{len(raw)} characters is too long for a line (at most "
                                   f"{MAX_LINE})")
            continue
        try:
            tokens = _words(raw)
        except ValueError as error:
            reader.problem(number, f"cannot split the line into words: {error}")
            continue
        if tokens:
            _read_directive(tokens, file, reader, number)
    if not file.name:
        reader.problem(0, "the file needs a 'tileset NAME' line")
    return file


_LAYOUT_LINES = frozenset({*(t.label for t in Terrain), "copy"})


def _read_directive(tokens: list[str], file: FileDraft, reader: ProblemLog, line: int) -> None:
    """One line's directive (its words ``tokens``) into ``file``."""
    word = tokens[0]
    if word == "tileset" and len(tokens) == 2:
        file.name = tokens[1]
    elif word == "title" and len(tokens) == 2:
        file.title = tokens[1]
    elif word == "start-side":
        side = parse_start_side(tokens, reader, line)
        if side is not None:
            file.start_sides.append(side)
    elif word in ("expect", "icon-totals"):
        pairs = parse_pairs(tokens, reader, line)
        if pairs is not None:
            (file.expect if word == "expect" else file.totals).update(pairs)
    elif word == "layout":
        draft = file.open_layout = parse_layout_header(tokens, reader, line)
        if draft is not None:
            if draft.name in file.layout_names:
                reader.problem(line, f"layout {draft.name}: the name is used twice")
            file.layout_names.add(draft.name)
            file.layouts.append(draft)
    elif word in _LAYOUT_LINES:
        _read_layout_line(tokens, file.open_layout, reader, line)
    else:
        reader.problem(line, f"unknown directive {short_token(word)} (or wrong number of "
                             "words)")


def _read_layout_line(tokens: list[str], draft: LayoutDraft | None, reader: ProblemLog,
                      line: int) -> None:
    """A segment or ``copy`` line of the layout block it lies in (``draft``)."""
    word = tokens[0]
    if draft is None:
        reader.problem(line, f"{word!r} line outside a layout block")
    elif word == "copy":
        parse_copy(tokens[1:], draft, reader, line)
    elif len(tokens) < 3:
        reader.problem(line, f"layout {draft.name}: expected {word} NAME PORT...")
    elif len(draft.segments) == MAX_SEGMENTS:
        reader.problem(line, f"layout {draft.name}: more than {MAX_SEGMENTS} segments")
    else:
        terrain = Terrain[word.upper()]
        ports = parse_ports(tokens[2:], terrain, draft, reader, line, tokens[1])
        draft.segments.append((line, Segment(tokens[1], terrain, ports)))
