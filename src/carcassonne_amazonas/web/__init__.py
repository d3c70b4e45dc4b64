"""The web app: play Carcassonne – Amazonas in the browser, against bots or with friends.

``carcassonne-amazonas serve`` starts it (extra ``[web]``: Starlette and uvicorn).  The
app is a thin layer over the library's public API:

- :mod:`~carcassonne_amazonas.web.storage` keeps every game in SQLite as its game
  record: the setup, the seats and an append-only list of actions;
- :mod:`~carcassonne_amazonas.web.seats` makes and checks the secret seat tokens;
- :mod:`~carcassonne_amazonas.web.games` replays a stored game, applies a player's
  action and the draws and bot moves that follow, and builds the JSON view a page draws;
- :mod:`~carcassonne_amazonas.web.draws` draws the tiles on the server, from a secret
  seed, so that no answer tells the tiles to come;
- :mod:`~carcassonne_amazonas.web.options` says what a new game may ask for: the seat
  kinds (the bots module's, with a cap on their thinking) and the rule variants;
- :mod:`~carcassonne_amazonas.web.requests` checks the JSON bodies the API accepts;
- :mod:`~carcassonne_amazonas.web.app` is the Starlette application (the HTTP API and
  the page), :mod:`~carcassonne_amazonas.cli.serve` the ``serve`` command;
- ``static/`` holds the page: plain HTML, CSS and JavaScript, no build step.

This package imports Starlette only in :mod:`~carcassonne_amazonas.web.app`, so the
command-line tool can describe ``serve`` without the extra installed.
"""
