"""The AI layer: a stable id for every action (:mod:`.encoding`), observations
(:mod:`.observation`), an evaluation of positions (:mod:`.evaluation`), fast random
play (:mod:`.playout`), bots (:mod:`.bots`, :mod:`.mcts`) and simulations of many
games (:mod:`.simulation`).  It needs nothing beyond the core's dependencies."""

#: A package of modules: it exports no names of its own.
__all__: list[str] = []
