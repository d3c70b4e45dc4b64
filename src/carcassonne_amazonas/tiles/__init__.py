"""The tiles layer: grid geometry (:mod:`.geometry`), the drawing of a tile
(:mod:`.layout`), the tile set as data (:mod:`.tileset`), the tile-set file format
(:mod:`.tilefile`) and the reference set shipped with the package (:mod:`.reference`).
It imports nothing of the rules."""

#: A package of modules: it exports no names of its own.
__all__: list[str] = []
