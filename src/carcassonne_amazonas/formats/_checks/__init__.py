"""The checks behind :func:`~carcassonne_amazonas.formats.problems.state_problems` (not API),
one module per concern, each check a plain function that takes the
:class:`~carcassonne_amazonas.formats._checks.facts.Facts` of a state (and the
:class:`~carcassonne_amazonas.formats._checks.derivation.Derivation` of its placements, where
it needs it) and yields its problems:

- :mod:`~carcassonne_amazonas.formats._checks.facts`: the problem reported and the facts of
  the state under check;
- :mod:`~carcassonne_amazonas.formats._checks.types`: every field has the library's type;
- :mod:`~carcassonne_amazonas.formats._checks.derivation`: the placements and pieces replayed;
- :mod:`~carcassonne_amazonas.formats._checks.board`: the board, features and pieces;
- :mod:`~carcassonne_amazonas.formats._checks.turn`: the turn and the end;
- :mod:`~carcassonne_amazonas.formats._checks.pile`: where the tiles are, the pile, the draws;
- :mod:`~carcassonne_amazonas.formats._checks.scores`: the boats and the scores.
"""
