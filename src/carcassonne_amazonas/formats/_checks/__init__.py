"""The checks behind :func:`~carcassonne_amazonas.formats.problems.state_problems`.
Not API."""
