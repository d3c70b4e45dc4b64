"""An upper bound for every entry of an observation tensor, full or compact.

Every entry of :func:`~carcassonne_amazonas.ai.observation.observation_tensor` is at
least 0 and at most its bound here: 1 for one-hot and 0/1 entries, true maxima for
counts.  Use them for a gymnasium ``Box`` or to scale a network's inputs.
"""

from __future__ import annotations

from ..rules.options import Rules
from ..rules.players import PlayerState
from ..rules.scoring import CampScoring
from ..tiles.layout import Terrain, TileKind
from ..tiles.tileset import TileSet
from ._observation_layout import MAX_PLAYERS, BoardPlane, layout_indices, observation_layout

__all__ = ["max_score", "max_track", "observation_upper_bounds"]

_ICONS = ("boats", "fruit", "animals", "caimans", "piranhas")


def max_score(rules: Rules) -> int:
    """A true upper bound on one player's final score with these rules.

    A tributary or village scores at most 2 points per tile it covers and 1 per
    Fruit icon, once (R-T7, R-E2, R-E3), so every (tile, tributary or village segment)
    pair is worth at most 2; a jungle scores each animal once (R-E4), or once per
    camp of the player's there with per-camp scoring (R-V2: at most their 2 camps,
    R-C2); an Amazon scoring gives the leader at most caimans + piranhas of its tile
    (R-A2); the river gives at most the best mouth points (R-E5).
    """
    tileset = rules.tileset
    segments = sum(1 for tile in tileset.tiles for segment in tile.layout.segments
                   if segment.terrain in (Terrain.TRIBUTARY, Terrain.VILLAGE))
    icons = tileset.icon_totals
    mouth = max((max(side.mouth_points, default=0) for side in tileset.start_sides), default=0)
    camps = PlayerState().camps_in_supply if rules.camp_scoring is CampScoring.PER_CAMP else 1
    return (2 * segments + icons.fruit + camps * icons.animals + icons.caimans
            + icons.piranhas + mouth)


def max_track(tileset: TileSet) -> int:
    """The longest boat track a game can explore (R-T9): the longer start side, every
    Amazon tile, and the longest double tiles that the "!" tiles can bring in (R-T3)."""
    amazon = tileset.of_kind(TileKind.AMAZON)
    exclamations = sum(1 for tile in amazon if tile.layout.exclamation)
    doubles = sorted((tile.layout.river_spaces for tile in tileset.double_tiles), reverse=True)
    return (max((side.river_spaces for side in tileset.start_sides), default=0)
            + sum(tile.layout.river_spaces for tile in amazon) + sum(doubles[:exclamations]))


def observation_upper_bounds(rules: Rules | None = None, compact: bool = False) -> list[float]:
    """An upper bound for every entry of the full (or, with ``compact=True``, the
    compact) observation tensor; every entry is at least 0.

    1 for one-hot and 0/1 entries, true maxima for counts: a score bound from the
    tile set's points, the longest possible boat track, the
    copies of each layout, the supplies, and for ``outside`` every cell of every tile.
    """
    rules = rules or Rules()
    tileset = rules.tileset
    layout = observation_layout(rules, compact)
    plane_size = layout.height * layout.width
    icon_max = {name: max((getattr(t.total_icons, name) for t in tileset.tiles), default=0)
                for name in _ICONS}
    planes = [1.0] * BoardPlane.COUNT
    planes[BoardPlane.BOATS] = float(icon_max["boats"])
    planes[BoardPlane.FRUIT] = float(icon_max["fruit"])
    planes[BoardPlane.ANIMALS] = float(icon_max["animals"])
    bounds: list[float] = []
    for value in planes:
        bounds.extend([value] * plane_size)
    supply = PlayerState()
    track = max_track(tileset)
    copies = [0] * len(tileset.layouts)
    indices = layout_indices(tileset)
    for tile in tileset.land_tiles:
        copies[indices[tile.layout]] += 1
    cells = sum(tile.layout.width * tile.layout.height for tile in tileset.tiles)
    per_field: dict[str, list[float]] = {
        "scores": [float(max_score(rules))] * MAX_PLAYERS,
        "boats": [float(track)] * MAX_PLAYERS,
        "meeples": [float(supply.meeples_in_supply)] * MAX_PLAYERS,
        "camps": [float(supply.camps_in_supply)] * MAX_PLAYERS,
        "track_length": [float(track)],
        "hand_icons": [float(icon_max[name]) for name in _ICONS],
        "tiles_left": [float(c) for c in copies],
        "pile_size": [float(len(tileset.land_tiles))],
        "removed": [float(len(tileset.of_kind(TileKind.STANDARD)))],
        "outside": [float(cells)],
    }
    for name, (_, length) in layout.fields.items():
        bounds.extend(per_field.get(name, [1.0] * length))
    assert len(bounds) == layout.size
    return bounds
