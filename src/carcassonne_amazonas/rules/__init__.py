"""The rules layer: the game itself.  The state (:mod:`.state`), the players' colours,
pieces and supplies (:mod:`.players`, R-C1, R-C2), the rule options (:mod:`.options`, R-C7,
R-C8, R-V1–R-V3), the actions and their notation (:mod:`.actions`, :mod:`.notation`), the
engine that sets up a game, lists the legal actions and applies one (:mod:`.engine`), and
what it is built from: the board, features, boats, scoring, the pile, events and chance
nodes; and the engine's fast path for playouts and searches (:mod:`.fast_path`).  The
most used names are exported by the package itself."""

#: A package of modules: it exports no names of its own.
__all__: list[str] = []
