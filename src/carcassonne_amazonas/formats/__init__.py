"""The formats layer: a state as a JSON snapshot (:mod:`.snapshot`), a whole game as a
record (:mod:`.records`), a game's history with undo (:mod:`.game`), and the check that
a state is one the rules can reach (:mod:`.problems`), which every loader runs; the JSON
Schemas of snapshots and records ship with it (:mod:`.schemas`)."""

#: A package of modules: it exports no names of its own.
__all__: list[str] = []
